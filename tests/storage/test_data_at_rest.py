"""A database PersonaKit cannot read, met at the two surfaces the owner and the assistants use: the
command line and the stdio server.

Either way the answer is one sentence on stderr naming the file and saying what to do, exit status 1,
nothing on stdout (the server's stdout is the protocol's wire), and the file exactly as it was, with
no -wal or -shm file left beside it. The store itself is tested in test_sqlite_store.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.storage import sqlite as sqlite_store
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore

from ..helpers.sqlite_files import foreign, raw
from ..helpers.stdio import PROTOCOL, data_environ

TIMEOUT = 30.0
WHAT_TO_DO = ("move it aside", "upgrade", "choose another", "restore", "remove", "delete", "rename")


def populated(path: Path, count: int = 300) -> None:
    store = SqliteStore.open(path.parent)
    try:
        for number in range(count):
            store.propose(f"Memory number {number} about topic{number}", f"quote {number} " * 20, "other", 1.0)
    finally:
        store.close()


def truncated(path: Path) -> None:
    populated(path)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])


def truncated_header(path: Path) -> None:
    populated(path, 3)
    path.write_bytes(path.read_bytes()[:50])


def garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def text_file(path: Path) -> None:
    path.write_text("my notes about tea and coffee\n" * 50)


def corrupt_pages(path: Path) -> None:
    """A PersonaKit database whose header and schema are intact but whose other pages are noise."""
    populated(path)
    whole = bytearray(path.read_bytes())
    page = int.from_bytes(whole[16:18], "big")
    assert len(whole) > 8 * page
    for start in range(2 * page, len(whole), page):
        whole[start : start + page] = bytes((start * 7 + i) % 251 for i in range(page))
    path.write_bytes(bytes(whole))


def newer_schema(path: Path) -> None:
    populated(path, 3)
    db = raw(path)
    db.execute(f"PRAGMA user_version = {sqlite_store.SCHEMA_VERSION + 1}")
    db.close()


def wrong_schema_version(path: Path) -> None:
    """PersonaKit's tables, but a version number no PersonaKit ever wrote."""
    populated(path, 3)
    db = raw(path)
    db.execute("PRAGMA user_version = -1")
    db.close()


def a_folder(path: Path) -> None:
    """A folder where the database file should be."""
    path.mkdir()
    (path / "keep.txt").write_text("not a database\n")


BROKEN: dict[str, Callable[[Path], None]] = {
    "truncated": truncated,
    "truncated-header": truncated_header,
    "garbage": garbage,
    "text-file": text_file,
    "corrupt-pages": corrupt_pages,
    "newer-schema": newer_schema,
    "wrong-schema-version": wrong_schema_version,
    "foreign-rollback-journal": foreign("delete", 0),
    "foreign-wal": foreign("wal", 0),
    "foreign-claiming-v1": foreign("delete", sqlite_store.SCHEMA_VERSION),
    "folder-instead-of-file": a_folder,
}


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry in the data folder: a file's bytes, a folder's listing."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        found[str(path.relative_to(folder))] = path.read_bytes() if path.is_file() else None
    return found


@pytest.fixture
def broken(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, Path, dict[str, bytes | None]]:
    """A data folder holding the broken database, and a snapshot of it."""
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o700)
    path = data_dir / FILE_NAME
    BROKEN[request.param](path)
    for leftover in ("-wal", "-shm", "-journal"):  # the maker's own side files, if SQLite left any
        side = path.with_name(path.name + leftover)
        if side.is_file() and request.param not in ("foreign-wal",):
            side.unlink()
    for made in [path, *path.parent.glob(f"{path.name}-*")]:  # private, as PersonaKit keeps it (else tightened)
        made.chmod(0o700 if made.is_dir() else 0o600)
    return data_dir, path, snapshot(data_dir)


def assert_one_sentence(stderr: str, path: Path) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    line = lines[0]
    assert "Traceback" not in line, stderr
    assert str(path) in line, stderr
    assert line.rstrip().endswith("."), stderr
    assert any(hint in line.casefold() for hint in WHAT_TO_DO), stderr


@pytest.mark.system
@pytest.mark.parametrize("broken", list(BROKEN), indirect=True)
@pytest.mark.parametrize("command", [["list"], ["approve", "m_000000000000"]])
def test_cli_names_the_file_and_changes_nothing(broken, command: list[str]) -> None:
    """The owner's side: a database PersonaKit cannot read is one sentence naming it, exit 1, file untouched."""
    data_dir, path, before = broken
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(data_dir), *command],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=data_environ(data_dir),
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert_one_sentence(done.stderr, path)
    assert snapshot(data_dir) == before


INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "tests", "version": "0"}},
    }
)


@pytest.mark.system
@pytest.mark.parametrize("broken", list(BROKEN), indirect=True)
@pytest.mark.parametrize("args", [[], ["serve", "--read-only"]])
def test_stdio_server_exits_with_one_sentence_and_changes_nothing(broken, args: list[str]) -> None:
    """Over MCP on stdio: the server does not start on a database it cannot read; it says why on stderr,
    writes nothing on the protocol's wire, exits non-zero, and leaves the file as it was."""
    data_dir, path, before = broken
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", *args],
        input=INITIALIZE + "\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=data_environ(data_dir),
    )
    assert done.returncode != 0, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert_one_sentence(done.stderr, path)
    assert snapshot(data_dir) == before
