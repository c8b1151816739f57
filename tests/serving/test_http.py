"""The real server over Streamable HTTP: `python -m personakit_plugin serve --transport http --port 0` on
127.0.0.1, spoken to by the official MCP client and, for the guards, by hand. No traffic leaves 127.0.0.1."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest
from mcp.shared.exceptions import MCPError

from personakit_plugin.owner.cli import USAGE

from ..conftest import clean_environ
from ..helpers.http import SERVE_HTTP, connect, http_server, post, token_of
from ..helpers.stdio import (
    INVALID_PARAMS,
    PROPOSE,
    READ,
    REQUEST_TIMEOUT,
    TEST_TIMEOUT,
    check_round_trip,
    tool_names,
)

pytestmark = [pytest.mark.anyio, pytest.mark.system]


async def test_http_serves_both_tools_to_the_official_client(data_dir: Path) -> None:
    """Over Streamable HTTP with the token: the two tools, a round trip, and an unknown tool is -32602."""
    with anyio.fail_after(TEST_TIMEOUT), http_server(data_dir) as server:
        assert server.url == f"http://127.0.0.1:{server.port}/mcp"
        async with connect(server.url, token_of(data_dir)) as client:
            assert sorted(await tool_names(client)) == [PROPOSE, READ]
            await check_round_trip(client)
            with pytest.raises(MCPError) as raised:
                await client.call_tool("personakit_forget", {})
            assert raised.value.code == INVALID_PARAMS


async def test_http_read_only_lists_only_read(data_dir: Path) -> None:
    """Over Streamable HTTP: `--read-only` serves personakit_read alone."""
    with anyio.fail_after(TEST_TIMEOUT), http_server(data_dir, "--read-only") as server:
        async with connect(server.url, token_of(data_dir)) as client:
            assert await tool_names(client) == [READ]


async def test_http_client_without_the_token_is_refused(data_dir: Path) -> None:
    """Over Streamable HTTP: the official client with a wrong token does not get a session."""
    with anyio.fail_after(TEST_TIMEOUT), http_server(data_dir) as server:
        with pytest.raises(Exception) as raised:  # the SDK reports a 401 as an MCPError in a task group
            async with connect(server.url, "not-the-token"):
                pass
        assert "MCPError" in repr(raised.value), raised.value


def test_http_guards(data_dir: Path) -> None:
    """Over Streamable HTTP: no token, a wrong one or another scheme is 401 on any path; with the token, a
    foreign Host is 421 and a foreign Origin 403; a local Origin is served."""
    with http_server(data_dir) as server:
        token = token_of(data_dir)
        other = f"http://127.0.0.1:{server.port}/anything"
        for url, headers in [
            (server.url, {}),
            (server.url, {"Authorization": "Bearer"}),
            (server.url, {"Authorization": "Bearer not-the-token"}),
            (server.url, {"Authorization": f"Bearer {token}x"}),
            (server.url, {"Authorization": f"Bearer {token[:-1]}"}),
            (server.url, {"Authorization": f"Basic {token}"}),
            (server.url, {"Authorization": token}),
            (other, {}),
            (server.url, {"Host": "evil.example", "Origin": "http://evil.example"}),
        ]:
            answer = post(url, headers)
            assert answer.status_code == 401, (url, headers, answer.status_code, answer.text)
            assert answer.headers["www-authenticate"].startswith("Bearer")
            assert token not in answer.text
        bearer = {"Authorization": f"Bearer {token}"}
        assert post(server.url, {**bearer, "Host": f"evil.example:{server.port}"}).status_code == 421
        assert post(server.url, {**bearer, "Host": "evil.example"}).status_code == 421
        assert post(server.url, {**bearer, "Origin": "http://evil.example"}).status_code == 403
        assert post(server.url, {**bearer, "Origin": f"http://evil.example:{server.port}"}).status_code == 403
        assert post(server.url, {**bearer, "Origin": f"http://localhost:{server.port}"}).status_code == 200
        assert post(server.url, {"authorization": f"bearer {token}"}).status_code == 200
        assert post(other, bearer).status_code == 404


def serve_refused(data_dir: Path, *args: str, code: int = 1) -> str:
    """`personakit serve --transport http ARGS` that must fail with `code`: its one-line error."""
    done = subprocess.run(
        [*SERVE_HTTP, "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=REQUEST_TIMEOUT,
        env=clean_environ(),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == code, (done.returncode, done.stderr)
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("personakit"), done.stderr
    return done.stderr


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.1", "example.com"])
def test_http_refuses_a_non_loopback_address_without_allow_remote(data_dir: Path, host: str) -> None:
    """The owner's side: serving HTTP on an address that is not loopback needs --allow-remote; without it,
    one sentence and exit 1, and nothing is made in the data folder."""
    message = serve_refused(data_dir, "--host", host)
    assert host in message and "--allow-remote" in message
    assert not (data_dir / "http-token").exists()


def test_http_bad_port_is_one_sentence(data_dir: Path) -> None:
    """The owner's side: a port in use is one sentence and exit 1, one out of range a usage mistake (exit
    2), and nothing is made."""
    with socket_in_use() as port:
        assert str(port) in serve_refused(data_dir, "--port", str(port))
    assert "70000" in serve_refused(data_dir, "--port", "70000", code=USAGE)
    assert not (data_dir / "http-token").exists()


@contextmanager
def socket_in_use() -> Iterator[int]:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(1)
        yield sock.getsockname()[1]


def test_token_command(data_dir: Path) -> None:
    """The owner's side: `personakit token` makes the token once (urlsafe, 32 random bytes), keeps it in
    <data dir>/http-token with mode 0600, and prints the same token every time."""
    first = token_of(data_dir)
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", first), first
    path = data_dir / "http-token"
    assert path.read_text().strip() == first
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        path.chmod(0o644)
    assert token_of(data_dir) == first
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert token_of(data_dir / "elsewhere") != first
