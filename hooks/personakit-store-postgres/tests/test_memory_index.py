"""The in-memory word index the PostgreSQL store ranks on, and the change log it follows.

It must answer exactly what the SQL ranking answers, at every moment, whichever server wrote last:
each test here compares the two after every change, on two stores (two servers) on one schema."""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections.abc import Iterator

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from personakit_plugin import CATEGORIES, content_words
from personakit_plugin.backend import MemoryIndex, legacy_memory_id
from personakit_plugin.testing import index_agreement as agreement

import personakit_store_postgres.store
from personakit_store_postgres import PostgresStore, changes
from personakit_store_postgres.store import _migrate, word_key

_schemas = itertools.count()


@contextlib.contextmanager
def two_stores(url: str) -> Iterator[tuple[PostgresStore, PostgresStore]]:
    """Two stores on one schema of its own: two servers' connections."""
    schema = f"pk_index_{next(_schemas)}"
    one, two = PostgresStore.open(url, schema=schema), PostgresStore.open(url, schema=schema)
    try:
        yield one, two
    finally:
        one.close()
        two.close()


def log_rows(url: str, schema: str, where: str = "true") -> list[tuple[int, int | None, bool]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(f"SELECT key, word, added FROM {schema}.changes WHERE {where} ORDER BY seq").fetchall()
    return [(key, word, added) for key, word, added in rows]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(history=agreement.histories(20), walk=st.booleans())
def test_every_read_of_either_store_equals_the_sql_ranking_after_every_write(
    postgres_url: str, history: list[tuple[bool, str, str, int, frozenset[str]]], walk: bool
) -> None:
    # `walk`: every level is walked in `touched` order instead of sorted, the path large levels take.
    with two_stores(postgres_url) as (one, two), agreement.small_level(0 if walk else MemoryIndex.small_level):
        ids: list[str] = []
        for first, action, text, at, question in history:
            agreement.write(one if first else two, ids, action, text, at)
            agreement.assert_agrees(one, question, (1, 7))
            agreement.assert_agrees(two, question, (3,))


def test_a_reject_leaves_no_word_of_what_it_erased_in_the_change_log(postgres_url: str) -> None:
    with two_stores(postgres_url) as (one, two):
        kept = one.propose("Collects green stamps", "stamps", "other", 1.0).id
        secret = one.propose("Keeps a zanzibarian ledger", "my ledger", "other", 2.0).id
        agreement.assert_agrees(two, frozenset({"ledger", "stamps"}))  # two's index holds the secret's words
        one.decide(secret, "edit", 3.0, text="Keeps a quillowort ledger")
        one.decide(secret, "reject", 4.0)
        keys = {
            int(word_key(word), 16) - (1 << 64 if int(word_key(word), 16) >> 63 else 0)
            for word in ("zanzibarian", "quillowort", "ledger", "keeps")
        }
        logged = {word for _, word, _ in log_rows(postgres_url, one.schema, "word IS NOT NULL")}
        assert logged and not logged & keys
        stamps = int(word_key("stamps"), 16)
        assert stamps in {word & changes.WORD_MASK for word in logged} and one.get(kept) is not None
        agreement.assert_agrees(two, frozenset({"ledger", "stamps", "quillowort"}))
        assert two.top_matches(frozenset({"ledger"}), 7).candidates == []


def test_a_large_restore_by_another_store_is_seen_by_the_next_read(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(changes, "UNLOGGED_FROM", 3)
    with two_stores(postgres_url) as (reader, writer):
        for n in range(10):
            writer.propose(f"Drinks tea kind{n}", "tea", CATEGORIES[n % 4], 5.0 + n)
        dumped = writer.dump()
    with two_stores(postgres_url) as (reader, writer):
        reader.propose("Drinks coffee", "coffee", "other", 1.0)
        agreement.assert_agrees(reader, frozenset({"coffee", "tea"}))
        writer.restore(dumped)
        assert log_rows(postgres_url, writer.schema) == []  # unlogged: the generation was raised instead
        assert len(reader.top_matches(frozenset({"tea"}), 20).candidates) == 10
        agreement.assert_agrees(reader, frozenset({"coffee", "tea", "kind4"}))
        writer.propose("Drinks green tea", "green", "other", 30.0)  # logged again, after the restore
        agreement.assert_agrees(reader, frozenset({"green", "tea"}))
        assert reader.top_matches(frozenset({"green"}), 1).candidates[0].memory.text == "Drinks green tea"


def test_a_large_restore_leaves_the_planner_statistics_of_what_it_restored(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without them, a read after a restore of 100,000 memories took several times longer until
    autovacuum came round."""
    monkeypatch.setattr(changes, "UNLOGGED_FROM", 3)
    with two_stores(postgres_url) as (source, _):
        for n in range(5):
            source.propose(f"Drinks tea kind{n}", "tea", "other", 1.0 + n)
        dumped = source.dump()
    with two_stores(postgres_url) as (store, _), psycopg.connect(postgres_url, autocommit=True) as conn:
        store.restore(dumped[:2])  # small: left to autovacuum
        analysed = "SELECT DISTINCT tablename FROM pg_stats WHERE schemaname = %s"
        assert conn.execute(analysed, (store.schema,)).fetchall() == []
        store.restore(dumped[2:])
        tables = {name for (name,) in conn.execute(analysed, (store.schema,))}
        assert {"memories", "quotes", "aliases"} <= tables


def test_an_index_that_fell_behind_the_trimmed_log_is_built_again(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(changes, "KEEP", 5)
    with two_stores(postgres_url) as (reader, writer):
        tea = writer.propose("Drinks green tea", "tea", "other", 1.0).id
        agreement.assert_agrees(reader, frozenset({"tea"}))  # the reader's index is built here
        built = reader._follower.index
        for n in range(30):
            writer.propose(f"Drinks tea number{n}", "tea", "other", 2.0 + n)
        writer.decide(tea, "restrict", 40.0)
        assert len(log_rows(postgres_url, writer.schema)) < 30
        agreement.assert_agrees(reader, frozenset({"tea", "number3"}))
        assert reader._follower.index is not built  # behind what the log keeps: built anew


def test_a_read_in_a_snapshot_older_than_the_index_ranks_in_sql(postgres_url: str) -> None:
    with two_stores(postgres_url) as (reader, writer):
        tea = writer.propose("Drinks green tea", "tea", "other", 1.0).id
        words = frozenset({"green", "tea"})
        with reader.snapshot():
            assert [c.memory.id for c in reader.top_matches(words, 7).candidates] == [tea]
            fresh = writer.propose("Drinks green tea daily", "daily", "other", 2.0).id
            writer.decide(tea, "restrict", 3.0)
            # Another thread of the same server reads now: the index moves past this snapshot.
            seen: list[object] = []
            other = threading.Thread(target=lambda: seen.append(reader.top_matches(words, 7)))
            other.start()
            other.join()
            assert [[c.memory.id for c in found.candidates] for found in seen] == [[fresh]]  # type: ignore[attr-defined]
            found = reader.top_matches(words, 7)
            assert ([c.memory.id for c in found.candidates], found.restricted) == ([tea], 0)
        found = reader.top_matches(words, 7)
        assert ([c.memory.id for c in found.candidates], found.restricted) == ([fresh], 1)


def test_the_migration_to_schema_3_keys_every_memory_and_keeps_reads_equal(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(personakit_store_postgres.store, "SCHEMA_VERSION", 2)
    texts = ["Drinks green tea", "Drinks black coffee", "Takes notes in meetings", "Rides bikes to work"]
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        _migrate(conn, "the test database", "personakit")
        for n, text in enumerate(texts):
            conn.execute(
                "INSERT INTO personakit.memories (id, text, category, state, created, touched, approved_at, words) "
                "VALUES (%s, %s, %s, %s, 1.0, %s, 0, %s::tsvector)",
                (
                    legacy_memory_id(text),
                    text,
                    CATEGORIES[n % 4],
                    ["approved", "unconfirmed", "restricted", "approved"][n],
                    float(n % 2),
                    " ".join(word_key(w) for w in content_words(text)),
                ),
            )
    monkeypatch.undo()
    migrated, other = PostgresStore.open(postgres_url), PostgresStore.open(postgres_url)
    try:
        with psycopg.connect(postgres_url) as conn:
            keys = conn.execute("SELECT key FROM personakit.memories ORDER BY key").fetchall()
        assert sorted(key for (key,) in keys) == [1, 2, 3, 4]
        question = frozenset({"tea", "coffee", "notes", "bikes", "drinks"})
        agreement.assert_agrees(migrated, question)
        assert len(migrated.top_matches(question, 7).candidates) == 3
        added = other.propose("Drinks tea in meetings", "tea", "other", 5.0).id
        other.decide(legacy_memory_id(texts[1]), "approve", 6.0)
        agreement.assert_agrees(migrated, question | {"meetings"})
        assert migrated.top_matches(frozenset({"meetings", "tea"}), 1).candidates[0].memory.id == added
    finally:
        migrated.close()
        other.close()


def test_writers_on_two_connections_at_once_never_make_a_reader_miss_a_change(postgres_url: str) -> None:
    """Two stores write at once, from threads, while a third reads: each read of the index equals
    the SQL ranking in the same snapshot, whatever the writes' interleaving."""
    with two_stores(postgres_url) as (one, two):
        reader = PostgresStore.open(postgres_url, schema=one.schema)
        question = frozenset({"tea", "coffee", "green"})
        done = threading.Event()
        failures: list[BaseException] = []

        def writes(store: PostgresStore, name: str) -> None:
            try:
                ids: list[str] = []
                for n in range(40):
                    ids.append(store.propose(f"Drinks {name} tea number{n}", "tea", CATEGORIES[n % 4], float(n)).id)
                    if n % 3 == 0:
                        store.decide(ids[n // 2], ("approve", "restrict", "reject")[n // 3 % 3], n + 0.5)
                    if n % 7 == 1:
                        store.decide(ids[-1], "edit", n + 0.7, text=f"Drinks {name} coffee number{n}")
            except BaseException as exc:  # reported below
                failures.append(exc)

        def reads() -> None:
            try:
                while not done.is_set():
                    agreement.assert_agrees(reader, question, (5,))
            except BaseException as exc:  # reported below
                failures.append(exc)

        writers = [
            threading.Thread(target=writes, args=(store, name)) for store, name in ((one, "green"), (two, "black"))
        ]
        watcher = threading.Thread(target=reads)
        for thread in [watcher, *writers]:
            thread.start()
        for thread in writers:
            thread.join()
        done.set()
        watcher.join()
        try:
            assert failures == []
            agreement.assert_agrees(reader, question)
            found = reader.top_matches(frozenset({"tea", "coffee"}), 200)
            assert len(found.candidates) + found.restricted == 80 - len(reader.memories("rejected"))
        finally:
            reader.close()
