"""`personakit doctor` on the PostgreSQL store: it checks what the store says of itself (`Describes`) on a
schema opened only to be looked at, which it never creates, migrates or changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg

from personakit_store_postgres import PostgresStore
from personakit_store_postgres.schema import SCHEMA_VERSION
from personakit_store_postgres.store import location_of

SCHEMA = "pk_doctor"
OK, WARN, FAIL = "ok", "warn", "fail"


def environ(url: str) -> dict[str, str]:
    return {
        "PERSONAKIT_PLUGINS": "store-postgres",
        "PERSONAKIT_POSTGRES_URL": url,
        "PERSONAKIT_POSTGRES_SCHEMA": SCHEMA,
    }


def findings(folder: Path, url: str) -> list[tuple[str, str]]:
    """What `personakit doctor --json` finds of the store, as (level, sentence)."""
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), "doctor", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(folder.parent / "home"), **environ(url)},
        stdin=subprocess.DEVNULL,
    )
    said = json.loads(done.stdout)
    return [(found["level"], found["message"]) for found in said["findings"] if found["check"] == "store"]


def schemas(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {name for (name,) in conn.execute("SELECT nspname FROM pg_namespace")}


def test_doctor_on_an_empty_database_creates_no_schema(postgres_url: str, tmp_path: Path) -> None:
    found = findings(tmp_path / "data", postgres_url)

    where = location_of(postgres_url)
    assert found == [(WARN, f"There is no PostgreSQL database at {where} yet; it is created on first use.")]
    assert SCHEMA not in schemas(postgres_url)
    assert not (tmp_path / "data").exists()


def test_doctor_checks_the_postgres_store_it_would_open(postgres_url: str, tmp_path: Path) -> None:
    store = PostgresStore.open(postgres_url, schema=SCHEMA)
    try:
        tea = store.propose("Prefers green tea", "I like green tea", "preferences", 1.0).id
        store.propose("Takes notes in meetings", "my notes", "work-style", 2.0)
        store.decide(tea, "approve", 3.0)
        described = store.describe()
    finally:
        store.close()

    found = findings(tmp_path / "data", postgres_url)

    where = location_of(postgres_url)
    assert found[:2] == [(OK, f"Schema version {SCHEMA_VERSION}."), (OK, "Integrity check passed.")]
    level, said = found[2]
    assert level == OK and said.startswith(f"PostgreSQL store at {where}: 2 memories, 2 quotes, 1 decisions"), said
    assert len(found) == 3
    assert described.backend == "PostgreSQL" and described.sizes and sum(described.sizes.values()) > 0


def test_doctor_finds_what_the_rows_do_not_hold_together_and_changes_nothing(postgres_url: str, tmp_path: Path) -> None:
    PostgresStore.open(postgres_url, schema=SCHEMA).close()
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"INSERT INTO {SCHEMA}.quotes (memory_id, seq, quote) VALUES ('m_000000000000', 1, 'orphan')")
        conn.execute(f"UPDATE {SCHEMA}.schema_version SET version = {SCHEMA_VERSION - 1}")

    found = findings(tmp_path / "data", postgres_url)

    assert (WARN, f"Schema version {SCHEMA_VERSION - 1}; it is upgraded to {SCHEMA_VERSION} when next opened.") in found
    assert (FAIL, "Integrity check failed: 1 quotes belong to no memory.") in found
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute(f"SELECT version FROM {SCHEMA}.schema_version").fetchone() == (SCHEMA_VERSION - 1,)


def test_doctor_fails_on_another_programs_schema(postgres_url: str, tmp_path: Path) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {SCHEMA}")
        conn.execute(f"CREATE TABLE {SCHEMA}.theirs (x integer)")

    found = findings(tmp_path / "data", postgres_url)

    assert found == [(FAIL, f"{location_of(postgres_url)} is not a PersonaKit database (schema version 0).")]
