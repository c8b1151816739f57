"""The real server over real stdio: `python -m personakit_plugin`, spoken to by the official MCP client
and, for the wire itself, by hand."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from personakit_plugin.core.kit import PersonaKit

from .conftest import stdio_parameters, structured

pytestmark = [pytest.mark.anyio, pytest.mark.stdio]

READ, PROPOSE = "personakit_read", "personakit_propose"
MakeKit = Callable[..., PersonaKit]
INVALID_PARAMS = -32602
REQUEST_TIMEOUT = 20.0
"""Seconds any one request, or one CLI command, may take before the test fails."""
TEST_TIMEOUT = 90.0
"""Seconds a whole test may take, server start-ups included: a guard against a hang, not a timing."""


# -- helpers shared with the other tests that spawn processes ---------------------------------


def server(data_dir: Path, *args: str, mode: str = "auto") -> Client:
    """The official client on a freshly spawned `python -m personakit_plugin` (killed when it exits)."""
    return Client(stdio_parameters(data_dir, *args), mode=mode, read_timeout_seconds=REQUEST_TIMEOUT)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """A tool call that must succeed: its structured content."""
    return structured(await client.call_tool(tool, arguments))


async def propose(client: Client, text: str, quote: str, category: str = "other") -> Any:
    return await call(client, PROPOSE, text=text, quote=quote, category=category)


def child_environment(data_dir: Path | None = None) -> dict[str, str]:
    """The test's environment without the owner's PersonaKit settings (only the default plugins)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ["PERSONAKIT_PLUGINS"] = ""
    if data_dir is not None:
        environ["PERSONAKIT_DATA_DIR"] = str(data_dir)
    return environ


def cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m personakit_plugin --data-dir D ARGS`, bounded (subprocess.run kills it on timeout)."""
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=REQUEST_TIMEOUT,
        env=child_environment(),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done


async def acli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`cli` from async code, without blocking the event loop the MCP clients run on."""
    return await anyio.to_thread.run_sync(lambda: cli(data_dir, *args))


async def tool_names(client: Client) -> list[str]:
    return [tool.name for tool in (await client.list_tools()).tools]


# -- the official client ----------------------------------------------------------------------


async def test_exactly_two_tools(data_dir: Path) -> None:
    """Over MCP: exactly two tools, named personakit_read and personakit_propose."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            for tool in (await client.list_tools()).tools:
                assert tool.input_schema["type"] == "object"
                assert tool.output_schema is not None


TEA, TEA_QUOTE = "Prefers green tea in the afternoon", "I always have green tea after lunch"


async def check_round_trip(client: Client) -> None:
    """Propose stores a new memory unconfirmed; read shows it with confirmed false, its quote and the note."""
    stored = await propose(client, TEA, TEA_QUOTE, "Preferences ")
    assert stored == {"stored": True, "id": stored["id"], "new": True, "state": "unconfirmed"}
    assert re.fullmatch(r"m_[0-9a-f]{12}", stored["id"])
    result = await client.call_tool(READ, {"question": "What tea do they drink?"})
    read = structured(result)
    assert list(json.loads(result.content[0].text)) == ["memories", "withheld", "note"]
    assert read["memories"] == [
        {
            "id": stored["id"],
            "text": TEA,
            "category": "preferences",
            "confirmed": False,
            "evidence": [TEA_QUOTE],
        }
    ]
    assert read["withheld"] == 0
    assert read["note"].startswith("Unconfirmed")


async def test_propose_then_read(data_dir: Path) -> None:
    """Propose then read over real stdio: the result is structured content and the same JSON as text."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            await check_round_trip(client)


async def test_legacy_handshake(data_dir: Path) -> None:
    """Over MCP: a client using the classic initialize handshake gets the same two tools and behaviour."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir, mode="legacy") as client:
            assert client.protocol_version == LATEST_HANDSHAKE_VERSION
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            await check_round_trip(client)
            bad = await client.call_tool(READ, {"question": "tea", "limit": 2.5})
            assert bad.is_error and "limit" in bad.content[0].text
            with pytest.raises(MCPError) as raised:
                await client.call_tool("personakit_forget", {})
            assert raised.value.code == INVALID_PARAMS
            assert (await call(client, READ, question="tea"))["memories"][0]["text"] == TEA


async def test_data_survives_a_restart(data_dir: Path) -> None:
    """Storage: a second process on the same folder reads what the first stored."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as first:
            tea = await propose(first, "Drinks oolong tea", "oolong is my favourite tea")
            bike = await propose(first, "Cycles to work", "I bike to the office")
        async with server(data_dir, mode="legacy") as second:
            read = await call(second, READ, question="oolong tea and cycling to work")
            again = await propose(second, "drinks oolong tea.", "oolong, always")
    assert {m["id"] for m in read["memories"]} == {tea["id"], bike["id"]}
    assert again == {"stored": True, "id": tea["id"], "new": False, "state": "unconfirmed"}


async def test_cli_decisions_reach_new_and_running_servers(data_dir: Path) -> None:
    """The owner's side: CLI decisions are seen by a server already running and by one started later."""
    question = "Which editor, which shell, which language?"
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as running:
            editor = (await propose(running, "Uses the Helix editor", "helix is my editor"))["id"]
            shell = (await propose(running, "Uses the fish shell", "fish is my shell"))["id"]
            language = (await propose(running, "Writes the Go language at work", "I love Go"))["id"]
            assert {m["id"] for m in (await call(running, READ, question=question))["memories"]} == {
                editor,
                shell,
                language,
            }
            await acli(data_dir, "approve", editor)
            await acli(data_dir, "restrict", shell)
            await acli(data_dir, "reject", language)
            seen_running = await call(running, READ, question=question)
        async with server(data_dir) as later:
            seen_later = await call(later, READ, question=question)
            assert (await propose(later, "Uses the fish shell", "still fish"))["state"] == "restricted"
            assert (await propose(later, "Writes the Go language at work", "Go again"))["state"] == "rejected"
    for seen in (seen_running, seen_later):
        assert [(m["id"], m["confirmed"]) for m in seen["memories"]] == [(editor, True)]
        assert seen["withheld"] == 1
        assert "note" not in seen


async def test_read_only_lists_only_read(data_dir: Path, make_kit: MakeKit) -> None:
    """Over MCP: a read-only server lists only personakit_read, and proposing there is an unknown tool."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir, "serve", "--read-only") as client:
            assert await tool_names(client) == [READ]
            with pytest.raises(MCPError) as raised:
                await client.call_tool(PROPOSE, {"text": "Likes jazz", "quote": "I love jazz"})
            assert raised.value.code == INVALID_PARAMS
            assert (await call(client, READ, question="jazz")) == {"memories": [], "withheld": 0}
    assert make_kit().store.memories() == []


BAD_CALLS = [
    (READ, {}, "question"),
    (READ, {"question": 5}, "question"),
    (READ, {"question": None}, "question"),
    (READ, {"question": "x" * 4001}, "question"),
    (READ, {"question": "tea", "limit": True}, "limit"),
    (READ, {"question": "tea", "limit": 2.5}, "limit"),
    (READ, {"question": "tea", "limit": None}, "limit"),
    (READ, {"question": "tea", "limit": "seven"}, "limit"),
    (READ, {"question": "tea", "limit": [3]}, "limit"),
    (PROPOSE, {"quote": "I like tea"}, "text"),
    (PROPOSE, {"text": "Likes tea"}, "quote"),
    (PROPOSE, {"text": 7, "quote": "I like tea"}, "text"),
    (PROPOSE, {"text": "Likes tea", "quote": ["I like tea"]}, "quote"),
    (PROPOSE, {"text": "Likes tea", "quote": "I like tea", "category": 3}, "category"),
    (PROPOSE, {"text": "t" * 4001, "quote": "I like tea"}, "text"),
    (PROPOSE, {"text": "Likes tea", "quote": "q" * 2001}, "quote"),
]


async def test_bad_arguments_are_tool_errors_and_the_server_keeps_serving(data_dir: Path) -> None:
    """Over MCP: bad arguments are tool errors with a sentence naming the argument; the server never dies."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            for tool, arguments, name in BAD_CALLS:
                result = await client.call_tool(tool, arguments)
                assert result.is_error, (tool, arguments)
                assert len(result.content) == 1
                message = result.content[0].text
                assert name in message and message.endswith("."), (tool, arguments, message)
            stored = await propose(client, "Likes rooibos", "rooibos please")
            read = await call(client, READ, question="rooibos", limit="3")
    assert stored["new"] is True
    assert [m["id"] for m in read["memories"]] == [stored["id"]]


async def test_unknown_tool_is_invalid_params(data_dir: Path) -> None:
    """Over MCP: an unknown tool is a JSON-RPC error with code -32602, and the server keeps serving."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            for name in ("personakit_delete", "PERSONAKIT_READ", ""):
                with pytest.raises(MCPError) as raised:
                    await client.call_tool(name, {"question": "tea"})
                assert raised.value.code == INVALID_PARAMS, raised.value
            assert (await call(client, READ, question="tea")) == {"memories": [], "withheld": 0}


# -- the wire, by hand ------------------------------------------------------------------------


class RawServer:
    """`python -m personakit_plugin` on pipes; every stdout line is kept for inspection."""

    def __init__(self, data_dir: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "personakit_plugin"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=child_environment(data_dir),
        )
        self.lines: list[bytes] = []
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.answers: dict[Any, dict[str, Any]] = {}

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line)
        self._queue.put(None)

    def send(self, message: dict[str, Any] | str) -> None:
        assert self.process.stdin is not None
        line = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def request(self, id: int, method: str, params: dict[str, Any] | None = None) -> None:
        self.send({"jsonrpc": "2.0", "id": id, "method": method, **({"params": params} if params else {})})

    def wait_for(self, *ids: Any, timeout: float = REQUEST_TIMEOUT) -> None:
        """Read stdout until there is an answer to each id, or fail after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not set(ids) <= set(self.answers):
            left = deadline - time.monotonic()
            try:
                line = self._queue.get(timeout=max(0.01, left))
            except queue.Empty:
                missing = sorted(set(ids) - set(self.answers), key=str)
                raise AssertionError(f"no answer to {missing}") from None
            if line is None:
                raise AssertionError(f"the server closed stdout before answering {ids}")
            self.lines.append(line)
            if not is_json_rpc(line):
                continue  # kept in `lines`, where the tests look for exactly this
            message = json.loads(line)
            if "method" not in message:
                self.answers[message.get("id")] = message

    def finish(self, timeout: float = 10.0) -> None:
        """Close stdin, let the server exit, and collect whatever else it wrote to stdout."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=timeout)
        finally:
            self.process.kill()
        self._reader.join(timeout)
        while (line := self._queue.get_nowait() if not self._queue.empty() else None) is not None:
            self.lines.append(line)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()


@contextmanager
def raw_server(data_dir: Path) -> Iterator[RawServer]:
    spawned = RawServer(data_dir)
    try:
        yield spawned
    finally:
        spawned.kill()


def initialize(raw: RawServer) -> None:
    raw.request(
        1,
        "initialize",
        {
            "protocolVersion": LATEST_HANDSHAKE_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "personakit-tests", "version": "0"},
        },
    )
    raw.wait_for(1)
    assert raw.answers[1]["result"]["protocolVersion"] == LATEST_HANDSHAKE_VERSION
    raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})


def is_json_rpc(line: bytes) -> bool:
    """One JSON-RPC 2.0 message (a request, notification, result or error) and nothing else on the line."""
    try:
        message = json.loads(line)
    except ValueError:
        return False
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return False
    if "method" in message:
        return isinstance(message["method"], str)
    return "id" in message and (("result" in message) != ("error" in message))


def test_stdout_carries_only_json_rpc(data_dir: Path) -> None:
    """Over MCP on stdio: every line the server writes to stdout is a JSON-RPC message; an unknown tool
    is error -32602 and an unknown method -32601."""
    with raw_server(data_dir) as raw:
        initialize(raw)
        raw.request(2, "tools/list")
        raw.request(3, "tools/call", {"name": READ, "arguments": {"question": 42}})
        raw.request(
            4,
            "tools/call",
            {
                "name": PROPOSE,
                "arguments": {
                    "text": "Says “naïve café” with accents",
                    "quote": "line one\nline two\u2028and a separator — ok",
                    "category": "communication",
                },
            },
        )
        accents = {"question": "naïve café accents", "limit": 1}
        raw.request(5, "tools/call", {"name": READ, "arguments": accents})
        raw.request(6, "tools/call", {"name": "personakit_forget", "arguments": {}})
        raw.request(7, "no/such/method")
        raw.wait_for(2, 3, 4, 5, 6, 7)
        raw.finish()
        assert raw.lines
        for line in raw.lines:
            assert line.endswith(b"\n") and is_json_rpc(line), line
        assert sorted(tool["name"] for tool in raw.answers[2]["result"]["tools"]) == [PROPOSE, READ]
        assert raw.answers[3]["result"]["isError"] is True
        assert "question" in raw.answers[3]["result"]["content"][0]["text"]
        stored = raw.answers[4]["result"]["structuredContent"]
        assert (stored["stored"], stored["new"], stored["state"]) == (True, True, "unconfirmed")
        read = raw.answers[5]["result"]["structuredContent"]
        assert read["memories"][0]["evidence"] == ["line one\nline two\u2028and a separator — ok"]
        assert raw.answers[6]["error"]["code"] == INVALID_PARAMS
        assert raw.answers[7]["error"]["code"] == -32601


# The SDK's stdio transport drops a line it cannot parse as a JSON-RPC message without an answer;
# our reader in front of it (personakit_plugin.serving.stdio) answers every line.
MALFORMED = {
    "params-not-an-object": ({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": "oops"}, 9),
    "arguments-not-an-object": (
        {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": READ, "arguments": "oops"}},
        9,
    ),
    "not-json": ("this line is not JSON", None),
}


@pytest.mark.parametrize("malformed", list(MALFORMED))
def test_malformed_request_is_a_json_rpc_error(data_dir: Path, malformed: str) -> None:
    """Over MCP: a malformed request is answered with a JSON-RPC error, and the server keeps serving."""
    message, answer_id = MALFORMED[malformed]
    with raw_server(data_dir) as raw:
        initialize(raw)
        raw.send(message)
        raw.request(2, "tools/call", {"name": READ, "arguments": {"question": "anything"}})
        raw.wait_for(2)
        raw.wait_for(answer_id, timeout=3.0)
    assert all(is_json_rpc(line) for line in raw.lines), raw.lines
    assert raw.answers[2]["result"]["structuredContent"] == {"memories": [], "withheld": 0}
    error = raw.answers[answer_id]["error"]
    assert error["code"] in ((-32700,) if answer_id is None else (-32600, -32602)), error
