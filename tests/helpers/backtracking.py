"""Adversarial texts for a pattern, and a child process that times the pattern's code on them: what the
tests that no pattern backtracks for long share (`test_credentials_redos`, `test_redact_email_redos`).

A text is one piece repeated to `LENGTH` characters after a lead, ending in a character that makes
the last match fail. The child runs its code over the texts read from stdin and prints, as JSON, the
CPU time the slowest text took (other work on the machine does not inflate it) and its beginning; it
must finish within `TIMEOUT` seconds, a guard against a hang on a busy machine, and no text may take
`TEXT_BOUND` seconds, which a pattern quadratic in the length of a run already does. A text that takes
longer (a whole proposal's check runs every detector and module, whose linear work on 6,000 characters
comes near that bound on a loaded machine) is timed again beside its first half, the same ending kept:
linear work takes about twice as long on the whole, quadratic four times, so it fails only when the whole
takes `GROWTH_BOUND` times its half or more (the least of three runs each), or `CEILING` seconds.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LENGTH = 4000
TIMEOUT = 20.0
TEXT_BOUND = 0.25
GROWTH_BOUND = 3.0
CEILING = 1.0


def filled(lead: str, piece: str, ending: str = "") -> str:
    """`lead`, then `piece` repeated, cut to `LENGTH` characters with `ending` last."""
    body = lead + piece * (LENGTH // len(piece) + 1)
    return body[: LENGTH - len(ending)] + ending


def slowest(child: str, texts: list[str], name: str, *args: str) -> tuple[float, str]:
    """The CPU seconds of the slowest of `texts` under `child`, and that text's beginning."""
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
    return float(seconds), str(text)


def assert_fast(child: str, texts: list[str], name: str, *args: str) -> None:
    """Run `child` (Python code that prints the slowest text's CPU seconds and beginning) on `texts`;
    fail when it hangs, or when one text takes `TEXT_BOUND` seconds or more and grows faster than its
    length (see the module's docstring)."""
    seconds, beginning = slowest(child, texts, name, *args)
    if seconds < TEXT_BOUND:
        return
    text = next(text for text in texts if text.startswith(beginning))
    half = text[: len(text) // 2 - 1] + text[-1]
    whole_seconds = min(slowest(child, [text], name, *args)[0] for _ in range(3))
    half_seconds = min(slowest(child, [half], name, *args)[0] for _ in range(3))
    growth = whole_seconds / max(half_seconds, 1e-3)
    assert whole_seconds < CEILING and growth < GROWTH_BOUND, (
        f"{name} took {whole_seconds:.2f} s of CPU on {beginning!r}... and {half_seconds:.2f} s on its first half"
    )
