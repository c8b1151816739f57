"""`personakit list [--state S|all] [--json]`: the memories, most recent first."""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import STATES, Memory, Retirement
from personakit_plugin.core.store import Retires
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.shown import memory_json
from personakit_plugin.owner.console import nothing_here, open_kit, print_json, say, table
from personakit_plugin.owner.display import day


def _quote_count(memory: Memory) -> str:
    return f"{len(memory.quotes)} ({len(memory.pending)} waiting)" if memory.pending else str(len(memory.quotes))


def cmd_list(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        state = None if args.state in (None, "all") else args.state
        memories = kit.store.memories(state)
        retired = kit.store.retirements() if isinstance(kit.store, Retires) else {}
        nothing = None if memories or args.json else nothing_here(args, kit, "no memories")
    finally:
        kit.close()
    if args.state is None:  # without --state: every state but rejected, which has nothing left to show
        memories = [m for m in memories if m.state != "rejected"]
    if args.json:
        print_json([memory_json(m, retired.get(m.id)) for m in memories])
        return
    if not memories:
        say(nothing or f"No {'' if state is None else state + ' '}memories.")
        return
    dated = args.dates or state == "retired"  # the days each was proposed, approved and retired
    rows = [
        [m.id, m.state, m.category, _quote_count(m), *(_dates(m, retired.get(m.id)) if dated else []), m.text]
        if m.state != "rejected"
        else [m.id, m.state, "-", "-", *(_dates(m, None) if dated else []), "(erased)"]
        for m in memories
    ]
    dates = ["PROPOSED", "APPROVED", "RETIRED"] if dated else []
    say(table(rows, ["ID", "STATE", "CATEGORY", "QUOTES", *dates, "TEXT"]))


def _dates(memory: Memory, retired: Retirement | None) -> list[str]:
    """When it was proposed, last approved and retired (or retires, marked `on`), as days; `-` for none."""
    rejected = memory.state == "rejected"
    retiring = "-"
    if retired is not None and retired.done and memory.state == "retired":
        retiring = day(retired.at) + (f" by {retired.replaced_by}" if retired.replaced_by else "")
    elif retired is not None and not retired.done and memory.state not in ("rejected", "retired"):
        retiring = f"on {day(retired.at)}"
    return ["-" if rejected else day(memory.created), day(memory.approved_at), retiring]


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    listing = add("list", cmd_list, "List memories, most recent first; rejected ones only with --state.")
    listing.add_argument(
        "--state",
        choices=[*STATES, "all"],
        help="only memories in this state, or all (default: every state but rejected, whose text is erased)",
    )
    listing.add_argument("--json", action="store_true", help="a JSON array of memories")
    listing.add_argument(
        "--dates",
        action="store_true",
        help="show the days each was proposed, approved and retired (`--state retired` shows them anyway)",
    )
