"""Which approved memory a proposal may replace: "Moved to Lisbon" for "Lives in Porto".

A proposal updates a memory when it says the same subject has a new value. By words that is two things:
the proposal says that something changed (`CHANGE_CUES`: moved, switched, now, no longer, quit, joined,
promoted ...) and does not say it adds to what was (`ADDITIVE_CUES`: also, too, as well, a second ...),
and it is about the same subject as the approved memory: they share a word that is not a function word
or one of the verbs memories start with (in any form: "uses", "using", "used"), or both name a subject of
`SUBJECTS` (where one lives, works, eats, which editor, browser, phone or shell one uses ...) by such a
word, so that two memories never pair on "Uses" or "at work" alone. Where a retrieval plugin is installed (the recall
plugin), the memories it brings for the proposal's text by meaning come first. `tests/data/updates/`
measures it (`benchmarks/updates.py` prints the figures of both halves, with and without recall).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from personakit_plugin.core.model import Memory
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.words import content_words
from personakit_plugin.owner.review.shared import FUNCTION_WORDS, MEMORY_VERBS

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

REPLACES_LIMIT = 2
"""The most memories a proposal is said to maybe replace."""
CHANGE_CUES = re.compile(
    r"\b(moved|moving|relocated|switched|switching|changed|now|no longer|not any ?more|anymore|stopped|quit|"
    r"gave up|left|joined|became|become|promoted|upgraded|migrated|replaced|renamed|retrained|graduated|"
    r"dropped|sold|went|turned|back (?:to|at)|since|these days|from now on|instead|transferred|got married|"
    r"married|divorced|recovered|healed|passed|finished|took|bought|cut out|started|found out)\b",
    re.IGNORECASE,
)
"""Words that say something changed."""
ADDITIVE_CUES = re.compile(
    r"\b(also|too|as well|another|second|either|in addition|besides?|both|extra|before)\b", re.IGNORECASE
)
"""Words that say the proposal adds to what was, rather than replacing it: a second pet, another language."""
SUBJECTS: dict[str, frozenset[str]] = {
    name: frozenset(words.split())
    for name, words in {
        "home": "lives live living moved relocated home house flat apartment rents rent city move",
        "job": "job joined employer company role title promoted retrained freelancer freelancing "
        "analyst engineer developer nurse manager left office remote remotely hybrid",
        "diet": "steak meat vegetarian vegan fish plant based food",
        "caffeine": "coffee coffees caffeine tea cappuccino espresso",
        "editor": "editor ide code neovim vim emacs pycharm sublime zed intellij",
        "browser": "browser chrome firefox safari edge",
        "system": "windows linux ubuntu fedora macos os",
        "phone": "phone iphone pixel android",
        "notes": "notes evernote obsidian notion onenote",
        "shell": "shell bash zsh fish",
        "family": "single married engaged partner wife husband divorced children child baby",
        "name": "called name named addressed",
    }.items()
}
"""Subjects a memory may name without sharing a word with the memory that updates it."""


def _words(text: str) -> frozenset[str]:
    return content_words(text) - FUNCTION_WORDS - MEMORY_VERBS


def _subjects(text: str) -> set[str]:
    """The subjects of `SUBJECTS` a memory's text names, by words that are not verbs memories start with:
    such a verb names none ("Uses Postgres at work" is not about a job), so sharing one is never a subject
    shared."""
    words = content_words(text) - MEMORY_VERBS
    return {name for name, said in SUBJECTS.items() if words & said}


def says_change(text: str) -> bool:
    """Whether a proposal says something changed and not that it adds to what was."""
    return CHANGE_CUES.search(text) is not None and ADDITIVE_CUES.search(text) is None


def may_replace(
    proposal: Memory, memories: Iterable[Memory], kit: PersonaKit | None = None, limit: int = REPLACES_LIMIT
) -> list[Memory]:
    """The approved memories (at most `limit`, the likeliest first) that `proposal` may replace; none when
    it does not say that something changed. With `kit`, what its retrieval hooks bring comes first."""
    if not proposal.text or not says_change(proposal.text):
        return []
    approved = {m.id: m for m in memories if m.state == "approved" and m.id != proposal.id and m.text}
    words = _words(proposal.text)
    subjects = _subjects(proposal.text)
    scored: dict[str, float] = {}
    for memory in approved.values():
        theirs = _words(memory.text)
        shared = len(words & theirs) + len(subjects & _subjects(memory.text))
        if shared:
            scored[memory.id] = shared + (0.5 if memory.category == proposal.category else 0.0)
    ranked = sorted(scored, key=lambda memory: (-scored[memory], -approved[memory].approved_at, memory))
    brought = _retrieved(proposal, approved, kit, limit)
    ordered = [*brought, *(memory for memory in ranked if memory not in brought)]
    return [approved[memory] for memory in ordered[:limit]]


def _retrieved(proposal: Memory, approved: dict[str, Memory], kit: PersonaKit | None, limit: int) -> list[str]:
    """The approved memories of the proposal's category the retrieval hooks bring for its text, best first."""
    if kit is None:
        return []
    try:
        brought = kit.retrieve(proposal.text, limit + 4)
    except PluginError:
        return []
    found = [scored.id for scored in brought or () if scored.id in approved]
    return [memory for memory in found if approved[memory].category == proposal.category][:limit]
