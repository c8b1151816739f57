"""personakit-detect-secrets: secrets it finds, sentences it lets through, and refusals in a real kit."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from personakit_plugin import PersonaKit
from personakit_plugin.testing import plugins_listed

import personakit_detect_secrets

NAME = "detect-secrets"


def open_kit(folder: Path, *plugins: object) -> PersonaKit:
    """A real kit on SQLite with the default plugins and `plugins`, whatever else is installed."""
    return PersonaKit.open(folder, plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""})


@pytest.fixture
def kit(tmp_path: Path) -> Iterator[PersonaKit]:
    kit = open_kit(tmp_path / "data", personakit_detect_secrets)
    yield kit
    kit.close()


# -- what it finds --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("My AWS key is AKIAIOSFODNN7EXAMPLE", "AWS Access Key"),
        ("token ghp_16C7e42F292c6912E7710c838347Ae178B4a", "GitHub Token"),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc is the live key", "Stripe Access Key"),
        ("-----BEGIN RSA PRIVATE KEY-----", "Private Key"),
        ("postgres://admin:s3cretP4ss@db.example.com:5432/app", "Basic Auth Credentials"),
        ("password = 'letmein'", "Secret Keyword"),
        ("mailchimp 0123456789abcdef0123456789abcdef-us12", "Mailchimp Access Key"),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "Base64 High Entropy String"),
        ("Deployed 3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345 today", "Hex High Entropy String"),
    ],
)
def test_secrets_it_finds(text: str, kind: str) -> None:
    assert kind in personakit_detect_secrets.secret_types(text)
    assert personakit_detect_secrets.personakit_refuse(text=text, quote="") == "credential_shape"
    assert personakit_detect_secrets.personakit_refuse(text="Keeps a key", quote=text) == "credential_shape"


def test_a_secret_on_a_later_line_of_the_quote_is_found() -> None:
    quote = "Here is what I use:\n\nAKIAIOSFODNN7EXAMPLE\nthanks"
    assert personakit_detect_secrets.personakit_refuse(text="Uses AWS", quote=quote) == "credential_shape"


# -- what it lets through -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The owner prefers short answers and writes Python at work.",
        "I forgot my password again, can you remind me how to reset it?",
        "The secret to good bread is patience.",
        "The deploy token is in the vault, not in chat.",
        "She likes tea; her key insight was to keep it simple.",
        "Uses Python 3.11.7 and ruff 0.5.0 on macOS 14.",
        "Reach me at ada@example.com or +44 20 7946 0958.",
        "Docs live at https://example.com/guide?page=2&lang=en.",
        "Supercalifragilisticexpialidocious is her favourite word.",
        "Ticket id 550e8400-e29b-41d4-a716-446655440000.",
        "",
    ],
)
def test_ordinary_sentences_pass(text: str) -> None:
    assert personakit_detect_secrets.secret_types(text) == []
    assert personakit_detect_secrets.personakit_refuse(text=text, quote=text) is None


@pytest.mark.parametrize("text", ["my password is hunter2", "password=Tr0ub4dor&3"])
def test_what_it_deliberately_does_not_catch(text: str) -> None:
    # Documented in the README: prose passwords and unquoted values are left to the default plugin.
    assert personakit_detect_secrets.secret_types(text) == []


def test_the_library_settings_are_left_as_they_were() -> None:
    from detect_secrets.settings import get_settings

    before = get_settings().json()
    personakit_detect_secrets.secret_types("AKIAIOSFODNN7EXAMPLE")
    assert get_settings().json() == before


# -- in a real kit --------------------------------------------------------------------------------


def test_a_proposal_holding_a_secret_is_refused_and_nothing_is_stored(kit: PersonaKit) -> None:
    quote = "the key is mailchimp 0123456789abcdef0123456789abcdef-us12"
    result = kit.propose("Their mail API key", quote, None)
    assert result.stored is False
    assert result.reason == "credential_shape"
    assert result.id is None
    assert kit.store.memories() == []
    assert kit.read("mail api key", 5).memories == []


def test_it_refuses_what_the_default_lets_through(tmp_path: Path) -> None:
    # The default check sets aside a plain word after `password`; detect-secrets takes any quoted value.
    text, quote = "Their router login", "password = 'letmein'"
    default_only = open_kit(tmp_path / "default")
    try:
        assert default_only.propose(text, quote, None).stored
    finally:
        default_only.close()

    kit = open_kit(tmp_path / "data", personakit_detect_secrets)
    try:
        asked = kit.pm.hook.personakit_refuse.get_hookimpls()[::-1]  # pluggy asks the last registered first
        assert [hook.plugin_name for hook in asked] == ["personakit_detect_secrets", "default-refuse"]
        given = {"text": text, "quote": quote}
        refusals = [hook.function(**{name: given[name] for name in hook.argnames}) for hook in asked]
        assert refusals == ["credential_shape", None]
        assert kit.propose(text, quote, None).reason == "credential_shape"
        assert kit.store.memories() == []
    finally:
        kit.close()


def test_ordinary_proposals_are_stored(kit: PersonaKit) -> None:
    result = kit.propose("Prefers short answers", "Keep it short, please.", "communication")
    assert result.stored and result.state == "unconfirmed"


# -- installed for real ---------------------------------------------------------------------------


def test_the_entry_point_loads_with_its_version_and_can_be_disabled() -> None:
    (entry,) = [found for found in metadata.entry_points(group="personakit") if found.name == NAME]
    assert entry.load() is personakit_detect_secrets
    loaded = plugins_listed(PERSONAKIT_PLUGINS=NAME)[NAME]
    assert loaded["version"] == metadata.version("personakit-detect-secrets")
    assert loaded["hooks"] == ["personakit_refuse"]
    assert not loaded["default"]
    assert NAME not in plugins_listed(PERSONAKIT_PLUGINS=NAME, PERSONAKIT_DISABLED_PLUGINS=NAME)


def test_allowed_by_name_it_refuses(tmp_path: Path) -> None:
    kit = PersonaKit.open(tmp_path / "data", environ={"PERSONAKIT_PLUGINS": NAME})
    try:
        assert kit.propose("Their router login", "password = 'letmein'", None).reason == "credential_shape"
        assert kit.store.memories() == []
    finally:
        kit.close()
