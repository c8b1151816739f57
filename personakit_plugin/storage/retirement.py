"""Retired memories, written once for both stores: retire now or on a date, replace, and the dates.

A memory the owner retired (by hand, replaced by a newer one, or on a date they set) is in the state
`retired`: every read of both stores already takes only approved and unconfirmed memories (and counts
only restricted ones), so a retired one is never returned, never fills, never counted and never given to
a retriever. What it keeps for the owner lives in `retirements`, one row per memory: when it retired (or
the date it retires on), whether that happened, and the memory that replaced it. Ids and times, never
text: a reject of either memory has nothing there to erase (its row goes with it anyway).

A date needs no background job: every read first asks `due`, in its own read transaction, and if one has
come, calls `retire_due`, which retires, in one write, every
memory whose date has come, each recorded as a `retire` decision dated on its date. A lookup when none is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from personakit_plugin.core.model import RETIRE_ON, Decision, ExportedMemory, Retirement
from personakit_plugin.core.store import StoreError, UnknownMemory
from personakit_plugin.storage import decisions
from personakit_plugin.storage.decisions import Rows

RETIREMENTS = "memory_id, replaced_by, at, done"
"""The columns of `retirements`, in the order `_retirement` reads them."""
SQLITE_SCHEMA = """
    CREATE TABLE retirements (
        memory_id TEXT PRIMARY KEY,
        replaced_by TEXT,               -- the memory that replaced it, if any
        at REAL NOT NULL,               -- when it retired, or the date it retires on
        done INTEGER NOT NULL           -- 1 once it retired
    );
    CREATE INDEX retirements_due ON retirements (done, at);
    """
"""The table in SQLite (a schema migration of its own)."""
POSTGRES_SCHEMA = """
    CREATE TABLE retirements (
        memory_id text COLLATE "C" PRIMARY KEY,
        replaced_by text COLLATE "C",
        at double precision NOT NULL,
        done boolean NOT NULL
    );
    CREATE INDEX retirements_due ON retirements (done, at);
    """
"""The same table in PostgreSQL."""
_LIVE = ("unconfirmed", "approved", "restricted")
"""The states a memory may be retired from."""


def _state(rows: Rows, memory: str) -> str:
    row = rows.run("SELECT state FROM memories WHERE id = ?", (memory,)).fetchone()
    if row is None:
        raise UnknownMemory(memory)
    state = str(row[0])
    if state == "rejected":
        raise StoreError(f"{memory} was rejected and its text erased; there is nothing to retire or replace.")
    return state


def _check_replacement(rows: Rows, memory: str, replaced_by: str) -> None:
    if replaced_by == memory:
        raise StoreError(f"{memory} cannot replace itself; name the newer memory that replaces it.")
    state = _state(rows, replaced_by)
    if state == "retired":
        raise StoreError(f"{replaced_by} is retired itself, so it cannot replace {memory}; bring it back first.")


def _set(rows: Rows, memory: str, replaced_by: str | None, at: float, done: bool) -> None:
    rows.run("DELETE FROM retirements WHERE memory_id = ?", (memory,))
    rows.run(
        "INSERT INTO retirements (memory_id, replaced_by, at, done) VALUES (?, ?, ?, ?)",
        (memory, replaced_by, at, done),
    )


def retire(rows: Rows, memory: str, now: float, replaced_by: str | None = None, on: float | None = None) -> Decision:
    """See `Retires.retire`."""
    state = _state(rows, memory)
    if state == "retired":
        raise StoreError(f"{memory} is retired already; `personakit undo` or `personakit approve` brings it back.")
    if replaced_by is not None:
        _check_replacement(rows, memory, replaced_by)
    if on is not None and on > now:
        category = rows.run("SELECT category FROM memories WHERE id = ?", (memory,)).fetchone()[0]
        decision = decisions.record(rows, memory, RETIRE_ON, state, state, category, category, now)
        _set(rows, memory, replaced_by, on, False)
        return decision
    decision = decisions.decide(rows, memory, "retire", now)
    _set(rows, memory, replaced_by, now, True)
    return decision


def replace(
    rows: Rows, old: str, new: str, now: float, shown: Collection[str] | None = None
) -> tuple[Decision, Decision]:
    """See `Retires.replace`."""
    if _state(rows, old) == "retired":
        raise StoreError(f"{old} is retired already; `personakit undo` or `personakit approve` brings it back.")
    _check_replacement(rows, old, new)
    approved = decisions.decide(rows, new, "approve", now, shown=shown)
    return approved, retire(rows, old, now, replaced_by=new)


def due(rows: Rows, now: float) -> bool:
    """Whether a memory's date to retire has come: one lookup."""
    return rows.run("SELECT 1 FROM retirements WHERE done = ? AND at <= ? LIMIT 1", (False, now)).fetchone() is not None


def retire_due(rows: Rows, now: float) -> list[Decision]:
    """See `Retires.retire_due`. A memory rejected or retired since its date was set just loses the date."""
    found = rows.run(
        "SELECT r.memory_id, r.at, m.state, m.category FROM retirements r JOIN memories m ON m.id = r.memory_id "
        "WHERE r.done = ? AND r.at <= ? ORDER BY r.at, r.memory_id",
        (False, now),
    ).fetchall()
    done = []
    for memory, at, state, category in found:
        if state in _LIVE:
            rows.run(
                f"UPDATE memories SET state = 'retired', touched = {rows.GREATEST}(touched, ?) WHERE id = ?",
                (at, memory),
            )
            if state == "approved":  # a read masks it now (`IndexesAsShown`)
                rows.index_words(memory)
            done.append(decisions.record(rows, memory, "retire", state, "retired", category, category, at))
        rows.run("UPDATE retirements SET done = ? WHERE memory_id = ?", (True, memory))
    return done


def forget(rows: Rows, memory: str) -> None:
    """Undoing a `retire` or `retire-on`, and a reject: the memory's row goes (a date set before it too)."""
    rows.run("DELETE FROM retirements WHERE memory_id = ?", (memory,))


def _retirement(row: Sequence[object]) -> Retirement:
    memory, replaced_by, at, done = row
    return Retirement(
        memory_id=str(memory),
        replaced_by=None if replaced_by is None else str(replaced_by),
        at=float(at),  # type: ignore[arg-type]
        done=bool(done),
    )


def retirements(rows: Rows, ids: Collection[str] | None) -> dict[str, Retirement]:
    """See `Retires.retirements`."""
    if ids is None:
        found = rows.run(f"SELECT {RETIREMENTS} FROM retirements").fetchall()
    else:
        found = list(rows.run_in(f"SELECT {RETIREMENTS} FROM retirements WHERE memory_id {{}}", sorted(set(ids))))
    return {row[0]: _retirement(row) for row in found}


def exported(dumped: list[ExportedMemory], known: dict[str, Retirement]) -> list[ExportedMemory]:
    """`Store.dump`'s memories with their retirements (`ExportedMemory.replaced_by`, `retired_at`, `retires_on`)."""
    import msgspec

    out = []
    for record in dumped:
        found = known.get(record.id)
        done = found is not None and found.done and record.state == "retired"
        ahead = found is not None and not found.done and record.state in _LIVE
        if found is not None and (done or ahead):  # a memory brought back since keeps no retirement
            record = msgspec.structs.replace(
                record,
                replaced_by=found.replaced_by,
                retired_at=found.at if done else None,
                retires_on=found.at if ahead else None,
            )
        out.append(record)
    return out


def restore(rows: Rows, memories: Sequence[ExportedMemory], created: Collection[str]) -> None:
    """After `decisions.restore`: the retirements of the memories it created."""
    made = set(created)
    rows.insert(
        "retirements",
        RETIREMENTS,
        [
            (
                record.id,
                record.replaced_by,
                record.retired_at if record.retired_at is not None else record.retires_on,
                record.retired_at is not None,
            )
            for record in memories
            if record.id in made and (record.retired_at is not None or record.retires_on is not None)
        ],
    )
