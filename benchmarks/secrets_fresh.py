"""The secret check's figures on the blind corpus `tests/corpus/secrets_fresh/`, part by part and language
by language: secrets refused out of all, ordinary sentences refused out of all.

The corpus has forty-nine tuning parts (`tune`; `tune_round2` to `tune_round49`: the first forty-eight
held-out parts, each looked at once after tuning and then tuned on) and a held-out part (`heldout`),
which is only ever counted, and is written apart: until the next one is added, it is skipped with a line
that says so. `--misses`
lists the tuning parts' wrong answers, sentence by sentence, to tune on; it refuses to list the held-out
part's, which are never to be read.

    python benchmarks/secrets_fresh.py [--part tune|tune_round2|...|tune_round49|heldout|all] [--misses]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from personakit_plugin.default_plugins.secrets import proposal_secret_kind
from tests.helpers.secret_corpora import (
    FRESH_HELD_OUT,
    FRESH_PARTS,
    FRESH_TUNE_PARTS,
    Case,
    fresh,
    fresh_exists,
    fresh_missing,
)


def table(part: str, cases: tuple[Case, ...]) -> list[str]:
    """One part's lines: each language, then all of them."""
    # secrets refused, secrets, ordinary sentences refused, ordinary sentences
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for case in cases:
        refused = proposal_secret_kind(case.text, case.quote) is not None
        for lang in (case.lang or "?", "all"):
            row = counts[lang]
            if case.secret:
                row[0] += refused
                row[1] += 1
            else:
                row[2] += refused
                row[3] += 1
    lines = [f"{part}:"]
    for lang in sorted(counts, key=lambda name: (name == "all", name)):
        found, secrets, refused, ordinary = counts[lang]
        recall = f"({found / secrets:6.1%})" if secrets else " " * 8
        secret_line = f"secrets refused {found:>3}/{secrets:<3} {recall}"
        lines.append(f"  {lang:<4} {secret_line}   ordinary refused {refused:>2}/{ordinary:<3}")
    return lines


def misses(cases: tuple[Case, ...]) -> list[str]:
    """A tuning part's wrong answers: secrets stored, ordinary sentences refused (with the kind found)."""
    lines = []
    for case in cases:
        kind = proposal_secret_kind(case.text, case.quote)
        if case.secret and kind is None:
            lines.append(f"  stored  [{case.lang}] {case.quote!r}")
        elif not case.secret and kind is not None:
            lines.append(f"  refused [{case.lang}] {kind}: {case.quote!r}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=[*FRESH_PARTS, "all"], default="all")
    parser.add_argument("--misses", action="store_true", help="list the tuning parts' wrong answers")
    args = parser.parse_args()
    if args.misses and args.part not in (*FRESH_TUNE_PARTS, "all"):
        parser.error("--misses lists the tuning parts only: the held-out part is only counted")
    parts = FRESH_PARTS if args.part == "all" else (args.part,)
    for part in parts:
        if not fresh_exists(part):
            print(fresh_missing(part))
            continue
        print("\n".join(table(part, fresh(part))))
        if args.misses and part == FRESH_HELD_OUT:
            print("  its wrong answers are not listed: the held-out part is only counted")
        elif args.misses:
            print("\n".join(misses(fresh(part))) or "  no wrong answer")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
