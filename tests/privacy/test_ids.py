"""Ids commit to nothing: each store derives its ids from the normalised text with a secret it keeps.

The same text has different ids in two stores, an id is no checkable hash of its text, and a store
from before keyed ids keeps every id it issued: its aliases are re-keyed where their text is known,
and the plain hashes of texts it no longer knows (a rejected memory's, an undone edit's) stay as a
fallback, so a re-proposal still finds its memory.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import StoreError
from personakit_plugin.core.words import legacy_memory_id, normalise
from personakit_plugin.owner.cli import main
from personakit_plugin.owner.data.transfer import export_lines, import_export, parse_export
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore
from personakit_plugin.testing import id_of

from ..helpers.old_schema import ROWS, write_old_file

TEA = "Drinks green tea every morning"
TEA_BEFORE = "Drinks tea every morning"  # an edit replaced it; the file still has it in previous_texts
NOTES = "Takes notes in meetings"
NOTES_UNDONE = "Takes notes in every meeting"  # an edit an undo took back: only its plain hash is left
GARDEN = "Had a secret tea garden"  # rejected: its text is erased


def plain_hash(text: str) -> str:
    return "m_" + hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:12]


def test_the_same_text_has_different_ids_in_two_stores(tmp_path: Path) -> None:
    one, two = SqliteStore.open(tmp_path / "one"), SqliteStore.open(tmp_path / "two")
    try:
        first = one.propose("Is being treated for depression", "q", "background", 1.0)
        second = two.propose("Is being treated for depression", "q", "background", 1.0)
        assert first.new and second.new and first.id != second.id
        for proposed in (first, second):
            assert proposed.id != plain_hash("Is being treated for depression")
        # Stable in its own store, reopened too, for every text that normalises alike.
        assert one.propose("IS BEING TREATED FOR DEPRESSION.", "q", "other", 2.0).id == first.id
    finally:
        one.close()
        two.close()
    again = SqliteStore.open(tmp_path / "one")
    try:
        assert again.propose("is being treated for depression", "q", "other", 3.0).id == first.id
    finally:
        again.close()


def test_an_edited_memory_keeps_its_id_which_says_nothing_of_either_text(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    try:
        memory = store.propose("Is being treated for depression", "q", "background", 1.0).id
        store.decide(memory, "edit", 2.0, text="Has a standing Thursday appointment")
        assert store.propose("Has a standing Thursday appointment", "q", "other", 3.0).id == memory
        assert memory not in {
            plain_hash("Is being treated for depression"),
            plain_hash("Has a standing Thursday appointment"),
        }
    finally:
        store.close()


def old_folder(folder: Path) -> dict[str, str]:
    """A version-3 data folder (before keyed ids) with an edited memory, the plain hash of an undone
    edit's text, and a rejected memory; the old ids by text."""
    ids = {text: legacy_memory_id(text) for text, *_ in ROWS}
    write_old_file(folder, 3, previous_texts=[(ids[TEA], 1, TEA_BEFORE)])
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    db.executemany(
        "INSERT INTO aliases (key, memory_id) VALUES (?, ?)",
        [(legacy_memory_id(TEA_BEFORE), ids[TEA]), (legacy_memory_id(NOTES_UNDONE), ids[NOTES])],
    )
    db.close()
    return ids


def test_an_upgraded_store_keeps_every_id_and_every_text_maps_to_its_memory(tmp_path: Path) -> None:
    ids = old_folder(tmp_path)
    store = SqliteStore.open(tmp_path)
    try:
        for text, state, *_ in ROWS:
            found = store.get(ids[text])
            assert found is not None and found.state == state
        keys = dict(store._db.execute("SELECT key, memory_id FROM aliases").fetchall())
        # Re-keyed where the text is known: no plain hash of a text the file holds is left but the ids.
        assert legacy_memory_id(TEA_BEFORE) not in keys
        assert keys[id_of(store, TEA_BEFORE)] == keys[id_of(store, TEA)] == ids[TEA]
        # Kept where it is not: the rejected memory's id (its only key) and the undone edit's text.
        assert keys[ids[GARDEN]] == ids[GARDEN] and keys[legacy_memory_id(NOTES_UNDONE)] == ids[NOTES]
        # Re-proposals, by every text, map to the same memory: rejected included.
        assert store.propose("drinks green tea every morning!", "more", "other", 20.0).id == ids[TEA]
        assert store.propose(TEA_BEFORE, "before", "other", 21.0).id == ids[TEA]
        assert store.propose(NOTES_UNDONE, "undone", "other", 22.0).id == ids[NOTES]
        again = store.propose(GARDEN, "the garden", "other", 23.0)
        assert (again.id, again.new, again.state) == (ids[GARDEN], False, "rejected")
        assert store.get(ids[GARDEN]).quotes == ()  # type: ignore[union-attr]
        # An edit to a text another memory answers to is refused, the rejected one's too.
        with pytest.raises(StoreError, match=ids[GARDEN]):
            store.decide(ids[NOTES], "edit", 24.0, text=GARDEN)
        # A new text gets a keyed id.
        fresh = store.propose("Plays chess on Sundays", "chess", "other", 25.0)
        assert fresh.new and fresh.id == id_of(store, "Plays chess on Sundays") != plain_hash("Plays chess on Sundays")
    finally:
        store.close()


def test_an_upgraded_store_decides_by_its_old_ids_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = old_folder(tmp_path)
    assert main(["--data-dir", str(tmp_path), "show", ids[NOTES]]) == 0
    assert NOTES in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "approve", ids[NOTES]]) == 0
    capsys.readouterr()
    store = SqliteStore.open(tmp_path)
    try:
        assert store.get(ids[NOTES]).state == "approved"  # type: ignore[union-attr]
    finally:
        store.close()


def test_an_old_rejected_memory_stays_recognised_after_an_import_into_another_store(tmp_path: Path) -> None:
    """Its id is the plain hash of its erased text, which every store looks up as a fallback."""
    ids = old_folder(tmp_path / "old")
    kit = PersonaKit.open(tmp_path / "old", environ={"PERSONAKIT_PLUGINS": ""})
    try:
        lines = b"".join(export_lines(kit.store))
    finally:
        kit.close()
    other = PersonaKit.open(tmp_path / "new", environ={"PERSONAKIT_PLUGINS": ""})
    try:
        import_export(other, parse_export(lines, "export.jsonl"))
        assert other.propose(GARDEN, "q", None).state == "rejected"
        assert other.propose(TEA_BEFORE, "q", None).id == ids[TEA]  # mapped by text, re-keyed here
        assert other.propose("Plays chess", "q", None).id != plain_hash("Plays chess")
    finally:
        other.close()


def test_an_import_into_another_store_keeps_ids_and_maps_by_text(tmp_path: Path) -> None:
    one = SqliteStore.open(tmp_path / "one")
    memory = one.propose("Likes jazz", "jazz!", "preferences", 1.0).id
    one.decide(memory, "edit", 2.0, text="Loves bebop")
    dumped = one.dump()
    one.close()
    two = SqliteStore.open(tmp_path / "two")
    try:
        two.restore(dumped)
        assert two.dump() == dumped  # what it derives with its own key is not listed as an alias
        assert two.propose("likes jazz", "old words", "other", 3.0).id == memory
        assert two.propose("Loves bebop", "new words", "other", 4.0).id == memory
        assert two.propose("Likes jazz a lot", "q", "other", 5.0).id == id_of(two, "Likes jazz a lot")
    finally:
        two.close()
