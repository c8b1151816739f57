"""Recognise text that holds a credential, so that a proposal carrying one is refused, not stored.

`looks_like_secret` is called on the text (up to 4,000 characters) and the quote (up to 2,000) of
every proposal; `secret_kind` names the detector that fired, for tests and diagnostics. Both work on
the text anywhere inside a longer sentence, and use only the standard library.

The text is normalised first, so that a secret cannot be slipped past the detectors in disguise:
invisible characters are dropped (zero-width spaces and joiners U+200B..U+200D, the word joiner
U+2060, U+FEFF, the soft hyphen, bidirectional marks), then Unicode NFKC folds fullwidth letters
and digits, ligatures and the like to their plain forms, and a word written partly in Cyrillic or
Greek look-alikes of Latin letters ("pаssword" with a Cyrillic "а") is read in Latin letters.

Detected (the detector's name, as `secret_kind` returns it, in brackets):

* keys and tokens whose shape is fixed by their issuer: AWS access key ids and secret keys
  (aws-access-key, aws-secret-key), Google API keys and OAuth tokens (google-api-key,
  google-oauth-token), GitHub, GitLab and Slack tokens (github-token, gitlab-token, slack-token),
  Slack and Discord webhook URLs (slack-webhook, discord-webhook), Discord and Telegram bot tokens
  (discord-bot-token, telegram-bot-token), Stripe, OpenAI and Anthropic keys (stripe-key,
  openai-key, anthropic-key), Hugging Face, npm and PyPI tokens (huggingface-token, npm-token,
  pypi-token), Twilio, SendGrid and Mailgun keys (twilio-key, sendgrid-key, mailgun-key),
  DigitalOcean and Shopify tokens (digitalocean-token, shopify-token) and Azure storage account
  keys (azure-storage-key);
* PEM private key blocks, RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP and plain (private-key); the BEGIN
  line alone is enough, since a quote may well be cut before the key material. Any white space
  between its words, any case and a damaged run of dashes still count: `----begin rsa  private
  key---` or, with no dashes at all, a BEGIN line followed by key material on the next line;
* JSON Web Tokens (jwt);
* URLs with a password in them: `postgres://user:pass@host`, any `scheme://user:password@host`
  (connection-string);
* HTTP `Authorization` headers and `Bearer` credentials (authorization-header), and `Basic`
  credentials, recognised by decoding to `user:password` (basic-auth);
* TOTP seeds: `otpauth://` URIs with a `secret=`, and base32 keys, grouped or not, after "TOTP",
  "2FA secret", "authenticator key", "setup key" and the like (totp-secret);
* two-factor backup and recovery codes after "backup codes", "recovery codes", "scratch codes" and
  their German, French, Spanish, Italian, Portuguese and Dutch names: the first code must hold at
  least six letters and digits, two of them digits (recovery-codes);
* passwords on command lines: `mysql -pS3cret!` and `-p'...'`, `sshpass -p ...`, `curl -u user:pass`,
  `docker login -p ...`, `smbclient -U user%pass`, `--password=...` and `--password ...`
  (command-line-password). There the value only has to be typed, not random: `-proot` and
  `curl -u admin:admin` are refused, variables such as `$MYSQL_PWD` are not;
* a credential-named key with a value: `password=`, `passwd:`, `pwd =`, `pass:`, `psk=`, `creds=`,
  `"api_key": "..."`, `DB_PASSWORD: ...`, `token = ...`, `Passwort:`, `mdp:`, `senha=`, and statements
  such as "my wifi password is sunshine42", "the password for guests: ...", "mein Passwort ist
  Sonne2024!", "mon mot de passe est chat-noir-42", "la contraseña del wifi es ...", "la password è
  ...", "a senha é ...", "het wachtwoord is ...", "the WLAN-Schlüssel: ...", "network key - ..."
  (credential-assignment), when the value looks like a credential rather than prose
  (`_is_credential_value`). Key and value may be joined by `:`, `=`, `->`, `=>`, `→`, a dash set off by
  spaces, an en or em dash, a verb ("is", "'s", "was", "ist", "lautet", "est", "es", "è", "é" ...), or
  a line break alone, and then the value must be alone on its line ("password\\nhunter2x"). The
  value may also come first: "I use Tr0ub4dor&3 as my password", "Sonne2024! ist mein Passwort";
* a user name and a password given together: "credentials: bob / hunter2x", "login: jane:Pa55-word",
  "user jane, password hunter2x", "SSID BiscuitNet password sunshine42" (credential-pair);
* PINs and the codes of doors, gates, alarms, safes, lockers and padlocks, card security codes and
  lock combinations: "my PIN is 4821", "the door code is 1234#", "safe combination 12-34-56", "the
  code for the front door: 1234", "I changed my PIN to 4821", "the padlock on the shed is 4-7-2",
  "4821 is my PIN", "meine Geheimzahl ist 4821", "le digicode est 4821", "o código do portão é 1234"
  (pin-code): three to twelve digits, perhaps grouped by spaces or dashes, perhaps with `#` or `*`,
  after a connecting word or sign, or right after a label that can only mean a code ("alarm code
  9021", "PIN 4821"). A bare "code" counts only when the words after it name what it opens ("the
  code to the safe"). This is new: PINs used to be deliberately let through, since four digits read
  like any other number; they are refused now, but only next to a label that says what they are;
* seed phrases: twelve or more words of the BIP-39 English list after "seed phrase", "recovery
  phrase", "mnemonic", "24 words" and the like, commas, numbering, capitals and a stray misspelt word
  allowed; and without any label, a run of twelve to twenty-four lower-case BIP-39 words separated
  only by spaces, line breaks or numbering, nearly all different, that passes the phrase's checksum
  as every wallet's phrase does (seed-phrase);
* long random-looking strings of base64 or hex characters (high-entropy, `_is_high_entropy`).

Deliberately not detected, because ordinary sentences look the same:

* a value that is a plain word or a phrase: "password: use the manager", "secret: patience",
  "token = the unit the model reads", "mein Passwort ist zu kurz". The price is that
  `password=letmein` and passphrases of several words pass; a credential needs a digit or a symbol
  besides letters, or six digits or more. Sizes and algorithm names are not credentials either:
  "the encryption key is 256-bit", "my key is ed25519", "AES-256".
* a user name and password given without any label ("bob / hunter2x"), and a password that is a
  plain word even with a label ("login: admin / admin"), as above.
* PINs and codes written in words ("my PIN is four eight two one"), a bare "code" whose object is
  not named ("the code is 4821": a promo code, an error code, a booking code), and codes that are
  not secrets: post and zip codes, area and country codes, sort codes, error, exit and status codes,
  friend codes and booking references. A sentence about a PIN without one passes: "I always forget
  my PIN", "the PIN has 4 digits", "the door code changes monthly". A number followed by a unit
  ("the PIN is 6 digits", "100%") is not a PIN, nor is a year after a clause ("my PIN in 2019") or a
  number after the verb ("I pin 100 photos"). A PIN is refused even when it is a factory default
  such as 0000: the detector cannot tell.
* one-time codes sent by text message or shown by an authenticator ("the 2FA code is 482913"):
  they expire within minutes.
* lists of words that are not seed phrases: fewer than twelve, separated by commas without a
  seed-phrase label, words outside the list, the same few words repeated, or, without a label,
  words whose checksum fails, as fifteen lists of twelve ordinary list words in sixteen do ("my
  keywords: travel food coffee city beach sunset ...").
* a value that follows its label across a line break and shares its line with more words: in
  "change the wifi password\\nQ3-report due Friday" the second line is something else.
* placeholders: `<your password>`, `[REDACTED]`, `{password}`, `${DB_PASSWORD}`, `$TOKEN`,
  `%API_KEY%`, masks such as `***`, `xxxx`, `...`, names such as `your_password`, `YOUR_API_KEY` or
  `PASSWORD`, and `changeme`, the conventional "replace me" value. They hold no secret. A
  lower-case word such as `pass` or `password` inside a connection URL or after `curl -u user:` is
  still refused: that form is unambiguous and the word may well be the real, weak, password.
* references to where a secret lives or how it is read: `settings.DB_PASSWORD`,
  `os.environ["TOKEN"]`, `input("Password: ")`, file paths, and command lines that will ask for
  the password (`mysql -u root -p`, `pg_dump --password`).
* hex digests and ids in context. A 32-, 40- or 64-digit hex string shortly after a word such as
  "commit", "sha", "hash", "checksum", "digest" or "trace id" (and no word such as "key" or "token")
  is an MD5/SHA-1/SHA-256 digest, a full git SHA or a trace id, and passes. Without such a word a
  long hex string is refused, because many real keys are exactly that (GitHub's old OAuth tokens,
  Twilio auth tokens, DigitalOcean, Datadog ...). Short git hashes, 7 to 12 digits, are far below
  the length considered.
* UUIDs, OpenSSH public keys, URLs without credentials (their path and query are not scanned for
  random strings), e-mail addresses, paths, versions, dates, phone numbers, hashtags, code
  identifiers and long English compounds.

What is checked is one text at a time: a secret split between a proposal's text and its quote
("my PIN is" / "4821") is not put back together here.
"""

from __future__ import annotations

import base64
import binascii
import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple


class _LazyPattern:
    """A regular expression compiled the first time it is used, not when the module is imported:
    the detectors are some fifty verbose patterns, and compiling them all would add tens of
    milliseconds to every server's start, before any proposal needs them."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def match(self, text: str) -> re.Match[str] | None:
        return self.compiled.match(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def findall(self, text: str) -> list[str]:
        return self.compiled.findall(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)

    def sub(self, replacement: Callable[[re.Match[str]], str], text: str) -> str:
        return self.compiled.sub(replacement, text)


def _lazy(source: str, flags: int = 0) -> _LazyPattern:
    return _LazyPattern(source, flags)


# --- Normalisation: what the detectors read ---------------------------------------------------

# Characters that show nothing, dropped before matching: "pass\u200bword" is read as "password".
_INVISIBLE = dict.fromkeys(
    map(
        ord,
        "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
        "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff",
    )
)
# Cyrillic and Greek letters that look like Latin ones. A word is read through this table only when
# every letter of it outside ASCII is one of these, so Russian or Greek prose is left as it is.
_LOOKALIKES = dict(
    zip(
        "аеорсухѕіјԁԛԝӏһАВЕКМНОРСТУХЅІЈԜ" + "αικνορυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" + "ɑı",
        "aeopcyxsijdqwlhABEKMHOPCTYXSIJW" + "aikvopuxABEZHIKMNOPTYX" + "ai",
        strict=True,
    )
)
_LETTER_WORD = _lazy(r"[^\W\d_]+")


@functools.cache
def _lookalike_table() -> dict[int, str]:
    return str.maketrans(_LOOKALIKES)


def _latin_reading(match: re.Match[str]) -> str:
    word = match.group()
    foreign = [ch for ch in word if not ch.isascii()]
    if foreign and all(ch in _LOOKALIKES for ch in foreign):
        return word.translate(_lookalike_table())
    return word


def _normalise(text: str) -> str:
    """The text as the detectors read it: no invisible characters, NFKC, look-alike letters read as Latin."""
    text = text.translate(_INVISIBLE)
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    return _LETTER_WORD.sub(_latin_reading, text)


# --- Values: is what follows `password=` a credential? -----------------------------------------

_PLACEHOLDER = _lazy(
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
# getenv("TOKEN"), input("Password: ") (whose value is cut at the space).
_CODE_REFERENCE = _lazy(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*[(\[].*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
# "My password is 1Password-generated": the one digit-bearing word that keeps company with passwords.
_PASSWORD_MANAGER = _lazy(r"1password\b.*", re.IGNORECASE)
_PATH_OR_URL = _lazy(r"~?\.{0,2}/|[A-Za-z]:\\|\w+://")
_VERSION = _lazy(r"v?\d+(?:\.\d+)+(?:[-+][\w.]+)?", re.IGNORECASE)
# Sizes and algorithm names, which follow "key" as often as keys do: 256-bit, 12-characters, ed25519, AES-256-GCM.
_MEASURE_OR_ALGORITHM = _lazy(
    r"""
    \d+(?:[.,]\d+)?-?(?:bits?|bytes?|[kmgt]i?b|chars?|characters?|digits?|letters?|words?|stellig|stellen|zeichen
        |chiffres|caract[eè]res|d[ií]gitos|cifras|cifre|caratteri|cijfers|tekens)
    | (?:aes|rsa|dsa|ecdsa|ed|x|sha|sha3|md|blake|chacha|secp|curve|argon|pbkdf|wpa|wep|tls|pkcs)
      -?\d+(?:[a-z][a-z0-9]?)?(?:-[a-z0-9]+)*
    """,
    re.IGNORECASE | re.VERBOSE,
)
_QUOTES = "\"'`"
_SENTENCE_PUNCTUATION = ".,;:!?"
_OPENER = {")": "(", "]": "[", "}": "{", '"': '"', "'": "'", "`": "`"}
# Characters that make a value look typed rather than written; hyphens, underscores, dots and
# apostrophes are left out because words and identifiers are full of them.
_ORDINARY_PUNCTUATION = frozenset("-_.'’")


def _unquote(value: str) -> str:
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


_NOT_CREDENTIALS = (_PLACEHOLDER, _CODE_REFERENCE, _VERSION, _PASSWORD_MANAGER, _MEASURE_OR_ALGORITHM)
# Words that stand where a command line's password would, and are not one.
_NOT_TYPED = frozenset(
    {"true", "false", "yes", "no", "on", "off", "prompt", "ask", "stdin", "env", "file", "required", "optional"}
)


def _is_credential_value(raw: str, min_length: int = 6) -> bool:
    """Whether the value assigned to a credential-named key is plausibly the credential itself."""
    value = _unquote(raw)
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
    return has_letter and (has_digit or has_symbol)


def _is_typed_value(raw: str) -> bool:
    """Whether a command line's password argument is a password: any typed value but a variable or a flag."""
    value = _unquote(raw)
    if len(value) < 4 or value.startswith("-") or value.lower() in _NOT_TYPED:
        return False
    if _PLACEHOLDER.fullmatch(value) or _CODE_REFERENCE.fullmatch(value):
        return False
    return not _PATH_OR_URL.match(value)


def _is_basic_credential(value: str) -> bool:
    """Whether `value` is base64 of `user:password`, as in an HTTP Basic header."""
    try:
        decoded = base64.b64decode(value, validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return False
    user, sep, password = decoded.partition(":")
    return bool(sep and user and password and decoded.isprintable())


def _is_mixed(token: str) -> bool:
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
# as they are keys; the words just before one tell which. A credential word wins over an id word.
_HEX_ID_LENGTHS = frozenset({32, 40, 64})
_HEX_ID_CONTEXT = _lazy(
    r"""\b(?:commits?|sha(?:-?(?:1|256|512))?|hash(?:es)?|checksum|digest|revision|rev|md5|git|blob|tree
    |cherry-pick|revert|checkout|rebase|bisect|tag|fingerprint|trace|span|request|correlation|ids?)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_CREDENTIAL_CONTEXT = _lazy(r"(?<![a-z])(?:keys?|secrets?|tokens?|passw|credentials?)", re.IGNORECASE)
# How far back, in characters, the words that say what a string is are looked for.
_CONTEXT_WINDOW = 40
# The body of an OpenSSH public key is long base64, and public.
_SSH_PUBLIC_KEY_TYPE = _lazy(r"(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+$")
_UUID = _lazy(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_HEX = _lazy(r"[0-9a-f]+|[0-9A-F]+")
_LETTER_RUN = _lazy(r"[A-Z]?[a-z]+")
_NUMBER = _lazy(r"(?<![0-9])[0-9]{4,}(?![0-9])|(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])")
_FOUR_CONSONANTS = _lazy(r"[b-df-hj-np-tv-xz]{4}", re.IGNORECASE)
_VOWELS = frozenset("aeiouyAEIOUY")


def _shannon_entropy(text: str) -> float:
    total = len(text)
    return -sum(n / total * math.log2(n / total) for n in Counter(text).values())


def _is_wordlike(run: str) -> bool:
    """A letter run that reads as a word: three letters or more, a vowel in four, no four consonants in a row."""
    vowels = sum(ch in _VOWELS for ch in run)
    return len(run) >= 3 and vowels * 4 >= len(run) and not _FOUR_CONSONANTS.search(run)


def _word_coverage(token: str) -> float:
    """The share of the letters and digits of `token` that belong to words or plain numbers.

    Words are lower-case runs, capitalised or not; upper-case runs count for neither side, since
    acronyms are as common in identifiers as capital letters are in random strings.
    """
    alphanumerics = sum(ch.isalnum() for ch in token)
    words = sum(len(run) for run in _LETTER_RUN.findall(token) if _is_wordlike(run))
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


def _is_hex_id(token: str, before: str) -> bool:
    """Whether a hex string is a digest, a commit or a trace id, by its length and the words before it."""
    return (
        len(token) in _HEX_ID_LENGTHS
        and _HEX.fullmatch(token) is not None
        and _HEX_ID_CONTEXT.search(before) is not None
        and _CREDENTIAL_CONTEXT.search(before) is None
    )


def _is_high_entropy(match: re.Match[str]) -> bool:
    """Whether a run of base64/hex characters is a randomly generated key, not a digest, id or URL."""
    token = match.group().rstrip("=")
    if len(token) < _MIN_RANDOM_LENGTH or _UUID.fullmatch(token) or not _looks_random(token):
        return False
    before = match.string[max(0, match.start() - _CONTEXT_WINDOW) : match.start()]
    if _is_hex_id(token, before) or _SSH_PUBLIC_KEY_TYPE.search(before):
        return False
    return not _in_url(match)


# --- Pieces of the labelled detectors -----------------------------------------------------------

# A value: quoted, in angle brackets, or up to the next white space.
_QUOTED_OR_WORD = r""""[^"\n]*"|'[^'\n]*'|`[^`\n]*`|\S+"""
_VALUE = r"""(?P<value><[^<>\n]*>|""" + _QUOTED_OR_WORD + r""")"""
# What joins a label to its value: a verb ("is", "'s", "ist", "est", "es", "è", "é" ...), a sign, a dash set
# off by spaces, or a line break. After a colon the value is set off by white space; the bare
# `key:value` form is left to the key detector, which knows its keys.
_VERB = r"""(?:is|was|are|ist|lautet|war|sind|est|était|sont|es|era|son|è|é|são|zijn|blijft)"""
_CONNECTOR = (
    r"""(?:\s+"""
    + _VERB
    + r"""(?:\s+(?:now|still|jetzt|noch|maintenant|ahora|ora|agora|nu|nog))?(?:\s*:)?\s+
    | ['’]s\s+ | \s*:\s+ | \s*(?:=>|->|→|:=|=|–|—)\s* | \s+-{1,2}\s+ | [ \t]*\r?\n\s*)"""
)
# "the password for the office printer downstairs is ...", "das Passwort für das WLAN ist ...",
# "le code de la porte est ...": a preposition and up to five words between a label and its verb.
_PREPOSITION = r"""(?:for|to|of|on|at|in|für|fürs|zum|zur|vom|von|der|des|am|im|beim|meiner|meines|unserer|unseres
    |de|du|pour|del|della|dello|dell['’]\S*|dei|degli|di|per|do|da|dos|das|para|van|voor|bij|op)"""
_CLAUSE = r"""\s+""" + _PREPOSITION + r"""(?:\s+[^\s:=]+){0,5}?"""
# Numbers and codes may also follow a colon without a space: "alarm code:9021".
_CONNECTOR_OR_COLON = r"""(?:""" + _CONNECTOR + r"""|\s*:\s*)"""
# Between a value given first and its label: "... is my", "... as the", "... ist mein", "... est mon".
_VALUE_FIRST_JOIN = r"""\s+(?:is|was|as|ist|war|als|est|comme|es|como|è|come|é|zijn)\s+
    (?:(?:the|das|der|die|le|la|el|il|o|a|het|de)\s+(?:(?:my|mein|meine|mon|ma|mi|mio|mia|meu|minha|mijn)\s+)?
    |(?:my|our|your|his|her|their|mein|meine|unser|unsere|mon|ma|notre|mi|nuestra|nuestro|mio|mia|meu|minha|mijn|ons
    |onze)\s+)"""


def _labelled(label: str, value: str, connector: str = _CONNECTOR) -> str:
    """A pattern for a label, perhaps a clause saying what it is for, a connector, and a value."""
    return f"{label}(?:{_CLAUSE})?{connector}{value}"


def _word_before(match: re.Match[str], group: str) -> str:
    """The word just before a group of the match, case-folded ("" when there is none)."""
    before = match.string[max(0, match.start(group) - 40) : match.start(group)].split()
    return before[-1].casefold().strip("\"'([{") if before else ""


def _fills_its_line(match: re.Match[str], group: str) -> bool:
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


# --- PINs and the codes of doors, alarms and safes ----------------------------------------------

# Labels that name a PIN or a lock's code by themselves; the value may follow with no verb: "PIN 4821".
_PIN_LABEL = r"""(?:\b(?:pin(?:[ -]?(?:code|number|nummer|nr\.?|no\.?))?|puk2?|cvv2?|cvc2?|csc|pass[ -]?code|pincode
    |(?:door|gate|alarm|safe|garage|keypad|entry|entrance|access|lock|locker|padlock|lockbox|key[ -]?safe|key[ -]?box
       |security|unlock|mailbox|intercom|buzzer)[ -]?(?:code|pin|combination|combo)
    |(?:safe|lock|padlock|locker|suitcase|luggage)[ -]combination|combination[ -]lock
    |geheimzahl|geheimnummer|torcode|digicode|code[ ](?:pin|secret|confidentiel|d['’]acc[eè]s|d['’]entr[ée]e)
    |c[oó]digo[ ](?:pin|secreto|de[ ]acceso|de[ ]acesso)|n[uú]mero[ ]secreto|codice[ ](?:pin|segreto|di[ ]accesso)
    |toegangscode|deurcode|kluiscode|cijfercode|tresorkombination|zahlenschloss(?:code|kombination)?)
    |(?:tür|alarm|tresor|safe|zugangs|sicherheits|zahlen|schloss|garagen|briefkasten|spind)code)"""
# Labels that need a verb or a sign before the value: "a senha é 4821", "la clave del cajero es 4821",
# "the padlock on the shed is 4-7-2".
_PIN_WORD = r"""\b(?:senha|clave|padlock|lockbox|key[ ]?safe|key[ ]?box|bike[ ]lock|combination[ ]lock|cadenas|candado
    |lucchetto|cadeado|hangslot|vorhängeschloss|fahrradschloss)"""
# A bare "code" or "combination" is a lock's only when the words after it name what it opens.
_PIN_GENERIC = r"""\b(?:codes?|combination|combo|codice|c[oó]digo|combinaison|combinaci[oó]n|combinazione
    |combina[cç][aã]o|combinatie|kombination|zahlenkombination)"""
_PIN_VALUE = r"""(?P<pin>[#*]?\d+(?:[ \-–]\d+)*[#*]?)(?![\w%°€$£¥]|[.,:/]\d)"""
# "I changed my PIN to 4821", "the door code was set to 1234".
_PIN_CHANGE = r"""\s+(?:(?:was|is|has\s+been|got)\s+)?(?:(?:changed|set|reset|switched|updated)\s+)?to\s+"""
# After a PIN's own label the number may follow with no connector at all ("PIN 4821"), but not
# after a clause ("my PIN in 2019" is a date) nor after the verb "pin" ("I pin 100 photos").
_PIN = rf"""(?:(?P<label>{_PIN_LABEL})(?:(?:{_CLAUSE})?{_CONNECTOR_OR_COLON} | (?P<bare>[ \t]+) | {_PIN_CHANGE})
    | {_labelled(_PIN_WORD, "", _CONNECTOR_OR_COLON)}
    | (?P<generic>{_PIN_GENERIC})(?P<gclause>{_CLAUSE}){_CONNECTOR_OR_COLON}
    ){_PIN_VALUE}"""
# The number first: "4821 is my PIN", "1234# is the new door code." The label must end the clause, so
# that "2019 is the year my PIN changed" is a year. A number is read once, from the start of its run
# of digit groups: read from every group, "1 1 1 ..." would cost the square of its length.
_PIN_FIRST = rf"""(?<!\S)(?<![\d#*][ \-–])(?P<pin>[#*]?\d++(?:[ \-–]\d++)*+[#*]?+){_VALUE_FIRST_JOIN}
    (?:(?:new|old|current|bank|card|debit|credit|phone|sim|atm|alarm|front|back|garage)\s+)?{_PIN_LABEL}
    (?=\s*(?:[.,;:!?)]|$)|\s+(?:for|of|on|at|to|now|too)\b)"""
_MIN_PIN_DIGITS = 3
_MAX_PIN_DIGITS = 12
_LOCKED_THINGS = frozenset(
    """door doors front back gate gates garage alarm safe lock locker lockers padlock lockbox keypad building house
    flat apartment office entrance shed storage bike mailbox letterbox card phone sim atm laptop tablet ipad iphone
    suitcase luggage box keybox get enter open unlock disarm
    porte portail alarme coffre coffre-fort cadenas immeuble entrée carte téléphone casier entrer ouvrir
    puerta portón portal alarma caja candado tarjeta teléfono móvil taquilla cajero entrar abrir
    porta portone cancello allarme cassaforte lucchetto carta bancomat telefono armadietto entrare aprire
    portão cofre cadeado cartão telemóvel celular
    deur voordeur poort kluis slot hangslot pinpas bankpas kaart telefoon kluisje binnenkomen openen""".split()
)
# German compounds end in what they open: Haustür, Gartentor, Alarmanlage, Zahlenschloss, Bankkarte.
_LOCKED_ENDINGS = ("tür", "tor", "alarm", "alarmanlage", "tresor", "safe", "schloss", "garage", "karte", "handy")
_UNIT_AFTER = _lazy(
    r"""\s*(?:%|percent|per\s*cent|digits?|characters?|chars?|numbers?|letters?|times?|tries|attempts?|years?|months?
    |weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|people|persons?|euros?|dollars?|pounds?|grams?|kg|km|miles?
    |ziffern|stellen|stellig|zeichen|mal|jahre?n?|tage?n?|chiffres|caractères|fois|ans|jours|dígitos|cifras|veces|años
    |días|cifre|caratteri|volte|anni|giorni|vezes|anos|dias|cijfers|tekens|keer|jaar|dagen)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def _names_a_locked_thing(clause: str) -> bool:
    for word in re.split(r"[\s'’]+", clause.casefold()):
        word = word.strip('.,;:!?"()')
        if word in _LOCKED_THINGS or (len(word) > 4 and word.endswith(_LOCKED_ENDINGS)):
            return True
    return False


def _pin_is_real(match: re.Match[str]) -> bool:
    """Whether a number after a PIN's or a lock's label is the code: 3 to 12 digits, not a count or an amount."""
    digits = sum(ch.isdigit() for ch in match["pin"])
    if not _MIN_PIN_DIGITS <= digits <= _MAX_PIN_DIGITS:
        return False
    groups = match.groupdict()
    if groups.get("generic") and not _names_a_locked_thing(groups["gclause"]):
        return False
    if groups.get("bare") and groups["label"].casefold() == "pin" and groups["label"] != "PIN":
        return False
    return _fills_its_line(match, "pin") and _UNIT_AFTER.match(match.string[match.end() : match.end() + 40]) is None


# --- Seed phrases -------------------------------------------------------------------------------

_SEED_LABEL = r"""\b(?:(?:secret\s+)?(?:seed|recovery|backup|mnemonic|wallet|restore)[ -]?(?:phrase|words|seed|sentence)
    |mnemonic|(?:wiederherstellungs|seed-?)(?:phrase|wörter|satz)
    |(?:12|15|18|21|24|twelve|fifteen|eighteen|twenty[ -]one|twenty[ -]four)[ -]words
    |phrase\s+(?:de\s+r[ée]cup[ée]ration|secr[èe]te|mn[ée]monique)|mots\s+de\s+r[ée]cup[ée]ration
    |frase\s+(?:semilla|semente|de\s+recuperaci[oó]n|de\s+recupera[cç][aã]o|di\s+recupero|mnemonica)
    |palabras\s+de\s+recuperaci[oó]n|parole\s+di\s+recupero|palavras\s+de\s+recupera[cç][aã]o|herstelzin|herstelwoorden)\b"""
# A run of at least twelve words of three to eight letters (the lengths of the BIP-39 words), with
# white space, punctuation or numbering between them; `_is_seed_phrase` looks at the words.
_SEED_RUN = r"""(?<![A-Za-z])[A-Za-z]{3,8}(?![A-Za-z])(?:[\s,;.:()\d#-]+[A-Za-z]{3,8}(?![A-Za-z])){11,}"""
_SEED_WORDS = 12
_SEED_LENGTHS = (12, 15, 18, 21, 24)
_SEED_TOKEN = _lazy(r"(?P<separator>[^A-Za-z]*)(?P<word>[A-Za-z]+)")
# Between the words of an unlabelled seed phrase: white space, or the numbering of a list ("1. ", "2) ").
_PLAIN_SEPARATOR = _lazy(r"\s+(?:\d{1,2}[.):]?\s+)?|\s*\d{1,2}[.):]\s*")


@functools.cache
def _bip39_index() -> dict[str, int]:
    return {word: index for index, word in enumerate(_BIP39_ENGLISH.split())}


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


def _labelled_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=True)


def _bare_seed_phrase(match: re.Match[str]) -> bool:
    return _is_seed_phrase(match, labelled=False)


# --- TOTP seeds and backup codes ----------------------------------------------------------------

_TOTP_LABEL = r"""\b(?:(?:totp|hotp|otp|2fa|mfa|two[- ]factor|2-factor|authenticator|authy)
    (?:[ _-]?(?:app|auth|authentication))?
    (?:[ _-]?(?:secret|seed|key|setup[ _-]key))?|setup[ _-]key|secret[ _-]key|(?:2fa|totp)-?(?:geheimnis|schlüssel)
    |cl[ée]\s+(?:totp|2fa|secr[èe]te))"""
_BASE32_VALUE = r"""(?P<base32>[A-Z2-7]{4}(?:[ -]?[A-Z2-7]{4}){3,}(?:[ -]?[A-Z2-7]{1,3})?=*)(?![A-Za-z0-9])"""

_TOTP = r"otpauth://[ht]otp/\S*?[?&]secret=(?P<uri>[A-Z2-7]{16,})|" + _labelled(_TOTP_LABEL, _BASE32_VALUE)


def _base32_is_secret(match: re.Match[str]) -> bool:
    """Whether base32 after a TOTP label is a key: a digit, or groups of four that are not words.

    Keys are shown in groups of four or not grouped at all; "this very long string" is neither.
    """
    if match["uri"]:
        return True
    value = match["base32"].rstrip("=")
    if any(ch.isdigit() for ch in value):
        return True
    groups = re.split(r"[ -]", value) if re.search(r"[ -]", value) else re.findall(r".{1,4}", value)
    if any(len(group) != 4 for group in groups[:-1]) or len(groups[-1]) > 4:
        return False
    return not all(_is_wordlike(group) for group in groups)


_RECOVERY_LABEL = r"""\b(?:(?:backup|recovery|scratch|emergency|rescue)[ _-]?codes?|back-?up-?codes?
    |wiederherstellungs-?codes?|notfall-?codes?|codes?\s+de\s+(?:secours|r[ée]cup[ée]ration|sauvegarde)
    |c[oó]digos?\s+de\s+(?:respaldo|recuperaci[oó]n|recupera[cç][aã]o|backup|emergencia|seguran[cç]a)
    |codici?\s+di\s+(?:backup|recupero|emergenza)|herstelcodes?|reservecodes?)"""
_RECOVERY_VALUE = r"""(?P<code>[A-Za-z0-9]{3,10}(?:[ -][A-Za-z0-9]{3,10})?)(?![A-Za-z0-9])"""
_RECOVERY = _labelled(_RECOVERY_LABEL, _RECOVERY_VALUE, _CONNECTOR_OR_COLON)
_YEAR = _lazy(r"(?:19|20)\d\d")


def _recovery_code_is_real(match: re.Match[str]) -> bool:
    """Whether the first code after a backup-codes label is one: six letters and digits or more, two digits."""
    code = match["code"]
    groups = re.split(r"[ -]", code)
    compact = "".join(groups)
    if len(compact) < 6 or sum(ch.isdigit() for ch in compact) < 2 or _PASSWORD_MANAGER.match(compact):
        return False
    return not all(_YEAR.fullmatch(group) for group in groups)


# --- Passwords on command lines -----------------------------------------------------------------

_COMMAND_LINE = r"""
    \b(?i:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlslap|mariadb(?:-dump|-admin)?)\b
        [^\n|;&]{0,200}?[ \t]-p(?P<mysql>[^\s-]\S*)                                  # mysql -u root -pS3cret!
    | \bsshpass(?:[ \t]+-[a-oq-zA-Z]\S*)*[ \t]+-p[ \t]*(?P<sshpass>\S+)                 # sshpass -p S3cret! ssh ...
    | \b(?i:curl|wget|http|https|xh|httpie)\b[^\n|;&]{0,200}?[ \t](?:-u|--user)(?:[ \t]+|=)?
        (?P<userpass>[^\s:]+:\S+)                                                    # curl -u user:pass
    | \b(?i:docker|podman|nerdctl|helm|oras|skopeo|buildah)[ \t]+(?:registry[ \t]+)?login\b
        [^\n|;&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(?P<login>\S+)               # docker login -u me -p ...
    | \bsmbclient\b[^\n|;&]{0,200}?[ \t](?:-U|--user)(?:[ \t]+|=)?[^\s%]+%(?P<smb>\S+)  # smbclient -U user%pass
    | (?<![\w-])--(?:[a-z0-9]+-)*pass(?:word|wd|phrase)?=(?P<flag>\S+)                 # --password=..., --db-pass=...
    | (?<![\w-])--(?:[a-z0-9]+-)*pass(?:word|wd|phrase)?[ \t]+(?P<spaced>\S+)          # --password S3cret!
    | (?<![\w-])-p(?P<quoted>'[^'\s]+'|"[^"\s]+")                                      # -p'S3cret!'
    """
_PORT_LIKE = _lazy(r"[\d:./-]+")


def _command_line_password_is_real(match: re.Match[str]) -> bool:
    if match["spaced"]:
        return _is_credential_value(match["spaced"])
    if match["userpass"]:
        user, _, password = _unquote(match["userpass"]).partition(":")
        return bool(user) and _is_typed_value(password) and not (user.isdigit() and password.isdigit())
    if match["quoted"]:
        return _is_typed_value(match["quoted"]) and not _PORT_LIKE.fullmatch(_unquote(match["quoted"]))
    value = match["mysql"] or match["sshpass"] or match["login"] or match["smb"] or match["flag"]
    return _is_typed_value(value)


# --- A user name and a password together --------------------------------------------------------

_PAIR_LABEL = r"""\b(?:creds|credentials|log-?in(?:\s+details)?|sign-?in|user(?:name)?\s*/\s*pass(?:word)?|u/p
    |zugangsdaten|anmeldedaten|login-?daten|identifiants|credenciales|credenziali|credenciais|inloggegevens)"""
_USER_LABEL = r"""\b(?:user(?:name)?|login|benutzer(?:name)?|nutzer(?:name)?|utilisateur|usuario|utente|usu[aá]rio
    |gebruiker(?:snaam)?|ssid|wi-?fi|wlan|network|netzwerk|r[ée]seau|red|rete|rede|netwerk)"""
# "pass" is left out after a user name: "allow user to pass execution_id" is about something else.
_PASSWORD_LABEL = r"""(?:password|passwort|kennwort|pw|pwd|passcode|passphrase|key|schlüssel|mot\s+de\s+passe|mdp
    |clé|contrase(?:ñ|n)a|clave|senha|chiave|wachtwoord|sleutel)"""
_PAIR_JOIN = r"""(?:\s*[:=]\s*|\s+(?:is|ist|est|es|è|é)\s+|[ \t]+)"""
_PAIR = (
    _labelled(_PAIR_LABEL, r"[^\s/:|,]+(?:\s*[/|]\s*|:)(?P<pair>[^\s/|]\S*)")
    + rf"""| {_USER_LABEL}{_PAIR_JOIN}(?P<user>[^\s,;]+)[,;]?\s+(?:(?:and|und|et|y|e|en)\s+)?
    (?:(?:the|das|le|la|el|il|a|o|het|de)\s+)?{_PASSWORD_LABEL}{_PAIR_JOIN}(?P<password>{_QUOTED_OR_WORD})"""
)
# Words that stand where a user name would, and are not one: "the user to ...", "login with ...".
_NOT_A_USER = frozenset(
    """to the a an and or can could will would must should may might is was has have had with for of in on at by
    not who that which this their his her its my your our name names id account interface experience""".split()
)


def _pair_is_real(match: re.Match[str]) -> bool:
    if match["pair"]:
        return _is_credential_value(match["pair"], min_length=4) and _fills_its_line(match, "pair")
    return match["user"].casefold() not in _NOT_A_USER and _is_credential_value(match["password"])


# --- Private keys and keys after their names ----------------------------------------------------


def _private_key_is_real(match: re.Match[str]) -> bool:
    """A BEGIN ... PRIVATE KEY line with two dashes or more on a side, or key material on the next line."""
    return bool(match["lead"] or match["tail"] or match["body"])


# A credential's key in `key = value` and `key: value`; `pass` not after the name of a ticket.
_CREDENTIAL_KEY = r"""(?P<key>password|passwd|passphrase|pwd|(?<![a-z])pw|secret|token|credentials?|creds
    |api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|auth[_-]?key|(?<![a-z])psk|(?<![\w-])pass
    |passwort|kennwort|wachtwoord|contrase(?:ñ|n)a|(?<![a-z])senha|(?<![a-z])mdp)"""
_TICKETS = frozenset(
    """boarding bus train rail season day week month annual ski lift hall park museum gym festival backstage press
    guest visitor travel transit metro subway tram ferry event concert stadium parking all-access access mountain
    national interrail eurail hall free mess""".split()
)


def _key_value_is_credential(match: re.Match[str]) -> bool:
    if match["key"].casefold() == "pass" and _word_before(match, "key") in _TICKETS:
        return False
    return _is_credential_value(match["value"])


# The value first: "I use Tr0ub4dor&3 as my password", "hunter2x is the wifi password", "Sonne2024! ist
# mein Passwort", but not "report.pdf is password-protected" or "1Password is my password manager".
_PASSWORD_FIRST = (
    r"""(?<!\S)(?P<value>"[^"\n]*"|'[^'\n]*'|\S+)"""
    + _VALUE_FIRST_JOIN
    + r"""(?:[\w-]+\s+){0,2}?(?:password|passcode|passphrase|pw|passwort|kennwort|mot\s+de\s+passe|contrase(?:ñ|n)a
    |senha|wachtwoord)(?![\w-]|\s*(?:manager|reset|policy|hint|field|prompt|strength|rules?|requirements?|change|app
    |vault))"""
)
_KEY_ASSIGNMENT = _CREDENTIAL_KEY + r"""[\"']?(?:\s*(?::=|=>|->|→|[:=–—])\s*|\s+-{1,2}\s+)""" + _VALUE
_PROSE_LABEL = r"""(?:\b(?:password|passcode|passphrase|passwd|pw|token|mot\s+de\s+passe|mdp|contrase(?:ñ|n)a|senha
       |palavra[- ]passe|parola\s+d['’]ordine|clave
       |(?:api|access|secret|private|wi-?fi|wlan|wpa[23]?|wep|network(?:\s+security)?|wireless|router|license|licence
          |product|recovery|encryption)[ _-]?key
       |(?:clé|clave|chiave|chave)\s+(?:wi-?fi|wpa2?|wlan|de\s+s[ée]curit[ée]|de\s+seguridad|di\s+sicurezza|de\s+seguran[cç]a)
       |netwerksleutel|netzwerkschlüssel)
    |passwort|kennwort|wachtwoord|wlan-?schlüssel|wlan-?key)"""


# --- The detectors ------------------------------------------------------------------------------


class _Detector(NamedTuple):
    name: str
    pattern: _LazyPattern
    # A second look at a match, for shapes that ordinary text can also take; None accepts every match.
    confirm: Callable[[re.Match[str]], bool] | None = None
    # A pattern every match of `pattern` contains, cheap to look for: a text without it is skipped.
    # Most proposals hold no digit and no dash, and the two detectors that need one are the slowest.
    needs: _LazyPattern | None = None


def _body_is_mixed(match: re.Match[str]) -> bool:
    return _is_mixed(match["body"])


def _value_is_credential(match: re.Match[str]) -> bool:
    return _is_credential_value(match["value"]) and _fills_its_line(match, "value")


def _password_is_real(match: re.Match[str]) -> bool:
    return not _PLACEHOLDER.fullmatch(match["password"])


def _authorization_is_real(match: re.Match[str]) -> bool:
    if match["bearer"]:
        return _is_credential_value(match["bearer"], min_length=12)
    value = _unquote(match["value"])
    if match["scheme"] and match["scheme"].lower() == "basic":
        return _is_basic_credential(value)
    return _is_credential_value(value, min_length=8) or _is_basic_credential(value)


def _basic_is_real(match: re.Match[str]) -> bool:
    return _is_basic_credential(match["value"])


def _compile(pattern: str, flags: int = 0) -> _LazyPattern:
    return _lazy(pattern, flags | re.VERBOSE)


_A_DIGIT = _lazy(r"\d")
_A_DASH = _lazy(r"-")

# Most specific first: `secret_kind` names the first detector that fires.
_DETECTORS: tuple[_Detector, ...] = (
    _Detector("aws-access-key", _compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b")),
    _Detector(
        "aws-secret-key",
        _compile(
            r"aws_?secret_?(?:access_?)?key[\"']?\s*[:=]\s*[\"']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])", re.IGNORECASE
        ),
    ),
    _Detector("google-api-key", _compile(r"\bAIza[0-9A-Za-z_-]{35}")),
    _Detector("google-oauth-token", _compile(r"\bya29\.[0-9A-Za-z_-]{30,}")),
    _Detector("github-token", _compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
    _Detector("gitlab-token", _compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),
    _Detector("slack-token", _compile(r"\b(?:xox[abposr]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})")),
    _Detector("slack-webhook", _compile(r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{16,}")),
    _Detector(
        "discord-webhook",
        _compile(r"discord(?:app)?\.com/api/webhooks/\d{10,}/[A-Za-z0-9_-]{30,}", re.IGNORECASE),
    ),
    _Detector("stripe-key", _compile(r"\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})")),
    _Detector("anthropic-key", _compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    _Detector("openai-key", _compile(r"\bsk-(?:proj-|svcacct-|admin-)?(?P<body>[A-Za-z0-9_-]{20,})"), _body_is_mixed),
    _Detector("huggingface-token", _compile(r"\bhf_(?P<body>[A-Za-z0-9]{30,})\b"), _body_is_mixed),
    _Detector("npm-token", _compile(r"\bnpm_(?P<body>[A-Za-z0-9]{36})\b"), _body_is_mixed),
    _Detector("pypi-token", _compile(r"\bpypi-(?P<body>[A-Za-z0-9_-]{40,})"), _body_is_mixed),
    _Detector("twilio-key", _compile(r"\bSK[0-9a-f]{32}\b")),
    _Detector("sendgrid-key", _compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}")),
    _Detector(
        "discord-bot-token",
        _compile(r"(?<![A-Za-z0-9_-])(?P<body>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40})\b"),
        _body_is_mixed,
    ),
    _Detector("telegram-bot-token", _compile(r"(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])")),
    _Detector("digitalocean-token", _compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")),
    _Detector("shopify-token", _compile(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
    _Detector("azure-storage-key", _compile(r"AccountKey=[A-Za-z0-9+/]{40,}={0,2}", re.IGNORECASE)),
    _Detector("mailgun-key", _compile(r"\bkey-(?P<body>[0-9a-zA-Z]{32})\b"), _body_is_mixed),
    _Detector(
        "private-key",
        _compile(
            r"""(?:(?<!-)(?P<lead>-{2,}+)[ \t]*|(?<!\w))BEGIN\s+(?:[A-Z0-9]+\s+){0,4}?PRIVATE\s+KEY(?:\s+BLOCK)?
            (?:(?P<tail>[ \t]*-{2,})|(?P<body>[ \t]*\r?\n[ \t]*[A-Za-z0-9+/]{40}))?""",
            re.IGNORECASE,
        ),
        _private_key_is_real,
    ),
    _Detector("jwt", _compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*")),
    _Detector(
        "connection-string",
        _compile(r"\b[a-z][a-z0-9+.-]{1,30}://[^\s:/@]*:(?P<password>[^\s/@]+)@[^\s/@]", re.IGNORECASE),
        _password_is_real,
    ),
    _Detector(
        "authorization-header",
        _compile(
            r"""\bauthorization[\"']?\s*[:=]\s*[\"']?(?:(?P<scheme>[a-z]+)\s+)?(?P<value>[^\s\"',;]+)
            | \bbearer\s+(?P<bearer>[A-Za-z0-9._~+/-]{12,}=*)""",
            re.IGNORECASE,
        ),
        _authorization_is_real,
    ),
    _Detector(
        "basic-auth",
        _compile(r"\bbasic\s+(?P<value>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", re.IGNORECASE),
        _basic_is_real,
    ),
    _Detector("totp-secret", _compile(_TOTP, re.IGNORECASE), _base32_is_secret),
    _Detector("recovery-codes", _compile(_RECOVERY, re.IGNORECASE), _recovery_code_is_real),
    _Detector("command-line-password", _compile(_COMMAND_LINE), _command_line_password_is_real, _A_DASH),
    _Detector("credential-assignment", _compile(_KEY_ASSIGNMENT, re.IGNORECASE), _key_value_is_credential),
    # "my wifi password is sunshine42", "the API key for staging was: K9x-...", "the password for guests:
    # ...", "mein Passwort ist ...". A bare "key" is left out: "the key is COVID-19 testing" is about
    # something else.
    _Detector("credential-assignment", _compile(_labelled(_PROSE_LABEL, _VALUE), re.IGNORECASE), _value_is_credential),
    _Detector("credential-assignment", _compile(_PASSWORD_FIRST, re.IGNORECASE), _value_is_credential),
    _Detector("credential-pair", _compile(_PAIR, re.IGNORECASE), _pair_is_real),
    _Detector("pin-code", _compile(_PIN, re.IGNORECASE), _pin_is_real, _A_DIGIT),
    _Detector("pin-code", _compile(_PIN_FIRST, re.IGNORECASE), _pin_is_real, _A_DIGIT),
    _Detector(
        "seed-phrase", _compile(_SEED_LABEL + r"[\s\S]{0,40}?" + _SEED_RUN, re.IGNORECASE), _labelled_seed_phrase
    ),
    _Detector("seed-phrase", _compile(_SEED_RUN), _bare_seed_phrase),
    _Detector("high-entropy", _compile(r"[A-Za-z0-9+/_=-]{24,}"), _is_high_entropy),
)


def secret_kind(text: str) -> str | None:
    """The name of the first detector that finds a credential in `text`, or None if none does."""
    text = _normalise(text)
    for detector in _DETECTORS:
        if detector.needs is not None and not detector.needs.search(text):
            continue
        for match in detector.pattern.finditer(text):
            if detector.confirm is None or detector.confirm(match):
                return detector.name
    return None


def looks_like_secret(text: str) -> bool:
    """Whether `text` appears to hold a password, key, token or other credential."""
    return secret_kind(text) is not None


# The BIP-39 English word list (public domain), from which wallets draw their seed phrases. Its
# first four letters tell every word apart; seed phrases are made of twelve to twenty-four of them.
_BIP39_ENGLISH = """
abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid
acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult advance advice
aerobic affair afford afraid again age agent agree ahead aim air airport aisle alarm album alcohol alert alien all
alley allow almost alone alpha already also alter always amateur amazing among amount amused analyst anchor ancient
anger angle angry animal ankle announce annual another answer antenna antique anxiety any apart apology appear apple
approve april arch arctic area arena argue arm armed armor army around arrange arrest arrive arrow art artefact
artist artwork ask aspect assault asset assist assume asthma athlete atom attack attend attitude attract auction
audit august aunt author auto autumn average avocado avoid awake aware away awesome awful awkward axis baby bachelor
bacon badge bag balance balcony ball bamboo banana banner bar barely bargain barrel base basic basket battle beach
bean beauty because become beef before begin behave behind believe below belt bench benefit best betray better
between beyond bicycle bid bike bind biology bird birth bitter black blade blame blanket blast bleak bless blind
blood blossom blouse blue blur blush board boat body boil bomb bone bonus book boost border boring borrow boss
bottom bounce box boy bracket brain brand brass brave bread breeze brick bridge brief bright bring brisk broccoli
broken bronze broom brother brown brush bubble buddy budget buffalo build bulb bulk bullet bundle bunker burden
burger burst bus business busy butter buyer buzz cabbage cabin cable cactus cage cake call calm camera camp can
canal cancel candy cannon canoe canvas canyon capable capital captain car carbon card cargo carpet carry cart case
cash casino castle casual cat catalog catch category cattle caught cause caution cave ceiling celery cement census
century cereal certain chair chalk champion change chaos chapter charge chase chat cheap check cheese chef cherry
chest chicken chief child chimney choice choose chronic chuckle chunk churn cigar cinnamon circle citizen city civil
claim clap clarify claw clay clean clerk clever click client cliff climb clinic clip clock clog close cloth cloud
clown club clump cluster clutch coach coast coconut code coffee coil coin collect color column combine come comfort
comic common company concert conduct confirm congress connect consider control convince cook cool copper copy coral
core corn correct cost cotton couch country couple course cousin cover coyote crack cradle craft cram crane crash
crater crawl crazy cream credit creek crew cricket crime crisp critic crop cross crouch crowd crucial cruel cruise
crumble crunch crush cry crystal cube culture cup cupboard curious current curtain curve cushion custom cute cycle
dad damage damp dance danger daring dash daughter dawn day deal debate debris decade december decide decline
decorate decrease deer defense define defy degree delay deliver demand demise denial dentist deny depart depend
deposit depth deputy derive describe desert design desk despair destroy detail detect develop device devote diagram
dial diamond diary dice diesel diet differ digital dignity dilemma dinner dinosaur direct dirt disagree discover
disease dish dismiss disorder display distance divert divide divorce dizzy doctor document dog doll dolphin domain
donate donkey donor door dose double dove draft dragon drama drastic draw dream dress drift drill drink drip drive
drop drum dry duck dumb dune during dust dutch duty dwarf dynamic eager eagle early earn earth easily east easy echo
ecology economy edge edit educate effort egg eight either elbow elder electric elegant element elephant elevator
elite else embark embody embrace emerge emotion employ empower empty enable enact end endless endorse enemy energy
enforce engage engine enhance enjoy enlist enough enrich enroll ensure enter entire entry envelope episode equal
equip era erase erode erosion error erupt escape essay essence estate eternal ethics evidence evil evoke evolve
exact example excess exchange excite exclude excuse execute exercise exhaust exhibit exile exist exit exotic expand
expect expire explain expose express extend extra eye eyebrow fabric face faculty fade faint faith fall false fame
family famous fan fancy fantasy farm fashion fat fatal father fatigue fault favorite feature february federal fee
feed feel female fence festival fetch fever few fiber fiction field figure file film filter final find fine finger
finish fire firm first fiscal fish fit fitness fix flag flame flash flat flavor flee flight flip float flock floor
flower fluid flush fly foam focus fog foil fold follow food foot force forest forget fork fortune forum forward
fossil foster found fox fragile frame frequent fresh friend fringe frog front frost frown frozen fruit fuel fun
funny furnace fury future gadget gain galaxy gallery game gap garage garbage garden garlic garment gas gasp gate
gather gauge gaze general genius genre gentle genuine gesture ghost giant gift giggle ginger giraffe girl give glad
glance glare glass glide glimpse globe gloom glory glove glow glue goat goddess gold good goose gorilla gospel
gossip govern gown grab grace grain grant grape grass gravity great green grid grief grit grocery group grow grunt
guard guess guide guilt guitar gun gym habit hair half hammer hamster hand happy harbor hard harsh harvest hat have
hawk hazard head health heart heavy hedgehog height hello helmet help hen hero hidden high hill hint hip hire
history hobby hockey hold hole holiday hollow home honey hood hope horn horror horse hospital host hotel hour hover
hub huge human humble humor hundred hungry hunt hurdle hurry hurt husband hybrid ice icon idea identify idle ignore
ill illegal illness image imitate immense immune impact impose improve impulse inch include income increase index
indicate indoor industry infant inflict inform inhale inherit initial inject injury inmate inner innocent input
inquiry insane insect inside inspire install intact interest into invest invite involve iron island isolate issue
item ivory jacket jaguar jar jazz jealous jeans jelly jewel job join joke journey joy judge juice jump jungle junior
junk just kangaroo keen keep ketchup key kick kid kidney kind kingdom kiss kit kitchen kite kitten kiwi knee knife
knock know lab label labor ladder lady lake lamp language laptop large later latin laugh laundry lava law lawn
lawsuit layer lazy leader leaf learn leave lecture left leg legal legend leisure lemon lend length lens leopard
lesson letter level liar liberty library license life lift light like limb limit link lion liquid list little live
lizard load loan lobster local lock logic lonely long loop lottery loud lounge love loyal lucky luggage lumber lunar
lunch luxury lyrics machine mad magic magnet maid mail main major make mammal man manage mandate mango mansion
manual maple marble march margin marine market marriage mask mass master match material math matrix matter maximum
maze meadow mean measure meat mechanic medal media melody melt member memory mention menu mercy merge merit merry
mesh message metal method middle midnight milk million mimic mind minimum minor minute miracle mirror misery miss
mistake mix mixed mixture mobile model modify mom moment monitor monkey monster month moon moral more morning
mosquito mother motion motor mountain mouse move movie much muffin mule multiply muscle museum mushroom music must
mutual myself mystery myth naive name napkin narrow nasty nation nature near neck need negative neglect neither
nephew nerve nest net network neutral never news next nice night noble noise nominee noodle normal north nose
notable note nothing notice novel now nuclear number nurse nut oak obey object oblige obscure observe obtain obvious
occur ocean october odor off offer office often oil okay old olive olympic omit once one onion online only open
opera opinion oppose option orange orbit orchard order ordinary organ orient original orphan ostrich other outdoor
outer output outside oval oven over own owner oxygen oyster ozone pact paddle page pair palace palm panda panel
panic panther paper parade parent park parrot party pass patch path patient patrol pattern pause pave payment peace
peanut pear peasant pelican pen penalty pencil people pepper perfect permit person pet phone photo phrase physical
piano picnic picture piece pig pigeon pill pilot pink pioneer pipe pistol pitch pizza place planet plastic plate
play please pledge pluck plug plunge poem poet point polar pole police pond pony pool popular portion position
possible post potato pottery poverty powder power practice praise predict prefer prepare present pretty prevent
price pride primary print priority prison private prize problem process produce profit program project promote proof
property prosper protect proud provide public pudding pull pulp pulse pumpkin punch pupil puppy purchase purity
purpose purse push put puzzle pyramid quality quantum quarter question quick quit quiz quote rabbit raccoon race
rack radar radio rail rain raise rally ramp ranch random range rapid rare rate rather raven raw razor ready real
reason rebel rebuild recall receive recipe record recycle reduce reflect reform refuse region regret regular reject
relax release relief rely remain remember remind remove render renew rent reopen repair repeat replace report
require rescue resemble resist resource response result retire retreat return reunion reveal review reward rhythm
rib ribbon rice rich ride ridge rifle right rigid ring riot ripple risk ritual rival river road roast robot robust
rocket romance roof rookie room rose rotate rough round route royal rubber rude rug rule run runway rural sad saddle
sadness safe sail salad salmon salon salt salute same sample sand satisfy satoshi sauce sausage save say scale scan
scare scatter scene scheme school science scissors scorpion scout scrap screen script scrub sea search season seat
second secret section security seed seek segment select sell seminar senior sense sentence series service session
settle setup seven shadow shaft shallow share shed shell sheriff shield shift shine ship shiver shock shoe shoot
shop short shoulder shove shrimp shrug shuffle shy sibling sick side siege sight sign silent silk silly silver
similar simple since sing siren sister situate six size skate sketch ski skill skin skirt skull slab slam sleep
slender slice slide slight slim slogan slot slow slush small smart smile smoke smooth snack snake snap sniff snow
soap soccer social sock soda soft solar soldier solid solution solve someone song soon sorry sort soul sound soup
source south space spare spatial spawn speak special speed spell spend sphere spice spider spike spin spirit split
spoil sponsor spoon sport spot spray spread spring spy square squeeze squirrel stable stadium staff stage stairs
stamp stand start state stay steak steel stem step stereo stick still sting stock stomach stone stool story stove
strategy street strike strong struggle student stuff stumble style subject submit subway success such sudden suffer
sugar suggest suit summer sun sunny sunset super supply supreme sure surface surge surprise surround survey suspect
sustain swallow swamp swap swarm swear sweet swift swim swing switch sword symbol symptom syrup system table tackle
tag tail talent talk tank tape target task taste tattoo taxi teach team tell ten tenant tennis tent term test text
thank that theme then theory there they thing this thought three thrive throw thumb thunder ticket tide tiger tilt
timber time tiny tip tired tissue title toast tobacco today toddler toe together toilet token tomato tomorrow tone
tongue tonight tool tooth top topic topple torch tornado tortoise toss total tourist toward tower town toy track
trade traffic tragic train transfer trap trash travel tray treat tree trend trial tribe trick trigger trim trip
trophy trouble truck true truly trumpet trust truth try tube tuition tumble tuna tunnel turkey turn turtle twelve
twenty twice twin twist two type typical ugly umbrella unable unaware uncle uncover under undo unfair unfold unhappy
uniform unique unit universe unknown unlock until unusual unveil update upgrade uphold upon upper upset urban urge
usage use used useful useless usual utility vacant vacuum vague valid valley valve van vanish vapor various vast
vault vehicle velvet vendor venture venue verb verify version very vessel veteran viable vibrant vicious victory
video view village vintage violin virtual virus visa visit visual vital vivid vocal voice void volcano volume vote
voyage wage wagon wait walk wall walnut want warfare warm warrior wash wasp waste water wave way wealth weapon wear
weasel weather web wedding weekend weird welcome west wet whale what wheat wheel when where whip whisper wide width
wife wild will win window wine wing wink winner winter wire wisdom wise wish witness wolf woman wonder wood wool
word work world worry worth wrap wreck wrestle wrist write wrong yard year yellow you young youth zebra zero zone
zoo
"""
