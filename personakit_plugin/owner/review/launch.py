"""`personakit review [--web] [--no-browser]`: the terminal review (`terminal.py`, POSIX only) or,
with `--web`, the page in the browser (`web.py`, everywhere). Each is imported only when chosen."""

from __future__ import annotations

import argparse

from personakit_plugin.owner.console import CommandError, open_kit

NO_TERMINAL = (
    "The terminal review needs a POSIX terminal (Linux or macOS), which this system does not have; "
    "personakit review --web works everywhere."
)


def cmd_review(args: argparse.Namespace) -> None:
    """Ctrl-C ends either review; each says its summary."""
    if getattr(args, "web", False):
        from personakit_plugin.owner.review.web import serve_review

        kit = open_kit(args)
        try:
            serve_review(kit, open_browser=not getattr(args, "no_browser", False))  # says its summary when it stops
        finally:
            kit.close()
        return
    try:
        from personakit_plugin.owner.review.terminal import review_terminal
    except ModuleNotFoundError as exc:  # no termios or tty: Windows
        if exc.name not in ("termios", "tty"):
            raise
        raise CommandError(NO_TERMINAL) from None
    kit = open_kit(args)
    try:
        review_terminal(kit)
    finally:
        kit.close()
