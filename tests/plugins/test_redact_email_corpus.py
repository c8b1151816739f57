"""The default masker measured on addresses as people write them out (`tests/corpus/email_written_out.txt`):
each address masked whole, no part of it shown, and the sentences that only look like one left alone.
The corpus has a development part and a held-out part nobody tunes on; both figures are printed on
every run (contract: read rule 7)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from personakit_plugin.default_plugins import redact_email

CORPUS = Path(__file__).parents[1] / "corpus" / "email_written_out.txt"
OPEN, CLOSE = "⟦", "⟧"


class Case(NamedTuple):
    part: str
    text: str
    address: tuple[int, int] | None
    """Where the address stands in `text`, or None for a sentence holding none."""


def _cases() -> list[Case]:
    cases = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        part, kind, marked = line.split("\t")
        assert kind in "+-" and part in ("development", "held-out"), line
        start, end = marked.find(OPEN), marked.find(CLOSE)
        assert (start >= 0) == (kind == "+") and (end > start) == (kind == "+"), line
        text = marked.replace(OPEN, "").replace(CLOSE, "")
        cases.append(Case(part, text, (start, end - 1) if kind == "+" else None))
    return cases


CASES = _cases()
PARTS = ("development", "held-out")


def hidden(text: str) -> set[int]:
    return {i for start, end in redact_email.email_spans(text) for i in range(start, end)}


def masked_whole(case: Case) -> bool:
    assert case.address is not None
    return set(range(*case.address)) <= hidden(case.text)


def left_alone(case: Case) -> bool:
    return not hidden(case.text)


def figures(part: str) -> tuple[int, int, int, int]:
    """(addresses masked whole, addresses, negatives left alone, negatives) in one part of the corpus."""
    positives = [case for case in CASES if case.part == part and case.address is not None]
    negatives = [case for case in CASES if case.part == part and case.address is None]
    return (
        sum(map(masked_whole, positives)),
        len(positives),
        sum(map(left_alone, negatives)),
        len(negatives),
    )


def test_the_corpus_has_both_parts_and_no_repeats() -> None:
    for part in PARTS:
        _, addresses, _, negatives = figures(part)
        assert addresses >= 30 and negatives >= 15, part
    assert len({case.text for case in CASES}) == len(CASES), "the corpus repeats a sentence"


def test_written_out_address_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Print both parts' figures, so that they are read in every test run, with or without -s."""
    said = []
    for part in PARTS:
        whole, addresses, alone, negatives = figures(part)
        said.append(
            f"  {part}: addresses masked whole {whole}/{addresses} ({whole / addresses:.1%}), "
            f"negatives left alone {alone}/{negatives} ({alone / negatives:.1%})"
        )
    with capsys.disabled():
        print("\nwritten-out e-mail addresses:\n" + "\n".join(said))


@pytest.mark.parametrize("case", [c for c in CASES if c.part == "development"], ids=lambda c: c.text)
def test_every_development_case_is_right(case: Case) -> None:
    if case.address is None:
        assert left_alone(case), redact_email.email_spans(case.text)
    else:
        start, end = case.address
        assert masked_whole(case), (case.text[start:end], redact_email.email_spans(case.text))


def test_the_held_out_part_is_mostly_right() -> None:
    """The part nobody tuned on: most addresses masked whole, most negatives left alone."""
    whole, addresses, alone, negatives = figures("held-out")
    assert whole / addresses >= 0.9 and alone / negatives >= 0.85, (whole, addresses, alone, negatives)
