"""Masking and shortening of the owner's quotes before they are shown."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, cast

from personakit_plugin.core.model import EVIDENCE_LIMIT, MASK_LABEL_MAX, MASK_LABEL_SHARED

ELLIPSIS = "…"
PLAIN_LABEL = re.compile(r"[A-Za-z]+(?:[ -][A-Za-z]+)*")
"""A mask's label: ASCII letters, words joined by one space or hyphen (`email`, `national-id`), at
most `MASK_LABEL_MAX` characters. No digits, no `@`, no other punctuation: nothing that spells an
address, a number or a token."""
_WORDS = re.compile(r"[^\W\d_]+")


class Mask(NamedTuple):
    """Hide `text[start:end]`; it is shown as `[label]`."""

    start: int
    end: int
    label: str


def is_span(start: object, end: object, size: int) -> bool:
    """Whether `start` and `end` are integers (not bools) with `0 <= start < end <= size`."""
    if isinstance(start, bool) or isinstance(end, bool) or not isinstance(start, int) or not isinstance(end, int):
        return False
    return 0 <= start < end <= size


def is_plain_label(label: object) -> bool:
    """Whether `label` is a plain short name (`PLAIN_LABEL`, at most `MASK_LABEL_MAX` characters)."""
    return isinstance(label, str) and len(label) <= MASK_LABEL_MAX and PLAIN_LABEL.fullmatch(label) is not None


def _words(text: str) -> set[str]:
    """The words of `text` long enough to count (`MASK_LABEL_SHARED` letters), NFKC and case-folded."""
    words = _WORDS.findall(unicodedata.normalize("NFKC", text).casefold())
    return {word for word in words if len(word) >= MASK_LABEL_SHARED}


def shares_text(label: str, masked: str) -> bool:
    """Whether `label` carries text of what it masks: a word of `masked` (of `MASK_LABEL_SHARED` letters
    or more, NFKC and case-folded) inside the case-folded label, so that neither `john` nor `email john`
    can label `john@example.com`. A label that is part of a word it masks (`day` for `Tuesday`) names
    what is masked and carries nothing."""
    folded = label.casefold()
    return any(word in folded for word in _words(masked))


MASK_RULE = (
    "Mask(start, end, label) with integers 0 <= start < end <= len(text) and a plain short label "
    f"(ASCII letters, words joined by one space or hyphen, at most {MASK_LABEL_MAX} characters) "
    "that shares no word with the text it masks"
)
"""What a redaction hook's mask must be, in words for an error; it holds nothing of a text or a label."""


def mask_problem(mask: object, text: str) -> str | None:
    """What is wrong with a mask a redaction hook returned for `text`, or None when it may be applied.

    Said without the text or the label, which may hold what is masked: an error goes to the server's log."""
    try:
        start, end, label = cast(tuple[Any, Any, Any], mask)
    except Exception:
        return "something that is not a Mask(start, end, label)"
    if not is_span(start, end, len(text)):
        return f"a mask that is not a span inside the text (0 <= start < end <= {len(text)})"
    if not is_plain_label(label):
        return "a mask whose label is not a plain short name"
    if shares_text(label, text[int(start) : int(end)]):
        return "a mask whose label shares a word with the text it masks"
    return None


def apply_masks(text: str, masks: Iterable[Mask]) -> str:
    """Replace every masked span by its label; overlapping or touching spans become one.

    A mask that breaks the rule (`mask_problem`) is a ValueError: a span counted from the end, past
    the end or empty would otherwise hide the wrong characters, or none, and a label could show what
    it masks."""
    spans = list(masks)
    for mask in spans:
        problem = mask_problem(mask, text)
        if problem is not None:
            raise ValueError(f"{problem[0].upper()}{problem[1:]}; a mask must be {MASK_RULE}.")
    spans.sort(key=lambda m: (m.start, -m.end))
    out: list[str] = []
    pos = 0
    merged: list[Mask] = []
    for mask in spans:
        if merged and mask.start <= merged[-1].end:
            last = merged[-1]
            if mask.end > last.end:
                merged[-1] = Mask(last.start, mask.end, last.label)
        else:
            merged.append(mask)
    for mask in merged:
        out.append(text[pos : mask.start])
        out.append(f"[{mask.label}]")
        pos = mask.end
    out.append(text[pos:])
    return "".join(out)


def shorten(text: str, limit: int = EVIDENCE_LIMIT) -> str:
    """At most `limit` characters in all; a cut text ends with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


def as_shown(text: str, state: str, masked: Callable[[str], str]) -> str:
    """A memory's text as a read shows it (read rule 7a): as the owner approved it, else `masked(text)`.

    The one rule for what a read shows of a text and so for what any index of it may hold: the word
    index keys the words of this (`IndexesAsShown`), a retriever's documents are this (`Kit.documents`)."""
    return text if state == "approved" else masked(text)
