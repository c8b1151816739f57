"""Where a text names a secret: the words of `vocabulary`, found in any position of the sentence."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.holders import SENTENCE_END
from personakit_plugin.default_plugins.secrets.labels import said_in_general
from personakit_plugin.default_plugins.secrets.lazy import LazyPattern, lazy_pattern


class Name(NamedTuple):
    # "password", "netkey" (a network's bare "key", its value after it), "verb", "code", "generic" (a code
    # or combination) or "totp"
    kind: str
    word: str
    start: int
    end: int


@functools.cache
def _names(ignore_case: bool) -> LazyPattern:
    groups = {
        # A verb first: "login with" is a verb before it is the noun "login".
        "verb": vocabulary.alternatives(vocabulary.AUTH_VERBS),
        "code": vocabulary.alternatives(vocabulary.CODE_NOUNS),
        "password": vocabulary.alternatives(vocabulary.KEY_NAMES, vocabulary.SECRET_NOUNS),
        "totp": vocabulary.TOTP_NAMES,
        "generic": vocabulary.GENERIC_CODES,
        "netkey": vocabulary.BARE_KEYS,
    }
    body = "|".join(f"(?P<{kind}>{words})" for kind, words in groups.items())
    return lazy_pattern(rf"(?<![^\W_])(?:{body})(?![^\W_])", re.IGNORECASE if ignore_case else 0)


_NEXT_WORD = lazy_pattern(r"[\s-]*([^\W\d_]+)")
# "pass" as the verb that hands something on: "pass it on to the parents", "pass this along".
_PASSED_ON = lazy_pattern(
    r"\s+(?:(?:it|this|that|them|these|those)\s+(?:on|along|around|round)|(?:on|along)\s+to)(?![^\W_])", re.IGNORECASE
)
_NETWORK = lazy_pattern(rf"(?<![^\W_])(?:{vocabulary.NETWORK_WORDS})(?![^\W_])", re.IGNORECASE)
# How far before a bare "key" the network it opens may be named.
_NETWORK_BEFORE = 60


def _network_before(text: str, start: int) -> bool:
    """Whether a network is named before `start` in its sentence: "das wlan heißt ... und der Schlüssel"."""
    window = text[max(0, start - _NETWORK_BEFORE) : start]
    ends = list(SENTENCE_END.finditer(window))
    return _NETWORK.search(window, ends[-1].end() if ends else 0) is not None


_SUBJECTS = frozenset("i we you they to can will 'll".split())


def names(text: str) -> list[Name]:
    """Every name of a secret in `text`, in order, without those that name something else ("password
    manager", "boarding pass", "I pin photos") or the secrets people pick in general ("the most common
    PIN"). Several detectors ask for the names of the same text: the last few texts' are kept."""
    return list(_names_in(text))


@functools.lru_cache(maxsize=4)
def _names_in(text: str) -> tuple[Name, ...]:
    found = []
    # The words are lower case: matched against the text in lower case, three times as fast as
    # ignoring case, unless lowering changes the text's length (a dotted capital I), which would
    # move every place after it.
    lowered = text.lower()
    matches = _names(False).finditer(lowered) if len(lowered) == len(text) else _names(True).finditer(text)
    for match in matches:
        kind = match.lastgroup or ""
        if kind == "netkey" and not _network_before(text, match.start()):  # a bare "key" only as a network's
            continue
        word = text[match.start() : match.end()]
        following = _NEXT_WORD.match(text, match.end())
        if following and following.group(1).casefold() in vocabulary.NOT_A_SECRET_AFTER:
            continue
        before = text[max(0, match.start() - 30) : match.start()].split()
        previous = before[-1].casefold().strip("\"'(") if before else ""
        folded = word.casefold()
        if folded == "pass" and (previous in vocabulary.TICKETS or _PASSED_ON.match(text, match.end())):
            continue
        if folded == "pin" and word != "PIN" and previous in _SUBJECTS:
            continue
        if said_in_general(text, match.start(), match.end()):
            continue
        found.append(Name(kind, word, match.start(), match.end()))
    return tuple(found)
