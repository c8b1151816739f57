"""The owner's command line: `personakit` (and `python -m personakit_plugin` with arguments).

Every error is one sentence on stderr with exit status 1, and changes nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

import msgspec

from .display import json_printable, printable
from .model import CATEGORIES, STATES, Decision, Memory
from .plugins import PluginError
from .store import StoreError, UnknownMemory

DATA_ENV = "PERSONAKIT_DATA_DIR"


class CommandError(Exception):
    """A mistake the owner can fix; the message is one sentence."""


def data_dir(option: str | None) -> Path:
    """`--data-dir`, else `PERSONAKIT_DATA_DIR`, else the platform's user data folder."""
    if option:
        return Path(option).expanduser()
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("personakit"))


def _open(args: argparse.Namespace, *, create: bool = False):  # type: ignore[no-untyped-def]
    """The kit on the data folder. Only the commands that bring memories in (`serve`, `import`) pass
    `create`: the others, on a folder with no database yet, see an empty memory and create nothing."""
    from .kit import PersonaKit

    return PersonaKit.open(data_dir(args.data_dir), create=create)


# -- output -------------------------------------------------------------------------------
# Everything the owner reads goes through `display.printable`: each stored field on its own (so a
# newline or an escape sequence in it is shown as `\n`, `\x1b`), and each whole output again with
# only its own newlines kept, so nothing any command prints can drive the terminal.


def say(text: str = "", *, err: bool = False) -> None:
    """Print one output to standard output (or error), with nothing in it a terminal would obey."""
    print(printable(text, keep="\n"), file=sys.stderr if err else sys.stdout)


def _when(at: float) -> str:
    """A time as the owner reads it; "-" for none, or one no calendar can show."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(at)) if at else "-"
    except (OverflowError, OSError, ValueError):
        return "-"


def _table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """Aligned columns, each cell shown printable; the last column is cut to the terminal's width."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    room = shutil.get_terminal_size((120, 24)).columns - sum(w + 2 for w in widths[:-1])
    widths[-1] = max(20, min(widths[-1], room))

    def line(cells: Sequence[str]) -> str:
        last = cells[-1] if len(cells[-1]) <= widths[-1] else cells[-1][: widths[-1] - 1] + "…"
        return "  ".join([*(c.ljust(w) for c, w in zip(cells[:-1], widths, strict=False)), last]).rstrip()

    return "\n".join([line(headers), *(line(row) for row in rows)])


def _memory_json(memory: Memory) -> dict[str, object]:
    return {
        "id": memory.id,
        "text": memory.text if memory.state != "rejected" else None,
        "category": memory.category if memory.state != "rejected" else None,
        "state": memory.state,
        "quotes": list(memory.quotes),
        "pending": list(memory.pending),
        "created": memory.created,
        "touched": memory.touched,
    }


def _quote_count(memory: Memory) -> str:
    return f"{len(memory.quotes)} ({len(memory.pending)} waiting)" if memory.pending else str(len(memory.quotes))


def _print_json(value: object) -> None:
    """JSON, with the characters a JSON encoder leaves as they are (C1 controls, bidi and format
    characters, U+2028/9) escaped as `\\u....` too: valid JSON that reads back as the same text."""
    print(json_printable(msgspec.json.format(msgspec.json.encode(value), indent=2).decode()))


def _decision_line(decision: Decision) -> list[str]:
    change = f"{decision.before} -> {decision.after}"
    if decision.category_before != decision.category_after:
        change += f", category {decision.category_before} -> {decision.category_after}"
    action = f"{decision.action} (undone)" if decision.undone else decision.action
    return [str(decision.seq), _when(decision.at), decision.memory_id, action, change]


# -- commands -----------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> None:
    if args.transport == "http":
        return _serve_http(args)
    from .server import serve_stdio

    kit = _open(args, create=True)
    try:
        serve_stdio(kit, read_only=args.read_only)
    finally:
        kit.close()


def _http_token(folder: Path) -> str:
    from .http import http_token

    try:
        return http_token(folder)
    except OSError as exc:
        raise CommandError(f"Cannot read or make the HTTP token in {folder} ({exc.strerror or exc}).") from None


def _serve_http(args: argparse.Namespace) -> None:
    from .http import bind, is_loopback

    if not args.allow_remote and not is_loopback(args.host):
        raise CommandError(f"{args.host} is not a loopback address; add --allow-remote to let other machines connect.")
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        raise CommandError(f"Cannot listen on {args.host} port {args.port} ({exc.strerror or exc}).") from None
    try:
        token = _http_token(data_dir(args.data_dir))
        from .server import serve_http

        kit = _open(args, create=True)
        try:
            serve_http(kit, token, sock, host=args.host, read_only=args.read_only)
        finally:
            kit.close()
    finally:
        sock.close()


def cmd_token(args: argparse.Namespace) -> None:
    say(_http_token(data_dir(args.data_dir)))


def cmd_list(args: argparse.Namespace) -> None:
    kit = _open(args)
    state = None if args.state == "all" else args.state
    memories = kit.store.memories(state)
    kit.close()
    if args.json:
        _print_json([_memory_json(m) for m in memories])
        return
    if not memories:
        say(f"No {'' if state is None else state + ' '}memories.")
        return
    rows = [
        [m.id, m.state, m.category, _quote_count(m), m.text]
        if m.state != "rejected"
        else [m.id, m.state, "-", "-", "(erased)"]
        for m in memories
    ]
    say(_table(rows, ["ID", "STATE", "CATEGORY", "QUOTES", "TEXT"]))


def cmd_show(args: argparse.Namespace) -> None:
    kit = _open(args)
    memory = kit.store.get(args.id)
    history = kit.store.history(args.id)
    kit.close()
    if memory is None:
        raise UnknownMemory(args.id)
    if args.json:
        _print_json({**_memory_json(memory), "history": [msgspec.to_builtins(d) for d in history]})
        return
    say(f"{printable(memory.id)}  {printable(memory.state)}  {printable(memory.category)}")
    say(printable(memory.text) if memory.state != "rejected" else "(text and quotes erased when it was rejected)")
    if memory.quotes:
        say("\nQuotes, newest first:")
        for quote in reversed(memory.quotes):
            say(f"  {'[waiting for you] ' if quote in memory.pending else ''}“{printable(quote)}”")
    if memory.pending:
        n = len(memory.pending)
        say(
            f"\n{n} quote{' waits' if n == 1 else 's wait'} for you: an assistant added {'it' if n == 1 else 'them'} "
            "after you approved this memory; keep or drop each in `personakit review`."
        )
    say(f"\nProposed {_when(memory.created)}, last active {_when(memory.touched)}.")
    if history:
        say("\nDecisions:")
        say(_table([_decision_line(d) for d in history], ["#", "WHEN", "ID", "DECISION", "CHANGE"]))


def _decide(action: str) -> Callable[[argparse.Namespace], None]:
    def command(args: argparse.Namespace) -> None:
        kit = _open(args)
        try:
            states = kit.store.states(args.ids)
            for memory_id in args.ids:
                if memory_id not in states:
                    raise UnknownMemory(memory_id)
                if states[memory_id] == "rejected" and action != "reject":
                    raise CommandError(f"{memory_id} was rejected and its text erased; there is nothing to {action}.")
            if action == "reject":
                say("A reject cannot be undone: the text and quotes are erased for good, only the id is kept.")
            # One transaction for all of them: a reject of many memories erases once, at the end.
            for decision in kit.store.decide_many(list(dict.fromkeys(args.ids)), action, kit.now()):
                say(f"{decision.memory_id}: {decision.before} -> {decision.after}")
        finally:
            kit.close()

    return command


def cmd_edit(args: argparse.Namespace) -> None:
    if args.text is None and args.category is None:
        raise CommandError("Give --text, --category or both to edit a memory.")
    text = None
    if args.text is not None:
        text = args.text.strip()
        if not text:
            raise CommandError("The new text is empty; give the memory as one short statement.")
        if len(text) > 300:
            raise CommandError(f"The new text is {len(text)} characters; the most is 300.")
    category = None
    if args.category is not None:
        category = args.category.strip().casefold()
        if category not in CATEGORIES:
            raise CommandError(f"{args.category!r} is not a category; use one of {', '.join(CATEGORIES)}.")
    kit = _open(args)
    try:
        if text is not None and kit.refusal(text, "") is not None:
            raise CommandError("The new text looks like a secret, so PersonaKit will not store it.")
        decision = kit.store.decide(args.id, "edit", kit.now(), text=text, category=category)
        memory = kit.store.get(args.id)
    finally:
        kit.close()
    assert memory is not None
    say(f"{decision.memory_id}: edited, now {printable(memory.category)}: {printable(memory.text)}")


def cmd_history(args: argparse.Namespace) -> None:
    kit = _open(args)
    if args.id and kit.store.get(args.id) is None:
        kit.close()
        raise UnknownMemory(args.id)
    decisions = kit.store.history(args.id)
    kit.close()
    if args.json:
        _print_json([msgspec.to_builtins(d) for d in decisions])
        return
    if not decisions:
        say("No decisions yet.")
        return
    say(_table([_decision_line(d) for d in decisions], ["#", "WHEN", "ID", "DECISION", "CHANGE"]))


def cmd_plugins(args: argparse.Namespace) -> None:
    from .plugins import make_plugin_manager, plugin_infos

    infos = plugin_infos(make_plugin_manager())
    if not args.all:
        infos = [info for info in infos if not info.default] or infos
    if args.json:
        _print_json(infos)
        return
    say(_table([[i.name, i.version or "-", ", ".join(i.hooks)] for i in infos], ["NAME", "VERSION", "HOOKS"]))


# -- the parser ---------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one sentence and exit status 1, like every other error."""

    def error(self, message: str) -> NoReturn:
        sentence = printable(message[0].upper() + message[1:])  # it may quote what was typed
        self.exit(1, f"{self.prog}: {sentence.rstrip('.')}; see --help.\n")


Add = Callable[[str, Callable[[argparse.Namespace], None], str], argparse.ArgumentParser]


def _memory_commands(add: Add) -> None:
    """list, show, the four decisions, edit and history."""
    listing = add("list", cmd_list, "List memories, most recent first.")
    listing.add_argument("--state", choices=[*STATES, "all"], default="all")
    listing.add_argument("--json", action="store_true", help="a JSON array of memories")

    show = add("show", cmd_show, "Show one memory with its quotes and decisions.")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")

    for action, help in [
        ("approve", "Approve memories: assistants see them as confirmed."),
        ("restrict", "Restrict memories: never shown, only counted as withheld."),
        ("reject", "Reject memories: erase their text and quotes for good."),
        ("reset", "Put memories back to unconfirmed."),
    ]:
        add(action, _decide(action), help).add_argument("ids", nargs="+", metavar="ID")

    edit = add("edit", cmd_edit, "Change a memory's text or category; its id stays.")
    edit.add_argument("id")
    edit.add_argument("--text")
    edit.add_argument("--category")

    history = add("history", cmd_history, "Show the decisions, oldest first.")
    history.add_argument("id", nargs="?")
    history.add_argument("--json", action="store_true")


def build_parser() -> argparse.ArgumentParser:
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
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)

    def add(name: str, handler: Callable[[argparse.Namespace], None], help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, parents=[common], help=help, description=help)
        sub.set_defaults(handler=handler)
        return sub

    serve = add("serve", cmd_serve, "Serve the two tools over MCP (stdio by default).")
    serve.add_argument("--read-only", action="store_true", help="serve personakit_read alone")
    serve.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765; 0 picks a free one)")
    serve.add_argument("--allow-remote", action="store_true", help="allow an HTTP address that is not loopback")
    add("token", cmd_token, "Print the bearer token that `serve --transport http` requires.")
    from .connect import register as register_connect  # connect HOST: writes an MCP host's configuration

    register_connect(add)

    _memory_commands(add)

    from .review import cmd_review  # the terminal review and, with --web, the browser's (review_web.py)

    review = add(
        "review",
        cmd_review,
        "Review the unconfirmed memories, newest first, then the quotes waiting under approved ones, one key each.",
    )
    review.add_argument("--web", action="store_true", help="review in the browser, served on 127.0.0.1 only")
    review.add_argument("--no-browser", action="store_true", help="with --web: print the address, open nothing")

    from .owner_cli import register

    register(add)

    plugins = add("plugins", cmd_plugins, "List the plugins loaded, with versions and hooks.")
    plugins.add_argument("--all", action="store_true", help="include the default plugins")
    plugins.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "data_dir"):
        args.data_dir = None
    try:
        args.handler(args)
    except (CommandError, StoreError, PluginError) as exc:
        say(f"personakit: {printable(str(exc))}", err=True)  # a sentence may quote stored or typed text
        return 1
    except KeyboardInterrupt:
        return 130
    return 0
