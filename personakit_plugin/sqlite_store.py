"""The default store: one SQLite file in WAL mode, with a word index and erasure on reject.

Safe for several processes at once: every write is one `BEGIN IMMEDIATE` transaction that reads
the current row before it changes it, so a process never writes back a state it read earlier.
`synchronous=FULL` makes a write durable before it is acknowledged.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path

from .model import STATE_AFTER, Candidate, Decision, Memory
from .store import Matches, Proposed, StoreError, UnknownMemory
from .words import content_words, memory_id

FILE_NAME = "personakit.sqlite3"
BUSY_TIMEOUT_MS = 30_000
SCHEMA_VERSION = 1

# Each entry takes the schema from the version before it to its own number (1-based).
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE memories (
        id TEXT PRIMARY KEY,
        text TEXT,                      -- NULL once rejected: erased
        category TEXT NOT NULL,
        state TEXT NOT NULL,
        created REAL NOT NULL,
        touched REAL NOT NULL,          -- latest of last proposal and last decision
        approved_at REAL NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    CREATE INDEX memories_by_state ON memories (state, approved_at);
    CREATE TABLE quotes (
        memory_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        quote TEXT NOT NULL,
        PRIMARY KEY (memory_id, seq)
    ) WITHOUT ROWID;
    -- Every normalised text a memory answers to, by its id form: its own, and old texts after an edit.
    CREATE TABLE aliases (
        key TEXT PRIMARY KEY,
        memory_id TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE words (
        word TEXT NOT NULL,
        memory_id TEXT NOT NULL,
        PRIMARY KEY (word, memory_id)
    ) WITHOUT ROWID;
    CREATE INDEX words_by_memory ON words (memory_id);
    CREATE TABLE decisions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        memory_id TEXT NOT NULL,
        action TEXT NOT NULL,
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        category_before TEXT,
        category_after TEXT,
        at REAL NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX decisions_by_memory ON decisions (memory_id, seq);
    """,
)
assert len(MIGRATIONS) == SCHEMA_VERSION

OWN_TABLES = {"memories", "quotes", "aliases", "words", "decisions"}
_DECISIONS = "SELECT seq, memory_id, action, before, after, category_before, category_after, at, undone FROM decisions"
_MEMORY_COLUMNS = "id, text, category, state, created, touched, approved_at"


def _unreadable(path: Path, exc: sqlite3.DatabaseError) -> StoreError:
    return StoreError(f"{path} is not a database PersonaKit can read ({exc}); move it aside to start afresh.")


def _memory(row: sqlite3.Row | tuple, quotes: tuple[str, ...] = ()) -> Memory:
    return Memory(
        id=row[0],
        text=row[1] or "",
        category=row[2],
        state=row[3],
        created=row[4],
        touched=row[5],
        approved_at=row[6],
        quotes=quotes,
    )


def _decision(row: tuple) -> Decision:
    return Decision(
        seq=row[0],
        memory_id=row[1],
        action=row[2],
        before=row[3],
        after=row[4],
        category_before=row[5],
        category_after=row[6],
        at=row[7],
        undone=bool(row[8]),
    )


class SqliteStore:
    """The store in one SQLite file. Open it with `SqliteStore.open(data_dir)`."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.location = str(path)
        self._db = connection
        self._lock = threading.Lock()

    @classmethod
    def open(cls, data_dir: Path) -> SqliteStore:
        data_dir = Path(data_dir)
        path = data_dir / FILE_NAME
        try:
            if not data_dir.exists():
                data_dir.mkdir(mode=0o700, parents=True)
            if not path.exists():
                # Created 0600 before SQLite touches it; SQLite gives its -wal and -shm files the same mode.
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        except OSError as exc:
            raise StoreError(
                f"{data_dir} is not a folder PersonaKit can use ({exc.strerror}); "
                "choose another with --data-dir or PERSONAKIT_DATA_DIR."
            ) from None
        try:
            db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            # Look before changing anything: another program's file, or a newer schema, is left as it is.
            cls._check_owner(path, db)
            journal = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise _unreadable(path, exc) from None
        if journal != "wal":
            raise StoreError(f"{path} cannot be put in WAL mode; is the folder on a network drive?")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA secure_delete = ON")
        db.execute("PRAGMA foreign_keys = ON")
        store = cls(path, db)
        store._migrate()
        return store

    @staticmethod
    def _check_owner(path: Path, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version > SCHEMA_VERSION:
            db.close()
            raise StoreError(
                f"{path} has schema version {version}, newer than this PersonaKit knows "
                f"({SCHEMA_VERSION}); upgrade PersonaKit to open it."
            )
        if (version == 0 and tables) or (version > 0 and not tables >= OWN_TABLES):
            db.close()
            raise StoreError(f"{path} is another program's SQLite database; move it aside or choose another folder.")

    def _migrate(self) -> None:
        try:
            with self._write() as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                for number in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in MIGRATIONS[number - 1].split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {number}")
        except sqlite3.DatabaseError as exc:
            raise _unreadable(self.path, exc) from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- the assistant's side ---------------------------------------------------------------

    def propose(self, text: str, quote: str, category: str, now: float) -> Proposed:
        key = memory_id(text)
        with self._write() as db:
            row = db.execute(
                "SELECT m.id, m.state FROM aliases a JOIN memories m ON m.id = a.memory_id WHERE a.key = ?",
                (key,),
            ).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO memories (id, text, category, state, created, touched) "
                    "VALUES (?, ?, ?, 'unconfirmed', ?, ?)",
                    (key, text, category, now, now),
                )
                db.execute("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", (key, key))
                db.execute("INSERT INTO quotes (memory_id, seq, quote) VALUES (?, 1, ?)", (key, quote))
                db.executemany(
                    "INSERT INTO words (word, memory_id) VALUES (?, ?)",
                    ((w, key) for w in content_words(text)),
                )
                return Proposed(key, True, "unconfirmed")
            found, state = row
            if state == "rejected":
                return Proposed(found, False, state)
            db.execute("UPDATE memories SET touched = max(touched, ?) WHERE id = ?", (now, found))
            if not db.execute("SELECT 1 FROM quotes WHERE memory_id = ? AND quote = ?", (found, quote)).fetchone():
                db.execute(
                    "INSERT INTO quotes (memory_id, seq, quote) "
                    "SELECT ?, coalesce(max(seq), 0) + 1, ? FROM quotes WHERE memory_id = ?",
                    (found, quote, found),
                )
            return Proposed(found, False, state)

    def matches(self, words: frozenset[str]) -> Matches:
        if not words:
            return Matches([], 0)
        marks = ",".join("?" * len(words))
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_MEMORY_COLUMNS}, matched FROM memories JOIN ("
                f"  SELECT memory_id, count(*) AS matched FROM words WHERE word IN ({marks}) GROUP BY memory_id"
                ") ON memory_id = id",
                tuple(words),
            ).fetchall()
        candidates = [
            Candidate(memory=_memory(row), matched=row[7]) for row in rows if row[3] in ("approved", "unconfirmed")
        ]
        restricted = sum(1 for row in rows if row[3] == "restricted")
        return Matches(candidates, restricted)

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        chosen: list[Memory] = []
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE state = 'approved' "
                "ORDER BY approved_at DESC, id ASC LIMIT ?",
                (limit + len(exclude),),
            )
            for row in rows:
                if row[0] not in exclude:
                    chosen.append(_memory(row))
                if len(chosen) == limit:
                    break
        return chosen

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        if not ids:
            return {}
        found: dict[str, list[str]] = {memory: [] for memory in ids}
        marks = ",".join("?" * len(found))
        with self._read() as db:
            for memory, quote in db.execute(
                f"SELECT memory_id, quote FROM quotes WHERE memory_id IN ({marks}) ORDER BY memory_id, seq",
                tuple(found),
            ):
                found[memory].append(quote)
        return {memory: tuple(quotes) for memory, quotes in found.items()}

    def states(self, ids: Collection[str]) -> dict[str, str]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._read() as db:
            return dict(db.execute(f"SELECT id, state FROM memories WHERE id IN ({marks})", tuple(ids)).fetchall())

    # -- the owner's side -------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory | None:
        with self._read() as db:
            row = db.execute(f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None:
                return None
            quotes = db.execute("SELECT quote FROM quotes WHERE memory_id = ? ORDER BY seq", (memory_id,)).fetchall()
        return _memory(row, tuple(q for (q,) in quotes))

    def memories(self, state: str | None = None) -> list[Memory]:
        where, args = ("WHERE state = ?", (state,)) if state else ("", ())
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id ASC", args
            ).fetchall()
            quotes: dict[str, list[str]] = {}
            for memory, quote in db.execute("SELECT memory_id, quote FROM quotes ORDER BY memory_id, seq"):
                quotes.setdefault(memory, []).append(quote)
        return [_memory(row, tuple(quotes.get(row[0], ()))) for row in rows]

    def decide(
        self, memory_id: str, action: str, now: float, *, text: str | None = None, category: str | None = None
    ) -> Decision:
        with self._write() as db:
            decision = self._decide(db, memory_id, action, now, text, category)
        if action == "reject":
            self._flush_erased()
        return decision

    def _decide(
        self, db: sqlite3.Connection, memory_id: str, action: str, now: float, text: str | None, category: str | None
    ) -> Decision:
        row = db.execute("SELECT state, category, text FROM memories WHERE id = ?", (memory_id,)).fetchone()
        if row is None:
            raise UnknownMemory(memory_id)
        before, category_before, text_before = row
        if before == "rejected":
            if action != "reject":
                raise StoreError(f"{memory_id} was rejected and its text erased; there is nothing left to decide.")
            # Rejecting again records nothing; it only finishes an erasure that a reader held up.
            last = db.execute(f"{_DECISIONS} WHERE memory_id = ? ORDER BY seq DESC LIMIT 1", (memory_id,)).fetchone()
            return _decision(last)
        after = STATE_AFTER.get(action, before)
        category_after = category if category is not None else category_before
        if action == "edit":
            if text is not None and text != text_before:
                self._retext(db, memory_id, text)
            db.execute("UPDATE memories SET category = ? WHERE id = ?", (category_after, memory_id))
        db.execute(
            "UPDATE memories SET state = ?, touched = max(touched, ?), "
            "approved_at = CASE WHEN ? = 'approve' THEN ? ELSE approved_at END WHERE id = ?",
            (after, now, action, now, memory_id),
        )
        if action == "reject":
            db.execute("UPDATE memories SET text = NULL, category = 'other' WHERE id = ?", (memory_id,))
            db.execute("DELETE FROM quotes WHERE memory_id = ?", (memory_id,))
            db.execute("DELETE FROM words WHERE memory_id = ?", (memory_id,))
        cursor = db.execute(
            "INSERT INTO decisions (memory_id, action, before, after, category_before, category_after, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (memory_id, action, before, after, category_before, category_after, now),
        )
        return Decision(
            seq=cursor.lastrowid or 0,
            memory_id=memory_id,
            action=action,
            before=before,
            after=after,
            category_before=category_before,
            category_after=category_after,
            at=now,
        )

    def _retext(self, db: sqlite3.Connection, memory: str, text: str) -> None:
        key = memory_id(text)
        owner = db.execute("SELECT memory_id FROM aliases WHERE key = ?", (key,)).fetchone()
        if owner is not None and owner[0] != memory:
            raise StoreError(f"That text is already memory {owner[0]}; edit or reject that one instead.")
        db.execute("UPDATE memories SET text = ? WHERE id = ?", (text, memory))
        db.execute("INSERT OR IGNORE INTO aliases (key, memory_id) VALUES (?, ?)", (key, memory))
        db.execute("DELETE FROM words WHERE memory_id = ?", (memory,))
        db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", ((w, memory) for w in content_words(text)))

    def _flush_erased(self) -> None:
        """Copy the erasing write into the database file and empty the write-ahead log, so the
        erased text survives in no file of the data folder (secure_delete zeroes freed space).

        A reader holding an old snapshot blocks the checkpoint; it is retried for about five
        seconds without the busy handler (which would wait 30 s each time) and without holding
        this store's lock between attempts."""
        for _ in range(50):
            with self._lock:
                self._db.execute("PRAGMA busy_timeout = 0")
                try:
                    busy = self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                except sqlite3.OperationalError:
                    busy = 1
                finally:
                    self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if not busy:
                return
            time.sleep(0.1)
        raise StoreError(
            f"The memory was erased from {self.path}, but another process holds its write-ahead log "
            "open; stop the other PersonaKit processes and reject it again to finish erasing."
        )

    def history(self, memory_id: str | None = None) -> list[Decision]:
        where, args = ("WHERE memory_id = ?", (memory_id,)) if memory_id else ("", ())
        with self._read() as db:
            rows = db.execute(f"{_DECISIONS} {where} ORDER BY seq", args).fetchall()
        return [_decision(row) for row in rows]
