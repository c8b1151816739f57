"""`personakit approve|restrict|reject|reset ID...`: one decision on each memory, in one transaction.

An approve confirms only the quotes the owner was shown before it (`asking.shown_for_approve`), and says
which: each quote it confirmed, then each that still waits for the owner, one line each."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from personakit_plugin.core.model import Decision
from personakit_plugin.core.store import Store
from personakit_plugin.owner.commands import Add, Handler
from personakit_plugin.owner.commands.asking import reject_agreed, shown_for_approve
from personakit_plugin.owner.console import CommandError, memory_ids, open_kit, say
from personakit_plugin.owner.display import printable
from personakit_plugin.owner.reviewing import unchanged

ID_HELP = "a memory's id, or the start of it (m_ and at least 4 digits) when no other id starts so"


def _decide(action: str) -> Handler:
    def command(args: argparse.Namespace) -> None:
        kit = open_kit(args)
        try:
            ids = memory_ids(args, kit, args.ids)
            states = kit.store.states(ids)
            for memory_id in ids:
                if states[memory_id] == "rejected" and action != "reject":
                    raise CommandError(f"{memory_id} was rejected and its text erased; there is nothing to {action}.")
            if action == "reject" and not reject_agreed(
                kit.store, [i for i in ids if states[i] != "rejected"], args.yes
            ):
                say("Nothing rejected.")
                return
            shown = shown_for_approve(kit.store, ids, states) if action == "approve" else None
            # One transaction for all of them: a reject of many memories erases once, at the end.
            for decision in kit.store.decide_many(ids, action, kit.now(), shown=shown):
                say(unchanged(decision, f"{decision.memory_id}: {decision.before} -> {decision.after}"))
                if action == "approve":
                    _say_confirmed(kit.store, decision)
            if action == "approve":
                _say_waiting(kit.store, ids)
        finally:
            kit.close()

    return command


def _say_confirmed(store: Store, decision: Decision) -> None:
    """After an approve that took effect: the memory's quotes that are evidence now, one line each."""
    memory = store.get(decision.memory_id)
    if not decision.recorded or memory is None:
        return
    for quote in reversed([q for q in memory.quotes if q not in memory.pending]):
        say(f"  confirmed “{printable(quote)}”")


def _say_waiting(store: Store, ids: Sequence[str]) -> None:
    """After `approve`: the quotes that still wait for the owner under each memory, one line each. An
    approve confirms none of them (added after the owner approved the memory, or not shown to the owner
    before this approve); the review keeps or drops each."""
    for memory in (store.get(memory_id) for memory_id in ids):
        if memory is None or not memory.pending:
            continue
        n = len(memory.pending)
        waits, them = ("quote still waits", "it") if n == 1 else ("quotes still wait", "them")
        say(f"{memory.id}: {n} {waits} for you, not evidence until you keep {them} in `personakit review`:")
        for quote in reversed(memory.pending):
            say(f"  [waiting for you] “{printable(quote)}”")


def register(add: Add) -> None:
    """approve, restrict, reject and reset."""
    decisions = {
        action: add(action, _decide(action), help)
        for action, help in [
            ("approve", "Approve memories: assistants see them as confirmed."),
            ("restrict", "Restrict memories: never shown, only counted as withheld."),
            ("reject", "Reject memories: erase their text and quotes for good (on a terminal, asks first)."),
            ("reset", "Put memories back to unconfirmed."),
        ]
    }
    for decision in decisions.values():
        decision.add_argument("ids", nargs="+", metavar="ID", help=ID_HELP)
    decisions["reject"].add_argument(
        "-y",
        "--yes",
        action="store_true",
        help="do not ask first (it asks only when standard input is a terminal; answering no rejects nothing)",
    )
