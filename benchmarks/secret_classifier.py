"""The features of the learned secret check that the rounds' simulation measures: pure Python, so that a
check built on them could run where PersonaKit runs, with no numpy.

A proposal is read as the rules read it (text and quote as `normalise` gives them), joined by a line
break; its features are the words and pairs of words (letters lower-cased, digits read as 0), the
character n-grams of each word up to `LONGEST_WORD` characters (two to five characters, the word's
edges marked), the shape of each token (capitals, small letters, digits and signs as `A`, `a`, `9`,
`!`, repeats folded, and its length), each token after the word before it, and each token that is not
a plain word paired with the three plain words before it. Each feature is hashed (CRC-32) into a
table of `SIZE` weights, which `train_secret_classifier.py` fits.
"""

from __future__ import annotations

import re
import zlib

BITS = 18
SIZE = 1 << BITS
# How much of a proposal is read: a memory is short; a longer text is cut, not read whole.
MAX_CHARS = 4000

# A longer token gives its shape alone: a random string's many n-grams would each add a weight.
LONGEST_WORD = 24
_TOKEN = re.compile(r"\S+")
_EDGES = "\"'“”‘’«»()[]{}<>.,;:!?¡¿…"
_DIGIT = re.compile(r"\d")


def _shape(token: str) -> str:
    """`Tr0ub4dor&3` as `Aa9a9a!9#8`: its classes of characters, repeats folded, and its length's bucket."""
    classes: list[str] = []
    for char in token:
        kind = "A" if char.isupper() else "a" if char.isalpha() else "9" if char.isdigit() else "!"
        if not classes or classes[-1] != kind:
            classes.append(kind)
    length = len(token)
    bucket = "1" if length < 4 else "4" if length < 6 else "6" if length < 8 else "8" if length < 12 else "12"
    return "".join(classes[:8]) + "#" + bucket


def _plain(word: str) -> bool:
    """A word of letters alone, with at most a capital at its start: no value of a secret."""
    return word.isalpha() and (word.islower() or (word[0].isupper() and word[1:].islower()))


def feature_names(text: str) -> set[str]:
    """The features of one normalised text, as strings before hashing."""
    found: set[str] = set()
    add = found.add
    previous: list[str] = []
    for line in text.split("\n"):
        words: list[str] = []
        for raw in _TOKEN.findall(line):
            core = raw.strip(_EDGES) or raw
            word = _DIGIT.sub("0", core.lower())
            shape = _shape(core)
            add("w " + word)
            add("s " + shape)
            if words:
                add("b " + words[-1] + " " + word)
                add("ws " + words[-1] + " " + shape)
            if not _plain(core):
                for before in previous[-3:]:
                    add("n " + before + " " + shape[:3])
            padded = "<" + word + ">" if len(word) <= LONGEST_WORD else ""
            for n in range(2, 6):
                for start in range(len(padded) - n + 1):
                    add("c " + padded[start : start + n])
            words.append(word)
            if _plain(core):
                previous.append(word)
        previous.extend(words[-1:])
    return found


def feature_indices(text: str, quote: str) -> list[int]:
    """The hashed features of a proposal: its text and quote, each normalised already, joined by a line break."""
    joined = f"{text}\n{quote}"[:MAX_CHARS]
    mask = SIZE - 1
    return sorted({zlib.crc32(name.encode("utf-8", "surrogatepass")) & mask for name in feature_names(joined)})
