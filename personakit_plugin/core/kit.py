"""A running PersonaKit: the plugins and the store, and the checks on everything that leaves.

The two tools go through `PersonaKit.read` and `PersonaKit.propose`. Whatever the plugins do, a
read that leaves here is checked against the store: only approved and unconfirmed memories, each
once, with their stored category and state, their text as the owner approved it or else masked by
the redaction hooks, at most two of their showable quotes masked and shortened, the contract's note
and the store's count of matching restricted memories. A plugin that breaks a rule makes the read
fail, never leak; so does a redaction hook whose mask is not a span inside the text.

A kit may have a view (`View`, from `personakit serve --categories ... --approved-only`): the memories
outside it do not exist for this connection. The store is asked within the view, the boundary refuses a
read that returns a memory outside it, and a proposal whose memory lies outside it is answered as a
store without that memory would answer: under `--categories` the store gives it a memory of its own in
the view; under `--approved-only` the kit answers from what this connection proposed itself.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, cast

import msgspec

from personakit_plugin.core import hookspecs
from personakit_plugin.core.hooks import Hooks, PluginError
from personakit_plugin.core.hookspecs import Kit
from personakit_plugin.core.model import (
    CLIENT_NAME_MAX,
    EVERYTHING,
    EVIDENCE_QUOTES,
    FILL_TO,
    PROPOSALS_KEPT,
    UNCONFIRMED_NOTE,
    WAITING_PER_CONNECTION,
    Candidate,
    Changes,
    Connection,
    Document,
    Memory,
    ProposeResult,
    ReadMemory,
    ReadResult,
    Scored,
    View,
    question_problem,
)
from personakit_plugin.core.plugins import DEFAULT_RANK, PluginManager, make_plugin_manager
from personakit_plugin.core.reading import CURRENT, Reading, fused
from personakit_plugin.core.redaction import Mask, apply_masks, as_shown, shorten
from personakit_plugin.core.store import (
    Config,
    Follows,
    IndexesAsShown,
    KeepsDerived,
    KnowsProposers,
    Matches,
    RanksInStore,
    ReadsMany,
    Retires,
    Snapshots,
    Store,
)
from personakit_plugin.core.words import content_words, normalise

log = logging.getLogger(__name__)

CURSOR_MARK = "/"
"""Between the masking's name and the store's own cursor in a cursor `PersonaKit.changes` gives."""
MASKED_KEPT = 4096
"""Texts whose masked form a kit remembers (`PersonaKit.masked`), the least recently shown forgotten first."""


class ReadRefused(PluginError):
    """A read would have broken one of the owner's rules; nothing was returned.

    The message names the plugin that answered and the rule, never the content it returned."""


class PersonaKit:
    def __init__(self, pm: PluginManager, config: Config, view: View = EVERYTHING) -> None:
        self.pm = pm
        self.hooks = Hooks(pm)
        """The one door to the hooks: every hook this kit calls, it calls through a method of this."""
        self.config = config
        self.view = view
        self.store: Store = self.hooks.store(config)
        # What the store can do is looked up once: a protocol check costs more than a small read.
        self._snapshots = isinstance(self.store, Snapshots)
        self._ranks = isinstance(self.store, RanksInStore)
        self._reads_many = isinstance(self.store, ReadsMany)
        self._follows = isinstance(self.store, Follows)
        self._keeps_derived = isinstance(self.store, KeepsDerived)
        self._retires = isinstance(self.store, Retires)
        self._masked: OrderedDict[str, str] = OrderedDict()
        # The texts this connection proposed, as hashes keyed for this process only (`_within_view`).
        self._proposed: OrderedDict[bytes, None] = OrderedDict()
        self._proposed_key = os.urandom(16)
        self._knows_proposers = isinstance(self.store, KnowsProposers)
        self._connections: dict[tuple[str, str], Connection] = {}
        self.most_waiting = WAITING_PER_CONNECTION
        """The most new memories one connection of this kit may leave waiting for the owner."""
        self.redaction = self._redaction()
        """The name of this kit's masking: its redaction plugins, in the order they are asked, at their
        versions. A retriever's cursor carries it (`changes`), and the store's word index is built with
        it (`IndexesAsShown`): another masking makes both index again what a read shows."""
        if isinstance(self.store, IndexesAsShown) and not config.look_only:
            self.store.index_as_shown(self._indexed, self.redaction)

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        *,
        plugins: Iterable[object] = (),
        environ: Mapping[str, str] | None = None,
        entry_points: bool = True,
        create: bool = True,
        view: View = EVERYTHING,
    ) -> PersonaKit:
        """Load the plugins and open the store in `data_dir` (see `Config.create` for `create`), for a
        connection that sees `view`."""
        import os

        env = dict(os.environ if environ is None else environ)
        pm = make_plugin_manager(plugins, environ=env, entry_points=entry_points)
        return cls(pm, Config(data_dir=Path(data_dir), environ=env, create=create), view)

    def close(self) -> None:
        self.store.close()

    def _redaction(self) -> str:
        versions = self.pm.versions
        named = ",".join(f"{name}=={versions.get(name, '')}" for name in self.hooks.order(hookspecs.personakit_redact))
        return hashlib.blake2b(named.encode("utf-8"), digest_size=8).hexdigest()

    # -- the two tools ----------------------------------------------------------------------

    def read(self, question: str, limit: int) -> ReadResult:
        """`personakit_read` on checked arguments: a question too long, once normalised, is a ValueError
        (the tool says so first, as a tool error: `model.question_problem`)."""
        too_long = question_problem(question)
        if too_long:
            raise ValueError(too_long)
        # One read transaction for the hook and the boundary check (when the store offers it); the
        # read's own state (its words, the restricted count the store gave) lives in its `Reading`.
        reading = Reading(self, question, limit)
        token = CURRENT.set(reading)
        try:
            answered = self._read_once(question, limit, reading, look_for_due=True)
            if answered is None:  # a memory's date to retire has come: it retires first (one write)
                self.retire_due()
                answered = self._read_once(question, limit, reading, look_for_due=False)
            assert answered is not None
            name, result, broken = answered
        finally:
            CURRENT.reset(token)
        if broken:
            raise ReadRefused(
                f"PersonaKit plugin {name!r} answered personakit_read with {broken}; nothing was returned."
            )
        return result

    def propose(
        self, text: str, quote: str, category: str | None, *, client: tuple[str, str] | None = None
    ) -> ProposeResult:
        """The `personakit_propose` tool. `client` is the name and version the MCP client gave in
        `initialize` (None: it gave none): the store records which connection proposed each new memory
        and refuses a proposal with `TooManyWaiting` once that connection left `most_waiting` memories
        waiting (a store that `KnowsProposers`)."""
        if not self._knows_proposers:
            return self._within_view(self.hooks.propose(self, text, quote, category), text)
        with cast(KnowsProposers, self.store).proposing(self.connection(client), self.most_waiting):
            return self._within_view(self.hooks.propose(self, text, quote, category), text)

    def connection(self, client: tuple[str, str] | None = None) -> Connection:
        """This process's connection for the client that called itself `client` (name, version): made
        on first use with a random id, the same for every later call of that client here."""
        name, version = (part[:CLIENT_NAME_MAX] for part in client or ("", ""))
        found = self._connections.get((name, version))
        if found is None:
            found = Connection(id="c_" + os.urandom(4).hex(), client=name, version=version, started=self.now())
            self._connections[(name, version)] = found
        return found

    def _read_once(
        self, question: str, limit: int, reading: Reading, *, look_for_due: bool
    ) -> tuple[str, ReadResult, str | None] | None:
        """The read in one read transaction, and what is wrong with it; None, before reading anything,
        when `look_for_due` finds a memory whose date to retire has come (`Retires.due`)."""
        with cast(Snapshots, self.store).snapshot() if self._snapshots else nullcontext():
            if look_for_due and self._retires and cast(Retires, self.store).due(self.now()):
                return None
            name, result = self.hooks.read(self, question, limit)  # a ReadResult, checked there
            return name, result, self._check_read(result, reading)

    def retire_due(self) -> None:
        """Retire every memory whose date to retire has come (`Retires.retire_due`): what every read and each of
        the owner's commands does first, so that a date takes effect at the first read after it, with no job."""
        if self._retires:
            cast(Retires, self.store).retire_due(self.now())

    def _within_view(self, result: ProposeResult, text: str) -> ProposeResult:
        """The answer to a proposal as this connection may see it. Under `--categories` the store already
        answered within the view (`Store.propose`). Under `--approved-only` an unconfirmed memory lies
        outside the view (a restricted one is counted in `withheld`, so inside it), so whether anyone
        proposed it before is not this connection's to learn: it is new the first time this connection
        proposes the text and not new after, as a store holding only what it proposed would answer.
        The kit remembers the last `PROPOSALS_KEPT` texts; one forgotten is answered as new again,
        whether or not it exists."""
        if not self.view.approved_only or not result.stored or result.id is None or result.state != "unconfirmed":
            return result
        digest = hashlib.blake2b(normalise(text).encode("utf-8"), key=self._proposed_key, digest_size=16).digest()
        seen = digest in self._proposed
        self._proposed[digest] = None
        self._proposed.move_to_end(digest)
        if len(self._proposed) > PROPOSALS_KEPT:
            self._proposed.popitem(last=False)
        return ProposeResult(stored=True, id=result.id, new=bool(result.new) or not seen, state="unconfirmed")

    def default_read(self, question: str, limit: int) -> ReadResult:
        """The documented read (the default `personakit_read` hook), as a pipeline that flows one way: the
        question's words (once per read), the retrievers' memories, the word index's matches, their
        fusion, the fill of rule 5, what is shown. With no retriever answering it is exactly the
        contract's read. Not part of the plugin contract: a plugin calls the default hook instead."""
        reading = self._reading()
        words = reading.words_of(question) if reading is not None else content_words(question)
        brought = self._retrieve(question, words, limit)
        # The fast path: with the default ranker in effect, a store that ranks in its own queries
        # returns only the first `limit` matches (and the restricted count); ranking them again changes
        # nothing. Otherwise every candidate goes to the ranking hook in effect. Both give the same result.
        if self._ranks_in_store():
            found = self._top_matches(words, limit)
            ranked = found.candidates
        else:
            found = self.matches(words)
            ranked = self.rank(question, found.candidates)
        matched = {candidate.memory.id for candidate in ranked}
        if brought is None:
            chosen = [candidate.memory for candidate in ranked[:limit]]
        else:
            # The retrievers' memories first, then the word matches they did not bring. At most `limit`
            # of them are in `brought`, so `limit` word matches always leave enough of the others.
            first = [memory for _, memory in brought]
            matched.update(memory.id for memory in first)
            taken = {memory.id for memory in first}
            chosen = (first + [candidate.memory for candidate in ranked if candidate.memory.id not in taken])[:limit]
        room = min(FILL_TO, limit) - len(chosen)
        if room > 0:  # fewer matches than `limit`, so `matched` holds every match on either path
            chosen += self.approved(room, exclude=matched)
        return self._shown(chosen, found.restricted)

    def _shown(self, chosen: list[Memory], withheld: int) -> ReadResult:
        """The chosen memories as a read shows them: texts as shown, at most two quotes, masked and cut."""
        quotes = self.store.quotes([memory.id for memory in chosen])
        memories = [
            ReadMemory(
                id=memory.id,
                text=self.shown_text(memory),  # masked unless the owner approved it
                category=memory.category,
                confirmed=memory.state == "approved",
                evidence=[self.redact(quote) for quote in reversed(quotes.get(memory.id, ())[-EVIDENCE_QUOTES:])],
            )
            for memory in chosen
        ]
        unconfirmed = any(not memory.confirmed for memory in memories)
        return ReadResult(memories=memories, withheld=withheld, note=UNCONFIRMED_NOTE if unconfirmed else None)

    def _reading(self) -> Reading | None:
        """This kit's read in progress, if any."""
        reading = CURRENT.get()
        return reading if reading is not None and reading.kit is self else None

    def retrieve(self, question: str, limit: int) -> list[Scored] | None:
        """What the retrieval hooks bring for `question`: their answers fused, best first, at most
        `limit`, only memories a read in this view may return; None when no retrieval hook answered."""
        brought = self._retrieve(question, content_words(question), limit)
        return None if brought is None else [scored for scored, _ in brought]

    def _retrieve(self, question: str, words: frozenset[str], limit: int) -> list[tuple[Scored, Memory]] | None:
        """The retrievers' memories with their fused scores, best first, cut to `limit`; an id that is
        not a memory this view may read is dropped before fusion."""
        found = self.hooks.retrieve(self, question, words, limit)
        if found is None:
            return None
        named = list(dict.fromkeys(item.id for answer in found for item in answer))
        stored = {key: memory for key, memory in self._stored(named).items() if self.view.shows(memory)}
        return [(scored, stored[scored.id]) for scored in fused(found, stored)[:limit]]

    def changes(self, since: str | None) -> Changes:
        """What may have changed since the cursor `since` (see `Changes`), from a store that `Follows`;
        a store that cannot say has every retriever reload at every call. The cursor carries the kit's
        masking (`redaction`): one given under another masking (a redaction plugin installed, removed or
        upgraded since, in this process or the one that kept the cursor) is answered with a reset, so
        that nothing indexed as another masking showed it outlives the change."""
        if not self._follows:
            return Changes(cursor="unfollowed", reset=True)
        mark, _, cursor = (since or "").partition(CURSOR_MARK)
        found = cast(Follows, self.store).changes(cursor if since is not None and mark == self.redaction else None)
        return msgspec.structs.replace(found, cursor=f"{self.redaction}{CURSOR_MARK}{found.cursor}")

    def documents(
        self, ids: Collection[str] | None = None, *, after: str | None = None, limit: int | None = None
    ) -> list[Document]:
        """The memories among `ids` (every one when None) that a read in this view may return, as a read
        would show them (`shown`): their text as `shown_text` shows it and the quotes the owner has let
        stand (`Store.quotes`, never a waiting quote), each as `redact` shows it. With `limit` (and `ids`
        None), one page of them: the first `limit` in id order after the id `after`."""
        return [self.shown(document) for document in self._documents(ids, after=after, limit=limit)]

    def shown(self, document: Document) -> Document:
        """`document` as a read would show it, masked by every redaction hook and its quotes shortened:
        what a retriever may index, so that no index holds what a read masks (the contract)."""
        return msgspec.structs.replace(
            document,
            text=as_shown(document.text, document.state, self.masked),
            quotes=tuple(self.redact(quote) for quote in document.quotes),
        )

    def _documents(
        self, ids: Collection[str] | None, *, after: str | None = None, limit: int | None = None
    ) -> list[Document]:
        """`documents` as the store holds them, not masked."""
        if self._follows:
            return cast(Follows, self.store).documents(ids, self.view, after=after, limit=limit)
        if ids is None:
            memories = [memory for memory in self.store.memories() if self.view.shows(memory)]
            if limit is not None:
                memories = sorted((memory for memory in memories if memory.id > (after or "")), key=lambda m: m.id)
                memories = memories[:limit]
        else:
            wanted = list(dict.fromkeys(ids))
            got = {memory: self.store.get(memory) for memory in wanted}
            memories = [memory for memory in got.values() if memory is not None and self.view.shows(memory)]
        quotes = self.store.quotes([memory.id for memory in memories])
        return [Document.of(memory, quotes.get(memory.id, ())) for memory in memories]

    def derived(self, kind: str, ids: Collection[str]) -> dict[str, bytes] | None:
        """What a retriever kept of `kind` (`keep_derived`) for those of `ids` a read in this view may
        return, by id; None when the store keeps nothing derived (`KeepsDerived`)."""
        if not self._keeps_derived:
            return None
        return cast(KeepsDerived, self.store).derived(kind, ids, self.view)

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]:
        """Keep in the store what a retriever derived from memories (`rows`, id -> bytes) under `kind`
        (its model's identity and way of deriving), for every process on the data to use; only for
        memories unchanged since the cursor `since` of `changes`, taken before their documents were read
        (a cursor of another masking keeps nothing). The ids kept; none when the store keeps nothing
        derived. The store erases a row with every
        change to its memory (`KeepsDerived`)."""
        if not self._keeps_derived:
            return []
        # `since` is a cursor as `changes` gave it, `<masking>/<store cursor>`: the store is handed its own
        # cursor. One of another masking is stale (`changes` would reset): what it was derived from may
        # have been shown otherwise, so nothing is kept.
        mark, found, cursor = since.partition(CURSOR_MARK)
        if not found or mark != self.redaction:
            return []
        return cast(KeepsDerived, self.store).keep_derived(kind, rows, cursor)

    def derived_count(self, kind: str) -> tuple[int, int] | None:
        """How many memories a read in this view may return have a row of `kind`, and how many there
        are; None when the store keeps nothing derived."""
        if not self._keeps_derived:
            return None
        return cast(KeepsDerived, self.store).derived_count(kind, self.view)

    def _ranks_in_store(self) -> bool:
        """Whether the default read may let the store rank (the fast path, private to the default read
        and the store): the store ranks in its own queries (`RanksInStore`) and the ranking hook in
        effect is the default word-overlap ranker, whose order the store's is. The default read then
        asks for the first `limit` matches only; with any other ranker in effect, it gets every one."""
        return self._ranks and self.hooks.order(hookspecs.personakit_rank)[:1] == [DEFAULT_RANK]

    def _top_matches(self, words: frozenset[str], limit: int) -> Matches:
        """The first `limit` matches in the view, ranked by the store (only when `_ranks_in_store()`)."""
        return self._remembered(words, cast(RanksInStore, self.store).top_matches(words, limit, self.view))

    def _remembered(self, words: frozenset[str], found: Matches) -> Matches:
        """`found`, its restricted count kept in the read in progress: the boundary check then need not
        ask the store again for the question's words."""
        reading = self._reading()
        if reading is not None:
            reading.restricted[words] = found.restricted
        return found

    # -- helpers for plugins ----------------------------------------------------------------

    def matches(self, words: frozenset[str]) -> Matches:
        """The store's matches for `words` in this connection's view: every memory the view shows that
        shares a word with them, and the count of the restricted ones in the view's categories."""
        return self._remembered(words, self.store.matches(words, self.view))

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        """Up to `limit` approved memories in this connection's view, not in `exclude`, most recently
        approved first: what fills a read with few matches."""
        return self.store.approved(limit, exclude, self.view)

    def rank(self, question: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        """The matching candidates, best first, as the ranking hook orders them.

        Only the candidates passed in can come back, each at most once.
        """
        reading = self._reading()
        words = reading.words_of(question) if reading is not None else content_words(question)
        return self.hooks.rank(question, words, candidates)

    def masks(self, text: str) -> list[Mask]:
        """Every span any redaction hook wants hidden in `text`, each checked to be a span inside it.

        A hook that raises, or returns anything but masks that keep `redaction.MASK_RULE`, is a
        PluginError naming it."""
        return self.hooks.redact(text)

    def masked(self, text: str) -> str:
        """`text` with every span a redaction hook wants hidden replaced by its label, not shortened.

        The kit remembers the last `MASKED_KEPT` texts it masked: a text is masked once, not once per
        read that shows it, and the boundary check sees what the read showed."""
        cache = self._masked
        shown = cache.get(text)
        if shown is not None:
            cache.move_to_end(text)
            return shown
        shown = cache[text] = apply_masks(text, self.masks(text))
        if len(cache) > MASKED_KEPT:
            cache.popitem(last=False)
        return shown

    def _indexed(self, text: str) -> str:
        """What the store's word index keys of a text a read masks (`IndexesAsShown`): the text masked;
        nothing when a redaction hook fails on it. A read that would show it fails closed anyway, and a
        proposal is not lost for a plugin's fault; a fixed plugin is another version, whose masking
        keys the words again."""
        try:
            return self.masked(text)
        except PluginError as exc:  # its sentence names the plugin and the exception's type, never a text
            log.warning("%s A memory it failed on is found by no word until it works.", exc)
            return ""

    def redact(self, quote: str) -> str:
        """A quote as it may be shown: masked by every redaction hook, then shortened (read rule 7)."""
        return shorten(self.masked(quote))

    def shown_text(self, memory: Memory) -> str:
        """A memory's text as a read shows it: as the owner approved it, else masked (read rule 7a)."""
        return as_shown(memory.text, memory.state, self.masked)

    def refusal(self, text: str, quote: str) -> str | None:
        """The first reason a refusal hook gives for `text` and `quote`, or None."""
        return self.hooks.refuse(text, quote)

    @staticmethod
    def now() -> float:
        return time.time()

    # -- the boundary -----------------------------------------------------------------------

    def _check_read(self, result: ReadResult, reading: Reading) -> str | None:
        """What is wrong with a read's result, checked against the store, or None when it may leave.

        Every memory is an approved or unconfirmed one, at most once, with its stored category, its
        text as `shown_text` shows it and `confirmed` true exactly when approved; its evidence is at
        most two of its showable quotes as `redact` shows them; `note` is there exactly when a memory
        is unconfirmed; `withheld` is the store's count of matching restricted memories."""
        broken = _shape_problem(result, reading.limit)
        if broken:
            return broken
        stored: list[Memory] = []
        known = self._stored([memory.id for memory in result.memories])
        for memory in result.memories:
            found = known.get(memory.id)
            if found is None or found.state not in ("approved", "unconfirmed"):
                return "a memory the owner has not allowed"
            if not self.view.shows(found):
                return "a memory outside this connection's view"
            broken = self._memory_problem(memory, found)
            if broken:
                return broken
            stored.append(found)
        broken = self._evidence_problem(result.memories)
        if broken:
            return broken
        unconfirmed = any(found.state != "approved" for found in stored)
        if result.note != (UNCONFIRMED_NOTE if unconfirmed else None):
            return "a note that is not the one the contract gives for these memories"
        if result.withheld != self._restricted_matches(reading):
            return "a withheld count that is not the number of matching restricted memories in the view"
        return None

    def _stored(self, ids: list[str]) -> dict[str, Memory]:
        """The stored memories of `ids`, in one lookup when the store can."""
        if self._reads_many:
            return cast(ReadsMany, self.store).get_many(ids)
        found = {memory: self.store.get(memory) for memory in ids}
        return {memory: stored for memory, stored in found.items() if stored is not None}

    def _memory_problem(self, memory: ReadMemory, found: Memory) -> str | None:
        if memory.confirmed is not (found.state == "approved"):
            return "a memory whose confirmed flag is not its state"
        if memory.category != found.category:
            return "a memory whose category is not the stored one"
        if memory.text != self.shown_text(found):
            return "a memory whose text is not the stored one as it may be shown"
        return None

    def _evidence_problem(self, memories: Sequence[ReadMemory]) -> str | None:
        if not any(memory.evidence for memory in memories):
            return None
        quotes = self.store.quotes([memory.id for memory in memories if memory.evidence])
        for memory in memories:
            if len(memory.evidence) > EVIDENCE_QUOTES:
                return f"more than {EVIDENCE_QUOTES} quotes of one memory"
            wanted, shown = set(memory.evidence), set[str]()
            for quote in reversed(quotes.get(memory.id, ())):  # newest first, as evidence is chosen
                shown.add(self.redact(quote))
                if wanted <= shown:
                    break
            if not wanted <= shown:
                return "a quote that is not one of the memory's showable quotes, masked and shortened"
        return None

    def _restricted_matches(self, reading: Reading) -> int:
        """How many restricted memories match the read's question, as the store counted them for this
        read (through `matches`) or counts them now."""
        words = reading.words
        if words in reading.restricted:
            return reading.restricted[words]
        if self._ranks:
            return cast(RanksInStore, self.store).top_matches(words, 1, self.view).restricted
        return self.store.matches(words, self.view).restricted


def _shape_problem(result: ReadResult, limit: int) -> str | None:
    """What is wrong with a read's result before the store is asked, or None.

    The result, its memories and every value in them must be exactly the declared types: a subclass
    could carry more fields into the JSON, or compare or iterate differently for this check than
    for the encoder. At most `limit` memories, no id twice."""
    if type(result) is not ReadResult or type(result.memories) is not list:
        return "a result that is not a ReadResult"
    if type(result.withheld) is not int:
        return "a withheld count that is not an integer"
    if result.note is not None and type(result.note) is not str:
        return "a note that is not text"
    if len(result.memories) > limit:
        return f"{len(result.memories)} memories, more than the limit of {limit}"
    for memory in result.memories:
        if type(memory) is not ReadMemory or not _is_text(memory.id, memory.text, memory.category):
            return "a memory that is not a ReadMemory of text fields"
        if not isinstance(memory.confirmed, bool):
            return "a memory whose confirmed flag is not a boolean"
        if type(memory.evidence) is not list or not _is_text(*memory.evidence):
            return "evidence that is not a list of text"
    if len({memory.id for memory in result.memories}) != len(result.memories):
        return "the same memory twice"
    return None


def _is_text(*values: object) -> bool:
    return all(type(value) is str for value in values)


if TYPE_CHECKING:

    def _a_kit_is_what_hooks_get(kit: PersonaKit) -> Kit:
        return kit  # mypy checks that PersonaKit has everything `hookspecs.Kit` promises
