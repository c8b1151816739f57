"""Mounting PersonaKit's tools into an MCP server someone already runs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.server.mcpserver import MCPServer

from personakit_plugin import PersonaKit, mount

from .conftest import stdio_parameters, structured

pytestmark = pytest.mark.anyio
EXAMPLE = Path(__file__).parent.parent / "examples" / "mount_into_your_server.py"


async def test_mount_adds_the_two_tools_beside_the_servers_own(kit: PersonaKit) -> None:
    server = MCPServer("someone-elses")

    @server.tool()
    def ping() -> str:
        return "pong"

    mount(server, kit)
    async with Client(server) as client:
        names = sorted(tool.name for tool in (await client.list_tools()).tools)
        assert names == ["personakit_propose", "personakit_read", "ping"]
        stored = structured(await client.call_tool("personakit_propose", {"text": "Likes figs", "quote": "figs!"}))
        read = structured(await client.call_tool("personakit_read", {"question": "figs"}))
        assert [m["id"] for m in read["memories"]] == [stored["id"]]
        # The same checks as the minimal host: a bad argument is one sentence.
        bad = await client.call_tool("personakit_read", {"question": "figs", "limit": 2.5})
        assert bad.is_error and "limit" in bad.content[0].text


async def test_mount_read_only_adds_only_the_read_tool(kit: PersonaKit) -> None:
    server = MCPServer("someone-elses")
    mount(server, kit, read_only=True)
    async with Client(server) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == ["personakit_read"]


@pytest.mark.system
async def test_the_mount_example_serves_its_own_tool_and_personakits_over_stdio(data_dir: Path) -> None:
    params = stdio_parameters(data_dir)
    example = StdioServerParameters(command=sys.executable, args=[str(EXAMPLE)], env=params.env)
    async with Client(example) as client:
        names = sorted(tool.name for tool in (await client.list_tools()).tools)
        assert names == ["personakit_propose", "personakit_read", "word_count"]
        assert structured(await client.call_tool("personakit_propose", {"text": "Uses Emacs", "quote": "emacs"}))[
            "stored"
        ]
        assert (data_dir / "personakit.sqlite3").exists()
