"""An assignment to a name that says password, pass, pwd, secret, key or token: `DB_PASS=Xk29!mzQ`,
`SMTP_PASS: ...`, `wifiPassword=...`, `app.secretKey: "..."`.

The name is cut into its words at underscores, dots, dashes and changes of case; its last word
decides. A program's name of several words that ends in a password's word (`DB_PASS`, `ADMIN_PWD`,
`db.password`), and a password's word joined to its value the way a program writes it, by `=` or
`:=` with no space around (`password=letmein`, `Passwort=erdbeere`, `contraseña=girasol`), take any
value but a placeholder, plain words of four letters or more included, alone or joined by dashes;
any other (`password:`, `password = ...`, `API_KEY=`, `token =`) takes a value that looks like a credential
(`values.is_credential_value`).
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.values import NOT_TYPED, PLACEHOLDER, is_credential_value, unquote
from personakit_plugin.default_plugins.secrets.vocabulary import TICKETS

_ASSIGNMENT = lazy_pattern(
    r"""(?<![\w.$-])(?P<name>[A-Za-z][\w.-]{0,60}+)["']?(?P<join>[ \t]*(?::=|=>|=|:)[ \t]*)
    (?P<value>"[^"\n]*"|'[^'\n]*'|<[^<>\n]*>|[^\s,;]+)""",
    re.VERBOSE,
)
_WORD = lazy_pattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-zß-öø-ÿ]+|\d+")
_SECRET_WORDS = frozenset(
    """password passwd pass pwd pw pword passphrase passcode secret key token psk apikey creds credentials
    passwort kennwort mdp passe motdepasse senha contrasena contraseña wachtwoord""".split()
)
_PASSWORD_WORDS = frozenset(
    """password passwd pass pwd pw pword passphrase secret passwort kennwort mdp passe motdepasse senha contrasena
    contraseña wachtwoord""".split()
)
# The signs a program writes between a name and its value, with no space around: `password=letmein`.
_TIGHT_JOINS = frozenset({"=", ":="})
_MIN_PLAIN_LENGTH = 4


# A name as a program writes it: `DB_PASS`, `db.password`, `wifiPassword`, not "WLAN-Passwort".
_IDENTIFIER = lazy_pattern(r"[_.]|[a-z][A-Z]")


def _is_a_ticket(text: str, start: int, words: list[str]) -> bool:
    """ "my boarding pass: BA2490-LHR-JFK" is a ticket."""
    before = text[max(0, start - 30) : start].split()
    return words == ["pass"] and bool(before) and before[-1].casefold() in TICKETS


# What a stand-in's words say, joined by dashes: `your-password-here`, `same-as-above`, `fill-in-later`.
_STAND_IN_WORDS = frozenset(
    """here there this that same above below real value values example sample insert enter replace fill with
    from later todo unset blank goes your mine password passwort secret vault admin dummy none null empty""".split()
)


def plain_passphrase(value: str) -> bool:
    """A value of letters alone, or a passphrase of two words of four letters or more or three, joined by
    dashes as a compose file or an `.env` holds one (`POSTGRES_PASSWORD=zitrone-kompass-tulpe`), none of
    them a stand-in's word."""
    if value.isalpha():
        return True
    parts = value.casefold().split("-")
    return len(parts) >= 2 and all(
        len(part) >= 4 and part.isalpha() and part not in _STAND_IN_WORDS and part not in NOT_TYPED for part in parts
    )


def _words(name: str) -> list[str]:
    return [word.casefold() for word in _WORD.findall(name)]


def assigned_secret(text: str) -> bool:
    """Whether `text` assigns a secret to a name that says it holds one."""
    if "=" not in text and ":" not in text:
        return False
    for match in _ASSIGNMENT.finditer(text):
        name = match["name"]
        words = _words(name)
        if not words or words[-1] not in _SECRET_WORDS or _is_a_ticket(text, match.start(), words):
            continue
        if words[-2:-1] in (["public"], ["pub"]):  # `PublicKey = ...`, `public_key: ...`: published to be checked
            continue
        value = unquote(match["value"])
        if is_credential_value(match["value"]):
            return True
        plain = (
            (_IDENTIFIER.search(name) is not None or match["join"] in _TIGHT_JOINS)
            and words[-1] in _PASSWORD_WORDS
            and len(value) >= _MIN_PLAIN_LENGTH
            and plain_passphrase(value)
            and value.casefold() not in NOT_TYPED
            and not PLACEHOLDER.fullmatch(value)
        )
        if plain:
            return True
    return False
