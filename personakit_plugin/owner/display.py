"""Stored text as the owner sees it: never able to drive their terminal or reorder their page.

An assistant writes the memories, so their text may carry escape sequences (which would let it
hide or recolour a line of `personakit list`), bidirectional overrides (which reorder what a line
seems to say) or invisible characters. Every owner-facing output passes what it shows through
`printable`: the command line's plain and table output and its error sentences, the terminal
review and the web review (whose page applies the same rule in JavaScript, `printable` in
`review/page.html`; keep the two alike).

The rule: a character is hidden, so shown escaped, when its Unicode category is

- `Cc`: C0 controls (ESC, CR, BEL and the rest, tab and newline too), DEL and the C1 controls U+0080-U+009F;
- `Cf`: format characters: the bidi embeddings, overrides, isolates and marks (U+202A-U+202E,
  U+2066-U+2069, U+200E/F, U+061C), zero-width characters, the soft hyphen, tag characters;
- `Zl`, `Zp`: the line and paragraph separators U+2028 and U+2029;
- `Cs`: a lone surrogate (a string can hold one though no UTF-8 can).

A hidden character is shown as Python writes it in a string literal: `\\t`, `\\n`, `\\r`, else
`\\x..` below U+0100, `\\u....` below U+10000, `\\U........` above, in lower-case hex. The result
holds no hidden character, so escaping twice changes nothing more. A backslash is not escaped.

JSON (`--json`, `export`, the page's API) already writes C0 controls as `\\u001b`: six printable
characters that no terminal obeys, so they need nothing more. But a JSON encoder writes C1
controls, bidi and format characters and U+2028/9 as they are; `json_printable` writes those as
`\\u....` escapes too, which any JSON parser reads back as the same text.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta

from personakit_plugin.core.model import TEXT_LIMIT

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def hidden(ch: str) -> bool:
    """Whether one character is shown escaped rather than as itself."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES


def escaped(ch: str) -> str:
    """How a hidden character is shown: `\\n`, `\\x1b`, `\\u202e`, `\\U000e0041`."""
    if ch in NAMED:
        return NAMED[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, keep: str = "") -> str:
    """`text` safe to show the owner: every hidden character escaped, except those in `keep`
    (a whole output of several lines keeps its own newlines with `keep="\\n"`)."""
    if text.isprintable():  # nothing hidden (isprintable is False for every hidden category)
        return text
    return "".join(escaped(ch) if ch not in keep and hidden(ch) else ch for ch in text)


def json_printable(encoded: str) -> str:
    """Encoded JSON with every hidden character written as a JSON `\\u....` escape (astral ones as a
    surrogate pair): the same value to a parser, and nothing a terminal or a page would obey."""
    if encoded.isprintable():
        return encoded
    return _JSON_HIDDEN_CANDIDATE.sub(_json_escape, encoded)


# Every character that is not printable; `_json_escape` escapes the hidden ones among them and
# leaves the rest (the newlines and indentation of formatted JSON are outside strings and are
# whitespace to JSON: escaping them would break it, so `\n` and the other ASCII white space stay).
_JSON_HIDDEN_CANDIDATE = re.compile(r"[^\x20-\x7e]")


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in "\t\n\r" or not hidden(ch):
        return ch
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


# -- words and times, said the one way everywhere the owner reads them -----------------------------


def day(at: float | None) -> str:
    """A time as the day it falls on, in the owner's local time: `2026-11-30`; "-" for none."""
    said = when(at)
    return said if said == "-" else said[:10]


def when(at: float | None) -> str:
    """A time as the owner reads it, in their local time with its offset from UTC, minutes precise:
    `2026-11-30 15:32 UTC+01:00`. The one time format of the command line and the terminal review;
    "-" for none, or for one no calendar can show."""
    if not at:
        return "-"
    try:
        local = datetime.fromtimestamp(at).astimezone()
    except (OverflowError, OSError, ValueError):
        return "-"
    offset = local.utcoffset() or timedelta(0)
    sign, minutes = ("-" if offset < timedelta(0) else "+"), abs(int(offset.total_seconds())) // 60
    return f"{local:%Y-%m-%d %H:%M} UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


# Nouns the owner's commands count, with their plurals where adding "s" is wrong.
PLURALS = {"memory": "memories", "entity": "entities", "this": "these"}


def plural(count: int, noun: str) -> str:
    """`count` and `noun`, its last word in the plural unless the count is one: "1 memory", "2 memories",
    "0 lines", "3 new memories"."""
    if count == 1:
        return f"{count} {noun}"
    head, _, last = noun.rpartition(" ")
    return f"{count} {head}{' ' if head else ''}{PLURALS.get(last, last + 's')}"


# Why a proposal or an edit was refused, as the owner reads it: the codes of `ProposeResult.reason` (and
# of any refusal hook), each as a clause that follows a colon: "Refused line 3: the quote is empty."
REFUSALS = {
    "empty_text": "the text is empty",
    "too_long": f"the text is longer than {TEXT_LIMIT} characters",
    "credential_shape": "it looks like a password, key, or card or identity number",
    "empty_quote": "the quote is empty",
}


def refusal(reason: str | None) -> str:
    """The refusal code `reason` as a clause ("it looks like a password, key, or card or identity number"); a
    code this table does not know (a third-party refusal hook's) is named as it is, escaped."""
    if reason in REFUSALS:
        return REFUSALS[reason]
    return f"a plugin refused it ({printable(reason or 'no reason given')})"
