"""The contract between PersonaKit and its plugins: every hook, in one place.

A plugin is any module or object with functions marked `@personakit_plugin.hookimpl`, named after
the hooks below, taking any subset of their parameters. PersonaKit calls the implementations
itself, one at a time, so that an error or a wrong return value names the plugin it came from;
for that reason hook wrappers are not supported.

The default behaviour is itself a set of plugins marked `trylast`, so a third-party
implementation of a first-result hook is called before the default and wins when it returns
something other than None.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pluggy

if TYPE_CHECKING:
    from personakit_plugin.core.model import Candidate, Memory, ProposeResult, ReadResult, View
    from personakit_plugin.core.redaction import Mask
    from personakit_plugin.core.store import Config, Matches, Store

hookspec = pluggy.HookspecMarker("personakit")
hookimpl = pluggy.HookimplMarker("personakit")

_Function = TypeVar("_Function", bound=Callable[..., Any])
DEFAULT_ORDER = "personakit_default_order"


def in_default_order(function: _Function) -> _Function:
    """Marks a `personakit_rank` implementation whose order is the default one (read rule 3).

    While the first ranking hook called is so marked, the default read lets a store that ranks in
    its own queries (`RanksInStore`) return the first matches already in that order, instead of
    loading every candidate for the hook."""
    setattr(function, DEFAULT_ORDER, True)
    return function


class Kit(Protocol):
    """What a hook gets as `kit`: the running PersonaKit (`personakit_plugin.core.kit.PersonaKit`), seen
    through what plugins may use. Every method keeps to the connection's view (`kit.view`)."""

    store: Store
    view: View

    def matches(self, words: frozenset[str], limit: int | None = None) -> Matches:
        """The store's matches for `words` in the view, ranked in the store and cut to `limit` when given."""
        ...

    def approved(self, limit: int, exclude: Collection[str]) -> list[Memory]:
        """Up to `limit` approved memories in the view, not in `exclude`, most recently approved first."""
        ...

    def ranks_in_store(self) -> bool:
        """Whether `matches(words, limit)` may be used: the store ranks, in the order of the ranker in effect."""
        ...

    def rank(self, question: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        """The candidates that match, best first, as the ranking hook in effect orders them."""
        ...

    def masks(self, text: str) -> list[Mask]:
        """Every span a redaction hook wants hidden in `text`."""
        ...

    def redact(self, quote: str) -> str:
        """A quote as a read may show it: masked, then shortened."""
        ...

    def shown_text(self, memory: Memory) -> str:
        """A memory's text as a read may show it: as approved, else masked."""
        ...

    def refusal(self, text: str, quote: str) -> str | None:
        """The first reason a refusal hook gives, or None."""
        ...

    def now(self) -> float:
        """The time a proposal is stored at."""
        ...


"""Marks a plugin's hook implementations; also `personakit_plugin.hookimpl`."""


@hookspec(firstresult=True)
def personakit_read(kit: Kit, question: str, limit: int) -> ReadResult | None:
    """Answer the `personakit_read` tool: the memories the owner allows, ranked for a question.

    Called once per `personakit_read` call, after the arguments are checked.

    :param kit: the running PersonaKit (see `Kit`): its `store` and `view`, and the `matches`,
        `approved`, `rank`, `redact`, `shown_text` and `refusal` helpers that call the other hooks or
        the store within the connection's view.
    :param question: what the assistant is trying to answer, at most 4,000 characters.
    :param limit: the most memories to return, already clamped to 1..20.
    :return: a `ReadResult`, or None to let the next implementation answer.

    Stops at the first non-None result. Whatever it returns is checked against the store on the
    way out: a memory that is not approved or unconfirmed, an id twice, a text or category that is
    not the memory's (an unconfirmed text as the redaction hooks mask it), `confirmed` that is not
    its state, more than two quotes or one that is not among its showable quotes as `kit.redact`
    shows it, a memory outside the connection's view (`kit.view`), a `withheld` that is not the
    store's count in the view, or a `note` other than the documented
    one makes the read fail instead of leaving. The assistant then gets one fixed sentence; the
    reason, naming the plugin, goes to the server's log.
    """


@hookspec(firstresult=True)
def personakit_propose(kit: Kit, text: str, quote: str, category: str | None) -> ProposeResult | None:
    """Answer the `personakit_propose` tool: a memory an assistant learned, with the owner's words.

    Called once per `personakit_propose` call, after the arguments are checked.

    :param kit: the running PersonaKit.
    :param text: the memory as proposed, at most 4,000 characters.
    :param quote: the owner's own words that support it, at most 2,000 characters.
    :param category: the category as proposed, or None when it was not given.
    :return: a `ProposeResult`, or None to let the next implementation answer.

    Stops at the first non-None result.
    """


@hookspec(firstresult=True)
def personakit_rank(question: str, words: frozenset[str], candidates: Sequence[Candidate]) -> list[Candidate] | None:
    """Order the memories that share words with a question, best first.

    Called by the default `personakit_read` with the approved and unconfirmed memories whose
    text shares at least one word with the question. Restricted and rejected memories are
    never passed to a ranking hook.

    :param question: the question as asked.
    :param words: its distinct words, case-folded, stop words left out.
    :param candidates: each with its `memory` and `matched`, the number of question words in its text.
    :return: the candidates that match, best first (leave out any that should not count as a
        match), or None to let the next implementation rank.

    Stops at the first non-None result. Anything returned that was not among the candidates
    is dropped.
    """


@hookspec
def personakit_redact(text: str) -> Iterable[Mask] | None:
    """Find what must be masked in a quote, or in a memory's text the owner has not approved, before it is shown.

    Called for every quote a read returns, before it is shortened to 240 characters, so a cut
    never reveals part of something masked, and for the text of every unconfirmed memory a read
    returns (not shortened).

    :param text: the quote as the owner said it, or the unconfirmed memory's text.
    :return: the `Mask(start, end, label)` spans to hide in `text`; each is shown as `[label]`.
        Each must be integers with `0 <= start < end <= len(text)` and a plain short label (ASCII
        letters, words joined by one space or hyphen, at most `MASK_LABEL_MAX` characters) that
        shares no word with the text it masks (no word of `MASK_LABEL_SHARED` letters or more of
        `text[start:end]`, case-folded, inside the label: `redaction.mask_problem`), so a label
        cannot carry what it hides; anything else fails the read closed, with an error naming the
        plugin.

    Every implementation is called, each on the original text, and all spans are masked
    together (overlapping spans merge), so redaction hooks compose in any order. A hook that
    raises makes the read fail: a quote is never shown unredacted.
    """


@hookspec
def personakit_refuse(text: str, quote: str) -> str | None:
    """Refuse a proposal that must not be stored, such as one holding a secret.

    Called for every proposal whose text is not empty and not too long, before anything is
    written.

    :param text: the memory as proposed, stripped.
    :param quote: the owner's words as proposed.
    :return: a reason such as `credential_shape` to refuse, or None to let it through.

    Every implementation is called; the first reason (in call order) is the one reported.
    """


@hookspec(firstresult=True)
def personakit_store(config: Config) -> Store | None:
    """Open the storage backend for a configuration.

    Called once when PersonaKit starts.

    :param config: where the data lives (`data_dir`) and the environment.
    :return: an object that implements `personakit_plugin.core.store.Store`, or None to let the
        next implementation open one.

    Stops at the first non-None result. The default opens SQLite in `config.data_dir`.
    """
