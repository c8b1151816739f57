"""`personakit replace OLD NEW` and `personakit retire ID [--replaced-by ID] [--on DATE]`: memories that change.

A memory that was true and no longer is (the owner moved, changed jobs, switched editors) is retired,
not rejected: assistants never read it again (it is as absent to them as a rejected one), and the owner
keeps its text, its dates and what replaced it (`show`, `history`, `list --state retired`). `undo`
brings it back; `reject` erases it like any memory.

`replace OLD NEW` approves NEW (a proposal, or any memory that is not rejected or retired) and retires
OLD with a link to it, in one transaction. `retire ID --on DATE` sets the day it retires itself ("On
parental leave until June"): from the start of that day, in the owner's time zone, every read treats
it as retired, with no job running in between (`Retires.retire_due`).
"""

from __future__ import annotations

import argparse
from datetime import date, datetime

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import Memory, Retirement
from personakit_plugin.core.store import Retires, Store
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.asking import shown_for_approve
from personakit_plugin.owner.commands.deciding import ID_HELP, say_confirmed, say_waiting
from personakit_plugin.owner.console import CommandError, UsageError, memory_ids, open_kit, say
from personakit_plugin.owner.display import printable, when
from personakit_plugin.owner.review.shared import unchanged


def retires(store: Store) -> Retires:
    """The store as one that keeps retired memories, or the one sentence saying it cannot."""
    if not isinstance(store, Retires):
        raise CommandError("This storage backend cannot retire memories; upgrade its plugin to one that can.")
    return store


def parse_date(given: str) -> float:
    """`--on DATE`: a day (YYYY-MM-DD, from the start of it in the owner's time zone) or a local time
    (YYYY-MM-DDTHH:MM), as a time; anything else is one sentence."""
    try:
        if "T" in given or " " in given.strip():
            moment = datetime.fromisoformat(given.strip())
        else:
            day = date.fromisoformat(given.strip())
            moment = datetime(day.year, day.month, day.day)
        if moment.tzinfo is None:
            moment = moment.astimezone()
        return moment.timestamp()
    except (ValueError, OverflowError, OSError):
        raise UsageError(
            f"--on takes a day as YYYY-MM-DD (or a time as YYYY-MM-DDTHH:MM), not {printable(given)!r}."
        ) from None


def retirement_sentence(memory: Memory, found: Retirement | None) -> str | None:
    """What the owner reads of a memory's retirement: when it retired and what replaced it, or the date it
    retires on; None when there is nothing to say (never retired, or brought back since)."""
    if found is None:
        return None
    by = f", replaced by {found.replaced_by}" if found.replaced_by else ""
    if memory.state == "retired" and found.done:
        return f"Retired {when(found.at)}{by}; assistants never read it. `personakit undo` or `approve` brings it back."
    if not found.done and memory.state not in ("rejected", "retired"):
        return f"Retires itself {when(found.at)}{by}; from then on assistants never read it."
    return None


def cmd_replace(args: argparse.Namespace) -> None:
    kit = open_kit(args)
    try:
        store = retires(kit.store)
        [old], [new] = memory_ids(args, kit, [args.old]), memory_ids(args, kit, [args.new])
        states = kit.store.states([old, new])
        # NEW is approved as `approve NEW` approves it: with the quotes the owner was shown (or, on a
        # terminal, agreed to now), asked only when the store would take the replacement.
        stands = states[old] not in ("rejected", "retired") and states[new] not in ("rejected", "retired")
        shown = shown_for_approve(kit.store, [new], states).get(new) if stands and old != new else None
        approved, retired = store.replace(old, new, kit.now(), shown=shown)
        say(unchanged(approved, f"{new}: {approved.before} -> {approved.after}"))
        say_confirmed(kit.store, approved)
        say(f"{old}: {retired.before} -> {retired.after}, replaced by {new}.")
        say_waiting(kit.store, [new])
    finally:
        kit.close()
    say("Assistants read the new one from now on; `personakit undo` brings the old one back.")


def cmd_retire(args: argparse.Namespace) -> None:
    on = parse_date(args.on) if args.on is not None else None
    kit = open_kit(args)
    try:
        store = retires(kit.store)
        ids = [found for given in (args.id, args.replaced_by) if given for found in memory_ids(args, kit, [given])]
        now = kit.now()
        decision = store.retire(ids[0], now, replaced_by=ids[1] if len(ids) > 1 else None, on=on)
    finally:
        kit.close()
    by = f", replaced by {ids[1]}" if len(ids) > 1 else ""
    if decision.after == "retired":
        say(f"{decision.memory_id}: {decision.before} -> retired{by}. Assistants never read it again.")
    else:
        assert on is not None
        say(f"{decision.memory_id} retires itself {when(on)}{by}; until then it stays {decision.after}.")


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """replace and retire."""
    replace = add(
        "replace",
        cmd_replace,
        "Replace a memory that is no longer true with a newer one: approve NEW, retire OLD (undo brings it back).",
    )
    replace.add_argument("old", metavar="OLD", help=f"the memory no longer true: {ID_HELP}")
    replace.add_argument("new", metavar="NEW", help=f"the memory true now (a proposal, say): {ID_HELP}")
    retire = add(
        "retire",
        cmd_retire,
        "Retire a memory that is no longer true, now or on a date; assistants never read it again.",
    )
    retire.add_argument("id", metavar="ID", help=ID_HELP)
    retire.add_argument("--replaced-by", metavar="ID", help="the memory that replaces it")
    retire.add_argument("--on", metavar="DATE", help="retire it from the start of this day (YYYY-MM-DD), not now")
