"""The default ranking order is defined once (`core.ranking`): the Python sort key and the SQL built
from that definition put any candidates, ties included, in the same order, which is the contract's."""

from __future__ import annotations

import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from personakit_plugin.core.model import STATES, Candidate, Memory, View
from personakit_plugin.core.ranking import ORDER, order_by, rank_case, readable_below, sort_key, state_rank
from personakit_plugin.default_plugins import rank_overlap


def candidate(memory_id: str, matched: int, state: str, touched: float) -> Candidate:
    memory = Memory(
        id=memory_id, text="x", category="other", state=state, created=0.0, touched=touched, approved_at=0.0
    )
    return Candidate(memory=memory, matched=matched)


# Few values for every term, so that ties on the first terms are the rule, not the exception.
candidates = st.lists(
    st.builds(
        candidate,
        memory_id=st.text(alphabet="m_09afAZ", min_size=1, max_size=4),
        matched=st.integers(1, 3),
        state=st.sampled_from(STATES),
        touched=st.sampled_from([0.0, 1.0, 1.5, 2.0]),
    ),
    max_size=30,
    unique_by=lambda c: c.memory.id,
)


def in_sql(rows: list[Candidate], order: str) -> list[str]:
    """The ids of `rows` as SQLite orders them by `order`, over columns named as the terms are."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE c (id TEXT, matched INTEGER, state TEXT, touched REAL)")
    db.executemany(
        "INSERT INTO c VALUES (?, ?, ?, ?)", [(c.memory.id, c.matched, c.memory.state, c.memory.touched) for c in rows]
    )
    return [memory_id for (memory_id,) in db.execute(f"SELECT id FROM c ORDER BY {order}")]


@given(rows=candidates)
def test_python_and_sql_order_any_candidates_the_same_way(rows: list[Candidate]) -> None:
    expected = [c.memory.id for c in sorted(rows, key=sort_key)]
    assert in_sql(rows, order_by({"rank": rank_case("state")})) == expected
    assert in_sql(list(reversed(rows)), order_by({"rank": rank_case("state")})) == expected


@given(rows=candidates)
def test_sql_without_the_id_orders_every_other_term_as_python_does(rows: list[Candidate]) -> None:
    """What the SQLite store does: SQL orders by every term up to `touched`, and the id is applied after."""
    by_id = {c.memory.id: c for c in rows}
    partial = in_sql(rows, order_by({"rank": rank_case("state")}, through="touched"))
    assert [sort_key(by_id[i])[:3] for i in partial] == [sort_key(c)[:3] for c in sorted(rows, key=sort_key)]
    assert order_by(through="touched") == "matched DESC, rank, touched DESC"


@given(rows=candidates)
def test_the_default_ranker_uses_the_order(rows: list[Candidate]) -> None:
    assert rank_overlap.personakit_rank(rows) == sorted(rows, key=sort_key)


def test_the_order_is_the_contracts() -> None:
    """Score descending, then approved before unconfirmed, then most recent first, then id ascending."""
    assert [(term.name, term.descending) for term in ORDER] == [
        ("matched", True),
        ("rank", False),
        ("touched", True),
        ("id", False),
    ]
    rows = [
        candidate("m_b", 1, "approved", 1.0),
        candidate("m_a", 1, "approved", 1.0),
        candidate("m_c", 1, "approved", 2.0),
        candidate("m_d", 1, "unconfirmed", 9.0),
        candidate("m_e", 2, "unconfirmed", 0.0),
    ]
    assert [c.memory.id for c in sorted(rows, key=sort_key)] == ["m_e", "m_c", "m_a", "m_b", "m_d"]


def test_the_state_rank_in_sql_is_the_one_in_python() -> None:
    db = sqlite3.connect(":memory:")
    for state in (*STATES, "unknown"):
        assert db.execute(f"SELECT {rank_case('?')}", (state,)).fetchone()[0] == state_rank(state)
    assert [state_rank(state) for state in ("approved", "unconfirmed", "restricted", "rejected")] == [0, 1, 2, 3]


def test_a_view_reads_the_ranks_below_its_readable_states() -> None:
    assert readable_below(View()) == 2
    assert readable_below(View(approved_only=True)) == 1
    assert readable_below(View(categories=frozenset({"tools"}))) == 2
