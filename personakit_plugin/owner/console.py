"""What every owner's command shares: the data folder, the kit on it, and output a terminal cannot obey."""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from personakit_plugin.core.data_folder import DATA_ENV as DATA_ENV
from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.core.model import CATEGORIES, EVERYTHING, View
from personakit_plugin.owner.display import json_printable, printable

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit


class CommandError(Exception):
    """A mistake the owner can fix; the message is one sentence."""


def data_dir(option: str | None) -> Path:
    """`--data-dir`, else `PERSONAKIT_DATA_DIR`, else the platform's user data folder."""
    return Path(option).expanduser() if option else default_data_dir()


def open_kit(args: argparse.Namespace, *, create: bool = False, view: View = EVERYTHING) -> PersonaKit:
    """The kit on the data folder. Only the commands that bring memories in (`serve`, `import`) pass
    `create`: the others, on a folder with no database yet, see an empty memory and create nothing.
    Only `serve` passes a `view`: the owner's commands see everything."""
    from personakit_plugin.core.kit import PersonaKit

    return PersonaKit.open(data_dir(args.data_dir), create=create, view=view)


def add_view_options(parser: argparse.ArgumentParser) -> None:
    """`--categories LIST` and `--approved-only`, for `serve` and `connect`: what one connection sees."""
    parser.add_argument(
        "--categories",
        metavar="LIST",
        help=f"only memories in these categories, comma-separated ({', '.join(CATEGORIES)}): no other is read, "
        "counted or revealed to this connection",
    )
    parser.add_argument(
        "--approved-only", action="store_true", help="read only the memories you approved (no unconfirmed ones)"
    )


def view_of(args: argparse.Namespace) -> View:
    """The view `--categories` and `--approved-only` describe."""
    try:
        return View.parse(args.categories, approved_only=args.approved_only)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def view_in(args: Sequence[str]) -> View | None:
    """The view a `personakit serve` command line gives (as an MCP host's entry holds it), or None when its
    view options are wrong (the server then refuses to start, which `doctor` reports on its own)."""
    parser = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    add_view_options(parser)
    try:
        return view_of(parser.parse_known_args(list(args))[0])
    except (argparse.ArgumentError, CommandError):
        return None


# -- output -------------------------------------------------------------------------------
# Everything the owner reads goes through `display.printable`: each stored field on its own (so a
# newline or an escape sequence in it is shown as `\n`, `\x1b`), and each whole output again with
# only its own newlines kept, so nothing any command prints can drive the terminal.


def say(text: str = "", *, err: bool = False) -> None:
    """Print one output to standard output (or error), with nothing in it a terminal would obey."""
    print(printable(text, keep="\n"), file=sys.stderr if err else sys.stdout)


def table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """Aligned columns, each cell shown printable; the last column is cut to the terminal's width."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    room = shutil.get_terminal_size((120, 24)).columns - sum(w + 2 for w in widths[:-1])
    widths[-1] = max(20, min(widths[-1], room))

    def line(cells: Sequence[str]) -> str:
        last = cells[-1] if len(cells[-1]) <= widths[-1] else cells[-1][: widths[-1] - 1] + "…"
        return "  ".join([*(c.ljust(w) for c, w in zip(cells[:-1], widths, strict=False)), last]).rstrip()

    return "\n".join([line(headers), *(line(row) for row in rows)])


def print_json(value: object) -> None:
    """JSON, with the characters a JSON encoder leaves as they are (C1 controls, bidi and format
    characters, U+2028/9) escaped as `\\u....` too: valid JSON that reads back as the same text."""
    print(json_printable(msgspec.json.format(msgspec.json.encode(value), indent=2).decode()))
