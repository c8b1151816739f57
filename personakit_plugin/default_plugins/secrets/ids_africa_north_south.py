"""Identity numbers of Libya and Sudan in the north and Eswatini in the south, their shapes and labels; none has a
published check, so each is refused only right after its name: Libya's national number (الرقم الوطني: twelve digits,
1 for a man or 2 for a woman, the year of birth and seven digits), Sudan's national number (الرقم الوطني: eleven
digits) and Eswatini's personal identification number (thirteen digits, the birth date as YYMMDD and seven more)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    birth_year,
    digits_of,
    local_label,
    short_year_date,
    value,
)


def ly_national_number_said(value: str) -> bool:
    """A Libyan national number: twelve digits, 1 (a man) or 2 (a woman), the year of birth and seven digits; no
    check is published."""
    digits = digits_of(value)
    return len(digits) == 12 and birth_year(digits[1:5]) and len(set(digits[5:])) > 1


# Twelve digits after its name ("الرقم الوطني 119850123456"): Jordan's, after the same words, has ten.
LY_NATIONAL_NUMBER = Family(
    "ly-national-number",
    local_label(
        r"""الرقم[ ]الوطني(?:[ ]الليبي)?|رقمي[ ]الوطني|libyan[ ]national[ ](?:number|id)(?:[ ](?:number|no\.?))?""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[12](?:19|20)\d{9}"),
    ly_national_number_said,
    ("الوطني", "libyan"),
)


# Eleven digits after its name ("الرقم الوطني 11520348761"): Jordan's, after the same words, has ten, Libya's twelve.
SD_NATIONAL_NUMBER = Family(
    "sd-national-number",
    local_label(
        r"""الرقم[ ]الوطني(?:[ ]السوداني)?|رقمي[ ]الوطني|sudanese[ ]national[ ](?:number|id)(?:[ ](?:number|no\.?))?""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[1-9]\d{10}"),
    lambda number: len(set(number)) > 2,
    ("الوطني", "sudanese"),
)


def sz_pin_said(value: str) -> bool:
    """An Eswatini personal identification number: thirteen digits, the first six a birth date as YYMMDD; no check
    is published."""
    digits = digits_of(value)
    return (
        len(digits) == 13
        and short_year_date(int(digits[:2]), int(digits[2:4]), int(digits[4:6]))
        and len(set(digits[6:])) > 1
    )


# Only after Eswatini's or Swaziland's name with its ID or PIN ("my Eswatini ID number is 8503151234567").
SZ_PIN = Family(
    "sz-pin",
    local_label(
        r"""(?:eswatini|swazi(?:land)?)[ ](?:national[ ])?(?:id|pin|identity)(?:[ ](?:card[ ])?(?:number|no\.?))?""",
        "is|:",
    ),
    value(r"(?<![\d-])\d{6}[ -]?\d{7}"),
    sz_pin_said,
    ("eswatini", "swazi"),
)
