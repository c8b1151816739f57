"""The owner's commands, one module per command or small group of commands.

Every command module, here and elsewhere in `owner/` (`connect.py`, `data_commands.py`), has one
function, `register(add)`, which adds its commands with `add(name, handler, help)` and its options on
the parser `add` returns. `cli.COMMANDS` lists the modules, in the order `--help` shows them; a new
command is a new module with its `register` and one line in that list.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Protocol

Handler = Callable[[argparse.Namespace], None]
"""What runs a command: its parsed arguments in, its output said; a mistake is a `CommandError`."""
Add = Callable[[str, Handler, str], argparse.ArgumentParser]
"""`add(name, handler, help)`: a new command, whose parser is returned for its options."""


class CommandModule(Protocol):
    """A module of commands: `register(add)` adds them."""

    def register(self, add: Add) -> None: ...
