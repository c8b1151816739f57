"""The command line behaves like a well-made tool: a closed pipe ends it quietly, no option is
abbreviated, a mistyped command or option names the one meant, the start of an id is taken where an
id is, piped output keeps whole texts, `undo N` asks first, and commands that only look create nothing.

The closed pipe is a real pipe whose reader went away, and the questions are asked on a real
pseudo-terminal; the rest runs in-process through `cli.main`.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from personakit_plugin.core.model import ExportedMemory
from personakit_plugin.owner.cli import CLOSED_PIPE, USAGE
from personakit_plugin.owner.console import BELOW, LAST_COLUMN_AT_LEAST, MATCHES_SHOWN, memory_ids

from ..conftest import clean_environ, decide, opened, personakit_command, seed, stored
from ..helpers import cli
from ..helpers.cli import MEMORIES, Run, listed, snapshot
from ..helpers.terminal import Terminal

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids


def one_sentence(done: Run, *mentions: str, code: int = 1) -> str:
    """The one-line error of a run that must fail: exit `code` (1; a usage mistake's is USAGE), nothing on
    stdout, no traceback."""
    assert done.code == code, done
    assert done.out == ""
    assert done.err.count("\n") == 1 and done.err.startswith("personakit"), done
    assert "Traceback" not in done.err
    for mention in mentions:
        assert mention in done.err, (mention, done.err)
    return done.err


# -- a closed pipe ------------------------------------------------------------------------------------


@pytest.mark.system
@pytest.mark.parametrize(
    ("args", "buffered"),
    [
        (["list"], True),
        (["list"], False),
        (["--help"], True),
        (["--help"], False),
        (["stats"], True),
        (["history", "--json"], True),
        (["connect", "cursor", "--dry-run"], True),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else ("buffered" if value else "unbuffered"),
)
def test_a_reader_that_went_away_ends_the_command_quietly(folder, ids, args, buffered):
    """The reader's end of the pipe is closed before the command writes anything, so its first write
    (unbuffered) or the flush at its end (buffered, as Python writes into a pipe by default) meets a
    closed pipe, as after `| head -1`: no traceback, nothing ignored at exit, status 141."""
    for memory_id in ids[:2]:
        decide(folder, "approve", memory_id)
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = subprocess.run(
            personakit_command("--data-dir", folder, *args),
            stdout=writing,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED" or not buffered},
            timeout=cli.TIMEOUT,
        )
    finally:
        os.close(writing)

    assert done.stderr.decode() == ""
    if args == ["--help"] and not buffered:  # argparse itself drops a help it could not write, and exits 0
        assert done.returncode in (0, CLOSED_PIPE)
    else:
        assert done.returncode == CLOSED_PIPE == 141


@pytest.mark.system
def test_head_reads_the_first_line_and_the_rest_goes_quietly(folder):
    restore_chosen(folder, [f"m_{n:012x}" for n in range(3000)])  # far more than a pipe holds

    done = subprocess.run(
        f'{" ".join(personakit_command("--data-dir", folder, "list"))} | head -1; echo "status ${{PIPESTATUS[0]}}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        encoding="utf-8",
        env=dict(os.environ, COLUMNS="60"),
        timeout=cli.TIMEOUT,
    )

    assert done.stderr == ""
    first, status = done.stdout.splitlines()
    assert first.split() == ["ID", "STATE", "CATEGORY", "QUOTES"]  # at 60 columns each text goes below its row
    assert status == "status 141"


# -- options are never abbreviated; a mistyped one names the one meant ------------------------------------


def test_an_abbreviated_option_is_a_mistake_that_names_the_option(run, pk, folder, ids):
    err = one_sentence(pk("list", "--stat", "approved"), "--stat", code=USAGE)

    assert "did you mean --state?" in err
    one_sentence(pk("list", "--jso"), "did you mean --json?", code=USAGE)
    one_sentence(run("--data", folder, "list"), code=USAGE)  # before the command, argparse takes the folder for one
    one_sentence(run("list", "--data", folder), "--data", "did you mean --data-dir?", code=USAGE)
    assert pk("list", "--state", "unconfirmed").code == 0


def test_an_option_nothing_is_close_to_names_no_other(pk):
    err = one_sentence(pk("list", "--zzzzzz"), "--zzzzzz", code=USAGE)

    assert "did you mean" not in err


# -- a mistyped command ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "meant"), [("lsit", "list"), ("shwo", "show"), ("aprove", "approve")])
def test_a_mistyped_command_says_which_was_meant_in_one_sentence(run, typed, meant):
    err = one_sentence(run(typed), repr(typed), code=USAGE)

    assert f"did you mean {meant}?" in err
    assert err.rstrip().endswith(".")


def test_a_command_nothing_is_close_to_names_none(run):
    err = one_sentence(run("frobnicate"), "'frobnicate' is not a personakit command", code=USAGE)

    assert "did you mean" not in err


def test_a_mistyped_choice_says_which_was_meant(run):
    one_sentence(run("list", "--state", "aproved"), "did you mean approved?", code=USAGE)


# -- ids by their start -----------------------------------------------------------------------------------

CHOSEN = ["m_c877aa000001", "m_c877bb000002", "m_c8770c000003", "m_d00d11111111"]
"""Ids chosen so that starts are shared: m_c877 by three, m_c877a by one; restored as an export would."""


def restore_chosen(folder: Path, chosen: list[str] = CHOSEN) -> None:
    with opened(folder) as kit:
        memories = [
            ExportedMemory(
                id=memory_id,
                state="unconfirmed",
                text=f"Remembers chosen fact {n}",
                category="other",
                quotes=(f"fact {n}",),
                created=1.0 + n,
                touched=1.0 + n,
            )
            for n, memory_id in enumerate(chosen)
        ]
        assert kit.store.restore(memories).created == chosen


def test_a_start_that_one_id_has_names_that_memory_wherever_an_id_is_taken(pk, folder):
    restore_chosen(folder)

    assert pk("show", "m_c877a").ok() == pk("show", "m_c877aa000001").ok()
    assert pk("show", "M_C877A", "--json").json()["id"] == "m_c877aa000001"  # as the id is, in any case
    assert pk("approve", "m_c877b").lines()[0] == "m_c877bb000002: unconfirmed -> approved"
    assert pk("restrict", "m_d00d").lines() == ["m_d00d11111111: unconfirmed -> restricted"]
    assert pk("reset", "m_d00d1").lines() == ["m_d00d11111111: restricted -> unconfirmed"]
    assert pk("edit", "m_c8770", "--category", "tools").ok().startswith("m_c8770c000003: edited, now tools")
    assert [d["memory_id"] for d in pk("history", "m_c877b", "--json").json()] == ["m_c877bb000002"]
    assert pk("approve", "m_c877a", "m_c877aa000001").lines()[:2] == [
        "m_c877aa000001: unconfirmed -> approved",
        "  confirmed “fact 0”",  # the quote `show` showed above
    ]
    assert pk("reject", "--yes", "m_d00d").lines()[-1] == "m_d00d11111111: unconfirmed -> rejected"
    assert "erased" in pk("show", "m_d00d").ok()  # a rejected memory's id works as it did, its start too
    one_sentence(pk("approve", "m_d00d"), "m_d00d11111111 was rejected")


def test_a_start_several_ids_share_is_an_error_that_lists_them_and_changes_nothing(pk, folder):
    restore_chosen(folder)
    before = snapshot(folder)

    err = one_sentence(pk("approve", "m_c877"), "m_c877 could be any of 3 memories")

    assert all(memory_id in err for memory_id in CHOSEN[:3]) and CHOSEN[3] not in err
    assert "give more of its id" in err and err.rstrip().endswith(".")
    one_sentence(pk("show", "m_c877"), "could be any of 3")
    one_sentence(pk("approve", "m_d00d", "m_c877"), "could be any of 3")  # all or none
    assert snapshot(folder) == before


def test_a_long_list_of_matches_is_cut_and_counted(pk, folder):
    many = [f"m_abcd{n:08x}" for n in range(MATCHES_SHOWN + 3)]
    restore_chosen(folder, many)

    err = one_sentence(pk("show", "m_abcd"), f"could be any of {len(many)} memories")

    assert sum(memory_id in err for memory_id in many) == MATCHES_SHOWN
    assert "and 3 more" in err


@pytest.mark.parametrize("start", ["m_", "m_c", "m_c87"])
def test_a_start_too_short_is_an_error_that_says_how_long(pk, folder, start):
    restore_chosen(folder)

    one_sentence(pk("show", start), f"{start} is too short", "at least 4 digits")


@pytest.mark.parametrize("typed", ["m_c878", "m_c877aa000009", "m_zzzz", "zzzz", "c_c877"])
def test_a_start_no_id_has_is_no_memory(pk, folder, typed):
    restore_chosen(folder)

    one_sentence(pk("show", typed), f"There is no memory {typed}")


# -- an id without its m_ ------------------------------------------------------------------------------


def test_an_id_or_a_start_without_its_m_names_the_memory_m_and_it_names(pk, folder):
    """Every id is m_ and hex digits, so digits alone are never another memory's id: `c877aa000001` can
    only mean m_c877aa000001, and a start of digits what the same start with m_ would."""
    restore_chosen(folder)

    assert pk("show", "c877aa000001").ok() == pk("show", "m_c877aa000001").ok()
    assert pk("show", "C877A", "--json").json()["id"] == "m_c877aa000001"
    assert pk("approve", "c877b").lines()[0] == "m_c877bb000002: unconfirmed -> approved"
    assert pk("restrict", "d00d", "m_c8770").lines() == [
        "m_d00d11111111: unconfirmed -> restricted",
        "m_c8770c000003: unconfirmed -> restricted",
    ]
    assert [d["memory_id"] for d in pk("history", "c877b", "--json").json()] == ["m_c877bb000002"]
    assert pk("retire", "d00d").lines()[0].startswith("m_d00d11111111: restricted -> retired")


def test_digits_without_m_are_held_to_the_rules_of_a_start_and_named_with_it(pk, folder):
    restore_chosen(folder)
    before = snapshot(folder)

    err = one_sentence(pk("approve", "c877"), "m_c877 could be any of 3 memories")
    assert all(memory_id in err for memory_id in CHOSEN[:3])
    one_sentence(pk("show", "c878"), "There is no memory m_c878;")
    one_sentence(pk("show", "c87"), "c87 is too short to name one memory", "at least 4 digits")
    assert snapshot(folder) == before


class WithoutPrefixes:
    """A store without `FindsIdPrefixes`: everything else of the real one."""

    def __init__(self, store: object) -> None:
        self._store = store

    def __getattr__(self, name: str) -> object:
        if name == "ids_starting":
            raise AttributeError(name)
        return getattr(self._store, name)


def test_a_store_without_the_capability_finds_the_start_among_every_memory(folder):
    import argparse

    restore_chosen(folder)
    args = argparse.Namespace(data_dir=str(folder))
    with opened(folder) as kit:
        real = kit.store
        kit.store = WithoutPrefixes(real)  # type: ignore[assignment]
        try:
            assert memory_ids(args, kit, ["m_c877b", "m_d00d", CHOSEN[0]]) == [CHOSEN[1], CHOSEN[3], CHOSEN[0]]
        finally:
            kit.store = real


# -- whole texts, wrapped ---------------------------------------------------------------------------------

LONG = "Keeps a running list of " + ", ".join(f"topic number {n}" for n in range(15))
NEW = "Prefers answers that begin with the conclusion and then give " + " ".join(f"reason{n}" for n in range(12))


def unwrapped(lines: list[str], column: int) -> str:
    """The text of a table's last column, put back together from its wrapped lines."""
    return " ".join(line[column:] for line in lines)


def below(lines: list[str]) -> list[str]:
    """The texts of a table whose last column goes below each row (`console.table` on a narrow output),
    each put back together from its lines (those indented by `BELOW`), the header's name of it first."""
    texts: list[list[str]] = []
    for line in lines:
        if line.startswith(" " * BELOW):
            texts[-1].append(line[BELOW:])
        else:
            texts.append([])
    return [" ".join(text) for text in texts]


@pytest.mark.system
def test_piped_output_wraps_every_table_at_80_columns_and_cuts_no_text(pk, folder):
    [memory_id] = seed(folder, (LONG, "I keep a list of topics", "communication"))
    environ = {k: v for k, v in os.environ.items() if k != "COLUMNS"}

    def piped(*args: str, table_from: int = 0) -> list[str]:
        done = subprocess.run(
            personakit_command("--data-dir", folder, *args),
            capture_output=True,
            encoding="utf-8",
            stdin=subprocess.DEVNULL,
            env=environ,
            timeout=cli.TIMEOUT,
        )
        assert (done.returncode, done.stderr) == (0, ""), done
        assert "…" not in done.stdout
        lines = done.stdout.splitlines()
        assert all(len(line) <= 80 for line in lines[table_from:]), done.stdout
        return lines

    # At 80 columns each long text goes below its row, with the whole width.
    assert below(piped("list")) == ["TEXT", LONG]
    pk("edit", memory_id, "--text", NEW).ok()
    assert below(piped("history"))[-1].endswith(f"text changed from “{LONG}” to “{NEW}”")
    shown = piped("show", memory_id, table_from=5)  # its text on a line of its own, whole
    decisions = shown[shown.index("Decisions:") + 1 :]
    assert below(decisions)[-1].endswith(f"text changed from “{LONG}” to “{NEW}”")
    assert NEW in shown[:5]
    assert piped("stats", table_from=10**6)[0] == "1 memory."  # tables of short words, sentences whole


def test_a_table_wraps_at_columns_and_keeps_short_rows_on_one_line(pk, folder, monkeypatch):
    [long_one, short_one] = seed(folder, (LONG, "I keep a list", "communication"), MEMORIES[1][:3])
    monkeypatch.setenv("COLUMNS", "100")

    header, *rows = pk("list").lines()

    at = header.index("TEXT")
    starts = [n for n, row in enumerate(rows) if row[:at].strip()]
    assert [rows[n].split()[0] for n in starts] == [short_one, long_one]  # most recent first
    assert rows[starts[0]][at:] == MEMORIES[1][0]
    assert unwrapped(rows[starts[1] :], at) == LONG
    assert all(len(row) <= 100 for row in rows)


ADDRESS = "maria.fernanda.gonzalez@example-company.org"
REPORT = (
    f"Sends the weekly report to {ADDRESS} every Monday before the standup, with the figures of the week "
    "and a short note on what changed"
)
LONG_WORD = "https://example.org/" + "a" * 90
"""Longer than the text's column at either width: it goes on a line of its own, whole."""


@pytest.mark.system
@pytest.mark.parametrize("width", [80, 120])
def test_list_gives_the_text_most_of_the_width_and_breaks_it_only_at_spaces(pk, folder, monkeypatch, width):
    texts = [REPORT, "Uses vim", f"Keeps {LONG_WORD} bookmarked"]
    ids = seed(folder, *((text, "as I said", "communication") for text in texts))
    decide(folder, "approve", ids[0])  # "approved" and "communication": the widest state and category
    monkeypatch.setenv("COLUMNS", str(width))  # the child process's, as a terminal of that width gives it

    header, *lines = pk("list", how="module").lines()

    rows = {line.split()[0]: n for n, line in enumerate(lines) if line.startswith("m_")}
    assert sorted(rows) == sorted(ids)
    if width == 80:  # each text goes below its row, with the whole width but the indent
        assert header.split() == ["ID", "STATE", "CATEGORY", "QUOTES"] and lines[0] == " " * BELOW + "TEXT"
        shown = {memory: [line[BELOW:] for line in wrapped_of(lines, n)] for memory, n in rows.items()}
    else:  # a table, the text beside the row, with room
        at = header.index("TEXT")
        assert width - at >= LAST_COLUMN_AT_LEAST
        shown = {memory: [line[at:] for line in wrapped_of(lines, n, beside=True)] for memory, n in rows.items()}
    assert {memory: " ".join(said) for memory, said in shown.items()} == dict(zip(ids, texts, strict=True))
    report = shown[ids[0]]
    assert width == 120 or len(report) <= 3, report  # at 80 columns it took 8 lines of 21 columns
    assert sum(ADDRESS in line for line in report) == 1, "the address whole, on one line"
    assert LONG_WORD in shown[ids[2]], "a word longer than the column on a line of its own, whole"
    assert all(len(line) <= width for line in [header, *lines] if LONG_WORD not in line)


def wrapped_of(lines: list[str], n: int, *, beside: bool = False) -> list[str]:
    """The lines of the row at `n` that hold its text: beside it (the row and the lines under the text), or
    below it (the indented lines after it)."""
    following = []
    for line in lines[n + 1 :]:
        if line.startswith("m_"):
            break
        following.append(line)
    return [lines[n], *following] if beside else following


# -- undo N asks first ------------------------------------------------------------------------------------


def three_decisions(folder: Path, ids: list[str]) -> None:
    decide(folder, "approve", ids[0])
    decide(folder, "restrict", ids[1])
    decide(folder, "approve", ids[2])


def test_undo_of_several_without_a_terminal_needs_yes_and_changes_nothing(pk, folder, ids):
    three_decisions(folder, ids)
    before = snapshot(folder)

    one_sentence(pk("undo", "3"), "Undoing 3 decisions at once asks first", "--yes")

    assert snapshot(folder) == before
    assert len(pk("undo", "3", "--yes").lines()) == 3
    assert {memory["state"] for memory in listed(pk).values()} == {"unconfirmed"}


def test_undo_of_one_never_asks(pk, folder, ids):
    decide(folder, "approve", ids[0])

    assert pk("undo").lines() == [f"Undid #1 approve of {ids[0]}: approved -> unconfirmed."]
    decide(folder, "approve", ids[1])
    assert pk("undo", "5").lines()[0].startswith(f"Undid #3 approve of {ids[1]}")  # one left to undo: nothing to ask


@contextmanager
def on_a_terminal(*args: str | Path) -> Iterator[Terminal]:
    started = Terminal(personakit_command(*args), clean_environ(COLUMNS="120", TERM="xterm"))
    try:
        yield started
    finally:
        started.close()


@pytest.mark.system
@pytest.mark.parametrize("answer", ["n\r", "\r", "\x04"])
def test_undo_of_several_on_a_terminal_shows_them_and_anything_but_yes_undoes_nothing(folder, ids, answer):
    three_decisions(folder, ids)
    before = snapshot(folder)
    with on_a_terminal("--data-dir", folder, "undo", "3") as terminal:
        terminal.expect("[y/N] ")
        shown = terminal.output
        terminal.send(answer)
        code = terminal.wait()

    assert "Undo these 3 decisions, newest first?" in shown
    assert shown.index(f"#3  approve of {ids[2]}") < shown.index(f"#2  restrict of {ids[1]}")
    assert code == 0 and "Nothing undone." in terminal.output
    assert snapshot(folder) == before


@pytest.mark.system
def test_undo_of_several_on_a_terminal_undoes_them_after_a_yes(folder, ids):
    three_decisions(folder, ids)
    with on_a_terminal("--data-dir", folder, "undo", "2") as terminal:
        terminal.expect("Undo these 2 decisions")
        terminal.expect("[y/N] ")
        terminal.send("y\r")
        assert terminal.wait() == 0

    assert "Undid #3" in terminal.output and "Undid #2" in terminal.output
    assert [stored(folder, memory_id).state for memory_id in ids[:3]] == ["approved", "unconfirmed", "unconfirmed"]


@pytest.mark.system
def test_undo_yes_on_a_terminal_does_not_ask(folder, ids):
    three_decisions(folder, ids)
    with on_a_terminal("--data-dir", folder, "undo", "-y", "3") as terminal:
        assert terminal.wait() == 0

    assert "[y/N]" not in terminal.output
    assert all(stored(folder, memory_id).state == "unconfirmed" for memory_id in ids)


# -- commands that only look create nothing ------------------------------------------------------------------


@pytest.mark.system
@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["list"], 0, "so no memories."),
        (["show", "m_c877"], 1, "so no memory m_c877."),
        (["stats"], 0, "so nothing to count."),
        (["history"], 0, "so no decisions."),
        (["export"], 1, "so nothing to export."),
        (["undo"], 1, "so no decision to undo."),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else None,
)
def test_a_command_that_only_looks_at_a_new_folder_creates_nothing_and_says_so(tmp_path, args, code, said):
    new = tmp_path / "new" / "folder"

    done = subprocess.run(
        personakit_command("--data-dir", new, *args),
        capture_output=True,
        encoding="utf-8",
        stdin=subprocess.DEVNULL,
        env=dict(os.environ),
        timeout=cli.TIMEOUT,
    )

    expected = f"There is no PersonaKit data in {new} yet, {said}\n"
    assert (done.returncode, done.stdout if code == 0 else done.stderr) == (
        code,
        expected if code == 0 else f"personakit: {expected}",
    )
    assert not (tmp_path / "new").exists()
