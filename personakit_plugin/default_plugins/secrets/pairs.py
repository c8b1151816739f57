"""A user name and a password given together: "PayPal: jane / Qw3rty!!77", "the router is admin/Adm1n!2345",
"(admin / sunflower42)", or an e-mail address and a password side by side with no word for either, ending
its line: "for the pharmacy site it's rhian.b@example.com and Porthcawl1962"."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.tokens import (
    Token,
    has_letters_digits_and_symbols,
    is_ordinary,
    is_user_name,
    looks_typed,
    make_token,
    split_pair,
)

# An e-mail address is a login: after one, as after a default account, a password needs letters and a digit
# or a symbol ("jane@example.com / Popcorn44").
_EMAIL = lazy_pattern(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# The accounts devices and services come with: after one of them, a password needs letters and a digit
# or a symbol, not all three ("admin / sunflower42", "root:toor1234"); "admin / moderator" is no pair.
DEFAULT_USERS = frozenset(
    """admin administrator root user guest pi ubnt sa postgres operator supervisor support service default
    superuser sysadmin webadmin""".split()
)


# After an e-mail address, words run together with a capital each, three or more, are a password too
# ("lucia@example.es / contra: TeQuieroMadrid"): a name or a word has two at most ("McDonald").
_CAPITALISED_RUN = lazy_pattern(r"(?:[A-ZÀ-Þ][a-zß-ÿ]+){3,}")


def _is_password(user: str, text: str) -> bool:
    token = make_token(text)
    if user.casefold() in DEFAULT_USERS or _EMAIL.fullmatch(user):
        return looks_typed(token) or (
            _EMAIL.fullmatch(user) is not None and bool(_CAPITALISED_RUN.fullmatch(token.core))
        )
    return has_letters_digits_and_symbols(token.core) and not is_ordinary(token.core)


def _labelled_second(found: list[Token], index: int) -> bool:
    """After an e-mail address and `/`, a label of one word and a colon, then the password: "correo:
    lucia@example.es / contra: TeQuieroMadrid". Not a label of a contact or a name ("/ tel: ...")."""
    label = found[index + 1] if index + 2 < len(found) else None
    if label is None or label.text != f"{label.core}:":
        return False
    user = found[index - 1].core
    return (
        _EMAIL.fullmatch(user) is not None
        and label.core.casefold() not in vocabulary.CONTACT_LABELS
        and _is_password(user, found[index + 2].core)
    )


def user_and_password(found: list[Token]) -> bool:
    """Whether a user name and a password stand side by side, joined by `/` or `:`. The password must
    have letters, a digit and a symbol: "TCP/IP", "and/or", "40/60", "10:30" and branch names have not;
    after a device's default account (`DEFAULT_USERS`) or an e-mail address, letters and a digit or a symbol
    are enough."""
    for index, token in enumerate(found):
        pair = split_pair(token.core)
        if pair and is_user_name(pair[0]) and _is_password(*pair):
            return True
        if token.core in {"/", "|", ":"} and 0 < index < len(found) - 1:
            user, password = found[index - 1].core, found[index + 1].core
            if is_user_name(user) and _is_password(user, password):
                return True
            if token.core in {"/", "|"} and _labelled_second(found, index):
                return True
    return False


# An e-mail address, then a space, a comma or "and", then a password of letters and a number run together,
# as a name and a year are ("Porthcawl1962", "Vocho1998gdl"), ending its line: the address an account's, the
# word its password. Not an address written to ("email me at ... and Room101", "write to ..."), a room's, an
# order's or a model's word with its number ("Suite2100"), a short number ("Flat12"), nor more words after it
# ("... and March2024 is the deadline").
_EMAIL_AND_PASSWORD = lazy_pattern(
    r"""(?<![\w.+-])(?P<before>(?:[^\W\d_]+[ ]){0,3})[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?:[ ]+and|[ ]*,)?[ ]+
    (?!(?i:rooms?|suite|flat|unit|apt|order|invoice|ticket|box|gate|seat|table|floor|version|model)\d)
    (?P<password>[^\W\d_]{4,}\d{2,4}[a-z]{0,6})[ ]*[.!]?[ ]*(?:\n|$)""",
    re.VERBOSE,
)
_WRITTEN_TO = lazy_pattern(
    r"""(?<![^\W_])(?:to|at|cc|bcc|me|us|an|à|a|para|naar|per|aan|write|contact|reach|mail|email|e-mail):?[ ]""",
    re.IGNORECASE,
)


def email_and_password(text: str) -> bool:
    """Whether `text` gives an e-mail address and a password side by side, with no word for either
    (`_EMAIL_AND_PASSWORD`)."""
    return any(_WRITTEN_TO.search(match["before"]) is None for match in _EMAIL_AND_PASSWORD.finditer(text))
