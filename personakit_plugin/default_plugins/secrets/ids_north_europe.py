"""Identity numbers of northern Europe, their checks and labels: the UK National Insurance number, the
German tax id (Steuer-ID), social insurance number and health insurance number (KVNR), the Dutch BSN, the
Belgian national register number and health insurance fund (mutualité) member number, the Austrian social
insurance number, the Swiss AHV number (anywhere, in its dotted shape), the Irish PPS number, the UK Unique
Taxpayer Reference (UTR) and the Luxembourg national identification number (matricule).
"""

from __future__ import annotations

from collections import Counter

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.ids_india_africa import verhoeff_valid
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    digits_of,
    label,
    mod_11_10_valid,
    real_date,
    value,
    weighted_sum,
)
from personakit_plugin.default_plugins.secrets.years import DAY_MONTH_YEAR

_NINO_FIRST = frozenset("ABCEGHJKLMNOPRSTWXYZ")
_NINO_SECOND = frozenset("ABCEGHJKLMNPRSTWXYZ")
_NINO_NOT_ISSUED = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})


def nino_valid(value: str) -> bool:
    """A UK National Insurance number: a prefix HMRC issues, six digits, a suffix A to D."""
    compact = value.replace(" ", "").upper()
    prefix = compact[:2]
    return (
        prefix[0] in _NINO_FIRST
        and prefix[1] in _NINO_SECOND
        and prefix not in _NINO_NOT_ISSUED
        and compact[2:8].isdigit()
        and compact[8] in "ABCD"
    )


def steuer_id_valid(value: str) -> bool:
    """A German tax id (Steuer-ID): eleven digits, no leading zero, one digit twice or thrice among the
    first ten and the others once, and the ISO 7064 MOD 11,10 check digit last."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[0] == "0":
        return False
    counts = sorted(Counter(digits[:10]).values(), reverse=True)
    if counts[0] not in (2, 3) or counts[1:] != [1] * (len(counts) - 1):
        return False
    return mod_11_10_valid(digits)


def bsn_valid(value: str) -> bool:
    """A Dutch citizen service number (BSN): nine digits passing the eleven test (weights 9 to 2, the
    last digit -1)."""
    digits = digits_of(value)
    if len(digits) != 9 or digits == "0" * 9:
        return False
    total = weighted_sum(digits[:8], range(9, 1, -1)) - int(digits[8])
    return total % 11 == 0


_SV_WEIGHTS = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)


def sv_number_valid(value: str) -> bool:
    """A German social insurance number (Rentenversicherungsnummer): area, date of birth, the initial
    of the birth name, serial and the check digit of its weights 2-1-2-5-7-1-2-1-2-1-2-1."""
    compact = value.replace(" ", "").upper()
    if len(compact) != 12 or not (compact[:8].isdigit() and compact[8].isalpha() and compact[9:].isdigit()):
        return False
    if not (1 <= int(compact[4:6]) <= 12 and 1 <= int(compact[2:4]) <= 31):
        return False
    sequence = compact[:8] + f"{ord(compact[8]) - 64:02d}" + compact[9:11]
    total = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(sequence, _SV_WEIGHTS, strict=True))
    return total % 10 == int(compact[11])


def be_national_number_valid(value: str) -> bool:
    """A Belgian national register number: eleven digits, the last two 97 less the first nine modulo 97
    (with a 2 before them for those born from 2000)."""
    digits = digits_of(value)
    if len(digits) != 11:
        return False
    check = int(digits[9:])
    return any(97 - int(prefix + digits[:9]) % 97 == check for prefix in ("", "2"))


UK_NATIONAL_INSURANCE = Family(
    "uk-national-insurance-number",
    label(r"ni[ ](?:number|no\.?|\#)|nino|national[ ]insurance(?:[ ](?:number|no\.?|\#))?"),
    value(r"(?<![A-Za-z0-9])[A-Za-z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-Da-d]"),
    nino_valid,
    ("ni ", "nino", "insurance"),
    nino_valid,
)


DE_STEUER_ID = Family(
    "de-steuer-id",
    label(
        r"""steuer-?id(?:entifikationsnummer)?|steuer-?identifikations-?nummer|identifikationsnummer|idnr\.?
        |steuerliche[ ]id(?:entifikationsnummer)?|steuer-?nummer(?:-?id)?|steuer-?nr\.?|tax[ ]id(?:[ ]number)?"""
    ),
    # Grouped as the letters print it (2-3-3-3) or in threes from the left (3-3-3-2).
    value(r"(?<![\d])(?:\d{2}[ /.-]?\d{3}[ /.-]?\d{3}[ /.-]?\d{3}|\d{3}[ /.-]?\d{3}[ /.-]?\d{3}[ /.-]?\d{2})"),
    steuer_id_valid,
    ("steuer", "identifikation", "idnr", "tax"),
    steuer_id_valid,
)


NL_BSN = Family(
    "nl-bsn",
    label(r"bsn(?:-?nummer)?|burgerservicenummer|sofi-?nummer"),
    value(r"(?<![\d-])\d{4}[ .]?\d{2}[ .]?\d{3}|(?<![\d-])\d{3}[ .]?\d{3}[ .]?\d{3}"),
    bsn_valid,
    ("bsn", "burgerservice", "sofi"),
    bsn_valid,
)


BE_NATIONAL_NUMBER = Family(
    "be-national-number",
    label(
        r"""rijksregister-?nummer|rijksregister|nationaal[ ]nummer|num[ée]ro[ ]national|registre[ ]national
        |national[ ](?:register|registry)[ ]number|insz(?:-?nummer)?|niss"""
    ),
    value(r"(?<![\d-])\d{2}[ .]?\d{2}[ .]?\d{2}[ .-]?\d{3}[ .]?\d{2}"),
    be_national_number_valid,
    ("rijksregister", "nationaal", "national", "insz", "niss"),
    be_national_number_valid,
)


# A member's number at a Belgian health insurance fund (mutualité, ziekenfonds), three, seven and two digits
# as its card prints them: "numéro de mutuelle c'est 162-5530921-07", "lidnummer bij de CM is 301-8841207-55".
# No check anyone publishes, so only right after its name, and a plain "lidnummer" only where a fund is named
# ("mijn lidnummer bij de tennisclub is ..." is stored).
BE_MUTUALITY_MEMBER = Family(
    "be-mutuality-member-number",
    label(
        r"""num[ée]ro[ ](?:de[ ]|d['’])(?:mutuelle|mutualit[ée]|affili[ée])
        |lidnummer(?:[ ](?:bij|van)[ ](?:de|het|mijn)[ ](?:ziekenfonds|mutualiteit|(?-i:CM)))?
        |(?:ziekenfonds|mutualiteits?)-?nummer|aansluitingsnummer"""
    ),
    value(r"(?<![\d-])\d{3}([ /-])\d{7}\1\d{2}"),
    lambda candidate: True,
    ("mutuelle", "mutualit", "ziekenfonds", "affili"),
    None,
    ("CM",),
)


DE_SOCIAL_INSURANCE = Family(
    "de-social-insurance-number",
    label(
        r"""sozialversicherungs-?nummer|rentenversicherungs-?nummer|versicherungsnummer|sv-?nummer|rv-?nummer
        |sv-?nr\.?|rv-?nr\.?"""
    ),
    value(r"(?<![A-Za-z0-9])\d{2}[ ]?\d{6}[ ]?[A-Za-z][ ]?\d{3}"),
    sv_number_valid,
    ("versicherungs", "sv", "rv"),
    sv_number_valid,
)


def kvnr_valid(value: str) -> bool:
    """A German health insurance number (Krankenversichertennummer): a capital and nine digits, the last the
    check digit of the letter's place in the alphabet (two digits) and the eight before it, weighted 1 and 2
    by turns, the digits of each product added."""
    compact = value.replace(" ", "")
    if len(compact) != 10 or not compact[1:].isdigit():
        return False
    sequence = f"{ord(compact[0]) - 64:02d}" + compact[1:9]
    total = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(sequence, (1, 2) * 5, strict=True))
    return total % 10 == int(compact[9])


# The number on a German health insurance card: "Versichertennummer M527198304", "KVNR A123456780". A capital
# and nine digits is no other number's shape, and the check guards it further on in its sentence too.
DE_HEALTH_INSURANCE = Family(
    "de-health-insurance-number",
    label(r"(?:kranken)?versicherten-?(?:nummer|nr\.?)|kvnr|kv-?nummer|health[ ]insurance[ ](?:number|no\.?)"),
    value(r"(?<![A-Za-z0-9])[A-Z][ ]?\d{9}"),
    kvnr_valid,
    ("versicherten", "kvnr", "kv-nummer", "kvnummer", "health insurance"),
    kvnr_valid,
)


def nhs_valid(value: str) -> bool:
    """A UK NHS number: ten digits, the last the mod 11 check of the first nine (weights 10 to 2). Written as six
    and four, it is a Scottish CHI number, its six the holder's birth date (DDMMYY)."""
    digits = digits_of(value)
    if len(digits) != 10 or len(set(digits)) == 1:
        return False
    if value[6:7] in (" ", "-") and DAY_MONTH_YEAR.fullmatch(value[:6]) is None:
        return False
    check = 11 - weighted_sum(digits[:9], range(10, 1, -1)) % 11
    return check != 10 and check % 11 == int(digits[9])


UK_NHS_NUMBER = Family(
    "uk-nhs-number",
    label(r"nhs(?:[ ](?:number|no\.?|\#))?|chi[ ](?:number|no\.?)"),
    value(r"(?<![\d-])(?:\d{3}([ -]?)\d{3}\1\d{4}|\d{6}[ -]\d{4})"),
    nhs_valid,
    ("nhs", "chi "),
    nhs_valid,
)


def at_sv_number_valid(value: str) -> bool:
    """An Austrian social insurance number: ten digits, a serial of three, its check digit fourth (the
    weighted sum of the other nine, 3 7 9 and 5 8 4 2 1 6, modulo 11), then a birth date DDMMYY."""
    digits = digits_of(value)
    if len(digits) != 10 or digits[0] == "0":
        return False
    weighted = weighted_sum(digits[:3] + digits[4:], (3, 7, 9, 5, 8, 4, 2, 1, 6))
    day, month = int(digits[4:6]), int(digits[6:8])
    return weighted % 11 == int(digits[3]) and 1 <= day <= 31 and 1 <= month <= 12


AT_SOCIAL_INSURANCE = Family(
    "at-social-insurance-number",
    label(
        r"""sozialversicherungs-?nummer|versicherungsnummer|sv-?nummer|sv-?nr\.?|svnr|e-?card-?nummer
        |(?:österreichische|austrian)[ ]social[ ]insurance[ ]number"""
    ),
    value(r"(?<![A-Za-z0-9])\d{4}[ ]?\d{6}"),
    at_sv_number_valid,
    ("versicherungs", "sv", "e-card", "ecard", "austrian"),
    at_sv_number_valid,
)


def ahv_valid(value: str) -> bool:
    """A Swiss AHV (AVS) number: thirteen digits, 756 first, an EAN-13 check digit last."""
    digits = digits_of(value)
    if len(digits) != 13 or not digits.startswith("756"):
        return False
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


# Printed on the insurance card in groups, 756.1234.5678.97: a shape only it has, so it is one anywhere.
_AHV_DOTTED = lazy_pattern(r"(?<![\d.])756\.\d{4}\.\d{4}\.\d{2}(?![\d]|\.\d)")


def ahv_anywhere(text: str) -> bool:
    return "756." in text and any(ahv_valid(match.group()) for match in _AHV_DOTTED.finditer(text))


CH_AHV = Family(
    "ch-ahv-number",
    label(r"ahv(?:-?(?:nummer|nr\.?))?|avs|num[ée]ro[ ]avs|sozialversicherungs-?nummer|versichertennummer"),
    value(r"(?<![\d.])756[ .]?\d{4}[ .]?\d{4}[ .]?\d{2}"),
    ahv_valid,
    ("ahv", "avs", "versicher"),
    ahv_valid,
)


def pps_valid(value: str) -> bool:
    """An Irish PPS number: seven digits, a check letter (the digits weighted 8 to 2, and a second
    letter's place in the alphabet weighted 9, modulo 23; W is 0), perhaps a second letter."""
    compact = value.replace(" ", "").upper()
    digits, letters = compact[:7], compact[7:]
    total = weighted_sum(digits, range(8, 1, -1))
    if len(letters) == 2 and letters[1] != "W":
        total += (ord(letters[1]) - 64) * 9
    remainder = total % 23
    return letters[0] == ("W" if remainder == 0 else chr(64 + remainder))


IE_PPS = Family(
    "ie-pps-number",
    label(r"ppsn?(?:[ ](?:number|no\.?|\#))?|personal[ ]public[ ]service(?:[ ]number)?"),
    value(r"(?<![A-Za-z0-9])\d{7}[ ]?[A-Wa-w][A-IWa-iw]?(?![A-Za-z0-9])"),
    pps_valid,
    ("pps", "personal public service"),
    pps_valid,
)


_UTR_WEIGHTS = (6, 7, 8, 9, 10, 5, 4, 3, 2)
_UTR_CHECKS = "21987654321"
_UTR_DIGITS = 10


def utr_valid(value: str) -> bool:
    """A UK Unique Taxpayer Reference: ten digits, not all the same. Its check (the first digit) is read
    only for a number further on in its label's sentence (`utr_checked`)."""
    digits = digits_of(value)
    return len(digits) == _UTR_DIGITS and len(set(digits)) > 1


def utr_checked(value: str) -> bool:
    """And one whose first digit is the check of the other nine (weights 6 to 10 and 5 to 2, modulo 11),
    which chance makes once in eleven or so: "utr for the tax return is ...", past words that do not join."""
    digits = digits_of(value)
    total = weighted_sum(digits[1:], _UTR_WEIGHTS)
    return _UTR_CHECKS[total % 11] == digits[0]


# "UTR" alone names the UK's: India's payment UTR (a transfer's reference) has twelve digits or more.
UK_UTR = Family(
    "uk-utr",
    label(
        r"""utr(?:[ ](?:number|no\.?|\#))?|unique[ ]tax(?:payer)?[ ]reference(?:[ ]number)?
        |self[ -]assessment[ ](?:utr|reference)"""
    ),
    value(r"(?<![\d-])\d{5}[ ]?\d{5}"),
    utr_valid,
    ("utr", "unique tax", "assessment"),
    utr_checked,
)


def lu_matricule_valid(value: str) -> bool:
    """A Luxembourg national identification number (matricule): thirteen digits, the birth date as YYYYMMDD, three
    of a serial, then Luhn's check digit and Verhoeff's check digit of the eleven first."""
    digits = digits_of(value)
    if len(digits) != 13 or not real_date(int(digits[:4]), int(digits[4:6]), int(digits[6:8])):
        return False
    return luhn_valid(digits[:12]) and verhoeff_valid(digits[:11] + digits[12])


# The Luxembourg matricule after its name, in one run or as the CNS card prints it, in fours and five: "mon
# matricule c'est 1989 0412 75700". Its two checks and its date guard it further on in its sentence too.
LU_MATRICULE = Family(
    "lu-matricule",
    label(r"matricule|num[ée]ro[ ]d['’]identification(?:[ ]national)?|identifiant[ ]national|(?-i:CNS)"),
    value(r"(?<![\d-])\d{4}([ ]?)\d{4}\1\d{5}"),
    lu_matricule_valid,
    ("matricule", "identification", "identifiant national"),
    lu_matricule_valid,
    ("CNS",),
)
