"""What the terminal review (`terminal.py`) and the web review (`web.py`) share: the order
memories are reviewed in, which memories look alike, how an edit is checked, what a decision that changed
nothing says, finishing an erasure the store could not finish, undo, and the summary each says at its end.
Both reviews import this module; neither imports the other.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from personakit_plugin.core.model import CATEGORIES, QUOTE_DECISIONS, TEXT_LIMIT, Connection, Decision, Memory
from personakit_plugin.core.plugins import PluginError
from personakit_plugin.core.store import (
    FinishesErasure,
    KnowsProposers,
    Outlines,
    ReadsMany,
    RemembersShown,
    Store,
    StoreError,
)
from personakit_plugin.core.words import content_words
from personakit_plugin.owner.display import plural, refusal

if TYPE_CHECKING:
    from personakit_plugin.core.kit import PersonaKit

SIMILAR_LIMIT = 3
SIMILAR_MIN = 0.2
"""How alike two memories' weighted words must be (a cosine, 0 to 1) for one to be shown as similar to the other."""
FUNCTION_WORDS = frozenset(
    """about above after again against all also always any because been before being below between both but
    down during each either else even ever every few further here if into just least less more most much must
    never no nor not now off often once only other out over own same since some still such than then there
    these those through too under until up very while yet called named""".split()
)
"""English words that say nothing of what a memory is about, left out of its words for likeness (beside the
contract's stop words): in a store of few memories they would otherwise count as rare."""
MEMORY_VERBS = frozenset(
    """avoid avoids avoided avoiding dislike dislikes disliked disliking drink drinks drank drinking
    eat eats ate eating enjoy enjoys enjoyed enjoying get gets got getting go goes went going
    hate hates hated hating keep keeps kept keeping like likes liked liking love loves loved loving
    make makes made making need needs needed needing play plays played playing
    prefer prefers preferred preferring read reads reading run runs ran running speak speaks spoke speaking
    take takes took taking try tries tried trying use uses used using want wants wanted wanting
    work works worked working write writes wrote writing""".split()
)
"""The verbs memories start with, as owners and assistants phrase them ("Likes hiking", "Prefers tea",
"Using vim", "Used Postgres at work"), in every form: they count in likeness, but two memories that share
nothing else are not alike, in a store of any size, nor does one replace the other (`owner.updates`)."""
SMALL_STORE = 50
"""Rarity is counted as in a store of at least this many memories. In fewer, how many memories have a word
says little (a word two of three memories have is not common for that), so there every word is rare but
the `MEMORY_VERBS`."""
COMMON_SHARE = 0.1
"""A word more than this share of the memories have (of `SMALL_STORE`, in a smaller store) is common."""
ERASE_WAIT = 5.0
"""How long finishing an erasure waits for another process's reader to let go, in seconds."""


class Similar:
    """Which memories look like a given one: those that share its rarer words.

    Each word weighs its inverse document frequency over the owner's memories, `log((N + 1) / n)` for a
    word that `n` of the `N` memories here have (`N` at least `SMALL_STORE`): a word few memories have
    weighs much, one many of them have ("prefers", "works") little, and one of the `MEMORY_VERBS` no more
    than a word `COMMON_SHARE` of them have. Two memories are similar when the cosine of their weighted
    word sets is at least `SIMILAR_MIN` and they share a word that is not common: neither one of the
    `MEMORY_VERBS` nor one that more than `COMMON_SHARE` of the memories have. So "Likes hiking" is not
    like "Likes direct and blunt feedback", however few memories there are, and "Prefers blunt, direct
    feedback" is. `tests/data/similar/` measures it. Rejected memories are never among them (no text).

    Given the owner's `kit`, the retrieval hooks installed (`personakit_retrieve`) are asked too, with the
    memory's text as the question: what they bring comes first, so a retriever by meaning shows the
    paraphrased duplicates that share no rare word; then the memories alike by words. With no retriever
    answering (or one failing), likeness is by words alone."""

    def __init__(self, memories: Iterable[Memory], kit: PersonaKit | None = None) -> None:
        self._kit = kit
        self._memories: dict[str, Memory] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._index: dict[str, set[str]] = {}
        for memory in memories:
            if memory.state == "rejected" or not memory.text:
                continue
            self._memories[memory.id] = memory
            self._words[memory.id] = content_words(memory.text) - FUNCTION_WORDS
            for word in self._words[memory.id]:
                self._index.setdefault(word, set()).add(memory.id)
        counted = max(len(self._memories), SMALL_STORE)
        self._weights = {word: math.log((counted + 1) / len(ids)) ** 2 for word, ids in self._index.items()}
        self._unknown = math.log(counted + 1) ** 2  # a word no memory here has
        self._common = MEMORY_VERBS | {word for word, ids in self._index.items() if len(ids) > COMMON_SHARE * counted}
        verb = math.log((counted + 1) / (COMMON_SHARE * counted)) ** 2  # a verb weighs as a common word, at most
        self._weights.update({word: min(self._weights.get(word, verb), verb) for word in MEMORY_VERBS})
        self._norms = {memory_id: self._norm(words) for memory_id, words in self._words.items()}

    def weight(self, word: str) -> float:
        """How much sharing `word` says: its inverse document frequency, squared (the cosine's terms)."""
        return self._weights.get(word, self._unknown)

    def _norm(self, words: Iterable[str]) -> float:
        return math.sqrt(sum(self.weight(word) for word in words))

    def to(self, memory: Memory, limit: int = SIMILAR_LIMIT) -> list[Memory]:
        """Up to `limit` other memories similar to `memory`: the most similar first, then the most recent,
        then by id."""
        known = self._memories.get(memory.id)
        if known is not None and known.text == memory.text:
            words = self._words[memory.id]
        else:  # one proposed or edited since the likeness was built: its words as they are now
            words = content_words(memory.text or "") - FUNCTION_WORDS
        norm = self._norm(words)
        dots: dict[str, float] = {}
        telling: set[str] = set()  # the memories it shares a word with that is not common
        for word in words:
            weight = self.weight(word)
            for other in self._index.get(word, ()):
                if other != memory.id:
                    dots[other] = dots.get(other, 0.0) + weight
                    if word not in self._common:
                        telling.add(other)
        scores = {
            other: dot / (norm * self._norms[other])
            for other, dot in dots.items()
            if other in telling and norm * self._norms[other]
        }
        found = [self._memories[other] for other, score in scores.items() if score >= SIMILAR_MIN]
        found.sort(key=lambda m: (-scores[m.id], -m.touched, m.id))
        brought = self._retrieved(memory, limit)
        taken = {other.id for other in brought}
        return [*brought, *(other for other in found if other.id not in taken)][:limit]

    def _retrieved(self, memory: Memory, limit: int) -> list[Memory]:
        """The other memories the retrieval hooks bring for `memory`'s text, best first."""
        if self._kit is None or not memory.text:
            return []
        try:
            brought = self._kit.retrieve(memory.text, limit + 1)
        except PluginError:
            return []  # a failing retriever leaves likeness to the words; the read would name it
        found = (self._memories.get(scored.id) for scored in brought or ())
        return [other for other in found if other is not None and other.id != memory.id][:limit]


class Likeness:
    """The similar memories of one memory at a time, for a review of any size: the likeness of words
    (`Similar`) is built once from the memories the review listed (`renew`, or on first use), not for each
    memory shown, and what it finds is given as the store has it now (state and text), a memory rejected
    since left out. A memory proposed after it was built is found again once the review lists afresh."""

    def __init__(self, kit: PersonaKit) -> None:
        self._kit = kit
        self._similar: Similar | None = None

    def renew(self, memories: Iterable[Memory]) -> None:
        self._similar = Similar(memories, self._kit)

    def to(self, memory: Memory) -> list[Memory]:
        if self._similar is None:
            self.renew(listed(self._kit))
        assert self._similar is not None
        found = self._similar.to(memory, SIMILAR_LIMIT + 2)  # a spare or two for those decided since
        now = current(self._kit, [other.id for other in found])
        return [now[m.id] for m in found if m.id in now and now[m.id].state != "rejected"][:SIMILAR_LIMIT]


class Proposers:
    """Which connection proposed a memory, for the reviews to show it (`KnowsProposers`): the connections
    looked up once, and again when a memory names one proposed since. None where the store does not know."""

    def __init__(self, kit: PersonaKit) -> None:
        self._store = kit.store if isinstance(kit.store, KnowsProposers) else None
        self._connections: dict[str, Connection] = {}

    def of(self, ids: Iterable[str]) -> dict[str, Connection]:
        """The connection that proposed each memory of `ids`, where the store recorded one."""
        if self._store is None:
            return {}
        by = self._store.proposers(list(ids))
        if any(connection not in self._connections for connection in by.values()):
            self._connections = {p.connection.id: p.connection for p in self._store.connections()}
        return {memory: self._connections[c] for memory, c in by.items() if c in self._connections}


def listed(kit: PersonaKit, state: str | None = None) -> list[Memory]:
    """Every memory (or those in `state`), as a review lists them: without the quotes that do not wait for
    the owner where the store can leave them out (`Outlines`), so that a review of many memories with long
    quotes lists them at once and reads the quotes of those it shows (`Store.get`)."""
    return kit.store.outlines(state) if isinstance(kit.store, Outlines) else kit.store.memories(state)


def current(kit: PersonaKit, ids: Iterable[str]) -> dict[str, Memory]:
    """The memories of `ids` as the store has them now (without their quotes where the store reads many
    at once)."""
    wanted = list(ids)
    if isinstance(kit.store, ReadsMany):
        return kit.store.get_many(wanted)
    found = {memory_id: kit.store.get(memory_id) for memory_id in wanted}
    return {memory_id: memory for memory_id, memory in found.items() if memory is not None}


def newest_first(memories: Iterable[Memory]) -> list[Memory]:
    """Most recently proposed first, then by id."""
    return sorted(memories, key=lambda m: (-m.created, m.id))


def check_edit(kit: PersonaKit, text: str | None, category: str | None) -> tuple[str | None, str | None]:
    """An edit as the store takes it: None where nothing changes. Raises `StoreError` with one
    sentence when the text is too long or a refusal hook refuses it, or the category is unknown."""
    if text is not None:
        text = text.strip() or None
    if text is not None:
        if len(text) > TEXT_LIMIT:
            raise StoreError(f"The new text is {len(text)} characters; the most is {TEXT_LIMIT}.")
        reason = kit.refusal(text, "")
        if reason is not None:
            raise StoreError(f"PersonaKit will not store the new text: {refusal(reason)}.")
    if category is not None:
        category = category.strip().casefold() or None
    if category is not None and category not in CATEGORIES:
        raise StoreError(f"{category!r} is not a category; use one of {', '.join(CATEGORIES)}.")
    return text, category


def review_queue(memories: Iterable[Memory]) -> list[Memory]:
    """What the owner reviews, in order: the unconfirmed memories, newest first, then the approved
    ones with quotes waiting for them (`Memory.pending`), newest first."""
    every = list(memories)
    return newest_first(m for m in every if m.state == "unconfirmed") + newest_first(m for m in every if quotes_wait(m))


def quotes_wait(memory: Memory) -> bool:
    """Whether an approved memory has quotes waiting for the owner (an unconfirmed one is reviewed anyway)."""
    return memory.state == "approved" and bool(memory.pending)


def in_review(memory: Memory | None) -> bool:
    """Whether a memory still waits for the owner: unconfirmed, or approved with a quote waiting."""
    return memory is not None and (memory.state == "unconfirmed" or quotes_wait(memory))


def note_shown(store: Store, memory: Memory) -> None:
    """Note in the store that the owner has just been shown `memory` with its quotes (`personakit show`,
    the terminal review), so that `personakit approve ID` may confirm them (`RemembersShown`). A store
    that does not remember, or cannot write now (a read-only disk), leaves them unnoted: an approve then
    lets them wait for the owner, which loses nothing."""
    if memory.state == "rejected" or not memory.quotes or not isinstance(store, RemembersShown):
        return
    with contextlib.suppress(StoreError):
        store.mark_shown(memory.id, memory.quotes)


def quote_key(quote: str) -> str:
    """A quote's fingerprint (SHA-256, hex): how the web review's page names the quotes it showed
    when it approves, without sending them back whole."""
    return hashlib.sha256(quote.encode("utf-8", "surrogatepass")).hexdigest()


def finish_erasing(kit: PersonaKit, rejected: Iterable[str] = ()) -> None:
    """Finish an erasure the store could not finish (another process was reading an old copy):
    through the store's `finish_erasure(wait)` when it has one, else by rejecting again the
    memories in `rejected` that are rejected. Raises `StoreError` with one sentence if it still cannot."""
    if isinstance(kit.store, FinishesErasure):
        if not kit.store.finish_erasure(ERASE_WAIT):
            raise StoreError(
                "Another program is still reading an older copy of the memory, so the erasure is not finished; "
                "stop it and try again."
            )
        return
    ids = list(rejected)
    for memory_id, state in kit.store.states(ids).items():
        if state == "rejected":
            kit.store.decide(memory_id, "reject", kit.now())


TALLIED = {
    "approve": "approved",
    "restrict": "restricted",
    "reject": "rejected",
    "reset": "reset",
    "edit": "edited",
    "accept-quote": "kept",
    "drop-quote": "dropped",
    "retire": "retired",
}
"""What a review's summary calls the decisions it counts, in the order it names them."""


class Tally:
    """What one review decided, as it stands: the decisions it took (those the store recorded), less those
    it undid since, and how many decisions from before it that it undid. Both reviews keep one, and say
    its `summary` when they end."""

    def __init__(self) -> None:
        self.taken: dict[int, str] = {}
        self.undid_earlier = 0

    def took(self, decision: Decision) -> None:
        if decision.recorded:
            self.taken[decision.seq] = decision.action

    def undid(self, decision: Decision) -> None:
        if self.taken.pop(decision.seq, None) is None:
            self.undid_earlier += 1

    def parts(self) -> list[str]:
        """ "1 approved", "2 quotes kept", ...: each kind of decision that stands, in `TALLIED`'s order."""
        actions = list(self.taken.values())
        parts = []
        for action, word in TALLIED.items():
            n = actions.count(action)
            if n:
                parts.append(f"{plural(n, 'quote')} {word}" if action in QUOTE_DECISIONS else f"{n} {word}")
        if self.undid_earlier:
            parts.append(f"{plural(self.undid_earlier, 'earlier decision')} undone")
        return parts

    def summary(self, waiting: int, skipped: int = 0) -> str:
        """One line: what stands of what the review decided, then what still waits for the owner, said once:
        the `skipped` memories that still wait (of the `waiting` ones), and any others."""
        said = f"Reviewed: {', '.join(self.parts() or ['nothing decided'])}."
        if skipped:
            others = waiting - skipped
            also = f", and so {'does' if others == 1 else 'do'} {plural(others, 'other memory')}" if others > 0 else ""
            return f"{said} You skipped {skipped}; {'it still waits' if skipped == 1 else 'they still wait'}{also}."
        if not waiting:
            return f"{said} Nothing waits for you now."
        return f"{said} {plural(waiting, 'memory')} still {'waits' if waiting == 1 else 'wait'} for you."


def unchanged(decision: Decision, done: str = "") -> str:
    """`done` (what to say of a decision that was taken) if the store recorded `decision`; else the sentence
    for a decision that changed nothing, which the store did not record (`Decision.recorded`)."""
    if decision.recorded:
        return done
    if decision.action == "edit":
        return f"{decision.memory_id} already has that text and category; nothing changed."
    return f"{decision.memory_id} is already {decision.after}; nothing changed."


def undo(kit: PersonaKit) -> Decision | None:
    """Revert the latest decision not yet undone (None when there is none). A reject cannot be
    undone: the store raises `StoreError` saying so."""
    return kit.store.undo(kit.now())
