"""A duress code: the code that seems to disarm an alarm or open a lock while it silently calls for help,
which exists only to be kept secret ("if I'm ever forced, I key in 3318, the duress one",
"Überfallcode der Alarmanlage (stiller Alarm): 7712", "código de coacción 5402").

The name of one, in seven languages ("duress code", "the duress one", "Überfallcode", "código de
coacción", "code sous contrainte", "codice antirapina", "dwangcode"; "under duress" alone is a legal
word, not a code), and a number of four to eight digits in the same text, not a year
nor a count before its unit. A sentence about duress codes with no number ("the panel has a duress
code") is stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER
from personakit_plugin.default_plugins.secrets.years import YEAR

_DURESS = lazy_pattern(
    r"""duress[ -](?:code|pin|passcode|password|one|number|digits)|überfall-?code|bedrohungs-?code|dwang-?code
    |(?:c[oó]digo|codice|code|pin|clave|senha)[ ](?:de[ ]|di[ ]|sous[ ])?(?:coacci[oó]n|coa[cç][aã]o|coercizione
    |contrainte|antirapina|emerg[eê]ncia[ ]silenciosa)""",
    re.IGNORECASE | re.VERBOSE,
)
_NUMBER = lazy_pattern(r"(?<![\w.,:/+-])\d{4,8}(?![\w.,:/-]*\d|[^\W\d_])")


# What every text `_DURESS` finds holds, looked for first: most texts hold none.
_DURESS_WORDS = (
    "duress",
    "überfall",
    "bedrohung",
    "dwang",
    "coac",
    "coaç",
    "coerciz",
    "contrainte",
    "antirapina",
    "emerg",
)


def duress_code(text: str) -> bool:
    """Whether `text` names a duress code and holds a number that can be it."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _DURESS_WORDS)) or _DURESS.search(text) is None:
        return False
    return any(
        not YEAR.fullmatch(number.group()) and UNIT_AFTER.match(text, number.end()) is None
        for number in _NUMBER.finditer(text)
    )
