"""`personakit import FILE [--from personakit|memory-json] [--owner NAME]`: merge an export, or a memory
server's graph, into the data folder (`data/transfer.py`), and say what came in and what was refused."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import CATEGORIES, QUOTES_KEPT
from personakit_plugin.core.store import StoreError
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import CommandError, UsageError, open_kit, say
from personakit_plugin.owner.display import plural, printable, refusal

EXPORT_STOPPED = (
    "Import stopped: nothing was imported, since an import of an export is all or nothing; run it again to import it."
)
"""What Ctrl-C during the import of an export says (on stderr; the exit status is then 130)."""


GRAPH_STOPPED = (
    "Import stopped: the proposals it made before you stopped it stay, unconfirmed; run it again for the rest "
    "(nothing is added twice)."
)
"""What Ctrl-C during an import of a memory-server graph says: its proposals are written as they go."""


def _read_input(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).expanduser().read_bytes()
    except OSError as exc:
        raise CommandError(f"{name} cannot be read ({exc.strerror or exc}).") from None


def _import_graph(args: argparse.Namespace, data: bytes, name: str) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.data.transfer import import_graph, parse_memory_json

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
    from personakit_plugin.owner.data.transfer import import_export, parse_export

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
    from personakit_plugin.owner.data.transfer import holds_nothing

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


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add import to the command line."""
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
