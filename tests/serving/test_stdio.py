"""The real server over real stdio: `python -m personakit_plugin`, spoken to by the official MCP client
and, for the wire itself, by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from ..conftest import clean_environ, personakit_command
from ..helpers.stdio import (
    INVALID_PARAMS,
    PROPOSE,
    READ,
    REQUEST_TIMEOUT,
    TEA,
    TEST_TIMEOUT,
    MakeKit,
    acli,
    call,
    check_round_trip,
    data_environ,
    initialize,
    is_json_rpc,
    propose,
    raw_server,
    server,
    tool_names,
)

pytestmark = [pytest.mark.anyio, pytest.mark.system]

SERVER_SCRIPT = Path(sys.executable).with_name("personakit-plugin")
"""The `personakit-plugin` script the package installs: what `uvx personakit-plugin` runs."""

# -- the official client ----------------------------------------------------------------------


async def test_exactly_two_tools(data_dir: Path) -> None:
    """Over MCP: exactly two tools, named personakit_read and personakit_propose."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            for tool in (await client.list_tools()).tools:
                assert tool.input_schema["type"] == "object"
                assert tool.output_schema is not None


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


@pytest.mark.parametrize("value", ["true", " Yes ", "1", "ON"])
async def test_read_only_by_the_environment(data_dir: Path, make_kit: MakeKit, value: str) -> None:
    """PERSONAKIT_READ_ONLY set to true (as the desktop extension's setting and the registry entry set it)
    serves personakit_read alone, as --read-only does."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir, "serve", env={"PERSONAKIT_READ_ONLY": value}) as client:
            assert await tool_names(client) == [READ]
            assert (await call(client, READ, question="jazz")) == {"memories": [], "withheld": 0}
    assert make_kit().store.memories() == []


@pytest.mark.parametrize("value", ["false", "", "0", "off"])
async def test_read_only_false_serves_both_tools(data_dir: Path, value: str) -> None:
    """PERSONAKIT_READ_ONLY set to false (the extension's default) serves both tools, and cannot undo --read-only."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir, "serve", env={"PERSONAKIT_READ_ONLY": value}) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
        async with server(data_dir, "serve", "--read-only", env={"PERSONAKIT_READ_ONLY": value}) as client:
            assert await tool_names(client) == [READ]


def test_a_mistyped_read_only_setting_serves_nothing(data_dir: Path) -> None:
    """Any other value of PERSONAKIT_READ_ONLY is refused in one sentence on stderr, before anything is
    served or written: a typo never hands out the tool the owner meant to take away."""
    done = subprocess.run(
        personakit_command("serve"),
        env=clean_environ(PERSONAKIT_DATA_DIR=str(data_dir), PERSONAKIT_READ_ONLY="ture\x1b[2K"),
        input="",
        capture_output=True,
        text=True,
        timeout=TEST_TIMEOUT,
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert "PERSONAKIT_READ_ONLY is 'ture\\x1b[2K'; set it to true or false" in done.stderr
    assert "\x1b" not in done.stderr
    assert not data_dir.exists()


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


# -- the `personakit-plugin` script ---------------------------------------------------------------


async def test_the_personakit_plugin_script_serves_the_tools_as_the_module_does(data_dir: Path) -> None:
    assert SERVER_SCRIPT.exists(), "install the package: its `personakit-plugin` script is what uvx runs"
    parameters = StdioServerParameters(command=str(SERVER_SCRIPT), args=[], env=data_environ(data_dir))
    with anyio.fail_after(TEST_TIMEOUT):
        async with Client(parameters, read_timeout_seconds=REQUEST_TIMEOUT) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            await check_round_trip(client)


def test_the_personakit_plugin_script_with_arguments_is_the_command_line(data_dir: Path) -> None:
    said = [
        subprocess.run(
            [*command, "--version"], capture_output=True, text=True, timeout=REQUEST_TIMEOUT, env=data_environ(data_dir)
        ).stdout
        for command in ([str(SERVER_SCRIPT)], [sys.executable, "-m", "personakit_plugin"])
    ]
    assert said[0] == said[1] and said[0].startswith("personakit ")
