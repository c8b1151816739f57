"""`personakit export` and `personakit import`: the owner's memories as JSON Lines, and back.

Export writes one JSON object per memory, oldest first (see `model.ExportedMemory`): id, state,
text, category, quotes (oldest first), created, touched, approved_at, the ids of older texts it
answers to (`aliases`, only after an edit), the keys of the quotes the owner dropped from it
(`dropped`: keyed hashes, never the text) and its decision history, each decision with its
number, action, states, categories, time and whether it was undone; an edit that changed the
text also carries `previous_text`, so the edit can still be undone after a round trip. A
rejected memory is its id, state, aliases and history only: its text was erased.

Import merges such a file, and the merge rule is:

- A memory the data folder does not know (by its id, by the id of its text, or by one of its
  aliases) is created as it was exported: state, category, quotes, times and decisions.
- A memory it already knows keeps everything the owner decided here; it only gains the quotes it
  does not have yet, as its newest (none when either side rejected it), never one the owner dropped
  from it here: what the owner erased stays erased, whatever export is imported. Decisions exported
  for it are not replayed: the owner's decisions in this folder stand.
- A memory whose text or quotes a refusal hook refuses (a credential shape) is left out.
- Into a folder with no decisions yet, decisions keep their numbers, so export, import into an
  empty folder and export again gives the same bytes. Importing the same file twice changes
  nothing the second time.

`import --from memory-json` reads the knowledge graph of the reference MCP memory server
(`@modelcontextprotocol/server-memory`): JSON Lines of `{"type": "entity", "name", "entityType",
"observations"}` and `{"type": "relation", "from", "to", "relationType"}`. Each observation is
proposed through `PersonaKit.propose`, exactly as an assistant would propose it, so it arrives
unconfirmed and every refusal applies; the observation is the quote. An observation about the
owner (the entity `default_user`, as the server's suggested prompt names the user, or `user`,
`me`, `owner`, or the name given with `--owner`) is the memory's text as it is; an observation
about any other entity is prefixed with the entity's name (`John Smith: Speaks fluent Spanish`),
because a memory is one statement about the owner and must say who it is about. Relations are
skipped: PersonaKit keeps statements, not a graph.

A large graph (`BULK_AT` observations or more) takes the store's bulk path when the store has one
(`core.store.ProposesInBulk`, as the SQLite store does) and the `personakit_propose` in effect declares
the check it stores by (`hookspecs.checks_in_bulk`, as the default does): every observation is checked
by that check (the same refusals, in the same order), and those it would store are written in
transactions of `BULK_CHUNK`, not one each. The answers are the same as proposing them one by one;
only the number of commits differs. A store without it gets every observation through `propose`.

An import of an export is one `Store.restore`, already one transaction for the whole file, whose
lookups (by id, text and aliases, as the merge rule needs) and inserts both stores batch.

Each takes a `Progress` (see `progress.py`), which the commands show on a terminal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import msgspec

from personakit_plugin.core.model import (
    CATEGORIES,
    DECISIONS,
    QUOTE_DECISIONS,
    RETIRE_ON,
    STATES,
    TEXT_LIMIT,
    ExportedDecision,
    ExportedMemory,
    category_of,
)
from personakit_plugin.core.progress import Progress
from personakit_plugin.core.store import Proposed, ProposesInBulk, Restored, Store, StoreError
from personakit_plugin.core.words import DROPPED_KEY_DIGITS
from personakit_plugin.owner.display import json_printable

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

ID = re.compile(r"m_[0-9a-f]{12}")
DROPPED_KEY = re.compile(rf"[0-9a-f]{{{DROPPED_KEY_DIGITS}}}")
ACTIONS = (*DECISIONS, *QUOTE_DECISIONS, RETIRE_ON, "undo")
OWNER_NAMES = frozenset({"default_user", "user", "me", "owner", "the_user"})
MAX_SEQ = 2**53 - 1
"""The largest decision number an import may carry: an integer any JSON reader holds exactly, far
below SQLite's limit, so the decisions after it still have numbers to take."""
MAX_TIME = 253402300799.0
"""The last second of the year 9999, the latest time an import may carry."""
BULK_AT = 1_000
"""Observations from which a memory-json import takes the store's bulk path."""
BULK_CHUNK = 5_000
"""Proposals written in one transaction on the bulk path."""


class TransferError(StoreError):
    """A file to import is not what it should be; nothing was imported."""


# -- export -----------------------------------------------------------------------------------


def export_lines(store: Store, progress: Progress | None = None) -> list[bytes]:
    """Every memory as one line of JSON, oldest first, each ending in a newline. What a JSON encoder
    leaves as it is but a terminal might obey (C1 controls, bidi and format characters) is written
    as `\\u....`, so the export is safe to print and still reads back as the same text."""
    progress = progress or Progress.silent()
    with progress.waiting("reading the memory"):
        memories = store.dump()
    progress.total = len(memories)
    lines = []
    for memory in memories:
        lines.append(json_printable(msgspec.json.encode(memory).decode()).encode() + b"\n")
        progress.advance()
    return lines


# -- import of a PersonaKit export ------------------------------------------------------------


class Refused(msgspec.Struct, frozen=True):
    where: str
    reason: str


class Imported(msgspec.Struct, frozen=True):
    restored: Restored
    refused: list[Refused]


def holds_nothing(data: bytes) -> bool:
    """Whether an import file holds no memories at all: empty, only blank lines, or an empty JSON list."""
    kept = data.strip()
    return not kept or (kept.startswith(b"[") and kept.endswith(b"]") and not kept[1:-1].strip())


def _lines(data: bytes, name: str) -> list[tuple[int, bytes]]:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise TransferError(f"{name} is not UTF-8 text; give a file written by `personakit export`.") from None
    return [(number, line) for number, line in enumerate(data.splitlines(), start=1) if line.strip()]


def _check(memory: ExportedMemory, where: str) -> None:
    """Raise TransferError unless the record is one PersonaKit could have written."""
    if not ID.fullmatch(memory.id) or not all(ID.fullmatch(alias) for alias in memory.aliases):
        raise TransferError(f"{where} has an id that is not m_ and 12 lowercase hex digits.")
    if not all(DROPPED_KEY.fullmatch(key) for key in memory.dropped):
        raise TransferError(f"{where} has a dropped quote's key that is not {DROPPED_KEY_DIGITS} lowercase hex digits.")
    if memory.state not in STATES:
        raise TransferError(f"{where} has the state {memory.state!r}, which is not one of {', '.join(STATES)}.")
    if memory.state != "rejected":
        text = (memory.text or "").strip()
        if not text or len(text) > TEXT_LIMIT:
            raise TransferError(f"{where} needs a text of 1 to {TEXT_LIMIT} characters.")
        if memory.category not in CATEGORIES:
            raise TransferError(f"{where} has the category {memory.category!r}, which is not one of the seven.")
        if memory.created is None or memory.touched is None:
            raise TransferError(f"{where} needs its created and touched times.")
        if any(not quote.strip() for quote in memory.quotes):
            raise TransferError(f"{where} has an empty quote.")
        if not set(memory.pending) <= set(memory.quotes):
            raise TransferError(f"{where} has a quote waiting for review that is not among its quotes.")
    elif memory.text or memory.quotes:
        raise TransferError(f"{where} is rejected but holds text or quotes, which a reject erases.")
    for at in (memory.created, memory.touched, memory.approved_at, memory.retired_at, memory.retires_on):
        _check_time(at, where)
    _check_retirement(memory, where)
    for decision in memory.history:
        _check_decision(decision, where)


def _check_retirement(memory: ExportedMemory, where: str) -> None:
    """A retirement is an id and a time: retired (only in the state `retired`) or a date ahead (only in a
    state it can retire from), never both; a replacement is another memory's id."""
    if memory.replaced_by is not None and (not ID.fullmatch(memory.replaced_by) or memory.replaced_by == memory.id):
        raise TransferError(f"{where} is replaced by something that is not another memory's id.")
    if memory.retired_at is not None and memory.state != "retired":
        raise TransferError(f"{where} has a time it retired but the state {memory.state!r}, not retired.")
    if memory.retires_on is not None and memory.state in ("rejected", "retired"):
        raise TransferError(f"{where} has a date to retire on but is {memory.state} already.")
    if memory.replaced_by is not None and memory.retired_at is None and memory.retires_on is None:
        raise TransferError(f"{where} is replaced by another memory but has no time it retired or retires on.")


def _check_time(at: float | None, where: str) -> None:
    if at is not None and not (math.isfinite(at) and 0 <= at <= MAX_TIME):
        raise TransferError(f"{where} has the time {at!r}, which is not a time from 1970 to the year 9999.")


def _check_decision(decision: ExportedDecision, where: str) -> None:
    if not 1 <= decision.seq <= MAX_SEQ:
        raise TransferError(f"{where} has the decision number {decision.seq}, which is not from 1 to {MAX_SEQ}.")
    if decision.action not in ACTIONS or decision.before not in STATES or decision.after not in STATES:
        raise TransferError(f"{where} has decision #{decision.seq}, which PersonaKit does not know.")
    for category in (decision.category_before, decision.category_after):
        if category is not None and category not in CATEGORIES:
            raise TransferError(
                f"{where} has decision #{decision.seq} with the category {category!r}, which is not one of the seven."
            )
    _check_time(decision.at, where)


def _decode(line: bytes, where: str, kind: str, type: object = None) -> object:
    """One line of JSON (as `type`, if given). Anything JSON or this type cannot hold (a number out of
    range, NaN, nesting deeper than a reader can follow, the wrong shape) is a TransferError naming the line."""
    try:
        return msgspec.json.decode(line, type=type) if type is not None else msgspec.json.decode(line)
    except RecursionError:
        raise TransferError(f"{where} is nested too deeply to be {kind}.") from None
    except msgspec.DecodeError as exc:
        raise TransferError(f"{where} is not {kind} ({exc}).") from None


def parse_export(data: bytes, name: str) -> list[ExportedMemory]:
    """The memories in an export file, checked; a TransferError names the first bad line."""
    memories: list[ExportedMemory] = []
    ids: set[str] = set()
    seqs: set[int] = set()
    for number, line in _lines(data, name):
        where = f"Line {number} of {name}"
        memory = _decode(line, where, "a memory as `personakit export` writes it", ExportedMemory)
        assert isinstance(memory, ExportedMemory)
        _check(memory, where)
        if memory.id in ids:
            raise TransferError(f"{where} repeats the memory {memory.id}.")
        ids.add(memory.id)
        for decision in memory.history:
            if decision.seq in seqs:
                raise TransferError(f"{where} repeats decision #{decision.seq}.")
            seqs.add(decision.seq)
        memories.append(memory)
    return memories


def import_export(kit: PersonaKit, memories: Sequence[ExportedMemory], progress: Progress | None = None) -> Imported:
    """Merge checked memories in one transaction, leaving out those a refusal hook refuses."""
    progress = progress or Progress.silent()
    progress.total = len(memories)
    kept: list[ExportedMemory] = []
    refused: list[Refused] = []
    for memory in memories:
        progress.advance()
        texts = [memory.text or "", *(d.previous_text for d in memory.history if d.previous_text)]
        reason = None
        for text in texts:
            for quote in memory.quotes or ("",):
                reason = reason or kit.refusal(text, quote)
        if reason is not None:
            refused.append(Refused(memory.id, reason))
        else:
            kept.append(memory)
    with progress.waiting(f"writing {len(kept):,} memories in one transaction"):
        return Imported(kit.store.restore(kept), refused)


# -- import of the reference memory server's knowledge graph ------------------------------------


class Entity(msgspec.Struct, frozen=True):
    name: str
    entityType: str = ""  # the memory server's spelling
    observations: list[str] = []


class Observation(msgspec.Struct, frozen=True):
    where: str
    text: str
    quote: str


class Graph(msgspec.Struct, frozen=True):
    observations: list[Observation]
    relations: int
    other: int
    """Lines of another type than entity or relation, skipped."""


def _owner(name: str, owner: str | None) -> bool:
    folded = name.strip().casefold()
    return folded in OWNER_NAMES or (owner is not None and folded == owner.strip().casefold())


def parse_memory_json(data: bytes, name: str, owner: str | None = None) -> Graph:
    """The observations of a memory-server graph file, each as the proposal it becomes."""
    observations: list[Observation] = []
    relations = other = 0
    for number, line in _lines(data, name):
        where = f"Line {number} of {name}"
        item = _decode(line, where, "JSON")
        kind = item.get("type") if isinstance(item, dict) else None
        if kind == "relation":
            relations += 1
            continue
        if kind != "entity":
            if not isinstance(item, dict):
                raise TransferError(f"{where} is not a JSON object as the memory server writes them.")
            other += 1
            continue
        try:
            entity = msgspec.convert(item, Entity)
        except msgspec.ValidationError as exc:
            raise TransferError(f"{where} is not an entity as the memory server writes them ({exc}).") from None
        about_owner = _owner(entity.name, owner)
        for index, observation in enumerate(entity.observations, start=1):
            said = observation.strip()
            text = said if about_owner else f"{entity.name.strip().replace('_', ' ')}: {said}"
            observations.append(Observation(f"line {number}, {entity.name} observation {index}", text, observation))
    return Graph(observations, relations, other)


class GraphImported(msgspec.Struct, frozen=True):
    new: list[str]
    known: list[str]
    refused: list[Refused]
    not_kept: list[str] = msgspec.field(default_factory=list)
    """The memories (once for each observation) whose quote was not added: they keep `QUOTES_KEPT` already."""


def import_graph(kit: PersonaKit, graph: Graph, progress: Progress | None = None) -> GraphImported:
    """Propose every observation, as an assistant would: one by one, or for a large graph through the
    store's bulk path (see the module's docstring), with the same answers."""
    progress = progress or Progress.silent()
    progress.total = len(graph.observations)
    check = kit.hooks.bulk_check()
    if isinstance(kit.store, ProposesInBulk) and len(graph.observations) >= BULK_AT and check is not None:
        return _import_in_bulk(kit, graph.observations, kit.store.bulk_propose, check, progress)
    done = GraphImported([], [], [])
    for observation in graph.observations:
        result = kit.propose(observation.text, observation.quote, None)
        if not result.stored or result.id is None:
            done.refused.append(Refused(observation.where, result.reason or "refused"))
        else:
            (done.new if result.new else done.known).append(result.id)
            if result.quote_kept is False:
                done.not_kept.append(result.id)
        progress.advance()
    return done


def _import_in_bulk(
    kit: PersonaKit,
    observations: Sequence[Observation],
    bulk: Callable[[list[tuple[str, str, str, float]]], list[Proposed]],
    check: Callable[..., tuple[str, str] | str],
    progress: Progress,
) -> GraphImported:
    done = GraphImported([], [], [])
    category = category_of(None)
    for start in range(0, len(observations), BULK_CHUNK):
        items: list[tuple[str, str, str, float]] = []
        for observation in observations[start : start + BULK_CHUNK]:
            found = check(kit, observation.text, observation.quote)
            if isinstance(found, str):
                done.refused.append(Refused(observation.where, found))
            else:
                items.append((*found, category, kit.now()))
            progress.advance()
        for proposed in bulk(items):
            (done.new if proposed.new else done.known).append(proposed.id)
            if proposed.full:
                done.not_kept.append(proposed.id)
    return done
