"""Ranking by word overlap: more shared words first, then approved, then most recent, then id
(the order `core.ranking` defines, which the stores that rank in SQL share).

It declares so (`in_store_order`): while it is the ranker in effect, the default read asks a store
that ranks in its own queries for `top_matches`, the same order computed by the store, for the first
`limit` matches only. This function ranks in that same order whenever the store cannot, or when a read
hook calls `kit.rank`.
"""

from __future__ import annotations

from collections.abc import Sequence

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import Candidate
from personakit_plugin.core.ranking import in_store_order, sort_key


@hookimpl(trylast=True)
@in_store_order
def personakit_rank(candidates: Sequence[Candidate]) -> list[Candidate]:
    return sorted((candidate for candidate in candidates if candidate.matched >= 1), key=sort_key)
