"""Tests for the ticket redaction example: the contract suite, and one read through a real kit."""

import redact_tickets

from personakit_plugin.testing import RedactionContract


class TestTicketRedaction(RedactionContract):
    plugin = redact_tickets
    targets = ("TICKET-48213", "TICKET-1")


def test_a_read_shows_the_ticket_masked(personakit_make_kit):
    kit = personakit_make_kit(redact_tickets)
    kit.propose("Tracks work in tickets", "I filed TICKET-48213 yesterday", "work-style")
    (memory,) = kit.read("tickets", 7).memories
    assert memory.evidence == ["I filed [issue] yesterday"]
