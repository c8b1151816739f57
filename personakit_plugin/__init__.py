"""PersonaKit: your AI's memory, your say.

PersonaKit's public API has two doors, as `pytest` is pytest's over `_pytest`. This module is the
one for hook authors and hosts: `hookimpl`, `PersonaKit`, `mount`, the model a hook is given and
answers, masks, the words helpers and the default read (`from personakit_plugin import hookimpl,
Mask`). `personakit_plugin.backend` is the one for storage backends: the `Store` protocol and its
optional capabilities, the store's errors, and the building blocks a backend shares with the
default SQLite store. `personakit_plugin.testing` holds the author's test kit. The modules below
(`core`, `storage`, `default_plugins`, ...) are how PersonaKit is built and may move; a public name
stays.

A door declares each of its names once, as `from HOME import NAME as NAME` (that `as` is what
marks it public): type checkers read those lines, and `personakit_plugin.doors` reads the same
lines to give the name on first use (PEP 562) and to make the door's `__all__`. Only `hookimpl`
is imported eagerly, so a plugin that imports it, or the stdio server starting, does not pay for
the MCP SDK or the store. `tests/project/test_public_api.py` keeps the doors apart and honest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from personakit_plugin.core.hookspecs import hookimpl as hookimpl

if TYPE_CHECKING:
    from personakit_plugin.core.data_folder import default_data_dir as default_data_dir
    from personakit_plugin.core.hookspecs import Kit as Kit
    from personakit_plugin.core.hookspecs import checks_in_bulk as checks_in_bulk
    from personakit_plugin.core.kit import PersonaKit as PersonaKit
    from personakit_plugin.core.model import CATEGORIES as CATEGORIES
    from personakit_plugin.core.model import EVERYTHING as EVERYTHING
    from personakit_plugin.core.model import EVIDENCE_LIMIT as EVIDENCE_LIMIT
    from personakit_plugin.core.model import Candidate as Candidate
    from personakit_plugin.core.model import Document as Document
    from personakit_plugin.core.model import Memory as Memory
    from personakit_plugin.core.model import ProposeResult as ProposeResult
    from personakit_plugin.core.model import ReadMemory as ReadMemory
    from personakit_plugin.core.model import ReadResult as ReadResult
    from personakit_plugin.core.model import Scored as Scored
    from personakit_plugin.core.model import View as View
    from personakit_plugin.core.ranking import in_store_order as in_store_order
    from personakit_plugin.core.reading import ReadRequest as ReadRequest
    from personakit_plugin.core.reading import weighs_words as weighs_words
    from personakit_plugin.core.redaction import Mask as Mask
    from personakit_plugin.core.redaction import apply_masks as apply_masks
    from personakit_plugin.core.redaction import as_shown as as_shown
    from personakit_plugin.core.settings import SettingsError as SettingsError
    from personakit_plugin.core.settings import setting as setting
    from personakit_plugin.core.words import STOP_WORDS as STOP_WORDS
    from personakit_plugin.core.words import content_words as content_words
    from personakit_plugin.core.words import split_words as split_words
    from personakit_plugin.default_plugins.read import default_read as default_read
    from personakit_plugin.serving.tools import mount as mount


if not TYPE_CHECKING:  # type checkers see the names above, and no catch-all

    def __getattr__(name: str) -> Any:
        from personakit_plugin.doors import attribute

        return attribute(__name__, name)

    def __dir__() -> list[str]:
        from personakit_plugin.doors import listing

        return listing(__name__)
