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
store without that memory would answer.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from personakit_plugin.core.hookspecs import DEFAULT_ORDER, Kit
from personakit_plugin.core.model import (
    EVERYTHING,
    EVIDENCE_QUOTES,
    UNCONFIRMED_NOTE,
    Candidate,
    Memory,
    ProposeResult,
    ReadMemory,
    ReadResult,
    View,
)
from personakit_plugin.core.plugins import (
    PluginError,
    PluginManager,
    answer_first,
    call_each,
    call_first,
    implementations,
    make_plugin_manager,
    shown_value,
)
from personakit_plugin.core.redaction import MASK_RULE, Mask, apply_masks, mask_problem, shorten
from personakit_plugin.core.store import Config, Matches, RanksInStore, ReadsMany, Snapshots, Store
from personakit_plugin.core.words import content_words, memory_id

MASKED_KEPT = 4096
"""Texts whose masked form a kit remembers (`PersonaKit.masked`), the least recently shown forgotten first."""


class ReadRefused(PluginError):
    """A read would have broken one of the owner's rules; nothing was returned.

    The message names the plugin that answered and the rule, never the content it returned."""


class PersonaKit:
    def __init__(self, pm: PluginManager, config: Config, view: View = EVERYTHING) -> None:
        self.pm = pm
        self.config = config
        self.view = view
        self.store: Store = call_first(pm, "personakit_store", object, config=config)
        # What the store can do is looked up once: a protocol check costs more than a small read.
        self._snapshots = isinstance(self.store, Snapshots)
        self._ranks = isinstance(self.store, RanksInStore)
        self._reads_many = isinstance(self.store, ReadsMany)
        self._masked: OrderedDict[str, str] = OrderedDict()
        self._restricted: dict[frozenset[str], int] | None = None

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

    # -- the two tools ----------------------------------------------------------------------

    def read(self, question: str, limit: int) -> ReadResult:
        # One read transaction for the hook and the boundary check (when the store offers it); the
        # restricted count the store gave is remembered for the check until the read is done.
        self._restricted = {}
        try:
            with cast(Snapshots, self.store).snapshot() if self._snapshots else nullcontext():
                answer = answer_first(self.pm, "personakit_read", ReadResult, kit=self, question=question, limit=limit)
                name, result = answer[0], cast(ReadResult, answer[1])  # answer_first checked the type
                broken = self._check_read(result, question, limit)
        finally:
            self._restricted = None
        if broken:
            raise ReadRefused(
                f"PersonaKit plugin {name!r} answered personakit_read with {broken}; nothing was returned."
            )
        return result

    def propose(self, text: str, quote: str, category: str | None) -> ProposeResult:
        result: ProposeResult = call_first(
            self.pm, "personakit_propose", ProposeResult, kit=self, text=text, quote=quote, category=category
        )
        return self._within_view(result, text)

    def _within_view(self, result: ProposeResult, text: str) -> ProposeResult:
        """The answer to a proposal as this connection may see it: a memory outside the view (say, a
        proposal whose text is already a restricted memory of a category the view leaves out) is
        answered as a new unconfirmed memory, as a store without it would answer, so the answer tells
        nothing of what lies outside."""
        if self.view.categories is None or not result.stored or result.id is None:
            return result
        found = self.store.get(result.id)
        if found is None or self.view.covers(found.category):
            return result
        return ProposeResult(stored=True, id=memory_id(text.strip()), new=True, state="unconfirmed")

    # -- helpers for plugins ----------------------------------------------------------------

    def ranks_in_store(self) -> bool:
        """Whether the store may rank: it ranks in its own queries (`RanksInStore`) and the first
        `personakit_rank` implementation called keeps the default order (`hookspecs.in_default_order`,
        as the default word-overlap ranker does). The default read then asks for the first `limit`
        matches only; with any other ranker in effect, the ranker gets every candidate."""
        first = next(implementations(self.pm, "personakit_rank"), None)
        in_order = first is not None and getattr(first[1], DEFAULT_ORDER, False) is True
        return in_order and self._ranks

    def matches(self, words: frozenset[str], limit: int | None = None) -> Matches:
        """The store's matches for `words` in this connection's view: the first `limit`, ranked by the
        store, when `limit` is given (only when `ranks_in_store()`), else every one.

        Within a read, the restricted count the store gave is remembered, so the boundary check need
        not ask the store again for the question's words."""
        if limit is None:
            found = self.store.matches(words, self.view)
        else:
            found = cast(RanksInStore, self.store).top_matches(words, limit, self.view)
        if self._restricted is not None:
            self._restricted[words] = found.restricted
        return found

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        """Up to `limit` approved memories in this connection's view, not in `exclude`, most recently
        approved first: what fills a read with few matches."""
        return self.store.approved(limit, exclude, self.view)

    def rank(self, question: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        """The matching candidates, best first, as the ranking hook orders them.

        Only the candidates passed in can come back, each at most once.
        """
        ranked = call_first(
            self.pm,
            "personakit_rank",
            list,
            question=question,
            words=content_words(question),
            candidates=list(candidates),
        )
        offered = {candidate.memory.id: candidate for candidate in candidates}
        chosen: list[Candidate] = []
        for candidate in ranked:
            memory_id = getattr(getattr(candidate, "memory", None), "id", None)
            if memory_id in offered:
                chosen.append(offered.pop(memory_id))
        return chosen

    def masks(self, text: str) -> list[Mask]:
        """Every span any redaction hook wants hidden in `text`, each checked to be a span inside it.

        A hook that raises, or returns anything but masks that keep `redaction.MASK_RULE`, is a
        PluginError naming it."""
        found: list[Mask] = []
        for name, masks in call_each(self.pm, "personakit_redact", text=text):
            if masks is None:
                continue
            try:
                returned = list(masks)  # a generator runs here, outside `call_each`
            except Exception as exc:
                raise PluginError.raised(name, "personakit_redact", exc) from exc
            found.extend(_checked_mask(name, mask, text) for mask in returned)
        return found

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

    def redact(self, quote: str) -> str:
        """A quote as it may be shown: masked by every redaction hook, then shortened (read rule 7)."""
        return shorten(self.masked(quote))

    def shown_text(self, memory: Memory) -> str:
        """A memory's text as a read shows it: as the owner approved it, else masked (read rule 7a)."""
        return memory.text if memory.state == "approved" else self.masked(memory.text)

    def refusal(self, text: str, quote: str) -> str | None:
        """The first reason a refusal hook gives for `text` and `quote`, or None."""
        for name, reason in call_each(self.pm, "personakit_refuse", text=text, quote=quote):
            if reason is None:
                continue
            if not isinstance(reason, str) or not reason:
                raise PluginError(
                    f"PersonaKit plugin {name!r} returned {'an empty str' if reason == '' else type(reason).__name__} "
                    "from personakit_refuse, which must return a reason or None.",
                    plugin=name,
                    hook="personakit_refuse",
                    details=f"it returned {shown_value(reason)}",
                )
            return reason
        return None

    @staticmethod
    def now() -> float:
        return time.time()

    # -- the boundary -----------------------------------------------------------------------

    def _check_read(self, result: ReadResult, question: str, limit: int) -> str | None:
        """What is wrong with a read's result, checked against the store, or None when it may leave.

        Every memory is an approved or unconfirmed one, at most once, with its stored category, its
        text as `shown_text` shows it and `confirmed` true exactly when approved; its evidence is at
        most two of its showable quotes as `redact` shows them; `note` is there exactly when a memory
        is unconfirmed; `withheld` is the store's count of matching restricted memories."""
        broken = _shape_problem(result, limit)
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
        if result.withheld != self._restricted_matches(question):
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

    def _restricted_matches(self, question: str) -> int:
        """How many restricted memories match `question`, as the store counted them for this read
        (through `matches`) or counts them now."""
        words = content_words(question)
        if self._restricted is not None and words in self._restricted:
            return self._restricted[words]
        if self._ranks:
            return cast(RanksInStore, self.store).top_matches(words, 1, self.view).restricted
        return self.store.matches(words, self.view).restricted


def _checked_mask(name: str, mask: Any, text: str) -> Mask:
    """`mask` as a Mask, if it keeps the rule of `redaction.mask_problem` for `text`; else a PluginError
    naming the plugin and the rule broken, with the mask itself only in its details."""
    try:
        start, end, label = mask  # once: a mask may be an iterator
        parts: tuple[Any, Any, Any] | None = (start, end, label)
    except Exception:
        parts = None
    problem = mask_problem(parts, text)
    if problem is not None or parts is None:
        raise PluginError(
            f"PersonaKit plugin {name!r} returned {problem} from personakit_redact; a mask must be {MASK_RULE}.",
            plugin=name,
            hook="personakit_redact",
            details=f"the mask: {shown_value(mask)}",
        )
    return Mask(*parts)


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
