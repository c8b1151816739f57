"""Where a text names a secret: the words of `vocabulary`, found in any position of the sentence."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import _lazy, _LazyPattern


class Name(NamedTuple):
    kind: str  # "password", "verb", "code", "generic" (a code or combination) or "totp"
    word: str
    start: int
    end: int


@functools.cache
def _names() -> _LazyPattern:
    groups = {
        # A verb first: "login with" is a verb before it is the noun "login".
        "verb": vocabulary.alternatives(vocabulary.AUTH_VERBS),
        "code": vocabulary.alternatives(vocabulary.CODE_NOUNS),
        "password": vocabulary.alternatives(vocabulary.KEY_NAMES, vocabulary.SECRET_NOUNS),
        "totp": vocabulary.TOTP_NAMES,
        "generic": vocabulary.GENERIC_CODES,
    }
    body = "|".join(f"(?P<{kind}>{words})" for kind, words in groups.items())
    return _lazy(rf"(?<![^\W_])(?:{body})(?![^\W_])", re.IGNORECASE)


_NEXT_WORD = _lazy(r"[\s-]*([^\W\d_]+)")
_SUBJECTS = frozenset("i we you they to can will 'll".split())


def names(text: str) -> list[Name]:
    """Every name of a secret in `text`, in order, without those that name something else ("password
    manager", "boarding pass", "I pin photos")."""
    found = []
    for match in _names().finditer(text):
        kind = match.lastgroup or ""
        word = match.group()
        following = _NEXT_WORD.match(text, match.end())
        if following and following.group(1).casefold() in vocabulary.NOT_A_SECRET_AFTER:
            continue
        before = text[max(0, match.start() - 30) : match.start()].split()
        previous = before[-1].casefold().strip("\"'(") if before else ""
        folded = word.casefold()
        if folded == "pass" and previous in vocabulary.TICKETS:
            continue
        if folded == "pin" and word != "PIN" and previous in _SUBJECTS:
            continue
        found.append(Name(kind, word, match.start(), match.end()))
    return found
