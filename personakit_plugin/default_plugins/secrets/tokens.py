"""Is a token an ordinary word, number or name, or something typed: a password, a code, a key?

A text is cut into tokens at white space; each keeps its place in the text. What decides is the
token's shape, not a list of known passwords: "Hunter22!", "sunshine42" and "Blue-Moon-88" are
typed, "1Password", "v2.14.3", "20-character", "$1,249.99", "10:30", "JIRA-4821", "#1E90FF",
"jane.doe@example.com" and "RTX4090" are not; "PAY-8841-zq", a reference's shape in two cases, is typed.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern
from personakit_plugin.default_plugins.secrets.values import (
    CODE_REFERENCE,
    MEASURE_OR_ALGORITHM,
    PASSWORD_MANAGER,
    PLACEHOLDER,
    VERSION,
)


class Token(NamedTuple):
    text: str  # as written, punctuation included
    core: str  # without the quotes, brackets and sentence punctuation around it
    start: int
    end: int


_TOKEN = lazy_pattern(r"\S+")
_LEADING = "\"'`([{<“‘«¿¡"
_TRAILING = "\"'`)]}>”’».,;:?!"
# Characters that make a token look typed; hyphens, underscores, dots, apostrophes and quotes are
# left out because words and identifiers are full of them ("owner's"), and so are `/`, `+`, `@` and
# `:` (paths, shortcuts, addresses, times), commas and backslashes (escapes such as `\\xa0`).
_PASSWORD_SYMBOLS = frozenset("!#$%&*=?^~|<>()[]{}§°€£¥")
_MIN_TYPED_LENGTH = 6
_MIN_STRONG_LENGTH = 8

# Shapes that hold digits or symbols and are not typed secrets.
_ORDINARY_SHAPES = lazy_pattern(
    r"""
    [\w.+-]+@[\w-]+(?:\.[\w-]+)+            # an e-mail address
    | @\w[\w.@-]*                           # a handle
    | \#[0-9a-f]{3,8}                       # a hex colour
    | \#\w+                                 # a hashtag, an issue number
    | (?:[a-z][a-z0-9+.-]*://|www\.)\S*     # a URL
    | [~.]?/\S* | [a-z]:\\\S*               # a path
    | \S*\.(?:com|org|net|io|de|fr|es|it|nl|pt|co|uk|pdf|docx?|xlsx?|pptx?|txt|csv|jpe?g|png|gif|zip|py|js|ts|md)
    | [a-z]+\d+(?:\.\d+)+\S*                # Python3.12, iOS17.5.1
    | (?-i:[A-Z][A-Za-z]{0,5}-\d+(?:-[A-Z0-9]+)?|[a-z]{1,6}-\d+(?:-[a-z0-9]+)?)  # JIRA-4821, COVID-19, E-1234
    | \d+(?:[.,]\d+)?(?:-[a-z]+)+          # 25-minute, 20-character, 3-month
    | [a-z]?\d+[a-z]?(?:-[a-z]{2,})+        # Q3-report, H1-planning
    # dates, times, prices, ids, sizes: 12/03/2026, 10:30, 16GB, 3rd, 5Mb, 9kWh; not a name after digits (s541Oma)
    | [a-z]?\d+(?:[.,:/-]\d+)*(?-i:[a-z]{0,3}|[A-Z]{0,3}|[A-Z][a-z]?|[a-z][A-Z][a-z]?)
    | [$€£¥]\s?\d[\d.,]*[kmb]?              # prices
    | \d[\d.,]*\s?[$€£¥%]                   # 89€, 100%
    | [+-]?\d[\d\s().-]*                    # phone numbers
    | (?-i:[A-Z]{1,5}\d{1,6}[A-Z]{0,3})     # model and flight numbers: RTX4090, LH1234, A2337, M2
    | (?-i:[A-Z]+(?:[-_][A-Z0-9]+)+)        # XK-200-B, AWS-SAA-C03, WPA2-PSK
    | (?:ctrl|cmd|alt|shift|option|win|super)\+\S+  # keyboard shortcuts
    | [a-z]+\+\+?|c\#|f\#                   # C++, C#
    """,
    re.IGNORECASE | re.VERBOSE,
)


def tokens(text: str) -> list[Token]:
    """The white-space separated tokens of `text`, each with its core and place."""
    return [
        Token(raw, raw.lstrip(_LEADING).rstrip(_TRAILING), match.start(), match.end())
        for match in _TOKEN.compiled.finditer(text)
        for raw in (match.group(),)
    ]


def _typed_core(token: Token) -> str:
    """The token without the quotes and brackets around it and the sentence's punctuation after it: a
    "!" or "?" that ends a token ("brilliant!") is the sentence's, so it never makes a word typed."""
    raw = token.text.lstrip(_LEADING)
    return raw.rstrip(".,;:!?\"'`)]}>”’»") or token.core


_MASK = frozenset("*•x.")


def _a_plain_row(typed: str) -> bool:
    """A table's row pasted as text, each cell a word, a number in brackets, an ordinary shape (an
    e-mail address) or masked: "Plumbing,(303)", "Netflix,kim@mail.com,********"."""
    if "," not in typed:
        return False
    for cell in typed.split(","):
        bare = cell.strip("()")
        if bare and not (bare.isalpha() or bare.isdigit() or set(bare) <= _MASK or is_ordinary(bare)):
            return False
    return True


def _is_command(typed: str) -> bool:
    """A flag, an assignment or a shell expansion: `--user=root`, `NODE_OPTIONS=...`, `$(pwgen 16 1)`.
    Assignments are the business of `assignments`, which knows which names hold secrets."""
    return typed.startswith(("-", "$")) or "=" in typed


def is_ordinary(core: str) -> bool:
    """Whether a token is a shape that ordinary text is full of: an address, a date, a version, a price ..."""
    if not core:
        return True
    return any(
        pattern.fullmatch(core) is not None
        for pattern in (
            _ORDINARY_SHAPES,
            VERSION,
            MEASURE_OR_ALGORITHM,
            PASSWORD_MANAGER,
            PLACEHOLDER,
            CODE_REFERENCE,
        )
    )


# An "@" between two words, with no domain after it and a capital among them, as a password puts one
# ("Brayo@Rongai"; not "lunch@noon"); an e-mail address and a handle are ordinary shapes, read before this.
_INNER_AT = lazy_pattern(r"[^\W\d_]{2,}@[^\W\d_]{2,}")


def _classes(text: str) -> tuple[bool, bool, bool, bool]:
    lower = any(ch.islower() for ch in text)
    upper = any(ch.isupper() for ch in text)
    digit = any(ch.isdigit() for ch in text)
    symbol = any(ch in _PASSWORD_SYMBOLS for ch in text) or (upper and _INNER_AT.fullmatch(text) is not None)
    return lower, upper, digit, symbol


def looks_typed(token: Token) -> bool:
    """Whether a token near a word that names a secret is the secret: six characters or more, a letter,
    and a digit or a symbol, in no shape ordinary text has. "sunshine42", "Hunter22!", "Blue-Moon-88"."""
    core = token.core
    typed = _typed_core(token)
    if len(typed) < _MIN_TYPED_LENGTH or _is_command(typed) or is_ordinary(core) or _a_plain_row(typed):
        return False
    lower, upper, digit, symbol = _classes(typed)
    return (lower or upper) and (digit or symbol)


def looks_strongly_typed(token: Token) -> bool:
    """Whether a token is typed wherever it stands: eight characters or more with lower and upper case
    letters, a digit and a symbol inside it ("Qw3rty!!77", "Tr0ub4dor&3"), as no word, name or number is."""
    core = token.core
    typed = _typed_core(token)
    if len(typed) < _MIN_STRONG_LENGTH or _is_command(typed) or is_ordinary(core) or "@" in typed:
        return False
    if _a_plain_row(typed):
        return False
    lower, upper, digit, symbol = _classes(typed)
    return lower and upper and digit and symbol


_WORD_COMPOUND = lazy_pattern(r"[a-z]{3,}(?:[-_][a-z]{2,}){2,}")


def is_word_compound(token: Token) -> bool:
    """Whether a token is three words or more joined by hyphens or underscores: "correct-horse-battery-staple"."""
    return _WORD_COMPOUND.fullmatch(token.core) is not None


# A keypad's code may hold one of its letter keys, A to D: "7618B", "A2491", "4B21" (`_is_code` counts
# the digits).
# Digits, perhaps with a keypad's letter, or two capitals among them as some keypads take ("7NE489").
_NUMBER = lazy_pattern(r"[#*]?(?:[A-D]\d{3,12}|\d{3,12}|\d{1,11}[A-D]\d{0,11}|\d{1,4}[A-Z]{2}\d{2,4})[#*]?")
_GROUPED_DIGITS = lazy_pattern(r"\d{1,3}(?:-\d{1,3}){1,4}")


def as_code(token: Token) -> str | None:
    """The digits of a token that can be a PIN or a lock's code: 3 to 12 digits, perhaps with # or * or
    a keypad's letter A to D or two capitals inside, or 2 to 5 groups of up to three digits joined by
    dashes ("12-34-56"); None if it is not one."""
    core = token.text.lstrip(_LEADING).rstrip(".,;:)]}\"'!?")
    if _NUMBER.fullmatch(core) or _GROUPED_DIGITS.fullmatch(core):
        return core
    return None


def split_pair(core: str) -> tuple[str, str] | None:
    """A token read as `user/password` or `user:password`: the two sides, or None."""
    for separator in "/:":
        user, sep, password = core.partition(separator)
        if sep and user and password and separator not in password:
            return user, password
    return None


_USER = lazy_pattern(r"[\w.+-]+(?:@[\w-]+(?:\.[\w-]+)+)?")


def is_user_name(text: str) -> bool:
    return len(text) >= 2 and _USER.fullmatch(text) is not None and any(ch.isalpha() for ch in text)


def make_token(text: str) -> Token:
    """A token of its own, for a side of a pair."""
    return Token(text, text.lstrip(_LEADING).rstrip(_TRAILING), 0, len(text))


def has_letters_digits_and_symbols(core: str) -> bool:
    """Letters, a digit and a symbol: what a password on the right of a `/` has, and a branch name
    such as `feature/JIRA-1234-login-page` has not."""
    lower, upper, digit, symbol = _classes(core)
    return (lower or upper) and digit and symbol and len(core) >= _MIN_TYPED_LENGTH
