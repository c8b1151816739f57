"""A password made as people make them, a name and a year run together, given with its recipe: "my
password is the cat's name and the year we got her: Mimi2014", "Passwort: Name vom Hund plus
Geburtsjahr, also Bello1988", "la contraseña es el nombre del perro y el año, Toby2009", in seven
languages.

The text names a password, says its recipe (a word for a name and one for a year or a birth), and
holds a capitalised word of three letters or more with a year right after it, perhaps a sign at its end.
A rule or an example ("never use a name and a year such as Summer2024"), a recipe with no value and a
name and a year with no password are stored.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.names import names

_VALUE = lazy_pattern(r"(?<![\w-])[A-Z][a-zß-öø-ÿ]{2,}(?:19|20)\d\d[!?#*$]?(?![\w-])")
_NAME = lazy_pattern(r"(?<![^\W_])(?:names?|nombre|nom|nome|naam)(?![^\W_])", re.IGNORECASE)
_YEAR = lazy_pattern(
    r"""(?<![^\W_])(?:years?|años?|année|ans?|jahr|jahrgang|geburtsjahr|anno|ano|jaar|geboortejaar|born|birth
    |nacimiento|naissance|geburt|nascita|nascimento|geboorte)(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_EXAMPLE = lazy_pattern(
    r"""e\.g\.|for[ ]example|such[ ]as|z\.[ ]?b\.|zum[ ]beispiel|por[ ]ejemplo|p\.[ ]?ej\.|par[ ]exemple|ad[ ]esempio
    |per[ ]esempio|bijvoorbeeld|por[ ]exemplo|never|nie|nunca|jamais|mai|nooit|avoid|don't|not[ ]allowed""",
    re.IGNORECASE | re.VERBOSE,
)


def password_by_recipe(text: str) -> bool:
    """Whether `text` gives a password of a name and a year run together, with its recipe."""
    if _VALUE.search(text) is None or _NAME.search(text) is None or _YEAR.search(text) is None:
        return False
    if _EXAMPLE.search(text):
        return False
    return any(name.kind == "password" for name in names(text))
