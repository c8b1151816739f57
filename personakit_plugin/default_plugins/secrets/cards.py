"""Payment card numbers: 13 to 19 digits that pass the Luhn check, as cards print them or ungrouped."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# A run of digits, perhaps split by single spaces or dashes; at most nineteen digits, so that a
# longer run (a parcel's tracking number) is not read from its middle.
_DIGIT_RUN = lazy_pattern(r"(?<![\d+\-/.,])\d(?:[ -]?\d){12,18}(?![\d])(?![-/.,]\d)")
# How issuers group their numbers: 4-4-4-4 (Visa, Mastercard, Discover, JCB), 4-6-5 (Amex), 4-6-4
# (Diners), 4-4-4-4-3 (nineteen digits), 4-4-4-1 and 4-4-5 (thirteen).
_GROUPINGS = frozenset({(4, 4, 4, 4), (4, 6, 5), (4, 6, 4), (4, 4, 4, 4, 3), (4, 4, 4, 1), (4, 4, 5), (4, 4, 4, 3)})
# The first digits of the issuers' ranges: Visa 4, Mastercard 51-55 and 22-27, Amex 34 and 37,
# Discover 6011, 64 and 65, Diners 30, 36 and 38, JCB 35, Maestro 50 and 56-69, UnionPay 62.
_ISSUER = lazy_pattern(r"4|5[0-9]|2[2-7]|3[0-8]|6[0-9]")
_UNGROUPED_LENGTHS = frozenset({15, 16})
# Of the cards of fifteen digits, only American Express's are written in one run (34, 37); a phone's
# IMEI is fifteen digits that pass the Luhn check too, and begins otherwise ("490154203237518").
_AMEX = ("34", "37")
_AMEX_LENGTH = 15


def luhn_valid(digits: str) -> bool:
    """Whether a string of digits passes the Luhn check that every card number passes."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card_shaped(run: str) -> bool:
    groups = tuple(len(group) for group in re.split(r"[ -]", run))
    digits = sum(groups)
    if len(groups) == 1:
        return digits in _UNGROUPED_LENGTHS and (digits != _AMEX_LENGTH or run.startswith(_AMEX))
    separators = set(re.findall(r"[ -]", run))
    return len(separators) == 1 and groups in _GROUPINGS


# Words that make a card number a payment provider's test number, which no bank issues: "the stripe test
# card 4242 4242 4242 4242", "Testkarte", "tarjeta de prueba", "sandbox".
_TEST_CARD = lazy_pattern(
    r"""\btest(?:ing)?[ -]?(?:cards?|karten?|numbers?|nummern?)\b|\bcartes?[ ]de[ ]test\b|\btarjetas?[ ]de[ ]prueba
    |\bcart[ae][ ]di[ ](?:test|prova)\b|\btestkaart|\bcart[ãa]o[ ]de[ ]teste|\bsandbox\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _called_a_test_card(text: str, start: int) -> bool:
    """Whether the line of the number at `start` calls it a test card."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    return _TEST_CARD.search(text[line_start : line_end if line_end >= 0 else len(text)]) is not None


def card_number(text: str) -> bool:
    """Whether `text` holds a payment card number: grouped as cards are, or 15 or 16 digits in one run,
    with an issuer's first digits, passing the Luhn check. A phone number (after `+`) is not one, nor a
    number its line calls a test card."""
    for match in _DIGIT_RUN.finditer(text):
        run = match.group()
        digits = run.replace(" ", "").replace("-", "")
        shaped = _card_shaped(run) and _ISSUER.match(digits) and len(set(digits)) > 1
        if shaped and luhn_valid(digits) and not _called_a_test_card(text, match.start()):
            return True
    return False


# A card number split between a proposal's text and its quote: each part in groups of four digits as
# cards print them (the first of an Amex part may hold six), or in one run of four to twelve.
_CARD_PART = lazy_pattern(r"(?<![\d+\-/.,])\d{4}(?:([ -]?)\d{4,6}(?:\1\d{4,5}){0,2})?(?![\d])(?![-/.,]\d)")
# A word that says a card is talked about, in the languages PersonaKit reads.
_CARD_WORD = lazy_pattern(
    r"""card|visa|mastercard|amex|american\s+express|maestro|debit|credit|karte|kreditkarte|tarjeta|carte|carta
    |cart[aã]o|kaart|\bcb\b""",
    re.IGNORECASE | re.VERBOSE,
)
_SPLIT_LENGTHS = frozenset({15, 16})


def _card_parts(text: str) -> list[str]:
    parts = [match.group().replace(" ", "").replace("-", "") for match in _CARD_PART.finditer(text)]
    return [parts[0], parts[-1]] if parts else []


def split_card_number(text: str, quote: str) -> bool:
    """Whether a card number is split between a proposal's text and its quote ("Visa card starts 4161
    4610" / "and it ends 0330 7668"): the first or last group of digits of one, then the first or last
    of the other, make 15 or 16 digits with an issuer's first digits that pass the Luhn check, and a
    word in either says a card is meant."""
    if not _CARD_WORD.search(text) and not _CARD_WORD.search(quote):
        return False
    ones, others = _card_parts(text), _card_parts(quote)
    for first_parts, second_parts in ((ones, others), (others, ones)):
        for first in first_parts:
            for second in second_parts:
                digits = first + second
                if len(digits) in _SPLIT_LENGTHS and _ISSUER.match(digits) and luhn_valid(digits):
                    return True
    return False
