"""Identity numbers of the Nordic and Baltic countries, their checks and labels: Sweden's personnummer (a birth
date, then Luhn's check digit), Norway's fødselsnummer (a birth date, then two mod 11 check digits), Denmark's CPR
number (a birth date, after its name: its check was given up in 2007), Finland's henkilötunnus (a birth date,
the century's sign and a check character of 31), Iceland's kennitala (a birth date, a mod 11 check digit and the
century's digit), Estonia's isikukood and Lithuania's asmens kodas (the century and sex, a birth date and their
two-pass mod 11 check digit) and Latvia's personas kods (a birth date and its check digit, or since 2017 32 and
nine digits, after its name)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    label,
    local_label,
    real_date,
    short_year_date,
    value,
    weighted_sum,
)


def se_personnummer_valid(value: str) -> bool:
    """A Swedish personnummer or samordningsnummer: the birth date as YYMMDD (or YYYYMMDD; the day plus 60 in a
    samordningsnummer), four digits, the last Luhn's check digit of the ten."""
    digits = digits_of(value)
    if len(digits) not in (10, 12):
        return False
    short = digits[-10:]
    month, day = int(short[2:4]), int(short[4:6])
    day = day - 60 if day > 60 else day
    if len(digits) == 12:
        if digits[:2] not in ("18", "19", "20") or not real_date(int(digits[:4]), month, day):
            return False
    elif not short_year_date(int(short[:2]), month, day):
        return False
    return luhn_valid(short)


# Ten or twelve digits, a dash (a plus past a hundred years) before the last four perhaps: "19811218-9876",
# "811218-9876".
SE_PERSONNUMMER = Family(
    "se-personnummer",
    label(
        r"""person(?:nummer|numret|numret[ ]mitt|nr\.?)|pers\.?[ ]?nr\.?|samordningsnummer|swedish[ ]personal[ ]
        (?:identity[ ])?number"""
    ),
    value(r"(?<![\d-])(?:(?:18|19|20)\d{6}|\d{6})[-+ ]?\d{4}"),
    se_personnummer_valid,
    ("personn", "pers.", "pers ", "persnr", "samordningsnummer", "swedish personal"),
    se_personnummer_valid,
)

_NO_FIRST_WEIGHTS = (3, 7, 6, 1, 8, 9, 4, 5, 2)
_NO_SECOND_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)


def _mod11_check(digits: str, weights: tuple[int, ...]) -> int:
    """The mod 11 check digit most Nordic numbers use: 11 less the weighted sum's remainder, 11 giving 0 and 10
    none (-1)."""
    check = 11 - weighted_sum(digits, weights) % 11
    return 0 if check == 11 else -1 if check == 10 else check


def _no_century(individual: int, yy: int) -> int | None:
    """The century of a Norwegian birth year, from the individual number (the seventh to the ninth digits)."""
    if individual < 500:
        return 1900
    if individual < 750 and yy >= 54:
        return 1800
    if yy < 40:
        return 2000
    if individual >= 900:
        return 1900
    return None


def no_fodselsnummer_valid(value: str) -> bool:
    """A Norwegian fødselsnummer or D-number: the birth date as DDMMYY (the day plus 40 in a D-number, the month
    plus 40 in an H-number), three digits of the individual, then two mod 11 check digits, weighted 3, 7, 6, 1,
    8, 9, 4, 5, 2 and 5, 4, 3, 2, 7, 6, 5, 4, 3, 2."""
    digits = digits_of(value)
    if len(digits) != 11:
        return False
    day, month, yy = int(digits[0:2]), int(digits[2:4]), int(digits[4:6])
    day, month = day - 40 if day > 40 else day, month - 40 if month > 40 else month
    century = _no_century(int(digits[6:9]), yy)
    if century is None or not real_date(century + yy, month, day):
        return False
    return _mod11_check(digits[:9], _NO_FIRST_WEIGHTS) == int(digits[9]) and _mod11_check(
        digits[:10], _NO_SECOND_WEIGHTS
    ) == int(digits[10])


# Eleven digits, one run or six and five: "150385 12345".
NO_FODSELSNUMMER = Family(
    "no-fodselsnummer",
    label(r"f[øo]dselsn(?:ummeret|ummer|r\.?)|fnr\.?|f\.nr\.?|personnummer(?:et)?|d-nummer"),
    value(r"(?<![\d-])\d{6}[ ]?\d{5}"),
    no_fodselsnummer_valid,
    ("fødselsn", "fodselsn", "personnummer", "d-nummer", "fnr", "f.nr"),
    no_fodselsnummer_valid,
)


def dk_cpr_valid(value: str) -> bool:
    """A Danish CPR number: the birth date as DDMMYY, then four digits, the first of which gives the century
    (0 to 3 the 1900s; 4 and 9 the 2000s up to '36; 5 to 8 the 2000s up to '57, else the 1800s). Its mod 11
    check was given up in 2007: the date is all that guards it."""
    digits = digits_of(value)
    if len(digits) != 10:
        return False
    day, month, yy, seventh = int(digits[0:2]), int(digits[2:4]), int(digits[4:6]), int(digits[6])
    if seventh <= 3:
        century = 1900
    elif seventh in (4, 9):
        century = 2000 if yy <= 36 else 1900
    else:
        century = 2000 if yy <= 57 else 1800
    return born(century + yy, month, day)


# No check: only right after "CPR" (in capitals, or with "nummer" or "nr.") or its long name, in the dashed shape
# or one run of ten: "CPR-nr. 150385-1234".
DK_CPR = Family(
    "dk-cpr",
    local_label(r"cpr[ -]?(?:nummeret|nummer|nr\.?)|personnummer[ ]\((?-i:CPR)\)|(?-i:CPR)", "er|is|ist"),
    value(r"(?<![\d-])\d{6}-?\d{4}"),
    dk_cpr_valid,
    ("cpr-n", "cprn", "cpr n", "personnummer (cpr)"),
    None,
    ("CPR",),
)

_FI_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"
_FI_CENTURIES = {"+": 1800, "-": 1900, "U": 1900, "V": 1900, "W": 1900, "X": 1900, "Y": 1900}
_FI_CENTURIES.update(dict.fromkeys("ABCDEF", 2000))


def fi_hetu_valid(value: str) -> bool:
    """A Finnish henkilötunnus: the birth date as DDMMYY, the century's sign (+ the 1800s; - or U to Y the
    1900s; A to F the 2000s), the individual's three digits (002 to 899) and a check character, the nine digits'
    remainder by 31 read from 0123456789ABCDEFHJKLMNPRSTUVWXY."""
    value = value.upper()
    if len(value) != 11 or value[6] not in _FI_CENTURIES or not (value[:6] + value[7:10]).isdigit():
        return False
    if not real_date(_FI_CENTURIES[value[6]] + int(value[4:6]), int(value[2:4]), int(value[:2])):
        return False
    if not 2 <= int(value[7:10]) <= 899:
        return False
    return _FI_CHECK[int(value[:6] + value[7:10]) % 31] == value[10]


FI_HETU = Family(
    "fi-henkilotunnus",
    label(
        r"""henkil[öo]tun(?:nus|nukse\w*|nusta)|hetu(?:ni|si|a|n)?|sotu(?:ni)?|personbeteckning(?:en)?
        |finnish[ ]personal[ ]identity[ ]code"""
    ),
    value(r"(?<![\w-])\d{6}[-+A-FU-Ya-fu-y]\d{3}[0-9A-Ya-y]"),
    fi_hetu_valid,
    ("henkilötun", "henkilotun", "hetu", "sotu", "personbeteckning", "identity code"),
    fi_hetu_valid,
)


def is_kennitala_valid(value: str) -> bool:
    """An Icelandic person's kennitala: the birth date as DDMMYY, two digits, a mod 11 check digit of the eight
    before weighted 3, 2, 7, 6, 5, 4, 3, 2, and the century's digit (9 the 1900s, 0 the 2000s). A
    company's has its day plus 40, and is no person's."""
    digits = digits_of(value)
    if len(digits) != 10 or digits[9] not in "90":
        return False
    century = 1900 if digits[9] == "9" else 2000
    if not real_date(century + int(digits[4:6]), int(digits[2:4]), int(digits[:2])):
        return False
    return _mod11_check(digits[:8], (3, 2, 7, 6, 5, 4, 3, 2)) == int(digits[8])


IS_KENNITALA = Family(
    "is-kennitala",
    label(r"kennit(?:ala|alan|ölu|ölunni|ala[ ]mín|alan[ ]mín)|(?-i:kt\.)|icelandic[ ]id(?:[ ]number)?"),
    value(r"(?<![\d-])\d{6}-?\d{4}"),
    is_kennitala_valid,
    ("kennit", "icelandic id"),
    is_kennitala_valid,
    ("kt.",),
)


def baltic_personal_code_valid(value: str) -> bool:
    """An Estonian isikukood or a Lithuanian asmens kodas: the century and sex (1 and 2 the 1800s, 3 and 4 the
    1900s, 5 and 6 the 2000s), the birth date as YYMMDD, three digits, and a mod 11 check digit of the ten,
    weighted 1 to 9 and 1, or where that leaves 10, 3 to 9 and 1 to 3, where that leaves 10 too, 0."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[0] not in "123456":
        return False
    century = 1800 + 100 * ((int(digits[0]) - 1) // 2)
    if not real_date(century + int(digits[1:3]), int(digits[3:5]), int(digits[5:7])):
        return False
    check = weighted_sum(digits[:10], (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)) % 11
    if check == 10:
        check = weighted_sum(digits[:10], (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)) % 11 % 10
    return check == int(digits[10])


EE_ISIKUKOOD = Family(
    "ee-isikukood",
    label(r"isikukood(?:i|iga|il|ist)?|(?-i:IK)|estonian[ ]personal[ ](?:identification[ ])?code"),
    value(r"(?<![\d-])[1-6]\d{10}"),
    baltic_personal_code_valid,
    ("isikukood", "estonian personal"),
    baltic_personal_code_valid,
    ("IK",),
)
LT_ASMENS_KODAS = Family(
    "lt-asmens-kodas",
    label(r"asmens[ ]kod(?:as|ą|o|u|ai)|(?-i:AK)|lithuanian[ ]personal[ ]code"),
    value(r"(?<![\d-])[1-6]\d{10}"),
    baltic_personal_code_valid,
    ("asmens kod", "lithuanian personal"),
    baltic_personal_code_valid,
)

_LV_WEIGHTS = (1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def lv_personas_kods_valid(value: str) -> bool:
    """A Latvian personas kods: the birth date as DDMMYY, the century's digit (0 the 1800s, 1 the 1900s, 2 the
    2000s), four digits, the last (1101 less the ten weighted 1, 6, 3, 7, 9, 10, 5, 8, 4, 2) mod 11."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[6] not in "012":
        return False
    century = 1800 + 100 * int(digits[6])
    if not real_date(century + int(digits[4:6]), int(digits[2:4]), int(digits[:2])):
        return False
    return (1101 - weighted_sum(digits[:10], _LV_WEIGHTS)) % 11 == int(digits[10])


def lv_personas_kods_said(value: str) -> bool:
    """A personas kods with its date and check, or one given since 2017, 32 and nine digits, which hold none."""
    digits = digits_of(value)
    return lv_personas_kods_valid(value) or (len(digits) == 11 and digits.startswith("32") and len(set(digits)) > 3)


LV_PERSONAS_KODS = Family(
    "lv-personas-kods",
    local_label(r"personas[ ]kod(?:s|u|a|am)|latvian[ ]personal[ ]code", "ir|is"),
    value(r"(?<![\d-])\d{6}-?\d{5}"),
    lv_personas_kods_said,
    ("personas kod", "latvian personal"),
    lv_personas_kods_valid,
)
