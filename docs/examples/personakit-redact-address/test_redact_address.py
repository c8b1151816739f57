"""Tests for the address redaction hook: the contract suite, what it leaves alone, and a read through a real kit."""

import personakit_redact_address
import pytest

from personakit_plugin import apply_masks
from personakit_plugin.testing import RedactionContract


class TestAddressRedaction(RedactionContract):
    plugin = personakit_redact_address
    targets = ("12 Baker Street", "221B Baker St", "NW1 6XE", "SW1A1AA", "QQ 12 34 56 C", "123-45-6789")


@pytest.mark.parametrize(
    "text",
    ["Call 555-010-0199 at 10:30 on 2024-05-17", "The A14 road", "I have 3 Big Dogs", "12 The Green"],
)
def test_what_it_leaves_alone(text):
    assert apply_masks(text, personakit_redact_address.personakit_redact(text)) == text


def test_a_read_shows_the_address_masked(personakit_make_kit):
    kit = personakit_make_kit(personakit_redact_address)
    kit.propose("Lives in London", "I moved to 12 Baker Street, London NW1 6XE", "background")
    (memory,) = kit.read("london", 7).memories
    assert memory.evidence == ["I moved to [address], London [postcode]"]
