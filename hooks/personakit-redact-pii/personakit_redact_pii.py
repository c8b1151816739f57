"""A PersonaKit redaction hook: masks phone numbers, IBANs and payment card numbers in quotes.

Every quote a read returns passes through `personakit_redact` before it is shortened; this
plugin returns the spans to hide, labelled `phone`, `iban` and `card`. It composes with the
default e-mail masking and with any other redaction hook: PersonaKit masks all their spans.

What is caught:

- phone numbers written internationally, `+44 20 7946 0958`, `+1 (555) 010-0199`,
  `0044 20 7946 0958` (8 to 15 digits after the `+` or `00`);
- national numbers with a trunk `0`, `020 7946 0958`, `(020) 7946 0958`, `06 12 34 56 78`,
  `07946095812` (9 to 11 digits), and North American ones, `555-010-0199`, `(555) 010-0199`;
- IBANs of any country, with or without spaces, that pass the ISO 13616 mod-97 check;
- payment card numbers: 13 to 19 digits, optionally in groups split by single spaces or
  dashes, that pass the Luhn check.

What is deliberately not caught, so ordinary numbers stay readable: dates (`2024-05-17`),
year ranges (`1990-2020`), times, prices (`1,299.00`), versions (`3.11.7`), numbers that
pass neither check, phone numbers written without a `+`, `00`, trunk `0` or North American
grouping (`7946 0958`), extensions, numbers spelled out in words, and account numbers other
than IBANs. It errs the other way on purpose: a long number that happens to pass the Luhn
check (one in ten do) is masked as a card, and digits grouped like a phone number (a reference
such as `0044 0532 0130`) as a phone. For a quote, showing too little is the safe mistake.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from personakit_plugin import Mask, hookimpl

# -- phone numbers ------------------------------------------------------------------------------
# Each form is one pattern; digits are counted afterwards. A match never starts or ends inside a
# word or a run of digits: the look-behind and look-ahead see to that.

_START = r"(?<![\w+])"
_END = r"(?!\w)"

INTERNATIONAL = re.compile(
    _START
    + r"""
    (?:\+|00)[1-9]\d{0,2}          # +44, +1, 0044: the country code
    [ .-]?\(?\d{1,4}\)?            # the area code, maybe in parentheses: 20, (555)
    (?:[ .-]?\d{2,5}){1,4}         # the rest in groups: 7946 0958, 010-0199
    """
    + _END,
    re.VERBOSE,
)
NATIONAL = re.compile(
    _START
    + r"""
    (?:\(0\d{1,4}\)|0[1-9]\d{0,3}) # the area code after a trunk 0: (020), 020, 06
    (?:[ .-]?\d{2,5}){1,4}         # the rest in groups: 7946 0958, 12 34 56 78
    """
    + _END,
    re.VERBOSE,
)
NORTH_AMERICAN = re.compile(
    _START
    + r"""
    (?:1[ .-])?                    # an optional leading 1
    (?:\(\d{3}\)\ ?|\d{3}[ .-])    # the area code: (555) or 555-
    \d{3}[ .-]\d{4}                # 010-0199
    """
    + _END,
    re.VERBOSE,
)


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdecimal())


def phone_spans(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each phone number in `text`."""
    for match in INTERNATIONAL.finditer(text):
        digits = _digits(match.group()).removeprefix("00")
        if 8 <= len(digits) <= 15:
            yield match.span()
    for match in NATIONAL.finditer(text):
        if 9 <= len(_digits(match.group())) <= 11:
            yield match.span()
    for match in NORTH_AMERICAN.finditer(text):
        yield match.span()


# -- IBANs ----------------------------------------------------------------------------------------
# Two letters, two check digits, then 11 to 30 letters and digits, maybe in groups of four. The
# pattern may run on into a following word in capitals, so shorter readings are tried too.

IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b", re.IGNORECASE | re.ASCII)


def iban_ok(candidate: str) -> bool:
    """True if `candidate` (spaces allowed) passes the ISO 13616 mod-97 check."""
    compact = candidate.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def iban_spans(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each IBAN in `text`: the longest reading that passes the check."""
    pos = 0
    while match := IBAN.search(text, pos):
        candidate = match.group()
        ends = [len(candidate)] + [i for i in range(len(candidate) - 1, 0, -1) if candidate[i] == " "]
        pos = match.start() + 1
        for end in ends:
            if iban_ok(candidate[:end]):
                yield match.start(), match.start() + end
                pos = match.start() + end  # a reading that ran on may have taken the next IBAN in
                break


# -- payment cards --------------------------------------------------------------------------------
# A run of digit groups split by single spaces or dashes. A card may sit inside a longer run (a
# date or a reference written just before it), so every stretch of whole groups is tried and the
# longest that passes wins. A number is never split inside a group, nor taken after `.` or `,`.

DIGIT_RUN = re.compile(r"(?<![\w.,+])\d+(?:[ -]\d+)*(?!\w)")
GROUP = re.compile(r"\d+")


def luhn_ok(digits: str) -> bool:
    """True if the digit string passes the Luhn check."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def card_spans(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each payment card number in `text`."""
    for run in DIGIT_RUN.finditer(text):
        groups = list(GROUP.finditer(text, run.start(), run.end()))
        first = 0
        while first < len(groups):
            longest = None
            digits = ""
            for last in range(first, len(groups)):
                digits += groups[last].group()
                if len(digits) > 19:
                    break
                if len(digits) >= 13 and digits[0] != "0" and luhn_ok(digits):
                    longest = last
            if longest is None:
                first += 1
            else:
                yield groups[first].start(), groups[longest].end()
                first = longest + 1


@hookimpl
def personakit_redact(text: str) -> list[Mask]:
    """Mask phone numbers, IBANs and payment card numbers in `text`."""
    return [
        *(Mask(start, end, "phone") for start, end in phone_spans(text)),
        *(Mask(start, end, "iban") for start, end in iban_spans(text)),
        *(Mask(start, end, "card") for start, end in card_spans(text)),
    ]
