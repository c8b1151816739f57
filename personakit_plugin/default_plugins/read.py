"""The `personakit_read` tool: decisions applied, ranked, filled, unreviewed texts and quotes redacted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import EVIDENCE_QUOTES, FILL_TO, UNCONFIRMED_NOTE, Memory, ReadMemory, ReadResult
from personakit_plugin.core.words import content_words

if TYPE_CHECKING:
    from personakit_plugin.core.hookspecs import Kit


@hookimpl(trylast=True)
def personakit_read(kit: Kit, question: str, limit: int) -> ReadResult:
    words = content_words(question)
    # The fast path: with a ranker in the default order in effect, a store that ranks in its own queries
    # returns only the first `limit` matches (and the restricted count); ranking them again changes
    # nothing. Otherwise every candidate goes to the ranking hook in effect. Both give the same result.
    # Either way the kit asks the store within the connection's view.
    if kit.ranks_in_store():
        found = kit.matches(words, limit)
        ranked = found.candidates
    else:
        found = kit.matches(words)
        ranked = kit.rank(question, found.candidates)
    chosen: list[Memory] = [candidate.memory for candidate in ranked[:limit]]
    room = min(FILL_TO, limit) - len(chosen)
    if room > 0:  # fewer matches than `limit`, so `ranked` holds every match on either path
        chosen += kit.approved(room, exclude={candidate.memory.id for candidate in ranked})
    quotes = kit.store.quotes([memory.id for memory in chosen])
    memories = [
        ReadMemory(
            id=memory.id,
            text=kit.shown_text(memory),  # masked unless the owner approved it
            category=memory.category,
            confirmed=memory.state == "approved",
            evidence=[kit.redact(quote) for quote in reversed(quotes.get(memory.id, ())[-EVIDENCE_QUOTES:])],
        )
        for memory in chosen
    ]
    unconfirmed = any(not memory.confirmed for memory in memories)
    return ReadResult(memories=memories, withheld=found.restricted, note=UNCONFIRMED_NOTE if unconfirmed else None)
