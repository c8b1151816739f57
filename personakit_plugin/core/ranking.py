"""The default ranking order, defined once: for the default ranker in Python and for the stores in SQL.

The contract's order (rule 3 of `personakit_read`): score descending, then approved before
unconfirmed, then the most recent `touched` first, then id ascending. `ORDER` says it as terms;
`sort_key` (Python) and `order_by` (an SQL ORDER BY) are both built from those terms, and
`rank_case` (the SQL that gives a state its rank) from `STATE_RANK`, so the default ranker, the
SQLite store and the PostgreSQL store cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple, TypeVar

from personakit_plugin.core.model import Candidate, View

STATE_RANK: Mapping[str, int] = {"approved": 0, "unconfirmed": 1, "restricted": 2, "rejected": 3}
"""A memory's state as a number that orders it: approved before unconfirmed; restricted and rejected
(never candidates) after them. Any other state ranks with the last."""
LAST_RANK = max(STATE_RANK.values())


class Term(NamedTuple):
    """One term of the order: its name (also the column the stores' queries give it unless told
    otherwise), whether larger values come first, and its value for a candidate."""

    name: str
    descending: bool
    value: Callable[[Candidate], int | float | str]


def state_rank(state: str) -> int:
    """The rank of a state, as `rank_case` computes it in SQL."""
    return STATE_RANK.get(state, LAST_RANK)


ORDER: tuple[Term, ...] = (
    Term("matched", True, lambda c: c.matched),
    Term("rank", False, lambda c: state_rank(c.memory.state)),
    Term("touched", True, lambda c: c.memory.touched),
    Term("id", False, lambda c: c.memory.id),
)
"""The default ranking order, first term first. A descending term must have a numeric value."""


def _oriented(term: Term) -> Callable[[Candidate], int | float | str]:
    """A term's value as `sorted` wants it: negated when larger values come first."""
    value = term.value
    return (lambda c: -value(c)) if term.descending else value  # type: ignore[operator]


_KEYS = tuple(_oriented(term) for term in ORDER)


def sort_key(candidate: Candidate) -> tuple[int | float | str, ...]:
    """The key `sorted` orders candidates by in the default order."""
    return tuple([key(candidate) for key in _KEYS])


def rank_case(column: str) -> str:
    """The SQL expression giving the state in `column` its `STATE_RANK`."""
    named = " ".join(f"WHEN '{state}' THEN {rank}" for state, rank in STATE_RANK.items() if rank != LAST_RANK)
    return f"CASE {column} {named} ELSE {LAST_RANK} END"


def order_by(columns: Mapping[str, str] | None = None, *, through: str | None = None) -> str:
    """The terms of an SQL ORDER BY in the default order: each term's column is `columns[name]`,
    else its name; with `through`, the terms stop after the one of that name (for a query whose
    rows lack the later ones, which the caller then applies itself)."""
    names = [term.name for term in ORDER]
    last = names.index(through) + 1 if through is not None else len(ORDER)
    given = columns or {}
    return ", ".join(given.get(term.name, term.name) + (" DESC" if term.descending else "") for term in ORDER[:last])


def readable_below(view: View) -> int:
    """The ranks a read in `view` may return are those below this number: the readable states rank first."""
    ranks = sorted(STATE_RANK[state] for state in view.readable())
    assert ranks == list(range(len(ranks))), "the readable states must rank before every other state"
    return len(ranks)


Ranker = TypeVar("Ranker", bound=Callable[..., object])
STORE_ORDER = "personakit_store_order"
"""The attribute `in_store_order` sets on a ranking hook."""


def in_store_order(function: Ranker) -> Ranker:
    """Declare that a `personakit_rank` implementation orders word matches exactly as `sort_key` does:
    while it is the ranking hook in effect, the default read may ask a store that ranks in its own
    queries (`RanksInStore.top_matches`) for the first `limit` matches instead of ranking every one.
    What a ranker declares, not its name, opens that fast path."""
    setattr(function, STORE_ORDER, True)
    return function
