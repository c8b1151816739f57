"""One read on its way through the pipeline, and how what the retrieval hooks bring to it is fused.

A read flows one way: the question's words, computed once; the candidates of every retriever
(`personakit_retrieve`) and of the word index; their fusion and ranking; the fill of rule 5; what
is shown (texts as shown, quotes masked and cut); the boundary check. What one read needs to carry
from one step to the next (the words, the restricted count the store gave) lives in its `Reading`,
never on the kit, so nothing of one read survives into the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextvars import ContextVar

from personakit_plugin.core.model import FUSION_K, Scored
from personakit_plugin.core.words import content_words


class Reading:
    """The state of one read: its question, its words (computed once), its limit, and the restricted
    counts the store gave for words within it, which the boundary check reuses."""

    __slots__ = ("kit", "limit", "question", "restricted", "words")

    def __init__(self, kit: object, question: str, limit: int) -> None:
        self.kit = kit
        self.question = question
        self.limit = limit
        self.words = content_words(question)
        self.restricted: dict[frozenset[str], int] = {}

    def words_of(self, question: str) -> frozenset[str]:
        """The words of `question`: this read's, unless a plugin asks about another question."""
        return self.words if question == self.question else content_words(question)


CURRENT: ContextVar[Reading | None] = ContextVar("personakit_reading", default=None)
"""The read in progress in this thread or task, if any (`PersonaKit.read` sets it for its duration)."""


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
