"""`personakit approve|restrict|reject|reset ID...`: one decision on each memory, in one transaction; and
`personakit reject|restrict --proposed-by CONN [--since T] [--until T]`: the same on every memory one
connection proposed that still waits (`owner/review/bulk.py`), shown first and asked for.

An approve confirms only the quotes the owner was shown before it (`asking.shown_for_approve`), and says
which: each quote it confirmed, then each that still waits for the owner, one line each."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import STATE_AFTER, Decision
from personakit_plugin.core.store import Store
from personakit_plugin.owner.commands import Add, Handler
from personakit_plugin.owner.commands.asking import bulk_agreed, reject_agreed, shown_for_approve
from personakit_plugin.owner.console import ID_HELP, CommandError, UsageError, memory_ids, open_kit, say
from personakit_plugin.owner.display import plural, printable
from personakit_plugin.owner.review.shared import unchanged


def _decide(action: str) -> Handler:
    def command(args: argparse.Namespace) -> None:
        if getattr(args, "proposed_by", None) is not None:
            return _decide_proposed(action, args)
        if getattr(args, "since", None) is not None or getattr(args, "until", None) is not None:
            raise UsageError("--since and --until choose among what --proposed-by names; add --proposed-by CONN.")
        if not args.ids:
            raise UsageError(f"Give the ids of the memories to {action}, or --proposed-by CONN.")
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
                    say_confirmed(kit.store, decision)
            if action == "approve":
                say_waiting(kit.store, ids)
        finally:
            kit.close()

    return command


def _decide_proposed(action: str, args: argparse.Namespace) -> None:
    """Reject or restrict every memory that still waits from one connection in a span of time: shown, then
    asked (`bulk_agreed`), then decided in one transaction, a reject erasing once for them all."""
    from personakit_plugin.owner.review import bulk

    if args.ids:
        raise UsageError("Give either ids or --proposed-by, not both.")
    try:
        bulk.span_times(args.since, args.until)
    except ValueError as exc:  # a time of the wrong form, or a span that ends first: a usage mistake
        raise UsageError(str(exc)) from None
    kit = open_kit(args)
    try:
        span = bulk.span(kit, args.proposed_by, args.since, args.until)
        memories = bulk.chosen(kit, span)
        if not memories:
            say(f"Nothing proposed {span.said()} waits for you; nothing {STATE_AFTER[action]}.")
            return
        if not bulk_agreed(action, memories, span.said(), args.yes):
            say(f"Nothing {STATE_AFTER[action]}.")
            return
        done = kit.store.decide_many([memory.id for memory in memories], action, kit.now())
        say(f"{plural(sum(d.recorded for d in done), 'memory')} {STATE_AFTER[action]} ({span.said()}).")
    finally:
        kit.close()


def say_confirmed(store: Store, decision: Decision) -> None:
    """After an approve that took effect: the memory's quotes that are evidence now, one line each."""
    memory = store.get(decision.memory_id)
    if not decision.recorded or memory is None:
        return
    for quote in reversed([q for q in memory.quotes if q not in memory.pending]):
        say(f"  confirmed “{printable(quote)}”")


def say_waiting(store: Store, ids: Sequence[str]) -> None:
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


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
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
    for action, decision in decisions.items():
        bulk = action in ("reject", "restrict")
        decision.add_argument("ids", nargs="*" if bulk else "+", metavar="ID", help=ID_HELP)
        if not bulk:
            continue
        decision.add_argument(
            "--proposed-by",
            metavar="CONN",
            help=f"{action} every memory still waiting that this connection proposed: its id (c_...) or its "
            "client's name, as the reviews show it",
        )
        decision.add_argument(
            "--since", metavar="T", help="with --proposed-by: proposed at T or after (2h, 1d, 2026-11-30 15:32)"
        )
        decision.add_argument("--until", metavar="T", help="with --proposed-by: proposed before T")
        decision.add_argument(
            "-y",
            "--yes",
            action="store_true",
            help="do not ask first (a reject asks only on a terminal; --proposed-by asks on a terminal and "
            "needs --yes without one)",
        )
