"""PersonaKit's store in PostgreSQL: the same contract as the SQLite store, for a memory that several
machines or people share.

Safe for any number of processes on any number of machines: every write is one transaction that
first takes a transaction-level advisory lock (one per schema) and only then reads the rows it
changes, so writes to one memory happen one after another and a process never writes back a state
it read earlier. Reads take no lock; PostgreSQL gives each one a consistent snapshot. A write is
acknowledged after its commit, which PostgreSQL makes durable (`synchronous_commit` on, its default).

A reject deletes the text, category, quotes, words and replaced texts, and then rewrites the
tables that hold text (`VACUUM FULL`) so the erased bytes stay in no live page; the word index
holds hashes of words, never words (`word_key`), so it needs no rewrite. What PostgreSQL can still
hold after that (write-ahead log, backups, replicas) is in the README.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import msgspec
import psycopg
from personakit_plugin.model import STATE_AFTER, Candidate, Decision, ExportedDecision, ExportedMemory, Memory
from personakit_plugin.store import (
    DECISION_COLUMNS,
    MEMORY_COLUMNS,
    Matches,
    Proposed,
    Restored,
    StoreError,
    UnknownMemory,
    decision_from_row,
    exported,
    memory_from_row,
    restored_keys,
    restored_row,
)
from personakit_plugin.words import content_words, memory_id
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from .schema import ERASED_TABLES, MIGRATIONS, OWN_TABLES, SCHEMA_VERSION

DEFAULT_SCHEMA = "personakit"
CONNECT_TIMEOUT = 10
"""Seconds to wait for the server when opening the store or a pooled connection."""
ERASE_LOCK_TIMEOUT = "5s"
"""How long the rewrite after a reject waits for other connections to let go of the tables."""

_DECISIONS = f"SELECT {DECISION_COLUMNS} FROM decisions"
_FIND = "SELECT m.id, m.state FROM aliases a JOIN memories m ON m.id = a.memory_id WHERE a.key = %s"
_ADD_QUOTE = (
    "INSERT INTO quotes (memory_id, seq, quote) "
    "SELECT %(id)s, coalesce(max(seq), 0) + 1, %(quote)s FROM quotes WHERE memory_id = %(id)s "
    "HAVING NOT EXISTS (SELECT 1 FROM quotes WHERE memory_id = %(id)s AND quote = %(quote)s)"
)
_MATCHED = "length(words) - length(ts_delete(words, %(keys)s::text[]))"
"""How many of the question's words a memory's text holds: its words less those left without them."""
_HITS = f"SELECT id, state, touched, {_MATCHED} AS matched FROM memories WHERE words @@ %(query)s::tsquery"
"""The memories sharing a word with the question (the GIN index finds them), each with how many."""
_ORDER = "m.matched DESC, m.state <> 'approved', m.touched DESC, m.id"
"""The default ranking's order (`rank_overlap`), over rows named `m` with a `matched` column."""


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


def _question(words: frozenset[str]) -> dict[str, Any]:
    """The parameters of `_HITS` for the question words: their keys, and the query any of them matches."""
    keys = sorted({word_key(word) for word in words})
    return {"keys": keys, "query": " | ".join(keys)}


def _lock_key(schema: str) -> int:
    """The advisory lock every write to `schema` takes: 64 bits of a hash of its name."""
    return int.from_bytes(hashlib.sha256(f"personakit:{schema}".encode()).digest()[:8], "big", signed=True)


class PostgresStore:
    """The store in one schema of a PostgreSQL database. Open it with `PostgresStore.open(url)`."""

    def __init__(self, pool: ConnectionPool, location: str, schema: str) -> None:
        self.location = location
        self.schema = schema
        self._pool = pool
        self._lock = _lock_key(schema)
        self._local = threading.local()  # the connection of a `snapshot` in progress, per thread

    @classmethod
    def open(cls, url: str, *, schema: str = DEFAULT_SCHEMA, max_connections: int = 4) -> PostgresStore:
        """Connect, create or migrate the schema, and keep a pool of up to `max_connections`."""
        location = location_of(url)
        schema = schema.strip()
        if not schema or len(schema) > 63:
            raise StoreError(f"{schema!r} cannot be a PostgreSQL schema name; use 1 to 63 characters.")
        try:
            with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT, autocommit=True) as conn:
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
            check=ConnectionPool.check_connection,
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
        return cls(pool, location, schema)

    def close(self) -> None:
        self._pool.close()

    # -- transactions ------------------------------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except PoolTimeout:
            raise StoreError(f"No connection to PostgreSQL at {self.location} came free within 30 seconds.") from None
        except psycopg.OperationalError as exc:
            raise StoreError(f"The connection to PostgreSQL at {self.location} failed ({_first_line(exc)}).") from None

    @contextmanager
    def _write(self) -> Iterator[psycopg.Cursor[Any]]:
        """One read-committed transaction holding the schema's write lock: every statement after the
        lock sees every write committed before it was granted."""
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (self._lock,))
            yield cur

    @contextmanager
    def _read(self) -> Iterator[psycopg.Cursor[Any]]:
        """A read inside the `snapshot` in progress on this thread, or in a transaction of its own."""
        held = getattr(self._local, "conn", None)
        if held is not None:
            with held.cursor() as cur:
                yield cur
            return
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield cur

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Make every read on this thread inside the block one repeatable-read transaction: one
        consistent view of the data. `PersonaKit.read` wraps a whole `personakit_read` in it."""
        if getattr(self._local, "conn", None) is not None:
            yield
            return
        with self._connection() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            self._local.conn = conn
            try:
                yield
            finally:
                self._local.conn = None

    # -- the assistant's side ---------------------------------------------------------------

    def propose(self, text: str, quote: str, category: str, now: float) -> Proposed:
        key = memory_id(text)
        with self._write() as cur:
            row = cur.execute(_FIND, (key,)).fetchone()
            if row is None:
                cur.execute(
                    "INSERT INTO memories (id, text, category, state, created, touched, words) "
                    "VALUES (%s, %s, %s, 'unconfirmed', %s, %s, %s::tsvector)",
                    (key, text, category, now, now, _vector(text)),
                )
                cur.execute("INSERT INTO aliases (key, memory_id) VALUES (%s, %s)", (key, key))
                cur.execute("INSERT INTO quotes (memory_id, seq, quote) VALUES (%s, 1, %s)", (key, quote))
                return Proposed(key, True, "unconfirmed")
            found, state = row
            if state == "rejected":
                return Proposed(found, False, state)
            cur.execute("UPDATE memories SET touched = greatest(touched, %s) WHERE id = %s", (now, found))
            cur.execute(_ADD_QUOTE, {"id": found, "quote": quote})
            return Proposed(found, False, state)

    def matches(self, words: frozenset[str]) -> Matches:
        if not words:
            return Matches([], 0)
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS}, {_MATCHED} FROM memories WHERE words @@ %(query)s::tsquery",
                _question(words),
            ).fetchall()
        candidates = [
            Candidate(memory=memory_from_row(row), matched=row[7])
            for row in rows
            if row[3] in ("approved", "unconfirmed")
        ]
        return Matches(candidates, sum(1 for row in rows if row[3] == "restricted"))

    def top_matches(self, words: frozenset[str], limit: int) -> Matches:
        """The default ranking done in SQL: the first `limit` approved or unconfirmed memories that
        share a word with `words`, in the contract's order (shared words, then approved before
        unconfirmed, then most recent `touched`, then id), and how many restricted memories match.
        The same as the default `personakit_rank` over `matches(words)` cut to `limit`."""
        if not words:
            return Matches([], 0)
        with self._read() as cur:
            rows = cur.execute(
                f"WITH hits AS ({_HITS}), "
                "restricted AS (SELECT count(*) AS n FROM hits WHERE state = 'restricted'), "
                "top AS (SELECT * FROM hits m WHERE state IN ('approved', 'unconfirmed') "
                f"  ORDER BY {_ORDER} LIMIT %(limit)s) "
                f"SELECT {', '.join('m.' + c for c in MEMORY_COLUMNS.split(', '))}, t.matched, r.n "
                "FROM restricted r LEFT JOIN (top t JOIN memories m ON m.id = t.id) ON true "
                "ORDER BY t.matched DESC, m.state <> 'approved', m.touched DESC, m.id",
                {**_question(words), "limit": max(1, limit)},
            ).fetchall()
        # One row at least: the restricted count, beside nothing when no memory is shown.
        candidates = [Candidate(memory=memory_from_row(row), matched=row[7]) for row in rows if row[0] is not None]
        return Matches(candidates, rows[0][8])

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE state = 'approved' AND NOT (id = ANY(%s::text[])) "
                "ORDER BY approved_at DESC, id LIMIT %s",
                (list(exclude), max(0, limit)),
            ).fetchall()
        return [memory_from_row(row) for row in rows]

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        if not ids:
            return {}
        found: dict[str, list[str]] = {memory: [] for memory in ids}
        with self._read() as cur:
            for memory, quote in cur.execute(
                "SELECT memory_id, quote FROM quotes WHERE memory_id = ANY(%s::text[]) ORDER BY memory_id, seq",
                (list(found),),
            ):
                found[memory].append(quote)
        return {memory: tuple(quotes) for memory, quotes in found.items()}

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
            quotes = cur.execute("SELECT quote FROM quotes WHERE memory_id = %s ORDER BY seq", (memory_id,)).fetchall()
        return memory_from_row(row, tuple(q for (q,) in quotes))

    def memories(self, state: str | None = None) -> list[Memory]:
        where = "WHERE state = %(state)s" if state else ""
        with self._read() as cur:
            rows = cur.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id", {"state": state}
            ).fetchall()
            quotes: dict[str, list[str]] = {}
            for memory, quote in cur.execute(
                f"SELECT memory_id, quote FROM quotes WHERE memory_id IN (SELECT id FROM memories {where}) "
                "ORDER BY memory_id, seq",
                {"state": state},
            ):
                quotes.setdefault(memory, []).append(quote)
        return [memory_from_row(row, tuple(quotes.get(row[0], ()))) for row in rows]

    def decide(
        self, memory_id: str, action: str, now: float, *, text: str | None = None, category: str | None = None
    ) -> Decision:
        with self._write() as cur:
            decision = self._decide(cur, memory_id, action, now, text, category)
        if action == "reject":
            self._rewrite_erased()
        return decision

    def _decide(
        self, cur: psycopg.Cursor[Any], memory_id: str, action: str, now: float, text: str | None, category: str | None
    ) -> Decision:
        row = cur.execute("SELECT state, category, text FROM memories WHERE id = %s", (memory_id,)).fetchone()
        if row is None:
            raise UnknownMemory(memory_id)
        before, category_before, text_before = row
        if before == "rejected":
            if action != "reject":
                raise StoreError(f"{memory_id} was rejected and its text erased; there is nothing left to decide.")
            # Rejecting again records nothing; it only finishes an erasure that a reader held up.
            last = cur.execute(f"{_DECISIONS} WHERE memory_id = %s ORDER BY seq DESC LIMIT 1", (memory_id,)).fetchone()
            assert last is not None
            return decision_from_row(last)
        after = STATE_AFTER.get(action, before)
        category_after = category if category is not None else category_before
        retexted = action == "edit" and text is not None and text != text_before
        if retexted:
            assert text is not None
            self._retext(cur, memory_id, text)
        cur.execute(
            "UPDATE memories SET state = %(after)s, category = %(category)s, touched = greatest(touched, %(now)s), "
            "approved_at = CASE WHEN %(action)s = 'approve' THEN %(now)s ELSE approved_at END WHERE id = %(id)s",
            {"after": after, "category": category_after, "now": now, "action": action, "id": memory_id},
        )
        if action == "reject":
            cur.execute("UPDATE memories SET text = NULL, category = 'other', words = '' WHERE id = %s", (memory_id,))
            for table in ("quotes", "previous_texts"):
                cur.execute(sql.SQL("DELETE FROM {} WHERE memory_id = %s").format(sql.Identifier(table)), (memory_id,))
        seq = self._record(cur, memory_id, action, before, after, category_before, category_after, now)
        if retexted:
            cur.execute(
                "INSERT INTO previous_texts (memory_id, seq, text) VALUES (%s, %s, %s)", (memory_id, seq, text_before)
            )
        return Decision(
            seq=seq,
            memory_id=memory_id,
            action=action,
            before=before,
            after=after,
            category_before=category_before,
            category_after=category_after,
            at=now,
        )

    @staticmethod
    def _record(
        cur: psycopg.Cursor[Any],
        memory: str,
        action: str,
        before: str,
        after: str,
        category_before: str | None,
        category_after: str | None,
        at: float,
    ) -> int:
        row = cur.execute(
            "INSERT INTO decisions (memory_id, action, before, after, category_before, category_after, at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING seq",
            (memory, action, before, after, category_before, category_after, at),
        ).fetchone()
        assert row is not None
        return int(row[0])

    @staticmethod
    def _retext(cur: psycopg.Cursor[Any], memory: str, text: str) -> None:
        key = memory_id(text)
        owner = cur.execute("SELECT memory_id FROM aliases WHERE key = %s", (key,)).fetchone()
        if owner is not None and owner[0] != memory:
            raise StoreError(f"That text is already memory {owner[0]}; edit or reject that one instead.")
        cur.execute("UPDATE memories SET text = %s, words = %s::tsvector WHERE id = %s", (text, _vector(text), memory))
        cur.execute("INSERT INTO aliases (key, memory_id) VALUES (%s, %s) ON CONFLICT DO NOTHING", (key, memory))

    def _rewrite_erased(self) -> None:
        """Rewrite the tables a reject deleted from, so the erased text stays in no live page: a plain
        VACUUM only marks the space free and leaves the bytes in it. The rewrite needs every other
        connection to let go of those tables for a moment; it waits ERASE_LOCK_TIMEOUT for that."""
        tables = sql.SQL(", ").join(sql.Identifier(self.schema, table) for table in ERASED_TABLES)
        with self._connection() as conn:
            # VACUUM skips, with a mere warning, a table the role may not rewrite: look first.
            foreign = conn.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = %s AND c.relname = ANY(%s::text[]) AND NOT pg_has_role(c.relowner, 'USAGE')",
                (self.schema, list(ERASED_TABLES)),
            ).fetchall()
            if foreign:
                raise StoreError(
                    f"The memory was erased in {self.location}, but the role {conn.info.user} does not own the "
                    "tables it was in, so the erased text may remain in free space; reject it again connected "
                    "as their owner."
                )
            try:
                conn.execute(sql.SQL("SET lock_timeout = {}").format(sql.Literal(ERASE_LOCK_TIMEOUT)))
                conn.execute(sql.SQL("VACUUM (FULL) {}").format(tables))
            except psycopg.errors.LockNotAvailable:
                raise StoreError(
                    f"The memory was erased in {self.location}, but another connection kept its tables busy, so "
                    "the erased text may remain in free space; reject it again to finish erasing."
                ) from None
            finally:
                conn.execute("RESET lock_timeout")

    def history(self, memory_id: str | None = None) -> list[Decision]:
        where = "WHERE memory_id = %(id)s" if memory_id else ""
        with self._read() as cur:
            rows = cur.execute(f"{_DECISIONS} {where} ORDER BY seq", {"id": memory_id}).fetchall()
        return [decision_from_row(row) for row in rows]

    # -- undo, export and import ------------------------------------------------------------

    def undo(self, now: float) -> Decision | None:
        with self._write() as cur:
            row = cur.execute(
                f"{_DECISIONS} WHERE NOT undone AND action <> 'undo' ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            decision = decision_from_row(row)
            memory = decision.memory_id
            if decision.action == "reject":
                raise StoreError(
                    f"The latest decision, #{decision.seq}, rejected {memory}, and a reject cannot be undone: "
                    "its text and quotes were erased."
                )
            current = cur.execute("SELECT state, category FROM memories WHERE id = %s", (memory,)).fetchone()
            if current is None or current[0] != decision.after:
                raise StoreError(f"{memory} has changed since decision #{decision.seq}, so it cannot be undone.")
            state, category = current
            restored = decision.category_before if decision.category_before is not None else category
            if decision.action == "edit":
                old = cur.execute(
                    "DELETE FROM previous_texts WHERE memory_id = %s AND seq = %s RETURNING text",
                    (memory, decision.seq),
                ).fetchone()
                if old is not None:
                    self._retext(cur, memory, old[0])
            if decision.action == "approve":
                # Back to when it was approved before, if ever (by a decision still standing).
                cur.execute(
                    "UPDATE memories SET approved_at = coalesce(("
                    "  SELECT max(at) FROM decisions WHERE memory_id = %(id)s AND action = 'approve' AND NOT undone"
                    "  AND seq < %(seq)s), 0) WHERE id = %(id)s",
                    {"id": memory, "seq": decision.seq},
                )
            cur.execute(
                "UPDATE memories SET state = %s, category = %s, touched = greatest(touched, %s) WHERE id = %s",
                (decision.before, restored, now, memory),
            )
            cur.execute("UPDATE decisions SET undone = true WHERE seq = %s", (decision.seq,))
            self._record(cur, memory, "undo", state, decision.before, category, restored, now)
        return msgspec.structs.replace(decision, undone=True)

    def dump(self) -> list[ExportedMemory]:
        with self._read() as cur:
            return exported(
                cur.execute(f"SELECT {MEMORY_COLUMNS} FROM memories ORDER BY created, id").fetchall(),
                cur.execute("SELECT memory_id, quote FROM quotes ORDER BY memory_id, seq").fetchall(),
                cur.execute("SELECT memory_id, key FROM aliases WHERE key <> memory_id").fetchall(),
                cur.execute("SELECT memory_id, seq, text FROM previous_texts").fetchall(),
                cur.execute(f"{_DECISIONS} ORDER BY seq").fetchall(),
            )

    def restore(self, memories: Sequence[ExportedMemory]) -> Restored:
        """See `Store.restore`. The lookups are one query and the inserts are batched, so moving a
        memory of 100,000 entries in is one transaction of a few statements per table."""
        created: list[str] = []
        known: list[str] = []
        wanted = {key for record in memories for key in restored_keys(record)}
        with self._write() as cur:
            fresh = cur.execute("SELECT NOT EXISTS (SELECT 1 FROM decisions)").fetchone() == (True,)
            found: dict[str, tuple[str, str]] = {
                key: (memory, state)
                for key, memory, state in cur.execute(
                    "SELECT a.key, m.id, m.state FROM aliases a JOIN memories m ON m.id = a.memory_id "
                    "WHERE a.key = ANY(%s::text[])",
                    (list(wanted),),
                )
            }
            have: dict[str, list[str]] = {}
            for memory, quote in cur.execute(
                "SELECT memory_id, quote FROM quotes WHERE memory_id = ANY(%s::text[]) ORDER BY memory_id, seq",
                (sorted({memory for memory, _ in found.values()}),),
            ):
                have.setdefault(memory, []).append(quote)
            added: list[tuple[str, int, str]] = []
            rows: list[tuple[Any, ...]] = []
            alias_rows: dict[str, str] = {}
            quote_rows: list[tuple[str, int, str]] = []
            decisions: list[tuple[ExportedDecision, str, bool]] = []
            for record in memories:
                kept = record.state != "rejected"
                keys = restored_keys(record)
                match = next((found[key] for key in keys if key in found), None)
                if match is not None:
                    known.append(match[0])
                    if kept and match[1] != "rejected":
                        quotes = have.setdefault(match[0], [])
                        for quote in record.quotes:
                            if quote not in quotes:
                                quotes.append(quote)
                                added.append((match[0], len(quotes), quote))
                    continue
                rows.append((*restored_row(record), _vector(record.text or "") if kept else ""))
                for key in keys:
                    found.setdefault(key, (record.id, record.state))
                    alias_rows.setdefault(key, record.id)
                if kept:
                    have[record.id] = list(record.quotes)
                    quote_rows.extend((record.id, n, q) for n, q in enumerate(record.quotes, start=1))
                decisions.extend((d, record.id, kept) for d in record.history)
                created.append(record.id)
            if rows:
                with cur.copy(f"COPY memories ({MEMORY_COLUMNS}, words) FROM STDIN") as copy:
                    for values in rows:
                        copy.write_row(values)
                with cur.copy("COPY aliases (key, memory_id) FROM STDIN") as copy:
                    for alias in alias_rows.items():
                        copy.write_row(alias)
            with cur.copy("COPY quotes (memory_id, seq, quote) FROM STDIN") as copy:
                for quote_row in (*quote_rows, *added):
                    copy.write_row(quote_row)
            self._restore_decisions(cur, sorted(decisions, key=lambda entry: entry[0].seq), fresh)
        return Restored(created, known, len(added))

    @staticmethod
    def _restore_decisions(
        cur: psycopg.Cursor[Any], decisions: list[tuple[ExportedDecision, str, bool]], fresh: bool
    ) -> None:
        """Into a store with no decisions yet they keep their numbers; otherwise they are numbered
        after the ones it has, in their order."""
        if not decisions:
            return
        if fresh:
            seqs = [d.seq for d, _, _ in decisions]
        else:
            row = cur.execute("SELECT coalesce(max(seq), 0) FROM decisions").fetchone()
            assert row is not None
            seqs = list(range(int(row[0]) + 1, int(row[0]) + 1 + len(decisions)))
        with cur.copy(
            "COPY decisions (seq, memory_id, action, before, after, category_before, category_after, at, undone) "
            "FROM STDIN"
        ) as copy:
            for seq, (d, memory, _) in zip(seqs, decisions, strict=True):
                copy.write_row(
                    (seq, memory, d.action, d.before, d.after, d.category_before, d.category_after, d.at, d.undone)
                )
        with cur.copy("COPY previous_texts (memory_id, seq, text) FROM STDIN") as copy:
            for seq, (d, memory, kept) in zip(seqs, decisions, strict=True):
                if kept and d.previous_text is not None:
                    copy.write_row((memory, seq, d.previous_text))
        cur.execute("SELECT setval(pg_get_serial_sequence('decisions', 'seq'), (SELECT max(seq) FROM decisions))")


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
        if version > 0 and not tables >= OWN_TABLES:
            raise StoreError(f"Schema {schema!r} in {location} is missing PersonaKit tables; restore it from a backup.")
        conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(name))
        for number in range(version + 1, SCHEMA_VERSION + 1):
            conn.execute(MIGRATIONS[number - 1].encode())
            conn.execute(sql.SQL("UPDATE {}.schema_version SET version = %s").format(name), (number,))
