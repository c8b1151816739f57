"""The first hour of a new user, as the README walks it: the version, `serve` started by hand, the
owner's commands as a person expects them (a reject that asks first on a terminal, times with their
zone, edits whose text shows in the history, sentences instead of codes and Python internals), and
the README's own commands and options checked against the real command line.

Everything runs for real: `cli.main` in-process on a temporary data folder, `python -m
personakit_plugin` as a child process, and the commands that behave differently on a terminal on
the slave side of a real pseudo-terminal. Installing the package and its hooks from their wheels is
tests/project/test_packaging.py (`tox -e dist`).
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import stat
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.model import CATEGORIES
from personakit_plugin.owner.cli import USAGE, build_parser

from ..conftest import WAITING_QUOTES, clean_environ, decide, opened, personakit_command, seed, seed_waiting, stored
from ..helpers import cli
from ..helpers.cli import HOW, MEMORIES, SCRIPT, Run, listed, snapshot
from ..helpers.http import http_server, post
from ..helpers.terminal import Terminal

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids
ON = {False: ("stdin", "stdout", "stderr"), True: ("stdin",)}
"""What the terminal stands for, by `pipes`: every standard stream, or standard input alone."""

README = Path(__file__).resolve().parents[2] / "README.md"
DOCS = README.parent / "docs"
TIMEOUT = 20.0
WHEN_WITH_ZONE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC[+-]\d{2}:\d{2}")


def one_sentence(done: Run, *mentions: str, code: int = 1) -> str:
    """The one-line error of a run that must fail: exit `code` (a usage mistake's is `USAGE`, 1 as every
    error's), nothing on stdout, no traceback."""
    assert done.code == code, done
    assert done.out == ""
    assert done.err.count("\n") == 1 and done.err.startswith("personakit") and done.err.rstrip().endswith("."), done
    assert "Traceback" not in done.err
    for mention in mentions:
        assert mention in done.err, (mention, done.err)
    return done.err


# -- a real terminal ----------------------------------------------------------------------------------


@contextmanager
def on_a_terminal(*args: str | Path, pipes: bool = False) -> Iterator[Terminal]:
    """`personakit ARGS` with a terminal as its standard input and, unless `pipes`, its output."""
    started = Terminal(personakit_command(*args), clean_environ(COLUMNS="120", TERM="xterm"), on=ON[pipes])
    try:
        yield started
    finally:
        started.close()


# -- item 1: getting it running --------------------------------------------------------------------


@pytest.mark.parametrize("how", HOW)
def test_version_is_the_installed_distributions(run, how):
    assert run("--version", how=how).ok() == f"personakit {metadata.version('personakit-plugin')}\n"


def serving_by_hand(terminal: Terminal) -> str:
    """What `serve` on a terminal says first, once it is serving (stdout and stderr are pipes here)."""
    said = terminal.stderr_line()
    time.sleep(1.0)  # from the notice to the read on standard input
    return said


@pytest.mark.system
def test_serve_started_by_hand_says_once_on_stderr_what_it_is_and_stops_on_ctrl_d(folder):
    with on_a_terminal("--data-dir", folder, "serve", pipes=True) as terminal:
        said = serving_by_hand(terminal)
        terminal.send("\x04")
        out, err = terminal.process.communicate(timeout=TIMEOUT)

    assert terminal.process.returncode == 0
    assert out == b""  # stdout is the protocol's wire, even by hand
    assert err == b""  # said once
    assert said.startswith("personakit: ") and said.endswith(".\n")
    assert "MCP" in said and "MCP host" in said and "Ctrl-C" in said and "Ctrl-D" in said


@pytest.mark.system
def test_serve_started_by_hand_stops_on_ctrl_c(folder):
    with on_a_terminal("--data-dir", folder, "serve", pipes=True) as terminal:
        serving_by_hand(terminal)
        terminal.process.send_signal(signal.SIGINT)
        out, err = terminal.process.communicate(timeout=TIMEOUT)

    assert terminal.process.returncode == 130
    assert (out, err) == (b"", b"")


@pytest.mark.system
def test_serve_started_by_a_host_says_nothing(folder):
    done = subprocess.run(
        personakit_command("--data-dir", folder, "serve"),
        stdin=subprocess.DEVNULL,  # a host's pipe, closed at once
        capture_output=True,
        timeout=TIMEOUT * 3,
        env=clean_environ(),
    )

    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--host", "127.0.0.1"], "--host only applies to --transport http"),
        (["--port", "9000"], "--port only applies to --transport http"),
        (["--transport", "stdio", "--port", "9000", "--host", "::1"], "--host and --port only apply"),
        (["--allow-remote"], "--allow-remote only applies"),
    ],
)
def test_http_options_without_http_are_one_sentence(pk, folder, options, named):
    one_sentence(pk("serve", *options), named, code=USAGE)
    assert not folder.exists()


def test_no_browser_without_web_is_one_sentence(pk, folder, ids):
    before = snapshot(folder)

    one_sentence(pk("review", "--no-browser"), "--no-browser", "--web", code=USAGE)

    assert snapshot(folder) == before


# -- item 4: list leaves rejected memories out ---------------------------------------------------------


@pytest.mark.parametrize("how", HOW[:2])
def test_list_without_state_leaves_rejected_memories_out(pk, folder, ids, how):
    decide(folder, "reject", ids[0])

    assert ids[0] not in pk("list", how=how).ok()
    assert set(listed(pk, "--state", "unconfirmed")) == set(ids[1:])
    assert {m["id"] for m in pk("list", "--json", how=how).json()} == set(ids[1:])
    assert {m["id"] for m in pk("list", "--state", "all", "--json", how=how).json()} == set(ids)
    assert ids[0] in pk("list", "--state", "rejected", how=how).ok()
    help_text = " ".join(pk("list", "--help", how=how).ok().split())
    assert "default: every state but rejected" in help_text


# -- item 4: reject asks first on a terminal -----------------------------------------------------------


@pytest.mark.system
@pytest.mark.parametrize("answer", ["n\r", "\r", "no\r", "\x04"])
def test_reject_on_a_terminal_asks_and_anything_but_yes_rejects_nothing(folder, ids, answer):
    before = snapshot(folder)
    with on_a_terminal("--data-dir", folder, "reject", ids[0], ids[1]) as terminal:
        terminal.expect("[y/N] ")
        shown = terminal.output
        terminal.send(answer)
        code = terminal.wait()

    assert MEMORIES[0][0] in shown and MEMORIES[1][0] in shown  # what would be erased, said first
    assert "Reject these 2 memories?" in shown and "erased for good" in shown
    assert code == 0
    assert "Nothing rejected." in terminal.output
    assert snapshot(folder) == before


@pytest.mark.system
@pytest.mark.parametrize("answer", ["y\r", "YES\r"])
def test_reject_on_a_terminal_erases_after_a_yes(folder, ids, answer):
    with on_a_terminal("--data-dir", folder, "reject", ids[0]) as terminal:
        terminal.expect("Reject this memory? Its text and quotes are erased for good")
        terminal.expect("[y/N] ")
        terminal.send(answer)
        assert terminal.wait() == 0

    assert f"{ids[0]}: unconfirmed -> rejected" in terminal.output
    assert stored(folder, ids[0]).state == "rejected"


@pytest.mark.system
@pytest.mark.parametrize("flag", ["--yes", "-y"])
def test_reject_yes_on_a_terminal_does_not_ask(folder, ids, flag):
    with on_a_terminal("--data-dir", folder, "reject", flag, ids[0]) as terminal:
        assert terminal.wait() == 0

    assert "[y/N]" not in terminal.output
    assert stored(folder, ids[0]).state == "rejected"


@pytest.mark.system
def test_reject_without_a_terminal_does_not_ask(pk, folder, ids):
    out = pk("reject", ids[0], how="module").ok()

    assert "[y/N]" not in out and f"{ids[0]}: unconfirmed -> rejected" in out
    assert stored(folder, ids[0]).state == "rejected"


# -- item 4: one time format, with its zone --------------------------------------------------------------


def test_the_one_time_format_carries_the_offset_from_utc(monkeypatch):
    from personakit_plugin.owner.display import when

    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    try:
        assert when(0) == "-"
        assert when(1_796_081_520) == "2026-12-01 05:02 UTC+05:30"  # 2026-11-30 23:32 UTC
        monkeypatch.setenv("TZ", "America/St_Johns")
        time.tzset()
        assert when(1_796_081_520) == "2026-11-30 20:02 UTC-03:30"
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()
        assert when(1_796_081_520) == "2026-11-30 23:32 UTC+00:00"
        assert when(1e20) == "-"
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.system
def test_every_command_shows_times_with_their_zone(pk, folder, ids, monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    pk("approve", ids[0]).ok()

    for args in (["history"], ["show", ids[0]], ["stats"]):
        out = pk(*args, how="module").ok()
        assert WHEN_WITH_ZONE.search(out), (args, out)
        assert all(found.endswith("UTC+05:30") for found in WHEN_WITH_ZONE.findall(out)), out


# -- item 4: history shows what an edit did to the text ---------------------------------------------------


def history_rows(pk, memory_id: str) -> dict[str, str]:
    """`history ID` by decision number."""
    _, *rows = pk("history", memory_id).lines()
    return {row.split()[0]: row for row in rows}


def test_history_shows_each_edits_text_before_and_after_until_a_reject_erases_it(pk, folder, ids):
    first = MEMORIES[0][0]
    pk("approve", ids[0]).ok()
    pk("edit", ids[0], "--text", "Drinks espresso").ok()
    pk("edit", ids[0], "--category", "tools").ok()
    pk("edit", ids[0], "--text", "Drinks ristretto").ok()

    rows = history_rows(pk, ids[0])

    assert rows["2"].endswith(f"approved -> approved, text changed from “{first}” to “Drinks espresso”")
    assert rows["3"].endswith("approved -> approved, category preferences -> tools")
    assert rows["4"].endswith("approved -> approved, text changed from “Drinks espresso” to “Drinks ristretto”")
    assert "text changed from" in pk("show", ids[0]).ok()

    pk("undo").ok()  # the latest edit: the first one's text is the text again, and history still says both
    rows = history_rows(pk, ids[0])
    assert "edit (undone)" in rows["4"]
    assert rows["4"].endswith("text changed from “Drinks espresso” to “Drinks ristretto”")
    assert " undo " in rows["5"] and rows["5"].endswith("text back to “Drinks espresso”")
    assert rows["2"].endswith(f"text changed from “{first}” to “Drinks espresso”")
    assert listed(pk)[ids[0]]["text"] == "Drinks espresso"

    pk("reject", ids[0]).ok()
    out = pk("history", ids[0]).ok()
    assert "espresso" not in out and "ristretto" not in out and first not in out
    rows = history_rows(pk, ids[0])
    assert rows["2"].endswith("text erased by the reject") and rows["4"].endswith("text erased by the reject")


@pytest.mark.system
def test_history_keeps_an_undone_edits_texts_through_the_command_line(pk, folder, ids):
    """The newcomer's steps, each a `personakit` process: edit, undo, history."""
    pk("edit", ids[0], "--text", "Drinks espresso", how="module").ok()
    pk("undo", how="module").ok()
    rows = history_rows(lambda *args: pk(*args, how="module"), ids[0])
    (edit,) = (row for row in rows.values() if " edit (undone) " in row)
    assert edit.endswith(f"text changed from “{MEMORIES[0][0]}” to “Drinks espresso”"), rows
    assert any(row.endswith(f"text back to “{MEMORIES[0][0]}”") for row in rows.values()), rows


def test_history_never_shows_a_python_none(pk, folder, tmp_path):
    """A decision that knows only one of its categories (as an older export may hold) shows no `None`."""
    line = {
        "id": "m_0123456789ab",
        "state": "approved",
        "text": "Reads the news in the morning",
        "category": "preferences",
        "quotes": ["news first thing"],
        "created": 1.0,
        "touched": 2.0,
        "approved_at": 2.0,
        "history": [
            {"seq": 1, "action": "approve", "before": "unconfirmed", "after": "approved", "at": 2.0},
            {
                "seq": 2,
                "action": "edit",
                "before": "approved",
                "after": "approved",
                "at": 3.0,
                "category_before": "tools",
            },
        ],
    }
    (tmp_path / "old.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    pk("import", tmp_path / "old.jsonl").ok()

    for args in (["history"], ["show", "m_0123456789ab"], ["undo"]):
        out = pk(*args).ok()
        assert "None" not in out, out


# -- item 4: undo says why it stops and what reset does ---------------------------------------------------


def test_undo_at_a_reject_says_what_reset_does_instead(pk, folder, ids):
    pk("approve", ids[1]).ok()
    pk("reject", ids[0]).ok()
    before = snapshot(folder)

    err = one_sentence(pk("undo"), ids[0], "reject cannot be undone", "personakit reset ID", "back to unconfirmed")

    assert "#2" in err
    assert snapshot(folder) == before


def test_undo_n_stopping_at_a_reject_says_what_reset_does_instead(pk, folder, ids):
    pk("reject", ids[0]).ok()
    pk("approve", ids[1]).ok()

    *_, stopped = pk("undo", "3").lines()

    assert stopped.startswith("Stopped after 1: decision #1 rejected ")
    assert "personakit reset ID" in stopped and stopped.endswith(".")


def test_undo_at_a_dropped_quote_says_what_reset_does_instead(pk, folder):
    waiting = seed_waiting(folder)
    with opened(folder) as kit:
        kit.store.decide(waiting, "drop-quote", kit.now(), quote=WAITING_QUOTES[1])

    one_sentence(pk("undo"), f"dropped a quote of {waiting}", "the quote was erased", "personakit reset ID")


# -- item 4: token --rotate ------------------------------------------------------------------------------


def test_token_rotate_makes_a_new_private_token_and_says_servers_keep_the_old(pk, folder):
    old = pk("token").ok().strip()

    done = pk("token", "--rotate")

    assert done.code == 0
    new = done.out.strip()
    assert done.out == new + "\n" and new != old and len(new) >= 32  # stdout: the token alone
    assert "restart" in done.err and done.err.count("\n") == 1
    assert pk("token").ok().strip() == new
    path = folder / "http-token"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in folder.iterdir() if p.name.startswith(".http-token")] == []


def test_token_rotate_on_a_new_folder_makes_one(pk, folder):
    assert len(pk("token", "--rotate").out.strip()) >= 32
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


@pytest.mark.system
def test_a_running_http_server_keeps_the_old_token_until_restarted(pk, folder):

    old = pk("token").ok().strip()
    with http_server(folder) as server:
        new = pk("token", "--rotate").out.strip()
        assert post(server.url, {"Authorization": f"Bearer {old}"}).status_code == 200
        assert post(server.url, {"Authorization": f"Bearer {new}"}).status_code == 401
    with http_server(folder) as server:
        assert post(server.url, {"Authorization": f"Bearer {new}"}).status_code == 200
        assert post(server.url, {"Authorization": f"Bearer {old}"}).status_code == 401


# -- item 4: sentences, not codes; plurals; no Python internals ---------------------------------------------


def test_refusal_codes_read_as_sentences():
    from personakit_plugin.owner.display import refusal

    assert refusal("credential_shape") == "it looks like a password, key, or card or identity number"
    assert refusal("too_long") == "the text is longer than 300 characters"
    assert refusal("empty_text") == "the text is empty"
    assert refusal("empty_quote") == "the quote is empty"
    assert refusal("hook_says_no\x1b") == "a plugin refused it (hook_says_no\\x1b)"


def test_an_edit_to_a_secret_says_why_in_words(pk, folder, ids):
    one_sentence(
        pk("edit", ids[0], "--text", "My password=Tr0ub4dor&3xK"),
        "looks like a password, key, or card or identity number",
    )


def test_counts_say_one_memory_and_two_memories(pk, run, folder, tmp_path):
    seed(folder, MEMORIES[0])

    assert pk("stats").lines()[0] == "1 memory."
    assert pk("export", "--out", tmp_path / "one.jsonl").ok() == f"Exported 1 memory to {tmp_path / 'one.jsonl'}.\n"
    imported = run("--data-dir", tmp_path / "copy", "import", tmp_path / "one.jsonl").ok()
    assert imported == "Imported 1 new memory, 0 already known (0 quotes added to them), 0 refused.\n"
    seed(folder, MEMORIES[1])
    assert pk("stats").lines()[0] == "2 memories."


def test_plural_says_one_line_and_two_lines():
    from personakit_plugin.owner.display import plural

    assert plural(1, "line") == "1 line" and plural(2, "line") == "2 lines" and plural(0, "memory") == "0 memories"
    assert plural(1, "new memory") == "1 new memory" and plural(3, "new memory") == "3 new memories"


def test_a_memory_graph_import_counts_in_words(pk, tmp_path):
    graph = tmp_path / "memory.jsonl"
    lines = [
        {"type": "entity", "name": "default_user", "entityType": "person", "observations": ["Likes tea"]},
        {"type": "relation", "from": "default_user", "to": "tea", "relationType": "likes"},
        {"type": "note", "text": "something else"},
    ]
    graph.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    out = pk("import", "--from", "memory-json", graph).lines()

    assert out[0] == (
        "Imported 1 new memory as an unconfirmed proposal, 0 already known, 0 refused; 1 relation skipped."
    )
    assert out[1] == "Skipped 1 line of another type than entity or relation."


@pytest.mark.system
def test_a_warning_is_one_clean_line_on_stderr(folder):
    done = subprocess.run(
        personakit_command("--data-dir", folder, "list"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 3,
        env=clean_environ(PERSONAKIT_DISABLED_PLUGINS="default-redact"),
    )

    assert done.returncode == 0
    assert done.stderr == (
        "personakit: warning: The default plugin 'default-redact' cannot be disabled; "
        "a plugin that answers before it can change what it does.\n"
    )


@pytest.mark.system
def test_a_plugin_name_that_is_not_installed_is_one_sentence_and_nothing_runs(folder):
    done = subprocess.run(
        personakit_command("--data-dir", folder, "serve"),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 3,
        env=clean_environ(PERSONAKIT_PLUGINS="no-such-plugin"),
    )

    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("personakit: PERSONAKIT_PLUGINS names 'no-such-plugin', which is not an installed")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_migrate_to_a_store_that_is_not_installed_names_those_that_are(pk, folder, ids):
    err = one_sentence(pk("migrate", "--to", "nosuch", "x://y"), "'nosuch'")

    # PERSONAKIT_PLUGINS is empty here: no installed plugin is let in to offer a backend.
    assert "none is, besides SQLite" in err and "personakit-store-postgres" in err


@pytest.mark.parametrize("where", ["memory", "decision"])
def test_an_import_error_about_a_category_lists_the_seven(pk, folder, tmp_path, where):
    line: dict[str, Any] = {
        "id": "m_0123456789ab",
        "state": "unconfirmed",
        "text": "Reads the news in the morning",
        "category": "hobbies" if where == "memory" else "preferences",
        "quotes": ["news first thing"],
        "created": 1.0,
        "touched": 2.0,
    }
    if where == "decision":
        line["history"] = [
            {"seq": 1, "action": "edit", "before": "unconfirmed", "after": "unconfirmed", "at": 2.0}
            | {"category_before": "hobbies", "category_after": "preferences"}
        ]
    (tmp_path / "bad.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")

    one_sentence(pk("import", tmp_path / "bad.jsonl"), "hobbies", ", ".join(CATEGORIES))

    assert not folder.exists()


# -- the README's commands are the command line's -------------------------------------------------------------


def readme_section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action._name_parser_map)


def test_every_command_and_option_in_the_commands_table_exists():
    table = (DOCS / "commands.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `personakit ([a-z][a-z-]*)([^`]*)` \|", table, re.MULTILINE)
    commands = subcommands()
    assert len(rows) >= 18
    for name, rest in rows:
        assert name in commands, name
        known = {option for action in commands[name]._actions for option in action.option_strings}
        for option in re.findall(r"--[a-z-]+", rest):
            assert option in known, (name, option)


def test_the_readme_starts_with_a_quick_start_that_installs_recall_connects_and_reviews():
    """At most fifteen lines, right after the introduction: install with the recall plugin, put `personakit`
    on PATH from the folder the install made, connect a host, review; no made-up repository address."""
    text = README.read_text(encoding="utf-8")
    quick = readme_section("Quick start")
    assert text.index("\n## ") == text.index("\n## Quick start\n")
    assert len(quick.strip("\n").splitlines()) <= 15
    assert "python3 -m venv ~/.personakit && ~/.personakit/bin/pip install . ./hooks/personakit-recall" in quick
    assert "ln -s ~/.personakit/bin/personakit ~/.local/bin/" in quick
    assert "\npersonakit connect claude-desktop " in quick and "\npersonakit review " in quick
    assert "uv tool install 'personakit-plugin[recall]'" in quick
    assert "<" not in quick.replace("<!--", ""), "no placeholder for an address the repository does not have"
    assert "python3 -m venv .venv && .venv/bin/pip install tox && .venv/bin/tox" in readme_section("Test")


def test_the_install_page_commands_agree_with_each_other():
    """The one-liner's folder is the one the PATH step links from, and the commands it then runs exist; every
    way of installing it brings the recall plugin, so reads go by meaning from the first run."""
    install = (DOCS / "install.md").read_text(encoding="utf-8")
    assert "this repository's URL" not in install and "git clone <" not in install
    one_liner = (
        "python3 -m venv ~/.personakit && ~/.personakit/bin/pip install . ./hooks/personakit-recall"
        " && ~/.personakit/bin/personakit serve"
    )
    assert one_liner in install
    assert "ln -s ~/.personakit/bin/personakit ~/.local/bin/" in install
    assert "pipx install . && pipx inject personakit-plugin ./hooks/personakit-recall" in install
    assert "uv tool install . --with ./hooks/personakit-recall" in install
    for offline in (
        "~/.personakit/bin/pip install --no-index --find-links ~/personakit-wheels 'personakit-plugin[recall]'",
        "uv tool install --offline --no-index --find-links ~/personakit-wheels 'personakit-plugin[recall]'",
        """pipx install --pip-args="--no-index --find-links $HOME/personakit-wheels" 'personakit-plugin[recall]'""",
    ):
        assert offline in install
    assert "PERSONAKIT_DISABLED_PLUGINS=recall" in install  # the documented default, one switch away
    assert "personakit --version" in install


@pytest.mark.system
def test_the_console_script_is_the_command_line(run):
    """The `personakit` the README links onto PATH is this command line: the script its install makes."""
    assert SCRIPT.exists()
    assert run("--version", how="script").ok().startswith("personakit ")
