"""What retrievers derive from a memory, kept in the SQLite file (`core.store.KeepsDerived`).

One row of bytes per memory and kind (`derived`), the kind's name in a table of its own
(`derived_kinds`) so that a row holds an integer, not the name. Triggers delete every row derived from
a memory whenever its text, quotes, state or category change, in the transaction that changes it: a
reject erases them with its text (secure deletion, then `VACUUM` and the log emptied, as for the text),
and no row is ever older than what it was derived from. A row is written only for a memory a read
may return that has not changed since the cursor the retriever took before reading it
(`keep`): the change log (`sqlite_changes`) says which changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Mapping

from personakit_plugin.core.model import View
from personakit_plugin.storage import sqlite_changes
from personakit_plugin.storage.rows import cursor_position

_GONE = "DELETE FROM derived WHERE memory_key = {key}"
_BY_ID = "(SELECT key FROM memories WHERE id = {row}.memory_id)"

# 10: what retrievers derive from a memory, and the triggers that erase it with every change.
SCHEMA_10 = f"""
    CREATE TABLE derived_kinds (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE       -- a retriever's model and way of deriving: no memory's content
    );
    CREATE TABLE derived (
        memory_key INTEGER NOT NULL,
        kind INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (memory_key, kind)
    );
    CREATE INDEX derived_by_kind ON derived (kind);
    CREATE TRIGGER derived_memory AFTER UPDATE OF state, category, text ON memories
        BEGIN {_GONE.format(key="NEW.key")}; END;
    CREATE TRIGGER derived_memory_remove AFTER DELETE ON memories
        BEGIN {_GONE.format(key="OLD.key")}; END;
    CREATE TRIGGER derived_quote_new AFTER INSERT ON quotes
        BEGIN {_GONE.format(key=_BY_ID.format(row="NEW"))}; END;
    CREATE TRIGGER derived_quote AFTER UPDATE OF pending, quote ON quotes
        BEGIN {_GONE.format(key=_BY_ID.format(row="NEW"))}; END;
    CREATE TRIGGER derived_quote_remove AFTER DELETE ON quotes
        BEGIN {_GONE.format(key=_BY_ID.format(row="OLD"))}; END;
    """

CHUNK = 500
"""Ids looked up or written at once (SQLite's limit on a statement's parameters is higher)."""


def _kind_id(db: sqlite3.Connection, kind: str, *, create: bool) -> int | None:
    found = db.execute("SELECT id FROM derived_kinds WHERE name = ?", (kind,)).fetchone()
    if found is not None or not create:
        return None if found is None else int(found[0])
    return int(db.execute("INSERT INTO derived_kinds (name) VALUES (?)", (kind,)).lastrowid or 0)


def derived(db: sqlite3.Connection, kind: str, ids: Collection[str], view: View) -> dict[str, bytes]:
    """The rows of `kind` of those of `ids` a read in `view` may return, in `db`'s read transaction."""
    number = _kind_id(db, kind, create=False)
    if number is None:
        return {}
    where, args = sqlite_changes.readable_where(view, "m.", by_id=True)
    wanted = list(dict.fromkeys(ids))
    found: dict[str, bytes] = {}
    for start in range(0, len(wanted), CHUNK):
        chunk = wanted[start : start + CHUNK]
        found.update(
            (memory, bytes(data))
            for memory, data in db.execute(
                # memories first, by id, then each one's row by its key (CROSS JOIN keeps that order):
                # not every row of the kind (`derived_by_kind`) for each chunk
                f"SELECT m.id, d.data FROM memories m CROSS JOIN derived d ON d.memory_key = m.key AND d.kind = ? "
                f"WHERE {where} AND m.id IN ({','.join('?' * len(chunk))})",
                (number, *args, *chunk),
            )
        )
    return found


def keep(db: sqlite3.Connection, kind: str, rows: Mapping[str, bytes], since: str, prefix: str) -> list[str]:
    """In a write transaction: keep `rows` of the memories a read may return that have not changed
    since the cursor `since` (none when the cursor would be answered with a reset); the ids kept."""
    generation, seq, trimmed = db.execute(sqlite_changes.WHERE_WE_ARE).fetchone()
    followed = cursor_position(since, prefix, generation)
    if followed is None or followed < trimmed or followed > seq or not rows:
        return []
    number = _kind_id(db, kind, create=True)
    where, args = sqlite_changes.readable_where(View(), "", by_id=True)
    wanted = list(rows)
    kept: list[str] = []
    for start in range(0, len(wanted), CHUNK):
        chunk = wanted[start : start + CHUNK]
        fresh = db.execute(
            f"SELECT key, id FROM memories WHERE {where} AND text IS NOT NULL "
            f"AND id IN ({','.join('?' * len(chunk))}) "
            "AND key NOT IN (SELECT key FROM changes WHERE seq > ?)",
            (*args, *chunk, followed),
        ).fetchall()
        db.executemany(
            "INSERT OR REPLACE INTO derived (memory_key, kind, data) VALUES (?, ?, ?)",
            [(key, number, bytes(rows[memory])) for key, memory in fresh],
        )
        kept += [memory for _, memory in fresh]
    return kept


def count(db: sqlite3.Connection, kind: str, view: View) -> tuple[int, int]:
    """How many memories a read in `view` may return have a row of `kind`, and how many there are."""
    where, args = sqlite_changes.readable_where(view, "m.")
    (readable,) = db.execute(f"SELECT count(*) FROM memories m WHERE {where}", args).fetchone()
    number = _kind_id(db, kind, create=False)
    if number is None:
        return 0, int(readable)
    (kept,) = db.execute(
        f"SELECT count(*) FROM derived d JOIN memories m ON m.key = d.memory_key WHERE d.kind = ? AND {where}",
        (number, *args),
    ).fetchone()
    return int(kept), int(readable)
