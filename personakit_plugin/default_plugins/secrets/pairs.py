"""A user name and a password given together: "PayPal: jane / Qw3rty!!77", "the router is admin/Adm1n!2345"."""

from __future__ import annotations

from personakit_plugin.default_plugins.secrets.tokens import (
    Token,
    has_letters_digits_and_symbols,
    is_ordinary,
    is_user_name,
    make_token,
    split_pair,
)


def _is_password(text: str) -> bool:
    token = make_token(text)
    return has_letters_digits_and_symbols(token.core) and not is_ordinary(token.core)


def user_and_password(found: list[Token]) -> bool:
    """Whether a user name and a password stand side by side, joined by `/` or `:`. The password must
    have letters, a digit and a symbol: "TCP/IP", "and/or", "40/60", "10:30" and branch names have not."""
    for index, token in enumerate(found):
        pair = split_pair(token.core)
        if pair and is_user_name(pair[0]) and _is_password(pair[1]):
            return True
        if token.core in {"/", "|", ":"} and 0 < index < len(found) - 1:
            user, password = found[index - 1].core, found[index + 1].core
            if is_user_name(user) and _is_password(password):
                return True
    return False
