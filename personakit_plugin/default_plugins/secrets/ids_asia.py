"""Identity numbers of East and South-East Asia, their checks and labels: China's resident identity card number
(a region, a birth date and ISO 7064's mod 11-2 check character), Hong Kong's identity card (HKID: one or two
letters, six digits and a mod 11 check character), Taiwan's national identification number (a letter for the
place of issue, the sex, and a check digit), South Korea's resident registration number (a birth date, the sex
and century, and a check digit, which numbers given since October 2020 lack), Japan's individual number (My
Number, its mod 11 check digit), Thailand's national identification number (its mod 11 check digit); and after
their names, where no check is published, Indonesia's population number (NIK: a region and a birth date) and
Vietnam's citizen identity card number (CCCD: a province, the sex and century, and the year of birth); and
Kazakhstan's individual identification number (ИИН: a birth date, the century and sex, and a mod 11 check digit)."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    born,
    digits_of,
    local_label,
    short_year_date,
    unspaced_label,
    unspaced_value,
    value,
    weighted_sum,
)

_CN_WEIGHTS = tuple(2 ** (17 - position) % 11 for position in range(17))


def cn_resident_id_valid(value: str) -> bool:
    """A Chinese resident identity card number: the region of registration (six digits, the first 1 to 6 or 8),
    the birth date as YYYYMMDD, three digits (the last odd for a man) and ISO 7064's mod 11-2 check character
    of the seventeen (0 to 9, X for 10)."""
    compact = value.replace(" ", "").upper()
    if len(compact) != 18 or not compact[:17].isdigit() or compact[0] not in "1234568":
        return False
    if not born(int(compact[6:10]), int(compact[10:12]), int(compact[12:14])):
        return False
    check = (12 - weighted_sum(compact[:17], _CN_WEIGHTS) % 11) % 11
    return compact[17] == ("X" if check == 10 else str(check))


CN_RESIDENT_ID = Family(
    "cn-resident-id",
    unspaced_label(
        r"身份[证證](?:号码|号|號碼|號)?",
        r"是|为|為|：|:",
        r"shenfenzheng|chinese[ ](?:resident[ ])?id(?:[ ]card)?(?:[ ]number)?|resident[ ]identity[ ]card(?:[ ]number)?",
    ),
    unspaced_value(r"(?<![\dA-Za-z-])\d{6}([ ]?)(?:18|19|20)\d{6}\1\d{3}[\dXx]"),
    cn_resident_id_valid,
    ("身份证", "身份證", "shenfenzheng", "chinese id", "chinese resident", "resident identity card"),
    cn_resident_id_valid,
)


def hkid_valid(value: str) -> bool:
    """A Hong Kong identity card number: one or two capitals, six digits and a check character (0 to 9, A for
    10), 11 less the remainder by 11 of the letters (A 10 to Z 35; a single letter after a space, 36) and digits
    weighted 9 down to 2."""
    compact = value.replace(" ", "").replace("(", "").replace(")", "")
    if len(compact) not in (8, 9):
        return False
    letters = compact[:-7]
    if not letters.isalpha() or not compact[-7:-1].isdigit():
        return False
    values = [36] * (2 - len(letters)) + [ord(letter) - ord("A") + 10 for letter in letters]
    values += [int(digit) for digit in compact[-7:-1]]
    check = (11 - weighted_sum(values, range(9, 1, -1)) % 11) % 11
    return compact[-1] == ("A" if check == 10 else str(check))


# As the card prints it, the check character in brackets ("A123456(3)"), or without them.
HK_HKID = Family(
    "hk-hkid",
    unspaced_label(
        r"香港身份證(?:號碼)?",
        r"係|是|：|:",
        r"""(?-i:HKID)(?:[ ](?:card|number|no\.?|\#))?|hkid[ ](?:card|number|no\.?)
        |hong[ ]kong[ ]id(?:entity)?(?:[ ]card)?(?:[ ]number|[ ]no\.?)?""",
    ),
    unspaced_value(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}[ ]?(?:\([0-9A]\)|[0-9A])"),
    hkid_valid,
    ("hkid", "香港身份證", "hong kong id"),
    hkid_valid,
    ("HKID",),
)

# The place of issue's letter as the check reads it: A is 10, B 11, and so on, with I, O, W, X, Y, Z after.
_TW_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"


def tw_national_id_valid(value: str) -> bool:
    """A Taiwanese national identification number (or a resident certificate's since 2021): a capital for the
    place of issue, 1 or 2 for the sex (8 or 9 for a resident), seven digits and a check digit; the letter's two
    digits (A 10 to O 35, in the order ABCDEFGHJKLMNPQRSTUVXYWZIO) weighted 1 and 9, then the digits 8 down to
    1 and 1, summing to a multiple of 10."""
    if len(value) != 10 or value[0] not in _TW_LETTERS or value[1] not in "1289" or not value[1:].isdigit():
        return False
    letter = _TW_LETTERS.index(value[0]) + 10
    return (letter // 10 + letter % 10 * 9 + weighted_sum(value[1:], (8, 7, 6, 5, 4, 3, 2, 1, 1))) % 10 == 0


TW_NATIONAL_ID = Family(
    "tw-national-id",
    unspaced_label(
        r"身分證(?:字號|號碼|號)?|身份證字號|統一證號",
        r"是|：|:",
        r"taiwan(?:ese)?[ ](?:national[ ])?id(?:[ ](?:card|number|no\.?))*",
    ),
    unspaced_value(r"(?<![A-Za-z0-9])[A-Z][1289]\d{8}"),
    tw_national_id_valid,
    ("身分證", "身份證字號", "統一證號", "taiwan"),
    tw_national_id_valid,
)

_KR_CENTURIES = {"1": 1900, "2": 1900, "5": 1900, "6": 1900, "3": 2000, "4": 2000, "7": 2000, "8": 2000}


def kr_rrn_said(value: str) -> bool:
    """A South Korean resident registration number as its owner gives it: the birth date as YYMMDD, then the sex
    and century (1, 2, 5, 6 the 1900s; 3, 4, 7, 8 the 2000s) and six digits; those given since October 2020 end
    in no check digit."""
    digits = digits_of(value)
    century = _KR_CENTURIES.get(digits[6:7])
    return (
        len(digits) == 13
        and century is not None
        and born(century + int(digits[:2]), int(digits[2:4]), int(digits[4:6]))
    )


def kr_rrn_valid(value: str) -> bool:
    """A South Korean resident registration number given before October 2020: as `kr_rrn_said`, the last digit
    11 less the twelve weighted 2 to 9 and 2 to 5, by 11, by 10."""
    digits = digits_of(value)
    if not kr_rrn_said(value):
        return False
    return (11 - weighted_sum(digits[:12], (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)) % 11) % 10 == int(digits[12])


# Six and seven digits, a dash between them: "주민등록번호 900101-1234568". Further on in its sentence only
# with its check digit.
KR_RRN = Family(
    "kr-rrn",
    unspaced_label(
        r"주민(?:등록)?번호",
        r"는|은|:",
        r"(?-i:RRN)|resident[ ]registration[ ]number|korean[ ](?:resident[ ])?id(?:[ ]number)?",
    ),
    unspaced_value(r"(?<![\d-])\d{6}-?[1-8]\d{6}"),
    kr_rrn_said,
    ("주민", "resident registration", "korean"),
    kr_rrn_valid,
    ("RRN",),
)


def jp_my_number_valid(value: str) -> bool:
    """A Japanese individual number (My Number): twelve digits, the last 11 less the eleven's remainder by 11
    weighted 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2 (a remainder of 0 or 1 giving 0), not one digit repeated."""
    digits = digits_of(value)
    if len(digits) != 12 or len(set(digits)) == 1:
        return False
    remainder = weighted_sum(digits[:11], (6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11
    return (0 if remainder <= 1 else 11 - remainder) == int(digits[11])


# Twelve digits in fours or one run, right after its name: one check digit is all that guards it.
JP_MY_NUMBER = Family(
    "jp-my-number",
    unspaced_label(
        r"マイナンバー|個人番号",
        r"は|：|:",
        # With its Japanese name after it, as one explains it in another language: "my number (マイナンバー)".
        r"my[ ]?number(?:[ ]?[(（](?:マイナンバー|個人番号)[)）])?|individual[ ]number",
    ),
    unspaced_value(r"(?<![\d-])\d{4}([ -]?)\d{4}\1\d{4}"),
    jp_my_number_valid,
    ("マイナンバー", "個人番号", "my number", "mynumber", "individual number"),
)


def th_national_id_valid(value: str) -> bool:
    """A Thai national identification number: thirteen digits, the first 1 to 8 (the holder's kind), the last
    11 less the twelve's remainder by 11, weighted 13 down to 2, by 10."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[0] not in "12345678":
        return False
    return (11 - weighted_sum(digits[:12], range(13, 1, -1)) % 11) % 10 == int(digits[12])


# Thirteen digits in one run or as the card prints them, 1-4-5-2-1: "1 1037 02069 68 1".
TH_NATIONAL_ID = Family(
    "th-national-id",
    unspaced_label(
        r"เลข(?:ที่)?บัตร(?:ประจำตัว)?ประชาชน|เลขประจำตัวประชาชน|บัตรประชาชน",
        r"(?:ของ(?:ฉัน|ผม|หนู))?(?:[ ]?คือ)?|:",
        r"thai[ ](?:national[ ])?id(?:[ ]card)?(?:[ ]number|[ ]no\.?)?",
    ),
    unspaced_value(r"(?<![\d-])[1-8]([ -]?)\d{4}\1\d{5}\1\d{2}\1\d"),
    th_national_id_valid,
    ("บัตร", "ประจำตัวประชาชน", "thai id", "thai national"),
)


def id_nik_said(value: str) -> bool:
    """An Indonesian population number (NIK): the province (11 to 94), regency and district (four digits), the
    birth date as DDMMYY (the day plus 40 for a woman) and four digits; no check is published."""
    digits = digits_of(value)
    if len(digits) != 16 or not 11 <= int(digits[:2]) <= 94 or digits[12:] == "0000":
        return False
    day, month, yy = int(digits[6:8]), int(digits[8:10]), int(digits[10:12])
    day = day - 40 if day > 40 else day
    return short_year_date(yy, month, day)


# Only right after "NIK" in capitals or its long name, the number in one run or in fours.
ID_NIK = Family(
    "id-nik",
    local_label(r"(?-i:NIK)(?:[ ](?:saya|KTP|ktp))?|nomor[ ]induk[ ]kependudukan", "adalah|:|saya"),
    value(r"(?<![\d-])\d{4}([ ]?)\d{4}\1\d{4}\1\d{4}"),
    id_nik_said,
    ("induk kependudukan",),
    None,
    ("NIK",),
)


def vn_cccd_said(value: str) -> bool:
    """A Vietnamese citizen identity card number (CCCD): the province of birth (001 to 096), the sex and century
    (0 and 1 the 1900s, 2 and 3 the 2000s), the year of birth's two digits and six digits; no check is
    published."""
    digits = digits_of(value)
    return len(digits) == 12 and 1 <= int(digits[:3]) <= 96 and digits[3] in "0123" and len(set(digits[6:])) > 1


VN_CCCD = Family(
    "vn-cccd",
    local_label(
        r"""(?-i:CCCD)|s[ốo][ ](?:c[ăa]n[ ]c[ưu][ớo]c|đ[ịi]nh[ ]danh(?:[ ]c[áa][ ]nh[âa]n)?)
        |c[ăa]n[ ]c[ưu][ớo]c(?:[ ]c[ôo]ng[ ]d[âa]n)?""",
        "là|của[ ]tôi(?:[ ]là)?|:",
    ),
    value(r"(?<![\d-])0\d{2}([ ]?)\d{3}\1\d{3}\1\d{3}"),
    vn_cccd_said,
    ("căn cước", "can cuoc", "định danh", "dinh danh"),
    None,
    ("CCCD",),
)


def kz_iin_valid(value: str) -> bool:
    """A Kazakh individual identification number (ИИН, ЖСН): twelve digits, the birth date as YYMMDD, the
    century and sex (1 or 2 the 1800s, 3 or 4 the 1900s, 5 or 6 the 2000s), four digits and a check digit, the
    eleven weighted 1 to 11 by 11, or where that is 10 weighted 3 to 11, 1, 2 by 11, never 10; a firm's number
    (БИН) puts 4, 5 or 6 where the day's tens are and makes no date."""
    digits = digits_of(value)
    if len(digits) != 12 or digits[6] not in "123456":
        return False
    century = 1800 + 100 * ((int(digits[6]) - 1) // 2)
    if not born(century + int(digits[:2]), int(digits[2:4]), int(digits[4:6])):
        return False
    check = weighted_sum(digits[:11], range(1, 12)) % 11
    if check == 10:
        check = weighted_sum(digits[:11], (3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2)) % 11
    return check != 10 and check == int(digits[11])


KZ_IIN = Family(
    "kz-iin",
    local_label(
        r"""иин|жсн|(?-i:IIN)|индивидуальный[ ]идентификационный[ ]номер|жеке[ ]сәйкестендіру[ ]нөмірі
        |kazakh(?:stan)?[ ](?:iin|id[ ]number|personal[ ]number)""",
        "мой|менің|у[ ]меня|:|—|is",
    ),
    value(r"(?<![\d-])\d{12}"),
    kz_iin_valid,
    ("иин", "жсн", "iin", "идентификационный номер", "сәйкестендіру", "kazakh"),
    kz_iin_valid,
)
