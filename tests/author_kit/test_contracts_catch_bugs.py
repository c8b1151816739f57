"""The redaction, ranking and retrieval contract suites reject the bugs plugin authors actually make, and the
hooks in this repository, the default ones and the documentation's examples pass them."""

from __future__ import annotations

import functools
import importlib.util
import inspect
import re
import unicodedata
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import QUESTION_MAX, Candidate, Scored, question_problem
from personakit_plugin.core.redaction import Mask
from personakit_plugin.core.words import content_words, split_words
from personakit_plugin.default_plugins import rank_overlap
from personakit_plugin.testing import RankingContract, RedactionContract, RetrievalContract
from personakit_plugin.testing.hook_contracts import (
    ODD_MEMORIES,
    UNKNOWN_QUESTIONS,
    WORDLESS_QUESTIONS,
    long_questions,
    odd_questions,
)

MakeKit = Callable[..., PersonaKit]
EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"
TICKET = re.compile(r"\bTICKET-\d+\b")


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"contract_example_{name}", EXAMPLES / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def failures(suite: object, make_kit: MakeKit, folder: Path) -> dict[str, str]:
    """Run every check of `suite` with its fixtures; the name and message of each that fails."""
    failed = {}
    for name in sorted(n for n in dir(suite) if n.startswith("test_")):
        check = getattr(suite, name)
        where = folder / name
        given = {
            "kit": lambda: make_kit(suite.plugin, folder=where),  # type: ignore[attr-defined]  # noqa: B023
            "personakit_make_kit": lambda: functools.partial(make_kit, folder=where),  # noqa: B023
            "tmp_path": lambda: where / "more",  # noqa: B023
        }
        try:
            check(**{arg: given[arg]() for arg in inspect.signature(check).parameters})
        except pytest.skip.Exception:
            pass
        except Exception as exc:  # an error fails the check as pytest runs it, as an assertion does
            failed[name] = str(exc)
    return failed


# -- redaction ----------------------------------------------------------------------------------


def redacting(spans: Callable[[str], Iterable[tuple[int, int]]]) -> SimpleNamespace:
    """A ticket-masking plugin whose masks are `spans(text)`."""

    @hookimpl
    def personakit_redact(text: str) -> list[Mask]:
        return [Mask(start, end, "issue") for start, end in spans(text)]

    return SimpleNamespace(personakit_redact=personakit_redact)


def tickets(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in TICKET.finditer(text)]


def ascii_only(text: str) -> list[tuple[int, int]]:
    text.encode("ascii")
    return tickets(text)


def first_only(text: str) -> list[tuple[int, int]]:
    return tickets(text)[:1]


def crashes_on_empty(text: str) -> list[tuple[int, int]]:
    assert text[0]
    return tickets(text)


BUGGY_REDACTIONS = {
    "shifted right": lambda t: [(s + 1, min(e + 1, len(t))) for s, e in tickets(t)],
    "shifted left": lambda t: [(max(s - 1, 0), e - 1) for s, e in tickets(t)],
    "one short at the start": lambda t: [(s + 1, e) for s, e in tickets(t)],
    "one short at the end": lambda t: [(s, e - 1) for s, e in tickets(t)],
    "the first occurrence only": first_only,
    "past the end": lambda t: [(s, e + 1) for s, e in tickets(t)],
    "crashes on an empty string": crashes_on_empty,
    "crashes on non-ASCII text": ascii_only,
}


def redaction_suite(plugin: object, targets: tuple[str, ...]) -> RedactionContract:
    class Under(RedactionContract):
        pass

    Under.plugin, Under.targets = plugin, targets
    return Under()


@pytest.mark.parametrize("bug", list(BUGGY_REDACTIONS))
def test_a_buggy_redaction_hook_is_rejected(bug: str, make_kit: MakeKit, tmp_path: Path) -> None:
    suite = redaction_suite(redacting(BUGGY_REDACTIONS[bug]), ("TICKET-48213", "TICKET-1"))
    failed = failures(suite, make_kit, tmp_path)
    assert "test_every_target_is_masked_exactly_wherever_it_stands" in failed or (
        "test_unusual_text_gets_masks_not_an_exception" in failed
    ), failed


LEAKY_LABELS = {
    "the ticket in its label": lambda text, start, end: "issue " + text[start:end],
    "a digit in its label": lambda text, start, end: "issue 2",
    "a long label": lambda text, start, end: "an issue in the tracker we use",
    "a word of the ticket as its label": lambda text, start, end: "ticket",
}


@pytest.mark.parametrize("bug", list(LEAKY_LABELS))
def test_a_label_that_can_carry_the_masked_text_is_rejected(bug: str, make_kit: MakeKit, tmp_path: Path) -> None:
    """Plugin authors learn the label rule in their tests: every check that asks for masks fails,
    saying what a label must be."""
    label = LEAKY_LABELS[bug]

    @hookimpl
    def personakit_redact(text: str) -> list[Mask]:
        return [Mask(start, end, label(text, start, end)) for start, end in tickets(text)]

    failed = failures(
        redaction_suite(SimpleNamespace(personakit_redact=personakit_redact), ("TICKET-1",)), make_kit, tmp_path
    )
    message = failed["test_every_target_is_masked_exactly_wherever_it_stands"]
    assert "a label is a plain short name" in message or "shares a word with the text it masks" in message, message


def test_a_shifted_mask_is_reported_with_the_sample_the_masks_and_what_was_expected(
    make_kit: MakeKit, tmp_path: Path
) -> None:
    suite = redaction_suite(redacting(BUGGY_REDACTIONS["shifted right"]), ("TICKET-48213",))
    message = failures(suite, make_kit, tmp_path)["test_every_target_is_masked_exactly_wherever_it_stands"]
    assert message.startswith("in the sample 'TICKET-48213' the masks [Mask(start=1, end=12, label='issue')]")
    assert "show 'T[issue]'; expected exactly ['TICKET-48213'] at [(0, 12)] hidden, showing '[issue]'" in message
    assert "(left visible: 'T', hidden too: '')" in message


def test_the_good_ticket_hook_passes_every_check(make_kit: MakeKit, tmp_path: Path) -> None:
    suite = redaction_suite(redacting(tickets), ("TICKET-48213", "TICKET-1"))
    assert failures(suite, make_kit, tmp_path) == {}
    assert len([n for n in dir(suite) if n.startswith("test_")]) == 7


@pytest.mark.parametrize(
    ("plugin", "targets"),
    [
        (example("redact_tickets"), ("TICKET-48213",)),
    ],
    ids=["redact_tickets"],
)
def test_the_good_redaction_hooks_here_pass(plugin: object, targets: tuple[str, ...], make_kit, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert failures(redaction_suite(plugin, targets), make_kit, tmp_path) == {}


def test_a_suite_with_samples_only_still_runs_its_checks(make_kit: MakeKit, tmp_path: Path) -> None:
    class Old(RedactionContract):
        plugin = redacting(tickets)
        samples = ("see TICKET-48213 for the details",)

    assert failures(Old(), make_kit, tmp_path) == {}

    class Broken(RedactionContract):
        plugin = redacting(lambda t: [])
        samples = ("see TICKET-48213 for the details",)

    assert "expected something masked" in failures(Broken(), make_kit, tmp_path)["test_masks_are_spans_inside_the_text"]


# -- ranking ------------------------------------------------------------------------------------


def ranking(order: Callable[[list[Candidate]], list[Candidate]]) -> SimpleNamespace:
    @hookimpl
    def personakit_rank(candidates: list[Candidate]) -> list[Candidate]:
        return order(list(candidates))

    return SimpleNamespace(personakit_rank=personakit_rank)


def invented(candidates: list[Candidate]) -> list[Candidate]:
    made_up = Candidate(memory=candidates[0].memory.__replace__(id="m_made_up_0000"), matched=1) if candidates else None
    return candidates + ([made_up] if made_up else [])


BUGGY_RANKINGS = {
    "returns a candidate twice": (lambda cs: cs + cs[:1], "test_returns_only_the_candidates_given_each_once"),
    "invents a candidate": (invented, "test_returns_only_the_candidates_given_each_once"),
    "depends on the input order": (
        lambda cs: sorted(cs, key=lambda c: -c.matched),
        "test_the_same_candidates_in_any_order_rank_the_same",
    ),
    "crashes on no candidates": (
        lambda cs: sorted(cs, key=lambda c: c.memory.id) if max(c.matched for c in cs) else [],
        "test_no_candidates_rank_to_nothing",
    ),
}


def ranking_suite(plugin: object) -> RankingContract:
    class Under(RankingContract):
        pass

    Under.plugin = plugin
    return Under()


@pytest.mark.parametrize("bug", list(BUGGY_RANKINGS))
def test_a_buggy_ranking_hook_is_rejected(bug: str, make_kit: MakeKit, tmp_path: Path) -> None:
    order, check = BUGGY_RANKINGS[bug]
    assert check in failures(ranking_suite(ranking(order)), make_kit, tmp_path)


@pytest.mark.parametrize("plugin", [example("rank_recent_first"), rank_overlap], ids=["recent", "overlap"])
def test_the_good_ranking_hooks_here_pass(plugin: object, make_kit: MakeKit, tmp_path: Path) -> None:
    assert failures(ranking_suite(plugin), make_kit, tmp_path) == {}


# -- retrieval ----------------------------------------------------------------------------------


class NeverFollows:
    """Indexes once, at its first call, and never again: a reject elsewhere stays in its memory."""

    def __init__(self) -> None:
        self.inner = example("retrieve_synonyms").SynonymRetriever()
        self.done: set[int] = set()

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, words: frozenset[str], limit: int) -> object:
        if id(kit) not in self.done:
            self.inner.follow(kit)
            self.done.add(id(kit))
        index = self.inner.indexes[kit]
        index.cursor = None
        wanted = frozenset().union(*(self.inner.alike.get(w, ()) for w in words))
        return [Scored(m, 1.0) for m, held in sorted(index.words.items()) if wanted & held][:limit]


def store_reader(use_pending: bool, ignore_view: bool) -> object:
    """Reads the store directly instead of `kit.documents`: its quotes include the waiting ones, its
    memories those outside the view."""
    inner = example("retrieve_synonyms").SynonymRetriever()

    @hookimpl
    def personakit_retrieve(kit: PersonaKit, words: frozenset[str], limit: int) -> object:
        wanted = frozenset().union(*(inner.alike.get(w, ()) for w in words))
        found = []
        for memory in kit.store.memories():
            if memory.state not in ("approved", "unconfirmed") or not (ignore_view or kit.view.shows(memory)):
                continue
            quotes = memory.quotes if use_pending else tuple(q for q in memory.quotes if q not in memory.pending)
            if wanted & content_words(" ".join((memory.text, *quotes))):
                found.append(Scored(memory.id, 1.0))
        return found[:limit]

    return SimpleNamespace(personakit_retrieve=personakit_retrieve)


def pads(kit: PersonaKit, limit: int) -> object:
    return [Scored(d.id, 1.0) for d in kit.documents()][:limit]


BUGGY_RETRIEVERS = {
    "never follows the store": (
        NeverFollows,
        "test_a_reject_or_restrict_in_another_process_is_gone_from_the_next_answer",
    ),
    "matches on waiting quotes": (lambda: store_reader(True, False), "test_a_waiting_quote_never_makes_a_match"),
    "ignores the view": (lambda: store_reader(False, True), "test_a_view_is_never_brought_a_memory_outside_it"),
    "pads with everything": (
        lambda: SimpleNamespace(personakit_retrieve=hookimpl(pads)),
        "test_nothing_relevant_is_an_empty_answer",
    ),
}


class KnownWordsOnly:
    """Weighs the guide's answer by one over the number of question words it knows: a question without
    a word it knows divides by zero."""

    def __init__(self) -> None:
        self.inner = example("retrieve_synonyms").SynonymRetriever()

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, words: frozenset[str], limit: int) -> object:
        weight = 1.0 / len([word for word in words if word in self.inner.alike])
        return [Scored(s.id, s.score * weight) for s in self.inner.personakit_retrieve(kit, words, limit)]


UNKNOWN = "<unknown>"


class UnknownIsAWord:
    """Counts every word it does not know as one word, `UNKNOWN`, and asks with it when a question has no
    word it knows: a question of unknown words matches every memory with an unknown word in it (as a
    model's vector of its unknown token would)."""

    def __init__(self) -> None:
        self.inner = example("retrieve_synonyms").SynonymRetriever()
        self.inner.alike[UNKNOWN] = frozenset({UNKNOWN})

    def known(self, words: frozenset[str]) -> frozenset[str]:
        return frozenset(word if word in self.inner.alike else UNKNOWN for word in words)

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, words: frozenset[str], limit: int) -> object:
        index = self.inner.follow(kit)
        index.words = {memory: self.known(held) | held for memory, held in index.words.items()}
        known = words & self.inner.alike.keys() or (self.known(words) if words else frozenset())
        wanted = frozenset().union(*(self.inner.alike[word] for word in known)) - (words - {UNKNOWN})
        found = sorted(memory for memory, held in index.words.items() if wanted & held)
        return [Scored(memory, 1.0) for memory in found[:limit]]


class OneTable:
    """The guide's retriever with one table of memories for every connection whose `key` is the same,
    each kit followed with a cursor of its own: a kit's reset fills the table with its memories, and a
    kit asked after that, with nothing new since its own cursor, is answered from them."""

    def __init__(self, key: Callable[[PersonaKit], object]) -> None:
        self.key = key
        self.alike = example("retrieve_synonyms").SynonymRetriever().alike
        self.cursors: weakref.WeakKeyDictionary[PersonaKit, str] = weakref.WeakKeyDictionary()
        self.tables: dict[object, dict[str, frozenset[str]]] = {}

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, words: frozenset[str], limit: int) -> object:
        changes = kit.changes(self.cursors.get(kit))
        table = self.tables[self.key(kit)] = {} if changes.reset else self.tables.get(self.key(kit), {})
        for memory in changes.ids:
            table.pop(memory, None)
        for document in kit.documents(None if changes.reset else changes.ids):
            table[document.id] = content_words(" ".join((document.text, *document.quotes)))
        self.cursors[kit] = changes.cursor
        wanted = frozenset().union(*(self.alike.get(word, ()) for word in words)) - words
        return [Scored(memory, 1.0) for memory in sorted(m for m, held in table.items() if wanted & held)][:limit]


ESCAPED_RETRIEVERS = {
    "raises on a question without a word it knows": (
        KnownWordsOnly,
        "test_a_question_of_words_it_does_not_know_brings_nothing",
    ),
    "matches unknown words to unknown words": (
        UnknownIsAWord,
        "test_a_question_of_words_it_does_not_know_brings_nothing",
    ),
    "one index for every connection": (
        lambda: OneTable(lambda kit: None),
        "test_each_connection_is_brought_only_what_it_can_see",
    ),
    "one index per data folder, for all its views": (
        lambda: OneTable(lambda kit: kit.config.data_dir),
        "test_each_connection_is_brought_only_what_it_can_see",
    ),
}
"""Bugs a plugin author made on purpose that the first six checks of the retrieval contract missed."""

FIRST_CHECKS = {
    "test_brings_the_relevant_memories_best_first_within_the_limit",
    "test_nothing_relevant_is_an_empty_answer",
    "test_a_reject_or_restrict_in_another_process_is_gone_from_the_next_answer",
    "test_a_view_is_never_brought_a_memory_outside_it",
    "test_a_waiting_quote_never_makes_a_match",
    "test_a_read_through_the_hook_keeps_the_contract",
}


def retrieval_suite(plugin: object) -> RetrievalContract:
    class Under(RetrievalContract):
        question = "Which coffee do they drink?"
        relevant = ("Drinks espresso after lunch", "Orders a latte every morning", "Takes a cappuccino at four")
        unrelated = ("Keeps a paper notebook", "Walks to the office")

    Under.plugin = plugin
    return Under()


@pytest.mark.parametrize("bug", list(BUGGY_RETRIEVERS))
def test_a_buggy_retrieval_hook_is_rejected(bug: str, make_kit: MakeKit, tmp_path: Path) -> None:
    make, check = BUGGY_RETRIEVERS[bug]
    assert check in failures(retrieval_suite(make()), make_kit, tmp_path)


def test_the_guides_retrieval_hook_passes(make_kit: MakeKit, tmp_path: Path) -> None:
    assert failures(retrieval_suite(example("retrieve_synonyms")), make_kit, tmp_path) == {}


@pytest.mark.parametrize("bug", list(ESCAPED_RETRIEVERS))
def test_a_retriever_the_first_checks_missed_is_rejected(bug: str, make_kit: MakeKit, tmp_path: Path) -> None:
    """Each bug passes the checks the contract had first, and fails a check it has now."""
    make, check = ESCAPED_RETRIEVERS[bug]
    checks = {name for name in dir(RetrievalContract) if name.startswith("test_")}
    assert checks.issuperset(FIRST_CHECKS) and check in checks - FIRST_CHECKS
    failed = failures(retrieval_suite(make()), make_kit, tmp_path)
    assert check in failed, failed
    assert not FIRST_CHECKS & set(failed), failed


def test_the_hostile_questions_are_what_the_contract_says(make_kit: MakeKit) -> None:
    """Questions without a word have none, those of unknown words share none with the odd memories,
    every question is one a read takes (the long ones within a few characters of the bound once
    normalised), and every odd memory is stored."""
    assert all(split_words(question) == [] for question in WORDLESS_QUESTIONS)
    odd_words = set().union(*(split_words(text) for text in ODD_MEMORIES))
    assert all(not odd_words & set(split_words(question)) for question in UNKNOWN_QUESTIONS)
    question = "Which coffee do they drink?"
    for asked in (*WORDLESS_QUESTIONS, *UNKNOWN_QUESTIONS, *long_questions(question), *odd_questions(question)):
        assert question_problem(asked) is None, asked[:40]
    for asked in long_questions(question):
        assert QUESTION_MAX - 30 <= len(unicodedata.normalize("NFKC", asked).casefold()) <= QUESTION_MAX
    kit = make_kit()
    assert all(kit.propose(text, text, None).stored for text in ODD_MEMORIES)
