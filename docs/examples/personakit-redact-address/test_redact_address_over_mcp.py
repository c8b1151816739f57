"""The address redaction hook seen as an assistant sees it: `personakit_client` on a kit with the hook.

`personakit_client` talks to `personakit_kit`, which has the defaults alone; a fixture of the same
name in this module (or in a conftest.py) replaces it for these tests, and the client follows.
"""

import personakit_redact_address
import pytest


@pytest.fixture
def personakit_kit(personakit_make_kit):
    return personakit_make_kit(personakit_redact_address)


@pytest.mark.anyio
async def test_an_assistant_reads_the_address_masked(personakit_client):
    proposal = {"text": "Lives in London", "quote": "My NI number is QQ 12 34 56 C", "category": "background"}
    await personakit_client.call_tool("personakit_propose", proposal)
    result = await personakit_client.call_tool("personakit_read", {"question": "london"})
    (memory,) = result.structured_content["memories"]
    assert memory["evidence"] == ["My NI number is [national-id]"]
