"""Ranking by word overlap: more shared words first, then approved, then most recent, then id."""

from __future__ import annotations

from collections.abc import Sequence

from .. import hookimpl
from ..model import Candidate


@hookimpl(trylast=True)
def personakit_rank(candidates: Sequence[Candidate]) -> list[Candidate]:
    return sorted(
        (candidate for candidate in candidates if candidate.matched >= 1),
        key=lambda c: (-c.matched, c.memory.state != "approved", -c.memory.touched, c.memory.id),
    )
