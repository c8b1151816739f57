"""The secret detector on the older corpora, its regression set, and pinned down on tricky cases
(`test_secrets_everyday.py` measures it on the everyday corpus and its held-out part).

`corpus/secrets_positive.txt` holds one case a line, `kind<TAB>sentence`: a fictional secret inside
ordinary prose, labelled with the detector expected to name it (a literal `\\n` stands for a line
break). `corpus/ordinary_negative.txt` holds one ordinary sentence a line that must pass.

`data/credentials_positive.txt` and `data/credentials_negative.txt` extend them with the secrets
people actually say (PINs and door codes, seed phrases, TOTP seeds, backup codes, passwords on
command lines, in other languages, after other labels and separators, before their label, in
disguise) and with the sentences about them that hold none. Their positive lines are `family<TAB>kind<TAB>sentence`; in
both, a line starting with `# ` heads a section, and `\\n`, `\\t` and `\\uXXXX` stand for a line
break, a tab and any character, so that invisible characters stay visible in the file.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.default_plugins.secrets import (
    bip39_english,
    everyday_kind,
    nearby,
    normalise,
    pins,
    proposal_secret_kind,
    secret_kind,
    seed_phrase,
    shapes,
    vocabulary,
)
from personakit_plugin.default_plugins.secrets.bip39_other import BIP39_OTHER_LISTS
from personakit_plugin.default_plugins.secrets.tokens import tokens


def looks_like_secret(text: str) -> bool:
    return secret_kind(text) is not None


CORPUS = Path(__file__).parents[1] / "corpus"
DATA = Path(__file__).parents[1] / "data"


def _lines(name: str) -> list[str]:
    text = (CORPUS / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _unescape(text: str) -> str:
    escapes = {"n": "\n", "t": "\t"}
    return re.sub(r"\\(n|t|u[0-9a-fA-F]{4})", lambda m: escapes.get(m[1]) or chr(int(m[1][1:], 16)), text)


def _data_lines(name: str) -> list[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("# ")]


def _positive_cases() -> list[tuple[str, str]]:
    cases = []
    for line in _lines("secrets_positive.txt"):
        kind, sentence = line.split("\t", 1)
        cases.append((kind, sentence.replace("\\n", "\n")))
    return cases


def _family_cases() -> dict[str, list[tuple[str, str]]]:
    families: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for line in _data_lines("credentials_positive.txt"):
        family, kind, sentence = line.split("\t")
        families[family].append((kind, _unescape(sentence)))
    return dict(families)


FAMILIES = _family_cases()
POSITIVE = _positive_cases() + [case for cases in FAMILIES.values() for case in cases]
NEGATIVE = _lines("ordinary_negative.txt") + [_unescape(line) for line in _data_lines("credentials_negative.txt")]


def test_a_detector_skipped_for_lacking_what_it_needs_could_not_have_matched() -> None:
    """`secret_kind` skips a detector whose `needs` or `words` are absent from the text: sound only if
    every match holds them. Checked on every corpus sentence, and on each with digits, dashes or both
    taken out, and in upper case."""
    from ..helpers.secret_corpora import other_shapes

    gated = [detector for detector in shapes._DETECTORS if detector.needs is not None]
    assert {detector.name for detector in gated} == {"pin-code", "command-line-password", "backup-codes", "pgpass-line"}
    worded = [detector for detector in shapes._DETECTORS if detector.words]
    assert len(worded) >= 30
    variants = [
        strip(sentence)
        for sentence in [sentence for _, sentence in POSITIVE]
        + NEGATIVE
        + [c.quote for c in other_shapes("development")]
        for strip in (
            lambda text: text,
            lambda text: re.sub(r"\d", "", text),
            lambda text: text.replace("-", " "),
            lambda text: re.sub(r"[\d-]", "x", text),
            str.upper,
        )
    ]
    matched = worded_matches = 0
    for text in map(normalise, variants):
        for detector in gated:
            if detector.pattern.search(text):
                matched += 1
                assert detector.needs is not None and detector.needs.search(text), (detector.name, text)
        for detector in worded:
            if detector.pattern.search(text):
                worded_matches += 1
                assert any(word in text.casefold() for word in detector.words), (detector.name, text)
    assert matched >= 50 and worded_matches >= 400  # the check saw the detectors match


def test_the_corpora_are_large_and_varied_enough() -> None:
    assert len(POSITIVE) >= 300
    assert len({kind for kind, _ in POSITIVE}) >= 36
    assert len(FAMILIES) >= 12
    assert all(len(cases) >= 10 for cases in FAMILIES.values()), {f: len(c) for f, c in FAMILIES.items()}
    assert len(NEGATIVE) >= 950
    assert len(set(NEGATIVE)) == len(NEGATIVE), "the negative corpus repeats a sentence"
    assert len({sentence for _, sentence in POSITIVE}) == len(POSITIVE), "the positive corpus repeats a sentence"


def test_every_secret_in_the_positive_corpus_is_detected() -> None:
    missed = [f"{kind}: {sentence!r}" for kind, sentence in POSITIVE if not looks_like_secret(sentence)]
    assert not missed, f"{len(missed)} of {len(POSITIVE)} secrets missed:\n" + "\n".join(missed)


def test_each_secret_is_named_by_its_own_detector() -> None:
    wrong = [
        f"expected {kind}, got {secret_kind(sentence)}: {sentence!r}"
        for kind, sentence in POSITIVE
        if secret_kind(sentence) != kind
    ]
    assert not wrong, "\n".join(wrong)


def test_no_ordinary_sentence_is_refused() -> None:
    refused = [f"{secret_kind(sentence)}: {sentence!r}" for sentence in NEGATIVE if looks_like_secret(sentence)]
    assert not refused, f"{len(refused)} of {len(NEGATIVE)} ordinary sentences refused:\n" + "\n".join(refused)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_of_everyday_secrets_is_detected(family: str) -> None:
    """PINs, seed phrases, TOTP seeds, backup codes, command lines, other languages, other labels,
    Wi-Fi keys, other separators, values before their labels, disguises and damaged key headers:
    each family on its own, so that a regression names the family it hits."""
    wrong = [f"{kind} != {secret_kind(s)}: {s!r}" for kind, s in FAMILIES[family] if secret_kind(s) != kind]
    assert not wrong, "\n".join(wrong)


# --- Disguises: the same text, written so that a pattern over plain text would miss it -------------

INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad"


def _fullwidth(text: str) -> str:
    """Every printable ASCII character as its fullwidth form, and spaces as ideographic spaces."""
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else "\u3000" if ch == " " else ch for ch in text)


def _interleaved(text: str) -> str:
    """An invisible character after every character: zero-width spaces and joiners, BOMs, soft hyphens."""
    return "".join(ch + INVISIBLE[i % len(INVISIBLE)] for i, ch in enumerate(text))


def _lookalikes(text: str) -> str:
    """Latin letters replaced by the Cyrillic letters that look the same."""
    return text.translate(str.maketrans("aeopcxyABEKMHOPCTX", "аеорсхуАВЕКМНОРСТХ"))


DISGUISES = [_fullwidth, _interleaved, _lookalikes]
ASCII_POSITIVE = [(kind, sentence) for kind, sentence in POSITIVE if sentence.isascii()]
ASCII_NEGATIVE = [sentence for sentence in NEGATIVE if sentence.isascii()]


@pytest.mark.parametrize("disguise", DISGUISES, ids=lambda disguise: disguise.__name__.strip("_"))
def test_a_disguised_secret_is_still_found_and_named(disguise: Callable[[str], str]) -> None:
    assert len(ASCII_POSITIVE) >= 250
    wrong = [f"{kind}: {s!r}" for kind, s in ASCII_POSITIVE if secret_kind(disguise(s)) != kind]
    assert not wrong, f"{len(wrong)} disguised secrets missed or misnamed:\n" + "\n".join(wrong)


@pytest.mark.parametrize("disguise", DISGUISES, ids=lambda disguise: disguise.__name__.strip("_"))
def test_a_disguised_ordinary_sentence_still_passes(disguise: Callable[[str], str]) -> None:
    refused = [f"{secret_kind(disguise(s))}: {s!r}" for s in ASCII_NEGATIVE if looks_like_secret(disguise(s))]
    assert not refused, "\n".join(refused)


def test_the_disguises_are_undone_to_the_letter() -> None:
    sentence = "my PIN is 4821 and the door code is 1234#"
    assert unicodedata.normalize("NFKC", _fullwidth(sentence)) == sentence
    assert all(normalise(disguise(sentence)) == sentence for disguise in DISGUISES)


def test_foreign_words_are_not_read_as_latin() -> None:
    """Only a word whose every letter outside ASCII looks Latin is read in Latin letters."""
    for text in ["Мой пароль слишком короткий", "Ελένη διδάσκει μαθηματικά", "naïve café"]:
        assert normalise(text) == unicodedata.normalize("NFKC", text)
    assert normalise("раssword РІΝ") == "password PIN"


# --- Seed phrases: the word list and its checksum -------------------------------------------------

# The official English list's SHA-256, as published beside it in the BIP-39 repository.
BIP39_ENGLISH_SHA256 = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"


def test_the_bip39_word_list_is_the_published_one() -> None:
    words = bip39_english.BIP39_ENGLISH.split()
    assert len(words) == 2048 and words == sorted(words) and len({w[:4] for w in words}) == 2048
    assert hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest() == BIP39_ENGLISH_SHA256


# The other lists' SHA-256, of the files as published beside the English one: a word a line, NFKD.
BIP39_OTHER_SHA256 = {
    "es": "46846a5a0139d1e3cb77293e521c2865f7bcdb82c44e8d0a06a2cd0ecba48c0b",
    "fr": "ebc3959ab7801a1df6bac4fa7d970652f1df76b683cd2f4003c941c63d517e59",
    "it": "d392c49fdb700a24cd1fceb237c1f65dcc128f6b34a8aacb58b59384b5c648c2",
    "pt": "2685e9c194c82ae67e10ba59d9ea5345a23dc093e92276fc5361f6667d79cd3f",
}


@pytest.mark.parametrize("lang", sorted(BIP39_OTHER_SHA256))
def test_the_other_bip39_word_lists_are_the_published_ones_and_checked_alike(lang: str) -> None:
    words = BIP39_OTHER_LISTS[lang].split()
    assert len(set(words)) == 2048 and all(unicodedata.is_normalized("NFC", word) for word in words)
    published = "".join(unicodedata.normalize("NFKD", word) + "\n" for word in words)
    assert hashlib.sha256(published.encode()).hexdigest() == BIP39_OTHER_SHA256[lang]
    # The phrase of sixteen zero bytes in every list: its first word eleven times, then its fourth.
    assert seed_phrase._bip39_checksum_holds([words[0]] * 11 + [words[3]], lang)
    assert not seed_phrase._bip39_checksum_holds([words[0]] * 12, lang)


@pytest.mark.parametrize(
    ("phrase", "valid"),
    [
        # Test vectors of the reference implementation (python-mnemonic, vectors.json).
        ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", True),
        ("legal winner thank year wave sausage worth useful legal winner thank yellow", True),
        ("scheme spot photo card baby mountain device kick cradle pact join borrow", True),
        ("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong", True),
        (" ".join(["abandon"] * 17 + ["agent"]), True),
        (" ".join(["abandon"] * 23 + ["art"]), True),
        ("scheme spot photo card baby mountain device kick cradle pact join bread", False),
        ("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo", False),
    ],
)
def test_the_bip39_checksum_is_computed_as_wallets_do(phrase: str, valid: bool) -> None:
    assert seed_phrase._bip39_checksum_holds(phrase.split()) is valid


def test_a_bare_run_of_list_words_needs_its_checksum_and_a_label_does_not() -> None:
    phrase = "scheme spot photo card baby mountain device kick cradle pact join borrow"
    unchecked = phrase.replace("borrow", "bread")
    assert secret_kind(f"found in a drawer: {phrase}") == "seed-phrase"
    assert secret_kind(f"found in a drawer: {unchecked}") is None
    assert secret_kind(f"my seed phrase: {unchecked}") == "seed-phrase"


@pytest.mark.parametrize(
    "written",
    [
        "{upper}",
        "{title}",
        "{capital}",
        "{commas}",
        "{slashes}",
        "{quoted}",
        "{title_commas}",
    ],
)
def test_a_bare_phrase_is_refused_in_any_case_and_with_any_one_separator(written: str) -> None:
    """The issue's shapes: a checked phrase Capitalised, in UPPER CASE, separated by commas, slashes or
    quotes; the same words unchecked pass, and so do words written in more than one way."""
    words = "scheme spot photo card baby mountain device kick cradle pact join borrow".split()
    forms = {
        "upper": " ".join(word.upper() for word in words),
        "title": " ".join(word.title() for word in words),
        "capital": " ".join(words).capitalize(),
        "commas": ", ".join(words),
        "slashes": "/".join(words),
        "quoted": " ".join(f'"{word}"' for word in words),
        "title_commas": ", ".join(word.title() for word in words),
    }
    phrase = written.format(**forms)
    assert secret_kind(f"found in a drawer: {phrase}") == "seed-phrase"
    unchecked = phrase.replace("borrow", "bread").replace("BORROW", "BREAD").replace("Borrow", "Bread")
    assert secret_kind(f"found in a drawer: {unchecked}") is None


@pytest.mark.parametrize(
    "written",
    [
        "scheme SPOT photo Card baby mountain device kick cradle pact join borrow",  # cases mixed
        "scheme, spot / photo, card / baby, mountain / device, kick / cradle, pact / join, borrow",  # signs mixed
        "apple, bread, butter, egg, fish, garlic, onion, orange, potato, salad, salt, water",  # sorted: a list
    ],
)
def test_a_bare_phrase_is_written_alike_and_not_sorted(written: str) -> None:
    """Each of these passes the checksum, read as a run; a wallet writes its words one way, in no order."""
    assert seed_phrase._bip39_checksum_holds(re.findall(r"[a-z]+", written.lower()))
    assert secret_kind(f"found in a drawer: {written}") is None


def test_a_labelled_phrase_needs_twelve_words_nearly_all_different() -> None:
    words = "enable need enforce useful blossom pilot barely just small knee rotate person".split()
    assert secret_kind("seed phrase: " + " ".join(words)) == "seed-phrase"
    assert secret_kind("seed phrase: " + " ".join(words[:11])) is None
    assert secret_kind("seed phrase: " + " ".join(words[:4] * 3)) is None


# --- What a code opens: one list, read alike by each detector ------------------------------------


def test_the_pin_detector_keeps_no_list_of_its_own() -> None:
    assert not any(isinstance(value, frozenset) for value in vars(pins).values())


@pytest.mark.parametrize("thing", sorted(vocabulary.LOCKED_THINGS))
def test_each_thing_a_code_opens_is_read_alike_by_the_label_and_the_nearby_detectors(thing: str) -> None:
    """Asked of the nearby detector itself: a locker's or a key box's code is read by `lock_code` before it."""
    sentence = f"the code for the {thing} is 4821"
    assert secret_kind(sentence) == "pin-code"
    text = normalise(sentence)
    assert nearby.secret_nearby(text, lambda: tokens(text)) == "code-nearby"
    assert everyday_kind(text) is not None


# --- Facts about the secrets people pick: the ordinary corpus holds them; the owner's beside them --


@pytest.mark.parametrize(
    "sentence",
    [
        "the most common PIN is 1234 and my PIN is 9157",
        "die häufigste PIN ist 1234, meine PIN ist 9157",
        "123456 is the most common password, mine is Tr0ub4dor&3",
        "el PIN más común es 1234; el código de mi puerta es 9157",
        # An owner's secret dressed as a fact: whose it is, or what it opens, says it is one.
        "my most common PIN is 4821",
        "your most common PIN is 4821",
        "the most common PIN for my front door is 4821",
        "the most common PIN for the front door is 4821",
        "die häufigste PIN meiner Karten ist 4821",
        "123456 is the most common password of our team",
    ],
)
def test_an_owners_secret_beside_or_dressed_as_a_fact_about_secrets_is_refused(sentence: str) -> None:
    assert proposal_secret_kind(sentence, sentence) is not None


# --- Importing stays cheap --------------------------------------------------------------------------


@pytest.mark.system
def test_importing_the_package_compiles_nothing_and_builds_no_word_index() -> None:
    code = (
        "import importlib, pkgutil\n"
        "from personakit_plugin.default_plugins import secrets\n"
        "from personakit_plugin.default_plugins.secrets.lazy import LazyPattern\n"
        "names = [f'{secrets.__name__}.{m.name}' for m in pkgutil.iter_modules(secrets.__path__)]\n"
        "modules = [importlib.import_module(name) for name in names]\n"
        "patterns = [v for m in modules for v in vars(m).values() if isinstance(v, LazyPattern)]\n"
        "assert len(patterns) >= 40 and all(p._compiled is None for p in patterns)\n"
        "assert all(d.pattern._compiled is None for d in secrets.shapes._DETECTORS)\n"
        "assert secrets.names._names.cache_info().currsize == 0\n"
        "assert secrets.seed_phrase._bip39_index.cache_info().currsize == 0\n"
        "assert secrets.secret_kind('my PIN is 4821') == 'pin-code'\n"
        "assert secrets.holds_secret('The owner\\'s e-mail password', 'it\\'s Hunter22!')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# Fictional values, built at run time so that no secret-shaped literal sits in this file.
GITHUB_TOKEN = "ghp_" + "Xq7Lm2Rv9Tb4" * 3
JWT = (
    "eyJhbGciOiJIUzI1NiJ9"
    + ".eyJzdWIiOiJmYWtlLXVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9"
    + ".Zk3pQ9vLx2Rt7Wm4Nb8Yc1Hd6Jf0Gs5Ka3Ue9Io2Pw"
)
RANDOM_KEY = "Qm8Zr3Tx9Lp2Vw7Kb4Nd6Hs1Jf5Gc0"


@pytest.mark.parametrize(
    "sentence",
    [
        "password=<your password>",
        "password: ***",
        "password = xxx",
        "pwd = ...",
        "password=your_password",
        "api_key=YOUR_API_KEY",
        "password=changeme in the sample config",
        "token=${GITHUB_TOKEN}",
        "export TOKEN=$GITHUB_TOKEN",
        "secret: [REDACTED]",
        '"password": ""',
        "password: {{ vault_password }}",
        "DATABASE_URL=postgres://app:<password>@localhost:5432/app",
        "postgres://app:${DB_PASSWORD}@db:5432/app",
        "mysql://USER:PASSWORD@HOST/DB",
        "Authorization: Bearer <token>",
        "api_key = os.environ['WEATHER_API_KEY']",
        "password = settings.DB_PASSWORD",
    ],
)
def test_placeholders_and_references_are_not_secrets(sentence: str) -> None:
    assert secret_kind(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "password=changeme42",
        "password: hunter2",
        "password = 'Tr0ub4dor&3'",
        '{"user": "jane", "password": "Sunny-Day-2024!"}',
        "postgres://user:pass@host/db",
        "postgres://postgres:password@localhost/app",
    ],
)
def test_real_looking_values_are_secrets(sentence: str) -> None:
    assert looks_like_secret(sentence)


def test_a_secret_deep_inside_a_long_text_is_found() -> None:
    prose = "I went for a long walk by the river and thought about the week ahead. "
    text = prose * 27 + f"The bot's token is {GITHUB_TOKEN} by the way. " + prose * 27
    assert len(text) <= 4000
    assert secret_kind(text) == "github-token"


def test_a_key_block_split_over_lines_is_found() -> None:
    text = (
        "I found this on the old laptop:\n-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + f"{RANDOM_KEY}{RANDOM_KEY}\n{RANDOM_KEY}\n-----END OPENSSH PRIVATE KEY-----\nshould I keep it?"
    )
    assert secret_kind(text) == "private-key"


def test_a_value_a_few_words_after_its_key_is_found() -> None:
    assert secret_kind("the password for the office printer downstairs is Pr1nt-3r! so write it down") == (
        "credential-assignment"
    )


def test_a_jwt_ending_a_sentence_is_found() -> None:
    assert secret_kind(f"My session token is {JWT}.") == "jwt"
    assert secret_kind(f"Is it {JWT}?") == "jwt"


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("PASSWORD=Hunter2!", "credential-assignment"),
        ("Password: Hunter2!", "credential-assignment"),
        ("My Wifi PASSWORD IS Sunshine42", "credential-assignment"),
        ("AUTHORIZATION: BEARER Zk3pQ9vLx2Rt7Wm4Nb8Y", "authorization-header"),
        ("authorization: basic " + "amFuZTpzM2NyM3Q=", "authorization-header"),
        ("Postgres://Jane:Xy7-secret@DB.local/app", "connection-string"),
    ],
)
def test_case_does_not_matter_where_it_does_not_matter_to_the_secret(sentence: str, kind: str) -> None:
    assert secret_kind(sentence) == kind


def test_leading_and_trailing_whitespace_is_ignored() -> None:
    assert secret_kind(f"   \t{GITHUB_TOKEN}\n  ") == "github-token"
    assert secret_kind("\n\tpassword=hunter2 \n") == "credential-assignment"
    assert secret_kind(f"  {RANDOM_KEY}  ") == "high-entropy"
    assert secret_kind("   I reset my password every three months   \n") is None


def test_hex_strings_are_digests_only_in_context() -> None:
    sha = "2b6f1a9e4d3c8b7a0f5e6d1c2b3a49f8e7d6c5b4"
    assert secret_kind(f"the fix is in commit {sha}") is None
    assert secret_kind(f"git show {sha} has the details") is None
    assert secret_kind(f"the short hash {sha[:8]} is enough") is None
    assert secret_kind(f"my key for the metrics API is {sha}") == "high-entropy"
    assert secret_kind(f"paste {sha} into the dashboard") == "high-entropy"
    assert secret_kind(f"the commit hash next to the signing key: {sha}") == "high-entropy"


@pytest.mark.parametrize(
    "sentence",
    [
        "",
        "   ",
        "the request id was 123e4567-e89b-12d3-a456-426614174000",
        "my public key is ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl me@laptop",
        "-----BEGIN CERTIFICATE----- starts every certificate",
        "AWS access keys start with AKIA, GitHub tokens with ghp_ and JWTs with eyJ",
        "the most used classes are UserProfileServiceV2Impl and AbstractSingletonProxyFactoryBean",
        "my photos are in ~/Pictures/2024/Summer_Holiday_Croatia_Split/IMG_20240512_183045",
        "see https://docs.google.com/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789/edit for the plan",
    ],
)
def test_ordinary_shapes_are_not_secrets(sentence: str) -> None:
    assert not looks_like_secret(sentence)


@pytest.mark.parametrize(
    "text",
    [
        "a" * 4000,
        ("password=a" + "[]" * 2000)[:4000],
        ("token=f" + "()" * 2000)[:4000],
        ("https://" + "a:" * 2000)[:4000],
        ("x://" + ":" * 2000 + "@" * 2000)[:4000],
        ("password for a b c d is " * 200)[:4000],
        ("-----BEGIN " + "A " * 2000)[:4000],
        "x." * 2000,
    ],
)
def test_the_worst_inputs_are_still_fast(text: str) -> None:
    """Every proposal is checked; a pathological one must not stall the server (typically a few ms of
    CPU; CPU time, which other work on the machine does not inflate)."""
    start = time.process_time()
    secret_kind(text)
    assert time.process_time() - start < 0.25
