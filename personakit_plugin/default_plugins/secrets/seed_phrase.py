"""Seed phrases: runs of BIP-39 words of one list (English, Spanish, French, Italian or Portuguese), after
a label or, checksum included, without one."""

from __future__ import annotations

import functools
import re

from personakit_plugin.default_plugins.secrets.bip39_english import BIP39_ENGLISH
from personakit_plugin.default_plugins.secrets.bip39_other import BIP39_OTHER_LISTS
from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# --- Seed phrases -------------------------------------------------------------------------------

SEED_LABEL = r"""\b(?:(?:secret\s+)?(?:seed|recovery|backup|mnemonic|wallet|restore)[ -]?(?:phrase|words|seed|sentence)
    |mnemonic|(?:wiederherstellungs|seed-?)(?:phrase|wörter|satz)
    |(?:12|15|18|21|24|twelve|fifteen|eighteen|twenty[ -]one|twenty[ -]four|zwölf|vierundzwanzig|douze
       |vingt-quatre|doce|veinticuatro|dodici|ventiquattro|doze|vinte[ ]e[ ]quatro|twaalf|vierentwintig)
      [ -](?:words?|wörter|worte|mots?|palabras?|parole|palavras?|woorden?)
    |seed(?:\s+[^\W\d_]+){0,4}?(?=\s*[:=])
    |(?:ledger|trezor|wallet|metamask|coldcard|bitbox)[ ](?:words|wörter|mots|palabras|parole|palavras|woorden)
    |(?:ledger|trezor|wallet|metamask|coldcard|bitbox)[ -]?(?:backup|recovery|seed)
    |(?:recovery|backup|seed)-?(?:w[öo]rter|worte|woorden|mots|palabras|parole|palavras)
    |phrase\s+(?:de\s+r[ée]cup(?:[ée]ration)?|secr[èe]te|mn[ée]monique)
    |(?:words|w[öo]rter|mots|palabras|parole|palavras|woorden|phrase|frase)
      \s+(?:(?:for|of|from|de|du|des|del|della|dal|da|do|van|voor|von|vom|aus)\s+)?
      (?:(?:the|my|la|le|el|il|mi|mon|mijn|o|a|minha|meu|die|der|dem|des|meiner|meinem|meines|het)\s+)?
      (?:ledger|trezor|wallet|metamask|coldcard|bitbox|monedero|cartera|billetera|carteira|portefeuille|portafoglio
        |portemonnee)s?|mots\s+de\s+r[ée]cup[ée]ration
    |frase\s+(?:semilla|semente|de\s+recuperaci[oó]n|de\s+recupera[cç][aã]o|di\s+recupero|mnemonica)
    |palabras\s+de\s+recuperaci[oó]n|parole\s+di\s+recupero|palavras\s+de\s+recupera[cç][aã]o|herstelzin|herstelwoorden)\b"""
# Between a label and its run: forty characters, or an aside up to the colon that announces the words
# ("12 word backup for the ledger, the one I wrote on the card: ...").
SEED_GAP = r"""(?:[\s\S]{0,40}?|[^:.!?\n]{0,100}:[ \t]*)"""
# A run of at least twelve words of three to nine letters (the lengths of the BIP-39 words, accents
# included), with white space, punctuation, quotes, slashes or numbering between them; `_is_seed_phrase`
# looks at the words.
SEED_RUN = r"""(?<![^\W\d_])[^\W\d_]{3,9}(?![^\W\d_])(?:[\s,;.:()\d#/|"'“”‘’-]+[^\W\d_]{3,9}(?![^\W\d_])){11,}"""
_SEED_WORDS = 12
# After a label, the words a run may hold that are in no BIP-39 list (a misspelt or misremembered word,
# or a wallet whose own list differs, as Electrum's and Monero's do): a third of twelve at most, never
# more than the listed words read so far, and one of them only right after the label's colon.
_MAX_STRAYS = 4
_SEED_LENGTHS = (12, 15, 18, 21, 24)
_SEED_TOKEN = lazy_pattern(r"(?P<separator>[\W\d_]*)(?P<word>[^\W\d_]+)")
_LETTERS = lazy_pattern(r"[^\W\d_]+")
# The word lists, by language: a phrase is made of the words of one list.
_LISTS = {"en": BIP39_ENGLISH, **BIP39_OTHER_LISTS}
# Between the words of an unlabelled seed phrase: white space, or the numbering of a list ("1. ", "2) ").
_PLAIN_SEPARATOR = lazy_pattern(r"\s+(?:\d{1,2}[.):]?\s+)?|\s*\d{1,2}[.):]\s*")
# Or the same few signs between every two words: ", ", " / ", '" "', "' '", "; ", " | ", " - ".
_LIST_SEPARATOR = lazy_pattern(r"[,;/|\-\"'“”‘’]{1,4}")
# Half of a seed phrase split between a proposal's text and its quote holds at least this many words.
_MIN_HALF = 3


@functools.cache
def _bip39_index(lang: str = "en") -> dict[str, int]:
    return {word: index for index, word in enumerate(_LISTS[lang].split())}


def _languages(words: list[str], least: int) -> list[str]:
    """The lists that hold at least `least` of `words` (in lower case), English first: those worth reading
    a phrase in. A list is read only when it can hold a phrase, so prose costs a look-up a word a list."""
    return [lang for lang in _LISTS if sum(word in _bip39_index(lang) for word in words) >= least]


def _bip39_checksum_holds(words: list[str], lang: str = "en") -> bool:
    """Whether 12, 15, 18, 21 or 24 BIP-39 words end in the checksum of the entropy they encode.

    Every wallet's phrase does; a list of ordinary words that happen to be in the list does so once
    in 16 (twelve words) to once in 256 (twenty-four).
    """
    import hashlib  # only here: most texts never reach this point

    index = _bip39_index(lang)
    bits = 0
    for word in words:
        bits = bits << 11 | index[word]
    checksum_bits = len(words) * 11 // 33
    entropy = (bits >> checksum_bits).to_bytes(len(words) * 11 * 32 // 33 // 8, "big")
    return hashlib.sha256(entropy).digest()[0] >> (8 - checksum_bits) == bits & ((1 << checksum_bits) - 1)


def _style(word: str) -> str:
    """How a word is written: "lower", "title", "upper" or "mixed"."""
    if word.islower():
        return "lower"
    if word.isupper():
        return "upper"
    return "title" if word[0].isupper() and word[1:].islower() else "mixed"


def _separator_kind(separator: str) -> str | None:
    """What stands between two words of an unlabelled phrase, white space aside: "" for white space or
    numbering, the signs of a list (",", "/", '""'), or None for anything else."""
    if _PLAIN_SEPARATOR.fullmatch(separator):
        return ""
    signs = "".join(separator.split())
    return signs if _LIST_SEPARATOR.fullmatch(signs) else None


def bare_runs(text: str, lang: str = "en") -> list[list[str]]:
    """The runs of BIP-39 words in `text` written alike: one case for all (or a capital first word
    before lower-case ones) and the same separator between every two words, each run as its words in
    lower case. A list in capitals, "cook, emerge, annual", "keep/friend/payment" are each a run. The
    words are those of the list of `lang`."""
    bip39 = _bip39_index(lang)
    runs: list[list[str]] = []
    run: list[str] = []
    style = kind = None
    previous_end = 0
    for token in _LETTERS.finditer(text):
        # The separator is what lies between two words, read off their places: a pattern that matched
        # it would scan the rest of a text without letters once from every place in it.
        word, separator, previous_end = token.group(), text[previous_end : token.start()], token.end()
        listed = word.lower() in bip39
        this_style, this_kind = _style(word), _separator_kind(separator)
        if run and listed and this_kind is not None:
            if len(run) == 1 and style == "title" and this_style == "lower":
                style = "lower"  # a capital at the start of a sentence
            if this_style == style and (kind is None or this_kind == kind):
                run.append(word.lower())
                kind = this_kind
                continue
            if this_style == style:  # another separator: the last word may start a run of its own
                runs.append(run)
                run, kind = [run[-1], word.lower()], this_kind
                continue
        if run:
            runs.append(run)
        run, style, kind = ([word.lower()], this_style, None) if listed and this_style != "mixed" else ([], None, None)
    if run:
        runs.append(run)
    return runs


def _is_phrase(words: list[str], lang: str = "en") -> bool:
    """Whether a whole run is a wallet's phrase: a length wallets use, nearly all different, not in
    alphabetical order (a list someone sorted), checksum included."""
    return (
        len(words) in _SEED_LENGTHS
        and len(set(words)) >= len(words) - 2
        and words != sorted(words)
        and _bip39_checksum_holds(words, lang)
    )


def _ends_in_a_checked_phrase(run: list[str], lang: str) -> bool:
    """Whether a run of BIP-39 words ends in a whole phrase, nearly all different and checksum included."""
    return any(_is_phrase(run[-length:], lang) for length in _SEED_LENGTHS if len(run) >= length)


def _is_seed_phrase(match: re.Match[str], labelled: bool) -> bool:
    """Whether a run of words holds twelve or more BIP-39 words in a row, nearly all different.

    The words are those of one list, English, Spanish, French, Italian or Portuguese. After a label, any
    separators, any case and one stray word in twelve (a misspelling, a word of another list) are
    allowed. Without a label the words must all be in the list and written alike (`bare_runs`), and
    twelve to twenty-four of them in a row must pass the phrase's checksum.
    """
    words = [word.lower() for word in _LETTERS.findall(match.group())]
    if not labelled:
        return any(
            _ends_in_a_checked_phrase(run[: end + 1], lang)
            for lang in _languages(words, _SEED_WORDS)
            for run in bare_runs(match.group(), lang)
            for end in range(len(run))
        )
    return any(_labelled_run(match.group(), lang) for lang in _languages(words, _SEED_WORDS - _MAX_STRAYS))


def _ends_the_words(text: str, end: int) -> bool:
    rest = text[end:].lstrip(" \t")
    return not rest or rest[0] in ".!?;\n"


def _labelled_run(text: str, lang: str) -> bool:
    """Whether twelve words of the list of `lang` stand in a row in `text`, nearly all different, a few
    stray words allowed (`_MAX_STRAYS`)."""
    bip39 = _bip39_index(lang)
    run: list[str] = []
    strays = 0
    after_listed = False
    for token in _SEED_TOKEN.finditer(text):
        word = token["word"]
        listed = word.lower() in bip39
        if listed:
            run.append(word.lower())
        elif run and strays < min(_MAX_STRAYS, len(run)):
            strays += 1
            # The twelfth word may be stray too, the last one misspelt ("... ladder spring oceam"): right
            # after a listed word, and where the words end (the text or the sentence ends).
            if not (after_listed and _ends_the_words(text, token.end())):
                continue
        else:
            # A stray word may open a run right after the label's colon ("words of the wallet: kettle ...").
            run, strays = [], int(":" in token["separator"])
        after_listed = listed
        if len(run) + strays >= _SEED_WORDS and len(set(run)) >= max(len(run) - 2, _SEED_WORDS - _MAX_STRAYS):
            return True
    return False


def split_seed_phrase(text: str, quote: str) -> bool:
    """Whether a seed phrase is split between a proposal's text and its quote: the first or last run of
    three BIP-39 words or more of one, followed by the first or last run of the other, make a whole
    checked phrase ("first half: cattle grace train opera robust doll" / "sing laundry ship school
    bunker chat"). Each half is written alike, as `bare_runs` reads it; the English list only."""
    halves = []
    for part in (text, quote):
        runs = [run for run in bare_runs(part) if len(run) >= _MIN_HALF]
        halves.append([runs[0], runs[-1]] if runs else [])
    return any(_is_phrase(first + second) for one, other in (halves, halves[::-1]) for first in one for second in other)


# Part of a seed phrase after a label that says so: "first half of my seed: spread cushion sight false
# earn staff", "zweite Hälfte der Wiederherstellungsphrase: ...". Six words of one list in a row, all
# different, are no sentence of prose.
_PART_LABEL = lazy_pattern(
    r"""\b(?:half|h[äa]lfte|mitad|moiti[ée]|met[àa]|metade|helft|part|teil|parte|partie|deel
    |words[ ]\d{1,2}[ ]?(?:-|–|to)[ ]?\d{1,2})\b[^:\n]{0,30}?
    (?:seed|phrase|frase|semilla|semente|mnemonic|w[öo]rter|words|palabras|mots|parole|palavras|woorden|herstelzin)
    [^:\n]{0,20}?:""",
    re.IGNORECASE | re.VERBOSE,
)
_PART_GATE = ("half", "hälfte", "halfte", "mitad", "moiti", "metà", "meta", "helft", "seed", "words")
_MIN_PART = 6


def partial_seed_phrase(text: str) -> bool:
    """Whether `text` gives part of a seed phrase after a label that names the part: six words or more of
    one BIP-39 list in a row, all different."""
    folded = text.casefold()
    if not any(map(folded.__contains__, _PART_GATE)):
        return False
    for label in _PART_LABEL.finditer(text):
        words = [word.lower() for word in _LETTERS.findall(text[label.end() : label.end() + 120].split("\n")[0])]
        for lang in _languages(words, _MIN_PART):
            bip39 = _bip39_index(lang)
            run: list[str] = []
            for word in words:
                run = [*run, word] if word in bip39 and word not in run else ([word] if word in bip39 else [])
                if len(run) >= _MIN_PART:
                    return True
    return False


# Or the label after the words, as one says what they were: "giraffe ability ... fancy, that's the MetaMask
# phrase", "..., c'est la phrase de récupération", "..., das ist die Seed-Phrase". `seed_phrase_before`
# reads the words before it as after a label: twelve in a row of one list, a few strays allowed.
SEED_LABEL_AFTER = rf"""[ \t]*[,;:.!—–-][ \t]*
    (?:(?:that['’]s|that[ ]is|this[ ]is|those[ ]are|these[ ]are|it['’]s|c['’]est|ce[ ]sont|das[ ]ist|das[ ]sind
    |dat[ ]is|dat[ ]zijn|es|son|è|sono|é|são)[ ])?
    (?:(?:the|my|our|la|le|les|ma|mes|die|meine|el|mi|mis|las|los|il|o|a|as|os|de|het|mijn)[ ])?
    (?:{SEED_LABEL}|(?:ledger|trezor|wallet|metamask|coldcard|bitbox|exodus|phantom)[ ](?:phrase|seed|words)\b)"""
# Every match of it holds one of these (case-folded).
SEED_LABEL_AFTER_WORDS = (
    *("phrase", "seed", "word", "wört", "wort", "mots", "palabra", "parole", "palavra", "woord", "sentence"),
    *("satz", "frase", "herstel", "mnemonic", "backup", "recovery"),
)
_RUN_AT_END = lazy_pattern(SEED_RUN + r"\Z")
_RUN_BEFORE = 300


def seed_phrase_before(match: re.Match[str]) -> bool:
    """Whether twelve BIP-39 words of one list stand right before a seed phrase's label."""
    run = _RUN_AT_END.search(match.string[max(0, match.start() - _RUN_BEFORE) : match.start()])
    if run is None:
        return False
    words = [word.lower() for word in _LETTERS.findall(run.group())]
    return any(_labelled_run(run.group(), lang) for lang in _languages(words, _SEED_WORDS - _MAX_STRAYS))


def labelled_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=True)


def bare_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=False)
