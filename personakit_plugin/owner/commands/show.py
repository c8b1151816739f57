"""`personakit show ID [--json]`: one memory, its quotes (those waiting for the owner marked) and its decisions."""

from __future__ import annotations

import argparse

import msgspec

from personakit_plugin.core.store import Retires
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.retire import retirement_sentence
from personakit_plugin.owner.commands.shown import decisions_table, memory_json
from personakit_plugin.owner.console import memory_ids, open_kit, print_json, say
from personakit_plugin.owner.display import printable, when
from personakit_plugin.owner.updates import may_replace


def cmd_show(args: argparse.Namespace) -> None:
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
            return
        decisions = decisions_table(kit.store, history) if history else ""
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
    approved = f", approved {when(memory.approved_at)}" if memory.approved_at else ""
    say(f"\nProposed {when(memory.created)}{approved}, last active {when(memory.touched)}.")
    if (retiring := retirement_sentence(memory, retired)) is not None:
        say(printable(retiring))
    for old in replaces:
        say(f"\nThis may replace {old.id}: “{printable(old.text)}”; `personakit replace {old.id} {memory.id}` does.")
    if decisions:
        say("\nDecisions:")
        say(decisions)


def register(add: Add) -> None:
    show = add("show", cmd_show, "Show one memory with its quotes and decisions.")
    show.add_argument("id", help="its id, or the start of it (m_ and at least 4 digits) when no other id starts so")
    show.add_argument("--json", action="store_true")
