"""`personakit review [--web] [--no-browser]`: its options; the reviews themselves are in `owner/review/`."""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import UsageError


def cmd_review(args: argparse.Namespace) -> None:
    """The terminal review and, with --web, the browser's (review/launch.py, review/web.py)."""
    if args.no_browser and not args.web:
        raise UsageError("--no-browser only applies to --web; add --web to review in the browser, or leave it out.")
    from personakit_plugin.owner.review.launch import cmd_review as review

    review(args)


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    review = add(
        "review",
        cmd_review,
        "Review the unconfirmed memories, newest first, then the quotes waiting under approved ones, one key each.",
    )
    review.add_argument("--web", action="store_true", help="review in the browser, served on 127.0.0.1 only")
    review.add_argument("--no-browser", action="store_true", help="with --web: print the address, open nothing")
