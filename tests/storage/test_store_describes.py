"""Doctor and stats ask the store what it is (`core.store.Describes`), on a store opened only to be looked at
(`Config.look_only`); a store that cannot describe itself is said to be unchecked, plainly."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.core import plugins
from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.store import Config, Describes
from personakit_plugin.owner.data.doctor import FAIL, OK, WARN, Kept, check_store
from personakit_plugin.storage.sqlite import FILE_NAME, SCHEMA_VERSION, SqliteStore

from ..conftest import folder_bytes
from ..helpers.old_schema import write_old_file

DEFAULTS = {"PERSONAKIT_PLUGINS": ""}


def findings(folder: Path, environ: dict[str, str] = DEFAULTS) -> list[tuple[str, str]]:
    return [(finding.level, finding.message) for finding in check_store(folder, environ)]


def test_doctor_reads_the_sqlite_store_through_what_it_says_of_itself(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = SqliteStore.open(folder)
    try:
        for n in range(3):
            store.propose(f"Fact {n} about tea", f"said {n}", "other", float(n))
    finally:
        store.close()
    found = findings(folder)
    assert found[:2] == [(OK, f"Schema version {SCHEMA_VERSION}."), (OK, "Integrity check passed.")]
    level, said = found[2]
    assert level == OK and said.startswith(f"SQLite store at {folder / FILE_NAME}: 3 memories, 3 quotes, 0 decisions")
    assert said.endswith(" MiB.") and len(found) == 3


def test_doctor_on_an_older_schema_warns_and_upgrades_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    write_old_file(folder, 3)
    before = folder_bytes(folder)
    names = sorted(os.listdir(folder))

    found = findings(folder)

    assert (WARN, f"Schema version 3; it is upgraded to {SCHEMA_VERSION} when next opened.") in found
    assert (OK, "Integrity check passed.") in found
    assert folder_bytes(folder) == before and sorted(os.listdir(folder)) == names


def test_doctor_fails_on_a_newer_schema_and_on_a_damaged_file(tmp_path: Path) -> None:
    newer, damaged = tmp_path / "newer", tmp_path / "damaged"
    for folder in (newer, damaged):
        SqliteStore.open(folder).close()
    db = sqlite3.connect(newer / FILE_NAME)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with open(damaged / FILE_NAME, "r+b") as file:  # the second page (a table's root), overwritten
        file.seek(4096)
        file.write(b"\xff" * 4096)

    assert findings(newer) == [
        (FAIL, f"Schema version {SCHEMA_VERSION + 1} is newer than this PersonaKit knows ({SCHEMA_VERSION}).")
    ]
    damaged_found = findings(damaged)
    assert any(
        level == FAIL and ("Integrity check failed" in said or "cannot be read (database disk image" in said)
        for level, said in damaged_found
    ), damaged_found


def test_a_store_opened_to_look_creates_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = SqliteStore.open(folder, look_only=True)
    try:
        said = store.describe()
        assert (said.backend, said.exists, said.schema, said.schema_known) == ("SQLite", False, 0, SCHEMA_VERSION)
        assert store.integrity() == []
    finally:
        store.close()
    assert not folder.exists()
    assert findings(folder) == [
        (WARN, f"There is no SQLite database at {folder / FILE_NAME} yet; it is created on first use.")
    ]
    assert not folder.exists()


class Undescribed:
    """A store plugin whose store has no `describe` or `integrity`."""

    class Store:
        location = "a store of the test's own"

        def close(self) -> None:
            pass

    @hookimpl(tryfirst=True)
    def personakit_store(self, config: Config) -> object:
        return self.Store()


def test_a_store_that_does_not_describe_itself_is_said_to_be_unchecked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: Callable[..., object] = plugins.make_plugin_manager
    monkeypatch.setattr(plugins, "make_plugin_manager", lambda **kw: made([Undescribed()], **kw))
    folder = tmp_path / "data"

    assert findings(folder) == [
        (
            WARN,
            "The store at a store of the test's own cannot be checked: it does not describe itself (it has no "
            "`describe` and `integrity`), so its schema, integrity and size are not checked.",
        )
    ]
    assert not isinstance(Undescribed.Store(), Describes)
    assert Kept.of(Undescribed.Store()).sentence() == (
        "Kept at a store of the test's own; that store does not describe itself, so its size is not known."
    )


class FailsToOpen:
    """A store plugin that cannot open its store."""

    @hookimpl(tryfirst=True)
    def personakit_store(self, config: Config) -> object:
        raise RuntimeError("the server is away")


def test_a_store_plugin_that_fails_to_open_is_a_fail_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: Callable[..., object] = plugins.make_plugin_manager
    monkeypatch.setattr(plugins, "make_plugin_manager", lambda **kw: made([FailsToOpen()], **kw))

    ((level, said),) = findings(tmp_path / "data")

    assert level == FAIL and "personakit_store" in said and "RuntimeError: the server is away" in said, said


def test_stats_says_where_the_memory_is_kept_and_how_large_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    empty = SqliteStore.open(folder, create=False)
    try:
        assert Kept.of(empty).sentence() == (
            f"Nothing is kept yet; the memory will be kept in SQLite at {folder / FILE_NAME}."
        )
    finally:
        empty.close()
    store = SqliteStore.open(folder)
    try:
        store.propose("Prefers tea", "tea please", "preferences", 1.0)
        kept = Kept.of(store)
    finally:
        store.close()
    size = (folder / FILE_NAME).stat().st_size
    assert kept.backend == "SQLite" and kept.bytes is not None and kept.bytes >= size > 0
    assert kept.sentence() == f"Kept in SQLite at {folder / FILE_NAME} ({kept.bytes / 2**20:.1f} MiB)."
