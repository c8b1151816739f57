"""The `personakit_read` tool: decisions applied, ranked by the ranking hook, filled, quotes redacted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import hookimpl
from ..model import EVIDENCE_QUOTES, FILL_TO, UNCONFIRMED_NOTE, Memory, ReadMemory, ReadResult
from ..words import content_words

if TYPE_CHECKING:
    from ..kit import PersonaKit


@hookimpl(trylast=True)
def personakit_read(kit: PersonaKit, question: str, limit: int) -> ReadResult:
    found = kit.store.matches(content_words(question))
    ranked = kit.rank(question, found.candidates)
    chosen: list[Memory] = [candidate.memory for candidate in ranked[:limit]]
    room = min(FILL_TO, limit) - len(chosen)
    if room > 0:
        chosen += kit.store.approved(room, exclude={candidate.memory.id for candidate in ranked})
    quotes = kit.store.quotes([memory.id for memory in chosen])
    memories = [
        ReadMemory(
            id=memory.id,
            text=memory.text,
            category=memory.category,
            confirmed=memory.state == "approved",
            evidence=[kit.redact(quote) for quote in reversed(quotes.get(memory.id, ())[-EVIDENCE_QUOTES:])],
        )
        for memory in chosen
    ]
    unconfirmed = any(not memory.confirmed for memory in memories)
    return ReadResult(memories=memories, withheld=found.restricted, note=UNCONFIRMED_NOTE if unconfirmed else None)
