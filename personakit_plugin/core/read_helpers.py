"""What a read hook gets of a kit: the word index's matches, the retrievers' memories, the fill, the
ranking hook in effect, and the chosen memories as a read shows them (part of the `Kit` protocol).

Given the read's `ReadRequest`, each helper notes in it what it fetched from the store (the restricted
count, the memories, their quotes), within the read's snapshot, so that the boundary check
(`core.boundary`) checks what was chosen without reading it twice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import cast

from personakit_plugin.core.boundary import stored_memories
from personakit_plugin.core.hooks import Hooks
from personakit_plugin.core.model import (
    EVIDENCE_QUOTES,
    UNCONFIRMED_NOTE,
    Candidate,
    Memory,
    ReadMemory,
    ReadResult,
    Scored,
    View,
)
from personakit_plugin.core.reading import ReadRequest, fused
from personakit_plugin.core.store import Matches, RanksInStore, Store


class ForReads:
    """The read hooks' part of a kit (`PersonaKit` is one): what it needs is declared here."""

    store: Store
    view: View
    hooks: Hooks
    _ranks: bool

    shown_text: Callable[[Memory], str]
    redact: Callable[[str], str]

    def matches(self, words: frozenset[str], request: ReadRequest | None = None) -> Matches:
        """The store's matches for `words` in this connection's view: every memory the view shows that
        shares a word with them, and the count of the restricted ones in the view's categories."""
        return _noted(request, words, self.store.matches(words, self.view))

    def top_matches(self, request: ReadRequest) -> Matches | None:
        """The first `request.limit` matches of the read's words in the store's own order (the default
        ranking's), and the restricted count; None when the store does not rank in its queries
        (`RanksInStore`). The default read asks for them while `ranks_as_store()`."""
        if not self._ranks:
            return None
        top = cast(RanksInStore, self.store).top_matches(request.words, request.limit, self.view)
        return _noted(request, request.words, top)

    def ranks_as_store(self) -> bool:
        """Whether the ranking hook in effect declared the store's order (`ranking.in_store_order`)."""
        return self.hooks.ranks_as_store()

    def approved(self, limit: int, exclude: Collection[str], request: ReadRequest | None = None) -> list[Memory]:
        """Up to `limit` approved memories in this connection's view, not in `exclude`, most recently
        approved first: what fills a read with few matches."""
        found = self.store.approved(limit, exclude, self.view)
        if request is not None:
            request.remember_memories(found)
        return found

    def rank(
        self, question: str, candidates: Sequence[Candidate], request: ReadRequest | None = None
    ) -> list[Candidate]:
        """The matching candidates, best first, as the ranking hook orders them.

        Only the candidates passed in can come back, each at most once.
        """
        return self.hooks.rank(request or ReadRequest(question, 1, self.view), question, candidates)

    def retrieve(self, question: str, limit: int) -> list[Scored] | None:
        """What the retrieval hooks bring for `question`: their answers fused, best first, at most
        `limit`, only memories a read in this view may return; None when no retrieval hook answered."""
        found = self._retrieve(ReadRequest(question, limit, self.view))
        return None if found is None else [scored for scored, _ in found]

    def brought(self, request: ReadRequest) -> list[Memory] | None:
        """The memories the retrievers bring for the read, best first, at most its limit."""
        found = self._retrieve(request)
        return None if found is None else [memory for _, memory in found]

    def _retrieve(self, request: ReadRequest) -> list[tuple[Scored, Memory]] | None:
        """The retrievers' memories with their fused scores, best first, cut to the limit; an id that is
        not a memory this view may read is dropped before fusion."""
        found = self.hooks.retrieve(self, request)  # type: ignore[arg-type]  # a PersonaKit is the Kit
        if found is None:
            return None
        named = list(dict.fromkeys(item.id for answer in found for item in answer))
        stored = {key: memory for key, memory in stored_memories(self.store, named).items() if self.view.shows(memory)}
        request.remember_memories(stored.values())
        return [(scored, stored[scored.id]) for scored in fused(found, stored)[: request.limit]]

    def shown_read(self, chosen: Sequence[Memory], withheld: int, request: ReadRequest) -> ReadResult:
        """The chosen memories as a read shows them: texts as shown, at most two quotes, masked and cut."""
        ids = [memory.id for memory in chosen]
        quotes = self.store.quotes(ids)
        request.remember_quotes(quotes, ids)
        memories = [
            ReadMemory(
                id=memory.id,
                text=self.shown_text(memory),  # masked unless the owner approved it
                category=memory.category,
                confirmed=memory.state == "approved",
                evidence=[self.redact(quote) for quote in reversed(quotes.get(memory.id, ())[-EVIDENCE_QUOTES:])],
            )
            for memory in chosen
        ]
        unconfirmed = any(not memory.confirmed for memory in memories)
        return ReadResult(memories=memories, withheld=withheld, note=UNCONFIRMED_NOTE if unconfirmed else None)


def _noted(request: ReadRequest | None, words: frozenset[str], found: Matches) -> Matches:
    """`found`, noted in the read's `request`: the boundary check then need not ask the store again."""
    if request is not None:
        request.remember_restricted(words, found.restricted)
        request.remember_memories(candidate.memory for candidate in found.candidates)
    return found
