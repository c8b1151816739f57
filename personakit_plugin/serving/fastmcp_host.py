"""PersonaKit's tools on a server of the standalone `fastmcp` package (`fastmcp.FastMCP`), in one place.

The one module that knows `fastmcp`; it is imported only when `mount` is handed a `FastMCP` server,
so PersonaKit does not depend on the package. Written against fastmcp 4.2 (`SUPPORTED`), whose public
API covers nearly all of it:

- each tool is a `fastmcp.tools.Tool` subclass carrying our own `parameters` and `output_schema`,
  added with `FastMCP.add_tool`; its `run` gets the arguments as sent, untouched, and the contract's
  checks run on them (the same functions as on the SDK's server);
- a server made with `dereference_schemas=True` (fastmcp's default, for clients that cannot follow
  `$ref`) lists the read result's schema with its `$defs` inlined, as it does for its own tools: the
  same schema, written out; with `dereference_schemas=False` the definitions are byte-identical;
- the instructions are set through the public `FastMCP.instructions` setter;
- an unknown tool is answered -32602 by a `fastmcp.server.middleware.Middleware` added with
  `FastMCP.add_middleware`, which asks the public, asynchronous `FastMCP.get_tool`.

The one private name: `mount` is synchronous and must refuse, before changing anything, a server
that already has a tool of one of PersonaKit's names; the public `get_tool` is a coroutine, so
`has_local_tool` reads the local provider's `_components`. `tests/serving/test_mount_fastmcp.py` pins it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcp.shared.exceptions import MCPError

if TYPE_CHECKING:
    from fastmcp import FastMCP


SUPPORTED = (4, 2)
"""The fastmcp versions this module is written for: 4.2 up to (not including) 5."""


def is_fastmcp_server(server: object) -> bool:
    """Whether `server` is a `fastmcp.FastMCP`, without importing fastmcp when it is not installed."""
    module = type(server).__module__
    if not module.startswith("fastmcp"):
        return False
    from fastmcp import FastMCP

    return isinstance(server, FastMCP)


def check_version() -> None:
    """A TypeError naming the supported range when the installed fastmcp is outside it."""
    import fastmcp

    major, minor = (int(part) for part in fastmcp.__version__.split(".")[:2])
    if not (SUPPORTED <= (major, minor) < (SUPPORTED[0] + 1, 0)):
        raise TypeError(
            f"PersonaKit mounts into fastmcp {SUPPORTED[0]}.{SUPPORTED[1]} up to {SUPPORTED[0] + 1}, "
            f"not fastmcp {fastmcp.__version__}."
        )


def has_local_tool(server: FastMCP, name: str) -> bool:
    """Whether `server`'s own tools (its local provider's `_components`) include one named `name`."""
    from fastmcp.tools import Tool

    components = server.local_provider._components
    return any(isinstance(each, Tool) and each.name == name for each in components.values())


def is_mounted(server: FastMCP) -> bool:
    """Whether PersonaKit's middleware is already on `server`."""
    return any(getattr(each, "personakit_unknown_tool", False) for each in server.middleware)


def add_unknown_tool_middleware(server: FastMCP, invalid_params: int) -> None:
    """Answer a call of a tool the server does not offer with the JSON-RPC error `invalid_params`.

    FastMCP itself answers such a call with a tool error (`isError`, "Unknown tool: ..."); an
    `MCPError` raised by a middleware reaches the wire with its code.
    """
    from fastmcp.server.middleware import Middleware

    class UnknownToolIsInvalidParams(Middleware):
        personakit_unknown_tool = True

        async def on_call_tool(self, context: Any, call_next: Any) -> Any:
            name = context.message.name
            if context.fastmcp_context is not None:
                found = await context.fastmcp_context.fastmcp.get_tool(name)
            else:  # pragma: no cover - the server always sets it for a client's call
                found = await server.get_tool(name)
            if found is None:
                raise MCPError(code=invalid_params, message=f"Unknown tool: {name}")
            return await call_next(context)

    server.add_middleware(UnknownToolIsInvalidParams())


def set_instructions(server: FastMCP, text: str) -> None:
    server.instructions = text


def add_tool(
    server: FastMCP,
    *,
    name: str,
    title: str,
    description: str,
    input_schema: dict[str, Any],
    output_schema: dict[str, Any],
    annotations: Any,
    handler: Any,
) -> None:
    """Add `name` to `server`, with our schemas, awaiting `handler(**arguments)` on the arguments as sent
    (`tools.off_loop`: the kit's call runs in a worker thread, not on the event loop)."""
    from fastmcp.tools import Tool, ToolResult

    class PersonaKitTool(Tool):
        def to_mcp_tool(self, **overrides: Any) -> Any:
            # No `_meta` of fastmcp's own (`{"fastmcp": {"tags": []}}`): the definition `serve` lists.
            return super().to_mcp_tool(**{"_meta": None, **overrides})

        async def run(self, arguments: dict[str, Any]) -> ToolResult:
            result = await handler(**_known(arguments, input_schema))
            return ToolResult(
                content=list(result.content),
                structured_content=result.structured_content,
                is_error=bool(result.is_error),
            )

    server.add_tool(
        PersonaKitTool(
            name=name,
            title=title,
            description=description,
            parameters=input_schema,
            output_schema=output_schema,
            annotations=annotations,
        )
    )


def _known(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The arguments the tool's schema names; others are ignored, as on the SDK's server."""
    return {key: value for key, value in (arguments or {}).items() if key in schema["properties"]}
