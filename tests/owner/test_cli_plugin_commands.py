"""A package outside PersonaKit adds an owner's command through `personakit_commands(add)`: installed (a
module and its `.dist-info` with a `personakit` entry point, on PYTHONPATH), it is a command of the real
`personakit` script like the built-in ones, listed, completed and switched off as plugins are; one that
breaks is named in one sentence and never takes the built-in commands with it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.owner.cli import USAGE

from ..helpers import cli, installed
from ..helpers.cli import SCRIPT, TIMEOUT, Run

pytestmark = pytest.mark.system

environment, install = cli.environment, installed.install

HELLO = """
from personakit_plugin import hookimpl


def hello(args):
    print(f"Hello, {args.name}! ({args.data_dir})")


@hookimpl
def personakit_commands(add):
    sub = add("hello", hello, "Say hello to someone by name, to show that a package beside PersonaKit adds a command.")
    sub.add_argument("name", nargs="?", default="world", help="who to greet")
"""


def plugin(body: str) -> str:
    return f"from personakit_plugin import hookimpl\n\n\n@hookimpl\ndef personakit_commands(add):\n{body}\n"


Personakit = Callable[..., Run]


@pytest.fixture
def personakit(tmp_path: Path) -> Personakit:
    """The installed `personakit` script in a child process, seeing the fake installed plugins, every
    installed plugin let in unless `environ` says otherwise."""

    def personakit(*args: str, **environ: str) -> Run:
        env = {name: value for name, value in os.environ.items() if name != "PERSONAKIT_PLUGINS"}
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "installed"), env.get("PYTHONPATH", "")])
        env.update(environ)
        done = subprocess.run(
            [str(SCRIPT), "--data-dir", str(tmp_path / "data"), *args],
            capture_output=True,
            encoding="utf-8",
            stdin=subprocess.DEVNULL,
            timeout=TIMEOUT,
            env=env,
        )
        return Run(done.returncode, done.stdout, done.stderr)

    return personakit


def one_warning(done: Run, *mentions: str) -> str:
    (line,) = done.err.splitlines()
    assert line.startswith("personakit: warning: PersonaKit plugin ") and "Traceback" not in done.err
    assert line.endswith("; its commands are left out.")
    for mention in mentions:
        assert mention in line
    return line


def test_an_installed_package_adds_a_command_listed_in_help_and_completion(install, personakit) -> None:
    install("hello", HELLO)

    assert personakit("hello", "Alex").ok() == f"Hello, Alex! ({Path(os.environ['HOME']).parent / 'data'})\n"
    listed = personakit("help").ok()
    group = listed.split("From plugins:\n", 1)[1]
    line = group.splitlines()[0]
    assert line.startswith("  hello") and line.split()[1:4] == ["say", "hello", "to"]
    assert line.endswith("…") and len(line) == 80, "a long summary is cut to the line"
    assert listed.index("This command line:") < listed.index("From plugins:")
    assert "usage: personakit hello" in personakit("hello", "--help").ok()
    assert personakit("help", "hello").ok() == personakit("hello", "--help").out
    for shell in ("bash", "zsh", "fish"):
        assert "hello" in personakit("completion", shell).ok(), shell


def test_a_plugin_is_only_named_in_the_list_when_its_summary_is_short(install, personakit) -> None:
    install("short", plugin('    add("greet", print, "Greet.")'))

    (line,) = [line for line in personakit("help").ok().splitlines() if line.startswith("  greet")]
    assert line.split() == ["greet", "greet", "(short)"]


def test_a_disabled_plugins_command_is_a_usage_mistake(install, personakit) -> None:
    install("hello", HELLO)

    for done in (
        personakit("hello", PERSONAKIT_DISABLED_PLUGINS="hello"),
        personakit("hello", PERSONAKIT_PLUGINS=""),
    ):
        assert done.code == USAGE and done.out == ""
        assert done.err.startswith("personakit: 'hello' is not a personakit command") and done.err.count("\n") == 1
    assert "From plugins" not in personakit("help", PERSONAKIT_DISABLED_PLUGINS="hello").ok()


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ('    raise RuntimeError("oops")', "'broken' failed in personakit_commands (RuntimeError)"),
        ('    add("list", print, "Mine.")', "'broken' adds the command 'list', which a built-in command already adds"),
        ('    add("Hello World", print, "Mine.")', "'broken' adds the command 'Hello World', whose name must be"),
        ('    add("hi", "not a function", "Mine.")', "'broken' adds the command 'hi' with a handler that cannot be"),
    ],
)
def test_a_plugin_whose_hook_fails_is_named_and_the_built_in_commands_work(install, personakit, body, said) -> None:
    install("broken", plugin(f'    add("mine", print, "Mine.")\n{body}'))
    install("hello", HELLO)

    done = personakit("stats")
    assert done.code == 0 and "nothing to count" in done.out
    one_warning(done, said)
    helped = personakit("help")
    assert helped.code == 0 and "  mine" not in helped.out and "  hello" in helped.out
    one_warning(helped, said)
    assert personakit("hello").code == 0, "another plugin's commands are still there"
    assert personakit("mine").code == USAGE, "what the failed plugin added is left out with it"
    # doctor says so among its findings on the plugins too, as a warning, and in its JSON.
    checked = personakit("doctor", "--json")
    warned = [f for f in json.loads(checked.out)["findings"] if f["check"] == "plugins" and f["level"] == "warn"]
    assert [finding["message"] for finding in warned if said in finding["message"]] == [one_warning(checked, said)[21:]]


def test_two_plugins_adding_one_name_the_second_is_left_out(install, personakit) -> None:
    install("first", plugin('    add("greet", lambda args: print("first"), "Greet.")'))
    install("second", plugin('    add("greet", lambda args: print("second"), "Greet.")'))

    done = personakit("greet")
    assert done.code == 0 and done.out == "first\n"
    one_warning(done, "'second' adds the command 'greet', which plugin 'first' already adds")


def test_a_plugin_that_cannot_be_imported_leaves_the_built_in_commands_usable(install, personakit) -> None:
    install("broken", "raise ImportError('half installed')\n")
    install("hello", HELLO)

    helped = personakit("help")
    assert helped.code == 0 and helped.err == "" and "  hello" in helped.out
    assert personakit("hello").code == 0
    assert personakit("--version").code == 0


def test_a_plugin_command_that_raises_is_one_sentence_naming_the_plugin(install, personakit) -> None:
    install("loud", plugin('    add("boom", lambda args: 1 / 0, "Fail.")'))

    done = personakit("boom")
    assert done.code == 1 and done.out == ""
    assert done.err == (
        "personakit: PersonaKit plugin 'loud' failed to run its command 'boom' (ZeroDivisionError: division by zero).\n"
    )


LOADED = (
    "import atexit, runpy, sys\n"
    "atexit.register(lambda: print(sorted(sys.modules), file=sys.stderr))\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)
"""Runs the script named by its first argument with the rest, and prints every module loaded last on stderr."""


@pytest.mark.parametrize("args", [[], ["--help"]])
def test_the_command_line_starts_without_the_mcp_sdk_or_numpy(install, tmp_path, args) -> None:
    """The plugins are loaded on every start, the built-in command modules among them: what they import at
    their top is paid by bare `personakit` and `--help` too, which must not load the server's SDK nor numpy."""
    module = install("hello", HELLO)
    env = {name: value for name, value in os.environ.items() if name != "PERSONAKIT_PLUGINS"}
    env["PYTHONPATH"] = str(tmp_path / "installed")
    done = subprocess.run(
        [sys.executable, "-c", LOADED, str(SCRIPT), *args],
        capture_output=True,
        encoding="utf-8",
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,
        env=env,
    )
    assert done.returncode == 0 and "From plugins:" in done.stdout, done.stderr
    loaded = ast.literal_eval(done.stderr.splitlines()[-1])
    assert module in loaded, "the installed plugin was loaded"
    assert "personakit_plugin.owner.commands.serve" in loaded
    assert [name for name in loaded if name.split(".")[0] in ("mcp", "numpy")] == []


def test_what_a_plugin_prints_while_its_commands_are_added_never_reaches_standard_output(install, personakit) -> None:
    """On `serve`, standard output is the MCP stream: a plugin printing as it loads or adds commands would break it."""
    install("chatty", 'print("loading")\n' + plugin('    print("adding")\n    add("chat", print, "Chat.")'))

    done = personakit("--version")
    assert done.code == 0 and done.out.startswith("personakit ") and done.out.count("\n") == 1
    assert done.err == "loading\nadding\n"
