"""The default masker cannot be made to backtrack for long.

Every quote and unreviewed text a read shows runs through it, so a pattern that an assistant's
proposal can drive into catastrophic backtracking would stall every read. It runs here over
adversarial 4,000-character texts built from the pieces its patterns are made of (names, at-signs
and spelled ats, spelled and spaced dots, brackets, quotes, comments, references, escapes), in a
child process that must finish within a bound; the child times each text in CPU time, which other
work on the machine does not inflate, and none may take a quarter of a second.
"""

from __future__ import annotations

import pytest

from ..helpers.backtracking import LENGTH, assert_fast, filled

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
        texts.append(filled("", piece, ENDINGS[i % len(ENDINGS)]))
    for first, second in zip(PIECES, PIECES[7:] + PIECES[:7], strict=True):
        texts.append(filled("", first + second))
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
    assert_fast(CHILD, adversarial_texts(), "the masker")
