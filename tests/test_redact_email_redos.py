"""The default masker cannot be made to backtrack for long.

Every quote and unreviewed text a read shows runs through it, so a pattern that an assistant's
proposal can drive into catastrophic backtracking would stall every read. It runs here over
adversarial 4,000-character texts built from the pieces its patterns are made of (names, at-signs
and spelled ats, spelled and spaced dots, brackets, quotes, comments, references, escapes), in a
child process that must finish within a bound; the child times each text in CPU time, which other
work on the machine does not inflate, and none may take a quarter of a second.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LENGTH = 4000
TIMEOUT = 20.0
TEXT_BOUND = 0.25

PIECES = [
    "a", "a ", "a.", "a@", "@", "@ ", " @ ", "a @ ", "a @ a . ", " . ", "a . ", ". ", " .", "a at ", "at ",
    "a at a ", "a at a.", "a at a dot ", "a dot ", "dot ", " dot a", "a [dot] ", "[dot] ", "a [at] ", "[at] ",
    "(at) ", "{at} ", "<at> ", "a (dot) ", "a(", "(", ")", "((", "\"", "\"a", "a\"@", "[", "]", "a.a.", "a-",
    "&#0000", "&#0000000064;", "&#x0", "&#64;a", "&amp;", "%40", "%4", "%2540a", "a%40", "＠", "＠ ", "． ",
    "。", "a。", "\u200b", "mailto:", "mailto:a", "a,", "a;", "tod ", "a tod ", "I work at ", "me at ",
    "a.b at a", "john dot smith at ", "x at gmail.", "a at a . ", "A . Then ", "a @ a . Then ",
]  # fmt: skip
ENDINGS = ["", "!", "x", "\n", "@", " dot", " at"]


def adversarial_texts() -> list[str]:
    texts = []
    for i, piece in enumerate(PIECES):
        ending = ENDINGS[i % len(ENDINGS)]
        body = piece * (LENGTH // len(piece) + 1)
        texts.append(body[: LENGTH - len(ending)] + ending)
    for first, second in zip(PIECES, PIECES[7:] + PIECES[:7], strict=True):
        body = (first + second) * (LENGTH // len(first + second) + 1)
        texts.append(body[:LENGTH])
    return texts


CHILD = """
import json, sys, time
from personakit_plugin.default_plugins.redact_email import email_spans
slowest = (0.0, "")
for text in json.load(sys.stdin):
    start = time.process_time()
    email_spans(text)
    slowest = max(slowest, (time.process_time() - start, text[:60]))
print(json.dumps(slowest))
"""


def test_the_adversarial_texts_are_long_and_many() -> None:
    texts = adversarial_texts()
    assert len(texts) >= 2 * len(PIECES)
    assert all(LENGTH - 10 <= len(text) <= LENGTH for text in texts)


@pytest.mark.system
def test_the_masker_stays_fast_on_adversarial_text() -> None:
    try:
        child = subprocess.run(
            [sys.executable, "-c", CHILD],
            input=json.dumps(adversarial_texts()),
            capture_output=True,
            text=True,
            check=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the masker took more than {TIMEOUT:.0f} seconds on texts of {LENGTH} characters")
    seconds, text = json.loads(child.stdout)
    assert seconds < TEXT_BOUND, f"the masker took {seconds:.2f} s of CPU on {text!r}..."
