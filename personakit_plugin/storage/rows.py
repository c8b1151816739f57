"""Rows in the shapes both stores use: a memory's and a decision's columns, what `Store.dump`
returns made from a backend's rows, and the rows `Store.restore` creates from an export."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from personakit_plugin.core.model import Connection, Decision, ExportedDecision, ExportedMemory, Memory
from personakit_plugin.core.store import Proposer

MEMORY_COLUMNS = "id, text, category, state, created, touched, approved_at"
"""A memory's columns, in the order `memory_from_row` reads them."""
DECISION_COLUMNS = "seq, memory_id, action, before, after, category_before, category_after, at, undone"
"""A decision's columns, in the order `decision_from_row` reads them."""


def memory_from_row(row: Sequence[Any], quotes: tuple[str, ...] = (), pending: tuple[str, ...] = ()) -> Memory:
    """A memory from a row of MEMORY_COLUMNS (a rejected one's NULL text reads as "") and its quotes;
    `pending`, the quotes flagged as waiting, in whatever state the memory is (a rejected one has none)."""
    return Memory(
        id=row[0],
        text=row[1] or "",
        category=row[2],
        state=row[3],
        created=row[4],
        touched=row[5],
        approved_at=row[6],
        quotes=quotes,
        pending=pending if row[3] != "rejected" else (),
    )


def memories_with_quotes(rows: Iterable[Sequence[Any]], quotes: Iterable[Sequence[Any]]) -> list[Memory]:
    """Memories from rows of MEMORY_COLUMNS, in their order, each with its quotes from `quotes`: rows of
    (memory id, quote, pending), oldest first within a memory. What `Store.memories` returns."""
    found: dict[str, list[str]] = {}
    waiting: dict[str, list[str]] = {}
    for memory, quote, pending in quotes:
        found.setdefault(memory, []).append(quote)
        if pending:
            waiting.setdefault(memory, []).append(quote)
    return [memory_from_row(row, tuple(found.get(row[0], ())), tuple(waiting.get(row[0], ()))) for row in rows]


def decision_from_row(row: Sequence[Any]) -> Decision:
    """A decision from a row of DECISION_COLUMNS."""
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


def exported(
    memories: Iterable[Sequence[Any]],
    quotes: Iterable[Sequence[Any]],
    aliases: Iterable[tuple[str, str]],
    previous_texts: Iterable[tuple[str, int, str]],
    decisions: Iterable[Sequence[Any]],
    key_of: Callable[[str], str],
    dropped: Iterable[tuple[str, str]] = (),
) -> list[ExportedMemory]:
    """What `Store.dump` returns, from a backend's rows: memories (MEMORY_COLUMNS, in the dump's
    order), quotes as (memory id, quote, pending, the seq of the decision that accepted it or None)
    oldest first, aliases as (memory id, old key), replaced texts as (memory id, decision seq, text),
    decisions (DECISION_COLUMNS) by seq, and the keys of dropped quotes as (memory id, key).

    An alias that is the store's key (`key_of`) of a text the export holds (the memory's own, or one
    an edit replaced) is left out: a restore derives it again with its own key (`restored_keys`), so
    the aliases exported are the keys of texts no longer known, and a dump restored into another
    store dumps the same there."""
    quoted: dict[str, list[str]] = {}
    waiting: dict[str, list[str]] = {}
    accepted: dict[tuple[str, int], str] = {}
    for owner, quote, pending, accepted_by in quotes:
        quoted.setdefault(owner, []).append(quote)
        if accepted_by is not None:
            accepted[(owner, accepted_by)] = quote
        if pending:
            waiting.setdefault(owner, []).append(quote)
    keys, gone = _by_memory(aliases), _by_memory(dropped)
    replaced = {(owner, seq): text for owner, seq, text in previous_texts}
    derived: dict[str, set[str]] = {}
    for (owner, _), text in replaced.items():
        derived.setdefault(owner, set()).add(key_of(text))
    history = _histories(decisions, replaced, accepted)
    dumped = []
    for row in memories:
        memory = memory_from_row(row)
        kept = memory.state != "rejected"
        known = derived.get(memory.id, set()) | ({key_of(memory.text)} if kept and memory.text else set())
        dumped.append(
            ExportedMemory(
                id=memory.id,
                state=memory.state,
                text=memory.text if kept else None,
                category=memory.category if kept else None,
                quotes=tuple(quoted.get(memory.id, ())) if kept else (),
                created=memory.created if kept else None,
                touched=memory.touched if kept else None,
                approved_at=memory.approved_at if kept else None,
                pending=tuple(waiting.get(memory.id, ())) if kept else (),
                aliases=tuple(sorted(key for key in keys.get(memory.id, ()) if key not in known)),
                dropped=tuple(sorted(gone.get(memory.id, ()))) if kept else (),
                history=tuple(history.get(memory.id, ())),
            )
        )
    return dumped


def _by_memory(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """(memory id, value) pairs as each memory's values, in order."""
    found: dict[str, list[str]] = {}
    for owner, value in pairs:
        found.setdefault(owner, []).append(value)
    return found


def _histories(
    decisions: Iterable[Sequence[Any]], previous: dict[tuple[str, int], str], accepted: dict[tuple[str, int], str]
) -> dict[str, list[ExportedDecision]]:
    """Each memory's exported decisions, from rows of DECISION_COLUMNS by seq, with the text an edit
    replaced and the quote an `accept-quote` accepted, both by (memory id, seq)."""
    history: dict[str, list[ExportedDecision]] = {}
    for row in decisions:
        d = decision_from_row(row)
        history.setdefault(d.memory_id, []).append(
            ExportedDecision(
                seq=d.seq,
                action=d.action,
                before=d.before,
                after=d.after,
                at=d.at,
                category_before=d.category_before,
                category_after=d.category_after,
                undone=d.undone,
                previous_text=previous.get((d.memory_id, d.seq)),
                quote=accepted.get((d.memory_id, d.seq)),
            )
        )
    return history


def restored_texts(record: ExportedMemory) -> list[str]:
    """The texts an exported memory answers to that the export still holds: its own and those its
    edits replaced (none once rejected: erased)."""
    if record.state == "rejected":
        return []
    replaced = [d.previous_text for d in record.history if d.previous_text is not None]
    return [*([record.text] if record.text else []), *replaced]


def restored_keys(record: ExportedMemory, key_of: Callable[[str], str]) -> list[str]:
    """Every key an exported memory is known by in the store restoring it: its id, the store's keys of
    its texts (`restored_texts`, by `key_of`), and its aliases as exported, which are keys in the store
    it came from (they match here only if this store shares that one's secret, or for a rejected memory
    exported before ids were keyed)."""
    return [record.id, *(key_of(text) for text in restored_texts(record)), *record.aliases]


def restored_row(record: ExportedMemory) -> tuple[Any, ...]:
    """The MEMORY_COLUMNS row an exported memory is created with. A rejected one was exported
    without text or times: its times come from its decisions."""
    kept = record.state != "rejected"
    times = [d.at for d in record.history]
    first = record.created if record.created is not None else min(times, default=0.0)
    last = record.touched if record.touched is not None else max(times, default=first)
    return (
        record.id,
        record.text if kept else None,
        (record.category or "other") if kept else "other",
        record.state,
        first,
        last,
        record.approved_at or 0.0,
    )


def cursor_of(prefix: str, generation: object, seq: int) -> str:
    """A follower's cursor (`Changes.cursor`): the store object's token, the log's generation, its last number."""
    return f"{prefix}:{generation}:{seq}"


def cursor_position(since: str | None, prefix: str, generation: object) -> int | None:
    """The log number a cursor made by `cursor_of` for this store object and generation names, or None."""
    if since is None:
        return None
    parts = since.split(":")
    if len(parts) != 3 or parts[0] != prefix or parts[1] != str(generation) or not parts[2].isdigit():
        return None
    return int(parts[2])


PROPOSER_COLUMNS = "c.id, c.client, c.version, c.started"
"""The connection's columns a `proposer_from_row` row starts with (from `connections c`); then its waiting
count, its proposed count and its latest proposal's time."""


def proposer_from_row(row: Sequence[Any]) -> Proposer:
    """A row of `PROPOSER_COLUMNS`, waiting, proposed, latest, as a `Proposer` (both SQL stores)."""
    return Proposer(
        connection=Connection(id=row[0], client=row[1], version=row[2], started=row[3]),
        waiting=row[4],
        proposed=row[5],
        last=row[6],
    )
