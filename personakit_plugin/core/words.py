"""Words and identity: how a question is split into words and when two memories are the same.

Both rules are pinned down in the contract; they live here and nowhere else.
"""

from __future__ import annotations

import hashlib
import hmac
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


ID_DOMAIN = b"personakit memory ids v1"
"""What a store's id key is derived for (`id_key`): its secret makes word hashes and ids apart."""


def id_key(secret: bytes) -> bytes:
    """The key a store derives its ids and alias keys with, from the secret it keeps: an HMAC of
    `ID_DOMAIN`, so the same secret used for anything else gives an unrelated key."""
    return hmac.new(secret, ID_DOMAIN, hashlib.sha256).digest()


def memory_id(text: str, key: bytes, scope: str = "") -> str:
    """`m_` and 12 hex digits, a keyed hash of the normalised text: the same in every process of one
    store, different in another store, and no checkable hash of the text without the store's key.

    `scope` keeps apart the memory a connection with a view gets for a text that lies outside its view
    (`View.scope`): the same text in the same view gives the same id again."""
    message = (f"{scope}\x00" if scope else "") + normalise(text)
    return "m_" + hmac.new(key, message.encode("utf-8"), hashlib.sha256).hexdigest()[:12]


DROPPED_KEY_DIGITS = 32
"""Hex digits of a dropped quote's key (`dropped_quote_key`): 128 bits."""


def dropped_quote_key(memory: str, quote: str, key: bytes) -> str:
    """How a store remembers a quote the owner dropped from memory `memory`, so that an import never
    brings it back: a keyed hash of the id and the exact quote, `DROPPED_KEY_DIGITS` hex digits. It holds
    nothing of the quote's text and is no checkable hash of it without the store's key (`id_key`)."""
    message = f"dropped quote\x00{memory}\x00{quote}".encode("utf-8", "surrogatepass")
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:DROPPED_KEY_DIGITS]


def legacy_memory_id(text: str) -> str:
    """The id PersonaKit gave a text before ids were keyed: a plain SHA-256 of the normalised text.
    Ids issued so keep working; a store only looks this form up as a fallback (`Rows.aliased`)."""
    return "m_" + hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:12]
