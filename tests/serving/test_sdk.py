"""What `personakit_plugin.serving.sdk` assumes of the MCP SDK's private parts, pinned.

After an upgrade of the SDK, a failure here says which assumption no longer holds; the module's
docstrings say what relies on it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool

from personakit_plugin.serving import sdk

PACKAGE = Path(sdk.__file__).parents[1]
PRIVATE = re.compile(
    r"^\s*from\s+mcp[\w.]*\s+import\s+(\([^)]*|[^\n]*)\b_\w"  # from mcp.x import _private
    r"|\bmcp[\w.]*\._\w"  # mcp.shared._module, in an import or not
    r"|[.'\"]_(lowlevel_server|tool_manager|request_handlers|notification_handlers)\b",  # an SDK object's innards
    re.M,
)
"""A private name of the SDK, as written in a module of the package."""


def server() -> MCPServer:
    built: MCPServer = MCPServer("sdk-test", log_level="WARNING")

    async def echo(text: str) -> str:
        return text

    built.add_tool(echo, name="echo", description="Says it back.")
    return built


def test_an_mcpserver_wraps_a_lowlevel_server() -> None:
    inner = sdk.lowlevel_server(server())
    assert isinstance(inner, Server), (
        "MCPServer._lowlevel_server is no longer the low-level Server: the stdio transport cannot run it"
    )
    assert callable(getattr(inner, "run", None)) and callable(getattr(inner, "create_initialization_options", None))


def test_the_lowlevel_handlers_are_a_dict_by_method_that_the_capabilities_come_from() -> None:
    built = server()
    handlers = getattr(sdk.lowlevel_server(built), "_request_handlers", None)
    assert isinstance(handlers, dict) and "prompts/list" in handlers and "resources/list" in handlers, (
        "Server._request_handlers is no longer a dict keyed by method: drop_request_handlers removes nothing"
    )
    sdk.drop_request_handlers(built, ["prompts/list", "resources/list"])
    capabilities = sdk.lowlevel_server(built).get_capabilities()
    assert capabilities.prompts is None and capabilities.resources is None, (
        "the capabilities no longer follow Server._request_handlers: a server without prompts declares them"
    )
    assert capabilities.tools is not None


def test_a_registered_tool_is_found_and_takes_our_schemas() -> None:
    built = server()
    registered = built._tool_manager.get_tool("echo")
    assert isinstance(registered, Tool), "MCPServer._tool_manager.get_tool no longer returns the SDK's Tool"
    assert isinstance(registered.parameters, dict) and hasattr(registered.fn_metadata, "output_schema")
    given, out = {"type": "object", "properties": {"said": {"type": "string"}}}, {"type": "object"}
    sdk.publish_schemas(built, "echo", given, out)

    import anyio

    (listed,) = anyio.run(built.list_tools)
    assert (listed.input_schema, listed.output_schema) == (given, out), (
        "the listed schemas no longer come from Tool.parameters and Tool.fn_metadata.output_schema"
    )


def test_publishing_schemas_for_a_tool_that_is_not_there_says_so() -> None:
    with pytest.raises(LookupError, match="nothing"):
        sdk.publish_schemas(server(), "nothing", {}, {})


def test_the_stdio_claim_helpers_are_there() -> None:
    import mcp.server.stdio as stdio

    missing = [
        name for name in ("_claim_fd", "_open_stdin_diversion", "_open_stdout_diversion") if not hasattr(stdio, name)
    ]
    assert not missing, f"mcp.server.stdio no longer has {missing}: claim_std_stream serves stdin/stdout in place"


def test_an_unclaimable_stream_is_served_in_place() -> None:
    """The claim on a stream not backed by the standard descriptor returns its buffer and nothing to release."""

    class NotAStandardStream:
        buffer = object()

    buffer, release = sdk.claim_std_stream(1, NotAStandardStream(), "wb")
    assert buffer is NotAStandardStream.buffer and release is None


def test_no_other_module_touches_a_private_name_of_the_sdk() -> None:
    reaches = [
        f"{path.relative_to(PACKAGE.parent)}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0).strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != Path(sdk.__file__)
        for text in [path.read_text()]
        for match in PRIVATE.finditer(text)
    ]
    assert not reaches, "private names of the MCP SDK belong in serving/sdk.py:\n" + "\n".join(reaches)


@pytest.mark.parametrize(
    "line",
    [
        "from mcp.shared._context_streams import create_context_streams",
        "import mcp.shared._stream_protocols",
        "from mcp.server.stdio import _claim_fd",
        "from mcp.server.stdio import (\n    stdio_server,\n    _claim_fd,\n)",
        "lowlevel = server._lowlevel_server",
        "tool = server._tool_manager.get_tool(name)",
        "handlers = inner._request_handlers",
        'handlers = getattr(getattr(server, "_lowlevel_server", None), "_request_handlers", None)',
    ],
)
def test_the_check_for_private_names_finds_each_kind(line: str) -> None:
    assert PRIVATE.search(line), line


def test_a_tool_that_is_not_there_is_found_as_none() -> None:
    built = server()
    assert built._tool_manager.get_tool("nothing") is None, (
        "MCPServer._tool_manager.get_tool no longer answers None for a missing tool: mount cannot see a clash"
    )
    assert sdk.has_tool(built, "echo") and not sdk.has_tool(built, "nothing")


def test_instructions_set_on_the_lowlevel_server_are_what_initialize_gives() -> None:
    built = server()
    sdk.set_instructions(built, "Say it back.")
    assert built.instructions == "Say it back.", (
        "MCPServer.instructions no longer reads the low-level server's: mount cannot add PersonaKit's"
    )
    options = sdk.lowlevel_server(built).create_initialization_options()
    assert options.instructions == "Say it back.", (
        "the low-level server no longer gives its instructions attribute in initialize: mount's never reach the client"
    )

    import anyio
    from mcp import Client

    async def initialized() -> str | None:
        async with Client(built) as client:
            return client.instructions

    assert anyio.run(initialized) == "Say it back."
