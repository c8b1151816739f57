"""A number dictated digit by digit in words, and characters spelled one by one, read back as written.

Voice dictation writes numbers as words: "my visa number is four zero six nine ...", "kreditkarte vier
zwei vier acht ...", "social security number is four one two dash seven seven dash oh three eight six",
"burgerservicenummer is een acht nul zeven ...". `as_digits(text)` gives the text with each run of four
digits' words or more (in the seven languages, "oh" for a zero inside a run, a dash said as a word
between them, or the words joined by hyphens: "sette-tre-tre-quattro-uno") written as the digits it
says, or None when the text holds no such run, so that the detectors of numbers (cards, identity
numbers, PINs and codes) read it as they read digits. A count ("one or two"), a tens' word ("twenty") or a
run of three is no run.

Characters said one by one, five or more, single letters, a spelling alphabet's words ("bravo, romeo",
"Anton, Berta", "Dirk, Anton") and digits' words among them, are written as one word when they hold a
digit and two letters ("wifi password: sierra, uniform, november, three, three, kilo", "paspoort B T F
zes P een R vier drie"); a list of names is no run.
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
    rf"(?<![^\W_])(?:{_UNIT})(?:(?:[ \t,]+(?:(?:{_DASH_WORD})[ \t,]+)?|-)(?:{_UNIT})){{3,}}",
    re.IGNORECASE,
)
# Letters said by a spelling alphabet's words, as one dictates a password or an id: NATO's, the German,
# Dutch, Italian, Spanish and French ones. "Otto" is left out: it is eight in Italian.
_SPELLING = {
    word: word[0]
    for word in """alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november
    oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu
    anton berta cäsar caesar dora emil friedrich gustav heinrich ida julius kaufmann ludwig martha nordpol paula
    quelle richard samuel siegfried theodor ulrich viktor wilhelm xanthippe ypsilon zacharias zeppelin
    bernard cornelis dirk eduard ferdinand gerard hendrik izaak johan karel lodewijk marie nico pieter quotient simon
    theodoor utrecht willem xantippe zaandam
    ancona bologna como domodossola empoli firenze genova imola livorno milano napoli otranto palermo roma savona
    torino udine venezia
    antonio barcelona carmen dolores enrique francia historia josé jose lorenzo madrid navarra oviedo ramón ramon
    toledo valencia zaragoza
    anatole berthe célestin eugène françois gaston henri irma joseph marcel nicolas pierre raoul suzanne william
    xavier yvonne""".split()
}
_SPELLING_WORD = "|".join(sorted(_SPELLING, key=len, reverse=True))
# A run of five characters or more said one by one: single letters or digits, spelling alphabet's words,
# digits' words; read as characters only when it holds a digit and two letters.
_CHARACTER = rf"(?:{_SPELLING_WORD}|{_DIGIT_WORD}|[^\W_])(?![^\W_])"
_SPELLED_RUN = lazy_pattern(rf"(?<![^\W_])(?:{_CHARACTER})(?:[ \t,]+(?:{_CHARACTER})){{4,}}", re.IGNORECASE)
# Looked for first, a split and a look in a set: most texts have no two such words in a row.
_SAID = frozenset(_VALUE) | frozenset(_SPELLING)
_A_WORD = lazy_pattern(r"[^\W_]+")
_WORD = lazy_pattern(r"[^\W_]+")


def _digits(run: re.Match[str]) -> str:
    words = [word.casefold() for word in _WORD.findall(run.group())]
    return "".join("-" if word in _DASHES else _VALUE[word] for word in words)


def _characters(run: re.Match[str]) -> str:
    read = []
    letters = digits = 0
    for word in _WORD.findall(run.group()):
        folded = word.casefold()
        if folded in _VALUE:
            read.append(_VALUE[folded])
            digits += 1
        elif folded in _SPELLING:
            read.append(_SPELLING[folded])
            letters += 1
        else:
            read.append(word)
            letters += word.isalpha()
            digits += word.isdigit()
    return "".join(read) if digits and letters >= 2 else run.group()


_SHORTEST_RUN = 4


def _longest_streak(words: list[str]) -> int:
    """The most words in a row that may be said characters, one of them a digit's or a letter's word."""
    longest = streak = 0
    named = False
    for word in words:
        if word in _SAID or len(word) == 1:
            streak += 1
            named = named or word in _SAID
            if named:
                longest = max(longest, streak)
        else:
            streak = 0
            named = False
    return longest


def as_digits(text: str) -> str | None:
    """`text` with each run of digits said in words written in digits, and each run of characters said one
    by one (a spelling alphabet's words among them) written as one word, or None if it holds neither."""
    words = _A_WORD.findall(text.casefold())
    if _SAID.isdisjoint(words) or _longest_streak(words) < _SHORTEST_RUN:
        return None
    read = _SPELLED_RUN.compiled.sub(_characters, text)
    read = _RUN.compiled.sub(_digits, read)
    return read if read != text else None
