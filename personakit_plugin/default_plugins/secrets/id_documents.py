"""The numbers of identity documents, their checks and labels: identity cards (German, Italian, French),
passports and driving licences.
"""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.number_labels import Family, label, value
from personakit_plugin.default_plugins.secrets.years import DATE

_ID_CARD_ALPHABET = frozenset("CFGHJKLMNPRTVWXYZ0123456789")
_ITALIAN_ID_CARD = lazy_pattern(r"[A-Z]{2}\d{5}[A-Z]{2}")


_IVORIAN_LENGTH = 11


def id_card_valid(value: str) -> bool:
    """A German ID card number (nine characters of its alphabet, which has no vowel, so that even nine
    letters of it are no word, "LMHZRKVTC"; with a tenth, the 7-3-1 check digit), an Italian electronic ID
    card number (two letters, five digits, two letters), or a French one (twelve digits, the year and month
    of issue first; or, since 2021, nine or twelve letters and digits, two digits at least), or an Ivorian one
    ("CI" and nine digits)."""
    compact = value.upper()
    if _ITALIAN_ID_CARD.fullmatch(compact.replace(" ", "")):
        return True
    if len(compact) == _IVORIAN_LENGTH and compact.startswith("CI") and compact[2:].isdigit():
        return True
    if len(compact) == 12 and compact.isdigit():
        return 1 <= int(compact[2:4]) <= 12
    if len(compact) == 12 and not compact.isdigit() and sum(ch.isdigit() for ch in compact) >= 2:
        return True
    if len(compact) == 9 and not compact.isalpha() and sum(ch.isdigit() for ch in compact) >= 2:
        return True
    if len(compact) not in (9, 10) or not set(compact) <= _ID_CARD_ALPHABET:
        return False
    if len(compact) == 9:
        return True
    weights = (7, 3, 1) * 3
    total = sum(
        (int(ch) if ch.isdigit() else ord(ch) - 55) * weight for ch, weight in zip(compact, weights, strict=False)
    )
    return compact[9].isdigit() and total % 10 == int(compact[9])


def passport_valid(value: str) -> bool:
    """A passport number: seven to ten letters and digits, a digit at least, not a date (20310512); with
    one digit only, in capitals ("JZZ4PNZNV", "C767270")."""
    digits = sum(ch.isdigit() for ch in value)
    if not (7 <= len(value) <= 10 and digits >= 1) or DATE.fullmatch(value):
        return False
    return digits >= 2 or value.isupper()


def passport_far(value: str) -> bool:
    """A passport number in the shape most countries print, which a word or a flight's code does not have:
    eight or nine capitals and digits, two letters and a digit at least ("NHSBS2BW5", "YA1234567"), so
    that it may stand further on in its label's sentence ("Paspoort voor de reis naar Noorwegen: ...",
    "the passport number of Kees is ...")."""
    letters = sum(ch.isalpha() for ch in value)
    return len(value) in (8, 9) and value.isupper() and value.isalnum() and letters >= 2 and len(value) - letters >= 1


# A British licence: five letters of the surname (9 for the missing), six digits of the birth date (the
# month's first digit plus 5 for a woman), two initials, a digit and two check letters ("MORGA753116SM9IJ").
_UK_LICENCE = lazy_pattern(r"[A-Z9]{5}\d[0156]\d[0-3]\d{2}[A-Z9]{2}\d[A-Z0-9]{2}(?:\d{2})?")


# A short licence of one or two capitals and five or six digits, as South Australia's and others print it
# ("TK49201").
_LETTERS_THEN_DIGITS = lazy_pattern(r"[A-Z]{1,2}\d{5,6}")


def licence_valid(value: str) -> bool:
    """A driving licence number: eight to eighteen letters and digits, three digits at least, not a date;
    in groups, a digit in each ("D123-4567-8901", not "expires in 2031"); or one or two capitals and five or
    six digits ("TK49201")."""
    groups = value.replace("-", " ").split()
    compact = "".join(groups)
    digits = sum(ch.isdigit() for ch in compact)
    if _UK_LICENCE.fullmatch(compact.upper()) or _LETTERS_THEN_DIGITS.fullmatch(compact):
        return True
    if len(groups) > 1 and not all(any(ch.isdigit() for ch in group) for group in groups):
        return False
    return 8 <= len(compact) <= 18 and digits >= 3 and compact.isalnum() and not DATE.fullmatch(compact)


ID_CARD = Family(
    "id-card-number",
    label(
        r"""personalausweis(?:-?nummer|-?nr\.?)?|ausweis-?(?:nummer|nr\.?)|perso(?:-?nummer|-?nr\.?)?
        |id[ -]card(?:[ ](?:number|no\.?))?|identity[ ]card(?:[ ](?:number|no\.?))?
        |carta[ ](?:d['’])?identit[àa]|carte[ ](?:d['’][ ]?|d[ ])?identit[ée]|cie|cni"""
    ),
    # The Italian card's number may be printed in its three parts: "CA 15673 VS".
    value(r"(?<![A-Za-z0-9])(?:\d{12}|[A-Za-z]{2}[ ]\d{5}[ ][A-Za-z]{2}|[A-Za-z0-9]{9,12})"),
    id_card_valid,
    ("ausweis", "perso", "card", "identit", "cie", "cni"),
    # Further on in its sentence, only the Italian electronic card's shape, which nothing else has: "il numero
    # della cie, CA48213JK".
    far=lambda number: _ITALIAN_ID_CARD.fullmatch(number.replace(" ", "")) is not None,
)


PASSPORT = Family(
    "passport-number",
    label(
        r"""(?:passport|reisepass|pasaporte|passeport|passaporto|passaporte|paspoort)(?:[ -]?nummer)?
        |pass(?:nummer|-nr\.?)"""
    ),
    value(r"(?<![A-Za-z0-9])[A-Za-z0-9]{7,10}"),
    passport_valid,
    ("pass", "pasaporte", "paspoort"),
    far=passport_far,
)


# Italy's licence, a province's two letters (or "U1"), seven digits and a letter ("PR5172946K"); France's,
# twelve digits in three groups of four, the year and month it was issued first ("0906 6920 1347").
_LICENCE_SHAPE = lazy_pattern(r"[A-Z]{2}\d{7}[A-Z]|U1[A-Z0-9]{7}[A-Z]|\d\d(?:0[1-9]|1[0-2])([ -])\d{4}\1\d{4}")


def licence_far(value: str) -> bool:
    """A licence number in a shape only a licence has, Britain's, Italy's or France's, so that it may stand
    further on in its label's sentence ("la patente, il numero è ...", "numéro de permis pour l'assurance : ...")."""
    return bool(_UK_LICENCE.fullmatch(value) or _LICENCE_SHAPE.fullmatch(value))


DRIVING_LICENCE = Family(
    "driving-licence-number",
    label(
        r"""driv(?:er(?:['’]?s)?|ing)[ ]licen[cs]e(?:[ ](?:number|no\.?|\#))?|licen[cs]e[ ](?:number|no\.?|\#)
        |(?-i:CDL|cdl)(?:[ ](?:number|no\.?|\#))?
        |f[üu]hrerschein-?(?:nummer|nr\.?)?
        |(?:num[ée]ro|n[°º]|no\.?)[ ]de[ ]permis(?:[ ]de[ ]conduire)?|permis[ ]de[ ]conduire
        |n[uú]mero[ ]de[ ](?:carn[eé]t?|permiso)[ ]de[ ]conducir|carn[eé]t?[ ]de[ ]conducir
        |numero[ ](?:della[ ])?patente|patente(?:[ ]di[ ]guida)?|licenza[ ]di[ ]condurre
        |rijbewijs(?:nummer)?|carta[ ]de[ ]condu[cç][aã]o"""
    ),
    # In groups, each group after the first holds a digit: "D206-0877-2187 in case ..." ends at "2187".
    value(r"(?<![A-Za-z0-9])[A-Za-z0-9]{1,9}(?:(?:-|[ ](?=[A-Za-z]{0,8}\d))?[A-Za-z0-9]{1,9}){0,3}"),
    licence_valid,
    ("licen", "führerschein", "fuhrerschein", "permis", "conducir", "patente", "rijbewijs", "condu", "cdl"),
    far=licence_far,
)
