"""`personakit stats [--json]`: the memories counted by state and category, and the oldest unreviewed
proposal (`data/doctor.py` counts)."""

from __future__ import annotations

import argparse

import msgspec

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import nothing_here, open_kit, print_json, say, table
from personakit_plugin.owner.display import plural, when


def cmd_stats(args: argparse.Namespace) -> None:
    from personakit_plugin.owner.data.doctor import Kept, age, stats

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


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add stats to the command line."""
    stats = add("stats", cmd_stats, "Count memories by state and category; show the oldest unreviewed.")
    stats.add_argument("--json", action="store_true")
