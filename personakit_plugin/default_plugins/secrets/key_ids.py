"""A key's ID, which names a key without opening it: BitLocker shows it on its recovery screen ("key ID
5C1D77A0-...", "identifiant de la clé de récupération : ...") so that the help desk can find the key.

It is hexadecimal, a GUID (8-4-4-4-12) or its first eight characters, letters and digits both, and the
word for an ID or identifier stands before it in the same line, within a few words ("key ID X", "ID
della chiave di ripristino sullo schermo: X", "identifier (the first eight): X"), with no comma
nor a password's, PIN's or code's name between them. The recovery key itself (eight groups of six
digits) is no such token and stays a secret.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_KEY_ID = lazy_pattern(r"[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}|[0-9A-F]{8}", re.IGNORECASE)
_LETTER_AND_DIGIT = lazy_pattern(r"(?=.*[A-F])(?=.*\d)", re.IGNORECASE)
_ID_WORD = lazy_pattern(
    r"""(?<![\w-])(?:ids?|id\.|identifiers?|identificador|identificateur|identifiant|identificativo
    |identificatore|identificatie|kennung|schlüssel-id|key-id)(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)
# How far before the token, in characters on its line, the ID's word may stand.
_REACH = 70
# Between the ID's word and the token, what makes the token another item's: a comma or semicolon ("user
# id mkoch, password 7F3A9C2E") or the name of a password, PIN or code ("login id, pin 7F3A9C2E").
_ANOTHER_ITEM = lazy_pattern(
    r"[,;]|pass|pwd|\bpin\b|code|codice|c[oó]digo|kennwort|wachtwoord|senha|contrase",
    re.IGNORECASE,
)


def is_key_id(text: str, token: str, start: int) -> bool:
    """Whether `token`, which stands in `text` at `start`, is a key's ID: its hexadecimal shape, and the
    word for an ID shortly before it on its line."""
    if not _KEY_ID.fullmatch(token) or not _LETTER_AND_DIGIT.match(token):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - _REACH) : start]
    words = list(_ID_WORD.finditer(before))
    return bool(words) and _ANOTHER_ITEM.search(before, words[-1].end()) is None
