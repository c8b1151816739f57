"""What the detectors read: no invisible characters, controls as spaces, NFKC-folded, look-alikes as Latin."""

from __future__ import annotations

import functools
import re
import unicodedata

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# --- Normalisation: what the detectors read ---------------------------------------------------

# Characters that show nothing, dropped before matching: "pass\u200bword" is read as "password".
_INVISIBLE = dict.fromkeys(
    map(
        ord,
        "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
        "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff",
    )
)
# Cyrillic and Greek letters that look like Latin ones. A word is read through this table only when
# every letter of it outside ASCII is one of these, so Russian or Greek prose is left as it is.
_LOOKALIKES = dict(
    zip(
        "аеорсухѕіјԁԛԝӏһАВЕКМНОРСТУХЅІЈԜ" + "αικνορυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" + "ɑı",
        "aeopcyxsijdqwlhABEKMHOPCTYXSIJW" + "aikvopuxABEZHIKMNOPTYX" + "ai",
        strict=True,
    )
)
# Control characters (C0 but tab and line break, DEL, C1) separate what stands around them: an escape
# sequence glued to a word (`\x1b]0;title`) is no typed token, and a text keeps its length.
_CONTROLS = {code: " " for code in [*range(0x20), *range(0x7F, 0xA0)] if chr(code) not in "\t\n"}
_LETTER_WORD = lazy_pattern(r"[^\W\d_]+")


@functools.cache
def _lookalike_table() -> dict[int, str]:
    return str.maketrans(_LOOKALIKES)


def _latin_reading(match: re.Match[str]) -> str:
    word = match.group()
    foreign = [ch for ch in word if not ch.isascii()]
    if foreign and all(ch in _LOOKALIKES for ch in foreign):
        return word.translate(_lookalike_table())
    return word


def normalise(text: str) -> str:
    """The text as the detectors read it: no invisible characters, control characters as spaces, NFKC,
    look-alike letters read as Latin."""
    text = text.translate(_INVISIBLE).translate(_CONTROLS)
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    return _LETTER_WORD.sub(_latin_reading, text)
