"""Mounting PersonaKit's tools into an MCP server someone already runs is the same product as
`personakit serve`: for each guarantee, the served server (`build_server`) and a host's server with
PersonaKit mounted beside a tool of its own give the same answers through the official client; a
mount that would clash raises before changing anything; the snippet in docs/extending.md is the example, and the
example works over real stdio.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import anyio
import platformdirs
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from personakit_plugin import PersonaKit, default_data_dir, mount
from personakit_plugin.core.model import View
from personakit_plugin.owner.console import data_dir as console_data_dir
from personakit_plugin.serving.server import build_server

from ..conftest import stdio_parameters, structured

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mount_into_your_server.py"
EXTENDING = ROOT / "docs" / "extending.md"
HOST_INSTRUCTIONS = "Call ping to check that the server is up."
READ, PROPOSE = "personakit_read", "personakit_propose"
INVALID_PARAMS = -32602
TIMEOUT = 60


def host_server(*, instructions: str | None = HOST_INSTRUCTIONS) -> MCPServer:
    """A host's own server, with a tool of its own."""
    server: MCPServer = MCPServer("someone-elses", instructions=instructions)

    @server.tool()
    def ping() -> str:
        return "pong"

    return server


def mounted(kit: PersonaKit, *, read_only: bool = False) -> MCPServer:
    server = host_server()
    mount(server, kit, read_only=read_only)
    return server


def viewing(kit: PersonaKit, view: View) -> PersonaKit:
    """The same plugins and store, seen through `view`, as `personakit serve --categories ...` sees it."""
    return PersonaKit(kit.pm, kit.config, view)


async def unknown_tool_error(client: Any, name: str, arguments: dict[str, Any]) -> tuple[int, str]:
    with pytest.raises(MCPError) as raised:
        await client.call_tool(name, arguments)
    return raised.value.error.code, raised.value.error.message


async def personakits_tools(client: Any) -> list[Any]:
    return [tool for tool in (await client.list_tools()).tools if tool.name.startswith("personakit_")]


# -- what the host sees beside its own tool -------------------------------------------------------


async def test_mount_adds_the_two_tools_beside_the_servers_own(kit: PersonaKit) -> None:
    async with Client(mounted(kit)) as client:
        names = sorted(tool.name for tool in (await client.list_tools()).tools)
        assert names == ["personakit_propose", "personakit_read", "ping"]
        assert (await client.call_tool("ping", {})).content[0].text == "pong"
        stored = structured(await client.call_tool(PROPOSE, {"text": "Likes figs", "quote": "figs!"}))
        read = structured(await client.call_tool(READ, {"question": "figs"}))
        assert [m["id"] for m in read["memories"]] == [stored["id"]]


async def test_mount_read_only_adds_only_the_read_tool(kit: PersonaKit) -> None:
    async with Client(mounted(kit, read_only=True)) as client:
        assert sorted(tool.name for tool in (await client.list_tools()).tools) == [READ, "ping"]


# -- served and mounted give the same answers --------------------------------------------------------


async def test_personakits_tools_are_listed_the_same_served_and_mounted(kit: PersonaKit) -> None:
    for read_only in (False, True):
        async with (
            Client(build_server(kit, read_only=read_only)) as served,
            Client(mounted(kit, read_only=read_only)) as host,
        ):
            assert await personakits_tools(host) == await personakits_tools(served)


async def test_an_unknown_tool_is_the_same_json_rpc_error_served_and_mounted(kit: PersonaKit) -> None:
    async with Client(build_server(kit)) as served, Client(mounted(kit)) as host:
        answer = await unknown_tool_error(served, "personakit_forget", {"id": "m_000000000000"})
        assert answer[0] == INVALID_PARAMS
        assert await unknown_tool_error(host, "personakit_forget", {"id": "m_000000000000"}) == answer
        # The host's own tool is not unknown, and the server keeps answering after the error.
        assert (await host.call_tool("ping", {})).content[0].text == "pong"


async def test_read_only_makes_propose_the_same_unknown_tool_served_and_mounted(kit: PersonaKit) -> None:
    arguments = {"text": "Prefers tea", "quote": "tea please"}
    async with Client(build_server(kit, read_only=True)) as served, Client(mounted(kit, read_only=True)) as host:
        answer = await unknown_tool_error(served, PROPOSE, arguments)
        assert answer[0] == INVALID_PARAMS
        assert await unknown_tool_error(host, PROPOSE, arguments) == answer
    assert kit.read("tea", 7).memories == []


async def test_personakits_instructions_follow_the_hosts_own_as_a_paragraph(kit: PersonaKit) -> None:
    for read_only in (False, True):
        async with (
            Client(build_server(kit, read_only=read_only)) as served,
            Client(mounted(kit, read_only=read_only)) as host,
        ):
            ours = served.instructions
            assert ours and READ in ours and (PROPOSE in ours) is not read_only
            assert host.instructions == f"{HOST_INSTRUCTIONS}\n\n{ours}"


async def test_on_a_server_without_instructions_personakits_are_the_instructions(kit: PersonaKit) -> None:
    bare = host_server(instructions=None)
    mount(bare, kit)
    async with Client(build_server(kit)) as served, Client(bare) as host:
        assert host.instructions == served.instructions


async def test_the_kits_view_holds_the_same_served_and_mounted(kit: PersonaKit) -> None:
    for text, quote, category, action in [
        ("Uses neovim for every project", "I use neovim", "tools", "approve"),
        ("Is trying the zed editor", "trying zed", "tools", None),
        ("Must avoid gluten at lunch", "no gluten", "constraints", "approve"),
        ("Takes insulin before lunch", "insulin at lunch", "constraints", "restrict"),
    ]:
        memory_id = kit.store.propose(text, quote, category, kit.now()).id
        if action:
            kit.store.decide(memory_id, action, kit.now())
    tools_only = viewing(kit, View.parse("tools", approved_only=True))
    question = {"question": "neovim zed gluten insulin lunch", "limit": 20}
    async with Client(build_server(tools_only)) as served, Client(mounted(tools_only)) as host:
        answer = structured(await served.call_tool(READ, question))
        assert [m["text"] for m in answer["memories"]] == ["Uses neovim for every project"]
        assert answer["withheld"] == 0
        assert structured(await host.call_tool(READ, question)) == answer
        assert served.instructions and tools_only.view.sentence() in served.instructions
        assert host.instructions == f"{HOST_INSTRUCTIONS}\n\n{served.instructions}"


# -- a mount that would clash raises, and changes nothing -----------------------------------------


def snapshot(server: MCPServer) -> tuple[Any, ...]:
    tools = anyio.run(server.list_tools)
    return server.instructions, len(server.middleware), [(tool.name, tool.description) for tool in tools]


@pytest.mark.parametrize(("taken", "read_only"), [(READ, False), (READ, True), (PROPOSE, False)])
def test_mounting_beside_a_tool_of_the_same_name_raises_and_changes_nothing(
    kit: PersonaKit, taken: str, read_only: bool
) -> None:
    server = host_server()
    server.add_tool(lambda: "the host's own", name=taken, description="The host's own tool.")
    before = snapshot(server)
    with pytest.raises(ValueError, match=f"already has a tool named {taken}") as raised:
        mount(server, kit, read_only=read_only)
    assert str(raised.value).count(".") == 1 and str(raised.value).endswith(".")
    assert snapshot(server) == before


@pytest.mark.parametrize("second_read_only", [False, True])
def test_mounting_twice_raises_and_changes_nothing(kit: PersonaKit, second_read_only: bool) -> None:
    server = mounted(kit, read_only=True)
    before = snapshot(server)
    with pytest.raises(ValueError, match="already mounted"):
        mount(server, kit, read_only=second_read_only)
    assert snapshot(server) == before


# -- the default data folder, for hosts ------------------------------------------------------------


def test_default_data_dir_is_the_folder_serve_uses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(tmp_path / "chosen"))
    assert default_data_dir() == tmp_path / "chosen" == console_data_dir(None)
    assert console_data_dir(str(tmp_path / "given")) == tmp_path / "given"
    monkeypatch.delenv("PERSONAKIT_DATA_DIR")
    assert default_data_dir() == Path(platformdirs.user_data_dir("personakit")) == console_data_dir(None)
    assert default_data_dir({"PERSONAKIT_DATA_DIR": "~/memory"}) == Path("~/memory").expanduser()
    assert default_data_dir({}) == Path(platformdirs.user_data_dir("personakit"))


# -- the example, in the docs and over real stdio ------------------------------------------------------


def test_the_docs_snippet_is_the_example() -> None:
    readme = EXTENDING.read_text(encoding="utf-8")
    section = readme[readme.index("\n## In an MCP server you already run\n") :]
    end = section.find("\n## ", 1)
    section = section[: end if end >= 0 else None]
    (snippet,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert snippet == EXAMPLE.read_text(encoding="utf-8")
    assert "default_data_dir()" in snippet and "read_only=" in snippet


@pytest.mark.system
async def test_the_mount_example_serves_its_own_tool_and_personakits_over_stdio(data_dir: Path) -> None:
    environ = stdio_parameters(data_dir).env
    assert environ is not None and environ["PERSONAKIT_DATA_DIR"] == str(data_dir)
    example = StdioServerParameters(command=sys.executable, args=[str(EXAMPLE)], env=environ)
    with anyio.fail_after(TIMEOUT):
        async with Client(stdio_client(example), read_timeout_seconds=20) as client:
            names = sorted(tool.name for tool in (await client.list_tools()).tools)
            assert names == ["personakit_propose", "personakit_read", "word_count"]
            counted = await client.call_tool("word_count", {"text": "three little words"})
            assert not counted.is_error and counted.content[0].text == "3"
            stored = structured(await client.call_tool(PROPOSE, {"text": "Uses Emacs", "quote": "emacs"}))
            read = structured(await client.call_tool(READ, {"question": "emacs"}))
            assert [m["id"] for m in read["memories"]] == [stored["id"]]
            code, _ = await unknown_tool_error(client, "personakit_forget", {"id": "m_000000000000"})
            assert code == INVALID_PARAMS
            assert client.instructions is not None
            host, ours = client.instructions.split("\n\n")
            assert "word_count" in host and READ in ours and PROPOSE in ours
    assert (data_dir / "personakit.sqlite3").exists()
