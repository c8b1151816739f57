"""The contract between PersonaKit and its plugins: every hook, in one place.

A plugin is any module or object with functions marked `@personakit_plugin.hookimpl`, named after
the hooks below, taking any subset of their parameters. PersonaKit calls them through one door,
`core.hooks.Hooks`, a method per hook: a hook marked `firstresult=True` stops at the first
implementation that answers something other than None; any other asks every implementation. They
are called one at a time, so that an error or a wrong return value names the plugin it came from;
for that reason hook wrappers are not supported.

Every read hook (`personakit_read`, `personakit_retrieve`, `personakit_rank`) may also take `request`,
the read as one value (`core.reading.ReadRequest`): its question split once into words in order and as
a set, its limit and view. A hook that takes it never splits the question again; one written before it
existed keeps working.

The default behaviour is itself a set of plugins marked `trylast`, so a third-party
implementation of a first-result hook is called before the default and wins when it returns
something other than None.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import pluggy

if TYPE_CHECKING:
    import argparse

    from personakit_plugin.core.model import (
        Candidate,
        Changes,
        Document,
        Memory,
        ProposeResult,
        ReadResult,
        Scored,
        View,
    )
    from personakit_plugin.core.reading import ReadRequest
    from personakit_plugin.core.redaction import Mask
    from personakit_plugin.core.store import Backend, Config, Matches, Store

Proposer = TypeVar("Proposer", bound=Callable[..., object])
hookspec = pluggy.HookspecMarker("personakit")
hookimpl = pluggy.HookimplMarker("personakit")
"""Marks a plugin's hook implementations; also `personakit_plugin.hookimpl`."""

BULK_CHECK = "personakit_bulk_check"
"""The attribute `checks_in_bulk` sets on a `personakit_propose` implementation."""


def checks_in_bulk(check: Callable[[Kit, str, str], tuple[str, str] | str]) -> Callable[[Proposer], Proposer]:
    """Declare that a `personakit_propose` implementation stores exactly what `check(kit, text, quote)`
    lets through, as `(text, quote)`, and refuses the rest with the reason it returns, storing through
    `kit.store.propose`: while it is the one in effect, an import of a large graph may check every
    observation with `check` and write them through a store's bulk path (`ProposesInBulk`), with the
    same answers. What the hook declares, not its name, opens that path."""

    def declared(function: Proposer) -> Proposer:
        setattr(function, BULK_CHECK, check)
        return function

    return declared


Handler = Callable[["argparse.Namespace"], None]
"""What runs an owner's command: its parsed arguments in, its output said (`personakit_commands`)."""
Add = Callable[[str, Handler, str], "argparse.ArgumentParser"]
"""`add(name, handler, help)`: a new owner's command, whose parser is returned for its options."""


class Kit(Protocol):
    """What a hook gets as `kit`: the running PersonaKit (`personakit_plugin.core.kit.PersonaKit`), seen
    through what plugins may use. Every method keeps to the connection's view (`kit.view`)."""

    store: Store
    view: View

    def matches(self, words: frozenset[str], request: ReadRequest | None = None) -> Matches:
        """The store's matches for `words` in the view: every memory the view shows sharing a word.
        Within a read, pass its `request`: the boundary check then reuses what the store gave."""
        ...

    def top_matches(self, request: ReadRequest) -> Matches | None:
        """The first `request.limit` matches of the question's words in the view in the store's own
        order (the default ranking's), and the restricted count; None when the store does not rank in
        its queries. Only while `ranks_as_store()` is that order the ranking in effect."""
        ...

    def ranks_as_store(self) -> bool:
        """Whether the ranking hook in effect declared it orders matches as the store ranks them
        (`personakit_plugin.in_store_order`)."""
        ...

    def brought(self, request: ReadRequest) -> list[Memory] | None:
        """The memories the retrieval hooks bring for the read, fused, best first, at most its limit,
        each readable in the view; None when no retrieval hook answered."""
        ...

    def shown_read(self, chosen: Sequence[Memory], withheld: int, request: ReadRequest) -> ReadResult:
        """`chosen` as a read shows them (texts as `shown_text` shows them, at most two quotes each as
        `redact` shows them, the note when one is unconfirmed) with `withheld` as the restricted count."""
        ...

    def approved(self, limit: int, exclude: Collection[str], request: ReadRequest | None = None) -> list[Memory]:
        """Up to `limit` approved memories in the view, not in `exclude`, most recently approved first."""
        ...

    def rank(
        self, question: str, candidates: Sequence[Candidate], request: ReadRequest | None = None
    ) -> list[Candidate]:
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

    def changes(self, since: str | None) -> Changes:
        """What may have changed in the store since the cursor `since`, whichever process changed it:
        `reset=True` (forget everything, reload with `documents(None)`) when `since` is None or the
        store cannot say, else the ids to reload with `documents(ids)`. Within a read, the same
        snapshot as the rest of the read. A cursor kept from another masking (a redaction plugin
        installed, removed or upgraded since) is answered with a reset."""
        ...

    def documents(
        self, ids: Collection[str] | None = None, *, after: str | None = None, limit: int | None = None
    ) -> list[Document]:
        """The readable memories in the view (approved and unconfirmed, or approved only) among `ids`,
        every one when None, as a read shows them: their text as approved or else masked, and the quotes
        the owner has let stand, masked and shortened (nothing a read would not show). An id not
        returned is gone for this view: a retriever drops it and everything derived from it. With
        `limit` (and `ids` None), one page: the first `limit` in id order after the id `after`; a
        retriever loads a large store page by page (each page read on its own, outside any read, from
        any thread) after taking the cursor of `changes(None)`, then follows the changes since it."""
        ...

    def derived(self, kind: str, ids: Collection[str]) -> dict[str, bytes] | None:
        """What a retriever kept under `kind` (`keep_derived`) for those of `ids` a read in the view may
        return; None when the store keeps nothing derived (then an index lives in memory only)."""
        ...

    def keep_derived(self, kind: str, rows: Mapping[str, bytes], since: str) -> list[str]:
        """Keep what a retriever derived from memories (id -> bytes, at most `DERIVED_BYTES_MAX` each)
        under `kind` (the model's identity from its content and the way of deriving; at most
        `DERIVED_KIND_MAX` characters), in the store's files, shared by every process: only for memories
        a read may return unchanged since the cursor `since` of `changes`, taken before their documents
        were read. The ids kept. The store erases a row with any change to its memory, in the same
        transaction (a reject's erasure covers it)."""
        ...

    def derived_count(self, kind: str) -> tuple[int, int] | None:
        """How many memories readable in the view have a row of `kind`, and how many there are."""
        ...

    def retrieve(self, question: str, limit: int) -> list[Scored] | None:
        """What the retrieval hooks bring for `question`, fused, best first, at most `limit`, only
        memories readable in the view; None when no retrieval hook answered."""
        ...


@hookspec(firstresult=True)
def personakit_read(kit: Kit, question: str, limit: int, request: ReadRequest) -> ReadResult | None:
    """Answer the `personakit_read` tool: the memories the owner allows, ranked for a question.

    Called once per `personakit_read` call, after the arguments are checked.

    :param kit: the running PersonaKit (see `Kit`): its `store` and `view`, and the `matches`,
        `approved`, `rank`, `retrieve`, `redact`, `shown_text` and `refusal` helpers that call the
        other hooks or the store within the connection's view.
    :param question: what the assistant is trying to answer, at most 4,000 characters.
    :param limit: the most memories to return, already clamped to 1..20.
    :param request: the read as one value (`ReadRequest`): the question's words, split once, in order
        and as a set, the limit and the view; pass it on to `default_read` and the kit's helpers.
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

    Stops at the first non-None result. An implementation that stores passes the connection's view
    (`kit.store.propose(..., view=kit.view)`), so that a text whose memory lies outside the view is
    answered as a store without it would answer; the kit then answers an `--approved-only`
    connection from what it proposed itself (`PersonaKit.propose`).
    """


@hookspec(firstresult=True)
def personakit_rank(
    question: str, words: frozenset[str], candidates: Sequence[Candidate], request: ReadRequest
) -> list[Candidate] | None:
    """Order the memories that share words with a question, best first.

    Called by the default `personakit_read` with the approved and unconfirmed memories whose
    text shares at least one word with the question. Restricted and rejected memories are
    never passed to a ranking hook. With retrieval hooks answering, it still orders these word
    matches: they follow the memories the retrievers bring.

    :param question: the question as asked.
    :param words: its distinct words, case-folded, stop words left out.
    :param candidates: each with its `memory` and `matched`, the number of question words in its text.
    :param request: the read this ranking is for (`ReadRequest`), its question's words split once.
    :return: the candidates that match, best first (leave out any that should not count as a
        match), or None to let the next implementation rank.

    Stops at the first non-None result. Anything returned that was not among the candidates
    is dropped.
    """


@hookspec
def personakit_retrieve(
    kit: Kit, question: str, words: frozenset[str], limit: int, request: ReadRequest
) -> Sequence[Scored] | None:
    """Bring memories relevant to a question that may share no word with it, with scores, best first.

    Called by the default `personakit_read` on every read (and by `kit.retrieve`), within the read's
    snapshot, before the word index's matches are ranked. A retriever keeps what it derives from the
    memories (vectors, stems, tokens) in memory only, follows the store with `kit.changes(cursor)` at
    every call and reloads what changed with `kit.documents(ids)`: an id `documents` no longer returns
    (rejected, restricted, edited out of the view) is dropped with everything derived from it before
    answering, so nothing outlives a reject made in any process past the next read. Each connection
    has its own kit and view: keep one index per kit. The owner's review asks it too, with a memory's
    text as the question, to show the memories like it.

    :param kit: the running PersonaKit: `changes`, `documents` and `view` are what a retriever needs.
    :param question: the question as asked.
    :param words: its distinct words, case-folded, stop words left out (as the word index uses them).
    :param limit: the most memories to return (the read's limit, 1..20).
    :param request: the same read as one value (`ReadRequest`): `request.ordered` holds every word of
        the question in order (NFKC, case-folded, stop words included), split once for every hook.
    :return: `Scored(id, score)` of the memories relevant to the question, best first (higher score
        first), at most `limit`, each id once, each a document `kit.documents` gave; an empty list when
        nothing is relevant (never pad with weak guesses: a read with nothing relevant shows no more
        than the fill of rule 5), as for a question without a word or of words it knows none of, which
        it is asked too and must answer, not raise on; or None to stay out of this read.

    Every implementation is called, one at a time; each answer is put in score order (a stable sort,
    so equal scores keep the hook's order). The answers are fused: one retriever, its order;
    several, reciprocal rank fusion (each memory scores the sum of `1 / (60 + rank)` over the answers
    that hold it; ties keep the order of the first answer that holds it). The memories they bring come
    first, then the word index's matches they did not bring, in the order of the ranking hook in
    effect (none of them when an implementation that answered is marked `weighs_words`: its score
    weighs the question's words, and what it left out is not relevant), cut to `limit`; the fill of
    rule 5 counts both as matches. An id that is not a memory a read in the view may return is
    dropped before fusion, and the read's boundary check refuses it anyway. An answer that is not a
    list of `Scored` with a text id and a finite number as score, has more than `limit` entries or an
    id twice, or a hook that raises, fails the read closed (a PluginError naming the plugin and the
    hook). `withheld` is the word index's count whatever the
    retrievers bring.
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

    Every implementation is called, in order, even after one refuses; the first reason (in call
    order) is the one reported. So what a refusal plugin is shown does not depend on the plugins
    before it, and one that fails (raises, or returns a reason that is not a non-empty str) fails
    every proposal it is asked about, with an error naming it, instead of only those no plugin
    before it refused.
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


@hookspec
def personakit_commands(add: Add) -> None:
    """Add commands to the owner's command line, `personakit`.

    Called once each time the command line starts, before its arguments are parsed; every command
    PersonaKit has itself is added through this hook too, first, so a plugin's command is one like
    them: listed by `personakit help` (under "From plugins"), in `--help` and in the completion
    scripts.

    :param add: `add(name, handler, help)` adds the command `name` (lowercase letters, digits and
        hyphens, beginning with a letter, at most 40 characters), which runs `handler(args)` with the
        parsed arguments (`args.data_dir` is the `--data-dir` given, or None); `help` is its one-line
        summary. It returns the command's `argparse.ArgumentParser`, to add its options to.
    :return: None; what counts is what was added.

    Every implementation is called, the built-in commands first. A plugin that raises here, adds a
    name that is already a command (a built-in one or another plugin's), or adds a malformed one, has
    none of its commands added: the command line says so in one sentence naming the plugin on every
    run, and every other command works. A handler that raises is one sentence naming the plugin and
    the exception's type (its text too, on the owner's terminal), exit status 1; a `StoreError` is
    said as its own sentence. `PERSONAKIT_PLUGINS` and `PERSONAKIT_DISABLED_PLUGINS` choose whose
    commands are there, as for every hook. This hook must be cheap: the command line asks it on every
    start, so import anything heavy inside the handler, never at the module's top.
    """


@hookspec
def personakit_backends() -> Iterable[Backend] | None:
    """Declare the storage backends this plugin can open from a connection string, for `personakit
    migrate --to NAME URL`.

    Called when `personakit migrate` looks for its target, with the plugins the owner's
    `PERSONAKIT_PLUGINS` and `PERSONAKIT_DISABLED_PLUGINS` let in.

    :return: each `Backend(name, open, setting)` the plugin offers: `name` is what the owner types after
        `--to` (lowercase letters and digits, beginning with a letter), `open(url, config)` the store at
        the connection string `url` (a `StoreError` when it cannot be reached), and `setting` how a
        server is pointed at it afterwards (`PERSONAKIT_POSTGRES_URL`); or None to offer none.

    Every implementation is called. The entry point's name says nothing about a backend: only this
    declaration does. A name two plugins offer, one that is not well formed, or an answer that is not
    `Backend`s is a PluginError naming the plugin.
    """


@hookspec
def personakit_close(kit: Kit) -> None:
    """The kit is closing: finish, or give up, what the plugin does in the background for it.

    Called once by `PersonaKit.close`, before the store closes, so a plugin may still write what it
    holds for this kit (the recall plugin writes the vectors it has not kept yet and stops a build in
    progress) and then lets go of it: nothing of the plugin may touch the kit's store afterwards.

    :param kit: the kit that is closing, its store still open.
    :return: None.

    Every implementation is called. One that raises is logged in one line naming the plugin (on
    stderr, never on a stdio server's wire), and the others are called and the store closed all the
    same. It should return within a few seconds: a server waits for it as it stops.
    """
