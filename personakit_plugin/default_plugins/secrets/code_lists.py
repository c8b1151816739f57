"""Codes listed by what they open, with no word for a code: "alarm 6140, back gate 2287", "Alarmanlage
4410 und Gartentor 0915", "allarme 3056, cancello 7741", "alarme 5120 e caixa do correio 904".

Two items or more, side by side on a line, each the name of what a code opens (a few words, one of them
an alarm, a door, a gate, a garage, a safe, a padlock, a key box, a locker, a letter box or a shed, in
seven languages, or a German or Dutch compound ending in one) and three to eight digits right after it;
the items are joined by a comma, a semicolon or "and". The names differ, one code has four digits or
more, and none is a year. A bike's and a car's prices, a flat's and a room's numbers, an alarm clock's
time beside a meeting's and one port listed twice ("porta 8080 e porta 443") are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.years import YEAR

_OPENED = frozenset(
    """alarm alarms door doors gate garage safe padlock lockbox keybox keysafe locker mailbox letterbox shed keypad
    entrance alarmanlage tür tor tresor schloss spind briefkasten schuppen haustür
    alarma puerta portón portal garaje candado taquilla buzón trastero
    alarme porte portail coffre coffre-fort cadenas casier
    allarme antifurto porta portone cancello cassaforte lucchetto armadietto
    deur voordeur poort hek kluis hangslot kluisje brievenbus schuur berging
    portão garagem cofre cadeado cacifo caixa""".split()
)
_OPENED_ENDINGS = ("tür", "tor", "alarm", "tresor", "schloss", "spind", "kasten", "deur", "poort", "kluis", "slot")
_ITEM = lazy_pattern(
    r"""(?<![\w-])(?!(?:and|und|y|e|et|en)[ ])(?P<name>(?:[^\W\d_][\w'’-]*[ ]){0,2}[^\W\d_][\w'’-]*)[ ]?:?[ ]
    (?P<pin>\d{3,8})(?![\w.,:/-]*\d|[^\W\d_]|[ ]?(?:%|°|€|\$|£|h\b|km\b|m\b|kg\b|euros?\b|dollars?\b))""",
    re.VERBOSE,
)
# A name's last word that makes the number a time or a date: "alarm at 0630".
_AT = vocabulary.NUMBER_PREPOSITIONS | frozenset("at um à a alle om às ab for für pour para per voor set".split())
_JOIN = lazy_pattern(r"[ ]?[,;][ ]?(?:(?:and|und|y|e|et|en)[ ])?|[ ](?:and|und|y|e|et|en)[ ]", re.IGNORECASE)
_A_WORD_THEN_DIGITS = lazy_pattern(r"[^\W\d_]:? \d{3}")
_MIN_LONG = 4


def _opens(name: str) -> str | None:
    """The word of a name that says what a code opens ("back gate": "gate"), or None."""
    for word in name.casefold().replace("’", "'").split():
        word = word[word.rfind("'") + 1 :]
        if word in _OPENED or (len(word) > len("tor") + 1 and word.endswith(_OPENED_ENDINGS)):
            return word
    return None


def codes_listed(text: str) -> bool:
    """Whether `text` lists two codes or more by what they open, the digits right after each name."""
    if len(_A_WORD_THEN_DIGITS.findall(text)) < 2:  # looked for first: most texts hold no such pair
        return False
    previous: re.Match[str] | None = None
    opened: set[str] = set()
    digits: list[str] = []
    for item in _ITEM.finditer(text):
        word = _opens(item["name"])
        joined = previous is not None and _JOIN.compiled.fullmatch(text, previous.end(), item.start()) is not None
        if word is None or YEAR.fullmatch(item["pin"]) or item["name"].split()[-1].casefold() in _AT:
            previous, opened, digits = None, set(), []
            continue
        if not joined:
            opened, digits = set(), []
        opened.add(word)
        digits.append(item["pin"])
        previous = item
        if len(opened) >= 2 and any(len(pin) >= _MIN_LONG for pin in digits):
            return True
    return False
