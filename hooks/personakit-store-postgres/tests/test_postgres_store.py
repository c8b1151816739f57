"""What the PostgreSQL store does beyond the shared contract: its configuration, its schema, erasure
in the database's own files, and the errors an owner sees."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgspec
import psycopg
import pytest
from personakit_plugin import PersonaKit, content_words
from personakit_plugin.backend import Config, SqliteStore, StoreError, legacy_memory_id
from personakit_plugin.testing import id_of
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

import personakit_store_postgres
from personakit_store_postgres import PostgresStore, connection_string
from personakit_store_postgres.schema import SCHEMA_VERSION
from personakit_store_postgres.store import _migrate, word_key


@pytest.fixture
def store(postgres_url: str) -> PostgresStore:
    opened = PostgresStore.open(postgres_url)
    yield opened
    opened.close()


def kit_on(url: str, folder: Path, **more: str) -> PersonaKit:
    return PersonaKit.open(
        folder, environ={"PERSONAKIT_PLUGINS": "store-postgres", "PERSONAKIT_POSTGRES_URL": url, **more}
    )


# -- configuration ---------------------------------------------------------------------------


def test_the_installed_plugin_opens_postgres_when_a_url_is_given(postgres_url: str, tmp_path: Path) -> None:
    kit = kit_on(postgres_url, tmp_path / "data")
    try:
        assert isinstance(kit.store, PostgresStore)
        assert "store-postgres" in dict(kit.pm.list_name_plugin())
        assert kit.propose("Prefers tea", "I like tea", "preferences").stored
    finally:
        kit.close()
    assert not (tmp_path / "data" / "personakit.sqlite3").exists()


def test_without_a_url_the_default_sqlite_store_opens(tmp_path: Path) -> None:
    kit = PersonaKit.open(tmp_path / "data", environ={"PERSONAKIT_PLUGINS": "store-postgres"})
    try:
        assert isinstance(kit.store, SqliteStore)
    finally:
        kit.close()


def test_the_url_can_be_in_a_private_file_in_the_data_folder(postgres_url: str, tmp_path: Path) -> None:
    (tmp_path / "postgres-url").write_text(postgres_url + "\n")
    (tmp_path / "postgres-url").chmod(0o600)
    assert connection_string(Config(data_dir=tmp_path, environ={})) == postgres_url
    assert connection_string(Config(data_dir=tmp_path, environ={"PERSONAKIT_POSTGRES_URL": "x"})) == "x"
    (tmp_path / "postgres-url").chmod(0o644)
    with pytest.raises(StoreError, match="chmod 600"):
        connection_string(Config(data_dir=tmp_path, environ={}))
    (tmp_path / "postgres-url").write_text("  \n")
    (tmp_path / "postgres-url").chmod(0o600)
    with pytest.raises(StoreError, match="is empty"):
        connection_string(Config(data_dir=tmp_path, environ={}))


def test_the_schema_can_be_named_so_one_database_holds_separate_memories(postgres_url: str, tmp_path: Path) -> None:
    work = kit_on(postgres_url, tmp_path / "a", PERSONAKIT_POSTGRES_SCHEMA="work")
    home = kit_on(postgres_url, tmp_path / "b", PERSONAKIT_POSTGRES_SCHEMA="home")
    try:
        work.propose("Uses vim at work", "vim", "tools")
        assert [m.text for m in work.store.memories()] == ["Uses vim at work"]
        assert home.store.memories() == []
    finally:
        work.close()
        home.close()


def test_the_location_shows_no_password(postgres_url: str) -> None:
    params = conninfo_to_dict(postgres_url)
    store = PostgresStore.open(postgres_url)
    try:
        assert store.location == f"postgresql://{params['user']}@{params['host']}:{params['port']}/{params['dbname']}"
        if params.get("password"):
            assert str(params["password"]) not in store.location
    finally:
        store.close()


# -- errors ------------------------------------------------------------------------------------


def test_an_unreachable_server_is_one_sentence_naming_it_without_the_password() -> None:
    with pytest.raises(StoreError) as caught:
        PostgresStore.open("postgresql://someone:hunter2@127.0.0.1:1/memory")
    message = str(caught.value)
    assert message.startswith("PersonaKit cannot reach PostgreSQL at postgresql://someone@127.0.0.1:1/memory (")
    assert "hunter2" not in message and message.count("\n") == 0


def test_a_wrong_password_is_said(postgres_url: str) -> None:
    params = conninfo_to_dict(postgres_url)
    if not params.get("password"):
        pytest.skip("the test server takes no password")
    with pytest.raises(StoreError, match="password authentication failed"):
        PostgresStore.open(make_conninfo(postgres_url, password="not-the-password"))


def test_a_malformed_url_is_one_sentence() -> None:
    with pytest.raises(StoreError, match="connection string is not valid"):
        PostgresStore.open("postgresql://[::1")


def test_another_programs_schema_is_left_alone(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("CREATE SCHEMA personakit")
        conn.execute("CREATE TABLE personakit.memories (id int)")
    with pytest.raises(StoreError, match="belongs to another program"):
        PostgresStore.open(postgres_url)
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'personakit'"
        ).fetchone() == (1,)


def test_a_newer_schema_is_refused_and_left_as_it_is(store: PostgresStore, postgres_url: str) -> None:
    store.close()
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("UPDATE personakit.schema_version SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match="newer than this PersonaKit store knows"):
        PostgresStore.open(postgres_url)
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT version FROM personakit.schema_version").fetchone() == (SCHEMA_VERSION + 1,)


def test_servers_opening_a_new_database_at_once_create_the_schema_once(postgres_url: str) -> None:
    opened: list[PostgresStore] = []
    failures: list[BaseException] = []
    start = threading.Barrier(6)

    def open_one() -> None:
        start.wait()
        try:
            opened.append(PostgresStore.open(postgres_url))
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert failures == [] and len(opened) == 6
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT version FROM personakit.schema_version").fetchall() == [(SCHEMA_VERSION,)]
    finally:
        for each in opened:
            each.close()


def test_a_schema_3_store_keys_its_ids_and_keeps_every_old_one_working(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 4 keys ids with a secret of the schema: every id already issued stays, aliases whose text
    is known are re-keyed, and the plain hash of a text the schema no longer holds (a rejected memory's
    id) stays a fallback, so re-proposals map to the same memories."""
    monkeypatch.setattr(personakit_store_postgres.store, "SCHEMA_VERSION", 3)
    tea, garden = legacy_memory_id("Drinks green tea"), legacy_memory_id("Had a secret garden")
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        _migrate(conn, "the test database", "personakit")
        for memory, text, state in ((tea, "Drinks green tea", "approved"), (garden, None, "rejected")):
            conn.execute(
                "INSERT INTO personakit.memories (id, text, category, state, created, touched, approved_at, words) "
                "VALUES (%s, %s, 'other', %s, 1.0, 2.0, 0, %s::tsvector)",
                (memory, text, state, " ".join(word_key(w) for w in content_words(text or ""))),
            )
            conn.execute("INSERT INTO personakit.aliases (key, memory_id) VALUES (%s, %s)", (memory, memory))
        conn.execute(
            "INSERT INTO personakit.aliases (key, memory_id) VALUES (%s, %s)", (legacy_memory_id("Drinks tea"), tea)
        )
        conn.execute(
            "INSERT INTO personakit.previous_texts (memory_id, seq, text) VALUES (%s, 1, 'Drinks tea')", (tea,)
        )
    monkeypatch.undo()
    store = PostgresStore.open(postgres_url)
    try:
        with psycopg.connect(postgres_url) as conn:
            keys = dict(conn.execute("SELECT key, memory_id FROM personakit.aliases").fetchall())
        assert legacy_memory_id("Drinks tea") not in keys and keys[id_of(store, "Drinks tea")] == tea
        assert store.propose("drinks green tea", "q", "other", 3.0).id == tea
        assert store.propose("Drinks tea", "q", "other", 4.0).id == tea
        again = store.propose("Had a secret garden", "q", "other", 5.0)
        assert (again.id, again.state) == (garden, "rejected")
        fresh = store.propose("Plays chess", "q", "other", 6.0)
        assert fresh.id == id_of(store, "Plays chess") != legacy_memory_id("Plays chess")
    finally:
        store.close()
    other = PostgresStore.open(postgres_url, schema="another")
    try:  # another schema, another secret: the same text, another id
        assert other.propose("Plays chess", "q", "other", 1.0).id != fresh.id
    finally:
        other.close()


def test_a_schema_1_store_migrates_to_quotes_that_wait_and_keeps_its_own(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 2 adds `pending` and `accepted_by` to the quotes: the quotes a store already had are
    evidence, as they were; the ones proposed after the migration to an approved memory wait."""
    monkeypatch.setattr(personakit_store_postgres.store, "SCHEMA_VERSION", 1)
    memory = legacy_memory_id("Prefers tea")
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        _migrate(conn, "the test database", "personakit")
        assert conn.execute("SELECT version FROM personakit.schema_version").fetchone() == (1,)
        conn.execute(
            "INSERT INTO personakit.memories (id, text, category, state, created, touched, approved_at, words) "
            "VALUES (%s, 'Prefers tea', 'preferences', 'approved', 1.0, 3.0, 3.0, %s::tsvector)",
            (memory, " ".join(word_key(w) for w in content_words("Prefers tea"))),
        )
        conn.execute("INSERT INTO personakit.aliases (key, memory_id) VALUES (%s, %s)", (memory, memory))
        conn.execute(
            "INSERT INTO personakit.quotes (memory_id, seq, quote) VALUES (%(id)s, 1, 'tea please'), "
            "(%(id)s, 2, 'green tea too')",
            {"id": memory},
        )
    monkeypatch.undo()
    store = PostgresStore.open(postgres_url)
    try:
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT version FROM personakit.schema_version").fetchone() == (SCHEMA_VERSION,)
        kept = store.get(memory)
        assert kept is not None and (kept.quotes, kept.pending) == (("tea please", "green tea too"), ())
        store.propose("Prefers tea", "later words", "other", 4.0)
        assert store.quotes([memory]) == {memory: ("tea please", "green tea too")}
        later = store.get(memory)
        assert later is not None and later.pending == ("later words",)
    finally:
        store.close()


def test_a_schema_8_store_migrates_to_knowing_who_proposed_and_keeps_its_memories(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 9 records which connection proposed each new memory: the memories a store already had
    have no proposer and are listed as they were, with their waiting quotes; a new one has its proposer."""
    monkeypatch.setattr(personakit_store_postgres.store, "SCHEMA_VERSION", 8)
    old = PostgresStore.open(postgres_url)
    try:
        tea = old.propose("Prefers tea", "tea please", "preferences", 1.0).id
        old.decide(tea, "approve", 2.0)
        old.propose("Prefers tea", "green tea later", "preferences", 3.0)
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT version FROM personakit.schema_version").fetchone() == (8,)
    finally:
        old.close()
    monkeypatch.undo()
    kit = kit_on(postgres_url, tmp_path / "data")
    try:
        with psycopg.connect(postgres_url) as conn:
            assert conn.execute("SELECT version FROM personakit.schema_version").fetchone() == (SCHEMA_VERSION,)
        store = kit.store
        assert isinstance(store, PostgresStore)
        (listed,) = store.outlines()
        assert (listed.id, listed.state, listed.quotes, listed.pending) == (
            tea,
            "approved",
            ("green tea later",),
            ("green tea later",),
        )
        jazz = kit.propose("Likes jazz", "jazz", "preferences", client=("some-client", "2.0")).id
        (proposer,) = store.connections()
        assert (proposer.connection.client, proposer.connection.version, proposer.waiting) == ("some-client", "2.0", 1)
        assert store.proposers([tea, jazz]) == {jazz: proposer.connection.id}
    finally:
        kit.close()


def test_restore_numbers_quotes_after_the_gap_a_dropped_quote_left(store: PostgresStore) -> None:
    memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
    store.decide(memory, "approve", 2.0)
    for n, words in enumerate(("dropped words", "kept words")):
        store.propose("Prefers tea", words, "other", 3.0 + n)
    store.decide(memory, "drop-quote", 5.0, quote="dropped words")
    record = msgspec.structs.replace(store.dump()[0], quotes=("tea please", "imported words"), pending=())
    assert store.restore([record]).quotes_added == 1
    merged = store.get(memory)
    assert merged is not None
    assert (merged.quotes, merged.pending) == (
        ("tea please", "kept words", "imported words"),
        ("kept words", "imported words"),
    )


def test_connections_the_server_dropped_are_replaced(store: PostgresStore, postgres_url: str) -> None:
    memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        others = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        dropped = [pid for (pid,) in conn.execute(others).fetchall()]
        conn.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [dropped])
        # pg_terminate_backend only asks a session to end: wait until the server has ended them, so that the
        # store meets connections already dropped, not ones still being dropped (that race is one operation's
        # `StoreUnreachable`: test_postgres_faults, a connection ended mid-write).
        deadline = time.monotonic() + 10
        while conn.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [dropped]).fetchone() != (0,):
            assert time.monotonic() < deadline, "the server did not end the sessions it was asked to"
            time.sleep(0.05)
    assert dropped
    assert store.decide(memory, "approve", 2.0).after == "approved"
    assert store.states([memory]) == {memory: "approved"}


# -- the word index and the ranking ------------------------------------------------------------


def test_top_matches_is_the_default_ranking_of_matches_cut_to_the_limit(store: PostgresStore, tmp_path: Path) -> None:
    from personakit_plugin.backend import sort_key

    texts = [
        f"Drinks {a} tea with {b} at {c}"
        for a in ("green", "black")
        for b in ("milk", "honey")
        for c in ("nine", "ten")
    ]
    texts += ["Green bike", "Honey badger fan", "Milk allergy", "Ten pin bowling on Tuesdays"]
    ids = [store.propose(text, "q", "other", float(n % 3)).id for n, text in enumerate(texts)]
    for n, memory in enumerate(ids):
        action = ("approve", "restrict", None, "reject")[n % 4]
        if action:
            store.decide(memory, action, 10.0 + n)
    for question in ("green tea with milk", "honey", "ten", "bowling green", "nothing here"):
        words = content_words(question)
        everything = store.matches(words)
        expected = sorted((c for c in everything.candidates if c.matched >= 1), key=sort_key)  # the default's
        for limit in (1, 3, 7, 50):
            top = store.top_matches(words, limit)
            assert [c.memory.id for c in top.candidates] == [c.memory.id for c in expected[:limit]], question
            assert [c.matched for c in top.candidates] == [c.matched for c in expected[:limit]]
            assert top.restricted == everything.restricted


def test_the_store_has_every_optional_capability(store: PostgresStore) -> None:
    from personakit_plugin.backend import FinishesErasure, RanksInStore, Snapshots

    assert isinstance(store, Snapshots)
    assert isinstance(store, RanksInStore)
    assert isinstance(store, FinishesErasure)


def test_the_word_index_holds_hashes_of_the_words_and_no_text(store: PostgresStore, postgres_url: str) -> None:
    text = "Drinks green tea at nine"
    memory = store.propose(text, "q", "other", 1.0).id
    with psycopg.connect(postgres_url) as conn:
        row = conn.execute("SELECT tsvector_to_array(words) FROM personakit.memories WHERE id = %s", (memory,))
        assert sorted(row.fetchone()[0]) == sorted(word_key(w) for w in content_words(text))
        index = conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'memories_by_word'").fetchone()
        assert index is not None and "USING gin (words)" in index[0]
    assert word_key("tea") == word_key("tea") != word_key("teas")
    assert len(word_key("tea")) == 16 and "tea" not in word_key("tea")
    store.decide(memory, "edit", 2.0, text="Drinks black coffee")
    assert [c.memory.id for c in store.top_matches(content_words("black coffee"), 3).candidates] == [memory]
    assert store.top_matches(content_words("green tea"), 3).candidates == []
    store.decide(memory, "reject", 3.0)
    with psycopg.connect(postgres_url) as conn:
        row = conn.execute("SELECT words FROM personakit.memories WHERE id = %s", (memory,)).fetchone()
        assert row == ("",)


# -- erasure -----------------------------------------------------------------------------------

SECRET_TEXT = "Keeps an orchid greenhouse behind the garage"
SECRET_EDIT = "Keeps an orchid greenhouse in Zyrnwick"
SECRET_QUOTE = "nobody knows about my orchid greenhouse, codeword quillfeather"
MARKERS = (b"orchid", b"greenhouse", b"Zyrnwick", b"quillfeather")
DROPPED_QUOTE = "the spare key is under the flowerpot, codeword marblewhisk"
DROPPED_MARKERS = (b"flowerpot", b"marblewhisk")


def relation_bytes(postgres_cluster: object, url: str, schema: str = "personakit") -> bytes:
    """Every byte of every file of the schema's tables, indexes and TOAST tables, after a checkpoint."""
    data = getattr(postgres_cluster, "data", None)
    if data is None:
        pytest.skip("reading the database's files needs the throwaway cluster, not an external server")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
        paths = [
            path
            for (path,) in conn.execute(
                "SELECT pg_relation_filepath(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE (n.nspname = %s OR c.oid IN (SELECT reltoastrelid FROM pg_class k JOIN pg_namespace s "
                "ON s.oid = k.relnamespace WHERE s.nspname = %s)) AND c.relkind IN ('r', 'i', 't') ",
                (schema, schema),
            )
            if path
        ]
    assert len(paths) > 10
    found = b""
    for path in paths:
        for file in Path(data, path).parent.glob(Path(path).name + "*"):
            found += file.read_bytes()
    return found


def test_a_dropped_quote_and_a_reject_leave_the_text_in_no_live_page(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    for n in range(50):
        store.propose(f"Ordinary memory number {n} about the weather", f"said it {n} times", "other", float(n))
    memory = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 100.0).id
    store.decide(memory, "edit", 101.0, text=SECRET_EDIT)
    store.propose(SECRET_EDIT, SECRET_QUOTE + " again", "background", 102.0)
    # A quote waiting under an approved memory, accepted and made to wait again (old row versions), then dropped.
    walks = store.propose("Walks by the river every morning", "I walk by the river", "preferences", 103.0).id
    store.decide(walks, "approve", 104.0)
    store.propose("Walks by the river every morning", DROPPED_QUOTE, "other", 105.0)
    store.decide(walks, "accept-quote", 106.0, quote=DROPPED_QUOTE)
    store.undo(107.0)
    before = relation_bytes(postgres_cluster, postgres_url)
    assert all(marker in before for marker in MARKERS + DROPPED_MARKERS), "the test would see the text if it stayed"
    store.decide(walks, "drop-quote", 108.0, quote=DROPPED_QUOTE)
    dropped = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in DROPPED_MARKERS if marker in dropped] == []
    assert b"I walk by the river" in dropped and all(marker in dropped for marker in MARKERS)
    store.decide(memory, "reject", 109.0)
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in MARKERS if marker in after] == []
    assert b"Ordinary memory number 7" in after
    rejected = store.get(memory)
    assert rejected is not None and (rejected.state, rejected.text, rejected.quotes) == ("rejected", "", ())


def test_a_reject_held_up_by_another_connection_says_so_and_a_second_reject_finishes(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    memory = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 1.0).id
    with psycopg.connect(postgres_url) as other:
        other.execute("SELECT count(*) FROM personakit.quotes")  # an open transaction holding the table
        with pytest.raises(StoreError, match="reject it again to finish erasing"):
            store.decide(memory, "reject", 2.0)
        other.rollback()
    assert store.states([memory]) == {memory: "rejected"}
    assert store.decide(memory, "reject", 3.0).action == "reject"
    assert len(store.history(memory)) == 1
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in MARKERS if marker in after] == []


def erasures_marked(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM personakit.erasures").fetchone()
    assert row is not None
    return int(row[0])


def test_a_dropped_quote_held_up_by_another_connection_says_so_and_the_next_decision_finishes(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
    store.decide(memory, "approve", 2.0)
    store.propose("Prefers tea", DROPPED_QUOTE, "other", 3.0)
    with psycopg.connect(postgres_url) as other:
        other.execute("SELECT count(*) FROM personakit.quotes")  # an open transaction holding the table
        with pytest.raises(StoreError, match="your next decision finishes erasing it") as caught:
            store.decide(memory, "drop-quote", 4.0, quote=DROPPED_QUOTE)
        other.rollback()
    assert str(caught.value).endswith("erasing it.") and "\n" not in str(caught.value)
    held = store.get(memory)
    assert held is not None and held.quotes == ("tea please",) and erasures_marked(postgres_url) == 1
    store.decide(memory, "restrict", 5.0)
    assert erasures_marked(postgres_url) == 0
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in DROPPED_MARKERS if marker in after] == []


def test_an_erasure_waits_for_transactions_that_could_still_see_the_rows(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    """A transaction that began before the drop, whatever it reads, keeps the deleted row alive for
    VACUUM FULL, which would copy it into the new file: the store waits for it, or says so."""
    memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
    store.decide(memory, "approve", 2.0)
    store.propose("Prefers tea", DROPPED_QUOTE, "other", 3.0)
    with psycopg.connect(postgres_url) as other:
        other.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        other.execute("SELECT 1")  # a snapshot, but no lock on any PersonaKit table
        with pytest.raises(StoreError, match="another connection was still using its tables"):
            store.decide(memory, "drop-quote", 4.0, quote=DROPPED_QUOTE)
        assert erasures_marked(postgres_url) == 1
        store.decide(memory, "restrict", 5.0)  # still there: the mark stays, and nothing is said
        assert erasures_marked(postgres_url) == 1
        other.rollback()
    store.decide(memory, "approve", 6.0)
    assert erasures_marked(postgres_url) == 0
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in DROPPED_MARKERS if marker in after] == []


def test_an_erasure_held_up_is_finished_by_the_next_store_that_opens(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    memory = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 1.0).id
    with psycopg.connect(postgres_url) as other:
        other.execute("SELECT count(*) FROM personakit.memories")
        with pytest.raises(StoreError, match="reject it again to finish erasing"):
            store.decide(memory, "reject", 2.0)
    assert erasures_marked(postgres_url) == 1
    PostgresStore.open(postgres_url).close()
    assert erasures_marked(postgres_url) == 0
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in MARKERS if marker in after] == []


def test_finish_erasure_says_whether_an_erasure_held_up_is_done(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    memory = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 1.0).id
    assert store.finish_erasure() is True  # nothing to erase
    with psycopg.connect(postgres_url) as other:
        other.execute("SELECT count(*) FROM personakit.memories")
        with pytest.raises(StoreError, match="reject it again to finish erasing"):
            store.decide(memory, "reject", 2.0)
        assert store.finish_erasure(wait=0.1) is False
        assert erasures_marked(postgres_url) == 1
    assert store.finish_erasure() is True
    assert erasures_marked(postgres_url) == 0
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in MARKERS if marker in after] == []


def test_rejecting_many_at_once_erases_them_all(
    postgres_cluster: object, store: PostgresStore, postgres_url: str
) -> None:
    keep = store.propose("Ordinary memory about the weather", "it rains", "other", 1.0).id
    secret = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 2.0).id
    dropped = store.propose("Hides a spare key", DROPPED_QUOTE, "background", 3.0).id
    decisions = store.decide_many([secret, dropped], "reject", 4.0)
    assert [d.memory_id for d in decisions] == [secret, dropped] and erasures_marked(postgres_url) == 0
    after = relation_bytes(postgres_cluster, postgres_url)
    assert [marker for marker in MARKERS + DROPPED_MARKERS if marker in after] == []
    assert b"it rains" in after and store.states([keep]) == {keep: "unconfirmed"}


def test_a_role_that_cannot_rewrite_the_tables_is_told_and_the_owner_finishes(
    store: PostgresStore, postgres_url: str
) -> None:
    memory = store.propose(SECRET_TEXT, SECRET_QUOTE, "background", 1.0).id
    role = "helper_" + conninfo_to_dict(postgres_url)["dbname"]
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD 'helper-password'").format(sql.Identifier(role)))
        conn.execute(sql.SQL("GRANT USAGE ON SCHEMA personakit TO {}").format(sql.Identifier(role)))
        conn.execute(sql.SQL("GRANT ALL ON ALL TABLES IN SCHEMA personakit TO {}").format(sql.Identifier(role)))
        conn.execute(sql.SQL("GRANT ALL ON ALL SEQUENCES IN SCHEMA personakit TO {}").format(sql.Identifier(role)))
    helper = PostgresStore.open(make_conninfo(postgres_url, user=role, password="helper-password"))
    try:
        with pytest.raises(StoreError, match=f"{role} does not own"):
            helper.decide(memory, "reject", 2.0)
    finally:
        helper.close()
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))
    assert store.states([memory]) == {memory: "rejected"}
    store.decide(memory, "reject", 3.0)


def test_the_plugin_module_is_the_entry_point() -> None:
    from importlib.metadata import entry_points

    (found,) = [ep for ep in entry_points(group="personakit") if ep.name == "store-postgres"]
    assert found.load() is personakit_store_postgres


def test_doctor_says_the_memory_may_be_kept_by_the_plugin(postgres_url: str, tmp_path: Path) -> None:
    def plugins_found(**environ: str) -> list[tuple[str, str]]:
        """What `personakit doctor --json` finds of the plugins, as (level, sentence)."""
        done = subprocess.run(
            [sys.executable, "-m", "personakit_plugin", "--data-dir", str(tmp_path / "data"), "doctor", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "HOME": str(tmp_path / "home"), "PERSONAKIT_POSTGRES_URL": postgres_url, **environ},
            stdin=subprocess.DEVNULL,
        )
        return [(f["level"], f["message"]) for f in json.loads(done.stdout)["findings"] if f["check"] == "plugins"]

    found = plugins_found(PERSONAKIT_PLUGINS="store-postgres")
    assert any(level == "ok" and said.startswith("Storage plugin store-postgres is loaded") for level, said in found)
    assert not any("Storage plugin" in said for _, said in plugins_found(PERSONAKIT_PLUGINS=""))


def test_the_team_set_up_in_the_readme_lets_every_member_reject(postgres_url: str) -> None:
    """The README's recipe: one role owns the schema, each member's role is a member of it and
    connects with `options=-crole=...`; then any member's reject rewrites the tables."""
    suffix = str(conninfo_to_dict(postgres_url)["dbname"])
    owner, alice, bob = (f"{name}_{suffix}" for name in ("team", "alice", "bob"))
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(owner)))
        for member in (alice, bob):
            conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD 'member-password'").format(sql.Identifier(member)))
            conn.execute(sql.SQL("GRANT {} TO {}").format(sql.Identifier(owner), sql.Identifier(member)))
        conn.execute(sql.SQL("CREATE SCHEMA personakit AUTHORIZATION {}").format(sql.Identifier(owner)))

    def as_member(member: str) -> PostgresStore:
        return PostgresStore.open(
            make_conninfo(postgres_url, user=member, password="member-password", options=f"-crole={owner}")
        )

    first, second = as_member(alice), as_member(bob)
    try:
        memory = first.propose(SECRET_TEXT, SECRET_QUOTE, "background", 1.0).id
        assert second.decide(memory, "reject", 2.0).after == "rejected"
        with psycopg.connect(postgres_url) as conn:
            owners = conn.execute(
                "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'personakit'"
            ).fetchall()
        assert owners == [(owner,)]
    finally:
        first.close()
        second.close()
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute("DROP SCHEMA personakit CASCADE")
            for role in (alice, bob, owner):
                conn.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
                conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))
