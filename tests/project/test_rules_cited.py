"""Every rule the code, the tests and the docs cite resolves to a numbered rule in docs/rules.md.

A citation is "read rule N" (or "read rules N, M and K"), "rule N" alone (a read rule: the read's rules
are the ones cited bare), "rule N of `personakit_read`", "propose check N", or a rule name such as M4
or E1 followed by a full stop in a citation "(rule M4)". A test fails on one that names no rule there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
SOURCES = ("personakit_plugin", "tests", "hooks", "benchmarks", "docs", "README.md", "examples")
NUMBER = r"\d+[a-z]?"
READ_CITATION = re.compile(
    rf"\b(?:read )?rules? ({NUMBER}(?:(?:, | and | to ){NUMBER})*)(?! of `personakit_propose`)", re.IGNORECASE
)
PROPOSE_CITATION = re.compile(rf"\bpropose checks? ({NUMBER}(?:(?:, | and | to ){NUMBER})*)", re.IGNORECASE)
NAMED_CITATION = re.compile(r"\brule ([MEO]\d+)\b")


def section(text: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/rules.md has no section {title!r}"
    return match.group(1)


def numbered(body: str) -> set[str]:
    """The item numbers of a section: `1. **...` items and `- **7a.**` sub-items."""
    return set(re.findall(r"^(\d+)\. \*\*", body, re.MULTILINE)) | set(
        re.findall(r"^\s+- \*\*(\d+[a-z])\.\*\*", body, re.MULTILINE)
    )


def numbers(cited: str) -> list[str]:
    found: list[str] = []
    for part in re.split(r", | and ", cited):
        if " to " in part:
            first, last = part.split(" to ")
            found += [str(n) for n in range(int(first), int(last) + 1)]
        else:
            found.append(part)
    return found


def sources() -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        files += [path] if path.is_file() else [*path.rglob("*.py"), *path.rglob("*.md")]
    skipped = {".venv", ".tox", "node_modules"}
    return [path for path in files if path != RULES and not skipped & set(path.parts)]


def citations() -> list[tuple[str, str, str]]:
    """(file, kind, number) of every citation outside docs/rules.md."""
    found = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for match in PROPOSE_CITATION.finditer(text):
            found += [(where, "propose", number) for number in numbers(match.group(1))]
        for match in READ_CITATION.finditer(text):
            found += [(where, "read", number) for number in numbers(match.group(1))]
        found += [(where, "named", match.group(1)) for match in NAMED_CITATION.finditer(text)]
    return found


def test_the_rules_page_numbers_the_read_and_the_proposal():
    text = RULES.read_text(encoding="utf-8")
    assert numbered(section(text, "The read")) == {*map(str, range(1, 10)), "7a"}
    assert numbered(section(text, "A proposal")) == {"1", "2", "3", "4"}


def test_the_code_and_tests_cite_rules_by_number():
    """The check below has something to check: the read's rules are cited throughout."""
    cited = {(kind, number) for _, kind, number in citations()}
    assert {("read", "3"), ("read", "5"), ("read", "7"), ("read", "7a")} <= cited


@pytest.mark.parametrize("where, kind, number", sorted(set(citations())))
def test_every_cited_rule_is_on_the_rules_page(where, kind, number):
    text = RULES.read_text(encoding="utf-8")
    if kind == "named":
        assert re.search(rf"\*\*{number}\.\*\*", text), f"{where} cites rule {number}, which docs/rules.md lacks"
        return
    known = numbered(section(text, "The read" if kind == "read" else "A proposal"))
    assert number in known, f"{where} cites {kind} rule {number}, which docs/rules.md lacks"


def test_nothing_cites_a_contract_the_repository_does_not_hold():
    for path in sources():
        if path == Path(__file__).resolve():
            continue
        assert "CONTRACT.md" not in path.read_text(encoding="utf-8"), path
