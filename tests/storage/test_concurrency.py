"""Several real server processes on one data folder at once (Storage: writes from any number of processes
are safe), and the owner's decisions against a process that keeps proposing."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from personakit_plugin.core.model import QUOTES_KEPT
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore

from ..conftest import clean_environ
from ..helpers.stdio import PROPOSE, READ, TEST_TIMEOUT, MakeKit, acli, call, propose, server

pytestmark = [pytest.mark.anyio, pytest.mark.system]

WORKERS = 4
EACH = 25
SHARED = "Keeps a paper notebook for every project"
SHARED_EVERY = 5
"""Each worker proposes the shared memory once every this many of its own proposals."""


def shared_quote(worker: int, round: int) -> str:
    return f"worker {worker} heard it in round {round}"


class Barrier:
    """Lets the workers start proposing only once every process is up, so their writes overlap."""

    def __init__(self, parties: int) -> None:
        self.parties = parties
        self.arrived = 0
        self.all_here = anyio.Event()

    async def wait(self) -> None:
        self.arrived += 1
        if self.arrived == self.parties:
            self.all_here.set()
        await self.all_here.wait()


async def worker(
    data_dir: Path,
    number: int,
    barrier: Barrier,
    results: list[tuple[str, str, str, Any]],
    windows: list[tuple[float, float]],
) -> None:
    """One server process: its own distinct memories, interleaved with the shared one."""
    async with server(data_dir) as client:
        await barrier.wait()
        started = anyio.current_time()
        for round in range(EACH):
            text = f"Worker {number} remembers fact {round} about subject{number}x{round}"
            quote = f"said to worker {number} in round {round}"
            result = await client.call_tool(PROPOSE, {"text": text, "quote": quote})
            results.append((text, quote, "own", result))
            if round % SHARED_EVERY == 0:
                quote = shared_quote(number, round)
                result = await client.call_tool(PROPOSE, {"text": SHARED, "quote": quote})
                results.append((SHARED, quote, "shared", result))
                common = {"text": SHARED.upper() + ".", "quote": "everyone hears this"}
                result = await client.call_tool(PROPOSE, common)
                results.append((SHARED, "everyone hears this", "shared", result))
        windows.append((started, anyio.current_time()))


async def test_many_processes_proposing_at_once(data_dir: Path, make_kit: MakeKit) -> None:
    """Storage: several processes proposing at once lose no acknowledged write, create the shared memory
    once with every distinct quote, and never answer with an error such as "database is locked"."""
    results: list[tuple[str, str, str, Any]] = []
    windows: list[tuple[float, float]] = []
    barrier = Barrier(WORKERS)
    with anyio.fail_after(TEST_TIMEOUT):
        async with anyio.create_task_group() as group:
            for number in range(WORKERS):
                group.start_soon(worker, data_dir, number, barrier, results, windows)
    assert max(start for start, _ in windows) < min(end for _, end in windows), "the writes did not overlap"

    errors = [result.content for *_, result in results if result.is_error]
    assert errors == []
    answers = [(text, quote, kind, result.structured_content) for text, quote, kind, result in results]
    assert all(answer["stored"] for *_, answer in answers)
    own = [(text, quote, answer) for text, quote, kind, answer in answers if kind == "own"]
    shared = [answer for *_, kind, answer in answers if kind == "shared"]
    assert len(own) == WORKERS * EACH
    assert all(answer["new"] and answer["state"] == "unconfirmed" for *_, answer in own)
    assert len({answer["id"] for answer in shared}) == 1
    assert [answer["new"] for answer in shared].count(True) == 1

    kit = make_kit()
    stored = {memory.id: memory for memory in kit.store.memories()}
    assert len(stored) == WORKERS * EACH + 1
    for text, quote, answer in own:
        memory = stored[answer["id"]]
        assert (memory.text, memory.quotes, memory.state) == (text, (quote,), "unconfirmed")
    together = stored[shared[0]["id"]]
    assert together.text.casefold().rstrip(".") == SHARED.casefold()
    proposed = {"everyone hears this"} | {
        shared_quote(number, round) for number in range(WORKERS) for round in range(0, EACH, SHARED_EVERY)
    }
    # More distinct quotes than a memory keeps: the first QUOTES_KEPT stored are kept, the rest said not to be.
    kept = {quote for _, quote, kind, answer in answers if kind == "shared" and answer.get("quote_kept") is not False}
    assert len(together.quotes) == min(len(proposed), QUOTES_KEPT) < len(proposed)
    assert set(together.quotes) == kept


OPEN_AT = """
import sys, time
from pathlib import Path
from personakit_plugin.storage.sqlite import SqliteStore
start = float(sys.argv[2])
while time.time() < start:
    pass
SqliteStore.open(Path(sys.argv[1])).close()
"""


def test_servers_starting_at_once_on_a_new_folder_all_open_it(tmp_path: Path) -> None:
    """Each process reads the new file, then asks for the lock that turns on its write-ahead log;
    SQLite answers all but one busy at once, without its busy handler. Six processes opening one new
    folder at the same moment, twelve times over: every one opens it (before, one failed to start in
    about one round in four)."""
    for round in range(12):
        folder = tmp_path / f"round{round}"
        start = time.time() + 1.0
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", OPEN_AT, str(folder), repr(start)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=clean_environ(),
            )
            for _ in range(6)
        ]
        failures = []
        for process in processes:
            _, error = process.communicate(timeout=TEST_TIMEOUT)
            if process.returncode:
                failures.append(error.decode(errors="replace").strip().splitlines()[-1:])
        assert failures == [], f"round {round}: {failures}"


class OpensBetween(sqlite3.Connection):
    """A connection that, once it has read the file's schema version, lets another server open the same
    new folder (create its tables, set its version) before it reads anything more."""

    other: Path | None = None

    def execute(self, sql: str, *args: Any) -> Any:
        rows = super().execute(sql, *args).fetchall()
        if OpensBetween.other is not None and "user_version" in sql:
            folder, OpensBetween.other = OpensBetween.other, None
            opener = threading.Thread(target=lambda: SqliteStore.open(folder).close())
            opener.start()
            opener.join(timeout=TEST_TIMEOUT)
        return Rows(rows)


class Rows(list[Any]):
    def fetchone(self) -> Any:
        return self[0] if self else None

    def fetchall(self) -> list[Any]:
        return list(self)


def test_a_server_that_reads_the_new_file_while_another_creates_it_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check that the file is PersonaKit's reads the schema version and the tables from one moment
    of the file. Read apart, a server that saw version 0 and then the tables another server had just
    created took the new file for another program's and did not start (seen once in CI)."""
    folder = tmp_path / "data"
    connect = sqlite3.connect
    first = [True]

    def connect_once_between(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        if first[0] and str(args[0]).endswith(FILE_NAME):
            first[0] = False
            OpensBetween.other = folder
            kwargs["factory"] = OpensBetween
        return connect(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect_once_between)
    store = SqliteStore.open(folder)
    try:
        assert OpensBetween.other is None and not first[0]  # the other server did open it in between
        assert store.memories() == []
    finally:
        store.close()


async def keep_proposing(client: Client, text: str, stop: anyio.Event, states: list[str]) -> None:
    """A stale assistant: proposes the same memory, each time with a new quote, until told to stop."""
    while not stop.is_set():
        answer = await call(client, PROPOSE, text=text, quote=f"repeat number {len(states)}")
        states.append(answer["state"])


async def test_owner_decision_outlasts_a_stale_process(data_dir: Path, make_kit: MakeKit) -> None:
    """Decisions: states are set only by the owner; a process proposing the same memory over and over
    while the owner decides never writes back a state it read earlier."""
    text = "Prefers meetings before noon"
    decisions = ["approve", "restrict", "approve", "reset", "restrict"]
    states: list[str] = []
    stop = anyio.Event()
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as stale:
            memory = (await propose(stale, text, "mornings only, please"))["id"]
            async with anyio.create_task_group() as group:
                group.start_soon(keep_proposing, stale, text, stop, states)
                for action in decisions:
                    await acli(data_dir, action, memory)
                decided = len(states)
                while len(states) < decided + 5:
                    await anyio.sleep(0.05)
                stop.set()
            seen = await call(stale, READ, question="When are meetings preferred?")
    assert len(states) > decided >= 1
    assert set(states) <= {"unconfirmed", "approved", "restricted"}
    assert states[decided + 1 :] == ["restricted"] * len(states[decided + 1 :])
    assert seen == {"memories": [], "withheld": 1}

    kit = make_kit()
    final = kit.store.get(memory)
    assert final is not None
    assert final.state == "restricted"
    history = kit.store.history(memory)
    assert [decision.action for decision in history] == decisions
    assert [decision.after for decision in history] == [
        "approved",
        "restricted",
        "approved",
        "unconfirmed",
        "restricted",
    ]
    assert [decision.before for decision in history[1:]] == [decision.after for decision in history[:-1]]
    # Every quote kept once, up to the QUOTES_KEPT the memory keeps (the repeats went on past it).
    assert len(final.quotes) == len(set(final.quotes)) == min(len(states) + 1, QUOTES_KEPT)
