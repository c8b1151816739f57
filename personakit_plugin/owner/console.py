"""What every owner's command shares: the data folder, the kit on it, and output a terminal cannot obey."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from personakit_plugin.core.data_folder import DATA_ENV as DATA_ENV
from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.core.model import CATEGORIES, EVERYTHING, View
from personakit_plugin.core.store import FindsIdPrefixes, UnknownMemory
from personakit_plugin.owner.display import json_printable, printable

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit


PROBE_ENV = "PERSONAKIT_DOCTOR_PROBE"
"""Set (to 1) by `doctor` in the environment of each host entry it starts: a `personakit serve` so started
creates nothing in its data folder and serves `personakit_read` alone (`commands/serve.py`)."""


class CommandError(Exception):
    """A mistake the owner can fix; the message is one sentence. The command exits with status 1."""


class UsageError(CommandError):
    """A mistake in how the command was typed that its parser cannot see (options that do not go together,
    an option's value of the wrong form, an argument left out): one sentence, exit status 1 (`cli.USAGE`), as
    argparse's usage mistakes here (`cli._Parser.error`)."""


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, an I/O error), or an export's reader went away
    before it took the whole export; the message is one sentence. Not a `CommandError`: `cli.main` says
    it once, after giving up what is still buffered for standard output, and exits with status 1."""


@contextmanager
def writing_stdout(what: str = "its output") -> Iterator[None]:
    """Around a write to standard output: a failure other than a closed pipe (which `cli.main` answers
    with status 141) becomes `OutputFailed`, naming `what` was cut short."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as exc:
        said = f"Standard output could not be written ({exc.strerror or exc}), so {what} is incomplete."
        raise OutputFailed(said) from None


def data_dir(option: str | None) -> Path:
    """`--data-dir`, else `PERSONAKIT_DATA_DIR`, else the platform's user data folder."""
    return Path(option).expanduser() if option else default_data_dir()


def open_kit(args: argparse.Namespace, *, create: bool = False, view: View = EVERYTHING) -> PersonaKit:
    """The kit on the data folder. Only the commands that bring memories in (`serve`, `import`) pass
    `create`: the others, on a folder with no database yet, see an empty memory and create nothing.
    Only `serve` passes a `view`: the owner's commands see everything."""
    from personakit_plugin.core.kit import PersonaKit

    kit = PersonaKit.open(data_dir(args.data_dir), create=create, view=view)
    try:
        kit.retire_due()  # a memory whose date has come shows as retired to the owner too
    except BaseException:
        kit.close()
        raise
    return kit


def nothing_here(args: argparse.Namespace, kit: PersonaKit, so: str) -> str | None:
    """When the data folder does not exist and the store holds no memory (a mistyped --data-dir, say, which
    the commands that only look leave uncreated): the sentence saying so, ending with `so` ("so no
    memories"); else None."""
    folder = data_dir(args.data_dir)
    if folder.exists() or kit.store.memories():
        return None
    where = folder if Path(kit.store.location).parent == folder else kit.store.location
    return f"There is no PersonaKit data in {where} yet, so {so}."


# -- ids as the owner types them ----------------------------------------------------------------

SHORTEST_PREFIX = 4
"""The fewest of an id's 12 hex digits that name a memory by its start (`m_c877`): 4 digits are 65,536
starts, so among a few thousand memories most starts of 4 are one memory's; fewer would seldom be."""
MATCHES_SHOWN = 5
"""How many of the ids an ambiguous start matches its error names."""
_ID_START = re.compile(r"m_[0-9a-f]{0,12}")
_BARE_DIGITS = re.compile(r"[0-9a-f]{1,12}")
ID_HELP = (
    f"a memory's id, or the start of it (at least {SHORTEST_PREFIX} digits) when no other id starts so; "
    "the m_ may be left out"
)
"""What an argument that names a memory takes, as its --help says."""


def memory_ids(args: argparse.Namespace, kit: PersonaKit, given: Sequence[str]) -> list[str]:
    """The memory each of `given` names, in order, each once: its id (rejected ones too), or the start
    of one id and no other, `m_` and at least SHORTEST_PREFIX digits. The `m_` may be left out (`3f2a`
    is `m_3f2a`): every id is `m_` and hex digits, so digits alone are never another memory's id, and
    they name what `m_` + them names, by the same rules. An unknown id, a start too short or one that
    several ids share is a CommandError naming it (a shared one, with the ids it could be)."""
    known = kit.store.states(given)
    return list(dict.fromkeys(memory if memory in known else _by_start(args, kit, memory) for memory in given))


def _unknown(args: argparse.Namespace, kit: PersonaKit, typed: str) -> CommandError | UnknownMemory:
    said = nothing_here(args, kit, f"no memory {typed}")
    return UnknownMemory(typed) if said is None else CommandError(said)


def _by_start(args: argparse.Namespace, kit: PersonaKit, typed: str) -> str:
    """The one id that starts with `typed` (any case), `m_` given or not."""
    start = typed.lower()
    if _BARE_DIGITS.fullmatch(start):
        start = typed = f"m_{start}"  # errors name the id as `personakit list` shows it
    if not _ID_START.fullmatch(start):
        raise _unknown(args, kit, typed)
    if len(start) < len("m_") + SHORTEST_PREFIX:
        raise CommandError(
            f"{typed} is too short to name one memory: give at least {SHORTEST_PREFIX} digits of its id "
            "(`personakit list` shows the ids)."
        )
    store = kit.store
    if isinstance(store, FindsIdPrefixes):
        matches = store.ids_starting(start)
    else:  # a store without the capability: every memory, once
        matches = sorted(memory.id for memory in store.memories() if memory.id.startswith(start))
    if not matches:
        raise _unknown(args, kit, typed)
    if len(matches) > 1:
        shown = ", ".join(matches[:MATCHES_SHOWN])
        more = f" and {len(matches) - MATCHES_SHOWN} more" if len(matches) > MATCHES_SHOWN else ""
        raise CommandError(f"{start} could be any of {len(matches)} memories ({shown}{more}); give more of its id.")
    return matches[0]


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
        raise UsageError(str(exc)) from None


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
    if err:
        print(printable(text, keep="\n"), file=sys.stderr)
        return
    with writing_stdout():
        print(printable(text, keep="\n"))


LAST_COLUMN_AT_LEAST = 40
"""The narrowest a table's last column (a memory's text, a decision's change) runs beside the others:
where the output leaves it less, and a cell of it needs more, it goes below them (`table`)."""
BELOW = 4
"""How far a last column that goes below the others is indented."""


def _wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces only: never inside a word or an e-mail
    address (not at its hyphens either); a word longer than `width` goes on a line of its own, whole."""
    return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False) or [""]


def table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """Aligned columns, each cell shown printable. The last column is wrapped, never cut, to the width of
    the output: `$COLUMNS`, else the terminal's, else 80 (a pipe or a file); a wrapped cell goes on
    under itself, so a line that does not start under the first column goes on the row above it. Where
    the other columns would leave the last one fewer than `LAST_COLUMN_AT_LEAST` columns (80 columns
    beside a memory's id, state, category and quotes), and a cell needs more, each row's last cell goes
    instead on the lines below the row, indented by `BELOW` and wrapped to the whole width, under a
    second header line that names it."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    indent = sum(w + 2 for w in widths[:-1])
    columns = shutil.get_terminal_size((80, 24)).columns
    if widths[-1] > columns - indent and columns - indent < LAST_COLUMN_AT_LEAST:
        return _stacked(rows, headers, widths[:-1], max(20, columns - BELOW))
    width = max(20, min(widths[-1], columns - indent))

    def lines(cells: Sequence[str]) -> list[str]:
        first, *rest = _wrapped(cells[-1], width)
        head = "  ".join([*(c.ljust(w) for c, w in zip(cells[:-1], widths, strict=False)), first])
        return [head.rstrip(), *(" " * indent + line for line in rest)]

    return "\n".join(line for cells in [headers, *rows] for line in lines(cells))


def _stacked(rows: Sequence[Sequence[str]], headers: Sequence[str], widths: Sequence[int], width: int) -> str:
    """`table` with each row's last cell on the lines below the row, wrapped to `width`."""

    def lines(cells: Sequence[str]) -> list[str]:
        head = "  ".join(c.ljust(w) for c, w in zip(cells[:-1], widths, strict=False)).rstrip()
        return [head, *(" " * BELOW + line for line in _wrapped(cells[-1], width))]

    return "\n".join(line for cells in [headers, *rows] for line in lines(cells))


def print_json(value: object) -> None:
    """JSON, with the characters a JSON encoder leaves as they are (C1 controls, bidi and format
    characters, U+2028/9) escaped as `\\u....` too: valid JSON that reads back as the same text."""
    with writing_stdout():
        print(json_printable(msgspec.json.format(msgspec.json.encode(value), indent=2).decode()))
