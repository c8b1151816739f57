"""`benchmarks/check_blind_part.py`, which a new part of the blind secret corpus passes before it is added: it finds
a part's wrong counts, repeated sentences, failed check digits and lines of other parts, and passes a sound part."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import check_blind_part  # noqa: E402

# A valid IBAN and card number, and each with its last digit changed.
GOOD_IBAN, BAD_IBAN = "DE89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 01"
GOOD_CARD, BAD_CARD = "4111 1111 1111 1111", "4111 1111 1111 1112"


def _part(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "part.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def _sound_rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for lang, (secrets, ordinary) in check_blind_part.QUOTA.items():
        for index in range(secrets + ordinary):
            secret = index < secrets
            rows.append(
                {
                    "text": f"Memory {lang} {index} of the owner.",
                    "quote": f"owner words {lang} number {index} {'door code' if secret else 'bus line'}",
                    "secret": secret,
                    "lang": lang,
                    "kind": "door_code" if secret else "bus_line",
                }
            )
    rows[0]["quote"] = f"my iban is {GOOD_IBAN}"
    rows[1].update(quote=f"visa {GOOD_CARD} exp 04/29", kind="card_number")
    return rows


def test_a_sound_part_passes(tmp_path: Path) -> None:
    assert check_blind_part.check(_part(tmp_path, _sound_rows())) == []


def test_wrong_counts_repeats_and_failed_check_digits_are_each_named(tmp_path: Path) -> None:
    rows = _sound_rows()
    rows[0]["quote"] = f"my iban is {BAD_IBAN}"
    rows[1]["quote"] = f"visa {BAD_CARD} exp 04/29"
    rows[3]["quote"] = rows[2]["quote"]
    rows.pop()  # the last Portuguese ordinary sentence
    problems = check_blind_part.check(_part(tmp_path, rows))
    assert any(BAD_IBAN in problem and "mod 97" in problem for problem in problems), problems
    assert any(BAD_CARD in problem and "Luhn" in problem for problem in problems), problems
    assert any(problem.startswith("the same quote 2 times") for problem in problems), problems
    assert any(problem.startswith("pt: 24 secrets and 17 ordinary") for problem in problems), problems


def test_a_line_that_is_not_a_part_line_is_named(tmp_path: Path) -> None:
    rows = _sound_rows()
    del rows[5]["kind"]
    path = _part(tmp_path, rows)
    path.write_text(path.read_text(encoding="utf-8") + "not json\n", encoding="utf-8")
    problems = check_blind_part.check(path)
    assert any(problem.startswith("line 6: the keys must be") for problem in problems), problems
    assert any(problem.startswith("line 421: not a JSON object") for problem in problems), problems


def test_with_the_corpus_a_line_of_another_part_is_named(tmp_path: Path) -> None:
    earlier = json.loads((check_blind_part.CORPUS / "tune_round3.jsonl").read_text(encoding="utf-8").splitlines()[0])
    rows = _sound_rows()
    rows[7]["quote"] = earlier["quote"]
    path = _part(tmp_path, rows)
    assert check_blind_part.check(path) == []
    assert check_blind_part.check(path, corpus=True) == ["line 8: its quote repeats a line of tune_round3"]


@pytest.mark.system
@pytest.mark.parametrize(("broken", "status", "first"), [(False, 0, "OK: 420 lines"), (True, 1, "line 1: the IBAN")])
def test_the_script_prints_what_is_wrong_and_exits_so(tmp_path: Path, broken: bool, status: int, first: str) -> None:
    rows = _sound_rows()
    if broken:
        rows[0]["quote"] = f"my iban is {BAD_IBAN}"
    script = ROOT / "benchmarks" / "check_blind_part.py"
    shown = subprocess.run(
        [sys.executable, str(script), str(_part(tmp_path, rows))], capture_output=True, text=True, check=False
    )
    assert shown.returncode == status, shown.stderr
    assert shown.stdout.startswith(first), shown.stdout
