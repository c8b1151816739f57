"""Identity and bank numbers: an assistant never needs them to help its owner, so none is stored.

Each family is recognised by its structure and, where it has one, its checksum: an IBAN anywhere
(`ibans`); an Italian codice fiscale anywhere (its check letter); and after their label, or just before it
("151-90-0769 is my SSN"): a US Social Security number (no area 000, 666 or 900-999, no group 00, no
serial 0000) and ITIN (area 9, the IRS's groups), a UK National Insurance number (the prefixes HMRC
issues, a suffix A to D), a German Steuer-ID (one digit twice or thrice in the first ten, the ISO 7064
check digit), a German ID card number (its alphabet and, with ten characters, its 7-3-1 check digit),
an Italian electronic ID card, a French ID card (twelve digits, or nine letters and digits), a Spanish
DNI or NIE (its check letter), a French NIR (its key), a Dutch BSN (the eleven test), a Portuguese NIF
(mod 11), a Canadian SIN (Luhn), Spanish and German social security numbers (their checks), a US
EIN (the IRS's prefixes), a Belgian national register number (mod 97), a French tax number (SPI,
thirteen digits), a passport number (seven to ten letters and digits), a driving licence number, a
routing number (the ABA checksum) and a bank account number (six to twenty digits). Between a label
and its value only a few words that join them may stand ("my checking account number is ...", "el
número de mi pasaporte es ..."), so that "the account manager's phone is 020 7946 0958" is no account
number; a value chance rarely makes (`_Family.far`) may stand anywhere further on in the label's
sentence, within `_FAR_WINDOW` characters.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets.ibans import iban_anywhere
from personakit_plugin.default_plugins.secrets.lazy import LazyPattern, lazy_pattern

# --- Italian codice fiscale, anywhere -------------------------------------------------------------

_CODICE_FISCALE = lazy_pattern(
    r"(?<![A-Za-z0-9])[A-Za-z]{6}\d{2}[ABCDEHLMPRSTabcdehlmprst]\d{2}[A-Za-z]\d{3}[A-Za-z](?![A-Za-z0-9])"
)
# The value of a character in an odd place of a codice fiscale (the first, third ...), digits then letters.
_CF_ODD = dict(
    zip(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        map(
            int, "1 0 5 7 9 13 15 17 19 21 1 0 5 7 9 13 15 17 19 21 2 4 18 20 11 3 6 8 12 14 16 10 22 25 24 23".split()
        ),
        strict=True,
    )
)


def codice_fiscale_valid(code: str) -> bool:
    """Whether an Italian codice fiscale ends in its check letter."""
    code = code.upper()
    total = sum(
        _CF_ODD[ch] if i % 2 == 0 else (int(ch) if ch.isdigit() else ord(ch) - 65) for i, ch in enumerate(code[:15])
    )
    return chr(65 + total % 26) == code[15]


def _codice_fiscale_anywhere(text: str) -> bool:
    return any(codice_fiscale_valid(match.group()) for match in _CODICE_FISCALE.finditer(text))


# --- Checks of the numbers said with their label ----------------------------------------------------


def _digits(value: str) -> str:
    return "".join(ch for ch in value if ch.isdigit())


def itin_valid(value: str) -> bool:
    """A US Individual Taxpayer Identification Number: nine digits, the first 9, the fourth and fifth
    one of the groups the IRS issues (50-65, 70-88, 90-92, 94-99)."""
    digits = _digits(value)
    if len(digits) != 9 or digits[0] != "9":
        return False
    group = int(digits[3:5])
    return 50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92 or 94 <= group <= 99


def ssn_valid(value: str) -> bool:
    """A US Social Security number as the SSA issues them: no area 000, 666 or 900-999, no group 00, no serial 0000."""
    digits = _digits(value)
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return len(digits) == 9 and area not in {"000", "666"} and area[0] != "9" and group != "00" and serial != "0000"


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
    digits = _digits(value)
    if len(digits) != 11 or digits[0] == "0":
        return False
    counts = sorted(Counter(digits[:10]).values(), reverse=True)
    if counts[0] not in (2, 3) or counts[1:] != [1] * (len(counts) - 1):
        return False
    product = 10
    for digit in digits[:10]:
        total = (int(digit) + product) % 10 or 10
        product = total * 2 % 11
    return (11 - product) % 10 == int(digits[10])


_ID_CARD_ALPHABET = frozenset("CFGHJKLMNPRTVWXYZ0123456789")
_ITALIAN_ID_CARD = lazy_pattern(r"[A-Z]{2}\d{5}[A-Z]{2}")


def id_card_valid(value: str) -> bool:
    """A German ID card number (nine characters of its alphabet, a digit among them; with a tenth, the
    7-3-1 check digit), an Italian electronic ID card number (two letters, five digits, two letters), or
    a French one (twelve digits, the year and month of issue first; or, since 2021, nine or twelve
    letters and digits, two digits at least)."""
    compact = value.upper()
    if _ITALIAN_ID_CARD.fullmatch(compact):
        return True
    if len(compact) == 12 and compact.isdigit():
        return 1 <= int(compact[2:4]) <= 12
    if len(compact) == 12 and not compact.isdigit() and sum(ch.isdigit() for ch in compact) >= 2:
        return True
    if len(compact) == 9 and not compact.isalpha() and sum(ch.isdigit() for ch in compact) >= 2:
        return True
    if len(compact) not in (9, 10) or not set(compact) <= _ID_CARD_ALPHABET or compact.isalpha():
        return False
    if len(compact) == 9:
        return True
    weights = (7, 3, 1) * 3
    total = sum(
        (int(ch) if ch.isdigit() else ord(ch) - 55) * weight for ch, weight in zip(compact, weights, strict=False)
    )
    return compact[9].isdigit() and total % 10 == int(compact[9])


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
# What may stand between a DNI's digits and its letter, or in its number: "78235139-H", "07706989 letra
# B", "79.987.672-C", "X-1234567-L".
_DNI_BETWEEN = lazy_pattern(r"[ ,.-]|letra|lettre|letter", re.IGNORECASE)


def dni_valid(value: str) -> bool:
    """A Spanish DNI (eight digits) or NIE (X, Y or Z and seven digits) and its check letter."""
    compact = _DNI_BETWEEN.sub(lambda _: "", value).upper()
    number = compact[:-1]
    if number[0] in "XYZ":
        number = str("XYZ".index(number[0])) + number[1:]
    return number.isdigit() and len(number) == 8 and _DNI_LETTERS[int(number) % 23] == compact[-1]


def nir_valid(value: str) -> bool:
    """A French social security number (NIR): sex 1 or 2, a month 01 to 12 (or 20 and over for a
    missing record), and its key, 97 less the first thirteen digits modulo 97."""
    digits = _digits(value)
    if len(digits) != 15 or digits[0] not in "12":
        return False
    return 97 - int(digits[:13]) % 97 == int(digits[13:])


_DATE = lazy_pattern(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


def passport_valid(value: str) -> bool:
    """A passport number: seven to ten letters and digits, a digit at least, not a date (20310512); with
    one digit only, in capitals ("JZZ4PNZNV", "C767270")."""
    digits = sum(ch.isdigit() for ch in value)
    if not (7 <= len(value) <= 10 and digits >= 1) or _DATE.fullmatch(value):
        return False
    return digits >= 2 or value.isupper()


# A British licence: five letters of the surname (9 for the missing), six digits of the birth date (the
# month's first digit plus 5 for a woman), two initials, a digit and two check letters ("MORGA753116SM9IJ").
_UK_LICENCE = lazy_pattern(r"[A-Z9]{5}\d[0156]\d[0-3]\d{2}[A-Z9]{2}\d[A-Z0-9]{2}(?:\d{2})?")


def licence_valid(value: str) -> bool:
    """A driving licence number: eight to eighteen letters and digits, three digits at least, not a date;
    in groups, a digit in each ("D123-4567-8901", not "expires in 2031")."""
    groups = value.replace("-", " ").split()
    compact = "".join(groups)
    digits = sum(ch.isdigit() for ch in compact)
    if _UK_LICENCE.fullmatch(compact.upper()):
        return True
    if len(groups) > 1 and not all(any(ch.isdigit() for ch in group) for group in groups):
        return False
    return 8 <= len(compact) <= 18 and digits >= 3 and compact.isalnum() and not _DATE.fullmatch(compact)


def routing_valid(value: str) -> bool:
    """An ABA routing number: nine digits from a Federal Reserve range, weights 3-7-1 summing to a multiple of 10."""
    digits = _digits(value)
    district = int(digits[:2]) if len(digits) == 9 else -1
    if not (0 <= district <= 12 or 21 <= district <= 32 or 61 <= district <= 72 or district == 80):
        return False
    return sum(int(d) * w for d, w in zip(digits, (3, 7, 1) * 3, strict=True)) % 10 == 0


def bsn_valid(value: str) -> bool:
    """A Dutch citizen service number (BSN): nine digits passing the eleven test (weights 9 to 2, the
    last digit -1)."""
    digits = _digits(value)
    if len(digits) != 9 or digits == "0" * 9:
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True)) - int(digits[8])
    return total % 11 == 0


def nif_pt_valid(value: str) -> bool:
    """A Portuguese tax number (NIF): nine digits, the first 1, 2, 3, 5, 6, 8 or 9, its mod 11 check digit last."""
    digits = _digits(value)
    if len(digits) != 9 or digits[0] not in "1235689":
        return False
    remainder = sum(int(d) * w for d, w in zip(digits[:8], range(9, 1, -1), strict=True)) % 11
    return (0 if remainder < 2 else 11 - remainder) == int(digits[8])


def sin_valid(value: str) -> bool:
    """A Canadian Social Insurance Number: nine digits, not starting with 0 or 8, passing Luhn."""
    digits = _digits(value)
    if len(digits) != 9 or digits[0] in "08":
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def nss_es_valid(value: str) -> bool:
    """A Spanish social security number (NSS): twelve digits, a province 01 to 53 and 66, the last two
    the first ten modulo 97 (the number read with or without its leading zeros)."""
    digits = _digits(value)
    if len(digits) != 12 or not (1 <= int(digits[:2]) <= 53 or digits[:2] == "66"):
        return False
    number = int(digits[2:10])
    candidates = {int(digits[:10]), int(digits[:2] + str(number)) if number < 10_000_000 else int(digits[:10])}
    return any(candidate % 97 == int(digits[10:]) for candidate in candidates)


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


def cpf_valid(value: str) -> bool:
    """A Brazilian CPF: eleven digits, not one repeated, the last two the mod 11 check digits of those before
    (weights 10 to 2, then 11 to 2)."""
    digits = [int(d) for d in _digits(value)]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for count in (9, 10):
        total = sum(d * w for d, w in zip(digits[:count], range(count + 1, 1, -1), strict=True))
        if total * 10 % 11 % 10 != digits[count]:
            return False
    return True


_CITIZEN_CARD = lazy_pattern(r"\d{8}\d[A-Z]{2}\d")


def citizen_card_valid(value: str) -> bool:
    """A Portuguese citizen card number as printed: the eight-digit civil number, its check digit, the
    card's two letters and a last digit ("12345678 9 ZZ1"). Its check digits are not read: fictional
    numbers in examples rarely pass them, and the label and this shape are enough."""
    return _CITIZEN_CARD.fullmatch(value.replace(" ", "").upper()) is not None


# The prefixes the IRS gives employer identification numbers (its campuses and online issue).
_EIN_PREFIXES = lazy_pattern(r"0[1-6]|1[0-6]|2[0-7]|[34]\d|5\d|6[0-8]|7[1-7]|8[0-8]|9[0-58-9]")


def ein_valid(value: str) -> bool:
    """A US employer identification number: nine digits, two of a prefix the IRS issues."""
    digits = _digits(value)
    return len(digits) == 9 and _EIN_PREFIXES.fullmatch(digits[:2]) is not None and len(set(digits)) > 1


def be_national_number_valid(value: str) -> bool:
    """A Belgian national register number: eleven digits, the last two 97 less the first nine modulo 97
    (with a 2 before them for those born from 2000)."""
    digits = _digits(value)
    if len(digits) != 11:
        return False
    check = int(digits[9:])
    return any(97 - int(prefix + digits[:9]) % 97 == check for prefix in ("", "2"))


_FR_TAX_NUMBER = lazy_pattern(r"[0-3]\d{12}")


def fr_tax_number_valid(value: str) -> bool:
    """A French tax number (numéro fiscal, SPI): thirteen digits, the first 0 to 3. Its check (the last
    three digits) is not read: fictional numbers rarely pass it, and the label and the length are enough."""
    return _FR_TAX_NUMBER.fullmatch(_digits(value)) is not None


def nss_es_printed(value: str) -> bool:
    """A Spanish social security number as its card prints it, "28/12345678/40": a province, then the
    check not read (fictional numbers rarely pass it); or any other way, with its check."""
    digits = _digits(value)
    printed = value.count("/") == 2 and len(digits) == 12
    return (printed and (1 <= int(digits[:2]) <= 53 or digits[:2] == "66")) or nss_es_valid(value)


def account_valid(value: str) -> bool:
    """A bank account number: six to twenty digits, not one digit repeated."""
    digits = _digits(value)
    return 6 <= len(digits) <= 20 and len(set(digits)) > 1


# --- Labels, and what may stand between a label and its number ----------------------------------------


class _Family(NamedTuple):
    kind: str
    label: LazyPattern
    value: LazyPattern
    valid: Callable[[str], bool]
    # Words of which every label holds one (case-folded): a text without any is skipped.
    words: tuple[str, ...]
    # Whether a value that passes this check may stand further on in the label's sentence, past words
    # that do not join them ("my social for the W-4: 750-80-5322"): a check that chance rarely passes
    # (a check digit or letter), or a number written in the shape only this number has.
    far: Callable[[str], bool] | None = None
    # Words of which a label may hold one instead, as written (an acronym that is a word in lower case:
    # "EIN", German "ein").
    cased_words: tuple[str, ...] = ()


def _label(source: str) -> LazyPattern:
    return lazy_pattern(r"(?<![\w])(?:" + source + r")(?![\w])", re.IGNORECASE | re.VERBOSE)


def _value(source: str) -> LazyPattern:
    return lazy_pattern(r"(?:" + source + r")(?![\w-])", re.VERBOSE)


_NUMBER_WORD = r"""(?:number|no|nr|num|n|nummer|n[uú]mero|num[ée]ro|numero|\#|n°|nº)"""
# Between a label and its value: signs, and up to three words that join them ("number is", "est", "de
# mi ... es", "lautet", "n°", "n.").
_JOIN = lazy_pattern(
    r"""[\s:#.=°º-]*+(?:(?:is|was|are|ist|lautet|war|es|est|era|è|é|c['’]est|sono|number|no|nr|num|nummer|n[uú]mero
    |n\.?[oº]
    |num[ée]ro|numero|n|of|de|di|del|della|da|do|du|my|mein|meine|mi|mon|ma|il|la|le|el|the|vom|von|der|des
    |owner['’]?s?|inhabers?|titular|propriet[áa]rio|propri[ée]taire|proprietari[oa]|eigenaar|holder['’]?s?)
    [\s:#.=°º-]++){0,3}""",
    re.IGNORECASE | re.VERBOSE,
)
# Between a value given first and its label: "151-90-0769 is my SSN", "78235139H es mi DNI".
_JOIN_BEFORE = lazy_pattern(
    r"""\s+(?:is|was|ist|war|es|est|era|è|é)\s+(?:(?:my|her|his|the|our|mein|meine|seine|ihre|mi|su|mon|ma|son|sa
    |il|la|el|le|mio|mia|suo|sua)\s+){0,2}$""",
    re.IGNORECASE | re.VERBOSE,
)
_BEFORE_WINDOW = 60
# How far on in its sentence a value may stand from its label, when its family allows it (`_Family.far`).
_FAR_WINDOW = 60
_SENTENCE_END = lazy_pattern(r"[.!?;]\s|\n")


def _dashed(value: str) -> bool:
    return "-" in value


def _dashed_or_spaced(value: str) -> bool:
    return "-" in value or " " in value


_FAMILIES: tuple[_Family, ...] = (
    _Family(
        "us-ssn",
        _label(
            r"""ssn|ss\#|social[ ]security(?:[ ]card)?(?:[ ](?:number|no\.?|\#))?|soc\.?[ ]?sec\.?(?:[ ]no\.?)?
            |social(?![ ](?:media|network|networks|worker|workers|club|life|event|events|calendar|skills|studies))"""
        ),
        _value(r"(?<![\d-])\d{3}([ -]?)\d{2}\1\d{4}"),
        ssn_valid,
        ("ssn", "ss#", "social", "soc"),
        _dashed,
    ),
    _Family(
        "us-itin",
        _label(r"itin|individual[ ]taxpayer[ ]identification(?:[ ]number)?|(?-i:TIN)|taxpayer[ ]id(?:[ ]number)?"),
        _value(r"(?<![\d-])9\d{2}([ -]?)\d{2}\1\d{4}"),
        itin_valid,
        ("itin", "taxpayer", "tin"),
        _dashed,
    ),
    _Family(
        "uk-national-insurance-number",
        _label(r"ni[ ](?:number|no\.?|\#)|nino|national[ ]insurance(?:[ ](?:number|no\.?|\#))?"),
        _value(r"(?<![A-Za-z0-9])[A-Za-z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-Da-d]"),
        nino_valid,
        ("ni ", "nino", "insurance"),
        nino_valid,
    ),
    _Family(
        "de-steuer-id",
        _label(
            r"""steuer-?id(?:entifikationsnummer)?|steuer-?identifikations-?nummer|identifikationsnummer|idnr\.?
            |steuerliche[ ]id(?:entifikationsnummer)?|steuer-?nummer(?:-?id)?|steuer-?nr\.?|tax[ ]id(?:[ ]number)?"""
        ),
        _value(r"(?<![\d])\d{2}[ /.-]?\d{3}[ /.-]?\d{3}[ /.-]?\d{3}"),
        steuer_id_valid,
        ("steuer", "identifikation", "idnr", "tax"),
        steuer_id_valid,
    ),
    _Family(
        "id-card-number",
        _label(
            r"""personalausweis(?:-?nummer|-?nr\.?)?|ausweis-?(?:nummer|nr\.?)|perso(?:-?nummer|-?nr\.?)?
            |id[ -]card(?:[ ](?:number|no\.?))?|identity[ ]card(?:[ ](?:number|no\.?))?
            |carta[ ]d['’]identit[àa]|carte[ ]d['’]identit[ée]|cie|cni"""
        ),
        _value(r"(?<![A-Za-z0-9])(?:\d{12}|[A-Za-z0-9]{9,12})"),
        id_card_valid,
        ("ausweis", "perso", "card", "identit", "cie", "cni"),
    ),
    _Family(
        "es-dni-nie",
        _label(
            r"""dni|nie|nif|d\.n\.i\.?|documento[ ](?:nacional[ ])?de[ ]identidad|n[uú]mero[ ]de[ ]identidad
            |carn[eé][ ]de[ ]identidad
            |(?:n[uú]mero|c[oó]digo)[ ]de[ ]identificaci[oó]n(?:[ ](?:fiscal|de[ ]extranjero))?"""
        ),
        _value(
            r"""(?<![A-Za-z0-9])(?:[XYZxyz]-?)?(?:\d{7,8}|\d{1,2}\.\d{3}\.\d{3})
            (?:[ -]?|,?[ ]+(?:letra|lettre|letter)[ ]+)[A-Za-z]"""
        ),
        dni_valid,
        ("dni", "nie", "nif", "d.n.i", "identidad", "identificaci"),
        dni_valid,
    ),
    _Family(
        "fr-nir",
        _label(
            r"""num[ée]ro[ ]de[ ]s[ée]cu(?:rit[ée][ ]sociale)?|s[ée]cu(?:rit[ée][ ]sociale)?|nir|insee
            |carte[ ]vitale"""
        ),
        _value(r"(?<![\d])[12](?:[ ]?\d){12}(?:[ ]?|,?[ ]+(?:cl[ée]|key|chiave|clave)[ ]*:?[ ]*)\d{2}"),
        nir_valid,
        ("sécu", "secu", "nir", "insee", "vitale"),
        nir_valid,
    ),
    _Family(
        "passport-number",
        _label(
            r"""(?:passport|reisepass|pasaporte|passeport|passaporto|passaporte|paspoort)(?:[ -]?nummer)?
            |pass(?:nummer|-nr\.?)"""
        ),
        _value(r"(?<![A-Za-z0-9])[A-Za-z0-9]{7,10}"),
        passport_valid,
        ("pass", "pasaporte", "paspoort"),
    ),
    _Family(
        "driving-licence-number",
        _label(
            r"""driv(?:er(?:['’]?s)?|ing)[ ]licen[cs]e(?:[ ](?:number|no\.?|\#))?|licen[cs]e[ ](?:number|no\.?|\#)
            |f[üu]hrerschein-?(?:nummer|nr\.?)?
            |(?:num[ée]ro|n[°º]|no\.?)[ ]de[ ]permis(?:[ ]de[ ]conduire)?|permis[ ]de[ ]conduire
            |n[uú]mero[ ]de[ ](?:carn[eé]t?|permiso)[ ]de[ ]conducir|carn[eé]t?[ ]de[ ]conducir
            |numero[ ](?:della[ ])?patente|patente(?:[ ]di[ ]guida)?|rijbewijs(?:nummer)?|carta[ ]de[ ]condu[cç][aã]o"""
        ),
        # In groups, each group after the first holds a digit: "D206-0877-2187 in case ..." ends at "2187".
        _value(r"(?<![A-Za-z0-9])[A-Za-z0-9]{1,9}(?:(?:-|[ ](?=[A-Za-z]{0,8}\d))?[A-Za-z0-9]{1,9}){0,3}"),
        licence_valid,
        ("licen", "führerschein", "fuhrerschein", "permis", "conducir", "patente", "rijbewijs", "condu"),
    ),
    _Family(
        "nl-bsn",
        _label(r"bsn(?:-?nummer)?|burgerservicenummer|sofi-?nummer"),
        _value(r"(?<![\d-])\d{4}[ .]?\d{2}[ .]?\d{3}|(?<![\d-])\d{3}[ .]?\d{3}[ .]?\d{3}"),
        bsn_valid,
        ("bsn", "burgerservice", "sofi"),
        bsn_valid,
    ),
    _Family(
        "pt-nif",
        _label(r"nif|n[uú]mero[ ]de[ ]contribuinte|contribuinte|n\.?[ ]?contribuinte"),
        _value(r"(?<![\d-])\d{3}[ ]?\d{3}[ ]?\d{3}"),
        nif_pt_valid,
        ("nif", "contribuinte"),
        nif_pt_valid,
    ),
    _Family(
        "br-cpf",
        _label(r"cpf|cadastro[ ]de[ ]pessoas?[ ]f[íi]sicas?"),
        _value(r"(?<![\d-])\d{3}([ .]?)\d{3}\1\d{3}[ .-]?\d{2}"),
        cpf_valid,
        ("cpf", "cadastro"),
        cpf_valid,
    ),
    _Family(
        "pt-citizen-card",
        _label(r"cart[ãa]o[ ]de[ ]cidad[ãa]o|cart[ãa]o[ ]do[ ]cidad[ãa]o"),
        _value(r"(?<![A-Za-z0-9])\d{8}[ ]?\d[ ]?[A-Za-z]{2}[ ]?\d"),
        citizen_card_valid,
        ("cidad",),
        citizen_card_valid,
    ),
    _Family(
        "ca-sin",
        _label(r"(?-i:SIN)|social[ ]insurance(?:[ ](?:number|no\.?|\#))?|num[ée]ro[ ]d['’]assurance[ ]sociale"),
        _value(r"(?<![\d-])\d{3}([ -]?)\d{3}\1\d{3}"),
        sin_valid,
        ("sin", "social insurance", "assurance sociale"),
        _dashed_or_spaced,
    ),
    _Family(
        "es-social-security",
        _label(
            r"""nss|n[uú]mero[ ]de[ ](?:la[ ])?seguridad[ ]social|n[uú]mero[ ]de[ ]afiliaci[oó]n
            |seguridad[ ]social"""
        ),
        _value(r"(?<![\d-])\d{2}[ /-]?\d{8}[ /-]?\d{2}"),
        nss_es_printed,
        ("nss", "seguridad social", "afiliaci"),
        nss_es_valid,
    ),
    _Family(
        "us-ein",
        _label(r"(?-i:F?EIN)|employer[ ]identification(?:[ ]number)?|federal[ ](?:tax|employer)[ ]id(?:[ ]number)?"),
        _value(r"(?<![\d-])\d{2}-?\d{7}"),
        ein_valid,
        ("employer", "federal"),
        _dashed,
        ("EIN",),
    ),
    _Family(
        "be-national-number",
        _label(
            r"""rijksregister-?nummer|rijksregister|nationaal[ ]nummer|num[ée]ro[ ]national|registre[ ]national
            |national[ ](?:register|registry)[ ]number|insz(?:-?nummer)?|niss"""
        ),
        _value(r"(?<![\d-])\d{2}[ .]?\d{2}[ .]?\d{2}[ .-]?\d{3}[ .]?\d{2}"),
        be_national_number_valid,
        ("rijksregister", "nationaal", "national", "insz", "niss"),
        be_national_number_valid,
    ),
    _Family(
        "fr-tax-number",
        _label(
            r"""num[ée]ro[ ]fiscal(?:[ ]de[ ]r[ée]f[ée]rence)?(?:[ ]\((?-i:SPI)\))?|num[ée]ro[ ]spi|(?-i:SPI)
            |identifiant[ ]fiscal|num[ée]ro[ ]d['’]identification[ ]fiscale"""
        ),
        _value(r"(?<![\d-])[0-3]\d(?:[ ]?\d){11}"),
        fr_tax_number_valid,
        ("fiscal", "spi"),
    ),
    _Family(
        "de-social-insurance-number",
        _label(
            r"""sozialversicherungs-?nummer|rentenversicherungs-?nummer|versicherungsnummer|sv-?nummer|rv-?nummer
            |sv-?nr\.?|rv-?nr\.?"""
        ),
        _value(r"(?<![A-Za-z0-9])\d{2}[ ]?\d{6}[ ]?[A-Za-z][ ]?\d{3}"),
        sv_number_valid,
        ("versicherungs", "sv", "rv"),
        sv_number_valid,
    ),
    _Family(
        "routing-number",
        _label(r"routing(?:[ ]transit)?(?:[ ](?:number|no\.?|\#))?|aba(?:[ ]routing)?(?:[ ](?:number|no\.?|\#))?|rtn"),
        _value(r"(?<![\d-])\d{9}"),
        routing_valid,
        ("routing", "aba", "rtn"),
    ),
    _Family(
        "bank-account-number",
        _label(
            r"""(?:(?:bank|checking|savings|current|chequing|deposit)[ ])?account(?:[ ]"""
            + _NUMBER_WORD
            + r""")?
            |acct\.?(?:[ ]"""
            + _NUMBER_WORD
            + r""")?|a/c|kontonummer|konto(?:-?nr\.?)?
            |n[uú]mero[ ]de[ ](?:cuenta|conta)|cuenta(?:[ ]corriente)?|num[ée]ro[ ]de[ ]compte|compte
            |numero[ ]di[ ]conto(?:[ ]corrente)?|conto(?:[ ]corrente)?|rekeningnummer|rekening"""
        ),
        _value(r"(?<![\d-])\d(?:[ -]?\d){5,19}"),
        account_valid,
        ("account", "acct", "a/c", "konto", "cuenta", "compte", "conto", "conta", "rekening"),
    ),
)


def _far_value(family: _Family, text: str, start: int) -> bool:
    """A value further on in the label's sentence that passes the family's `far` check."""
    if family.far is None:
        return False
    window = text[start : start + _FAR_WINDOW]
    end = _SENTENCE_END.search(window)
    window = window if end is None else window[: end.start()]
    return any(
        family.valid(value.group()) and family.far(value.group())
        for value in family.value.finditer(window)
        if value.start() == 0 or not window[value.start() - 1].isalnum()
    )


def _labelled_number(family: _Family, text: str) -> bool:
    for label in family.label.finditer(text):
        join = _JOIN.match(text, label.end())
        value = family.value.match(text, join.end()) if join else None
        if value is not None and family.valid(value.group()):
            return True
        if _far_value(family, text, label.end()):
            return True
        before = text[max(0, label.start() - _BEFORE_WINDOW) : label.start()]
        joined = _JOIN_BEFORE.search(before)
        if joined is not None:
            for candidate in family.value.finditer(before[: joined.start()]):
                if candidate.end() == joined.start() and family.valid(candidate.group()):
                    return True
    return False


def identity_number(text: str) -> str | None:
    """The kind of identity or bank number `text` holds, or None."""
    if iban_anywhere(text):
        return "iban"
    if _codice_fiscale_anywhere(text):
        return "it-codice-fiscale"
    folded = text.casefold()
    for family in _FAMILIES:
        named = any(map(folded.__contains__, family.words)) or any(map(text.__contains__, family.cased_words))
        if named and _labelled_number(family, text):
            return family.kind
    return None
