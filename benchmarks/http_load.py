"""PersonaKit over Streamable HTTP under load: many concurrent clients reading at once, with the tools on
the event loop (before) and in a worker thread (after), in the same run, side by side.

    python benchmarks/http_load.py [--size 10000] [--clients 100] [--reads 20] [--runs 3] [--quick]
                                   [--official-client] [--cache-dir DIR]

Each run starts the real server twice, `personakit serve --transport http` on 127.0.0.1 through
`http_server.py` (once with `--on-loop`, the baseline), on a fresh copy of the synthetic SQLite store of
`--size` memories (`synthetic.py`, the same store `run.py` reads). The order alternates from run to
run, so a machine that slows down during the run does not favour one side. Against each server,
`--clients` MCP sessions connect first, each over its own HTTP connection and sending the bearer
token on every request: by hand (`initialize`, then one JSON-RPC POST per call, the answer read from
the event stream), so that the clients' own cost does not use up the processor the server is
measured on, or with `--official-client` the SDK's client. Then all of them read at once, `--reads`
reads each of the typical questions in turn, while one more session lists the tools over and over.

Figures per server: reads per second (all reads over the time from the first to the last), the p50
and p95 of one read as its client saw it, the p95 of `tools/list` during the load (what another
client waits while reads run), and the CPU seconds of the server process and of the clients. The
table prints each figure's median over the runs, before and after, and their ratio. Every server is
bounded by a timeout and killed in `finally`; the table goes to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import anyio
import httpx2
import proc
import synthetic
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from personakit_plugin.serving.http import http_token

HERE = Path(__file__).resolve().parent
SERVER = HERE / "http_server.py"
URL = re.compile(r"(http://127\.0\.0\.1:(\d+)/mcp)")
START_TIMEOUT = 60.0
"""Seconds a server has to say its address."""
REQUEST_TIMEOUT = 120.0
"""Seconds one request may take under load before the run fails."""
MODES = ("before", "after")
SAID = {"before": "tools on the event loop", "after": "tools in a worker thread"}


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def p95(values: Sequence[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=20, method="inclusive")[18]


@dataclass(frozen=True)
class Reader:
    """One connected client: `read(question)` calls personakit_read, `list_tools()` lists the tools."""

    read: Callable[[str], Awaitable[None]]
    list_tools: Callable[[], Awaitable[None]]


@dataclass(frozen=True)
class Figures:
    reads_per_s: float
    read_p50_ms: float
    read_p95_ms: float
    list_p95_ms: float
    lists: int
    server_cpu_s: float
    client_cpu_s: float


class Server:
    """The HTTP server in a child process on `folder`; its URL is read from stderr."""

    def __init__(self, folder: Path, on_loop: bool) -> None:
        environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
        environ["PERSONAKIT_PLUGINS"] = ""  # the default plugin alone, as run.py measures it
        switch = ["--on-loop"] if on_loop else []
        command = [sys.executable, str(SERVER), *switch, "--data-dir", str(folder)]
        self.process = subprocess.Popen(
            [*command, "serve", "--transport", "http", "--port", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=environ,
            text=True,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.url = self._address()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._lines.put(line)
        self._lines.put(None)

    def _address(self) -> str:
        deadline = time.monotonic() + START_TIMEOUT
        seen: list[str] = []
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            seen.append(line)
            if found := URL.search(line):
                return found.group(1)
        raise RuntimeError(f"the server did not say its address; it wrote: {''.join(seen)[-2000:]}")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


@contextmanager
def serving(store: Path, workdir: Path, mode: str) -> Iterator[tuple[Server, str]]:
    folder = workdir / f"data-{mode}"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(store, folder)
    token = http_token(folder)
    server = Server(folder, on_loop=mode == "before")
    try:
        yield server, token
    finally:
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)


@asynccontextmanager
async def official(url: str, token: str) -> AsyncIterator[Reader]:
    """The official client on `url` over its own HTTP connection, with the bearer token on every request."""
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(REQUEST_TIMEOUT), trust_env=False) as http,
        Client(streamable_http_client(url, http_client=http), read_timeout_seconds=REQUEST_TIMEOUT) as connected,
    ):

        async def read(question: str) -> None:
            if (await connected.call_tool("personakit_read", {"question": question})).is_error:
                raise RuntimeError("a read failed under load")

        async def list_tools() -> None:
            await connected.list_tools()

        yield Reader(read, list_tools)


@asynccontextmanager
async def light(url: str, token: str) -> AsyncIterator[Reader]:
    """An MCP session by hand over its own HTTP connection: `initialize`, then one JSON-RPC POST per call,
    the answer read from the server's event stream. What the server does is the same as for the official
    client; the client's own cost (pydantic models, the output schema checked again) is left out, so that
    on a small machine the clients do not use up the processor the server is measured on."""
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
    }
    numbers = iter(range(1, 1 << 62))
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(REQUEST_TIMEOUT), trust_env=False) as http:

        async def call(method: str, params: dict[str, object]) -> dict[str, object]:
            number = next(numbers)
            message = {"jsonrpc": "2.0", "id": number, "method": method, "params": params}
            response = await http.post(url, content=json.dumps(message))
            response.raise_for_status()
            if "mcp-session-id" in response.headers:
                http.headers["mcp-session-id"] = response.headers["mcp-session-id"]
            if response.headers.get("content-type", "").startswith("text/event-stream"):
                for line in response.text.splitlines():
                    if line.startswith("data:"):
                        answer = json.loads(line[5:])
                        if answer.get("id") == number:
                            return dict(answer)
                raise RuntimeError(f"no answer to {method} in the event stream")
            return dict(response.json())

        info = {"name": "http-load", "version": "0"}
        await call("initialize", {"protocolVersion": LATEST_HANDSHAKE_VERSION, "capabilities": {}, "clientInfo": info})
        http.headers["mcp-protocol-version"] = LATEST_HANDSHAKE_VERSION
        notified = await http.post(url, content=json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        notified.raise_for_status()

        async def read(question: str) -> None:
            answer = await call("tools/call", {"name": "personakit_read", "arguments": {"question": question}})
            result = answer.get("result")
            if not isinstance(result, dict) or result.get("isError") or "structuredContent" not in result:
                raise RuntimeError(f"a read failed under load: {str(answer)[:300]}")

        async def list_tools() -> None:
            if "result" not in await call("tools/list", {}):
                raise RuntimeError("tools/list failed under load")

        yield Reader(read, list_tools)


async def load(
    url: str, token: str, pid: int, clients: int, reads: int, questions: Sequence[str], use_official: bool
) -> Figures:
    """`clients` clients reading at once, `reads` reads each, while one more lists the tools again and again."""
    client = official if use_official else light
    latencies: list[float] = []
    listings: list[float] = []
    done = anyio.Event()
    async with AsyncExitStack() as stack:
        readers = [await stack.enter_async_context(client(url, token)) for _ in range(clients)]
        lister = await stack.enter_async_context(client(url, token))
        await lister.list_tools()

        async def reader(index: int, connected: Reader) -> None:
            for number in range(reads):
                question = questions[(index + number) % len(questions)]
                began = time.perf_counter()
                await connected.read(question)
                latencies.append(time.perf_counter() - began)

        async def listing() -> None:
            while not done.is_set():
                began = time.perf_counter()
                await lister.list_tools()
                listings.append(time.perf_counter() - began)
                await anyio.sleep(0.01)

        cpu, own = proc.cpu_seconds(pid), time.process_time()
        started = time.perf_counter()
        async with anyio.create_task_group() as group:
            group.start_soon(listing)
            async with anyio.create_task_group() as everyone:
                for index, connected in enumerate(readers):
                    everyone.start_soon(reader, index, connected)
            elapsed = time.perf_counter() - started
            done.set()
        cpu, own = proc.cpu_seconds(pid) - cpu, time.process_time() - own
    return Figures(
        reads_per_s=len(latencies) / elapsed,
        read_p50_ms=statistics.median(latencies) * 1000,
        read_p95_ms=p95(latencies) * 1000,
        list_p95_ms=p95(listings) * 1000,
        lists=len(listings),
        server_cpu_s=cpu,
        client_cpu_s=own,
    )


ROWS = (
    ("reads per second", "reads_per_s", "/s", True),
    ("read p50", "read_p50_ms", "ms", False),
    ("read p95", "read_p95_ms", "ms", False),
    ("tools/list p95 during the reads", "list_p95_ms", "ms", False),
    ("server CPU for the load", "server_cpu_s", "s", False),
    ("clients' CPU for the load", "client_cpu_s", "s", False),
)


def table(results: dict[str, list[Figures]], clients: int, reads: int, size: int, use_official: bool) -> str:
    """Each figure's median over the runs, before and after, and after / before."""
    kind = "official MCP clients" if use_official else "MCP sessions by hand"
    lines = [
        f"PersonaKit over Streamable HTTP: {clients} concurrent {kind} with the bearer token, {reads} reads each, "
        f"SQLite store of {size:,} memories, median of {len(results['before'])} runs",
        f"{'':34}{'before (' + SAID['before'] + ')':>36}{'after (' + SAID['after'] + ')':>36}{'after/before':>14}",
    ]
    for label, name, unit, _ in ROWS:
        before = statistics.median(getattr(figures, name) for figures in results["before"])
        after = statistics.median(getattr(figures, name) for figures in results["after"])
        ratio = after / before if before else float("nan")
        lines.append(f"{label:34}{before:>33.1f} {unit:<2}{after:>33.1f} {unit:<2}{ratio:>13.2f}x")
    lists = {mode: statistics.median(figures.lists for figures in results[mode]) for mode in MODES}
    lines.append(
        f"(tools/list calls answered during the reads: {lists['before']:.0f} before, {lists['after']:.0f} after; "
        "reads per second higher is better, the rest lower)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--size", type=int, default=10_000, help="memories in the store (default 10,000)")
    parser.add_argument("--clients", type=int, default=100, help="concurrent clients (default 100)")
    parser.add_argument("--reads", type=int, default=20, help="reads per client (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each measuring both servers (default 3)")
    parser.add_argument(
        "--official-client", action="store_true", help="the SDK's client for every reader (costs the client more CPU)"
    )
    parser.add_argument("--quick", action="store_true", help="1,000 memories, 10 reads each, one run")
    parser.add_argument("--cache-dir", help="keep the synthetic store here for the next run")
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.reads, args.runs = 1_000, 10, 1
    if min(args.size, args.clients, args.reads, args.runs) < 1:
        parser.error("--size, --clients, --reads and --runs are whole numbers of at least 1")
    with tempfile.TemporaryDirectory(prefix="personakit-http-load-") as temporary:
        workdir = Path(temporary)
        cache = Path(args.cache_dir).expanduser() if args.cache_dir else workdir / "cache"
        cache.mkdir(parents=True, exist_ok=True)
        store, _ = synthetic.cached_store(cache, args.size, None, say)
        questions = synthetic.pick_questions(store, 20).typical
        results: dict[str, list[Figures]] = {mode: [] for mode in MODES}
        for run in range(args.runs):
            for mode in MODES if run % 2 == 0 else MODES[::-1]:
                with serving(store, workdir, mode) as (server, token):
                    say(f"run {run + 1}/{args.runs}: {args.clients} clients, {SAID[mode]} ...")
                    figures = anyio.run(
                        load,
                        server.url,
                        token,
                        server.process.pid,
                        args.clients,
                        args.reads,
                        questions,
                        args.official_client,
                    )
                    say(f"  {figures.reads_per_s:.0f} reads/s, p95 {figures.read_p95_ms:.0f} ms")
                    results[mode].append(figures)
    print(table(results, args.clients, args.reads, args.size, args.official_client))
    return 0


if __name__ == "__main__":
    sys.exit(main())
