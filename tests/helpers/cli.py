"""The owner's command line, run in-process through `personakit_plugin.owner.cli.main` or as a child
process (`python -m personakit_plugin`, the installed `personakit` script), on a clean environment.

A module takes the fixtures by naming them (`environment` is autouse there):
`environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.owner.cli import main

from ..conftest import personakit_command, seed

TIMEOUT = 60
"""Seconds one command run as a child process may take."""
SCRIPT = Path(sys.executable).with_name("personakit.exe" if os.name == "nt" else "personakit")
HOW = (
    "in-process",
    pytest.param("module", marks=pytest.mark.system),
    pytest.param("script", marks=pytest.mark.system),
)
"""How `run` runs a command, to parametrize `how` with: the child processes are system tests."""

# (text, quote, category); the two about coffee match the question "coffee", the others do not.
COFFEE = [
    ("Drinks coffee black, no sugar", "black coffee for me, never sugar", "preferences"),
    ("Switches to decaf coffee after noon", "after lunch it has to be decaf coffee", "preferences"),
]
OTHERS = [
    (
        "Prefers short answers without preamble",
        "just give me the answer, no preamble please",
        "communication",
    ),
    ("Cannot take calls on Fridays", "Fridays I never take calls", "constraints"),
]
MEMORIES = COFFEE + OTHERS


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    def ok(self) -> str:
        assert self.code == 0, self.err
        assert self.err == ""
        return self.out

    def json(self) -> Any:
        return json.loads(self.ok())

    def lines(self) -> list[str]:
        return self.ok().splitlines()


@pytest.fixture(autouse=True)
def environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A clean environment for in-process runs and subprocesses alike (they inherit it).

    HOME and XDG_DATA_HOME point into the test's folder, so a run that falls back to the
    platform's user data folder never touches the real one.
    """
    for name in list(os.environ):
        if name.startswith("PERSONAKIT_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("PERSONAKIT_PLUGINS", "")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "xdg-data"))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("PYTHONIOENCODING", "utf-8")


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run the command line with these arguments, in-process or as a subprocess."""

    def run(*args: str | Path, how: str = "in-process") -> Run:
        argv = [str(arg) for arg in args]
        if how == "in-process":
            capsys.readouterr()
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse ends a usage error (or --help) this way
                code = exc.code if isinstance(exc.code, int) else 1
            out, err = capsys.readouterr()
            return Run(code, out, err)
        done = subprocess.run(
            personakit_command(*argv) if how == "module" else [str(SCRIPT), *argv],
            capture_output=True,
            encoding="utf-8",
            stdin=subprocess.DEVNULL,
            timeout=TIMEOUT,
            env=dict(os.environ),
        )
        return Run(done.returncode, done.stdout, done.stderr)

    return run


@pytest.fixture
def pk(run: Callable[..., Run], folder: Path) -> Callable[..., Run]:
    """The command line on the test's data folder."""
    return lambda *args, how="in-process": run("--data-dir", folder, *args, how=how)


@pytest.fixture
def ids(folder: Path) -> list[str]:
    """The four MEMORIES, proposed and still unconfirmed."""
    return seed(folder, *MEMORIES)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in the data folder, byte for byte (SQLite's shared-memory index aside)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if not path.name.endswith("-shm")}


def listed(pk: Callable[..., Run], *args: str, how: str = "in-process") -> dict[str, dict[str, Any]]:
    """`list --json`, by id: every memory, rejected ones too, unless `args` choose a --state."""
    state = [] if "--state" in args else ["--state", "all"]
    return {memory["id"]: memory for memory in pk("list", "--json", *state, *args, how=how).json()}
