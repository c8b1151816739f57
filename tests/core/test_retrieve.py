"""The read with retrieval hooks (`personakit_retrieve`): what a retriever is given, what it may bring,
and what holds whatever it does: the boundary, the view, `withheld`, the fill, erasure at the next read."""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import msgspec
import pytest

from personakit_plugin import hookimpl, weighs_words
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import Changes, Scored, View
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import Config, Follows, Store
from personakit_plugin.storage.sqlite import SqliteStore
from personakit_plugin.testing import RetrievalContract

from ..conftest import stdio_parameters
from ..helpers.installed import install  # noqa: F401  (a fixture)
from ..helpers.stdio import READ, REQUEST_TIMEOUT, TEST_TIMEOUT, MakeKit, call, cli

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "retrieve_synonyms.py"
QUESTION = "Which coffee do they drink?"


def synonyms() -> ModuleType:
    """A fresh copy of the guide's example retriever (its state is its own)."""
    spec = importlib.util.spec_from_file_location("retrieve_synonyms_example", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TestTheGuidesRetriever(RetrievalContract):
    plugin = synonyms()
    question = QUESTION
    relevant = ("Drinks espresso after lunch", "Orders a latte every morning", "Takes a cappuccino at four")
    unrelated = ("Keeps a paper notebook", "Walks to the office")


class Scripted:
    """A retriever that answers what it is told (`answer(kit, documents)`), having asked for every
    document; it keeps what it was given, to check the view."""

    def __init__(self, answer: Callable[[PersonaKit, list[Any]], object]) -> None:
        self.answer = answer
        self.given: list[Any] = []

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, limit: int) -> object:
        documents = kit.documents(None)
        self.given.extend(documents)
        return self.answer(kit, documents)


def scored(*ids: str) -> Callable[[PersonaKit, list[Any]], list[Scored]]:
    return lambda kit, documents: [Scored(memory, float(len(ids) - n)) for n, memory in enumerate(ids)]


def seed(kit: PersonaKit, rows: Sequence[tuple[str, str, str | None]]) -> list[str]:
    """Propose each (text, category, decision or None) and return the ids."""
    ids = []
    for text, category, decision in rows:
        memory = kit.propose(text, f"I said: {text}", category).id
        assert memory is not None
        if decision:
            kit.store.decide(memory, decision, kit.now())
        ids.append(memory)
    return ids


def ids(kit: PersonaKit, question: str = QUESTION, limit: int = 7) -> list[str]:
    return [memory.id for memory in kit.read(question, limit).memories]


def test_a_retriever_brings_first_what_shares_no_word_then_the_word_matches(make_kit: MakeKit, data_dir: Path) -> None:
    plain = make_kit()
    espresso, grinder, notebook = seed(
        plain,
        [
            ("Drinks espresso after lunch", "preferences", None),
            ("Has a coffee grinder", "tools", "approve"),
            ("Keeps a paper notebook", "tools", "approve"),
        ],
    )
    assert ids(plain) == [grinder, notebook]  # an unconfirmed memory never fills
    kit = make_kit(synonyms(), folder=data_dir)
    assert ids(kit) == [espresso, grinder, notebook]  # two matched (one by meaning), one fills
    assert ids(kit, limit=1) == [espresso]
    assert ids(kit, limit=2) == [espresso, grinder]
    assert kit.retrieve(QUESTION, 5) == [Scored(espresso, 1.0)]


def test_a_retriever_answering_none_leaves_the_default_read_byte_for_byte(make_kit: MakeKit, data_dir: Path) -> None:
    plain = make_kit()
    seed(
        plain,
        [
            ("Drinks espresso after lunch", "preferences", None),
            ("Has a coffee grinder", "tools", "approve"),
            ("Keeps a secret coffee stash", "tools", "restrict"),
            ("Keeps a paper notebook", "tools", "approve"),
        ],
    )
    silent = make_kit(Scripted(lambda kit, documents: None), folder=data_dir)
    for question in (QUESTION, "paper", "nothing shared", ""):
        for limit in (1, 2, 7):
            expected = msgspec.json.encode(plain.read(question, limit))
            assert msgspec.json.encode(silent.read(question, limit)) == expected


def test_where_nothing_is_relevant_a_read_is_no_more_than_the_fill(make_kit: MakeKit, data_dir: Path) -> None:
    plain = make_kit()
    seed(plain, [(f"Keeps notebook number {n}", "tools", "approve") for n in range(5)])
    seed(plain, [("Drinks espresso after lunch", "preferences", None)])
    empty = make_kit(Scripted(lambda kit, documents: []), synonyms(), folder=data_dir)
    for question in ("Which car do they drive?", "weather"):
        result = empty.read(question, 7)
        assert len(result.memories) == 3 and all(memory.confirmed for memory in result.memories)
        assert result == plain.read(question, 7)


def test_what_a_view_may_not_read_never_leaves_whatever_a_retriever_brings(make_kit: MakeKit, data_dir: Path) -> None:
    """A buggy retriever naming restricted, rejected, unknown, unconfirmed (under --approved-only) or
    other categories' memories: they are dropped before fusion and never leave."""
    owner = make_kit()
    good, unconfirmed, restricted, rejected, elsewhere = seed(
        owner,
        [
            ("Drinks espresso after lunch", "preferences", "approve"),
            ("Orders a latte every morning", "preferences", None),
            ("Keeps a cappuccino secret", "preferences", "restrict"),
            ("Hates instant powder", "preferences", "reject"),
            ("Grew up above a cafe", "background", "approve"),
        ],
    )
    bad = ("m_000000000000", restricted, rejected, elsewhere, unconfirmed)
    retriever = Scripted(scored(*bad, good))
    view = View(categories=frozenset({"preferences"}), approved_only=True)
    kit = PersonaKit(make_kit(retriever, folder=data_dir).pm, Config(data_dir=data_dir), view)
    try:
        assert kit.retrieve(QUESTION, 7) == [Scored(good, 1.0)]
        result = kit.read(QUESTION, 7)
        assert [memory.id for memory in result.memories] == [good]
        assert result.note is None
        # What the retriever was given is only what the view may read.
        assert {document.id for document in retriever.given} == {good}
        assert kit.documents(bad) == []
    finally:
        kit.close()


def test_withheld_is_the_word_indexs_count_whatever_the_retrievers_bring(make_kit: MakeKit, data_dir: Path) -> None:
    plain = make_kit()
    espresso, secret, _ = seed(
        plain,
        [
            ("Drinks espresso after lunch", "preferences", None),
            ("Keeps a secret coffee stash", "tools", "restrict"),
            ("Has an espresso secret", "tools", "restrict"),  # restricted, shares no word with the question
        ],
    )
    assert plain.read(QUESTION, 7).withheld == 1
    kit = make_kit(Scripted(scored(secret, espresso)), synonyms(), folder=data_dir)
    result = kit.read(QUESTION, 7)
    assert ([memory.id for memory in result.memories], result.withheld) == ([espresso], 1)


class Weighing(Scripted):
    """A retriever that declares it weighs the question's words itself."""

    @hookimpl
    @weighs_words
    def personakit_retrieve(self, kit: PersonaKit, limit: int) -> object:
        return Scripted.personakit_retrieve(self, kit, limit)


def test_a_retriever_that_weighs_the_words_leaves_out_the_word_matches_it_did_not_bring(
    make_kit: MakeKit, data_dir: Path
) -> None:
    plain = make_kit()
    espresso, grinder, beans, _, notebook = seed(
        plain,
        [
            ("Drinks espresso after lunch", "preferences", "approve"),
            ("Has a coffee grinder", "tools", "approve"),
            ("Buys coffee beans on Fridays", "preferences", None),
            ("Keeps a secret coffee stash", "tools", "restrict"),
            ("Keeps a paper notebook", "tools", "approve"),
        ],
    )
    assert ids(plain) == [grinder, beans, notebook]  # two word matches, then one approved fills
    weighing = make_kit(Weighing(scored(espresso)), folder=data_dir)
    result = weighing.read(QUESTION, 7)
    # What it brought, then the fill: neither word match it left out is shown (the fill takes approved
    # memories that share no word), and `withheld` is still the word index's count.
    assert [memory.id for memory in result.memories] == [espresso, notebook]
    assert result.withheld == 1 == plain.read(QUESTION, 7).withheld
    nothing = make_kit(Weighing(lambda kit, documents: []), folder=data_dir)
    assert ids(nothing) == [notebook, espresso]  # the fill alone
    # Beside a retriever that does not weigh words, what both bring is fused and the word matches
    # still stay out: one that weighs them has judged them.
    both = make_kit(Weighing(scored(espresso)), Scripted(scored(grinder)), folder=data_dir)
    assert ids(both) == [espresso, grinder, notebook]
    unweighed = make_kit(Scripted(scored(espresso)), folder=data_dir)
    assert ids(unweighed) == [espresso, grinder, beans]  # the word matches follow what it brings
    # Answering None, it stays out of the read, and the word matches come as without it.
    silent = make_kit(Weighing(lambda kit, documents: None), folder=data_dir)
    assert ids(silent) == ids(plain)


def test_several_retrievers_are_fused_by_reciprocal_rank(make_kit: MakeKit, data_dir: Path) -> None:
    plain = make_kit()
    x, y, z, w = seed(plain, [(f"Memory number {n}", "other", None) for n in range(4)])
    kit = make_kit(Scripted(scored(x, y)), Scripted(scored(y, z)), folder=data_dir)
    brought = kit.retrieve("anything", 7)
    assert brought is not None
    assert [item.id for item in brought] == [y, x, z]
    assert math.isclose(brought[0].score, 1 / 61 + 1 / 62) and math.isclose(brought[2].score, 1 / 62)
    assert ids(kit, "anything") == [y, x, z]
    assert ids(kit, "number", 2) == [y, x]  # every memory matches by word; the retrievers' come first
    assert ids(kit, "number", 4)[3] == w


@pytest.mark.parametrize(
    ("answer", "what"),
    [
        (lambda kit, documents: 1 / 0, "failed in personakit_retrieve"),
        (lambda kit, documents: "m_000000000000", "not a list of Scored"),
        (lambda kit, documents: [("m_000000000000", 1.0)], "not Scored"),
        (lambda kit, documents: [Scored(documents[0].id, math.nan)], "not Scored"),
        (lambda kit, documents: [Scored(documents[0].id, "high")], "not Scored"),  # type: ignore[arg-type]
        (lambda kit, documents: [Scored(documents[0].id, 1.0)] * 2, "the same memory twice"),
        (lambda kit, documents: [Scored(d.id, 1.0) for d in documents], "more than the limit of 1"),
        (lambda kit, documents: (Scored(d.id, 1 / 0) for d in documents), "failed in personakit_retrieve"),
    ],
)
def test_a_retriever_that_misbehaves_fails_the_read_closed(
    make_kit: MakeKit, data_dir: Path, answer: Callable[[PersonaKit, list[Any]], object], what: str
) -> None:
    plain = make_kit()
    seed(plain, [("Drinks espresso after lunch", "preferences", None), ("Has a coffee grinder", "tools", None)])
    kit = make_kit(Scripted(answer), folder=data_dir)
    with pytest.raises(PluginError, match=r"plugin 'Scripted'.*personakit_retrieve") as raised:
        kit.read(QUESTION, 1)
    assert what in str(raised.value)


@pytest.mark.system
def test_a_reject_in_another_process_is_gone_from_the_retrievers_memory_at_the_next_read(
    make_kit: MakeKit, data_dir: Path
) -> None:
    example = synonyms()
    kit = make_kit(example, folder=data_dir)
    espresso, latte = seed(
        kit, [("Drinks espresso after lunch", "preferences", None), ("Orders a latte every morning", "other", None)]
    )
    assert set(ids(kit)) == {espresso, latte}
    index = example.plugin.indexes[kit]
    assert set(index.words) == {espresso, latte}
    cli(data_dir, "reject", espresso)  # the owner's command line: another process
    cli(data_dir, "restrict", latte)
    assert ids(kit) == []
    assert index.words == {}, "nothing derived from a rejected or restricted memory outlives the next read"


class Unfollowed(SqliteStore):
    """SQLite without the `Follows` capability: the kit's fallback."""

    changes = None  # type: ignore[assignment]
    documents = None  # type: ignore[assignment]


class OpensUnfollowed:
    @hookimpl
    def personakit_store(self, config: Config) -> Store:
        return Unfollowed.open(config.data_dir)


def test_a_store_that_cannot_follow_resets_every_retriever_and_still_keeps_every_rule(make_kit: MakeKit) -> None:
    example = synonyms()
    kit = make_kit(example, OpensUnfollowed())
    assert not isinstance(kit.store, Follows)
    espresso, latte, secret = seed(
        kit,
        [
            ("Drinks espresso after lunch", "preferences", "approve"),
            ("Orders a latte every morning", "other", None),
            ("Keeps a cappuccino secret", "other", "restrict"),
        ],
    )
    kit.propose("Drinks espresso after lunch", "an assistant's latte claim", "other")  # waits for the owner
    assert kit.changes(None) == kit.changes("anything") == Changes(cursor="unfollowed", reset=True)
    documents = {document.id: document for document in kit.documents()}
    assert sorted(documents) == sorted([espresso, latte])
    assert documents[espresso].quotes == ("I said: Drinks espresso after lunch",)
    assert [document.id for document in kit.documents([secret, latte, "m_000000000000"])] == [latte]
    first, second = sorted([espresso, latte])
    assert [document.id for document in kit.documents(limit=1)] == [first]  # a page, in id order
    assert [document.id for document in kit.documents(after=first, limit=5)] == [second]
    assert kit.documents(after=second, limit=5) == []
    assert set(ids(kit)) == {espresso, latte}
    kit.store.decide(latte, "reject", kit.now())
    assert ids(kit) == [espresso]
    assert set(example.plugin.indexes[kit].words) == {espresso}


RETRIEVER_MODULE = """
import importlib.util

_spec = importlib.util.spec_from_file_location("retrieve_synonyms_example", {path!r})
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
personakit_retrieve = _module.personakit_retrieve
"""


@pytest.mark.anyio
@pytest.mark.system
async def test_over_stdio_a_retriever_brings_by_meaning_and_forgets_a_reject_made_elsewhere(
    data_dir: Path,
    install: Callable[..., str],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The guide's retriever installed as a plugin of a real server process: an assistant asking
    about coffee gets the espresso memory; once the owner rejects it on the command line, the
    server's next read no longer brings it, and a restricted one never came."""
    from mcp import Client

    install("synonyms", RETRIEVER_MODULE.format(path=str(EXAMPLE)))
    owner = PersonaKit.open(data_dir, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        espresso, _, secret = seed(
            owner,
            [
                ("Drinks espresso after lunch", "preferences", None),
                ("Keeps a paper notebook", "tools", "approve"),
                ("Hides a latte habit", "preferences", "restrict"),
            ],
        )
    finally:
        owner.close()
    env = {"PERSONAKIT_PLUGINS": "synonyms", "PYTHONPATH": str(tmp_path / "installed")}
    with anyio.fail_after(TEST_TIMEOUT):
        async with Client(stdio_parameters(data_dir, env=env), read_timeout_seconds=REQUEST_TIMEOUT) as client:
            first = await call(client, READ, question=QUESTION)
            assert first["memories"][0]["id"] == espresso
            assert secret not in {memory["id"] for memory in first["memories"]}
            await anyio.to_thread.run_sync(lambda: cli(data_dir, "reject", espresso))
            again = await call(client, READ, question=QUESTION)
            assert espresso not in {memory["id"] for memory in again["memories"]}
            assert all(memory["confirmed"] for memory in again["memories"]), "only the approved fill is left"


def test_the_owners_review_shows_the_paraphrases_a_retriever_finds(make_kit: MakeKit) -> None:
    from personakit_plugin.owner.review.shared import Similar
    from personakit_plugin.owner.review.web import ReviewApi

    kit = make_kit(synonyms())
    espresso, cappuccino, _ = seed(
        kit,
        [
            ("Drinks espresso daily", "preferences", None),
            ("Loves a cappuccino", "preferences", "approve"),
            ("Keeps a paper notebook", "tools", "approve"),
        ],
    )
    memories = kit.store.memories()
    drinks = next(memory for memory in memories if memory.id == espresso)
    assert Similar(memories).to(drinks) == []  # by words alone they share nothing
    assert [memory.id for memory in Similar(memories, kit).to(drinks)] == [cappuccino]
    shown = ReviewApi(kit).similar(espresso)  # what the page asks for as the card is shown
    assert [other["id"] for other in shown["similar"]] == [cappuccino]
    plain = make_kit(folder=kit.config.data_dir)
    assert Similar(memories, plain).to(drinks) == []  # no retriever: today's likeness by words


def test_the_ranking_hook_in_effect_orders_the_word_matches_after_the_retrievers(
    make_kit: MakeKit, data_dir: Path
) -> None:
    class IdsDescending:
        @hookimpl
        def personakit_rank(self, candidates: list[Any]) -> list[Any]:
            return sorted(candidates, key=lambda candidate: candidate.memory.id, reverse=True)

    plain = make_kit()
    espresso, *matching = seed(
        plain,
        [
            ("Drinks espresso after lunch", "preferences", None),
            ("Has a coffee grinder", "tools", None),
            ("Drinks coffee black", "preferences", None),
            ("Buys coffee beans weekly", "preferences", None),
        ],
    )
    kit = make_kit(synonyms(), IdsDescending(), folder=data_dir)
    assert ids(kit) == [espresso, *sorted(matching, reverse=True)]
    assert ids(kit, limit=2) == [espresso, max(matching)]


def test_an_unlogged_bulk_write_resets_every_retriever(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An import or restore of many memories writes no log rows and raises the generation: a
    follower's cursor then gets a reset, never a partial list of ids."""
    from personakit_plugin.storage import sqlite_changes

    reader, writer = SqliteStore.open(tmp_path), SqliteStore.open(tmp_path)
    try:
        writer.propose("Drinks espresso after lunch", "espresso", "preferences", 1.0)
        cursor = reader.changes(None).cursor
        monkeypatch.setattr(sqlite_changes, "UNLOGGED_FROM", 2)
        writer.bulk_propose([("Orders a latte", "latte", "other", 2.0), ("Takes a cappuccino", "q", "other", 3.0)])
        after = reader.changes(cursor)
        assert after.reset and after.ids == ()
        assert len(reader.documents(None)) == 3
        assert reader.changes(after.cursor) == Changes(cursor=after.cursor, reset=False)
    finally:
        reader.close()
        writer.close()
