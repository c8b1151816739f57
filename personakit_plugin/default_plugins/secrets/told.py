"""Secrets told in pieces or in passing: part of a PIN or a password (what it begins or ends with), a
password given as the answer on a chat's next line to a question that names it, and a password of
digits after its name, what it is for and a colon.

"Il PIN inizia con 12", "the wifi password begins with Kiwi4": part of a secret is a secret, and the
rest may stand in the quote. "[21:04] Dana: what's the prime video password again / [21:05] me:
Blue.35": the answer stands alone on its line. "mot de passe Crédit Agricole : 917200": a bank's
password of digits. A rule about passwords ("passwords must start with a letter", "my PIN starts with
a zero") gives no piece of one.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import NOT_A_LOCK_CODE, YEAR
from personakit_plugin.default_plugins.secrets.names import Name, names
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER
from personakit_plugin.default_plugins.secrets.values import is_credential_value

_BEGINS_OR_ENDS = r"""(?:begins|starts|ends|began|started|ended|beginnt|f[äa]ngt|endet|h[öo]rt|inizia|comincia
    |finisce|termina|empieza|comienza|acaba|commence|d[ée]bute|finit|se[ ]termine|come[cç]a|acaba|begint|eindigt)
    [ ](?:with|in|on|mit|auf|con|per|por|en|par|com|met|op|by)[ ]"""
# After the name, a few words at most ("the PIN of my card begins with"), then what it begins or ends with.
_PART = lazy_pattern(
    rf"""[^.!?\n]{{0,30}}?(?<![^\W_])(?:(?:is|ist|è|es|est|é|was)[ ])?{_BEGINS_OR_ENDS}(?P<part>\S+?)(?:[ ]an)?
    (?=[.,;!?)]?(?:\s|$))""",
    re.IGNORECASE | re.VERBOSE,
)
_DIGITS = lazy_pattern(r"\d{2,}")
_TYPED_PART = lazy_pattern(r"(?=\S*[^\W\d_])(?=\S*\d)\S{4,}")


def _part_told(text: str, name: Name) -> bool:
    match = _PART.match(text, name.end)
    if match is None:
        return False
    part = match["part"].strip("'\"“”‘’")
    if name.kind == "code":
        return _DIGITS.fullmatch(part) is not None
    return name.kind == "password" and _TYPED_PART.fullmatch(part) is not None


# A line of a chat: a time or a speaker before a colon, then what was said.
_CHAT_LINE = lazy_pattern(r"(?:\[[\d:. ]+\]\s*)?[^\W\d_][\w .'-]{0,20}:[ \t]*(?P<said>[^\n]*)")
_QUESTION = lazy_pattern(
    r"""\?|\b(?:what(?:['’]s)?|again|wat|welk|was|wie|quel(?:le)?|c['’]est[ ]quoi|cu[aá]l|qu[eé]|qual|quale|which)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_ANSWER = lazy_pattern(r"(?=\S*[^\W\d_])(?=\S*\d)[^\s]{5,64}")


def _answered(text: str, name: Name, asked: dict[int, bool]) -> bool:
    """A question that names a password on its line, the next line its answer alone after a speaker.
    `asked` keeps, for each line read, whether it asks: a line is read once, however many names it holds."""
    line_start = text.rfind("\n", 0, name.start) + 1
    line_end = text.find("\n", name.end)
    if line_end < 0:
        return False
    if line_start not in asked:
        asked[line_start] = _QUESTION.search(text[line_start:line_end]) is not None
    if not asked[line_start]:
        return False
    next_end = text.find("\n", line_end + 1)
    line = _CHAT_LINE.fullmatch(text[line_end + 1 : next_end if next_end >= 0 else len(text)])
    return line is not None and _ANSWER.fullmatch(line["said"].strip().rstrip(".!")) is not None


# A password of digits after its name, what it is for and a colon: "mot de passe Crédit Agricole : 917200".
_FOR_AND_DIGITS = lazy_pattern(
    r"""(?P<for>(?:[ ][^\W\d_][\w'’-]*){1,3})[ ]?:[ ]*(?P<digits>\d{4,12})(?=[ ]*(?:[.,;!)]|$|\n))""",
    re.IGNORECASE | re.VERBOSE,
)


def _digits_after(text: str, name: Name) -> bool:
    match = _FOR_AND_DIGITS.match(text, name.end)
    if match is None or NOT_A_LOCK_CODE.search(match["for"]) or YEAR.fullmatch(match["digits"]):
        return False
    return UNIT_AFTER.match(text, match.end()) is None


# A list under a header that names credentials or accounts, an item a service and its password, or its
# user and password: "Zugangsdaten:\n- Stadtwerke: kunde4711 / tulip42?", "cuentas:\n* Spotify → fuchs21?".
_HEADER = lazy_pattern(
    r"""(?:^|\n)[ \t]*(?:(?:my|our|meine|unsere|mis|mes|nos|i[ ]miei|le[ ]mie|os[ ]meus|as[ ]minhas|mijn|onze)[ ])?
    (?:credentials|creds|logins?|accounts|passwords|zugangsdaten|anmeldedaten|konten|passw[öo]rter|cuentas|accesos
    |contrase[ñn]as|credenciales|comptes|identifiants|mots[ ]de[ ]passe|credenziali|account|accessi|contas|acessos
    |credenciais|senhas|inloggegevens|wachtwoorden)[ \t]*:[ \t]*(?=\n)""",
    re.IGNORECASE | re.VERBOSE,
)
_ITEM = lazy_pattern(r"[ \t]*[-*•][ \t]*[^\n:→]{1,30}?[ \t]*(?::|→|->|=)[ \t]*(?P<value>[^\n]*)")


def _listed_under_a_header(text: str) -> bool:
    for header in _HEADER.finditer(text):
        for line in text[header.end() + 1 :].split("\n"):
            item = _ITEM.fullmatch(line)
            if item is None:
                break
            value = item["value"].split(" / ")[-1].strip()
            if " " not in value and is_credential_value(value, min_length=8):
                return True
    return False


# In any list of services, an item whose value is a word, a number and letters, as passwords are made
# ("- Enel: Papillon3575GAT"): a capitalised word of five letters or more, three digits or more, then
# letters; not a product's name ("FritzBox7590", "iPhone15Pro", "Golf2019GTI").
_WORD_NUMBER_LETTERS = lazy_pattern(r"[A-ZÀ-Þ][a-zß-ÿ]{4,}\d{3,}[A-Za-z]{2,}[!?#$%&*]?")


def _listed_password(text: str) -> bool:
    items = [item for line in text.split("\n") if (item := _ITEM.fullmatch(line))]
    return len(items) >= 2 and any(_WORD_NUMBER_LETTERS.fullmatch(item["value"].strip()) for item in items)


# After a password's recipe, the password itself: "password = dog's name + house number + !, so Biscuit29!".
_SO_VALUE = lazy_pattern(
    r"""[^.\n]{0,80}?,?[ ](?:so|i\.?e\.?|that[ ]is|which[ ]makes|also|d\.[ ]?h\.|alors|donc|c['’]est-[àa]-dire|o[ ]sea
    |es[ ]decir|quindi|cio[èe]|ent[ãa]o|ou[ ]seja|dus|oftewel)[ ,:]+(?P<value>\S+)""",
    re.IGNORECASE | re.VERBOSE,
)


def _value_after_its_recipe(text: str, name: Name) -> bool:
    match = _SO_VALUE.match(text, name.end)
    return match is not None and is_credential_value(match["value"].rstrip(".,;"), min_length=8)


def told_in_pieces(text: str) -> bool:
    """Whether `text` tells part of a secret, answers a chat's question about one, or gives a password of
    digits after its name and what it is for."""
    if _listed_under_a_header(text) or _listed_password(text):
        return True
    asked: dict[int, bool] = {}
    for name in names(text):
        if name.kind in {"password", "code"} and _part_told(text, name):
            return True
        if name.kind in {"password", "netkey"} and "\n" in text[name.end :] and _answered(text, name, asked):
            return True
        if name.kind == "password" and (_digits_after(text, name) or _value_after_its_recipe(text, name)):
            return True
    return False
