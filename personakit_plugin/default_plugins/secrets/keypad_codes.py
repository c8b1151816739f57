"""A code typed on a keypad, told with the key that sends it: its digits, then the star, the hash or pound
key, or the green button ("the lobby code is 3856 then star", "press 7 1 9 4 and the green button",
"Alarmanlage im Keller, 6630, dann Raute"), or an alarm panel's OFF or UNSET button where what it opens is
named ("l'alarme du garage, 7319 et OFF"); or the key pressed first, a key's letter among them, then the
digits ("key safe by the gate, press B first then 5524", "appuie sur étoile puis 4471").

The code is four to eight digits, or single digits joined by dashes or spaces ("6-0-4-1"), not a year or
round hundreds written as one, and the key ends its clause or is named as a key or a button: "bake at 1800 then
star anise", "dial 0800 then hash for the menu" (a number dialled, a meeting's or an extension's number) and "the order
2024, then the hash key" are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import names_a_locked_thing_in
from personakit_plugin.default_plugins.secrets.years import YEAR_OR_HUNDREDS

_DIGITS = r"(?P<code>\d{4,8}|\d(?:[ -]\d){3,7})"
_THEN = r"""(?:then|and(?:[ ]then)?|followed[ ]by|dann|und(?:[ ]dann)?|danach|puis|et|ensuite|poi|e(?:[ ]poi)?|luego
    |y(?:[ ]luego)?|despu[ée]s|daarna|en(?:[ ]dan)?|dan|depois|e[ ]depois)"""
_PRESS = r"""(?:(?:press(?:ing)?|hit|push|drücken|appuyer[ ]sur|appuie[ ]sur|premi|pulsa|pulsar|druk[ ]op|aperta
    |carregar[ ]em)[ ])?"""
_KEY = r"""(?:(?:the[ ])?(?:star|hash|pound|enter|green|\#|\*)[ ](?:key|button|sign)|star|hash|pound|\#|\*
    |(?:die[ ])?(?:raute|stern|gr[üu]ne[ ]taste|rautetaste|sterntaste)|(?:la[ ]touche[ ])?(?:[ée]toile|di[èe]se)
    |le[ ]bouton[ ]vert|la[ ]touche[ ]verte|(?:il[ ]tasto[ ])?(?:asterisco|cancelletto)|il[ ]tasto[ ]verde
    |almohadilla|el[ ]bot[óo]n[ ]verde|la[ ]tecla[ ]verde|(?:het[ ])?(?:hekje|sterretje)|de[ ]groene[ ]knop
    |cerquilha|o[ ]bot[ãa]o[ ]verde|a[ ]tecla[ ]verde)"""
_KEYPAD_CODE = lazy_pattern(
    rf"""(?<![\w.,/:-]){_DIGITS}(?![\w.,/:-]\w),?[ ]{_THEN}[ ]{_PRESS}
    (?:{_KEY}|(?P<panel>(?-i:OFF|UNSET|DISARM)))(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
# The key pressed first, named or a key's letter, then the digits ending their clause: "press C first then
# 3817", "hit the hash key, then 4471", "appuie sur B puis 5524". Not on a calculator ("on the calculator
# press C then 3817").
_FIRST = r"(?:first|zuerst|erst|d['’]abord|primero|prima|eerst|primeiro)"
_KEY_FIRST = lazy_pattern(
    rf"""(?<![^\W_])(?:press|hit|push|tap|appuie[ ]sur|appuyez[ ]sur|appuyer[ ]sur|pulsa|pulsar|premi|druk[ ]op
    |aperta|carrega[ ](?:em|no|na)|dr[üu]ck|dr[üu]cke)[ ](?:{_KEY}|(?-i:[A-D]))(?![^\W_])
    (?:[ ]{_FIRST})?,?[ ]{_THEN}[ ]
    (?<![\w.,/:-]){_DIGITS}(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
# Or, where what it opens is named, a keypad's letter or a digit said to come first, then the digits, perhaps then
# the key that sends them: "alarm pakhuis: eerst A, dan 3062", "Alarm Backstube: erst die 6, dann 1989, dann Raute"
# (a year too, with the key after it: digits told in turn before a key are no date). The digits end their clause.
_LETTER_FIRST = lazy_pattern(
    rf"""(?<![^\W_]){_FIRST}[ ](?:(?:the|die|der|la|le|el|il|de|het|o|a)[ ])?(?:(?-i:[A-D])|\d)(?![^\W_]),?[ ]{_THEN}[ ]
    (?<![\w.,/:-]){_DIGITS}(?P<key>,?[ ]{_THEN}[ ]{_PRESS}{_KEY})?(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_FIRST_WORDS = ("first", "erst", "abord", "primero", "prima", "eerst", "primeiro")
_PRESS_WORDS = ("press", "hit", "push", "tap", "appui", "puls", "premi", "druk", "aperta", "carrega", "drück", "druck")
_CALCULATOR = lazy_pattern(
    r"(?<![^\W_])(?:calculator|calculadora|calculatrice|calcolatrice|taschenrechner|rekenmachine)", re.IGNORECASE
)
# A number dialled or a meeting's, an extension's or a menu's: not a code.
_DIALLED = lazy_pattern(
    r"""(?<![^\W_])(?:dial(?:l?ed|l?ing)?|call(?:ed|ing)?|ring|extension|ext|durchwahl|w[äa]hlen|meeting|conference
    |konferenz|webinar|zoom|menu|men[üu]|option|appeler|composer|chiamare|llamar|marcar|bellen|kiezen)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
# What every text the pattern finds holds one of, looked for first.
_WORDS = (
    *("star", "hash", "pound", "green", "enter", "#", "*", "raute", "stern", "grüne", "grune", "toile", "dièse"),
    *("diese", "touche", "bouton", "tasto", "asterisco", "cancelletto", "almohadilla", "botón", "boton"),
    *("botão", "botao", "tecla", "hekje", "sterretje", "knop", "cerquilha"),
)
# And four digits, together or one by one.
_FOUR_DIGITS = lazy_pattern(r"\d[ -]?\d[ -]?\d[ -]?\d")


def _a_code(match: re.Match[str]) -> bool:
    """Not a year or round hundreds, unless told one digit at a time, as no year is ("1 9 4 7 und dann Raute")."""
    return not YEAR_OR_HUNDREDS.fullmatch(match["code"])


def keypad_code(text: str) -> bool:
    """Whether `text` gives a code with the key that sends it after it (`_KEYPAD_CODE`), an alarm panel's
    button only where what it opens is named, with the key pressed before it (`_KEY_FIRST`), or a keypad's letter
    or digit said to come first where what it opens is named (`_LETTER_FIRST`), in no sentence about a number
    dialled or a meeting's."""
    if not _FOUR_DIGITS.search(text):
        return False
    folded = text.casefold()
    if any(map(folded.__contains__, _WORDS)) or any(map(text.__contains__, ("OFF", "UNSET", "DISARM"))):
        for match in _KEYPAD_CODE.finditer(text):
            if _a_code(match) and not _DIALLED.search(text) and (not match["panel"] or names_a_locked_thing_in(text)):
                return True
    if _DIALLED.search(text) or _CALCULATOR.search(text):
        return False
    if any(map(folded.__contains__, _PRESS_WORDS)) and any(map(_a_code, _KEY_FIRST.finditer(text))):
        return True
    return (
        any(map(folded.__contains__, _FIRST_WORDS))
        and any(match["key"] or _a_code(match) for match in _LETTER_FIRST.finditer(text))
        and names_a_locked_thing_in(text)
    )
