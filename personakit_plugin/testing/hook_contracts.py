"""`RedactionContract`, `RankingContract`, `RefusalContract` and `RetrievalContract`: what every
redaction, ranking, refusal and retrieval hook must do."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from personakit_plugin.core import hookspecs
from personakit_plugin.core.hooks import Spec
from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import (
    MASK_LABEL_MAX,
    MASK_LABEL_SHARED,
    QUESTION_MAX,
    TEXT_LIMIT,
    Candidate,
    Memory,
    Scored,
    View,
    question_problem,
)
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.redaction import Mask, apply_masks, is_plain_label, is_span, shares_text, shorten
from personakit_plugin.testing.fixtures import id_of


def _own(kit: PersonaKit, plugin: object, spec: Spec) -> Callable[..., object]:
    """The plugin's own implementation of the hook `spec`, called with the hook's keyword arguments
    as the kit calls it (`Hooks.own`)."""
    try:
        return kit.hooks.own(plugin, spec)
    except LookupError as exc:
        raise AssertionError(str(exc)) from None


CONTROL = "".join(map(chr, range(32))) + "\x7f" + "".join(map(chr, range(0x80, 0xA0)))
"""Every control character: C0, DEL and C1."""
FORMAT = "\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
"""Format characters: the soft hyphen, the zero-width ones, the bidirectional marks, embeddings, overrides
and isolates, the byte order mark."""


# -- redaction ----------------------------------------------------------------------------------

NEIGHBOURS = (
    ("", ""),
    ("", " is what I said"),
    ("", ", then more words"),
    ("", "."),
    ("I live at ", " now"),
    ("Room 7, ", ", 9 times"),
    ("see (", ") here"),
    ("note: ", "; later"),
    ('she wrote "', '", twice'),
    ("café ", " — très bien"),
    ("東京 ", " 日本"),
    ("line one\n", "\nline three"),
    ("ask\t", "?"),
    ("it is ", ""),
    ("it is ", "!"),
)
"""(before, after): the text around a target in the samples `RedactionContract` builds, so each target
stands at the start, in the middle and at the end, next to letters, digits, punctuation, spaces and
non-ASCII text."""

UNUSUAL = (
    "",
    " ",
    "\n",
    "é",
    "日本語のテキスト",
    "x" * 4000,
    "word " * 800,
    "\ud800",
    "tea \udfff and \ud83d biscuits",
)
"""Texts a redaction hook must answer without raising: empty, white space, non-ASCII, 4,000
characters, lone surrogates."""

Span = tuple[int, int]


def _placed(before: str, targets: Sequence[str], between: str = " and ", after: str = "") -> tuple[str, list[Span]]:
    """A sample with `targets` in it, and the span each stands at."""
    text, spans = before, []
    for i, target in enumerate(targets):
        text += between if i else ""
        spans.append((len(text), len(text) + len(target)))
        text += target
    return text + after, spans


def _mismatch(text: str, masks: list[Mask], expected: list[Span]) -> str | None:
    """What is wrong with `masks` in `text` when exactly the `expected` spans must be hidden, or None."""
    hidden = {i for mask in masks for i in range(mask.start, mask.end)}
    wanted = {i for start, end in expected for i in range(start, end)}
    if hidden == wanted:
        return None
    label = masks[0].label if masks else "masked"
    if any(shares_text(label, text[start:end]) for start, end in expected):  # apply_masks would refuse it
        label = "masked"
    return (
        f"in the sample {text!r} the masks {masks!r} show {apply_masks(text, masks)!r}; expected exactly "
        f"{[text[s:e] for s, e in expected]!r} at {expected!r} hidden, showing "
        f"{apply_masks(text, [Mask(s, e, label) for s, e in expected])!r} "
        f"(left visible: {''.join(text[i] for i in sorted(wanted - hidden))!r}, "
        f"hidden too: {''.join(text[i] for i in sorted(hidden - wanted))!r})"
    )


class RedactionContract:
    """What every redaction hook must do. Set `plugin` and `targets` in the subclass.

    `targets`: strings your hook must mask whole wherever they stand, such as `"2 Baker Street"`.
    The suite puts each at the start, in the middle and at the end of a sample, with letters,
    digits, punctuation, spaces and non-ASCII text around it (`NEIGHBOURS`), twice in one sample
    and next to the other targets, and checks that your masks hide exactly the targets: nothing of
    a target left visible, nothing around it hidden. Every mask must be a `Mask(start, end, label)`
    inside the text, its label a plain short name sharing no word with what it masks
    (`redaction.mask_problem`: a read fails closed on any other); unusual text (`UNUSUAL`: empty,
    non-ASCII, long, lone surrogates) gets masks, never an exception; masking happens before
    shortening; and a real read shows the targets masked.

    `samples` (older suites): texts your hook masks something in; they are still checked for the
    invariants, but only `targets` check where the masks fall.
    """

    plugin: object
    targets: tuple[str, ...] = ()
    samples: tuple[str, ...] = ()

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def masks(self, kit: PersonaKit, text: str) -> list[Mask]:
        """What the plugin's own `personakit_redact` returns for `text`, checked to be masks inside it."""
        own = _own(kit, self.plugin, hookspecs.personakit_redact)
        try:
            answer = own(text=text)
            masks = [] if answer is None else list(answer)  # type: ignore[call-overload]
        except Exception as exc:
            raise AssertionError(f"the hook raised {exc!r} on the sample {text!r}") from exc
        for mask in masks:
            assert isinstance(mask, Mask) and is_span(mask.start, mask.end, len(text)), (
                f"in the sample {text!r} the masks {masks!r}: expected each a Mask(start, end, label) "
                f"with 0 <= start < end <= {len(text)}, not {mask!r}"
            )
            assert is_plain_label(mask.label), (
                f"in the sample {text!r} the mask {mask!r}: a label is a plain short name (ASCII letters, words "
                f"joined by one space or hyphen, at most {MASK_LABEL_MAX} characters), such as 'email' or "
                "'national-id', so that it cannot carry what it masks: no digits, no '@', no other punctuation"
            )
            hidden = text[mask.start : mask.end]
            assert not shares_text(mask.label, hidden), (
                f"in the sample {text!r} the mask {mask!r}: its label {mask.label!r} shares a word with the "
                f"text it masks, {hidden!r}; a label names the kind of thing masked without repeating any word "
                f"of it (of {MASK_LABEL_SHARED} letters or more), else a read that shows it fails"
            )
        return masks

    def placed(self) -> list[tuple[str, list[Span]]]:
        """Every sample built from the targets, with the spans to hide."""
        assert self.targets or self.samples, "Give `targets`: strings your hook must mask whole."
        built = [_placed(before, [t], after=after) for t in self.targets for before, after in NEIGHBOURS]
        built += [_placed("", [t, t], after=".") for t in self.targets]
        if len(self.targets) > 1:
            built += [_placed("Both ", self.targets, between=", ", after=" here.")]
        return built

    def texts(self) -> list[str]:
        return [text for text, _ in self.placed()] + list(self.samples)

    def test_masks_are_spans_inside_the_text(self, kit: PersonaKit) -> None:
        for text in self.texts():
            masks = self.masks(kit, text)
            assert masks, f"in the sample {text!r} the masks {masks!r}: expected something masked"

    def test_every_target_is_masked_exactly_wherever_it_stands(self, kit: PersonaKit) -> None:
        for text, spans in self.placed():
            problem = _mismatch(text, self.masks(kit, text), spans)
            if problem is not None:
                raise AssertionError(problem)

    def test_unusual_text_gets_masks_not_an_exception(self, kit: PersonaKit) -> None:
        for text in UNUSUAL:
            masks = self.masks(kit, text)
            assert text.strip() or masks == [], f"in the sample {text!r} the masks {masks!r}: expected none"

    def test_a_masked_text_has_nothing_left_to_mask(self, kit: PersonaKit) -> None:
        for sample in self.texts():
            masked = apply_masks(sample, kit.masks(sample))
            assert kit.masks(masked) == [], f"the sample {sample!r}, masked, {masked!r}: expected nothing to mask"

    def test_masking_happens_before_shortening_and_the_limit_holds(self, kit: PersonaKit) -> None:
        for sample in self.texts()[:40]:
            for pad in range(200, 245, 4):
                quote = "x" * pad + " " + sample + " and more words after it" * 3
                shown = kit.redact(quote)
                assert len(shown) <= 240, f"the sample {quote!r} is shown as {shown!r}, longer than 240"
                assert kit.masks(shown) == [], f"the sample {quote!r} is shown as {shown!r}, with more to mask"
                for mask in kit.masks(quote):
                    hidden = quote[mask.start : mask.end]
                    assert hidden not in shown, f"the sample {quote!r} is shown as {shown!r}, with {hidden!r}"

    def test_the_text_around_the_masks_is_kept(self, kit: PersonaKit) -> None:
        for sample in self.texts():
            text = "Before. " + sample + " After."
            masks = self.masks(kit, text)
            shown = kit.redact(text)
            assert shown == shorten(apply_masks(text, masks)), (
                f"in the sample {text!r} the masks {masks!r}: expected {shorten(apply_masks(text, masks))!r} "
                f"shown, not {shown!r}"
            )

    def test_a_read_shows_every_target_masked(
        self, personakit_make_kit: Callable[..., PersonaKit], tmp_path: Path
    ) -> None:
        for i, target in enumerate(self.targets):
            kit = personakit_make_kit(self.plugin, folder=tmp_path / str(i))
            quote = f"I wrote {target} down."
            # Stored as it is, past the refusal checks (a card number is a secret a proposal refuses):
            # masking protects whatever the store holds, an import or an older store's quotes included.
            kit.store.propose("Keeps notes", quote, "other", kit.now())
            (memory,) = kit.read("notes", 7).memories
            expected = shorten(apply_masks(quote, self.masks(kit, quote)))
            assert memory.evidence == [expected] and target not in expected, (
                f"a read of the sample {quote!r} shows {memory.evidence!r}; expected {[expected]!r}"
            )


# -- ranking ------------------------------------------------------------------------------------


def _candidate(memory_id_: str, text: str, state: str, touched: float, matched: int) -> Candidate:
    memory = Memory(id=memory_id_, text=text, category="other", state=state, touched=touched)
    return Candidate(memory=memory, matched=matched)


QUESTION = "green tea"


def _ids(ranked: object) -> object:
    """The memory ids of a ranking, for messages and comparisons; anything but a list as it is."""
    if not isinstance(ranked, list):
        return ranked
    return [getattr(getattr(c, "memory", None), "id", c) for c in ranked]


class RankingContract:
    """What every ranking hook must do. Set `plugin` in the subclass.

    "Best first" is the hook's own order: the suite does not say which memory is best. It checks
    what every ranking keeps: the hook returns a list of the candidates it was given, each at most
    once and none invented; the same candidates in any input order get the same answer (ties are
    broken by something of the memory, such as its id, never by where it stood); no candidates
    rank to nothing; and a real read through the hook passes the read's boundary checks.
    """

    plugin: object

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def candidates(self) -> list[Candidate]:
        """Candidates for `QUESTION`, some tied on everything but their id and text."""
        return [
            _candidate("m_00000000000a", "Drinks green tea every morning", "approved", 1.0, 2),
            _candidate("m_00000000000b", "Green is a favourite colour", "unconfirmed", 2.0, 1),
            _candidate("m_00000000000c", "Tea before meetings", "unconfirmed", 3.0, 1),
            _candidate("m_00000000000d", "Tea after lunch", "unconfirmed", 3.0, 1),
            _candidate("m_00000000000e", "Drinks tea, green or black", "approved", 1.0, 2),
        ]

    def rank(self, kit: PersonaKit, candidates: list[Candidate]) -> object:
        """What the plugin's own `personakit_rank` answers for `QUESTION` and `candidates`."""
        own = _own(kit, self.plugin, hookspecs.personakit_rank)
        try:
            request = ReadRequest(QUESTION, 20, kit.view)
            return own(question=QUESTION, words=request.words, candidates=list(candidates), request=request)
        except Exception as exc:
            raise AssertionError(f"the hook raised {exc!r} on the candidates {_ids(candidates)!r}") from exc

    def test_returns_only_the_candidates_given_each_once(self, kit: PersonaKit) -> None:
        given = self.candidates()
        for size in range(1, len(given) + 1):
            ranked = self.rank(kit, given[:size])
            said = f"for the candidates {_ids(given[:size])!r} the hook returned {_ids(ranked)!r}"
            assert isinstance(ranked, list), f"{said}; expected a list"
            ids = [getattr(getattr(c, "memory", None), "id", c) for c in ranked]
            assert all(c in given[:size] for c in ranked), f"{said}; expected only candidates it was given"
            assert len(set(ids)) == len(ids), f"{said}; expected each candidate at most once"

    def test_the_same_candidates_in_any_order_rank_the_same(self, kit: PersonaKit) -> None:
        given = self.candidates()
        first = _ids(self.rank(kit, given))
        for order in itertools.permutations(given):
            again = _ids(self.rank(kit, list(order)))
            assert again == first, (
                f"for the candidates {_ids(given)!r} the hook returned {first!r}, and for the same in the "
                f"order {_ids(list(order))!r} {again!r}; expected the same answer in any order"
            )

    def test_no_candidates_rank_to_nothing(self, kit: PersonaKit) -> None:
        ranked = self.rank(kit, [])
        assert ranked is None or ranked == [], f"for no candidates the hook returned {ranked!r}; expected []"
        assert kit.rank(QUESTION, []) == []

    def test_a_read_through_the_hook_keeps_the_contract(self, kit: PersonaKit) -> None:
        for text in ("Drinks green tea", "Green bike", "Tea at four", "Reads novels", "Tea or green juice"):
            kit.propose(text, f"I said {text}", "preferences")
        for limit in (1, 2, 7):
            result = kit.read(QUESTION, limit)  # the read's boundary checks what the hook's order let through
            texts = [m.text for m in result.memories]
            assert 1 <= len(texts) <= limit and len(set(texts)) == len(texts), f"a read returned {texts!r}"
            assert "Reads novels" not in texts, f"a read for {QUESTION!r} returned {texts!r}"


# -- refusal ------------------------------------------------------------------------------------

REASON_LIMIT = 64
"""The longest reason a refusal hook may give: a short name such as `credential_shape`."""

ORDINARY_TEXT = "Prefers short answers"
ORDINARY_QUOTE = "Keep it short, please; I read these between meetings."

HOSTILE = (
    "",
    " \t\r\n ",
    "x" * 4000,
    "word " * 800,
    CONTROL,
    FORMAT,
    "\ud800",
    "tea \udfff and \ud83d biscuits",  # lone surrogates
)
"""Texts a refusal hook must answer without raising: empty, 4,000 characters, control and format
characters, lone surrogates."""

Sample = str | tuple[str, str]


def is_reason(answer: object) -> bool:
    """Whether a refusal hook's answer is a reason: a non-empty printable string of at most
    `REASON_LIMIT` characters, with no white space around it."""
    return (
        isinstance(answer, str)
        and 0 < len(answer) <= REASON_LIMIT
        and answer.isprintable()
        and answer == answer.strip()
    )


def _written(folder: Path) -> bytes:
    return b"".join(path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file())


class _Spy:
    """A refusal hook asked before every other one: it records what it was asked and refuses nothing."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    @hookimpl(tryfirst=True)
    def personakit_refuse(self, text: str, quote: str) -> None:
        self.asked.append((text, quote))


class RefusalContract:
    """What every refusal hook must do. Set `plugin`, `refused` and `allowed` in the subclass.

    `refused`: proposals your hook must refuse; `allowed`: ordinary sentences it must let through.
    Each is a string or a `(text, quote)` pair. A refused string is proposed as the text (at most
    300 characters) with an ordinary quote; an allowed string as both the text and the quote.

    The hook answers None or a short reason (`is_reason`); a refused proposal is answered
    `stored: false` with that reason and nothing of it is written; an allowed one is stored; hostile
    text (`HOSTILE`) gets an answer, never an exception; the same proposal gets the same answer
    twice; and empty or too-long text is refused before any refusal hook is asked.
    """

    plugin: object
    refused: tuple[Sample, ...] = ()
    allowed: tuple[Sample, ...] = ()

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def refused_pairs(self) -> list[tuple[str, str]]:
        assert self.refused, "Give `refused`: proposals your hook must refuse."
        pairs = [(s, ORDINARY_QUOTE) if isinstance(s, str) else s for s in self.refused]
        for text, _ in pairs:
            assert 0 < len(text.strip()) <= TEXT_LIMIT, f"{text[:40]!r}...: a text the hook is never asked about"
        return pairs

    def allowed_pairs(self) -> list[tuple[str, str]]:
        assert self.allowed, "Give `allowed`: ordinary sentences your hook must let through."
        return [(s, s) if isinstance(s, str) else s for s in self.allowed]

    def answer(self, kit: PersonaKit, text: str, quote: str) -> object:
        """What the plugin's own `personakit_refuse` answers, given the text stripped as the kit gives it."""
        return _own(kit, self.plugin, hookspecs.personakit_refuse)(text=text.strip(), quote=quote)

    def test_a_refused_sample_gets_a_short_reason(self, kit: PersonaKit) -> None:
        for text, quote in self.refused_pairs():
            reason = self.answer(kit, text, quote)
            assert is_reason(reason), f"{reason!r} for {(text, quote)!r} is not a short reason"

    def test_an_allowed_sentence_gets_none(self, kit: PersonaKit) -> None:
        for text, quote in self.allowed_pairs():
            assert self.answer(kit, text, quote) is None, f"{(text, quote)!r} was refused"

    def test_a_refused_proposal_is_answered_with_the_reason_and_nothing_is_written(
        self, kit: PersonaKit, personakit_data_dir: Path
    ) -> None:
        for text, quote in self.refused_pairs():
            result = kit.propose(text, quote, None)
            assert (result.stored, result.id, result.reason) == (False, None, self.answer(kit, text, quote))
            assert kit.store.get(id_of(kit.store, text.strip())) is None
        assert kit.store.memories() == []
        written = _written(personakit_data_dir)
        for text, quote in self.refused_pairs():
            for said in {text.strip(), quote.strip()} - {ORDINARY_QUOTE}:
                if len(said) >= 8:  # shorter strings may occur in the files by chance
                    assert said.encode("utf-8", "surrogatepass") not in written, f"{said!r} was written"

    def test_an_allowed_proposal_is_stored(self, kit: PersonaKit) -> None:
        for text, quote in self.allowed_pairs():
            result = kit.propose(text, quote, None)
            assert result.stored and result.id is not None, f"{(text, quote)!r}: {result.reason}"
            assert kit.store.get(result.id) is not None

    def test_hostile_text_gets_none_or_a_reason(self, kit: PersonaKit) -> None:
        for hostile in HOSTILE:
            for text, quote in ((hostile, ORDINARY_QUOTE), (ORDINARY_TEXT, hostile), (hostile, hostile)):
                answer = self.answer(kit, text, quote)
                assert answer is None or is_reason(answer), f"{answer!r} for {(text[:20], quote[:20])!r}"

    def test_the_same_proposal_gets_the_same_answer_twice(self, kit: PersonaKit) -> None:
        hostile = [(h, ORDINARY_QUOTE) for h in HOSTILE] + [(ORDINARY_TEXT, h) for h in HOSTILE]
        for text, quote in self.refused_pairs() + self.allowed_pairs() + hostile:
            assert self.answer(kit, text, quote) == self.answer(kit, text, quote), (text[:20], quote[:20])

    def test_empty_and_too_long_text_are_refused_before_the_hook_is_asked(
        self, personakit_make_kit: Callable[..., PersonaKit]
    ) -> None:
        spy = _Spy()
        kit = personakit_make_kit(self.plugin, spy)
        for text, quote in self.refused_pairs():
            assert kit.propose(" \n\t ", quote, None).reason == "empty_text"
            assert kit.propose(f"{text.strip()} {'x' * TEXT_LIMIT}", quote, None).reason == "too_long"
        assert spy.asked == [], "a refusal hook was asked about an empty or too-long text"
        text, quote = self.refused_pairs()[0]
        kit.propose(text, quote, None)
        assert spy.asked == [(text.strip(), quote)], "the refusal hooks were not asked about a proposal"

    def test_the_hook_is_asked_before_an_empty_quote_is_refused(self, kit: PersonaKit) -> None:
        for text, _ in self.refused_pairs():
            reason = self.answer(kit, text, " ")
            assert kit.propose(text, " ", None).reason == (reason if reason is not None else "empty_quote")


# -- retrieval ----------------------------------------------------------------------------------

WORDLESS_QUESTIONS = (
    "",
    " \t\r\n ",
    "?!…",
    "¿¡ «» — ‽ ※ ( ) [ ] { } ‘’ “” ·•",
    CONTROL,
    FORMAT,
    "\x1b[\x1b]\x07\x1b\\\x9b;",  # escape sequences' introducers, no letter in them
    "\ud800",
    "\udfff \ud83d",  # lone surrogates
)
"""Questions that are empty once normalised: no letter, mark, digit or symbol, only white space,
punctuation, control and format characters (and lone surrogates, which no UTF-8 can hold). A question
without a word asks about nothing: a retriever brings nothing for it."""

UNKNOWN_QUESTIONS = (
    "Zorblax quimbering flenstrop?",  # invented words
    "ᚠᚢᚦᚨᚱᚲ ᚷᚹᚺ?",  # runes
    "𓀀𓀁𓀂 𓀃𓀄",  # Egyptian hieroglyphs
    "ⴰⵣⵓⵍ ⴼⵍⵍⴰⵡⵏ",  # Tifinagh
    "ꙮꙮꙮ ꙮ",  # a letter no text uses
    "🦜🪐🧿",  # emoji only
)
"""Questions of words no retriever knows (invented, or in scripts it has no words for) or of emoji
alone. They are about none of the suite's memories: a retriever brings none of them, and never raises
for want of a word it knows (a mean of no known word's vector, a maximum of nothing)."""

ODD_MEMORIES = (
    "☕☕☕",
    "…!?",
    "ሰላም ሰላም",  # Ethiopic
    "ଓଡ଼ିଆ ଭାଷା",  # Odia, with a combining mark
    "\ufdfa" * 16,  # 288 characters once NFKC-normalised
    "Signs off in \x1b[31mred\x1b[0m ink",
)
"""Memories a retriever must index without raising, beside the suite's own: emoji or punctuation alone,
scripts it may have no words for, text that NFKC makes 18 times longer, escape sequences. None is about
the questions of `UNKNOWN_QUESTIONS`."""


def long_questions(question: str) -> tuple[str, ...]:
    """Questions as long as a read takes (`QUESTION_MAX` characters as given and once normalised):
    one long word, many short ones, `question` again and again, characters NFKC or case folding make
    several (U+FDFA is 18 characters in NFKC), and a letter under thousands of combining marks."""
    return (
        "x" * QUESTION_MAX,
        "word " * (QUESTION_MAX // 5),
        " ".join([question] * (QUESTION_MAX // (len(question) + 1))),
        "\ufdfa" * (QUESTION_MAX // 18),
        "\u3300" * (QUESTION_MAX // 4),  # ㌀, アパート in NFKC
        "\ufb03" * (QUESTION_MAX // 3),  # ﬃ, ffi in NFKC
        "ß" * (QUESTION_MAX // 2),  # ss once case-folded
        "a" + "\u0301" * (QUESTION_MAX - 1),
    )


def odd_questions(question: str) -> tuple[str, ...]:
    """`question` in odd dress: wrapped in terminal escape sequences, a bidirectional override and
    control characters, in capitals, with tabs for spaces; and a question of stop words alone."""
    return (
        f"\x1b[31m {question} \x1b[0m",
        f"{question}\x00\x1b[2J\x1b]0;title\x07",
        f"\u202e{question}\u202c",
        question.upper(),
        "\t".join(question.split()),
        "What would they do, and how?",
    )


def _said(question: str) -> str:
    """A question as a failure shows it: whole when short, else its start and its length."""
    return repr(question) if len(question) <= 60 else f"{question[:40]!r}... ({len(question):,} characters)"


class RetrievalContract:
    """What every retrieval hook (`personakit_retrieve`) must do. Set `plugin`, `question`, `relevant`
    and `unrelated` in the subclass.

    `relevant`: texts of memories your hook must bring for `question` (at least three);
    `unrelated`: texts it must not bring for it. The hook answers a list of `Scored` with text ids
    and finite float scores, best first, each id once, at most `limit`, every id a document
    `kit.documents` gave; nothing when nothing is relevant; never a memory outside the connection's
    view, nor one matched by a quote that waits for the owner; and a memory rejected or restricted
    through another store object on the same data (another process) is gone from its next answer.

    Hostile questions get an answer, never an exception, with odd memories in the store
    (`ODD_MEMORIES`): a question without a word (`WORDLESS_QUESTIONS`) brings nothing; one of words no
    retriever knows (`UNKNOWN_QUESTIONS`) brings none of the memories; the longest a read takes,
    NFKC-expanding ones included (`long_questions`), and the question in escape sequences and control
    characters (`odd_questions`) get an answer. Each connection is brought only what it can see: kits
    on two data folders in one process and views of one of them, asked in turn, are each brought their
    own relevant memories and never one of another folder or outside their view.
    """

    plugin: object
    question: str = ""
    relevant: tuple[str, ...] = ()
    unrelated: tuple[str, ...] = ()
    category: str = "preferences"

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def seed(self, kit: PersonaKit, texts: Sequence[str], category: str | None = None) -> list[str]:
        """Propose each text (as its own quote too) and return the ids."""
        return [kit.propose(text, f"I said: {text}", category or self.category).id or "" for text in texts]

    def retrieve(
        self, kit: PersonaKit, limit: int = 20, question: str | None = None, connection: str = "the hook's kit"
    ) -> list[str]:
        """The plugin's own answer for `question` (default `self.question`) on `kit` (named `connection`
        in a failure), checked to keep the hook's shape; the ids it brings, best first."""
        own = _own(kit, self.plugin, hookspecs.personakit_retrieve)
        asked = self.question if question is None else question
        try:
            request = ReadRequest(asked, limit, kit.view)
            answer = own(kit=kit, question=asked, words=request.words, limit=limit, request=request)
        except Exception as exc:
            raise AssertionError(
                f"the hook raised {exc!r} for {_said(asked)} with limit {limit} on {connection}"
            ) from exc
        if answer is None:
            return []
        said = f"for {_said(asked)} with limit {limit} on {connection} the hook returned {answer!r}"
        assert isinstance(answer, Sequence) and not isinstance(answer, str), f"{said}; expected a list of Scored"
        assert all(type(s) is Scored and type(s.id) is str for s in answer), f"{said}; expected Scored(id, score)"
        assert all(type(s.score) is float and math.isfinite(s.score) for s in answer), f"{said}; expected float scores"
        assert len(answer) <= limit, f"{said}; expected at most {limit}"
        ids = [s.id for s in answer]
        assert len(set(ids)) == len(ids), f"{said}; expected each memory at most once"
        scores = [s.score for s in answer]
        assert scores == sorted(scores, reverse=True), f"{said}; expected the best (highest score) first"
        readable = {document.id for document in kit.documents(ids)}
        assert set(ids) <= readable, (
            f"{said}; expected only memories kit.documents gives: {sorted(set(ids) - readable)!r} are not this "
            "connection's to read (another data folder's, outside its view, or not approved or unconfirmed)"
        )
        return ids

    def test_brings_the_relevant_memories_best_first_within_the_limit(self, kit: PersonaKit) -> None:
        relevant = self.seed(kit, self.relevant)
        unrelated = self.seed(kit, self.unrelated)
        brought = self.retrieve(kit)
        assert set(relevant) <= set(brought), (
            f"for {self.question!r} the hook brought {brought!r}; expected {relevant!r}"
        )
        assert not set(brought) & set(unrelated), f"for {self.question!r} the hook brought unrelated {brought!r}"
        for limit in (1, 2):
            assert len(self.retrieve(kit, limit)) <= limit

    def test_nothing_relevant_is_an_empty_answer(self, kit: PersonaKit) -> None:
        self.seed(kit, self.unrelated)
        assert self.retrieve(kit) == [], f"for {self.question!r} and only unrelated memories, expected nothing"

    def test_a_reject_or_restrict_in_another_process_is_gone_from_the_next_answer(
        self, personakit_make_kit: Callable[..., PersonaKit]
    ) -> None:
        kit = personakit_make_kit(self.plugin)
        owner = personakit_make_kit()  # another store object on the same data: the owner's command line
        first, second, *_ = self.seed(kit, self.relevant)
        assert {first, second} <= set(self.retrieve(kit))  # the hook has seen them
        owner.store.decide(first, "reject", owner.now())
        brought = self.retrieve(kit)
        assert first not in brought, f"a memory rejected elsewhere came back: {brought!r}"
        owner.store.decide(second, "restrict", owner.now())
        brought = self.retrieve(kit)
        assert second not in brought, f"a memory restricted elsewhere came back: {brought!r}"
        owner.store.decide(second, "approve", owner.now())
        assert second in self.retrieve(kit), "an approved memory is brought again"

    def test_a_view_is_never_brought_a_memory_outside_it(self, kit: PersonaKit) -> None:
        inside, *_ = self.seed(kit, self.relevant[:1], "tools")
        outside = self.seed(kit, self.relevant[1:2], "background")
        approved = self.seed(kit, self.relevant[2:3], "tools")
        for memory in approved:
            kit.store.decide(memory, "approve", kit.now())
        for view, allowed in (
            (View(categories=frozenset({"tools"})), {inside, *approved}),
            (View(approved_only=True), set(approved)),
        ):
            viewed = PersonaKit(kit.pm, kit.config, view)
            try:
                brought = self.retrieve(viewed)
                assert set(brought) <= allowed, f"in {view!r} the hook brought {brought!r}; only {allowed!r} are in it"
                assert not set(brought) & set(outside)
            finally:
                viewed.close()

    def test_a_waiting_quote_never_makes_a_match(self, kit: PersonaKit) -> None:
        (memory,) = self.seed(kit, self.unrelated[:1])
        kit.store.decide(memory, "approve", kit.now())
        kit.propose(self.unrelated[0], self.relevant[0], self.category)  # an assistant's claim: it waits
        assert memory not in self.retrieve(kit), "a quote that waits for the owner made a memory match"

    def test_a_read_through_the_hook_keeps_the_contract(self, kit: PersonaKit) -> None:
        relevant = self.seed(kit, self.relevant)
        self.seed(kit, self.unrelated)
        for limit in (1, 2, 7):
            result = kit.read(self.question, limit)  # the read's boundary checks what the hook let through
            ids = [m.id for m in result.memories]
            assert 1 <= len(ids) <= limit and ids[0] in relevant, f"a read for {self.question!r} returned {ids!r}"

    def test_a_question_without_a_word_brings_nothing(self, kit: PersonaKit) -> None:
        self.seed(kit, (*self.relevant, *self.unrelated, *ODD_MEMORIES))
        for question in WORDLESS_QUESTIONS:
            for limit in (1, 20):
                brought = self.retrieve(kit, limit, question)
                assert brought == [], (
                    f"for {_said(question)}, a question without a word, the hook brought {brought!r}; expected nothing"
                )
            shown = [m.text for m in kit.read(question, 7).memories]  # nothing approved: no fill either
            assert shown == [], f"a read for {_said(question)} returned {shown!r}"

    def test_a_question_of_words_it_does_not_know_brings_nothing(self, kit: PersonaKit) -> None:
        texts = (*self.relevant, *self.unrelated, *ODD_MEMORIES)
        text_of = dict(zip(self.seed(kit, texts), texts, strict=True))
        for question in UNKNOWN_QUESTIONS:
            for limit in (1, 20):
                brought = [text_of.get(memory, memory) for memory in self.retrieve(kit, limit, question)]
                assert brought == [], (
                    f"for {_said(question)}, whose words nobody knows, the hook brought {brought!r}; expected nothing"
                )
            shown = [m.text for m in kit.read(question, 7).memories]
            assert shown == [], f"a read for {_said(question)} returned {shown!r}"

    def test_long_and_odd_questions_get_an_answer_not_an_exception(self, kit: PersonaKit) -> None:
        relevant = self.seed(kit, self.relevant)
        self.seed(kit, (*self.unrelated, *ODD_MEMORIES))
        assert set(relevant) <= set(self.retrieve(kit)), "with odd memories in the store, the relevant were not brought"
        for question in (*long_questions(self.question), *odd_questions(self.question)):
            assert question_problem(question) is None, f"{_said(question)} is no question a read takes"
            for limit in (1, 20):
                self.retrieve(kit, limit, question)
            kit.read(question, 7)  # the read's boundary checks what the hook let through

    def test_each_connection_is_brought_only_what_it_can_see(
        self, personakit_make_kit: Callable[..., PersonaKit], tmp_path: Path
    ) -> None:
        first = personakit_make_kit(self.plugin)
        second = personakit_make_kit(self.plugin, folder=tmp_path / "another data folder")
        inside, outside, approved = (
            self.seed(first, [text], category)[0]
            for text, category in zip(self.relevant[:3], ("tools", "background", "tools"), strict=True)
        )
        first.store.decide(approved, "approve", first.now())
        theirs = self.seed(second, self.relevant, "background")  # the same texts: other ids, another owner's
        self.seed(second, self.unrelated, "tools")
        views = {
            "--categories tools": View(categories=frozenset({"tools"})),
            "--approved-only": View(approved_only=True),
        }
        viewed = {name: PersonaKit(first.pm, first.config, view) for name, view in views.items()}
        try:
            connections = [  # the narrowest first, then again: an index one asked last filled is asked next
                ("the first data folder under --categories tools", viewed["--categories tools"], {inside, approved}),
                ("the first data folder under --approved-only", viewed["--approved-only"], {approved}),
                ("the second data folder", second, set(theirs)),
                ("the first data folder", first, {inside, outside, approved}),
            ]
            for turn in (connections, connections, connections[::-1]):
                self.brought_to_each(turn)
            owner = personakit_make_kit(folder=first.config.data_dir)  # the owner's command line
            owner.store.decide(inside, "reject", owner.now())
            self.brought_to_each([(name, kit, own - {inside}) for name, kit, own in connections])
            for name, kit, _ in connections:  # a view or another folder never makes a hostile question raise
                for question in (*WORDLESS_QUESTIONS, *UNKNOWN_QUESTIONS):
                    self.retrieve(kit, 20, question, name)
        finally:
            for kit in viewed.values():
                kit.close()

    def brought_to_each(self, connections: Sequence[tuple[str, PersonaKit, set[str]]]) -> None:
        """Ask each connection in turn, with its own number of memories as the limit and with 20: it is
        brought its own and only memories it can read (`retrieve` checks)."""
        for name, kit, own in connections:
            for limit in (len(own), 20):
                brought = self.retrieve(kit, limit, connection=name)
                assert own <= set(brought), (
                    f"{name} was brought {brought!r} with limit {limit}; expected its own {sorted(own)!r} "
                    "(another connection's memories took their places?)"
                )
