"""One read on its way through the pipeline, and what the retrieval hooks bring to it.

A read flows one way: the question's words, computed once; the candidates of every retriever
(`personakit_retrieve`) and of the word index; their fusion and ranking; the fill of rule 5; what
is shown (texts as shown, quotes masked and cut); the boundary check. What one read needs to carry
from one step to the next (the words, the restricted count the store gave) lives in its `Reading`,
never on the kit, so nothing of one read survives into the next.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from contextvars import ContextVar
from typing import Any

from personakit_plugin.core.model import FUSION_K, Scored
from personakit_plugin.core.plugins import PluginError, call_each
from personakit_plugin.core.words import content_words

HOOK = "personakit_retrieve"


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


def answers(pm: Any, kit: object, question: str, words: frozenset[str], limit: int) -> list[list[Scored]] | None:
    """Each retrieval hook's answer, checked and ordered by score, or None when none answered."""
    found: list[list[Scored]] = []
    for name, answer in call_each(pm, HOOK, kit=kit, question=question, words=words, limit=limit):
        if answer is not None:
            found.append(checked(name, answer, limit))
    return found or None


def checked(name: str, answer: object, limit: int) -> list[Scored]:
    """A retriever's answer as a list of Scored, best first (a stable sort by score); a PluginError
    naming the plugin when it is not a sequence of `Scored(id, score)` with a text id and a finite
    score, names an id twice, or holds more than `limit` entries."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise _wrong(name, "something that is not a list of Scored")
    try:
        listed = list(answer)  # a generator runs here, outside `call_each`
    except Exception as exc:
        raise PluginError(f"PersonaKit plugin {name!r} failed in {HOOK}: {exc}") from exc
    for item in listed:
        if type(item) is not Scored or type(item.id) is not str or not _is_score(item.score):
            raise _wrong(name, "an entry that is not Scored(id, score) with a text id and a finite score")
    if len({item.id for item in listed}) != len(listed):
        raise _wrong(name, "the same memory twice")
    if len(listed) > limit:
        raise _wrong(name, f"{len(listed)} memories, more than the limit of {limit},")
    return sorted(listed, key=lambda item: -float(item.score))


def _is_score(value: object) -> bool:
    return type(value) in (float, int) and math.isfinite(value)  # type: ignore[arg-type]


def _wrong(name: str, what: str) -> PluginError:
    return PluginError(f"PersonaKit plugin {name!r} returned {what} from {HOOK}.")


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
