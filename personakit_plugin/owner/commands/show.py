"""`personakit show ID [--json]`: one memory, its quotes (those waiting for the owner marked) and its decisions."""

from __future__ import annotations

import argparse
import sys

import msgspec

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import Memory, Retirement
from personakit_plugin.core.store import Retires
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.retire import retirement_sentence
from personakit_plugin.owner.commands.shown import decisions_table, memory_json
from personakit_plugin.owner.console import ID_HELP, memory_ids, open_kit, print_json, say, writing_stdout
from personakit_plugin.owner.display import printable, when
from personakit_plugin.owner.review.shared import note_shown
from personakit_plugin.owner.review.updates import may_replace


def cmd_show(args: argparse.Namespace) -> None:
    """The memory, then, once it is all written out, a note in the store that the owner was shown its
    quotes (`reviewing.note_shown`): `personakit approve ID` confirms only quotes shown so."""
    kit = open_kit(args)
    try:
        [memory_id] = memory_ids(args, kit, [args.id])
        memory = kit.store.get(memory_id)
        history = kit.store.history(memory_id)
        assert memory is not None  # memory_ids found it
        retired = kit.store.retirements([memory_id]).get(memory_id) if isinstance(kit.store, Retires) else None
        replaces = may_replace(memory, kit.store.memories(), kit) if memory.state == "unconfirmed" else []
        if args.json:
            said = {**memory_json(memory, retired), "may_replace": [m.id for m in replaces]}
            print_json({**said, "history": [msgspec.to_builtins(d) for d in history]})
        else:
            _show(memory, decisions_table(kit.store, history) if history else "", retired, replaces)
        with writing_stdout():
            sys.stdout.flush()  # what a closed pipe or a full disk cut short was not shown
        note_shown(kit.store, memory)
    finally:
        kit.close()


def _show(memory: Memory, decisions: str, retired: Retirement | None, replaces: list[Memory]) -> None:
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
    approved = f", approved {when(memory.approved_at)}" if memory.approved_at else ""
    say(f"\nProposed {when(memory.created)}{approved}, last active {when(memory.touched)}.")
    if (retiring := retirement_sentence(memory, retired)) is not None:
        say(printable(retiring))
    for old in replaces:
        say(f"\nThis may replace {old.id}: “{printable(old.text)}”; `personakit replace {old.id} {memory.id}` does.")
    if decisions:
        say("\nDecisions:")
        say(decisions)


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    show = add("show", cmd_show, "Show one memory with its quotes and decisions.")
    show.add_argument("id", metavar="ID", help=ID_HELP)
    show.add_argument("--json", action="store_true")
