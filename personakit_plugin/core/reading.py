"""One read, as a value every read hook is handed, and how what the retrieval hooks bring to it is fused.

A read flows one way: the question's words, split once into a `ReadRequest`; the candidates of every
retriever (`personakit_retrieve`) and of the word index; their fusion and ranking; the fill of rule 5;
what is shown (texts as shown, quotes masked and cut); the boundary check (`core.boundary`). The
request goes down the hooks with the read, so a hook never splits the question again, and what the
kit fetched from the store for this read (the restricted count, the memories, their quotes) stays
with it for the boundary, which then checks what was chosen without reading it twice. Nothing of one
read lives on the kit, so nothing of it survives into the next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from personakit_plugin.core.model import EVERYTHING, FUSION_K, Memory, Scored, View
from personakit_plugin.core.words import STOP_WORDS, split_words

Retriever = TypeVar("Retriever", bound=Callable[..., object])
WEIGHS_WORDS = "personakit_weighs_words"
"""The attribute `weighs_words` sets on a retrieval hook."""


def weighs_words(function: Retriever) -> Retriever:
    """Declare that a `personakit_retrieve` implementation weighs the question's words itself (its own
    word ranking, stems and all, is part of its score): when it answers a read, what the retrievers
    bring (fused, whatever the others declare) is the read's matches, and the word index's other
    matches, which it judged not relevant, are left out. The fill of rule 5 (approved memories sharing
    no word) and `withheld` are as ever. Without it, the word matches follow what the retrievers bring."""
    setattr(function, WEIGHS_WORDS, True)
    return function


class ReadRequest:
    """One `personakit_read`: what a read hook needs to know of it, computed once.

    - `question`: the question as asked; `limit`: the most memories to return (1..20);
    - `ordered`: every word of the question in order (`split_words`: NFKC, case-folded, stop words
      included), for a hook that needs the order or the frame words;
    - `words`: its distinct words without stop words, as the word index matches them;
    - `view`: what the connection sees.

    The kit also notes here what it fetched from the store for this read, within its snapshot: the
    restricted count of the question's words, the memories it handed out and their quotes. Those notes
    are the kit's own (`remember_*`, `known_*`): the boundary check reads them instead of asking the
    store again. A hook reads the public fields and leaves the rest alone."""

    __slots__ = (
        "_memories",
        "_quotes",
        "_restricted",
        "_weighed",
        "limit",
        "ordered",
        "question",
        "view",
        "words",
    )

    def __init__(self, question: str, limit: int, view: View = EVERYTHING) -> None:
        self.question = question
        self.limit = limit
        self.view = view
        self.ordered: tuple[str, ...] = tuple(split_words(question))
        self.words: frozenset[str] = frozenset(word for word in self.ordered if word not in STOP_WORDS)
        self._restricted: dict[frozenset[str], int] = {}
        self._memories: dict[str, Memory] = {}
        self._quotes: dict[str, tuple[str, ...]] = {}
        self._weighed = False

    def __repr__(self) -> str:
        return f"ReadRequest(question={self.question!r}, limit={self.limit})"

    def words_of(self, question: str) -> frozenset[str]:
        """The content words of `question`: this read's, unless a hook asks about another question."""
        if question == self.question:
            return self.words
        return frozenset(word for word in split_words(question) if word not in STOP_WORDS)

    # -- what the kit fetched for this read (the kit's own notes) ---------------------------------

    def remember_restricted(self, words: frozenset[str], count: int) -> None:
        self._restricted[words] = count

    def known_restricted(self, words: frozenset[str]) -> int | None:
        return self._restricted.get(words)

    def remember_memories(self, memories: Iterable[Memory]) -> None:
        for memory in memories:
            self._memories[memory.id] = memory

    def known_memories(self, ids: Sequence[str]) -> dict[str, Memory]:
        return {memory: self._memories[memory] for memory in ids if memory in self._memories}

    def remember_quotes(self, quotes: Mapping[str, Sequence[str]], ids: Iterable[str]) -> None:
        """The quotes of each of `ids` as the store gave them (an id `quotes` lacks has none)."""
        for memory in ids:
            self._quotes[memory] = tuple(quotes.get(memory, ()))

    def known_quotes(self, ids: Sequence[str]) -> dict[str, tuple[str, ...]]:
        return {memory: self._quotes[memory] for memory in ids if memory in self._quotes}

    def remember_words_weighed(self) -> None:
        self._weighed = True

    @property
    def words_weighed(self) -> bool:
        """Whether a retriever that answered this read declared that it weighs the question's words
        (`weighs_words`): the read then shows what the retrievers brought and no other word match.
        Known once the retrievers were asked (`Kit.brought`); False before."""
        return self._weighed


def fused(found: list[list[Scored]], readable: Iterable[str]) -> list[Scored]:
    """The retrievers' answers as one, best first, keeping only `readable` ids: one answer in its own
    order and scores; several by reciprocal rank fusion (`FUSION_K`), ties in the order first seen."""
    allowed = set(readable)
    kept = [[item for item in answer if item.id in allowed] for answer in found]
    if len(kept) == 1:
        return kept[0]
    scores: dict[str, float] = {}
    for answer in kept:
        for rank, item in enumerate(answer, start=1):
            scores[item.id] = scores.get(item.id, 0.0) + 1.0 / (FUSION_K + rank)
    order = sorted(scores, key=lambda memory: -scores[memory])  # stable: first seen first among equals
    return [Scored(memory, scores[memory]) for memory in order]
