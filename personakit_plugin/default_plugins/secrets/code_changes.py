"""A lock's code or a PIN said as a change, the old value and the new: "Torcode von 5521 auf 8830
geändert", "cambié el código de la alarma, antes 5521, ahora 8830", "code du portail : avant 1408,
maintenant 7723", "PIN van 4410 naar 9026", "isn't 5521 anymore, the new one is 8830", in seven languages.

The sentence names a PIN, or a code and what it opens (a compound such as "Alarmcode" is both), and
says "from X to Y", "before X, now Y" or "now Y instead of X", X and Y of four to eight digits, the new one
no year. An alarm clock moved from 0630 to 0700, a code review from one version to another, a count ("from 1200 to
1500 views"), a zip code and years ("von 2019 auf 2021") are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import OTHER_CODES, names_a_locked_thing_in
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER
from personakit_plugin.default_plugins.secrets.years import YEAR

_NUMBER = r"\d{4,8}(?![\w.,:/-]*\d|[^\W\d_])"
_CHANGE = lazy_pattern(
    rf"""(?<![^\W_])(?:(?:from|von|de|desde|da|dal|van)[ ](?P<old>{_NUMBER})[ ](?:to|auf|zu|a|à|al|en|in|naar|para|op)
    |(?:before|previously|was|vorher|früher|davor|antes|avant|prima|eerst|voorheen|daarvoor)[ ]?[:,]?[ ]
    (?P<was>{_NUMBER})
    [ ]?[,;]?[ ](?:now|jetzt|nun|neu|ahora|maintenant|désormais|ora|adesso|nu|agora)[ ]?[:,]?)
    [ ](?P<new>{_NUMBER})""",
    re.IGNORECASE | re.VERBOSE,
)
# Or the old value said to be no longer the code, then the new one: "the alarm isn't 5521 anymore, the new
# one since the break-in is 8830", "der Torcode ist nicht mehr 5521, der neue ist 8830", "le code n'est plus
# 5521, le nouveau c'est 8830", "el código ya no es 5521, el nuevo es 8830".
_NO_LONGER = lazy_pattern(
    rf"""(?<![^\W_])(?:isn['’]t|is[ ]not|ist[ ]nicht[ ]mehr|n['’]est[ ]plus|(?:ya[ ])?no[ ]es|non[ ][èe][ ]pi[ùu]
    |is[ ]niet[ ]meer|(?:j[áa][ ])?n[ãa]o[ ][ée](?:[ ]mais)?)[ ](?P<old>{_NUMBER})
    (?:[ ](?:any[ ]?more|ya|m[áa]s|mais|meer))?[ ]?[,;]?[ ](?:[^.\n\d]{{0,30}}?[ ])?
    (?:the[ ]new[ ](?:one|code)|(?:der|die|das)[ ]neue|le[ ]nouveau|el[ ]nuevo|il[ ]nuovo|de[ ]nieuwe|o[ ]novo)
    (?:[ ][^.\n\d]{{0,30}}?)?[ ](?:is|ist|est|c['’]est|es|[èe]|[ée])[ ]?:?[ ](?P<new>{_NUMBER})""",
    re.IGNORECASE | re.VERBOSE,
)
# Or the new value said first, now, instead of the old: "hab das Zahlenschloss umgestellt, jetzt 3058 statt
# 3085", "the padlock is now 4471 instead of 1147", "el candado ahora es 2290 en vez de 9022".
_INSTEAD = lazy_pattern(
    rf"""(?<![^\W_])(?:now|jetzt|nun|ahora|maintenant|désormais|ora|adesso|nu|agora)
    (?:[ ](?:is|ist|es|est|[èé]|c['’]est))?
    [ ]?[:,]?[ ](?P<new>{_NUMBER})[ ](?:instead[ ]of|rather[ ]than|not|statt|anstatt|anstelle[ ]von|en[ ]vez[ ]de
    |en[ ]lugar[ ]de|au[ ]lieu[ ]de|et[ ]non|plus|invece[ ]di|al[ ]posto[ ]di|in[ ]plaats[ ]van|i[.]p[.]v[.]
    |em[ ]vez[ ]de|em[ ]lugar[ ]de)[ ](?:(?:the|der|die|das|el|la|le|il|o|a|de|het)[ ])?
    (?:(?:old|alten?|vieux|viejo|vecchio|oude|antigo)[ ])?(?P<old>{_NUMBER})""",
    re.IGNORECASE | re.VERBOSE,
)
# A combination lock names its code by itself: "Zahlenschloss", "combination lock", "cijferslot", "padlock".
_CODE_NAME = lazy_pattern(
    r"""(?<![^\W_])(?:(?P<pin>pins?|pincode|pin-code|passcode|nip|geheimzahl|zahlenschlo(?:ss|ß)
    |kombinationsschlo(?:ss|ß)|vorh[äa]ngeschlo(?:ss|ß)|fahrradschlo(?:ss|ß)|combination[ ]lock|padlock|cijferslot
    |combinatieslot|hangslot|cadenas|candado|lucchetto|cadeado)|(?P<compound>[^\W\d_]{3,}-?code)
    |codes?|c[oó]digo|codice|combination|combinaison|combinaci[oó]n|combinazione|kombination|combinatie)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_OTHER = lazy_pattern(rf"(?:{OTHER_CODES})-?code", re.IGNORECASE)
_FOUR_DIGITS = lazy_pattern(r"\d{4}")
# What makes the numbers another code's or a rule's: "zip code from 10115 to 10117", "the PIN's length".
_NOT_A_CODE = lazy_pattern(
    rf"\b(?:{OTHER_CODES}|rules?|polic(?:y|ies)|length|digits?|länge|regeln?|règles?|reglas?|regole|regels?)\b",
    re.IGNORECASE,
)


def _names_a_code(text: str) -> bool:
    """A PIN, a compound code ("Torcode"), or a code's word and what it opens."""
    names = list(_CODE_NAME.finditer(text))
    if any(match["pin"] or (match["compound"] and not _OTHER.fullmatch(match["compound"])) for match in names):
        return True
    return bool(names) and names_a_locked_thing_in(text)


# Or the code that is still the code, to be changed to one not chosen yet: "I'll reset her keypad from 9179
# to something new", "den Torcode von 5521 auf was Neues ändern", "cambiar el código de 5521 a otro".
_TO_BE_CHANGED = lazy_pattern(
    rf"""(?<![^\W_])(?:from|von|de|desde|da|dal|van)[ ](?P<old>{_NUMBER})[ ]
    (?:to[ ](?:something|a[ ]new[ ]one|another[ ]one)|auf[ ](?:was|etwas)[ ]neues|à[ ](?:autre[ ]chose|un[ ]nouveau)
    |a[ ](?:otro|uno[ ]nuevo|algo[ ]nuevo|un[ ]altro|qualcosa[ ]di[ ]nuovo|outro)|para[ ]outro
    |naar[ ](?:iets[ ]nieuws|een[ ]nieuwe))(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def code_changed(text: str) -> bool:
    """Whether `text` tells a PIN's or a lock's code as changed from an old value to a new one, or as still
    the code until it is changed to one not chosen yet."""
    if len(_FOUR_DIGITS.findall(text)) < 2:  # looked for first: most texts hold no two such numbers
        return any(
            not YEAR.fullmatch(match["old"]) and _names_a_code(text) and not _NOT_A_CODE.search(text)
            for match in _TO_BE_CHANGED.finditer(text)
        )
    for match in (*_CHANGE.finditer(text), *_NO_LONGER.finditer(text), *_INSTEAD.finditer(text)):
        if YEAR.fullmatch(match["new"]) or UNIT_AFTER.match(text, match.end()):
            continue
        if _names_a_code(text) and not _NOT_A_CODE.search(text):
            return True
    return False
