"""The boundary: what a read may leave with, checked against the store, whatever plugin answered.

Every memory is an approved or unconfirmed one in the connection's view, at most once, with its stored
category, its text as `shown_text` shows it and `confirmed` true exactly when approved; its evidence is
at most two of its showable quotes as `redact` shows them; `note` is there exactly when a memory is
unconfirmed; `withheld` is the store's count of matching restricted memories in the view. A read that
breaks one of these fails; it never leaks.

What the kit already fetched from the store for this read (the request's notes, taken within the
read's snapshot) is checked against instead of being fetched again; the rest is fetched here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from personakit_plugin.core.model import EVIDENCE_QUOTES, UNCONFIRMED_NOTE, Memory, ReadMemory, ReadResult, View
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.store import RanksInStore, ReadsMany, Store


class Guarded(Protocol):
    """What the boundary needs of the kit."""

    store: Store
    view: View

    def shown_text(self, memory: Memory) -> str: ...

    def redact(self, quote: str) -> str: ...


def read_problem(kit: Guarded, result: ReadResult, request: ReadRequest) -> str | None:
    """What is wrong with a read's result, or None when it may leave (see the module's rules)."""
    broken = shape_problem(result, request.limit)
    if broken:
        return broken
    stored: list[Memory] = []
    known = _stored(kit.store, request, [memory.id for memory in result.memories])
    for memory in result.memories:
        found = known.get(memory.id)
        if found is None or found.state not in ("approved", "unconfirmed"):
            return "a memory the owner has not allowed"
        if not kit.view.shows(found):
            return "a memory outside this connection's view"
        broken = _memory_problem(kit, memory, found)
        if broken:
            return broken
        stored.append(found)
    broken = _evidence_problem(kit, request, result.memories)
    if broken:
        return broken
    unconfirmed = any(found.state != "approved" for found in stored)
    if result.note != (UNCONFIRMED_NOTE if unconfirmed else None):
        return "a note that is not the one the contract gives for these memories"
    if result.withheld != restricted_matches(kit, request):
        return "a withheld count that is not the number of matching restricted memories in the view"
    return None


def stored_memories(store: Store, ids: Sequence[str]) -> dict[str, Memory]:
    """The stored memories of `ids`, in one lookup when the store can."""
    if isinstance(store, ReadsMany):
        return cast(ReadsMany, store).get_many(ids)
    found = {memory: store.get(memory) for memory in ids}
    return {memory: stored for memory, stored in found.items() if stored is not None}


def _stored(store: Store, request: ReadRequest, ids: list[str]) -> dict[str, Memory]:
    known = request.known_memories(ids)
    missing = [memory for memory in ids if memory not in known]
    return {**known, **stored_memories(store, missing)} if missing else known


def _memory_problem(kit: Guarded, memory: ReadMemory, found: Memory) -> str | None:
    if memory.confirmed is not (found.state == "approved"):
        return "a memory whose confirmed flag is not its state"
    if memory.category != found.category:
        return "a memory whose category is not the stored one"
    if memory.text != kit.shown_text(found):
        return "a memory whose text is not the stored one as it may be shown"
    return None


def _evidence_problem(kit: Guarded, request: ReadRequest, memories: Sequence[ReadMemory]) -> str | None:
    wanted_ids = [memory.id for memory in memories if memory.evidence]
    if not wanted_ids:
        return None
    quotes = request.known_quotes(wanted_ids)
    missing = [memory for memory in wanted_ids if memory not in quotes]
    if missing:
        quotes.update({memory: tuple(found) for memory, found in kit.store.quotes(missing).items()})
    for memory in memories:
        if len(memory.evidence) > EVIDENCE_QUOTES:
            return f"more than {EVIDENCE_QUOTES} quotes of one memory"
        wanted, shown = set(memory.evidence), set[str]()
        for quote in reversed(quotes.get(memory.id, ())):  # newest first, as evidence is chosen
            shown.add(kit.redact(quote))
            if wanted <= shown:
                break
        if not wanted <= shown:
            return "a quote that is not one of the memory's showable quotes, masked and shortened"
    return None


def restricted_matches(kit: Guarded, request: ReadRequest) -> int:
    """How many restricted memories match the read's question, as the store counted them for this
    read (the request's note) or counts them now."""
    known = request.known_restricted(request.words)
    if known is not None:
        return known
    if isinstance(kit.store, RanksInStore):
        return cast(RanksInStore, kit.store).top_matches(request.words, 1, kit.view).restricted
    return kit.store.matches(request.words, kit.view).restricted


def shape_problem(result: ReadResult, limit: int) -> str | None:
    """What is wrong with a read's result before the store is asked, or None.

    The result, its memories and every value in them must be exactly the declared types: a subclass
    could carry more fields into the JSON, or compare or iterate differently for this check than
    for the encoder. At most `limit` memories, no id twice."""
    if type(result) is not ReadResult or type(result.memories) is not list:
        return "a result that is not a ReadResult"
    if type(result.withheld) is not int:
        return "a withheld count that is not an integer"
    if result.note is not None and type(result.note) is not str:
        return "a note that is not text"
    if len(result.memories) > limit:
        return f"{len(result.memories)} memories, more than the limit of {limit}"
    for memory in result.memories:
        if type(memory) is not ReadMemory or not _is_text(memory.id, memory.text, memory.category):
            return "a memory that is not a ReadMemory of text fields"
        if not isinstance(memory.confirmed, bool):
            return "a memory whose confirmed flag is not a boolean"
        if type(memory.evidence) is not list or not _is_text(*memory.evidence):
            return "evidence that is not a list of text"
    if len({memory.id for memory in result.memories}) != len(result.memories):
        return "the same memory twice"
    return None


def _is_text(*values: object) -> bool:
    return all(type(value) is str for value in values)
