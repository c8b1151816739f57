"""Numbers said after a PIN's name that are no PIN: India's postal "PIN code", six digits said for a place, beside
a word of post, after where someone lives or before a landmark, and Poland's tax number (NIP), no secret."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import names_a_locked_thing_in
from personakit_plugin.default_plugins.secrets.number_labels import digits_of, weighted_sum
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing

# An Indian postal code is a "PIN code" too: six digits, the first 1 to 8, said for a place ("the pin code
# in Bangalore is 560034", "pincode of Andheri: 400053") or beside a word of post. A PIN for a card,
# an app or a door is said with an article, an owner's word or what it opens ("my PIN code for the card").
_POSTAL_PIN = lazy_pattern(r"[1-8]\d{5}")
_PLACE_CLAUSE = lazy_pattern(r"\s+(?:in|of|for|at)((?:\s+[^\W\d_]+){1,2})\s*(?:is|was|:|=)?\s*$", re.IGNORECASE)
# An address gives a landmark after its PIN code, a place and no owner's word before it ("Kothrud, PIN code
# 411038, near the temple"); "my PIN code 411038, behind the sticker" is a card's.
_OWNED = lazy_pattern(r"\b(?:my|mine|your|his|her|our|their|the|a|an)\b|['’]s?\b", re.IGNORECASE)
_LANDMARK_AFTER = lazy_pattern(r"\s*,?\s*(?:near|opp(?:osite|\.)|behind|beside|next\s+to|landmark)\b", re.IGNORECASE)
# Or where someone lives, the places named and the PIN code right after them: "she lives in Kothrud, Pune,
# PIN code 411038".
_DWELLING_BEFORE = lazy_pattern(
    r"\b(?:lives?|living|stays?|staying|moved|shifted|based|resides?)\s+(?:in|at|to)\s+(?:[A-Z][^\W\d_]*[\s,]+){1,4}"
    r"(?i:pin[\s-]?code)\s*(?:is|:|-)?\s*$"
)
_OWNER_REACH = 30
_PLACE_COMMA = lazy_pattern(r"[A-Z][^\W\d_]+,\s*PIN\s*:?\s*$")
_POST_WORDS = lazy_pattern(
    r"\b(?:postal|post[ ]office|postcode|zip|courier|delivery|address|area|district)\b", re.IGNORECASE
)


def postal_code(text: str, label: str, between: str, value: str) -> bool:
    """Whether a six-digit "PIN code" (`value` after `label`, `between` them) is an Indian postal code:
    said for a place, beside a word of post, right after the places where someone lives, or with a landmark after it and
    no owner's word or lock before it; "PIN" alone, in capitals, only after a place and a comma or beside a word of
    post."""
    if not _POSTAL_PIN.fullmatch(value):
        return False
    at = text.find(value)
    if "code" not in label.casefold():
        # "PIN" alone as an address writes it, right before its digits and with no owner's word just before: after a
        # place and a comma, or beside a word of post ("Gomti Nagar, PIN 226010", "address gomti nagar lucknow PIN
        # 226010 for the courier").
        return (
            label == "PIN"
            and between.strip(" :") == ""
            and not _OWNED.search(text[max(0, at - _OWNER_REACH) : max(at, 0)])
            and not names_a_locked_thing_in(text[max(0, at - _OWNER_REACH) : max(at, 0)])
            and (_POST_WORDS.search(text) is not None or _PLACE_COMMA.search(text[: max(at, 0)]) is not None)
        )
    if _POST_WORDS.search(text):
        return True
    if at >= 0 and _LANDMARK_AFTER.match(text, at + len(value)):
        before = text[:at]
        if not _OWNED.search(before) and not names_a_locked_thing_in(before):
            return True
    if at >= 0 and _DWELLING_BEFORE.search(text[:at]):
        return True
    place = _PLACE_CLAUSE.match(between)
    return place is not None and not any(
        word in vocabulary.NOT_A_PLACE or names_a_locked_thing(word) for word in place[1].casefold().split()
    )


# A PIN is a "NIP" in Quebec and Mexico, four to six digits; in Poland the NIP is the tax number every firm prints
# on its invoices: ten digits, in threes and twos as invoices print them ("NIP 123-456-32-18", "NIP 123-45-67-819")
# or in one run, with the mod 11 check the tax office publishes, weighted 6, 5, 7, 2, 3, 4, 5, 6, 7.
_POLISH_NIP = lazy_pattern(r"\d{3}([- ]?)\d{3}\1\d{2}\1\d{2}|\d{3}([- ])\d{2}\2\d{2}\2\d{3}")
_POLISH_NIP_WEIGHTS = (6, 5, 7, 2, 3, 4, 5, 6, 7)


def polish_tax_number(label: str, value: str) -> bool:
    """Whether `value`, said after `label`, is a Polish tax number (NIP) rather than a card's PIN."""
    if label.strip().casefold() != "nip" or not _POLISH_NIP.fullmatch(value):
        return False
    digits = digits_of(value)
    return weighted_sum(digits[:9], _POLISH_NIP_WEIGHTS) % 11 == int(digits[9])


def number_that_is_no_pin(text: str, label: str, between: str, value: str) -> bool:
    """Whether a number after a PIN's name is another number: an Indian postal code or a Polish tax number."""
    return postal_code(text, label, between, value) or polish_tax_number(label, value)
