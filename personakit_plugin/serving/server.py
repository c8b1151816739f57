"""The minimal host: an MCP server with PersonaKit's two tools, over stdio or Streamable HTTP.

Nothing here writes to stdout: on stdio that is the protocol's wire. Logs go to stderr.
"""

from __future__ import annotations

import logging
import socket

from mcp.server.mcpserver import MCPServer

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving.sdk import drop_request_handlers
from personakit_plugin.serving.tools import mount

UNOFFERED = (
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "resources/subscribe",
    "resources/unsubscribe",
)
"""Methods the SDK's MCPServer serves for prompts and resources, which PersonaKit does not offer."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("personakit-plugin")
    except PackageNotFoundError:  # pragma: no cover - running from an uninstalled checkout
        return "0"


def build_server(kit: PersonaKit, *, read_only: bool = False) -> MCPServer:
    """An MCP server offering PersonaKit's tools alone, mounted as a host would mount them (`mount`):
    an unknown tool is a JSON-RPC error, as the spec says, and the instructions are PersonaKit's."""
    server: MCPServer = MCPServer(
        "personakit",
        title="PersonaKit",
        version=_version(),
        log_level="WARNING",
        subscriptions=False,  # the tool list never changes, so no client needs to listen for changes
    )
    _offer_tools_only(server)
    mount(server, kit, read_only=read_only)
    return server


def _offer_tools_only(server: MCPServer) -> None:
    """Leave PersonaKit's server without the prompt and resource methods it has none for.

    The SDK's MCPServer serves them (empty) whether or not any were added, so `initialize` declares
    the `prompts` and `resources` capabilities; it offers no public way to turn that off. The
    capabilities are derived from the methods served, so without those methods the server declares
    `tools` alone and answers the methods as unknown (Method not found), as a server without them
    should (see `sdk.drop_request_handlers`). Only the server built here is changed: `mount` leaves a
    server someone else runs as it is.
    """
    drop_request_handlers(server, UNOFFERED)


def serve_stdio(kit: PersonaKit, *, read_only: bool = False) -> None:
    """Serve on stdin/stdout; every line gets an answer (see `personakit_plugin.serving.stdio`)."""
    import anyio

    from personakit_plugin.serving.stdio import run_stdio
    from personakit_plugin.serving.tools import serve_on_loop

    logging.getLogger("mcp").setLevel(logging.WARNING)
    serve_on_loop(kit)  # one client, answered in the order it asks (see `tools.off_loop`)
    anyio.run(run_stdio, build_server(kit, read_only=read_only))


def serve_http(kit: PersonaKit, token: str, sock: socket.socket, *, host: str, read_only: bool = False) -> None:
    """Serve over Streamable HTTP on a bound socket, behind the bearer token (see `personakit_plugin.serving.http`)."""
    from personakit_plugin.serving.http import run_http

    logging.getLogger("mcp").setLevel(logging.WARNING)
    run_http(build_server(kit, read_only=read_only), token, sock, host)
