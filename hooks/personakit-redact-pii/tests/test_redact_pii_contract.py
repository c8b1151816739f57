"""The redaction invariants every redaction hook keeps, from PersonaKit's kit for plugin authors."""

from personakit_plugin.testing import RedactionContract

import personakit_redact_pii


class TestRedactPiiContract(RedactionContract):
    plugin = personakit_redact_pii
    targets = (
        "+44 20 7946 0958",
        "(020) 7946 0958",
        "555-010-0199",
        "GB82 WEST 1234 5698 7654 32",
        "GB82WEST12345698765432",
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
    )
