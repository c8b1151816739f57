"""The owner's commands, one module per command or small group of commands.

Every command module, here and `owner/hosts/connect.py`, is a plugin of the command line: it implements
the hook `personakit_commands(add)` (`core.hookspecs`), adding its commands with `add(name, handler, help)`
and its options on the parser `add` returns, as an installed plugin adds its own. `cli.COMMANDS` lists
the modules, in the order `--help` shows them; a new command is a new module with its hook and one line in
that list.
"""

from __future__ import annotations

from types import ModuleType

from personakit_plugin.core.hookspecs import Add as Add
from personakit_plugin.core.hookspecs import Handler as Handler

CommandModule = ModuleType
"""A module of commands: its `personakit_commands(add)` adds them."""
