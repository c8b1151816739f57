"""The machine's faults, from PostgreSQL, in the words every store uses (`core.store.StoreFault`): a
read-only transaction and a lock held past the lock timeout are each their fault's sentence, which the
tools give to the assistant, and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from personakit_plugin.core.store import StoreBusy, StoreReadOnly
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from personakit_store_postgres import PostgresStore


def database_setting(url: str, name: str, value: str) -> None:
    """Set a parameter for every new session on the test's database."""
    database = conninfo_to_dict(url)["dbname"]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("ALTER DATABASE {} SET {} = {}").format(
                sql.Identifier(str(database)), sql.Identifier(name), sql.Literal(value)
            )
        )


@pytest.fixture
def opened(postgres_url: str) -> Iterator[list[PostgresStore]]:
    stores: list[PostgresStore] = []
    yield stores
    for store in stores:
        store.close()


def test_a_read_only_database_is_the_read_only_fault_and_reads_still_work(postgres_url, opened):
    first = PostgresStore.open(postgres_url)
    opened.append(first)
    first.propose("Keeps two owls", "my two owls", "background", 1.0)
    database_setting(postgres_url, "default_transaction_read_only", "on")
    store = PostgresStore.open(postgres_url)
    opened.append(store)

    with pytest.raises(StoreReadOnly) as refused:
        store.propose("Plays the oboe", "I play the oboe", "tools", 2.0)

    assert str(refused.value) == StoreReadOnly.sentence
    assert [m.text for m in store.memories()] == ["Keeps two owls"]


def test_a_lock_held_past_the_lock_timeout_is_the_busy_fault_and_writes_nothing(postgres_url, opened):
    first = PostgresStore.open(postgres_url)
    opened.append(first)
    first.propose("Keeps two owls", "my two owls", "background", 1.0)
    database_setting(postgres_url, "lock_timeout", "200ms")
    store = PostgresStore.open(postgres_url)
    opened.append(store)

    with psycopg.connect(postgres_url) as holder, holder.transaction():
        holder.execute("SELECT pg_advisory_xact_lock(%s)", (store._lock,))  # what every write takes first
        with pytest.raises(StoreBusy) as refused:
            store.propose("Plays the oboe", "I play the oboe", "tools", 2.0)

    assert str(refused.value) == StoreBusy.sentence
    assert [m.text for m in store.memories()] == ["Keeps two owls"]
