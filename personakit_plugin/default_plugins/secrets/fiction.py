"""A password in the owner's fiction: what a character uses in the owner's novel ("my novel's smuggler
types Moonrise42 to open the hold", "pour son roman policier, le pirate a choisi Orage51", "für ihren
Krimi: der Archivar kennt das Passwort 'Morgengrau3'") opens nothing of the owner's.

The sentence must name a novel or one of its chapters, or a character, in seven languages ("novel",
"chapter", "Roman", "Kapitel", "roman", "chapitre", "romanzo", "capitolo", "novela", "capítulo",
"romance", "hoofdstuk", "my book", ...), and must not give the password as the owner's own ("my
password", "mein Passwort", "mon mot de passe", ...): "in my novel the hero uses my own password" is
refused. Only a password read by the words near it is let through so (`password-nearby`,
`credential-assignment`, `passphrase`, `typed-password`); a card number, a key of a known shape, an
identity or bank number, a PIN near a lock, are refused in a novel as anywhere.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# The kinds a novel's password is found as: a value a password's word or a typing verb points at.
FICTION_KINDS = frozenset({"password-nearby", "credential-assignment", "passphrase", "typed-password"})

_FICTION = lazy_pattern(
    r"""(?<![\w-])(?:novels?|chapters?|my[ ](?:book|thriller|manuscript)|the[ ]owner'?s[ ](?:book|thriller)
    |romans?|kapitels?|krimis?|chapitres?|romanzo|romanzi|capitolo|personaggio|novelas?|cap[ií]tulo
    |personaje|romances?|personagem|hoofdstuk|mijn[ ](?:boek|thriller)|personage)(?![\w-])""",
    re.IGNORECASE | re.VERBOSE,
)
# The owner's own password, said as such: a first person's word (or "own") before a password's, two
# words between at most ("my real email password", "their own password", "mein altes Passwort", "mon
# vrai mot de passe").
_OWNERS = lazy_pattern(
    r"""\b(?:my|mine|our|own|eigene[nms]?|propre|eigen|proprio|propria|propio|pr[oó]pria|mein(?:e[nms]?)?|unser(?:e[nms]?)?|mon|ma|mes|notre|mijn|ons|onze|mio|mia|nostr[ao]
    |mi|mis|nuestr[ao]|meu|minha|nosso|nossa)[ ](?:\w+[ ]){0,2}(?:password|passwort|kennwort|mot[ ]de[ ]passe
    |wachtwoord|contrase[ñn]a|clave|senha|pin|passcode|passphrase)""",
    re.IGNORECASE | re.VERBOSE,
)


def in_fiction(text: str) -> bool:
    """Whether `text` (already normalised) places its password in the owner's fiction: a novel's or a
    character's word, and no password said as the owner's own."""
    return _FICTION.search(text) is not None and _OWNERS.search(text) is None
