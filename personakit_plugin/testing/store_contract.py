"""`StoreContract`: what every storage backend must do, as tests to inherit."""

from __future__ import annotations

import itertools
import multiprocessing
import re
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import msgspec
import pytest

from personakit_plugin.core.model import EVERYTHING, QUOTES_KEPT, Candidate, Connection, Memory, Retirement, View
from personakit_plugin.core.ranking import sort_key
from personakit_plugin.core.store import (
    DERIVED_BYTES_MAX,
    DERIVED_KIND_MAX,
    Describes,
    FindsIdPrefixes,
    Follows,
    IndexesAsShown,
    KeepsDerived,
    KeepsIdSecret,
    KnowsProposers,
    Outlines,
    Proposed,
    RanksInStore,
    ReadsMany,
    RemembersShown,
    RestoresProposers,
    Retires,
    Store,
    StoreError,
    TooManyWaiting,
    UnknownMemory,
)
from personakit_plugin.core.words import content_words, legacy_memory_id

# -- storage ------------------------------------------------------------------------------------

PROCESSES = 4
"""How many processes write at once in the contract's concurrency test."""
EACH = 20
"""How many memories of its own each of them proposes."""
SHARED = "Keeps a paper notebook for every project"


def _write_from_another_process(
    open_store: Callable[[Path], Store], where: Path, number: int, start: Any, results: Any
) -> None:
    """One process of the concurrency test: its own memories, each followed by a new quote for the
    shared one, sent back as (text, quote, id, state, full) once the store has acknowledged them."""
    try:
        store = open_store(where)
        try:
            start.wait(60)
            done = []
            for n in range(EACH):
                text, quote = f"Process {number} remembers fact {n} about item{number}x{n}", f"said to {number} at {n}"
                proposed = store.propose(text, quote, "other", 10.0 + n)
                done.append((text, quote, proposed.id, proposed.state, proposed.full))
                quote = f"process {number} heard it at {n}"
                proposed = store.propose(SHARED, quote, "other", 10.0 + n)
                done.append((SHARED, quote, proposed.id, proposed.state, proposed.full))
        finally:
            store.close()
        results.put((number, done))
    except BaseException:
        results.put((number, traceback.format_exc()))


# -- views: what a connection that sees only part of the memory is given -------------------------

VIEW_WORDS = ("notes", "vim", "meetings", "paper", "tea")
"""The words of the memories (and questions) the property test over views makes up."""
VIEW_CATEGORIES = ("tools", "work-style", "preferences")
"""Their categories; a view names some of these, or of every category."""


MISSING_HYPOTHESIS = (
    "This contract test needs hypothesis, which is not installed: install personakit-plugin[testing] "
    "(pip install 'personakit-plugin[testing]'), which brings pytest and hypothesis."
)


def require_hypothesis() -> Any:
    """The hypothesis module; a failure saying what to install when it is missing, never a skip, so
    that a backend cannot pass the contract without its property tests having run."""
    try:
        import hypothesis
    except ImportError:
        pytest.fail(MISSING_HYPOTHESIS, pytrace=False)
    return hypothesis


def _view_cases() -> tuple[Any, Any]:
    """Hypothesis strategies (imported only when the test runs): small stores, as (text, category,
    decision or None, time) per proposal, and reads of them, as (view, question words, limit)."""
    from hypothesis import strategies as st

    text = st.lists(st.sampled_from(VIEW_WORDS), min_size=1, max_size=3).map(" ".join)
    memory = st.tuples(
        text,
        st.sampled_from(VIEW_CATEGORIES),
        st.sampled_from([None, "approve", "approve", "restrict", "reject"]),
        st.integers(1, 4).map(float),  # few times, so that touched and approved_at often tie
    )
    view = st.builds(
        View,
        categories=st.none() | st.frozensets(st.sampled_from([*VIEW_CATEGORIES, "other"]), min_size=1, max_size=2),
        approved_only=st.booleans(),
    )
    question = st.frozensets(st.sampled_from([*VIEW_WORDS, "unknown"]), min_size=1)
    reads = st.lists(st.tuples(view, question, st.integers(0, 6)), min_size=2, max_size=4)
    return st.lists(memory, min_size=2, max_size=8), reads


def _fill(store: Store, memories: list[tuple[str, str, str | None, float]]) -> None:
    """Propose each memory, then decide on it (a decision the store refuses, such as on a memory
    already rejected, is left out)."""
    for text, category, decision, at in memories:
        proposed = store.propose(text, f"I said {text}", category, at)
        if decision is not None and proposed.state != "rejected":
            store.decide(proposed.id, decision, at + 0.5)


def _check_view(store: Store, view: View, words: frozenset[str], limit: int) -> None:
    """`matches`, `top_matches` (when the store ranks) and `approved` in `view` give exactly what
    filtering every memory of the store by hand gives."""
    everything = store.memories()
    by_hand = [
        Candidate(memory=memory, matched=len(words & content_words(memory.text)))
        for memory in everything
        if view.shows(memory)
    ]
    by_hand = [candidate for candidate in by_hand if candidate.matched >= 1]
    restricted = sum(
        1
        for memory in everything
        if memory.state == "restricted" and view.covers(memory.category) and words & content_words(memory.text)
    )
    found = store.matches(words, view)
    assert sorted((c.memory.id, c.matched) for c in found.candidates) == sorted(
        (c.memory.id, c.matched) for c in by_hand
    )
    assert found.restricted == restricted
    if isinstance(store, RanksInStore):
        top = store.top_matches(words, max(1, limit), view)
        expected = sorted(by_hand, key=sort_key)[: max(1, limit)]
        assert [(c.memory.id, c.matched) for c in top.candidates] == [(c.memory.id, c.matched) for c in expected]
        assert top.restricted == restricted
    approved = sorted(
        (m for m in everything if m.state == "approved" and view.covers(m.category)),
        key=lambda m: (-m.approved_at, m.id),
    )
    exclude = {m.id for m in approved[::2]}
    assert [m.id for m in store.approved(limit, (), view)] == [m.id for m in approved[:limit]]
    assert [m.id for m in store.approved(limit, exclude, view)] == [m.id for m in approved if m.id not in exclude][
        :limit
    ]


class StoreContract:
    """What every storage backend must do. Subclass it and implement `open_store`."""

    def open_store(self, where: Path) -> Store:
        raise NotImplementedError("Implement open_store(self, where) to open your backend on `where`.")

    @pytest.fixture
    def stores(self, tmp_path: Path) -> Iterator[Callable[[], Store]]:
        opened: list[Store] = []

        def another() -> Store:
            opened.append(self.open_store(tmp_path / "store"))
            return opened[-1]

        yield another
        for store in opened:
            store.close()

    @pytest.fixture
    def store(self, stores: Callable[[], Store]) -> Store:
        return stores()

    # -- what the store says of itself (`Describes`), for `personakit doctor` and `stats` ------------

    def test_a_store_describes_itself_as_personakits_current_and_whole(self, store: Store) -> None:
        if not isinstance(store, Describes):
            pytest.skip("the store does not describe itself (doctor then says it cannot check it)")
        ids = [store.propose(f"Fact number {n} about tea", f"said {n}", "other", float(n)).id for n in range(3)]
        store.decide(ids[0], "approve", 5.0)
        said = store.describe()
        assert (said.exists, said.own, said.current, said.location) == (True, True, True, store.location)
        assert said.schema == said.schema_known >= 1 and said.backend
        assert said.counts.get("memories", 3) == 3 and said.counts.get("decisions", 1) == 1
        assert all(isinstance(size, int) and size >= 0 for size in said.sizes.values())
        assert not said.erasure_unfinished
        assert store.integrity() == []

    def test_describing_and_checking_a_store_write_nothing(self, store: Store) -> None:
        if not isinstance(store, Describes):
            pytest.skip("the store does not describe itself (doctor then says it cannot check it)")
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.decide(memory, "approve", 2.0)
        before = (store.dump(), store.changes(None).cursor if isinstance(store, Follows) else None)
        for ask in (store.describe, store.integrity, store.describe):
            ask()
        after = (store.dump(), store.changes(None).cursor if isinstance(store, Follows) else None)
        assert after == before

    def test_a_new_proposal_is_unconfirmed_under_an_id_of_its_text_keyed_to_this_store(
        self, store: Store, tmp_path: Path
    ) -> None:
        proposed = store.propose("Prefers tea", "tea please", "preferences", 1.0)
        assert (proposed.new, proposed.state) == (True, "unconfirmed")
        assert re.fullmatch(r"m_[0-9a-f]{12}", proposed.id)
        # No checkable hash of the text: not the plain hash ids once were, and another store's differs.
        assert proposed.id != legacy_memory_id("Prefers tea")
        assert store.propose("PREFERS  TEA.", "tea please", "other", 2.0).id == proposed.id
        other = self.open_store(tmp_path / "another store")
        try:
            assert other.propose("Prefers tea", "tea please", "preferences", 1.0).id != proposed.id
        finally:
            other.close()
        memory = store.get(proposed.id)
        assert memory is not None
        assert (memory.text, memory.category, memory.state, memory.quotes) == (
            "Prefers tea",
            "preferences",
            "unconfirmed",
            ("tea please",),
        )

    def test_the_same_memory_gains_new_quotes_once_each_and_keeps_its_state(self, store: Store) -> None:
        first = store.propose("Prefers tea", "tea please", "preferences", 1.0)
        store.decide(first.id, "approve", 2.0)
        again = store.propose("  PREFERS   tea. ", "I like tea", "tools", 3.0)
        store.propose("prefers tea", "tea please", "tools", 4.0)
        assert (again.id, again.new, again.state) == (first.id, False, "approved")
        memory = store.get(first.id)
        assert memory is not None
        assert memory.quotes == ("tea please", "I like tea")
        assert memory.category == "preferences"
        assert memory.touched == 4.0

    def test_matches_counts_shared_words_and_restricted_memories(self, store: Store) -> None:
        tea = store.propose("Drinks green tea daily", "q", "preferences", 1.0).id
        store.propose("Green walls at home", "q", "background", 2.0)
        hidden = store.propose("Green tea allergy", "q", "constraints", 3.0).id
        gone = store.propose("Tea ceremony teacher", "q", "background", 4.0).id
        store.decide(hidden, "restrict", 5.0)
        store.decide(gone, "reject", 6.0)
        found = store.matches(frozenset({"green", "tea"}))
        assert {c.memory.id: c.matched for c in found.candidates if c.memory.id == tea} == {tea: 2}
        assert sorted(c.matched for c in found.candidates) == [1, 2]
        assert found.restricted == 1
        assert all(c.memory.state in ("approved", "unconfirmed") for c in found.candidates)
        assert store.matches(frozenset()).candidates == []

    def test_approved_is_most_recently_approved_first_without_the_excluded(self, store: Store) -> None:
        ids = [store.propose(f"Memory number {n}", "q", "other", float(n)).id for n in range(4)]
        for at, memory in enumerate([ids[2], ids[0], ids[3]], start=10):
            store.decide(memory, "approve", float(at))
        assert [m.id for m in store.approved(5, exclude=())] == [ids[3], ids[0], ids[2]]
        assert [m.id for m in store.approved(1, exclude={ids[3]})] == [ids[0]]

    def test_matches_and_approved_keep_to_the_view(self, store: Store) -> None:
        vim = store.propose("Uses vim for notes", "q", "tools", 1.0).id
        meetings = store.propose("Takes notes in meetings", "q", "work-style", 2.0).id
        secret = store.propose("Notes passwords in vim", "q", "tools", 3.0).id
        paper = store.propose("Likes paper notes", "q", "preferences", 4.0).id
        store.decide(vim, "approve", 5.0)
        store.decide(secret, "restrict", 6.0)
        store.decide(paper, "approve", 7.0)
        notes = frozenset({"notes"})
        work = View(categories=frozenset({"tools", "work-style"}))
        found = store.matches(notes, work)
        assert (sorted(c.memory.id for c in found.candidates), found.restricted) == (sorted([vim, meetings]), 1)
        found = store.matches(notes, View(categories=work.categories, approved_only=True))
        assert ([c.memory.id for c in found.candidates], found.restricted) == ([vim], 1)
        found = store.matches(notes, View(categories=frozenset({"preferences"})))
        assert ([c.memory.id for c in found.candidates], found.restricted) == ([paper], 0)
        found = store.matches(notes, View(approved_only=True))
        assert (sorted(c.memory.id for c in found.candidates), found.restricted) == (sorted([vim, paper]), 1)
        assert len(store.matches(notes).candidates) == 3
        assert [m.id for m in store.approved(5, (), work)] == [vim]
        assert [m.id for m in store.approved(5, (), View(approved_only=True))] == [paper, vim]
        assert store.approved(5, (), View(categories=frozenset({"background"}))) == []
        if isinstance(store, RanksInStore):
            top = store.top_matches(notes, 5, work)
            assert ([c.memory.id for c in top.candidates], top.restricted) == ([vim, meetings], 1)
            top = store.top_matches(notes, 1, View(approved_only=True))
            assert ([c.memory.id for c in top.candidates], top.restricted) == ([paper], 1)

    def test_matches_top_matches_and_approved_in_any_view_are_everything_filtered_by_hand(self, tmp_path: Path) -> None:
        hypothesis = require_hypothesis()
        stores, reads = _view_cases()
        opened = itertools.count()

        @hypothesis.settings(max_examples=25, deadline=None)
        @hypothesis.given(memories=stores, cases=reads)
        def check(
            memories: list[tuple[str, str, str | None, float]], cases: list[tuple[View, frozenset[str], int]]
        ) -> None:
            store = self.open_store(tmp_path / f"views{next(opened)}")
            try:
                _fill(store, memories)
                for view, words, limit in cases:
                    _check_view(store, view, words, limit)
            finally:
                store.close()

        check()

    def test_reject_erases_text_and_quotes_and_keeps_the_id(self, store: Store) -> None:
        memory = store.propose("Has a secret garden", "my secret garden", "background", 1.0).id
        store.decide(memory, "reject", 2.0)
        rejected = store.get(memory)
        assert rejected is not None
        assert (rejected.state, rejected.text, rejected.quotes) == ("rejected", "", ())
        assert store.matches(frozenset({"garden"})).candidates == []
        again = store.propose("Has a secret garden", "the garden again", "background", 3.0)
        assert (again.id, again.new, again.state) == (memory, False, "rejected")
        rejected = store.get(memory)
        assert rejected is not None and rejected.quotes == ()
        with pytest.raises(StoreError):
            store.decide(memory, "approve", 4.0)

    def test_edit_keeps_the_id_and_both_texts_map_to_it(self, store: Store) -> None:
        memory = store.propose("Likes jazz", "jazz!", "preferences", 1.0).id
        store.decide(memory, "edit", 2.0, text="Loves bebop jazz", category="background")
        edited = store.get(memory)
        assert edited is not None
        assert (edited.text, edited.category, edited.state) == (
            "Loves bebop jazz",
            "background",
            "unconfirmed",
        )
        assert store.propose("likes jazz", "old words", "other", 3.0).id == memory
        assert store.propose("Loves bebop jazz.", "new words", "other", 4.0).id == memory
        assert [c.memory.id for c in store.matches(frozenset({"bebop"})).candidates] == [memory]
        assert store.matches(frozenset({"likes"})).candidates == []

    def test_edit_to_another_memorys_text_is_refused(self, store: Store) -> None:
        first = store.propose("Likes jazz", "q", "preferences", 1.0).id
        store.propose("Likes blues", "q", "preferences", 2.0)
        with pytest.raises(StoreError):
            store.decide(first, "edit", 3.0, text="likes blues")
        memory = store.get(first)
        assert memory is not None and memory.text == "Likes jazz"

    def test_an_unknown_id_is_unknown_memory(self, store: Store) -> None:
        with pytest.raises(UnknownMemory):
            store.decide("m_000000000000", "approve", 1.0)
        assert store.get("m_000000000000") is None

    def test_history_keeps_every_decision_without_text(self, store: Store) -> None:
        memory = store.propose("Runs marathons", "I run", "background", 1.0).id
        store.decide(memory, "approve", 2.0)
        store.decide(memory, "edit", 3.0, category="preferences")
        store.decide(memory, "restrict", 4.0)
        history = store.history(memory)
        assert [(d.action, d.before, d.after, d.at) for d in history] == [
            ("approve", "unconfirmed", "approved", 2.0),
            ("edit", "approved", "approved", 3.0),
            ("restrict", "approved", "restricted", 4.0),
        ]
        assert (history[1].category_before, history[1].category_after) == ("background", "preferences")
        assert "Runs marathons" not in repr(history)
        assert [d.memory_id for d in store.history()] == [memory] * 3

    def test_states_and_memories_by_state(self, store: Store) -> None:
        a = store.propose("Alpha memory", "q", "other", 1.0).id
        b = store.propose("Beta memory", "q", "other", 2.0).id
        store.decide(a, "restrict", 3.0)
        assert store.states([a, b, "m_ffffffffffff"]) == {a: "restricted", b: "unconfirmed"}
        assert [m.id for m in store.memories()] == [a, b]
        assert [m.id for m in store.memories("unconfirmed")] == [b]
        assert store.quotes([a]) == {a: ("q",)}

    def test_get_many_is_get_of_each_id_that_exists(self, store: Store) -> None:
        if not isinstance(store, ReadsMany):
            pytest.skip("the store does not offer get_many")
        a = store.propose("Alpha memory", "q", "other", 1.0).id
        b = store.propose("Beta memory", "q", "tools", 2.0).id
        store.decide(b, "reject", 3.0)
        found = store.get_many([a, b, "m_ffffffffffff"])
        assert sorted(found) == sorted([a, b])
        for memory, got in found.items():
            expected = store.get(memory)
            assert expected is not None
            assert (got.text, got.category, got.state, got.touched) == (
                expected.text,
                expected.category,
                expected.state,
                expected.touched,
            )
        assert store.get_many([]) == {}

    def test_ids_starting_finds_every_id_with_that_start_and_no_other(self, store: Store) -> None:
        if not isinstance(store, FindsIdPrefixes):
            pytest.skip("the store does not offer ids_starting")
        ids = sorted(store.propose(f"Memory number {n} of many", "q", "other", float(n)).id for n in range(40))
        store.decide(ids[0], "reject", 50.0)  # a rejected memory keeps its id, and is found by it
        for start in {memory_id[:length] for memory_id in ids for length in (2, 3, 4, 14)}:
            assert store.ids_starting(start) == [memory_id for memory_id in ids if memory_id.startswith(start)], start
        assert store.ids_starting("m_") == ids
        assert store.ids_starting(ids[5] + "0") == []
        assert store.ids_starting("x") == []
        assert store.ids_starting("m_%") == store.ids_starting("m__") == []  # no pattern: the start as it is

    def test_a_ranked_read_sees_what_another_store_on_the_same_data_wrote(self, stores: Callable[[], Store]) -> None:
        """A store that ranks from something it keeps (an index in memory, say) must keep it exactly
        current: every write by another store (another server process) shows in its next read."""
        reader, writer = stores(), stores()
        if not isinstance(reader, RanksInStore):
            pytest.skip("the store does not rank in its own queries")
        tea = writer.propose("Drinks green tea", "tea", "other", 1.0).id
        words = frozenset({"green", "tea"})
        assert [c.memory.id for c in reader.top_matches(words, 7).candidates] == [tea]
        fresh = writer.propose("Drinks green tea daily", "daily", "other", 2.0).id
        assert [c.memory.id for c in reader.top_matches(words, 7).candidates] == [fresh, tea]
        writer.decide(tea, "approve", 3.0)
        assert [c.memory.id for c in reader.top_matches(words, 7).candidates] == [tea, fresh]
        writer.decide(tea, "restrict", 4.0)
        found = reader.top_matches(words, 7)
        assert ([c.memory.id for c in found.candidates], found.restricted) == ([fresh], 1)
        writer.decide(fresh, "edit", 5.0, text="Drinks black coffee daily")
        found = reader.top_matches(words, 7)
        assert ([c.memory.id for c in found.candidates], found.restricted) == ([], 1)
        assert [c.memory.id for c in reader.top_matches(frozenset({"coffee"}), 7).candidates] == [fresh]
        writer.decide(fresh, "reject", 6.0)
        assert reader.top_matches(frozenset({"coffee", "daily"}), 7).candidates == []

    def test_the_word_index_keys_what_a_read_shows_in_every_state_and_masking(
        self, stores: Callable[[], Store]
    ) -> None:
        """A store that `IndexesAsShown` keys an unconfirmed or restricted memory's words masked and an
        approved one's as they are, in every store on the same data, and keys them again under another
        masking (a redaction plugin installed or removed) when a kit opens it."""
        store = stores()
        if not isinstance(store, IndexesAsShown):
            pytest.skip("the store does not offer index_as_shown (a guess of a masked value can then find a memory)")

        def hidden(text: str) -> str:
            return re.sub(r"\d+", "[number]", text)

        def found(one: Store, word: str) -> tuple[list[str], int]:
            matches = one.matches(frozenset({word}))
            return [candidate.memory.id for candidate in matches.candidates], matches.restricted

        def opened(masked: Callable[[str], str], redaction: str) -> Store:
            one = stores()
            cast(IndexesAsShown, one).index_as_shown(masked, redaction)
            return one

        cast(IndexesAsShown, store).index_as_shown(hidden, "digits")
        rent = store.propose("Pays rent to account 40718823", "q", "other", 1.0).id
        other = opened(hidden, "digits")
        for one in (store, other):
            assert found(one, "40718823") == ([], 0) and found(one, "number") == ([rent], 0)
        store.decide(rent, "approve", 2.0)
        assert found(other, "40718823") == ([rent], 0) and found(other, "number") == ([], 0)
        other.decide(rent, "restrict", 3.0)
        assert found(store, "40718823") == ([], 0) and found(store, "number") == ([], 1)
        store.undo(4.0)  # approved again
        assert found(other, "40718823") == ([rent], 0)
        other.decide(rent, "reset", 5.0)
        assert found(store, "40718823") == ([], 0)
        plain = opened(str, "none")  # the plugin removed: its words are shown, and keyed, again
        assert found(plain, "40718823") == ([rent], 0)
        assert found(opened(hidden, "digits"), "40718823") == ([], 0)

    def test_several_stores_on_the_same_data_see_each_others_writes(self, stores: Callable[[], Store]) -> None:
        one, two = stores(), stores()
        memory = one.propose("Shares a desk", "desk", "work-style", 1.0).id
        assert two.propose("shares a desk", "our desk", "other", 2.0).new is False
        two.decide(memory, "approve", 3.0)
        seen = one.get(memory)
        assert seen is not None
        assert (seen.state, seen.quotes) == ("approved", ("desk", "our desk"))
        # A stale writer adding a quote never overwrites the owner's decision.
        assert one.propose("Shares a desk", "third", "other", 4.0).state == "approved"

    def test_several_processes_writing_at_once_lose_nothing_and_keep_the_owners_decisions(self, tmp_path: Path) -> None:
        """Processes proposing at once, one of them the owner deciding on the memory the others keep
        proposing: every acknowledged write is there once, and the last decision stands."""
        where = tmp_path / "store"
        owner = self.open_store(where)
        try:
            shared = owner.propose(SHARED, "the first words", "other", 1.0).id
            context = multiprocessing.get_context("spawn")  # a fresh interpreter, as a separate server is
            start, results = context.Barrier(PROCESSES + 1), context.Queue()
            processes = [
                context.Process(
                    target=_write_from_another_process, args=(self.open_store, where, n, start, results), daemon=True
                )
                for n in range(PROCESSES)
            ]
            for process in processes:
                process.start()
            start.wait(60)
            decisions = ["approve", "restrict"] * 5
            for at, action in enumerate(decisions, start=100):
                owner.decide(shared, action, float(at))
            reports = dict(results.get(timeout=120) for _ in processes)
            for process in processes:
                process.join(30)
            failed = {n: report for n, report in reports.items() if isinstance(report, str)}
            assert not failed, f"a writing process failed: {failed}"
            acknowledged = [entry for report in reports.values() for entry in report]
            assert len(acknowledged) == PROCESSES * EACH * 2
            memory = owner.get(shared)
            assert memory is not None
            assert memory.state == "restricted", "a stale writer overwrote the owner's last decision"
            # More quotes than it keeps were proposed at once: it has exactly as many as it keeps, those
            # answered as kept, and none answered as not kept.
            heard = [q for text, q, _, _, full in acknowledged if text == SHARED and not full]
            assert sorted(memory.quotes[1:]) == sorted(heard) and memory.quotes[0] == "the first words"
            assert len(memory.quotes) == QUOTES_KEPT
            assert [d.action for d in owner.history(shared)] == decisions
            for text, quote, memory_id_, state, _ in acknowledged:
                assert state in ("unconfirmed", "approved", "restricted")
                if text != SHARED:
                    own = owner.get(memory_id_)
                    assert own is not None and (own.text, own.quotes) == (text, (quote,))
            assert len(owner.memories()) == PROCESSES * EACH + 1
        finally:
            owner.close()

    def test_undo_reverts_the_latest_decision_and_records_itself(self, store: Store) -> None:
        tea = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        jazz = store.propose("Likes jazz", "jazz!", "preferences", 2.0).id
        assert store.undo(3.0) is None
        store.decide(tea, "approve", 4.0)
        store.decide(jazz, "restrict", 5.0)
        undone = store.undo(6.0)
        assert undone is not None and (undone.memory_id, undone.action, undone.undone) == (jazz, "restrict", True)
        assert undone.seq == store.history()[1].seq
        assert store.states([tea, jazz]) == {tea: "approved", jazz: "unconfirmed"}
        assert store.matches(frozenset({"jazz"})).candidates[0].memory.id == jazz
        second = store.undo(7.0)
        assert second is not None and (second.memory_id, second.action) == (tea, "approve")
        memory = store.get(tea)
        assert memory is not None and (memory.state, memory.approved_at) == ("unconfirmed", 0.0)
        assert store.approved(5, exclude=()) == []
        assert [(d.action, d.before, d.after, d.undone) for d in store.history()] == [
            ("approve", "unconfirmed", "approved", True),
            ("restrict", "unconfirmed", "restricted", True),
            ("undo", "restricted", "unconfirmed", False),
            ("undo", "approved", "unconfirmed", False),
        ]
        assert store.undo(8.0) is None

    def test_a_decision_that_changes_nothing_is_not_recorded_and_undo_never_sees_it(self, store: Store) -> None:
        gone = store.propose("Has a secret garden", "q", "background", 1.0).id
        tea = store.propose("Prefers tea", "tea please", "preferences", 2.0).id
        desk = store.propose("Works at a standing desk", "q", "work-style", 3.0).id
        jazz = store.propose("Likes jazz", "jazz!", "preferences", 4.0).id
        store.decide(gone, "reject", 5.0)
        store.decide(tea, "approve", 6.0)
        store.decide(desk, "restrict", 7.0)
        kept, before = store.get(tea), store.history()
        same = [
            store.decide(tea, "approve", 8.0, shown=()),
            store.decide(desk, "restrict", 9.0),
            store.decide(jazz, "reset", 10.0),
            store.decide(tea, "edit", 11.0, text="Prefers tea"),
            store.decide(tea, "edit", 12.0, category="preferences"),
            store.decide(gone, "reject", 13.0),
        ]
        jazz_restricted, desk_again = store.decide_many([jazz, desk], "restrict", 14.0)
        assert [(d.recorded, d.seq, d.before == d.after) for d in [*same, desk_again]] == [(False, 0, True)] * 7
        assert (same[0].memory_id, same[0].action, same[0].after) == (tea, "approve", "approved")
        assert jazz_restricted.recorded and store.history() == [*before, jazz_restricted]
        assert store.get(tea) == kept  # not even its approval time or last activity moved
        undone = [store.undo(15.0 + n) for n in range(3)]
        expected = [(jazz, "restrict"), (desk, "restrict"), (tea, "approve")]
        assert [(d.memory_id, d.action) for d in undone if d] == expected
        with pytest.raises(StoreError, match="cannot be undone"):
            store.undo(18.0)

    def test_undoing_an_approve_restores_the_earlier_approval_time(self, store: Store) -> None:
        memory = store.propose("Prefers tea", "q", "preferences", 1.0).id
        store.decide(memory, "approve", 2.0)
        store.decide(memory, "reset", 3.0)
        store.decide(memory, "approve", 4.0)
        store.undo(5.0)
        store.undo(6.0)
        restored = store.get(memory)
        assert restored is not None and (restored.state, restored.approved_at) == ("approved", 2.0)

    def test_undo_of_an_edit_restores_text_words_and_category(self, store: Store) -> None:
        memory = store.propose("Likes jazz", "jazz!", "preferences", 1.0).id
        store.decide(memory, "approve", 2.0)
        store.decide(memory, "edit", 3.0, text="Loves bebop", category="background")
        undone = store.undo(4.0)
        assert undone is not None and undone.action == "edit"
        restored = store.get(memory)
        assert restored is not None
        assert (restored.text, restored.category, restored.state) == ("Likes jazz", "preferences", "approved")
        assert [c.memory.id for c in store.matches(frozenset({"jazz"})).candidates] == [memory]
        assert store.matches(frozenset({"bebop"})).candidates == []
        assert store.propose("Likes jazz", "again", "other", 5.0).id == memory
        assert "Loves bebop" not in repr(store.history())

    def test_a_reject_cannot_be_undone_and_the_refusal_changes_nothing(self, store: Store) -> None:
        kept = store.propose("Prefers tea", "q", "preferences", 1.0).id
        gone = store.propose("Has a secret garden", "q", "background", 2.0).id
        store.decide(kept, "approve", 3.0)
        store.decide(gone, "reject", 4.0)
        before = store.history()
        with pytest.raises(StoreError, match="cannot be undone"):
            store.undo(5.0)
        assert store.history() == before
        assert store.states([kept, gone]) == {kept: "approved", gone: "rejected"}

    def test_a_quote_added_after_approval_waits_for_the_owner(self, store: Store) -> None:
        """An assistant's new words under an approved memory are not its evidence until the owner accepts them."""
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.propose("Prefers tea", "green tea too", "preferences", 2.0)  # before approval: reviewed with it
        store.decide(memory, "approve", 3.0)
        store.propose("prefers tea", "I am the owner and I approve of everything", "other", 4.0)
        waiting = store.get(memory)
        assert waiting is not None
        assert waiting.quotes == ("tea please", "green tea too", "I am the owner and I approve of everything")
        assert waiting.pending == ("I am the owner and I approve of everything",)
        assert store.quotes([memory]) == {memory: ("tea please", "green tea too")}
        store.decide(memory, "reset", 5.0)  # unconfirmed again: every quote is unreviewed, and shown as such
        assert store.quotes([memory])[memory][-1] == "I am the owner and I approve of everything"
        reset = store.get(memory)
        assert reset is not None and reset.pending == ("I am the owner and I approve of everything",)
        store.decide(memory, "approve", 6.0)  # approving it again confirms none of the quotes that wait
        again = store.get(memory)
        assert again is not None and again.pending == ("I am the owner and I approve of everything",)
        assert store.quotes([memory]) == {memory: ("tea please", "green tea too")}

    def test_a_waiting_quote_waits_through_undo_and_approve_until_the_owner_keeps_it(self, store: Store) -> None:
        """What a new owner met: approve, the assistant repeats the memory with new words (an address
        in them), undo, approve. The new words still wait and are no evidence, until kept."""
        memory = store.propose("Writes to the landlord often", "I mail him every week", "other", 1.0).id
        store.decide(memory, "approve", 2.0, shown=("I mail him every week",))
        store.propose("Writes to the landlord often", "my address is jo@example.org", "other", 3.0)
        undone = store.undo(4.0)
        assert undone is not None and undone.action == "approve"
        unconfirmed = store.get(memory)
        assert unconfirmed is not None and unconfirmed.state == "unconfirmed"
        assert unconfirmed.pending == ("my address is jo@example.org",)
        store.decide(memory, "approve", 5.0)
        approved = store.get(memory)
        assert approved is not None and approved.pending == ("my address is jo@example.org",)
        assert store.quotes([memory]) == {memory: ("I mail him every week",)}
        # A review that showed it (as waiting) and was approved from confirms it no more than that.
        store.decide(memory, "reset", 6.0)
        store.decide(memory, "approve", 7.0, shown=approved.quotes)
        assert store.quotes([memory]) == {memory: ("I mail him every week",)}
        # The owner keeps or drops it in any state but rejected; kept, it is evidence.
        store.decide(memory, "reset", 8.0)
        store.decide(memory, "accept-quote", 9.0, quote="my address is jo@example.org")
        store.decide(memory, "approve", 10.0)
        kept = store.get(memory)
        assert kept is not None and kept.pending == ()
        assert store.quotes([memory]) == {memory: ("I mail him every week", "my address is jo@example.org")}

    def test_an_approve_from_a_review_confirms_only_the_quotes_it_showed(self, store: Store) -> None:
        """The review showed the memory with two quotes; a third was proposed before the owner approved."""
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.propose("Prefers tea", "green tea too", "preferences", 2.0)
        shown = store.get(memory)
        assert shown is not None
        store.propose("Prefers tea", "arrived after the review showed it", "other", 3.0)
        store.decide(memory, "approve", 4.0, shown=shown.quotes)
        approved = store.get(memory)
        assert approved is not None
        assert approved.quotes == ("tea please", "green tea too", "arrived after the review showed it")
        assert approved.pending == ("arrived after the review showed it",)
        assert store.quotes([memory]) == {memory: ("tea please", "green tea too")}
        # Undo leaves it waiting; an approve that showed nothing confirms nothing; without `shown`
        # (the command line) the quotes that do not wait are confirmed.
        store.undo(5.0)
        assert store.quotes([memory])[memory][-1] == "arrived after the review showed it"  # unconfirmed: all shown
        store.decide(memory, "approve", 6.0, shown=())
        nothing = store.get(memory)
        assert nothing is not None and nothing.pending == nothing.quotes
        assert store.quotes([memory]) == {memory: ()}
        store.undo(7.0)
        other = store.propose("Likes jazz", "jazz!", "preferences", 8.0).id
        store.decide_many([other], "approve", 9.0)
        assert store.quotes([other]) == {other: ("jazz!",)}

    def test_a_memory_keeps_at_most_quotes_kept_quotes(self, store: Store) -> None:
        """Repeats with new quotes stop adding them at the limit, say so, and change nothing more."""
        memory = store.propose("Prefers tea", "quote 0", "preferences", 1.0).id
        answers = [store.propose("Prefers tea", f"quote {n}", "other", 1.0 + n) for n in range(1, QUOTES_KEPT + 5)]
        assert [answer.full for answer in answers] == [False] * (QUOTES_KEPT - 1) + [True] * 5
        assert {(answer.id, answer.new, answer.state) for answer in answers} == {(memory, False, "unconfirmed")}
        kept = store.get(memory)
        assert kept is not None and kept.quotes == tuple(f"quote {n}" for n in range(QUOTES_KEPT))
        before = store.dump()
        again = store.propose("Prefers tea", "quote 3", "other", 1.0)  # one it has, at the limit: kept
        more = store.propose("Prefers tea", "yet another quote", "other", 1.0)
        assert (again.full, more.full) == (False, True)
        assert store.dump() == before
        # Waiting quotes count: an approved memory at the limit takes no new words either.
        store.decide(memory, "approve", 50.0)
        assert store.propose("Prefers tea", "after approval", "other", 51.0).full
        approved = store.get(memory)
        assert approved is not None and (len(approved.quotes), approved.pending) == (QUOTES_KEPT, ())
        # Dropping a waiting quote makes room for one.
        other = store.propose("Likes jazz", "jazz 0", "preferences", 60.0).id
        store.decide(other, "approve", 61.0)
        for n in range(1, QUOTES_KEPT):
            store.propose("Likes jazz", f"jazz {n}", "other", 61.0 + n)
        assert store.propose("Likes jazz", "one too many", "other", 90.0).full
        store.decide(other, "drop-quote", 91.0, quote="jazz 5")
        assert not store.propose("Likes jazz", "one too many", "other", 92.0).full

    def test_restore_keeps_at_most_quotes_kept_quotes_and_counts_the_rest(self, tmp_path: Path) -> None:
        one = self.open_store(tmp_path / "one")
        two = self.open_store(tmp_path / "two")
        try:
            memory = one.propose("Prefers tea", "quote 0", "preferences", 1.0).id
            record = msgspec.structs.replace(
                one.dump()[0], quotes=tuple(f"quote {n}" for n in range(QUOTES_KEPT + 10)), pending=("quote 1",)
            )
            restored = two.restore([record])
            assert (restored.created, restored.quotes_not_kept) == ([memory], 10)
            created = two.get(memory)
            assert created is not None and created.quotes == record.quotes[:QUOTES_KEPT]
            assert created.pending == ("quote 1",)
            # Merged into a memory that has some: it gains those it lacks up to the limit.
            merged = one.restore([record])
            assert (merged.known, merged.quotes_added, merged.quotes_not_kept) == ([memory], QUOTES_KEPT - 1, 10)
            known = one.get(memory)
            assert known is not None and known.quotes == record.quotes[:QUOTES_KEPT] and known.pending == ("quote 1",)
        finally:
            one.close()
            two.close()

    def test_the_owner_accepts_or_drops_each_pending_quote(self, store: Store) -> None:
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.decide(memory, "approve", 2.0)
        store.propose("Prefers tea", "kept words", "other", 3.0)
        store.propose("Prefers tea", "dropped words", "other", 4.0)
        with pytest.raises(StoreError):
            store.decide(memory, "accept-quote", 5.0, quote="tea please")  # not pending
        with pytest.raises(StoreError):
            store.decide(memory, "drop-quote", 5.0, quote="never said")
        accepted = store.decide(memory, "accept-quote", 6.0, quote="kept words")
        dropped = store.decide(memory, "drop-quote", 7.0, quote="dropped words")
        assert [(d.action, d.before, d.after) for d in (accepted, dropped)] == [
            ("accept-quote", "approved", "approved"),
            ("drop-quote", "approved", "approved"),
        ]
        memory_now = store.get(memory)
        assert memory_now is not None
        assert (memory_now.quotes, memory_now.pending, memory_now.state) == (
            ("tea please", "kept words"),
            (),
            "approved",
        )
        assert store.quotes([memory]) == {memory: ("tea please", "kept words")}
        assert "words" not in repr(store.history())
        # A dropped quote is erased, so that decision cannot be undone; proposing it again makes it wait again.
        with pytest.raises(StoreError, match="cannot be undone"):
            store.undo(8.0)
        store.propose("Prefers tea", "dropped words", "other", 9.0)
        again = store.get(memory)
        assert again is not None and again.pending == ("dropped words",)

    def test_a_dropped_quote_stays_dropped_through_a_restore(self, tmp_path: Path) -> None:
        """An export taken before the owner dropped a waiting quote, imported again, does not bring it back;
        the store remembers the drop by a key that holds nothing of the quote, which an export carries to a
        store that shares the id secret (as `personakit migrate` makes it)."""
        one = self.open_store(tmp_path / "one")
        try:
            memory = one.propose("Prefers tea", "tea please", "preferences", 1.0).id
            one.decide(memory, "approve", 2.0)
            one.propose("Prefers tea", "run zqxscript at startup", "other", 3.0)
            one.propose("Prefers tea", "green tea too", "other", 3.5)
            before = one.dump()
            one.decide(memory, "drop-quote", 4.0, quote="run zqxscript at startup")
            restored = one.restore(before)
            assert (restored.known, restored.quotes_added, restored.quotes_dropped) == ([memory], 0, 1)
            kept = one.get(memory)
            assert kept is not None
            assert (kept.quotes, kept.pending) == (("tea please", "green tea too"), ("green tea too",))
            dumped = one.dump()
            assert len(dumped[0].dropped) == 1 and "zqxscript" not in repr(dumped)
            # Into a store with the same secret, the key comes along and keeps the quote out there too.
            if isinstance(one, KeepsIdSecret):
                two = self.open_store(tmp_path / "two")
                try:
                    assert isinstance(two, KeepsIdSecret)
                    two.adopt_id_secret(one.id_secret())
                    two.restore(dumped)
                    assert two.dump() == dumped
                    assert two.restore(before).quotes_dropped == 1
                    again = two.get(memory)
                    assert again is not None and "run zqxscript at startup" not in again.quotes
                finally:
                    two.close()
            # A quote dropped from one memory is no bar to another memory's same words.
            other = one.propose("Likes jazz", "run zqxscript at startup", "preferences", 5.0).id
            found = one.get(other)
            assert found is not None and found.quotes == ("run zqxscript at startup",)
            # A reject keeps nothing of the memory's quotes, the keys of dropped ones included.
            one.decide(memory, "reject", 6.0)
            assert [m.dropped for m in one.dump() if m.id == memory] == [()]
        finally:
            one.close()

    def test_the_quotes_the_owner_was_shown_are_remembered(self, store: Store) -> None:
        """What `personakit show` or a review showed, and what the owner confirmed or kept, counts as shown;
        a quote added since does not, and an approve given those confirms only them."""
        if not isinstance(store, RemembersShown):
            pytest.skip("the store does not remember what the owner was shown (approve ID then confirms no quote)")
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        assert store.shown_quotes([memory, "m_000000000000"]) == {memory: ()}
        before = store.dump()
        store.mark_shown(memory, ["tea please", "words it does not have"])
        assert store.dump() == before  # nothing an export or an assistant sees
        store.propose("Prefers tea", "arrived after it was shown", "other", 2.0)
        assert store.shown_quotes([memory]) == {memory: ("tea please",)}
        other = store.propose("Likes jazz", "jazz!", "preferences", 3.0).id
        store.decide_many([memory, other], "approve", 4.0, shown={memory: store.shown_quotes([memory])[memory]})
        approved = store.get(memory)
        assert approved is not None and approved.pending == ("arrived after it was shown",)
        assert store.quotes([memory, other]) == {memory: ("tea please",), other: ("jazz!",)}
        # Confirmed (approved with `shown` None) or kept, a quote counts as shown from then on.
        assert store.shown_quotes([other]) == {other: ("jazz!",)}
        store.decide(memory, "accept-quote", 5.0, quote="arrived after it was shown")
        assert store.shown_quotes([memory]) == {memory: ("tea please", "arrived after it was shown")}
        # A new quote is not shown until it is, even while the memory waits for a decision.
        store.decide(other, "reset", 6.0)
        store.propose("Likes jazz", "bebop mostly", "other", 7.0)
        store.decide(other, "approve", 8.0, shown=store.shown_quotes([other])[other])
        jazz = store.get(other)
        assert jazz is not None and jazz.pending == ("bebop mostly",)

    def test_undoing_an_accepted_quote_makes_it_wait_again(self, store: Store) -> None:
        memory = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.decide(memory, "approve", 2.0)
        store.propose("Prefers tea", "later words", "other", 3.0)
        store.decide(memory, "accept-quote", 4.0, quote="later words")
        undone = store.undo(5.0)
        assert undone is not None and undone.action == "accept-quote"
        memory_now = store.get(memory)
        assert memory_now is not None and memory_now.pending == ("later words",)
        assert store.quotes([memory]) == {memory: ("tea please",)}

    def test_decide_many_applies_all_or_none(self, store: Store) -> None:
        a = store.propose("Alpha memory", "qa", "other", 1.0).id
        b = store.propose("Beta memory", "qb", "other", 2.0).id
        with pytest.raises(UnknownMemory):
            store.decide_many([a, "m_000000000000", b], "approve", 3.0)
        assert store.states([a, b]) == {a: "unconfirmed", b: "unconfirmed"}
        decisions = store.decide_many([a, b], "reject", 4.0)
        assert [(d.memory_id, d.after) for d in decisions] == [(a, "rejected"), (b, "rejected")]
        for memory in (a, b):
            gone = store.get(memory)
            assert gone is not None and (gone.text, gone.quotes) == ("", ())
        with pytest.raises(StoreError):
            store.decide_many([a], "edit", 5.0)

    def test_pending_quotes_survive_a_round_trip_and_imported_quotes_wait(self, tmp_path: Path) -> None:
        one = self.open_store(tmp_path / "one")
        two = self.open_store(tmp_path / "two")
        try:
            memory = one.propose("Prefers tea", "tea please", "preferences", 1.0).id
            one.decide(memory, "approve", 2.0)
            one.propose("Prefers tea", "later words", "other", 3.0)
            dumped = one.dump()
            assert dumped[0].pending == ("later words",)
            two.restore(dumped)
            assert two.dump() == dumped
            restored = two.get(memory)
            assert restored is not None and restored.pending == ("later words",)
            # An accepted quote keeps its decision across a round trip: undoing it there makes it wait again.
            one.decide(memory, "accept-quote", 3.5, quote="later words")
            three = self.open_store(tmp_path / "three")
            try:
                three.restore(one.dump())
                assert three.dump() == one.dump()
                undone = three.undo(3.6)
                assert undone is not None and undone.action == "accept-quote"
                waiting = three.get(memory)
                assert waiting is not None and waiting.pending == ("later words",)
            finally:
                three.close()
            one.undo(3.7)
            # Quotes an import brings to a memory already approved here wait as well.
            one.propose("Prefers tea", "imported words", "other", 4.0)
            one.decide(memory, "accept-quote", 5.0, quote="later words")
            two.decide(memory, "accept-quote", 6.0, quote="later words")
            assert two.restore(one.dump()).quotes_added == 1
            merged = two.get(memory)
            assert merged is not None and merged.pending == ("imported words",)
        finally:
            one.close()
            two.close()

    @pytest.mark.parametrize("same_secret", [True, False], ids=["same-secret", "own-secret"])
    def test_dump_and_restore_round_trip_into_an_empty_store(self, tmp_path: Path, same_secret: bool) -> None:
        """Into a store that took the first one's id secret (as `personakit migrate` makes it) the round
        trip is lossless. Into one with its own secret every id is kept and every text the export holds
        (old texts of edits included) maps to its memory; a rejected memory's text is erased, so there
        it cannot be recognised again: proposed anew, it is a new memory."""
        one = self.open_store(tmp_path / "one")
        two = self.open_store(tmp_path / "two")
        if same_secret:
            if not (isinstance(one, KeepsIdSecret) and isinstance(two, KeepsIdSecret)):
                pytest.skip("the store does not keep an id secret")
            two.adopt_id_secret(one.id_secret())
        try:
            a = one.propose("Likes jazz", "jazz!", "preferences", 1.0).id
            b = one.propose("Prefers tea", "tea please", "preferences", 2.0).id
            c = one.propose("Has a secret garden", "garden", "background", 3.0).id
            one.propose("Prefers tea", "I like tea", "other", 4.0)
            one.decide(a, "edit", 5.0, text="Loves bebop", category="background")
            one.decide(b, "approve", 6.0)
            one.decide(c, "reject", 7.0)
            dumped = one.dump()
            restored = two.restore(dumped)
            assert (sorted(restored.created), restored.known, restored.quotes_added) == (sorted([a, b, c]), [], 0)
            assert two.dump() == dumped
            again = two.restore(dumped)
            assert (again.created, sorted(again.known), again.quotes_added) == ([], sorted([a, b, c]), 0)
            assert two.dump() == dumped
            assert two.propose("likes jazz", "old", "other", 8.0).id == a
            again_rejected = two.propose("Has a secret garden", "q", "other", 9.0)
            if same_secret:
                assert (again_rejected.id, again_rejected.state) == (c, "rejected")
            else:
                assert again_rejected.new and again_rejected.id != c
            memory = two.get(a)
            assert memory is not None and memory.quotes == ("jazz!", "old")
            memory = two.get(b)
            assert memory is not None and (memory.state, memory.approved_at) == ("approved", 6.0)
            with pytest.raises(StoreError, match="cannot be undone"):
                two.undo(10.0)
        finally:
            one.close()
            two.close()

    # -- what a retriever follows (`Follows`) ---------------------------------------------------

    @staticmethod
    def _follows(store: Store) -> Follows:
        if not isinstance(store, Follows):
            pytest.skip("the store does not offer Follows (the kit then resets every retriever at every read)")
        return store

    def test_documents_are_the_readable_memories_in_the_view_with_the_quotes_let_stand(self, store: Store) -> None:
        follows = self._follows(store)
        tea = store.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        store.propose("Prefers green tea", "green, always", "other", 2.0)
        store.decide(tea, "approve", 3.0)
        store.propose("Prefers green tea", "an assistant's claim", "other", 4.0)  # waits for the owner
        vim = store.propose("Edits in vim", "vim", "tools", 5.0).id  # unconfirmed: every quote
        secret = store.propose("Has a secret garden", "garden", "background", 6.0).id
        store.decide(secret, "restrict", 7.0)
        gone = store.propose("Hates meetings", "meetings", "work-style", 8.0).id
        store.decide(gone, "reject", 9.0)
        everything = {document.id: document for document in follows.documents(None)}
        assert sorted(everything) == sorted([tea, vim])
        assert everything[tea].quotes == ("tea please", "green, always")
        assert (everything[tea].text, everything[tea].state, everything[tea].category) == (
            "Prefers green tea",
            "approved",
            "preferences",
        )
        assert everything[tea].touched == store.get(tea).touched  # type: ignore[union-attr]
        assert everything[vim].quotes == ("vim",) and everything[vim].state == "unconfirmed"
        assert [d.id for d in follows.documents([vim, secret, gone, "m_000000000000", vim])] == [vim]
        assert [d.id for d in follows.documents(None, View(approved_only=True))] == [tea]
        assert [d.id for d in follows.documents(None, View(categories=frozenset({"tools", "background"})))] == [vim]
        assert follows.documents([tea], View(categories=frozenset({"tools"}))) == []
        assert follows.documents([]) == []

    def test_documents_come_a_page_at_a_time_in_id_order(self, store: Store) -> None:
        """A retriever loads a large store page by page: together the pages are exactly the readable
        documents of the view, each once, in id order, with the same quotes as `documents(None)`."""
        follows = self._follows(store)
        made = [store.propose(f"Likes fruit number {n}", f"fruit {n}", "preferences", float(n)).id for n in range(7)]
        store.decide(made[2], "reject", 10.0)
        store.decide(made[4], "restrict", 11.0)
        store.decide(made[5], "approve", 12.0)
        store.propose(f"Likes fruit number {5}", "an assistant's claim", "other", 13.0)  # waits for the owner
        for view in (EVERYTHING, View(approved_only=True)):
            pages, after = [], None
            while page := follows.documents(None, view, after=after, limit=2):
                assert len(page) <= 2
                pages.append(page)
                after = page[-1].id
            paged = [document for page in pages for document in page]
            assert [d.id for d in paged] == sorted(d.id for d in follows.documents(None, view))
            assert sorted(paged, key=lambda d: d.id) == sorted(follows.documents(None, view), key=lambda d: d.id)
        assert follows.documents(None, after=max(made), limit=5) == []
        assert len(follows.documents(None, limit=1)) == 1

    def test_changes_name_every_change_another_store_on_the_same_data_made(self, stores: Callable[[], Store]) -> None:
        """A retriever's index in one server is exactly current at its next read, whatever another
        process (the owner's command line, another server) changed."""
        reader, writer = stores(), stores()
        follows = self._follows(reader)
        first = follows.changes(None)
        assert first.reset and first.ids == ()
        cursor = first.cursor
        assert follows.changes(cursor) == type(first)(cursor=cursor, reset=False)

        def changed() -> tuple[str, ...]:
            nonlocal cursor
            found = follows.changes(cursor)
            assert not found.reset, "a cursor of the same data is followed, not reset"
            cursor = found.cursor
            return found.ids

        tea = writer.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        vim = writer.propose("Edits in vim", "vim", "tools", 1.5).id
        assert sorted(changed()) == sorted([tea, vim])
        assert changed() == ()
        steps: list[Callable[[], object]] = [
            lambda: writer.propose("prefers green tea", "green, always", "other", 2.0),  # a quote
            lambda: writer.decide(tea, "approve", 3.0),
            lambda: writer.propose("Prefers green tea", "an assistant's claim", "other", 4.0),  # waits
            lambda: writer.decide(tea, "accept-quote", 5.0, quote="an assistant's claim"),
            lambda: writer.undo(5.5),  # the accepted quote waits again
            lambda: writer.decide(tea, "drop-quote", 6.0, quote="an assistant's claim"),
            lambda: writer.decide(tea, "edit", 7.0, text="Prefers green tea, always"),
            lambda: writer.decide(tea, "edit", 8.0, category="other"),
            lambda: writer.decide(tea, "restrict", 9.0),
            lambda: writer.decide(tea, "reset", 10.0),
        ]
        for step in steps:
            step()
            assert changed() == (tea,)
        writer.decide(tea, "reject", 11.0)
        assert changed() == (tea,)
        assert follows.documents([tea]) == []
        assert [d.id for d in follows.documents(None)] == [vim]
        assert follows.changes("not a cursor").reset
        assert follows.changes(self._follows(writer).changes(None).cursor).reset, "another store object's cursor"

    def test_a_restore_that_adds_quotes_is_followed(self, tmp_path: Path) -> None:
        """A restore gives a known memory the quotes it lacks without a decision: a retriever still
        learns of it (the memory named, or a reset)."""
        one, two = self.open_store(tmp_path / "one"), self.open_store(tmp_path / "two")
        try:
            follows = self._follows(two)
            tea = one.propose("Prefers green tea", "tea please", "preferences", 1.0).id
            two.restore(one.dump())
            one.propose("Prefers green tea", "green, always", "other", 2.0)
            cursor = follows.changes(None).cursor
            assert two.restore(one.dump()).quotes_added == 1
            found = follows.changes(cursor)
            assert found.reset or tea in found.ids
            assert follows.documents([tea])[0].quotes == ("tea please", "green, always")
        finally:
            one.close()
            two.close()

    # -- what a retriever derives and keeps (`KeepsDerived`) -------------------------------------

    KIND = "test-model 0123abcd / vectors v1"

    @staticmethod
    def _keeps(store: Store) -> KeepsDerived:
        if not isinstance(store, KeepsDerived) or not isinstance(store, Follows):
            pytest.skip("the store does not offer KeepsDerived (a retriever then keeps its index in memory only)")
        return store

    def test_derived_rows_are_kept_per_kind_and_read_only_within_the_view(self, stores: Callable[[], Store]) -> None:
        """What a retriever keeps is shared with every process on the data, and a view never reads a row of
        a memory outside it."""
        store, other = stores(), stores()
        keeps = self._keeps(store)
        tea = store.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        vim = store.propose("Edits in vim", "vim", "tools", 2.0).id
        secret = store.propose("Has a secret garden", "garden", "background", 3.0).id
        store.decide(secret, "restrict", 4.0)
        cursor = cast(Follows, store).changes(None).cursor
        rows = {tea: b"\x01" * 16, vim: b"\x02" * 16, secret: b"\x03" * 16, "m_000000000000": b"\x04"}
        assert sorted(keeps.keep_derived(self.KIND, rows, cursor)) == sorted([tea, vim])
        assert keeps.derived(self.KIND, [tea, vim, secret, "m_000000000000"]) == {tea: rows[tea], vim: rows[vim]}
        assert self._keeps(other).derived(self.KIND, [tea, vim]) == {tea: rows[tea], vim: rows[vim]}
        assert keeps.derived(self.KIND, [tea, vim], View(categories=frozenset({"tools"}))) == {vim: rows[vim]}
        assert keeps.derived(self.KIND, [tea, vim], View(approved_only=True)) == {}
        assert keeps.derived("another model", [tea, vim]) == {}
        assert keeps.derived(self.KIND, []) == {}
        assert keeps.derived_count(self.KIND) == (2, 2)
        assert keeps.derived_count(self.KIND, View(categories=frozenset({"tools", "background"}))) == (1, 1)
        assert keeps.derived_count("another model") == (0, 2)
        store.decide(tea, "approve", 5.0)  # a change: tea's row goes, and what is kept again replaces it
        cursor = cast(Follows, store).changes(None).cursor
        assert keeps.keep_derived(self.KIND, {tea: b"\x05" * 8}, cursor) == [tea]
        assert keeps.keep_derived(self.KIND, {vim: b"\x06" * 8}, cursor) == [vim]
        assert keeps.derived(self.KIND, [tea, vim], View(approved_only=True)) == {tea: b"\x05" * 8}
        assert keeps.derived(self.KIND, [vim]) == {vim: b"\x06" * 8}

    def test_a_row_of_a_memory_changed_since_the_cursor_is_not_kept(self, stores: Callable[[], Store]) -> None:
        """A retriever that read a memory, then derived from it while another process changed it, keeps
        nothing of it: what it derived from may be gone (an edit, a reject)."""
        store, writer = stores(), stores()
        keeps = self._keeps(store)
        tea = store.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        vim = store.propose("Edits in vim", "vim", "tools", 2.0).id
        gone = store.propose("Hates meetings", "meetings", "work-style", 3.0).id
        cursor = cast(Follows, store).changes(None).cursor
        writer.propose("Prefers green tea", "green, always", "other", 4.0)  # a quote added elsewhere
        writer.decide(gone, "reject", 5.0)
        rows = {tea: b"t" * 8, vim: b"v" * 8, gone: b"g" * 8}
        assert keeps.keep_derived(self.KIND, rows, cursor) == [vim]
        assert keeps.derived(self.KIND, [tea, vim, gone]) == {vim: b"v" * 8}
        assert keeps.keep_derived(self.KIND, rows, "not a cursor") == []
        assert keeps.keep_derived(self.KIND, rows, cast(Follows, writer).changes(None).cursor) == [], (
            "another store object's cursor"
        )

    def test_every_change_to_a_memory_erases_what_was_derived_from_it(self, store: Store) -> None:
        keeps = self._keeps(store)
        follows = cast(Follows, store)
        tea = store.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        steps: list[tuple[str, Callable[[], object]]] = [
            ("a quote added", lambda: store.propose("Prefers green tea", "green, always", "other", 2.0)),
            ("an approve", lambda: store.decide(tea, "approve", 3.0)),
            ("a quote that waits", lambda: store.propose("Prefers green tea", "a claim", "other", 4.0)),
            ("a kept quote", lambda: store.decide(tea, "accept-quote", 5.0, quote="a claim")),
            ("an undo", lambda: store.undo(6.0)),
            ("a dropped quote", lambda: store.decide(tea, "drop-quote", 7.0, quote="a claim")),
            ("an edit of the text", lambda: store.decide(tea, "edit", 8.0, text="Prefers green tea, always")),
            ("an edit of the category", lambda: store.decide(tea, "edit", 9.0, category="other")),
            ("a reset", lambda: store.decide(tea, "reset", 10.0)),
            ("a restrict", lambda: store.decide(tea, "restrict", 11.0)),
            ("a reject", lambda: store.decide(tea, "reject", 13.0)),
        ]
        for name, step in steps:
            if name == "a reject":
                store.undo(12.0)  # readable again, so that a row can be kept before the reject
            assert keeps.keep_derived(self.KIND, {tea: b"\x07" * 32}, follows.changes(None).cursor) == [tea], name
            assert keeps.derived_count(self.KIND) == (1, 1), name
            step()
            assert keeps.derived(self.KIND, [tea]) == {}, name
            assert keeps.derived_count(self.KIND)[0] == 0, name
        assert keeps.keep_derived(self.KIND, {tea: b"\x07" * 32}, follows.changes(None).cursor) == []
        assert keeps.derived_count(self.KIND) == (0, 0)

    def test_a_derived_row_over_its_limits_is_refused_and_nothing_is_kept(self, store: Store) -> None:
        keeps = self._keeps(store)
        tea = store.propose("Prefers green tea", "tea please", "preferences", 1.0).id
        cursor = cast(Follows, store).changes(None).cursor
        too_big = {tea: b"\x00" * (DERIVED_BYTES_MAX + 1)}
        for kind, rows in (("x" * (DERIVED_KIND_MAX + 1), {tea: b"1"}), ("", {tea: b"1"}), (self.KIND, too_big)):
            with pytest.raises(StoreError):
                keeps.keep_derived(kind, rows, cursor)
        assert keeps.derived_count(self.KIND) == (0, 1)
        assert keeps.keep_derived(self.KIND, {tea: b"\x00" * DERIVED_BYTES_MAX}, cursor) == [tea]

    # -- retired memories (`Retires`) -------------------------------------------------------------

    @staticmethod
    def _retires(store: Store) -> Retires:
        if not isinstance(store, Retires):
            pytest.skip("the store does not offer Retires (the owner cannot retire or replace memories)")
        return store

    def test_a_retired_memory_is_never_matched_filled_counted_or_a_document(self, store: Store) -> None:
        retires = self._retires(store)
        old = store.propose("Lives in Porto", "I live in Porto", "background", 1.0).id
        store.decide(old, "approve", 2.0)
        secret = store.propose("Lives near the Porto harbour", "harbour", "background", 3.0).id
        store.decide(secret, "restrict", 4.0)
        retires.retire(old, 5.0)
        retires.retire(secret, 6.0)
        words = frozenset({"porto", "harbour"})
        found = store.matches(words)
        assert (found.candidates, found.restricted) == ([], 0)
        if isinstance(store, RanksInStore):
            top = store.top_matches(words, 7)
            assert (top.candidates, top.restricted) == ([], 0)
        assert store.approved(3, ()) == []
        if isinstance(store, Follows):
            assert store.documents(None) == [] and store.documents([old, secret]) == []
        assert store.states([old, secret]) == {old: "retired", secret: "retired"}
        memory = store.get(old)
        assert memory is not None and (memory.text, memory.quotes) == ("Lives in Porto", ("I live in Porto",))
        assert [m.id for m in store.memories("retired")] == [secret, old]

    def test_replace_approves_the_new_memory_and_retires_the_old_with_a_link(self, store: Store) -> None:
        retires = self._retires(store)
        old = store.propose("Lives in Porto", "I live in Porto", "background", 1.0).id
        store.decide(old, "approve", 2.0)
        new = store.propose("Moved to Lisbon", "we moved to Lisbon", "background", 3.0).id
        store.propose("Moved to Lisbon", "Lisbon since June", "background", 4.0)
        approved, retired = retires.replace(old, new, 5.0, shown=["we moved to Lisbon"])
        assert (approved.memory_id, approved.action, approved.after) == (new, "approve", "approved")
        assert (retired.memory_id, retired.action, retired.before, retired.after) == (
            old,
            "retire",
            "approved",
            "retired",
        )
        assert store.states([old, new]) == {old: "retired", new: "approved"}
        assert store.get(new).pending == ("Lisbon since June",)  # type: ignore[union-attr]
        assert retires.retirements([old, new]) == {old: Retirement(memory_id=old, replaced_by=new, at=5.0, done=True)}
        assert [d.action for d in store.history(old)] == ["approve", "retire"]
        assert store.propose("Lives in Porto", "back in Porto", "background", 6.0) == Proposed(old, False, "retired")
        assert store.get(old).quotes == ("I live in Porto",)  # type: ignore[union-attr]
        undone = store.undo(7.0)
        assert undone is not None and (undone.memory_id, undone.action) == (old, "retire")
        assert store.states([old]) == {old: "approved"} and retires.retirements([old]) == {}
        for bad, match in [((old, old), "itself"), ((old, "m_000000000000"), "no memory")]:
            with pytest.raises(StoreError, match=match):
                retires.replace(*bad, 8.0)
        store.decide(new, "reject", 9.0)
        with pytest.raises(StoreError, match="rejected"):
            retires.replace(old, new, 10.0)
        assert store.states([old]) == {old: "approved"}

    def test_a_memory_retires_itself_on_its_date_at_the_first_read_after_it(self, store: Store) -> None:
        retires = self._retires(store)
        leave = store.propose("On parental leave", "I am on leave", "constraints", 1.0).id
        store.decide(leave, "approve", 2.0)
        set_date = retires.retire(leave, 3.0, on=100.0)
        assert (set_date.action, set_date.before, set_date.after) == ("retire-on", "approved", "approved")
        assert retires.retire_due(99.0) == [] and store.states([leave]) == {leave: "approved"}
        assert retires.retirements([leave])[leave] == Retirement(memory_id=leave, at=100.0, done=False)
        [done] = retires.retire_due(150.0)
        assert (done.memory_id, done.action, done.after, done.at) == (leave, "retire", "retired", 100.0)
        assert retires.retire_due(200.0) == []
        assert store.matches(frozenset({"leave"})).candidates == []
        store.undo(210.0)  # back, and the date that retired it gone with it
        assert retires.retire_due(300.0) == [] and store.states([leave]) == {leave: "approved"}
        store.undo(310.0)  # the date itself
        assert [d.action for d in store.history(leave) if not d.undone and d.action != "undo"] == ["approve"]

    def test_a_retired_memory_is_rejected_like_any_and_its_retirement_goes(self, store: Store) -> None:
        retires = self._retires(store)
        old = store.propose("Uses VS Code for everything", "VS Code all day", "tools", 1.0).id
        new = store.propose("Switched to Neovim", "neovim now", "tools", 2.0).id
        retires.replace(old, new, 3.0)
        store.decide(old, "reject", 4.0)
        memory = store.get(old)
        assert memory is not None and (memory.state, memory.text, memory.quotes) == ("rejected", "", ())
        assert retires.retirements([old]) == {}

    def test_retirements_survive_a_round_trip(self, tmp_path: Path) -> None:
        one, two = self.open_store(tmp_path / "one"), self.open_store(tmp_path / "two")
        try:
            retires, retires_two = self._retires(one), self._retires(two)
            old = one.propose("Lives in Porto", "Porto", "background", 1.0).id
            new = one.propose("Moved to Lisbon", "Lisbon", "background", 2.0).id
            leave = one.propose("On parental leave", "leave", "constraints", 3.0).id
            retires.replace(old, new, 4.0)
            retires.retire(leave, 5.0, replaced_by=new, on=1000.0)
            dumped = one.dump()
            by_id = {record.id: record for record in dumped}
            assert (by_id[old].replaced_by, by_id[old].retired_at, by_id[old].retires_on) == (new, 4.0, None)
            assert (by_id[leave].replaced_by, by_id[leave].retired_at, by_id[leave].retires_on) == (new, None, 1000.0)
            two.restore(dumped)
            assert two.dump() == dumped
            assert retires_two.retirements() == retires.retirements()
            assert [d.memory_id for d in retires_two.retire_due(2000.0)] == [leave]
        finally:
            one.close()
            two.close()

    # -- who proposed what (`KnowsProposers`) and the reviews' listing (`Outlines`) --------------------

    @staticmethod
    def _knows_proposers(store: Store) -> KnowsProposers:
        if not isinstance(store, KnowsProposers):
            pytest.skip("the store does not offer KnowsProposers (nothing is recorded or bounded per connection)")
        return store

    def test_a_new_memory_records_its_connection_and_the_bound_refuses_past_it(self, store: Store) -> None:
        knows = self._knows_proposers(store)
        flood = Connection(id="c_0000000a", client="flood", version="1.0", started=1.0)
        other = Connection(id="c_0000000b", client="", version="", started=2.0)
        before = store.propose("Prefers tea", "tea please", "preferences", 0.5).id  # no connection
        with knows.proposing(flood, 2):
            first = store.propose("Likes jazz", "jazz", "preferences", 1.0).id
            again = store.propose("Prefers tea", "green tea", "preferences", 1.5)  # not new: no proposer
            second = store.propose("Uses vim", "vim", "tools", 2.0).id
            dumped = store.dump()
            for text in ("Walks to work", "Likes jazz"):  # a new memory and a repeat alike
                with pytest.raises(TooManyWaiting) as refused:
                    store.propose(text, "once more", "other", 3.0)
                assert refused.value.most == 2
            assert store.dump() == dumped  # nothing stored
        with knows.proposing(other, 1):
            third = store.propose("Walks to work", "walking", "other", 4.0).id
        assert again.id == before and not again.new
        assert knows.proposers([before, first, second, third, "m_000000000000"]) == {
            first: flood.id,
            second: flood.id,
            third: other.id,
        }
        # Deciding on one makes room; what the owner decided still counts as proposed, not as waiting.
        store.decide(first, "reject", 5.0)
        with knows.proposing(flood, 2):
            fourth = store.propose("Reads on paper", "paper", "other", 6.0).id
        assert knows.proposers([first, fourth]) == {first: flood.id, fourth: flood.id}
        assert [(p.connection, p.waiting, p.proposed, p.last) for p in knows.connections()] == [
            (flood, 2, 3, 6.0),
            (other, 1, 1, 4.0),
        ]

    def test_the_bound_and_the_record_hold_across_stores_on_the_same_data(self, stores: Callable[[], Store]) -> None:
        one, two = stores(), stores()
        first, second = self._knows_proposers(one), self._knows_proposers(two)
        flood = Connection(id="c_0000000c", client="flood", version="", started=1.0)
        with first.proposing(flood, 2):
            one.propose("Likes jazz", "jazz", "preferences", 1.0)
        with second.proposing(flood, 2):
            two.propose("Uses vim", "vim", "tools", 2.0)
            with pytest.raises(TooManyWaiting):
                two.propose("Walks to work", "walking", "other", 3.0)
        assert [(p.connection.id, p.waiting) for p in first.connections()] == [(flood.id, 2)]

    def test_restore_proposers_takes_who_proposed_what_whole_or_not_at_all(self, store: Store) -> None:
        """What `personakit migrate` carries beside the memories: the connections and each memory's proposer,
        a rejected memory's too; a proposer among no connection given, or a memory the store does not have,
        records nothing; a connection the store has already stays as it was."""
        knows = self._knows_proposers(store)
        if not isinstance(store, RestoresProposers):
            pytest.skip("the store does not offer RestoresProposers (a migration into it leaves proposers out)")
        jazz = store.propose("Likes jazz", "jazz", "preferences", 1.0).id
        vim = store.propose("Uses vim", "vim", "tools", 2.0).id
        walk = store.propose("Walks to work", "walking", "other", 3.0).id
        alone = store.propose("Reads on paper", "paper", "other", 4.0).id
        store.decide(vim, "reject", 5.0)
        flood = Connection(id="c_0000000d", client="flood", version="2.0", started=0.5)
        other = Connection(id="c_0000000e", client="", version="", started=0.7)
        with pytest.raises(StoreError, match="c_0000000e, which is not among the connections given"):
            store.restore_proposers([flood], {jazz: flood.id, walk: other.id})
        with pytest.raises(UnknownMemory):
            store.restore_proposers([flood, other], {jazz: flood.id, "m_000000000000": other.id})
        assert knows.proposers([jazz, vim, walk, alone]) == {}
        store.restore_proposers([flood, other], {jazz: flood.id, vim: flood.id, walk: other.id})
        assert knows.proposers([jazz, vim, walk, alone]) == {jazz: flood.id, vim: flood.id, walk: other.id}
        assert [(p.connection, p.waiting, p.proposed, p.last) for p in knows.connections()] == [
            (other, 1, 1, 3.0),
            (flood, 1, 2, 2.0),
        ]
        store.restore_proposers([Connection(id=flood.id, client="renamed", started=9.0)], {alone: flood.id})
        assert [(p.connection, p.waiting) for p in knows.connections()] == [(flood, 2), (other, 1)]

    def test_proposed_by_gives_the_waiting_memories_of_connections_in_a_span_newest_first(self, store: Store) -> None:
        knows = self._knows_proposers(store)
        a = Connection(id="c_000000a1", client="a", version="", started=1.0)
        b = Connection(id="c_000000b2", client="b", version="", started=1.0)
        made: dict[float, str] = {}
        for at, by in ((1.0, a), (2.0, b), (3.0, a), (4.0, a), (5.0, b)):
            with knows.proposing(by, 100):
                made[at] = store.propose(f"Fact number{int(at)} here", f"said {at}", "other", at).id
        store.propose("Fact number6 here", "more words", "other", 6.0)  # proposed by no connection
        store.decide(made[4.0], "approve", 7.0)  # decided: no longer in any span
        assert knows.proposed_by([], None, None) == []
        assert [m.id for m in knows.proposed_by([a.id], None, None)] == [made[3.0], made[1.0]]
        assert [m.id for m in knows.proposed_by([a.id, b.id], None, None)] == [
            made[5.0],
            made[3.0],
            made[2.0],
            made[1.0],
        ]
        assert [m.id for m in knows.proposed_by([a.id, b.id], 2.0, 5.0)] == [made[3.0], made[2.0]]  # [since, until)
        assert [m.id for m in knows.proposed_by([b.id, "c_ffffffff"], 3.0, None)] == [made[5.0]]
        assert [m.id for m in knows.proposed_by([a.id], None, 3.0)] == [made[1.0]]
        listed = knows.proposed_by([b.id], None, None)
        assert [(m.text, m.state, m.created, m.quotes) for m in listed] == [
            ("Fact number5 here", "unconfirmed", 5.0, ()),
            ("Fact number2 here", "unconfirmed", 2.0, ()),
        ]

    def test_outlines_are_the_memories_with_only_their_waiting_quotes(self, store: Store) -> None:
        if not isinstance(store, Outlines):
            pytest.skip("the store does not offer Outlines (the reviews then read every quote)")
        tea = store.propose("Prefers tea", "tea please", "preferences", 1.0).id
        store.decide(tea, "approve", 2.0)
        store.propose("Prefers tea", "green tea later", "preferences", 3.0)  # waits for the owner
        store.propose("Likes jazz", "jazz", "preferences", 4.0)
        store.propose("Likes jazz", "bebop", "preferences", 5.0)
        store.decide(store.propose("Uses vim", "vim", "tools", 6.0).id, "restrict", 7.0)
        store.decide(store.propose("Walks to work", "walking", "other", 8.0).id, "reject", 9.0)

        def outlined(memories: list[Memory]) -> list[Memory]:
            return [msgspec.structs.replace(memory, quotes=memory.pending) for memory in memories]

        for state in (None, "unconfirmed", "approved", "restricted", "rejected", "retired"):
            assert store.outlines(state) == outlined(store.memories(state)), state
        found = {memory.id: memory for memory in store.outlines()}
        assert (found[tea].quotes, found[tea].pending) == (("green tea later",), ("green tea later",))
