"""Ranking by word overlap: more shared words first, then approved, then most recent, then id
(the order `core.ranking` defines, which the stores that rank in SQL share).

While this is the ranker in effect, the default read asks the store for `top_matches` when it has
them: the same order computed by the store, for the first `limit` matches only (a fast path between
the kit and the store, not part of the plugin contract). This function ranks in that same order
whenever the store cannot, or when a read hook calls `kit.rank`.
"""

from __future__ import annotations

from collections.abc import Sequence

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import Candidate
from personakit_plugin.core.ranking import sort_key


@hookimpl(trylast=True)
def personakit_rank(candidates: Sequence[Candidate]) -> list[Candidate]:
    return sorted((candidate for candidate in candidates if candidate.matched >= 1), key=sort_key)
