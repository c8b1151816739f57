"""Whether a store's in-memory word index (`storage.memory_index`) answers what its SQL ranking answers.

The helpers the SQLite and the PostgreSQL stores' tests share: histories of writes by two stores on one
database (hypothesis strategies of them), a write of each step, and the comparison of the two rankings
after it, in every view and at several limits. A store given here has `use_memory_index` (True: its
`top_matches` ranks on the index; False: in SQL) and, if it reads in snapshots, `snapshot()`, within which
both rankings are read."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from personakit_plugin.core.model import CATEGORIES, EVERYTHING, View
from personakit_plugin.core.store import StoreError
from personakit_plugin.storage.memory_index import MemoryIndex

VOCABULARY = ["tea", "green", "coffee", "rust", "python", "meetings", "morning", "notes", "jazz", "bikes"]
VIEWS = [
    EVERYTHING,
    View(approved_only=True),
    View(categories=frozenset({"tools", "other"})),
    View(categories=frozenset({"work-style"}), approved_only=True),
]
ACTIONS = ["propose", "approve", "restrict", "reject", "reset", "edit", "undo"]

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


def histories(max_size: int) -> SearchStrategy[list[tuple[bool, str, str, int, frozenset[str]]]]:
    """Up to `max_size` steps: which of two stores writes, what, the text, the time (small, so that
    `touched` often ties) and the words then asked. (Hypothesis, of the `testing` extra, is imported
    here, not when the test kit loads.)"""
    from hypothesis import strategies as st

    texts = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=4).map(" ".join)
    return st.lists(
        st.tuples(
            st.booleans(),
            st.sampled_from(ACTIONS),
            texts,
            st.integers(0, 6),
            st.lists(st.sampled_from([*VOCABULARY, "unknown"]), min_size=1, max_size=5).map(frozenset),
        ),
        max_size=max_size,
    )


def write(store: Any, ids: list[str], action: str, text: str, at: int) -> None:
    """One step of a history: a proposal (when asked, or when there is no memory yet), an undo, or a
    decision on one of `ids`; a step the store refuses (a rejected memory, an edit onto another's text)
    changes nothing."""
    if action == "propose" or not ids:
        answer = store.propose(text, f"I said {text}", CATEGORIES[len(text) % 4], float(at))
        ids.append(answer.id)
    elif action == "undo":
        with contextlib.suppress(StoreError):
            store.undo(float(at))
    else:
        with contextlib.suppress(StoreError):
            store.decide(ids[at % len(ids)], action, float(at), text=text if action == "edit" else None)


def both_ways(store: Any, words: frozenset[str], limit: int, view: View) -> tuple[object, object]:
    """`top_matches` on the index and in SQL (in one snapshot, where the store reads in snapshots), as
    (ids with their counts, restricted)."""
    answers = []
    with getattr(store, "snapshot", contextlib.nullcontext)():
        for in_memory in (True, False):
            store.use_memory_index = in_memory
            found = store.top_matches(words, limit, view)
            answers.append(([(c.memory.id, c.matched, c.memory.state) for c in found.candidates], found.restricted))
    store.use_memory_index = True
    return answers[0], answers[1]


def assert_agrees(store: Any, words: frozenset[str], limits: tuple[int, ...] = (1, 3, 7)) -> None:
    for view in VIEWS:
        for limit in limits:
            in_memory, in_sql = both_ways(store, words, limit, view)
            assert in_memory == in_sql, (sorted(words), limit, view)


@contextlib.contextmanager
def small_level(size: int) -> Iterator[None]:
    """`MemoryIndex.small_level` at `size` for the block: 0 walks every level in `touched` order, the
    path large levels take."""
    kept = MemoryIndex.small_level
    MemoryIndex.small_level = size
    try:
        yield
    finally:
        MemoryIndex.small_level = kept
