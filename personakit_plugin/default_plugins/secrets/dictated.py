"""A number dictated digit by digit in words, read back as the digits it says.

Voice dictation writes numbers as words: "my visa number is four zero six nine ...", "kreditkarte vier
zwei vier acht ...", "social security number is four one two dash seven seven dash oh three eight six",
"burgerservicenummer is een acht nul zeven ...". `as_digits(text)` gives the text with each run of four
digits' words or more (in the seven languages, "oh" for a zero inside a run, a dash said as a word
between them) written as the digits it says, or None when the text holds no such run, so that the
detectors of numbers (cards, identity numbers, PINs and codes) read it as they read digits. A count
("one or two"), a tens' word ("twenty") or a run of three is no run.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_DIGITS = {
    "0": "zero oh null nul cero zéro zero",
    "1": "one eins een uno un um",
    "2": "two zwei zwo twee dos deux due dois",
    "3": "three drei drie tres trois tre três",
    "4": "four vier cuatro quatre quattro quatro",
    "5": "five fünf funf vijf cinco cinq cinque",
    "6": "six sechs zes seis sei",
    "7": "seven sieben zeven siete sept sette sete",
    "8": "eight acht ocho huit otto oito",
    "9": "nine neun negen nueve neuf nove",
}
_VALUE = {word: digit for digit, words in _DIGITS.items() for word in words.split()}
# A dash said between the digits' groups: "four one two dash seven seven".
_DASHES = frozenset("dash hyphen strich bindestrich guion guión tiret trattino traço traco streepje".split())
_DIGIT_WORD = "|".join(sorted(_VALUE, key=len, reverse=True))
_DASH_WORD = "|".join(sorted(_DASHES, key=len, reverse=True))
_UNIT = rf"(?:{_DIGIT_WORD})(?![^\W_])"
_RUN = lazy_pattern(
    rf"(?<![^\W_])(?:{_UNIT})(?:[ \t,]+(?:(?:{_DASH_WORD})[ \t,]+)?(?:{_UNIT})){{3,}}",
    re.IGNORECASE,
)
# Looked for first, one quick search: most texts have no two digits' words in a row.
_TWO_IN_A_ROW = lazy_pattern(rf"(?<![^\W_])(?:{_UNIT})[ \t,]+(?:{_UNIT})", re.IGNORECASE)
_WORD = lazy_pattern(r"[^\W\d_]+")


def _digits(run: re.Match[str]) -> str:
    words = [word.casefold() for word in _WORD.findall(run.group())]
    return "".join("-" if word in _DASHES else _VALUE[word] for word in words)


def as_digits(text: str) -> str | None:
    """`text` with each run of digits said in words written in digits, or None if it holds none."""
    if not _TWO_IN_A_ROW.search(text):
        return None
    read, count = _RUN.compiled.subn(_digits, text)
    return read if count else None
