"""Asking the owner first, on a terminal, before what cannot be taken back in one step: a reject (its text
is erased) and an undo of several decisions. Each asks only when standard input is a terminal and `--yes`
was not given; `y` or `yes` goes on, anything else (an empty line, the end of input) does not.

And what an approve may confirm (`shown_for_approve`): the quotes the owner was shown before it, and, on a
terminal, those it shows and the owner agrees to."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from personakit_plugin.core.model import Decision, Memory
from personakit_plugin.core.store import RemembersShown, Store
from personakit_plugin.owner.console import CommandError, say
from personakit_plugin.owner.display import plural, printable, when


def asked(shown: Sequence[str], question: str) -> bool:
    """Show `shown` (one line each) and ask `question` on standard error; whether the answer was yes."""
    for line in shown:
        say(line, err=True)
    print(f"{question} [y/N] ", end="", file=sys.stderr, flush=True)
    return sys.stdin.readline().strip().casefold() in ("y", "yes")


def reject_agreed(store: Store, ids: Sequence[str], yes: bool) -> bool:
    """Whether to go on with rejecting `ids` (those not rejected yet). On a terminal, without --yes, the
    owner is shown what would be erased and asked. Otherwise it goes on, having said what a reject does."""
    if not ids:  # rejecting again only finishes an erasure: there is nothing more to lose
        return True
    if yes or not sys.stdin.isatty():
        say("A reject cannot be undone: the text and quotes are erased for good, only the id is kept.")
        return True
    memories: list[Memory] = [m for m in map(store.get, ids) if m is not None]
    question = (
        "Reject this memory? Its text and quotes are erased for good; only the id is kept."
        if len(memories) == 1
        else f"Reject these {plural(len(memories), 'memory')}? Their text and quotes are erased for good; "
        "only the ids are kept."
    )
    return asked([f"  {memory.id}  {printable(memory.text)}" for memory in memories], question)


def to_undo(store: Store, count: int) -> list[Decision]:
    """The decisions `undo count` would revert, newest first: the latest ones still standing, up to the
    first that cannot be undone (a reject, a dropped quote), where undo stops."""
    standing = [d for d in store.history() if not d.undone and d.action != "undo"]
    reverted: list[Decision] = []
    for decision in reversed(standing[-count:]):
        if decision.action in ("reject", "drop-quote"):
            break
        reverted.append(decision)
    return reverted


def undo_agreed(store: Store, count: int, yes: bool) -> bool:
    """Whether to go on with `undo count`. Undoing more than one decision asks first on a terminal, showing
    them; without a terminal it needs --yes (a script says what it means), else it is refused."""
    reverted = to_undo(store, count) if count > 1 and not yes else []
    if len(reverted) < 2:  # one decision, or none to undo (undo says so): nothing to ask
        return True
    if not sys.stdin.isatty():
        raise CommandError(
            f"Undoing {len(reverted)} decisions at once asks first, and standard input is not a terminal; "
            f"add --yes to undo them, or undo one at a time."
        )
    shown = [f"  #{d.seq}  {d.action} of {d.memory_id}: {d.before} -> {d.after}" for d in reverted]
    return asked(shown, f"Undo these {len(reverted)} decisions, newest first?")


BULK_SHOWN = 5
"""How many of the memories a decision on all of one connection's proposals shows before it asks."""
BULK_WARNINGS = {
    "reject": "Their text and quotes are erased for good; only the ids are kept.",
    "restrict": "Assistants will never see them; they stay in your memory, restricted, and can be changed later.",
}


def bulk_agreed(action: str, memories: Sequence[Memory], said: str, yes: bool) -> bool:
    """Whether to go on with `action` on every memory of a connection's span (`said` names it). It always
    says how many and shows the newest; on a terminal it asks, and without one it needs --yes (a script says
    what it means), else it is refused."""
    waits = "waits" if len(memories) == 1 else "wait"
    shown = [f"{plural(len(memories), 'memory')} proposed {said} {waits} for you; the newest:"]
    shown += [f"  {memory.id}  {when(memory.created)}  {printable(memory.text)}" for memory in memories[:BULK_SHOWN]]
    if len(memories) > BULK_SHOWN:
        shown.append(f"  ... and {plural(len(memories) - BULK_SHOWN, 'more memory')}")
    if yes:
        for line in shown:
            say(line)
        return True
    if not sys.stdin.isatty():
        for line in shown:
            say(line, err=True)
        raise CommandError(
            f"Deciding on {plural(len(memories), 'memory')} at once asks first, and standard input is not a "
            "terminal; add --yes to go on."
        )
    verb = "Reject" if action == "reject" else "Restrict"
    return asked(shown, f"{verb} all {len(memories):,} of them? {BULK_WARNINGS[action]}")


def shown_for_approve(store: Store, ids: Sequence[str], states: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """The quotes `approve ids` may confirm, for each memory it would approve: those the owner was shown
    before it (`personakit show`, the terminal review, an earlier approve: `RemembersShown`; none from a
    store that does not remember). A quote the owner was not shown is confirmed only when, on a terminal,
    this shows it and the owner answers yes; otherwise (no, no terminal) it waits for the owner, as one
    proposed after a review showed its memory does."""
    approving = [memory for memory in ids if states[memory] not in ("approved", "rejected")]
    if not approving:
        return {}
    seen = store.shown_quotes(approving) if isinstance(store, RemembersShown) else {}
    shown = {memory: tuple(seen.get(memory, ())) for memory in approving}
    if not sys.stdin.isatty():
        return shown
    for memory in (store.get(memory_id) for memory_id in approving):
        if memory is None:
            continue
        unseen = [q for q in memory.quotes if q not in shown[memory.id] and q not in memory.pending]
        if not unseen:
            continue
        lines = [f"{memory.id}  {printable(memory.text)}", "Quotes you have not been shown, newest first:"]
        lines += [f"  “{printable(quote)}”" for quote in reversed(unseen)]
        them = "it" if len(unseen) == 1 else "them"
        if asked(lines, f"Confirm {them} as evidence too? If not, {them} wait{'s' if them == 'it' else ''} for you."):
            shown[memory.id] += tuple(unseen)
    return shown
