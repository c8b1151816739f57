"""`mount` on a server of the standalone `fastmcp` package is the same product as `personakit serve`:
the official client, over real stdio to a real `fastmcp.FastMCP` server, lists the same tool
definitions as the served server's (with the same view), gets PersonaKit's instructions after the
server's own, and gets -32602 for an unknown tool. fastmcp is not a dependency of PersonaKit: it is
installed in `tox -e hooks`, which runs this file; elsewhere the file is skipped, saying so.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from personakit_plugin import PersonaKit, mount
from personakit_plugin.core.model import View
from personakit_plugin.serving import fastmcp_host
from personakit_plugin.serving.server import build_server

from ..conftest import stdio_parameters, structured

fastmcp = pytest.importorskip("fastmcp", reason="fastmcp is not installed here (tox -e hooks installs it)")
dereference_refs = pytest.importorskip("fastmcp.utilities.json_schema").dereference_refs

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mount_into_fastmcp.py"
READ, PROPOSE = "personakit_read", "personakit_propose"
INVALID_PARAMS = -32602
TIMEOUT = 60
EXAMPLE_VIEW = View(categories=frozenset({"work-style", "tools"}), approved_only=True)


def fastmcp_server() -> Any:
    server = fastmcp.FastMCP("someone-elses", instructions="Call ping to check that the server is up.")

    @server.tool
    def ping() -> str:
        return "pong"

    return server


async def served_tools(kit: PersonaKit, *, read_only: bool = False) -> tuple[list[dict[str, Any]], str]:
    """The tool definitions and instructions `personakit serve` gives, in process."""
    async with Client(build_server(kit, read_only=read_only)) as client:
        tools = [tool.model_dump(by_alias=True) for tool in (await client.list_tools()).tools]
        assert client.instructions is not None
        return tools, client.instructions


def _parts(kit: PersonaKit) -> tuple[Any, Any]:
    return kit.pm, kit.config


def over_stdio(script: Path, data_dir: Path) -> Any:
    environ = stdio_parameters(data_dir).env
    return stdio_client(StdioServerParameters(command=sys.executable, args=[str(script)], env=environ))


@pytest.mark.system
async def test_the_fastmcp_example_offers_the_served_tools_over_stdio(data_dir: Path, kit: PersonaKit) -> None:
    expected, served_instructions = await served_tools(PersonaKit(*_parts(kit), EXAMPLE_VIEW))
    with anyio.fail_after(TIMEOUT):
        async with Client(over_stdio(EXAMPLE, data_dir), read_timeout_seconds=20) as client:
            listed = (await client.list_tools()).tools
            ours = [tool.model_dump(by_alias=True) for tool in listed if tool.name.startswith("personakit_")]
            # The example's server keeps fastmcp's default `dereference_schemas=True`: `$defs` inlined.
            assert ours == [{**tool, "outputSchema": dereference_refs(tool["outputSchema"])} for tool in expected]
            assert ours != expected
            assert sorted(tool.name for tool in listed) == [PROPOSE, READ, "word_count"]
            counted = await client.call_tool("word_count", {"text": "three little words"})
            assert not counted.is_error and counted.content[0].text == "3"

            assert client.instructions is not None
            host, said = client.instructions.split("\n\n")
            assert "word_count" in host and said == served_instructions
            assert EXAMPLE_VIEW.sentence() in said

            stored = structured(await client.call_tool(PROPOSE, {"text": "Uses Emacs at work", "quote": "emacs"}))
            assert stored["stored"] and stored["state"] == "unconfirmed"
            # The view is approved-only: a pending memory is not read.
            assert structured(await client.call_tool(READ, {"question": "emacs"}))["memories"] == []
            # The contract's checks, not fastmcp's coercion: a limit of the wrong kind is a tool error.
            refused = await client.call_tool(READ, {"question": "emacs", "limit": [1]})
            assert refused.is_error and "limit must be an integer" in refused.content[0].text

            with pytest.raises(MCPError) as raised:
                await client.call_tool("personakit_forget", {"id": "m_000000000000"})
            assert raised.value.error.code == INVALID_PARAMS
            assert "personakit_forget" in raised.value.error.message


@pytest.mark.system
async def test_a_read_only_fastmcp_mount_offers_reading_alone_over_stdio(
    tmp_path: Path, data_dir: Path, kit: PersonaKit
) -> None:
    expected, served_instructions = await served_tools(kit, read_only=True)
    script = tmp_path / "read_only_server.py"
    script.write_text(
        textwrap.dedent(
            """
            from fastmcp import FastMCP
            from personakit_plugin import PersonaKit, default_data_dir, mount

            server = FastMCP("plain", dereference_schemas=False)
            mount(server, PersonaKit.open(default_data_dir()), read_only=True)
            server.run("stdio", show_banner=False)
            """
        ),
        encoding="utf-8",
    )
    with anyio.fail_after(TIMEOUT):
        async with Client(over_stdio(script, data_dir), read_timeout_seconds=20) as client:
            listed = [tool.model_dump(by_alias=True) for tool in (await client.list_tools()).tools]
            assert listed == expected
            assert client.instructions == served_instructions and PROPOSE not in served_instructions
            with pytest.raises(MCPError) as raised:
                await client.call_tool(PROPOSE, {"text": "Likes figs", "quote": "figs!"})
            assert raised.value.error.code == INVALID_PARAMS


def test_a_clashing_fastmcp_mount_raises_and_changes_nothing(kit: PersonaKit) -> None:
    server = fastmcp_server()

    @server.tool
    def personakit_propose(text: str) -> str:
        return text

    before = (server.instructions, list(server.middleware))
    with pytest.raises(ValueError, match="already has a tool named personakit_propose"):
        mount(server, kit)
    assert (server.instructions, list(server.middleware)) == before
    mount(server, kit, read_only=True)  # reading alone does not clash
    with pytest.raises(ValueError, match="already mounted"):
        mount(server, kit, read_only=True)


def test_the_private_name_fastmcp_host_relies_on_is_there() -> None:
    """`has_local_tool` reads the local provider's `_components`: an upgrade that renames it fails here."""
    server = fastmcp_server()
    assert fastmcp_host.has_local_tool(server, "ping")
    assert not fastmcp_host.has_local_tool(server, READ)
    fastmcp_host.check_version()


def test_mount_refuses_a_server_it_does_not_know_naming_what_it_takes(kit: PersonaKit) -> None:
    with pytest.raises(TypeError, match=r"MCPServer or fastmcp\.FastMCP .* not builtins\.object"):
        mount(object(), kit)  # type: ignore[arg-type]
