"""A code typed on a keypad, told with the key that sends it: its digits, then the star, the hash or pound
key, or the green button ("the lobby code is 3856 then star", "press 7 1 9 4 and the green button",
"Alarmanlage im Keller, 6630, dann Raute").

The code is four to eight digits, or single digits joined by dashes or spaces ("6-0-4-1"), not a year or
round hundreds, and the key ends its clause or is named as a key or a button: "bake at 1800 then star anise",
"dial 0800 then hash for the menu" (a number dialled, a meeting's or an extension's number) and "the order
2024, then the hash key" are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
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
    rf"""(?<![\w.,/:-]){_DIGITS}(?![\w.,/:-]\w),?[ ]{_THEN}[ ]{_PRESS}{_KEY}(?=[ ]*(?:[.,;!?)\n]|$))""",
    re.IGNORECASE | re.VERBOSE,
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


def keypad_code(text: str) -> bool:
    """Whether `text` gives a code with the key that sends it after it (`_KEYPAD_CODE`), in no sentence about
    a number dialled or a meeting's."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _WORDS)) or not _FOUR_DIGITS.search(text):
        return False
    return any(
        not YEAR_OR_HUNDREDS.fullmatch(match["code"].replace(" ", "").replace("-", "")) and not _DIALLED.search(text)
        for match in _KEYPAD_CODE.finditer(text)
    )
