"""A card's security code named by where it is printed, on its back, or after its name joined by a creole's
copula: "the code at the back is 482", "o código atrás é 613", "le code au dos : 731", "cvv na 904".

A card's CVV is three digits (four on an American Express card) printed on its back: a code "on the back", "atrás",
"au dos", "sul retro", "op de achterkant", "auf der Rückseite", with three or four digits after it, is that code,
the card perhaps named after where it is ("el código de atrás de la visa es el 731"); so is a security code's name
with the card's after it ("el código de seguridad de la Visa es 731"). "CVV", "CVC" or "CSC" joined to its digits
by Nigerian Pidgin's "na" or Jamaican Patois's "a" is too. Not a code's length ("the code on the back has 3
digits"), a page's or a form's back ("the code on the back page is 2024"), nor more digits after it (a phone's or a
parcel's number).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_CODE = r"""(?:(?:security[ ])?code|(?:three|3|four|4)[ ](?:digits?|numbers?)|digits
    |c[oó]digo(?:[ ]de[ ]seguran[çc]a)?|(?:tres|três|trois|tre|drie|drei)[ ]
    (?:n[uú]meros|d[ií]gitos|chiffres|cifre|numeri|cijfers|ziffern)|code[ ]de[ ]s[ée]curit[ée]
    |codice(?:[ ]di[ ]sicurezza)?|(?:beveiligings)?code|(?:sicherheits)?code|pr[üu]fziffer|pr[üu]fnummer|chiffres
    |cifre|cijfers)"""
_BACK = r"""(?:(?:on|at|in)[ ](?:the|its)[ ]back(?:[ ]of[ ](?:the|my|your|her|his|its)[ ]card)?|behind|atr[áa]s
    |de[ ]tr[áa]s|no[ ]verso|(?:de|en|del)[ ](?:atr[áa]s|el[ ]reverso|reverso|dorso)|detr[áa]s|au[ ]dos|derri[èe]re
    |sul[ ]retro|dietro|achterop|op[ ]de[ ]achterkant|(?:auf[ ]der|hinten[ ]auf[ ]der)[ ]r[üu]ckseite|hinten)"""
# Which card, between where the code is and its value: "el código de atrás de la visa es el 731".
_OF_THE_CARD = r"""(?:[ ](?:of|de|du|di|da|der|van)[ ](?:(?:the|my|la|el|mi|ma|sa|il|la[ ]mia|a|o|minha|meiner|der
    |mijn|de)[ ])?(?:visa|mastercard|master|amex|maestro|tarjeta|card|carte|carta|cart[ãa]o|karte|kaart))?"""
_SAID = r"""(?:[ ]?(?:is|are|was|es|son|era|est|sont|c['’]est|è|sono|é|são|ist|sind|lautet|lauten|zijn|is)[ ]
    (?:(?:el|le|il|o|de)[ ])?|[ ]*[:=][ ]*|[ ])"""
_CARD_BACK_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:the|its|my|o|os|el|los|le|les|il|i|de|het|der|die|den|a|as)?[ ]?{_CODE}[ ]{_BACK}{_OF_THE_CARD}
    {_SAID}(?P<pin>\d{{3,4}})(?![^\W_]|[ ]?[-/.,:]?[ ]?\d)""",
    re.IGNORECASE | re.VERBOSE,
)
# Or a security code's name with the card's after it: "el código de seguridad de la Visa es 731", "the security
# code of my mastercard is 412".
_CARDS_SECURITY_CODE = lazy_pattern(
    rf"""(?<![^\W_])(?:c[oó]digo[ ]de[ ]seguridad|security[ ]code|code[ ]de[ ]s[ée]curit[ée]|codice[ ]di[ ]sicurezza
    |c[oó]digo[ ]de[ ]seguran[çc]a|sicherheitscode|beveiligingscode)(?=[ ](?:of|de|du|di|da|der|van)[ ])
    {_OF_THE_CARD}{_SAID}(?P<pin>\d{{3,4}})(?![^\W_]|[ ]?[-/.,:]?[ ]?\d)""",
    re.IGNORECASE | re.VERBOSE,
)
_CREOLE_CVV = lazy_pattern(
    r"""(?<![^\W_])(?-i:CVV2?|CVC2?|CSC|cvv2?|cvc2?|csc)[ ](?:na|a)[ ](?P<pin>\d{3,4})(?![^\W_]|[ ]?[-/.,:]?[ ]?\d)""",
    re.VERBOSE,
)
_WORDS = (
    *("back", "behind", "atrás", "atras", "verso", "reverso", "dorso", "dos", "derri", "retro", "dietro"),
    *("achter", "ckseite", "hinten", "cvv", "cvc", "csc"),
)


def card_back_code(text: str) -> bool:
    """Whether `text` gives a card's security code by where it is printed, by its name with the card's after it,
    or after its name and a creole's copula."""
    folded = text.casefold()
    if any(map(folded.__contains__, ("seguridad", "security", "curit", "sicurezza", "seguran", "sicherheits"))) and (
        _CARDS_SECURITY_CODE.search(text) is not None
    ):
        return True
    if not any(map(folded.__contains__, _WORDS)):
        return False
    return _CARD_BACK_CODE.search(text) is not None or _CREOLE_CVV.search(text) is not None
