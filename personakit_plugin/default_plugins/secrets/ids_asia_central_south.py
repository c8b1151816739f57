"""Identity and tax numbers of Azerbaijan, Uzbekistan, Kyrgyzstan, Mongolia and Myanmar, their checks, shapes and
labels, each refused only right after its name: a person's Azerbaijani taxpayer number (VÖEN: ten digits, the ninth
a check digit weighted 4, 1, 8, 6, 2, 7, 5, 3 by 11, the tenth 2 for a person); with no published check, in the
shapes only they have: Uzbekistan's personal identification number (PINFL, JShShIR: the century and sex, a birth
date as DDMMYY and seven digits), Kyrgyzstan's personal identification number (ПИН, ИНН: 1 or 2 for the sex, a
birth date as DDMMYYYY and five digits), Mongolia's register number (регистрийн дугаар: two Cyrillic letters, a
birth date as YYMMDD, the month plus 20 for one born since 2000, and two digits) and Myanmar's national registration
card (NRC: a state's number, a township's letters, the holder's status and six digits)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    local_label,
    value,
    weighted_sum,
)


def az_voen_valid(value: str) -> bool:
    """A person's Azerbaijani VÖEN: ten digits, the ninth the eight first weighted 4, 1, 8, 6, 2, 7, 5, 3 by 11,
    the tenth 2 (a person; a firm's is 1)."""
    digits = digits_of(value)
    if len(digits) != 10 or digits[9] != "2":
        return False
    return weighted_sum(digits[:8], (4, 1, 8, 6, 2, 7, 5, 3)) % 11 == int(digits[8])


# One check digit guards it: only right after its name, in one run or in the groups its checker shows
# ("140 155 5072").
AZ_VOEN = Family(
    "az-voen",
    local_label(
        r"""v[öo]en(?:-?im|[ ](?:n[öo]mr[əe]si|number|no\.?))?|воен
        |vergi[ ][öo]d[əe]yicisinin[ ]eynil[əe][şs]dirm[əe][ ]n[öo]mr[əe]si|azerbaijani[ ]tax[ ](?:id|number)""",
        "m[əe]nim|is|:",
    ),
    value(r"(?<![\d-])\d{3}[ ]?\d{3}[ ]?\d{4}"),
    az_voen_valid,
    ("vöen", "voen", "воен", "vergi ödəyicisinin", "vergi odeyicisinin", "azerbaijani tax"),
)

_UZ_CENTURIES = {"1": 1800, "2": 1800, "3": 1900, "4": 1900, "5": 2000, "6": 2000}


def uz_pinfl_said(value: str) -> bool:
    """An Uzbek PINFL: fourteen digits, the century and sex (1 to 6: a man or a woman born in the 1800s, the 1900s,
    the 2000s), a birth date as DDMMYY, seven digits; no check is published."""
    digits = digits_of(value)
    if len(digits) != 14 or digits[0] not in _UZ_CENTURIES:
        return False
    return born(_UZ_CENTURIES[digits[0]] + int(digits[5:7]), int(digits[3:5]), int(digits[1:3]))


UZ_PINFL = Family(
    "uz-pinfl",
    local_label(
        r"""(?-i:PINFL|ПИНФЛ|JSHSHIR|JShShIR|ЖШШИР)|jshshir|пинфл|pinfl
        |shaxsiy[ ]identifikatsiya[ ]raqami|персональный[ ]идентификационный[ ]номер[ ]физического[ ]лица""",
        "mening|raqamim|is|:|мой",
    ),
    value(r"(?<![\d-])[1-6]\d{13}"),
    uz_pinfl_said,
    ("pinfl", "пинфл", "jshshir", "жшшир", "shaxsiy identifikatsiya", "физического лица"),
)


def kg_pin_said(value: str) -> bool:
    """A Kyrgyz personal identification number: fourteen digits, 1 (a woman) or 2 (a man), a birth date as
    DDMMYYYY, five digits; no check is published."""
    digits = digits_of(value)
    return len(digits) == 14 and digits[0] in "12" and born(int(digits[5:9]), int(digits[3:5]), int(digits[1:3]))


KG_PIN = Family(
    "kg-pin",
    local_label(
        r"""пин|инн|персональный[ ]идентификационный[ ]номер|жеке[ ]идентификациялык[ ]номер(?:ум)?
        |kyrgyz[ ](?:personal[ ])?(?:pin|id)(?:[ ]number)?""",
        "мой|менин|:|is",
    ),
    value(r"(?<![\d-])[12]\d{13}"),
    kg_pin_said,
    ("пин", "инн", "персональный идентификационный", "жеке идентификациялык", "kyrgyz"),
)


def mn_register_said(value: str) -> bool:
    """A Mongolian register number: two Cyrillic letters, a birth date as YYMMDD (the month plus 20 for one born
    since 2000) and two digits; no check is published."""
    digits = digits_of(value)
    if len(digits) != 8:
        return False
    month = int(digits[2:4])
    century = 2000 if month > 20 else 1900
    return born(century + int(digits[:2]), month - 20 if month > 20 else month, int(digits[4:6]))


MN_REGISTER_NUMBER = Family(
    "mn-register-number",
    local_label(
        r"""регистрийн[ ](?:дугаар(?:тай|аа)?|№)|(?-i:РД)|registriin[ ]dugaar|mongolian[ ]register(?:[ ]number)?""",
        "минь|миний|:|is",
    ),
    value(r"(?<![\w-])(?-i:[А-ЯЁӨҮA-Z]{2})[ ]?\d{8}"),
    mn_register_said,
    ("регистрийн", "registriin", "mongolian register"),
    None,
    ("РД",),
)


# As the card writes it, in Latin letters ("12/OUKAMA(N)123456", "9/MaHtaNa(N) 123456") or in Burmese
# ("၁၂/ဥကမ(နိုင်)၁၂၃၄၅၆"): a state's number, 1 to 14, a township's letters, the holder's status and six digits.
MM_NRC = Family(
    "mm-nrc",
    local_label(
        r"""(?-i:NRC)(?:[ ](?:number|no\.?|card))?|national[ ]registration[ ]card(?:[ ](?:number|no\.?))?
        |မှတ်ပုံတင်(?:[ ]?(?:အမှတ်|နံပါတ်))?""",
        "is|:",
    ),
    value(
        r"""(?<![\w/])(?:1[0-4]|[1-9])/[A-Za-z]{3,9}[ ]?\((?:N|E|P|T|Y|S|NAING|Naing|AE|PYU)\)[ ]?\d{6}
        |(?<![\w/])(?:၁[၀-၄]|[၁-၉])/[\u1000-\u109f]{2,12}\((?:နိုင်|ဧည့်|ပြု)\)[၀-၉]{6}"""
    ),
    lambda number: True,
    ("national registration card", "မှတ်ပုံတင်"),
    None,
    ("NRC",),
)
