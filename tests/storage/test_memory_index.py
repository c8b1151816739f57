"""The in-memory word index (`storage.memory_index`) that `SqliteStore.top_matches` ranks on.

It must answer exactly what the SQL ranking answers, at every moment, whichever connection or
process wrote last: each test here compares the two after every change."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from personakit_plugin.core.model import CATEGORIES
from personakit_plugin.storage import memory_index, sqlite_changes
from personakit_plugin.storage.memory_index import MemoryIndex, members
from personakit_plugin.storage.sqlite import SqliteStore
from personakit_plugin.testing.index_agreement import assert_agrees, histories, small_level, write


@contextlib.contextmanager
def two_stores() -> Iterator[tuple[SqliteStore, SqliteStore]]:
    """Two stores on one folder: two connections, as two server processes have."""
    with tempfile.TemporaryDirectory() as folder:
        one, two = SqliteStore.open(Path(folder)), SqliteStore.open(Path(folder))
        try:
            yield one, two
        finally:
            one.close()
            two.close()


@settings(max_examples=60, deadline=None)
@given(history=histories(30), walk=st.booleans())
def test_every_read_of_either_connection_equals_the_sql_ranking_after_every_write(
    history: list[tuple[bool, str, str, int, frozenset[str]]], walk: bool
) -> None:
    # `walk`: every level is walked in `touched` order instead of sorted, the path large levels take.
    with two_stores() as (one, two), small_level(0 if walk else MemoryIndex.small_level):
        ids: list[str] = []
        for first, action, text, at, question in history:
            write(one if first else two, ids, action, text, at)
            assert_agrees(one, question)
            assert_agrees(two, question)


def test_an_index_that_fell_behind_the_trimmed_log_is_built_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_changes, "KEEP", 5)
    with two_stores() as (reader, writer):
        tea = writer.propose("Drinks green tea", "tea", "other", 1.0).id
        assert_agrees(reader, frozenset({"tea"}))  # the reader's index is built here
        built = reader._follower.index
        for n in range(30):
            writer.propose(f"Drinks tea number{n}", "tea", "other", 2.0 + n)
        writer.decide(tea, "restrict", 40.0)
        assert writer._db.execute("SELECT count(*) FROM changes").fetchone()[0] < 30
        assert_agrees(reader, frozenset({"tea", "number3"}))
        assert reader._follower.index is not built  # behind what the log keeps: built anew


def test_a_large_import_by_another_connection_is_seen_by_the_next_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_changes, "UNLOGGED_FROM", 3)
    with two_stores() as (reader, writer):
        writer.propose("Drinks green tea", "tea", "other", 1.0)
        assert_agrees(reader, frozenset({"tea"}))
        writer.bulk_propose([(f"Drinks tea kind{n}", "tea", "tools", 5.0 + n) for n in range(10)])
        assert writer._db.execute("SELECT count(*) FROM changes").fetchone()[0] == 0  # unlogged
        assert len(reader.top_matches(frozenset({"tea"}), 20).candidates) == 11
        assert_agrees(reader, frozenset({"tea", "kind4"}))
        restored = reader.dump()
    with two_stores() as (reader, writer):
        reader.propose("Drinks coffee", "coffee", "other", 1.0)
        assert_agrees(reader, frozenset({"coffee", "tea"}))
        writer.restore(restored)
        assert len(reader.top_matches(frozenset({"tea"}), 20).candidates) == 11
        assert_agrees(reader, frozenset({"coffee", "tea"}))


def test_a_reject_leaves_no_word_of_what_it_erased_in_the_change_log() -> None:
    with two_stores() as (one, _):
        kept = one.propose("Collects green stamps", "stamps", "other", 1.0).id
        secret = one.propose("Keeps a zanzibarian ledger", "my ledger", "other", 2.0).id
        one.decide(secret, "edit", 3.0, text="Keeps a quillowort ledger")
        one.decide(secret, "reject", 4.0)
        hashes = {one._hash(word) for word in ("zanzibarian", "quillowort", "ledger", "keeps")}
        logged = {word for (word,) in one._db.execute("SELECT word FROM changes WHERE word IS NOT NULL")}
        assert logged and not logged & hashes
        assert one._hash("stamps") in logged and one.get(kept) is not None
        assert_agrees(one, frozenset({"ledger", "stamps"}))


@pytest.mark.system
def test_a_decision_by_another_process_is_seen_by_the_next_read(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    try:
        tea = store.propose("Drinks green tea", "tea", "other", 1.0).id
        store.propose("Drinks black tea", "tea", "other", 2.0)
        assert [c.memory.id for c in store.top_matches(frozenset({"green", "tea"}), 1).candidates] == [tea]
        script = (
            "import sys, pathlib; from personakit_plugin.storage.sqlite import SqliteStore; "
            "s = SqliteStore.open(pathlib.Path(sys.argv[1])); s.decide(sys.argv[2], 'restrict', 3.0); "
            "s.propose('Drinks green tea daily', 'daily tea', 'other', 4.0); s.close()"
        )
        subprocess.run([sys.executable, "-c", script, str(tmp_path), tea], check=True, timeout=60)
        found = store.top_matches(frozenset({"green", "tea"}), 7)
        assert found.restricted == 1 and tea not in [c.memory.id for c in found.candidates]
        assert found.candidates[0].memory.text == "Drinks green tea daily"
        assert_agrees(store, frozenset({"green", "tea"}))
    finally:
        store.close()


memory_rows = st.dictionaries(
    st.integers(0, 300),  # keys with gaps: a key may name no memory
    st.tuples(
        st.sampled_from(["approved", "unconfirmed", "restricted", "rejected"]),
        st.sampled_from([1.0, 2.0, 3.0]),  # few values of `touched`, so that it ties
        st.sampled_from(CATEGORIES),
    ),
)


@settings(max_examples=200, deadline=None)
@given(rows=memory_rows)
def test_an_index_built_at_once_is_the_one_built_memory_by_memory(
    rows: dict[int, tuple[str, float, str]],
) -> None:
    """`build` makes its bitsets and recency orders in bulk; `set_memory` one memory at a time."""
    memories = [(key, state, touched, category) for key, (state, touched, category) in rows.items()]
    built = memory_index.MemoryIndex.build(memories, [], max(rows, default=-1) + 1)
    grown = memory_index.MemoryIndex()
    for memory in memories:
        grown.set_memory(*memory)

    def by_category(index: memory_index.MemoryIndex) -> dict[str, int]:
        named = {code: category for category, code in index._codes.items()}
        return {named[code]: bits for code, bits in index._by_category.items() if bits}

    assert {rank: bits for rank, bits in built._by_rank.items() if bits} == {
        rank: bits for rank, bits in grown._by_rank.items() if bits
    }
    assert by_category(built) == by_category(grown)
    recency = {rank: (list(r.keys), list(r.touched)) for rank, r in built._recency.items() if r.keys}
    assert recency == {rank: (list(r.keys), list(r.touched)) for rank, r in grown._recency.items() if r.keys}


def test_members_lists_the_set_bits_in_order() -> None:
    keys = [0, 1, 7, 8, 63, 64, 1000, 4095, 100_003]
    bits = 0
    for key in keys:
        bits |= 1 << key
    assert members(bits) == keys
    assert members(0) == []


@pytest.mark.parametrize("walk", [False, True], ids=["sorted", "walked"])
def test_ties_on_every_term_but_the_id_are_broken_by_the_id_past_the_cut(walk: bool) -> None:
    with two_stores() as (one, two), small_level(0 if walk else MemoryIndex.small_level):
        ids = [two.propose(f"Drinks tea kind{n}", "tea", "other", 1.0).id for n in range(20)]
        for memory in ids[::3]:
            two.decide(memory, "approve", 2.0)
        approved = sorted(ids[::3])
        found = one.top_matches(frozenset({"tea"}), 3)
        assert [c.memory.id for c in found.candidates] == approved[:3]
        found = one.top_matches(frozenset({"tea"}), 9)
        assert [c.memory.id for c in found.candidates] == approved + sorted(set(ids) - set(approved))[:2]
        assert_agrees(one, frozenset({"tea", "kind3"}))


def test_a_word_is_posted_once_for_a_memory_whatever_its_key() -> None:
    """A new memory's key is the largest, and the last of each posting that holds it, so its words go in
    and out without a look through the postings; a smaller key (a word added back by an edit) is looked
    for first, and goes in before the largest. No word is ever posted twice for a memory, and none is
    left behind when it is taken out, also when SQLite gives the newest memory's key again after it
    was erased."""
    index = MemoryIndex.build([(3, "approved", 1.0, "tools"), (5, "approved", 2.0, "tools")], [(1, [5, 3])], 6)
    index.add_word(1, 5)  # already there: an edit that keeps the word
    index.add_word(1, 9)  # a new memory
    index.add_word(1, 9)
    assert sorted(index.postings[1]) == [3, 5, 9]
    index.add_word(1, 4)  # an older memory gains the word after the newest did
    index.add_word(1, 9)
    index.add_word(1, 4)
    assert sorted(index.postings[1]) == [3, 4, 5, 9]
    index.remove_word(1, 4)
    index.remove_word(1, 9)  # the newest memory erased; its key comes back for the next one
    index.remove_word(1, 9)
    assert sorted(index.postings[1]) == [3, 5]
    index.add_word(2, 9)
    index.add_word(1, 9)
    index.add_word(1, 9)
    index.remove_word(1, 5)
    assert sorted(index.postings[1]) == [3, 9]
    assert list(index.postings[2]) == [9]
    index.set_memory(9, "approved", 3.0, "tools")
    assert index.top([1, 2], 5, 2, None) == ([(9, 2), (3, 1)], 0)
