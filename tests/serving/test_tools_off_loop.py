"""The tools run the kit off the event loop: over Streamable HTTP, a read held up inside the kit does not
hold up another client; calls of one kit still run one at a time, in the order they arrive.

The server runs in this process (uvicorn on 127.0.0.1 in a thread of its own, with its own event loop),
so that a plugin of the test can hold a read up: a redaction hook that waits on an event. Every wait
is bounded, so a server that blocks its loop fails the test instead of hanging it; nothing is timed."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving import tools
from personakit_plugin.serving.http import bind, http_app, http_token
from personakit_plugin.serving.server import build_server

from ..conftest import structured
from ..helpers.http import connect
from ..helpers.stdio import PROPOSE, READ, REQUEST_TIMEOUT, TEST_TIMEOUT

pytestmark = [pytest.mark.anyio, pytest.mark.system]  # an HTTP server on a real port

HELD = "held up"
TEXT = "Likes green tea"


class HoldsUpReads:
    """A redaction hook that, for a text holding `HELD`, says it has started and waits to be let go."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.threads: set[int] = set()

    @hookimpl
    def personakit_redact(self, text: str) -> None:
        self.threads.add(threading.get_ident())
        if HELD in text:
            self.started.set()
            self.release.wait(TEST_TIMEOUT)  # bounded: a blocked loop fails the test, never hangs it


@contextmanager
def serving(kit: PersonaKit, folder: Path) -> Iterator[tuple[str, str, int]]:
    """The kit's MCP server over Streamable HTTP in a thread: its URL, token and the server loop's thread."""
    import uvicorn

    token = http_token(folder)
    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(http_app(build_server(kit), token, "127.0.0.1"), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(int(REQUEST_TIMEOUT * 100)):  # until it serves; bounded
            if server.started:
                break
            threading.Event().wait(0.01)
        assert server.started, "the HTTP server did not start"
        assert thread.ident is not None
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", token, thread.ident
    finally:
        server.should_exit = True
        thread.join(REQUEST_TIMEOUT)
        sock.close()


@pytest.fixture
def held_kit(make_kit: Callable[..., PersonaKit], data_dir: Path) -> tuple[PersonaKit, HoldsUpReads]:
    holder = HoldsUpReads()
    kit = make_kit(holder)
    # The read masks the quote (the text was masked once, when the proposal was indexed): it holds the read.
    kit.propose(TEXT, f"I like tea that is {HELD}", "preferences")
    return kit, holder


async def test_a_read_held_up_in_the_kit_does_not_hold_up_another_client(
    held_kit: tuple[PersonaKit, HoldsUpReads], data_dir: Path
) -> None:
    """Client A's read waits inside a plugin; meanwhile client B lists the tools and gets its answer, then A's
    read finishes with its memory. On the event loop, B would wait for A (and the hook's bounded wait)."""
    kit, holder = held_kit
    order: list[str] = []
    with anyio.fail_after(TEST_TIMEOUT), serving(kit, data_dir) as (url, token, loop_thread):
        async with connect(url, token) as first, connect(url, token) as second:

            async def held_read() -> None:
                result = await first.call_tool(READ, {"question": "tea"})
                order.append("read answered")
                assert [memory["text"] for memory in structured(result)["memories"]] == [TEXT]

            async with anyio.create_task_group() as group:
                group.start_soon(held_read)
                await anyio.to_thread.run_sync(holder.started.wait, TEST_TIMEOUT)
                assert holder.started.is_set()
                listed = [tool.name for tool in (await second.list_tools()).tools]
                order.append("tools listed")
                holder.release.set()
    assert sorted(listed) == [PROPOSE, READ]
    assert order == ["tools listed", "read answered"]
    assert loop_thread not in holder.threads  # the hook ran in a worker thread, never on the server's loop


async def test_a_proposal_answered_is_seen_by_the_next_read_of_another_client(
    held_kit: tuple[PersonaKit, HoldsUpReads], data_dir: Path
) -> None:
    """Off the loop the guarantees stay: what one client's proposal stored, another client's next read shows."""
    kit, holder = held_kit
    holder.release.set()
    with anyio.fail_after(TEST_TIMEOUT), serving(kit, data_dir) as (url, token, _):
        async with connect(url, token) as first, connect(url, token) as second:
            for index in range(5):
                text = f"Plays chess opening number {index}"
                stored = structured(await first.call_tool(PROPOSE, {"text": text, "quote": f"I play {index}"}))
                read = structured(await second.call_tool(READ, {"question": f"chess opening number {index}"}))
                assert read["memories"][0] == {**read["memories"][0], "id": stored["id"], "text": text}


async def test_calls_of_one_kit_run_one_at_a_time_in_the_order_they_arrive(
    make_kit: Callable[..., PersonaKit],
) -> None:
    """`tools.off_loop`: however many calls wait, the kit runs one at a time (hooks need not be thread-safe),
    first come first served, each in a worker thread."""
    kit = make_kit()
    running: list[int] = []
    most = 0
    started: list[int] = []
    gate = threading.Event()
    loop_thread = threading.get_ident()
    threads: set[int] = set()

    def handler(kit: PersonaKit, number: int) -> int:
        nonlocal most
        threads.add(threading.get_ident())
        running.append(number)
        most = max(most, len(running))
        started.append(number)
        if number == 0:
            gate.wait(TEST_TIMEOUT)  # the first call holds the others back until all of them wait
        running.remove(number)
        return number

    call = tools.off_loop(handler, kit)  # type: ignore[arg-type]
    answers: list[int] = []

    async def one(number: int) -> None:
        answers.append(await call(number=number))

    with anyio.fail_after(TEST_TIMEOUT):
        async with anyio.create_task_group() as group:
            for number in range(8):
                group.start_soon(one, number)
                await anyio.sleep(0)  # each call reaches the limiter before the next one starts
            await anyio.to_thread.run_sync(lambda: None)
            gate.set()
    assert started == list(range(8))
    assert answers == list(range(8))
    assert most == 1
    assert loop_thread not in threads


@pytest.mark.slow  # importing fastmcp takes seconds
async def test_mounted_on_a_fastmcp_server_a_held_up_read_does_not_hold_up_its_loop(
    held_kit: tuple[PersonaKit, HoldsUpReads],
) -> None:
    """The same on a server of the fastmcp package (installed in `tox -e hooks`), in-process: while one
    client's read waits inside a plugin, another client's `tools/list` is answered."""
    fastmcp = pytest.importorskip("fastmcp", reason="fastmcp is not installed here (tox -e hooks installs it)")
    from personakit_plugin import mount

    kit, holder = held_kit
    server = fastmcp.FastMCP("someone-elses")
    mount(server, kit)
    order: list[str] = []
    with anyio.fail_after(TEST_TIMEOUT):
        async with fastmcp.Client(server) as first, fastmcp.Client(server) as second:

            async def held_read() -> None:
                result = await first.call_tool(READ, {"question": "tea"})
                order.append("read answered")
                assert [memory["text"] for memory in result.structured_content["memories"]] == [TEXT]

            async with anyio.create_task_group() as group:
                group.start_soon(held_read)
                await anyio.to_thread.run_sync(holder.started.wait, TEST_TIMEOUT)
                assert holder.started.is_set()
                listed = sorted(tool.name for tool in await second.list_tools())
                order.append("tools listed")
                holder.release.set()
    assert listed == [PROPOSE, READ]
    assert order == ["tools listed", "read answered"]
