"""`personakit show ID [--json]`: one memory, its quotes (those waiting for the owner marked) and its decisions."""

from __future__ import annotations

import argparse
import sys

import msgspec

from personakit_plugin.core.model import Memory
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.shown import decisions_table, memory_json
from personakit_plugin.owner.console import memory_ids, open_kit, print_json, say, writing_stdout
from personakit_plugin.owner.display import printable, when
from personakit_plugin.owner.reviewing import note_shown


def cmd_show(args: argparse.Namespace) -> None:
    """The memory, then, once it is all written out, a note in the store that the owner was shown its
    quotes (`reviewing.note_shown`): `personakit approve ID` confirms only quotes shown so."""
    kit = open_kit(args)
    try:
        [memory_id] = memory_ids(args, kit, [args.id])
        memory = kit.store.get(memory_id)
        history = kit.store.history(memory_id)
        assert memory is not None  # memory_ids found it
        if args.json:
            print_json({**memory_json(memory), "history": [msgspec.to_builtins(d) for d in history]})
        else:
            _show(memory, decisions_table(kit.store, history) if history else "")
        with writing_stdout():
            sys.stdout.flush()  # what a closed pipe or a full disk cut short was not shown
        note_shown(kit.store, memory)
    finally:
        kit.close()


def _show(memory: Memory, decisions: str) -> None:
    say(f"{printable(memory.id)}  {printable(memory.state)}  {printable(memory.category)}")
    say(printable(memory.text) if memory.state != "rejected" else "(text and quotes erased when it was rejected)")
    if memory.quotes:
        say("\nQuotes, newest first:")
        for quote in reversed(memory.quotes):
            say(f"  {'[waiting for you] ' if quote in memory.pending else ''}“{printable(quote)}”")
    if memory.pending:
        n = len(memory.pending)
        it, was = ("it", "it was") if n == 1 else ("them", "they were")
        say(
            f"\n{n} quote{' waits' if n == 1 else 's wait'} for you: an assistant added {it} after you approved "
            f"this memory, or {was} not shown to you before you approved it; keep or drop each in `personakit review`."
        )
    say(f"\nProposed {when(memory.created)}, last active {when(memory.touched)}.")
    if decisions:
        say("\nDecisions:")
        say(decisions)


def register(add: Add) -> None:
    show = add("show", cmd_show, "Show one memory with its quotes and decisions.")
    show.add_argument("id", help="its id, or the start of it (m_ and at least 4 digits) when no other id starts so")
    show.add_argument("--json", action="store_true")
