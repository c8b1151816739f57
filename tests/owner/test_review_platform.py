"""Where each review runs, and what the two share.

The terminal review needs `termios` (POSIX); on a system without it (Windows) `personakit review` says so in
one sentence and points to `personakit review --web`, which imports nothing of the terminal review. What both
reviews use lives in `owner/review/shared.py`; neither review imports the other.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from personakit_plugin.core.store import StoreError
from personakit_plugin.owner.cli import main
from personakit_plugin.owner.review.launch import NO_TERMINAL
from personakit_plugin.owner.review.shared import ERASE_WAIT, finish_erasing

OWNER = Path(__file__).resolve().parents[2] / "personakit_plugin" / "owner"
TERMINAL = "personakit_plugin.owner.review.terminal"
WEB = "personakit_plugin.owner.review.web"


@pytest.fixture
def without_termios(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as on Windows: `import termios` (and `tty`, which needs it) fails, and neither review has
    been imported yet."""
    for name in ("termios", "tty"):
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: the import raises ModuleNotFoundError
    for name in (TERMINAL, WEB):
        monkeypatch.delitem(sys.modules, name, raising=False)


def test_without_termios_the_terminal_review_says_to_use_the_web_review(
    without_termios: None, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(folder), "review"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"personakit: {NO_TERMINAL}\n"
    assert err.count(". ") == 0 and err.rstrip().endswith("."), "one sentence"
    assert "POSIX" in err and "personakit review --web works everywhere" in err
    assert not folder.exists(), "nothing opened or created"


def test_without_termios_the_web_review_still_loads(without_termios: None) -> None:
    web = importlib.import_module(WEB)
    assert callable(web.serve_review)
    assert TERMINAL not in sys.modules, "the web review imports nothing of the terminal review"
    with pytest.raises(ModuleNotFoundError) as raised:
        importlib.import_module(TERMINAL)
    assert raised.value.name == "termios"


def imported_by(module: str) -> set[str]:
    """The package modules `owner/<module>.py` imports, at any depth of its code."""
    tree = ast.parse((OWNER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("personakit_plugin")}


def test_both_reviews_import_the_shared_module_and_neither_the_other() -> None:
    terminal, web = imported_by("review/terminal"), imported_by("review/web")
    assert "personakit_plugin.owner.review.shared" in terminal & web
    assert WEB not in terminal and TERMINAL not in web
    assert {TERMINAL, WEB} <= imported_by("review/launch"), "the command dispatches to either"
    assert not imported_by("review/shared") & {TERMINAL, WEB, "personakit_plugin.owner.review.launch"}


# -- finishing an erasure: through the store's capability when it has one ---------------------------------


class Finishing:
    """A store with `finish_erasure` (the `FinishesErasure` protocol)."""

    def __init__(self, finished: bool) -> None:
        self.finished = finished
        self.waits: list[float] = []

    def finish_erasure(self, wait: float = 0.0) -> bool:
        self.waits.append(wait)
        return self.finished


class NotFinishing:
    """A store without it: the erasure is finished by rejecting again what is rejected."""

    def __init__(self) -> None:
        self.decided: list[tuple[str, str]] = []

    def states(self, ids: list[str]) -> dict[str, str]:
        return {memory_id: {"m_1": "rejected", "m_2": "approved"}[memory_id] for memory_id in ids}

    def decide(self, memory_id: str, action: str, now: float) -> Any:
        self.decided.append((memory_id, action))


def test_finishing_an_erasure_asks_a_store_that_can() -> None:
    store = Finishing(finished=True)
    finish_erasing(SimpleNamespace(store=store), ["m_1"])  # type: ignore[arg-type]
    assert store.waits == [ERASE_WAIT]
    held = Finishing(finished=False)
    with pytest.raises(StoreError, match=r"^Another program is still reading .*try again\.$"):
        finish_erasing(SimpleNamespace(store=held), ["m_1"])  # type: ignore[arg-type]


def test_finishing_an_erasure_rejects_again_where_the_store_cannot() -> None:
    store = NotFinishing()
    finish_erasing(SimpleNamespace(store=store, now=lambda: 1.0), ["m_1", "m_2"])  # type: ignore[arg-type]
    assert store.decided == [("m_1", "reject")], "only what is rejected is rejected again"
