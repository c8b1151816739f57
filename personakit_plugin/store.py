"""What a storage backend provides. The default is SQLite; another backend passes the same kit."""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Protocol

import msgspec

from .model import Candidate, Decision, ExportedMemory, Memory


class StoreError(Exception):
    """The store cannot do what was asked; the message is one sentence for the owner."""


class UnknownMemory(StoreError):
    def __init__(self, memory_id: str) -> None:
        super().__init__(f"There is no memory {memory_id}; `personakit list --state all` shows the ids.")
        self.memory_id = memory_id


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """Where PersonaKit keeps its data and the environment it was started in."""

    data_dir: Path
    environ: Mapping[str, str] = msgspec.field(default_factory=lambda: dict(os.environ))


class Proposed(msgspec.Struct, frozen=True):
    id: str
    new: bool
    state: str


class Restored(msgspec.Struct, frozen=True):
    """What `Store.restore` did: ids created, ids already known (by id or by text), quotes added to those."""

    created: list[str]
    known: list[str]
    quotes_added: int


class Matches(msgspec.Struct, frozen=True):
    candidates: list[Candidate]
    """Approved and unconfirmed memories sharing at least one word with the question."""
    restricted: int
    """How many restricted memories share at least one word with it."""


class Store(Protocol):
    """A storage backend. Every method is one transaction; every write is durable when it returns.

    Two more methods are optional, and the default read uses them when a backend has them (the
    SQLite store does): `top_matches(words, limit) -> Matches`, the first `limit` matches already
    in the default ranking's order with the restricted count, used instead of `matches` while the
    default ranker is the one in effect; and `snapshot()`, a context manager that makes the reads
    inside it one read transaction, held around a whole read.
    """

    location: str
    """Where the data is, for the owner to read (a path or a URL without its password)."""

    def propose(self, text: str, quote: str, category: str, now: float) -> Proposed:
        """Store a new memory, or add the quote to the memory its text already maps to: the same
        text after `words.normalise`, or an old text of an edited memory."""

    def matches(self, words: frozenset[str]) -> Matches:
        """The memories whose text holds at least one of `words`, through a word index."""

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        """Up to `limit` approved memories not in `exclude`, most recently approved first."""

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        """The quotes of each memory, oldest first."""

    def get(self, memory_id: str) -> Memory | None:
        """One memory with its quotes, or None."""

    def states(self, ids: Collection[str]) -> dict[str, str]:
        """The state of each known id."""

    def memories(self, state: str | None = None) -> list[Memory]:
        """Every memory (in one state, if given) with its quotes, most recent first."""

    def decide(
        self, memory_id: str, action: str, now: float, *, text: str | None = None, category: str | None = None
    ) -> Decision:
        """Apply one of the owner's decisions and record it. `reject` erases text and quotes.
        `edit` takes a new text and/or category and keeps the id."""

    def history(self, memory_id: str | None = None) -> list[Decision]:
        """The decisions, oldest first."""

    def undo(self, now: float) -> Decision | None:
        """Revert the latest decision not yet undone (an undo itself is never undone): the memory gets
        back its state, category, approved_at and, after an edit, its text. The decision is marked
        undone and the undo recorded as a decision of its own. Returns the decision undone (now
        marked), or None when there is none. Undoing a reject is a StoreError that changes nothing."""

    def dump(self) -> list[ExportedMemory]:
        """Every memory with its quotes and decisions, oldest first, as `personakit export` writes it."""

    def restore(self, memories: Sequence[ExportedMemory]) -> Restored:
        """Merge exported memories in one transaction. A memory the store already knows (by its id,
        its text or an alias) only gains the quotes it lacks (none if either side rejected it); an
        unknown one is created with its state, category, quotes, times and decisions. Into a store
        with no decisions yet, the decisions keep their numbers, so a round trip is lossless."""

    def close(self) -> None: ...
