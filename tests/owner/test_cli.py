"""The owner's command line, run for real on a temporary data folder.

Each command runs in-process through `personakit_plugin.owner.cli.main`, and the important ones also as
a subprocess: `python -m personakit_plugin ...` and the installed `personakit` console script.
Memories are seeded through a kit, as an assistant would propose them, and checked afterwards
through `list --json` and through `kit.read`, the way an assistant would see them.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from personakit_plugin.owner.cli import USAGE

from .. import conftest
from ..conftest import decide, opened, seed
from ..helpers import cli
from ..helpers.cli import COFFEE, HOW, MEMORIES, OTHERS, Run, listed, snapshot

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids

UNKNOWN = "m_000000000000"
ID = re.compile(r"m_[0-9a-f]{12}")
WHEN = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")
COMMANDS = ("serve", "list", "show", "approve", "restrict", "reject", "reset", "edit", "history", "plugins")
STATE_OF = {"approve": "approved", "restrict": "restricted", "reject": "rejected", "reset": "unconfirmed"}
DEFAULT_PLUGIN_HOOKS = {
    "default-read": ["personakit_read"],
    "default-propose": ["personakit_propose"],
    "default-rank": ["personakit_rank"],
    "default-redact": ["personakit_redact"],
    "default-refuse": ["personakit_refuse"],
    "default-store": ["personakit_store"],
}

# -- the data folder --------------------------------------------------------------------------


def read(folder: Path, question: str) -> Any:
    with opened(folder) as kit:
        return kit.read(question, 7)


def states(pk: Callable[..., Run]) -> dict[str, str]:
    return {memory_id: memory["state"] for memory_id, memory in listed(pk).items()}


# -- which data folder --------------------------------------------------------------------------


def default_database() -> Path:
    return Path(platformdirs.user_data_dir("personakit")) / "personakit.sqlite3"


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("where", ["before", "after"])
def test_data_dir_option_before_or_after_the_command(run, folder, ids, how, where):
    args = ["--data-dir", folder, "list", "--json"] if where == "before" else ["list", "--json", "--data-dir", folder]

    assert {memory["id"] for memory in run(*args, how=how).json()} == set(ids)
    assert not default_database().exists()


@pytest.mark.parametrize("how", HOW)
def test_data_dir_from_the_environment(run, folder, ids, how, monkeypatch):
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(folder))

    assert {memory["id"] for memory in run("list", "--json", how=how).json()} == set(ids)
    assert not default_database().exists()


@pytest.mark.parametrize("how", HOW)
def test_data_dir_option_wins_over_the_environment(run, folder, ids, how, monkeypatch, tmp_path):
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(tmp_path / "elsewhere"))

    assert {memory["id"] for memory in run("--data-dir", folder, "list", "--json", how=how).json()} == set(ids)
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("xdg", [True, False], ids=["XDG_DATA_HOME", "HOME-only"])
def test_data_dir_defaults_to_the_platform_user_data_folder(run, how, xdg, monkeypatch, tmp_path):
    if not xdg:
        monkeypatch.delenv("XDG_DATA_HOME")
    database = default_database()
    assert tmp_path in database.parents  # the autouse fixture keeps the real one out of reach
    if sys.platform.startswith("linux"):
        base = tmp_path / "home" / "xdg-data" if xdg else tmp_path / "home" / ".local" / "share"
        assert database == base / "personakit" / "personakit.sqlite3"

    assert run("list", "--json", how=how).json() == []
    assert not database.exists()  # looking creates nothing; the seeded memory below is found there
    seed(database.parent, MEMORIES[0])
    assert len(run("list", "--json", how=how).json()) == 1


# -- list -------------------------------------------------------------------------------------------


def columns(header: str) -> dict[str, int]:
    return {match.group(): match.start() for match in re.finditer(r"\S+", header)}


def test_list_prints_aligned_columns(pk, folder, ids):
    decide(folder, "approve", ids[0])
    decide(folder, "restrict", ids[1])
    decide(folder, "reject", ids[2])

    header, *rows = pk("list", "--state", "all").lines()

    at = columns(header)
    assert list(at)[:3] == ["ID", "STATE", "CATEGORY"]
    assert list(at)[-1] == "TEXT"
    assert at["ID"] == 0
    given = ["approved", "restricted", "rejected", "unconfirmed"]
    expected = {memory_id: (state, m) for memory_id, state, m in zip(ids, given, MEMORIES, strict=True)}
    assert len(rows) == len(ids)
    for row in rows:
        state, (text, _, category) = expected[row[: at["STATE"]].strip()]
        assert row[at["STATE"] :].split()[0] == state
        assert row[at["CATEGORY"] :].split()[0] == ("-" if state == "rejected" else category)
        if state == "rejected":
            assert text not in row
        else:
            assert row[at["TEXT"] :] == text


def test_list_wraps_long_text_to_the_terminal_width_and_keeps_all_of_it(pk, folder, monkeypatch):
    long_text = "Keeps a running list of " + ", ".join(f"topic number {n}" for n in range(15))
    seed(folder, (long_text, "I keep a list of topics", "communication"))
    monkeypatch.setenv("COLUMNS", "80")

    header, text_header, row, *more = pk("list").lines()

    # At 80 columns the text goes below its row, with the whole width but the indent.
    assert header.split() == ["ID", "STATE", "CATEGORY", "QUOTES"] and text_header == "    TEXT"
    assert row.startswith("m_") and more and all(len(line) <= 80 for line in [row, *more])
    assert all(line.startswith("    ") and line[4] != " " for line in more)
    assert " ".join(line[4:] for line in more) == long_text
    assert "…" not in "".join(more)


def test_list_with_nothing_to_show(pk, folder, ids):
    assert pk("list", "--state", "approved").ok() == "No approved memories.\n"
    assert pk("list", "--state", "approved", "--json").json() == []


def test_list_on_an_empty_folder(pk, folder):
    folder.mkdir(mode=0o700)
    assert pk("list").ok() == "No memories.\n"
    assert pk("list", "--json").json() == []


def test_list_on_a_folder_that_does_not_exist(pk, folder):
    assert pk("list").ok() == f"There is no PersonaKit data in {folder} yet, so no memories.\n"
    assert pk("list", "--json").json() == []


def test_commands_that_look_create_no_data_folder(pk, folder):
    """Looking at a folder with no memory yet (a mistyped --data-dir, say) leaves nothing behind and
    says so; only `serve` and `import`, which bring memories in, create it."""
    nothing = f"There is no PersonaKit data in {folder} yet, so "
    assert pk("list").ok() == nothing + "no memories.\n"
    assert pk("stats").ok() == nothing + "nothing to count.\n"
    assert pk("history").ok() == nothing + "no decisions.\n"
    assert pk("stats", "--json").json()["states"]["approved"] == 0  # a script's answer stays as it was
    assert pk("history", "--json").json() == []
    assert "does not exist yet" in pk("doctor").ok()
    failing = {
        ("show", "m_000000000000"): "no memory m_000000000000",
        ("show", "m_0000"): "no memory m_0000",
        ("approve", "m_000000000000"): "no memory m_000000000000",
        ("edit", "m_000000000000", "--text", "New"): "no memory m_000000000000",
        ("history", "m_000000000000"): "no memory m_000000000000",
        ("undo",): "no decision to undo",
        ("undo", "3"): "no decision to undo",
        ("export",): "nothing to export",
        ("export", "--out", folder.parent / "out.jsonl"): "nothing to export",
    }
    for args, so in failing.items():
        done = pk(*args)
        assert (done.code, done.out, done.err) == (1, "", f"personakit: {nothing}{so}.\n"), args
    assert not folder.exists()
    assert not (folder.parent / "out.jsonl").exists()
    export = folder.parent / "empty.jsonl"
    export.write_text("")
    assert pk("import", export).code == 0
    assert not folder.exists(), "a file that holds no memories brings none in"
    graph = folder.parent / "memory.jsonl"
    graph.write_text(json.dumps({"type": "entity", "name": "default_user", "observations": ["Likes tea"]}) + "\n")
    assert pk("import", "--from", "memory-json", graph).code == 0
    assert (folder / "personakit.sqlite3").is_file()


@pytest.mark.parametrize("state", ["unconfirmed", "approved", "restricted", "rejected", "all"])
def test_list_state_filters(pk, folder, ids, state):
    decide(folder, "approve", ids[0])
    decide(folder, "restrict", ids[1])
    decide(folder, "reject", ids[2])
    state_of = dict(zip(ids, ["approved", "restricted", "rejected", "unconfirmed"], strict=True))
    wanted = {memory_id for memory_id, s in state_of.items() if state in (s, "all")}

    by_json = listed(pk, "--state", state)
    _, *rows = pk("list", "--state", state).lines()

    assert set(by_json) == wanted
    assert all(memory["state"] == state_of[memory_id] for memory_id, memory in by_json.items())
    assert {row.split()[0] for row in rows} == wanted


@pytest.mark.parametrize("how", HOW)
def test_list_json_holds_each_memory_with_its_quotes_newest_last(pk, folder, ids, how):
    with opened(folder) as kit:
        again = kit.propose(MEMORIES[0][0].upper(), "I said it again: black coffee", "tools")
    assert again.id == ids[0]

    memories = pk("list", "--json", how=how).json()

    assert isinstance(memories, list)
    by_id = {memory["id"]: memory for memory in memories}
    assert set(by_id) == set(ids)
    for memory_id, (text, _, category) in zip(ids, MEMORIES, strict=True):
        memory = by_id[memory_id]
        assert {"id", "text", "category", "state", "quotes"} <= set(memory)
        assert ID.fullmatch(memory["id"])
        assert (memory["text"], memory["category"], memory["state"]) == (text, category, "unconfirmed")
    assert by_id[ids[0]]["quotes"] == [MEMORIES[0][1], "I said it again: black coffee"]
    assert by_id[ids[1]]["quotes"] == [MEMORIES[1][1]]


def test_list_json_keeps_nothing_of_a_rejected_memory(pk, folder, ids):
    decide(folder, "reject", ids[0])

    memory = listed(pk)[ids[0]]

    assert memory["state"] == "rejected"
    assert not memory["text"]
    assert memory["quotes"] == []
    assert MEMORIES[0][0] not in pk("list", "--state", "all").ok()


# -- show -------------------------------------------------------------------------------------------


def test_show_prints_the_memory_and_its_quotes_newest_first(pk, folder, ids):
    with opened(folder) as kit:
        kit.propose(MEMORIES[0][0], "a second time: coffee, black", "preferences")

    out = pk("show", ids[0]).ok()

    assert ids[0] in out
    assert "unconfirmed" in out
    assert "preferences" in out
    assert MEMORIES[0][0] in out
    assert out.index("a second time: coffee, black") < out.index(MEMORIES[0][1])
    assert MEMORIES[1][0] not in out


@pytest.mark.parametrize("how", HOW)
def test_show_json(pk, folder, ids, how):
    decide(folder, "approve", ids[1])

    memory = pk("show", ids[1], "--json", how=how).json()

    text, quote, category = MEMORIES[1]
    assert memory["id"] == ids[1]
    assert (memory["text"], memory["category"], memory["state"], memory["quotes"]) == (
        text,
        category,
        "approved",
        [quote],
    )
    [decision] = memory["history"]
    assert (decision["before"], decision["after"]) == ("unconfirmed", "approved")


# -- quotes waiting for the owner --------------------------------------------------------------------


@pytest.mark.parametrize("how", HOW)
def test_show_marks_the_quotes_waiting_for_the_owner(pk, folder, how):
    waiting = conftest.seed_waiting(folder)
    old, first, second = conftest.WAITING_QUOTES

    out = pk("show", waiting, how=how).ok()

    assert f"  [waiting for you] “{second}”\n  [waiting for you] “{first}”\n  “{old}”" in out
    assert "2 quotes wait for you" in out and "personakit review" in out
    memory = pk("show", waiting, "--json", how=how).json()
    assert (memory["quotes"], memory["pending"]) == ([old, first, second], [first, second])
    assert [d["action"] for d in memory["history"]] == ["approve"]


def test_list_counts_and_lists_the_quotes_waiting(pk, folder, ids):
    waiting = conftest.seed_waiting(folder)
    old, first, second = conftest.WAITING_QUOTES

    row = next(line for line in pk("list").lines() if line.startswith(waiting))

    assert "  3 (2 waiting)  " in row
    by_id = listed(pk)
    assert by_id[waiting]["pending"] == [first, second] and by_id[waiting]["quotes"] == [old, first, second]
    assert all(by_id[memory_id]["pending"] == [] for memory_id in ids)
    with opened(folder) as kit:
        kit.store.decide(waiting, "accept-quote", kit.now(), quote=second)
    assert listed(pk)[waiting]["pending"] == [first]
    assert f"[waiting for you] “{second}”" not in pk("show", waiting).ok()
    assert "1 quote waits for you" in pk("show", waiting).ok()


def test_undoing_a_kept_quote_says_it_waits_again(pk, folder):
    waiting = conftest.seed_waiting(folder)
    with opened(folder) as kit:
        kit.store.decide(waiting, "accept-quote", kit.now(), quote=conftest.WAITING_QUOTES[2])

    out = pk("undo").ok()

    assert f"accept-quote of {waiting}" in out and "the quote waits for you again" in out
    assert "accept-quote (undone)" in pk("history", waiting).ok()


def test_show_a_rejected_memory_says_it_was_erased(pk, folder, ids):
    decide(folder, "reject", ids[0])

    out = pk("show", ids[0]).ok()

    assert ids[0] in out
    assert "rejected" in out
    assert "erased" in out
    assert MEMORIES[0][0] not in out
    assert MEMORIES[0][1] not in out


# -- decisions --------------------------------------------------------------------------------------


def coffee_read(folder: Path) -> tuple[dict[str, bool], int]:
    """What an assistant asking about coffee is shown: {id: confirmed}, and the withheld count."""
    result = read(folder, "Coffee, please?")
    return {memory.id: memory.confirmed for memory in result.memories}, result.withheld


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("action", ["approve", "restrict", "reject", "reset"])
def test_deciding_on_several_ids_at_once(pk, folder, how, action):
    coffee = seed(folder, *COFFEE)
    other = seed(folder, *OTHERS)
    if action == "reset":
        decide(folder, "approve", *coffee)

    out = pk(action, *coffee, how=how).lines()

    before = "approved" if action == "reset" else "unconfirmed"
    for memory_id in coffee:
        assert f"{memory_id}: {before} -> {STATE_OF[action]}" in out
    assert states(pk) == {**dict.fromkeys(coffee, STATE_OF[action]), **dict.fromkeys(other, "unconfirmed")}
    shown, withheld = coffee_read(folder)
    if action in ("approve", "reset"):
        assert shown == dict.fromkeys(coffee, action == "approve")
        assert withheld == 0
    else:
        assert set(shown) & set(coffee) == set()
        assert withheld == (2 if action == "restrict" else 0)


def test_reject_erases_text_and_quotes_from_every_file(pk, folder, ids):
    pk("reject", ids[0]).ok()

    everything = b"".join(snapshot(folder).values())
    assert MEMORIES[0][0].encode() not in everything
    assert MEMORIES[0][1].encode() not in everything
    assert MEMORIES[1][0].encode() in everything


def test_a_repeated_id_is_decided_once(pk, folder, ids):
    out = pk("approve", ids[0], ids[0]).lines()

    assert out[0] == f"{ids[0]}: unconfirmed -> approved"
    assert sum(ids[0] in line for line in out) == 2  # and once to say its quote, never shown, waits
    assert len(pk("history", "--json").json()) == 1


def test_decisions_can_be_undone_by_the_next_decision(pk, folder, ids):
    for action in ["approve", "restrict", "reset", "approve"]:
        pk(action, ids[0]).ok()
        assert states(pk)[ids[0]] == STATE_OF[action]
    assert coffee_read(folder)[0][ids[0]] is True


# -- edit -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "text", "category"),
    [
        (["--text", "Drinks espresso, no sugar"], "Drinks espresso, no sugar", "preferences"),
        (["--category", "Tools"], MEMORIES[0][0], "tools"),
        (["--text", "Drinks espresso", "--category", "background"], "Drinks espresso", "background"),
    ],
    ids=["text", "category", "both"],
)
@pytest.mark.parametrize("how", HOW)
def test_edit_keeps_the_id_and_the_state(pk, folder, ids, options, text, category, how):
    decide(folder, "approve", ids[0])

    pk("edit", ids[0], *options, how=how).ok()

    memory = listed(pk)[ids[0]]
    assert (memory["text"], memory["category"], memory["state"]) == (text, category, "approved")
    assert memory["quotes"] == [MEMORIES[0][1]]
    assert set(listed(pk)) == set(ids)
    with opened(folder) as kit:
        for proposed in (MEMORIES[0][0], text):
            again = kit.propose(proposed, "said once more", "other")
            assert (again.id, again.new, again.state) == (ids[0], False, "approved")
    [decision] = pk("history", ids[0], "--json").json()[1:]
    assert (decision["action"], decision["before"], decision["after"]) == ("edit", "approved", "approved")


def test_an_edited_text_is_what_assistants_read(pk, folder, ids):
    pk("edit", ids[2], "--text", "Prefers short answers about coffee").ok()

    shown, _ = coffee_read(folder)

    assert ids[2] in shown


# -- history ----------------------------------------------------------------------------------------


def assert_no_memory_text(out: str) -> None:
    for text, quote, _ in MEMORIES:
        assert text not in out
        assert quote not in out


@pytest.mark.parametrize("how", HOW)
def test_history_lists_every_decision_with_its_time_and_states(pk, folder, ids, how):
    pk("approve", ids[0]).ok()
    pk("restrict", ids[1]).ok()
    pk("reset", ids[0]).ok()
    pk("reject", ids[3]).ok()

    header, *rows = pk("history", how=how).lines()

    assert header.split() == ["#", "WHEN", "ID", "DECISION", "CHANGE"]
    expected = [
        (ids[0], "approve", "unconfirmed -> approved"),
        (ids[1], "restrict", "unconfirmed -> restricted"),
        (ids[0], "reset", "approved -> unconfirmed"),
        (ids[3], "reject", "unconfirmed -> rejected"),
    ]
    assert len(rows) == len(expected)
    for row, (memory_id, action, change) in zip(rows, expected, strict=True):
        assert WHEN.search(row)
        assert memory_id in row
        assert action in row
        assert change in row
    assert_no_memory_text("\n".join(rows))


def test_history_of_one_memory(pk, folder, ids):
    pk("approve", ids[0], ids[1]).ok()
    pk("edit", ids[0], "--category", "background").ok()

    _, *rows = pk("history", ids[0]).lines()

    assert len(rows) == 2
    assert all(ids[0] in row and ids[1] not in row for row in rows)
    assert "preferences -> background" in rows[1]
    assert_no_memory_text("\n".join(rows))


def test_history_json_holds_ids_states_and_times_never_text(pk, folder, ids):
    pk("approve", ids[0]).ok()
    pk("edit", ids[0], "--text", "Drinks espresso").ok()

    decisions = pk("history", "--json").json()

    assert [(d["memory_id"], d["action"], d["before"], d["after"]) for d in decisions] == [
        (ids[0], "approve", "unconfirmed", "approved"),
        (ids[0], "edit", "approved", "approved"),
    ]
    assert all(isinstance(d["at"], float) and d["at"] > 0 for d in decisions)
    assert "espresso" not in json.dumps(decisions)
    assert_no_memory_text(json.dumps(decisions))


def test_history_with_no_decisions(pk, ids):
    assert pk("history").ok() == "No decisions yet.\n"


# -- errors -----------------------------------------------------------------------------------------

# Placeholders: {A} an unconfirmed memory, {B} another, {R} a rejected one, {X} an unknown id.
ERRORS = {
    "show unknown id": (["show", "{X}"], "{X}"),
    "approve unknown id": (["approve", "{X}"], "{X}"),
    "reject unknown id": (["reject", "{X}"], "{X}"),
    "edit unknown id": (["edit", "{X}", "--text", "Something new"], "{X}"),
    "history unknown id": (["history", "{X}"], "{X}"),
    "approve list with an unknown id": (["approve", "{A}", "{X}"], "{X}"),
    "reject list with an unknown id": (["reject", "{A}", "{B}", "{X}"], "{X}"),
    "bad state name": (["list", "--state", "bogus"], "bogus"),
    "bad state name in json": (["list", "--json", "--state", "approve"], "approve"),
    "unknown command": (["frobnicate"], "frobnicate"),
    "bad category": (["edit", "{A}", "--category", "hobbies"], "hobbies"),
    "edit without options": (["edit", "{A}"], ""),
    "edit to empty text": (["edit", "{A}", "--text", "   "], ""),
    "edit to a secret": (
        ["edit", "{A}", "--text", "Uses password=Tr0ub4dor&3xK for the VPN"],
        "looks like a password, key",
    ),
    "edit to another memory's text": (["edit", "{A}", "--text", MEMORIES[1][0]], "{B}"),
    "approve rejected": (["approve", "{R}"], "{R}"),
    "restrict rejected": (["restrict", "{R}"], "{R}"),
    "reset rejected": (["reset", "{R}"], "{R}"),
    "approve list with a rejected id": (["approve", "{A}", "{R}"], "{R}"),
    "edit rejected text": (["edit", "{R}", "--text", "Something new"], "{R}"),
    "edit rejected category": (["edit", "{R}", "--category", "tools"], "{R}"),
}


USAGE_ERRORS = {"bad state name", "bad state name in json", "unknown command", "bad category"}
USAGE_ERRORS |= {"edit without options", "edit to empty text"}
"""The ERRORS that are usage mistakes (exit status `USAGE`, 1 as every other error's)."""


def assert_one_sentence_error(result: Run, mentions: str, code: int = 1) -> None:
    assert result.code == code, result
    assert result.out == ""
    assert "Traceback" not in result.err
    assert len(result.err.splitlines()) == 1, result.err
    assert result.err.rstrip().endswith("."), result.err
    assert mentions in result.err


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("case", list(ERRORS))
def test_an_error_is_one_sentence_exit_1_or_2_and_changes_nothing(pk, folder, ids, how, case):
    decide(folder, "reject", ids[3])
    decide(folder, "approve", ids[2])
    names = {"A": ids[0], "B": ids[1], "R": ids[3], "X": UNKNOWN}
    args, mentions = ERRORS[case]
    before = snapshot(folder)
    listed_before = pk("list", "--json").json()

    result = pk(*(arg.format(**names) for arg in args), how=how)

    assert_one_sentence_error(result, mentions.format(**names), USAGE if case in USAGE_ERRORS else 1)
    assert snapshot(folder) == before
    assert pk("list", "--json").json() == listed_before


@pytest.mark.parametrize("how", HOW)
def test_a_data_folder_that_is_a_file_is_one_sentence(run, tmp_path, how):
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("my notes\n")

    result = run("--data-dir", not_a_folder, "list", how=how)

    assert_one_sentence_error(result, str(not_a_folder))
    assert not_a_folder.read_text() == "my notes\n"


@pytest.mark.parametrize("how", HOW)
def test_a_database_that_is_not_personakit_is_one_sentence(run, folder, how):
    folder.mkdir(mode=0o700)  # private, as PersonaKit keeps it: an open one would be tightened first, and said
    (folder / "personakit.sqlite3").write_bytes(b"this is not a database " * 100)
    os.chmod(folder / "personakit.sqlite3", 0o600)
    before = snapshot(folder)

    result = run("--data-dir", folder, "list", how=how)

    assert_one_sentence_error(result, "personakit.sqlite3")
    assert snapshot(folder) == before


# -- plugins and help -------------------------------------------------------------------------------


@pytest.mark.parametrize("how", HOW)
def test_plugins_all_json_lists_the_default_plugins(run, how):
    plugins = {plugin["name"]: plugin for plugin in run("plugins", "--all", "--json", how=how).json()}

    version = metadata.version("personakit-plugin")
    for name, hooks in DEFAULT_PLUGIN_HOOKS.items():
        assert plugins[name]["version"] == version
        assert plugins[name]["hooks"] == hooks


def test_plugins_table(run):
    header, *rows = run("plugins", "--all").ok().split("\n\n")[0].splitlines()

    assert header.split() == ["NAME", "VERSION", "KIND", "HOOKS"]
    assert {row.split()[0] for row in rows} >= set(DEFAULT_PLUGIN_HOOKS)


@pytest.mark.system
@pytest.mark.parametrize("how", ["module", "script"])
def test_help_lists_the_commands(run, how):
    out = run("--help", how=how).ok()

    assert "usage: personakit" in out
    for command in COMMANDS:
        assert re.search(rf"^\s+{command}\s", out, re.MULTILINE), command
