"""The minimal host: an MCP server with PersonaKit's two tools, over stdio or Streamable HTTP.

Nothing here writes to stdout: on stdio that is the protocol's wire. Logs go to stderr.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from .kit import PersonaKit
from .tools import INSTRUCTIONS, mount

INVALID_PARAMS = -32602


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("personakit-plugin")
    except PackageNotFoundError:  # pragma: no cover - running from an uninstalled checkout
        return "0"


def build_server(kit: PersonaKit, *, read_only: bool = False) -> MCPServer:
    """An MCP server offering PersonaKit's tools; an unknown tool is a JSON-RPC error, as the spec says."""
    server: MCPServer = MCPServer(
        "personakit",
        title="PersonaKit",
        instructions=INSTRUCTIONS,
        version=_version(),
        log_level="WARNING",
    )

    async def unknown_tool_is_invalid_params(ctx: Any, call_next: Any) -> Any:
        if ctx.method == "tools/call":
            params = ctx.params if isinstance(ctx.params, dict) else {}
            name = params.get("name")
            if isinstance(name, str) and name not in {tool.name for tool in await server.list_tools()}:
                raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {name}")
        return await call_next(ctx)

    server.middleware.append(unknown_tool_is_invalid_params)
    mount(server, kit, read_only=read_only)
    return server


def serve_stdio(kit: PersonaKit, *, read_only: bool = False) -> None:
    """Serve on stdin/stdout; every line gets an answer (see `personakit_plugin.stdio`)."""
    import anyio

    from .stdio import run_stdio

    logging.getLogger("mcp").setLevel(logging.WARNING)
    anyio.run(run_stdio, build_server(kit, read_only=read_only))


def serve_http(kit: PersonaKit, token: str, sock: socket.socket, *, host: str, read_only: bool = False) -> None:
    """Serve over Streamable HTTP on a bound socket, behind the bearer token (see `personakit_plugin.http`)."""
    from .http import run_http

    logging.getLogger("mcp").setLevel(logging.WARNING)
    run_http(build_server(kit, read_only=read_only), token, sock, host)
