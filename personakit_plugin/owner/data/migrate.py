"""`personakit migrate --to NAME URL`: move the SQLite memory of a data folder into another backend.

The backend is the one a plugin the owner lets in declares under NAME (`personakit_backends`:
`personakit-store-postgres` offers `postgres`), opened on the connection string URL; what its plugin
is called does not matter. The move is `Store.dump` of the SQLite store and
`Store.restore` into the target in one transaction: every memory keeps its id, state, category,
quotes, times, aliases and decision history, with the decisions' numbers, and the target takes the
secret the SQLite file derives its ids from (`KeepsIdSecret`), so that every text, old texts and
rejected ones included, maps to the same memory there. Who proposed each memory follows in a second
transaction, where the target can record it (`RestoresProposers`); should that one fail, the memories
are there without their proposers, and the same command run again carries the proposers alone (the
target then holds exactly the memories moved, and no proposer). It is then checked:
the target's dump must equal the source's, and the counts (memories by state, quotes, decisions)
are printed from the target.

Only into an empty target: a memory others already share is merged with `personakit export` and,
with the target configured, `personakit import`, whose merge rule leaves their decisions standing.
The SQLite file is left as it was.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple, cast

import msgspec

from personakit_plugin.core.hooks import Hooks, PluginError
from personakit_plugin.core.model import STATES, Connection, ExportedMemory
from personakit_plugin.core.plugins import make_plugin_manager
from personakit_plugin.core.progress import Progress
from personakit_plugin.core.store import (
    Backend,
    Config,
    KeepsIdSecret,
    KnowsProposers,
    RestoresProposers,
    Store,
    StoreError,
)
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore

NAME = re.compile(r"[a-z][a-z0-9]*")


class Counts(msgspec.Struct, frozen=True):
    states: dict[str, int]
    quotes: int
    decisions: int
    proposers: int = 0
    """Memories whose proposer (the connection that proposed it) was carried."""
    proposers_left: int = 0
    """Memories whose proposer was not: the target records none (`RestoresProposers`)."""

    @property
    def memories(self) -> int:
        return sum(self.states.values())

    def line(self) -> str:
        states = ", ".join(f"{self.states[state]} {state}" for state in STATES if self.states.get(state))
        return f"{self.memories} memories ({states or 'none'}), {self.quotes} quotes and {self.decisions} decisions"


def counts(memories: Sequence[ExportedMemory]) -> Counts:
    states = Counter(memory.state for memory in memories)
    return Counts(
        {state: states[state] for state in STATES},
        sum(len(memory.quotes) for memory in memories),
        sum(len(memory.history) for memory in memories),
    )


def by_id(memory: ExportedMemory) -> str:
    return memory.id


def _same(arrived: Sequence[ExportedMemory], dumped: Sequence[ExportedMemory]) -> bool:
    """Whether every memory arrived as it was, by id; a target whose ids are keyed with another
    secret than the source's answers to its texts by keys of its own, which it may list beside the
    aliases it was given."""
    if len(arrived) != len(dumped):
        return False
    for there, here in zip(sorted(arrived, key=by_id), sorted(dumped, key=by_id), strict=True):
        if not set(here.aliases) <= set(there.aliases):
            return False
        if msgspec.structs.replace(there, aliases=()) != msgspec.structs.replace(here, aliases=()):
            return False
    return True


def _proposers_only(
    there: Sequence[ExportedMemory], dumped: Sequence[ExportedMemory], target: Store, proposed: Proposers | None
) -> bool:
    """Whether a move into `target` stopped after its memories and before who proposed them: the target
    holds exactly the memories moved, and none of their proposers, so the move carries the proposers only."""
    if proposed is None or not _same(there, dumped):
        return False
    return not cast(KnowsProposers, target).proposers(list(proposed.by_memory))


def _carry_proposers(target: RestoresProposers, proposed: Proposers) -> None:
    """Record who proposed what in `target`, in one transaction; where that fails, the sentence says the
    memories arrived and how to carry the rest."""
    try:
        target.restore_proposers(proposed.connections, proposed.by_memory)
    except StoreError as exc:
        raise StoreError(
            f"The memories arrived, but who proposed them was not recorded ({str(exc).rstrip('.')}); run the "
            "same `personakit migrate` again to carry that alone."
        ) from exc


def backends(environ: Mapping[str, str]) -> dict[str, tuple[str, Backend]]:
    """Each backend the plugins the environment lets in declare, by name, with the plugin declaring it."""
    return Hooks(make_plugin_manager(environ=environ)).backends()


def unknown(name: str, offered: Mapping[str, object]) -> str:
    """The sentence for a backend `name` that no plugin offers, naming the ones offered."""
    if offered:
        there = f"the ones offered are {', '.join(sorted(offered))}"
    else:
        there = "none is, besides SQLite (personakit-store-postgres, in PersonaKit's hooks/, offers postgres)"
    return f"No plugin offers the storage backend {name!r}; {there}."


def open_target(name: str, url: str, data_dir: Path, environ: Mapping[str, str]) -> tuple[Store, Backend]:
    """The store the backend `name` opens on `url`, and the backend; a StoreError saying what is missing."""
    if not NAME.fullmatch(name):
        raise StoreError(f"{name!r} is not a backend name; give the name a storage plugin offers, e.g. postgres.")
    offered = backends(environ)
    if name not in offered:
        raise StoreError(unknown(name, offered))
    plugin, backend = offered[name]
    try:
        store = backend.open(url, Config(data_dir=data_dir, environ=environ))
    except (StoreError, PluginError):
        raise
    except Exception as exc:
        raise PluginError.raised(plugin, f"open the backend {name!r}", exc) from exc
    if store is None or not callable(getattr(store, "restore", None)):
        raise StoreError(f"The plugin {plugin} did not open a store for that URL; check the URL.")
    return store, backend


def migrate(
    data_dir: Path, name: str, url: str, environ: Mapping[str, str], progress: Progress | None = None
) -> tuple[Store, Backend, Counts]:
    """Move the SQLite memory in `data_dir` into the empty store of backend `name` at `url`, check
    that it arrived whole, and return where it went (closed), its backend and what was moved."""
    if not (data_dir / FILE_NAME).is_file():
        raise StoreError(f"There is no PersonaKit database in {data_dir} to migrate; check --data-dir.")
    progress = progress or Progress.silent()
    source = SqliteStore.open(data_dir)
    try:
        with progress.waiting("reading the SQLite memory"):
            dumped = source.dump()
            secret = source.id_secret()
            proposed = Proposers(
                [proposer.connection for proposer in source.connections()],
                source.proposers([memory.id for memory in dumped]),
            )
    finally:
        source.close()
    progress.total = len(dumped)
    target, backend = open_target(name, url, data_dir, environ)
    try:
        return target, backend, move(dumped, target, progress, secret, proposed)
    finally:
        target.close()


class Proposers(NamedTuple):
    """Who proposed what in the store moved from (`KnowsProposers`): the connections that proposed, and
    each memory's proposer by id."""

    connections: list[Connection]
    by_memory: dict[str, str]


def move(
    dumped: list[ExportedMemory],
    target: Store,
    progress: Progress,
    secret: bytes | None = None,
    proposed: Proposers | None = None,
) -> Counts:
    """Restore `dumped` into `target`, which must be empty, and check that all of it arrived. `secret`
    is the id secret of the store `dumped` came from, which a target that keeps one takes first;
    `proposed`, who proposed what there, which the target takes too where it can (`RestoresProposers`);
    where it cannot, the counts say how many memories' proposers stayed behind."""
    with progress.waiting(f"checking that {target.location} is empty"):
        there = target.dump()
    left = 0
    if proposed is not None and not (isinstance(target, RestoresProposers) and isinstance(target, KnowsProposers)):
        left, proposed = len(proposed.by_memory), None  # said by the caller: the move goes on without them
    if proposed is not None and not proposed.by_memory:
        proposed = None
    resuming = bool(there) and _proposers_only(there, dumped, target, proposed)
    if there and not resuming:
        raise StoreError(
            f"{target.location} already holds {len(there)} memories; migrate only into an empty one, or "
            "merge with `personakit export` and, pointed at it, `personakit import`."
        )
    if secret is not None and isinstance(target, KeepsIdSecret) and not resuming:
        target.adopt_id_secret(secret)
    with progress.waiting(f"writing {len(dumped):,} memories into {target.location}"):
        if not resuming:
            target.restore(dumped)
        if proposed is not None:
            _carry_proposers(cast(RestoresProposers, target), proposed)
    with progress.waiting("reading them back to check them"):
        arrived = target.dump()
    # Compared by id: a rejected memory keeps no creation time, so it may come out elsewhere in order.
    if not _same(arrived, dumped) or (
        proposed is not None and cast(KnowsProposers, target).proposers(proposed.by_memory) != proposed.by_memory
    ):
        moved, expected = counts(arrived), counts(dumped)
        raise StoreError(
            f"The memory in {target.location} does not match the SQLite one after the move "
            f"({moved.line()} against {expected.line()}); do not use it, and report this."
        )
    progress.advance(len(arrived))
    carried = len(proposed.by_memory) if proposed is not None else 0
    return msgspec.structs.replace(counts(arrived), proposers=carried, proposers_left=left)
