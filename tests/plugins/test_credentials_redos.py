"""No detector of `secrets` can be made to backtrack for long.

Every proposal's text (up to 4,000 characters) runs through every detector, so one pattern that an
assistant can drive into catastrophic backtracking would stall the server. Each detector runs here,
pattern and confirmation both, over adversarial 4,000-character texts built from the pieces its
patterns are made of (labels, connectors, separators, digits, quotes, list words, key headers, names
of secrets and typed tokens), in a child process that must finish within twenty seconds, a guard
against a hang on a busy machine; a whole proposal's check gets the same, the everyday detectors
included, on each text as the text and its first 2,000 characters as the quote. The child also
times each text in CPU time, which other work on the machine does not inflate: a typical one takes
a few milliseconds, and none may take a quarter of a second, which a pattern quadratic in the
length of a run (a run of dashes, say) already does.
"""

from __future__ import annotations

import itertools

import pytest

from personakit_plugin.default_plugins.secrets import bip39_english, shapes

from ..helpers.backtracking import LENGTH, assert_fast
from ..helpers.backtracking import filled as _fill

# The pieces the detectors are made of; each is repeated, alone and after each of the LEADS, to
# fill a text, and the text ends in a character that makes the last match fail.
PIECES = [
    "a", "a ", "1", "1 ", "1-", "12-", "1.", "#", "*", ":", ": ", "=", "->", "—", " - ", "\n", "\t", " ",
    "'", '"', "`", "(", ")", "[", "]", "{", "}", "/", "@", "%", "$", "_", "a:", "a@", "a/", "a=", "a-",
    "password ", "password: ", "password is ", "pass: ", "pw ", "token ", "key ", "the ", "for ",
    "PIN ", "PIN is ", "pin ", "door code ", "code for the door ", "the code to the safe is ", "safe ",
    "seed phrase ", "recovery phrase: ", "abandon ", "abandon, ", "1. abandon ", "zoo 1 ", "ability able ",
    "totp ", "TOTP secret: ", "ABCD ", "ABCD-", "ABCD", "2FA ", "backup codes: ", "8f3k-", "a1",
    "mysql ", " -p", "-p'", "curl ", "curl -u a:", "-u ", "--password ", "--a-", "--", "sshpass -a ",
    "docker login ", "smbclient -U a%", "credentials: a / ", "user a password ", "SSID a ", "login: ",
    "-----BEGIN ", "BEGIN A ", "PRIVATE KEY ", "---", "otpauth://totp/", "?secret=", "secret=", "http://",
    "eyJ", "AKIA", "ghp_", "sk-", "Bearer ", "Basic ", "key-", "hooks.slack.com/services/",
    "\u200b", "ｐ", "а", "Passwort ist ", "mot de passe est ", "código de la puerta es ", "1 2 ",
    "x is my password ", "4821 is my PIN ", "is my ", "1 is the ", "a1! as the ",
    "password Hunter22! ", "password ", "code ", "iPhone code ", "combination 12-", "12-", "JBSW ", "abcd ",
    "a/B1!", "jane / ", "DB_PASS=", "a_PASS=", "4111 ", "4111-", "unlock ", "log in with ", "\"a b ", "'a ",
    "correct-horse-", "a-b-", "PIN 1234 ", "Aa1!Aa1!", "the password for ", "\n", "password\n", "a@b.c ",
    # the other shapes: seed phrases written alike, split numbers, labelled numbers, codes, QR strings, keys
    "Abandon ", "ABANDON ", "abandon/", '"abandon" ', "abandon; ", "Abandon, ", "abandon - ", "WIFI:", "WIFI:S:a;",
    "P:", "a;", "\\;", "AGE-SECRET-KEY-1", "AGE-SECRET-KEY-1Q", "ab12-cd34 ", "ab12-cd34, ", "ab12-", "1234 5678 ",
    "1234 5678, ", "SSN ", "SSN is ", "123-45-", "is my SSN ", "IBAN ", "DE89 ", "DE89", "GB22 BARC ", "account ",
    "account number is ", "Kontonummer ist ", "numéro de compte ", "passport number is ", "Steuer-ID ", "12 345 ",
    "DNI ", "NI number ", "AB 12 ", "codice fiscale ", "RSSMRA85T10A562", "recovery code ", "8F3K-", "admin / ",
    "(admin / a1", "password=", "password is aaaa", "aaaaaaaaaaaaaaaa ", "card 4111 ", "4111 1111 ",
    # the blind corpus's shapes: IBANs grouped by country, numbers further on, codes in lists, passphrases
    "ES63 ", "IT27 Y ", "ES63 9354 ", "A", "A ", "1 ", "letra B ", "clé 57 ", "1 69 ", "social ", "ITIN ",
    "974-70-", "Steuernummer-ID ", "94-821-", "codici di recupero Google: ", "backup codes are ", "a1b2c3d4 ",
    "psw ", "Cobalt ", "Cobalt 12 ", "is Cobalt ", "digicode 7618B ", "7618B ", "padlock 4-", "8274 ",
    "WLAN-Schlüssel: 8274 ", "12 mots ", "seed: ", "jane@example.com / ", "code wifi ", "BSN ", "1234.56.",
    "SIN ", "046 454 ", "NSS ", "28/", "SV-Nummer ", "65 170839 ", "J ", "contribuinte ", "4B21 ", "l'a ",
    "Führerschein ", "permis de conduire ", "D123-", "a1 b2 ", "carte d'identité ", "clé de la box ",
    "recovery key 123456-", "Tor-Code ",
]  # fmt: skip
LEADS = [
    "password: ", "PIN ", "the door code is ", "seed phrase: ", "TOTP: ", "backup codes: ", "curl -u ", "SSN ",
    "my account number is ", "WIFI:", "recovery code ", "the password is ", "IBAN ", "social ", "sécu : ",
    "backup codes are ", "Passwort: ", "Steuer-ID ",
]  # fmt: skip
# The pieces that fill the place of a value after each of the LEADS.
FILLERS = [
    "1 ", "1-", "a ", "a:", ":", " ", "\n", "-", "'", "abandon ", "ABCD", "a1", "--a-", "Abandon, ", "a;", "12 ",
    "A1", "Ab ", "A 1 ", "1234 ",
]  # fmt: skip
ENDINGS = ["", "!", "x", "\n", "8"]


def adversarial_texts() -> list[str]:
    texts = [_fill("", piece, ENDINGS[i % len(ENDINGS)]) for i, piece in enumerate(PIECES)]
    for i, (lead, piece) in enumerate(itertools.product(LEADS, FILLERS)):
        texts.append(_fill(lead, piece, ENDINGS[i % len(ENDINGS)]))
    words = bip39_english.BIP39_ENGLISH.split()
    texts += [
        " ".join(words)[:LENGTH],
        ("seed phrase: " + ", ".join(words))[:LENGTH],
        (("my seed phrase is " + " ".join(words[::3]) + " ") * 2)[:LENGTH],
        _fill("password for ", "a ", ""),
        _fill("the code for the ", "door ", "1"),
        _fill("", "password ", "1"),
        _fill("", "curl -u a", ":b"),
        ", ".join(word.title() for word in words)[:LENGTH],
        "/".join(word.upper() for word in words)[:LENGTH],
        " ".join(f'"{word}"' for word in words[::2])[:LENGTH],
        _fill("", " ".join(words[:3]) + ". ", ""),  # many short runs, for the split across text and quote
        _fill("card ", "4111 ", ""),
        _fill("", "SSN 123-45-6789 ", "0"),
    ]
    return texts


# Runs one detector, or a whole proposal's check when given -1, over the texts read from stdin, and
# prints the CPU time the slowest text took and its beginning. A pattern is compiled the first time a text holds
# the words it needs, a tenth of a second for some: each text's first 300 characters go through first, untimed, so
# that a text's time is its own and not the compiling its words set off.
CHILD = """
import json, sys, time
from personakit_plugin.default_plugins.secrets import normalise, proposal_secret_kind, shapes
texts = json.load(sys.stdin)
index = int(sys.argv[1])
detector = shapes._DETECTORS[index] if index >= 0 else None
for text in texts:
    if detector is None:
        proposal_secret_kind(text[:300], text[:150])
    else:
        for match in detector.pattern.finditer(normalise(text[:300])):
            if detector.confirm is not None:
                detector.confirm(match)
slowest = (0.0, "")
for text in texts:
    start = time.process_time()
    if detector is None:
        proposal_secret_kind(text, text[:2000])
    else:
        for match in detector.pattern.finditer(normalise(text)):
            if detector.confirm is not None:
                detector.confirm(match)
    slowest = max(slowest, (time.process_time() - start, text[:60]))
print(json.dumps(slowest))
"""

DETECTORS = [(str(i), detector.name) for i, detector in enumerate(shapes._DETECTORS)]
# A proposal's check runs every detector, so its texts are shared among a few children.
SHARES = 8


def test_the_adversarial_texts_are_long_and_many() -> None:
    texts = adversarial_texts()
    assert len(texts) >= 200
    assert all(LENGTH - 100 <= len(text) <= LENGTH for text in texts)


@pytest.mark.system
@pytest.mark.parametrize(("index", "name"), DETECTORS, ids=[f"{i}-{n}" for i, n in DETECTORS])
def test_no_detector_backtracks_for_long_on_adversarial_text(index: str, name: str) -> None:
    assert_fast(CHILD, adversarial_texts(), name, index)


@pytest.mark.system
@pytest.mark.parametrize("share", range(SHARES))
def test_a_whole_proposal_check_stays_fast_on_adversarial_text(share: int) -> None:
    assert_fast(CHILD, adversarial_texts()[share::SHARES], "proposal_secret_kind", "-1")


# Spends CPU in proportion to each text's length to the power given, 0.4 s for a text of LENGTH characters.
SPINNER = """
import json, sys, time
texts = json.load(sys.stdin)
slowest = (0.0, "")
for text in texts:
    start = time.process_time()
    while time.process_time() - start < 0.4 * (len(text) / 4000) ** float(sys.argv[1]):
        pass
    slowest = max(slowest, (time.process_time() - start, text[:60]))
print(json.dumps(slowest))
"""


@pytest.mark.system
def test_the_timing_fails_work_that_grows_faster_than_the_text_and_not_slow_linear_work() -> None:
    """What `assert_fast` tells apart once a text passes the bound: linear work on a loaded machine
    (twice the time for twice the text) from a quadratic pattern (four times)."""
    texts = [_fill("", "pw ", "!")]
    assert_fast(SPINNER, texts, "linear work", "1")
    with pytest.raises(AssertionError, match=r"quadratic work took 0\.\d\d s of CPU on 'pw pw"):
        assert_fast(SPINNER, texts, "quadratic work", "2")
