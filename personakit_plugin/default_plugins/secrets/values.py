"""Is a value a credential? What follows `password=`, a command line's password, long random strings."""

from __future__ import annotations

import base64
import binascii
import itertools
import math
import re
from collections import Counter

from personakit_plugin.default_plugins.secrets.lazy import lazy_pattern

# --- Values: is what follows `password=` a credential? -----------------------------------------

PLACEHOLDER = lazy_pattern(
    r"""
    <[^<>]*> | \[[^\[\]]*\] | \{\{?[^{}]*\}\}?               # <your password>, [REDACTED], {{ token }}
    | \$\{[^{}]*\} | \$\(?[a-z_]\w*\)? | %[a-z_]\w*% | %\(\w+\)s  # ${DB_PASS}, $TOKEN, %API_KEY%, %(pw)s
    | [*x.•…#?_-]+                                             # ***, xxxx, ..., ####
    | your\w*                                                  # your_password, YOUR_API_KEY_HERE
    | (?-i:[A-Z]+(?:_[A-Z]+)*)                                 # PASSWORD, DB_PASSWORD: a template's name
    | change[_-]?me | redacted | placeholder | dummy | hidden | none | null | nil | empty | n/?a
    """,
    re.IGNORECASE | re.VERBOSE,
)
# Where a secret is kept or how it is read, not the secret: settings.DB_PASSWORD, os.environ["PW"],
# getenv("TOKEN"), input("Password: ") (whose value is cut at the space). Not a word, a dot and a
# capitalised word with digits, which is how people make passwords and no code names a thing
# ("nemo.Tigger32", "kiki.Tigger2", "Costa.Verde61"); nor two words of four letters or more and digits, in lower case
# ("harbor.pebble4"), or three letters and two digits or more after the dot ("esperanca.ong2021"), unless the
# digits size a type ("numpy.float32"); nor two parts of four letters and digits or more with a capital, a small
# letter and a digit between them ("Namaste.Ros4rio", "Tundra.falcon55").
CODE_REFERENCE = lazy_pattern(
    r"(?![A-Za-z][a-z]+\.[A-Z][a-z]{2,}\d{1,4}[!?#$%&*]*$)"
    r"(?!(?=[^.]*\.[^.]*$)(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9]{4,}\.[A-Za-z0-9]{4,}[!?#$%&*]*$)"
    r"(?![a-z]{4,}\.(?!(?:float|u?int|bfloat|complex|utf|base|sha|md|py)\d)"
    r"(?:[a-z]{4,}\d{1,4}|[a-z]{3}\d{2,4})[!?#$%&*]*$)"
    r"(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*[(\[].*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)"
)
# "My password is 1Password-generated": the one digit-bearing word that keeps company with passwords.
PASSWORD_MANAGER = lazy_pattern(r"1password\b.*", re.IGNORECASE)
_PATH_OR_URL = lazy_pattern(r"~?\.{0,2}/|[A-Za-z]:\\|\w+://")
VERSION = lazy_pattern(r"v?\d+(?:\.\d+)+(?:[-+][\w.]+)?", re.IGNORECASE)
# Sizes and algorithm names, which follow "key" as often as keys do: 256-bit, 12-characters, ed25519, AES-256-GCM.
MEASURE_OR_ALGORITHM = lazy_pattern(
    r"""
    \d+(?:[.,]\d+)?-?(?:bits?|bytes?|[kmgt]i?b|chars?|characters?|digits?|letters?|words?|stellig|stellen|zeichen
        |chiffres|caract[eè]res|d[ií]gitos|cifras|cifre|caratteri|cijfers|tekens)
    | (?:aes|rsa|dsa|ecdsa|sha|sha3|md|blake|chacha|secp|curve|argon|pbkdf|wpa|wep|tls|pkcs)
      -?\d+(?:[a-z][a-z0-9]?)?(?:-[a-z0-9]+)*
    | (?:ed|x)-?(?:25519|448|509)(?:-[a-z0-9]+)*
    """,
    re.IGNORECASE | re.VERBOSE,
)
_QUOTES = "\"'`"
_SENTENCE_PUNCTUATION = ".,;:!?"
_OPENER = {")": "(", "]": "[", "}": "{", '"': '"', "'": "'", "`": "`"}
# Characters that make a value look typed rather than written; hyphens, underscores, dots and
# apostrophes are left out because words and identifiers are full of them.
_ORDINARY_PUNCTUATION = frozenset("-_.'’")


def unquote(value: str) -> str:
    """The value without its quotes, or without the punctuation of the sentence around it.

    A closing bracket or quote is the sentence's only when the value does not open it itself:
    `hunter2)` loses it, `${DB_PASSWORD}` and `os.environ["PW"]` keep theirs.
    """
    if len(value) >= 2 and value[0] in _QUOTES and value[-1] == value[0]:
        return value[1:-1]
    value = value.rstrip(_SENTENCE_PUNCTUATION)
    while value and value[-1] in _OPENER and _OPENER[value[-1]] not in value[:-1]:
        value = value[:-1].rstrip(_SENTENCE_PUNCTUATION)
    return value.lstrip("\"'`(")


# A key that spells EXAMPLE, in a sentence that says it comes from documentation: AWS's documented
# "AKIAIOSFODNN7EXAMPLE", quoted in a tutorial. Not when only the key is there ("my key is
# AKIAIOSFODNN7EXAMPLE"): an owner may have pasted it into a real configuration.
_DOCUMENTED = lazy_pattern(
    r"""\b(?:docs?|documentation|documented|sample|placeholder|dummy|tutorial|dokumentation|beispiel\w*|exemple
    |ejemplo|esempio|exemplo|voorbeeld)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def not_a_documented_example(match: re.Match[str]) -> bool:
    """Whether a key is not a documentation's example: it does not spell EXAMPLE, or nothing says it is one."""
    return "EXAMPLE" not in match.group() or _DOCUMENTED.search(match.string) is None


def documents_an_example(text: str) -> bool:
    """Whether `text` spells EXAMPLE and says it quotes documentation: its EXAMPLE keys are not secrets."""
    return "EXAMPLE" in text and _DOCUMENTED.search(text) is not None


# The type that opens an SSH public key ("public key: ssh-ed25519 AAAA..."): what follows it is public.
SSH_KEY_TYPE = lazy_pattern(r"ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com")
_NOT_CREDENTIALS = (PLACEHOLDER, CODE_REFERENCE, VERSION, PASSWORD_MANAGER, MEASURE_OR_ALGORITHM, SSH_KEY_TYPE)
# Words that stand where a command line's password would, and are not one.
NOT_TYPED = frozenset(
    {"true", "false", "yes", "no", "on", "off", "prompt", "ask", "stdin", "env", "file", "required", "optional"}
)


def is_credential_value(raw: str, min_length: int = 6) -> bool:
    """Whether the value assigned to a credential-named key is plausibly the credential itself."""
    value = unquote(raw)
    if len(value) < min_length or any(ch.isspace() for ch in value):
        return False
    if any(pattern.fullmatch(value) for pattern in _NOT_CREDENTIALS):
        return False
    if _PATH_OR_URL.match(value):
        return False
    if value.isdigit():
        return True
    has_letter = any(ch.isalpha() for ch in value)
    has_digit = any(ch.isdigit() for ch in value)
    has_symbol = any(not ch.isalnum() and ch not in _ORDINARY_PUNCTUATION for ch in value)
    return (has_letter and (has_digit or has_symbol)) or _irregular_case(value)


_MIN_IRREGULAR = 8
_CASE_SWITCHES = 4


def _irregular_case(value: str) -> bool:
    """Letters whose case changes as no word's does, as a generated password's: "resSiTCxupI" (capitals
    side by side or last, four changes of case or more), not "iPhone" or "getUserName"."""
    if len(value) < _MIN_IRREGULAR or not value.isalpha():
        return False
    switches = sum(a.isupper() != b.isupper() for a, b in itertools.pairwise(value))
    lone_capital = any(
        ch.isupper() and not (i + 1 < len(value) and value[i + 1].islower()) for i, ch in enumerate(value)
    )
    return switches >= _CASE_SWITCHES and lone_capital


def is_typed_value(raw: str) -> bool:
    """Whether a command line's password argument is a password: any typed value but a variable or a flag."""
    value = unquote(raw)
    if len(value) < 4 or value.startswith("-") or value.lower() in NOT_TYPED:
        return False
    if PLACEHOLDER.fullmatch(value) or CODE_REFERENCE.fullmatch(value):
        return False
    return not _PATH_OR_URL.match(value)


def is_basic_credential(value: str) -> bool:
    """Whether `value` is base64 of `user:password`, as in an HTTP Basic header."""
    try:
        decoded = base64.b64decode(value, validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return False
    user, sep, password = decoded.partition(":")
    return bool(sep and user and password and decoded.isprintable())


def is_mixed(token: str) -> bool:
    """At least two of lower case, upper case and digits: random, not a word like `sk-learn-style`."""
    classes = (any(c.islower() for c in token), any(c.isupper() for c in token), any(c.isdigit() for c in token))
    return sum(classes) >= 2


# --- Long random-looking strings ----------------------------------------------------------------

_MIN_RANDOM_LENGTH = 24
_MIN_HEX_LENGTH = 32
# Shannon entropy, in bits per character, under which a string is too repetitive to be a key.
# Random base62 strings of 24 characters score 3.7 or more; random hex of 32 scores 3.3 or more.
_MIN_ENTROPY = 3.5
_MIN_HEX_ENTROPY = 3.0
# The largest share of a string that may be made of words and numbers (`_word_coverage`). Random
# base62 strings of 24 characters stay under it 98% of the time, of 32 characters 99%; identifiers,
# hashtags and file names such as `UserProfileServiceV2Impl` or `Q3_2024_Board_Notes_v7` go over.
# Mixed-case strings without a digit are held to a stricter bound, since they are mostly CamelCase.
_MAX_WORD_COVERAGE = 0.5
_MAX_WORD_COVERAGE_WITHOUT_DIGITS = 0.3
# Hex strings of these lengths are MD5, SHA-1 and SHA-256 digests, commit ids and trace ids as often
# as they are keys; the words just before one tell which ("the 3.1 release was tagged at ..." is a commit,
# and so is where a change was fixed, patched or pushed: "fixed it in ...").
# A credential word wins over an id word.
_HEX_ID_LENGTHS = frozenset({32, 40, 64})
_HEX_ID_CONTEXT = lazy_pattern(
    r"""\b(?:commits?|sha(?:-?(?:1|256|512))?|hash(?:es)?|checksum|digest|revision|rev|md5|git|blob|tree
    |cherry-pick|revert|checkout|rebase|bisect|tag|tagged|releases?|fingerprint|trace|span|request|correlation|ids?
    |tx|txid|transaction|broke|broken|introduced|regressed|landed|merged|fix(?:e[ds])?|patched|pushed)\b""",
    re.IGNORECASE | re.VERBOSE,
)
# A private key or a wallet's seed is 64 hex digits too: named anywhere in the words before, the string
# is never taken for a digest, whatever digest word stands beside it.
_CREDENTIAL_CONTEXT = lazy_pattern(
    r"(?<![a-z])(?:keys?|secrets?|tokens?|passw|credentials?|priv|seed|mnemonic)", re.IGNORECASE
)
# How far back, in characters, the words that say what a string is are looked for.
_CONTEXT_WINDOW = 40
# The body of an OpenSSH public key is long base64, and public.
_SSH_PUBLIC_KEY_TYPE = lazy_pattern(r"(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+$")
_UUID = lazy_pattern(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_HEX = lazy_pattern(r"[0-9a-f]+|[0-9A-F]+")
_LETTER_RUN = lazy_pattern(r"[A-Z]?[a-z]+")
_NUMBER = lazy_pattern(r"(?<![0-9])[0-9]{4,}(?![0-9])|(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])")
_FOUR_CONSONANTS = lazy_pattern(r"[b-df-hj-np-tv-xz]{4}", re.IGNORECASE)
_VOWELS = frozenset("aeiouyAEIOUY")


def _shannon_entropy(text: str) -> float:
    total = len(text)
    return -sum(n / total * math.log2(n / total) for n in Counter(text).values())


def is_wordlike(run: str) -> bool:
    """A letter run that reads as a word: three letters or more, a vowel in four, no four consonants in a row."""
    vowels = sum(ch in _VOWELS for ch in run)
    return len(run) >= 3 and vowels * 4 >= len(run) and not _FOUR_CONSONANTS.search(run)


def _word_coverage(token: str) -> float:
    """The share of the letters and digits of `token` that belong to words or plain numbers.

    Words are lower-case runs, capitalised or not; upper-case runs count for neither side, since
    acronyms are as common in identifiers as capital letters are in random strings.
    """
    alphanumerics = sum(ch.isalnum() for ch in token)
    words = sum(len(run) for run in _LETTER_RUN.findall(token) if is_wordlike(run))
    numbers = sum(len(number) for number in _NUMBER.findall(token))
    return (words + numbers) / alphanumerics


def _in_url(match: re.Match[str]) -> bool:
    """Whether the match is part of a URL: it shares a whitespace-free stretch with `://` or `www.`."""
    text = match.string
    start = max(text.rfind(space, 0, match.start()) for space in " \t\n\r") + 1
    stretch = text[start : match.end()]
    return "://" in stretch or stretch[:4].lower() == "www."


def _looks_random(token: str) -> bool:
    """Whether a string of base64/hex characters reads as randomly generated rather than written."""
    if _HEX.fullmatch(token):
        if len(token) < _MIN_HEX_LENGTH or token.isdigit() or token.isalpha():
            return False
        return _shannon_entropy(token) >= _MIN_HEX_ENTROPY
    if token.isalpha() and token[1:].islower():
        return False  # one long written word, such as a German compound or a Welsh place name
    has_lower = any(ch.islower() for ch in token)
    has_upper = any(ch.isupper() for ch in token)
    has_digit = any(ch.isdigit() for ch in token)
    if has_lower and has_upper:
        max_coverage = _MAX_WORD_COVERAGE if has_digit else _MAX_WORD_COVERAGE_WITHOUT_DIGITS
    elif (has_lower or has_upper) and has_digit and len(token) >= _MIN_HEX_LENGTH:
        max_coverage = _MAX_WORD_COVERAGE  # one case of letters, and digits: only as long as a hex key
    else:
        return False
    return _shannon_entropy(token) >= _MIN_ENTROPY and _word_coverage(token) < max_coverage


# A blockchain address is public, there to be given out: an EVM address (`0x` and forty hex digits)
# and a bech32 Bitcoin one (`bc1...`) anywhere, and after a word that says it is an address, a
# base58 one (Bitcoin's older ones, Solana's). A private key is longer, or named as a key.
_ADDRESS_ANYWHERE = lazy_pattern(r"0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,80}")
_ADDRESS = lazy_pattern(r"bc1[02-9ac-hj-np-z]{20,80}|[1-9A-HJ-NP-Za-km-z]{25,44}|0x[0-9a-fA-F]{40}")
_ADDRESS_CONTEXT = lazy_pattern(
    r"\b(?:address(?:es)?|addr|adresse|adres|direcci[oó]n|indirizzo|endere[cç]o|wallet|receiving|deposit|contract)\b",
    re.IGNORECASE,
)


def _is_public_address(token: str, before: str) -> bool:
    if _CREDENTIAL_CONTEXT.search(before) is not None:
        return False
    return _ADDRESS_ANYWHERE.fullmatch(token) is not None or (
        _ADDRESS.fullmatch(token) is not None and _ADDRESS_CONTEXT.search(before) is not None
    )


# A digest's name may stand further back in its sentence than other words: "the sha256 for the ubuntu iso
# on the download page is 2a12...". Never past the sentence's end, and a key's or a token's name anywhere
# in that stretch still makes the string a secret.
_DIGEST_WINDOW = 80
_SENTENCE_END = lazy_pattern(r"[.!?;](?:\s|$)|\n")


def _clause_before(match: re.Match[str]) -> str:
    before = match.string[max(0, match.start() - _DIGEST_WINDOW) : match.start()]
    ends = list(_SENTENCE_END.finditer(before))
    return before[ends[-1].end() :] if ends else before


def _is_hex_id(token: str, before: str) -> bool:
    """Whether a hex string is a digest, a commit or a trace id, by its length and the words before it."""
    token = token.removeprefix("0x")
    return (
        len(token) in _HEX_ID_LENGTHS
        and _HEX.fullmatch(token) is not None
        and _HEX_ID_CONTEXT.search(before) is not None
        and _CREDENTIAL_CONTEXT.search(before) is None
    )


# What a public key or a key's fingerprint is called just before it ("my wireguard PublicKey = ...",
# "key fingerprint is SHA256:..."), in the seven languages: it is published to be checked, not kept.
# Not when a private or secret key is named after it, nearer the string.
_PUBLIC_BEFORE = lazy_pattern(
    r"""(?:\b(?:public[ _-]?key|pub[ _-]?key|cl[ée][ ]publique|clave[ ]p[uú]blica|öffentliche[rn]?[ ]schlüssel
    |chiave[ ]pubblica|chave[ ]p[uú]blica|publieke[ ]sleutel)|fingerprint|fingerabdruck|empreinte|huella|impronta
    |impress[ãa]o[ ]digital|vingerafdruk|\b(?:sha(?:1|256|384|512)|md5):)(?P<rest>[^.;\n]{0,16})$""",
    re.IGNORECASE | re.VERBOSE,
)
_PRIVATE = lazy_pattern(r"priv|secret|geheim|segret", re.IGNORECASE)


def _is_public(before: str) -> bool:
    """Whether the words just before a string call it a public key or a fingerprint."""
    public = _PUBLIC_BEFORE.search(before)
    return public is not None and _PRIVATE.search(public["rest"]) is None


# Keys made to be published: a Stripe publishable key sits in every checkout page's source.
_PUBLISHABLE = ("pk_test_", "pk_live_")


def is_high_entropy(match: re.Match[str]) -> bool:
    """Whether a run of base64/hex characters is a randomly generated key, not a digest, id or URL."""
    token = match.group().rstrip("=")
    if len(token) < _MIN_RANDOM_LENGTH or _UUID.fullmatch(token) or not _looks_random(token):
        return False
    if token.startswith(_PUBLISHABLE):
        return False
    before = match.string[max(0, match.start() - _CONTEXT_WINDOW) : match.start()]
    if _is_hex_id(token, _clause_before(match)):
        return False
    if _is_public_address(token, before) or _SSH_PUBLIC_KEY_TYPE.search(before):
        return False
    if _is_public(before):
        return False
    return not _in_url(match)
