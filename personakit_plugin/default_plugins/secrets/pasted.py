"""Secrets in lines pasted from configuration files that name no secret's word: a `.pgpass` line,
`host:port:database:user:password`, whose last field is the password."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.assignments import plain_passphrase
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.values import PLACEHOLDER, is_credential_value

# A `.pgpass` line alone on its line: a host, a port of digits or `*`, a database, a user and the
# password, five fields set off by colons ("db.internal:5432:sales:reporter:..."). Each field is
# read by a class that excludes the colon, once: linear on any input.
PGPASS = r"""(?m)^[ \t]*(?P<host>[A-Za-z0-9*][\w.*-]{0,252}):(?:\d{2,5}|\*):[\w.*-]{1,63}:[\w.@*-]{1,63}
    :(?P<password>[^\s:][^\s:]{0,199})[ \t]*$"""
# What every such line holds: a port between colons.
PGPASS_NEEDS = lazy_pattern(r":(?:\d{2,5}|\*):")


def pgpass_password_is_real(match: re.Match[str]) -> bool:
    """Whether a `.pgpass` line's last field is a password rather than a stand-in (`*`, `${PGPASS}`,
    `<password>`): a value that looks like a credential, or words joined by dashes."""
    password = match["password"]
    if PLACEHOLDER.fullmatch(password):
        return False
    return is_credential_value(password) or ("-" in password and plain_passphrase(password))
