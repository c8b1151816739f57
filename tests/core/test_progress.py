"""Progress of long work (`personakit_plugin.core.progress`): a count and a rate on a terminal's stderr,
redrawn in place at most a few times a second, ending with a final line; nothing when stderr is not a
terminal. Checked on the class with a clock of its own, and on `import`, `export` and the first open
of an old schema through a real pseudo-terminal."""

from __future__ import annotations

import io
import json
import re
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from personakit_plugin.core.progress import DELAY_ENV, INTERVAL, Progress, duration, rate
from personakit_plugin.core.words import content_words, legacy_memory_id
from personakit_plugin.owner.commands.importing import EXPORT_STOPPED, GRAPH_STOPPED
from personakit_plugin.storage.sqlite import FILE_NAME, SCHEMA_VERSION
from personakit_plugin.testing import Clock

from ..conftest import clean_environ, opened, personakit_command
from ..helpers.old_schema import write_old_file
from ..helpers.terminal import Screen, Terminal, terminal_stream

RATE = r"\d[\d,.]*/s"


def stopped_clock() -> Clock:
    """The kit's test clock, standing still at 100 s until a test moves it on."""
    return Clock(start=100.0, step=0.0)


def rows(written: str) -> list[str]:
    """What each drawing put on screen: the text between carriage returns and new lines, padding dropped."""
    return [row.rstrip() for row in re.split(r"[\r\n]", written) if row.strip()]


# -- the class --------------------------------------------------------------------------------------


def test_count_and_rate_in_place_then_a_final_line() -> None:
    screen, clock = Screen(), stopped_clock()
    with Progress("Importing", total=1000, stream=screen, clock=clock, delay=0.5) as progress:
        progress.advance(100)
        assert screen.getvalue() == ""  # not before the delay: quick work shows nothing
        clock.advance(1.0)
        progress.advance(100)
        assert screen.getvalue() == "\rImporting: 200 of 1,000 memories (200/s)"
        for _ in range(50):  # within one interval: not drawn again
            progress.advance(1)
        assert screen.getvalue().count("\r") == 1
        clock.advance(INTERVAL)
        progress.advance(50)
        clock.advance(1.0)
        progress.advance(700)
    written = screen.getvalue()
    assert "\n" not in written[:-1]  # every line but the last is drawn over the one before
    assert written.endswith("\n")
    assert rows(written) == [
        "Importing: 200 of 1,000 memories (200/s)",
        "Importing: 300 of 1,000 memories (240/s)",
        "Importing: 1,000 of 1,000 memories (444/s)",
        "Importing: 1,000 memories in 2.2 s (444/s).",
    ]


def test_nothing_when_the_stream_is_not_a_terminal() -> None:
    stream, clock = io.StringIO(), stopped_clock()
    with Progress("Exporting", stream=stream, clock=clock, delay=0.0) as progress:
        for _ in range(10):
            clock.advance(1.0)
            progress.advance(1000)
        with progress.waiting("writing"):
            time.sleep(INTERVAL * 2)
    assert not progress.shown
    assert stream.getvalue() == ""


def test_quick_work_leaves_the_terminal_as_it_was() -> None:
    screen, clock = Screen(), stopped_clock()
    with Progress("Exporting", stream=screen, clock=clock, delay=0.5) as progress:
        progress.advance(3)
        clock.advance(0.1)
        progress.advance(3)
    assert screen.getvalue() == ""


def test_waiting_redraws_the_time_so_far() -> None:
    screen = Screen()
    with Progress("Importing", total=5, stream=screen, delay=0.0) as progress:
        progress.advance(5)
        with progress.waiting("writing 5 memories"):
            time.sleep(INTERVAL * 3)
    drawn = rows(screen.getvalue())
    waiting = [row for row in drawn if "writing 5 memories" in row]
    assert len(waiting) >= 2, drawn
    assert all(re.fullmatch(r"Importing: writing 5 memories, \d+\.\d s so far", row) for row in waiting), drawn
    assert re.fullmatch(rf"Importing: 5 memories in \d+\.\d s \({RATE}\)\.", drawn[-1]), drawn


def test_work_that_fails_ends_its_line_saying_where_it_stopped() -> None:
    screen, clock = Screen(), stopped_clock()
    with pytest.raises(RuntimeError), Progress("Importing", stream=screen, clock=clock, delay=0.0) as progress:
        progress.advance(1)
        raise RuntimeError("the disk is full")
    assert rows(screen.getvalue())[-1] == "Importing: stopped after 1 memory in 0.0 s (0/s)."
    assert screen.getvalue().endswith("\n")


def test_ctrl_c_takes_the_line_off_the_screen_and_says_no_count() -> None:
    """How many were counted says nothing of what a stopped import kept: the command says that instead."""
    screen, clock = Screen(), stopped_clock()
    with pytest.raises(KeyboardInterrupt), Progress("Importing", stream=screen, clock=clock, delay=0.0) as progress:
        progress.advance(14_227)
        raise KeyboardInterrupt
    assert screen.getvalue().startswith("\rImporting: 14,227 memories")
    assert rows(screen.getvalue()) == ["Importing: 14,227 memories (0/s)"]  # drawn, then blanked: no final line
    assert screen.getvalue().endswith("\r") and "\n" not in screen.getvalue()


def test_a_silent_progress_never_draws() -> None:
    progress = Progress.silent()
    progress.advance(10**6)
    progress.done()
    assert not progress.shown


@pytest.mark.parametrize(("seconds", "said"), [(0.04, "0.0 s"), (12.34, "12.3 s"), (125.0, "2 min 5 s")])
def test_durations_read_as_a_person_says_them(seconds: float, said: str) -> None:
    assert duration(seconds) == said


def test_rates() -> None:
    assert (rate(12345, 2.0), rate(3, 2.0), rate(5, 0.0)) == ("6,172/s", "1.5/s", "0/s")


@pytest.mark.system
def test_a_line_never_wraps_on_a_narrow_terminal() -> None:
    with terminal_stream(columns=40) as screen:
        clock = stopped_clock()
        with Progress(
            "Importing a file with a long name", total=10**6, stream=screen.stream, clock=clock, delay=0
        ) as p:
            clock.advance(1.0)
            p.advance(123456)
        written = screen.shown()
    drawn = [row for row in re.split(r"[\r\n]", written) if row]
    assert drawn and all(len(row) < 40 for row in drawn[:-1]), drawn


# -- the commands, through a real pseudo-terminal -----------------------------------------------------


def run_on_terminal(folder: Path, *args: str, terminal: bool = True) -> tuple[int, str, str]:
    """`personakit --data-dir FOLDER ARGS` with stderr a pseudo-terminal 100 columns wide (or a pipe),
    stdout a pipe; (exit status, stdout, what reached stderr), with progress shown from the start."""
    env = clean_environ(**{DELAY_ENV: "0"})
    command = personakit_command("--data-dir", folder, *args)
    if not terminal:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=300)
        return done.returncode, done.stdout.decode(), done.stderr.decode()
    on_stderr = Terminal(command, env, columns=100, on=("stderr",))
    try:
        code, out = on_stderr.communicate(timeout=300)
    finally:
        on_stderr.close()
    return code, out, on_stderr.output


def graph(path: Path, count: int) -> Path:
    observations = [f"Keeps notebook number {n} for project {n % 97}" for n in range(count)]
    item = {"type": "entity", "name": "default_user", "entityType": "person", "observations": observations}
    path.write_text(json.dumps(item) + "\n", encoding="utf-8")
    return path


def assert_progress(err: str, label: str, count: int, noun: str, *, counted: bool = True) -> None:
    """Drawn in place (each drawing over the one before, with its count and rate, or what a long call
    is doing and the time so far), then one final line: how many, in how long, at what rate. With
    `counted`, the work lasted long enough for a count to be drawn before the final line."""
    assert "\r" in err and err.endswith(".\n") and err.count("\n") == 1, err
    *drawn, final = [row.strip() for row in err.rstrip("\n").split("\r") if row.strip()]
    assert re.fullmatch(rf"{label}: {count:,} {noun} in [\d.]+ s(?: \d+ s)? \({RATE}\)\.", final), err
    counts = [row for row in drawn if re.fullmatch(rf"{label}: [\d,]+ of {count:,} {noun} \({RATE}\)", row)]
    waits = [row for row in drawn if re.fullmatch(rf"{label}: [a-z][^,]*(?:,\d{{3}}[^,]*)*, [\d.]+ s so far", row)]
    assert len(counts) + len(waits) == len(drawn), drawn
    assert counts or not counted, drawn


@pytest.mark.system
def test_import_export_and_import_again_show_progress_on_a_terminal(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    code, out, err = run_on_terminal(folder, "import", "--from", "memory-json", str(graph(tmp_path / "g.jsonl", 3000)))
    assert code == 0, err
    assert_progress(err, "Importing", 3000, "observations")
    assert out.startswith("Imported 3,000 new memories") or out.startswith("Imported 3000 new memories"), out
    assert "\r" not in out

    code, out, err = run_on_terminal(folder, "export")
    assert code == 0, err
    assert_progress(err, "Exporting", 3000, "memories", counted=False)  # a quick one: maybe only the final line
    assert len(out.splitlines()) == 3000 and "\r" not in out  # the export itself is untouched
    (tmp_path / "export.jsonl").write_text(out, encoding="utf-8")

    code, out, err = run_on_terminal(tmp_path / "copy", "import", str(tmp_path / "export.jsonl"))
    assert code == 0, err
    assert_progress(err, "Importing", 3000, "memories")


@pytest.mark.system
def test_nothing_on_stderr_when_it_is_a_pipe(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    code, out, err = run_on_terminal(
        folder, "import", "--from", "memory-json", str(graph(tmp_path / "g.jsonl", 3000)), terminal=False
    )
    assert (code, err) == (0, "")
    assert "3,000 new memories" in out or "3000 new memories" in out
    code, out, err = run_on_terminal(folder, "export", terminal=False)
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 3000


def old_file(folder: Path, count: int) -> None:
    """A data folder at schema 3 holding `count` unconfirmed memories, written in one transaction."""
    write_old_file(folder, 3, [])
    rows = [
        (legacy_memory_id(f"Keeps notebook number {n}"), f"Keeps notebook number {n}", 10.0 + n) for n in range(count)
    ]
    db = sqlite3.connect(folder / FILE_NAME)
    with db:
        db.executemany(
            "INSERT INTO memories (id, text, category, state, created, touched) "
            "VALUES (?, ?, 'other', 'unconfirmed', ?, ?)",
            ((key, text, at, at) for key, text, at in rows),
        )
        db.executemany("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", ((key, key) for key, _, _ in rows))
        db.executemany("INSERT INTO quotes (memory_id, seq, quote) VALUES (?, 1, ?)", ((k, t) for k, t, _ in rows))
        db.executemany(
            "INSERT INTO words (word, memory_id) VALUES (?, ?)",
            ((word, key) for key, text, _ in rows for word in content_words(text)),
        )
    db.close()
    # The folder as PersonaKit keeps it (the owner's alone), so that the upgrade is all the command says.
    folder.chmod(0o700)
    (folder / FILE_NAME).chmod(0o600)


@pytest.mark.system
def test_the_first_open_of_an_old_schema_shows_its_upgrade(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    old_file(folder, 20_000)
    code, _, err = run_on_terminal(folder, "stats")
    assert code == 0, err
    # What is drawn before the final line depends on the machine's speed: the steps of the upgrade, and a
    # count only when counting the words took longer than one redraw.
    assert_progress(err, f"Upgrading the database to schema {SCHEMA_VERSION}", 20_000, "memories", counted=False)
    with opened(folder) as kit:  # upgraded, and the word index answers
        assert kit.read("notebook 19999", 3).memories[0].text == "Keeps notebook number 19999"
    code, _, err = run_on_terminal(folder, "stats")  # the second open has nothing to upgrade
    assert (code, err) == (0, "")


@pytest.mark.system
def test_an_upgrade_says_nothing_when_stderr_is_a_pipe(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    old_file(folder, 20_000)
    code, _, err = run_on_terminal(folder, "stats", terminal=False)
    assert (code, err) == (0, "")


# -- Ctrl-C during an import ----------------------------------------------------------------------------


def export_file(path: Path, count: int) -> Path:
    """An export of `count` unconfirmed memories, as `personakit export` writes them."""
    lines = (
        json.dumps(
            {
                "id": f"m_{n:012x}",
                "state": "unconfirmed",
                "text": f"Keeps notebook number {n} for project {n % 97}",
                "category": "other",
                "quotes": [f"notebook {n}"],
                "created": 1000.0 + n,
                "touched": 1000.0 + n,
            }
        )
        for n in range(count)
    )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def interrupted(folder: Path, *args: str, when: str) -> tuple[int, str, str]:
    """`personakit --data-dir FOLDER ARGS` on a terminal (stderr; stdout a pipe), stopped with Ctrl-C (SIGINT,
    as the terminal sends it) once the terminal shows `when`: (exit status, stdout, what the terminal showed)."""
    on_stderr = Terminal(
        personakit_command("--data-dir", folder, *args), clean_environ(**{DELAY_ENV: "0"}), columns=100, on=("stderr",)
    )
    try:
        on_stderr.expect(when, timeout=120)
        on_stderr.process.send_signal(signal.SIGINT)
        code, out = on_stderr.communicate(timeout=120)
    finally:
        on_stderr.close()
    return code, out, on_stderr.output


def memory_count(folder: Path) -> int:
    with opened(folder) as kit:
        return len(kit.store.memories())


@pytest.mark.system
@pytest.mark.parametrize("when", ["Importing: ", "memories in one transaction"])
def test_ctrl_c_during_an_import_says_nothing_was_imported_and_exits_130(tmp_path: Path, when: str) -> None:
    """Stopped while it checks the memories, or while it writes them in its one transaction: nothing was
    imported, and the terminal says so in one sentence, not how many memories it had counted."""
    folder = tmp_path / "data"
    code, out, shown = interrupted(folder, "import", str(export_file(tmp_path / "export.jsonl", 30_000)), when=when)
    assert code == 130, shown
    assert out == ""
    assert memory_count(folder) == 0
    said = [row.strip() for row in re.split(r"[\r\n]", shown) if row.strip()]
    assert said[-1] == EXPORT_STOPPED, shown
    assert not any("stopped after" in row or "Traceback" in row for row in said), shown
    assert shown.count("Import stopped") == 1


@pytest.mark.system
def test_ctrl_c_during_an_import_of_a_graph_says_what_stays(tmp_path: Path) -> None:
    """A graph's proposals are written as they go: the sentence says those made stay, and that importing the
    file again adds the rest and nothing twice."""
    folder, observations = tmp_path / "data", 12_000
    path = graph(tmp_path / "g.jsonl", observations)
    code, out, shown = interrupted(folder, "import", "--from", "memory-json", str(path), when="Importing: ")
    assert code == 130, shown
    assert out == ""
    said = [row.strip() for row in re.split(r"[\r\n]", shown) if row.strip()]
    assert said[-1] == GRAPH_STOPPED, shown
    assert not any("stopped after" in row for row in said), shown
    assert memory_count(folder) < observations

    code, out, err = run_on_terminal(folder, "import", "--from", "memory-json", str(path), terminal=False)
    assert (code, err) == (0, ""), err
    assert memory_count(folder) == observations
