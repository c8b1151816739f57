"""The corpora the secret detector is measured on, and its figures on each.

`data/everyday/` holds sentences written from how owners talk to an assistant, in a development part
and a held-out part that is never read while tuning (see its README); `data/other_shapes/` is laid
out the same, for seed phrases, split card numbers, plain-word passwords and identity and bank
numbers; `corpus/secrets_fresh/` is a blind corpus in five languages, written without reading the
detector, in forty-nine tuning parts and a held-out part (see its README: each of the first forty-eight held-out
parts was looked at once after tuning and became a tuning part; the next held-out part is added apart
and may not be there yet); `corpus/` and `data/` hold the older corpora, the regression set. `figures()` is
what every test run prints.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets import holds_secret

TESTS = Path(__file__).parent.parent
EVERYDAY = TESTS / "data" / "everyday"
OTHER_SHAPES = TESTS / "data" / "other_shapes"
FRESH = TESTS / "corpus" / "secrets_fresh"
PARTS = ("development", "held_out")
FRESH_TUNE_PARTS = (
    "tune",
    "tune_round2",
    "tune_round3",
    "tune_round4",
    "tune_round5",
    "tune_round6",
    "tune_round7",
    "tune_round8",
    "tune_round9",
    "tune_round10",
    "tune_round11",
    "tune_round12",
    "tune_round13",
    "tune_round14",
    "tune_round15",
    "tune_round16",
    "tune_round17",
    "tune_round18",
    "tune_round19",
    "tune_round20",
    "tune_round21",
    "tune_round22",
    "tune_round23",
    "tune_round24",
    "tune_round25",
    "tune_round26",
    "tune_round27",
    "tune_round28",
    "tune_round29",
    "tune_round30",
    "tune_round31",
    "tune_round32",
    "tune_round33",
    "tune_round34",
    "tune_round35",
    "tune_round36",
    "tune_round37",
    "tune_round38",
    "tune_round39",
    "tune_round40",
    "tune_round41",
    "tune_round42",
    "tune_round43",
    "tune_round44",
    "tune_round45",
    "tune_round46",
    "tune_round47",
    "tune_round48",
    "tune_round49",
)
FRESH_HELD_OUT = "heldout"
# Two corpora written blind the same way, each of two parts, both tuned on since (see each one's README): taxpayer
# numbers as owners say them, and numbers named by an acronym typed in lower case.
TAX_NUMBERS = TESTS / "corpus" / "secrets_tax_numbers"
LOWER_CASE = TESTS / "corpus" / "secrets_lower_case"
APART_PARTS = ("part1", "part2")
FRESH_PARTS = (*FRESH_TUNE_PARTS, FRESH_HELD_OUT)


class Case(NamedTuple):
    secret: bool
    text: str
    quote: str
    lang: str = ""


def _unescape(text: str) -> str:
    escapes = {"n": "\n", "t": "\t"}
    return re.sub(r"\\(n|t|u[0-9a-fA-F]{4})", lambda m: escapes.get(m[1]) or chr(int(m[1][1:], 16)), text)


def everyday(part: str) -> tuple[Case, ...]:
    """One part of the everyday corpus: `secret` or `ordinary`, the quote, perhaps the text."""
    return cases_of(EVERYDAY, part)


def other_shapes(part: str) -> tuple[Case, ...]:
    """One part of the corpus of secrets in other shapes, laid out as the everyday corpus is."""
    return cases_of(OTHER_SHAPES, part)


@functools.cache
def cases_of(folder: Path, part: str) -> tuple[Case, ...]:
    """One part (`development` or `held_out`) of a corpus laid out as `data/everyday/` is."""
    cases = []
    for number, line in enumerate((folder / f"{part}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        label, quote, *text = line.split("\t")
        assert label in {"secret", "ordinary"} and len(text) <= 1, f"{part}.tsv line {number}: {line!r}"
        cases.append(Case(label == "secret", _unescape(text[0]) if text else "", _unescape(quote)))
    return tuple(cases)


def fresh_exists(part: str) -> bool:
    """Whether a part of the blind corpus is there: the held-out part is written apart and added later."""
    return (FRESH / f"{part}.jsonl").is_file()


def fresh_missing(part: str) -> str:
    """The one-line message of a part of the blind corpus that is not there yet."""
    return f"the blind corpus has no {part!r} part yet ({FRESH.name}/{part}.jsonl is added apart): skipped"


def fresh(part: str) -> tuple[Case, ...]:
    """One part (`tune`, `tune_round2` to `tune_round49`, or `heldout`) of the blind corpus (`blind_part`)."""
    return blind_part(FRESH, part)


@functools.cache
def blind_part(folder: Path, part: str) -> tuple[Case, ...]:
    """One part of a corpus written without reading the detector (`FRESH`, `TAX_NUMBERS`, `LOWER_CASE`): a JSON
    object a line, `secret`, `lang`, `kind` and the words: in the blind corpus's first two tuning parts `text` alone,
    the owner's words (the quote); elsewhere `text`, the memory as an assistant words it, and `quote`, the owner's
    own words (a secret may be in either, or split between them)."""
    cases = []
    for number, line in enumerate((folder / f"{part}.jsonl").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        assert isinstance(row.get("secret"), bool) and isinstance(row.get("text"), str), f"{part}.jsonl line {number}"
        text, quote = (row["text"], row["quote"]) if "quote" in row else ("", row["text"])
        assert isinstance(quote, str), f"{part}.jsonl line {number}"
        cases.append(Case(row["secret"], text, quote, row.get("lang", "")))
    return tuple(cases)


def _lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("# ")]


@functools.cache
def regression() -> tuple[Case, ...]:
    """The older corpora, each sentence a quote of its own: positives `kind<TAB>sentence` or
    `family<TAB>kind<TAB>sentence`, negatives a sentence a line."""
    corpus, data = TESTS / "corpus", TESTS / "data"
    positive = [*_lines(corpus / "secrets_positive.txt"), *_lines(data / "credentials_positive.txt")]
    negative = [*_lines(corpus / "ordinary_negative.txt"), *_lines(data / "credentials_negative.txt")]
    cases = [Case(True, "", _unescape(line.split("\t")[-1])) for line in positive]
    cases += [Case(False, "", _unescape(line)) for line in negative]
    return tuple(cases)


class Figures(NamedTuple):
    name: str
    found: int
    secrets: int
    refused: int
    ordinary: int

    @property
    def recall(self) -> float:
        return self.found / self.secrets if self.secrets else 0.0

    @property
    def false_positive_rate(self) -> float:
        return self.refused / self.ordinary if self.ordinary else 0.0

    def line(self) -> str:
        return (
            f"  {self.name:<26} recall {self.found:>3}/{self.secrets:<3} ({self.recall:6.1%})   "
            f"false positives {self.refused:>2}/{self.ordinary:<4} ({self.false_positive_rate:5.1%})"
        )


def stored_secrets(cases: tuple[Case, ...]) -> list[Case]:
    """The secrets of `cases` the detector lets through."""
    return [case for case in cases if case.secret and not holds_secret(case.text, case.quote)]


def refused_ordinary(cases: tuple[Case, ...]) -> list[Case]:
    """The ordinary sentences of `cases` the detector refuses."""
    return [case for case in cases if not case.secret and holds_secret(case.text, case.quote)]


def measure(name: str, cases: tuple[Case, ...]) -> Figures:
    secrets = [case for case in cases if case.secret]
    ordinary = [case for case in cases if not case.secret]
    return Figures(
        name, len(secrets) - len(stored_secrets(cases)), len(secrets), len(refused_ordinary(cases)), len(ordinary)
    )


@functools.cache
def figures() -> tuple[Figures, ...]:
    return (
        measure("everyday, development", everyday("development")),
        measure("everyday, held out", everyday("held_out")),
        measure("other shapes, development", other_shapes("development")),
        measure("other shapes, held out", other_shapes("held_out")),
        measure("fresh, tune", fresh("tune")),
        measure("fresh, tune round 2", fresh("tune_round2")),
        measure("fresh, tune round 3", fresh("tune_round3")),
        measure("fresh, tune round 4", fresh("tune_round4")),
        measure("fresh, tune round 5", fresh("tune_round5")),
        measure("fresh, tune round 6", fresh("tune_round6")),
        measure("fresh, tune round 7", fresh("tune_round7")),
        measure("fresh, tune round 8", fresh("tune_round8")),
        measure("fresh, tune round 9", fresh("tune_round9")),
        measure("fresh, tune round 10", fresh("tune_round10")),
        measure("fresh, tune round 11", fresh("tune_round11")),
        measure("fresh, tune round 12", fresh("tune_round12")),
        measure("fresh, tune round 13", fresh("tune_round13")),
        measure("fresh, tune round 14", fresh("tune_round14")),
        measure("fresh, tune round 15", fresh("tune_round15")),
        measure("fresh, tune round 16", fresh("tune_round16")),
        measure("fresh, tune round 17", fresh("tune_round17")),
        measure("fresh, tune round 18", fresh("tune_round18")),
        measure("fresh, tune round 19", fresh("tune_round19")),
        measure("fresh, tune round 20", fresh("tune_round20")),
        measure("fresh, tune round 21", fresh("tune_round21")),
        measure("fresh, tune round 22", fresh("tune_round22")),
        measure("fresh, tune round 23", fresh("tune_round23")),
        measure("fresh, tune round 24", fresh("tune_round24")),
        measure("fresh, tune round 25", fresh("tune_round25")),
        measure("fresh, tune round 26", fresh("tune_round26")),
        measure("fresh, tune round 27", fresh("tune_round27")),
        measure("fresh, tune round 28", fresh("tune_round28")),
        measure("fresh, tune round 29", fresh("tune_round29")),
        measure("fresh, tune round 30", fresh("tune_round30")),
        measure("fresh, tune round 31", fresh("tune_round31")),
        measure("fresh, tune round 32", fresh("tune_round32")),
        measure("fresh, tune round 33", fresh("tune_round33")),
        measure("fresh, tune round 34", fresh("tune_round34")),
        measure("fresh, tune round 35", fresh("tune_round35")),
        measure("fresh, tune round 36", fresh("tune_round36")),
        measure("fresh, tune round 37", fresh("tune_round37")),
        measure("fresh, tune round 38", fresh("tune_round38")),
        measure("fresh, tune round 39", fresh("tune_round39")),
        measure("fresh, tune round 40", fresh("tune_round40")),
        measure("fresh, tune round 41", fresh("tune_round41")),
        measure("fresh, tune round 42", fresh("tune_round42")),
        measure("fresh, tune round 43", fresh("tune_round43")),
        measure("fresh, tune round 44", fresh("tune_round44")),
        measure("fresh, tune round 45", fresh("tune_round45")),
        measure("fresh, tune round 46", fresh("tune_round46")),
        measure("fresh, tune round 47", fresh("tune_round47")),
        measure("fresh, tune round 48", fresh("tune_round48")),
        measure("fresh, tune round 49", fresh("tune_round49")),
        *([measure("fresh, held out", fresh(FRESH_HELD_OUT))] if fresh_exists(FRESH_HELD_OUT) else []),
        *(measure(f"tax numbers, {part}", blind_part(TAX_NUMBERS, part)) for part in APART_PARTS),
        *(measure(f"lower case, {part}", blind_part(LOWER_CASE, part)) for part in APART_PARTS),
        measure("older corpora", regression()),
    )


def report() -> str:
    """The figures table printed at the end of every test run."""
    missing = [f"  {fresh_missing(part)}" for part in FRESH_PARTS if not fresh_exists(part)]
    return "\n".join(["secret detection (credential_shape):", *(row.line() for row in figures()), *missing])
