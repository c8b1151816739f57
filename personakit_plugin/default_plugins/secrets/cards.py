"""Payment card numbers: 13 to 19 digits that pass the Luhn check, as cards print them, in fours split by dots,
or ungrouped."""

from __future__ import annotations

import itertools
import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# A run of digits, perhaps split by single spaces, dashes or dots; at most nineteen digits, so that a
# longer run (a parcel's tracking number) is not read from its middle.
_DIGIT_RUN = lazy_pattern(r"(?<![\d+\-/.,])\d(?:[ .-]?\d){12,18}(?![\d])(?![-/.,]\d)")
# A fifth group of four after four: twenty digits, as a prepaid electricity token or a health card (80, a country's
# code) prints them; a card's number followed by its PIN or its expiry stays a card's.
_FIFTH_FOUR = lazy_pattern(r"[ .-]\d{4}(?![\d])")
_A_METER = lazy_pattern(
    r"\b(?:token|meter|prepaid|pre-paid|electricity|lights|kwh|units|compteur|contador|z[äa]hler|meterkast)\b",
    re.IGNORECASE,
)
# How issuers group their numbers: 4-4-4-4 (Visa, Mastercard, Discover, JCB), 4-6-5 (Amex), 4-6-4
# (Diners), 4-4-4-4-3 (nineteen digits), 4-4-4-1 and 4-4-5 (thirteen).
_GROUPINGS = frozenset({(4, 4, 4, 4), (4, 6, 5), (4, 6, 4), (4, 4, 4, 4, 3), (4, 4, 4, 1), (4, 4, 5), (4, 4, 4, 3)})
# The first digits of the issuers' ranges: Visa 4, Mastercard 51-55 and 22-27, Amex 34 and 37,
# Discover 6011, 64 and 65, Diners 30, 36 and 38, JCB 35, Maestro 50 and 56-69, UnionPay 62.
# Dots split a card's number only in its four fours, an amount's or a version's otherwise.
_DOTTED_GROUPING = (4, 4, 4, 4)
_ISSUER = lazy_pattern(r"4|5[0-9]|2[2-7]|3[0-8]|6[0-9]")
# A national scheme's card, sixteen digits from 8 or 9 (Uzbekistan's Uzcard 8600 and Humo 9860, Kyrgyzstan's
# Elcard 9417, Vietnam's Napas 9704, Iran's Shetab cards read as 6 or 9 ...), is read as a card where its line says
# a card is meant; a SIM card's number (89 and nineteen digits or more) is longer.
_DOMESTIC = lazy_pattern(r"[89]\d{15}$")
_UNGROUPED_LENGTHS = frozenset({15, 16})
# Of the cards of fifteen digits, only American Express's are written in one run (34, 37); a phone's
# IMEI is fifteen digits that pass the Luhn check too, and begins otherwise ("490154203237518").
_AMEX = ("34", "37")
_AMEX_LENGTH = 15
# A Belgian Bancontact card's seventeen digits, 6703 first, as it prints them: 4-4-4-4-1.
_BANCONTACT = "6703"
_BANCONTACT_GROUPING = (4, 4, 4, 4, 1)


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
    groups = tuple(len(group) for group in re.split(r"[ .-]", run))
    digits = sum(groups)
    if len(groups) == 1:
        return digits in _UNGROUPED_LENGTHS and (digits != _AMEX_LENGTH or run.startswith(_AMEX))
    separators = set(re.findall(r"[ .-]", run))
    if separators == {"."}:  # "carte visa 4871.2774.6213.1782": in fours only, as no amount or version is
        return groups == _DOTTED_GROUPING
    if groups == _BANCONTACT_GROUPING:
        return len(separators) == 1 and run.startswith(_BANCONTACT)
    return len(separators) == 1 and groups in _GROUPINGS


# The card numbers payment providers publish for testing (Stripe's, Adyen's and Braintree's
# documentation, and the generic Visa 4111 1111 1111 1111), which no bank issues. A sentence that quotes
# one and calls it a test card ("the stripe test card 4242 4242 4242 4242", "Testkarte", "tarjeta de
# prueba", "sandbox") or says it is for testing ("for stripe testing you use ...") holds no secret; a
# number on no provider's list is refused whatever the sentence calls it (a manipulated assistant
# would call a real card a test card), and so is a listed number said
# as the owner's own card with no word of testing.
PUBLISHED_TEST_CARDS = frozenset(
    """
    4242424242424242 4000056655665556 5555555555554444 2223003122003222 5200828282828210 5105105105105100
    378282246310005 371449635398431 6011111111111117 6011000990139424 6011981111111113 3056930009020004
    36227206271667 3566002020360505 6200000000000005 6555900000604105 4000002500001001 4000000000000002
    4000000000009995 4000000000009987 4000000000009979 4000000000000069 4000000000000127 4000000000000119
    4000000000000077 4000000000000010 4000000000000028 4000000000000036 4000000000000044 4000000000000101
    4000000000000341 4000002500003155 4000002760003184 4000008260003178 4000000000003220 4000000000003063
    4000000000003055 4000000000000259 4000000000001976 4000000000005126 4000000000000093
    4111111111111111 4012888888881881 4222222222222 5454545454545454 5431111111111111 4005519200000004
    4009348888881881 4012000033330026 4012000077777777 4217651111111119 4500600000000061 6011000991300009
    5105105105105100 2223000048400011 4166676667666746 5577000055770004 4917610000000000 4035501000000008
    4400000000000008 4988438843884305 4111111145551142 2222400070000005 6703444444444449
    6243030000000001 6011601160116611 4035874000424977 4360000001000005
    """.split()
)


_TEST_CARD = lazy_pattern(
    r"""\btest(?:ing)?[ -]?(?:cards?|karten?|numbers?|nummern?)\b|\bcartes?[ ]de[ ]test\b|\btarjetas?[ ]de[ ]prueba
    |\bcart[ae][ ]di[ ](?:test|prova)\b|\btestkaart|\bcart[ãa]o[ ]de[ ]teste|\bsandbox\b
    # Or says that the number is used for testing: "for stripe testing you use ...", "pour tester un refus"
    # (not a bare "test": "my card, I tested it yesterday" is the owner's).
    |\b(?:for|in|during|while)[ ](?:[^\W\d_]+[ ])?testing\b|\bto[ ]test\b|\bpour[ ]tester\b|\bpara[ ](?:probar|testar)\b
    |\bper[ ](?:testare|provare)\b|\bzum[ ]testen\b|\bom[ ]te[ ]testen\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _line_of(text: str, start: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    return text[line_start : line_end if line_end >= 0 else len(text)]


def _a_real_card(digits: str, said: str) -> bool:
    """Whether a card's digits pass the Luhn check and are not a published test number that `said` (the
    words around it) calls a test card."""
    if not luhn_valid(digits):
        return False
    return digits not in PUBLISHED_TEST_CARDS or _TEST_CARD.search(said) is None


def card_number(text: str) -> bool:
    """Whether `text` holds a payment card number: grouped as cards are, or 15 or 16 digits in one run,
    with an issuer's first digits (or a national scheme's, 8 or 9, where its line says a card is meant: `_DOMESTIC`),
    passing the Luhn check. A phone number (after `+`) is not one, nor a
    number payment providers publish for testing (`PUBLISHED_TEST_CARDS`) that its line calls a test card."""
    for match in _DIGIT_RUN.finditer(text):
        run = match.group()
        digits = run.replace(" ", "").replace("-", "").replace(".", "")
        line = _line_of(text, match.start())
        if _FIFTH_FOUR.match(text, match.end()) and (digits.startswith("80") or _A_METER.search(line)):
            continue  # five fours: a prepaid meter's token, a health card's twenty digits, not a card's
        issued = _ISSUER.match(digits) or (_DOMESTIC.match(digits) and _CARD_WORD.search(line))
        shaped = _card_shaped(run) and issued and len(set(digits)) > 1
        if shaped and _a_real_card(digits, line):
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
# What every match of `_CARD_WORD` holds (case-folded), cheap to look for first.
_CARD_STEMS = (
    *("card", "visa", "amex", "american", "maestro", "debit", "credit", "kart", "tarjeta", "carte", "carta"),
    *("cartão", "cartao", "kaart", "cb"),
)


def _card_parts(text: str) -> list[str]:
    parts = [match.group().replace(" ", "").replace("-", "") for match in _CARD_PART.finditer(text)]
    return [parts[0], parts[-1]] if parts else []


def card_in_two_parts(text: str) -> bool:
    """Whether one text gives a card number in two parts, one after the other, with words between them
    ("company card 54477369 then 35186881", "début de la carte 5377 1645, attends ..., fin 8098 8903"): two
    runs of digits in a row that make 15 or 16 digits with an issuer's first digits and pass the Luhn
    check, a word of the text saying a card is meant."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _CARD_STEMS)) or not _CARD_WORD.search(text):  # map: no frame per word
        return False
    parts = [match.group().replace(" ", "").replace("-", "") for match in _CARD_PART.finditer(text)]
    for first, second in itertools.pairwise(parts):
        digits = first + second
        if len(digits) in _SPLIT_LENGTHS and _ISSUER.match(digits) and _a_real_card(digits, text):
            return True
    return False


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
                if len(digits) in _SPLIT_LENGTHS and _ISSUER.match(digits) and _a_real_card(digits, f"{text}\n{quote}"):
                    return True
    return False
