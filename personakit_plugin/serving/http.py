"""MCP over Streamable HTTP, for the owner's own machine: loopback by default, a bearer token on every request.

- The token is made once with `secrets.token_urlsafe(32)` and kept in `<data dir>/http-token`, mode
  0600; `personakit token` prints it. Every request, whatever its path, needs
  `Authorization: Bearer <token>`; anything else is 401 (tokens are compared in constant time).
- The Host and Origin headers are checked by the SDK's DNS-rebinding protection
  (`TransportSecuritySettings`): a foreign Host is 421, a foreign Origin 403.
- Binding an address that is not loopback is the caller's decision (`--allow-remote`); see `bind`.

Nothing here writes to stdout; the address served is said on stderr.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import ipaddress
import os
import secrets
import socket
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from personakit_plugin.core import data_folder

if TYPE_CHECKING:  # the SDK and starlette are imported when serving, so `personakit token` stays quick
    from mcp.server.mcpserver import MCPServer
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.types import ASGIApp, Receive, Scope, Send

TOKEN_FILE = data_folder.TOKEN_FILE
DEFAULT_PORT = 8765
MCP_PATH = "/mcp"


# -- the token ------------------------------------------------------------------------------


def http_token(data_dir: Path) -> str:
    """The HTTP bearer token kept in `data_dir`, made on first use (mode 0600). Raises OSError, and
    `data_folder.NotTheOwners` for a folder or token that is not the owner's alone."""
    data_folder.make_private(data_dir)
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = data_dir / TOKEN_FILE
    if not path.exists():
        _create_token_file(path)
    if os.name == "posix" and stat.S_IMODE(path.stat().st_mode) != 0o600:
        os.chmod(path, 0o600)
    token = path.read_bytes().decode("ascii", errors="replace").strip()
    if len(token) < 32 or not token.isascii() or not token.isprintable() or any(c.isspace() for c in token):
        raise OSError(f"{path} does not hold a usable token; delete it and a new one will be made")
    return token


def _create_token_file(path: Path) -> None:
    """Write a new token to a private file, then link it into place: a racing process keeps the first."""
    spare = path.with_name(f".{TOKEN_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secrets.token_urlsafe(32) + "\n")
        with contextlib.suppress(FileExistsError):  # another process made it first: theirs is the token
            os.link(spare, path)
    finally:
        spare.unlink(missing_ok=True)


class BearerTokenMiddleware:
    """401 for every HTTP request without exactly one `Authorization: Bearer <token>` header carrying the token."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._token = token.encode()

    def _authorised(self, scope: Scope) -> bool:
        from starlette.datastructures import Headers

        values = Headers(scope=scope).getlist("authorization")
        if len(values) != 1:
            return False
        scheme, _, presented = values[0].partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(presented.strip().encode(), self._token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] == "http" and not self._authorised(scope):
            from starlette.responses import JSONResponse

            response = JSONResponse(
                {"error": "invalid_token", "error_description": "A valid bearer token is required."},
                status_code=401,
                headers={"WWW-Authenticate": 'Bearer realm="personakit"'},
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


# -- the address ----------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def _authority(host: str) -> str:
    """`host` as it appears in a URL or a Host header (IPv6 addresses in brackets)."""
    host = host.strip("[]")
    return f"[{host}]" if ":" in host else host


def security_settings(host: str) -> TransportSecuritySettings:
    """Host and Origin checks: loopback names always, and the address bound when it is a specific one.

    On a wildcard address (`0.0.0.0`, `::`, only with `--allow-remote`) the names a client may use are
    unknown, so the Host/Origin check is off there and the bearer token alone guards the server.
    """
    from mcp.server.transport_security import TransportSecuritySettings

    if _is_wildcard(host):
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    names = ["127.0.0.1", "localhost", "[::1]"]
    if _authority(host) not in names:
        names.append(_authority(host))
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{name}:*" for name in names],
        allowed_origins=[f"{scheme}://{name}:*" for name in names for scheme in ("http", "https")],
    )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host:port` (port 0: a free one). Raises OSError."""
    if not 0 <= port <= 65535:
        raise OSError(errno.EINVAL, "a port is a number from 0 to 65535")
    infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name == "posix":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and _is_wildcard(host):
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(128)
    except BaseException:
        sock.close()
        raise
    return sock


# -- serving --------------------------------------------------------------------------------


def http_app(server: MCPServer, token: str, host: str) -> Any:
    """The SDK's Streamable HTTP app for `server` at /mcp, behind the bearer token."""
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH, transport_security=security_settings(host), host=host
    )
    return BearerTokenMiddleware(app, token)


def run_http(server: MCPServer, token: str, sock: socket.socket, host: str) -> None:
    """Serve on the bound socket until interrupted; the URL goes to stderr."""
    import uvicorn

    port = sock.getsockname()[1]
    url = f"http://{_authority(host)}:{port}{MCP_PATH}"
    print(
        f"PersonaKit serves MCP at {url} (send 'Authorization: Bearer <token>'; `personakit token` prints it).",
        file=sys.stderr,
        flush=True,
    )
    config = uvicorn.Config(
        http_app(server, token, host),
        log_level="warning",
        access_log=False,
        server_header=False,
        lifespan="on",
        timeout_graceful_shutdown=5,
    )
    uvicorn.Server(config).run(sockets=[sock])
