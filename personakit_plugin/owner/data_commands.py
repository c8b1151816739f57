"""The owner's commands for undo, export and import, stats and doctor; `register` adds them (`cli.COMMANDS`).

`undo [N]` reverts the latest N decisions not yet undone, newest first, each in its own
transaction. It stops at a reject, or a dropped quote, which cannot be undone (the text was erased):
when that is the very first decision to undo, that is an error and nothing changes; when some were
undone before it, it says where it stopped and exits 0, since what it did is done. Either way it
says why, and that an older decision is changed by deciding again (`reset`), not by undo.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import msgspec

from personakit_plugin.core.hookspecs import Add, hookimpl
from personakit_plugin.core.model import CATEGORIES, QUOTES_KEPT, Decision
from personakit_plugin.core.store import Store, StoreError
from personakit_plugin.owner.commands.asking import undo_agreed
from personakit_plugin.owner.console import (
    CommandError,
    OutputFailed,
    UsageError,
    data_dir,
    nothing_here,
    open_kit,
    print_json,
    say,
    table,
    writing_stdout,
)
from personakit_plugin.owner.display import plural, printable, refusal, when

EXPORT_STOPPED = (
    "Import stopped: nothing was imported, since an import of an export is all or nothing; run it again to import it."
)
"""What Ctrl-C during the import of an export says (on stderr; the exit status is then 130)."""
GRAPH_STOPPED = (
    "Import stopped: the proposals it made before you stopped it stay, unconfirmed; run it again for the rest "
    "(nothing is added twice)."
)
"""What Ctrl-C during an import of a memory-server graph says: its proposals are written as they go."""


def _undid(decision: Decision) -> str:
    said = f"Undid #{decision.seq} {decision.action} of {decision.memory_id}: {decision.after} -> {decision.before}"
    before, after = decision.category_before, decision.category_after
    if before is not None and after is not None and before != after:  # an old decision may not know them
        said += f", category {after} -> {before}"
    if decision.action == "edit":
        said += ", text as before the edit"
    if decision.action == "accept-quote":
        said += ", the quote waits for you again"
    return said + "."


# What reset does instead, said whenever undo stops at a decision that erased something.
RESET_INSTEAD = (
    "undo goes no further back, but an older decision can still be changed by deciding again: "
    "`personakit reset ID` puts a memory that is not rejected back to unconfirmed"
)


def _why_stopped(store: Store, exc: StoreError) -> str:
    """Why undo cannot go on, as one clause: when the latest decision still standing erased something (a
    reject, a dropped quote), what it was and what to do instead; otherwise the store's own sentence."""
    standing = [d for d in store.history() if not d.undone and d.action != "undo"]
    latest = standing[-1] if standing else None
    if latest is not None and latest.action == "reject":
        erased = f"#{latest.seq} rejected {latest.memory_id}, and a reject cannot be undone: its text and quotes were"
    elif latest is not None and latest.action == "drop-quote":
        erased = f"#{latest.seq} dropped a quote of {latest.memory_id}, and that cannot be undone: the quote was"
    else:
        return printable(str(exc)).rstrip(".")
    return f"decision {erased} erased, so {RESET_INSTEAD}"


def cmd_undo(args: argparse.Namespace) -> None:
    if args.count < 1:
        raise UsageError("Give the number of decisions to undo as a whole number of at least 1.")
    kit = open_kit(args)
    try:
        if not undo_agreed(kit.store, args.count, args.yes):  # asks first before undoing several
            say("Nothing undone.")
            return
        done = 0
        while done < args.count:
            try:
                decision = kit.store.undo(kit.now())
            except StoreError as exc:
                why = _why_stopped(kit.store, exc)
                if not done:
                    raise CommandError(f"{why[0].upper()}{why[1:]}.") from None
                say(f"Stopped after {done}: {why}.")
                return
            if decision is None:
                if not done:
                    raise CommandError(
                        nothing_here(args, kit, "no decision to undo") or "There is no decision left to undo."
                    )
                say(f"Stopped after {done}: there is no decision left to undo.")
                return
            say(_undid(decision))
            done += 1
    finally:
        kit.close()


def _read_input(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).expanduser().read_bytes()
    except OSError as exc:
        raise CommandError(f"{name} cannot be read ({exc.strerror or exc}).") from None


EXPORT_CUT = (
    "The reader of standard output went away before it took the whole export, so the export is incomplete; "
    "it is no backup."
)


def _write_stdout(data: bytes) -> None:
    """Bytes to standard output as they are (UTF-8), or as text where stdout takes no bytes."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        buffer.write(data)
        buffer.flush()


def _export_to_stdout(data: bytes) -> None:
    """The export on standard output, whole, or `OutputFailed`: when it cannot be written, and when the
    reader of a pipe goes away before it took every byte (`| head -1`), whether the pipe had room for the
    whole export (`_taken_whole`) or not (a closed pipe)."""
    try:
        with writing_stdout("the export"):
            _write_stdout(data)
    except BrokenPipeError:
        raise OutputFailed(EXPORT_CUT) from None
    if not _taken_whole(sys.stdout):
        raise OutputFailed(EXPORT_CUT)


def _taken_whole(stdout: object) -> bool:
    """After the whole export went into standard output: when that is a pipe, wait until its reader has
    taken every byte (True) or has gone away with some unread (False). Elsewhere (a file, a terminal, a
    system that cannot say how many bytes wait in a pipe) True. A reader that took every byte before it
    went away had the whole export, whatever it kept of it (`head` reads a small export whole)."""
    try:
        import fcntl
        import select
        import stat
        import termios

        descriptor = stdout.fileno()  # type: ignore[attr-defined]
        if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return True
        poller = select.poll()
        poller.register(descriptor, 0)  # no event asked: a write end reports POLLERR once no reader is left
    except (ImportError, AttributeError, OSError, ValueError):
        return True

    def unread() -> int:
        return int.from_bytes(fcntl.ioctl(descriptor, termios.FIONREAD, bytes(4)), sys.byteorder, signed=True)

    try:
        while unread() > 0:
            if poller.poll(50):  # the reader went away: were the last bytes taken before it did?
                return unread() == 0
    except OSError:
        return True
    return True


def cmd_export(args: argparse.Namespace) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.transfer import export_lines

    out = Path(args.out).expanduser() if args.out else None
    if out is not None:
        _check_out(out)
    kit = open_kit(args)
    try:
        with Progress("Exporting") as progress:
            lines = export_lines(kit.store, progress)
        if not lines and (nothing := nothing_here(args, kit, "nothing to export")):
            raise CommandError(nothing)
    finally:
        kit.close()
    if out is None:
        _export_to_stdout(b"".join(lines))
        return
    _write_private(out, b"".join(lines))
    say(f"Exported {plural(len(lines), 'memory')} to {out}.")


def _check_out(out: Path) -> None:
    """The export's file must be a new or a regular file in a folder that exists. A symbolic link
    is refused: the export would land wherever the link points, perhaps a file others can read or
    one the owner never meant to replace; the owner names the real file instead."""
    if not out.parent.is_dir():
        raise CommandError(f"The folder {out.parent} does not exist; create it or choose another --out file.")
    if out.is_symlink():
        raise CommandError(f"{out} is a symbolic link; give the path of the file itself, or a new file.")
    if out.exists() and not out.is_file():
        raise CommandError(f"{out} is not a regular file; choose another --out file.")


def _write_private(out: Path, data: bytes) -> None:
    """Write `data` to `out` as a file only the owner can read (see `write_private`)."""
    from personakit_plugin.core.private_file import write_private

    try:
        write_private(out, data)
    except OSError as exc:
        raise CommandError(f"{out} cannot be written ({exc.strerror or exc}).") from None


def _import_graph(args: argparse.Namespace, data: bytes, name: str) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.transfer import import_graph, parse_memory_json

    graph = parse_memory_json(data, name, args.owner)
    kit = open_kit(args, create=True)
    try:
        with Progress("Importing", noun="observations", one="observation") as progress:
            done = import_graph(kit, graph, progress)
    except KeyboardInterrupt:
        say(GRAPH_STOPPED, err=True)
        raise
    finally:
        kit.close()
    proposals = "an unconfirmed proposal" if len(done.new) == 1 else "unconfirmed proposals"
    say(
        f"Imported {plural(len(done.new), 'new memory')} as {proposals}, {len(done.known)} already known, "
        f"{len(done.refused)} refused; {plural(graph.relations, 'relation')} skipped."
    )
    if graph.other:
        say(f"Skipped {plural(graph.other, 'line')} of another type than entity or relation.")
    for item in done.refused:
        say(f"Refused {printable(item.where)}: {refusal(item.reason)}.")
    _say_not_kept(len(done.not_kept))
    if done.new:
        say("Review them with `personakit review` or `personakit list --state unconfirmed`.")


def _import_export(args: argparse.Namespace, data: bytes, name: str) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.transfer import import_export, parse_export

    try:
        memories = parse_export(data, name)
        kit = open_kit(args, create=True)
        try:
            with Progress("Importing") as progress:
                result = import_export(kit, memories, progress)
        finally:
            kit.close()
    except KeyboardInterrupt:  # the one transaction of `Store.restore` was rolled back, if it had begun
        say(EXPORT_STOPPED, err=True)
        raise
    restored = result.restored
    them = "it" if len(restored.known) == 1 else "them"
    say(
        f"Imported {plural(len(restored.created), 'new memory')}, {len(restored.known)} already known "
        f"({plural(restored.quotes_added, 'quote')} added to {them}), {len(result.refused)} refused."
    )
    for item in result.refused:
        say(f"Refused {printable(item.where)}: {refusal(item.reason)}.")
    _say_not_kept(restored.quotes_not_kept)
    if restored.quotes_dropped:
        them = "it" if restored.quotes_dropped == 1 else "them"
        say(f"{plural(restored.quotes_dropped, 'quote')} left out: you dropped {them}, and what you drop stays erased.")


def _say_not_kept(count: int) -> None:
    """What an import left out at the limit of quotes one memory keeps, if anything."""
    if count:
        say(f"{plural(count, 'quote')} not kept: their memories already had {QUOTES_KEPT}, the most one memory keeps.")


def cmd_import(args: argparse.Namespace) -> None:
    from personakit_plugin.owner.transfer import holds_nothing

    if args.owner is not None and args.source != "memory-json":  # a mistake whatever the file holds
        raise UsageError("--owner is for --from memory-json only.")
    data = _read_input(args.file)
    name = "standard input" if args.file == "-" else str(args.file)
    if holds_nothing(data):  # said before the data folder is opened: nothing is created or changed
        say(f"{printable(name)} holds no memories; nothing was imported.")
        return
    try:
        if args.source == "memory-json":
            _import_graph(args, data, name)
        else:
            _import_export(args, data, name)
    except StoreError as exc:
        raise CommandError(_naming_the_categories(str(exc))) from None


def _naming_the_categories(sentence: str) -> str:
    """An import error that mentions a category, with the seven categories named at its end (unless it
    names them already), so the owner can fix the file without looking them up."""
    if "categor" not in sentence or all(category in sentence for category in CATEGORIES):
        return sentence
    return f"{sentence.rstrip().rstrip('.')} (the seven: {', '.join(CATEGORIES)})."


def cmd_stats(args: argparse.Namespace) -> None:
    from personakit_plugin.owner.doctor import Kept, age, stats

    kit = open_kit(args)
    try:
        counted = stats(kit.store.memories(), Kept.of(kit.store))
        now = kit.now()
        nothing = None if args.json else nothing_here(args, kit, "nothing to count")
    finally:
        kit.close()
    if args.json:
        print_json(msgspec.to_builtins(counted))
        return
    if nothing:
        say(nothing)
        return
    total = sum(counted.states.values())
    say(f"{plural(total, 'memory')}.")
    say(table([[state, str(n)] for state, n in counted.states.items()], ["STATE", "COUNT"]))
    say()
    say(table([[category, str(n)] for category, n in counted.categories.items()], ["CATEGORY", "COUNT"]))
    say()
    if counted.oldest_unreviewed is None or counted.oldest_unreviewed_created is None:
        say("No proposal is waiting for review.")
    else:
        waited = age(max(0.0, now - counted.oldest_unreviewed_created))
        say(
            f"Oldest unreviewed proposal: {counted.oldest_unreviewed}, "
            f"proposed {when(counted.oldest_unreviewed_created)} ({waited} ago)."
        )
    if counted.store is not None:
        say(counted.store.sentence())


def cmd_doctor(args: argparse.Namespace) -> None:
    """Each finding's line as soon as its check finds it (flushed: a slow host entry holds back only the
    lines after it), or, with --json, one object once every check is done."""
    from personakit_plugin.owner.doctor import FAIL, checks, report

    folder = data_dir(args.data_dir)
    found = []
    for check, finding in checks(folder, dict(os.environ)):
        found.append((check, finding))
        if not args.json:
            say(finding.line())
            with writing_stdout():
                sys.stdout.flush()
    if args.json:
        print_json(report(folder, found))
    failed = sum(1 for _, finding in found if finding.level == FAIL)
    if failed:
        raise CommandError(f"Doctor found {failed} problem{'' if failed == 1 else 's'}; each FAIL line says what.")


def _check_store_offered(name: str, folder: Path) -> None:
    """One sentence naming the backends the plugins offer when `name` is not one of them, before anything
    shows progress. A name that is not a backend name, or a folder with no memory to move, is left for
    `migrate` to say."""
    from personakit_plugin.owner.migrate import NAME, backends, unknown

    if not NAME.fullmatch(name) or not _has_memory_to_move(folder):
        return
    offered = backends(dict(os.environ))
    if name not in offered:
        raise CommandError(unknown(name, offered))


def _has_memory_to_move(folder: Path) -> bool:
    """Whether the data folder's own store, the SQLite one `migrate` moves from, holds anything, as the
    store says when opened only to be looked at (`Describes`); one it cannot open is left for migrate."""
    from personakit_plugin.storage.sqlite import SqliteStore

    try:
        store = SqliteStore.open(folder, look_only=True)
    except StoreError:
        return True
    try:
        return store.describe().exists
    except StoreError:
        return True
    finally:
        store.close()


def cmd_migrate(args: argparse.Namespace) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.migrate import migrate

    name, url = args.to
    folder = data_dir(args.data_dir)
    _check_store_offered(name, folder)
    with Progress("Migrating") as progress:
        target, backend, moved = migrate(folder, name, url, dict(os.environ), progress)
    say(f"Moved {moved.line()} from {folder} to {target.location}, and checked that all of it arrived.")
    say(
        f"Point your servers at it with {printable(backend.setting)}; "
        "the SQLite file is unchanged: remove it once you no longer need it."
    )


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add undo, export, import, stats, migrate and doctor to the command line."""
    undo = add("undo", cmd_undo, "Undo the latest decisions, newest first (a reject cannot be undone).")
    undo.add_argument("count", nargs="?", type=int, default=1, metavar="N", help="how many (default 1)")
    undo.add_argument(
        "-y",
        "--yes",
        action="store_true",
        help="do not ask first (undoing more than one asks on a terminal; elsewhere it needs --yes)",
    )

    export = add("export", cmd_export, "Write every memory with its history as JSON Lines.")
    export.add_argument("--out", metavar="FILE", help="write to FILE (created private) instead of standard output")

    importing = add("import", cmd_import, "Merge an export, or a memory server's graph, into this data folder.")
    importing.add_argument("file", metavar="FILE", help="the file to import; - for standard input")
    importing.add_argument(
        "--from",
        dest="source",
        choices=["personakit", "memory-json"],
        default="personakit",
        help="personakit export (default) or the JSONL graph of @modelcontextprotocol/server-memory",
    )
    importing.add_argument("--owner", metavar="NAME", help="with memory-json: the entity that is you")

    stats = add("stats", cmd_stats, "Count memories by state and category; show the oldest unreviewed.")
    stats.add_argument("--json", action="store_true")

    migrating = add("migrate", cmd_migrate, "Move this data folder's memory into another storage backend.")
    migrating.add_argument(
        "--to",
        nargs=2,
        required=True,
        metavar=("NAME", "URL"),
        help="the backend (postgres, from personakit-store-postgres) and its connection string",
    )

    doctor = add("doctor", cmd_doctor, "Check the data folder, database, plugins and MCP host configurations.")
    doctor.add_argument("--json", action="store_true", help="one JSON object: every check's findings")
