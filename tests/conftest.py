"""Shared fixtures. The kit for plugin authors (`personakit_plugin.testing`) provides the real ones:
a real SQLite store in a temporary folder, kits with chosen plugins, an in-process MCP client."""

from __future__ import annotations

import multiprocessing.process
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import Memory


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# -- unit tests stay in this process ---------------------------------------------------------------

SPAWNS = (
    (subprocess.Popen, "_execute_child"),  # subprocess.run, asyncio's and anyio's processes, the MCP stdio client
    (os, "fork"),
    (os, "forkpty"),
    (os, "openpty"),  # pty.openpty and pty.fork as well
    (os, "posix_spawn"),
    (os, "posix_spawnp"),
    (multiprocessing.process.BaseProcess, "start"),
)
"""What starts another process or opens a terminal: only a test marked `system` may call these."""


class NotASystemTest(AssertionError):
    """A test without the `system` marker started a process or opened a terminal."""


def refuse(name: str) -> Callable[..., Any]:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise NotASystemTest(f"{name}: this test starts a process or opens a terminal; mark it `system`")

    return refused


SPAWNING_CONTRACT_TESTS = frozenset(
    {"test_several_processes_writing_at_once_lose_nothing_and_keep_the_owners_decisions"},
)
"""Tests of the plugin author's contract suites (`personakit_plugin.testing`) that start processes. The kit
marks nothing (an author's project has markers of its own), so this project marks them here."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A `slow` test is a system test that takes long, and so is a contract test that starts processes: each
    carries `system` too."""
    for item in items:
        name = getattr(item, "originalname", item.name)
        spawns = item.get_closest_marker("slow") is not None or name in SPAWNING_CONTRACT_TESTS
        if spawns and item.get_closest_marker("system") is None:
            item.add_marker(pytest.mark.system)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Run a test that is not marked `system` with every way of spawning refused, so `pytest -m "not system"`
    runs in this one process, without a terminal."""
    if item.get_closest_marker("system") is not None:
        return (yield)
    with pytest.MonkeyPatch.context() as patch:
        for owner, name in SPAWNS:
            if hasattr(owner, name):
                patch.setattr(owner, name, refuse(f"{getattr(owner, '__name__', owner)}.{name}"))
        return (yield)


@pytest.fixture
def data_dir(personakit_data_dir: Path) -> Path:
    return personakit_data_dir


@pytest.fixture
def make_kit(personakit_make_kit: Callable[..., PersonaKit]) -> Callable[..., PersonaKit]:
    """Open kits on `data_dir` (or `folder=`) with the default plugins and those given; closed afterwards."""
    return personakit_make_kit


@pytest.fixture
def kit(personakit_kit: PersonaKit) -> PersonaKit:
    return personakit_kit


@pytest.fixture
def client(personakit_client: Any) -> Any:
    """The official MCP client, in-process, on a server with PersonaKit's tools on `kit`."""
    return personakit_client


def structured(result: Any) -> Any:
    """The structured content of a tool result, checked to equal the JSON in its one text block."""
    import json

    assert not result.is_error, result.content
    assert len(result.content) == 1
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def stdio_parameters(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    """How to spawn the real `python -m personakit_plugin` on a data folder."""
    from mcp import StdioServerParameters

    environ = clean_environ(PERSONAKIT_DATA_DIR=str(data_dir))
    environ.update(env or {})
    command, *rest = personakit_command(*args)
    return StdioServerParameters(command=command, args=rest, env=environ)


# -- the data folder, seen through a kit of its own ------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The test's data folder, not created yet."""
    return tmp_path / "data"


@contextmanager
def opened(folder: Path) -> Iterator[PersonaKit]:
    """A kit on `folder` with the default plugins only, closed afterwards."""
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        yield kit
    finally:
        kit.close()


def seed(folder: Path, *memories: tuple[str, str, str], client: tuple[str, str] | None = None) -> list[str]:
    """Propose each (text, quote, category) as an assistant would, a moment apart, through one connection
    (of `client`, the name and version an MCP client gives); the ids in order (oldest first)."""
    ids = []
    with opened(folder) as kit:
        kit.most_waiting = len(memories) + 1
        for text, quote, category in memories:
            result = kit.propose(text, quote, category, client=client)
            assert result.stored and result.id, result
            ids.append(result.id)
            time.sleep(0.01)
    return ids


def decide(folder: Path, action: str, *ids: str) -> None:
    """The owner's decision on each memory, made directly in the store."""
    with opened(folder) as kit:
        for memory_id in ids:
            kit.store.decide(memory_id, action, kit.now())


def stored(folder: Path, memory_id: str) -> Memory:
    """The memory as the store holds it now (it must be there)."""
    with opened(folder) as kit:
        memory = kit.store.get(memory_id)
    assert memory is not None, memory_id
    return memory


def skip_without_undo(folder: Path) -> None:
    with opened(folder) as kit:
        if not hasattr(kit.store, "undo"):
            pytest.skip("Store.undo is not there yet")


# -- the command line as a child process ------------------------------------------------------------


def personakit_command(*args: str | Path) -> list[str]:
    """`python -m personakit_plugin ARGS` with this interpreter."""
    return [sys.executable, "-m", "personakit_plugin", *(str(arg) for arg in args)]


def clean_environ(**extra: str) -> dict[str, str]:
    """This environment without any PERSONAKIT_ setting, with no plugins beyond the defaults, then `extra`."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ["PERSONAKIT_PLUGINS"] = ""
    environ.update(extra)
    return environ


# -- stored text that tries to drive the owner's terminal or page -------------------------------------

# ESC sequences (erase the line, set the window title), a carriage return, the C1 CSI, DEL, bidi
# overrides and isolates, a zero-width space and a line separator.
HOSTILE_TEXT = "Uses \x1b[2K\x1b]0;title\x07 erased\rfake \x9b31m red \u202eevil\u202c text"
HOSTILE_QUOTE = "I said \x1b[31mred\x1b[0m \u2066iso\u2069 zero\u200bwidth\u2028line \x7f end"
HOSTILE_CATEGORY = "tools\x1b[2K\u202e"
HOSTILE_ESCAPED = ("\\x1b[2K", "\\x1b]0;title\\x07", "\\r", "\\x9b31m", "\\u202e", "\\u2066", "\\u200b", "\\u2028")
"""How parts of the hostile fields look once escaped: what the owner sees instead."""


def seed_hostile(folder: Path) -> str:
    """An unconfirmed memory whose text, quote and category carry escape sequences and bidi overrides:
    proposed as an assistant would, its category then set through the store itself (the store takes
    any string; a third-party one might hand anything back). Its id."""
    (memory_id,) = seed(folder, (HOSTILE_TEXT, HOSTILE_QUOTE, "tools"))
    with opened(folder) as kit:
        kit.store.decide(memory_id, "edit", kit.now(), category=HOSTILE_CATEGORY)
    return memory_id


def hidden_characters(text: str, keep: str = "\n") -> list[str]:
    """The characters of `text` a terminal or page would obey or hide (categories Cc, Cf, Zl, Zp, Cs),
    except those in `keep`; none may reach the owner."""
    import unicodedata

    return [ch for ch in text if ch not in keep and unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp", "Cs"}]


@contextmanager
def reader_holding(folder: Path) -> Iterator[None]:
    """Another process's reader, as SQLite sees it: a read transaction held open on the database, so a
    reject cannot finish erasing (its write-ahead log cannot be emptied) until the block ends."""
    import sqlite3

    db = sqlite3.connect(folder / "personakit.sqlite3", isolation_level=None)
    try:
        db.execute("BEGIN")
        db.execute("SELECT count(*) FROM memories").fetchone()
        yield
    finally:
        db.close()


# -- quotes that wait for the owner -----------------------------------------------------------------

WAITING_TEXT = "Keeps a paper notebook for every project"
WAITING_QUOTES = ("my notebooks, one per project", "paper notebook, always", "a new notebook for this one")
"""The quote the owner approved the memory with, then two an assistant added afterwards (oldest first)."""


def seed_waiting(folder: Path) -> str:
    """An approved memory with two quotes waiting for the owner (`Memory.pending`): proposed with the
    first of WAITING_QUOTES, approved, then proposed again with the other two. Its id."""
    (memory_id,) = seed(folder, (WAITING_TEXT, WAITING_QUOTES[0], "tools"))
    decide(folder, "approve", memory_id)
    seed(folder, *((WAITING_TEXT, quote, "tools") for quote in WAITING_QUOTES[1:]))
    memory = stored(folder, memory_id)
    assert memory.pending == WAITING_QUOTES[1:], memory
    return memory_id


def folder_bytes(folder: Path) -> bytes:
    """Every byte of every file in the data folder."""
    return b"".join(path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file())


# -- figures every run prints -------------------------------------------------------------------------


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The secret detector's recall and false positives on its corpora, development and held-out parts
    and the older ones, and the review's likeness of memories on its labelled pairs, read at the end of
    every run (with or without -s)."""
    terminalreporter.write_line("")
    try:
        from .helpers.secret_corpora import report

        terminalreporter.write_line(report())
    except Exception as error:  # a broken detector fails its tests; the summary says so and goes on
        terminalreporter.write_line(f"secret detection figures unavailable: {error!r}")
    try:
        from .helpers.similar_pairs import figures

        terminalreporter.write_line(figures())
    except Exception as error:  # the same for the review's likeness of memories
        terminalreporter.write_line(f"similar memories figures unavailable: {error!r}")
