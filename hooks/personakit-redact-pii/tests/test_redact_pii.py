"""personakit-redact-pii: what it masks, what it leaves alone, and how it behaves inside a real kit."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from personakit_plugin import PersonaKit, apply_masks
from personakit_plugin.testing import plugins_listed

import personakit_redact_pii

NAME = "redact-pii"


def redact(text: str) -> str:
    return apply_masks(text, personakit_redact_pii.personakit_redact(text))


def open_kit(folder: Path, *plugins: object) -> PersonaKit:
    """A real kit on SQLite with the default plugins and `plugins`, whatever else is installed."""
    return PersonaKit.open(folder, plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""})


@pytest.fixture
def kit(tmp_path: Path) -> Iterator[PersonaKit]:
    kit = open_kit(tmp_path / "data", personakit_redact_pii)
    yield kit
    kit.close()


# -- phone numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "+44 20 7946 0958",
        "+1 (555) 010-0199",
        "0044 20 7946 0958",
        "+33 6 12 34 56 78",
        "+447946095812",
        "+49 (0)30 1234 5678",
        "(020) 7946 0958",
        "020 7946 0958",
        "07946095812",
        "555-010-0199",
        "(555) 010-0199",
        "555.010.0199",
        "1-800-555-0199",
        "06 12 34 56 78",
    ],
)
def test_phone_numbers_are_masked(number: str) -> None:
    assert redact(f"Call me on {number}, after six.") == "Call me on [phone], after six."


def test_a_phone_number_next_to_other_numbers_is_still_found() -> None:
    assert redact("Room 12 020 7946 0958 2 rings") == "Room 12 [phone] 2 rings"


# -- IBANs ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "iban",
    [
        "GB82 WEST 1234 5698 7654 32",
        "GB82WEST12345698765432",
        "DE89 3704 0044 0532 0130 00",
        "FR14 2004 1010 0505 0001 3M02 606",
        "NL91ABNA0417164300",
        "gb82 west 1234 5698 7654 32",
    ],
)
def test_ibans_that_pass_mod_97_are_masked(iban: str) -> None:
    assert redact(f"Pay into {iban} please.") == "Pay into [iban] please."


def test_an_iban_followed_by_capitals_is_masked_alone() -> None:
    assert redact("GB82 WEST 1234 5698 7654 32 THANKS") == "[iban] THANKS"


@pytest.mark.parametrize(
    "text", ["GB82 WEST 1234 5698 7654 33", "FR14 2004 1010 0505 0001 3M02 607", "AB12 CDEF GHIJ KLMN OPQR"]
)
def test_iban_shapes_that_fail_mod_97_survive(text: str) -> None:
    assert redact(text) == text


def test_iban_check() -> None:
    assert personakit_redact_pii.iban_ok("GB82 WEST 1234 5698 7654 32")
    assert not personakit_redact_pii.iban_ok("GB28 WEST 1234 5698 7654 32")
    assert not personakit_redact_pii.iban_ok("GB82")


# -- payment cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card",
    [
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "4111111111111111",
        "5555555555554444",
        "3782 822463 10005",
        "6011 1111 1111 1117",
        "4222222222222",
        "4000 0000 0000 0000 006",
    ],
)
def test_card_numbers_that_pass_luhn_are_masked(card: str) -> None:
    assert redact(f"My card is {card}.") == "My card is [card]."


def test_a_card_after_a_date_is_found_inside_the_run() -> None:
    assert redact("Paid 2024-05-17 4111 1111 1111 1111") == "Paid 2024-05-17 [card]"


def test_luhn() -> None:
    assert personakit_redact_pii.luhn_ok("79927398713")
    assert not personakit_redact_pii.luhn_ok("79927398710")


# -- what must survive ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Test card 4111 1111 1111 1112 fails the Luhn check.",
        "Reference 1234567812345678 fails it too.",
        "Order 1234567890123 shipped.",
        "The account number 12345678901234567890 is too long for a card.",
        "Started on 2024-05-17 at 10:30.",
        "Worked there 1990-2020.",
        "Runs Python 3.11.7 and Windows 10.0.19045.3693.",
        "The laptop cost 1,299.00 EUR, or 1 299,00 in French.",
        "Born in 1984; 42 years old; 7946 0958 is not enough of a number.",
        "Home router at 192.168.0.1; ISBN 978-3-16-148410-0.",
        "Scores went 0 1 2 3 4 5 6 7 8 9.",
        "Meeting on 01.02.2024 from 0800-1700.",
    ],
)
def test_ordinary_numbers_survive(text: str) -> None:
    assert redact(text) == text


# -- inside a real kit ----------------------------------------------------------------------------


def test_masks_compose_with_the_default_email_masking(kit: PersonaKit) -> None:
    quote = "Reach me at ada@example.com or +44 20 7946 0958, card 4111 1111 1111 1111."
    # A proposal with a card number is refused (a secret); a store can still hold one from before.
    assert kit.propose("Prefers to be reached by phone", quote, "communication").reason == "credential_shape"
    kit.store.propose("Prefers to be reached by phone", quote, "communication", kit.now())
    [memory] = kit.read("How should I reach them by phone?", 5).memories
    assert memory.evidence == ["Reach me at [email] or [phone], card [card]."]


def test_masking_happens_before_the_240_character_cut(kit: PersonaKit) -> None:
    # The number straddles the cut: shortened first, "+44 20 79" would be left, too short to be
    # recognised as a phone number, and would leak.
    quote = "x" * 229 + " +44 20 7946 0958 is the number to use on weekdays."
    assert quote[:239].endswith(" +44 20 79")
    assert kit.propose("Has a weekday phone number", quote, None).stored
    [memory] = kit.read("weekday phone number", 5).memories
    [evidence] = memory.evidence
    assert len(evidence) <= 240
    assert evidence.endswith("…")
    assert "[phone]" in evidence
    assert "79" not in evidence and "+44" not in evidence


def test_a_long_number_cut_by_shortening_does_not_fail_the_read(kit: PersonaKit) -> None:
    quote = "x" * 218 + " ref 41111111111111111234 is the order number."
    assert kit.redact(quote).endswith(" 4111111111111111…")  # not masked: 20 digits are not a card
    kit.propose("Has an order reference", quote, None)
    assert len(kit.read("order reference", 5).memories) == 1


# -- installed for real ---------------------------------------------------------------------------


def test_the_entry_point_loads_with_its_version_and_can_be_disabled() -> None:
    (entry,) = [found for found in metadata.entry_points(group="personakit") if found.name == NAME]
    assert entry.load() is personakit_redact_pii
    loaded = plugins_listed(PERSONAKIT_PLUGINS=NAME)[NAME]
    assert loaded["version"] == metadata.version("personakit-redact-pii")
    assert loaded["hooks"] == ["personakit_redact"]
    assert not loaded["default"]
    assert NAME not in plugins_listed(PERSONAKIT_PLUGINS=NAME, PERSONAKIT_DISABLED_PLUGINS=NAME)


def test_allowed_by_name_it_masks_in_a_read(tmp_path: Path) -> None:
    kit = PersonaKit.open(tmp_path / "data", environ={"PERSONAKIT_PLUGINS": NAME})
    try:
        kit.propose("Works from the London office", "The office line is 020 7946 0958.", None)
        [memory] = kit.read("london office", 5).memories
        assert memory.evidence == ["The office line is [phone]."]
    finally:
        kit.close()
