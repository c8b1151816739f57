"""A word that names a secret, near a token that is not an ordinary word: the everyday way of saying one.

"I changed my password to Qw3rty!!77", "my laptop password? it's Hunter22!", "Use Hunter22! to
unlock my laptop", "my bank password is correcthorsebatterystaple", "the password, Hunter22!, is on a
sticky note", "my iPhone code is 4821", "TOTP secret JBSWY3DPEHPK3PXP": the name may come before or
after the secret, with any words between, in any language `vocabulary` holds. What counts as the
secret is decided by `tokens`. After a password's name and a connector, a passphrase may also be
capitalised words and a number ("is Cobalt Ferry Mitten 8204 Blue") or digits in groups
("WLAN-Schlüssel: 8274 1199 3301 4410").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from personakit_plugin.default_plugins.secrets import vocabulary
from personakit_plugin.default_plugins.secrets.key_ids import is_key_id
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.names import Name, names
from personakit_plugin.default_plugins.secrets.pins import UNIT_AFTER, offered_as_another_number
from personakit_plugin.default_plugins.secrets.postal_pins import number_that_is_no_pin
from personakit_plugin.default_plugins.secrets.tokens import (
    Token,
    as_code,
    is_word_compound,
    looks_typed,
)
from personakit_plugin.default_plugins.secrets.values import SSH_KEY_TYPE, documents_an_example, is_wordlike
from personakit_plugin.default_plugins.secrets.years import YEAR

# How many tokens after and before a name are looked at.
_AFTER = 8
_BEFORE = 5
_CODE_AFTER = 6
_COMPOUND_AFTER = 3
# How many words a clause between a name and its connector may hold: "for the office printer downstairs".
_CLAUSE_WORDS = 5
_LOCKED_BEFORE = 3
# How many tokens before "in" a verb of changing may stand: "ho cambiato la password del wifi ieri in ...".
_CHANGED_BEFORE = 7
_BASE32_GROUP = lazy_pattern(r"[A-Z2-7]{4}")
_BASE32_RUN = lazy_pattern(r"[A-Z2-7]{16,}=*")
_FOUR_LETTERS = lazy_pattern(r"[a-z]{4}")
_DASHED_APP_PASSWORD = lazy_pattern(r"[a-z]{4}(?:-[a-z]{4}){3}")
_MIN_BASE32 = 16
# How many tokens after its name a TOTP seed in groups may begin: a clause may come between.
_BASE32_AFTER = 14
_QUOTED = lazy_pattern(r"[\"“„'‘]([^\"“”„'‘’\n]{3,80})[\"”“'’]")
_MIN_QUOTED_WORDS = 3
_COMBINATIONS = lazy_pattern(vocabulary.COMBINATION_WORDS, re.IGNORECASE)
_PADLOCKS = lazy_pattern(vocabulary.PADLOCKS, re.IGNORECASE)


def _folded(token: Token) -> str:
    return token.core.casefold()


def _is_value(found: list[Token], index: int, typed: dict[int, bool]) -> bool:
    """A typed token that is not what the secret is for ("the password for Office365"), unless the
    preposition follows a verb of changing it ("l'ho cambiata ieri in Gelato928Fragola"). `typed`
    holds the answers of `looks_typed` so far, by the token's start: a token near many names is looked
    at once."""
    candidate = found[index]
    if _named_network(found, index):
        return False
    if index > 0 and (preposition := _folded(found[index - 1])) in vocabulary.THING_PREPOSITIONS:
        earlier = found[max(0, index - 1 - _CHANGED_BEFORE) : index - 1]
        verbs = vocabulary.CHANGED_TO.get(preposition, frozenset())
        changed = any(_folded(token) in verbs for token in earlier)
        if not changed:
            return False
    if candidate.start not in typed:
        typed[candidate.start] = looks_typed(candidate)
    return typed[candidate.start]


_NETWORK = lazy_pattern(rf"(?:{vocabulary.NETWORK_WORDS})", re.IGNORECASE)


def _named_network(found: list[Token], index: int) -> bool:
    """Whether the token at `index` is a network's name, right after the verb that gives it ("unser WLAN
    heißt FRITZ!Box 7590"), the network named in the few words before the verb ("la wifi del estudio se
    llama ...")."""
    if index < 2 or _folded(found[index - 1]) not in vocabulary.NAMING_VERBS:
        return False
    return _network_before_verb(found, index)


_NETWORK_BEFORE = 5


# Or a compound whose last part names it: "Gäste-WLAN", "guest-wifi", "Büro-Netz".
_NETWORK_COMPOUND = lazy_pattern(rf"(?:[^\W\d_]{{2,}}-)?(?:{vocabulary.NETWORK_WORDS})", re.IGNORECASE)


def _network_before_verb(found: list[Token], index: int) -> bool:
    """Whether a network is named in the few words before the verb right before `index`, the verb's "is"
    perhaps elided onto it ("our wifi's called ..."), or as a compound's last part ("das Gäste-WLAN heißt")."""
    before = found[max(0, index - 1 - _NETWORK_BEFORE) : index - 1]
    return any(_NETWORK_COMPOUND.fullmatch(_folded(token).removesuffix("'s").removesuffix("’s")) for token in before)


# A network's name given with "is", then "and" and the password named apart: "la wifi es EstudioSol_5G y
# la clave en un post-it", "the wifi is CasaVerde_5G and the password is on the router". The token is the
# network's name; a value after the password's name is still the password.
_IS = frozenset("is ist es est è é".split())
_AND = frozenset("and und y e et en".split())
_AND_BEFORE = 3


def _networks_before_and(found: list[Token], firsts: set[int]) -> set[int]:
    """The starts of the tokens that are a network's name given this way; `firsts` holds the index of
    each password's name's first token."""
    return {
        found[index].start
        for index in range(2, len(found) - 1)
        if _folded(found[index - 1]) in _IS
        and _folded(found[index + 1]) in _AND
        and any(index + 1 < first <= index + 1 + _AND_BEFORE for first in firsts)
        and _network_before_verb(found, index)
    }


class _Lines:
    """Which tokens a name may reach: across a line break only to a token alone on its line ("door
    code\n8442"), except at the join of a proposal's text and quote, which a secret may straddle."""

    def __init__(self, text: str, joint: int | None) -> None:
        self.text = text
        self.joint = joint

    def reach(self, name: Name, token: Token) -> bool:
        start, end = (name.end, token.start) if token.start >= name.end else (token.end, name.start)
        breaks = [i for i in range(start, end) if self.text[i] == "\n" and i != self.joint]
        if not breaks:
            return True
        line_start = self.text.rfind("\n", 0, token.start) + 1
        line_end = self.text.find("\n", token.end)
        line = self.text[line_start : None if line_end < 0 else line_end]
        return line.strip(" \t.,;!?") == token.text.strip(" \t.,;!?")


def _window(first: int, last: int, before: int, after: int, count: int) -> list[int]:
    """The indices of the tokens around a name (tokens `first` to `last`) of `count`; the token right
    before the name ("Office365 password") is what it is for, and left out."""
    return [*range(max(0, first - before), first - 1), *range(last + 1, min(count, last + 1 + after))]


def _span(found: list[Token], starts: list[int], name: Name) -> tuple[int, int]:
    first = max(0, bisect.bisect_right(starts, name.start) - 1)
    last = max(first, bisect.bisect_right(starts, name.end - 1) - 1)
    return first, last


# A key of a pair, whose secret half is a block of base64 (an SSH, GPG or signing key), not a word with
# digits: a typed token near its name is something else ("ssh keys everywhere, plus html2text for mail"),
# unless it is joined to the name ("the ssh key: Gr33n-Door!").
_KEY_PAIR = lazy_pattern(r"(?:ssh|gpg|pgp|signing)[\s_-]*keys?", re.IGNORECASE)


# A password someone else set on their own, which the owner does not know: "the tenant changed the password
# herself", "das Passwort hat der Mieter selbst geändert", "she set her own password". A value before it is
# what it is for (a network's name); one after it is still the password ("he set his own password:
# Pony2014"). The Romance words for "self" also mean "the same" ("la password è la stessa"): left out.
_BY_THEMSELVES = frozenset("herself himself themselves themself selbst zelf lui-même elle-même eux-mêmes".split())
_SELF_AFTER = 4
_OWN = frozenset("own eigenes eigene eigen eigenen propre propio propia proprio propria próprio própria".split())


def _set_by_another(found: list[Token], first: int, last: int) -> bool:
    after = found[last + 1 : last + 1 + _SELF_AFTER]
    return any(_folded(token) in _BY_THEMSELVES for token in after) or (first > 0 and _folded(found[first - 1]) in _OWN)


# A password said to be written somewhere, right after its name: "the password's on the back of the
# router", "das Passwort hängt am Spiegel", "le mot de passe est collé sous la box", "a senha está na
# caixa". A value before it is what it is for (a network's name: "It's NETGEAR57, the password's on the
# back"); one after it is still the password. Not "in" ("the password is in capitals") nor "no" ("the
# password's no longer ...").
_PLACED_VERBS = frozenset(
    """is ist steht hängt klebt liegt staat hangt plakt ligt zit est está sta è é fica sits hangs stays""".split()
)
_PLACED_HOW = frozenset(
    """written stuck printed taped geschrieben gedruckt geklebt geschreven geplakt gedrukt écrit écrite collé collée
    imprimé imprimée pegado pegada escrito escrita impreso impresa scritto scritta attaccato attaccata stampato
    stampata impresso impressa colado colada""".split()
)
_PLACED_AT = frozenset(
    """on under underneath behind am auf hinter unter hinten op onder achter sur sous derrière au dos sobre debajo
    detrás detras sul sulla sotto dietro atrás debaixo""".split()
)
_SENTENCE_ENDS = (".", ";", "!", "?")
_PLACED_IN = frozenset(("está", "fica"))  # Portuguese "está no", "fica na": in or on
_IN_THE = frozenset("no na nos nas".split())


def _placed_elsewhere(found: list[Token], last: int) -> bool:
    """Whether the name ending at token `last` is said to be written somewhere right after it."""
    after = [_folded(token) for token in found[last + 1 : last + 4]]
    if found[last].text.casefold().endswith(("'s", "’s")):
        after.insert(0, "is")
    if not after or after[0] not in _PLACED_VERBS:
        return False
    rest = after[1:]
    if rest and rest[0] in _PLACED_HOW:
        rest = rest[1:]
    if not rest:
        return False
    return rest[0] in _PLACED_AT or (after[0] in _PLACED_IN and rest[0] in _IN_THE)


def _typed_near(
    found: list[Token], first: int, last: int, name: Name, lines: _Lines, typed: dict[int, bool], *, own: bool
) -> bool:
    """Whether a typed token is near a name; `own` if the name is a password someone else set on their own."""
    # Before a network's bare "key" stands the network's name ("the WLAN is FritzBox-7590 and the key ...").
    # A password someone else set on their own, or said to be written somewhere: a value before it is what
    # it is for.
    # Said to be written somewhere, a value after it is in its own sentence: "the password is on the router
    # sticker. It's NETGEAR57" gives the network's name.
    placed = name.kind == "password" and _placed_elsewhere(found, last)
    before = 0 if name.kind == "netkey" or own or placed else _BEFORE
    count = len(found)
    if placed:
        count = next(
            (index + 1 for index in range(last + 1, count) if found[index].text.endswith(_SENTENCE_ENDS)), count
        )
    key_pair = _KEY_PAIR.fullmatch(name.word) is not None
    return any(
        _is_value(found, index, typed)
        and lines.reach(name, found[index])
        and (not key_pair or (index > last and _joined_to(found, last, index)))
        for index in _window(first, last, before, _AFTER, count)
    )


# How a value is announced after an aside or in the next sentence: a colon ("... just take it down as I
# spell it: ..."), "it is" ("... so I don't lose it. It is ..."), in the seven languages, or "it" and a
# comma after a verb of saying ("no, I'll just say it, ...").
_IT_IS_PAIRS = frozenset(
    ("it is", "that is", "es ist", "das ist", "het is", "dat is", "esa es", "questa è", "ela é", "ist es")
)
_IT_IS_WORDS = frozenset(("it's", "it’s", "that's", "that’s", "c'est", "c’est"))
# After a PIN's own name, the verb that gives the code past a clause: "my PIN for the gym locker in the basement by
# the pool is 4471".
_COPULAS = frozenset(("is", "ist", "est", "es", "è", "é", "was", "era", "war"))
_SAY_IT = frozenset(("say", "tell", "read", "spell", "give", "write", "type"))


# Before a colon, what announces something else than the secret: "here is the model: Archer-C6".
_ANNOUNCES_ANOTHER = frozenset(
    """model modell modèle modelo modello version versie versione versão type typ tipo name naam nom nombre nome
    brand marke marque marca merk ticket order reference ref id user username login e-mail email mail address
    adresse dirección indirizzo endereço adres ssid network netzwerk réseau red rete rede netwerk wlan wifi wi-fi
    number nummer numéro número numero""".split()
)


def _announced(found: list[Token], index: int, last: int) -> bool:
    """Whether the token at `index` follows a colon or "it is" after the name (ending at token `last`)."""
    previous = found[index - 1]
    if index - 1 > last and previous.text.endswith(":"):
        return _folded(previous) not in _ANNOUNCES_ANOTHER
    if index - 1 > last and _folded(previous) in _IT_IS_WORDS:
        return True
    if index - 2 > last and previous.text.casefold() == "it," and _folded(found[index - 2]) in _SAY_IT:
        return True
    return index - 2 > last and f"{_folded(found[index - 2])} {_folded(previous)}" in _IT_IS_PAIRS


def _announced_after(found: list[Token], last: int, name: Name, lines: _Lines, typed: dict[int, bool]) -> bool:
    """A typed token announced further on than `_AFTER` reaches, after an aside or in the next sentence:
    "VPN password, wait, just take it down as I spell it: ...", "das Passwort vom Konto, damit ich es
    nicht vergesse. Es ist ...". Only right after a colon or "it is"."""
    return any(
        _announced(found, index, last) and _is_value(found, index, typed) and lines.reach(name, found[index])
        for index in range(last + 1 + _AFTER, min(len(found), last + 1 + _PHRASE_REACH))
    )


def _joined_to(found: list[Token], last: int, index: int) -> bool:
    """Whether the token at `index` follows the name (ending at token `last`) through a connector:
    "the passphrase is ...", "passphrase: ...", not "a strong password is like ..."."""
    between = [_folded(token) for token in found[last + 1 : index]]
    if not between:
        return found[last].text.endswith((":", "="))
    if all(word in vocabulary.CONNECTORS for word in between):
        return True
    # "the password for my old work laptop is ...": a clause that says what it is for, then a connector.
    # Or its colon: "LUKS passphrase on the thinkpad: ...".
    return (
        len(between) <= _CLAUSE_WORDS + 2
        and between[0] in vocabulary.THING_PREPOSITIONS
        and (between[-1] in vocabulary.CONNECTORS or found[index - 1].text.endswith(":"))
    )


def _compound_after(found: list[Token], last: int) -> bool:
    """A passphrase of words joined by hyphens just after the name: "the passphrase is correct-horse-battery-staple"."""
    window = range(last + 1, min(len(found), last + 1 + _COMPOUND_AFTER + _CLAUSE_WORDS + 1))
    return any(is_word_compound(found[index]) and _joined_to(found, last, index) for index in window)


# Words run together into one: "correcthorsebatterystaple", "kaffeetassesonnenschein". Sixteen lower-case
# letters or more, which few single words of prose reach; and not with the ending of an adjective or a
# noun of one word, which German compounds often have ("sicherheitsrelevant" aside, "unverschlüsselt").
_RUN_TOGETHER = lazy_pattern(r"[a-zäöüßàâçéèêëîïôûùÿñáíóú]{16,}")
_WORD_ENDINGS = (
    *("lich", "bar", "ig", "isch", "los", "voll", "iert", "ung", "ungen", "keit", "heit", "schaft", "relevant"),
    *("able", "ible", "ment", "ness", "tion", "tions", "sion", "ized", "ised", "ally", "ful", "ous", "ive"),
    *("ement", "ique", "ción", "ciones", "mente", "zione", "zioni"),
)


def _run_together_after(found: list[Token], last: int) -> bool:
    """A passphrase of words run together just after the name and a connector: "my bank password is
    correcthorsebatterystaple", "the password for the shed laptop is ..."."""
    window = range(last + 1, min(len(found), last + 1 + _COMPOUND_AFTER + _CLAUSE_WORDS + 1))
    return any(
        _RUN_TOGETHER.fullmatch(found[index].core) is not None
        and not found[index].core.endswith(_WORD_ENDINGS)
        and _joined_to(found, last, index)
        for index in window
    )


# A passphrase of capitalised words and a number, set off by spaces: "Cobalt Ferry Mitten 8204 Blue".
_TITLE_WORD = lazy_pattern(r"[A-ZÄÖÜÀ-ÞĀ-Ž][a-zß-öø-ÿ]{1,15}")
_LOWER_WORD = lazy_pattern(r"[a-zß-öø-ÿ]{3,15}")
_NUMBER_WORD = lazy_pattern(r"\d{1,8}")
_MIN_PHRASE_WORDS = 2
_MIN_PHRASE_TOKENS = 3
# How many tokens after a name the connector before such a passphrase may stand: an aside may come
# between ("the master password for bitwarden, and I know this is a bad idea, is ...").
_PHRASE_REACH = 16


def _spaced_passphrase_at(found: list[Token], index: int, text: str, colon: bool = False) -> bool:
    """Whether the tokens from `index` on are a passphrase of capitalised words and a number, up to the
    end of the sentence: two words or more and a number, three tokens at least, nothing else between
    them, and no number a count ("12 Zeichen"). After a colon the words may be lower case too ("the pass
    phrase is: purple monkey dishwasher 1987"): a colon announces a value, as prose rarely does."""
    words = numbers = lower = 0
    for position, token in enumerate(found[index : index + 8], index):
        core = token.core
        if _TITLE_WORD.fullmatch(core):
            words += 1
        elif colon and _LOWER_WORD.fullmatch(core):
            words += 1
            lower += 1
        elif _NUMBER_WORD.fullmatch(core) and UNIT_AFTER.match(text, token.end) is None:
            numbers += 1
        else:
            return False
        following = found[position + 1].start if position + 1 < len(found) else len(text)
        if token.text != core or "\n" in text[token.end : following]:  # punctuation or a line break ends it
            return token.text.startswith(core) and _whole_phrase(words, numbers, lower)
    return _whole_phrase(words, numbers, lower) and index + words + numbers >= len(found)


def _whole_phrase(words: int, numbers: int, lower: int = 0) -> bool:
    # With words in lower case, one word more: "pass: 4 of 5 tests" is a score.
    least = _MIN_PHRASE_WORDS + (lower > 0)
    return words >= least and numbers >= 1 and words + numbers >= _MIN_PHRASE_TOKENS


def _spaced_passphrase_after(found: list[Token], last: int, name: Name, text: str) -> bool:
    """A passphrase of capitalised words and a number after the name and a connector, the connector
    perhaps after an aside: "... password for bitwarden, and I know this is a bad idea, is Cobalt
    Ferry Mitten 8204 Blue"."""
    for index in range(last + 1, min(len(found), last + 2 + _PHRASE_REACH)):
        previous = found[index - 1]
        if index - 1 == last:  # "Passwort: ...", the sign right after the name
            joined = previous.text.endswith((":", "=")) and previous.end - 1 == name.end
        else:
            joined = _folded(previous) in vocabulary.CONNECTORS
        if joined and _spaced_passphrase_at(found, index, text, colon=previous.text.endswith(":")):
            return True
    return False


# A password or key of digits in groups, as routers print their keys and disk encryption its recovery
# keys: "WLAN-Schlüssel: 8274 1199 3301 4410", "recovery key 123456-234567-...".
_DIGIT_GROUP = lazy_pattern(r"\d{3,6}(?:-\d{3,6})*")
_MIN_GROUPED_DIGITS = 12
# Right after the name, with no connector, the digits must be more: "recovery key 123456-234567-...".
_MIN_BARE_DIGITS = 16


# After a clause that ends in a colon ("the wifi password is on the router sticker: 84629371045"), a
# router's key in one run: ten digits or more, no date. Not a number to call ("... call: 0800...").
_DIGIT_RUN = lazy_pattern(r"\d{10,20}")


def _grouped_digits(found: list[Token], index: int) -> int:
    """How many digits the groups from `index` on hold: "6278 8802 4637 5541 4375"."""
    digits = 0
    for token in found[index : index + 8]:
        if not _DIGIT_GROUP.fullmatch(token.core):
            break
        digits += sum(ch.isdigit() for ch in token.core)
        if token.text != token.core:
            break
    return digits


def _digits_after_a_colon(found: list[Token], last: int) -> bool:
    """A run of ten digits or more, or groups of twelve or more, after a clause and its colon ("WLAN-
    Schlüssel steht hinten auf der Fritzbox: 6278 8802 4637 5541 4375")."""
    for index in range(last + 2, min(len(found), last + 1 + _AFTER)):
        after_colon = found[index - 1].text.endswith(":")
        if after_colon and (
            _DIGIT_RUN.fullmatch(found[index].core) or _grouped_digits(found, index) >= _MIN_GROUPED_DIGITS
        ):
            return not any(_folded(token).strip(":") in vocabulary.CALL_WORDS for token in found[last + 1 : index])
        if found[index - 1].text.endswith((".", ";", "!", "?")):
            return False
    return False


def _digit_groups_after(found: list[Token], last: int) -> bool:
    """Groups of digits, twelve digits or more in all, right after the name and a connector (sixteen
    or more right after the name); or a run of ten digits or more after a clause and its colon."""
    if _digits_after_a_colon(found, last):
        return True
    for index in range(last + 1, min(len(found), last + 1 + _AFTER)):
        if not _DIGIT_GROUP.fullmatch(found[index].core):
            continue
        digits = _grouped_digits(found, index)
        if _joined_to(found, last, index):
            return digits >= _MIN_GROUPED_DIGITS
        return index == last + 1 and digits >= _MIN_BARE_DIGITS
    return False


# A key in groups of four letters and digits, as a router's sticker prints it ("fq9R Lp3x NmTe").
_FOUR = lazy_pattern(r"[A-Za-z0-9]{4}")
_MIN_FOUR_GROUPS = 3


def _groups_of_four_after(found: list[Token], last: int) -> bool:
    """Three groups of four letters and digits or more, right after the name and a connector (or the name alone),
    each group with a digit or both cases, and a digit in one of them at least: "Wi-Fi key is fq9R Lp3x NmTe"."""
    for index in range(last + 1, min(len(found), last + 1 + _AFTER)):
        if not _FOUR.fullmatch(found[index].core):
            continue
        if index != last + 1 and not _joined_to(found, last, index):
            return False
        groups = []
        for token in found[index : index + 8]:
            if not _FOUR.fullmatch(token.core) or token.core != token.text.rstrip(",."):
                break
            groups.append(token.core)
            if token.text != token.core:
                break
        return (
            len(groups) >= _MIN_FOUR_GROUPS
            and any(ch.isdigit() for group in groups for ch in group)
            and all(any(ch.isdigit() for ch in group) or not (group.islower() or group.isupper()) for group in groups)
        )
    return False


def _quoted_after(found: list[Token], last: int, text: str) -> bool:
    """A quoted phrase of three words or more after the name and a connector: 'my passphrase for the
    disk is "purple monkey dishwasher 9"'. A clause may come between the name and the connector."""
    for index in range(last + 1, min(len(found), last + 1 + _AFTER)):
        token = found[index]
        if token.text[:1] not in "\"“„'‘":
            continue
        quoted = _QUOTED.match(text, token.start)
        return (
            quoted is not None
            and _folded(found[index - 1]) in vocabulary.CONNECTORS
            and len(quoted.group(1).split()) >= _MIN_QUOTED_WORDS
        )
    return False


def _app_password_after(found: list[Token], last: int) -> bool:
    """Four groups of four letters, not all words, after the name: "app password: abcd efgh ijkl mnop"."""
    window = found[last + 1 : last + 1 + _AFTER + 3]
    for token in window:
        if _DASHED_APP_PASSWORD.fullmatch(token.core):
            return _not_all_words(token.core.split("-"))
    groups: list[str] = []
    for token in window:
        if _FOUR_LETTERS.fullmatch(token.core) and (not groups or token.core == token.text.rstrip(".,;")):
            groups.append(token.core)
            if len(groups) == 4:
                return _not_all_words(groups)
        else:
            groups = []
    return False


def _not_all_words(groups: list[str]) -> bool:
    return sum(group in vocabulary.ORDINARY_FOUR_LETTER_WORDS for group in groups) <= 1


# What a code is given with, right before its name, which leaves what it opens further back: "no cofre
# pequeno com o código 8164", "the small safe with the code 8164", "der kleine Tresor mit dem Code 8164".
_WITH = frozenset("with avec com con mit met".split())
_WITH_ARTICLES = frozenset("the le la l' o a el il lo dem der den de het".split())


# A verb of having right before a code's name (perhaps with its article) makes the code the clause's subject's: "the
# Schlüsselsafe an der Garage bei Zieglers (ambulante Tour) hat den Code 4-4-7-2". What it opens may then be named
# further back in the clause, up to `_SUBJECT_BEFORE` words, not past a comma or a sentence's end.
_HAS = frozenset("has had hat hatte heeft had a avait tiene tenía tenia ha aveva tem tinha".split())
_SUBJECT_BEFORE = 10


def _clause_start(found: list[Token], first: int) -> int:
    """The first token of the clause that ends right before `first`, at most `_SUBJECT_BEFORE` tokens back."""
    start = first
    while start > max(0, first - _SUBJECT_BEFORE) and not found[start - 1].text.endswith((",", ".", ";", "!", "?")):
        start -= 1
    return start


def _names_a_locked_thing(found: list[Token], first: int, last: int, code_at: int) -> bool:
    before = _LOCKED_BEFORE
    if first >= 2 and _folded(found[first - 2]) in _WITH and _folded(found[first - 1]) in _WITH_ARTICLES:
        before += 2
    verb = first - 2 if first >= 2 and _folded(found[first - 1]) in _WITH_ARTICLES else first - 1
    if verb >= 0 and _folded(found[verb]) in _HAS:
        before = max(before, first - _clause_start(found, verb))
    for position in (*range(max(0, first - before), first), *range(last + 1, code_at)):
        word = _folded(found[position]).removesuffix("'s").removesuffix("’s").strip("'’")  # "the shed's", not "hed"
        word = word[max(word.rfind("'"), word.rfind("’")) + 1 :]  # "l'immeuble", "dell'allarme"
        if vocabulary.names_a_locked_thing(word):
            return True
        # A room that locks, in two words: "the medicine room code", "server room code at work".
        if word in ("room", "rooms") and position > 0 and _folded(found[position - 1]) in vocabulary.ROOMS_THAT_LOCK:
            return True
    return False


def _is_code(found: list[Token], index: int, text: str) -> bool:
    """A number that can be a PIN: not a year after "in" or "since", not a count before a unit."""
    token = found[index]
    code = as_code(token)
    if code is None:
        return False
    digits = sum(ch.isdigit() for ch in code)
    if not 3 <= digits <= 12:
        return False
    if index > 0 and _folded(found[index - 1]) in vocabulary.NUMBER_PREPOSITIONS:
        return False
    return UNIT_AFTER.match(text, token.end) is None


_MAX_ANNOUNCED_DIGITS = 8


def _announced_code(found: list[Token], last: int, index: int) -> bool:
    """A code announced past the usual reach: no year ("It's 2019 again"), eight digits at most, and no
    number to call said between ("... so I called the bank. It's 0800 ...")."""
    core = found[index].core
    if YEAR.fullmatch(core) or sum(ch.isdigit() for ch in core) > _MAX_ANNOUNCED_DIGITS:
        return False
    return not any(_folded(token) in vocabulary.CALL_WORDS for token in found[last + 1 : index])


# A room as a German compound names it, whose number follows it: "Lehrerzimmer 204", "Lagerraum 3".
_ROOM = lazy_pattern(r"[^\W\d_]{3,}(?:zimmer|raum)", re.IGNORECASE)


def _across_the_joint(lines: _Lines, name: Name, token: Token) -> bool:
    """Whether a name is in a proposal's text and the token in its quote."""
    return lines.joint is not None and name.end <= lines.joint < token.start


# A code's name said to be absent, a word after it and no value: "a key padlock, not a combination",
# "kein Code nötig", "pas de code, juste une clé", "sin código". A value right after it is still the code
# ("not code 4821 any more, it's 7710").
_NO = frozenset("not no without kein keine keinen ohne pas sans sin senza non geen zonder sem não nao".split())
_NO_ARTICLES = frozenset("a an the ein eine einen de du un une el la le um uma een".split())


def _said_absent(found: list[Token], first: int, last: int) -> bool:
    before = first - 1
    if before >= 0 and _folded(found[before]) in _NO_ARTICLES and found[before].text == found[before].core:
        before -= 1
    if before < 0 or found[before].text != found[before].core or _folded(found[before]) not in _NO:
        return False
    return last + 1 >= len(found) or not any(ch.isdigit() for ch in found[last + 1].core)


# A PIN of letters and digits, as online banking lets one choose, right after its name or its "is": "die
# Online-PIN ist Strauss7980?", "my banking PIN is Kiwi2024". Not a length ("PIN ist 5-stellig").
_PIN_NAMES = frozenset(("pin", "pincode", "pin-code", "nip"))


# Or after a colon that ends what the PIN is for, in a few words: "'o PIN INPS 'e mammà pe' vedé 'a pensione:
# 3HK7Q2M9".
_PIN_COLON_REACH = 8


def _typed_pin_after(found: list[Token], last: int, name: Name, typed: dict[int, bool]) -> bool:
    if name.word.casefold() not in _PIN_NAMES:
        return False
    index = last + 1
    if index < len(found) and _folded(found[index]) in _IS:
        index += 1
    for at in range(last + 1, min(len(found), last + 1 + _PIN_COLON_REACH)):
        if found[at].text.endswith(_SENTENCE_ENDS):
            break
        if found[at].text.endswith(":"):
            index = at + 1
            break
    if index >= len(found):
        return False
    core = found[index].core
    return any(ch.isdigit() for ch in core) and any(ch.isalpha() for ch in core) and _is_value(found, index, typed)


def _given_by_its_verb(found: list[Token], index: int, name: Name, lines: _Lines) -> bool:
    """Whether the token at `index` follows a verb ("is") after a PIN's name, or after a code's within its own line
    (not a text's code and its quote's "die is 5819": that is `code_named_in_the_text`'s to read)."""
    if _folded(found[index - 1]) not in _COPULAS:
        return False
    return name.kind == "code" or (name.kind == "generic" and not _across_the_joint(lines, name, found[index]))


# A number to call, said in the quote after its line's word: "safaricom care ni 100", "helpline 0800 123". Not a
# phone's own word ("Her phone PIN." / "phone 4821": the PIN).
_LINE_WORDS = frozenset("care helpline hotline support".split())


def _a_line_to_call(found: list[Token], index: int, joint: int) -> bool:
    return any(_folded(token) in _LINE_WORDS for token in found[max(0, index - 3) : index] if token.start > joint)


# A number a rule forbids, its "allowed" after it and a "no" or "not" near it: "no more birthdays or 1234 allowed",
# "1234 is not allowed", "keine 1234 mehr erlaubt", "1234 n'est plus permis".
_ALLOWED = frozenset("allowed permitted accepted erlaubt zulässig permis autorisé permitido permitida".split())
_ALLOWED_TOO = frozenset(("consentito", "ammesso", "toegestaan", "aceite", "aceito"))
_NEGATIONS = frozenset("no not never nor kein keine keinen nicht pas plus ni nunca mai non niet geen nooit não".split())
_RULE_REACH = 4


def _forbidden(found: list[Token], index: int) -> bool:
    after = found[index + 1 : index + 4]
    if not any(_folded(token) in _ALLOWED or _folded(token) in _ALLOWED_TOO for token in after):
        return False
    return any(_folded(token) in _NEGATIONS for token in (*found[max(0, index - _RULE_REACH) : index], *after))


def _code_near(found: list[Token], first: int, last: int, text: str, name: Name, lines: _Lines) -> bool:
    """A PIN after its name; after "code" or "combination", only with what it opens named nearby ("my
    iPhone code is 4821", "the code for my Kindle is 2244"), or a combination in groups ("12-34-56"). Further
    on, after an aside, only announced (`_announced`): "my phone code is, no, I'll just say it, 4821", or
    after a PIN's or a code's own name by its verb ("my PIN for the gym locker in the basement by the pool is 4471",
    "the door code for the clinic back entrance is C4791": a code's with what it opens named)."""
    reach = min(len(found), last + 1 + _CODE_AFTER)
    further = (
        index
        for index in range(reach, min(len(found), last + 1 + _PHRASE_REACH))
        if (_announced(found, index, last) or _given_by_its_verb(found, index, name, lines))
        and _announced_code(found, last, index)
    )
    for index in (*range(last + 1, reach), *further):
        if not _is_code(found, index, text) or not lines.reach(name, found[index]) or _forbidden(found, index):
            continue
        if _across_the_joint(lines, name, found[index]) and (
            offered_as_another_number(text, found[index].start, found[index].end)
            or _a_line_to_call(found, index, lines.joint or 0)
        ):
            continue  # "Asked for the gate code." / "the flat is 1204.", "... the M-Pesa PIN." / "care ni 100"
        if name.kind == "code":
            return not number_that_is_no_pin(text, name.word, text[name.end : found[index].start], found[index].core)
        if "-" in found[index].core and _COMBINATIONS.fullmatch(name.word):
            return True
        # Not a room's own number right after it: "Code der Woche: 3 Hefte, Lehrerzimmer 204".
        if (
            not _PADLOCKS.fullmatch(name.word)
            and _names_a_locked_thing(found, first, last, index)
            and not (_ROOM.fullmatch(found[index - 1].core) and index - 1 > last)
        ):
            return True
    return False


def _base32_shape(token: Token) -> str:
    """`run` for a whole seed ("JBSWY3DPEHPK3PXP"), `random` or `word` for a group of four, or ""."""
    core = token.core.upper()
    if _BASE32_RUN.fullmatch(core) and not core.isalpha():
        return "run"
    if _BASE32_GROUP.fullmatch(core):
        return "word" if core.isalpha() and is_wordlike(core) else "random"
    return ""


def _base32_near(found: list[Token], first: int, last: int, shapes: dict[int, str]) -> bool:
    """A TOTP seed near its name: sixteen base32 characters or more, whole or in groups of four, with a
    digit or groups that are not words ("JBSWY3DPEHPK3PXP", "JBSW Y3DP EHPK 3PXP"), perhaps after a
    clause ("the 2FA setup key the bank printed under the QR code was JBSW Y3DP ..."). `shapes` holds
    each token's `_base32_shape` once it is known, by its start."""
    window = found[max(0, first - _BEFORE) : first] + found[last + 1 : last + 1 + _BASE32_AFTER + 4]
    groups = 0
    random = False  # a digit, or a group that is not a word, among the groups so far
    for token in window:
        if token.start not in shapes:
            shapes[token.start] = _base32_shape(token)
        shape = shapes[token.start]
        if shape == "run":
            return True
        if shape:
            groups += 1
            random = random or shape == "random"
            if groups * 4 >= _MIN_BASE32 and random:
                return True
        else:
            groups, random = 0, False
    return False


_AN_ID = lazy_pattern(r"(?i)\bid")
# A nurse's or a midwife's PIN on the Nursing and Midwifery Council's public register, which names her there
# and opens nothing: two digits of the year, a month's letter, four digits and a letter of the country
# ("my NMC pin is 07C1185W"). Another value after an NMC pin ("NMC pin 4821", "NMC login pin Kx7!pq2")
# is still read as a secret.
_NMC = lazy_pattern(r"(?i)(?<![^\W_])nmc(?![^\W_])")
_NMC_PIN = lazy_pattern(r"\d\d[A-L]\d{4}[A-Z]")


def _public_tokens(text: str, found: list[Token]) -> set[int]:
    """The starts of the tokens that are no secret whatever their shape: an SSH public key's type and body
    ("ssh-ed25519 AAAAC3..."), a documentation's example key ("the aws docs use AKIAIOSFODNN7EXAMPLE"), a
    key's ID ("Key ID 8030EC3B-...", `key_ids`), a nurse's PIN on the NMC's register (`_NMC_PIN`)."""
    public: set[int] = set()
    example = documents_an_example(text)
    ssh = "ssh-" in text or "ecdsa-" in text
    ids = _AN_ID.search(text) is not None
    nmc = _NMC.search(text) is not None
    if not (example or ssh or ids or nmc):
        return public
    for index, token in enumerate(found):
        if nmc and _NMC_PIN.fullmatch(token.core):
            public.add(token.start)
        if ids and is_key_id(text, token.core, token.start):
            public.add(token.start)
        if example and "EXAMPLE" in token.core:
            public.add(token.start)
        if ssh and SSH_KEY_TYPE.fullmatch(token.core):
            public.update(following.start for following in found[index : index + 2])
    return public


def secret_nearby(text: str, tokens_of: Callable[[], list[Token]], joint: int | None = None) -> str | None:
    """The kind of secret a name in `text` points at, or None: `password-nearby`, `passphrase`,
    `app-password`, `code-nearby` or `totp-secret`. `joint` is where a proposal's text and quote
    were joined by a line break, if they were; `tokens_of` gives its tokens."""
    found_names = names(text)
    if not found_names:
        return None
    found = tokens_of()
    starts = [token.start for token in found]
    lines = _Lines(text, joint)
    public = _public_tokens(text, found)
    spans = {name: _span(found, starts, name) for name in found_names}
    networks = _networks_before_and(
        found, {first for name, (first, _) in spans.items() if name.kind in {"password", "netkey"}}
    )
    typed: dict[int, bool] = dict.fromkeys(public | networks, False)
    base32: dict[int, str] = dict.fromkeys(public, "")
    # Where the quote starts, if it names a password itself: what it says of it is read from its own names.
    named_again = (
        bisect.bisect_left(starts, joint)
        if joint is not None and any(n.kind == "password" and n.start > joint for n in found_names)
        else len(found)
    )
    for name in found_names:
        first, last = spans[name]
        password = name.kind in {"password", "netkey"}
        own = name.kind == "password" and _set_by_another(found, first, last)
        # A password someone else set on their own, named in the text and again in the quote: what the
        # quote gives is read from the quote's name alone ("the tenant set her own password" / "wifi:
        # VM2219384, tenant changed the password herself": the value is the network's name).
        seen = found[:named_again] if own and last < named_again else found
        if (password or name.kind == "verb") and _typed_near(seen, first, last, name, lines, typed, own=own):
            return "password-nearby"
        if name.kind == "password" and _announced_after(seen, last, name, lines, typed):
            return "password-nearby"
        if password and (
            _compound_after(found, last)
            or _quoted_after(found, last, text)
            or _run_together_after(found, last)
            or _spaced_passphrase_after(found, last, name, text)
            or _digit_groups_after(found, last)
            or _groups_of_four_after(found, last)
        ):
            return "passphrase"
        if password and _app_password_after(found, last):
            return "app-password"
        if (
            name.kind in {"code", "generic"}
            and not _said_absent(found, first, last)
            and _code_near(found, first, last, text, name, lines)
        ):
            return "code-nearby"
        if name.kind == "code" and _typed_pin_after(found, last, name, typed):
            return "password-nearby"
        if (password or name.kind == "totp") and _base32_near(found, first, last, base32):
            return "totp-secret"
    return None
