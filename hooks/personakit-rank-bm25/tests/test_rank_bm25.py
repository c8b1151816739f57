"""personakit-rank-bm25: the scores, the order and its ties, and precedence over the default in a real kit."""

from __future__ import annotations

import math
from importlib import metadata
from pathlib import Path

import pytest
from personakit_plugin import Candidate, Memory, PersonaKit
from personakit_plugin.testing import plugins_listed

import personakit_rank_bm25

NAME = "rank-bm25"


def candidate(text: str, *, id: str, state: str = "unconfirmed", touched: float = 0.0) -> Candidate:
    memory = Memory(id=id, text=text, category="other", state=state, touched=touched)
    return Candidate(memory=memory, matched=1)


def rank(words: set[str], *candidates: Candidate) -> list[str]:
    return [c.memory.id for c in personakit_rank_bm25.personakit_rank(frozenset(words), candidates)]


# -- the scores -----------------------------------------------------------------------------------


def test_scores_follow_the_formula() -> None:
    # "and" and "with" are stop words: the lengths are 1 and 3, the mean 2; "tea" is in both.
    scores = personakit_rank_bm25.bm25_scores({"tea"}, ["Tea.", "Tea and cake with cream."])
    idf = math.log(1 + (2 - 2 + 0.5) / (2 + 0.5))
    assert scores == pytest.approx(
        [idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 1 / 2)), idf * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 3 / 2))]
    )


def test_a_rare_word_outweighs_a_common_one() -> None:
    texts = ["Rides a tandem", "Goes cycling", "Likes cycling", "Cycling club"]
    scores = personakit_rank_bm25.bm25_scores({"tandem", "cycling"}, texts)
    assert scores[0] > max(scores[1:]) > 0


def test_repeats_count_but_saturate() -> None:
    once, twice, thrice = personakit_rank_bm25.bm25_scores(
        {"tea"}, ["tea cake scone jam", "tea tea scone jam", "tea tea tea jam"]
    )
    assert once < twice < thrice < once * (1.2 + 1)


def test_a_word_in_every_candidate_still_counts() -> None:
    assert all(score > 0 for score in personakit_rank_bm25.bm25_scores({"tea"}, ["tea", "tea", "green tea"]))


def test_no_candidates() -> None:
    assert personakit_rank_bm25.bm25_scores({"tea"}, []) == []
    assert rank({"tea"}) == []


# -- the order ------------------------------------------------------------------------------------


def test_shorter_memories_come_first_for_the_same_word() -> None:
    long = candidate("Drinks tea in the morning, at noon, after lunch and late at night", id="m_long")
    short = candidate("Drinks tea", id="m_short")
    assert rank({"tea"}, long, short) == ["m_short", "m_long"]


def test_ties_are_broken_like_the_default() -> None:
    # Same length, same words: equal scores. Approved first, then most recent, then id.
    ties = [
        candidate("Likes green tea", id="m_b", touched=5.0),
        candidate("Likes black tea", id="m_a", touched=5.0),
        candidate("Likes white tea", id="m_c", touched=9.0),
        candidate("Likes jasmine tea", id="m_d", state="approved", touched=1.0),
    ]
    assert rank({"tea"}, *ties) == ["m_d", "m_c", "m_a", "m_b"]


def test_candidates_without_a_question_word_are_left_out() -> None:
    coffee, tea = candidate("Likes coffee", id="m_coffee"), candidate("Likes tea", id="m_tea")
    assert rank({"tea"}, coffee, tea) == ["m_tea"]


# -- in a real kit --------------------------------------------------------------------------------

QUESTION = "Weekend cycling plans on the tandem?"
SHORT_RARE = "Rides a tandem."
LONG_COMMON = (
    "Spends every weekend cycling along the coast with old friends, then cooks a long dinner and "
    "watches films until late."
)
OTHERS = [
    "Goes cycling on weekend mornings.",
    "Weekend cycling club member.",
    "Prefers cycling to driving at the weekend.",
]


def read_order(folder: Path, plugins: list[object]) -> list[str]:
    kit = PersonaKit.open(folder, plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        return [memory.text for memory in kit.read(QUESTION, 10).memories]
    finally:
        kit.close()


def test_it_takes_precedence_over_the_default_word_overlap(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    for text in [SHORT_RARE, LONG_COMMON, *OTHERS]:
        assert kit.propose(text, f"I said: {text}", "preferences").stored
    kit.close()

    # The default counts shared words: the long memory has two ("weekend", "cycling"), the short one
    # has one ("tandem"), so the short one comes last.
    by_overlap = read_order(folder, [])
    assert by_overlap[-1] == SHORT_RARE
    assert by_overlap.index(LONG_COMMON) < by_overlap.index(SHORT_RARE)

    # BM25, called before the `trylast` default, weighs the rare word and the short memory.
    by_bm25 = read_order(folder, [personakit_rank_bm25])
    assert by_bm25[0] == SHORT_RARE
    assert by_bm25[-1] == LONG_COMMON
    assert sorted(by_bm25) == sorted(by_overlap)


# -- installed for real ---------------------------------------------------------------------------


def test_the_entry_point_loads_with_its_version_and_can_be_disabled() -> None:
    (entry,) = [found for found in metadata.entry_points(group="personakit") if found.name == NAME]
    assert entry.load() is personakit_rank_bm25
    loaded = plugins_listed(PERSONAKIT_PLUGINS=NAME)[NAME]
    assert loaded["version"] == metadata.version("personakit-rank-bm25")
    assert loaded["hooks"] == ["personakit_rank"]
    assert not loaded["default"]
    assert NAME not in plugins_listed(PERSONAKIT_PLUGINS=NAME, PERSONAKIT_DISABLED_PLUGINS=NAME)


def test_allowed_by_name_it_ranks_reads(tmp_path: Path) -> None:
    kit = PersonaKit.open(tmp_path / "data", environ={"PERSONAKIT_PLUGINS": NAME})
    try:
        for text in [SHORT_RARE, LONG_COMMON, *OTHERS]:
            kit.propose(text, text, None)
        order = [memory.text for memory in kit.read(QUESTION, 10).memories]
        assert order[0] == SHORT_RARE and order[-1] == LONG_COMMON
    finally:
        kit.close()
