"""The pieces the labelled detectors are made of: values, connectors, clauses between a label and its value."""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# --- Pieces of the labelled detectors -----------------------------------------------------------

# A value: quoted, in angle brackets, or up to the next white space.
QUOTED_OR_WORD = r""""[^"\n]*"|'[^'\n]*'|`[^`\n]*`|\S+"""
VALUE = r"""(?P<value><[^<>\n]*>|""" + QUOTED_OR_WORD + r""")"""
# What joins a label to its value: a verb ("is", "'s", "ist", "est", "es", "è", "é" ...), a sign, a dash set
# off by spaces, or a line break. After a colon the value is set off by white space; the bare
# `key:value` form is left to the key detector, which knows its keys.
# "isch": Swiss German for "ist"; "c'est", French for "it's" ("le code de l'imprimante c'est ...").
_VERB = r"""(?:is|was|are|ist|isch|lautet|war|sind|est|c['’]est|était|sont|es|era|son|è|é|são|zijn|blijft)"""
_CONNECTOR = (
    r"""(?:\s+"""
    + _VERB
    + r"""(?:\s+(?:now|still|jetzt|noch|maintenant|ahora|ora|agora|nu|nog))?(?:\s*:)?\s+
    | ['’]s\s+ | \s*:\s+ | \s*(?:=>|->|→|:=|=|–|—)\s* | \s+-{1,2}\s+ | [ \t]*\r?\n\s*)"""
)
# Or a change to the value: "the payroll password was reset to ...", "Passwort geändert auf ...", "mot de
# passe changé en ...", "contraseña cambiada a ...".
CONNECTOR_OR_CHANGE = (
    r"""(?:"""
    + _CONNECTOR
    + r"""|\s+(?:(?:was|is|has\s+been|got|wurde|ist|a\s+été|est|fue|ha\s+sido|è\s+stata|foi|is)\s+)?
    (?:reset|changed|set|switched|updated|geändert|zurückgesetzt|gesetzt|chang[ée]e?|r[ée]initialis[ée]e?
    |cambiad[oa]|restablecid[oa]|cambiat[oa]|reimpostat[oa]|mudad[oa]|alterad[oa]|redefinid[oa]|veranderd|gewijzigd
    |gereset)\s+(?:to|auf|en|pour|à|a|in|para|naar|in)\s+)"""
)
# "the password for the office printer downstairs is ...", "das Passwort für das WLAN ist ...",
# "le code de la porte est ...": a preposition and up to five words between a label and its verb.
_PREPOSITION = r"""(?:for|from|to|of|on|at|in|aus|für
|fürs|zum|zur|vom|von|der|des|am|im|beim|bi|meiner|meines|unserer|unseres
    |de|du|pour|del|della|dello|dell['’]\S*|dei|degli|di|per|do|da|dos|das|para|van|voor|bij|op
    |by|near|beside|behind|under|neben|hinter|unter|près|sous|derrière|junto|debajo|detrás|vicino|accanto|sotto
    |dietro|naast|achter|onder|perto|atrás)"""
CLAUSE = r"""\s+""" + _PREPOSITION + r"""(?:\s+[^\s:=]+){0,7}?"""
# Numbers and codes may also follow a colon without a space: "alarm code:9021".
CONNECTOR_OR_COLON = r"""(?:""" + _CONNECTOR + r"""|\s*:\s*)"""
# Between a value given first and its label: "... is my", "... as the", "... ist mein", "... est mon".
VALUE_FIRST_JOIN = r"""\s+(?:is|was|as|ist|war|als|est|comme|es|como|è|come|é|zijn)\s+
    (?:(?:the|das|der|die|le|la|el|il|o|a|het|de)\s+(?:(?:my|mein|meine|mon|ma|mi|mio|mia|meu|minha|mijn)\s+)?
    |(?:my|our|your|his|her|their|mein|meine|unser|unsere|mon|ma|notre|mi|nuestra|nuestro|mio|mia|meu|minha|mijn|ons
    |onze)\s+)"""


def labelled(label: str, value: str, connector: str = _CONNECTOR) -> str:
    """A pattern for a label, perhaps a clause saying what it is for, a connector, and a value."""
    return f"{label}(?:{CLAUSE})?{connector}{value}"


def word_before(match: re.Match[str], group: str) -> str:
    """The word just before a group of the match, case-folded ("" when there is none)."""
    before = match.string[max(0, match.start(group) - 40) : match.start(group)].split()
    return before[-1].casefold().strip("\"'([{") if before else ""


def fills_its_line(match: re.Match[str], group: str) -> bool:
    """Whether a value that follows its label only across a line break is alone on its line.

    "password\\nhunter2x" is a label and its value; in "change the password\\nQ3-report due Friday" the
    next line is something else. After a colon or a sign the value may share its line.
    """
    before = match.string[match.start() : match.start(group)]
    label = before.rstrip()
    if "\n" not in before[len(label) :] or not label[-1:].isalnum():
        return True
    end = match.string.find("\n", match.end(group))
    rest = match.string[match.end(group) : None if end < 0 else end]
    return not rest.strip(" \t.,;!?")


# Words that make a label speak of secrets in general, not of the owner's: "the most common PIN is 1234",
# "die häufigste PIN ist 1234", "1234 is the most popular passcode", "wie viele Leute 0000 als PIN haben".
# Up to two words may stand between them and the label ("the most common 4-digit PIN").
_IN_GENERAL_BEFORE = lazy_pattern(
    r"""(?:\b(?:most|least)[ ](?:common(?:ly[ ]used)?|popular|used|frequent(?:ly[ ]used)?|guessed|likely|chosen)
    |\b(?:commonest|worst|weakest|typical)|\b(?:häufigst|beliebtest|meistgenutzt|meistverwendet)e[nrs]?
    |\bmeest[ ](?:gebruikte|voorkomende|gekozen|populaire)
    |\b(?:how|so|too)[ ]many[ ]people|\bmost[ ]people|\b(?:wie|so|zu)?[ ]?viele[ ](?:leute|menschen)
    |\bmuch[ao]s?[ ](?:gente|personas)|\bbeaucoup[ ]de[ ](?:gens|personnes)|\btant[ei]?[ ](?:persone|gente)
    |\bmolt[ei][ ](?:persone|gente)|\bveel[ ]mensen|\bmuit[ao]s?[ ](?:gente|pessoas))(?:[ ][\w-]+){0,2}[ ]$""",
    re.IGNORECASE | re.VERBOSE,
)
# The same after the label, as French, Spanish, Italian and Portuguese put it: "le code PIN le plus
# courant", "el PIN más común", "il PIN più comune", "o PIN mais usado".
_IN_GENERAL_AFTER = lazy_pattern(
    r"""(?:[ ](?:(?:le|la|les|el|los|las|il|lo|o|a|os|as)[ ])?(?:plus|m[aá]s|pi[uù]|mais)[ ]
    (?:courant|fr[ée]quent|utilis[ée]|r[ée]pandu|populaire|com[uú]n|frecuente|usad[oa]|popular|comun[ei]
    |frequent[ei]|usat[oa]|diffus[oa]|comum)
    # Or that a PIN is used too often: "die PIN 0000 wird viel zu oft benutzt", "PIN 1234 is used far too often".
    |(?:[ ][^\s,;.]+){0,3}[ ](?:(?:viel[ ])?zu[ ]oft|(?:far[ ]|way[ ]|much[ ])?too[ ]often|(?:bien[ ])?trop[ ]souvent
    |demasiad[oa][ ](?:a[ ]menudo|frecuente)|con[ ]demasiada[ ]frecuencia|troppo[ ]spesso|(?:veel[ ])?te[ ]vaak
    |com[ ]demasiada[ ]frequ[êe]ncia|vezes[ ]demais))""",
    re.IGNORECASE | re.VERBOSE,
)
_WINDOW = 48
_CLAUSE_END = lazy_pattern(r"[.!?;\n]")
_WORD = lazy_pattern(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def said_in_general(text: str, label_start: int, label_end: int) -> bool:
    """Whether the label at `text[label_start:label_end]` names the secrets people pick in general, not
    one of the owner's: "the most common PIN is 1234", "el PIN más común es 1234". A fact about PINs
    names no owner's PIN. Not when its sentence says whose it is or what it opens, wherever: "my most
    common PIN", "the most common PIN for the front door", "la PIN più comune delle mie carte"."""
    before = text[max(0, label_start - _WINDOW) : label_start]
    if not (_IN_GENERAL_BEFORE.search(before) or _IN_GENERAL_AFTER.match(text, label_end)):
        return False
    start = max(text.rfind(sign, 0, label_start) for sign in ".!?;\n") + 1
    end = _CLAUSE_END.search(text, label_end)
    sentence = text[start : end.start() if end else len(text)].casefold()
    return not any(
        word in vocabulary.OWNER_WORDS or vocabulary.names_a_locked_thing(word) for word in _WORD.findall(sentence)
    )
