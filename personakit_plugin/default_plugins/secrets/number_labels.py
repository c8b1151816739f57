"""What every identity and bank number said with its label is described by: a `Family` (its kind, label,
value, check and the words that gate it) and the helpers its modules build one with.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets.lazy import LazyPattern, lazy_pattern


def digits_of(value: str) -> str:
    return "".join(ch for ch in value if ch.isdigit())


def weighted_sum(digits: Iterable[int | str], weights: Iterable[int]) -> int:
    """The sum of each digit times its weight, as most identity numbers' checks begin: the digits (ints or
    characters) and the weights must be as many."""
    return sum(int(digit) * weight for digit, weight in zip(digits, weights, strict=True))


def mod_11_10_valid(digits: str) -> bool:
    """Whether the last of `digits` is ISO 7064's MOD 11,10 check digit of those before it."""
    product = 10
    for digit in digits[:-1]:
        product = ((int(digit) + product) % 10 or 10) * 2 % 11
    return (11 - product) % 10 == int(digits[-1])


class Family(NamedTuple):
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


def label(source: str) -> LazyPattern:
    return lazy_pattern(r"(?<![\w])(?:" + source + r")(?![\w])", re.IGNORECASE | re.VERBOSE)


def value(source: str) -> LazyPattern:
    return lazy_pattern(r"(?:" + source + r")(?![\w-])", re.VERBOSE)


_OWNERS = ("my", "mi", "our", "his", "her", "business")


def lower_case_label(word: str) -> str:
    """An acronym that is a word too in lower case ("tin", "sin", "pan", German "ein"), or that owners type in lower
    case, where only the number can be meant: before "no.", "number" or "#", or after "my" (Spanish and Jamaican
    Patois "mi"), "our", "his", "her", "business" or a possessive ("my tin is 524-38-1947", "my brother's sin is
    ...")."""
    after = "|".join(f"(?<={owner}[ ])" for owner in _OWNERS) + "|(?<=['’]s[ ])"
    return rf"{word}[ ](?:no\.?|number|\#)|(?:{after}){word}"


def lower_case_words(word: str) -> tuple[str, ...]:
    """The words of which a text holds one where `lower_case_label(word)` may match (case-folded)."""
    owners = (*_OWNERS, "'s", "’s")
    return (f"{word} no", f"{word} number", f"{word} #", *(f"{owner} {word}" for owner in owners))


# A taxpayer identification number's name, as people say it of whichever number the tax office knows them by (an
# American's Social Security number, ITIN or sole owner's EIN, a Filipino's or a Nigerian's TIN): "TIN"
# in capitals, or "tin" where only the number can be meant (`lower_case_label`, or before "for": "tin for my catering
# biz: ..."), never the metal or its can.
TIN_LABEL = r"(?-i:TIN)(?:[ ](?:no\.?|number|\#))?|tin(?=[ ]for[ ])|" + lower_case_label("tin")
# The words of which a text holds one where `TIN_LABEL` may match (case-folded), and the one as written.
TIN_WORDS = (*lower_case_words("tin"), "tin for ")
TIN_CASED = ("TIN",)


NUMBER_WORD = r"""(?:number|no|nr|num|n|nummer|n[uú]mero|num[ée]ro|numero|\#|n°|nº)"""
# Whose a wallet or an account is, right after its name: a name or two, perhaps with who they are between commas
# ("le code Wave d'Aminata est ...", "cuenta ... de Luis Fernando es ...", "le code Moov Money d'Aya, la femme
# d'Arsène, est ...").
HOLDER = r"""(?:(?:[ ](?:de|da|do|di|of|van|von)[ ]|[ ]d['’])(?-i:[A-ZÀ-Þ])[\w'’.-]{1,20}
    (?:[ ](?-i:[A-ZÀ-Þ])[\w'’.-]{1,20})?(?:,[ ][^,.\n]{3,30},)?)?"""


def in_its_shape(value: str) -> bool:
    """A `Family.far` for a number whose shape no other number has (a Philippine TIN's four dashed groups, a Nigerian
    TIN's eight digits and four): its value may stand further on in the label's sentence whatever it is."""
    return True


def dashed(value: str) -> bool:
    return "-" in value


def dashed_or_spaced(value: str) -> bool:
    return "-" in value or " " in value


def real_date(year: int, month: int, day: int) -> bool:
    """Whether year, month and day make a date that was on the calendar, as a birth date in a number must."""
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def local_label(source: str, joins: str) -> LazyPattern:
    """A label whose own language's copula or possessive may follow it before its value ("personnummer är",
    "PESEL to", "rodné číslo je"), words the joins every label shares do not hold."""
    return label(r"(?:" + source + r")(?:[ ]?:?[ ](?:" + joins + r"))?")


def short_year_date(yy: int, month: int, day: int) -> bool:
    """Whether a date whose year is written in two digits was on the calendar in either century."""
    return real_date(1900 + yy, month, day) or real_date(2000 + yy, month, day)


def birth_year(digits: str) -> bool:
    """Whether four digits are a year someone alive may have been born in: 1900 to this year, as the numbers that
    give the year of birth and no more of the date hold it."""
    return 1900 <= int(digits) <= date.today().year


def born(year: int, month: int, day: int) -> bool:
    """Whether year, month and day make a date that was on the calendar and is not yet to come, as a birth date
    whose century a number gives by a rule that may name one to come must."""
    try:
        return date(year, month, day) <= date.today()
    except ValueError:
        return False


def unspaced_label(native: str, particles: str, english: str) -> LazyPattern:
    """A label in a script written without spaces between words (Chinese, Japanese, Korean, Thai), which no
    word boundary marks: its native names, perhaps with the particle or copula that joins them to the number
    ("身份证号是", "マイナンバーは", "주민등록번호는"), or its English names between word boundaries."""
    return lazy_pattern(
        r"(?:" + native + r")(?:" + particles + r")?|(?<![\w])(?:" + english + r")(?![\w])",
        re.IGNORECASE | re.VERBOSE,
    )


def unspaced_value(source: str) -> LazyPattern:
    """A value that may stand against a word of a script written without spaces ("5140 2614 0149です")."""
    return lazy_pattern(r"(?:" + source + r")(?![0-9A-Za-z-])", re.VERBOSE)
