"""A password or a PIN spelled out after its name: character by character, or digit by digit in words.

"pin for the new card is four seven two nine", "PIN fürs Tablet: drei-acht-null-eins", "the password is
capital R, o, s, i, e, then 2 0 1 7": four characters or more, each alone (a letter, a digit, or a
digit's word in one of the seven languages), separated by spaces, commas or hyphens, perhaps with
"then", "and" or "capital" between them, within the sentence after a word that names a password or a
code (`names`). A count ("one or two"), a list of three, or such a run with no such name before it is
not one.
"""

from __future__ import annotations

import re

from personakit_plugin.default_plugins.secrets.holders import SENTENCE_END
from personakit_plugin.default_plugins.secrets.labels import CLAUSE, CONNECTOR_OR_COLON
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.lock_codes import A_CODE_WORD, CODE_WORDS, names_a_locked_thing_in
from personakit_plugin.default_plugins.secrets.names import names

_DIGIT_WORDS = r"""zero|oh|one|two|three|four|five|six|seven|eight|nine
    |null|eins|zwei|drei|vier|f[üu]nf|sechs|sieben|acht|neun
    |cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve
    |z[ée]ro|un|deux|trois|quatre|cinq|six|sept|huit|neuf
    |due|tre|quattro|cinque|sei|sette|otto|nove
    |um|dois|tr[êe]s|quatro|sete|oito
    |nul|een|twee|drie|vijf|zes|zeven|negen"""
# Words said between the characters: "capital R", "then 2", "und dann".
_FILLERS = r"""then|and|capital|lower(?:case)?|upper(?:case)?|small|big|dann|und|gro(?:ß|ss)es|kleines|y|luego
    |may[úu]scula|min[úu]scula|et|puis|majuscule|minuscule|e|poi|maiuscola|minuscola|depois|mai[úu]scula|en|dan
    |hoofdletter"""
# Signs said by their names: "question mark", "punto esclamativo", "dièse".
_SIGNS = r"""(?:question|exclamation)[ ](?:mark|point)|hash(?:[ ]?tag)?|at[ ]sign|dollar[ ]sign|underscore
    |asterisk|ampersand|ausrufezeichen|fragezeichen|raute|unterstrich|sternchen|punto[ ](?:esclamativo|interrogativo)
    |cancelletto|chiocciola|trattino(?:[ ]basso)?|signo[ ]de[ ](?:exclamaci[oó]n|interrogaci[oó]n)|almohadilla|arroba
    |gui[oó]n|point[ ]d['’](?:exclamation|interrogation)|di[èe]se|arobase|tiret
    |ponto[ ]de[ ](?:exclama[cç][aã]o|interroga[cç][aã]o)|uitroepteken|vraagteken|hekje|apenstaartje|streepje"""
# And letters by their names, "emme", "erre", "hache": only names no word of prose is ("de", "te" or
# "pi" are words).
_SPOKEN = (
    r"""effe|acca|hache|jota|kappa|elle|ele|emme|eme|enne|ene|erre|ere|esse|ese|uve|doppia[ ]vu|zeta|zed
    |"""
    + _SIGNS
)
_UNIT = rf"(?:[^\W_]|{_DIGIT_WORDS})(?![^\W_])"
_SPOKEN_UNIT = rf"(?:[^\W_]|{_DIGIT_WORDS}|{_SPOKEN})(?![^\W_])"
_RUN = lazy_pattern(
    rf"""(?<![^\s,:;(\"'“‘])(?:{_UNIT}[\s,;–-]+(?:(?:{_FILLERS})[\s,]+)*){{3,}}{_UNIT}""",
    re.IGNORECASE | re.VERBOSE,
)
# The same with the names of letters and signs, read only when the text holds one of them.
_A_SPOKEN_NAME = lazy_pattern(rf"(?<![^\W_])(?:{_SPOKEN})(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_SPOKEN_RUN = lazy_pattern(
    rf"""(?<![^\s,:;(\"'“‘])(?:{_SPOKEN_UNIT}[\s,;–-]+(?:(?:{_FILLERS})[\s,]+)*){{3,}}{_SPOKEN_UNIT}""",
    re.IGNORECASE | re.VERBOSE,
)
_NAME_KINDS = frozenset({"password", "netkey", "code"})
# How far before the run its name may end.
_REACH = 60


# A password dictated in words with a sign said by its name and a number, after its name and a connector:
# "the school password is hash tag blue whale seven seven question mark". Not a rule about passwords:
# "the password is one with a question mark" has words no dictation holds.
_A_SIGN = lazy_pattern(rf"(?<![^\W_])(?:{_SIGNS})(?![^\W_])", re.IGNORECASE | re.VERBOSE)
_A_NUMBER = lazy_pattern(rf"(?<![^\W_])(?:{_DIGIT_WORDS}|\d+)(?![^\W_])", re.IGNORECASE | re.VERBOSE)
# Or with no connector, when the dictation opens with a letter's case: "Passwort für Omas Tablet groß S
# sonne 2415 Ausrufezeichen", "password for the tablet capital S sunny 2415 exclamation mark".
_CASE_OF_A_LETTER = r"""(?:capital|big|small|upper(?:case)?|lower(?:case)?|gro(?:ß|ss)(?:es)?|klein(?:es)?
    |may[úu]scula|min[úu]scula|majuscule|minuscule|maiuscola|minuscola|mai[úu]scula|hoofdletter)[ ][^\W\d_](?![^\W_])"""
_SAID = lazy_pattern(
    rf"""(?:{CLAUSE})?(?:{CONNECTOR_OR_COLON}|[ ](?={_CASE_OF_A_LETTER}))(?P<value>[^.;!?\n]{{8,120}})""",
    re.IGNORECASE | re.VERBOSE,
)
_NOT_DICTATION = lazy_pattern(
    r"""\b(?:a|an|the|must|should|needs?|has|have|had|contains?|with|without|missing|includes?|any|some|least|more
    |less|than|rule|like|ein|eine|muss|mit|ohne|une|doit|avec|sans|una|debe|con|sin|deve|senza|uma|com|sem|een|moet
    |met|zonder)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _dictated(text: str) -> bool:
    if not _A_SIGN.search(text):
        return False
    for name in names(text):
        said = _SAID.match(text, name.end) if name.kind in {"password", "netkey"} else None
        if said is None:
            continue
        value = said["value"]
        if _A_SIGN.search(value) and _A_NUMBER.search(value) and not _NOT_DICTATION.search(value):
            return True
    return False


# A lock's code said digit by digit in words after a code's word, what it opens named on its line before
# the run: "el código del portal es seis siete dos dos", "casier 23 à la piscine, code huit quatre huit
# zéro", "alarmcode zes nul nul vijf". Only digits' words: "the code has one or two letters" is no run.
_DIGIT_RUN = lazy_pattern(
    rf"""(?<![^\s,:;(\"'“‘])(?:(?:{_DIGIT_WORDS})[\s,–-]+){{3,7}}(?:{_DIGIT_WORDS})(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)
_CODE_WORD = lazy_pattern(rf"(?:(?<![^\W_])|(?<=[^\W\d_]{{3}}))(?:{CODE_WORDS})(?![^\W_])", re.IGNORECASE | re.VERBOSE)


# Or a code named by its word alone, a determiner at most before it, then said digit by digit in words
# right after its verb: "the code is seven four one one", "le code c'est deux trois un un", "il codice è
# zero uno otto tre", "de code is nul zeven vier een". A code with a kind named before its word ("the
# zip code is ...", "the error code is four oh four") is not this shape.
_PLAIN_CODE_IN_WORDS = lazy_pattern(
    rf"""(?:^|[,;:.!?(\"'“‘—–]\s*|(?<![^\W_])(?:the|my|our|le|mon|notre|il|mio|o|meu|el|mi|der|mein|unser|de|mijn
    |ons)\s+)(?:code|codice|c[óo]digo)\s+(?:is|c['’]est|est|[èée]|es|ist|lautet|:)\s*
    (?:(?:{_DIGIT_WORDS})[\s,–-]+){{3,7}}(?:{_DIGIT_WORDS})(?![^\W_])""",
    re.IGNORECASE | re.VERBOSE,
)


def _lock_code_in_words(text: str, run: re.Match[str]) -> bool:
    line_start = text.rfind("\n", 0, run.start()) + 1
    before = text[max(line_start, run.start() - _REACH) : run.start()]
    codes = list(_CODE_WORD.finditer(before))
    code = codes[-1] if codes else None
    if code is None or SENTENCE_END.search(before, code.end()):
        return False
    # What it opens on its line before the run, or in the compound the code's word ends ("alarmcode").
    word_start = max(before.rfind(" ", 0, code.start()), before.rfind(",", 0, code.start())) + 1
    compound = before[word_start : code.start()]
    return names_a_locked_thing_in(before) or names_a_locked_thing_in(compound)


# Characters said one by one and then said to be one: "n a F J 8 E C w L V but without the spaces".
_WITHOUT_SPACES = lazy_pattern(
    r"""[^.!?\n]{0,20}?\b(?:without[ ](?:the[ ])?spaces|no[ ]spaces|ohne[ ](?:die[ ])?leerzeichen
    |sin[ ](?:los[ ])?espacios|sans[ ](?:les[ ])?espaces|senza[ ](?:gli[ ])?spazi|sem[ ](?:os[ ])?espa[cç]os
    |zonder[ ](?:de[ ])?spaties)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_SINGLE = lazy_pattern(r"(?<!\S)[^\W_](?!\S)")


def _said_without_spaces(text: str, run: re.Match[str]) -> bool:
    units = _SINGLE.findall(run.group())
    mixed = any(u.isdigit() for u in units) and any(u.isalpha() for u in units)
    return len(units) >= 6 and mixed and _WITHOUT_SPACES.match(text, run.end()) is not None


def spelled_out(text: str, joint: int | None = None) -> bool:
    """Whether `text` spells a password or a code out, character by character, after its name. `joint` is
    the line break that joins a proposal's text and quote: the name may end the text ("Owner's password,
    spelled out") and the run open the quote, the break no end of a sentence."""
    if A_CODE_WORD.search(text) and (
        _PLAIN_CODE_IN_WORDS.search(text) or any(_lock_code_in_words(text, run) for run in _DIGIT_RUN.finditer(text))
    ):
        return True
    runs = list(_RUN.finditer(text))
    if not runs:
        if not _A_SPOKEN_NAME.search(text):
            return False
        runs = list(_SPOKEN_RUN.finditer(text))
        if not runs:
            return _dictated(text)
    if any(_said_without_spaces(text, run) for run in runs):
        return True
    found = [name for name in names(text) if name.kind in _NAME_KINDS]
    for run in runs:
        for name in found:
            between = text[name.end : run.start()]
            if joint is not None and name.end <= joint < run.start():
                between = between[: joint - name.end] + " " + between[joint - name.end + 1 :]
            if 0 <= len(between) <= _REACH and not SENTENCE_END.search(between):
                return True
    return False
