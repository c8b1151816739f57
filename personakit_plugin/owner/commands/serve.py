"""`personakit serve`: the two tools over MCP, on stdio or HTTP; and `personakit token`, HTTP's bearer token.

`--read-only` serves `personakit_read` alone; so does `PERSONAKIT_READ_ONLY=true` in the server's environment,
for a host that sets a server's environment rather than its arguments (the Claude Desktop extension's
setting, an MCP registry entry's variable). Either one is enough: the variable can take away
`personakit_propose`, never give it back to a server started with `--read-only`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import WAITING_PER_CONNECTION, View
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import (
    PROBE_ENV,
    CommandError,
    UsageError,
    add_view_options,
    data_dir,
    open_kit,
    say,
    view_of,
)
from personakit_plugin.owner.display import printable

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

SERVE_ON_A_TERMINAL = (
    "personakit: serving MCP on standard input and output: an MCP host (Claude Desktop, Cursor, ...) starts "
    "this command and speaks to it; there is nothing to type here. Stop it with Ctrl-C or Ctrl-D."
)
READ_ONLY_ENV = "PERSONAKIT_READ_ONLY"
_YES = ("1", "true", "yes", "on")
_NO = ("", "0", "false", "no", "off")


def read_only(args: argparse.Namespace, environ: Mapping[str, str]) -> bool:
    """Whether to serve `personakit_read` alone: `--read-only`, or `PERSONAKIT_READ_ONLY` set to true (1, yes,
    on; false, 0, no, off or empty leave the flag to decide); any other value is a CommandError, so that
    a mistyped setting never serves the tool the owner meant to take away."""
    value = environ.get(READ_ONLY_ENV, "")
    said = value.strip().casefold()
    if said not in _YES + _NO:
        raise CommandError(
            f"{READ_ONLY_ENV} is '{printable(value)}'; set it to true or false (or leave it unset) and start again."
        )
    return bool(args.read_only) or said in _YES


def cmd_serve(args: argparse.Namespace) -> None:
    args.read_only = read_only(args, os.environ)
    view = view_of(args)
    if args.transport == "http":
        return _serve_http(args, view)
    given = [flag for flag, value in (("--host", args.host), ("--port", args.port)) if value is not None]
    if args.allow_remote:
        given.append("--allow-remote")
    if given:
        flags, one = ", ".join(given[:-1]) + (" and " if len(given) > 1 else "") + given[-1], len(given) == 1
        raise UsageError(
            f"{flags} only appl{'ies' if one else 'y'} to --transport http; add that, "
            f"or leave {'it' if one else 'them'} out to serve on stdio."
        )
    from personakit_plugin.serving.server import serve_stdio

    if sys.stdin.isatty():  # started by hand: stdout is the protocol's wire, so this goes to stderr
        say(SERVE_ON_A_TERMINAL if view.everything else f"{SERVE_ON_A_TERMINAL} {view.sentence()}", err=True)
    # Started by `doctor` to see that it answers: nothing is created (a folder that does not exist yet is
    # served empty) and nothing taken in, so that a stray PERSONAKIT_DOCTOR_PROBE in an entry loses nothing.
    probed = os.environ.get(PROBE_ENV) == "1"
    kit = open_kit(args, create=not probed, view=view)
    kit.most_waiting = args.most_waiting
    try:
        serve_stdio(kit, read_only=args.read_only or probed)
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
        kit.most_waiting = args.most_waiting
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


def _most_waiting(value: str) -> int:
    """`--most-waiting N`: a whole number of at least 1."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of at least 1")
    return number


def port(value: str) -> int:
    """A port number as `--port` takes it: a whole number from 0 to 65535 (a usage mistake otherwise)."""
    if not value.strip().isdigit() or int(value) > 65535:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port; a port is a whole number from 0 to 65535")
    return int(value)


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """serve and token."""
    serve = add("serve", cmd_serve, "Serve the two tools over MCP (stdio by default), for an MCP host to start.")
    serve.add_argument(
        "--read-only", action="store_true", help=f"serve personakit_read alone (or set {READ_ONLY_ENV}=true)"
    )
    add_view_options(serve)
    serve.add_argument(
        "--most-waiting",
        type=_most_waiting,
        default=WAITING_PER_CONNECTION,
        metavar="N",
        help=f"the most new memories one connection may leave waiting for your review (default "
        f"{WAITING_PER_CONNECTION:,}); at that bound its proposals are refused until you review",
    )
    serve.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    serve.add_argument("--host", help="with --transport http: the address (default 127.0.0.1)")
    serve.add_argument("--port", type=port, help="with --transport http: the port (default 8765; 0 picks a free one)")
    serve.add_argument(
        "--allow-remote", action="store_true", help="with --transport http: allow an address that is not loopback"
    )
    token = add("token", cmd_token, "Print the bearer token that `serve --transport http` requires.")
    token.add_argument(
        "--rotate", action="store_true", help="make a new token (running HTTP servers keep the old one until restarted)"
    )
