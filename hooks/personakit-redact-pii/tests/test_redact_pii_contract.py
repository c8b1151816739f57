"""The redaction invariants every redaction hook keeps, from PersonaKit's kit for plugin authors."""

from personakit_plugin.testing import RedactionContract

import personakit_redact_pii


class TestRedactPiiContract(RedactionContract):
    plugin = personakit_redact_pii
    samples = (
        "call me on +44 20 7946 0958 after six",
        "my IBAN is GB82 WEST 1234 5698 7654 32",
        "the card 4111 1111 1111 1111 is for travel",
    )
