"""Recognise text that holds a credential, so that a proposal carrying one is refused, not stored.

`looks_like_secret` is called on the text (up to 4,000 characters) and the quote (up to 2,000) of
every proposal; `secret_kind` names the detector that fired, for tests and diagnostics. Both work on
the text as given, anywhere inside a longer sentence, and use only the standard library.

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
  line alone is enough, since a quote may well be cut before the key material;
* JSON Web Tokens (jwt);
* URLs with a password in them: `postgres://user:pass@host`, any `scheme://user:password@host`
  (connection-string);
* HTTP `Authorization` headers and `Bearer` credentials (authorization-header), and `Basic`
  credentials, recognised by decoding to `user:password` (basic-auth);
* a credential-named key with a value: `password=`, `passwd:`, `pwd =`, `"api_key": "..."`,
  `DB_PASSWORD: ...`, `token = ...`, and statements such as "my wifi password is sunshine42" or
  "the password for guests: ..." (credential-assignment), when the value looks like a credential
  rather than prose (`_is_credential_value`);
* long random-looking strings of base64 or hex characters (high-entropy, `_is_high_entropy`).

Deliberately not detected, because ordinary sentences look the same:

* a value that is a plain word or a phrase: "password: use the manager", "secret: patience",
  "token = the unit the model reads". The price is that `password=letmein` and passphrases of
  several words pass; a credential needs a digit or a symbol besides letters, or six digits or more.
* placeholders: `<your password>`, `[REDACTED]`, `{password}`, `${DB_PASSWORD}`, `$TOKEN`,
  `%API_KEY%`, masks such as `***`, `xxxx`, `...`, names such as `your_password`, `YOUR_API_KEY` or
  `PASSWORD`, and `changeme`, the conventional "replace me" value. They hold no secret. A
  lower-case word such as `pass` or `password` inside a connection URL is still refused: that form
  is unambiguous and the word may well be the real, weak, password.
* references to where a secret lives or how it is read: `settings.DB_PASSWORD`,
  `os.environ["TOKEN"]`, `input("Password: ")`, file paths.
* hex digests and ids in context. A 32-, 40- or 64-digit hex string shortly after a word such as
  "commit", "sha", "hash", "checksum", "digest" or "trace id" (and no word such as "key" or "token")
  is an MD5/SHA-1/SHA-256 digest, a full git SHA or a trace id, and passes. Without such a word a
  long hex string is refused, because many real keys are exactly that (GitHub's old OAuth tokens,
  Twilio auth tokens, DigitalOcean, Datadog ...). Short git hashes, 7 to 12 digits, are far below
  the length considered.
* UUIDs, OpenSSH public keys, URLs without credentials (their path and query are not scanned for
  random strings), e-mail addresses, paths, versions, dates, phone numbers, hashtags, code
  identifiers and long English compounds.
* PINs: "PIN" is not a credential key here, and four digits read like any other number.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple


class _LazyPattern:
    """A regular expression compiled the first time it is used, not when the module is imported:
    the detectors are some forty verbose patterns, and compiling them all would add tens of
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


def _lazy(source: str, flags: int = 0) -> _LazyPattern:
    return _LazyPattern(source, flags)


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


def _is_credential_value(raw: str, min_length: int = 6) -> bool:
    """Whether the value assigned to a credential-named key is plausibly the credential itself."""
    value = _unquote(raw)
    if len(value) < min_length or any(ch.isspace() for ch in value):
        return False
    if any(pattern.fullmatch(value) for pattern in (_PLACEHOLDER, _CODE_REFERENCE, _VERSION, _PASSWORD_MANAGER)):
        return False
    if _PATH_OR_URL.match(value):
        return False
    if value.isdigit():
        return True
    has_letter = any(ch.isalpha() for ch in value)
    has_digit = any(ch.isdigit() for ch in value)
    has_symbol = any(not ch.isalnum() and ch not in _ORDINARY_PUNCTUATION for ch in value)
    return has_letter and (has_digit or has_symbol)


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


# --- The detectors ------------------------------------------------------------------------------


class _Detector(NamedTuple):
    name: str
    pattern: _LazyPattern
    # A second look at a match, for shapes that ordinary text can also take; None accepts every match.
    confirm: Callable[[re.Match[str]], bool] | None = None


def _body_is_mixed(match: re.Match[str]) -> bool:
    return _is_mixed(match["body"])


def _value_is_credential(match: re.Match[str]) -> bool:
    return _is_credential_value(match["value"])


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


_CREDENTIAL_KEY = r"""(?:password|passwd|passphrase|pwd|(?<![a-z])pw|secret|token|credentials?
    |api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|auth[_-]?key)"""
_VALUE = r"""(?P<value>"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|<[^<>\n]*>|\S+)"""

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
        _compile(r"-----BEGIN[ ]+(?:[A-Z0-9]+[ ]+)*PRIVATE[ ]+KEY(?:[ ]+BLOCK)?-----", re.IGNORECASE),
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
    _Detector(
        "credential-assignment",
        _compile(_CREDENTIAL_KEY + r"""[\"']?\s*(?::=|=>|[:=])\s*""" + _VALUE, re.IGNORECASE),
        _value_is_credential,
    ),
    _Detector(
        "credential-assignment",
        # "my wifi password is sunshine42", "the API key for staging was: K9x-...", "the password for
        # guests: ...". A bare "key" is left out: "the key is COVID-19 testing" is about something else.
        _compile(
            r"""\b(?:password|passcode|passphrase|pw|token
            |(?:api|access|secret|private|wi-?fi|wpa2?|license|licence|product|recovery|encryption)[ _-]?key)
            (?:\s+(?:for|to|on|of)(?:\s+[^\s:]+){1,4}?)?(?:\s+(?:is|was)\s*:?|\s*:)\s+"""
            + _VALUE,
            re.IGNORECASE,
        ),
        _value_is_credential,
    ),
    _Detector("high-entropy", _compile(r"[A-Za-z0-9+/_=-]{24,}"), _is_high_entropy),
)


def secret_kind(text: str) -> str | None:
    """The name of the first detector that finds a credential in `text`, or None if none does."""
    for detector in _DETECTORS:
        for match in detector.pattern.finditer(text):
            if detector.confirm is None or detector.confirm(match):
                return detector.name
    return None


def looks_like_secret(text: str) -> bool:
    """Whether `text` appears to hold a password, key, token or other credential."""
    return secret_kind(text) is not None
