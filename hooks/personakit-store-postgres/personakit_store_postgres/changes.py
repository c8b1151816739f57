"""The schema's change log, and the in-memory word index of this server that follows it.

Every server on a schema keeps its own `MemoryIndex` (`personakit_plugin.storage.memory_index`),
and it must see exactly what the database holds at the moment of each read, whichever server wrote
last: a decision in the review, a proposal through another assistant's server. So a trigger on
`memories` (schema 3) appends to `changes`, in the transaction that makes it, every change the
index cares about: a memory added; its state, `touched` or category changed (a row with no word);
a word key added to or removed from its words.

Why "apply every row after my position" is exact: every write takes the schema's advisory lock
(`store._lock_key`) before it writes anything, and holds it to its commit, and PostgreSQL makes a
commit visible before it lets the lock go. So the transactions that log run one after another, a
later one numbers its rows from the sequence after an earlier one's, and is visible only once the
earlier one is: the rows any snapshot sees are every committed row up to its highest number. The
position a read takes is that `max(seq)` in its own snapshot (a sequence's `last_value` is not
transactional), and the rows after the position an index followed are what changed since. Rows
numbered in a transaction that rolled back leave gaps, which change nothing.

Rows are deleted in three ways, none of which moves a position back: `trim` keeps the log to about
`KEEP` rows (and says up to where in `log_state.trimmed`; an index behind that is built again);
`unlogged` empties it after a bulk write and raises the generation; `forget_erased` deletes the word
rows of a memory a reject erases, in the reject's transaction. Those may be the newest rows then,
but the reject also logs its memory's change of state, numbered before them and after every row
committed earlier, so `max(seq)` after the reject is still past every position any snapshot gave.
The words the purge removes belong to a rejected memory, which no read shows or counts.

The same log is what a retriever follows (`changes`, for `Kit.changes`): since schema 4 it also
names a memory whose text or quotes changed, so the memories named after a cursor are every memory
a retriever must load again. A cursor is the generation and a position as above.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from personakit_plugin.backend import Changes, MemoryIndex, cursor_of, cursor_position
from psycopg import sql

KEEP = 50_000
"""Rows of the change log kept for servers that have not read for a while; one that falls further
behind builds its index again."""
UNLOGGED_FROM = 5_000
"""Memories restored at once from which the restore goes unlogged (`unlogged`): every index is then
built again, which costs less than following that many rows."""
WORD_MASK = (1 << 64) - 1
"""The log holds a word key's 64 bits as a signed bigint; this makes it the key's `int(key, 16)`."""

WHERE_WE_ARE = _WHERE_WE_ARE = (
    "SELECT generation, greatest(trimmed, (SELECT coalesce(max(seq), 0) FROM changes)), trimmed FROM log_state"
)
_SINCE = sql.SQL(
    "SELECT c.key, c.word, c.added, m.state, m.touched, m.category FROM changes c JOIN memories m ON m.key = c.key "
    "WHERE c.seq > {seq} AND (SELECT generation = {generation} AND trimmed <= {seq} FROM log_state) ORDER BY c.seq"
)
"""The rows after `seq`, each beside its memory as it is now, if the log still holds them all."""
_MEMORY = "SELECT key, state, touched, category FROM memories"
_POSTINGS = "SELECT w, array_agg(key) FROM memories, unnest(tsvector_to_array(words)) AS w GROUP BY w"


@contextmanager
def unlogged(cur: psycopg.Cursor[Any]) -> Iterator[None]:
    """Inside a write transaction (holding the lock): write without logging, then make every
    server's index be built again. For writes of many memories at once, where a row per change
    would cost more than a rebuild. The trigger skips its work while `personakit.unlogged` is on,
    which lasts to the end of the transaction at most; no lock beyond the write lock is taken."""
    cur.execute("SET LOCAL personakit.unlogged = 'on'")
    yield
    cur.execute("SET LOCAL personakit.unlogged = 'off'")
    cur.execute(
        "UPDATE log_state SET generation = generation + 1, "
        "trimmed = greatest(trimmed, (SELECT coalesce(max(seq), 0) FROM changes))"
    )
    cur.execute("DELETE FROM changes")


def forget_erased(cur: psycopg.Cursor[Any], decision: int) -> None:
    """Inside a reject's transaction: remove the log's word rows of the memory decision `decision`
    erased, if it erased one (a dropped quote erases no memory)."""
    cur.execute(
        "DELETE FROM changes WHERE word IS NOT NULL AND key = (SELECT m.key FROM decisions d "
        "JOIN memories m ON m.id = d.memory_id WHERE d.seq = %s AND m.text IS NULL)",
        (decision,),
    )


def trim(cur: psycopg.Cursor[Any]) -> None:
    """Inside a write transaction: keep the log to about `KEEP` rows (trimmed by `KEEP` at a time)."""
    row = cur.execute("SELECT min(seq), max(seq) FROM changes").fetchone()
    if row is not None and row[0] is not None and row[1] - row[0] >= 2 * KEEP:
        cur.execute("DELETE FROM changes WHERE seq <= %s", (row[1] - KEEP,))
        cur.execute("UPDATE log_state SET trimmed = greatest(trimmed, %s)", (row[1] - KEEP,))


class Follower:
    """This server's `MemoryIndex` and how far into the change log it has followed the schema.

    Threads share it (under its lock), each reading in a snapshot of its own: one whose snapshot is
    older than what the index has followed gets None, and ranks in SQL instead."""

    def __init__(self) -> None:
        self.index: MemoryIndex | None = None
        self.lock = threading.Lock()
        self._generation = 0
        self._seq = 0

    def current(self, cur: psycopg.Cursor[Any]) -> MemoryIndex | None:
        """The index as the schema is in `cur`'s snapshot, or None when the index is already past it.
        Call it holding `lock`, and keep holding it while the index is used."""
        # One round trip: where the log is, then what it holds since this index's position (two
        # statements in one query string; one snapshot, as everything inside the read's transaction).
        since = _SINCE.format(seq=sql.Literal(self._seq), generation=sql.Literal(self._generation))
        row = cur.execute(sql.SQL("{}; {}").format(sql.SQL(_WHERE_WE_ARE), since)).fetchone()
        assert row is not None, "log_state has its one row from the migration on"
        generation, seq, trimmed = row
        if self.index is not None and (generation, seq) < (self._generation, self._seq):
            return None  # a snapshot older than the index: it cannot be answered from it
        if self.index is None or generation != self._generation or self._seq < trimmed:
            self.index = _built(cur)
        elif seq != self._seq:
            assert cur.nextset(), "the rows since this index's position come second"
            _follow(self.index, cur.fetchall())
        self._generation, self._seq = generation, seq
        return self.index


def _built(cur: psycopg.Cursor[Any]) -> MemoryIndex:
    memories = cur.execute(_MEMORY).fetchall()
    # A generator: each word's list of keys becomes an array before the next one is made, so the
    # lists of every word (a few hundred MiB at a million memories) are never held at once.
    postings = ((int(word, 16), keys) for word, keys in cur.execute(_POSTINGS))
    return MemoryIndex.build(memories, postings, max((row[0] for row in memories), default=-1) + 1)


def _follow(index: MemoryIndex, rows: list[tuple[Any, ...]]) -> None:
    """Apply the log's `rows` (`_SINCE`): each word added or removed, in order, then each memory
    they name as it is now."""
    now: dict[int, tuple[str, float, str]] = {}
    for key, word, added, state, touched, category in rows:
        now[key] = (state, touched, category)
        if word is None:
            continue
        if added:
            index.add_word(word & WORD_MASK, key)
        else:
            index.remove_word(word & WORD_MASK, key)
    for key, (state, touched, category) in now.items():
        index.set_memory(key, state, touched, category)


def cursor_prefix() -> str:
    """What begins the cursors of one store object: a cursor another store object gave (another
    process, a reopened store, another data folder) is never taken for one of its own, and resets."""
    return f"postgres-{secrets.token_hex(8)}"


def changes(cur: psycopg.Cursor[Any], since: str | None, prefix: str) -> Changes:
    """The memories the log names after the cursor `since`, in `cur`'s snapshot; a reset when `since`
    is None, not a cursor of this generation, older than what the log holds, or past this snapshot
    (a cursor another thread's newer snapshot gave)."""
    row = cur.execute(_WHERE_WE_ARE).fetchone()
    assert row is not None, "log_state has its one row from the migration on"
    generation, seq, trimmed = row
    cursor = cursor_of(prefix, generation, seq)
    followed = cursor_position(since, prefix, generation)
    if followed is None or followed < trimmed or followed > seq:
        return Changes(cursor=cursor, reset=True)
    if followed == seq:
        return Changes(cursor=cursor, reset=False)
    rows = cur.execute(
        "SELECT id FROM memories WHERE key IN (SELECT key FROM changes WHERE seq > %s) ORDER BY key", (followed,)
    )
    return Changes(cursor=cursor, reset=False, ids=tuple(memory for (memory,) in rows))
