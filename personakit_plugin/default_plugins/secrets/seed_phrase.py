"""Seed phrases: runs of BIP-39 words, after a label or, checksum included, without one."""

from __future__ import annotations

import functools
import re

from personakit_plugin.default_plugins.secrets.bip39_english import BIP39_ENGLISH
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# --- Seed phrases -------------------------------------------------------------------------------

SEED_LABEL = r"""\b(?:(?:secret\s+)?(?:seed|recovery|backup|mnemonic|wallet|restore)[ -]?(?:phrase|words|seed|sentence)
    |mnemonic|(?:wiederherstellungs|seed-?)(?:phrase|wörter|satz)
    |(?:12|15|18|21|24|twelve|fifteen|eighteen|twenty[ -]one|twenty[ -]four)[ -]words
    |phrase\s+(?:de\s+r[ée]cup[ée]ration|secr[èe]te|mn[ée]monique)|mots\s+de\s+r[ée]cup[ée]ration
    |frase\s+(?:semilla|semente|de\s+recuperaci[oó]n|de\s+recupera[cç][aã]o|di\s+recupero|mnemonica)
    |palabras\s+de\s+recuperaci[oó]n|parole\s+di\s+recupero|palavras\s+de\s+recupera[cç][aã]o|herstelzin|herstelwoorden)\b"""
# A run of at least twelve words of three to eight letters (the lengths of the BIP-39 words), with
# white space, punctuation or numbering between them; `_is_seed_phrase` looks at the words.
SEED_RUN = r"""(?<![A-Za-z])[A-Za-z]{3,8}(?![A-Za-z])(?:[\s,;.:()\d#-]+[A-Za-z]{3,8}(?![A-Za-z])){11,}"""
_SEED_WORDS = 12
_SEED_LENGTHS = (12, 15, 18, 21, 24)
_SEED_TOKEN = lazy_pattern(r"(?P<separator>[^A-Za-z]*)(?P<word>[A-Za-z]+)")
# Between the words of an unlabelled seed phrase: white space, or the numbering of a list ("1. ", "2) ").
_PLAIN_SEPARATOR = lazy_pattern(r"\s+(?:\d{1,2}[.):]?\s+)?|\s*\d{1,2}[.):]\s*")


@functools.cache
def _bip39_index() -> dict[str, int]:
    return {word: index for index, word in enumerate(BIP39_ENGLISH.split())}


def _bip39_checksum_holds(words: list[str]) -> bool:
    """Whether 12, 15, 18, 21 or 24 BIP-39 words end in the checksum of the entropy they encode.

    Every wallet's phrase does; a list of ordinary words that happen to be in the list does so once
    in 16 (twelve words) to once in 256 (twenty-four).
    """
    import hashlib  # only here: most texts never reach this point

    index = _bip39_index()
    bits = 0
    for word in words:
        bits = bits << 11 | index[word]
    checksum_bits = len(words) * 11 // 33
    entropy = (bits >> checksum_bits).to_bytes(len(words) * 11 * 32 // 33 // 8, "big")
    return hashlib.sha256(entropy).digest()[0] >> (8 - checksum_bits) == bits & ((1 << checksum_bits) - 1)


def _ends_in_a_checked_phrase(run: list[str]) -> bool:
    """Whether a run of BIP-39 words ends in a whole phrase, nearly all different and checksum included."""
    for length in _SEED_LENGTHS:
        phrase = run[-length:]
        if len(phrase) == length and len(set(phrase)) >= length - 2 and _bip39_checksum_holds(phrase):
            return True
    return False


def _is_seed_phrase(match: re.Match[str], labelled: bool) -> bool:
    """Whether a run of words holds twelve or more BIP-39 words in a row, nearly all different.

    After a label, any separators, any case and one stray word in twelve (a misspelling, a word of
    another list) are allowed. Without a label the words must be lower case and all in the list,
    with only white space or numbering between them, and twelve to twenty-four of them in a row
    must pass the phrase's checksum.
    """
    bip39 = _bip39_index()
    run: list[str] = []
    strays = 0
    for token in _SEED_TOKEN.finditer(match.group()):
        word = token["word"]
        plain = _PLAIN_SEPARATOR.fullmatch(token["separator"]) is not None or not run
        listed = word.lower() in bip39 and (labelled or word.islower())
        if listed and (plain or labelled):
            run.append(word.lower())
        elif labelled and run and not listed and strays < 1 + len(run) // _SEED_WORDS:
            strays += 1
            continue
        else:
            run, strays = ([word.lower()] if listed else []), 0
        if not labelled and _ends_in_a_checked_phrase(run):
            return True
        if labelled and len(run) + strays >= _SEED_WORDS and len(set(run)) >= len(run) - 2:
            return True
    return False


def labelled_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=True)


def bare_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=False)
