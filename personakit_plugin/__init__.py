"""PersonaKit: your AI's memory, your say.

This module is PersonaKit's public API, as `pytest` is pytest's over `_pytest`: everything a plugin,
a worked example or a host imports comes from here (`from personakit_plugin import hookimpl, Mask`),
and `personakit_plugin.testing` holds the author's test kit. The modules below it (`core`, `storage`,
`default_plugins`, ...) are how PersonaKit is built and may move; a name in `__all__` stays.

`hookimpl` marks a plugin's hook implementations (the hooks are in `core/hookspecs.py`, each
documented in docs/plugins.md). `PersonaKit.open(data_dir)` loads the plugins and opens the store;
`mount(server, kit)` adds the two tools to an MCP server of the official SDK. Every name but
`hookimpl` is imported on first use (PEP 562), so a plugin that imports `hookimpl`, or the stdio
server starting, does not pay for the MCP SDK or the store.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from personakit_plugin.core.hookspecs import hookimpl

if TYPE_CHECKING:
    from personakit_plugin.core.data_folder import default_data_dir
    from personakit_plugin.core.hookspecs import Kit
    from personakit_plugin.core.kit import PersonaKit
    from personakit_plugin.core.model import (
        EVERYTHING,
        EVIDENCE_LIMIT,
        QUOTES_KEPT,
        Candidate,
        Changes,
        Connection,
        Decision,
        Document,
        ExportedMemory,
        Memory,
        ProposeResult,
        ReadMemory,
        ReadResult,
        Retirement,
        Scored,
        View,
    )
    from personakit_plugin.core.ranking import in_store_order, order_by, rank_case, readable_below, sort_key
    from personakit_plugin.core.reading import ReadRequest
    from personakit_plugin.core.redaction import Mask, apply_masks, as_shown
    from personakit_plugin.core.settings import SettingsError, setting
    from personakit_plugin.core.store import (
        Backend,
        Config,
        Description,
        IndexesAsShown,
        KeepsDerived,
        KnowsProposers,
        Matches,
        Outlines,
        Proposed,
        Proposer,
        Restored,
        Store,
        StoreBusy,
        StoreError,
        StoreFault,
        StoreFull,
        StoreGone,
        StoreIOError,
        StoreReadOnly,
        StoreUnreachable,
        TooManyWaiting,
        derived_problem,
    )
    from personakit_plugin.core.words import STOP_WORDS, content_words, id_key, memory_id, split_words
    from personakit_plugin.default_plugins.read import default_read
    from personakit_plugin.serving.tools import mount
    from personakit_plugin.storage import decisions, retirement
    from personakit_plugin.storage.memory_index import MemoryIndex
    from personakit_plugin.storage.rows import (
        DECISION_COLUMNS,
        MEMORY_COLUMNS,
        cursor_of,
        cursor_position,
        decision_from_row,
        exported,
        memories_with_quotes,
        memory_from_row,
    )
    from personakit_plugin.storage.sqlite import SqliteStore

__all__ = [
    "DECISION_COLUMNS",
    "EVERYTHING",
    "EVIDENCE_LIMIT",
    "MEMORY_COLUMNS",
    "QUOTES_KEPT",
    "STOP_WORDS",
    "Backend",
    "Candidate",
    "Changes",
    "Config",
    "Connection",
    "Decision",
    "Description",
    "Document",
    "ExportedMemory",
    "IndexesAsShown",
    "KeepsDerived",
    "Kit",
    "KnowsProposers",
    "Mask",
    "Matches",
    "Memory",
    "MemoryIndex",
    "Outlines",
    "PersonaKit",
    "ProposeResult",
    "Proposed",
    "Proposer",
    "ReadMemory",
    "ReadRequest",
    "ReadResult",
    "Restored",
    "Retirement",
    "Scored",
    "SettingsError",
    "SqliteStore",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreFault",
    "StoreFull",
    "StoreGone",
    "StoreIOError",
    "StoreReadOnly",
    "StoreUnreachable",
    "TooManyWaiting",
    "View",
    "apply_masks",
    "as_shown",
    "content_words",
    "cursor_of",
    "cursor_position",
    "decision_from_row",
    "decisions",
    "default_data_dir",
    "default_read",
    "derived_problem",
    "exported",
    "hookimpl",
    "id_key",
    "in_store_order",
    "memories_with_quotes",
    "memory_from_row",
    "memory_id",
    "mount",
    "order_by",
    "rank_case",
    "readable_below",
    "retirement",
    "setting",
    "sort_key",
    "split_words",
]

_HOMES = {
    "personakit_plugin.core.kit": ("PersonaKit",),
    "personakit_plugin.core.data_folder": ("default_data_dir",),
    "personakit_plugin.serving.tools": ("mount",),
    "personakit_plugin.core.hookspecs": ("Kit",),
    "personakit_plugin.core.model": (
        *("EVERYTHING", "EVIDENCE_LIMIT", "QUOTES_KEPT", "Candidate", "Changes", "Decision", "Document"),
        *("ExportedMemory", "Memory", "ProposeResult", "ReadMemory", "ReadResult", "Retirement"),
        *("Scored", "View", "Connection"),
    ),
    "personakit_plugin.core.redaction": ("Mask", "apply_masks", "as_shown"),
    # a plugin's setting the owner recorded for a data folder (`personakit recall-model`, say)
    "personakit_plugin.core.settings": ("SettingsError", "setting"),
    "personakit_plugin.core.words": ("STOP_WORDS", "content_words", "id_key", "memory_id", "split_words"),
    "personakit_plugin.default_plugins.read": ("default_read",),
    # for a storage plugin
    "personakit_plugin.core.store": (
        *("Config", "Description", "IndexesAsShown", "Matches", "Proposed", "Restored", "Store", "StoreBusy"),
        *("StoreError", "StoreFault", "StoreFull", "StoreGone", "StoreIOError", "StoreReadOnly"),
        *("StoreUnreachable", "KeepsDerived", "derived_problem"),
        # who proposed what (`KnowsProposers`), and the reviews' listing (`Outlines`)
        *("KnowsProposers", "Outlines", "Proposer", "TooManyWaiting"),
        # a backend `personakit migrate --to NAME` can move into (`personakit_backends`)
        "Backend",
    ),
    "personakit_plugin.core.ranking": ("in_store_order", "order_by", "rank_case", "readable_below", "sort_key"),
    "personakit_plugin.core.reading": ("ReadRequest",),
    "personakit_plugin.storage": ("decisions", "retirement"),
    "personakit_plugin.storage.memory_index": ("MemoryIndex",),
    "personakit_plugin.storage.rows": (
        *("DECISION_COLUMNS", "MEMORY_COLUMNS", "cursor_of", "cursor_position", "decision_from_row"),
        *("exported", "memories_with_quotes", "memory_from_row"),
    ),
    "personakit_plugin.storage.sqlite": ("SqliteStore",),
}
"""Where each public name but `hookimpl` lives, as `from MODULE import NAME` says it (the block above,
for type checkers, says the same; `tests/test_public_api.py` holds the three together). `decisions`
is the store-independent rule of the owner's decisions, undo and restore, over a backend's
primitives (`decisions.Rows`)."""
_WHERE = {said.split(" as ")[-1]: (module, said.split(" as ")[0]) for module, names in _HOMES.items() for said in names}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'personakit_plugin' has no attribute {name!r}")
    module, attribute = _WHERE[name]
    home = importlib.import_module(module)
    value = getattr(home, attribute) if hasattr(home, attribute) else importlib.import_module(f"{module}.{attribute}")
    globals()[name] = value  # once: the next lookup does not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
