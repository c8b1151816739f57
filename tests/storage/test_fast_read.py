"""The fast read path and the bulk path: schema 2 and its migration from a real version-1 file,
`top_matches` (ranking in SQL) against the general path (every candidate through the ranking
hook), the one-transaction read, the redaction cache, and `bulk_propose` against `propose`."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personakit_plugin import hookimpl
from personakit_plugin.core import masking
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import CATEGORIES, EVERYTHING, QUOTES_KEPT, Candidate, View
from personakit_plugin.core.redaction import Mask
from personakit_plugin.core.store import FinishesErasure, RanksInStore, Snapshots
from personakit_plugin.core.words import content_words, legacy_memory_id
from personakit_plugin.default_plugins import rank_overlap
from personakit_plugin.storage import sqlite as sqlite_store
from personakit_plugin.storage.sqlite import SqliteStore

from ..helpers.old_schema import write_old_file

VOCABULARY = ["tea", "green", "coffee", "rust", "python", "meetings", "morning", "notes", "jazz", "bikes"]


def default_order(
    store: SqliteStore, words: frozenset[str], limit: int, view: View = EVERYTHING
) -> tuple[list[tuple[str, int]], int]:
    """The general path: every candidate in the view, ranked by the default ranking hook, cut to `limit`."""
    found = store.matches(words, view)
    ranked = rank_overlap.personakit_rank(found.candidates)[:limit]
    return [(c.memory.id, c.matched) for c in ranked], found.restricted


def fast_order(
    store: SqliteStore, words: frozenset[str], limit: int, view: View = EVERYTHING
) -> tuple[list[tuple[str, int]], int]:
    found = store.top_matches(words, limit, view)
    return [(c.memory.id, c.matched) for c in found.candidates], found.restricted


@pytest.fixture
def store(data_dir: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore.open(data_dir)
    yield opened
    opened.close()


# -- schema 2 and the migration from 1 ------------------------------------------------------------


def write_version_1(folder: Path) -> None:
    """A data folder as PersonaKit 0.1 (schema 1) left it, written with plain SQLite."""
    write_old_file(folder, 1)


def test_a_version_1_file_migrates_to_the_current_version(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    write_version_1(folder)
    store = SqliteStore.open(folder)
    try:
        db = store._db
        assert db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION == 11
        columns = [row[1] for row in db.execute("PRAGMA table_info(memories)")]
        assert columns[:2] == ["key", "id"]
        assert db.execute("SELECT count(*) FROM memories").fetchone()[0] == 5
        # The index in memory holds every word of every kept memory; the postings table is gone.
        assert not db.execute("SELECT name FROM sqlite_master WHERE name = 'postings'").fetchall()
        store.top_matches(frozenset({"tea"}), 1)
        index = store._follower.index
        assert index is not None
        indexed = sum(len(keys) for keys in index.postings.values())
        assert indexed == db.execute("SELECT count(*) FROM words").fetchone()[0] > 0
        tea = legacy_memory_id("Drinks green tea every morning")
        memory = store.get(tea)
        assert memory is not None
        assert (memory.text, memory.state, memory.quotes, memory.touched) == (
            "Drinks green tea every morning",
            "approved",
            ("I drink green tea", "tea again"),
            12.0,
        )
        words = frozenset({"green", "tea"})
        assert fast_order(store, words, 7) == default_order(store, words, 7)
        assert fast_order(store, words, 7)[1] == 1  # the restricted one, counted, not shown
        assert [m for m, _ in fast_order(store, words, 7)[0]] == [tea, legacy_memory_id("Prefers coffee to tea")]
        # Writes after the migration keep the postings in step.
        assert store.propose("Drinks green tea every morning.", "more tea", "other", 20.0).id == tea
        fresh = store.propose("Green tea at noon", "noon tea", "other", 21.0).id
        store.decide(legacy_memory_id("Prefers coffee to tea"), "reject", 22.0)
        assert fast_order(store, words, 7) == default_order(store, words, 7)
        assert [m for m, _ in fast_order(store, words, 7)[0]] == [tea, fresh]
        assert store.history(tea)[0].action == "approve"
    finally:
        store.close()
    again = SqliteStore.open(folder)  # opening a migrated file again changes nothing
    try:
        assert again._db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION
        assert fast_order(again, frozenset({"tea"}), 3) == default_order(again, frozenset({"tea"}), 3)
    finally:
        again.close()


def test_a_migrated_reject_still_erases_every_trace(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    write_version_1(folder)
    store = SqliteStore.open(folder)
    try:
        secret = store.propose("Keeps a zanzibarian ledger", "my zanzibarian ledger", "other", 30.0).id
        store.decide(secret, "reject", 31.0)
        hashed = store._hash("zanzibarian")
        for table in ("words", "changes"):
            assert store._db.execute(f"SELECT count(*) FROM {table} WHERE word = ?", (hashed,)).fetchone()[0] == 0
    finally:
        store.close()
    for path in folder.iterdir():
        assert b"zanzibarian" not in path.read_bytes(), path.name


def test_the_index_follows_states_touched_and_words(store: SqliteStore) -> None:
    first = store.propose("Rides bikes to work", "bikes", "other", 1.0).id
    assert store.top_matches(frozenset({"bikes"}), 7).candidates  # the index is built here
    index = store._follower.index
    assert index is not None
    (key,) = store._db.execute("SELECT key FROM memories").fetchone()
    store.decide(first, "approve", 5.0)
    store.propose("rides bikes to work", "again", "other", 9.0)
    store.top_matches(frozenset({"bikes"}), 7)
    assert (index.rank[key], index.touched[key]) == (0, 9.0)
    store.decide(first, "restrict", 10.0)
    assert store.top_matches(frozenset({"bikes"}), 7).restricted == 1
    store.decide(first, "edit", 11.0, text="Rides fast bikes")
    store.top_matches(frozenset({"bikes"}), 7)
    assert {word for word, keys in index.postings.items() if key in keys} == {
        store._hash(word) for word in content_words("Rides fast bikes")
    }
    store.decide(first, "reject", 12.0)
    assert store.top_matches(frozenset({"bikes", "fast"}), 7) == store.matches(frozenset({"bikes", "fast"}))
    assert store._follower.index is index  # followed all along, never built again


# -- top_matches against the general path -----------------------------------------------------------

texts = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=4).map(" ".join)
events = st.lists(
    st.tuples(
        st.sampled_from(["propose", "approve", "restrict", "reject", "reset", "edit"]),
        texts,
        st.integers(0, 6),  # the time: small, so that touched often ties
    ),
    max_size=40,
)
questions = st.lists(st.sampled_from([*VOCABULARY, "unknown"]), min_size=1, max_size=5).map(frozenset)


def apply(store: SqliteStore, history: list[tuple[str, str, int]]) -> None:
    ids: list[str] = []
    for action, text, at in history:
        if action == "propose" or not ids:
            category = ("tools", "work-style", "other")[len(text) % 3]  # a category that comes with the text
            answer = store.propose(text, f"I said {text}", category, float(at))
            ids.append(answer.id)
            continue
        memory = ids[at % len(ids)]
        # Deciding a rejected memory, or editing to another memory's text, is refused: skip it.
        with contextlib.suppress(sqlite_store.StoreError):
            store.decide(memory, action, float(at), text=text if action == "edit" else None)


@contextlib.contextmanager
def history_stored(history: list[tuple[str, str, int]], *, in_memory: bool = True) -> Iterator[SqliteStore]:
    """A store in a new folder after `history` (`apply`), with or without its in-memory index; closed after."""
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore.open(Path(folder))
        store.use_memory_index = in_memory
        try:
            apply(store, history)
            yield store
        finally:
            store.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=events, question=questions, limit=st.integers(1, 8))
def test_top_matches_equals_the_default_ranker_over_every_candidate(
    history: list[tuple[str, str, int]], question: frozenset[str], limit: int
) -> None:
    with history_stored(history) as store:
        assert fast_order(store, question, limit) == default_order(store, question, limit)


views = st.builds(
    View,
    categories=st.none() | st.frozensets(st.sampled_from(["tools", "work-style", "other", "preferences"]), min_size=1),
    approved_only=st.booleans(),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=events, question=questions, limit=st.integers(1, 8), view=views, in_memory=st.booleans())
def test_top_matches_in_a_view_equals_the_default_ranker_over_the_views_candidates(
    history: list[tuple[str, str, int]], question: frozenset[str], limit: int, view: View, in_memory: bool
) -> None:
    with history_stored(history, in_memory=in_memory) as store:
        assert fast_order(store, question, limit, view) == default_order(store, question, limit, view)


def test_a_ranked_read_reads_only_the_memories_it_returns_from_the_file(store: SqliteStore) -> None:
    for n in range(60):
        store.propose(f"Drinks tea kind{n}", "tea", CATEGORIES[n % 3], float(n))
    store.top_matches(frozenset({"tea"}), 3)  # builds the index
    seen: list[str] = []
    store._db.set_trace_callback(seen.append)
    try:
        store.top_matches(frozenset({"tea"}), 3)
        store.top_matches(frozenset({"tea"}), 3, View(categories=frozenset({"tools"}), approved_only=True))
    finally:
        store._db.set_trace_callback(None)
    assert not [sql for sql in seen if "words" in sql or "GROUP BY" in sql]
    read = [sql.split("WHERE key IN (")[1].split(")")[0] for sql in seen if "FROM memories WHERE key IN" in sql]
    assert read and all(len(keys.split(",")) <= 3 for keys in read)  # the three returned, nothing more


def test_ties_in_a_view_past_the_cut_are_broken_by_id(store: SqliteStore) -> None:
    for n in range(40):
        memory = store.propose(f"Likes tea number{n}", "q", CATEGORIES[n % 3], 1.0).id
        if n % 2:
            store.decide(memory, "approve", 2.0)
    view = View(categories=frozenset(CATEGORIES[:2]), approved_only=True)
    for limit in (3, 20):
        assert fast_order(store, frozenset({"tea"}), limit, view) == default_order(
            store, frozenset({"tea"}), limit, view
        )


def test_the_sqlite_store_has_every_optional_capability(store: SqliteStore) -> None:
    assert isinstance(store, Snapshots)
    assert isinstance(store, RanksInStore)
    assert isinstance(store, FinishesErasure)


def test_ties_past_the_cut_are_broken_by_id(store: SqliteStore) -> None:
    """Many memories equal on score, state and touched: the id decides, whatever the rows' keys."""
    for n in range(40):
        store.propose(f"Likes tea number{n}", "q", "other", 1.0)
    assert fast_order(store, frozenset({"tea"}), 3) == default_order(store, frozenset({"tea"}), 3)
    assert fast_order(store, frozenset({"tea"}), 20) == default_order(store, frozenset({"tea"}), 20)


class DefaultOrderElsewhere:
    """A third-party ranker that ranks exactly like the default: the read takes the general path."""

    @hookimpl
    def personakit_rank(self, candidates: list[Candidate]) -> list[Candidate]:
        return rank_overlap.personakit_rank(candidates)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=events, question=questions, limit=st.integers(1, 8))
def test_a_read_is_the_same_on_the_fast_and_the_general_path(
    history: list[tuple[str, str, int]], question: frozenset[str], limit: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore.open(Path(folder))
        try:
            apply(store, history)
        finally:
            store.close()
        env = {"PERSONAKIT_PLUGINS": ""}
        fast = PersonaKit.open(folder, environ=env)
        general = PersonaKit.open(folder, plugins=[DefaultOrderElsewhere()], environ=env)
        try:
            assert fast.ranks_as_store() and not general.ranks_as_store()
            text = " ".join(sorted(question))
            assert fast.read(text, limit) == general.read(text, limit)
        finally:
            fast.close()
            general.close()


def test_a_third_party_ranker_still_gets_every_candidate(make_kit: Callable[..., PersonaKit]) -> None:
    seen: list[int] = []

    class Counting:
        @hookimpl
        def personakit_rank(self, candidates: list[Candidate]) -> None:
            seen.append(len(candidates))

    kit = make_kit(Counting())
    for n in range(12):
        kit.propose(f"Drinks tea variety {n}", f"tea {n}", "preferences")
    assert len(kit.read("tea", 2).memories) == 2
    assert seen == [12]


# -- one transaction, one redaction per quote ---------------------------------------------------------


def test_a_read_is_one_read_transaction(make_kit: Callable[..., PersonaKit]) -> None:
    kit = make_kit()
    for n in range(5):
        kit.propose(f"Drinks tea kind {n}", f"tea {n}", "preferences")
    store = kit.store
    assert isinstance(store, SqliteStore)
    seen: list[str] = []
    store._db.set_trace_callback(seen.append)
    try:
        result = kit.read("tea", 2)
    finally:
        store._db.set_trace_callback(None)
    assert len(result.memories) == 2 and result.memories[0].evidence
    assert [sql for sql in seen if sql.strip().upper() in ("BEGIN", "COMMIT")] == ["BEGIN", "COMMIT"]


def test_each_quote_is_redacted_once_while_the_kit_remembers_it(
    make_kit: Callable[..., PersonaKit], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    class Counting:
        @hookimpl
        def personakit_redact(self, text: str) -> list[Mask]:
            calls.append(text)
            return []

    kit = make_kit(Counting())
    kit.propose("Writes to ann@example.org", "mail ann@example.org", "communication")
    kit.propose("writes to ann@example.org", "or ann@example.org again", "communication")
    result = kit.read("writes", 7)
    assert result.memories[0].evidence == ["or [email] again", "mail [email]"]
    # The unconfirmed text is masked too (rule 7a), once; each quote once.
    assert sorted(calls) == ["Writes to ann@example.org", "mail ann@example.org", "or ann@example.org again"]
    kit.read("writes", 7)
    assert len(calls) == 3  # remembered across reads
    monkeypatch.setattr(masking, "MASKED_KEPT", 1)
    kit.masking._masked.clear()
    kit.read("writes", 7)  # each text pushes the one before out, so the boundary check masks it again
    kit.read("writes", 7)
    assert len(calls) == 3 + 2 * 6
    assert len(kit.masking._masked) == 1


# -- bulk_propose against propose -------------------------------------------------------------------

items = st.lists(
    st.tuples(
        st.sampled_from(["Likes tea", "likes TEA.", "Rides bikes", "Plays jazz", "Writes Rust", "Keeps notes"]),
        st.sampled_from(["q1", "q2", "q3"]),
        st.sampled_from(["preferences", "tools", "other"]),
        st.integers(0, 9).map(float),
    ),
    max_size=25,
)


def snapshot_of(store: SqliteStore) -> list[tuple[object, ...]]:
    return sorted(
        (m.id, m.text, m.category, m.state, m.created, m.touched, m.quotes, m.pending, m.approved_at)
        for m in store.memories()
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=items, batch=items, decisions=st.lists(st.tuples(st.integers(0, 30), st.sampled_from(["reject", "approve"])))
)
def test_bulk_propose_is_propose_repeated(
    before: list[tuple[str, str, str, float]],
    batch: list[tuple[str, str, str, float]],
    decisions: list[tuple[int, str]],
) -> None:
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        looped, bulk = SqliteStore.open(Path(one)), SqliteStore.open(Path(two))
        bulk.adopt_id_secret(looped.id_secret())  # the same ids in both, to compare them
        try:
            for store in (looped, bulk):
                ids = [store.propose(*item).id for item in before]
                for index, action in decisions:
                    if ids and store.get(ids[index % len(ids)]).state != "rejected":  # type: ignore[union-attr]
                        store.decide(ids[index % len(ids)], action, 5.0)
            assert [looped.propose(*item) for item in batch] == bulk.bulk_propose(batch)
            assert snapshot_of(looped) == snapshot_of(bulk)
            words = frozenset({"tea", "bikes", "jazz", "rust", "notes"})
            assert fast_order(bulk, words, 20) == default_order(looped, words, 20)
        finally:
            looped.close()
            bulk.close()


@pytest.mark.parametrize("state", ["unconfirmed", "approved"])
def test_bulk_propose_stops_at_the_quotes_a_memory_keeps_as_propose_does(tmp_path: Path, state: str) -> None:
    """An import that repeats a memory with more new quotes than it keeps: the same answers (the ones
    past the limit `full`) and the same quotes as proposing them one by one."""
    looped, bulk = SqliteStore.open(tmp_path / "one"), SqliteStore.open(tmp_path / "two")
    bulk.adopt_id_secret(looped.id_secret())  # the same ids in both, to compare them
    batch = [("Prefers tea", f"quote {n}", "other", 10.0 + n) for n in range(QUOTES_KEPT + 5)]
    batch += [("prefers TEA", "quote 2", "other", 50.0), ("Likes jazz", "jazz", "other", 51.0)]
    try:
        for store in (looped, bulk):
            memory = store.propose("Prefers tea", "the first words", "preferences", 1.0).id
            if state == "approved":
                store.decide(memory, "approve", 2.0)
        answers = bulk.bulk_propose(batch)
        assert [looped.propose(*item) for item in batch] == answers
        assert [answer.full for answer in answers] == [False] * (QUOTES_KEPT - 1) + [True] * 6 + [False] * 2
        assert snapshot_of(looped) == snapshot_of(bulk)
        kept = bulk.get(memory)
        assert kept is not None and len(kept.quotes) == QUOTES_KEPT
        assert len(kept.pending) == (QUOTES_KEPT - 1 if state == "approved" else 0)
    finally:
        looped.close()
        bulk.close()


def test_bulk_propose_of_nothing_writes_nothing(store: SqliteStore) -> None:
    assert store.bulk_propose([]) == []
    assert store.memories() == []
