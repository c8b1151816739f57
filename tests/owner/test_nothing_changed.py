"""What changes nothing says so and leaves nothing behind, on the command line through real pipes and a
pseudo-terminal: a decision the memory already has (no history row, undo never sees it), and an import
file that holds no memories (no data folder is made, none is touched)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from ..conftest import clean_environ, decide, personakit_command, seed
from ..helpers import cli
from ..helpers.cli import HOW, Run, snapshot
from ..helpers.terminal import Terminal

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids

TEA = ("Prefers green tea in the afternoon", "green tea after lunch, please", "preferences")
DESK = ("Works at a standing desk", "I stand while I work", "work-style")
JAZZ = ("Listens to jazz while coding", "jazz helps me code", "preferences")


def history_rows(pk: Callable[..., Run]) -> list[str]:
    return [line for line in pk("history").lines()[1:] if line.strip()]


@pytest.mark.parametrize("how", HOW[:2])  # in this process, and `python -m personakit_plugin` through pipes
def test_a_decision_the_memory_already_has_says_so_and_is_not_recorded(
    pk: Callable[..., Run], folder: Path, how: str
) -> None:
    tea, desk, jazz = seed(folder, TEA, DESK, JAZZ)
    pk("show", tea, how=how)  # its quote, shown: the approve confirms it, and nothing waits
    assert pk("approve", tea, how=how).lines() == [f"{tea}: unconfirmed -> approved", f"  confirmed “{TEA[1]}”"]
    assert pk("restrict", desk, how=how).lines() == [f"{desk}: unconfirmed -> restricted"]
    recorded = history_rows(pk)
    assert len(recorded) == 2

    assert pk("approve", tea, how=how).lines() == [f"{tea} is already approved; nothing changed."]
    assert pk("restrict", desk, jazz, how=how).lines() == [
        f"{desk} is already restricted; nothing changed.",
        f"{jazz}: unconfirmed -> restricted",
    ]
    assert pk("reset", tea, how=how).lines() == [f"{tea}: approved -> unconfirmed"]
    assert pk("reset", tea, how=how).lines() == [f"{tea} is already unconfirmed; nothing changed."]
    assert pk("edit", desk, "--text", DESK[0], "--category", DESK[2], how=how).lines() == [
        f"{desk} already has that text and category; nothing changed."
    ]
    assert len(history_rows(pk)) == 4  # the restrict of jazz and the reset of tea: nothing else

    # Undo goes back through what was decided, never through what changed nothing.
    assert pk("undo", "2", "--yes", how=how).lines() == [
        f"Undid #4 reset of {tea}: unconfirmed -> approved.",
        f"Undid #3 restrict of {jazz}: restricted -> unconfirmed.",
    ]
    assert pk("show", tea, "--json", how=how).json()["state"] == "approved"


def test_rejecting_again_says_it_is_already_rejected(pk: Callable[..., Run], folder: Path) -> None:
    (tea,) = seed(folder, TEA)
    decide(folder, "reject", tea)
    before = history_rows(pk)
    out = pk("reject", tea, "--yes").ok()
    assert out.splitlines()[-1] == f"{tea} is already rejected; nothing changed."
    assert history_rows(pk) == before


@pytest.mark.system
def test_on_a_terminal_a_repeated_approve_says_so_in_one_sentence(folder: Path, tmp_path: Path) -> None:
    (tea,) = seed(folder, TEA)
    decide(folder, "approve", tea)
    env = clean_environ(HOME=str(tmp_path / "home"), COLUMNS="120", PYTHONIOENCODING="utf-8", TERM="xterm")
    terminal = Terminal(personakit_command("--data-dir", folder, "approve", tea), env)
    try:
        code, _ = terminal.communicate(60)
    finally:
        terminal.close()
    assert code == 0
    assert terminal.output.strip() == f"{tea} is already approved; nothing changed."


# -- an import file that holds no memories ---------------------------------------------------------

EMPTY_FILES = {"empty": b"", "blank lines": b"\n  \n\t\n", "an empty JSON list": b" [ ]\n"}


@pytest.mark.parametrize("source", [(), ("--from", "memory-json")], ids=["export", "memory-json"])
@pytest.mark.parametrize("content", list(EMPTY_FILES.values()), ids=list(EMPTY_FILES))
def test_an_import_file_without_memories_says_so_and_changes_nothing(
    run: Callable[..., Run], folder: Path, tmp_path: Path, source: tuple[str, ...], content: bytes
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(content)
    fresh = tmp_path / "never-made"
    done = run("--data-dir", fresh, "import", *source, empty)
    assert done.lines() == [f"{empty} holds no memories; nothing was imported."]
    assert not fresh.exists(), "nothing to import makes no data folder"

    seed(folder, TEA)
    before = snapshot(folder)
    assert run("--data-dir", folder, "import", *source, empty).lines() == done.lines()
    assert snapshot(folder) == before


@pytest.mark.system
@pytest.mark.parametrize("source", [(), ("--from", "memory-json")], ids=["export", "memory-json"])
def test_an_empty_import_through_a_pipe_says_so(tmp_path: Path, source: tuple[str, ...]) -> None:
    fresh = tmp_path / "never-made"
    done = subprocess.run(
        personakit_command("--data-dir", fresh, "import", *source, "-"),
        input=b"\n\n",
        capture_output=True,
        timeout=60,
        env=clean_environ(HOME=str(tmp_path / "home"), PYTHONIOENCODING="utf-8"),
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode() == "standard input holds no memories; nothing was imported.\n"
    assert not fresh.exists()
