"""Words and identity: how a question is split into words and when two memories are the same.

Both rules are pinned down in the contract; they live here and nowhere else.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

STOP_WORDS = frozenset(
    """a an and are as at be by can could did do does for from had has have how i in is it its me my
    of on or our should so that the their them they this to was we were what when where which who
    why will with would you your""".split()
)

APOSTROPHES = "'\u2019"
_TRAILING = ".!?;:,"
_SPACE = re.compile(r"\s+")
# ASCII text is by far the common case; a regex does it fast and agrees with the general scanner.
_ASCII_WORD = re.compile(r"[A-Za-z0-9]+(?:(?<=[A-Za-z])'(?=[A-Za-z])[A-Za-z0-9]+)*")


def _is_word_char(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LM" or category == "Nd"


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "L"


def _scan(text: str) -> list[str]:
    """Maximal runs of letters, combining marks and digits; an apostrophe between two letters joins."""
    found: list[str] = []
    start = -1
    last = len(text) - 1
    for i, ch in enumerate(text):
        inside = _is_word_char(ch) or (
            ch in APOSTROPHES and 0 < i < last and _is_letter(text[i - 1]) and _is_letter(text[i + 1])
        )
        if inside and start < 0:
            start = i
        elif not inside and start >= 0:
            found.append(text[start:i])
            start = -1
    if start >= 0:
        found.append(text[start:])
    return found


def split_words(text: str) -> list[str]:
    """Every word of `text` in order, NFKC-normalised and case-folded, stop words included."""
    text = unicodedata.normalize("NFKC", text)
    raw = _ASCII_WORD.findall(text) if text.isascii() else _scan(text)
    return [word.casefold() for word in raw]


def content_words(text: str) -> frozenset[str]:
    """The distinct words of `text` that count for matching: stop words left out."""
    return frozenset(word for word in split_words(text) if word not in STOP_WORDS)


def normalise(text: str) -> str:
    """The form in which two memories are the same memory."""
    text = _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
    while text and (text[-1] in _TRAILING or text[-1] == " "):
        text = text[:-1]
    return text


def memory_id(text: str) -> str:
    """`m_` and 12 hex digits, derived from the normalised text: the same on every machine."""
    return "m_" + hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:12]
