"""What a storage backend provides. The default is SQLite; another backend passes the same kit."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import NamedTuple, Protocol, runtime_checkable

import msgspec

from personakit_plugin.core.model import (
    EVERYTHING,
    Candidate,
    Changes,
    Connection,
    Decision,
    Document,
    ExportedMemory,
    Memory,
    Retirement,
    View,
)


class StoreError(Exception):
    """The store cannot do what was asked; the message is one sentence for the owner."""


class UnknownMemory(StoreError):
    def __init__(self, memory_id: str) -> None:
        super().__init__(f"There is no memory {memory_id}; `personakit list --state all` shows the ids.")
        self.memory_id = memory_id


# -- faults: what the machine under a store can do to it, in words every store uses -----------------
# A backend translates its own errors into these, so that the tools and the owner's commands answer a
# full disk, a read-only folder, a lock held too long or an I/O error the same way whatever the store.


class StoreFault(StoreError):
    """The machine under the store stopped it: the message is one fixed sentence that names the fault and
    says what to do. It holds nothing stored and no path, so the tools give it to the assistant as it is.
    A write that raises one changed nothing; whatever was acknowledged before it is still there."""

    sentence = "The memory's storage failed, so nothing was changed; try again."

    def __init__(self) -> None:
        super().__init__(self.sentence)


class StoreFull(StoreFault):
    sentence = "The disk that holds the memory is full, so nothing was written; free some space on it and try again."


class StoreReadOnly(StoreFault):
    sentence = (
        "The memory is on a read-only disk or folder, so nothing was written; reading still works, "
        "and writing again once it is writable."
    )


class StoreBusy(StoreFault):
    sentence = (
        "Another program kept the memory locked for longer than PersonaKit waits, so nothing was written; "
        "try again once it lets go."
    )


class StoreIOError(StoreFault):
    sentence = (
        "The disk that holds the memory failed to read or write (an I/O error), so nothing was changed; "
        "check the disk, then try again."
    )


class StoreGone(StoreFault):
    sentence = (
        "The memory's data folder or database file was removed, moved or replaced (or made inaccessible), "
        "so nothing was changed; put it back, or restart PersonaKit to use what is there now."
    )


class StoreUnreachable(StoreFault):
    """A store on a server (PostgreSQL) that cannot be reached: stopped, restarting, or its connection cut."""

    sentence = (
        "The memory's database server cannot be reached (it was stopped, restarted or cut off), so nothing "
        "was changed; try again once it is running."
    )


class ErasureWaitsForSpace(StoreFull):
    """A reject (or a dropped quote) took effect, but the disk had no room to rewrite the files without
    the old copies: the next PersonaKit command finishes the erasure once there is room."""

    sentence = (
        "What you removed is gone from every answer, but the disk is too full to rewrite the database "
        "without its old copies; free some space on it and the next PersonaKit command finishes the erasure."
    )


class TooManyWaiting(StoreError):
    """A connection already left its bound of new memories waiting for the owner (`KnowsProposers`): the
    proposal was not stored. The message is one fixed sentence holding nothing stored, given to the
    assistant as it is."""

    def __init__(self, most: int) -> None:
        super().__init__(
            f"{most:,} memories this connection proposed already wait for the owner's review, so nothing was "
            "stored; propose again once the owner has reviewed them."
        )
        self.most = most


# -- the configuration and the answers of a store -------------------------------------------------


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """Where PersonaKit keeps its data and the environment it was started in."""

    data_dir: Path
    environ: Mapping[str, str] = msgspec.field(default_factory=lambda: dict(os.environ))
    create: bool = True
    """False for the owner's commands that only look or change what exists: a store that would
    create its data for them (the SQLite file in a new folder) opens empty and creates nothing."""
    look_only: bool = False
    """True for `personakit doctor`: the store opens to be looked at and changes nothing (it creates
    nothing, upgrades no schema, finishes no erasure); only `Describes` is asked of it."""


class Backend(NamedTuple):
    """A storage backend that `personakit migrate --to NAME URL` can move a memory into, as the plugin that
    offers it declares it (`personakit_backends`): the declaration, not the plugin's name, is what counts."""

    name: str
    """What the owner types after `--to`: lowercase letters and digits, beginning with a letter (`postgres`)."""
    open: Callable[[str, Config], Store]
    """The store at the connection string `url`, for the data folder and environment of `config`; a
    `StoreError` when it cannot be opened."""
    setting: str
    """How a server is pointed at it afterwards, said after a move (`PERSONAKIT_POSTGRES_URL`)."""


class Proposed(msgspec.Struct, frozen=True):
    id: str
    new: bool
    state: str
    full: bool = False
    """True when the quote was new to the memory but not added: it already keeps `QUOTES_KEPT` quotes.
    The kit answers it as `quote_kept: false`; nothing was written but the memory's `touched`."""


class Restored(msgspec.Struct, frozen=True):
    """What `Store.restore` did: ids created, ids already known (by id or by text), quotes added to those,
    quotes not kept because their memory had `QUOTES_KEPT` quotes, and quotes left out because the owner
    had dropped them."""

    created: list[str]
    known: list[str]
    quotes_added: int
    quotes_not_kept: int = 0
    quotes_dropped: int = 0
    """Quotes left out because the owner had dropped them from their memory here (`Store.restore`)."""


class Matches(msgspec.Struct, frozen=True):
    candidates: list[Candidate]
    """The memories the view shows (approved and unconfirmed ones, or approved only) sharing at least
    one word with the question."""
    restricted: int
    """How many restricted memories in the view's categories share at least one word with it."""


class Store(Protocol):
    """A storage backend. Every method is one transaction; every write is durable when it returns.

    The reads an assistant's connection makes (`matches`, `approved`) take its `View`: a memory
    outside it does not exist for them, and the default (`EVERYTHING`) is the whole memory.

    Three capabilities are optional, each a protocol of its own that `isinstance` recognises, and
    the kit and the default read use them when a backend has them (both shipped stores do):

    - `Snapshots`: `snapshot()`, a context manager that makes the reads inside it one read
      transaction, held around a whole read.
    - `RanksInStore`: `top_matches(words, limit, view) -> Matches`, the first `limit` matches in the
      view already in the default ranking's order (`core.ranking`) with the restricted count, used
      instead of `matches` while the ranker in effect keeps the default order.
    - `FinishesErasure`: `finish_erasure(wait=0.0) -> bool`, which completes an erasure that a reader
      held up (True when nothing is left to erase), offered by the reviews to the owner after a reject
      or a dropped quote said it could not finish.
    - `ReadsMany`: `get_many(ids) -> dict[str, Memory]`, the memories of `ids` in one lookup, which
      the boundary check of a read uses instead of one `get` per memory returned.
    - `FindsIdPrefixes`: `ids_starting(prefix) -> list[str]`, the ids that start with `prefix`, which
      the owner's commands use to take the start of an id instead of reading every memory.
    - `RemembersShown`: `mark_shown(memory_id, quotes)` and `shown_quotes(ids)`, which quotes the owner
      has been shown, so that `personakit approve ID` confirms only those.
    - `Follows`: `changes(since) -> Changes` and `documents(ids, view, after=, limit=) -> list[Document]`,
      what a retriever follows the store by (`Kit.changes`, `Kit.documents`). Without it the kit builds the
      documents from `memories()` and tells every retriever to reload at every read: correct, slow.
    - `KeepsDerived`: `derived`, `keep_derived` and `derived_count`, where a retriever keeps what it
      derives from a memory (a vector, keyed hashes of stems) in the store's own files, erased with the
      memory (`Kit.derived`, `Kit.keep_derived`). Without it a retriever keeps its index in memory only.
    - `Describes`: `describe() -> Description` and `integrity() -> list[str]`, what `personakit
      doctor` checks the store by (where it is, its schema, its size, its own check of itself), in the
      backend's own terms. Without it doctor says plainly that it cannot check the store.
    """

    location: str
    """Where the data is, for the owner to read (a path or a URL without its password)."""

    def propose(self, text: str, quote: str, category: str, now: float, view: View = EVERYTHING) -> Proposed:
        """Store a new memory, or add the quote to the memory its text already maps to: the same
        text after `words.normalise`, or an old text of an edited memory. Under an approved memory the
        quote waits for the owner (`Memory.pending`). A memory keeps at most `QUOTES_KEPT` quotes: at
        the limit a quote it lacks is not added (`Proposed.full`), and a repeat at the limit or with a
        quote it has writes nothing but a later `touched`. A new memory's id is derived
        from its normalised text with a secret the store keeps (`words.memory_id`): no checkable hash
        of the text, and different in another store.

        Under a `view` with categories (the proposing connection's), a text whose memory lies in a
        category outside the view gets a memory of its own, found again by the same text in the same
        view (keyed by `View.scope`), so the answer is what a store without the other would give."""

    def matches(self, words: frozenset[str], view: View = EVERYTHING) -> Matches:
        """The memories whose text holds at least one of `words`, through a word index: as candidates
        those `view.shows`, and the count of the restricted ones in a category `view.covers`."""

    def approved(self, limit: int, exclude: Collection[str], view: View = EVERYTHING) -> list[Memory]:
        """Up to `limit` approved memories in a category `view.covers` and not in `exclude`, most
        recently approved first (then by id)."""

    def quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]:
        """The quotes of each memory that may be shown as its evidence, oldest first: every quote of a
        memory that is not approved, and of an approved one those the owner let stand (not pending)."""

    def get(self, memory_id: str) -> Memory | None:
        """One memory with its quotes, or None."""

    def states(self, ids: Collection[str]) -> dict[str, str]:
        """The state of each known id."""

    def memories(self, state: str | None = None) -> list[Memory]:
        """Every memory (in one state, if given) with its quotes, most recent first."""

    def decide(
        self,
        memory_id: str,
        action: str,
        now: float,
        *,
        text: str | None = None,
        category: str | None = None,
        quote: str | None = None,
        shown: Collection[str] | None = None,
    ) -> Decision:
        """Apply one of the owner's decisions and record it. `reject` erases text and quotes from
        every copy the backend keeps before it returns (or raises a StoreError saying what is left).
        `edit` takes a new text and/or category and keeps the id. A decision that would change nothing
        (it leaves the state, category and text the memory has: approving an approved memory, rejecting a
        rejected one, which only finishes its erasure, an edit to the text it has) writes nothing and is
        not recorded, so undo never sees it; it is answered with a Decision whose `recorded` is False.

        A decision confirms only what the owner was shown. No decision but `accept-quote` ends a
        quote's wait: pending quotes stay pending through approve, reset, restrict, edit and undo.
        `approve` of a memory that was not approved confirms its quotes that are not pending, and,
        given `shown`, only those of them in `shown` (the exact quotes a review showed the owner, or
        those `personakit show` had shown, `RemembersShown`): a quote it has and `shown` lacks (one
        proposed since) becomes pending. `shown` None confirms every quote that is not pending. A quote
        an approve confirms, or the owner accepts, counts as shown from then on (`RemembersShown`).

        `accept-quote` and `drop-quote` take the exact text of one pending quote (`Memory.pending`),
        in any state but rejected: accepted, it becomes evidence; dropped, it is erased like a
        reject's quotes, and the store keeps its key (`words.dropped_quote_key`: no text) so that no
        `restore` brings it back; either way the state stays; a quote that is not pending is a
        StoreError. (A proposal of it is an assistant's new claim: it is added, and waits.)"""

    def decide_many(
        self,
        memory_ids: Sequence[str],
        action: str,
        now: float,
        *,
        shown: Mapping[str, Collection[str]] | None = None,
    ) -> list[Decision]:
        """The same decision (not `edit` or a quote decision) on each memory, in order, in one
        transaction: all are applied or none. A reject erases once, for all of them, at the end.
        `shown` gives an approve each memory's `shown` quotes, as `decide` takes them; a memory it
        does not name is approved with `shown` None."""

    def history(self, memory_id: str | None = None) -> list[Decision]:
        """The decisions, oldest first."""

    def undo(self, now: float) -> Decision | None:
        """Revert the latest decision not yet undone (an undo itself is never undone): the memory gets
        back its state, category, approved_at and, after an edit, its text. The decision is marked
        undone and the undo recorded as a decision of its own; after an edit, the edit keeps the text it
        replaced and the undo keeps the text it replaced in turn (the edit's), so history can say both;
        an undone `accept-quote` makes its quote pending again, and every quote pending before stays
        pending. Returns the decision undone (now
        marked), or None when there is none. Undoing a reject or a `drop-quote` (both erased what they
        removed) is a StoreError that changes nothing."""

    def dump(self) -> list[ExportedMemory]:
        """Every memory with its quotes and decisions, oldest first, as `personakit export` writes it."""

    def restore(self, memories: Sequence[ExportedMemory]) -> Restored:
        """Merge exported memories in one transaction. A memory the store already knows (by its id,
        its text or an alias) only gains the quotes it lacks (none if either side rejected it), up to
        `QUOTES_KEPT` quotes in all; an unknown one is created with its state, category, times,
        decisions and its first `QUOTES_KEPT` quotes, pending ones pending, and the keys of the quotes
        dropped from it (`ExportedMemory.dropped`). The quotes left out are
        counted in `Restored.quotes_not_kept`. A quote the owner dropped from a memory here (by its key)
        is never added back. Into a store
        with no decisions yet, the decisions keep their numbers, so a round trip is lossless."""

    def close(self) -> None: ...


@runtime_checkable
class Snapshots(Protocol):
    """A store whose reads can be one read transaction: the default read holds `snapshot()` around a whole read."""

    def snapshot(self) -> AbstractContextManager[None]: ...


@runtime_checkable
class RanksInStore(Protocol):
    """A store that ranks in its own queries: the first `limit` matches in the view, already in the default
    ranking's order (`core.ranking`), with the restricted count; used instead of `matches` while the ranker in
    effect keeps the default order."""

    def top_matches(self, words: frozenset[str], limit: int, view: View = EVERYTHING) -> Matches: ...


@runtime_checkable
class FinishesErasure(Protocol):
    """A store that can complete an erasure another process held up: True when nothing is left to erase.
    The reviews offer it to the owner after a reject or a dropped quote said it could not finish."""

    def finish_erasure(self, wait: float = 0.0) -> bool: ...


@runtime_checkable
class ReadsMany(Protocol):
    """A store that reads several memories in one lookup: `get_many(ids)` maps each id of `ids` that
    names a memory to it as `get` would give it, except that its quotes may be left out."""

    def get_many(self, ids: Collection[str]) -> dict[str, Memory]: ...


@runtime_checkable
class FindsIdPrefixes(Protocol):
    """A store that finds ids by their start: `ids_starting(prefix)` gives every id of a memory (rejected
    ones too) that starts with `prefix`, in ascending order, from an index rather than every memory."""

    def ids_starting(self, prefix: str) -> list[str]: ...


@runtime_checkable
class RemembersShown(Protocol):
    """A store that remembers which quotes the owner has been shown, so that `personakit approve ID`, a
    command of its own, confirms only those (`Store.decide`'s `shown`). `mark_shown(memory_id, quotes)`
    notes that the owner was shown those exact quotes of the memory (`personakit show`, a review); a
    quote the memory does not have is ignored. `shown_quotes(ids)` gives, for each of `ids` that names a
    memory, its quotes the owner was shown, oldest first: those marked, and those an approve confirmed
    or the owner accepted. A quote added later (a new proposal, even of a dropped quote) is not among
    them until shown. The mark is a flag on the quote, erased with it."""

    def mark_shown(self, memory_id: str, quotes: Collection[str]) -> None: ...

    def shown_quotes(self, ids: Collection[str]) -> dict[str, tuple[str, ...]]: ...


@runtime_checkable
class KeepsIdSecret(Protocol):
    """A store whose ids are derived from a secret it keeps (`words.memory_id`): `id_secret()` gives
    it, and `adopt_id_secret(secret)`, allowed only while the store holds no memory, makes it derive
    ids from that one. `personakit migrate` moves the secret with the memories, so that in the new
    store every text and every old text of an edited or rejected memory still maps to its memory."""

    def id_secret(self) -> bytes: ...

    def adopt_id_secret(self, secret: bytes) -> None: ...


@runtime_checkable
class ProposesInBulk(Protocol):
    """A store that proposes many memories in one transaction: `bulk_propose(items)`, each item
    `(text, quote, category, now)`, gives the answers `propose` called on each in turn would give,
    with one commit instead of one each. `personakit import` uses it for a large graph, and
    `propose` one by one on a store without it."""

    def bulk_propose(self, items: Iterable[tuple[str, str, str, float]]) -> list[Proposed]: ...


@runtime_checkable
class IndexesAsShown(Protocol):
    """A store whose word index keys only the words a read would show (the contract: no index holds more
    than a read shows), every memory's `redaction.as_shown` text: an approved memory's words as the owner
    approved them, any other's words masked by `masked` (the kit's redaction hooks), so that a question
    holding a masked value, or a part of it, finds nothing a wrong guess would not. An approve, a reset,
    a restrict or an undo that moves a memory into or out of `approved` re-keys its words.

    `index_as_shown(masked, redaction)` is called once, by the kit that opens the store, before any
    other call; `redaction` names the masking (which redaction plugins, at which versions). The store
    keeps the name of the masking its index was built with: when it is not `redaction` (a redaction
    plugin installed, removed or upgraded since), the words of every memory that is not approved are
    keyed again, with `masked`, before it returns. A store opened only to look changes nothing."""

    def index_as_shown(self, masked: Callable[[str], str], redaction: str) -> None: ...


@runtime_checkable
class Follows(Protocol):
    """A store that a retriever can follow: what changed since a cursor, and the readable memories.

    `changes(since)` names every memory that may have changed since the cursor `since` (a proposal,
    a repeat that added a quote, a decision of any kind, an edit, an accepted or dropped quote, a
    reject), whichever process made the change; `reset=True` when `since` is None, comes from another
    generation of the data (a bulk import, a restore) or is older than what the store still keeps.
    Within `snapshot()` it sees the same read transaction as the other reads. `documents(ids, view)`
    gives the memories of `ids` (every one when None) that a read in `view` may return, each with the
    quotes `quotes` gives for it: a waiting quote is never among them. With `limit` and `ids` None it
    gives one page: the first `limit` of them in id order (as Python orders strings) whose id comes
    after `after` (from the first when None), so that a retriever can load a large store a page at a
    time, each page its own read, without ever holding every text at once."""

    def changes(self, since: str | None) -> Changes: ...

    def documents(
        self,
        ids: Collection[str] | None,
        view: View = EVERYTHING,
        *,
        after: str | None = None,
        limit: int | None = None,
    ) -> list[Document]: ...


@runtime_checkable
class Outlines(Protocol):
    """A store that lists its memories without reading every quote: `outlines(state)` gives what
    `memories(state)` gives, in the same order, but each memory's `quotes` are only its waiting ones
    (`pending`), so that a review of 10,000 memories with long quotes lists them in a few milliseconds and
    reads the quotes of the memories it shows."""

    def outlines(self, state: str | None = None) -> list[Memory]: ...


class Proposer(msgspec.Struct, frozen=True, kw_only=True):
    """A connection as the owner's review lists it (`KnowsProposers.connections`)."""

    connection: Connection
    waiting: int
    """Its new memories that still wait for the owner (unconfirmed)."""
    proposed: int
    """Every memory it proposed that the store still has, whatever the owner decided."""
    last: float
    """When it last proposed a new memory."""


@runtime_checkable
class KnowsProposers(Protocol):
    """A store that records which connection proposed each new memory, in the proposal's own transaction.

    `proposing(connection, most)` is a context manager: a `propose` inside it (on the same thread) records
    `connection` as the new memory's proposer, and raises `TooManyWaiting` (storing nothing) when `most`
    or more memories that connection proposed are still unconfirmed. `connections()` lists every connection
    that proposed, most recent first. `proposed_by(ids, since, until)` gives the unconfirmed memories that
    the connections `ids` proposed, created at `since` or after and before `until` (either None: no
    bound), newest first, without quotes. `proposers(ids)` maps each memory of `ids` that has a recorded
    proposer to that connection's id. A memory proposed before the store knew proposers has none."""

    def proposing(self, connection: Connection, most: int) -> AbstractContextManager[None]: ...

    def connections(self) -> list[Proposer]: ...

    def proposed_by(self, ids: Collection[str], since: float | None, until: float | None) -> list[Memory]: ...

    def proposers(self, ids: Collection[str]) -> dict[str, str]: ...


@runtime_checkable
class RestoresProposers(Protocol):
    """A store that takes who proposed what from another (`personakit migrate`), beside `restore`.

    `restore_proposers(connections, proposers)` records each connection of `connections` (one the store
    has already is left as it is) and, for each memory id of `proposers`, the connection id it maps to as
    that memory's proposer, in one transaction: all or nothing. A memory the store does not have, or a
    connection id that `connections` does not hold, is a `StoreError` and records nothing."""

    def restore_proposers(self, connections: Collection[Connection], proposers: Mapping[str, str]) -> None: ...


def proposers_problem(connections: Collection[Connection], proposers: Mapping[str, str]) -> str | None:
    """Why `restore_proposers` cannot take these (a proposer among no connection given), or None."""
    known = {connection.id for connection in connections}
    for memory, connection in proposers.items():
        if connection not in known:
            return f"{memory} was proposed by {connection}, which is not among the connections given."
    return None


DERIVED_KIND_MAX = 200
"""The longest name of a kind of derived rows (`KeepsDerived`), in characters."""
DERIVED_BYTES_MAX = 65_536
"""The most bytes one derived row (`KeepsDerived`) may hold: a vector of 16,384 single-precision
components, or of 32,768 in half precision."""


def derived_problem(kind: str, rows: Mapping[str, bytes] | None = None) -> str | None:
    """Why `kind` and `rows` cannot be kept (`KeepsDerived.keep_derived`), one sentence, or None."""
    if not isinstance(kind, str) or not kind.strip() or len(kind) > DERIVED_KIND_MAX or not kind.isprintable():
        return f"A kind of derived rows is a printable name of 1 to {DERIVED_KIND_MAX} characters."
    for memory, data in (rows or {}).items():
        if not isinstance(memory, str) or not isinstance(data, bytes | bytearray):
            return "Derived rows map a memory id to bytes."
        if len(data) > DERIVED_BYTES_MAX:
            return f"A derived row holds at most {DERIVED_BYTES_MAX:,} bytes; one of {memory} has {len(data):,}."
    return None


@runtime_checkable
class KeepsDerived(Protocol):
    """A store that keeps, in its own files, what a retriever derives from a memory (a vector, keyed
    hashes of stems): one row of bytes per memory and `kind`, where the kind names the model and the
    way it derives (its identity from the model's content, not just its name; at most
    `DERIVED_KIND_MAX` characters; a row at most `DERIVED_BYTES_MAX` bytes), so that it is computed
    once per memory and per change and shared by every process on the same data.

    - `derived(kind, ids, view)`: the rows of `kind` of those of `ids` that a read in `view` may
      return (approved and unconfirmed memories in the view's categories, approved ones only under
      `approved_only`): a view never reads a row of a memory outside it.
    - `keep_derived(kind, rows, since)`: keep `rows` (memory id -> bytes, replacing any row of the
      same memory and kind) of the memories a read may return that have not changed since the cursor
      `since` of `changes` (taken before the documents they were derived from were read); a memory
      changed since, rejected, restricted, or a cursor that `changes` would answer with a reset, keeps
      nothing, for what the row was derived from may be gone. Returns the ids kept, one transaction.
    - `derived_count(kind, view)`: how many memories a read in `view` may return have a row of `kind`,
      and how many there are: what `personakit doctor` shows of an index being built.

    Erasure: every change to a memory's text, quotes (one added, accepted, waiting again, dropped),
    state or category deletes every row derived from it, of every kind, in the same transaction as
    the change, whichever path makes it (a decision, an undo, a restore). So a reject erases them with
    its text, under the same guarantee (secure deletion, then the file rewritten and its log emptied),
    and a row is never older than what it was derived from."""

    def derived(self, kind: str, ids: Collection[str], view: View = EVERYTHING) -> dict[str, bytes]: ...

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]: ...

    def derived_count(self, kind: str, view: View = EVERYTHING) -> tuple[int, int]: ...


class Description(msgspec.Struct, frozen=True, kw_only=True):
    """What a store says of itself for the owner (`Describes.describe`), in its backend's own terms."""

    backend: str
    """The kind of store, as the owner knows it: `SQLite`, `PostgreSQL`."""
    location: str
    """Where the data is, as `Store.location` says it."""
    exists: bool
    """Whether anything is there yet; False when the store makes its data on first use."""
    own: bool
    """Whether what is there is PersonaKit's: every table (or equivalent) the store keeps is there."""
    schema: int
    """The schema version of the data there (0 when there is none)."""
    schema_known: int
    """The newest schema version this store knows: an older one is upgraded when next opened to write,
    a newer one is refused."""
    sizes: dict[str, int] = msgspec.field(default_factory=dict)
    """Bytes, by the part of the store that holds them (`database`, `write-ahead log`, a table ...)."""
    counts: dict[str, int] = msgspec.field(default_factory=dict)
    """Rows, by table or equivalent (`memories`, `quotes`, `decisions` ...)."""
    erasure_unfinished: bool = False
    """A reject's erasure is marked but not finished: the next PersonaKit command that writes finishes it."""

    @property
    def current(self) -> bool:
        return self.schema == self.schema_known


@runtime_checkable
class Describes(Protocol):
    """A store that `personakit doctor` can check: `describe()` says where it is, its schema and size
    (`Description`); `integrity()` runs the backend's own check of its data and gives the problems found
    (an empty list when it passed). Both only look: nothing is written, on a store opened with
    `Config.look_only` too, where the data may be missing, another program's or of another schema."""

    def describe(self) -> Description: ...

    def integrity(self) -> list[str]: ...


@runtime_checkable
class Retires(Protocol):
    """A store that keeps what the owner retired (both shipped stores do; `storage.retirement` is the logic).

    A retired memory is a state of its own: no read returns it, fills with it or counts it, no
    retriever is given it, and the owner still sees its text, its dates and what replaced it.

    - `retire(memory_id, now, replaced_by=None, on=None)`: retire it now (`on` None or not after
      `now`), recorded as a `retire` decision; or set the date `on` it retires itself, recorded as a
      `retire-on` decision that leaves its state. Either is undone by `undo`.
    - `replace(old, new, now, shown=None)`: in one transaction, approve `new` (confirming the quotes in
      `shown`, as `decide` does) and retire `old` with a link to it: two decisions, the retire last.
    - `retire_due(now)`: retire every memory whose date has come, each as a `retire` decision dated on
      its date, so that a date needs no background job. `due(now)`, one lookup (inside a snapshot, in
      its read transaction), says whether any is: what every read asks first, and retires them if so.
    - `retirements(ids)`: what is known of each memory of `ids` (every one when None) that retired or
      has a date to."""

    def retire(
        self, memory_id: str, now: float, *, replaced_by: str | None = None, on: float | None = None
    ) -> Decision: ...

    def replace(
        self, old: str, new: str, now: float, *, shown: Collection[str] | None = None
    ) -> tuple[Decision, Decision]: ...

    def retire_due(self, now: float) -> list[Decision]: ...

    def due(self, now: float) -> bool: ...

    def retirements(self, ids: Collection[str] | None = None) -> dict[str, Retirement]: ...
