"""The `personakit_read` tool: decisions applied, retrieved and ranked, filled, unreviewed texts and quotes redacted.

The read itself is the kit's pipeline (`PersonaKit.default_read`): the question's words once, the
retrieval hooks' memories and the word index's matches, fused and ranked, the fill of rule 5, texts
and quotes as they may be shown. The store's fast path stays between the kit and the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.model import ReadResult

if TYPE_CHECKING:
    from personakit_plugin.core.hookspecs import Kit
    from personakit_plugin.core.kit import PersonaKit


@hookimpl(trylast=True)
def personakit_read(kit: Kit, question: str, limit: int) -> ReadResult:
    return cast("PersonaKit", kit).default_read(question, limit)
