"""Secrets as people actually write them are refused, and ordinary sentences about passwords, codes and
keys are stored.

Measured on `data/everyday/`, written from how owners talk to an assistant before the detector was
changed: the development part must pass whole; the held-out part, never read while tuning, must stay
above a floor, and its failures are reported as counts only, so that nobody tunes on its sentences.
Every run prints the figures of both parts and of the older corpora (`conftest.pytest_terminal_summary`).
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.default_plugins import refuse_credentials
from personakit_plugin.default_plugins.secrets import holds_secret, proposal_secret_kind, secret_kind
from personakit_plugin.default_plugins.secrets.cards import card_number, luhn_valid

from ..conftest import folder_bytes
from ..helpers.secret_corpora import PARTS, everyday, figures

# Fictional values, as the issue gives them, with its `...` filled in.
ISSUE_SECRETS = [
    "I changed my password to Qw3rty!!77",
    "I set the router password to Qw3rty!!77",
    "my laptop password? it's Hunter22!",
    "Use Hunter22! to unlock my laptop",
    "the password, Hunter22!, is on a sticky note",
    "password (Hunter22!)",
    "the secret is Hunter22!",
    "my pwd is Lantern-88",
    "my pass is Kettle99!",
    "DB_PASS=Xk29!mzQ",
    "MYSQL_PASS=orchid-Delta-19",
    "SMTP_PASS=Mailman#2024",
    "Gmail app password: abcd efgh ijkl mnop",
    "TOTP secret JBSWY3DPEHPK3PXP",
    "2FA key JBSW Y3DP EHPK 3PXP",
    "wifi key BiscuitTin#9",
    "WPA2 PSK Sunset-Boulevard-42",
    "PayPal: jane / Qw3rty!!77",
    "I log in with admin and Tr0ub4dor&3",
    "the passphrase is correct-horse-battery-staple",
    "my iPhone code is 4821",
    "the garage opener code is 4821",
    "the combination is 12-34-56",
    "my card number is 4111 1111 1111 1111",
]
ISSUE_SPLIT = [("Knows the owner's e-mail password", "it's Hunter22!")]
ISSUE_ORDINARY = [
    "I keep all my passwords in 1Password",
    "my office is room 4821",
    "I only use SSH keys, never passwords",
]


@pytest.mark.parametrize("sentence", ISSUE_SECRETS)
def test_every_secret_of_the_issue_is_refused_as_a_quote_and_as_a_text(sentence: str) -> None:
    assert refuse_credentials.personakit_refuse(text="Said something", quote=sentence) == "credential_shape"
    assert refuse_credentials.personakit_refuse(text=sentence, quote="the owner said so") == "credential_shape"


@pytest.mark.parametrize(("text", "quote"), ISSUE_SPLIT)
def test_a_secret_split_between_text_and_quote_is_refused_and_neither_half_alone_is(text: str, quote: str) -> None:
    assert refuse_credentials.personakit_refuse(text=text, quote=quote) == "credential_shape"
    assert secret_kind(text) is None and secret_kind(quote) is None, "the test needs a secret only the two make"


@pytest.mark.parametrize("sentence", ISSUE_ORDINARY)
def test_the_ordinary_sentences_of_the_issue_are_stored(kit: PersonaKit, sentence: str) -> None:
    assert refuse_credentials.personakit_refuse(text=sentence, quote=sentence) is None
    result = kit.propose(sentence, sentence, "tools")
    assert result.stored and result.new, result


def test_a_refused_proposal_leaves_no_trace_in_the_data_folder(kit: PersonaKit, data_dir: Path) -> None:
    for sentence in ISSUE_SECRETS:
        result = kit.propose("The owner told a secret", sentence, "other")
        assert (result.stored, result.reason) == (False, "credential_shape"), sentence
    text, quote = ISSUE_SPLIT[0]
    assert kit.propose(text, quote, "other").reason == "credential_shape"
    kit.close()
    stored = folder_bytes(data_dir)
    assert not [s for s in [*ISSUE_SECRETS, text, quote] if s.encode() in stored]
    assert b"Hunter22" not in stored and b"Qw3rty" not in stored


# -- the everyday corpus -------------------------------------------------------------------------


def test_the_everyday_corpus_is_large_and_varied_enough() -> None:
    cases = [case for part in PARTS for case in everyday(part)]
    secrets = [case for case in cases if case.secret]
    ordinary = [case for case in cases if not case.secret]
    assert len(secrets) >= 250 and len(ordinary) >= 400, (len(secrets), len(ordinary))
    for part in PARTS:
        split = [case for case in everyday(part) if case.secret and case.text]
        assert len(split) >= 8, f"{part}: secrets split between text and quote"
        assert sum(case.secret for case in everyday(part)) >= 100
    quotes = [(case.text, case.quote) for case in cases]
    assert len(set(quotes)) == len(quotes), "a case repeats, within a part or across the two"


def test_every_secret_of_the_development_part_is_refused() -> None:
    missed = [case for case in everyday("development") if case.secret and not holds_secret(case.text, case.quote)]
    assert not missed, "\n".join(f"{case.quote!r} / {case.text!r}" for case in missed)


def test_no_ordinary_sentence_of_the_development_part_is_refused() -> None:
    refused = [
        f"{proposal_secret_kind(case.text, case.quote)}: {case.quote!r} / {case.text!r}"
        for case in everyday("development")
        if not case.secret and holds_secret(case.text, case.quote)
    ]
    assert not refused, "\n".join(refused)


# The floors the held-out part must stay above. Its sentences are never printed: a miss there is
# fixed by a better detector, shown the shape on sentences of the development part.
HELD_OUT_MIN_RECALL = 0.95
HELD_OUT_MAX_FALSE_POSITIVES = 0.01


def test_the_held_out_part_stays_above_its_floor() -> None:
    held_out = next(row for row in figures() if row.name == "everyday, held out")
    assert held_out.recall >= HELD_OUT_MIN_RECALL, held_out.line()
    assert held_out.false_positive_rate <= HELD_OUT_MAX_FALSE_POSITIVES, held_out.line()


def test_the_older_corpora_are_still_passed_whole() -> None:
    older = next(row for row in figures() if row.name == "older corpora")
    assert (older.found, older.refused) == (older.secrets, 0), older.line()


# -- what each everyday detector holds to --------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "valid"),
    [
        ("4111111111111111", True),
        ("378282246310005", True),
        ("6011111111111117", True),
        ("4111111111111112", False),
        ("1234567812345678", False),
    ],
)
def test_the_luhn_check_is_the_one_cards_pass(number: str, valid: bool) -> None:
    assert luhn_valid(number) is valid


@pytest.mark.parametrize(
    ("sentence", "card"),
    [
        ("use 4111 1111 1111 1111 for it", True),
        ("use 4111-1111-1111-1111 for it", True),
        ("Amex 3782 822463 10005", True),
        ("use 4111111111111111 for it", True),
        ("use 4111 1111 1111 1112 for it", False),  # fails the Luhn check
        ("use 4111 11111 111 1111 for it", False),  # no issuer groups its digits so
        ("call +4111111111111111", False),  # a phone number
        ("the tracking number is 41111111111111110000", False),  # too long to be a card
        ("call 0151 2345 6789", False),
    ],
)
def test_a_card_number_is_luhn_valid_and_written_as_cards_are(sentence: str, card: bool) -> None:
    assert card_number(sentence) is card


@pytest.mark.parametrize(
    ("sentence", "secret"),
    [
        ("DB_PASS=letmein", True),  # a program's name for a password takes a plain word
        ("db.password = letmein", True),
        ("password: letmein", False),  # a label alone does not: "password: use the manager"
        ("WLAN-Passwort: siehe Rückseite", False),
        ("DB_PASS=changeme", False),  # a placeholder
        ("DB_PASS=${DB_PASS}", False),
        ("API_KEY=k3y-f0r-the-w3ather", True),
        ("PRIMARY_KEY=id", False),
        ("PASSWORD_MIN_LENGTH=12", False),  # the name ends in another word
    ],
)
def test_an_assignment_to_a_name_that_says_password_holds_a_secret(sentence: str, secret: bool) -> None:
    assert holds_secret("Said something", sentence) is secret


@pytest.mark.parametrize(
    ("sentence", "secret"),
    [
        ("my password manager is great, Hunter22 is my cat", False),  # "password manager" names no secret
        ("my Office365 password expires soon", False),  # what the password is for
        ("the password for Office365 is in the vault", False),
        ("the password for Office365 is Hunter22x", True),
        ("Change the wifi password\nQ3 report due Friday", False),
        ("Change the wifi password\nSunny-Day-42", True),  # alone on its line, the value of the label
        ("the passphrase is correct-horse-battery-staple", True),
        ("a strong passphrase is like correct-horse-battery-staple", False),  # an example, not a value
        ("my boarding pass: BA2490-LHR-JFK", False),
        ("I pin 100 photos a week", False),
        ("I changed my PIN in 2019", False),
        ("the code for my Kindle is 2244", True),
        ("the code for the conference is 2244", False),  # a bare code opens nothing named
        ("the winning combination was 7 14 21 28 35 42", False),
        ("Twitter jane88 Tw33t!Bird", True),  # typed as no word is, wherever it stands
        ("I love Python3!", False),
    ],
)
def test_a_name_and_a_typed_token_make_a_secret_only_together(sentence: str, secret: bool) -> None:
    assert holds_secret("Said something", sentence) is secret


@pytest.mark.parametrize(
    "sentence",
    [
        "mein Passwort für das Firmenportal lautet kaffeetasse3",
        "mon mot de passe Gmail est soleil2024",
        "la contraseña nueva es Gato_Negro7",
        "la mia password è pizzanapoli8",
        "a minha senha do e-mail é praia2024",
        "mijn wachtwoord is Fiets-Regen42",
    ],
)
def test_each_language_names_its_secrets(sentence: str) -> None:
    """English, German, French, Spanish, Italian, Portuguese and Dutch, without the value's own shape
    doing the work: each value alone passes."""
    value = sentence.split()[-1]
    assert not holds_secret("Said something", f"the thing is {value}")
    assert holds_secret("Said something", sentence)


def test_a_split_is_joined_only_at_the_join() -> None:
    """Text and quote are read together across their line break; inside one of them, a value past a
    line break must be alone on its line."""
    assert holds_secret("The owner's Wi-Fi password", "Q3-report due Friday") is False
    assert holds_secret("The owner's Wi-Fi password", "it's Sunny-Day-42") is True
    assert holds_secret("Said something", "the Wi-Fi password\nit's Sunny-Day-42 today") is False


# -- over real stdio, as an assistant sees it ----------------------------------------------------


@pytest.mark.anyio
@pytest.mark.system
async def test_over_stdio_a_split_secret_is_refused_and_an_ordinary_sentence_stored(data_dir: Path) -> None:
    from ..helpers.stdio import TEST_TIMEOUT, propose, server

    text, quote = ISSUE_SPLIT[0]
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            assert await propose(client, text, quote) == {"stored": False, "reason": "credential_shape"}
            answer = await propose(client, "Keeps passwords in 1Password", ISSUE_ORDINARY[0])
            assert answer["stored"] is True


def test_escape_sequences_glued_to_words_are_no_typed_password() -> None:
    # A control character separates what stands around it: `\x1b]0;title` (an escape sequence that sets a
    # terminal's title) has a digit, a symbol and letters, but nobody types it as a password.
    from ..conftest import HOSTILE_QUOTE, HOSTILE_TEXT

    assert proposal_secret_kind(HOSTILE_TEXT, HOSTILE_QUOTE) is None
    assert proposal_secret_kind("Uses \x1b]0;Tr0ub4dor&3\x07 for the router", "x") is not None
