"""`personakit help [COMMAND]` (what bare `personakit` and `personakit COMMAND --help` print) and
`personakit completion bash|zsh|fish` (`owner/completion.py`). Both read the command line's own parser,
which `cli.build_parser` hands every command as `args.parser`."""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.completion import SHELLS, script
from personakit_plugin.owner.console import say, writing_stdout
from personakit_plugin.owner.usage import commands_of


def cmd_help(args: argparse.Namespace) -> None:
    parser: argparse.ArgumentParser = args.parser
    shown = commands_of(parser)[args.topic] if args.topic else parser
    with writing_stdout():
        shown.print_help()


def cmd_completion(args: argparse.Namespace) -> None:
    say(script(args.shell, args.parser).rstrip("\n"))


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """help and completion."""
    helping = add("help", cmd_help, "List the commands, or show one command's options and examples.")
    # The choices are filled in by `cli.build_parser` once every command is added.
    helping.add_argument("topic", nargs="?", metavar="COMMAND", help="the command to explain (default: list them)")
    completion = add(
        "completion",
        cmd_completion,
        "Print a completion script for your shell, made from this command line's commands and options.",
    )
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help=f"{', '.join(SHELLS)}")
