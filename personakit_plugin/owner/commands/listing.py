"""`personakit list [--state S|all] [--json]`: the memories, most recent first."""

from __future__ import annotations

import argparse

from personakit_plugin.core.model import STATES, Memory
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.shown import memory_json
from personakit_plugin.owner.console import nothing_here, open_kit, print_json, say, table


def _quote_count(memory: Memory) -> str:
    return f"{len(memory.quotes)} ({len(memory.pending)} waiting)" if memory.pending else str(len(memory.quotes))


def cmd_list(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        state = None if args.state in (None, "all") else args.state
        memories = kit.store.memories(state)
        nothing = None if memories or args.json else nothing_here(args, kit, "no memories")
    finally:
        kit.close()
    if args.state is None:  # without --state: every state but rejected, which has nothing left to show
        memories = [m for m in memories if m.state != "rejected"]
    if args.json:
        print_json([memory_json(m) for m in memories])
        return
    if not memories:
        say(nothing or f"No {'' if state is None else state + ' '}memories.")
        return
    rows = [
        [m.id, m.state, m.category, _quote_count(m), m.text]
        if m.state != "rejected"
        else [m.id, m.state, "-", "-", "(erased)"]
        for m in memories
    ]
    say(table(rows, ["ID", "STATE", "CATEGORY", "QUOTES", "TEXT"]))


def register(add: Add) -> None:
    listing = add("list", cmd_list, "List memories, most recent first; rejected ones only with --state.")
    listing.add_argument(
        "--state",
        choices=[*STATES, "all"],
        help="only memories in this state, or all (default: every state but rejected, whose text is erased)",
    )
    listing.add_argument("--json", action="store_true", help="a JSON array of memories")
