"""Identity numbers of southern Europe, their checks and labels: the Italian codice fiscale (anywhere, by its
check letter) and health card number, the Spanish DNI or NIE and social security number, the French social
security number (NIR; anywhere, grouped as the carte Vitale prints it) and tax number (SPI), and the
Portuguese tax number (NIF), social security number (NISS), citizen card and health service user number
(número de utente), and a person's Andorran tax register number (NRT).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.cards import luhn_valid
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import (
    Family,
    digits_of,
    label,
    local_label,
    value,
    weighted_sum,
)

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


def codice_fiscale_anywhere(text: str) -> bool:
    return any(codice_fiscale_valid(match.group()) for match in _CODICE_FISCALE.finditer(text))


# --- Numbers said with their label ------------------------------------------------------------------


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


# Corsica's two departments in a NIR, 2A and 2B, read as 19 and 18 for its key.
_CORSICA = lazy_pattern(r"(?<=\d)[ ]?2[ ]?([ab])(?=[ ]?\d)", re.IGNORECASE)


def nir_valid(value: str) -> bool:
    """A French social security number (NIR): sex 1 or 2, a month 01 to 12 (or 20 and over for a
    missing record), a department (2A and 2B are Corsica's, read as 19 and 18), and its key, 97 less the first
    thirteen digits modulo 97."""
    digits = digits_of(_CORSICA.compiled.sub(lambda corsica: "19" if corsica[1] in "aA" else "18", value, count=1))
    if len(digits) != 15 or digits[0] not in "12":
        return False
    return 97 - int(digits[:13]) % 97 == int(digits[13:])


# A French social security number grouped as the carte Vitale prints it, 1 2 2 2 3 3 and the key's 2
# ("2 58 09 27 431 627 85"): a shape only this number has; with its month (01 to 12, or 20 and over) and
# its key, it is one anywhere.
_NIR_AS_PRINTED = lazy_pattern(r"(?<!\d)(?<!\d )[12] \d{2} (?:0[1-9]|1[0-2]|[2-9]\d) \d{2} \d{3} \d{3} \d{2}(?!\d| \d)")


def nir_anywhere(text: str) -> bool:
    return any(nir_valid(match.group()) for match in _NIR_AS_PRINTED.finditer(text))


def nif_pt_valid(value: str) -> bool:
    """A Portuguese tax number (NIF): nine digits, the first 1, 2, 3, 5, 6, 8 or 9, its mod 11 check digit last."""
    digits = digits_of(value)
    if len(digits) != 9 or digits[0] not in "1235689":
        return False
    remainder = weighted_sum(digits[:8], range(9, 1, -1)) % 11
    return (0 if remainder < 2 else 11 - remainder) == int(digits[8])


_NISS_WEIGHTS = (29, 23, 19, 17, 13, 11, 7, 5, 3, 2)


def niss_valid(value: str) -> bool:
    """A Portuguese social security number (NISS): eleven digits, the first 1 (a person) or 2 (a
    business's), the last 9 less the weighted sum of the first ten modulo 10."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[0] not in "12":
        return False
    total = weighted_sum(digits[:10], _NISS_WEIGHTS)
    return 9 - total % 10 == int(digits[10])


def nss_es_valid(value: str) -> bool:
    """A Spanish social security number (NSS): twelve digits, a province 01 to 53 and 66, the last two
    the first ten modulo 97 (the number read with or without its leading zeros)."""
    digits = digits_of(value)
    if len(digits) != 12 or not (1 <= int(digits[:2]) <= 53 or digits[:2] == "66"):
        return False
    number = int(digits[2:10])
    candidates = {int(digits[:10]), int(digits[:2] + str(number)) if number < 10_000_000 else int(digits[:10])}
    return any(candidate % 97 == int(digits[10:]) for candidate in candidates)


_CITIZEN_CARD = lazy_pattern(r"\d{8}\d[A-Z]{2}\d")


def citizen_card_valid(value: str) -> bool:
    """A Portuguese citizen card number as printed: the eight-digit civil number, its check digit, the
    card's two letters and a last digit ("12345678 9 ZZ1"). Its check digits are not read: fictional
    numbers in examples rarely pass them, and the label and this shape are enough."""
    return _CITIZEN_CARD.fullmatch(value.replace(" ", "").upper()) is not None


_FR_TAX_NUMBER = lazy_pattern(r"[0-3]\d{12}")


def fr_tax_number_valid(value: str) -> bool:
    """A French tax number (numéro fiscal, SPI): thirteen digits, the first 0 to 3. Its check (the last
    three digits) is not read: fictional numbers rarely pass it, and the label and the length are enough."""
    return _FR_TAX_NUMBER.fullmatch(digits_of(value)) is not None


_FR_TAX_CHECK = 511


def fr_tax_number_checked(value: str) -> bool:
    """And one whose check passes (its last three digits, the first ten modulo 511), which chance makes
    once in 511: such a number may stand further on in its label's sentence ("numéro fiscal pour
    impots.gouv : ...")."""
    digits = digits_of(value)
    return int(digits[:10]) % _FR_TAX_CHECK == int(digits[10:])


def nss_es_printed(value: str) -> bool:
    """A Spanish social security number as its card prints it, "28/12345678/40": a province, then the
    check not read (fictional numbers rarely pass it); or any other way, with its check."""
    digits = digits_of(value)
    printed = value.count("/") == 2 and len(digits) == 12
    return (printed and (1 <= int(digits[:2]) <= 53 or digits[:2] == "66")) or nss_es_valid(value)


ES_DNI_NIE = Family(
    "es-dni-nie",
    label(
        r"""dni|nie|nif|d\.n\.i\.?|documento[ ](?:nacional[ ])?de[ ]identidad|n[uú]mero[ ]de[ ]identidad
        |carn[eé][ ]de[ ]identidad
        |(?:n[uú]mero|c[oó]digo)[ ]de[ ]identificaci[oó]n(?:[ ](?:fiscal|de[ ]extranjero))?"""
    ),
    value(
        r"""(?<![A-Za-z0-9])(?:[XYZxyz]-?)?(?:\d{7,8}|\d{1,2}\.\d{3}\.\d{3})
        (?:[ -]?|,?[ ]+(?:letra|lettre|letter)[ ]+)[A-Za-z]"""
    ),
    dni_valid,
    ("dni", "nie", "nif", "d.n.i", "identidad", "identificaci"),
    dni_valid,
)


FR_NIR = Family(
    "fr-nir",
    label(
        r"""num[ée]ro[ ]de[ ]s[ée]cu(?:rit[ée][ ]sociale)?|s[ée]cu(?:rit[ée][ ]sociale)?|nir|insee
        |carte[ ]vitale"""
    ),
    value(
        r"(?<![\d])[12](?:[ ]?\d){4}[ ]?(?:\d[ ]?\d|2[AaBb])(?:[ ]?\d){6}"
        r"(?:[ ]?|,?[ ]+(?:cl[ée]|key|chiave|clave)[ ]*:?[ ]*)\d{2}"
    ),
    nir_valid,
    ("sécu", "secu", "nir", "insee", "vitale"),
    nir_valid,
)


def persons_nif(value: str) -> bool:
    """A person's NIF: a valid one whose first digit is a person's (1, 2 or 3; 8, a sole trader's, of old). Those
    of 5, 6 and 9 are a company's, a public body's or a condominium's, which every invoice they issue prints: "o
    NIF da casa de fados é 516039270"."""
    return nif_pt_valid(value) and digits_of(value)[0] in "1238"


PT_NIF = Family(
    "pt-nif",
    label(r"nif|n[uú]mero[ ]de[ ]contribuinte|contribuinte|n\.?[ ]?contribuinte"),
    value(r"(?<![\d-])\d{3}[ ]?\d{3}[ ]?\d{3}"),
    persons_nif,
    ("nif", "contribuinte"),
    persons_nif,
)


# Its check digit is what chance passes one time in ten: the value may stand further on in the label's
# sentence ("o NISS para o subsídio, é ...", "Segurança Social (NISS) da Ana é ...").
PT_NISS = Family(
    "pt-niss",
    label(
        r"""niss|n[uú]mero[ ]de[ ]identifica[cç][aã]o[ ]da[ ]seguran[cç]a[ ]social
        |n[uú]mero[ ]da[ ]seguran[cç]a[ ]social"""
    ),
    value(r"(?<![\d-])\d{11}"),
    niss_valid,
    ("niss", "seguran"),
    niss_valid,
)


PT_CITIZEN_CARD = Family(
    "pt-citizen-card",
    label(r"cart[ãa]o[ ]de[ ]cidad[ãa]o|cart[ãa]o[ ]do[ ]cidad[ãa]o"),
    value(r"(?<![A-Za-z0-9])\d{8}[ ]?\d[ ]?[A-Za-z]{2}[ ]?\d"),
    citizen_card_valid,
    ("cidad",),
    citizen_card_valid,
)


ES_SOCIAL_SECURITY = Family(
    "es-social-security",
    label(
        r"""nss|n[uú]mero[ ]de[ ](?:la[ ])?seguridad[ ]social|n[uú]mero[ ]de[ ]afiliaci[oó]n
        |seguridad[ ]social"""
    ),
    value(r"(?<![\d-])\d{2}[ /-]?\d{8}[ /-]?\d{2}"),
    nss_es_printed,
    ("nss", "seguridad social", "afiliaci"),
    nss_es_valid,
)


FR_TAX_NUMBER = Family(
    "fr-tax-number",
    label(
        r"""num[ée]ro[ ]fiscal(?:[ ]de[ ]r[ée]f[ée]rence)?(?:[ ]\((?-i:SPI)\))?|num[ée]ro[ ]spi|(?-i:SPI)
        |identifiant[ ]fiscal|num[ée]ro[ ]d['’]identification[ ]fiscale"""
    ),
    value(r"(?<![\d-])[0-3]\d(?:[ ]?\d){11}"),
    fr_tax_number_valid,
    ("fiscal", "spi"),
    far=fr_tax_number_checked,
)


def it_health_card_valid(value: str) -> bool:
    """The number of an Italian health card (tessera sanitaria, the European card on its back): twenty digits, 80
    for health and 380 for Italy, as ISO/IEC 7812 numbers cards, the last Luhn's check digit of those before."""
    digits = digits_of(value)
    return len(digits) == 20 and digits.startswith("80380") and luhn_valid(digits)


# The Italian health card's number after its name, in one run or in fours and five: "sul retro della tessera
# sanitaria c'è il numero 80380...". Its prefix and its Luhn check guard it further on in its sentence too.
IT_HEALTH_CARD = Family(
    "it-health-card",
    label(r"tessera[ ](?:sanitaria|team)|carta[ ]regionale[ ]dei[ ]servizi|(?-i:TEAM|CRS|TS-CNS)"),
    value(r"(?<![\d-])80(?:[ ]?\d){18}"),
    it_health_card_valid,
    ("tessera sanitaria", "tessera team", "carta regionale"),
    it_health_card_valid,
    ("TEAM", "CRS", "TS-CNS"),
)


# The Portuguese health service's user number (número de utente), nine digits with no check anyone publishes:
# only right after its name ("o número de utente é 284 917 305"), not one digit repeated.
PT_SNS_USER = Family(
    "pt-sns-user",
    label(r"n[úu]mero[ ]de[ ]utente(?:[ ]do[ ]sns)?|n\.?[ºo][ ]de[ ]utente|utente[ ]do[ ]sns"),
    value(r"(?<![\d-])\d{3}([ ]?)\d{3}\1\d{3}"),
    lambda candidate: len(set(digits_of(candidate))) > 1,
    ("utente",),
)


def ad_nrt_valid(value: str) -> bool:
    return len(set(digits_of(value))) > 1


# Andorra's tax register number (NRT), a letter, six digits and a check letter: F for a resident person and E for
# one who lives abroad, other letters for firms and bodies, whose number is printed on their invoices. With no
# published check, only a person's, right after "NRT" in capitals: "el meu NRT és F-123456-Z".
AD_NRT = Family(
    "ad-nrt",
    local_label(r"(?-i:NRT)", "és|es|is|é|est|:"),
    value(r"(?<![\w-])[FE]-?\d{6}-?[A-Z]"),
    ad_nrt_valid,
    (),
    cased_words=("NRT",),
)
