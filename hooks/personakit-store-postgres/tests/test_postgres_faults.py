"""The machine's faults, from PostgreSQL, in the words every store uses (`core.store.StoreFault`): a
read-only transaction and a lock held past the lock timeout are each their fault's sentence, which the
tools give to the assistant, and nothing is written."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import psycopg
import pytest
from mcp import Client, StdioServerParameters
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult
from personakit_plugin import PersonaKit, mount
from personakit_plugin.backend import SqliteStore, StoreBusy, StoreFault, StoreFull, StoreReadOnly, StoreUnreachable
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from personakit_store_postgres import PostgresStore, throwaway


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@contextlib.contextmanager
def opened_sqlite(folder: Path) -> Iterator[SqliteStore]:
    store = SqliteStore.open(folder)
    try:
        yield store
    finally:
        store.close()


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


# -- the server stopped, a connection ended, the disk full -------------------------------------------
#
# Each is one sentence to the assistant (a tool error) and to the owner, and a proposal answered
# stored is there once the fault clears. These tests stop and start the server, so they take only
# the throwaway one (`own_cluster`, started again after each), and mount a tmpfs for the full disk
# (skipped, saying why, without root).

READ, PROPOSE = "personakit_read", "personakit_propose"
OWLS = ("Keeps two owls named Pip and Tuck", "my owls Pip and Tuck wake me at dawn", "background")
TIMEOUT = 120


@pytest.fixture
def own_cluster(postgres_cluster: throwaway.Server) -> throwaway.Cluster:
    """The session's server when it is a throwaway one, which these tests may stop and mount beside."""
    if not isinstance(postgres_cluster, throwaway.Cluster):
        pytest.skip("these tests stop the server and add a tablespace: a throwaway server is needed")
    return postgres_cluster


@pytest.fixture
def own_url(own_cluster: throwaway.Cluster) -> Iterator[str]:
    url = own_cluster.create_database()
    try:
        yield url
    finally:
        if not (own_cluster.data / "postmaster.pid").exists():
            own_cluster.resume()
        own_cluster.drop_database(str(conninfo_to_dict(url)["dbname"]))


def environment(url: str, folder: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update(
        {"PERSONAKIT_DATA_DIR": str(folder), "PERSONAKIT_PLUGINS": "store-postgres", "PERSONAKIT_POSTGRES_URL": url}
    )
    return environ


def owner(url: str, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """One of the owner's commands, as the owner runs it."""
    return subprocess.run(
        [sys.executable, "-m", "personakit_plugin", *args],
        env=environment(url, folder),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )


def listed(url: str, folder: Path) -> list[str]:
    done = owner(url, folder, "list", "--state", "all", "--json")
    assert done.returncode == 0, done.stderr
    return sorted(memory["text"] for memory in json.loads(done.stdout))


def sentence(fault: type[StoreFault], what: str = "take this proposal") -> str:
    """The tool error an assistant gets for a fault."""
    return f"PersonaKit could not {what}: {fault.sentence[0].lower()}{fault.sentence[1:]}"


def kit_on(url: str, folder: Path) -> PersonaKit:
    return PersonaKit.open(folder, environ=environment(url, folder))


def tool(kit: PersonaKit, name: str, *values: str) -> CallToolResult:
    """A tool called as an assistant calls it: the official client, in memory, on a server `mount` gave
    `kit` (`values` in the tool's order: text, quote, category; or question)."""
    server = MCPServer("faults")
    mount(server, kit)
    keys = ("question",) if name == READ else ("text", "quote", "category")

    async def call() -> CallToolResult:
        async with Client(server) as client:
            return await client.call_tool(name, dict(zip(keys, values, strict=False)))

    return anyio.run(call)


@pytest.mark.anyio
async def test_a_server_stopped_mid_session_is_one_sentence_and_what_was_stored_is_there_when_it_is_back(
    own_cluster, own_url, tmp_path
):
    folder = tmp_path / "data"
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "personakit_plugin"], env=environment(own_url, folder)
    )
    with anyio.fail_after(TIMEOUT):
        async with Client(parameters, read_timeout_seconds=60) as client:
            stored = await client.call_tool(PROPOSE, dict(zip(("text", "quote", "category"), OWLS, strict=True)))
            assert stored.structured_content["stored"] is True
            await anyio.to_thread.run_sync(own_cluster.halt)
            refused = await client.call_tool(PROPOSE, {"text": "Plays the oboe", "quote": "I play the oboe"})
            read = await client.call_tool(READ, {"question": "What are the owls called?"})
            told = await anyio.to_thread.run_sync(lambda: owner(own_url, tmp_path / "owner", "list"))
            await anyio.to_thread.run_sync(own_cluster.resume)
            again = await client.call_tool(PROPOSE, {"text": "Cycles to work", "quote": "I bike to the office"})

    assert refused.is_error and refused.content[0].text == sentence(StoreUnreachable)
    assert read.is_error and read.content[0].text == sentence(StoreUnreachable, "answer this read")
    assert told.returncode == 1 and len(told.stderr.splitlines()) == 1, told.stderr
    assert (
        told.stderr.startswith("personakit: PersonaKit cannot reach PostgreSQL at") and "Traceback" not in told.stderr
    )
    assert not again.is_error and again.structured_content["stored"] is True, "the same server goes on once it is back"
    assert listed(own_url, tmp_path / "owner") == sorted([OWLS[0], "Cycles to work"])


def _waiting_for_the_write_lock(url: str, store: PostgresStore) -> int:
    """The server process of the connection waiting for the store's write lock (another holds it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        for _ in range(400):
            row = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE %s",
                ("%pg_advisory_xact_lock%",),
            ).fetchone()
            if row is not None:
                return int(row[0])
            time.sleep(0.05)
    raise AssertionError("no write waited for the lock")


def test_a_connection_ended_mid_write_is_one_sentence_and_writes_nothing(postgres_url, tmp_path):
    kit = kit_on(postgres_url, tmp_path / "data")
    try:
        assert kit.propose(*OWLS).stored
        answers: list[CallToolResult] = []
        with psycopg.connect(postgres_url) as holder, holder.transaction():
            holder.execute("SELECT pg_advisory_xact_lock(%s)", (kit.store._lock,))
            writer = threading.Thread(target=lambda: answers.append(tool(kit, PROPOSE, "Plays the oboe", "I oboe")))
            writer.start()
            pid = _waiting_for_the_write_lock(postgres_url, kit.store)
            holder.execute("SELECT pg_terminate_backend(%s)", (pid,))
            writer.join(TIMEOUT)
        (refused,) = answers
        with psycopg.connect(postgres_url) as holder, holder.transaction():
            holder.execute("SELECT pg_advisory_xact_lock(%s)", (kit.store._lock,))
            failures: list[BaseException] = []

            def decide() -> None:
                try:
                    kit.store.decide(kit.store.memories()[0].id, "approve", 3.0)
                except StoreUnreachable as exc:
                    failures.append(exc)

            owners = threading.Thread(target=decide)
            owners.start()
            holder.execute("SELECT pg_terminate_backend(%s)", (_waiting_for_the_write_lock(postgres_url, kit.store),))
            owners.join(TIMEOUT)
        again = tool(kit, PROPOSE, "Plays the oboe", "I oboe")
        states = sorted((m.text, m.state) for m in kit.store.memories())
    finally:
        kit.close()

    assert refused.is_error and refused.content[0].text == sentence(StoreUnreachable)
    assert [str(failure) for failure in failures] == [StoreUnreachable.sentence], "the owner's review is told too"
    assert not again.is_error, "the next call gets a new connection"
    assert states == [(OWLS[0], "unconfirmed"), ("Plays the oboe", "unconfirmed")]


def test_connections_ended_while_idle_are_replaced_without_a_word(postgres_url, tmp_path):
    kit = kit_on(postgres_url, tmp_path / "data")
    try:
        assert kit.propose(*OWLS).stored
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            ended = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert ended is not None and ended[0] >= 1
        again = tool(kit, PROPOSE, "Plays the oboe", "I play the oboe")
        read = tool(kit, READ, "owls and oboe")
    finally:
        kit.close()
    assert not again.is_error and not read.is_error
    assert len(read.structured_content["memories"]) == 2


# -- a full disk -----------------------------------------------------------------------------------


@contextlib.contextmanager
def small_tablespace(cluster: throwaway.Cluster, url: str, tmp_path: Path, size: str = "2m") -> Iterator[str]:
    """A tablespace on a tmpfs of `size`, the default one of `url`'s database for the block; its name."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs for the test takes root")
    point = Path(tempfile.mkdtemp(prefix="personakit-tmpfs-"))  # the server's user must reach it
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(point)], capture_output=True, text=True
    )
    if done.returncode != 0:
        point.rmdir()
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or done.returncode})")
    name = f"small_{os.getpid()}"
    database = str(conninfo_to_dict(url)["dbname"])
    try:
        cluster.give(point)
        with psycopg.connect(cluster.url, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE TABLESPACE {} LOCATION {}").format(sql.Identifier(name), str(point)))
            conn.execute(
                sql.SQL("ALTER DATABASE {} SET default_tablespace = {}").format(
                    sql.Identifier(database), sql.Identifier(name)
                )
            )
        yield name
    finally:
        cluster.drop_database(database)
        with psycopg.connect(cluster.url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP TABLESPACE IF EXISTS {}").format(sql.Identifier(name)))
        subprocess.run(["umount", "-l", str(point)], capture_output=True)
        point.rmdir()


def fill(url: str) -> None:
    """Rows of random bytes in a table of the small tablespace until it holds no more."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE filler (b bytea)")
        conn.execute("ALTER TABLE filler ALTER COLUMN b SET STORAGE EXTERNAL")
        for size in (256 * 1024, 16 * 1024, 1024):
            with contextlib.suppress(psycopg.errors.DiskFull):
                while True:
                    conn.execute("INSERT INTO filler VALUES (%s)", (os.urandom(size),))


def test_a_full_disk_is_one_sentence_and_every_proposal_answered_stored_is_there_once_there_is_room(
    own_cluster, own_url, tmp_path
):
    with small_tablespace(own_cluster, own_url, tmp_path):
        kit = kit_on(own_url, tmp_path / "data")
        try:
            assert kit.propose(*OWLS).stored
            fill(own_url)
            stored, refused = [], None
            for n in range(400):  # what fits in the pages the tables have still goes in
                answer = tool(kit, PROPOSE, f"Knows the tune number {n} by heart", f"I can hum tune {n}", "other")
                if answer.is_error:
                    refused = answer
                    break
                stored.append(answer.structured_content["id"])
            read = tool(kit, READ, "What are the owls called?")
            exported = tmp_path / "more.json"
            sqlite_folder = tmp_path / "sqlite"
            with opened_sqlite(sqlite_folder) as other:
                other.bulk_propose(
                    (f"Collects stamp series {n}", f"series {n} is mine", "other", 1.0) for n in range(300)
                )
            made = subprocess.run(
                [sys.executable, "-m", "personakit_plugin", "--data-dir", str(sqlite_folder), "export"],
                env={k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")},
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
            exported.write_text(made.stdout, encoding="utf-8")
            assert made.returncode == 0, made.stderr
            imported = owner(own_url, tmp_path / "owner", "import", str(exported))
            with psycopg.connect(own_url, autocommit=True) as conn:
                conn.execute("DROP TABLE filler")
            again = tool(kit, PROPOSE, "Plays the oboe", "I play the oboe", "tools")
        finally:
            kit.close()
        own_cluster.halt()
        own_cluster.resume()
        done = owner(own_url, tmp_path / "owner", "list", "--json")
        assert done.returncode == 0, done.stderr
        texts = {memory["id"]: memory["text"] for memory in json.loads(done.stdout)}

    assert refused is not None, "the disk filled up"
    assert refused.is_error and refused.content[0].text == sentence(StoreFull)
    assert not read.is_error and [m["text"] for m in read.structured_content["memories"]] == [OWLS[0]]
    assert imported.returncode == 1 and imported.stderr.splitlines() == [f"personakit: {StoreFull.sentence}"]
    assert not again.is_error, "with room again, proposals are taken"
    assert set(stored) <= set(texts), "every proposal answered stored is there, the server stopped and started"
    assert not any(text.startswith("Collects stamp") for text in texts.values()), "the failed import wrote nothing"
