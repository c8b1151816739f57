"""The command line's commands as plugins: the built-in command modules and the installed plugins, each
adding its commands through the hook `personakit_commands(add)`, the built-in ones first.

The command line has its own plugin manager: the built-in command modules, given in code (so they are
asked first and cannot be switched off), and the installed plugins that `PERSONAKIT_PLUGINS` and
`PERSONAKIT_DISABLED_PLUGINS` let in, but not the kit's default plugins (the command line starts without
them; a command that opens the memory loads them). A plugin that breaks never makes the built-in commands
unusable: one that cannot be loaded is left out here without a word (the commands that open the memory
say why, as they always did), and one whose hook fails (it raises, adds a name already taken or a
malformed command) is left out with a warning naming it (`CommandsLeftOut`), on every run until fixed.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence

from personakit_plugin.core.hooks import BUILT_IN, Hooks, PluginError
from personakit_plugin.core.hookspecs import Add
from personakit_plugin.core.plugins import BLOCK_ENV, PluginManager, PluginWarning, make_plugin_manager


def built_in(plugin: str) -> bool:
    """Whether `plugin` is one of the built-in command modules, not an installed plugin."""
    return plugin.startswith(BUILT_IN)


def _manager(modules: Sequence[object], environ: Mapping[str, str], blocked: list[str]) -> PluginManager:
    """The command line's plugin manager: `modules` and the installed plugins the environment lets in, bar
    `blocked` and any that cannot be loaded (added to `blocked`); only `modules` when the environment's
    lists themselves are wrong (a name in them that is not installed)."""
    given = [name.strip() for name in environ.get(BLOCK_ENV, "").split(",") if name.strip()]
    while True:
        env = {**environ, BLOCK_ENV: ",".join([*given, *blocked])}
        try:
            with warnings.catch_warnings():  # a default blocked: the kit says so when a command opens it
                warnings.simplefilter("ignore", PluginWarning)
                return make_plugin_manager(modules, environ=env, defaults=False)
        except PluginError as exc:
            if exc.plugin is None or exc.plugin in blocked or built_in(exc.plugin):
                return make_plugin_manager(modules, entry_points=False, defaults=False)
            blocked.append(exc.plugin)


def with_commands(
    make: Callable[[], tuple[argparse.ArgumentParser, Add]], modules: Sequence[object], environ: Mapping[str, str]
) -> tuple[argparse.ArgumentParser, dict[str, str], list[PluginError]]:
    """A parser from `make` with every command the built-in `modules` and the installed plugins add: the
    parser, each command's plugin by name, and the plugins whose hook failed (each left out, the parser
    made again without it). A built-in module that fails is PersonaKit's own bug, raised as it is."""
    blocked: list[str] = []
    failed: list[PluginError] = []
    while True:
        parser, add = make()
        try:
            # What a plugin prints while it loads or adds its commands goes to stderr: on `serve`, standard
            # output is the MCP stream, which a stray line would break.
            with contextlib.redirect_stdout(sys.stderr):
                return parser, Hooks(_manager(modules, environ, blocked)).commands(add), failed
        except PluginError as exc:
            if exc.plugin is None or built_in(exc.plugin) or exc.plugin in blocked:
                raise
            blocked.append(exc.plugin)
            failed.append(exc)


def left_out(failed: Iterable[PluginError]) -> list[str]:
    """The warning for each plugin whose commands are left out: its error, then what it means."""
    return [f"{str(exc).rstrip('.')}; its commands are left out." for exc in failed]


def run_plugin_command(handler: Callable[[argparse.Namespace], None], args: argparse.Namespace, plugin: str) -> None:
    """`handler(args)`, a plugin's command: what it raises, but for the errors every command may end with,
    is a PluginError naming the plugin and the command (the exception's type; its text in the details)."""
    from personakit_plugin.core.store import StoreError
    from personakit_plugin.owner.console import CommandError, OutputFailed

    try:
        handler(args)
    except (PluginError, StoreError, CommandError, OutputFailed, BrokenPipeError):
        raise
    except Exception as exc:
        raise PluginError.raised(plugin, f"run its command {args.command!r}", exc) from exc
