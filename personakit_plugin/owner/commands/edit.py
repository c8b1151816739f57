"""`personakit edit ID [--text T] [--category C]`: a memory's new text or category; its id stays."""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import CATEGORIES
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.commands.deciding import ID_HELP
from personakit_plugin.owner.console import UsageError, memory_ids, open_kit, say
from personakit_plugin.owner.display import printable
from personakit_plugin.owner.review.shared import check_edit, unchanged


def cmd_edit(args: argparse.Namespace) -> None:
    if args.text is None and args.category is None:
        raise UsageError("Give --text, --category or both to edit a memory.")
    if args.text is not None and not args.text.strip():
        raise UsageError("The new text is empty; give the memory as one short statement.")
    category = None if args.category is None else args.category.strip().casefold()
    if category == "":
        raise UsageError(f"The category is empty; use one of {', '.join(CATEGORIES)}.")
    if category is not None and category not in CATEGORIES:  # the sentence `check_edit` says in a review
        raise UsageError(f"{category!r} is not a category; use one of {', '.join(CATEGORIES)}.")
    kit = open_kit(args)
    try:
        [memory_id] = memory_ids(args, kit, [args.id])
        text, category = check_edit(kit, args.text, args.category)  # the reviews' checks, the same sentences
        decision = kit.store.decide(memory_id, "edit", kit.now(), text=text, category=category)
        memory = kit.store.get(memory_id)
    finally:
        kit.close()
    assert memory is not None
    done = f"{decision.memory_id}: edited, now {printable(memory.category)}: {printable(memory.text)}"
    say(unchanged(decision, done))


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    edit = add("edit", cmd_edit, "Change a memory's text or category; its id stays.")
    edit.add_argument("id", metavar="ID", help=ID_HELP)
    edit.add_argument("--text")
    edit.add_argument("--category")
