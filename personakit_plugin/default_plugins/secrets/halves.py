"""A secret given in two parts between a proposal's text and its quote: the text names the secret and
what it begins (or ends) with, the quote gives the rest ("Alarm code begins with 38" / "and it ends
with 05", "Steuer-ID beginnt mit 4711" / "der Rest ist 208365", "CPF termina em 123456" / "e começa
com 987"). Each part alone is a piece; together they are the secret. Or the text names a PIN or a
lock's code and the quote gives only its digits ("Confirmed the garage code." / "yes, that one: 6313",
"Deurcode van het kantoor" / "3882# achterdeur").

The text's part must follow a secret's name (a PIN, a code, a password, an identity, passport or card
number) within a few words; the quote's must follow a word that says it is the rest, the end or the
other half. A postal code, a phone or a flight number told in two parts is no secret.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.labels import said_in_general
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import (
    NOT_A_LOCK_CODE,
    OTHER_CODES,
    names_a_locked_thing_in,
)
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER, offered_as_another_number
from personakit_plugin.default_plugins.secrets.years import YEAR

# What names the secret in the text: a PIN, a code (alone or ending a word: "Fahrradschloss-Code",
# "alarmcode"), a password, an identity, tax, passport or card number by its name.
_SECRET = r"""pin|pincode|[\w-]*codes?|codice|c[oó]digo|combinations?|combinaison|combinazione|combina[cç][aã]o
    |password|passwort|wachtwoord|senha|contrase[ñn]a|mot[ ]de[ ]passe|passport|reisepass|passeport|pasaporte
    |passaporte|paspoort|ssn|social(?:[ ]security)?(?:[ ]number)?|steuer-?id|steuernummer|cpf|nif|dni|nie|bsn
    |codice[ ]fiscale|nir|num[ée]ro[ ]de[ ]s[ée]cu(?:rit[ée][ ]sociale)?|ahv(?:-nummer)?|cuil|curp|iban
    |(?:card|karte|carte|tarjeta|carta|cart[ãa]o|kaart)(?:[ ](?:number|nummer|num[ée]ro|n[uú]mero))?
    |amex|visa|mastercard|debit[ ]card"""
# What the text says of the part it gives: its start, its end, its first digits or half.
_FIRST = r"""(?:begins|starts|began|started|beginnt|f[äa]ngt[ ]an|inizia|comincia|empieza|comienza|commence
    |d[ée]bute|come[cç]a|begint|ends|ended|endet|finisce|termina|acaba|finit|se[ ]termine|eindigt)
    (?:[ ](?:with|in|on|mit|auf|con|per|por|en|em|par|com|met|op|by))?
    |(?:first|last)[ ](?:half|part|(?:two|three|four|five|\d)(?:[ ]digits)?|digits)
    |(?:primeros|primeras|últimos|ultimos|últimas|ultimas)[ ](?:dos|tres|cuatro|\d)(?:[ ](?:d[íi]gitos|cifras))?
    |(?:primeiros|últimos|ultimos)[ ](?:dois|tr[êe]s|quatro|\d)(?:[ ]d[íi]gitos)?
    |(?:ersten|letzten)[ ](?:zwei|drei|vier|\d)(?:[ ](?:ziffern|stellen))?
    |(?:prime|ultime)[ ](?:due|tre|quattro|\d)(?:[ ]cifre)?|(?:eerste|laatste)[ ](?:twee|drie|vier|\d)(?:[ ]cijfers)?
    |(?:deux|trois|quatre|\d)[ ](?:premiers|derniers)(?:[ ]chiffres)?"""
_TEXT_PART = lazy_pattern(
    rf"""(?<![^\W_])(?P<name>{_SECRET})(?![^\W_])[^.!?\n]{{0,40}}?(?<![^\W_])(?:{_FIRST})(?![^\W_])[ ]*:?[ ]*
    (?P<part>[\w-]*\d[\w-]*)""",
    re.IGNORECASE | re.VERBOSE,
)
# What the quote says of its part: the rest, the end, the other half, the last digits ("hinten kommt ...
# dazu", "et ça finit par ...", "los últimos dos son ...", "the second half is ...").
_REST = r"""rest|remainder|reste|suite|resto|restante|second[ ]half|other[ ](?:half|two|three|four|part)
    |(?:last|final)(?:[ ](?:part|bit|half|two|three|four|\d|digits))?|ends|endet|hinten|finit|se[ ]termine
    |finisce|termina|acaba|eindigt|einde|(?:letzten|derniers|últimos|ultimos|últimas|ultimas|ultime|laatste)
    |begins|starts|beginnt|vorne|commence|comincia|inizia|empieza|comienza|come[cç]a|begint|first[ ](?:half|part)"""
_QUOTE_PART = lazy_pattern(
    rf"""(?<![^\W_])(?:{_REST})(?![^\W_])[^\d\n.!?]{{0,30}}?(?<![\w-])(?P<part>[\w-]*\d[\w-]*)""",
    re.IGNORECASE | re.VERBOSE,
)
# A text that tells a part of something no secret: a postal code, a phone, a flight, an order; a phone
# that names a bank's service by telephone is no phone number ("the phone banking passcode").
_NOT_A_SECRET = lazy_pattern(
    rf"""(?<![^\W_])(?:{OTHER_CODES}|phone|telefon|t[ée]l[ée]phone|tel[ée]fono|telefone|telefoon|handy|mobile|cap)
    (?![^\W_])(?![ -]?banking)""",
    re.IGNORECASE | re.VERBOSE,
)
_DIGIT_IN = lazy_pattern(r"\d")


def split_in_halves(text: str, quote: str) -> bool:
    """Whether the text names a secret and gives its start or end, and the quote gives the rest."""
    if _DIGIT_IN.search(text) is None or _DIGIT_IN.search(quote) is None:
        return False
    told = _TEXT_PART.search(text)
    if told is None or _NOT_A_SECRET.search(text[max(0, told.start() - 20) : told.end("name")]):
        return False
    if UNIT_AFTER.match(text, told.end()) is not None:  # "the code starts with 10 minutes of setup"
        return False
    return any(  # the rest, not the same part said again ("the card ending in 3847" / "it ends in 3847")
        UNIT_AFTER.match(quote, rest.end()) is None and rest["part"] not in text for rest in _QUOTE_PART.finditer(quote)
    )


# The text names a PIN, or a code (a word of its own or a compound: "Deurcode", "Garagencode") and what it
# opens; the quote gives four to eight digits, or digits set apart ("2 5 5 0", "0/3/6/9"), that end their
# clause or come before "then" or "I think": "ja genau, de isch es: 6313", "the second one, 7621".
_CODE_IN_TEXT = lazy_pattern(
    r"""(?<![^\W_])(?:pins?|pincode|pin-code|passcode|[^\W\d_]*codes?|c[oó]digo|codice|combination|combinaison
    |combinaci[oó]n|combinazione|combina[cç][aã]o|kombination|combinatie)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_PIN_IN_TEXT = lazy_pattern(r"(?<![^\W_])(?:pins?|pincode|pin-code|passcode|nip|geheimzahl)(?![^\W_])", re.IGNORECASE)
_COMPOUND_CODE = lazy_pattern(r"[^\W\d_]{3,}-?code(?![^\W_])", re.IGNORECASE)
_DIGITS_IN_QUOTE = lazy_pattern(
    r"""(?<![\w.,:/+-])(?P<pin>\d{4,8}[#*]?|\d(?:[ /]\d){3,7})(?![\w.,:/-]*\d|[^\W\d_])
    (?=[ ]*(?:[^\w \t]|$)|[ ](?:i[ ]think|then|and[ ]then|dann|puis|y[ ]luego|luego|e[ ]depois|depois|e[ ]poi|poi
    |en[ ]dan|or|oder|ou|o|of)(?![^\W_]))""",
    re.IGNORECASE | re.VERBOSE,
)
_AFTER_DIGITS = lazy_pattern(r"[ ]*(?:u|h|uhr|am|pm|€|\$|£|euros?|dollars?)(?![^\W_])", re.IGNORECASE)
# A code's length said before its name describes the code, not a rule about codes: "the six-digit passcode".
_COUNT_OF_DIGITS = lazy_pattern(
    r"(?<![^\W_])(?:[3-8]|three|four|five|six|seven|eight)[ -]digit(?=[ ](?:pin|pincode|passcode|code)(?![^\W_]))",
    re.IGNORECASE,
)
_TRIVIAL = frozenset({"0000", "1111", "1234", "12345", "123456", "4321"})


def _names_something_else(text: str, end: int) -> bool:
    """ "code review", "PIN pad": the word after a code's name makes it name something else."""
    following = _NEXT_WORD.match(text, end)
    return following is not None and following[1].casefold() in vocabulary.NOT_A_SECRET_AFTER


_NEXT_WORD = lazy_pattern(r"[\s-]*([^\W\d_]+)")


def code_named_in_the_text(text: str, quote: str) -> bool:
    """Whether the text names a PIN or a lock's code and the quote gives its digits alone."""
    if _DIGIT_IN.search(quote) is None:
        return False
    named = next(
        (
            match
            for match in _CODE_IN_TEXT.finditer(text)
            if not said_in_general(text, match.start(), match.end()) and not _names_something_else(text, match.end())
        ),
        None,
    )
    if named is None or _NOT_A_SECRET.search(text) or NOT_A_LOCK_CODE.search(_COUNT_OF_DIGITS.sub("", text)):
        return False
    if not (_PIN_IN_TEXT.search(text) or _COMPOUND_CODE.search(text) or names_a_locked_thing_in(text)):
        return False
    for found in _DIGITS_IN_QUOTE.finditer(quote):
        digits = "".join(ch for ch in found["pin"] if ch.isdigit())
        if YEAR.fullmatch(digits) or digits in _TRIVIAL or digits.endswith("00") or found["pin"] in text:
            continue  # the text's own number is the text's to judge
        if offered_as_another_number(quote, found.start("pin"), found.end("pin")):
            continue  # "the flat is 1204."
        if UNIT_AFTER.match(quote, found.end()) is None and _AFTER_DIGITS.match(quote, found.end()) is None:
            return True
    return False
