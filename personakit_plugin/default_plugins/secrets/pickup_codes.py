"""The code that collects a parcel or a prescription: a pharmacy's, a parcel locker's or a pickup
point's, said with its word for a code and a word for where or for collecting ("the pharmacy sent the
pickup code RX4471", "Abholcode für die Packstation: 550913", "el código de la farmacia es QF2210",
"ophaalcode 731905 voor het pakket"), in seven languages; and a money transfer's control number (MTCN).

The value follows the code's word, perhaps after five words of what it is for (a station's or a locker's number
among them: "abholcode für die packstation 114 ist 482 916") and "is" or a colon: five to eight digits, not a year,
six in two threes, or five to ten letters and digits with three digits or more. A code
that is a postcode's, a discount's, a voucher's, a tracking number's or an error's ("the pharmacy's
postcode", "discount code SAVE20"), a value with no word for a code, and a code with no word for
collecting or its place are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import OTHER_CODES
from personakit_plugin.default_plugins.secrets.years import YEAR

_WHERE = lazy_pattern(
    r"""pharmac|apothe|farmac|farmác|parcel|paket|pakket|citypaq|packstation|locker|automaat|consigne|collect
    |pick[- ]?up|abhol|recog|retrait|récup|recuper|retir|ritir|ophaal|ophal|levant|recolh""",
    re.IGNORECASE | re.VERBOSE,
)
# What every text `_WHERE` finds holds, looked for first: most texts hold none.
_WHERE_WORDS = (
    *("pharmac", "apothe", "farmac", "farmác", "parcel", "paket", "pakket", "citypaq", "packstation", "locker"),
    *("automaat", "consigne", "collect", "pick", "abhol", "recog", "retrait", "récup", "recuper", "retir", "ritir"),
    *("ophaal", "ophal", "levant", "recolh"),
)
_CODE = lazy_pattern(
    r"""(?<![\w-])(?P<word>(?P<head>[^\W\d_]*?)-?(?:codes?|c[oó]digo|codice))
    (?P<clause>(?:[ ](?:[^\W\d_]+|[^\W\d_]+['’][^\W\d_]+|\d{1,4}(?=[ ][^\W\d_]))){0,5}?)
    (?:[ ](?:is|was|ist|lautet|es|est|è|é|era|is))?[ ]?:?[ ]
    (?P<value>(?=[A-Z]*\d)[A-Z0-9]{5,10}|\d{3}[ ]\d{3})(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)
# Not another code's word, nor a payment's receipt ("M-Pesa code SFJ7K2L9QX", "transaction code ..."), which
# collects nothing.
_OTHER = lazy_pattern(rf"(?:{OTHER_CODES}|transaction|m-?pesa|receipt)", re.IGNORECASE)
_DIGITS = lazy_pattern(r"\d{5,8}")
_MIN_DIGITS = 3


def _collects(value: str) -> bool:
    value = value.replace(" ", "")
    if value.isdigit():
        return _DIGITS.fullmatch(value) is not None and not YEAR.fullmatch(value)
    return sum(ch.isdigit() for ch in value) >= _MIN_DIGITS and any(ch.isupper() for ch in value)


# Or the number that collects a money transfer in cash, Western Union's MTCN: ten digits, perhaps in groups of three,
# three and four ("mtcn 4829173604", "MTCN is 482 917 3604").
_MTCN = lazy_pattern(
    r"""(?<![^\W_])mtcn(?![^\W_])[^\d\n]{0,30}?(?<![\w.,-])\d{3}[ -]?\d{3}[ -]?\d{4}(?![\w.,-]?\d)""", re.IGNORECASE
)


def pickup_code(text: str) -> bool:
    """Whether `text` gives the code that collects a parcel, a prescription or a money transfer."""
    folded = text.casefold()
    if "mtcn" in folded and _MTCN.search(text) is not None:
        return True
    if not any(map(folded.__contains__, _WHERE_WORDS)) or _WHERE.search(text) is None:
        return False
    for match in _CODE.finditer(text):
        before = text[max(0, match.start() - 12) : match.start()].split()
        words = [*before[-1:], match["head"], *match["clause"].split()]
        if any(_OTHER.fullmatch(word.strip(".,:;'’")) for word in words):
            continue  # "discount code SAVE20", "the locker code error E4021"
        if _collects(match["value"]):
            return True
    return False
