"""`personakit migrate --to postgres URL`: an owner's SQLite memory moves whole into PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from personakit_plugin.backend import Connection, SqliteStore

from personakit_store_postgres import PostgresStore


def personakit(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    return subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), *args],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A SQLite memory with every kind of thing to move: states, quotes, an edit, an undo, a reject."""
    store = SqliteStore.open(tmp_path / "data")
    try:
        jazz = store.propose("Likes jazz", "jazz!", "preferences", 1.0).id
        tea = store.propose("Prefers tea", "tea please", "preferences", 2.0).id
        store.propose("Prefers tea", "I like tea", "other", 3.0)
        garden = store.propose("Has a secret garden", "my garden", "background", 4.0).id
        desk = store.propose("Works at a standing desk", "I stand", "work-style", 5.0).id
        store.decide(jazz, "edit", 6.0, text="Loves bebop", category="background")
        store.decide(tea, "approve", 7.0)
        store.decide(desk, "restrict", 8.0)
        store.decide(desk, "approve", 9.0)
        store.undo(10.0)
        store.decide(garden, "reject", 11.0)
    finally:
        store.close()
    return tmp_path / "data"


def test_migrate_moves_states_quotes_and_history_and_checks_them(folder: Path, postgres_url: str) -> None:
    source = SqliteStore.open(folder)
    before = source.dump()
    source.close()
    done = personakit(folder, "migrate", "--to", "postgres", postgres_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "Moved 4 memories (1 unconfirmed, 1 approved, 1 restricted, 1 rejected), 4 quotes and 6 decisions from "
    )
    assert "checked that all of it arrived" in done.stdout
    target = PostgresStore.open(postgres_url)
    try:
        assert sorted(target.dump(), key=lambda m: m.id) == sorted(before, key=lambda m: m.id)
        # The history goes on where it stopped: the next decision is numbered after the moved ones.
        jazz = target.propose("likes jazz", "old words", "other", 12.0).id
        assert target.decide(jazz, "approve", 13.0).seq == max(d.seq for m in before for d in m.history) + 1
        undone = target.undo(14.0)
        assert undone is not None and (undone.memory_id, undone.action) == (jazz, "approve")
        memory = target.get(jazz)
        assert memory is not None and (memory.text, memory.quotes) == ("Loves bebop", ("jazz!", "old words"))
    finally:
        target.close()
    assert SqliteStore.open(folder).dump() == before, "the SQLite memory is left as it was"


def test_migrate_into_a_memory_already_in_use_is_refused_and_changes_nothing(folder: Path, postgres_url: str) -> None:
    store = PostgresStore.open(postgres_url)
    try:
        store.propose("Someone else's memory", "theirs", "other", 1.0)
        done = personakit(folder, "migrate", "--to", "postgres", postgres_url)
        assert done.returncode == 1
        assert "already holds 1 memories; migrate only into an empty one" in done.stderr
        assert done.stderr.count("\n") == 1
        assert [m.text for m in store.memories()] == ["Someone else's memory"]
    finally:
        store.close()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--to", "nosuch", "x://y"], "No plugin offers the storage backend 'nosuch'; the ones offered are postgres"),
        (["--to", "Bad Name", "x"], "is not a backend name"),
        (["--to", "postgres", "postgresql://me:hunter2@127.0.0.1:1/db"], "cannot reach PostgreSQL at postgresql://me@"),
        (["--to", "postgres"], "expected 2 arguments"),
    ],
)
def test_migrate_mistakes_are_one_sentence(folder: Path, args: list[str], said: str) -> None:
    done = personakit(folder, "migrate", *args)
    assert done.returncode == 1, "a usage mistake exits 1, as every other error"
    assert said in done.stderr and done.stderr.count("\n") == 1 and "hunter2" not in done.stderr


def test_migrate_without_a_memory_to_move_says_so(tmp_path: Path, postgres_url: str) -> None:
    done = personakit(tmp_path / "empty", "migrate", "--to", "postgres", postgres_url)
    assert done.returncode == 1
    assert "There is no PersonaKit database in" in done.stderr
    assert not (tmp_path / "empty").exists()


def test_migrate_carries_which_connection_proposed_each_memory(tmp_path: Path, postgres_url: str) -> None:
    """A flood proposed before the move is still one connection's to decide on at once after it."""
    flood = Connection(id="c_0a1b2c3d", client="flood-client", version="9.9", started=1.0)
    source = SqliteStore.open(tmp_path / "data")
    try:
        with source.proposing(flood, 100):
            waiting = [source.propose(f"Fact number{n} here", f"said {n}", "other", float(n)).id for n in range(3)]
        source.propose("Prefers tea", "tea please", "preferences", 5.0)
        source.decide(waiting[0], "approve", 6.0)
    finally:
        source.close()
    done = personakit(tmp_path / "data", "migrate", "--to", "postgres", postgres_url)
    assert done.returncode == 0, done.stderr
    assert "Which connection proposed each memory came too (3 memories)." in done.stdout
    target = PostgresStore.open(postgres_url)
    try:
        assert target.proposers(waiting) == dict.fromkeys(waiting, flood.id)
        assert [(p.connection, p.waiting, p.proposed) for p in target.connections()] == [(flood, 2, 3)]
        assert [m.id for m in target.proposed_by([flood.id], None, None)] == waiting[:0:-1]
    finally:
        target.close()
