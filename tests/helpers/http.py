"""The real server over Streamable HTTP, `personakit serve --transport http --port 0` on 127.0.0.1 in a child
process, and the clients that speak to it: the official MCP client (`connect`) and plain requests (`post`)."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from ..conftest import clean_environ
from .stdio import REQUEST_TIMEOUT, cli

URL = re.compile(rb"(http://127\.0\.0\.1:(\d+)/mcp)")
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": LATEST_HANDSHAKE_VERSION,
        "capabilities": {},
        "clientInfo": {"name": "personakit-tests", "version": "0"},
    },
}
SERVE_HTTP = [sys.executable, "-m", "personakit_plugin", "serve", "--transport", "http"]
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class HttpServer:
    """`personakit serve --transport http --port 0` in a child process; its URL is read from stderr."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [*SERVE_HTTP, "--data-dir", str(data_dir), "--port", "0", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=clean_environ(),
        )
        self._stderr: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.url, self.port = self._address()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.put(line)
        self._stderr.put(None)

    def _address(self) -> tuple[str, int]:
        seen: list[bytes] = []
        for _ in range(200):  # bounded: the URL is the first line it writes
            try:
                line = self._stderr.get(timeout=REQUEST_TIMEOUT)
            except queue.Empty:
                break
            if line is None:
                break
            seen.append(line)
            if found := URL.search(line):
                return found.group(1).decode(), int(found.group(2))
        raise AssertionError(f"the server did not say its URL; stderr: {seen}")

    def kill(self) -> bytes:
        """Stop the server; what it wrote to stdout (nothing is expected)."""
        self.process.kill()
        out, _ = self.process.communicate(timeout=10)
        return out


@contextmanager
def http_server(data_dir: Path, *args: str) -> Iterator[HttpServer]:
    spawned = HttpServer(data_dir, *args)
    try:
        yield spawned
    finally:
        assert spawned.kill() == b""


def token_of(data_dir: Path) -> str:
    return cli(data_dir, "token").stdout.strip()


@asynccontextmanager
async def connect(url: str, token: str) -> AsyncIterator[Client]:
    """The official client on `url`, sending the bearer token on every request."""
    headers = {"Authorization": f"Bearer {token}"}
    timeout = httpx2.Timeout(REQUEST_TIMEOUT)
    async with (
        httpx2.AsyncClient(headers=headers, timeout=timeout, trust_env=False) as http,
        Client(streamable_http_client(url, http_client=http), read_timeout_seconds=REQUEST_TIMEOUT) as client,
    ):
        yield client


def post(url: str, headers: dict[str, str], payload: Any = INITIALIZE) -> httpx2.Response:
    with httpx2.Client(timeout=REQUEST_TIMEOUT, trust_env=False) as http:
        return http.post(url, headers={**MCP_HEADERS, **headers}, json=payload)
