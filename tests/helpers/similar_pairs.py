"""The pairs of memories likeness by words is measured on (`data/similar/`), and its figures on each part.

`figures()` is what every test run prints: for each part, development and held out, how many of the
pairs labelled similar the review shows side by side, and how many of those labelled different it shows
too, in the smallest store (the pair alone, where every word is rare) and among an owner's memories.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from personakit_plugin.core.model import Memory
from personakit_plugin.owner.review.shared import Similar

SIMILAR = Path(__file__).parent.parent / "data" / "similar"
PARTS = ("development", "held_out")

# What an owner's memory holds after some months of work with assistants: the same few verbs start many
# memories ("Prefers" nine, "Works" six, "Uses" five), as people and assistants phrase them.
OWNER = [
    ("Prefers tea over coffee in the morning", "preferences"),
    ("Drinks green tea, never coffee, before noon", "preferences"),
    ("Prefers short answers without preamble", "communication"),
    ("Prefers dark mode in every editor", "tools"),
    ("Prefers bullet points over long paragraphs", "communication"),
    ("Prefers metric units", "preferences"),
    ("Prefers email to phone calls for anything non-urgent", "communication"),
    ("Prefers British spelling in documents", "communication"),
    ("Prefers trains to planes for trips under five hours", "preferences"),
    ("Prefers answers that show the command first", "communication"),
    ("Works remotely from Lisbon", "background"),
    ("Works in UTC+1 and starts at 8", "work-style"),
    ("Works on a payments platform written in Go", "background"),
    ("Works best in the morning; keep meetings after lunch", "work-style"),
    ("Works with a team of six engineers", "background"),
    ("Works four days a week", "work-style"),
    ("Writes Python and Go at work", "tools"),
    ("Uses Neovim with a custom Lua config", "tools"),
    ("Uses a Linux laptop and an iPad", "tools"),
    ("Uses Postgres for every new project", "tools"),
    ("Uses pytest for every Python project", "tools"),
    ("Uses a standing desk", "work-style"),
    ("Likes code review comments to be direct", "communication"),
    ("Likes examples before theory", "communication"),
    ("Likes hiking in the mountains", "background"),
    ("Likes jazz while coding", "preferences"),
    ("Wants commit messages in the imperative mood", "work-style"),
    ("Wants answers with sources when facts are cited", "communication"),
    ("Wants reminders a day before deadlines", "work-style"),
    ("Is vegetarian", "constraints"),
    ("Has a daughter named Ana who is six", "background"),
    ("Is allergic to peanuts", "constraints"),
    ("Cannot take calls on Fridays", "constraints"),
    ("Must not share client names with third parties", "constraints"),
    ("Studied physics in Porto", "background"),
    ("Speaks Portuguese, English and some German", "background"),
    ("Runs a half marathon every spring", "background"),
    ("Reads science fiction on the train", "background"),
    ("Keeps a paper notebook for daily plans", "work-style"),
    ("Plays the piano in the evening", "background"),
    ("Learning German on weekday evenings", "background"),
    ("Avoids meetings before ten", "constraints"),
    ("Never schedules calls during school pickup", "constraints"),
    ("Drinks no alcohol", "constraints"),
]


class Pair(NamedTuple):
    similar: bool
    one: str
    other: str


@functools.cache
def pairs(part: str) -> tuple[Pair, ...]:
    found = []
    for number, line in enumerate((SIMILAR / f"{part}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        label, one, other = line.split("\t")
        assert label in ("similar", "different"), f"{part}.tsv line {number}: {label!r}"
        found.append(Pair(label == "similar", one, other))
    return tuple(found)


def _memory(number: int, text: str) -> Memory:
    return Memory(id=f"m_{number:012x}", text=text, category="other", state="approved", created=float(number))


def shown(pair: Pair, among_owner: bool) -> bool:
    """Whether the review shows `pair.other` beside `pair.one`: alone, or among OWNER's memories (those
    with the text of either left out)."""
    background = [text for text, _ in OWNER if text not in pair] if among_owner else []
    memories = [_memory(n, text) for n, text in enumerate([pair.one, pair.other, *background], 1)]
    return memories[1] in Similar(memories).to(memories[0])


class Figures(NamedTuple):
    found: int
    similar: int
    false: int
    different: int


def measure(part: str, among_owner: bool) -> Figures:
    cases = pairs(part)
    found = sum(1 for pair in cases if pair.similar and shown(pair, among_owner))
    false = sum(1 for pair in cases if not pair.similar and shown(pair, among_owner))
    similar = sum(1 for pair in cases if pair.similar)
    return Figures(found, similar, false, len(cases) - similar)


def figures() -> str:
    lines = ["similar memories (by words, data/similar):"]
    for part in PARTS:
        for among_owner, store in ((False, "the pair alone"), (True, f"among {len(OWNER)} others")):
            f = measure(part, among_owner)
            lines.append(
                f"  {part.replace('_', ' '):<11} {store:<15} similar shown {f.found:>2}/{f.similar} "
                f"({f.found / f.similar:6.1%})   different shown {f.false:>2}/{f.different} "
                f"({f.false / f.different:6.1%})"
            )
    return "\n".join(lines)
