"""What the owner drops stays erased through an import: an export taken before the owner dropped a waiting
quote, imported again, does not bring the quote back, and the data folder holds nothing of its text to
remember the drop by (a keyed hash of it, as a rejected memory's texts are kept out by theirs).

The owner drops the quote in the real terminal review (a pseudo-terminal), and exports and imports with
the real command line (child processes).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from personakit_plugin.storage.sqlite import FILE_NAME

from ..conftest import (
    WAITING_QUOTES,
    clean_environ,
    folder_bytes,
    personakit_command,
    seed_waiting,
    stored,
)
from ..helpers.stdio import cli
from ..helpers.terminal import Terminal

pytestmark = pytest.mark.system


def drop_in_the_review(folder: Path, tmp_path: Path, quote: str) -> None:
    """Open `personakit review`, keep the other waiting quote, drop `quote`, and quit."""
    environ = clean_environ(HOME=str(tmp_path / "home"), COLUMNS="120", LINES="40", TERM="xterm")
    t = Terminal(personakit_command("--data-dir", folder, "review"), environ, columns=120)
    try:
        t.expect(f"Waiting for you: “{quote}”")
        t.send("d")
        t.expect("[y/N]")
        t.send("y")
        t.expect("Dropped and erased the quote of")
        t.send("q")
        assert t.wait() == 0
    finally:
        t.close()


def test_an_import_of_an_export_from_before_a_drop_does_not_bring_the_quote_back(folder, tmp_path):
    memory = seed_waiting(folder)
    old, first, second = WAITING_QUOTES
    backup = tmp_path / "before-the-drop.jsonl"
    cli(folder, "export", "--out", str(backup))
    assert second in backup.read_text()

    drop_in_the_review(folder, tmp_path, second)  # the newest waiting quote is shown first
    assert second.encode() not in folder_bytes(folder)

    said = cli(folder, "import", str(backup)).stdout
    assert "1 quote left out: you dropped it, and what you drop stays erased." in said
    assert "0 quotes added" in said
    kept = stored(folder, memory)
    assert (kept.quotes, kept.pending) == ((old, first), (first,))
    shown = json.loads(cli(folder, "show", memory, "--json").stdout)
    assert second not in shown["quotes"]
    # Remembered by a keyed hash: nothing of the quote's text, in any file of the data folder.
    assert second.encode() not in folder_bytes(folder)
    for word in ("new notebook", "notebook for this"):
        assert word.encode() not in folder_bytes(folder)
    # Importing again, and exporting and importing the new export, keep it out as well.
    cli(folder, "import", str(backup))
    after = tmp_path / "after.jsonl"
    cli(folder, "export", "--out", str(after))
    (line,) = [json.loads(line) for line in after.read_text().splitlines() if json.loads(line)["id"] == memory]
    assert len(line["dropped"]) == 1 and second not in json.dumps(line)
    cli(folder, "import", str(after))
    assert stored(folder, memory).quotes == (old, first)


def test_a_dropped_quotes_key_is_erased_with_its_memory(folder, tmp_path):
    memory = seed_waiting(folder)
    drop_in_the_review(folder, tmp_path, WAITING_QUOTES[2])
    with sqlite3.connect(folder / FILE_NAME) as db:
        assert db.execute("SELECT count(*) FROM dropped_quotes WHERE memory_id = ?", (memory,)).fetchone() == (1,)

    cli(folder, "reject", "--yes", memory)

    with sqlite3.connect(folder / FILE_NAME) as db:
        assert db.execute("SELECT count(*) FROM dropped_quotes").fetchone() == (0,)


def test_an_export_with_a_malformed_dropped_key_is_one_sentence_and_imports_nothing(folder, tmp_path):
    memory = seed_waiting(folder)
    backup = tmp_path / "backup.jsonl"
    cli(folder, "export", "--out", str(backup))
    record = json.loads(backup.read_text().splitlines()[0])
    record["dropped"] = ["a dropped quote in the clear"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n")

    done = subprocess.run(
        personakit_command("--data-dir", folder, "import", bad),
        capture_output=True,
        text=True,
        env=clean_environ(),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )

    assert done.returncode == 1 and "dropped quote's key" in done.stderr and done.stderr.count("\n") == 1
    assert stored(folder, memory).quotes == WAITING_QUOTES
