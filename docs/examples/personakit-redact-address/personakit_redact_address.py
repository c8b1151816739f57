"""Mask postal addresses and national ID numbers in the quotes an assistant sees.

Caught: a street address with its house number ("12 Baker Street", "221B Baker St"), a UK
postcode in capitals ("NW1 6XE", "SW1A1AA"), a UK National Insurance number ("QQ 12 34 56 C")
and a US Social Security number written with dashes ("123-45-6789").

Not caught: a street without a house number ("Baker Street") or without one of the street words
below ("12 The Green", "the Old Vicarage"), addresses and postcodes written in lowercase, flat
numbers, towns and countries, and ID numbers in other shapes ("123456789") or of other countries.
It errs the other way too: any number shaped like 123-45-6789 is masked, whatever it numbers.
"""

import re

from personakit_plugin import Mask, hookimpl

STREET_WORDS = "Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Close|Way|Place|Square|Crescent|Terrace|Gardens"
STREET = re.compile(rf"\b\d{{1,5}}[A-Z]?,? (?:[A-Z][a-z']+ ){{1,3}}(?:{STREET_WORDS})\b")
POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b")
NATIONAL_INSURANCE = re.compile(r"\b[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b")
SOCIAL_SECURITY = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")

PATTERNS = (
    (STREET, "address"),
    (POSTCODE, "postcode"),
    (NATIONAL_INSURANCE, "national-id"),
    (SOCIAL_SECURITY, "national-id"),
)


@hookimpl
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(m.start(), m.end(), label) for pattern, label in PATTERNS for m in pattern.finditer(text)]
