"""What both stores do with their rows, written once: propose, the owner's decisions, undo and restore.

A backend supplies `Rows`, the primitive operations of one of its write transactions in its own SQL
dialect: how a statement runs, its word index, how a new decision gets its number, bulk inserts and
how an erasure is marked. Every function here runs inside that transaction, so the rules (what a
decision changes, what an undo may revert, how an import merges) are the same in every backend.
Erasure itself (SQLite's VACUUM and checkpoint, PostgreSQL's rewrite) stays in the backend, after
the commit; the logic only marks the decisions that erased something.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any, Protocol

import msgspec

from personakit_plugin.core.model import (
    EVERYTHING,
    QUOTE_DECISIONS,
    QUOTES_KEPT,
    RETIRE_ON,
    STATE_AFTER,
    Decision,
    ExportedDecision,
    ExportedMemory,
    View,
)
from personakit_plugin.core.store import Proposed, Restored, StoreError, UnknownMemory
from personakit_plugin.core.words import dropped_quote_key, legacy_memory_id, memory_id
from personakit_plugin.storage.rows import (
    DECISION_COLUMNS,
    decision_from_row,
    restored_keys,
    restored_row,
    restored_texts,
)

_DECISIONS = f"SELECT {DECISION_COLUMNS} FROM decisions"
_ALIASED = "FROM aliases a JOIN memories m ON m.id = a.memory_id WHERE a.key"
"""The memory (and its state) each key is an alias of: its id, its text's key or an old text's."""
UNTOUCHED = ("rejected", "retired")
"""The states a proposal of a memory's text leaves as they are, adding no quote: a rejected memory keeps
nothing, and a retired one was settled by the owner (`approve` or `undo` brings it back)."""
ID_SECRET_SIZE = 32
"""Bytes of the random secret a store keeps to derive its ids from (`words.id_key`)."""
_RESTORED_DECISION = "seq, memory_id, action, before, after, category_before, category_after, at, undone"


class Cursor(Protocol):
    """What a statement gives back, as both `sqlite3` and `psycopg` cursors offer it."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Rows(ABC):
    """One write transaction of a backend, as the shared logic sees it.

    The statements the logic writes are in the SQL that SQLite and PostgreSQL both speak, with `?`
    placeholders and booleans passed as parameters; `GREATEST` names the function that gives the
    larger of two values. A backend implements the rest, each a statement or two of its dialect."""

    GREATEST = "max"

    @abstractmethod
    def run(self, statement: str, args: Sequence[Any] = ()) -> Cursor:
        """Execute one statement written with `?` placeholders; its rows are read before the next runs."""

    @abstractmethod
    def run_in(self, statement: str, values: list[str]) -> Iterator[Any]:
        """The rows of a query whose `{}` stands for `IN (values)`, however many values there are."""

    @abstractmethod
    def insert(self, table: str, columns: str, rows: Iterable[Sequence[Any]]) -> None:
        """Insert many rows into `table` (its `columns`, comma-separated) at once."""

    @abstractmethod
    def add_memories(self, rows: list[tuple[Any, ...]]) -> None:
        """Create memories from rows of MEMORY_COLUMNS, each with its word index (none for a NULL text)."""

    @abstractmethod
    def set_text(self, memory: str, text: str | None) -> None:
        """Give a memory a new text and the word index of that text (`index_words`); None erases both."""

    @abstractmethod
    def index_words(self, memory: str) -> None:
        """Key a memory's words again: those of its text as a read shows it in its state now
        (`redaction.as_shown`: masked unless approved, see `IndexesAsShown`); none for an erased text."""

    @abstractmethod
    def append_decision(self, row: tuple[str, str, str, str, str | None, str | None, float]) -> int:
        """Add a decision (memory id, action, before, after, category before and after, time) with
        the next number; that number."""

    @abstractmethod
    def mark_erased(self, seq: int) -> None:
        """Decision `seq` deleted text: mark it, in this transaction, until the backend's erasure has
        removed every copy it keeps."""

    @abstractmethod
    def renumbered(self) -> None:
        """Called after `restore` inserted decisions with numbers it chose, for a backend whose counter
        of decision numbers does not follow such inserts by itself to move it on."""

    @abstractmethod
    def id_key(self) -> bytes:
        """The key this store derives ids and alias keys with: `words.id_key` of the secret it keeps."""

    def dropped_key(self, memory: str, quote: str) -> str:
        """The key by which this store remembers that the owner dropped `quote` from `memory`."""
        return dropped_quote_key(memory, quote, self.id_key())

    def key_of(self, text: str, scope: str = "") -> str:
        """The key `text` is known by in this store (a new memory of it gets it as its id); with a
        view's `scope`, the key of the memory that view gets for a text that lies outside it."""
        return memory_id(text, self.id_key(), scope)

    def aliased(self, text: str, scope: str = "") -> tuple[str, str, str] | None:
        """The memory (id, state, category) `text` maps to, or None. Its keyed key first; then, for a
        store upgraded from plain ids, the plain hash its ids once were (`words.legacy_memory_id`),
        which the upgrade kept only where it could not re-key: ids, a rejected memory's erased text, and
        a text an undone edit left behind (`rekey`)."""
        keys = [self.key_of(text, scope)] + ([] if scope else [legacy_memory_id(text)])
        for key in keys:
            row = self.run(f"SELECT m.id, m.state, m.category {_ALIASED} = ?", (key,)).fetchone()
            if row is not None:
                return row[0], row[1], row[2]
        return None


# -- the assistant's side -------------------------------------------------------------------------


def propose(rows: Rows, text: str, quote: str, category: str, now: float, view: View = EVERYTHING) -> Proposed:
    """See `Store.propose`. On an `--approved-only` connection an unconfirmed memory lies outside the
    view (restricted ones are counted in `withheld`, and rejected ones answer as without a view): it
    is named by the key of the text proposed, the id a store without it would give, not by its own id
    (which an old text of an edited memory would share with its new one); the kit answers `new` from
    what the connection proposed itself."""
    proposed = _propose(rows, text, quote, category, now, view)
    if view.approved_only and proposed.state == "unconfirmed" and not proposed.new:
        scope = view.scope()
        own = rows.aliased(text, scope) if scope else None
        if own is None or own[0] != proposed.id:  # not the memory this view got for the text
            return Proposed(rows.key_of(text), False, proposed.state)
    return proposed


def _propose(rows: Rows, text: str, quote: str, category: str, now: float, view: View) -> Proposed:
    row = _mapped(rows, text, view)
    if isinstance(row, list):
        key = row[0]
        rows.add_memories([(key, text, category, "unconfirmed", now, now, 0.0)])
        rows.insert("aliases", "key, memory_id", [(alias, key) for alias in row])
        rows.run("INSERT INTO quotes (memory_id, seq, quote) VALUES (?, 1, ?)", (key, quote))
        return Proposed(key, True, "unconfirmed")
    found, state = row
    if state in UNTOUCHED:
        return Proposed(found, False, state)
    # A repeat moves `touched` on (read rule 3 counts it), and writes nothing when it does not.
    rows.run("UPDATE memories SET touched = ? WHERE id = ? AND touched < ?", (now, found, now))
    count, last, has = rows.run(
        "SELECT count(*), coalesce(max(seq), 0), coalesce(sum(CASE WHEN quote = ? THEN 1 ELSE 0 END), 0) "
        "FROM quotes WHERE memory_id = ?",
        (quote, found),
    ).fetchone()
    if has:
        return Proposed(found, False, state)
    if count >= QUOTES_KEPT:
        return Proposed(found, False, state, full=True)
    # Words the owner has not seen wait under an approved memory until the owner accepts them.
    rows.run(
        "INSERT INTO quotes (memory_id, seq, quote, pending) VALUES (?, ?, ?, ?)",
        (found, int(last) + 1, quote, state == "approved"),
    )
    return Proposed(found, False, state)


def _mapped(rows: Rows, text: str, view: View) -> tuple[str, str] | list[str]:
    """The memory (id, state) a proposal of `text` on a connection with `view` goes to, or the keys a
    new memory of it is created with (its id first).

    Under `--categories`, a text whose memory lies outside the view gets a memory of its own, keyed by
    the view's `scope`, so that the same text in the same view finds it again; a memory created on
    such a connection also answers to that key, so it is found again even if it was filed under a
    category the view leaves out. Every other proposal maps by its text, as without a view."""
    scope = view.scope()
    if scope:
        own = rows.aliased(text, scope)
        if own is not None:
            return own[0], own[1]
    found = rows.aliased(text)
    if found is None:
        return [rows.key_of(text), *([rows.key_of(text, scope)] if scope else [])]
    if scope and not view.covers(found[2]):
        return [rows.key_of(text, scope)]
    return found[0], found[1]


def rekey(rows: Rows) -> None:
    """Upgrade a store whose ids were plain hashes of their texts (`words.legacy_memory_id`) to keyed
    ones: every memory keeps its id; every text it still knows (its own, and those edits replaced that
    an undo could bring back) becomes a keyed key of it, and the plain hash of that text goes. A plain
    key whose text is gone stays, looked up as a fallback (`Rows.aliased`): a rejected memory's, and a
    text an undone edit left behind. A memory's id stays a key of it (an import finds it by its id)."""
    owners = dict(rows.run("SELECT key, memory_id FROM aliases").fetchall())
    texts = rows.run("SELECT id, text FROM memories WHERE text IS NOT NULL").fetchall()
    texts += rows.run("SELECT memory_id, text FROM previous_texts").fetchall()
    added: dict[str, str] = {}
    plain: set[str] = set()
    for memory, text in texts:
        key, old = rows.key_of(text), legacy_memory_id(text)
        if key not in owners and key not in added:
            added[key] = memory
        if old != memory and owners.get(old) == memory:
            plain.add(old)
    if plain:
        list(rows.run_in("DELETE FROM aliases WHERE key {} RETURNING key", sorted(plain)))
    rows.insert("aliases", "key, memory_id", sorted(added.items()))


# -- the owner's decisions ------------------------------------------------------------------------


def one_at_a_time(action: str) -> None:
    """Refuse, for `decide_many`, a decision that takes one memory at a time."""
    if action == "edit" or action in QUOTE_DECISIONS:
        raise StoreError(f"{action} takes one memory at a time.")


def decide(
    rows: Rows,
    memory: str,
    action: str,
    now: float,
    text: str | None = None,
    category: str | None = None,
    quote: str | None = None,
    shown: Collection[str] | None = None,
) -> Decision:
    """See `Store.decide`: apply one decision and record it. A reject or a dropped quote deletes what
    it removes and marks the erasure (`Rows.mark_erased`); the backend erases after the commit."""
    if action in QUOTE_DECISIONS:
        return _decide_quote(rows, memory, action, now, quote)
    row = rows.run("SELECT state, category, text FROM memories WHERE id = ?", (memory,)).fetchone()
    if row is None:
        raise UnknownMemory(memory)
    before, category_before, text_before = row
    if before == "rejected" and action != "reject":
        raise StoreError(f"{memory} was rejected and its text erased; there is nothing left to decide.")
    after = STATE_AFTER.get(action, before)
    category_after = category if category is not None else category_before
    retexted = action == "edit" and text is not None and text != text_before
    if (after, category_after) == (before, category_before) and not retexted:
        # Nothing would change (rejecting again only finishes an erasure a reader held up): nothing is
        # written, not even `touched`, and nothing recorded, so undo never sees it.
        return _decision(0, (memory, action, before, after, category_before, category_after, now))
    if retexted:
        assert text is not None
        retext(rows, memory, text)
    if action == "approve" and before != "approved":
        _confirm(rows, memory, shown)
    rows.run(
        f"UPDATE memories SET state = ?, category = ?, touched = {rows.GREATEST}(touched, ?), "
        "approved_at = CASE WHEN ? THEN ? ELSE approved_at END WHERE id = ?",
        (after, category_after, now, action == "approve", now, memory),
    )
    if _shown_otherwise(before, after) and action != "reject":
        rows.index_words(memory)
    if action in ("reject", "retire"):  # a retire's date (`storage.retirement`); a reject leaves no row
        rows.run("DELETE FROM retirements WHERE memory_id = ?", (memory,))
    if action == "retire":
        rows.run("INSERT INTO retirements (memory_id, at, done) VALUES (?, ?, ?)", (memory, now, True))
    if action == "reject":
        rows.set_text(memory, None)
        rows.run("UPDATE memories SET category = 'other' WHERE id = ?", (memory,))
        rows.run("DELETE FROM quotes WHERE memory_id = ?", (memory,))
        rows.run("DELETE FROM previous_texts WHERE memory_id = ?", (memory,))
        rows.run("DELETE FROM dropped_quotes WHERE memory_id = ?", (memory,))  # it takes no quote again
    decision = record(rows, memory, action, before, after, category_before, category_after, now)
    if retexted:
        rows.run(
            "INSERT INTO previous_texts (memory_id, seq, text) VALUES (?, ?, ?)", (memory, decision.seq, text_before)
        )
    if action == "reject":
        rows.mark_erased(decision.seq)
    return decision


def _shown_otherwise(before: str, after: str) -> bool:
    """Whether a read shows a memory's text otherwise in state `after` than in `before`: as approved, or
    masked (`redaction.as_shown`), so that its words are keyed again (`Rows.index_words`)."""
    return (before == "approved") != (after == "approved")


def _confirm(rows: Rows, memory: str, shown: Collection[str] | None) -> None:
    """An approve confirms the quotes that do not wait, and given `shown` only those the owner was shown:
    every other quote of the memory (one proposed since) waits for the owner. Pending ones stay pending.
    The quotes it confirms count as shown from then on (`RemembersShown`)."""
    seen = None if shown is None else set(shown)
    for seq, quote in rows.run(
        "SELECT seq, quote FROM quotes WHERE memory_id = ? AND NOT pending", (memory,)
    ).fetchall():
        confirmed = seen is None or quote in seen
        column = "seen" if confirmed else "pending"
        rows.run(f"UPDATE quotes SET {column} = ? WHERE memory_id = ? AND seq = ?", (True, memory, seq))


def mark_shown(rows: Rows, memory: str, quotes: Collection[str]) -> None:
    """Note that the owner was shown these exact quotes of `memory` (`RemembersShown.mark_shown`)."""
    for quote in dict.fromkeys(quotes):
        rows.run("UPDATE quotes SET seen = ? WHERE memory_id = ? AND quote = ? AND NOT seen", (True, memory, quote))


def _decide_quote(rows: Rows, memory: str, action: str, now: float, quote: str | None) -> Decision:
    """Accept or drop one pending quote of a memory that is not rejected; the state stays. A drop
    deletes the quote and marks the erasure."""
    row = rows.run("SELECT state, category FROM memories WHERE id = ?", (memory,)).fetchone()
    if row is None:
        raise UnknownMemory(memory)
    state, category = row
    found = rows.run(
        "SELECT seq FROM quotes WHERE memory_id = ? AND quote = ? AND pending", (memory, quote or "")
    ).fetchone()
    if state == "rejected" or quote is None or found is None:
        raise StoreError(f"That quote is not waiting for your review on {memory}; `personakit show` lists it.")
    decision = record(rows, memory, action, state, state, category, category, now)
    if action == "accept-quote":
        rows.run(
            "UPDATE quotes SET pending = ?, seen = ?, accepted_by = ? WHERE memory_id = ? AND seq = ?",
            (False, True, decision.seq, memory, found[0]),
        )
    else:
        rows.run("DELETE FROM quotes WHERE memory_id = ? AND seq = ?", (memory, found[0]))
        # Its key, never its text: an import of an older export finds it dropped and leaves it out.
        rows.run(
            "INSERT INTO dropped_quotes (memory_id, key) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (memory, rows.dropped_key(memory, quote or "")),
        )
        rows.mark_erased(decision.seq)
    rows.run(f"UPDATE memories SET touched = {rows.GREATEST}(touched, ?) WHERE id = ?", (now, memory))
    return decision


def record(
    rows: Rows,
    memory: str,
    action: str,
    before: str,
    after: str,
    category_before: str | None,
    category_after: str | None,
    at: float,
) -> Decision:
    """Add a decision to the history (ids, states, categories and a time: never text)."""
    row = (memory, action, before, after, category_before, category_after, at)
    return _decision(rows.append_decision(row), row)


def _decision(seq: int, row: tuple[str, str, str, str, str | None, str | None, float]) -> Decision:
    """The Decision of `row` (as `Rows.append_decision` takes it) numbered `seq`; 0 for one not recorded."""
    memory, action, before, after, category_before, category_after, at = row
    return Decision(
        seq=seq,
        memory_id=memory,
        action=action,
        before=before,
        after=after,
        category_before=category_before,
        category_after=category_after,
        at=at,
    )


def retext(rows: Rows, memory: str, text: str) -> None:
    """Give a memory a new text, which it then also answers to; a text another memory has is refused."""
    key = rows.key_of(text)
    owner = rows.aliased(text)
    if owner is not None and owner[0] != memory:
        raise StoreError(f"That text is already memory {owner[0]}; edit or reject that one instead.")
    rows.set_text(memory, text)
    rows.run("INSERT INTO aliases (key, memory_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (key, memory))


# -- undo -----------------------------------------------------------------------------------------


def undo(rows: Rows, now: float) -> Decision | None:
    """See `Store.undo`."""
    row = rows.run(f"{_DECISIONS} WHERE NOT undone AND action <> 'undo' ORDER BY seq DESC LIMIT 1").fetchone()
    if row is None:
        return None
    decision = decision_from_row(row)
    memory, seq = decision.memory_id, decision.seq
    state, category = _undoable(rows, decision)
    restored = decision.category_before if decision.category_before is not None else category
    replaced = None  # the text an undone edit had put in place, kept as the text this undo replaced
    if decision.action == "edit":
        old = rows.run("SELECT text FROM previous_texts WHERE memory_id = ? AND seq = ?", (memory, seq)).fetchone()
        if old is not None:
            replaced = rows.run("SELECT text FROM memories WHERE id = ?", (memory,)).fetchone()[0]
            retext(rows, memory, old[0])  # the edit's row stays: history shows what the edit did
    if decision.action in ("retire", RETIRE_ON):  # back from retired, and without the date that retired it
        rows.run("DELETE FROM retirements WHERE memory_id = ?", (memory,))
    if decision.action == "accept-quote":
        rows.run(
            "UPDATE quotes SET pending = ?, accepted_by = NULL WHERE memory_id = ? AND accepted_by = ?",
            (True, memory, seq),
        )
    if decision.action == "approve":
        # Back to when it was approved before, if ever (by a decision still standing).
        rows.run(
            "UPDATE memories SET approved_at = coalesce(("
            "  SELECT max(at) FROM decisions WHERE memory_id = ? AND action = 'approve' AND NOT undone"
            "  AND seq < ?), 0) WHERE id = ?",
            (memory, seq, memory),
        )
    rows.run(
        f"UPDATE memories SET state = ?, category = ?, touched = {rows.GREATEST}(touched, ?) WHERE id = ?",
        (decision.before, restored, now, memory),
    )
    if _shown_otherwise(state, decision.before):
        rows.index_words(memory)
    rows.run("UPDATE decisions SET undone = ? WHERE seq = ?", (True, seq))
    undoing = record(rows, memory, "undo", state, decision.before, category, restored, now)
    if replaced is not None:
        rows.run("INSERT INTO previous_texts (memory_id, seq, text) VALUES (?, ?, ?)", (memory, undoing.seq, replaced))
    return msgspec.structs.replace(decision, undone=True)


def _undoable(rows: Rows, decision: Decision) -> tuple[str, str]:
    """The memory's state and category now, if `decision` may be undone; otherwise a StoreError."""
    memory = decision.memory_id
    if decision.action == "reject":
        raise StoreError(
            f"The latest decision, #{decision.seq}, rejected {memory}, and a reject cannot be undone: "
            "its text and quotes were erased."
        )
    if decision.action == "drop-quote":
        raise StoreError(
            f"The latest decision, #{decision.seq}, dropped a quote of {memory}, and that cannot be undone: "
            "the quote was erased."
        )
    current = rows.run("SELECT state, category FROM memories WHERE id = ?", (memory,)).fetchone()
    if current is None or current[0] != decision.after:
        raise StoreError(f"{memory} has changed since decision #{decision.seq}, so it cannot be undone.")
    return current[0], current[1]


# -- restore --------------------------------------------------------------------------------------


class _Known(msgspec.Struct):
    """What the store has of the records' memories: each key's (memory, state), and each memory's
    quotes, highest quote number (a dropped quote leaves a gap, so not their count) and the keys of
    the quotes the owner dropped from it."""

    found: dict[str, tuple[str, str]]
    have: dict[str, set[str]]
    last: dict[str, int]
    dropped: dict[str, set[str]]


def restore(rows: Rows, memories: Sequence[ExportedMemory]) -> Restored:
    """See `Store.restore`. The lookups are two queries and the inserts are batched, so an import of
    100,000 memories is a few statements per table. A created memory keeps its pending quotes (the others
    of an approved one count as shown: they were confirmed) and the keys of those dropped from it; quotes
    a record adds to a memory approved here wait for the owner, as a proposal's do, and one the owner
    dropped from it here is left out, counted in `Restored.quotes_dropped`. No memory gets more
    than `QUOTES_KEPT` quotes: a created one keeps its first (oldest) ones, a known one gains those it
    lacks until it has that many, as proposals of them in turn would; the rest are counted, not kept."""
    fresh = rows.run("SELECT 1 FROM decisions LIMIT 1").fetchone() is None
    known = _restore_lookup(rows, memories)
    created: list[str] = []
    merged: list[str] = []
    added: list[tuple[str, int, str, bool, bool]] = []
    new_rows: list[tuple[Any, ...]] = []
    alias_rows: dict[str, str] = {}
    quote_rows: list[tuple[str, int, str, bool, bool]] = []
    dropped_rows: list[tuple[str, str]] = []
    decisions: list[tuple[ExportedDecision, str, bool]] = []
    left_out = dropped = 0
    for record in memories:
        kept = record.state != "rejected"
        keys = restored_keys(record, rows.key_of)
        match = next((known.found[key] for key in _lookup_keys(rows, record) if key in known.found), None)
        if match is not None:
            merged.append(match[0])
            if kept and match[1] != "rejected":
                new, over, gone = _new_quotes(rows, known, record, *match)
                added.extend(new)
                left_out += over
                dropped += gone
            continue
        new_rows.append(restored_row(record))
        for key in keys:
            known.found.setdefault(key, (record.id, record.state))
            alias_rows.setdefault(key, record.id)
        if kept:
            waiting, quotes = set(record.pending), tuple(dict.fromkeys(record.quotes))
            left_out += max(0, len(quotes) - QUOTES_KEPT)
            quotes = quotes[:QUOTES_KEPT]
            known.have[record.id], known.last[record.id] = set(quotes), len(quotes)
            known.dropped[record.id] = set(record.dropped)
            confirmed = record.state == "approved"
            quote_rows.extend(
                (record.id, n, q, q in waiting, confirmed and q not in waiting) for n, q in enumerate(quotes, start=1)
            )
            dropped_rows.extend((record.id, key) for key in dict.fromkeys(record.dropped))
        decisions.extend((d, record.id, kept) for d in record.history)
        created.append(record.id)
    rows.add_memories(new_rows)
    rows.insert("aliases", "key, memory_id", alias_rows.items())
    rows.insert("quotes", "memory_id, seq, quote, pending, seen", [*quote_rows, *added])
    rows.insert("dropped_quotes", "memory_id, key", dropped_rows)
    _restore_decisions(rows, sorted(decisions, key=lambda entry: entry[0].seq), fresh)
    return Restored(created, merged, len(added), left_out, dropped)


def _lookup_keys(rows: Rows, record: ExportedMemory) -> list[str]:
    """The keys a record is looked up by, in order: `restored_keys`, then the plain hashes of its texts
    (an upgraded store kept those where it could not re-key, `Rows.aliased`)."""
    return [*restored_keys(record, rows.key_of), *(legacy_memory_id(text) for text in restored_texts(record))]


def _restore_lookup(rows: Rows, memories: Sequence[ExportedMemory]) -> _Known:
    wanted = sorted({key for record in memories for key in _lookup_keys(rows, record)})
    found = {
        key: (memory, state)
        for key, memory, state in rows.run_in(f"SELECT a.key, m.id, m.state {_ALIASED} {{}}", wanted)
    }
    known = _Known(found, {}, {}, {})
    memories_found = sorted({memory for memory, _ in found.values()})
    for memory, quote, seq in rows.run_in(
        "SELECT memory_id, quote, seq FROM quotes WHERE memory_id {}", memories_found
    ):
        known.have.setdefault(memory, set()).add(quote)
        known.last[memory] = max(known.last.get(memory, 0), seq)
    for memory, key in rows.run_in("SELECT memory_id, key FROM dropped_quotes WHERE memory_id {}", memories_found):
        known.dropped.setdefault(memory, set()).add(key)
    return known


def _new_quotes(
    rows: Rows, known: _Known, record: ExportedMemory, memory: str, state: str
) -> tuple[list[tuple[str, int, str, bool, bool]], int, int]:
    """The quotes of `record` that the memory it maps to lacks and the owner did not drop from it,
    numbered after its own, while it has fewer than `QUOTES_KEPT`, how many more it lacks, and how many
    it left out as dropped; under an approved memory they wait for the owner, and so do those the record
    says wait. None counts as shown here."""
    quotes = known.have.setdefault(memory, set())
    dropped = known.dropped.get(memory, set())
    new: list[tuple[str, int, str, bool, bool]] = []
    over = gone = 0
    for quote in record.quotes:
        if quote in quotes:
            continue
        if dropped and rows.dropped_key(memory, quote) in dropped:
            gone += 1
            continue
        if len(quotes) >= QUOTES_KEPT:
            over += 1
            continue
        quotes.add(quote)
        known.last[memory] = known.last.get(memory, 0) + 1
        new.append((memory, known.last[memory], quote, state == "approved" or quote in record.pending, False))
    return new, over, gone


def _restore_decisions(rows: Rows, decisions: list[tuple[ExportedDecision, str, bool]], fresh: bool) -> None:
    """Into a store with no decisions yet they keep their numbers; otherwise they are numbered after
    the ones it has, in their order."""
    if not decisions:
        return
    if fresh:
        seqs = [d.seq for d, _, _ in decisions]
    else:
        first = int(rows.run("SELECT coalesce(max(seq), 0) FROM decisions").fetchone()[0]) + 1
        seqs = list(range(first, first + len(decisions)))
    numbered = list(zip(seqs, decisions, strict=True))
    rows.insert(
        "decisions",
        _RESTORED_DECISION,
        [
            (seq, memory, d.action, d.before, d.after, d.category_before, d.category_after, d.at, d.undone)
            for seq, (d, memory, _) in numbered
        ],
    )
    rows.insert(
        "previous_texts",
        "memory_id, seq, text",
        [(memory, seq, d.previous_text) for seq, (d, memory, kept) in numbered if kept and d.previous_text is not None],
    )
    for seq, (d, memory, kept) in numbered:
        if kept and d.quote is not None:
            rows.run(
                "UPDATE quotes SET accepted_by = ? WHERE memory_id = ? AND quote = ? AND NOT pending",
                (seq, memory, d.quote),
            )
    rows.renumbered()
