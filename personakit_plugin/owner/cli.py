"""The owner's command line: `personakit` (and `python -m personakit_plugin` with arguments).

Every error is one sentence on stderr with exit status 1, and changes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import msgspec

from personakit_plugin.core.model import CATEGORIES, STATES, Decision, Memory, View
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import Store, StoreError, UnknownMemory
from personakit_plugin.owner.display import plural, printable, when

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

from personakit_plugin.owner.console import (
    DATA_ENV,
    CommandError,
    add_view_options,
    data_dir,
    open_kit,
    print_json,
    say,
    table,
    view_of,
)
from personakit_plugin.owner.reviewing import check_edit, unchanged


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


def _decision_line(decision: Decision, text: str | None = None) -> list[str]:
    """One row of a decisions table; `text`, for an edit, what it did to the memory's text (`_edit_texts`)."""
    change = f"{decision.before} -> {decision.after}"
    before, after = decision.category_before, decision.category_after
    if before is not None and after is not None and before != after:  # an old decision may not know them
        change += f", category {before} -> {after}"
    if text:
        change += f", {text}"
    action = f"{decision.action} (undone)" if decision.undone else decision.action
    return [str(decision.seq), when(decision.at), decision.memory_id, action, change]


def _edit_texts(store: Store, decisions: Sequence[Decision]) -> dict[int, str]:
    """What each edit among `decisions` did to the text, as far as the store still knows it, by decision number.

    The history holds no text; the store keeps the text each standing edit replaced (`previous_text` in
    its dump) until a reject erases it. So an edit that changed the text is known by that kept text, and
    the text it put in place is the one the next such edit replaced, or the memory's text now. An edit
    that was undone, or that changed only the category, says nothing here; the edits of a rejected
    memory say their text went with it. Reads the whole dump, so only when an edit is shown."""
    wanted = {d.memory_id for d in decisions if d.action == "edit"}
    if not wanted:
        return {}
    said: dict[int, str] = {}
    for memory in store.dump():
        if memory.id not in wanted:
            continue
        if memory.state == "rejected":
            erased = (d.seq for d in memory.history if d.action == "edit" and not d.undone)
            said.update(dict.fromkeys(erased, "text erased by the reject"))
            continue
        changed = [d for d in memory.history if d.action == "edit" and not d.undone and d.previous_text is not None]
        # Each one's new text is what the next one replaced; the last one's is the text now.
        for this, now in zip(changed, [*(d.previous_text for d in changed[1:]), memory.text], strict=False):
            said[this.seq] = f"text changed to “{now or ''}”"
    return said


def _decisions_table(store: Store, decisions: Sequence[Decision]) -> str:
    texts = _edit_texts(store, decisions)
    return table([_decision_line(d, texts.get(d.seq)) for d in decisions], ["#", "WHEN", "ID", "DECISION", "CHANGE"])


# -- commands -----------------------------------------------------------------------------


SERVE_ON_A_TERMINAL = (
    "personakit: serving MCP on standard input and output: an MCP host (Claude Desktop, Cursor, ...) starts "
    "this command and speaks to it; there is nothing to type here. Stop it with Ctrl-C or Ctrl-D."
)


def cmd_serve(args: argparse.Namespace) -> None:
    view = view_of(args)
    if args.transport == "http":
        return _serve_http(args, view)
    given = [flag for flag, value in (("--host", args.host), ("--port", args.port)) if value is not None]
    if args.allow_remote:
        given.append("--allow-remote")
    if given:
        flags, one = ", ".join(given[:-1]) + (" and " if len(given) > 1 else "") + given[-1], len(given) == 1
        raise CommandError(
            f"{flags} only appl{'ies' if one else 'y'} to --transport http; add that, "
            f"or leave {'it' if one else 'them'} out to serve on stdio."
        )
    from personakit_plugin.serving.server import serve_stdio

    if sys.stdin.isatty():  # started by hand: stdout is the protocol's wire, so this goes to stderr
        say(SERVE_ON_A_TERMINAL if view.everything else f"{SERVE_ON_A_TERMINAL} {view.sentence()}", err=True)
    kit = open_kit(args, create=True, view=view)
    try:
        serve_stdio(kit, read_only=args.read_only)
    except KeyboardInterrupt:
        _stopped_by_ctrl_c(kit)
    finally:
        kit.close()


def _stopped_by_ctrl_c(kit: PersonaKit) -> NoReturn:
    """Ctrl-C ends the server, but the thread reading standard input stays blocked in its read, and Python
    would wait for it at exit for ever. Everything acknowledged is already durable: close the store and
    leave at once, with the status a shell expects after Ctrl-C."""
    kit.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


def _http_token(folder: Path) -> str:
    from personakit_plugin.serving.http import http_token

    try:
        return http_token(folder)
    except OSError as exc:
        raise CommandError(f"Cannot read or make the HTTP token in {folder} ({exc.strerror or exc}).") from None


def _serve_http(args: argparse.Namespace, view: View) -> None:
    from personakit_plugin.serving.http import DEFAULT_PORT, bind, is_loopback

    args.host = "127.0.0.1" if args.host is None else args.host
    args.port = DEFAULT_PORT if args.port is None else args.port
    if not args.allow_remote and not is_loopback(args.host):
        raise CommandError(f"{args.host} is not a loopback address; add --allow-remote to let other machines connect.")
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        raise CommandError(f"Cannot listen on {args.host} port {args.port} ({exc.strerror or exc}).") from None
    try:
        token = _http_token(data_dir(args.data_dir))
        from personakit_plugin.serving.server import serve_http

        kit = open_kit(args, create=True, view=view)
        try:
            serve_http(kit, token, sock, host=args.host, read_only=args.read_only)
        finally:
            kit.close()
    finally:
        sock.close()


def cmd_token(args: argparse.Namespace) -> None:
    folder = data_dir(args.data_dir)
    if not args.rotate:
        say(_http_token(folder))
        return
    _rotate_http_token(folder)
    say(_http_token(folder))
    say(
        "personakit: made a new token; an HTTP server already running keeps the old one until you restart it, "
        "and every client needs the new one.",
        err=True,
    )


def _rotate_http_token(folder: Path) -> None:
    """Replace the HTTP token with a new one: written to a new private file (0600) beside it, then renamed
    over it, so a server starting meanwhile reads the old token or the new one, never half of either.
    A server reads the token once, when it starts (`_serve_http`)."""
    import secrets
    import tempfile

    from personakit_plugin.serving.http import TOKEN_FILE

    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, spare = tempfile.mkstemp(prefix=f".{TOKEN_FILE}.", dir=folder)  # mode 0600
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_urlsafe(32) + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(spare, folder / TOKEN_FILE)
        finally:
            Path(spare).unlink(missing_ok=True)
    except OSError as exc:
        raise CommandError(f"Cannot make a new HTTP token in {folder} ({exc.strerror or exc}).") from None


def cmd_list(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    state = None if args.state in (None, "all") else args.state
    memories = kit.store.memories(state)
    kit.close()
    if args.state is None:  # without --state: every state but rejected, which has nothing left to show
        memories = [m for m in memories if m.state != "rejected"]
    if args.json:
        print_json([_memory_json(m) for m in memories])
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
    say(table(rows, ["ID", "STATE", "CATEGORY", "QUOTES", "TEXT"]))


def cmd_show(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        memory = kit.store.get(args.id)
        history = kit.store.history(args.id)
        if memory is None:
            raise UnknownMemory(args.id)
        if args.json:
            print_json({**_memory_json(memory), "history": [msgspec.to_builtins(d) for d in history]})
            return
        decisions = _decisions_table(kit.store, history) if history else ""
    finally:
        kit.close()
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
            "after you approved this memory or after a review showed it; keep or drop each in `personakit review`."
        )
    say(f"\nProposed {when(memory.created)}, last active {when(memory.touched)}.")
    if decisions:
        say("\nDecisions:")
        say(decisions)


def _decide(action: str) -> Callable[[argparse.Namespace], None]:
    def command(args: argparse.Namespace) -> None:
        ids = list(dict.fromkeys(args.ids))
        kit = open_kit(args)
        try:
            states = kit.store.states(ids)
            for memory_id in ids:
                if memory_id not in states:
                    raise UnknownMemory(memory_id)
                if states[memory_id] == "rejected" and action != "reject":
                    raise CommandError(f"{memory_id} was rejected and its text erased; there is nothing to {action}.")
            if action == "reject" and not _reject_agreed(kit.store, [i for i in ids if states[i] != "rejected"], args):
                say("Nothing rejected.")
                return
            # One transaction for all of them: a reject of many memories erases once, at the end.
            for decision in kit.store.decide_many(ids, action, kit.now()):
                say(unchanged(decision, f"{decision.memory_id}: {decision.before} -> {decision.after}"))
            if action == "approve":
                _say_waiting(kit.store, ids)
        finally:
            kit.close()

    return command


def _say_waiting(store: Store, ids: Sequence[str]) -> None:
    """After `approve`: the quotes that still wait for the owner under each memory, one line each. An
    approve confirms none of them (the owner has not been shown them); the review keeps or drops each."""
    for memory in (store.get(memory_id) for memory_id in ids):
        if memory is None or not memory.pending:
            continue
        n = len(memory.pending)
        waits, them = ("quote still waits", "it") if n == 1 else ("quotes still wait", "them")
        say(f"{memory.id}: {n} {waits} for you, not evidence until you keep {them} in `personakit review`:")
        for quote in reversed(memory.pending):
            say(f"  [waiting for you] “{printable(quote)}”")


def _reject_agreed(store: Store, ids: Sequence[str], args: argparse.Namespace) -> bool:
    """Whether to go on with rejecting `ids` (those not rejected yet). On a terminal, without --yes, the
    owner is shown what would be erased and asked (y or yes goes on; anything else, an empty line or
    the end of input, does not). Otherwise it goes on, having said what a reject does."""
    if not ids:  # rejecting again only finishes an erasure: there is nothing more to lose
        return True
    if args.yes or not sys.stdin.isatty():
        say("A reject cannot be undone: the text and quotes are erased for good, only the id is kept.")
        return True
    memories = [m for m in map(store.get, ids) if m is not None]
    for memory in memories:
        say(f"  {memory.id}  {printable(memory.text)}", err=True)
    question = (
        "Reject this memory? Its text and quotes are erased for good; only the id is kept."
        if len(memories) == 1
        else f"Reject these {plural(len(memories), 'memory')}? Their text and quotes are erased for good; "
        "only the ids are kept."
    )
    print(
        f"{question} [y/N] ",
        end="",
        file=sys.stderr,
        flush=True,
    )
    return sys.stdin.readline().strip().casefold() in ("y", "yes")


def cmd_edit(args: argparse.Namespace) -> None:
    if args.text is None and args.category is None:
        raise CommandError("Give --text, --category or both to edit a memory.")
    if args.text is not None and not args.text.strip():
        raise CommandError("The new text is empty; give the memory as one short statement.")
    if args.category is not None and not args.category.strip():
        raise CommandError(f"The category is empty; use one of {', '.join(CATEGORIES)}.")
    kit = open_kit(args)
    try:
        text, category = check_edit(kit, args.text, args.category)  # the reviews' checks, the same sentences
        decision = kit.store.decide(args.id, "edit", kit.now(), text=text, category=category)
        memory = kit.store.get(args.id)
    finally:
        kit.close()
    assert memory is not None
    say(unchanged(decision, f"{args.id}: edited, now {printable(memory.category)}: {printable(memory.text)}"))


def cmd_history(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        if args.id and kit.store.get(args.id) is None:
            raise UnknownMemory(args.id)
        decisions = kit.store.history(args.id)
        if args.json:
            print_json([msgspec.to_builtins(d) for d in decisions])
            return
        table = _decisions_table(kit.store, decisions) if decisions else ""
    finally:
        kit.close()
    say(table or "No decisions yet.")


def cmd_plugins(args: argparse.Namespace) -> None:
    """Every plugin loaded, the defaults marked as such, and for each first-result hook the order its
    plugins are asked in, with the ones the first may shadow."""
    from personakit_plugin.core.plugins import hook_orders, make_plugin_manager, plugin_infos

    pm = make_plugin_manager()
    infos = plugin_infos(pm)
    if args.json:
        print_json(infos)
        return
    rows = [[i.name, i.version or "-", "default" if i.default else "plugin", ", ".join(i.hooks)] for i in infos]
    say(table(rows, ["NAME", "VERSION", "KIND", "HOOKS"]))
    for info in infos:
        if info.detail:
            say(f"{printable(info.name)}: {printable(info.detail)}")
    say("\nWhere the first result wins, the plugins are asked in this order (set PERSONAKIT_PLUGINS to change it):")
    for order in hook_orders(pm):
        say(f"  {order.sentence()}")


# -- the parser ---------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one sentence and exit status 1, like every other error."""

    def error(self, message: str) -> NoReturn:
        sentence = printable(message[0].upper() + message[1:])  # it may quote what was typed
        self.exit(1, f"{self.prog}: {sentence.rstrip('.')}; see --help.\n")


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


Add = Callable[[str, Callable[[argparse.Namespace], None], str], argparse.ArgumentParser]


def _memory_commands(add: Add) -> None:
    """list, show, the four decisions, edit and history."""
    listing = add("list", cmd_list, "List memories, most recent first; rejected ones only with --state.")
    listing.add_argument(
        "--state",
        choices=[*STATES, "all"],
        help="only memories in this state, or all (default: every state but rejected, whose text is erased)",
    )
    listing.add_argument("--json", action="store_true", help="a JSON array of memories")

    show = add("show", cmd_show, "Show one memory with its quotes and decisions.")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")

    decisions = {
        action: add(action, _decide(action), help)
        for action, help in [
            ("approve", "Approve memories: assistants see them as confirmed."),
            ("restrict", "Restrict memories: never shown, only counted as withheld."),
            ("reject", "Reject memories: erase their text and quotes for good (on a terminal, asks first)."),
            ("reset", "Put memories back to unconfirmed."),
        ]
    }
    for decision in decisions.values():
        decision.add_argument("ids", nargs="+", metavar="ID")
    decisions["reject"].add_argument(
        "-y",
        "--yes",
        action="store_true",
        help="do not ask first (it asks only when standard input is a terminal; answering no rejects nothing)",
    )

    edit = add("edit", cmd_edit, "Change a memory's text or category; its id stays.")
    edit.add_argument("id")
    edit.add_argument("--text")
    edit.add_argument("--category")

    history = add("history", cmd_history, "Show the decisions, oldest first.")
    history.add_argument("id", nargs="?")
    history.add_argument("--json", action="store_true")


def _serve_commands(add: Add) -> None:
    """serve and token."""
    serve = add("serve", cmd_serve, "Serve the two tools over MCP (stdio by default), for an MCP host to start.")
    serve.add_argument("--read-only", action="store_true", help="serve personakit_read alone")
    add_view_options(serve)
    serve.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    serve.add_argument("--host", help="with --transport http: the address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="with --transport http: the port (default 8765; 0 picks a free one)")
    serve.add_argument(
        "--allow-remote", action="store_true", help="with --transport http: allow an address that is not loopback"
    )
    token = add("token", cmd_token, "Print the bearer token that `serve --transport http` requires.")
    token.add_argument(
        "--rotate", action="store_true", help="make a new token (running HTTP servers keep the old one until restarted)"
    )


def cmd_review(args: argparse.Namespace) -> None:
    """The terminal review and, with --web, the browser's (review.py, review_web.py)."""
    if args.no_browser and not args.web:
        raise CommandError("--no-browser only applies to --web; add --web to review in the browser, or leave it out.")
    from personakit_plugin.owner.review import cmd_review as review

    review(args)


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
    parser.add_argument("--version", action=_Version, help="print personakit and its version, then exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)

    def add(name: str, handler: Callable[[argparse.Namespace], None], help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, parents=[common], help=help, description=help)
        sub.set_defaults(handler=handler)
        return sub

    _serve_commands(add)
    from personakit_plugin.owner.connect import (
        register as register_connect,
    )  # connect HOST: writes an MCP host's configuration

    register_connect(add)
    _memory_commands(add)

    review = add(
        "review",
        cmd_review,
        "Review the unconfirmed memories, newest first, then the quotes waiting under approved ones, one key each.",
    )
    review.add_argument("--web", action="store_true", help="review in the browser, served on 127.0.0.1 only")
    review.add_argument("--no-browser", action="store_true", help="with --web: print the address, open nothing")

    from personakit_plugin.owner.data_commands import register

    register(add)

    plugins = add(
        "plugins", cmd_plugins, "List the plugins loaded, with versions, hooks and the order they are asked in."
    )
    plugins.add_argument("--all", action="store_true", help="accepted for older scripts; every plugin is always listed")
    plugins.add_argument("--json", action="store_true")
    return parser


def _log_details() -> bool:
    """Whether the owner asked a server's log for details; if so, the warning that goes with them."""
    from personakit_plugin.serving.log import DETAILS_WARNING, details_wanted

    wanted = details_wanted(os.environ)
    if wanted:
        say(f"personakit: {DETAILS_WARNING}", err=True)
    return wanted


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "data_dir"):
        args.data_dir = None
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            args.handler(args)
    except PluginError as exc:  # the owner's terminal gets the details; a host's log only if asked (serving.log)
        details = args.handler is not cmd_serve or _log_details()
        say(f"personakit: {printable(exc.described(details=details))}", err=True)
        return 1
    except (CommandError, StoreError) as exc:
        say(f"personakit: {printable(str(exc))}", err=True)  # a sentence may quote stored or typed text
        return 1
    except KeyboardInterrupt:
        return 130
    return 0
