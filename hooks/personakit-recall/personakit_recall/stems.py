"""Word forms: the words of a text as Snowball stems, so that "cycling" and "cycled" are one.

The words are PersonaKit's own (`split_words`: NFKC, case-folded, an apostrophe between letters
kept), the contract's stop words left out, then each reduced by the Snowball stemmer of one
language (PyStemmer, Snowball's C code): English unless `PERSONAKIT_RECALL_LANGUAGE` names another
Snowball language (`french`, `german`, `spanish`, ...; `Stemmer.algorithms()` lists them). One
language for every memory: the stemmer of another language leaves English words nearly as they
are, so a wrong choice costs word forms, never a memory.

PyStemmer keeps a cache of the words it has stemmed; it is turned off here, because a word that
only a rejected memory held must not stay in memory after the reject.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

import Stemmer
from personakit_plugin import STOP_WORDS, split_words

LANGUAGE_ENV = "PERSONAKIT_RECALL_LANGUAGE"
DEFAULT_LANGUAGE = "english"


class LanguageError(ValueError):
    """`PERSONAKIT_RECALL_LANGUAGE` names no Snowball language."""


def language(environ: Mapping[str, str] | None = None) -> str:
    """The stemming language the environment chooses, checked."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(LANGUAGE_ENV, "").strip().casefold() or DEFAULT_LANGUAGE
    if chosen not in Stemmer.algorithms():
        known = ", ".join(sorted(Stemmer.algorithms()))
        raise LanguageError(f"{LANGUAGE_ENV}={chosen!r} is not a Snowball language; choose one of {known}.")
    return chosen


def stemmer(name: str = DEFAULT_LANGUAGE) -> Callable[[str], list[str]]:
    """A function from a text to its stems, in order, repeats kept, stop words left out."""
    of_words = word_stemmer(name)

    def stems(text: str) -> list[str]:
        return of_words([word for word in split_words(text) if word not in STOP_WORDS])

    return stems


def word_stemmer(name: str = DEFAULT_LANGUAGE) -> Callable[[list[str]], list[str]]:
    """A function from a text's content words (`split_words`, stop words left out) to their stems: for
    an index that has split the text already."""
    stem = Stemmer.Stemmer(name)
    stem.maxCacheSize = 0

    def stems(words: list[str]) -> list[str]:
        return stem.stemWords([word.replace("\u2019", "'") for word in words])

    return stems
