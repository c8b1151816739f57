"""The health refusal example keeps the refusal contract."""

import refuse_health

from personakit_plugin.testing import RefusalContract


class TestHealthRefusal(RefusalContract):
    plugin = refuse_health
    refused = ("Takes medication at noon", ("Sleeps badly", "my therapy is on Tuesdays"))
    allowed = ("Takes lunch at noon", "Prefers short answers")
