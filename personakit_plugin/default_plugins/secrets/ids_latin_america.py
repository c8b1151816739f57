"""Identity numbers of Latin American countries said after "cédula" or their own names, their checks and labels:
Ecuador's cédula (a province, a third digit below 6 and a check digit of its digits weighted 2 and 1), the
Dominican Republic's cédula (eleven digits and Luhn's check digit), Guatemala's personal identification
document (DPI, its code CUI: eight digits, a mod 11 check digit, a department and a municipality); and right
after "cédula", in the shapes only they have and with no published check, Costa Rica's (a province's digit, four
and four digits, dashed), Venezuela's (V or E, a dash and up to eight digits), Nicaragua's (a municipality, a
birth date, four digits and a letter) and Panama's (a province, a book and an entry); and El Salvador's unique
identity document (DUI: eight digits and a check digit, after its name)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    label,
    short_year_date,
    value,
    weighted_sum,
)

# "cédula", "cédula de identidad", "cédula de identidad y electoral", "C.I.", "CI" in capitals, and the owner's
# word before its number: "mi cédula es 1710034065".
_CEDULA = r"""c[ée]dula(?:[ ]de[ ](?:identidad|ciudadan[íi]a)(?:[ ]y[ ]electoral)?)?
    (?:[ ](?:n[uú]mero|no\.?|nro\.?|n[º°]))?
    |(?-i:C\.I\.|CI)(?:[ ](?:n[uú]mero|no\.?|nro\.?))?|cedula[ ]number|id[ ]card[ ]\(c[ée]dula\)"""
_CEDULA_WORDS = ("cédula", "cedula", "c.i.")


def ec_cedula_valid(value: str) -> bool:
    """An Ecuadorian cédula: ten digits, the province (01 to 24, or 30 abroad), a third digit below 6 (a
    person's), six digits and a check digit: the nine weighted 2, 1, 2, 1, ..., each product over 9 less 9,
    and 10 less their sum's last digit, by 10."""
    digits = digits_of(value)
    if len(digits) != 10 or not (1 <= int(digits[:2]) <= 24 or digits[:2] == "30") or digits[2] > "5":
        return False
    products = [int(digit) * weight for digit, weight in zip(digits[:9], (2, 1, 2, 1, 2, 1, 2, 1, 2), strict=True)]
    total = sum(product - 9 if product > 9 else product for product in products)
    return (10 - total % 10) % 10 == int(digits[9])


EC_CEDULA = Family(
    "ec-cedula",
    label(_CEDULA),
    value(r"(?<![\d-])\d{9}-?\d"),
    ec_cedula_valid,
    _CEDULA_WORDS,
    None,
    ("CI",),
)


def do_cedula_valid(value: str) -> bool:
    """A Dominican cédula: eleven digits, three of the office that issued it, seven and Luhn's check digit, not
    one digit repeated."""
    digits = digits_of(value)
    return len(digits) == 11 and len(set(digits[3:10])) > 1 and luhn_valid(digits)


# Eleven digits, three, seven and one, dashed as the card prints them or in one run: "001-1234567-8".
DO_CEDULA = Family(
    "do-cedula",
    label(_CEDULA),
    value(r"(?<![\d-])\d{3}(-?)\d{7}\1\d"),
    do_cedula_valid,
    _CEDULA_WORDS,
    None,
    ("CI",),
)


# A Costa Rican cédula: the province's digit (1 to 9), four and four digits, dashed as it is always written
# ("1-1234-0567", or with its leading 0, "01-1234-0567"), with no check anyone publishes: only right after
# "cédula".
CR_CEDULA = Family(
    "cr-cedula",
    label(_CEDULA),
    value(r"(?<![\d-])0?[1-9]-\d{4}-\d{4}"),
    lambda candidate: len(set(digits_of(candidate)[1:])) > 1,
    _CEDULA_WORDS,
    None,
    ("CI",),
)

# A Venezuelan cédula, V (a Venezuelan's) or E (a foreigner's), a dash perhaps and up to eight digits, dotted in
# thousands perhaps: "V-12.345.678". No check: only right after "cédula".
VE_CEDULA = Family(
    "ve-cedula",
    label(_CEDULA),
    value(r"(?<![\w-])[VEve][- ]?\d{1,2}\.?\d{3}\.?\d{3}"),
    lambda candidate: len(set(digits_of(candidate))) > 1,
    _CEDULA_WORDS,
    None,
    ("CI",),
)

# The municipalities each department of Guatemala has (01 Guatemala, 02 El Progreso, ..., 22 Jutiapa).
_GT_MUNICIPALITIES = (17, 8, 16, 16, 14, 14, 19, 8, 24, 21, 9, 30, 33, 21, 8, 17, 14, 5, 11, 11, 7, 17)


def gt_cui_valid(value: str) -> bool:
    """A Guatemalan DPI's code (CUI): thirteen digits, eight, a check digit (the eight weighted 2 to 9, by 11),
    the department (01 to 22) and the municipality within it."""
    digits = digits_of(value)
    if len(digits) != 13:
        return False
    department, municipality = int(digits[9:11]), int(digits[11:13])
    if not 1 <= department <= 22 or not 1 <= municipality <= _GT_MUNICIPALITIES[department - 1]:
        return False
    return weighted_sum(digits[:8], range(2, 10)) % 11 == int(digits[8])


# Thirteen digits, four, five and four as the card prints them: "DPI 2456 78901 0101".
GT_DPI = Family(
    "gt-dpi",
    label(
        r"""(?-i:DPI|CUI)(?:[ ](?:n[uú]mero|no\.?))?|documento[ ]personal[ ]de[ ]identificaci[óo]n
        |c[óo]digo[ ][úu]nico[ ]de[ ]identificaci[óo]n"""
    ),
    value(r"(?<![\d-])\d{4}([ ]?)\d{5}\1\d{4}"),
    gt_cui_valid,
    ("documento personal de identificaci", "digo único de identificaci", "digo unico de identificaci"),
    None,
    ("DPI", "CUI"),
)


def sv_dui_valid(value: str) -> bool:
    """El Salvador's unique identity document (DUI): eight digits and a check digit, 10 less the eight weighted
    9 down to 2, by 10, not one digit repeated."""
    digits = digits_of(value)
    if len(digits) != 9 or len(set(digits[:8])) < 2:
        return False
    return (10 - weighted_sum(digits[:8], range(9, 1, -1)) % 10) % 10 == int(digits[8])


# Only right after its name: one check digit guards it. "mi DUI es 00016297-5".
SV_DUI = Family(
    "sv-dui",
    label(r"(?-i:DUI)|documento[ ][úu]nico[ ]de[ ]identidad"),
    value(r"(?<![\d-])\d{8}-?\d"),
    sv_dui_valid,
    ("documento único", "documento unico"),
    None,
    ("DUI",),
)


def ni_cedula_said(value: str) -> bool:
    """A Nicaraguan cédula: the municipality of birth (three digits), the birth date as DDMMYY, four digits and a
    letter; its letter's rule is not published, so the shape and the date alone are read."""
    digits = digits_of(value)
    return (
        len(digits) == 13
        and len(set(digits)) > 1
        and short_year_date(int(digits[7:9]), int(digits[5:7]), int(digits[3:5]))
    )


# Only right after "cédula", in the shape only it has: "001-150385-0012K".
NI_CEDULA = Family(
    "ni-cedula",
    label(_CEDULA),
    value(r"(?<![\d-])\d{3}(-?)\d{6}\1\d{4}[A-Za-z]"),
    ni_cedula_said,
    _CEDULA_WORDS,
    None,
    ("CI",),
)


def pa_cedula_said(value: str) -> bool:
    """A Panamanian cédula: the province (1 to 13) or a letter for one born abroad (E), naturalised (N) or
    registered late (PE, AV, PI), the book and the entry; no check is published, and one that reads as a date
    ("1-2-2024") is none."""
    parts = value.split("-")
    if len(parts[-1]) < 3:
        return False
    head, book, entry = parts[-3:] if len(parts) >= 3 else ("", "", "")
    if head.isdigit() and len(entry) == 4 and entry[:2] in ("19", "20") and int(book) <= 12 and int(head) <= 31:
        return False
    return len(set(book + entry)) > 1


# Only right after "cédula", in the shape only it has: "8-714-2035", "PE-12-345", "E-8-123456", "1AV-12-345".
PA_CEDULA = Family(
    "pa-cedula",
    label(_CEDULA),
    value(r"(?<![\w-])(?:(?:1[0-3]|[1-9])(?:AV|PI)?|PE|E|N)-\d{1,4}-\d{3,6}"),
    pa_cedula_said,
    _CEDULA_WORDS,
    None,
    ("CI",),
)


def cw_sedula_valid(value: str) -> bool:
    """A Curaçao identity number (the sedula's): the holder's birth date as YYYYMMDD, then two digits."""
    digits = digits_of(value)
    return len(digits) == 10 and born(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))


# After "sedula", Papiamentu's word for the identity card, in Dutch or English too ("mijn sedula nummer is
# 1985031512", "sedula: 1985031512"): a date that has been, so only right after its name.
CW_SEDULA = Family(
    "cw-sedula",
    label(r"sedula(?:[ ](?:nummer|number|nr\.?|no\.?|numero))?"),
    value(r"(?<![\d-])(?:19|20)\d{8}"),
    cw_sedula_valid,
    ("sedula",),
)


def py_ruc_valid(value: str) -> bool:
    """A Paraguayan person's RUC: the holder's cédula (below 80000000, where firms' numbers begin), a dash and a
    check digit, 11 less the remainder by 11 of the digits weighted 2 upwards from the right, by 10."""
    base, _, check = value.partition("-")
    if not base.isdigit() or int(base) >= 80_000_000 or len(set(base)) == 1:
        return False
    total = weighted_sum(reversed(base), range(2, len(base) + 2))
    return str((-total % 11) % 10) == check


# As the SET writes it, the cédula, a dash and the check digit: "RUC 1234567-8".
PY_RUC = Family(
    "py-ruc",
    label(r"(?-i:RUC)(?:[ ](?:n[uú]mero|no\.?|nro\.?|n[º°]))?"),
    value(r"(?<![\d.-])\d{5,8}-\d"),
    py_ruc_valid,
    (),
    None,
    ("RUC",),
)


def sv_nit_valid(value: str) -> bool:
    """A Salvadoran tax number (NIT): fourteen digits, a municipality (0 or 1 first, 9 for a foreigner), six
    digits (the date of birth as DDMMYY, where an old number has one), three digits and a check digit: weighted 14
    down to 2 and the remainder by 11 where the three are 100 or below, else weighted 2, 7, 6, 5, 4, 3, 2, 7, 6, 5,
    4, 3, 2 and 11 less it, by 10."""
    digits = digits_of(value)
    if len(digits) != 14 or digits[0] not in "019":
        return False
    if digits[10:13] <= "100":
        return str(weighted_sum(digits[:13], range(14, 1, -1)) % 11 % 10) == digits[13]
    total = weighted_sum(digits[:13], (2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2))
    return str((-total % 11) % 10) == digits[13]


# As the card prints it, "0614-150385-101-2", or in one run; "NIT viejo", the one the DUI replaced, too.
SV_NIT = Family(
    "sv-nit",
    label(r"(?-i:NIT)(?:[ ](?:viejo|antiguo|anterior))?(?:[ ](?:n[uú]mero|no\.?|nro\.?))?"),
    value(r"(?<![\d-])[019]\d{3}([ -]?)\d{6}\1\d{3}\1\d"),
    sv_nit_valid,
    (),
    None,
    ("NIT",),
)
