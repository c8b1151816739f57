"""India's postal "PIN code": six digits said for a place or beside a word of post, no secret."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.vocabulary import names_a_locked_thing

# An Indian postal code is a "PIN code" too: six digits, the first 1 to 8, said for a place ("the pin code
# in Bangalore is 560034", "pincode of Andheri: 400053") or beside a word of post. A PIN for a card,
# an app or a door is said with an article, an owner's word or what it opens ("my PIN code for the card").
_POSTAL_PIN = lazy_pattern(r"[1-8]\d{5}")
_PLACE_CLAUSE = lazy_pattern(r"\s+(?:in|of|for|at)((?:\s+[^\W\d_]+){1,2})\s*(?:is|was|:|=)?\s*$", re.IGNORECASE)
_POST_WORDS = lazy_pattern(
    r"\b(?:postal|post[ ]office|postcode|zip|courier|delivery|address|area|district)\b", re.IGNORECASE
)


def postal_code(text: str, label: str, between: str, value: str) -> bool:
    """Whether a six-digit "PIN code" (`value` after `label`, `between` them) is an Indian postal code:
    said for a place, or beside a word of post."""
    if not _POSTAL_PIN.fullmatch(value) or "code" not in label.casefold():
        return False
    if _POST_WORDS.search(text):
        return True
    place = _PLACE_CLAUSE.match(between)
    return place is not None and not any(
        word in vocabulary.NOT_A_PLACE or names_a_locked_thing(word) for word in place[1].casefold().split()
    )
