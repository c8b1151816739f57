"""The owner's command line: `personakit` (and `python -m personakit_plugin` with arguments).

This module builds the parser from the command modules in `COMMANDS` and the installed plugins, each of
which adds its commands through the hook `personakit_commands(add)` (`owner/commands/__init__.py`,
`plugin_commands.py`), and runs the one chosen; bare `personakit` lists the commands (`usage.py`), a
plugin's under "From plugins". Every error is one sentence on stderr, and changes nothing: a usage mistake
(an unknown command or option, an argument missing, an option's value of the wrong form, options that
do not go together: `console.UsageError`) exits with status 2, as argparse's own do, and names the
command or option meant when one is close to what was typed; every other error exits with status 1.
Options are never abbreviated. When the reader of
standard output goes away (`personakit list | head -1`), the command stops quietly, with status 141;
`export` says its output is incomplete and exits 1 instead (`commands/exporting.py`). Standard output
that cannot be written (a full disk, an I/O error) is one sentence and status 1, for every command.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn

from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import StoreError
from personakit_plugin.owner.commands import (
    Add,
    CommandModule,
    Handler,
    deciding,
    doctor,
    edit,
    exporting,
    helping,
    history,
    importing,
    listing,
    migrate,
    plugins,
    recall_model,
    retire,
    review,
    serve,
    show,
    stats,
    undo,
)
from personakit_plugin.owner.console import DATA_ENV, CommandError, OutputFailed, UsageError, say, writing_stdout
from personakit_plugin.owner.display import printable
from personakit_plugin.owner.hosts import connect
from personakit_plugin.owner.plugin_commands import built_in, left_out, run_plugin_command, with_commands
from personakit_plugin.owner.usage import Formatter, command_list, commands_of, examples

COMMANDS: tuple[CommandModule, ...] = (
    serve,  # serve, token
    connect,  # connect HOST: writes an MCP host's configuration
    listing,  # list
    show,
    deciding,  # approve, restrict, reject, reset
    retire,  # replace, retire
    edit,
    history,
    review,
    undo,
    exporting,  # export
    importing,  # import
    stats,
    migrate,
    doctor,
    plugins,
    recall_model,  # recall-model [MODEL]
    helping,  # help [COMMAND], completion SHELL
)
"""Every module of built-in commands, in the order `--help` lists their commands: plugins of the command
line's own plugin manager, asked before any installed plugin (`plugin_commands.py`)."""

USAGE = 1
"""The exit status of a usage mistake: 1, as every other error's, as the contract says of every error
(argparse's own 2 is not used); what the parser finds ends its sentence with "see --help"."""
CLOSED_PIPE = 141
"""The exit status when standard output was closed before the output was all written: 128 + SIGPIPE,
what a shell shows for a command that a pipe's reader stopped (`yes | head -1`)."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one sentence (exit status `USAGE`), like every other error, and says
    which command or choice was meant when one is close to what was typed; no option is abbreviated."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # `--stat` is a mistake, never `--state`
        super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Arguments no option takes are a mistake here, and in a command's parser: its options are the
        ones to suggest."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(_unrecognized(self, extras))
        return parsed, extras

    def _print_message(self, message: str, file: Any = None) -> None:
        """argparse's, but a help or version that standard output cannot take is the error it is, where
        argparse drops it and exits 0."""
        if message and file is sys.stdout:
            with writing_stdout():
                file.write(message)
            return
        super()._print_message(message, file)

    def error(self, message: str) -> NoReturn:
        sentence = printable(message[0].upper() + message[1:])  # it may quote what was typed
        self.exit(USAGE, f"{self.prog}: {sentence.rstrip('.')}; see --help.\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check of a choice (a command's name, `--state`'s value), with the one meant named."""
        if action.choices is None or value in action.choices:
            return
        near = difflib.get_close_matches(str(value), [str(choice) for choice in action.choices], n=3)
        meant = f" (did you mean {' or '.join(near)}?)" if near else ""
        if action.dest in ("command", "topic"):  # `personakit lst`, `personakit help lst`
            raise argparse.ArgumentError(None, f"{value!r} is not a personakit command{meant}")
        if not near:
            super()._check_value(action, value)
        raise argparse.ArgumentError(action, f"invalid choice: {value!r}{meant}")


def _unrecognized(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """The usage mistake of arguments no option takes, with the option meant when one is close to one of them."""
    options = list(parser._option_string_actions)
    for extra in extras:
        typed = extra.split("=", 1)[0]
        # An abbreviation (options are never abbreviated) means the one option it begins, before any look-alike.
        begun = [option for option in options if option.startswith(typed)] if typed.startswith("--") else []
        near = begun[:1] if len(begun) == 1 else []
        near = near or (difflib.get_close_matches(typed, options, n=1) if typed.startswith("--") else [])
        if near:
            return f"unrecognized arguments: {' '.join(extras)} (did you mean {near[0]}?)"
    return f"unrecognized arguments: {' '.join(extras)}"


def version() -> str:
    """This installation's version, from the installed distribution's metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("personakit-plugin")
    except PackageNotFoundError:  # a source folder on sys.path, never installed
        return "unknown (not installed)"


class _Version(argparse.Action):
    """`--version`: prints `personakit <version>`; the metadata is read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        say(f"personakit {version()}")
        parser.exit()


def _show_warning(message: Warning | str, *_: object, **__: object) -> None:
    """A warning (a plugin named in PERSONAKIT_PLUGINS that is not installed, say) as one clean line on
    stderr, instead of Python's file name, line number, class name and line of source."""
    say(f"personakit: warning: {printable(str(message))}", err=True)


def _skeleton() -> tuple[argparse.ArgumentParser, Add]:
    """The parser without a command, and the `add` that adds one to it."""
    common = _Parser(add_help=False)
    common.add_argument(
        "--data-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help=f"the data folder (default: ${DATA_ENV}, else the platform's user data folder)",
    )
    parser = _Parser(
        prog="personakit",
        description="Your AI's memory. Your say. Review what your assistants propose and serve it over MCP.",
        parents=[common],
        formatter_class=Formatter,
    )
    parser.add_argument("--version", action=_Version, help="print personakit and its version, then exit")
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", help="one of the commands below", parser_class=_Parser
    )

    def add(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name, parents=[common], description=help, epilog=examples(name), formatter_class=Formatter
        )
        sub.set_defaults(handler=handler)
        return sub

    return parser, add


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, the built-in ones and the installed plugins' (`personakit_commands`)."""
    parser, plugins, failed = with_commands(_skeleton, COMMANDS, os.environ)
    names = commands_of(parser)
    from_plugins = {name: plugin for name, plugin in plugins.items() if not built_in(plugin)}
    parser.epilog = command_list(
        [(name, names[name].description or "", plugin) for name, plugin in from_plugins.items()]
    )
    for action in names["help"]._actions:
        if action.dest == "topic":
            action.choices = list(names)  # `help lst` is the same mistake as `personakit lst`
    # for `help` and `completion`; which plugin each plugin's command is; the plugins left out
    parser.set_defaults(parser=parser, command_plugins=from_plugins, plugins_left_out=left_out(failed))
    return parser


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, or the usage mistake in them as one sentence (exit status `USAGE`)."""
    args = build_parser().parse_args(argv)
    if not hasattr(args, "data_dir"):
        args.data_dir = None
    return args


def _log_details() -> bool:
    """Whether the owner asked a server's log for details; if so, the warning that goes with them."""
    from personakit_plugin.serving.log import DETAILS_WARNING, details_wanted

    wanted = details_wanted(os.environ)
    if wanted:
        say(f"personakit: {DETAILS_WARNING}", err=True)
    return wanted


def _run(argv: Sequence[str] | None) -> int:
    args = _parse(argv)
    for warning in args.plugins_left_out:
        say(f"personakit: warning: {printable(warning)}", err=True)
    if args.command is None:  # bare `personakit`: what it can do, as `personakit help` says it
        with writing_stdout():
            args.parser.print_help()
        return 0
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            plugin = args.command_plugins.get(args.command)
            if plugin is None:
                args.handler(args)
            else:
                run_plugin_command(args.handler, args, plugin)
    except PluginError as exc:  # the owner's terminal gets the details; a host's log only if asked (serving.log)
        details = args.command != "serve" or _log_details()
        say(f"personakit: {printable(exc.described(details=details))}", err=True)
        return 1
    except (CommandError, StoreError) as exc:
        say(f"personakit: {printable(str(exc))}", err=True)  # a sentence may quote stored or typed text
        return USAGE if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        return 130
    return 0


def _stdout_to_nowhere() -> None:
    """After standard output was closed: what is still buffered for it goes nowhere, instead of failing
    again when Python flushes it at exit (the recipe of Python's documentation of SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # a standard output that is no file (a test's capture)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            return _run(argv)
        finally:  # also after --help or a usage mistake (SystemExit): a closed pipe shows here, not at exit
            with writing_stdout():
                sys.stdout.flush()
    except BrokenPipeError:
        _stdout_to_nowhere()
        return CLOSED_PIPE
    except OutputFailed as exc:  # what is still buffered would fail again at exit, with a traceback
        _stdout_to_nowhere()
        say(f"personakit: {exc}", err=True)
        return 1
