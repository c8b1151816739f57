"""The default store: one SQLite file in WAL mode, with a word index and erasure on reject.

Safe for several processes at once: every write is one `BEGIN IMMEDIATE` transaction that reads
the current row before it changes it, so a process never writes back a state it read earlier.
`synchronous=FULL` makes a write durable before it is acknowledged.

Erasure holds by construction, not by luck: no index key holds text (the word index keeps keyed
64-bit hashes of words; quotes and old texts live in rowid tables, whose interior pages hold only
integers), `secure_delete` zeroes what a delete frees, and a reject (or a dropped quote) ends with
`VACUUM`, which rewrites every page from the rows that remain, so no stale copy survives in a page
gap, and a checkpoint that empties the write-ahead log. A marker row written with the reject makes
any later PersonaKit process finish an erasure that was interrupted or held up by a reader.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from personakit_plugin.core.data_folder import DATABASE_FILE, make_private
from personakit_plugin.core.model import (
    EVERYTHING,
    QUOTES_KEPT,
    Candidate,
    Changes,
    Connection,
    Decision,
    Document,
    ExportedMemory,
    Memory,
    Retirement,
    View,
)
from personakit_plugin.core.progress import Progress
from personakit_plugin.core.ranking import STATE_RANK, rank_case, readable_below, sort_key
from personakit_plugin.core.redaction import as_shown
from personakit_plugin.core.store import (
    Description,
    ErasureWaitsForSpace,
    Matches,
    Proposed,
    Proposer,
    Restored,
    StoreError,
    StoreFault,
    StoreFull,
    StoreIOError,
    StoreReadOnly,
    TooManyWaiting,
    UnknownMemory,
    derived_problem,
    proposers_problem,
)
from personakit_plugin.core.words import content_words, id_key, legacy_memory_id, memory_id
from personakit_plugin.storage import decisions, retirement, sqlite_changes, sqlite_derived
from personakit_plugin.storage.rows import (
    DECISION_COLUMNS,
    MEMORY_COLUMNS,
    PROPOSER_COLUMNS,
    decision_from_row,
    exported,
    memories_with_quotes,
    memory_from_row,
    proposer_from_row,
)
from personakit_plugin.storage.sqlite_faults import (
    FileIdentity,
    fault_of,
    faults,
    is_busy,
    keep_reserve,
    release_reserve,
)

FILE_NAME = DATABASE_FILE
BUSY_TIMEOUT_MS = 30_000
SCHEMA_VERSION = 11
HASHES_KEPT = 16_384
"""Words whose keyed hash a store remembers (`_word_hasher`)."""
ERASE_WAIT = 10.0
"""Seconds a reject waits for readers in other processes to let go of the write-ahead log it must empty."""

# A memory's state as the rank `postings` carried (`ranking.STATE_RANK`), for the migrations that
# built that table (schemas 2 to 4; schema 5 drops it).
_RANK = rank_case("{}")
_T = TypeVar("_T")

# Kept `postings` in step with `words` (schemas 2 to 4).
_POSTINGS_ADD = f"""CREATE TRIGGER postings_add AFTER INSERT ON words BEGIN
        INSERT OR IGNORE INTO postings (word, rank, key, touched)
            SELECT NEW.word, {_RANK.format("state")}, key, touched FROM memories WHERE id = NEW.memory_id;
    END"""

_POSTINGS_REMOVE = f"""CREATE TRIGGER postings_remove AFTER DELETE ON words BEGIN
        DELETE FROM postings
            WHERE word = OLD.word AND rank IN ({", ".join(map(str, sorted(set(STATE_RANK.values()))))})
            AND key = (SELECT key FROM memories WHERE id = OLD.memory_id);
    END"""
_POSTINGS_RERANK = f"""CREATE TRIGGER postings_rerank AFTER UPDATE OF state, touched ON memories
    WHEN OLD.state IS NOT NEW.state OR OLD.touched IS NOT NEW.touched BEGIN
        UPDATE postings SET rank = {_RANK.format("NEW.state")}, touched = NEW.touched
            WHERE word IN (SELECT word FROM words WHERE memory_id = NEW.id)
            AND rank = {_RANK.format("OLD.state")} AND key = NEW.key;
    END"""

# 4: no text in any index key, and quotes that wait for the owner. Quotes and replaced texts move to
# rowid tables (a WITHOUT ROWID table is an index b-tree: its interior pages repeat whole rows as
# divider keys, which deletes never reach); the word index keeps keyed hashes, not words; `meta`
# holds the hash key and the marker of an unfinished erasure. A quote gains `pending` (added while
# its memory was approved, so not evidence until the owner accepts it) and `accepted_by` (the
# decision that accepted it, so that the decision can be undone).
_SCHEMA_4 = f"""
    CREATE TABLE meta (name TEXT PRIMARY KEY, value NOT NULL);
    CREATE TABLE quotes_v4 (
        memory_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        quote TEXT NOT NULL,
        pending INTEGER NOT NULL DEFAULT 0,
        accepted_by INTEGER
    );
    INSERT INTO quotes_v4 (memory_id, seq, quote) SELECT memory_id, seq, quote FROM quotes ORDER BY memory_id, seq;
    DROP TABLE quotes;
    ALTER TABLE quotes_v4 RENAME TO quotes;
    CREATE UNIQUE INDEX quotes_by_memory ON quotes (memory_id, seq);
    CREATE TABLE previous_texts_v4 (
        memory_id TEXT NOT NULL,
        seq INTEGER NOT NULL,           -- the edit decision that replaced it
        text TEXT NOT NULL
    );
    INSERT INTO previous_texts_v4 (memory_id, seq, text) SELECT memory_id, seq, text FROM previous_texts;
    DROP TABLE previous_texts;
    ALTER TABLE previous_texts_v4 RENAME TO previous_texts;
    CREATE UNIQUE INDEX previous_texts_by_memory ON previous_texts (memory_id, seq);
    DROP TRIGGER postings_add;
    DROP TRIGGER postings_remove;
    DROP TRIGGER postings_rerank;
    DROP TABLE postings;
    DROP TABLE words;
    CREATE TABLE words (
        word INTEGER NOT NULL,          -- a keyed hash of the word (`SqliteStore._hash`)
        memory_id TEXT NOT NULL,
        PRIMARY KEY (word, memory_id)
    ) WITHOUT ROWID;
    CREATE INDEX words_by_memory ON words (memory_id);
    CREATE TABLE postings (
        word INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        key INTEGER NOT NULL,
        touched REAL NOT NULL,
        PRIMARY KEY (word, rank, key)
    ) WITHOUT ROWID;
    {_POSTINGS_ADD};
    {_POSTINGS_REMOVE};
    {_POSTINGS_RERANK};
    """


def _word_hasher(key: bytes) -> Callable[[str], int]:
    """A word's keyed 64-bit hash, as the word index stores it (a signed integer, as SQLite's are).
    The hashes of the words met most recently are remembered: an import hashes each word once."""

    @functools.lru_cache(maxsize=HASHES_KEPT)
    def hashed(word: str) -> int:
        digest = hashlib.blake2b(word.encode("utf-8"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)

    return hashed


def _schema_4(db: sqlite3.Connection, progress: Progress) -> None:
    with progress.waiting("moving quotes and old texts"):
        for statement in _statements(_SCHEMA_4):
            db.execute(statement)
    key = os.urandom(16)
    db.execute("INSERT INTO meta (name, value) VALUES ('word_key', ?)", (key,))
    hashed = _word_hasher(key)
    texts = db.execute("SELECT id, text FROM memories WHERE text IS NOT NULL").fetchall()
    progress.total = len(texts)
    rows: list[tuple[int, str]] = []
    for memory, text in texts:  # the word index rebuilt with keyed hashes: the long part, counted
        rows.extend((hashed(word), memory) for word in content_words(text))
        progress.advance()
    with progress.waiting("writing the new word index"):
        db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", sorted(rows))
    if texts:  # an older file: the words it kept in the clear are in freed pages until compacted
        db.execute("INSERT INTO meta (name, value) VALUES ('erasing', 'vacuum')")


def _schema_6(db: sqlite3.Connection, progress: Progress) -> None:
    """6: ids keyed with a secret of the file's own (`words.memory_id`), kept in `meta` as `id_secret`;
    the aliases of an older file re-keyed (`decisions.rekey`), every id kept."""
    secret = os.urandom(decisions.ID_SECRET_SIZE)
    db.execute("INSERT INTO meta (name, value) VALUES ('id_secret', ?)", (secret,))
    with progress.waiting("re-keying the memories' texts"):
        decisions.rekey(_SqliteRows(db, lambda memory, text, state: [], id_key(secret)))


# Each entry takes the schema from the version before it to its own number (1-based); one in Python
# is given the `Progress` of the upgrade, which shows on the owner's terminal when the work is long.
MIGRATIONS: tuple[str | Callable[[sqlite3.Connection, Progress], None], ...] = (
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
    # 2: memories get an integer `key`, and `postings` index words by that key with the ranking keys
    # (rank: 0 approved, 1 unconfirmed, 2 restricted, 3 rejected; touched) beside it, so that the
    # default read counts, orders and limits its matches in SQL on integers, and counts the restricted
    # matches without loading them (`SqliteStore.top_matches`). `words` stays the table writers fill;
    # triggers keep `postings` in step with it and with each memory's state and `touched`.
    f"""
    CREATE TABLE memories_v2 (
        key INTEGER PRIMARY KEY,        -- the integer the word index (postings) refers to
        id TEXT NOT NULL UNIQUE,
        text TEXT,                      -- NULL once rejected: erased
        category TEXT NOT NULL,
        state TEXT NOT NULL,
        created REAL NOT NULL,
        touched REAL NOT NULL,          -- latest of last proposal and last decision
        approved_at REAL NOT NULL DEFAULT 0
    );
    INSERT INTO memories_v2 (id, text, category, state, created, touched, approved_at)
        SELECT id, text, category, state, created, touched, approved_at FROM memories ORDER BY created, id;
    DROP TABLE memories;
    ALTER TABLE memories_v2 RENAME TO memories;
    CREATE INDEX memories_by_state ON memories (state, approved_at);
    CREATE TABLE postings (
        word TEXT NOT NULL,
        rank INTEGER NOT NULL,
        key INTEGER NOT NULL,
        touched REAL NOT NULL,
        PRIMARY KEY (word, rank, key)
    ) WITHOUT ROWID;
    INSERT INTO postings (word, rank, key, touched)
        SELECT w.word, {_RANK.format("m.state")}, m.key, m.touched FROM words w JOIN memories m ON m.id = w.memory_id;
    {_POSTINGS_ADD};
    {_POSTINGS_REMOVE};
    {_POSTINGS_RERANK};
    """,
    # 3: the texts edits replaced, kept apart from the history (which never holds text) so that an
    # edit can be undone; a reject erases them with the rest. PersonaKit created this table outside
    # the numbered schema before version 3, hence IF NOT EXISTS.
    """
    CREATE TABLE IF NOT EXISTS previous_texts (
        memory_id TEXT NOT NULL,
        seq INTEGER NOT NULL,           -- the edit decision that replaced it
        text TEXT NOT NULL,
        PRIMARY KEY (memory_id, seq)
    ) WITHOUT ROWID;
    """,
    _schema_4,
    sqlite_changes.SCHEMA_5,
    _schema_6,
    sqlite_changes.SCHEMA_7,
    # 8: which connection proposed each new memory (`KnowsProposers`): the connections that proposed, as
    # their clients named themselves, and each memory's `proposed_by` (NULL for those proposed before).
    """
    CREATE TABLE connections (
        id TEXT PRIMARY KEY,            -- c_ and 8 hex digits, made by the server process
        client TEXT NOT NULL,           -- as the client named itself in initialize; never trusted
        version TEXT NOT NULL,
        started REAL NOT NULL
    );
    ALTER TABLE memories ADD COLUMN proposed_by TEXT;
    CREATE INDEX memories_by_proposer ON memories (proposed_by, state, created) WHERE proposed_by IS NOT NULL;
    """,
    # 9: what the owner was shown and what they dropped. A quote gains `seen`: the owner was shown it
    # (`personakit show`, a review) or confirmed it (the quotes of an approved memory that do not wait
    # are, so they start seen), and `personakit approve ID` confirms only those. `dropped_quotes` keeps
    # a keyed hash of each quote the owner dropped (`words.dropped_quote_key`: no text), so that an
    # import never brings it back; a reject of its memory deletes them.
    """
    ALTER TABLE quotes ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;
    UPDATE quotes SET seen = 1 WHERE NOT pending AND memory_id IN (SELECT id FROM memories WHERE state = 'approved');
    CREATE TABLE dropped_quotes (
        memory_id TEXT NOT NULL,
        key TEXT NOT NULL,              -- `words.dropped_quote_key`: a keyed hash, never text
        PRIMARY KEY (memory_id, key)
    ) WITHOUT ROWID;
    """,
    sqlite_derived.SCHEMA_10,
    # 11: what the owner retired, and when, and what replaced it (`storage.retirement`).
    retirement.SQLITE_SCHEMA,
)
assert len(MIGRATIONS) == SCHEMA_VERSION

OWN_TABLES = {"memories", "quotes", "aliases", "words", "decisions"}
COUNTED = ("memories", "quotes", "decisions", "aliases", "words")
"""The tables whose rows `describe` counts, in the order the owner reads them."""
_DECISIONS = f"SELECT {DECISION_COLUMNS} FROM decisions"


def _statements(script: str) -> Iterator[str]:
    """The SQL statements of a script, one at a time; a trigger's body keeps its semicolons."""
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                yield pending
            pending = ""


def _chunks(values: list[str], size: int = 500) -> Iterator[tuple[str, ...]]:
    """`values` in tuples of at most `size`, to stay under SQLite's limit on bound parameters."""
    for start in range(0, len(values), size):
        yield tuple(values[start : start + size])


def _bulk_lookup(
    db: sqlite3.Connection, batch: list[tuple[str, str, str, float, str]]
) -> tuple[dict[str, tuple[str, str]], dict[str, list[str]], dict[str, int]]:
    """What the file has of a `bulk_propose` batch: each known key's (memory id, state), the plain hashes
    of its texts included (`decisions.Rows.aliased`), and the quotes (oldest first) and highest quote
    number of each memory found that is not rejected."""
    known: dict[str, tuple[str, str]] = {}
    keys = (key for item in batch for key in (item[4], legacy_memory_id(item[0])))
    for chunk in _chunks(list(dict.fromkeys(keys))):
        known.update(
            (key, (memory, state))
            for key, memory, state in db.execute(
                "SELECT a.key, m.id, m.state FROM aliases a JOIN memories m ON m.id = a.memory_id "
                f"WHERE a.key IN ({','.join('?' * len(chunk))})",
                chunk,
            )
        )
    quotes: dict[str, list[str]] = {}
    last_seq: dict[str, int] = {}
    for chunk in _chunks(sorted({memory for memory, state in known.values() if state != "rejected"})):
        for memory in chunk:
            quotes[memory] = []
        for memory, quote, seq in db.execute(
            f"SELECT memory_id, quote, seq FROM quotes WHERE memory_id IN ({','.join('?' * len(chunk))}) "
            "ORDER BY memory_id, seq",
            chunk,
        ):
            quotes[memory].append(quote)
            last_seq[memory] = seq
    return known, quotes, last_seq


def _mark_erasing(db: sqlite3.Connection) -> None:
    """Written in the same transaction as what it erases: until `finish_erasure` clears it, every
    PersonaKit process that opens or writes the file compacts it and empties the log."""
    db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('erasing', 'vacuum')")


class _SqliteRows(decisions.Rows):
    """A write transaction on the file, as the shared logic (`storage.decisions`) sees it."""

    def __init__(
        self, db: sqlite3.Connection, words: Callable[[str, str, str], list[tuple[int, str]]], key: bytes
    ) -> None:
        self._db = db
        self._words = words  # the word index's rows of a memory's text as a read shows it in its state
        self._key = key

    def id_key(self) -> bytes:
        return self._key

    def run(self, statement: str, args: Sequence[object] = ()) -> sqlite3.Cursor:
        return self._db.execute(statement, args)

    def run_in(self, statement: str, values: list[str]) -> Iterator[tuple[object, ...]]:
        for chunk in _chunks(values):
            yield from self._db.execute(statement.format(f"IN ({','.join('?' * len(chunk))})"), chunk)

    def insert(self, table: str, columns: str, rows: Iterable[Sequence[object]]) -> None:
        marks = ", ".join("?" * len(columns.split(",")))
        self._db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)

    def add_memories(self, rows: list[tuple[object, ...]]) -> None:
        self.insert("memories", MEMORY_COLUMNS, rows)
        words = (word for row in rows for word in self._words(str(row[0]), str(row[1] or ""), str(row[3])))
        self._db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", words)

    def set_text(self, memory: str, text: str | None) -> None:
        self._db.execute("UPDATE memories SET text = ? WHERE id = ?", (text, memory))
        self.index_words(memory)

    def index_words(self, memory: str) -> None:
        row = self._db.execute("SELECT text, state FROM memories WHERE id = ?", (memory,)).fetchone()
        self._db.execute("DELETE FROM words WHERE memory_id = ?", (memory,))
        if row is not None and row[0] is not None:
            self._db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", self._words(memory, *row))

    def append_decision(self, row: tuple[str, str, str, str, str | None, str | None, float]) -> int:
        cursor = self._db.execute(
            "INSERT INTO decisions (memory_id, action, before, after, category_before, category_after, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            row,
        )
        return cursor.lastrowid or 0

    def mark_erased(self, seq: int) -> None:
        _mark_erasing(self._db)

    def renumbered(self) -> None:
        """Nothing to do: AUTOINCREMENT goes on after the highest number inserted."""


def _redaction_of_index(db: sqlite3.Connection) -> str | None:
    """The name of the masking the file's word index holds (`SqliteStore.index_as_shown`), if known."""
    row = db.execute("SELECT value FROM meta WHERE name = 'index_redaction'").fetchone()
    return None if row is None else str(row[0])


def _read_only(folder: Path) -> bool:
    """Whether the folder is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): a write says so instead
        return False


def _unreadable(path: Path, exc: sqlite3.DatabaseError) -> StoreError:
    return StoreError(f"{path} is not a database PersonaKit can read ({exc}); move it aside to start afresh.")


class _Seen:
    """What one snapshot has read: the file does not change for it until it ends, so asking again is
    answered from here (a read's boundary check asks for what the read just read)."""

    def __init__(self) -> None:
        self.quotes: dict[str, tuple[str, ...]] = {}
        self.memories: dict[str, Memory] = {}


class SqliteStore:
    """The store in one SQLite file. Open it with `SqliteStore.open(data_dir)`."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self.location = str(path)
        self._db = connection
        # Re-entrant, so that the reads inside a `snapshot` take it again on the same thread.
        self._lock = threading.RLock()
        self._cursor_prefix = sqlite_changes.cursor_prefix()
        self._in_snapshot = False
        self._seen: _Seen | None = None  # inside a snapshot: what it has read, the same until it ends
        self._hash: Callable[[str], int] = _word_hasher(b"")  # the file's own key once migrated
        self._id_key = b""  # likewise (`words.id_key` of the file's `id_secret`)
        self._masked: Callable[[str], str] = str  # what the word index keys of a text not approved
        self._redaction: str | None = None  # the name of that masking (`index_as_shown`); None: unmasked
        self.use_memory_index = True
        """Whether `top_matches` ranks on the in-memory word index (`storage.memory_index`), built
        at the first ranked read and kept current with the file; False ranks in SQL, as before it."""
        self._follower = sqlite_changes.Follower()
        self._proposing = threading.local()  # the connection a `propose` on this thread records (`proposing`)
        self._absent = False  # no file yet: the store is in memory (`create=False`, `look_only`)
        self._file: FileIdentity | None = None
        """The file the connection holds, checked before a write commits, after it and before a read is
        answered (`sqlite_faults.FileIdentity`); None in memory and for `personakit doctor`'s look."""

    @classmethod
    def open(cls, data_dir: Path, *, create: bool = True, look_only: bool = False) -> SqliteStore:
        """Open the store in `data_dir`. With `create=False`, a folder with no database yet is left
        untouched: the store is empty and in memory, and what is written to it is not kept. With
        `look_only` (`Config.look_only`), see `_open_to_look`."""
        data_dir = Path(data_dir)
        path = data_dir / FILE_NAME
        if look_only:
            return cls._open_to_look(path)
        make_private(data_dir)  # before anything in it is read: the owner's alone, or refused
        if not create and not path.exists() and not data_dir.is_file():
            store = cls(path, sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
            store._absent = True
            store._migrate()
            store._load_key()
            return store
        try:
            # Several servers may start at once on a folder that does not exist yet.
            data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not path.exists():
                # Created 0600 before SQLite touches it; SQLite gives its -wal and -shm files the same mode.
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        except OSError as exc:
            raise StoreError(
                f"{data_dir} is not a folder PersonaKit can use ({exc.strerror}); "
                "choose another with --data-dir or PERSONAKIT_DATA_DIR."
            ) from None
        if _read_only(data_dir):
            return cls._open_read_only(path)
        opened = FileIdentity(path)
        try:
            db = cls._connect(path)
        except (StoreFull, StoreIOError):
            # A full disk leaves no room for SQLite's shared-memory file when no other process has it
            # open: the reserve gives its room, so that the owner can still act (a reject above all).
            if not release_reserve(data_dir):
                raise
            db = cls._connect(path)
        store = cls(path, db)
        store._hold(opened)
        store._migrate()
        store._probe()
        store._load_key()
        store._finish_erasure_if_it_can()
        keep_reserve(data_dir)
        return store

    @classmethod
    def _connect(cls, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                # Look before changing anything: another program's file, or a newer schema, is left as it is.
                cls._check_owner(path, db)
                journal = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                break
            except sqlite3.DatabaseError as exc:
                # Servers starting at once on a new file each read it, then ask for the lock that turns
                # on its write-ahead log: SQLite answers all but one busy at once, without waiting (its
                # busy handler would deadlock them). The others try again, a moment apart.
                if is_busy(exc) and time.monotonic() < deadline:
                    time.sleep(random.uniform(0.005, 0.05))
                    continue
                db.close()
                raise fault_of(exc) or _unreadable(path, exc) from None
        if journal != "wal":
            db.close()
            raise StoreError(f"{path} cannot be put in WAL mode; is the folder on a network drive?")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA secure_delete = ON")
        db.execute("PRAGMA foreign_keys = ON")
        # VACUUM and large sorts build their copies in memory: no temporary file outside the folder
        # ever holds the owner's text.
        db.execute("PRAGMA temp_store = MEMORY")
        return db

    @classmethod
    def _open_read_only(cls, path: Path) -> SqliteStore:
        """The store on a folder that cannot be written (a read-only disk): it reads, and each write is
        `StoreReadOnly`. Without a write-ahead log the file alone is the whole store, and SQLite opens it
        only as unchanging (it cannot make the shared-memory file it would need beside it)."""
        if not path.is_file():
            raise StoreReadOnly()
        opened = FileIdentity(path)
        quiet = "" if path.with_name(path.name + "-wal").exists() else "&immutable=1"
        try:
            db = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=ro{quiet}", uri=True, isolation_level=None, check_same_thread=False
            )
            cls._check_owner(path, db)
            if db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                raise StoreReadOnly()  # an older file needs its upgrade written first
        except sqlite3.DatabaseError as exc:
            raise fault_of(exc) or _unreadable(path, exc) from None
        store = cls(path, db)
        store._hold(opened)
        store._probe()
        store._load_key()
        return store

    @classmethod
    def _open_to_look(cls, path: Path) -> SqliteStore:
        """The store as `personakit doctor` looks at it (`Describes`), changing nothing: the folder's modes
        are left as they are, no file is created and no schema upgraded, and the file is opened read-only
        (when no write-ahead log is there, every PersonaKit closed, as unchanging too, so that looking
        creates no -wal or -shm file). It may be another program's file or of another schema."""
        if not path.is_file():
            store = cls(path, sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
            store._absent = True
            return store
        quiet = "" if path.with_name(path.name + "-wal").exists() else "&immutable=1"
        try:
            db = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=ro{quiet}", uri=True, timeout=5, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(f"The database {path} cannot be opened ({exc}).") from None
        return cls(path, db)

    def describe(self) -> Description:
        """Where the file is, its schema, its size and its rows (`Describes`); only looks."""
        said = Description(
            backend="SQLite", location=self.location, exists=False, own=False, schema=0, schema_known=SCHEMA_VERSION
        )
        if self._absent:
            return said
        try:
            with self._lock:
                version = self._db.execute("PRAGMA user_version").fetchone()[0]
                tables = {name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                own = version > 0 and tables >= OWN_TABLES
                counts = (
                    {table: self._db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in COUNTED}
                    if own
                    else {}
                )
                erasing = (
                    "meta" in tables
                    and self._db.execute("SELECT 1 FROM meta WHERE name = 'erasing'").fetchone() is not None
                )
        except sqlite3.Error as exc:
            raise StoreError(f"The database {self.path} cannot be read ({exc}).") from None
        parts = {"database": self.path, "write-ahead log": self.path.with_name(self.path.name + "-wal")}
        sizes = {part: file.stat().st_size for part, file in parts.items() if file.is_file()}
        return msgspec.structs.replace(
            said, exists=True, own=own, schema=version, sizes=sizes, counts=counts, erasure_unfinished=erasing
        )

    def integrity(self) -> list[str]:
        """SQLite's `PRAGMA integrity_check` of the whole file: the problems it found, none when it passed."""
        if self._absent:
            return []
        try:
            with self._lock:
                found = [row[0] for row in self._db.execute("PRAGMA integrity_check")]
        except sqlite3.Error as exc:
            raise StoreError(f"The database {self.path} cannot be read ({exc}).") from None
        return [] if found == ["ok"] else found

    @staticmethod
    def _check_owner(path: Path, db: sqlite3.Connection) -> None:
        # The version and the tables are read in one statement, so from one moment of the file: read apart,
        # another server creating the file between them shows tables under version 0, another program's file.
        rows = db.execute(
            "SELECT version.user_version, tables.name FROM pragma_user_version AS version "
            "LEFT JOIN sqlite_master AS tables ON tables.type = 'table'"
        ).fetchall()
        version = rows[0][0]
        tables = {name for (_, name) in rows if name is not None}
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
                # An older file's upgrade shows its progress on a terminal (stderr only); a new file's does not.
                old = 0 < version < SCHEMA_VERSION
                upgrade = Progress(f"Upgrading the database to schema {SCHEMA_VERSION}") if old else Progress.silent()
                with upgrade:
                    for number in range(version + 1, SCHEMA_VERSION + 1):
                        migration = MIGRATIONS[number - 1]
                        if callable(migration):
                            migration(db, upgrade)
                        else:
                            with upgrade.waiting(f"applying schema {number}"):
                                for statement in _statements(migration):
                                    db.execute(statement)
                        db.execute(f"PRAGMA user_version = {number}")
        except sqlite3.DatabaseError as exc:
            raise _unreadable(self.path, exc) from None

    def _probe(self) -> None:
        """Read the first row of each table, a few pages in all, so that a file whose pages are
        damaged is refused when it is opened (one sentence naming it), not at the first read."""
        with self._read() as db:
            for table in ("memories", "quotes", "aliases", "words", "decisions", "meta", "changes"):
                db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchall()

    def _load_key(self) -> None:
        with self._read() as db:
            (key,) = db.execute("SELECT value FROM meta WHERE name = 'word_key'").fetchone()
            (secret,) = db.execute("SELECT value FROM meta WHERE name = 'id_secret'").fetchone()
        self._hash = _word_hasher(key)
        self._id_key = id_key(secret)

    def id_secret(self) -> bytes:
        """The secret this file derives its ids from (see `KeepsIdSecret`)."""
        with self._read() as db:
            return bytes(db.execute("SELECT value FROM meta WHERE name = 'id_secret'").fetchone()[0])

    def adopt_id_secret(self, secret: bytes) -> None:
        """Derive ids from `secret` from now on; only while the file has no memory (see `KeepsIdSecret`)."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM memories LIMIT 1").fetchone():
                raise StoreError(f"{self.path} already holds memories; its ids cannot change.")
            db.execute("UPDATE meta SET value = ? WHERE name = 'id_secret'", (secret,))
        self._id_key = id_key(secret)

    def _hold(self, opened: FileIdentity) -> None:
        """Keep to the file `opened` names, taken before SQLite opened the path: the path names it still
        now that SQLite holds it open, so SQLite opened that file (or the store is closed, `StoreGone`)."""
        try:
            opened.check()
        except StoreFault:
            self._db.close()
            raise
        self._file = opened

    def _word_rows(self, memory: str, text: str, state: str) -> list[tuple[int, str]]:
        """The word index's rows for a memory's text in `state`: (keyed hash of the word, memory id), for
        each word of the text as a read shows it (`redaction.as_shown`, masked unless approved)."""
        return [(self._hash(word), memory) for word in content_words(as_shown(text, state, self._masked))]

    def index_as_shown(self, masked: Callable[[str], str], redaction: str) -> None:
        """Key the word index on the words a read shows, masked by `masked` (see `IndexesAsShown`): the
        file keeps the name of the masking its index holds (`meta.index_redaction`); under another, the
        words of every memory that is not approved are keyed again first, in one transaction. On a disk
        that cannot be written (read-only, full, or locked past the wait) the index stays as it is until a
        PersonaKit that can write opens it."""
        self._masked, self._redaction = masked, redaction
        if self._absent:
            return
        with self._read() as db:
            if _redaction_of_index(db) == redaction:
                return
        with suppress(StoreFault), self._write() as db:  # a read-only or full disk: as it was, until one can
            if _redaction_of_index(db) == redaction:  # another process did it meanwhile
                return
            memories = db.execute(
                "SELECT id, text, state FROM memories WHERE text IS NOT NULL AND state <> 'approved' ORDER BY id"
            ).fetchall()
            with sqlite_changes.unlogged(db) if len(memories) >= sqlite_changes.UNLOGGED_FROM else nullcontext():
                for memory, text, state in memories:
                    db.execute("DELETE FROM words WHERE memory_id = ?", (memory,))
                    words = self._word_rows(memory, text, state)
                    db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", words)
            db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('index_redaction', ?)", (redaction,))

    def _unmasked_write(self, db: sqlite3.Connection) -> None:
        """Inside a write transaction of a store no kit gave its masking (a test, a tool): its words are
        keyed unmasked, so the file forgets which masking its index holds and the next kit keys it again."""
        if self._redaction is None:
            db.execute("DELETE FROM meta WHERE name = 'index_redaction'")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed whole or rolled back whole; a fault of the machine (a full
        disk, a read-only folder, a lock held past the busy timeout, an I/O error) is its `StoreFault`."""
        with self._lock, faults():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._still_there()  # a file removed or replaced under the store takes nothing
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # a failed COMMIT may leave it open, or SQLite may have ended it
                    with suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise
            self._still_there()  # and nothing is acknowledged that the path does not hold

    @contextmanager
    def _rows(self) -> Iterator[_SqliteRows]:
        """A write transaction for the shared decisions."""
        with self._write() as db:
            self._unmasked_write(db)
            yield _SqliteRows(db, self._word_rows, self._id_key)
            sqlite_changes.trim(db)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._in_snapshot:  # already inside one read transaction: see `snapshot`
                yield self._db
                return
            try:
                self._db.execute("BEGIN")
                try:
                    yield self._db
                finally:
                    self._db.execute("COMMIT")
                self._still_there()  # nothing is answered from a file the path no longer names
            except sqlite3.DatabaseError as exc:
                fault = fault_of(exc)
                if fault is not None:  # the machine's fault (an I/O error ...), not the file's
                    raise fault from None
                if isinstance(exc, sqlite3.OperationalError):
                    raise
                raise _unreadable(self.path, exc) from None  # a damaged file: one sentence naming it

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Make every read inside the block one read transaction: one consistent view of the data
        and one BEGIN/COMMIT instead of one per call. `PersonaKit.read` wraps a whole
        `personakit_read` (the hook and the boundary check) in it. Only reads may run inside;
        other threads using this store wait until the block ends."""
        with self._lock, faults():
            if self._in_snapshot:
                yield
                return
            self._db.execute("BEGIN")
            self._in_snapshot = True
            self._seen = _Seen()
            try:
                yield
            finally:
                self._in_snapshot = False
                self._seen = None
                self._db.execute("COMMIT")
            self._still_there()  # nothing is answered from a file the path no longer names

    def _still_there(self) -> None:
        """`StoreGone` when the database file was removed, moved away or replaced since the store opened it."""
        if self._file is not None:
            self._file.check()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- the assistant's side ---------------------------------------------------------------

    def propose(self, text: str, quote: str, category: str, now: float, view: View = EVERYTHING) -> Proposed:
        by: tuple[Connection, int] | None = getattr(self._proposing, "by", None)
        with self._rows() as rows:
            if by is not None:
                self._within_bound(*by)
            proposed = decisions.propose(rows, text, quote, category, now, view)
            if by is not None and proposed.new:
                self._record_proposer(proposed.id, by[0])
        self._finish_erasure_if_it_can()  # one another process left unfinished, if any: a lookup, nothing more
        return proposed

    # -- who proposed what (`KnowsProposers`) ------------------------------------------------

    @contextmanager
    def proposing(self, connection: Connection, most: int) -> Iterator[None]:
        """Inside it, a `propose` on this thread records `connection` as its new memory's proposer, and is
        refused with `TooManyWaiting` when `most` memories it proposed are still unconfirmed."""
        before = getattr(self._proposing, "by", None)
        self._proposing.by = (connection, most)
        try:
            yield
        finally:
            self._proposing.by = before

    def _within_bound(self, connection: Connection, most: int) -> None:
        """Inside a proposal's write transaction: refuse it when the connection's bound is reached."""
        (waiting,) = self._db.execute(
            "SELECT count(*) FROM memories WHERE proposed_by = ? AND state = 'unconfirmed'", (connection.id,)
        ).fetchone()
        if waiting >= most:
            raise TooManyWaiting(most)

    def _record_proposer(self, memory_id: str, connection: Connection) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO connections (id, client, version, started) VALUES (?, ?, ?, ?)",
            (connection.id, connection.client, connection.version, connection.started),
        )
        self._db.execute("UPDATE memories SET proposed_by = ? WHERE id = ?", (connection.id, memory_id))

    def restore_proposers(self, connections: Collection[Connection], proposers: Mapping[str, str]) -> None:
        """Record these connections and each memory's proposer, all or nothing (`RestoresProposers`)."""
        problem = proposers_problem(connections, proposers)
        if problem is not None:
            raise StoreError(problem)
        with self._write() as db:
            db.executemany(
                "INSERT OR IGNORE INTO connections (id, client, version, started) VALUES (?, ?, ?, ?)",
                [(c.id, c.client, c.version, c.started) for c in connections],
            )
            for memory, connection in proposers.items():
                if db.execute("UPDATE memories SET proposed_by = ? WHERE id = ?", (connection, memory)).rowcount != 1:
                    raise UnknownMemory(memory)

    def connections(self) -> list[Proposer]:
        """Every connection that proposed a memory the store still has, the latest to propose first."""
        with self._read() as db:
            rows = db.execute(
                f"SELECT {PROPOSER_COLUMNS}, sum(m.state = 'unconfirmed'), count(*), max(m.created) "
                "FROM connections c JOIN memories m ON m.proposed_by = c.id GROUP BY c.id ORDER BY 7 DESC, c.id"
            ).fetchall()
        return [proposer_from_row(row) for row in rows]

    def proposed_by(self, ids: Collection[str], since: float | None, until: float | None) -> list[Memory]:
        """The unconfirmed memories the connections `ids` proposed in [since, until), newest first."""
        wanted = sorted(set(ids))
        if not wanted:
            return []
        span = ("" if since is None else " AND created >= ?") + ("" if until is None else " AND created < ?")
        bounds = [bound for bound in (since, until) if bound is not None]
        with self._read() as db:
            rows = db.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE proposed_by IN ({','.join('?' * len(wanted))}) "
                f"AND state = 'unconfirmed'{span} ORDER BY created DESC, id",
                (*wanted, *bounds),
            ).fetchall()
        return [memory_from_row(row) for row in rows]

    def proposers(self, ids: Collection[str]) -> dict[str, str]:
        """The connection that proposed each memory of `ids`, where the store recorded one."""
        found: dict[str, str] = {}
        with self._read() as db:
            for chunk in _chunks(list(dict.fromkeys(ids))):
                rows = db.execute(
                    f"SELECT id, proposed_by FROM memories WHERE id IN ({','.join('?' * len(chunk))}) "
                    "AND proposed_by IS NOT NULL",
                    chunk,
                )
                found.update(rows)
        return found

    def matches(self, words: frozenset[str], view: View = EVERYTHING) -> Matches:
        if not words:
            return Matches([], 0)
        hashed = tuple({self._hash(word) for word in words})
        marks = ",".join("?" * len(hashed))
        with self._read() as db:
            rows = db.execute(
                f"SELECT {MEMORY_COLUMNS}, matched FROM memories JOIN ("
                f"  SELECT memory_id, count(*) AS matched FROM words WHERE word IN ({marks}) GROUP BY memory_id"
                ") ON memory_id = id",
                hashed,
            ).fetchall()
        shown = view.readable()  # a row's state is row[3], its category row[2]: `view.shows`, on rows
        candidates = [
            Candidate(memory=memory_from_row(row), matched=row[7])
            for row in rows
            if row[3] in shown and view.covers(row[2])
        ]
        restricted = sum(1 for row in rows if row[3] == "restricted" and view.covers(row[2]))
        return Matches(candidates, restricted)

    def bulk_propose(self, items: Iterable[tuple[str, str, str, float]]) -> list[Proposed]:
        """Propose many memories, each `(text, quote, category, now)`, in one durable transaction.

        The same as `propose` called for each item in turn (the same ids and answers; a text that
        maps to a memory already stored, or to one earlier in `items`, adds its quote as the newest
        unless the memory has it or has `QUOTES_KEPT` quotes, moves `touched` forward and keeps state
        and category; nothing is added to a rejected memory), but the lookups and the writes are done
        in batches: an import of 100,000 memories is one commit, not 100,000. Nothing is written if any
        item fails.
        """
        batch = [(text, quote, category, now, memory_id(text, self._id_key)) for text, quote, category, now in items]
        answers: list[Proposed] = []
        with self._lock:
            cache = self._db.execute("PRAGMA cache_size").fetchone()[0]
            # A large import touches every index at random pages: a page cache to match, for its duration.
            self._db.execute(f"PRAGMA cache_size = {-min(256, 1 + len(batch) // 500) * 1024}")
            try:
                self._bulk_propose(batch, answers)
            finally:
                self._db.execute(f"PRAGMA cache_size = {cache}")
        return answers

    def _bulk_propose(self, batch: list[tuple[str, str, str, float, str]], answers: list[Proposed]) -> None:
        with self._write() as db:
            self._unmasked_write(db)
            known, quotes, last_seq = _bulk_lookup(db, batch)
            approved = {memory for memory, state in known.values() if state == "approved"}
            stored = {memory: len(found) for memory, found in quotes.items()}  # how many are in the file
            new: dict[str, tuple[str, str, float]] = {}  # id -> (text, category, created)
            touched: dict[str, float] = {}
            for text, quote, category, now, key in batch:
                found = known.get(key) or known.get(legacy_memory_id(text))
                if found is not None:
                    memory, state, fresh = *found, False
                    if state in decisions.UNTOUCHED:
                        answers.append(Proposed(memory, False, state))
                        continue
                else:
                    memory, state, fresh = key, "unconfirmed", key not in new
                    if fresh:
                        new[memory] = (text, category, now)
                        quotes[memory] = []
                        stored[memory] = 0
                touched[memory] = max(touched.get(memory, now), now)
                full = quote not in quotes[memory] and len(quotes[memory]) >= QUOTES_KEPT
                if quote not in quotes[memory] and not full:
                    quotes[memory].append(quote)
                answers.append(Proposed(memory, fresh, state, full=full))
            quote_rows = [
                (memory, seq, quote, int(memory in approved))
                for memory in sorted(quotes)
                for seq, quote in enumerate(quotes[memory][stored[memory] :], start=last_seq.get(memory, 0) + 1)
            ]
            with sqlite_changes.unlogged(db) if len(new) >= sqlite_changes.UNLOGGED_FROM else nullcontext():
                self._bulk_write(db, new, touched, quote_rows)

    def _bulk_write(
        self,
        db: sqlite3.Connection,
        new: dict[str, tuple[str, str, float]],
        touched: dict[str, float],
        quote_rows: list[tuple[str, int, str, int]],
    ) -> None:
        """Write what `bulk_propose` planned: the new memories (id -> text, category, created), every
        memory's latest `touched`, and the quotes added (memory, number, quote, pending)."""
        # Every write in index order: each b-tree then grows at its end instead of at random pages,
        # which keeps a large import from thrashing the page cache.
        ids = sorted(new)
        db.executemany(
            "INSERT INTO memories (id, text, category, state, created, touched) VALUES (?, ?, ?, 'unconfirmed', ?, ?)",
            ((memory, *new[memory][:2], new[memory][2], touched[memory]) for memory in ids),
        )
        db.executemany("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", ((memory, memory) for memory in ids))
        db.executemany(
            "UPDATE memories SET touched = max(touched, ?) WHERE id = ?",
            ((at, memory) for memory, at in touched.items() if memory not in new),
        )
        db.executemany("INSERT INTO quotes (memory_id, seq, quote, pending) VALUES (?, ?, ?, ?)", quote_rows)
        db.executemany(
            "INSERT INTO words (word, memory_id) VALUES (?, ?)",
            sorted(row for memory in ids for row in self._word_rows(memory, new[memory][0], "unconfirmed")),
        )

    def top_matches(self, words: frozenset[str], limit: int, view: View = EVERYTHING) -> Matches:
        """The first `limit` memories `view` shows that share a word with `words`, in the contract's
        order (`core.ranking`: score, then approved before unconfirmed, then most recent `touched`,
        then id), and the count of every restricted memory that matches in the view's categories: the
        default `personakit_rank` over `matches(words, view)`, cut to `limit`.

        Ranked on the word index in memory (`storage.memory_index`), whose cost follows the answer
        rather than the store: only the memories returned are read from the file. With
        `use_memory_index` off, it is `matches` sorted, every match read from the file.
        """
        if not words:
            return Matches([], 0)
        limit = max(1, limit)
        if not self.use_memory_index:
            found = self.matches(words, view)
            return Matches(sorted(found.candidates, key=sort_key)[:limit], found.restricted)
        hashed = tuple({self._hash(word) for word in words})
        return self._top_in_memory(hashed, limit, view)

    def _top_in_memory(self, hashed: tuple[int, ...], limit: int, view: View) -> Matches:
        """`top_matches` ranked on the in-memory index, brought up to date inside the read transaction
        that then reads the memories it chose, so both see the file at the same moment."""
        with self._lock:  # a snapshot's `_seen` is looked at only under the lock
            with self._read() as db:
                index = self._follower.current(db)
                chosen, restricted = index.top(hashed, limit, readable_below(view), view.categories)
                full = self._rows_by_key(db, [key for key, _ in chosen])
            candidates = [Candidate(memory=memory_from_row(full[key]), matched=matched) for key, matched in chosen]
            if self._seen is not None:
                self._seen.memories.update((candidate.memory.id, candidate.memory) for candidate in candidates)
        candidates.sort(key=sort_key)
        return Matches(candidates[:limit], restricted)

    @staticmethod
    def _rows_by_key(db: sqlite3.Connection, keys: list[int]) -> dict[int, tuple[Any, ...]]:
        if not keys:
            return {}
        marks = ",".join("?" * len(keys))
        found = db.execute(f"SELECT key, {MEMORY_COLUMNS} FROM memories WHERE key IN ({marks})", keys)
        return {row[0]: row[1:] for row in found}

    def approved(self, limit: int, exclude: Collection[str], view: View = EVERYTHING) -> list[Memory]:
        scope = tuple(sorted(view.categories)) if view.categories is not None else ()
        within = f" AND category IN ({','.join('?' * len(scope))})" if view.categories is not None else ""
        chosen: list[Memory] = []
        with self._read() as db:
            rows = db.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE state = 'approved'{within} "
                "ORDER BY approved_at DESC, id ASC LIMIT ?",
                (*scope, limit + len(exclude)),
            )
            for row in rows:
                if len(chosen) >= limit:
                    break
                if row[0] not in exclude:
                    chosen.append(memory_from_row(row))
        return chosen

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        wanted = list(dict.fromkeys(ids))
        with self._lock:  # what a snapshot has seen is its own thread's: looked at only under the lock
            seen = self._seen.quotes if self._seen is not None else {}
            missing = [memory for memory in wanted if memory not in seen]
            if missing:
                found: dict[str, list[str]] = {memory: [] for memory in missing}
                marks = ",".join("?" * len(missing))
                with self._read() as db:
                    for memory, quote in db.execute(
                        "SELECT q.memory_id, q.quote FROM quotes q JOIN memories m ON m.id = q.memory_id "
                        f"WHERE q.memory_id IN ({marks}) AND NOT (q.pending AND m.state = 'approved') "
                        "ORDER BY q.memory_id, q.seq",
                        missing,
                    ):
                        found[memory].append(quote)
                seen.update((memory, tuple(quotes)) for memory, quotes in found.items())
            return {memory: seen[memory] for memory in wanted}

    def changes(self, since: str | None) -> Changes:
        """The memories the change log names after the cursor `since` (`Follows`): every proposal,
        quote, decision, edit and reject of any process since then; a reset when the cursor is None, of
        another generation (a bulk import, a restore) or older than the log holds."""
        with self._read() as db:
            return sqlite_changes.changes(db, since, self._cursor_prefix)

    def documents(
        self,
        ids: Collection[str] | None,
        view: View = EVERYTHING,
        *,
        after: str | None = None,
        limit: int | None = None,
    ) -> list[Document]:
        """The memories of `ids` (every one when None) a read in `view` may return, with the quotes the
        owner has let stand, or one page of them in id order (`Follows`)."""
        with self._read() as db:
            return sqlite_changes.documents(db, ids, view, after, limit)

    # -- what retrievers derive (`KeepsDerived`) ---------------------------------------------

    def derived(self, kind: str, ids: Collection[str], view: View = EVERYTHING) -> dict[str, bytes]:
        """The rows of `kind` of those of `ids` a read in `view` may return (`KeepsDerived`)."""
        if self._absent or not ids:
            return {}
        with self._read() as db:
            return sqlite_derived.derived(db, kind, ids, view)

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]:
        """Keep `rows` of the memories unchanged since the cursor `since` (`KeepsDerived`); the ids kept."""
        problem = derived_problem(kind, rows)
        if problem:
            raise StoreError(problem)
        if not rows:
            return []
        with self._write() as db:
            return sqlite_derived.keep(db, kind, rows, since, self._cursor_prefix)

    def derived_count(self, kind: str, view: View = EVERYTHING) -> tuple[int, int]:
        """How many readable memories in `view` have a row of `kind`, and how many there are."""
        if self._absent:
            return 0, 0
        with self._read() as db:
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'derived'").fetchone() is None:
                where, args = sqlite_changes.readable_where(view)  # an older schema: nothing kept yet
                return 0, int(db.execute(f"SELECT count(*) FROM memories WHERE {where}", args).fetchone()[0])
            return sqlite_derived.count(db, kind, view)

    def states(self, ids: Collection[str]) -> dict[str, str]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._read() as db:
            return dict(db.execute(f"SELECT id, state FROM memories WHERE id IN ({marks})", tuple(ids)).fetchall())

    # -- the owner's side -------------------------------------------------------------------

    def get(self, memory_id: str) -> Memory | None:
        with self._read() as db:
            row = db.execute(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None:
                return None
            quotes = db.execute(
                "SELECT quote, pending FROM quotes WHERE memory_id = ? ORDER BY seq", (memory_id,)
            ).fetchall()
        return memory_from_row(row, tuple(q for q, _ in quotes), tuple(q for q, pending in quotes if pending))

    def get_many(self, ids: Collection[str]) -> dict[str, Memory]:
        """The memories of `ids` that exist, without their quotes, in one query."""
        with self._lock, self._read() as db:  # a snapshot's `_seen` is looked at only under the lock
            seen = self._seen.memories if self._seen is not None else {}
            found = {memory: seen[memory] for memory in ids if memory in seen}
            for chunk in _chunks([memory for memory in ids if memory not in found]):
                rows = db.execute(
                    f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({','.join('?' * len(chunk))})", chunk
                )
                found.update((row[0], memory_from_row(row)) for row in rows)
        return found

    def ids_starting(self, prefix: str) -> list[str]:
        """Every id that starts with `prefix`, in order, from the index of ids (`FindsIdPrefixes`)."""
        with self._read() as db:  # ids are compared byte by byte: the range is exactly those that start so
            rows = db.execute(
                "SELECT id FROM memories WHERE id >= ? AND id < ? ORDER BY id", (prefix, prefix + "\U0010ffff")
            )
            return [memory_id for (memory_id,) in rows if memory_id.startswith(prefix)]

    def memories(self, state: str | None = None) -> list[Memory]:
        where, args = ("WHERE state = ?", (state,)) if state else ("", ())
        with self._read() as db:
            rows = db.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id ASC", args
            ).fetchall()
            return memories_with_quotes(
                rows, db.execute("SELECT memory_id, quote, pending FROM quotes ORDER BY memory_id, seq")
            )

    def outlines(self, state: str | None = None) -> list[Memory]:
        """Every memory (in one state, if given) as `memories` lists it, with only its waiting quotes."""
        where, args = ("WHERE state = ?", (state,)) if state else ("", ())
        with self._read() as db:
            rows = db.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories {where} ORDER BY touched DESC, id ASC", args
            ).fetchall()
            waiting = db.execute("SELECT memory_id, quote, 1 FROM quotes WHERE pending ORDER BY memory_id, seq")
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
        erases = action in ("reject", "drop-quote")

        def write() -> Decision:
            with self._rows() as rows:
                decision = decisions.decide(rows, memory_id, action, now, text, category, quote, shown)
                if erases:  # a reject of a rejected memory records nothing, but finishes its erasure
                    rows.mark_erased(decision.seq)
                    sqlite_changes.forget_erased(self._db, [memory_id])
            return decision

        if not erases:
            return write()
        decision = self._on_reserve(write)
        self._erase()
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
        seen = shown or {}

        def write() -> list[Decision]:
            with self._rows() as rows:
                done = [decisions.decide(rows, memory, action, now, shown=seen.get(memory)) for memory in memory_ids]
                if action == "reject":
                    rows.mark_erased(0)
                    sqlite_changes.forget_erased(self._db, memory_ids)
            return done

        if action != "reject":
            return write()
        done = self._on_reserve(write)
        self._erase()
        return done

    def mark_shown(self, memory_id: str, quotes: Collection[str]) -> None:
        """Note that the owner was shown these quotes of the memory (`RemembersShown`)."""
        if quotes:
            with self._rows() as rows:
                decisions.mark_shown(rows, memory_id, quotes)

    def shown_quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        """Each memory's quotes the owner was shown, oldest first (`RemembersShown`)."""
        found: dict[str, list[str]] = {}
        with self._read() as db:
            for chunk in _chunks(list(dict.fromkeys(ids))):
                marks = ",".join("?" * len(chunk))
                for (memory,) in db.execute(f"SELECT id FROM memories WHERE id IN ({marks})", chunk):
                    found[memory] = []
                for memory, quote in db.execute(
                    f"SELECT memory_id, quote FROM quotes WHERE memory_id IN ({marks}) AND seen "
                    "ORDER BY memory_id, seq",
                    chunk,
                ):
                    found[memory].append(quote)
        return {memory: tuple(quotes) for memory, quotes in found.items()}

    def _on_reserve(self, write: Callable[[], _T]) -> _T:
        """An erasing decision, which must go through when it matters most: on a full disk, tried again
        once on the room the reserve gave back (`sqlite_faults`)."""
        try:
            return write()
        except StoreFull:
            if not release_reserve(self.path.parent):
                raise
        return write()

    def _finish_erasure_if_it_can(self) -> None:
        """Finish an erasure left unfinished, unless the machine stops it (a full or read-only disk, a
        lock held): the marker stays, and the next opening or write tries again."""
        with suppress(StoreFault):
            self.finish_erasure()

    # -- erasure ----------------------------------------------------------------------------

    def _erase(self) -> None:
        """Finish what the marked reject started: compact the file, then empty the write-ahead log.

        `VACUUM` rebuilds every page from the rows that remain, so no copy of an erased row survives
        in a free page or a gap inside a page; the `TRUNCATE` checkpoint copies the result into the
        file and cuts the log to nothing. A reader in another process holding an old snapshot keeps
        the log alive: the checkpoint is retried for `ERASE_WAIT` seconds, then a StoreError says so,
        and the marker stays for the next PersonaKit process to finish the job."""
        try:
            finished = self.finish_erasure(wait=ERASE_WAIT)
        except StoreFull:
            raise ErasureWaitsForSpace() from None
        except StoreFault:
            raise StoreError(
                "What you removed is gone from every answer, but the database could not be rewritten without its "
                "old copies just now; the next PersonaKit command finishes the erasure."
            ) from None
        if not finished:
            raise StoreError(
                "What you removed is erased from the database, but another program is still reading an older "
                f"copy of {self.path.name}; the next PersonaKit command after that program finishes completes "
                "the erasure (or decide again)."
            )

    def finish_erasure(self, wait: float = 0.0) -> bool:
        """Complete an erasure a reject marked (in this process or another): compact, empty the log,
        clear the marker. True when nothing is left to erase; False when a reader still holds the log
        after `wait` seconds. Called when the store opens, after every write, and by every reject."""
        with self._lock:
            marker = self._db.execute("SELECT value FROM meta WHERE name = 'erasing'").fetchone()
            if marker is None:
                return True
            if marker[0] == "vacuum":
                with faults():
                    self._db.execute("VACUUM")
                with self._write() as db:
                    db.execute("UPDATE meta SET value = 'log' WHERE name = 'erasing'")
        if not self._truncate_log(wait):
            return False
        with self._write() as db:
            db.execute("DELETE FROM meta WHERE name = 'erasing'")
        return True

    def _truncate_log(self, wait: float) -> bool:
        """Checkpoint the write-ahead log into the file and truncate it to nothing. A reader holding an
        old snapshot blocks that; it is retried without the busy handler (which would wait 30 s each
        time) and without holding this store's lock between attempts, for `wait` seconds."""
        deadline = time.monotonic() + wait
        while True:
            with self._lock:
                self._db.execute("PRAGMA busy_timeout = 0")
                try:
                    busy = self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                except sqlite3.OperationalError as exc:
                    if not is_busy(exc):  # a full disk, an I/O error: not a reader to wait for
                        raise fault_of(exc) or exc from None
                    busy = 1
                finally:
                    self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if not busy:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    def history(self, memory_id: str | None = None) -> list[Decision]:
        where, args = ("WHERE memory_id = ?", (memory_id,)) if memory_id else ("", ())
        with self._read() as db:
            rows = db.execute(f"{_DECISIONS} {where} ORDER BY seq", args).fetchall()
        return [decision_from_row(row) for row in rows]

    # -- undo, export and import ------------------------------------------------------------

    def undo(self, now: float) -> Decision | None:
        with self._rows() as rows:
            return decisions.undo(rows, now)

    def dump(self) -> list[ExportedMemory]:
        with self._read() as db:
            return retirement.exported(
                exported(
                    db.execute(f"SELECT {MEMORY_COLUMNS} FROM memories ORDER BY created, id").fetchall(),
                    db.execute(
                        "SELECT memory_id, quote, pending, accepted_by FROM quotes ORDER BY memory_id, seq"
                    ).fetchall(),
                    db.execute("SELECT memory_id, key FROM aliases WHERE key != memory_id").fetchall(),
                    db.execute("SELECT memory_id, seq, text FROM previous_texts").fetchall(),
                    db.execute(f"{_DECISIONS} ORDER BY seq").fetchall(),
                    lambda text: memory_id(text, self._id_key),
                    db.execute("SELECT memory_id, key FROM dropped_quotes").fetchall(),
                ),
                retirement.retirements(_SqliteRows(db, self._word_rows, self._id_key), None),
            )

    def restore(self, memories: Sequence[ExportedMemory]) -> Restored:
        large = len(memories) >= sqlite_changes.UNLOGGED_FROM
        with self._rows() as rows, sqlite_changes.unlogged(self._db) if large else nullcontext():
            restored = decisions.restore(rows, memories)
            retirement.restore(rows, memories, restored.created)
            return restored

    # -- retired memories (`Retires`, `storage.retirement`) ----------------------------------------

    def retire(
        self, memory_id: str, now: float, *, replaced_by: str | None = None, on: float | None = None
    ) -> Decision:
        with self._rows() as rows:
            return retirement.retire(rows, memory_id, now, replaced_by, on)

    def replace(
        self, old: str, new: str, now: float, *, shown: Collection[str] | None = None
    ) -> tuple[Decision, Decision]:
        with self._rows() as rows:
            return retirement.replace(rows, old, new, now, shown)

    def due(self, now: float) -> bool:
        with self._read() as db:
            return retirement.due(_SqliteRows(db, self._word_rows, self._id_key), now)

    def retire_due(self, now: float) -> list[Decision]:
        if not self.due(now):
            return []
        with self._rows() as rows:
            return retirement.retire_due(rows, now)

    def retirements(self, ids: Collection[str] | None = None) -> dict[str, Retirement]:
        with self._read() as db:
            return retirement.retirements(_SqliteRows(db, self._word_rows, self._id_key), ids)
