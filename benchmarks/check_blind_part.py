"""Checks a new part of the blind secret corpus before it is added (`tests/corpus/secrets_fresh/BRIEF.md` says how
a part is written): its shape, its counts per language, no sentence twice, and the check digits anyone can verify
(an IBAN's mod 97, a card number's Luhn). With `--corpus`, also that no line repeats one of the parts already
there: that is for whoever adds the part, not its writer, who reads no other part.

    python benchmarks/check_blind_part.py PART.jsonl [--corpus]

Prints what is wrong, a line each, and exits 1; or "OK" and the counts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from personakit_plugin.default_plugins.secrets.cards import luhn_valid  # noqa: E402
from personakit_plugin.default_plugins.secrets.ibans import iban_valid  # noqa: E402

# Secrets and ordinary sentences for each language, as every part for realistic owners has had them.
QUOTA = {"en": (96, 72), "de": (24, 18), "es": (24, 18), "fr": (24, 18), "it": (24, 18), "nl": (24, 18), "pt": (24, 18)}
KEYS = {"text", "quote", "secret", "lang", "kind"}
CORPUS = ROOT / "tests" / "corpus" / "secrets_fresh"
# An IBAN as people write it: two letters, two digits, then groups of four or one run, fifteen characters at least.
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
# A card number: thirteen to nineteen digits, perhaps in groups.
_CARD = re.compile(r"\b\d(?:[ -]?\d){12,18}\b")


def _said(line: str) -> str:
    """A line's words as a repeat is compared: case and punctuation aside."""
    return re.sub(r"\W+", " ", line.casefold()).strip()


def _rows(path: Path, problems: list[str]) -> list[dict[str, object]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except ValueError as error:
            problems.append(f"line {number}: not a JSON object ({error})")
            continue
        if not isinstance(row, dict) or set(row) != KEYS:
            problems.append(f"line {number}: the keys must be {', '.join(sorted(KEYS))}")
            continue
        if not isinstance(row["secret"], bool) or row["lang"] not in QUOTA:
            problems.append(f"line {number}: `secret` must be true or false and `lang` one of {', '.join(QUOTA)}")
            continue
        if not all(isinstance(row[key], str) and row[key].strip() for key in ("text", "quote", "kind")):
            problems.append(f"line {number}: `text`, `quote` and `kind` must be words, not empty")
            continue
        row["line"] = number
        rows.append(row)
    return rows


def _check_digits(row: dict[str, object], problems: list[str]) -> None:
    for field in ("text", "quote"):
        words = str(row[field])
        for found in _IBAN.finditer(words):
            compact = found.group().replace(" ", "")
            if len(compact) >= 15 and not compact[2:4].isalpha() and not iban_valid(compact):
                problems.append(f"line {row['line']}: the IBAN {found.group()} fails its mod 97 check")
        if row["secret"] and "card" in str(row["kind"]) and "pin" not in str(row["kind"]):
            for found in _CARD.finditer(words):
                if not luhn_valid(re.sub(r"\D", "", found.group())):
                    problems.append(f"line {row['line']}: the card number {found.group()} fails its Luhn check")


def check(path: Path, *, corpus: bool = False) -> list[str]:
    """What is wrong with the part at `path`: empty when it may be added."""
    problems: list[str] = []
    rows = _rows(path, problems)
    counts = Counter((row["lang"], row["secret"]) for row in rows)
    for lang, (secrets, ordinary) in QUOTA.items():
        if (counts[(lang, True)], counts[(lang, False)]) != (secrets, ordinary):
            problems.append(
                f"{lang}: {counts[(lang, True)]} secrets and {counts[(lang, False)]} ordinary sentences, "
                f"where a part has {secrets} and {ordinary}"
            )
    for field in ("text", "quote"):
        for said, times in Counter(_said(str(row[field])) for row in rows).items():
            if times > 1:
                problems.append(f"the same {field} {times} times: {said[:80]!r}")
    for row in rows:
        _check_digits(row, problems)
    if corpus:
        seen = {}
        for part in sorted(CORPUS.glob("*.jsonl")):
            if part.resolve() == path.resolve():
                continue
            for line in part.read_text(encoding="utf-8").splitlines():
                earlier = json.loads(line)
                seen.update((_said(earlier[key]), part.stem) for key in ("text", "quote") if earlier.get(key))
        for row in rows:
            for field in ("text", "quote"):
                if _said(str(row[field])) in seen:
                    problems.append(f"line {row['line']}: its {field} repeats a line of {seen[_said(str(row[field]))]}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", type=Path, help="the new part, a JSON object a line")
    parser.add_argument("--corpus", action="store_true", help="also check that no line repeats one of the corpus's")
    args = parser.parse_args()
    if not args.part.is_file():
        parser.error(f"{args.part} is not a file")
    problems = check(args.part, corpus=args.corpus)
    if problems:
        print("\n".join(problems))
        return 1
    lines = len(args.part.read_text(encoding="utf-8").splitlines())
    secrets, ordinary = sum(quota[0] for quota in QUOTA.values()), sum(quota[1] for quota in QUOTA.values())
    print(f"OK: {lines} lines, {secrets} secrets, {ordinary} ordinary")
    return 0


if __name__ == "__main__":
    sys.exit(main())
