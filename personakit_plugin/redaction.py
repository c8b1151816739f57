"""Masking and shortening of the owner's quotes before they are shown."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .model import EVIDENCE_LIMIT

ELLIPSIS = "…"


class Mask(NamedTuple):
    """Hide `text[start:end]`; it is shown as `[label]`."""

    start: int
    end: int
    label: str


def apply_masks(text: str, masks: Iterable[Mask]) -> str:
    """Replace every masked span by its label; overlapping or touching spans become one."""
    spans = sorted((m for m in masks if m.end > m.start), key=lambda m: (m.start, -m.end))
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
