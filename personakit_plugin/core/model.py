"""The data PersonaKit passes around: memories, the owner's decisions, and the two tools' results."""

from __future__ import annotations

import unicodedata
from typing import Annotated

import msgspec

CATEGORIES = ("communication", "work-style", "tools", "preferences", "background", "constraints", "other")
STATES = ("unconfirmed", "approved", "restricted", "rejected", "retired")
DECISIONS = ("approve", "restrict", "reject", "reset", "edit", "retire")
# The owner's decision to retire a memory on a later date (`personakit retire ID --on DATE`): the state
# stays until then; from then on every read treats it as retired (`Retires.retire_due`).
RETIRE_ON = "retire-on"
# The owner's decisions on one quote that waits for them (`Memory.pending`): accept it as evidence,
# or drop it (erased, like a rejected memory's quotes). The state stays.
QUOTE_DECISIONS = ("accept-quote", "drop-quote")

# The state each decision leaves a memory in; an edit keeps the state it had.
STATE_AFTER = {
    "approve": "approved",
    "restrict": "restricted",
    "reject": "rejected",
    "reset": "unconfirmed",
    "retire": "retired",
}

UNCONFIRMED_NOTE = "Unconfirmed: extracted from the owner's conversations but not yet reviewed by them."
TEXT_LIMIT = 300
"""The longest a memory's text may be once stripped (a longer proposal is refused as `too_long`)."""
QUESTION_MAX = 4000
"""The longest `question` personakit_read takes, as given and once normalised (`question_problem`);
longer is a tool error."""
TEXT_MAX = 4000
"""The longest `text` personakit_propose takes, as given; longer is a tool error (over 300 stripped is a refusal)."""
QUOTE_MAX = 2000
"""The longest `quote` personakit_propose takes, as given; longer is a tool error."""
QUOTES_KEPT = 20
"""The most quotes one memory keeps, waiting ones included. A proposal of a memory that has this many,
with a quote it does not have, is answered `quote_kept: false` and adds nothing, so an assistant that
repeats one memory cannot grow it: at the limit a memory is at most 20 x 2,000 characters of quotes
(40 KB), which every read that returns it and every review that shows it loads. Twenty is ten times
what a read shows (`EVIDENCE_QUOTES`) and more than an owner reads through in a review of one memory."""
PROPOSALS_KEPT = 4096
"""Texts an `--approved-only` connection proposed that its kit remembers (`PersonaKit.propose`), as keyed
hashes, the least recently proposed forgotten first: a text forgotten is answered as new again."""
WAITING_PER_CONNECTION = 1000
"""The most new memories one connection may leave waiting for the owner (unconfirmed, proposed by it): at
the bound its proposals are a tool error saying that nothing was stored, until the owner has reviewed some.
`personakit serve --most-waiting N` sets another bound for that server."""
CLIENT_NAME_MAX = 100
"""The most characters of the client's name and of its version (as the client said them in `initialize`)
that the store keeps for a connection; what a client says of itself is never proof of who it is."""
EVIDENCE_LIMIT = 240
MASK_LABEL_MAX = 24
"""The longest label a redaction hook's mask may have: a plain short name such as `email` or `national-id`."""
MASK_LABEL_SHARED = 3
"""The fewest letters a word needs to count as text a mask's label shares with the span it masks."""
EVIDENCE_QUOTES = 2
FILL_TO = 3
DEFAULT_LIMIT = 7
MAX_LIMIT = 20
FUSION_K = 60
"""The constant of reciprocal rank fusion: with several retrievers answering, a memory scores the sum
of `1 / (FUSION_K + rank)` over the answers it is in (rank 1 for the best)."""


def question_problem(question: str) -> str | None:
    """Why `question` is too long for a read, in one sentence, or None: over `QUESTION_MAX` characters
    as given, or once normalised as its words are (Unicode NFKC, then case-folded), which can make a
    text many times longer (U+FDFA is 18 characters in NFKC). Every retriever and the word index work
    on the normalised text, so the bound on it is the bound on their work; a question is refused, not
    cut, so that no read answers a question it was not asked."""
    if len(question) > QUESTION_MAX:
        return f"question is {len(question):,} characters long; the most is {QUESTION_MAX:,}."
    if question.isascii():  # normalising ASCII changes no length
        return None
    normalised = len(unicodedata.normalize("NFKC", question).casefold())
    if normalised > QUESTION_MAX:
        return (
            f"question is {normalised:,} characters long once Unicode-normalised (NFKC, case-folded); "
            f"the most is {QUESTION_MAX:,}: ask with fewer characters, or without ligatures and other "
            "compatibility characters."
        )
    return None


def category_of(value: str | None) -> str:
    """The category a proposal is filed under: a known one, case-folded and stripped, else `other`."""
    folded = (value or "").strip().casefold()
    return folded if folded in CATEGORIES else "other"


class View(msgspec.Struct, frozen=True, kw_only=True):
    """What one connection (one `personakit serve`) may see: the owner's choice for that assistant.

    A memory outside the view does not exist for the connection: never returned, never counted in
    `withheld`, never used to fill; a proposal whose memory lies outside it is answered as a store
    without that memory would answer. The whole memory (`EVERYTHING`) is the default."""

    categories: frozenset[str] | None = None
    """The categories it sees; None for all of them."""
    approved_only: bool = False
    """Only approved memories are read: no unconfirmed ones, so never a note."""

    def __post_init__(self) -> None:
        """A view of no category, or of one that does not exist, would silently read nothing: refused, in
        one sentence, wherever a view is made (`serve --categories`, `PersonaKit.open`, `mount`)."""
        if self.categories is None:
            return
        if not self.categories:
            raise ValueError(f"A view needs one or more categories of {', '.join(CATEGORIES)}.")
        unknown = sorted(name for name in self.categories if name not in CATEGORIES)
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a category; the categories are {', '.join(CATEGORIES)}.")

    @classmethod
    def parse(cls, categories: str | None = None, *, approved_only: bool = False) -> View:
        """The view `--categories LIST` (comma-separated) and `--approved-only` describe.

        An empty list or a name that is not one of `CATEGORIES` is a ValueError of one sentence."""
        if categories is None:
            return cls(approved_only=approved_only)
        names = [name for name in (part.strip().casefold() for part in categories.split(",")) if name]
        if not names:
            raise ValueError(f"--categories needs one or more of {', '.join(CATEGORIES)}, separated by commas.")
        unknown = [name for name in names if name not in CATEGORIES]
        if unknown:
            raise ValueError(
                f"--categories: {unknown[0]!r} is not a category; the categories are {', '.join(CATEGORIES)}."
            )
        return cls(categories=frozenset(names), approved_only=approved_only)

    @property
    def everything(self) -> bool:
        return self.categories is None and not self.approved_only

    def covers(self, category: str) -> bool:
        """Whether memories of `category` are in the view (in any state)."""
        return self.categories is None or category in self.categories

    def readable(self) -> tuple[str, ...]:
        """The states a read returns in this view."""
        return ("approved",) if self.approved_only else ("approved", "unconfirmed")

    def shows(self, memory: Memory) -> bool:
        """Whether a read in this view may return `memory`."""
        return memory.state in self.readable() and self.covers(memory.category)

    def scope(self) -> str:
        """What keeps apart, in the store's keys, the memory this view gets for a text that lies only
        outside it (`words.memory_id`): its categories, "" for a view of every category."""
        if self.categories is None:
            return ""
        return "view:" + ",".join(c for c in CATEGORIES if c in self.categories)

    def arguments(self) -> list[str]:
        """The options of `personakit serve` that give this view."""
        said = ["--categories", ",".join(c for c in CATEGORIES if c in self.categories)] if self.categories else []
        return [*said, "--approved-only"] if self.approved_only else said

    def sentence(self) -> str:
        """The view in one sentence, for the assistant's instructions and for `personakit doctor`."""
        if self.everything:
            return "This connection sees every memory the owner allowed."
        what = "the memories the owner approved" if self.approved_only else "memories"
        if self.categories is None:
            return f"This connection sees only {what}."
        named = ", ".join(c for c in CATEGORIES if c in self.categories)
        return f"This connection sees only {what} in the categories {named}; it knows of no others."


EVERYTHING = View()


class Memory(msgspec.Struct, frozen=True, kw_only=True):
    """One memory as the store holds it. A rejected memory keeps only its id, state and times."""

    id: str
    text: str
    category: str
    state: str
    quotes: tuple[str, ...] = ()
    """The owner's own words, oldest first, newest last; every one the memory has, pending ones included."""
    pending: tuple[str, ...] = ()
    """The quotes (of `quotes`, oldest first) that wait for the owner: added after the owner approved
    the memory, or after the review the owner approved it from had shown it. They wait, whatever the
    memory's state becomes (undo, reset and approve leave them waiting), until the owner accepts or
    drops them, and are not evidence of an approved memory until accepted."""
    created: float = 0.0
    touched: float = 0.0
    """The latest of its last proposal (repeats included) and its last decision."""
    approved_at: float = 0.0
    """When it was last approved; 0 if never."""


class Connection(msgspec.Struct, frozen=True, kw_only=True):
    """One MCP connection that proposes: a server process and one client it serves. `id` is made by that
    process (`c_` and 8 hex digits, random), so it names the connection, not who is behind it; `client` and
    `version` are what the client called itself in `initialize` (empty when it said nothing), assistant
    supplied text that is shown escaped and never trusted as anyone's identity."""

    id: str
    client: str = ""
    version: str = ""
    started: float = 0.0
    """When it first proposed."""

    def named(self) -> str:
        """How the owner reads it: `claude-code 1.2 (c_0a1b2c3d)`."""
        said = " ".join(part for part in (self.client, self.version) if part)
        return f"{said} ({self.id})" if said else f"an unnamed client ({self.id})"


class Retirement(msgspec.Struct, frozen=True, kw_only=True):
    """When a memory retired, or retires (`personakit retire`, `personakit replace`), and what replaced it.
    Ids and a time only, never text."""

    memory_id: str
    replaced_by: str | None = None
    """The memory that replaced it, if the owner named one."""
    at: float
    """When it retired (`done`), or the date it retires on."""
    done: bool
    """True once it retired; False while the date the owner set is still ahead."""


class Candidate(msgspec.Struct, frozen=True, kw_only=True):
    """A memory that shares at least one word with a question, as a ranking hook sees it."""

    memory: Memory
    matched: int
    """How many distinct question words occur in its text."""


class Document(msgspec.Struct, frozen=True, kw_only=True):
    """A readable memory as a retriever may index it (`Kit.documents`).

    Only memories a read in the connection's view may return are documents: approved and
    unconfirmed ones (approved only under `--approved-only`) in the view's categories."""

    id: str
    text: str
    """The text as a read shows it: as the owner approved it, else masked by every redaction hook.
    `Kit.documents` gives nothing a read would not show, so that no retriever's index (vectors, stems)
    can let a question confirm a masked value; a store's own `documents` gives the stored text, which
    the kit masks before any retriever sees it."""
    category: str
    state: str
    """`approved` or `unconfirmed`: only what the connection's view shows."""
    touched: float
    quotes: tuple[str, ...]
    """The quotes the owner has let stand, oldest first, each as a read shows it through `Kit.documents`
    (masked, then shortened to `EVIDENCE_LIMIT`): every quote of an unconfirmed memory, the
    accepted (not pending) ones of an approved memory. A waiting quote is an assistant's claim, not
    the owner's: it never appears here, so it can never make a memory match."""

    @classmethod
    def of(cls, memory: Memory, quotes: tuple[str, ...]) -> Document:
        """`memory` as a document, with `quotes`, the quotes the owner has let stand (`Store.quotes`)."""
        return cls(
            id=memory.id,
            text=memory.text,
            category=memory.category,
            state=memory.state,
            touched=memory.touched,
            quotes=tuple(quotes),
        )


class Changes(msgspec.Struct, frozen=True, kw_only=True):
    """What changed in the store since a retriever last looked (`Kit.changes`)."""

    cursor: str
    """Opaque: passed back as `since` next time."""
    reset: bool
    """True: forget everything (every vector, stem, token and cache derived from a memory) and load
    again with `kit.documents(None)`."""
    ids: tuple[str, ...] = ()
    """The memories that may have changed since `since` (new, decided, edited, quoted, rejected):
    load them again with `kit.documents(ids)`. An id that `documents` does not return is gone for
    this view (rejected, restricted, moved out of the view): drop it and everything derived from it."""


class Scored(msgspec.Struct, frozen=True):
    """One memory a retriever brings for a question (`personakit_retrieve`)."""

    id: str
    score: float
    """Higher is better; comparable only within one retriever's answer."""


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """One decision of the owner's, kept with its time. Never holds text."""

    seq: int
    memory_id: str
    action: str
    before: str
    after: str
    at: float
    category_before: str | None = None
    category_after: str | None = None
    undone: bool = False

    @property
    def recorded(self) -> bool:
        """False for a decision that would change nothing (approving an approved memory, an edit to the text
        and category it has): `Store.decide` records none, so undo never sees it, and answers with `seq` 0."""
        return self.seq != 0


class ReadMemory(msgspec.Struct, frozen=True):
    id: Annotated[str, msgspec.Meta(description="Stable id, m_ and 12 hex digits.")]
    text: Annotated[str, msgspec.Meta(description="The memory, one short statement.")]
    category: Annotated[str, msgspec.Meta(description="One of " + ", ".join(CATEGORIES) + ".")]
    confirmed: Annotated[bool, msgspec.Meta(description="True only for memories the owner approved.")]
    evidence: Annotated[
        list[str],
        msgspec.Meta(description="Up to two of the owner's quotes, newest first, shortened, addresses masked."),
    ]


class ReadResult(msgspec.Struct, frozen=True, omit_defaults=True):
    memories: list[ReadMemory]
    withheld: Annotated[
        int, msgspec.Meta(description="Matching memories the owner restricted; their content never leaves.")
    ]
    note: Annotated[str | None, msgspec.Meta(description="Present when a returned memory is unconfirmed.")] = None


class ProposeResult(msgspec.Struct, frozen=True, omit_defaults=True):
    stored: bool
    id: str | None = None
    new: bool | None = None
    state: str | None = None
    reason: (
        Annotated[
            str,
            msgspec.Meta(description="Why it was refused: empty_text, too_long, credential_shape, empty_quote."),
        ]
        | None
    ) = None
    quote_kept: (
        Annotated[
            bool,
            msgspec.Meta(
                description=f"Present, and false, only when the memory already keeps the most quotes it may "
                f"({QUOTES_KEPT}), so this new quote was not added; the memory is stored as the other fields say."
            ),
        ]
        | None
    ) = None
    """Only ever false, and only beside `stored: true, new: false`: the reference's fields keep their
    meaning (the memory is stored, it is not new, its state) and a client that knows only them reads
    the same answer. Omitted whenever the quote was added or the memory already had it."""


# -- export and import ------------------------------------------------------------------------


class ExportedDecision(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One decision as `personakit export` writes it. `previous_text` is the text an edit replaced,
    kept (outside the history table) so the edit can be undone, or, on the undo of an edit, the text
    the edit had put in place, so history can say what the undone edit did; rejecting erases both."""

    seq: int
    action: str
    before: str
    after: str
    at: float
    category_before: str | None = None
    category_after: str | None = None
    undone: bool = False
    previous_text: str | None = None
    quote: str | None = None
    """For an `accept-quote` still standing: the quote it accepted, so that undoing the decision
    after an import makes that quote wait again."""


class ExportedMemory(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One line of `personakit export`. A rejected memory is its id, state and history only
    (plus `aliases`, the ids of texts it answered to before an edit, so they stay rejected)."""

    id: str
    state: str
    text: str | None = None
    category: str | None = None
    quotes: tuple[str, ...] = ()
    created: float | None = None
    touched: float | None = None
    approved_at: float | None = None
    pending: tuple[str, ...] = ()
    """The quotes (also in `quotes`) waiting for the owner (`Memory.pending`)."""
    aliases: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    """The keys of the quotes the owner dropped from it (`words.dropped_quote_key`, in the store it came
    from: never their text), so that an import into that store, or one that shares its id secret (as
    `personakit migrate` makes it), never brings them back."""
    history: tuple[ExportedDecision, ...] = ()
    replaced_by: str | None = None
    """The id of the memory that replaced it (`Retirement.replaced_by`)."""
    retired_at: float | None = None
    """When it retired (`Retirement.at` of one done)."""
    retires_on: float | None = None
    """The date the owner set for it to retire on, still ahead when exported (`Retirement.at`, not done)."""
