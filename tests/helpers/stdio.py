"""The real server over real stdio, `python -m personakit_plugin` in a child process: spoken to by the
official MCP client (`server`), by hand on its pipes (`RawServer`, `Wire`), and the owner's command line
beside it (`cli`). Whatever uses these is a system test."""

from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from personakit_plugin.core.kit import PersonaKit

from ..conftest import clean_environ, personakit_command, stdio_parameters, structured

READ, PROPOSE = "personakit_read", "personakit_propose"
MakeKit = Callable[..., PersonaKit]
INVALID_PARAMS = -32602
REQUEST_TIMEOUT = 20.0
"""Seconds any one request, or one CLI command, may take before the test fails."""
TEST_TIMEOUT = 90.0
"""Seconds a whole test may take, server start-ups included: a guard against a hang, not a timing."""
PROTOCOL = "2025-06-18"
"""The protocol version the hand-written handshakes of `Wire` ask for."""


def data_environ(data_dir: Path) -> dict[str, str]:
    """A child's environment: no PersonaKit settings of the owner's, the default plugins, this data folder."""
    return clean_environ(PERSONAKIT_DATA_DIR=str(data_dir))


# -- the official client ----------------------------------------------------------------------


def server(data_dir: Path, *args: str, mode: str = "auto", env: dict[str, str] | None = None) -> Client:
    """The official client on a freshly spawned `python -m personakit_plugin` (killed when it exits), with
    `env` added to its environment."""
    return Client(stdio_parameters(data_dir, *args, env=env), mode=mode, read_timeout_seconds=REQUEST_TIMEOUT)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    """A tool call that must succeed: its structured content."""
    return structured(await client.call_tool(tool, arguments))


async def propose(client: Client, text: str, quote: str, category: str = "other") -> Any:
    return await call(client, PROPOSE, text=text, quote=quote, category=category)


async def tool_names(client: Client) -> list[str]:
    return [tool.name for tool in (await client.list_tools()).tools]


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


# -- the owner's command line beside it --------------------------------------------------------


def cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m personakit_plugin --data-dir D ARGS`, bounded (subprocess.run kills it on timeout)."""
    done = subprocess.run(
        personakit_command("--data-dir", data_dir, *args),
        capture_output=True,
        text=True,
        timeout=REQUEST_TIMEOUT,
        env=clean_environ(),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done


async def acli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`cli` from async code, without blocking the event loop the MCP clients run on."""
    return await anyio.to_thread.run_sync(lambda: cli(data_dir, *args))


# -- the wire, by hand ------------------------------------------------------------------------


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


class RawServer:
    """`python -m personakit_plugin` on pipes; every stdout line is kept for inspection."""

    def __init__(self, data_dir: Path, *serve: str) -> None:
        """`serve`: the server's own options, after `serve` (none: the bare command)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "personakit_plugin", *(("serve", *serve) if serve else ())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=data_environ(data_dir),
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


class Wire:
    """`python -m personakit_plugin` on pipes, spoken to in JSON-RPC lines, answers in the order they come
    and stderr kept; for tests that kill it (SIGKILL) and count what was acknowledged."""

    def __init__(self, data_dir: Path, *serve: str) -> None:
        """`serve`: the server's own options, after `serve` (none: the bare command)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "personakit_plugin", *(("serve", *serve) if serve else ())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=data_environ(data_dir),
        )
        self.answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and "id" in message and "method" not in message:
                self.answers.put(message)
        self.answers.put(None)

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr.append(line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def answer(self, timeout: float = REQUEST_TIMEOUT) -> dict[str, Any] | None:
        """The next answer, or None once the process has closed stdout."""
        return self.answers.get(timeout=timeout)

    def initialize(self) -> None:
        self.send(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": PROTOCOL,
                    "capabilities": {},
                    "clientInfo": {"name": "crash-tests", "version": "0"},
                },
            }
        )
        answer = self.answer()
        assert answer is not None and "result" in answer, (answer, b"".join(self.stderr))
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def propose(self, id: int, text: str, quote: str) -> None:
        arguments = {"text": text, "quote": quote, "category": "other"}
        self.send(
            {
                "jsonrpc": "2.0",
                "id": id,
                "method": "tools/call",
                "params": {"name": "personakit_propose", "arguments": arguments},
            }
        )

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def remaining(self) -> list[dict[str, Any]]:
        """Every answer already written before the process died."""
        found = []
        while (message := self.answer(timeout=5.0)) is not None:
            found.append(message)
        return found
