"""Adversarial texts for a pattern, and a child process that times the pattern's code on them: what the
tests that no pattern backtracks for long share (`test_credentials_redos`, `test_redact_email_redos`).

A text is one piece repeated to `LENGTH` characters after a lead, ending in a character that makes
the last match fail. The child runs its code over the texts read from stdin and prints, as JSON, the
CPU time the slowest text took (other work on the machine does not inflate it) and its beginning; it
must finish within `TIMEOUT` seconds, a guard against a hang on a busy machine, and no text may take
`TEXT_BOUND` seconds, which a pattern quadratic in the length of a run already does.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LENGTH = 4000
TIMEOUT = 20.0
TEXT_BOUND = 0.25


def filled(lead: str, piece: str, ending: str = "") -> str:
    """`lead`, then `piece` repeated, cut to `LENGTH` characters with `ending` last."""
    body = lead + piece * (LENGTH // len(piece) + 1)
    return body[: LENGTH - len(ending)] + ending


def assert_fast(child: str, texts: list[str], name: str, *args: str) -> None:
    """Run `child` (Python code that prints the slowest text's CPU seconds and beginning) on `texts`;
    fail when it hangs or when one text takes `TEXT_BOUND` seconds or more."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", child, *args],
            input=json.dumps(texts),
            capture_output=True,
            text=True,
            check=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name} took more than {TIMEOUT:.0f} seconds on {len(texts)} texts of {LENGTH} characters")
    seconds, text = json.loads(done.stdout)
    assert seconds < TEXT_BOUND, f"{name} took {seconds:.2f} s of CPU on {text!r}..."
