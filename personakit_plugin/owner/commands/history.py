"""`personakit history [ID] [--json]`: the owner's decisions, oldest first; never any text but an edit's."""

from __future__ import annotations

import argparse

import msgspec

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.shown import decisions_table
from personakit_plugin.owner.console import memory_ids, nothing_here, open_kit, print_json, say


def cmd_history(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        memory_id = memory_ids(args, kit, [args.id])[0] if args.id else None
        decisions = kit.store.history(memory_id)
        if args.json:
            print_json([msgspec.to_builtins(d) for d in decisions])
            return
        table = decisions_table(kit.store, decisions) if decisions else ""
        nothing = None if decisions else nothing_here(args, kit, "no decisions")
    finally:
        kit.close()
    say(table or nothing or "No decisions yet.")


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    history = add("history", cmd_history, "Show the decisions, oldest first.")
    history.add_argument("id", nargs="?", help="only this memory's (its id, or the start of it)")
    history.add_argument("--json", action="store_true")
