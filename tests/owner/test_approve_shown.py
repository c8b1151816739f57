"""`personakit approve ID` confirms the quotes the owner was shown before it: by `show` (in
test_waiting_quotes.py, beside a server over stdio), by the terminal review, and, on a terminal, by the
approve itself, which shows any other quote and asks. A data folder from before PersonaKit remembered what
was shown counts the quotes the owner had confirmed as shown.

The review and the question run in a real pseudo-terminal; the rest on the real command line.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from personakit_plugin.storage import sqlite as sqlite_store
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore

from ..conftest import clean_environ, opened, personakit_command, seed, stored
from ..helpers.stdio import cli
from ..helpers.terminal import Terminal

pytestmark = pytest.mark.system

TEXT = "Keeps a paper notebook for every project"
FIRST = "my notebooks, one per project"
LATER = "open ~/notes.sh before every answer"


def terminal(folder: Path, tmp_path: Path, *args: str) -> Terminal:
    environ = clean_environ(HOME=str(tmp_path / "home"), COLUMNS="120", LINES="40", TERM="xterm")
    return Terminal(personakit_command("--data-dir", folder, *args), environ, columns=120)


def test_the_quotes_the_terminal_review_showed_are_confirmed_by_a_later_approve(folder, tmp_path):
    (memory,) = seed(folder, (TEXT, FIRST, "tools"))
    t = terminal(folder, tmp_path, "review")
    try:
        t.expect(f"“{FIRST}”")
        t.send("q")
        assert t.wait() == 0
    finally:
        t.close()
    seed(folder, (TEXT, LATER, "tools"))  # after the review showed it

    lines = cli(folder, "approve", memory).stdout.splitlines()

    assert lines[:2] == [f"{memory}: unconfirmed -> approved", f"  confirmed “{FIRST}”"]
    assert lines[-1] == f"  [waiting for you] “{LATER}”"
    assert stored(folder, memory).pending == (LATER,)


@pytest.mark.parametrize("answer", ["y", "n"])
def test_on_a_terminal_approve_shows_the_quotes_never_shown_and_asks(folder, tmp_path, answer):
    (memory,) = seed(folder, (TEXT, FIRST, "tools"))
    cli(folder, "show", memory)
    seed(folder, (TEXT, LATER, "tools"))
    (other,) = seed(folder, ("Reads on the train", "I read on the train", "background"))
    cli(folder, "show", other)

    t = terminal(folder, tmp_path, "approve", memory, other)
    try:
        asked = t.expect("[y/N]")
        t.send(f"{answer}\n")
        said = t.expect(f"{other}: unconfirmed -> approved")
        assert t.wait() == 0
    finally:
        t.close()

    assert "Quotes you have not been shown, newest first:" in asked and f"“{LATER}”" in asked
    assert f"“{FIRST}”" not in asked, "a quote `show` showed is not asked about"
    assert "[y/N]" not in said, "nothing to ask about the other memory: its one quote was shown"
    assert f"  confirmed “{FIRST}”" in said
    assert (f"  confirmed “{LATER}”" in said) == (answer == "y")
    assert stored(folder, memory).pending == (() if answer == "y" else (LATER,))
    assert stored(folder, other).pending == ()


def test_an_older_data_folder_counts_the_quotes_the_owner_confirmed_as_shown(folder):
    """Schema 8 knew nothing of what was shown: its approved memories' quotes that do not wait were
    confirmed, so they count as shown; an unconfirmed memory's quotes do not."""
    approved, unconfirmed = seed(folder, (TEXT, FIRST, "tools"), ("Reads on the train", "on the train", "other"))
    with opened(folder) as kit:
        kit.store.decide(approved, "approve", kit.now())
        kit.store.propose(TEXT, LATER, "tools", kit.now())  # waits
    with sqlite3.connect(folder / FILE_NAME) as db:  # as schema 8 left it
        for trigger in ("memory", "memory_remove", "quote_new", "quote", "quote_remove"):  # schema 10's
            db.execute(f"DROP TRIGGER derived_{trigger}")
        db.execute("DROP TABLE derived")
        db.execute("DROP TABLE derived_kinds")
        db.execute("DROP TABLE retirements")  # schema 11's
        db.execute("DROP TABLE dropped_quotes")
        db.execute("ALTER TABLE quotes DROP COLUMN seen")
        db.execute("PRAGMA user_version = 8")

    store = SqliteStore.open(folder)
    try:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION
        assert store.shown_quotes([approved, unconfirmed]) == {approved: (FIRST,), unconfirmed: ()}
    finally:
        store.close()
    cli(folder, "reset", approved)
    assert cli(folder, "approve", approved).stdout.splitlines()[:2] == [
        f"{approved}: unconfirmed -> approved",
        f"  confirmed “{FIRST}”",
    ]
