"""What PersonaKit uses of the MCP SDK that the SDK does not offer publicly, in one place.

Each function says which private name it relies on and why there is no public way. No other module
of the package touches a private name of the SDK; `tests/serving/test_sdk.py` pins each assumption made
here, so an upgrade of the SDK that breaks one fails there, saying which.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server
    from mcp.server.mcpserver import MCPServer


def lowlevel_server(server: MCPServer) -> Server[Any]:
    """The low-level `Server` inside an `MCPServer` (its `_lowlevel_server` attribute).

    PersonaKit's stdio transport runs it on streams of its own, as `MCPServer.run_stdio_async` does
    on the SDK's; `MCPServer` has no public way to run on given streams.
    """
    return server._lowlevel_server


def drop_request_handlers(server: MCPServer, methods: Iterable[str]) -> None:
    """Stop `server` serving `methods`, so they are answered as unknown (-32601, Method not found).

    Relies on the low-level server keeping its handlers in the dict `_request_handlers`, keyed by
    method, and deriving the capabilities it declares from that dict (`Server.get_capabilities`):
    without `prompts/list` it declares no `prompts`. The SDK has `add_request_handler` and
    `get_request_handler`, but nothing that removes one.
    """
    handlers = lowlevel_server(server)._request_handlers
    for method in methods:
        handlers.pop(method, None)


def has_tool(server: MCPServer, name: str) -> bool:
    """Whether `server` has a tool named `name` (`MCPServer._tool_manager.get_tool` is not None).

    `mount` asks before adding anything, because `MCPServer.add_tool` keeps the tool already there,
    logs a warning and returns nothing; `MCPServer.list_tools`, the public way, is a coroutine, and
    `mount` is not. The unknown-tool check asks on every tool call, where `list_tools` would build
    every tool's description each time.
    """
    return server._tool_manager.get_tool(name) is not None


def set_instructions(server: MCPServer, text: str) -> None:
    """Make `text` the instructions `server` gives in `initialize` (and `server/discover`).

    `MCPServer.instructions` is a read-only property over the low-level server's public attribute
    `instructions`, which the low-level server reads each time it builds its initialization options
    (`Server.create_initialization_options`), so a change before the server runs is what clients get.
    `MCPServer` takes instructions only in its constructor.
    """
    lowlevel_server(server).instructions = text


def publish_schemas(server: MCPServer, tool: str, input_schema: dict[str, Any], output_schema: dict[str, Any]) -> None:
    """Publish our own input and output schemas for `tool`, already added with `MCPServer.add_tool`.

    `add_tool` derives both from the function's signature and takes no schema, and returns nothing;
    the registered `Tool` is found through `MCPServer._tool_manager.get_tool`. Its `parameters` is the
    listed `inputSchema` (and what Mcp-Param headers are checked against), its
    `fn_metadata.output_schema` the listed `outputSchema`; `Tool.output_schema` caches it on first
    read, so this runs before the tool is listed. The SDK validates arguments with the pydantic model
    of the signature, not with `parameters`, and a result against the output model it derived (none
    for a function returning `CallToolResult`), not against `output_schema`.
    """
    registered = server._tool_manager.get_tool(tool)
    if registered is None:
        raise LookupError(f"the MCP server has no tool named {tool!r}")
    registered.parameters = input_schema
    registered.fn_metadata.output_schema = output_schema


def claim_std_stream(
    fd: Literal[0, 1], stream: Any, mode: Literal["rb", "wb"]
) -> tuple[IO[bytes], Callable[[], None] | None]:
    """Claim standard input (fd 0) or output (fd 1) the way the SDK's `stdio_server` does.

    While claimed, fd 0 reads the null device and fd 1 writes to stderr, so a stray read or print
    misses the wire, which is a private duplicate of the descriptor; the returned function restores
    it. A second claim in the process raises RuntimeError. Relies on `mcp.server.stdio._claim_fd`
    and its diversions `_open_stdin_diversion` and `_open_stdout_diversion`; if they are gone, the
    stream's buffer is used in place (what the SDK itself falls back to) with nothing to restore.
    """
    try:
        from mcp.server.stdio import _claim_fd, _open_stdin_diversion, _open_stdout_diversion
    except ImportError:  # pragma: no cover - tests/serving/test_sdk.py fails first
        return stream.buffer, None
    diversion = _open_stdin_diversion if fd == 0 else _open_stdout_diversion
    buffer, release = _claim_fd(fd, stream, mode, diversion)
    return buffer, release
