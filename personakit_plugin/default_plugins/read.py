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


def default_read(kit: Kit, question: str, limit: int) -> ReadResult:
    """The documented read, for a plugin's `personakit_read` that changes what it returns
    (`from personakit_plugin import default_read`). Not itself marked as a hook: a plugin module that
    imports it does not implement a hook named `default_read`."""
    return cast("PersonaKit", kit).default_read(question, limit)


@hookimpl(trylast=True)
def personakit_read(kit: Kit, question: str, limit: int) -> ReadResult:
    return default_read(kit, question, limit)
