"""Identity numbers of Algeria and Benin, their shapes and labels; neither has a published check, so each is refused
only right after its name: Algeria's national identification number (NIN, رقم التعريف الوطني: eighteen digits on
the biometric card, two for the sex and the birth's record, the last three digits of the year the birth was
registered, the commune, the record's number, the register's series and two check digits whose rule is not
published) and Benin's personal identification number (NPI: ten digits)."""

from __future__ import annotations

from datetime import date

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.number_labels import Family, digits_of, local_label, value


def dz_nin_said(value: str) -> bool:
    """An Algerian NIN: eighteen digits, the third to fifth the last three of a year of registration since 1900
    (900 to 999, or 000 to this year's), not a run of one or two digits."""
    year = int(value[2:5])
    return len(set(value)) > 2 and (year >= 900 or year <= date.today().year % 1000)


DZ_NIN = Family(
    "dz-nin",
    local_label(
        r"""(?-i:NIN)(?:[ ](?:number|no\.?))?|num[ée]ro[ ](?:d['’]identification[ ]national(?:e)?|(?-i:NIN))
        |رقم[ ]التعريف[ ]الوطني|algerian[ ](?:national[ ])?id(?:[ ]number)?""",
        "est|is|:|هو|الخاص[ ]بي",
    ),
    value(r"(?<![\d-])\d{18}"),
    dz_nin_said,
    ("d'identification national", "d’identification national", "التعريف الوطني", "algerian"),
    None,
    ("NIN",),
)


def us_npi_valid(digits: str) -> bool:
    """An American provider's National Provider Identifier: ten digits, the first 1 or 2, the last the Luhn check
    of the other nine after the prefix 80840. It is public: the federal registry lists every one."""
    return len(digits) == 10 and digits[0] in "12" and luhn_valid("80840" + digits)


def bj_npi_said(value: str) -> bool:
    """A Beninese NPI: ten digits, not a run of one or two, and not an American provider's NPI, which shares its
    name and length and is public ("my NPI's 1568203743, it's public anyway"); a Beninese number passes that
    check by chance one time in fifty and is then stored."""
    digits = digits_of(value)
    return len(set(digits)) > 2 and not us_npi_valid(digits)


BJ_NPI = Family(
    "bj-npi",
    local_label(
        r"""(?-i:NPI)|num[ée]ro[ ](?:(?-i:NPI)|personnel[ ]d['’]identification)|beninese[ ]npi""",
        "est|is|:",
    ),
    value(r"(?<![\d-])\d{10}"),
    bj_npi_said,
    ("personnel d'identification", "personnel d’identification", "beninese"),
    None,
    ("NPI",),
)
