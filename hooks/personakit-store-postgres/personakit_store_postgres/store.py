"""PersonaKit's store in PostgreSQL: the same contract as the SQLite store, for a memory that several
machines or people share.

Safe for any number of processes on any number of machines: every write is one transaction that
first takes a transaction-level advisory lock (one per schema) and only then reads the rows it
changes, so writes to one memory happen one after another and a process never writes back a state
it read earlier. Reads take no lock; PostgreSQL gives each one a consistent snapshot. A write is
acknowledged after its commit, which PostgreSQL makes durable (`synchronous_commit` on, its default).

A reject deletes the text, category, quotes, words and replaced texts, and then rewrites the
tables that hold text (`VACUUM FULL`, once no transaction that began before the reject is left: it
would keep the deleted rows for that one) so the erased bytes stay in no live page; the word index
holds hashes of words, never words (`word_key`), so it needs no rewrite. A dropped quote (one that
waited for the owner under an approved memory) is deleted and its table rewritten the same way. Each
such decision is marked in `erasures` until its rewrite is done, so one that another connection held
up is finished by the next decision of any PersonaKit. What PostgreSQL can still hold after that
(write-ahead log, backups, replicas) is in the README.
"""

from __future__ import annotations

import hashlib
import os
import select
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext, suppress
from typing import Any

import psycopg
from personakit_plugin import EVERYTHING, Candidate, Document, Memory, View, as_shown, content_words
from personakit_plugin.backend import (
    DECISION_COLUMNS,
    MEMORY_COLUMNS,
    PROPOSER_COLUMNS,
    Changes,
    Connection,
    Decision,
    Description,
    ExportedMemory,
    Matches,
    Proposed,
    Proposer,
    Restored,
    Retirement,
    StoreBusy,
    StoreError,
    StoreFault,
    StoreFull,
    StoreIOError,
    StoreReadOnly,
    StoreUnreachable,
    TooManyWaiting,
    UnknownMemory,
    cursor_position,
    decision_from_row,
    decisions,
    derived_problem,
    exported,
    id_key,
    memories_with_quotes,
    memory_from_row,
    memory_id,
    order_by,
    proposer_from_row,
    proposers_problem,
    rank_case,
    readable_below,
    retirement,
    sort_key,
)
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from . import changes, inspection
from .schema import ERASED_TABLES, IDS_KEYED, MIGRATIONS, QUOTE_TABLES, SCHEMA_VERSION, own_tables

DEFAULT_SCHEMA = "personakit"
_FAULTS: dict[type[psycopg.Error], type[StoreFault]] = {
    psycopg.errors.DiskFull: StoreFull,
    psycopg.errors.ReadOnlySqlTransaction: StoreReadOnly,  # a standby, or default_transaction_read_only
    psycopg.errors.LockNotAvailable: StoreBusy,  # past the role's lock_timeout
    psycopg.errors.IoError: StoreIOError,
}
FAULTS = tuple(_FAULTS)
"""PostgreSQL's errors for the faults of the machine, and the `StoreFault` each is (`core.store`)."""


def _fault(exc: psycopg.Error) -> StoreFault:
    return next(fault for error, fault in _FAULTS.items() if isinstance(exc, error))()


CONNECT_TIMEOUT = 10
"""Seconds to wait for the server when opening the store or a pooled connection."""
REACH_WAIT = 2.0
"""Seconds a call waits for a pooled connection before asking whether the server is there at all: a
stopped server is said in about this long, not after `POOL_WAIT`."""
POOL_WAIT = 30.0
"""Seconds a call waits for a pooled connection, in all, while the server is there (others use them all)."""
ERASE_WAIT = 5.0
"""Seconds the rewrite after a reject or a dropped quote waits for other connections to be done with
the tables (and with transactions that began before the erasure)."""
FINISH_WAIT = 1.0
"""Seconds another decision (or a store opening) waits for them, to finish an erasure that was held up:
readers queue behind the rewrite while it waits, and that decision is not the one that erased."""

_DECISIONS = f"SELECT {DECISION_COLUMNS} FROM decisions"
_MATCHED = "length(words) - length(ts_delete(words, %(keys)s::text[]))"
"""How many of the question's words a memory's text holds: its words less those left without them."""
_HITS = (
    f"SELECT id, state, touched, {_MATCHED} AS matched FROM memories WHERE words @@ %(query)s::tsquery "
    "AND (%(all)s OR category = ANY(%(categories)s::text[]))"
)
"""The memories sharing a word with the question (the GIN index finds them), each with how many, in
the view's categories (`all` true for a view of every category)."""
_ORDER = order_by({"matched": "m.matched", "rank": rank_case("m.state"), "touched": "m.touched", "id": "m.id"})
"""The default ranking's order (`core.ranking`), over rows named `m` with a `matched` column."""
_FINAL_ORDER = order_by({"matched": "t.matched", "rank": rank_case("m.state"), "touched": "m.touched", "id": "m.id"})
"""The same order over memories named `m` beside their `matched` in `t`."""
_UNFINISHED = "SELECT EXISTS (SELECT 1 FROM erasures)"
"""Whether an erasure is marked but its rewrite not done yet (another connection held it up)."""
_OLDER_VIEWS = """SELECT EXISTS (
    SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid()
        AND (datname = current_database() OR datname IS NULL)
        AND (age(backend_xmin) >= age(%(xid)s::xid) OR age(backend_xid) >= age(%(xid)s::xid))
    UNION ALL SELECT 1 FROM pg_replication_slots WHERE age(xmin) >= age(%(xid)s::xid)
    UNION ALL SELECT 1 FROM pg_prepared_xacts WHERE age(transaction) >= age(%(xid)s::xid)
)"""
"""Whether a transaction (a session's, a prepared one's, or a replica's through its slot) began before
transaction `xid` ended, so that it may still see the rows `xid` deleted and VACUUM FULL keeps them."""

# What an erasing decision says when its rewrite cannot be done now, by what it erased: the start of
# the sentence, then what finishes the rewrite when the tables are busy, and when the role does not
# own them. Either way the rows are gone and the erasure stays marked for the next decision to finish.
_UNFINISHED_SAYS = {
    "memory": ("The memory was erased", "reject it again to finish erasing", "reject it again connected as"),
    "memories": ("The memories were erased", "reject them again to finish erasing", "reject them again connected as"),
    "quote": ("The quote was erased", "your next decision finishes erasing it", "make your next decision connected as"),
}


def location_of(url: str) -> str:
    """The connection string as the owner may read it: user, host, port and database, no password."""
    try:
        params = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise StoreError(f"The PostgreSQL connection string is not valid ({_first_line(exc)}).") from None
    user = f"{params['user']}@" if params.get("user") else ""
    host = str(params.get("host") or params.get("hostaddr") or "localhost")
    port = f":{params['port']}" if params.get("port") else ""
    return f"postgresql://{user}{host}{port}/{params.get('dbname') or ''}"


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0].rstrip(".")


def word_key(word: str) -> str:
    """How the word index holds a word: 16 hex digits (64 bits) of its SHA-256. The index then holds
    no text (a reject need not erase it separately); two of the words of one memory and one question
    would have to collide in 64 bits to count wrongly."""
    return hashlib.sha256(word.encode()).hexdigest()[:16]


def _vector(text: str) -> str:
    """The word index entry of a text, as a `tsvector` literal: its words' keys."""
    return " ".join(sorted({word_key(word) for word in content_words(text)}))


def _redaction_of_index(cur: psycopg.Cursor[Any]) -> bytes | None:
    """The name of the masking the schema's word index holds (`PostgresStore.index_as_shown`), if known."""
    row = cur.execute("SELECT value FROM meta WHERE name = 'index_redaction'").fetchone()
    return None if row is None else bytes(row[0])


def _question(words: frozenset[str]) -> dict[str, Any]:
    """The parameters of `_HITS` for the question words: their keys, and the query any of them matches."""
    keys = sorted({word_key(word) for word in words})
    return {"keys": keys, "query": " | ".join(keys)}


_QUOTES_OF = (
    "SELECT m.id, q.quote FROM memories m CROSS JOIN LATERAL (SELECT quote, seq FROM quotes "
    "WHERE memory_id = m.id AND NOT (pending AND m.state = 'approved') OFFSET 0) q "
    "WHERE m.id = ANY(%(ids)s::text[]) ORDER BY m.id, q.seq"
)
"""The quotes the owner has let stand of the memories `ids`, in order: a probe of the quotes' index per
memory. (`OFFSET 0` keeps PostgreSQL from flattening the subquery into a join it may do by hash: on a
store of a few thousand memories it read every quote for 20 ids.)"""


_READABLE = "m.state = ANY(%(states)s::text[]) AND (%(all)s OR m.category = ANY(%(categories)s::text[]))"
"""A memory (`m`) a read may return in the view that `states` and `_scope` give."""


def _scope(view: View) -> dict[str, Any]:
    """The parameters that keep a query to the view's categories: `all` when it names none."""
    return {"all": view.categories is None, "categories": sorted(view.categories or ())}


def _wait(wait: float | None, what: str | None) -> float:
    """How long an erasure waits for its tables: as asked, else long for the owner's erasing decision."""
    if wait is not None:
        return max(0.0, wait)
    return ERASE_WAIT if what else FINISH_WAIT


def _lock_key(schema: str) -> int:
    """The advisory lock every write to `schema` takes: 64 bits of a hash of its name."""
    return int.from_bytes(hashlib.sha256(f"personakit:{schema}".encode()).digest()[:8], "big", signed=True)


def _check_idle(conn: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection it hands out, without a round trip when it can: an idle
    connection receives nothing unless the server ended it (a restart, `pg_terminate_backend`, an
    idle timeout: PostgreSQL says so and closes it), so only one with something to read is pinged,
    which raises if the server is gone and makes the pool open a new one."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    waiting, _, _ = select.select([conn.fileno()], [], [], 0)
    if waiting:
        ConnectionPool.check_connection(conn)


@contextmanager
def _read_only(conn: psycopg.Connection[Any]) -> Iterator[None]:
    """A repeatable-read, read-only transaction on `conn`, begun in one statement with `BEGIN`."""
    conn.isolation_level, conn.read_only = psycopg.IsolationLevel.REPEATABLE_READ, True
    try:
        with conn.transaction():
            yield
    finally:
        with suppress(psycopg.Error):  # a connection that broke is the pool's to discard
            conn.isolation_level, conn.read_only = None, None


class PostgresStore:
    """The store in one schema of a PostgreSQL database. Open it with `PostgresStore.open(url)`."""

    def __init__(self, pool: ConnectionPool, location: str, schema: str) -> None:
        self.location = location
        self.schema = schema
        self._pool = pool
        self._lock = _lock_key(schema)
        self._local = threading.local()  # the connection of a `snapshot` in progress, per thread
        self._proposing = threading.local()  # the connection a `propose` on this thread records (`proposing`)
        self._cursor_prefix = changes.cursor_prefix()
        self.use_memory_index = True
        """Whether `top_matches` ranks on the in-memory word index (`storage.memory_index`), built at
        the first ranked read and kept current with the schema through its change log (`changes`);
        False ranks in SQL, as before it."""
        self._follower = changes.Follower()
        self._id_key = b""  # `words.id_key` of the schema's id secret, read when opened
        self._masked: Callable[[str], str] = str  # what the word index keys of a text not approved
        self._redaction: str | None = None  # the name of that masking (`index_as_shown`); None: unmasked

    @classmethod
    def open(
        cls, url: str, *, schema: str = DEFAULT_SCHEMA, max_connections: int = 4, look_only: bool = False
    ) -> PostgresStore:
        """Connect, create or migrate the schema, and keep a pool of up to `max_connections`. With
        `look_only` (`Config.look_only`, for `personakit doctor`) nothing is created, migrated or
        finished: only `describe` and `integrity` are asked of the store."""
        location = location_of(url)
        schema = schema.strip()
        if not schema or len(schema) > 63:
            raise StoreError(f"{schema!r} cannot be a PostgreSQL schema name; use 1 to 63 characters.")
        try:
            with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT, autocommit=True) as conn:
                if not look_only:
                    _migrate(conn, location, schema)
        except psycopg.OperationalError as exc:
            raise StoreError(
                f"PersonaKit cannot reach PostgreSQL at {location} ({_first_line(exc)}); "
                "check PERSONAKIT_POSTGRES_URL and that the server is running."
            ) from None
        except psycopg.Error as exc:
            raise StoreError(
                f"PostgreSQL at {location} refused to set up PersonaKit's tables ({_first_line(exc)})."
            ) from None

        search_path = sql.SQL("SET search_path TO {}").format(sql.Identifier(schema))

        def configure(conn: psycopg.Connection[Any]) -> None:
            conn.execute(search_path)

        pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, max_connections),
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            configure=configure,
            # A connection the server dropped (a restart, an idle timeout) is replaced, not handed out.
            check=_check_idle,
            timeout=30,
            open=False,
            name=f"personakit:{schema}",
        )
        try:
            pool.open(wait=True, timeout=CONNECT_TIMEOUT)
        except PoolTimeout:
            pool.close()
            raise StoreError(
                f"PersonaKit could connect to {location} once but not again; is it refusing connections?"
            ) from None
        store = cls(pool, location, schema)
        if look_only:
            return store
        store._id_key = id_key(store.id_secret())
        # An erasure another connection held up, if any (otherwise one lookup). A role that may not
        # finish it opens all the same: the mark waits for one that may.
        with suppress(psycopg.Error, StoreError):
            store._erase((), None)
        return store

    def close(self) -> None:
        self._pool.close()

    def describe(self) -> Description:
        """Where the schema is, its version, its tables' sizes and rows (`Describes`); only looks."""
        with self._connection() as conn, _read_only(conn), conn.cursor() as cur:
            return inspection.describe(cur, self.schema, self.location)

    def integrity(self) -> list[str]:
        """What PersonaKit's rows must hold together, checked (`inspection.integrity`); only looks."""
        with self._connection() as conn, _read_only(conn), conn.cursor() as cur:
            return inspection.integrity(cur, self.schema)

    # -- transactions ------------------------------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection for the block. The machine's faults inside are their `StoreFault`; a server
        that cannot be reached, or a connection lost (the server stopped or restarted, the session ended by
        `pg_terminate_backend`), is `StoreUnreachable`: the transaction in progress died with the session,
        so nothing of it was written (see the README for the one instant that cannot be told: a connection
        lost while the server commits)."""
        conn = self._take()
        try:
            yield conn
        except FAULTS as exc:
            raise _fault(exc) from None
        except psycopg.OperationalError:
            raise StoreUnreachable() from None
        finally:
            self._pool.putconn(conn)  # a broken connection is discarded, and a new one made in its place

    def _take(self) -> psycopg.Connection[Any]:
        """A connection from the pool. The pool holds none while the server is away (`_check_idle` drops
        those it ended) and waits for a new one: after `REACH_WAIT`, one direct attempt tells a server that
        is not there (`StoreUnreachable`) from one whose connections are all in use (wait on)."""
        try:
            return self._pool.getconn(timeout=REACH_WAIT)
        except PoolTimeout:
            pass
        conninfo = self._pool.conninfo
        try:
            with psycopg.connect(conninfo() if callable(conninfo) else conninfo, connect_timeout=CONNECT_TIMEOUT):
                pass
        except psycopg.Error:
            raise StoreUnreachable() from None
        try:
            return self._pool.getconn(timeout=POOL_WAIT - REACH_WAIT)
        except PoolTimeout:
            raise StoreError(
                f"No connection to PostgreSQL at {self.location} came free within {POOL_WAIT:.0f} seconds."
            ) from None

    @contextmanager
    def _write(self) -> Iterator[psycopg.Cursor[Any]]:
        """One read-committed transaction holding the schema's write lock: every statement after the
        lock sees every write committed before it was granted. The lock is taken before anything is
        written, so the rows the change log's trigger numbers are visible in number order (see
        `changes`); the log is trimmed at the end."""
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock,))
            yield cur
            changes.trim(cur)

    @contextmanager
    def _read(self) -> Iterator[psycopg.Cursor[Any]]:
        """A read inside the `snapshot` in progress on this thread, or in a transaction of its own."""
        held = getattr(self._local, "conn", None)
        if held is not None:
            with held.cursor() as cur:
                yield cur
            return
        with self._connection() as conn, _read_only(conn), conn.cursor() as cur:
            yield cur

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Make every read on this thread inside the block one repeatable-read transaction: one
        consistent view of the data. `PersonaKit.read` wraps a whole `personakit_read` in it."""
        if getattr(self._local, "conn", None) is not None:
            yield
            return
        with self._connection() as conn, _read_only(conn):
            self._local.conn = conn
            try:
                yield
            finally:
                self._local.conn = None

    # -- the assistant's side ---------------------------------------------------------------

    def propose(self, text: str, quote: str, category: str, now: float, view: View = EVERYTHING) -> Proposed:
        by: tuple[Connection, int] | None = getattr(self._proposing, "by", None)
        with self._write() as cur:
            if by is not None:
                _within_bound(cur, *by)
            proposed = decisions.propose(self._rows(cur), text, quote, category, now, view)
            if by is not None and proposed.new:
                _record_proposer(cur, proposed.id, by[0])
        return proposed

    # -- who proposed what (`KnowsProposers`) ------------------------------------------------

    @contextmanager
    def proposing(self, connection: Connection, most: int) -> Iterator[None]:
        """Inside it, a `propose` on this thread records `connection` as its new memory's proposer, and is
        refused with `TooManyWaiting` when `most` memories it proposed are still unconfirmed. The count is
        taken in the proposal's transaction, under the write lock: it holds across every server."""
        before = getattr(self._proposing, "by", None)
        self._proposing.by = (connection, most)
        try:
            yield
        finally:
            self._proposing.by = before

    def connections(self) -> list[Proposer]:
        """Every connection that proposed a memory the schema still has, the latest to propose first."""
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {PROPOSER_COLUMNS}, count(*) FILTER (WHERE m.state = 'unconfirmed'), "
                "count(*), max(m.created) FROM connections c JOIN memories m ON m.proposed_by = c.id "
                "GROUP BY c.id ORDER BY 7 DESC, c.id"
            ).fetchall()
        return [proposer_from_row(row) for row in rows]

    def restore_proposers(self, connections: Collection[Connection], proposers: Mapping[str, str]) -> None:
        """Record these connections and each memory's proposer, all or nothing (`RestoresProposers`)."""
        problem = proposers_problem(connections, proposers)
        if problem is not None:
            raise StoreError(problem)
        with self._write() as cur:
            cur.executemany(
                "INSERT INTO connections (id, client, version, started) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (id) DO NOTHING",
                [(c.id, c.client, c.version, c.started) for c in connections],
            )
            memories, by = list(proposers), list(proposers.values())
            found = cur.execute(
                "UPDATE memories m SET proposed_by = p.connection "
                "FROM unnest(%s::text[], %s::text[]) AS p (memory, connection) WHERE m.id = p.memory RETURNING m.id",
                (memories, by),
            ).fetchall()
            if len(found) != len(memories):
                missing = sorted(set(memories) - {row[0] for row in found})
                raise UnknownMemory(missing[0])

    def proposed_by(self, ids: Collection[str], since: float | None, until: float | None) -> list[Memory]:
        """The unconfirmed memories the connections `ids` proposed in [since, until), newest first."""
        wanted = sorted(set(ids))
        if not wanted:
            return []
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE proposed_by = ANY(%(ids)s::text[]) "
                "AND state = 'unconfirmed' AND (%(since)s::float8 IS NULL OR created >= %(since)s) "
                "AND (%(until)s::float8 IS NULL OR created < %(until)s) ORDER BY created DESC, id",
                {"ids": wanted, "since": since, "until": until},
            ).fetchall()
        return [memory_from_row(row) for row in rows]

    def proposers(self, ids: Collection[str]) -> dict[str, str]:
        """The connection that proposed each memory of `ids`, where the schema recorded one."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        with self._read() as cur:
            return dict(
                cur.execute(
                    "SELECT id, proposed_by FROM memories WHERE id = ANY(%s::text[]) AND proposed_by IS NOT NULL",
                    (wanted,),
                ).fetchall()
            )

    def _rows(self, cur: psycopg.Cursor[Any]) -> _PostgresRows:
        if self._redaction is None:  # written unmasked: the next kit to open the schema keys it again
            cur.execute("DELETE FROM meta WHERE name = 'index_redaction'")
        return _PostgresRows(cur, self._id_key, self._vector)

    def _read_rows(self, cur: psycopg.Cursor[Any]) -> _PostgresRows:
        """`_rows` for a lookup in a read-only transaction (`_read`): it writes nothing."""
        return _PostgresRows(cur, self._id_key, self._vector)

    def _vector(self, text: str, state: str) -> str:
        """The word index entry of a memory's text in `state`: the keys of the words a read shows of
        it (`as_shown`: masked unless approved)."""
        return _vector(as_shown(text, state, self._masked))

    def index_as_shown(self, masked: Callable[[str], str], redaction: str) -> None:
        """Key the word index on the words a read shows, masked by `masked` (see `IndexesAsShown`): the
        schema keeps the name of the masking its index holds (`meta.index_redaction`); under another,
        the words of every memory that is not approved are keyed again first, in one transaction."""
        self._masked, self._redaction = masked, redaction
        wanted = redaction.encode("utf-8")
        with self._read() as cur:
            if _redaction_of_index(cur) == wanted:
                return
        with self._write() as cur:
            if _redaction_of_index(cur) == wanted:  # another server did it meanwhile
                return
            memories = cur.execute(
                "SELECT id, text, state FROM memories WHERE text IS NOT NULL AND state <> 'approved' ORDER BY id"
            ).fetchall()
            with changes.unlogged(cur) if len(memories) >= changes.UNLOGGED_FROM else nullcontext():
                for memory, text, state in memories:
                    cur.execute(
                        "UPDATE memories SET words = %s::tsvector WHERE id = %s", (self._vector(text, state), memory)
                    )
            cur.execute(
                "INSERT INTO meta (name, value) VALUES ('index_redaction', %s) "
                "ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value",
                (wanted,),
            )

    def id_secret(self) -> bytes:
        """The secret this schema derives its ids from (see `KeepsIdSecret`)."""
        with self._read() as cur:
            row = cur.execute("SELECT value FROM meta WHERE name = 'id_secret'").fetchone()
        assert row is not None
        return bytes(row[0])

    def adopt_id_secret(self, secret: bytes) -> None:
        """Derive ids from `secret` from now on; only while the schema has no memory (see `KeepsIdSecret`)."""
        with self._write() as cur:
            if cur.execute("SELECT 1 FROM memories LIMIT 1").fetchone():
                raise StoreError(
                    f"Schema {self.schema!r} in {self.location} already holds memories; its ids cannot change."
                )
            cur.execute("UPDATE meta SET value = %s WHERE name = 'id_secret'", (secret,))
        self._id_key = id_key(secret)

    def matches(self, words: frozenset[str], view: View = EVERYTHING) -> Matches:
        if not words:
            return Matches([], 0)
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS}, {_MATCHED} FROM memories WHERE words @@ %(query)s::tsquery",
                _question(words),
            ).fetchall()
        shown = view.readable()  # a row's state is row[3], its category row[2]: `view.shows`, on rows
        candidates = [
            Candidate(memory=memory_from_row(row), matched=row[7])
            for row in rows
            if row[3] in shown and view.covers(row[2])
        ]
        return Matches(candidates, sum(1 for row in rows if row[3] == "restricted" and view.covers(row[2])))

    def top_matches(self, words: frozenset[str], limit: int, view: View = EVERYTHING) -> Matches:
        """The default ranking done in the store: the first `limit` memories `view` shows that share a word
        with `words`, in the contract's order (`core.ranking`: shared words, then approved before
        unconfirmed, then most recent `touched`, then id), and how many restricted memories in the
        view's categories match. The same as the default `personakit_rank` over
        `matches(words, view)` cut to `limit`.

        With `use_memory_index` (the default) it ranks on this server's index in memory, brought up
        to date inside the read's snapshot, which then reads the memories it chose; a read whose
        snapshot is older than the index (another thread's read moved it on) ranks in SQL."""
        if not words:
            return Matches([], 0)
        limit = max(1, limit)
        with self._read() as cur:
            if self.use_memory_index:
                found = self._top_in_memory(cur, words, limit, view)
                if found is not None:
                    return found
            return self._top_in_sql(cur, words, limit, view)

    def _top_in_memory(self, cur: psycopg.Cursor[Any], words: frozenset[str], limit: int, view: View) -> Matches | None:
        """`top_matches` on the index, or None when `cur`'s snapshot is older than the index."""
        hashed = {int(word_key(word), 16) for word in words}
        with self._follower.lock:
            index = self._follower.current(cur)
            if index is None:
                return None
            chosen, restricted = index.top(hashed, limit, readable_below(view), view.categories)
        if not chosen:
            return Matches([], restricted)
        rows = cur.execute(
            f"SELECT key, {MEMORY_COLUMNS} FROM memories WHERE key = ANY(%s)", ([key for key, _ in chosen],)
        ).fetchall()
        full = {row[0]: row[1:] for row in rows}
        candidates = [Candidate(memory=memory_from_row(full[key]), matched=matched) for key, matched in chosen]
        candidates.sort(key=sort_key)
        return Matches(candidates[:limit], restricted)

    @staticmethod
    def _top_in_sql(cur: psycopg.Cursor[Any], words: frozenset[str], limit: int, view: View) -> Matches:
        """`top_matches` ranked by PostgreSQL."""
        rows = cur.execute(
            f"WITH hits AS ({_HITS}), "
            "restricted AS (SELECT count(*) AS n FROM hits WHERE state = 'restricted'), "
            "top AS (SELECT * FROM hits m WHERE state = ANY(%(shown)s::text[]) "
            f"  ORDER BY {_ORDER} LIMIT %(limit)s) "
            f"SELECT {', '.join('m.' + c for c in MEMORY_COLUMNS.split(', '))}, t.matched, r.n "
            "FROM restricted r LEFT JOIN (top t JOIN memories m ON m.id = t.id) ON true "
            f"ORDER BY {_FINAL_ORDER}",
            {**_question(words), **_scope(view), "shown": list(view.readable()), "limit": limit},
        ).fetchall()
        # One row at least: the restricted count, beside nothing when no memory is shown.
        candidates = [Candidate(memory=memory_from_row(row), matched=row[7]) for row in rows if row[0] is not None]
        return Matches(candidates, rows[0][8])

    def approved(self, limit: int, exclude: Collection[str], view: View = EVERYTHING) -> list[Memory]:
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE state = 'approved' "
                "AND NOT (id = ANY(%(exclude)s::text[])) AND (%(all)s OR category = ANY(%(categories)s::text[])) "
                "ORDER BY approved_at DESC, id LIMIT %(limit)s",
                {"exclude": list(exclude), **_scope(view), "limit": max(0, limit)},
            ).fetchall()
        return [memory_from_row(row) for row in rows]

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        if not ids:
            return {}
        found: dict[str, list[str]] = {memory: [] for memory in ids}
        with self._read() as cur:
            # A pending quote is not evidence of its approved memory; every quote of another is shown.
            for memory, quote in cur.execute(
                "SELECT q.memory_id, q.quote FROM quotes q JOIN memories m ON m.id = q.memory_id "
                "WHERE q.memory_id = ANY(%s::text[]) AND NOT (q.pending AND m.state = 'approved') "
                "ORDER BY q.memory_id, q.seq",
                (list(found),),
            ):
                found[memory].append(quote)
        return {memory: tuple(quotes) for memory, quotes in found.items()}

    def changes(self, since: str | None) -> Changes:
        """The memories the change log names after the cursor `since` (`Follows`): every proposal,
        quote, decision, edit and reject of any server since then; a reset when the cursor is None, of
        another generation (a bulk restore) or older than the log holds."""
        with self._read() as cur:
            return changes.changes(cur, since, self._cursor_prefix)

    def documents(
        self,
        ids: Collection[str] | None,
        view: View = EVERYTHING,
        *,
        after: str | None = None,
        limit: int | None = None,
    ) -> list[Document]:
        """The memories of `ids` (every one when None) a read in `view` may return, with the quotes the
        owner has let stand, oldest first, or one page of them in id order (`Follows`)."""
        where = _READABLE
        page = ids is None and limit is not None
        if ids is not None:
            where += " AND m.id = ANY(%(ids)s::text[])"
        elif page:
            where += " AND m.id > %(after)s"
        args = {
            "states": list(view.readable()),
            **_scope(view),
            "ids": list(ids or ()),
            "after": after or "",
            "limit": limit,
        }
        columns = ", ".join(f"m.{column.strip()}" for column in MEMORY_COLUMNS.split(","))
        with self._read() as cur:
            order = " ORDER BY m.id LIMIT %(limit)s" if page else ""
            rows = cur.execute(f"SELECT {columns} FROM memories m WHERE {where}{order}", args).fetchall()
            if ids is not None or page:  # the quotes of the memories found, by the quotes' index
                statement, args = _QUOTES_OF, {"ids": [row[0] for row in rows]}
            else:
                statement = (
                    "SELECT q.memory_id, q.quote FROM quotes q JOIN memories m ON m.id = q.memory_id "
                    f"WHERE {where} AND NOT (q.pending AND m.state = 'approved') ORDER BY q.memory_id, q.seq"
                )
            quotes: dict[str, list[str]] = {}
            for memory, quote in cur.execute(statement, args):
                quotes.setdefault(memory, []).append(quote)
        return [Document.of(memory_from_row(row), tuple(quotes.get(row[0], ()))) for row in rows]

    # -- what retrievers derive (`KeepsDerived`) ---------------------------------------------

    def derived(self, kind: str, ids: Collection[str], view: View = EVERYTHING) -> dict[str, bytes]:
        """The rows of `kind` of those of `ids` a read in `view` may return (`KeepsDerived`)."""
        if not ids:
            return {}
        with self._read() as cur:
            rows = cur.execute(
                "SELECT m.id, d.data FROM memories m JOIN derived d ON d.memory_key = m.key "
                "JOIN derived_kinds k ON k.id = d.kind AND k.name = %(kind)s "
                f"WHERE {_READABLE} AND m.id = ANY(%(ids)s::text[])",
                {"kind": kind, "ids": list(ids), "states": list(view.readable()), **_scope(view)},
            ).fetchall()
        return {memory: bytes(data) for memory, data in rows}

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]:
        """Keep `rows` of the memories unchanged since the cursor `since` (`KeepsDerived`); the ids kept.
        The write lock orders it with every change: a change committed after the cursor is in the log."""
        problem = derived_problem(kind, rows)
        if problem:
            raise StoreError(problem)
        if not rows:
            return []
        with self._write() as cur:
            where = cur.execute(changes.WHERE_WE_ARE).fetchone()
            assert where is not None, "log_state has its one row from the migration on"
            generation, seq, trimmed = where
            followed = cursor_position(since, self._cursor_prefix, generation)
            if followed is None or followed < trimmed or followed > seq:
                return []
            cur.execute("INSERT INTO derived_kinds (name) VALUES (%s) ON CONFLICT (name) DO NOTHING", (kind,))
            found = cur.execute("SELECT id FROM derived_kinds WHERE name = %s", (kind,)).fetchone()
            assert found is not None
            fresh = cur.execute(
                "SELECT key, id FROM memories WHERE id = ANY(%(ids)s::text[]) AND text IS NOT NULL "
                f"AND {_READABLE.replace('m.', '')} "
                "AND key NOT IN (SELECT key FROM changes WHERE seq > %(seq)s)",
                {"ids": list(rows), "seq": followed, "states": list(EVERYTHING.readable()), **_scope(EVERYTHING)},
            ).fetchall()
            cur.executemany(
                "INSERT INTO derived (memory_key, kind, data) VALUES (%s, %s, %s) "
                "ON CONFLICT (memory_key, kind) DO UPDATE SET data = EXCLUDED.data",
                [(key, found[0], bytes(rows[memory])) for key, memory in fresh],
            )
        return [memory for _, memory in fresh]

    def derived_count(self, kind: str, view: View = EVERYTHING) -> tuple[int, int]:
        """How many readable memories in `view` have a row of `kind`, and how many there are."""
        with self._read() as cur:
            row = cur.execute(
                f"SELECT count(*), count(d.memory_key) FROM memories m LEFT JOIN derived d ON d.memory_key = m.key "
                f"AND d.kind = (SELECT id FROM derived_kinds WHERE name = %(kind)s) WHERE {_READABLE}",
                {"kind": kind, "states": list(view.readable()), **_scope(view)},
            ).fetchone()
        assert row is not None
        return int(row[1]), int(row[0])

    def states(self, ids: Collection[str]) -> dict[str, str]:
        if not ids:
            return {}
        with self._read() as cur:
            return dict(
                cur.execute("SELECT id, state FROM memories WHERE id = ANY(%s::text[])", (list(ids),)).fetchall()
            )

    # -- the owner's side -------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory | None:
        with self._read() as cur:
            row = cur.execute(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = %s", (memory_id,)).fetchone()
            if row is None:
                return None
            quotes = cur.execute(
                "SELECT quote, pending FROM quotes WHERE memory_id = %s ORDER BY seq", (memory_id,)
            ).fetchall()
        return memory_from_row(row, tuple(q for q, _ in quotes), tuple(q for q, pending in quotes if pending))

    def get_many(self, ids: Collection[str]) -> dict[str, Memory]:
        """The memories of `ids` that exist, without their quotes, in one query (`ReadsMany`)."""
        if not ids:
            return {}
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ANY(%s::text[])", (list(ids),)
            ).fetchall()
        return {row[0]: memory_from_row(row) for row in rows}

    def ids_starting(self, prefix: str) -> list[str]:
        """Every id that starts with `prefix`, in order, from the index of ids (`FindsIdPrefixes`)."""
        with self._read() as cur:  # ids are in the "C" collation: the range is exactly those that start so
            rows = cur.execute(
                "SELECT id FROM memories WHERE id >= %s AND id < %s ORDER BY id", (prefix, prefix + "\U0010ffff")
            ).fetchall()
        return [memory_id for (memory_id,) in rows if memory_id.startswith(prefix)]

    def memories(self, state: str | None = None) -> list[Memory]:
        where = "WHERE state = %(state)s" if state else ""
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id", {"state": state}
            ).fetchall()
            return memories_with_quotes(
                rows,
                cur.execute(
                    "SELECT memory_id, quote, pending FROM quotes "
                    f"WHERE memory_id IN (SELECT id FROM memories {where}) ORDER BY memory_id, seq",
                    {"state": state},
                ),
            )

    def outlines(self, state: str | None = None) -> list[Memory]:
        """Every memory (in one state, if given) as `memories` lists it, with only its waiting quotes
        (`Outlines`): found through their own index, so a review lists 10,000 memories with long quotes
        without reading them."""
        where = "WHERE state = %(state)s" if state else ""
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id", {"state": state}
            ).fetchall()
            waiting = cur.execute("SELECT memory_id, quote, true FROM quotes WHERE pending ORDER BY memory_id, seq")
            return memories_with_quotes(rows, waiting)

    def decide(
        self,
        memory_id: str,
        action: str,
        now: float,
        *,
        text: str | None = None,
        category: str | None = None,
        quote: str | None = None,
        shown: Collection[str] | None = None,
    ) -> Decision:
        with self._write() as cur:
            decision = decisions.decide(self._rows(cur), memory_id, action, now, text, category, quote, shown)
            unfinished = self._unfinished(cur)
        self._finish_erasing(action, unfinished, "memory")
        return decision

    def decide_many(
        self,
        memory_ids: Sequence[str],
        action: str,
        now: float,
        *,
        shown: Mapping[str, Collection[str]] | None = None,
    ) -> list[Decision]:
        decisions.one_at_a_time(action)
        if not memory_ids:
            return []
        seen = shown or {}
        with self._write() as cur, cur.connection.pipeline():
            # Pipelined: a statement whose rows the logic does not read is sent without waiting for the
            # server's answer, so a memory costs a few round trips rather than one a statement.
            rows = self._rows(cur)
            done = [decisions.decide(rows, memory, action, now, shown=seen.get(memory)) for memory in memory_ids]
            unfinished = self._unfinished(cur)
        self._finish_erasing(action, unfinished, "memories" if len(memory_ids) > 1 else "memory")
        return done

    def mark_shown(self, memory_id: str, quotes: Collection[str]) -> None:
        """Note that the owner was shown these quotes of the memory (`RemembersShown`)."""
        if quotes:
            with self._write() as cur:
                decisions.mark_shown(self._rows(cur), memory_id, quotes)

    def shown_quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        """Each memory's quotes the owner was shown, oldest first (`RemembersShown`)."""
        wanted = list(dict.fromkeys(ids))
        with self._read() as cur:
            found: dict[str, list[str]] = {
                memory: [] for (memory,) in cur.execute("SELECT id FROM memories WHERE id = ANY(%s::text[])", (wanted,))
            }
            for memory, quote in cur.execute(
                "SELECT memory_id, quote FROM quotes WHERE memory_id = ANY(%s::text[]) AND seen "
                "ORDER BY memory_id, seq",
                (wanted,),
            ):
                found[memory].append(quote)
        return {memory: tuple(quotes) for memory, quotes in found.items()}

    # -- erasure -----------------------------------------------------------------------------

    @staticmethod
    def _unfinished(cur: psycopg.Cursor[Any]) -> bool:
        row = cur.execute(_UNFINISHED).fetchone()
        return bool(row and row[0])

    def _finish_erasing(self, action: str, unfinished: bool, what: str) -> None:
        """After a decision's commit: a reject rewrites the tables that hold text, a dropped quote its
        table, and any other decision finishes an erasure still marked, saying nothing if it cannot."""
        if action == "reject":
            self._erase(ERASED_TABLES, what)
        elif action == "drop-quote":
            self._erase(QUOTE_TABLES, "quote")
        elif unfinished:
            self._erase((), None)

    def finish_erasure(self, wait: float = 0.0) -> bool:
        """Complete the erasures still marked (another connection held them up): rewrite their tables
        and clear the marks. True when nothing is left to erase; False when, after `wait` seconds,
        other connections still hold the tables, or this role may not rewrite them (the marks stay)."""
        self._erase((), None, wait=wait)
        with self._read() as cur:
            return not self._unfinished(cur)

    def _erase(self, tables: Sequence[str], what: str | None, *, wait: float | None = None) -> None:
        """Rewrite `tables` and those of every erasure still marked, so the erased text stays in no live
        page, then clear the marks it covered. When that cannot be done now, the marks stay and, for the
        owner's erasing decision (`what` it erased), a StoreError says so; otherwise nothing is said.
        It waits `wait` seconds for the tables, by default `ERASE_WAIT` for an erasing decision and
        `FINISH_WAIT` otherwise."""
        with self._connection() as conn:
            marks = conn.execute(
                "SELECT e.seq, e.xid, d.action FROM erasures e LEFT JOIN decisions d ON d.seq = e.seq"
            ).fetchall()
            wanted = set(tables)
            for _, _, action in marks:
                wanted.update(QUOTE_TABLES if action == "drop-quote" else ERASED_TABLES)
            if not wanted:
                return
            erased, busy, as_owner = _UNFINISHED_SAYS.get(what or "", ("", "", ""))
            # VACUUM skips, with a mere warning, a table the role may not rewrite: look first.
            foreign = conn.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = %s AND c.relname = ANY(%s::text[]) AND NOT pg_has_role(c.relowner, 'USAGE')",
                (self.schema, sorted(wanted)),
            ).fetchall()
            if foreign and what is not None:
                raise StoreError(
                    f"{erased} in {self.location}, but the role {conn.info.user} does not own PersonaKit's tables, "
                    f"so the erased text may remain in free space; {as_owner} their owner."
                )
            latest = max((int(xid) for _, xid, _ in marks), default=None)
            if foreign or not self._rewrite(conn, sorted(wanted), latest, _wait(wait, what)):
                if what is None:
                    return
                raise StoreError(
                    f"{erased} in {self.location}, but another connection was still using its tables, so the "
                    f"erased text may remain in free space; {busy}."
                )
            conn.execute("DELETE FROM erasures WHERE seq = ANY(%s::bigint[])", ([seq for seq, _, _ in marks],))

    def _rewrite(self, conn: psycopg.Connection[Any], tables: list[str], latest: int | None, wait: float) -> bool:
        """`VACUUM FULL` the tables: a plain VACUUM only marks the space free and leaves the bytes in it.

        First, for up to `wait` seconds, until no transaction that could still see the rows erased by
        transaction `latest` is left: VACUUM FULL copies such rows ("recently dead") into the new files,
        whichever tables that transaction read. Then the rewrite needs every other connection to let
        go of the tables for a moment, and waits what is left of `wait` for that. False if either wait
        ran out: nothing then is rewritten."""
        deadline = time.monotonic() + wait
        while latest is not None and conn.execute(_OLDER_VIEWS, {"xid": str(latest % 2**32)}).fetchone() == (True,):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        left = max(1, int((deadline - time.monotonic()) * 1000))
        try:
            conn.execute(sql.SQL("SET lock_timeout = {}").format(sql.Literal(f"{left}ms")))
            conn.execute(
                sql.SQL("VACUUM (FULL) {}").format(
                    sql.SQL(", ").join(sql.Identifier(self.schema, table) for table in tables)
                )
            )
        except psycopg.errors.LockNotAvailable:
            return False
        finally:
            conn.execute("RESET lock_timeout")
        return True

    def history(self, memory_id: str | None = None) -> list[Decision]:
        where = "WHERE memory_id = %(id)s" if memory_id else ""
        with self._read() as cur:
            rows = cur.execute(f"{_DECISIONS} {where} ORDER BY seq", {"id": memory_id}).fetchall()
        return [decision_from_row(row) for row in rows]

    # -- undo, export and import ------------------------------------------------------------

    def undo(self, now: float) -> Decision | None:
        with self._write() as cur:
            return decisions.undo(self._rows(cur), now)

    def dump(self) -> list[ExportedMemory]:
        with self._read() as cur:
            return retirement.exported(self._dump(cur), retirement.retirements(self._read_rows(cur), None))

    def _dump(self, cur: psycopg.Cursor[Any]) -> list[ExportedMemory]:
        return exported(
            cur.execute(f"SELECT {MEMORY_COLUMNS} FROM memories ORDER BY created, id").fetchall(),
            cur.execute("SELECT memory_id, quote, pending, accepted_by FROM quotes ORDER BY memory_id, seq").fetchall(),
            cur.execute("SELECT memory_id, key FROM aliases WHERE key <> memory_id").fetchall(),
            cur.execute("SELECT memory_id, seq, text FROM previous_texts").fetchall(),
            cur.execute(f"{_DECISIONS} ORDER BY seq").fetchall(),
            lambda text: memory_id(text, self._id_key),
            cur.execute("SELECT memory_id, key FROM dropped_quotes").fetchall(),
        )

    def restore(self, memories: Sequence[ExportedMemory]) -> Restored:
        """See `Store.restore`: the lookups are two queries and the inserts are copied in, so moving
        a memory of 100,000 entries in is one transaction of a few statements per table. A large one
        goes unlogged (`changes.unlogged`): every server's index is built again afterwards, and the
        tables are analysed at once, not when autovacuum next gets to them: until then the planner
        knows nothing of the new rows and a read takes several times longer."""
        large = len(memories) >= changes.UNLOGGED_FROM
        with self._write() as cur, changes.unlogged(cur) if large else nullcontext():
            restored = decisions.restore(self._rows(cur), memories)
            retirement.restore(self._rows(cur), memories, restored.created)
        if large:
            with self._connection() as conn:
                conn.execute("ANALYZE memories, quotes, aliases, decisions, previous_texts, changes")
        return restored

    # -- retired memories (`Retires`, `personakit_plugin.backend.retirement`) -------------------------------

    def retire(
        self, memory_id: str, now: float, *, replaced_by: str | None = None, on: float | None = None
    ) -> Decision:
        with self._write() as cur:
            return retirement.retire(self._rows(cur), memory_id, now, replaced_by, on)

    def replace(
        self, old: str, new: str, now: float, *, shown: Collection[str] | None = None
    ) -> tuple[Decision, Decision]:
        with self._write() as cur:
            return retirement.replace(self._rows(cur), old, new, now, shown)

    def due(self, now: float) -> bool:
        with self._read() as cur:
            return retirement.due(self._read_rows(cur), now)

    def retire_due(self, now: float) -> list[Decision]:
        if not self.due(now):
            return []
        with self._write() as cur:
            return retirement.retire_due(self._rows(cur), now)

    def retirements(self, ids: Collection[str] | None = None) -> dict[str, Retirement]:
        with self._read() as cur:
            return retirement.retirements(self._read_rows(cur), ids)


def _within_bound(cur: psycopg.Cursor[Any], connection: Connection, most: int) -> None:
    """Inside a proposal's write transaction: refuse it when the connection's bound is reached."""
    row = cur.execute(
        "SELECT count(*) FROM memories WHERE proposed_by = %s AND state = 'unconfirmed'", (connection.id,)
    ).fetchone()
    if row is not None and row[0] >= most:
        raise TooManyWaiting(most)


def _record_proposer(cur: psycopg.Cursor[Any], memory_id: str, connection: Connection) -> None:
    """Inside the proposal's write transaction: `connection` proposed the new memory `memory_id`."""
    cur.execute(
        "INSERT INTO connections (id, client, version, started) VALUES (%s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
        (connection.id, connection.client, connection.version, connection.started),
    )
    cur.execute("UPDATE memories SET proposed_by = %s WHERE id = %s", (connection.id, memory_id))


class _PostgresRows(decisions.Rows):
    """A write transaction in the schema, as the shared logic (`storage.decisions`) sees it."""

    GREATEST = "greatest"

    def __init__(self, cur: psycopg.Cursor[Any], key: bytes, vector: Callable[[str, str], str]) -> None:
        self._cur = cur
        self._key = key
        self._vector = vector  # the word index entry of a text in a state (`PostgresStore._vector`)

    def id_key(self) -> bytes:
        return self._key

    def run(self, statement: str, args: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self._cur.execute(statement.replace("?", "%s"), args)

    def run_in(self, statement: str, values: list[str]) -> Iterator[Any]:
        yield from self.run(statement.format("= ANY(?::text[])"), (values,))

    def insert(self, table: str, columns: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._cur.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)

    def add_memories(self, rows: list[tuple[Any, ...]]) -> None:
        words = [(*row, self._vector(row[1] or "", row[3])) for row in rows]
        self.insert("memories", f"{MEMORY_COLUMNS}, words", words)

    def set_text(self, memory: str, text: str | None) -> None:
        if text is None:  # an erased text has no words: nothing to read back first
            self.run("UPDATE memories SET text = NULL, words = ''::tsvector WHERE id = ?", (memory,))
            return
        self.run("UPDATE memories SET text = ? WHERE id = ?", (text, memory))
        self.index_words(memory)

    def index_words(self, memory: str) -> None:
        row = self.run("SELECT text, state FROM memories WHERE id = ?", (memory,)).fetchone()
        words = "" if row is None or row[0] is None else self._vector(row[0], row[1])
        self.run("UPDATE memories SET words = ?::tsvector WHERE id = ?", (words, memory))

    def append_decision(self, row: tuple[str, str, str, str, str | None, str | None, float]) -> int:
        seq = self.run(
            "INSERT INTO decisions (memory_id, action, before, after, category_before, category_after, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq",
            row,
        ).fetchone()
        assert seq is not None
        return int(seq[0])

    def mark_erased(self, seq: int) -> None:
        self.run("INSERT INTO erasures (seq) VALUES (?)", (seq,))
        changes.forget_erased(self._cur, seq)

    def renumbered(self) -> None:
        self.run("SELECT setval(pg_get_serial_sequence('decisions', 'seq'), (SELECT max(seq) FROM decisions))")


def _migrate(conn: psycopg.Connection[Any], location: str, schema: str) -> None:
    """Create the schema or bring it to SCHEMA_VERSION, holding the write lock so that servers
    starting at once migrate it once. Another program's schema, or a newer one, is left as it is."""
    name = sql.Identifier(schema)
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(schema),))
        tables = {
            table
            for (table,) in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)
            )
        }
        if "schema_version" not in tables:
            if tables:
                raise StoreError(
                    f"Schema {schema!r} in {location} belongs to another program; "
                    "name another with PERSONAKIT_POSTGRES_SCHEMA."
                )
            # Made by an administrator beforehand, it needs no right to create schemas in the database.
            if not conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone():
                conn.execute(sql.SQL("CREATE SCHEMA {}").format(name))
            conn.execute(sql.SQL("CREATE TABLE {}.schema_version (version integer NOT NULL)").format(name))
            conn.execute(sql.SQL("INSERT INTO {}.schema_version VALUES (0)").format(name))
        row = conn.execute(sql.SQL("SELECT version FROM {}.schema_version").format(name)).fetchone()
        version = row[0] if row else 0
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"Schema {schema!r} in {location} has version {version}, newer than this PersonaKit store knows "
                f"({SCHEMA_VERSION}); upgrade personakit-store-postgres to open it."
            )
        if version > 0 and not tables >= own_tables(version):
            raise StoreError(f"Schema {schema!r} in {location} is missing PersonaKit tables; restore it from a backup.")
        conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(name))
        for number in range(version + 1, SCHEMA_VERSION + 1):
            conn.execute(MIGRATIONS[number - 1].encode())
            if number == IDS_KEYED:
                key_ids(conn)
            conn.execute(sql.SQL("UPDATE {}.schema_version SET version = %s").format(name), (number,))


def key_ids(conn: psycopg.Connection[Any]) -> None:
    """Write the schema's id secret and re-key the aliases an older schema keyed by plain hashes
    (`decisions.rekey`), inside the migration's transaction; every id is kept."""
    secret = os.urandom(decisions.ID_SECRET_SIZE)
    conn.execute("INSERT INTO meta (name, value) VALUES ('id_secret', %s)", (secret,))
    with conn.cursor() as cur:
        # Words it writes are unmasked; no masking is named yet, so the first kit keys them again.
        decisions.rekey(_PostgresRows(cur, id_key(secret), lambda text, state: _vector(text)))
