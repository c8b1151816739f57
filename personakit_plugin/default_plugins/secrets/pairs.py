"""A user name and a password given together: "PayPal: jane / Qw3rty!!77", "the router is admin/Adm1n!2345",
"(admin / sunflower42)"."""

from __future__ import annotations

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


def _is_password(user: str, text: str) -> bool:
    token = make_token(text)
    if user.casefold() in DEFAULT_USERS or _EMAIL.fullmatch(user):
        return looks_typed(token)
    return has_letters_digits_and_symbols(token.core) and not is_ordinary(token.core)


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
    return False
