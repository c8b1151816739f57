"""What a storage backend provides. The default is SQLite; another backend passes the same kit."""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Protocol

import msgspec

from .model import Candidate, Decision, Memory


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


class Matches(msgspec.Struct, frozen=True):
    candidates: list[Candidate]
    """Approved and unconfirmed memories sharing at least one word with the question."""
    restricted: int
    """How many restricted memories share at least one word with it."""


class Store(Protocol):
    """A storage backend. Every method is one transaction; every write is durable when it returns."""

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

    def close(self) -> None: ...
