"""The SQLite file's change log, and the in-memory word index that follows it.

Every server process on a folder keeps its own `MemoryIndex`. It must see exactly what the file
holds at the moment of each read, whichever process wrote last: a decision made in the review, a
proposal through another assistant's server. So triggers append to `changes`, in the transaction
that makes it, every change the index cares about: a memory added, a memory's state, `touched` or
category changed (a row with no word), a word hash added to or removed from a memory's words. A
read, inside its read transaction, compares the log's last number with the one its index has
followed, and applies what came since; one lookup when nothing changed.

Bulk writes (an import, a restore) turn the triggers off for their transaction and raise
`index_generation` instead: every index is then built again from the file. So does a process
whose index fell behind what the log still holds (`changes_trimmed`): the log keeps the last
`KEEP` rows or so. A reject removes the log's rows of the words of what it erases, in its own
transaction, so that no trace of an erased memory's words outlives the reject.

The same log is what a retriever follows (`Follows`, through `Kit.changes`): since schema 7 it also
holds a row for every change of a memory's text and of its quotes (a quote added, accepted, made to
wait again, dropped), so the memories named since a cursor are every memory a retriever must load
again. A cursor is the generation and the log's number; one from another generation, or older than
what the log still holds, is answered with a reset.
"""

from __future__ import annotations

import secrets
import sqlite3
from array import array
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager

from personakit_plugin.core.model import Changes, Document, View
from personakit_plugin.storage.memory_index import POSTING, MemoryIndex
from personakit_plugin.storage.rows import MEMORY_COLUMNS, cursor_of, cursor_position, memory_from_row

KEEP = 50_000
"""Rows of the change log kept for processes that have not read for a while; one that falls further
behind builds its index again."""
UNLOGGED_FROM = 5_000
"""Memories written at once from which an import or restore goes unlogged (`unlogged`): every index
is then built again, which costs less than following that many rows."""

_TRIGGERS = {
    "changes_memory_new": "AFTER INSERT ON memories BEGIN INSERT INTO changes (key) VALUES (NEW.key); END",
    "changes_memory": "AFTER UPDATE OF state, touched, category, text ON memories "
    "BEGIN INSERT INTO changes (key) VALUES (NEW.key); END",
    "changes_quote_new": "AFTER INSERT ON quotes BEGIN INSERT INTO changes (key) "
    "SELECT key FROM memories WHERE id = NEW.memory_id; END",
    "changes_quote": "AFTER UPDATE OF pending ON quotes BEGIN INSERT INTO changes (key) "
    "SELECT key FROM memories WHERE id = NEW.memory_id; END",
    "changes_quote_remove": "AFTER DELETE ON quotes BEGIN INSERT INTO changes (key) "
    "SELECT key FROM memories WHERE id = OLD.memory_id; END",
    "changes_word_add": "AFTER INSERT ON words BEGIN INSERT INTO changes (key, word, added) "
    "SELECT key, NEW.word, 1 FROM memories WHERE id = NEW.memory_id; END",
    "changes_word_remove": "AFTER DELETE ON words BEGIN INSERT INTO changes (key, word, added) "
    "SELECT key, OLD.word, 0 FROM memories WHERE id = OLD.memory_id; END",
}


_SCHEMA_5_TRIGGERS = ("changes_memory_new", "changes_memory", "changes_word_add", "changes_word_remove")


def _create_triggers(names: Sequence[str] = _SCHEMA_5_TRIGGERS) -> str:
    return "".join(f"CREATE TRIGGER {name} {_TRIGGERS[name]};\n" for name in names)


# 5: the change log the in-memory word index follows; `postings`, which the ranking in SQL read, goes
# (the index ranks, and it is built from `words`).
SCHEMA_5 = f"""
    DROP TRIGGER postings_add;
    DROP TRIGGER postings_remove;
    DROP TRIGGER postings_rerank;
    DROP TABLE postings;
    CREATE TABLE changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        key INTEGER NOT NULL,           -- the memory's key
        word INTEGER,                   -- a word hash added or removed; NULL: state, touched or category
        added INTEGER NOT NULL DEFAULT 1
    );
    INSERT INTO meta (name, value) VALUES ('index_generation', 1), ('changes_trimmed', 0);
    {_create_triggers()}
    """

# 7: what a retriever follows; the log also names a memory whose text or quotes changed. Nothing in
# the file changes but the triggers, and a follower's cursor from before it is answered with a reset.
SCHEMA_7 = f"""
    DROP TRIGGER changes_memory;
    {_create_triggers(("changes_memory", "changes_quote_new", "changes_quote", "changes_quote_remove"))}
    UPDATE meta SET value = value + 1 WHERE name = 'index_generation';
    """

WHERE_WE_ARE = (
    "SELECT (SELECT value FROM meta WHERE name = 'index_generation'), "
    "coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0), "
    "(SELECT value FROM meta WHERE name = 'changes_trimmed')"
)
_WHERE_WE_ARE = WHERE_WE_ARE
"""The log's generation, its last number and up to where it was trimmed."""
_MEMORY = "SELECT key, state, touched, category FROM memories"


@contextmanager
def unlogged(db: sqlite3.Connection) -> Iterator[None]:
    """Inside a write transaction: write without logging, then make every process's index be built
    again. For writes of many memories at once, where one row per change would cost more than a
    rebuild."""
    for name in _TRIGGERS:
        db.execute(f"DROP TRIGGER {name}")
    yield
    for name, body in _TRIGGERS.items():
        db.execute(f"CREATE TRIGGER {name} {body}")
    db.execute("UPDATE meta SET value = value + 1 WHERE name = 'index_generation'")
    db.execute("DELETE FROM changes")
    db.execute(
        "UPDATE meta SET value = coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0) "
        "WHERE name = 'changes_trimmed'"
    )


def forget_erased(db: sqlite3.Connection, memories: Sequence[str]) -> None:
    """Inside a reject's transaction: remove the log's word rows of the rejected `memories` (ids)."""
    for start in range(0, len(memories), 500):
        chunk = memories[start : start + 500]
        db.execute(
            "DELETE FROM changes WHERE word IS NOT NULL AND key IN "
            f"(SELECT key FROM memories WHERE id IN ({','.join('?' * len(chunk))}) AND text IS NULL)",
            chunk,
        )


def trim(db: sqlite3.Connection) -> None:
    """Inside a write transaction: keep the log to about `KEEP` rows (trimmed by `KEEP` at a time)."""
    # Two subqueries: SQLite answers a lone min() or max() from the key, both in one SELECT by a scan.
    first, last = db.execute("SELECT (SELECT min(seq) FROM changes), (SELECT max(seq) FROM changes)").fetchone()
    if first is not None and last - first >= 2 * KEEP:
        db.execute("DELETE FROM changes WHERE seq <= ?", (last - KEEP,))
        db.execute("UPDATE meta SET value = ? WHERE name = 'changes_trimmed'", (last - KEEP,))


class Follower:
    """One process's `MemoryIndex` and how far into the change log it has followed the file."""

    def __init__(self) -> None:
        self.index: MemoryIndex | None = None
        self._generation: object = None
        self._seq = 0

    def current(self, db: sqlite3.Connection) -> MemoryIndex:
        """The index as the file is in `db`'s open read transaction."""
        generation, seq, trimmed = db.execute(_WHERE_WE_ARE).fetchone()
        if self.index is None or generation != self._generation or self._seq < trimmed:
            self.index = _built(db)
        elif seq != self._seq:
            _follow(db, self.index, self._seq)
        self._generation, self._seq = generation, seq
        return self.index


def _built(db: sqlite3.Connection) -> MemoryIndex:
    """The index of what the file holds now: each memory's row, and each word's memories by key."""
    # Each word's memory ids in one string, read along the table's key (word, memory id) without a
    # join, and turned into keys here: cheaper than looking each word row's memory up in SQL.
    key_of = dict(db.execute("SELECT id, key FROM memories"))
    postings = (
        (word, array(POSTING, map(key_of.__getitem__, ids.split(","))))
        for word, ids in db.execute("SELECT word, group_concat(memory_id) FROM words GROUP BY word")
    )
    (size,) = db.execute("SELECT coalesce(max(key), -1) + 1 FROM memories").fetchone()
    return MemoryIndex.build(db.execute(_MEMORY), postings, size)


def _follow(db: sqlite3.Connection, index: MemoryIndex, since: int) -> None:
    changed: set[int] = set()
    for key, word, added in db.execute("SELECT key, word, added FROM changes WHERE seq > ? ORDER BY seq", (since,)):
        changed.add(key)
        if word is None:
            continue
        if added:
            index.add_word(word, key)
        else:
            index.remove_word(word, key)
    keys = sorted(changed)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        for key, state, touched, category in db.execute(
            f"{_MEMORY} WHERE key IN ({','.join('?' * len(chunk))})", chunk
        ):
            index.set_memory(key, state, touched, category)


# -- what a retriever follows (`core.store.Follows`) -----------------------------------------------


def cursor_prefix() -> str:
    """What begins the cursors of one store object: a cursor another store object gave (another
    process, a reopened store, another data folder) is never taken for one of its own, and resets."""
    return f"sqlite-{secrets.token_hex(8)}"


def changes(db: sqlite3.Connection, since: str | None, prefix: str) -> Changes:
    """The memories the log names after the cursor `since`, in `db`'s open read transaction; a reset
    when `since` is None, not a cursor of this log's generation, or older than what the log holds."""
    generation, seq, trimmed = db.execute(_WHERE_WE_ARE).fetchone()
    cursor = cursor_of(prefix, generation, seq)
    followed = cursor_position(since, prefix, generation)
    if followed is None or followed < trimmed or followed > seq:
        return Changes(cursor=cursor, reset=True)
    if followed == seq:
        return Changes(cursor=cursor, reset=False)
    rows = db.execute(
        "SELECT m.id FROM memories m WHERE m.key IN (SELECT DISTINCT key FROM changes WHERE seq > ?) ORDER BY m.key",
        (followed,),
    )
    return Changes(cursor=cursor, reset=False, ids=tuple(memory for (memory,) in rows))


def documents(
    db: sqlite3.Connection,
    ids: Collection[str] | None,
    view: View,
    after: str | None = None,
    limit: int | None = None,
) -> list[Document]:
    """The memories of `ids` (every one when None) a read in `view` may return, with the quotes the
    owner has let stand, oldest first, read in `db`'s open read transaction. With `limit` (and `ids`
    None), one page: the first `limit` of them in id order whose id comes after `after`."""
    where, readable = readable_where(view, by_id=ids is not None or limit is not None)
    if ids is None and limit is not None:
        rows = db.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {where} AND id > ? ORDER BY id LIMIT ?",
            (*readable, after or "", limit),
        ).fetchall()
    elif ids is None:
        rows = db.execute(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {where}", readable).fetchall()
    else:
        wanted = list(dict.fromkeys(ids))
        rows = []
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            rows += db.execute(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {where} AND id IN ({','.join('?' * len(chunk))})",
                (*readable, *chunk),
            ).fetchall()
    quotes = _let_stand(db, [row[0] for row in rows], everything=ids is None and limit is None)
    return [Document.of(memory_from_row(row), tuple(quotes.get(row[0], ()))) for row in rows]


def readable_where(view: View, alias: str = "", *, by_id: bool = False) -> tuple[str, tuple[str, ...]]:
    """The condition on `memories` (named `alias`, such as "m.") of a memory a read in `view` may
    return, and its parameters: its state, and its category when the view has categories.

    `by_id`: for a query that names its memories by id (`id IN (...)`) or pages them in id order
    (`id > ?`): the state is then no term SQLite looks rows up by (`+state`), so that it goes by the
    id's index. Otherwise it may take the state's index (`memories_by_state`) for as few as 20 ids,
    and visit every readable memory for each chunk or page: a build of 100,000 memories read a
    page at a time spent most of its time there."""
    states = tuple(view.readable())
    column = f"+{alias}" if by_id else alias
    where = f"{column}state IN ({','.join('?' * len(states))})"
    if view.categories is None:
        return where, states
    scope = tuple(sorted(view.categories))
    return f"{where} AND {column}category IN ({','.join('?' * len(scope))})", states + scope


_LET_STAND = (
    "SELECT q.memory_id, q.quote FROM quotes q JOIN memories m ON m.id = q.memory_id "
    "WHERE NOT (q.pending AND m.state = 'approved')"
)


def _let_stand(db: sqlite3.Connection, ids: list[str], *, everything: bool) -> dict[str, list[str]]:
    """The quotes of each of `ids` the owner has let stand (as `Store.quotes`), oldest first."""
    found: dict[str, list[str]] = {}
    wanted = set(ids)
    if everything:
        for memory, quote in db.execute(f"{_LET_STAND} ORDER BY q.memory_id, q.seq"):
            if memory in wanted:
                found.setdefault(memory, []).append(quote)
        return found
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for memory, quote in db.execute(
            f"{_LET_STAND} AND q.memory_id IN ({','.join('?' * len(chunk))}) ORDER BY q.memory_id, q.seq", chunk
        ):
            found.setdefault(memory, []).append(quote)
    return found
