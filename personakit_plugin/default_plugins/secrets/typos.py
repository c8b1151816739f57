"""The words that name a password or a PIN, as typed in a hurry, read as they were meant.

"pincde bankpas is 8104", "my pasword is ...", "das Passowrt ist ...", "la contarseña es ...": a
letter left out or two next to each other swapped in a long word that names a secret, in the
languages PersonaKit reads (`corrected`). Only long words are read so: a short one ("pin", "senha")
has too many neighbours that are words of their own.
"""

from __future__ import annotations

import functools

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

_MEANT = """password passwort wachtwoord kennwort contraseña contrasena pincode passcode passphrase
    geheimzahl""".split()
# Slips that are words of their own.
_WORDS = frozenset({"incode"})
_WORD = lazy_pattern(r"[^\W\d_]{5,}")
_A_WORD = lazy_pattern(r"[^\W\d_]+")


def _slips(word: str) -> set[str]:
    left_out = {word[:i] + word[i + 1 :] for i in range(len(word))}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return left_out | swapped


@functools.cache
def _typos() -> dict[str, str]:
    meant = frozenset(_MEANT)
    return {slip: word for word in _MEANT for slip in _slips(word) if slip not in meant and slip not in _WORDS}


def corrected(text: str) -> str | None:
    """`text` with each slip in a word that names a secret put right, or None if it holds none."""
    typos = _typos()
    if typos.keys().isdisjoint(_A_WORD.findall(text.casefold())):  # no loop for most texts
        return None
    slips = [match for match in _WORD.finditer(text) if match.group().casefold() in typos]
    if not slips:
        return None
    for match in reversed(slips):
        text = text[: match.start()] + typos[match.group().casefold()] + text[match.end() :]
    return text
