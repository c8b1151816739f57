"""The credential-shape detector, measured on two corpora and pinned down on tricky cases.

`corpus/secrets_positive.txt` holds one case a line, `kind<TAB>sentence`: a fictional secret inside
ordinary prose, labelled with the detector expected to name it (a literal `\\n` stands for a line
break). `corpus/ordinary_negative.txt` holds one ordinary sentence a line that must pass.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from personakit_plugin.default_plugins.credentials import looks_like_secret, secret_kind

CORPUS = Path(__file__).parent / "corpus"


def _lines(name: str) -> list[str]:
    text = (CORPUS / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def _positive_cases() -> list[tuple[str, str]]:
    cases = []
    for line in _lines("secrets_positive.txt"):
        kind, sentence = line.split("\t", 1)
        cases.append((kind, sentence.replace("\\n", "\n")))
    return cases


POSITIVE = _positive_cases()
NEGATIVE = _lines("ordinary_negative.txt")


def test_the_corpora_are_large_and_varied_enough() -> None:
    assert len(POSITIVE) >= 45
    assert len({kind for kind, _ in POSITIVE}) >= 30
    assert len(NEGATIVE) >= 320
    assert len(set(NEGATIVE)) == len(NEGATIVE), "the negative corpus repeats a sentence"


def test_detection_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Print recall and false positives, so that they are read in every test run, with or without -s."""
    detected = sum(looks_like_secret(sentence) for _, sentence in POSITIVE)
    refused = sum(looks_like_secret(sentence) for sentence in NEGATIVE)
    with capsys.disabled():
        print(
            f"\ncredential detection: recall {detected}/{len(POSITIVE)} ({detected / len(POSITIVE):.1%}), "
            f"false positives {refused}/{len(NEGATIVE)} ({refused / len(NEGATIVE):.1%})"
        )


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
    """Every proposal is checked; a pathological one must not stall the server (typically a few ms)."""
    start = time.perf_counter()
    secret_kind(text)
    assert time.perf_counter() - start < 0.25
