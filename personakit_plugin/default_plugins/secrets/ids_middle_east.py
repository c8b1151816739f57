"""Identity numbers of Turkey, Israel, the United Arab Emirates, Saudi Arabia, Egypt, Iran, Kuwait and Jordan, their
checks and labels: Turkey's T.C. Kimlik No (two check digits), Israel's identity number (Teudat Zehut, Luhn's
check digit, after its name), the Emirates ID (784, the year of birth, seven digits and Luhn's check digit),
Saudi Arabia's national ID and residence permit (Iqama: 1 or 2 first, Luhn's check digit, after their names),
Egypt's national ID (the century, a birth date and a governorate, after its name: no check is published), Iran's
national code (کد ملی: its mod 11 check digit, after its name) and Kuwait's civil ID number (the century, a birth
date and a mod 11 check digit) and Jordan's national number (after its name: no check is published)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    label,
    local_label,
    value,
    weighted_sum,
)


def tr_kimlik_valid(value: str) -> bool:
    """A Turkish identity number (T.C. Kimlik No): eleven digits, the first not 0, the tenth seven times the sum
    of the odd places less the sum of the even ones (of the nine first), by 10, the eleventh the ten's sum by
    10."""
    digits = [int(digit) for digit in digits_of(value)]
    if len(digits) != 11 or digits[0] == 0:
        return False
    if (7 * sum(digits[0:9:2]) - sum(digits[1:8:2])) % 10 != digits[9]:
        return False
    return sum(digits[:10]) % 10 == digits[10]


TR_KIMLIK = Family(
    "tr-kimlik",
    label(
        r"""t\.?[ ]?c\.?[ ]kimlik(?:[ ](?:no\.?|numaras[ıi]|numaram|numarası|numaram[ıi]z))?
        |kimlik[ ]numara(?:s[ıi]|m|n[ıi]z)?
        |kimlik[ ]no\.?|(?-i:TCKN)|t\.?c\.?[ ](?:no\.?|number|numaras[ıi]|numaram)
        |turkish[ ](?:national[ ])?id(?:[ ]number)?"""
    ),
    value(r"(?<![\d-])[1-9]\d{10}"),
    tr_kimlik_valid,
    ("kimlik", "tckn", "tc n", "t.c. n", "turkish"),
    tr_kimlik_valid,
)


def il_id_valid(value: str) -> bool:
    """An Israeli identity number (Teudat Zehut): up to nine digits (padded with 0 to nine), the last Luhn's
    check digit, not one digit repeated."""
    digits = digits_of(value).rjust(9, "0")
    return len(digits) == 9 and len(set(digits)) > 1 and digits != "0" * 9 and luhn_valid(digits)


# Nine digits, sometimes a dash before the check digit, right after its name: "ת.ז. 039337423".
IL_TEUDAT_ZEHUT = Family(
    "il-teudat-zehut",
    local_label(
        r"""ת\.?ז\.?|ת["״]ז|תעודת[ ]זהות|מספר[ ]זהות|מס['׳][ ]זהות|teudat[ ]zehut|te['’]?udat[ ]zehut
        |israeli[ ]id(?:[ ]number)?""",
        "שלי|:|הוא|is",
    ),
    value(r"(?<![\d-])\d{8}-?\d"),
    il_id_valid,
    ("ת", "zehut", "israeli id"),
)


def emirates_id_valid(value: str) -> bool:
    """An Emirates ID: 784 (the country's code), the year of birth, seven digits and Luhn's check digit."""
    digits = digits_of(value)
    return len(digits) == 15 and digits.startswith("784") and 1900 <= int(digits[3:7]) <= 2099 and luhn_valid(digits)


# As the card prints it, "784-1985-1234567-1", or in one run.
AE_EMIRATES_ID = Family(
    "ae-emirates-id",
    label(
        r"emirates[ ]id(?:[ ](?:card|number|no\.?))*|(?-i:EID)(?:[ ](?:number|no\.?))?|رقم[ ]الهوية(?:[ ]الإماراتية)?"
    ),
    value(r"(?<![\d-])784([ -]?)(?:19|20)\d{2}\1\d{7}\1\d"),
    emirates_id_valid,
    ("emirates id", "رقم الهوية"),
    emirates_id_valid,
    ("EID",),
)


def sa_id_valid(value: str) -> bool:
    """A Saudi national ID (1 first) or residence permit, the Iqama (2 first): ten digits, the last Luhn's check
    digit."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] in "12" and len(set(digits[1:])) > 1 and luhn_valid(digits)


SA_NATIONAL_ID = Family(
    "sa-national-id",
    local_label(
        r"""iqama(?:[ ](?:number|no\.?|id))?|saudi[ ](?:national[ ])?id(?:[ ]number)?|رقم[ ]الإقامة|رقم[ ]الاقامة
        |رقم[ ]الهوية(?:[ ]الوطنية)?|الهوية[ ]الوطنية|هويتي|اقامتي|إقامتي""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[12]\d{9}"),
    sa_id_valid,
    ("iqama", "saudi", "الإقامة", "الاقامة", "الهوية", "هويتي", "اقامتي", "إقامتي"),
)

_EG_GOVERNORATES = frozenset(
    (1, 2, 3, 4, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 88)
)


def eg_national_id_said(value: str) -> bool:
    """An Egyptian national ID: fourteen digits, the century (2 the 1900s, 3 the 2000s), the birth date as
    YYMMDD, the governorate of birth (01 to 04, 11 to 35, 88 abroad), four digits and one more; no check is
    published."""
    digits = digits_of(value)
    if len(digits) != 14 or digits[0] not in "23" or int(digits[7:9]) not in _EG_GOVERNORATES:
        return False
    return born((1900 if digits[0] == "2" else 2000) + int(digits[1:3]), int(digits[3:5]), int(digits[5:7]))


EG_NATIONAL_ID = Family(
    "eg-national-id",
    local_label(
        r"""الرقم[ ]القومي|رقم(?:ي)?[ ]القومي|رقمي[ ]القومي|egyptian[ ](?:national[ ])?id(?:[ ]number)?
        |national[ ]id(?:[ ](?:number|no\.?|card[ ]number))?|raqam[ ]qawmi""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[23]\d{13}"),
    eg_national_id_said,
    ("القومي", "egyptian", "national id", "qawmi"),
)


def ir_national_code_valid(value: str) -> bool:
    """An Iranian national code (کد ملی): ten digits, not one repeated, the nine first weighted 10 down to 2 and
    taken by 11, the last that remainder where it is under 2, else 11 less it."""
    digits = digits_of(value)
    if len(digits) != 10 or not len(set(digits)) > 1:
        return False
    remainder = weighted_sum(digits[:9], range(10, 1, -1)) % 11
    return int(digits[9]) == (remainder if remainder < 2 else 11 - remainder)


# Only right after its name: one check digit guards it. In one run or as the card prints it, "008-457594-8", in
# Latin or Persian digits; its name with the Persian letters or the Arabic ones a keyboard may give ("كد ملي").
IR_NATIONAL_CODE = Family(
    "ir-national-code",
    local_label(
        r"""[کك]د[ ]?مل[یي](?:[ ]?ام|م)?|شماره[ ]مل[یي](?:[ ]?ام|م)?|code[ ]?melli|melli[ ]code
        |(?:iranian[ ])?national[ ]code|iranian[ ]national[ ]id(?:[ ]number)?""",
        "من|:|is",
    ),
    value(r"(?<![\d-])\d{3}(-?)\d{6}\1\d"),
    ir_national_code_valid,
    ("ملی", "ملي", "melli", "national code", "iranian national"),
)


def kw_civil_id_valid(value: str) -> bool:
    """A Kuwaiti civil ID number (الرقم المدني): twelve digits, the century (1 the 1800s, 2 the 1900s, 3 the
    2000s), the birth date as YYMMDD, four digits and a check digit, 11 less the eleven before weighted 2, 1,
    6, 3, 7, 9, 10, 5, 8, 4, 2 by 11 (never 10 nor 11)."""
    digits = digits_of(value)
    if len(digits) != 12 or digits[0] not in "123":
        return False
    if not born(1700 + 100 * int(digits[0]) + int(digits[1:3]), int(digits[3:5]), int(digits[5:7])):
        return False
    return 11 - weighted_sum(digits[:11], (2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)) % 11 == int(digits[11])


KW_CIVIL_ID = Family(
    "kw-civil-id",
    local_label(
        r"""(?:kuwaiti[ ])?civil[ ](?:id|number)(?:[ ](?:card[ ])?(?:number|no\.?))?|الرقم[ ]المدني|رقمي[ ]المدني
        |رقم[ ]مدني|(?:رقم[ ])?البطاقة[ ]المدنية""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[123]\d{11}"),
    kw_civil_id_valid,
    ("civil id", "civil number", "المدني", "مدني", "المدنية"),
    kw_civil_id_valid,
)


# Jordan's national number (الرقم الوطني): ten digits, 9 first for one born in the 1900s, 2 since; no check is
# published: only right after its name.
JO_NATIONAL_NUMBER = Family(
    "jo-national-number",
    local_label(
        r"""الرقم[ ]الوطني|رقمي[ ]الوطني|jordanian[ ]national[ ](?:number|id)""",
        "is|:|هو",
    ),
    value(r"(?<![\d-])[29]\d{9}"),
    lambda number: len(set(number)) > 1,
    ("الوطني", "jordanian"),
)
