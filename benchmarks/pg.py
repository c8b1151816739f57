"""The PostgreSQL side of the benchmark: a throwaway cluster, the synthetic stores copied into it, and
the processes that do a server's database work.

    with pg.Postgres.start() as postgres:        # raises throwaway.Unavailable, with the reason
        timing = postgres.restore("s1000", dump)  # a fresh database filled by PostgresStore.restore
        postgres.settle("s1000")                  # VACUUM ANALYZE + CHECKPOINT: as autovacuum leaves it
        url = postgres.create("run1", template="s1000")

The cluster comes from `personakit_store_postgres.throwaway`: a fresh PostgreSQL on loopback with
its defaults (`fsync` and `synchronous_commit` on, so a commit is durable when it returns), stopped
and removed when the `with` block ends, whatever happens in it. A store is filled once per size by
`PostgresStore.restore` of the SQLite store's dump (batched, COPY); every run that writes gets its own
`CREATE DATABASE ... TEMPLATE` copy of it, which is much quicker than a second restore.

Needs the `personakit-store-postgres` package (and so psycopg); `run.py` imports this module only
when the PostgreSQL backend is asked for.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import proc
import psycopg
from personakit_store_postgres import PostgresStore, throwaway
from personakit_store_postgres.store import DEFAULT_SCHEMA
from psycopg import sql

from personakit_plugin.core.model import ExportedMemory

__all__ = ["Postgres", "Restore", "Unavailable"]

Unavailable = throwaway.Unavailable
PLUGIN = "store-postgres"  # the entry point name PERSONAKIT_PLUGINS takes


@dataclass(frozen=True)
class Restore:
    """One `PostgresStore.restore` into a fresh database: open (the schema), restore, close."""

    seconds: float
    client_cpu: float  # CPU seconds of this process (ids, words, COPY encoding)
    server_cpu: float  # CPU seconds of the PostgreSQL backends of that database, when measurable
    created: int


class Postgres:
    """A running throwaway cluster and an autocommit connection to its `postgres` database, to make,
    copy and drop databases and to find the backends serving one."""

    def __init__(self, cluster: throwaway.Cluster) -> None:
        self.cluster = cluster
        self.admin: psycopg.Connection[Any] = psycopg.connect(cluster.url, autocommit=True, connect_timeout=10)

    @classmethod
    def start(cls) -> Postgres:
        """Start a cluster (installing PostgreSQL first when it is missing and we may); raises
        `Unavailable` with the reason when it cannot be had."""
        cluster = throwaway.start()
        try:
            return cls(cluster)
        except BaseException:
            cluster.stop()
            raise

    def stop(self) -> None:
        try:
            self.admin.close()
        finally:
            self.cluster.stop()

    def __enter__(self) -> Postgres:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()

    # -- databases ----------------------------------------------------------------------------

    def url(self, name: str) -> str:
        return self.cluster.database_url(name)

    def create(self, name: str, template: str | None = None) -> str:
        """A database `name` (dropped first if it exists): empty, or a copy of `template`."""
        self.drop(name)
        statement = sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
            sql.Identifier(name), sql.Identifier(template or "template0")
        )
        self.admin.execute(statement)
        return self.url(name)

    def drop(self, name: str) -> None:
        self.admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def restore(self, name: str, dump: Sequence[ExportedMemory], pids: bool = True) -> Restore:
        """Fill a fresh database `name` with `PostgresStore.restore(dump)`, timed from opening the store
        (which creates the schema) to closing it."""
        url = self.create(name)
        started, cpu = time.perf_counter(), time.process_time()
        store = PostgresStore.open(url, schema=DEFAULT_SCHEMA)
        try:
            before = backend_cpu(self.backends(name)) if pids else {}
            created = len(store.restore(dump).created)
            after = backend_cpu(self.backends(name)) if pids else {}
        finally:
            store.close()
        seconds, client = time.perf_counter() - started, time.process_time() - cpu
        server = sum(value - before.get(pid, 0.0) for pid, value in after.items()) if pids else float("nan")
        return Restore(seconds, client, server, created)

    def settle(self, name: str) -> None:
        """Bring a freshly restored database to the state autovacuum leaves it in within a minute or
        so (planner statistics, visibility map), and write everything out, so neither happens in the
        middle of a measurement."""
        with psycopg.connect(self.url(name), autocommit=True, connect_timeout=10) as conn:
            conn.execute("VACUUM (ANALYZE)")
        self.checkpoint()

    def checkpoint(self) -> None:
        self.admin.execute("CHECKPOINT")

    def database_bytes(self, name: str) -> int:
        row = self.admin.execute("SELECT pg_database_size(%s)", (name,)).fetchone()
        return int(row[0]) if row else 0

    def backends(self, name: str) -> list[int]:
        """The process ids of the client backends connected to database `name` (not ours)."""
        rows = self.admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend' "
            "AND pid <> pg_backend_pid()",
            (name,),
        ).fetchall()
        return [int(pid) for (pid,) in rows]

    # -- facts and floors ---------------------------------------------------------------------

    def about(self) -> dict[str, str]:
        rows = self.admin.execute(
            "SELECT name, setting, unit FROM pg_settings WHERE name IN "
            "('server_version', 'shared_buffers', 'work_mem', 'fsync', 'synchronous_commit', 'wal_sync_method')"
        ).fetchall()
        found = {name: f"{setting}{'' if not unit else ' x ' + unit}" for name, setting, unit in rows}
        return {
            "postgresql": found.get("server_version", "?"),
            "postgresql settings": ", ".join(
                f"{key} {found[key]}"
                for key in ("shared_buffers", "work_mem", "fsync", "synchronous_commit", "wal_sync_method")
                if key in found
            ),
        }

    def commit_ms(self, count: int = 200) -> list[float]:
        """The floor under a durable proposal on PostgreSQL: one small one-row INSERT in autocommit (a
        commit each) from a fresh connection over TCP loopback, as the store's connections are."""
        url = self.create("commit_floor")
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                conn.execute("CREATE TABLE t (a text)")
                samples = []
                for index in range(count):
                    started = time.perf_counter()
                    conn.execute("INSERT INTO t VALUES (%s)", (f"row {index} " * 8,))
                    samples.append((time.perf_counter() - started) * 1e3)
                return samples
        finally:
            self.drop("commit_floor")


def backend_cpu(pids: Sequence[int]) -> dict[int, float]:
    """User plus system CPU seconds of each process in `pids` that still runs."""
    found = {pid: proc.cpu_seconds(pid) for pid in pids}
    return {pid: value for pid, value in found.items() if value == value}


def stored(url: str, ids: Sequence[str]) -> bool:
    """Every id in `ids` is a memory in the store at `url`, as a fresh `PostgresStore` sees it."""
    store = PostgresStore.open(url, schema=DEFAULT_SCHEMA)
    try:
        return len(store.states(set(ids))) == len(set(ids))
    finally:
        store.close()


def environ(url: str) -> dict[str, str]:
    """The environment that makes PersonaKit serve the store at `url` (only the PostgreSQL plugin loaded)."""
    return {"PERSONAKIT_PLUGINS": PLUGIN, "PERSONAKIT_POSTGRES_URL": url, "PERSONAKIT_POSTGRES_SCHEMA": DEFAULT_SCHEMA}
