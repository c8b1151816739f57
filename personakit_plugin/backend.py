"""The door for storage backends: what a `personakit_store` plugin implements and builds on.

A backend implements the `Store` protocol (and whichever optional capabilities it can: `Snapshots`,
`RanksInStore`, `Follows`, ...), raises the store's errors (`StoreError`, the `StoreFault`s a
machine causes, `TooManyWaiting`), and shares with the default SQLite store what makes every store
answer alike: the owner's decisions, undo and restore over a backend's primitives (`decisions`,
`decisions.Rows`), retirement (`retirement`), the in-process index of what a read may match
(`MemoryIndex`), the rows helpers (`MEMORY_COLUMNS`, `memory_from_row`, ...), the order of the
default ranking in SQL (`order_by`, `rank_case`, `sort_key`, `readable_below`) and the ids of
memories (`id_key`, `memory_id`; `legacy_memory_id` is the unkeyed id of versions before ids were
keyed per store, which a store keeps as an alias). `SqliteStore` is the default store, to wrap or
open elsewhere. What a hook sees (`Memory`, `View`, `Candidate`, `as_shown`, `content_words`, ...)
is in `personakit_plugin`, the door for hook authors; a backend imports from both.

Each name is declared once, below; it is imported on first use (see `personakit_plugin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from personakit_plugin.core.model import QUOTES_KEPT as QUOTES_KEPT
    from personakit_plugin.core.model import Changes as Changes
    from personakit_plugin.core.model import Connection as Connection
    from personakit_plugin.core.model import Decision as Decision
    from personakit_plugin.core.model import ExportedMemory as ExportedMemory
    from personakit_plugin.core.model import Retirement as Retirement
    from personakit_plugin.core.ranking import order_by as order_by
    from personakit_plugin.core.ranking import rank_case as rank_case
    from personakit_plugin.core.ranking import readable_below as readable_below
    from personakit_plugin.core.ranking import sort_key as sort_key
    from personakit_plugin.core.store import Backend as Backend
    from personakit_plugin.core.store import Config as Config
    from personakit_plugin.core.store import Describes as Describes
    from personakit_plugin.core.store import Description as Description
    from personakit_plugin.core.store import ErasureWaitsForSpace as ErasureWaitsForSpace
    from personakit_plugin.core.store import FindsIdPrefixes as FindsIdPrefixes
    from personakit_plugin.core.store import FinishesErasure as FinishesErasure
    from personakit_plugin.core.store import Follows as Follows
    from personakit_plugin.core.store import IndexesAsShown as IndexesAsShown
    from personakit_plugin.core.store import KeepsDerived as KeepsDerived
    from personakit_plugin.core.store import KeepsIdSecret as KeepsIdSecret
    from personakit_plugin.core.store import KnowsProposers as KnowsProposers
    from personakit_plugin.core.store import Matches as Matches
    from personakit_plugin.core.store import Outlines as Outlines
    from personakit_plugin.core.store import Proposed as Proposed
    from personakit_plugin.core.store import Proposer as Proposer
    from personakit_plugin.core.store import ProposesInBulk as ProposesInBulk
    from personakit_plugin.core.store import RanksInStore as RanksInStore
    from personakit_plugin.core.store import ReadsMany as ReadsMany
    from personakit_plugin.core.store import RemembersShown as RemembersShown
    from personakit_plugin.core.store import Restored as Restored
    from personakit_plugin.core.store import RestoresProposers as RestoresProposers
    from personakit_plugin.core.store import Retires as Retires
    from personakit_plugin.core.store import Snapshots as Snapshots
    from personakit_plugin.core.store import Store as Store
    from personakit_plugin.core.store import StoreBusy as StoreBusy
    from personakit_plugin.core.store import StoreError as StoreError
    from personakit_plugin.core.store import StoreFault as StoreFault
    from personakit_plugin.core.store import StoreFull as StoreFull
    from personakit_plugin.core.store import StoreGone as StoreGone
    from personakit_plugin.core.store import StoreIOError as StoreIOError
    from personakit_plugin.core.store import StoreReadOnly as StoreReadOnly
    from personakit_plugin.core.store import StoreUnreachable as StoreUnreachable
    from personakit_plugin.core.store import TooManyWaiting as TooManyWaiting
    from personakit_plugin.core.store import UnknownMemory as UnknownMemory
    from personakit_plugin.core.store import derived_problem as derived_problem
    from personakit_plugin.core.store import proposers_problem as proposers_problem
    from personakit_plugin.core.words import id_key as id_key
    from personakit_plugin.core.words import legacy_memory_id as legacy_memory_id
    from personakit_plugin.core.words import memory_id as memory_id
    from personakit_plugin.storage import decisions as decisions
    from personakit_plugin.storage import retirement as retirement
    from personakit_plugin.storage.memory_index import MemoryIndex as MemoryIndex
    from personakit_plugin.storage.rows import DECISION_COLUMNS as DECISION_COLUMNS
    from personakit_plugin.storage.rows import MEMORY_COLUMNS as MEMORY_COLUMNS
    from personakit_plugin.storage.rows import PROPOSER_COLUMNS as PROPOSER_COLUMNS
    from personakit_plugin.storage.rows import cursor_of as cursor_of
    from personakit_plugin.storage.rows import cursor_position as cursor_position
    from personakit_plugin.storage.rows import decision_from_row as decision_from_row
    from personakit_plugin.storage.rows import exported as exported
    from personakit_plugin.storage.rows import memories_with_quotes as memories_with_quotes
    from personakit_plugin.storage.rows import memory_from_row as memory_from_row
    from personakit_plugin.storage.rows import proposer_from_row as proposer_from_row
    from personakit_plugin.storage.sqlite import SqliteStore as SqliteStore
else:  # type checkers see the names above, and no catch-all

    def __getattr__(name: str) -> Any:
        from personakit_plugin.doors import attribute

        return attribute(__name__, name)

    def __dir__() -> list[str]:
        from personakit_plugin.doors import listing

        return listing(__name__)
