"""How the command line explains itself: a usage mistake exits with status 1 (as every other error),
bare `personakit` and `personakit help` list the commands, every `--help` ends with examples the parser
takes, and `personakit completion SHELL` prints a script that a real bash completes commands with.

Runs in-process through `cli.main`, but for the status a real `personakit` process exits with and the
shells that read the completion scripts.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess

import pytest

from personakit_plugin.owner.cli import USAGE, build_parser
from personakit_plugin.owner.usage import EXAMPLES, GROUPS, commands_of

from ..helpers import cli
from ..helpers.cli import snapshot

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids

COMMANDS = list(commands_of(build_parser()))


def usage_mistake(done: cli.Run, *mentions: str) -> str:
    """A usage mistake: exit status 1, one sentence on stderr, nothing on stdout."""
    assert done.code == USAGE == 1, done
    assert done.out == ""
    assert done.err.count("\n") == 1 and done.err.startswith("personakit"), done
    assert done.err.rstrip().endswith("."), done
    for mention in mentions:
        assert mention in done.err, (mention, done.err)
    return done.err


# -- exit status 1 for a usage mistake -------------------------------------------------------------------

MISTAKES = {
    "unknown command": (["frobnicate"], "'frobnicate' is not a personakit command"),
    "mistyped command": (["lsit"], "did you mean list?"),
    "unknown option": (["list", "--zzz"], "--zzz"),
    "mistyped option": (["list", "--jsn"], "did you mean --json?"),
    "missing argument": (["show"], "arguments are required: ID"),
    "missing option value": (["list", "--state"], "--state"),
    "bad choice": (["list", "--state", "aproved"], "did you mean approved?"),
    "bad number": (["undo", "two"], "'two'"),
    "number below one": (["undo", "0"], "at least 1"),
    "http options on stdio": (["serve", "--port", "9000"], "--port only applies to --transport http"),
    "no-browser without web": (["review", "--no-browser"], "--web"),
    "edit without options": (["edit", "m_abcd"], "Give --text, --category or both"),
    "unknown category": (["edit", "m_abcd", "--category", "hobbies"], "'hobbies' is not a category"),
    "bad date": (["retire", "m_abcd", "--on", "soon"], "--on takes a day"),
    "since without proposed-by": (["reject", "--since", "2h", "m_abcd"], "add --proposed-by"),
    "ids and proposed-by": (["reject", "--proposed-by", "c_0a1b2c3d", "m_abcd"], "not both"),
    "bad time": (["restrict", "--proposed-by", "c_0a1b2c3d", "--until", "soon"], "'soon' is not a time"),
    "nothing to approve": (["reject"], "Give the ids"),
    "bad view": (["serve", "--categories", "hobbies"], "hobbies"),
    "owner without memory-json": (["import", "--owner", "alex", "x.jsonl"], "--owner is for --from memory-json"),
    "help of an unknown command": (["help", "lst"], "'lst' is not a personakit command (did you mean list?)"),
    "unknown shell": (["completion", "tcsh"], "tcsh"),
    "unknown host": (["connect", "nosuchhost"], "'nosuchhost' is not a host PersonaKit knows"),
    "unknown host to disconnect": (["disconnect", "nosuchhost"], "'nosuchhost' is not a host PersonaKit knows"),
    "port out of range": (["serve", "--transport", "http", "--port", "70000"], "from 0 to 65535"),
}


@pytest.mark.parametrize("case", list(MISTAKES))
def test_a_usage_mistake_exits_2_in_one_sentence_and_changes_nothing(pk, folder, ids, case):
    args, mentions = MISTAKES[case]
    before = snapshot(folder)

    usage_mistake(pk(*args), mentions)

    assert snapshot(folder) == before


@pytest.mark.system
def test_the_installed_script_exits_2_on_a_usage_mistake_and_1_on_another_error(run, folder):
    usage_mistake(run("--data-dir", folder, "list", "--zzz", how="script"), "--zzz")
    refused = run("--data-dir", folder, "show", "m_abcd", how="script")

    assert refused.code == 1 and "There is no" in refused.err


def test_other_errors_keep_exit_status_1(pk, folder, ids):
    assert pk("show", "m_abcdef012345").code == 1  # no such memory: a fault of the store's, not of typing
    assert pk("edit", ids[0], "--text", "x" * 400).code == 1  # a refused edit
    assert pk("undo").code == 1  # nothing to undo


# -- bare `personakit` and `personakit help` -----------------------------------------------------------


def test_bare_personakit_lists_every_command_in_groups_one_short_line_each(run):
    done = run()

    assert done.code == 0 and done.err == ""
    lines = done.out.splitlines()
    listed = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
    assert sorted(set(listed) & set(COMMANDS)) == sorted(COMMANDS)
    for title, commands in GROUPS:
        assert f"{title}:" in lines
        for name, summary in commands:
            (line,) = [line for line in lines if line.split()[:1] == [name]]
            assert line.strip().endswith(summary) and len(line) <= 80, line
    assert "personakit help COMMAND" in done.out


def test_every_command_is_in_one_group():
    grouped = [name for _, commands in GROUPS for name, _ in commands]

    assert sorted(grouped) == sorted(COMMANDS)


def test_help_is_bare_personakit_and_help_command_is_its_help(run):
    bare = run()

    assert run("help").out == bare.out == run("--help").out
    for command in ("show", "reject", "doctor", "completion"):
        asked = run("help", command)
        assert asked.code == 0 and asked.err == ""
        assert asked.out == run(command, "--help").out
        assert asked.out.startswith(f"usage: personakit {command}")


# -- examples in every --help ----------------------------------------------------------------------------

REDIRECTS = {">", ">>", "<", "|", ";", "&&"}


def example_argv(example: str) -> list[str]:
    """An example as the shell would hand it to personakit: its words before any redirection or pipe."""
    lexer = shlex.shlex(example, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = list(lexer)
    cut = next((i for i, word in enumerate(words) if word in REDIRECTS), len(words))
    return words[:cut]


def test_every_command_has_one_to_three_examples_at_the_end_of_its_help(run):
    for command in COMMANDS:
        assert 1 <= len(EXAMPLES.get(command, ())) <= 3, command
        helped = run(command, "--help")
        assert helped.code == 0
        shown = helped.out.split("\nExamples:\n", 1)[1].splitlines()
        assert shown == [f"  {example}" for example in EXAMPLES[command]], command


@pytest.mark.parametrize("example", [e for examples in EXAMPLES.values() for e in examples])
def test_every_example_is_one_the_parser_takes(example):
    argv = example_argv(example)
    named = next(command for command, examples in EXAMPLES.items() if example in examples)

    assert argv[0] == "personakit"
    parsed = build_parser().parse_args(argv[1:])  # a mistake would exit (SystemExit), failing the test
    assert parsed.command == named


# -- completion ----------------------------------------------------------------------------------------

BASH_COMPLETES = """
source "$1"
complete -p personakit
complete_line() {
    COMP_WORDS=("${@}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
    "$(complete -p personakit | sed -E 's/.* -F ([^ ]+) .*/\\1/')"
    echo "${COMPREPLY[*]}"
}
complete_line personakit ""
complete_line personakit li
complete_line personakit --data-dir /tmp re
complete_line personakit list --state a
complete_line personakit connect cu
complete_line personakit doctor --j
complete_line personakit help sh
"""


@pytest.mark.system
def test_the_bash_script_completes_commands_options_and_values_in_a_real_bash(run, tmp_path):
    script = tmp_path / "personakit.bash"
    script.write_text(run("completion", "bash").ok())

    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", BASH_COMPLETES, "bash", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 0 and done.stderr == "", done.stderr
    registered, every, li, re, state, host, json, sh = done.stdout.splitlines()
    assert registered.startswith("complete ") and registered.endswith(" personakit")
    assert sorted(every.split()) == sorted(COMMANDS)
    assert li.split() == ["list"]
    assert sorted(re.split()) == sorted(c for c in COMMANDS if c.startswith("re"))
    assert sorted(state.split()) == ["all", "approved"]
    assert host.split() == ["cursor"]
    assert json.split() == ["--json"]
    assert sh.split() == ["show"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
@pytest.mark.system
def test_the_zsh_and_fish_scripts_name_every_command_and_are_valid_where_the_shell_is(run, tmp_path, shell):
    text = run("completion", shell).ok()
    script = tmp_path / f"personakit.{shell}"
    script.write_text(text)

    words = set(text.replace("'", " ").replace(":", " ").split())
    assert set(COMMANDS) <= words
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed: its syntax check is left out")
    checked = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.system
def test_the_fish_script_completes_commands_and_values_in_a_real_fish(run, tmp_path):
    if shutil.which("fish") is None:
        pytest.skip("fish is not installed")
    script = tmp_path / "personakit.fish"
    script.write_text(run("completion", "fish").ok())

    def completed(line: str) -> list[str]:
        asked = f"source {shlex.quote(str(script))}; complete -C {shlex.quote(line)}"
        done = subprocess.run(["fish", "--no-config", "-c", asked], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return sorted(line.split("\t")[0] for line in done.stdout.splitlines())

    assert completed("personakit li") == ["list"]
    assert completed("personakit list --state a") == ["all", "approved"]
    assert completed("personakit connect cu") == ["cursor"]
