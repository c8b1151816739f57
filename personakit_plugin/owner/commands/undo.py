"""`personakit undo [N] [--yes]`: revert the latest decisions, newest first.

`undo [N]` reverts the latest N decisions not yet undone, newest first, each in its own
transaction. It stops at a reject, or a dropped quote, which cannot be undone (the text was erased):
when that is the very first decision to undo, that is an error and nothing changes; when some were
undone before it, it says where it stopped and exits 0, since what it did is done. Either way it
says why, and that an older decision is changed by deciding again (`reset`), not by undo.
"""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import Decision
from personakit_plugin.core.store import Store, StoreError
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.asking import undo_agreed
from personakit_plugin.owner.console import CommandError, UsageError, nothing_here, open_kit, say
from personakit_plugin.owner.display import printable


def _undid(decision: Decision) -> str:
    said = f"Undid #{decision.seq} {decision.action} of {decision.memory_id}: {decision.after} -> {decision.before}"
    before, after = decision.category_before, decision.category_after
    if before is not None and after is not None and before != after:  # an old decision may not know them
        said += f", category {after} -> {before}"
    if decision.action == "edit":
        said += ", text as before the edit"
    if decision.action == "accept-quote":
        said += ", the quote waits for you again"
    return said + "."


# What reset does instead, said whenever undo stops at a decision that erased something.
RESET_INSTEAD = (
    "undo goes no further back, but an older decision can still be changed by deciding again: "
    "`personakit reset ID` puts a memory that is not rejected back to unconfirmed"
)


def _why_stopped(store: Store, exc: StoreError) -> str:
    """Why undo cannot go on, as one clause: when the latest decision still standing erased something (a
    reject, a dropped quote), what it was and what to do instead; otherwise the store's own sentence."""
    standing = [d for d in store.history() if not d.undone and d.action != "undo"]
    latest = standing[-1] if standing else None
    if latest is not None and latest.action == "reject":
        erased = f"#{latest.seq} rejected {latest.memory_id}, and a reject cannot be undone: its text and quotes were"
    elif latest is not None and latest.action == "drop-quote":
        erased = f"#{latest.seq} dropped a quote of {latest.memory_id}, and that cannot be undone: the quote was"
    else:
        return printable(str(exc)).rstrip(".")
    return f"decision {erased} erased, so {RESET_INSTEAD}"


def cmd_undo(args: argparse.Namespace) -> None:
    if args.count < 1:
        raise UsageError("Give the number of decisions to undo as a whole number of at least 1.")
    kit = open_kit(args)
    try:
        if not undo_agreed(kit.store, args.count, args.yes):  # asks first before undoing several
            say("Nothing undone.")
            return
        done = 0
        while done < args.count:
            try:
                decision = kit.store.undo(kit.now())
            except StoreError as exc:
                why = _why_stopped(kit.store, exc)
                if not done:
                    raise CommandError(f"{why[0].upper()}{why[1:]}.") from None
                say(f"Stopped after {done}: {why}.")
                return
            if decision is None:
                if not done:
                    raise CommandError(
                        nothing_here(args, kit, "no decision to undo") or "There is no decision left to undo."
                    )
                say(f"Stopped after {done}: there is no decision left to undo.")
                return
            say(_undid(decision))
            done += 1
    finally:
        kit.close()


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add undo to the command line."""
    undo = add("undo", cmd_undo, "Undo the latest decisions, newest first (a reject cannot be undone).")
    undo.add_argument("count", nargs="?", type=int, default=1, metavar="N", help="how many (default 1)")
    undo.add_argument(
        "-y",
        "--yes",
        action="store_true",
        help="do not ask first (undoing more than one asks on a terminal; elsewhere it needs --yes)",
    )
