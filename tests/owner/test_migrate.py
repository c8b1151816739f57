"""`personakit migrate`'s checks before anything moves, and the move into an empty store with its
progress on a terminal (the whole command is tested against a real PostgreSQL in
hooks/personakit-store-postgres/tests/test_migrate.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from personakit_plugin.core.model import Connection, ExportedMemory
from personakit_plugin.core.progress import Progress
from personakit_plugin.core.store import StoreError
from personakit_plugin.owner.cli import main
from personakit_plugin.owner.data.migrate import Proposers, counts, move
from personakit_plugin.storage.sqlite import SqliteStore
from personakit_plugin.testing import id_of

from ..helpers import installed
from ..helpers.terminal import Screen

install = installed.install

BACKEND = """
from pathlib import Path

from personakit_plugin import hookimpl
from personakit_plugin.backend import Backend, SqliteStore


@hookimpl
def personakit_backends():
    return [Backend("folder", lambda url, config: SqliteStore.open(Path(url.removeprefix("folder:"))), "FOLDER_URL")]
"""
"""A backend declared by a plugin whose entry point's name says nothing of it: SQLite in another folder."""


def migrate(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> tuple[int, str]:
    code = main(["--data-dir", str(folder), "migrate", *args])
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err


def test_a_folder_without_a_memory_is_refused_and_not_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, said = migrate(capsys, tmp_path / "none", "--to", "postgres", "postgresql://localhost/x")
    assert code == 1 and "There is no PersonaKit database in" in said and said.count("\n") == 1
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("nosuch", "No plugin offers the storage backend 'nosuch'; "),
        ("Not-A-Name", "is not a backend name"),
    ],
)
def test_a_backend_that_is_not_installed_is_one_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, said: str
) -> None:
    SqliteStore.open(tmp_path).close()
    code, err = migrate(capsys, tmp_path, "--to", name, "x://y")
    assert code == 1 and said in err and err.count("\n") == 1


def test_the_counts_are_by_state_with_quotes_and_decisions(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    try:
        tea = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.propose("Prefers tea", "I like tea", "preferences", 2.0)
        gone = store.propose("Has a secret garden", "garden", "background", 3.0).id
        store.decide(tea, "approve", 4.0)
        store.decide(gone, "reject", 5.0)
        moved = counts(store.dump())
    finally:
        store.close()
    assert (moved.states, moved.quotes, moved.decisions) == (
        {"unconfirmed": 0, "approved": 1, "restricted": 0, "rejected": 1, "retired": 0},
        2,
        2,
    )
    assert moved.line() == "2 memories (1 approved, 1 rejected), 2 quotes and 2 decisions"


def test_the_move_shows_its_progress_and_checks_what_arrived(tmp_path: Path) -> None:
    """Into an empty store: everything arrives, counted on the owner's terminal as it goes, with a final
    line; into one that holds memories: one sentence, and nothing is written."""
    source = SqliteStore.open(tmp_path / "sqlite")
    try:
        for n in range(3):
            source.propose(f"Keeps notebook number {n}", f"notebook {n}", "tools", float(n))
        source.decide(id_of(source, "Keeps notebook number 0"), "approve", 5.0)
        dumped = source.dump()
    finally:
        source.close()
    target = SqliteStore.open(tmp_path / "target")
    try:
        screen = Screen()
        with Progress("Migrating", stream=screen, delay=0.0) as progress:
            moved = move(dumped, target, progress)
        assert moved == counts(dumped) and target.dump() == dumped
        drawn = [row.strip() for row in re.split(r"[\r\n]", screen.getvalue()) if row.strip()]
        assert re.fullmatch(r"Migrating: 3 memories in \d+\.\d s \([\d,.]+/s\)\.", drawn[-1]), drawn
        assert screen.getvalue().endswith("\n") and screen.getvalue().count("\n") == 1

        with pytest.raises(StoreError, match="already holds 3 memories"):
            move(dumped, target, Progress.silent())
        assert target.dump() == dumped
    finally:
        target.close()


def test_a_backend_is_found_by_its_declaration_not_its_plugins_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, install, monkeypatch: pytest.MonkeyPatch
) -> None:
    install("anything", BACKEND)
    install("store-folder", "")  # the old naming convention, declaring nothing
    monkeypatch.delenv("PERSONAKIT_PLUGINS", raising=False)
    monkeypatch.delenv("PERSONAKIT_DISABLED_PLUGINS", raising=False)
    source = SqliteStore.open(tmp_path / "here")
    source.propose("Prefers tea", "tea please", "preferences", 1.0)
    source.close()

    code = main(["--data-dir", str(tmp_path / "here"), "migrate", "--to", "folder", f"folder:{tmp_path / 'there'}"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Moved 1 memories (1 unconfirmed), 1 quotes and 0 decisions from ")
    assert "Point your servers at it with FOLDER_URL;" in out
    target = SqliteStore.open(tmp_path / "there")
    assert [memory.text for memory in target.memories()] == ["Prefers tea"]
    target.close()

    monkeypatch.setenv("PERSONAKIT_DISABLED_PLUGINS", "anything")
    code, err = migrate(capsys, tmp_path / "here", "--to", "folder", "folder:elsewhere")
    assert code == 1 and err.startswith("personakit: No plugin offers the storage backend 'folder'; ")
    assert err.count("\n") == 1 and "folder," not in err and "folder." not in err


FLOOD = Connection(id="c_0a1b2c3d", client="flood-client", version="9.9", started=1.0)


def proposed_in(folder: Path) -> tuple[list[ExportedMemory], Proposers]:
    """A SQLite memory where one connection proposed two memories (one since rejected) and the owner one."""
    source = SqliteStore.open(folder)
    try:
        with source.proposing(FLOOD, 100):
            jazz = source.propose("Likes jazz", "jazz", "preferences", 1.0).id
            vim = source.propose("Uses vim", "vim", "tools", 2.0).id
        source.propose("Prefers tea", "tea please", "preferences", 3.0)
        source.decide(vim, "reject", 4.0)
        proposed = Proposers([p.connection for p in source.connections()], source.proposers([jazz, vim]))
        assert proposed.by_memory == {jazz: FLOOD.id, vim: FLOOD.id}
        return source.dump(), proposed
    finally:
        source.close()


class NoProposers:
    """A backend's store that records no proposers: the few methods a move asks of a store."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store
        self.location = store.location

    def dump(self) -> list[ExportedMemory]:
        return self._store.dump()

    def restore(self, memories: list[ExportedMemory]) -> object:
        return self._store.restore(memories)


def test_the_move_carries_which_connection_proposed_each_memory(tmp_path: Path) -> None:
    """`personakit reject --proposed-by` and the reviews' filter work on the migrated memory as before."""
    dumped, proposed = proposed_in(tmp_path / "sqlite")
    target = SqliteStore.open(tmp_path / "target")
    try:
        moved = move(dumped, target, Progress.silent(), None, proposed)
        assert (moved.proposers, moved.proposers_left) == (2, 0)
        assert target.proposers([memory.id for memory in dumped]) == proposed.by_memory
        assert [(p.connection, p.waiting, p.proposed) for p in target.connections()] == [(FLOOD, 1, 2)]
    finally:
        target.close()


def test_a_target_that_records_no_proposers_takes_the_move_and_the_count_says_what_stayed(tmp_path: Path) -> None:
    dumped, proposed = proposed_in(tmp_path / "sqlite")
    store = SqliteStore.open(tmp_path / "target")
    try:
        moved = move(dumped, NoProposers(store), Progress.silent(), None, proposed)  # type: ignore[arg-type]
        assert (moved.proposers, moved.proposers_left) == (0, 2)
        assert sorted(m.id for m in store.dump()) == sorted(m.id for m in dumped)
        assert store.connections() == []
    finally:
        store.close()


def test_the_command_says_the_proposers_came_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, install, monkeypatch: pytest.MonkeyPatch
) -> None:
    install("anything", BACKEND)
    monkeypatch.delenv("PERSONAKIT_PLUGINS", raising=False)
    monkeypatch.delenv("PERSONAKIT_DISABLED_PLUGINS", raising=False)
    _, proposed = proposed_in(tmp_path / "here")
    code = main(["--data-dir", str(tmp_path / "here"), "migrate", "--to", "folder", f"folder:{tmp_path / 'there'}"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "\nWhich connection proposed each memory came too (2 memories).\n" in out
    target = SqliteStore.open(tmp_path / "there")
    try:
        assert target.proposers(list(proposed.by_memory)) == proposed.by_memory
    finally:
        target.close()


def fail_once(store: SqliteStore, fault: StoreError) -> None:
    """Make the first `restore_proposers` of `store` fail with `fault`, as a write may (a full disk, a dropped
    connection); the next calls go through."""
    real, failed = store.restore_proposers, []

    def restore_proposers(connections: list[Connection], proposers: dict[str, str]) -> None:
        if not failed:
            failed.append(fault)
            raise fault
        real(connections, proposers)

    store.restore_proposers = restore_proposers  # type: ignore[method-assign]


def test_a_move_stopped_before_its_proposers_is_finished_by_the_same_command_again(tmp_path: Path) -> None:
    dumped, proposed = proposed_in(tmp_path / "sqlite")
    store = SqliteStore.open(tmp_path / "target")
    fail_once(store, StoreError("The disk is full."))
    try:
        with pytest.raises(StoreError, match=r"^The memories arrived, but who proposed them was not recorded") as err:
            move(dumped, store, Progress.silent(), None, proposed)
        assert "The disk is full" in str(err.value) and "run the same `personakit migrate` again" in str(err.value)
        assert sorted(m.id for m in store.dump()) == sorted(m.id for m in dumped)
        assert store.proposers(list(proposed.by_memory)) == {}
        # Again: the memories stay as they are, and who proposed them comes too.
        moved = move(dumped, store, Progress.silent(), None, proposed)
        assert (moved.proposers, moved.proposers_left, moved.memories) == (2, 0, len(dumped))
        assert store.proposers(list(proposed.by_memory)) == proposed.by_memory
        assert sorted(m.id for m in store.dump()) == sorted(m.id for m in dumped)
        # Once whole, the target is a store like any other that holds memories: a third move is refused.
        with pytest.raises(StoreError, match="already holds 3 memories; migrate only into an empty one"):
            move(dumped, store, Progress.silent(), None, proposed)
    finally:
        store.close()


def test_a_target_holding_other_memories_is_refused_even_without_proposers(tmp_path: Path) -> None:
    dumped, proposed = proposed_in(tmp_path / "sqlite")
    store = SqliteStore.open(tmp_path / "target")
    try:
        store.restore(dumped[:-1])  # all but one: not the same memories, so not a move to finish
        with pytest.raises(StoreError, match="already holds 2 memories"):
            move(dumped, store, Progress.silent(), None, proposed)
        assert store.proposers(list(proposed.by_memory)) == {}
    finally:
        store.close()
