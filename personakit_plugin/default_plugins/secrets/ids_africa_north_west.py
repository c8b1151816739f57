"""Identity numbers of Algeria and Benin, their shapes and labels; neither has a published check, so each is refused
only right after its name: Algeria's national identification number (NIN, رقم التعريف الوطني: eighteen digits on
the biometric card, two for the sex and the birth's record, the last three digits of the year the birth was
registered, the commune, the record's number, the register's series and two check digits whose rule is not
published) and Benin's personal identification number (NPI: ten digits)."""

from __future__ import annotations

from datetime import date

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


def bj_npi_said(value: str) -> bool:
    """A Beninese NPI: ten digits, not a run of one or two."""
    return len(set(digits_of(value))) > 2


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
