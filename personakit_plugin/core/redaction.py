"""Masking and shortening of the owner's quotes before they are shown."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from personakit_plugin.core.model import EVIDENCE_LIMIT

ELLIPSIS = "…"


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


def apply_masks(text: str, masks: Iterable[Mask]) -> str:
    """Replace every masked span by its label; overlapping or touching spans become one.

    A mask that is not a span inside `text` (see `is_span`) is a ValueError: a span counted from
    the end, past the end or empty would otherwise hide the wrong characters, or none."""
    spans = list(masks)
    for mask in spans:
        if not is_span(mask.start, mask.end, len(text)) or not isinstance(mask.label, str):
            raise ValueError(f"A mask must be a span inside the text, 0 <= start < end <= {len(text)}, with a label.")
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
