"""Words and identity: the tokeniser, the stop words, normalisation and memory ids (contract:
"Memories and their states" and "personakit_read" rule 3)."""

from __future__ import annotations

import hashlib
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from personakit_plugin.core.words import (
    STOP_WORDS,
    _scan,
    content_words,
    id_key,
    legacy_memory_id,
    memory_id,
    normalise,
    split_words,
)

CONTRACT_STOP_WORDS = {
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "could", "did", "do", "does", "for", "from",
    "had", "has", "have", "how", "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "our",
    "should", "so", "that", "the", "their", "them", "they", "this", "to", "was", "we", "were", "what",
    "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
}  # fmt: skip

ID_FORMAT = re.compile(r"m_[0-9a-f]{12}")


# -- the tokeniser ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Hello world", ["hello", "world"]),
        ("Привет, мир!", ["привет", "мир"]),
        ("東京 と 大阪", ["東京", "と", "大阪"]),
        ("Γειά σου κόσμε", ["γειά", "σου", "κόσμε"]),
        ("work-style, snake_case; a/b", ["work", "style", "snake", "case", "a", "b"]),
        ("C++ and C# (really)", ["c", "and", "c", "really"]),
        ("", []),
        ("  ... !!! ---  ", []),
    ],
)
def test_words_are_maximal_runs_of_letters(text: str, words: list[str]) -> None:
    """Rule 3: words are maximal runs of letters (any script); everything else separates them."""
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Python 3 since 2024", ["python", "3", "since", "2024"]),
        ("abc123def", ["abc123def"]),
        ("$5, 10% off", ["5", "10", "off"]),
        ("٣٤ كتب", ["٣٤", "كتب"]),  # Arabic-Indic digits are digits too
        ("v1.2.3", ["v1", "2", "3"]),
    ],
)
def test_digits_belong_to_words(text: str, words: list[str]) -> None:
    """Rule 3: Unicode digits are word characters, alone or mixed with letters."""
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("हिन्दी भाषा", ["हिन्दी", "भाषा"]),  # Devanagari vowel signs and virama are marks
        ("q\u0307x y", ["q\u0307x", "y"]),  # a combining dot with no precomposed form
        ("a\u20dd b", ["a\u20dd", "b"]),  # an enclosing mark
        ("\u0301", ["\u0301"]),  # a mark on its own is still a run of marks
    ],
)
def test_combining_marks_belong_to_words(text: str, words: list[str]) -> None:
    """Rule 3: combining marks are word characters and do not split a word."""
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("don't", ["don't"]),
        ("don\u2019t", ["don\u2019t"]),
        ("O'Neill's car", ["o'neill's", "car"]),
        ("l\u2019\u00e9t\u00e9", ["l\u2019\u00e9t\u00e9"]),
        ("'quoted'", ["quoted"]),
        ("\u2019quoted\u2019", ["quoted"]),
        ("rock 'n' roll", ["rock", "n", "roll"]),
        ("dogs' toys", ["dogs", "toys"]),
        ("90's", ["90", "s"]),  # a digit before it: not between two letters
        ("a'1", ["a", "1"]),  # a digit after it
        ("x''y", ["x", "y"]),  # two apostrophes: neither is between two letters
        ("it ' s", ["it", "s"]),
        ("don\u2018t", ["don", "t"]),  # U+2018 is not one of the two apostrophes
        ("don`t", ["don", "t"]),
        ("don\u2032t", ["don", "t"]),  # nor is the prime
    ],
)
def test_apostrophe_between_two_letters_joins(text: str, words: list[str]) -> None:
    """Rule 3: an apostrophe (U+0027 or U+2019) between two letters belongs to the word; nowhere else."""
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("\ufb01ne", ["fine"]),  # the fi ligature
        ("\uff30\uff39\uff34\uff28\uff2f\uff2e\uff13", ["python3"]),  # full-width letters and digit
        ("x\u00b2", ["x2"]),  # superscript two
        ("\u216b", ["xii"]),  # Roman numeral twelve
        ("\u2460 item", ["1", "item"]),  # circled digit one
        ("\u00bd", ["1", "2"]),  # one half becomes 1, fraction slash, 2
        ("cafe\u0301", ["caf\u00e9"]),  # decomposed e-acute is composed
        ("don\uff07t", ["don't"]),  # a full-width apostrophe becomes U+0027, and joins
    ],
)
def test_words_are_nfkc_normalised(text: str, words: list[str]) -> None:
    """Rule 3: the question and texts are NFKC-normalised before they are split."""
    assert split_words(text) == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Stra\u00dfe", ["strasse"]),  # casefold, not lower(): sharp s becomes ss
        ("HELLO Hello hello", ["hello", "hello", "hello"]),
        ("\u0395\u039b\u039b\u0391\u03a3", ["\u03b5\u03bb\u03bb\u03b1\u03c3"]),
        ("\u1e9e", ["ss"]),  # capital sharp s
    ],
)
def test_words_are_case_folded(text: str, words: list[str]) -> None:
    """Rule 3: words are case-folded (str.casefold), not merely lower-cased."""
    assert split_words(text) == words


def test_stop_words_are_exactly_the_contracts_list() -> None:
    """Rule 3: these stop words are ignored, and only these."""
    assert set(STOP_WORDS) == CONTRACT_STOP_WORDS


@pytest.mark.parametrize("word", sorted(CONTRACT_STOP_WORDS))
def test_every_stop_word_is_left_out_in_any_case(word: str) -> None:
    """Rule 3: a stop word counts for nothing, however it is capitalised."""
    assert content_words(f"{word} {word.upper()} {word.title()} kettle") == {"kettle"}


@pytest.mark.parametrize(
    "word",
    ["not", "no", "all", "about", "us", "he", "she", "his", "her", "if", "but", "been", "than", "there",
     "it's", "i'm", "itself", "myself", "am", "shall", "may", "into", "up", "out", "very"],
)  # fmt: skip
def test_other_common_words_are_not_stop_words(word: str) -> None:
    """Rule 3: only the listed stop words are ignored; other common words still count."""
    assert word in content_words(f"the {word} of")


def test_content_words_are_distinct_and_folded() -> None:
    """Rule 3: a memory's score counts distinct words, so content words are a set of folded words."""
    assert content_words("Vim vim VIM and Emacs, the editors") == frozenset({"vim", "emacs", "editors"})


def test_content_words_of_only_stop_words_is_empty() -> None:
    assert content_words("What is it that you would do, and why?") == frozenset()


@settings(database=None, deadline=None)  # no example files in the checkout; no timing flakes
@given(st.text(alphabet=st.sampled_from("abcXYZ019' .,-_!?\t\n"), max_size=40))
def test_fast_ascii_path_agrees_with_general_scanner(text: str) -> None:
    """The regex used for ASCII text gives the same words as the general scanner."""
    assert text.isascii()
    assert split_words(text) == [word.casefold() for word in _scan(text)]


@settings(database=None, deadline=None)
@given(st.text(alphabet=st.sampled_from("abZ09'\u2019 .-é\u0301Жß"), max_size=30))
def test_words_do_not_depend_on_which_path_is_taken(text: str) -> None:
    """Putting a non-ASCII word in front (forcing the general scanner) changes no other word."""
    assert split_words("\u00e9 " + text) == ["\u00e9", *split_words(text)]


@settings(database=None, deadline=None)
@given(st.text(max_size=40))
def test_general_scanner_finds_only_word_characters(text: str) -> None:
    """Every word found is non-empty and joined to its neighbours by nothing but word characters."""
    for word in _scan(text):
        assert word
        for i, ch in enumerate(word):
            if ch in "'\u2019":
                assert 0 < i < len(word) - 1
                assert unicodedata.category(word[i - 1])[0] == "L"
                assert unicodedata.category(word[i + 1])[0] == "L"
            else:
                assert unicodedata.category(ch)[0] in "LM" or unicodedata.category(ch) == "Nd"


# -- normalisation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("Prefers tea", "prefers tea"),
        ("  Prefers tea  ", "prefers tea"),
        ("Prefers \t\n  tea", "prefers tea"),
        ("Prefers\u00a0tea", "prefers tea"),  # no-break space
        ("Prefers\u3000tea", "prefers tea"),  # ideographic space
        ("Prefers\u2003\u2003tea", "prefers tea"),  # em spaces
        ("PREFERS TEA", "prefers tea"),
        ("Stra\u00dfe", "strasse"),
        ("\ufb01ne tea", "fine tea"),
        ("\uff30refers tea\uff01", "prefers tea"),  # full-width P and exclamation mark
        ("Prefers tea.", "prefers tea"),
        ("Prefers tea!?", "prefers tea"),
        ("Prefers tea;:,", "prefers tea"),
        ("Prefers tea . ! ", "prefers tea"),
        ("Prefers tea\u2026", "prefers tea"),  # NFKC makes the ellipsis three full stops
        ("Prefers tea, not coffee.", "prefers tea, not coffee"),
    ],
)
def test_normalise(text: str, normal: str) -> None:
    """Same memory: NFKC, case-folded, white space runs collapsed and stripped, trailing .!?;:, removed."""
    assert normalise(text) == normal


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        (".Prefers tea", ".prefers tea"),  # leading punctuation stays
        ("Prefers tea)", "prefers tea)"),
        ("Prefers tea-", "prefers tea-"),
        ('Prefers tea"', 'prefers tea"'),
        ("Prefers, tea", "prefers, tea"),  # inner punctuation stays
    ],
)
def test_normalise_keeps_other_punctuation(text: str, normal: str) -> None:
    """Only trailing .!?;:, are removed; other punctuation is part of the memory."""
    assert normalise(text) == normal


# -- ids ----------------------------------------------------------------------------------------


@settings(database=None, deadline=None)
@given(st.text(max_size=60))
def test_id_format(text: str) -> None:
    """An id is m_ and 12 lowercase hex digits."""
    assert ID_FORMAT.fullmatch(memory_id(text, KEY))


KEY = id_key(b"a store's secret".ljust(32, b"."))
"""The id key of one store, for the tests of how an id follows its text."""


def test_an_id_is_keyed_and_no_checkable_hash_of_its_text() -> None:
    """An id is derived with the store's secret: not the plain hash of the normalised text, different
    under another secret, and different again in the scope of a view (`View.scope`)."""
    text = "Prefers direct, practical feedback"
    other = id_key(b"another store's secret".ljust(32, b"."))
    assert memory_id(text, KEY) != "m_" + hashlib.sha256(normalise(text).encode()).hexdigest()[:12]
    assert memory_id(text, KEY) != memory_id(text, other)
    assert memory_id(text, KEY) != memory_id(text, KEY, "view:tools") != memory_id(text, KEY, "view:work-style")
    assert memory_id(text, KEY, "view:tools") == memory_id(text.upper(), KEY, "view:tools")
    assert id_key(b"s" * 32) != b"s" * 32 and len(id_key(b"s" * 32)) == 32


def test_an_old_id_is_a_known_value() -> None:
    """The ids issued before ids were keyed stay what they were: a store upgraded keeps them working."""
    assert legacy_memory_id("Prefers direct, practical feedback") == "m_eefe685505d3"


@pytest.mark.parametrize(
    "variant",
    [
        "Prefers direct, practical feedback",
        "prefers direct, practical feedback",
        "  PREFERS   DIRECT,\tpractical\nfeedback  ",
        "Prefers direct, practical feedback.",
        "Prefers direct, practical feedback!!! ",
        "Prefers direct, practical feedback\u2026",
        "\uff30refers direct, practical feedback",
        "Prefers\u00a0direct, practical feedback",
    ],
)
def test_texts_that_normalise_alike_have_one_id(variant: str) -> None:
    """The same memory (same normalised text) has the same id."""
    assert memory_id(variant, KEY) == memory_id("Prefers direct, practical feedback", KEY)
    assert legacy_memory_id(variant) == "m_eefe685505d3"


@pytest.mark.parametrize(
    "other",
    [
        "Prefers direct practical feedback",
        "Prefers direct, practical feedback too",
        "Prefers indirect, practical feedback",
        "Prefers direct, practical feedback)",
        "Prefers direct,practical feedback",
        "Prefers-direct, practical feedback",
    ],
)
def test_different_texts_have_different_ids(other: str) -> None:
    """Texts that do not normalise alike are different memories with different ids."""
    assert memory_id(other, KEY) != memory_id("Prefers direct, practical feedback", KEY)


@settings(database=None, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40))
def test_id_ignores_case_spacing_and_trailing_punctuation(text: str) -> None:
    """Changing case, widening spaces and adding trailing punctuation never changes the id."""
    variant = "  " + text.swapcase().replace(" ", " \t ") + " .!?;:, "
    assert memory_id(variant, KEY) == memory_id(text, KEY)
