"""`RedactionContract`, `RankingContract` and `RefusalContract`: what every redaction, ranking and
refusal hook must do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import TEXT_LIMIT, Candidate, Memory
from personakit_plugin.core.plugins import implementations
from personakit_plugin.core.redaction import Mask, apply_masks, shorten
from personakit_plugin.core.words import memory_id

# -- redaction ----------------------------------------------------------------------------------


class RedactionContract:
    """What every redaction hook must do. Set `plugin` and `samples` in the subclass."""

    plugin: object
    samples: tuple[str, ...] = ()

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def test_masks_are_spans_inside_the_text(self, kit: PersonaKit) -> None:
        assert self.samples, "Give samples: texts your hook masks something in."
        for sample in self.samples:
            masks = kit.masks(sample)
            assert masks, f"nothing masked in {sample!r}"
            assert all(isinstance(m, Mask) and 0 <= m.start < m.end <= len(sample) for m in masks)

    def test_a_masked_text_has_nothing_left_to_mask(self, kit: PersonaKit) -> None:
        for sample in self.samples:
            masked = apply_masks(sample, kit.masks(sample))
            assert kit.masks(masked) == [], f"{masked!r} still has something to mask"

    def test_masking_happens_before_shortening_and_the_limit_holds(self, kit: PersonaKit) -> None:
        for sample in self.samples:
            for pad in range(200, 245, 4):
                quote = "x" * pad + " " + sample + " and more words after it" * 3
                shown = kit.redact(quote)
                assert len(shown) <= 240
                assert kit.masks(shown) == []
                for mask in kit.masks(quote):
                    assert quote[mask.start : mask.end] not in shown

    def test_the_text_around_the_masks_is_kept(self, kit: PersonaKit) -> None:
        for sample in self.samples:
            shown = kit.redact("Before. " + sample + " After.")
            assert shown.startswith("Before. ") and shown.endswith(" After.")
            assert shown == shorten(
                apply_masks("Before. " + sample + " After.", kit.masks("Before. " + sample + " After."))
            )


# -- ranking ------------------------------------------------------------------------------------


def _candidate(memory_id_: str, text: str, state: str, touched: float, matched: int) -> Candidate:
    memory = Memory(id=memory_id_, text=text, category="other", state=state, touched=touched)
    return Candidate(memory=memory, matched=matched)


class RankingContract:
    """What every ranking hook must do. Set `plugin` in the subclass."""

    plugin: object

    @pytest.fixture
    def kit(self, personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
        return personakit_make_kit(self.plugin)

    def candidates(self) -> list[Candidate]:
        return [
            _candidate("m_00000000000a", "Drinks green tea every morning", "approved", 1.0, 2),
            _candidate("m_00000000000b", "Green is a favourite colour", "unconfirmed", 2.0, 1),
            _candidate("m_00000000000c", "Tea before meetings", "unconfirmed", 3.0, 1),
        ]

    def test_returns_only_the_candidates_given_each_once(self, kit: PersonaKit) -> None:
        given = self.candidates()
        ranked = kit.pm.hook.personakit_rank(question="green tea", words=frozenset({"green", "tea"}), candidates=given)
        assert isinstance(ranked, list)
        ids = [c.memory.id for c in ranked]
        assert len(ids) == len(set(ids))
        assert set(ids) <= {c.memory.id for c in given}

    def test_the_memory_sharing_the_most_words_comes_first(self, kit: PersonaKit) -> None:
        ranked = kit.rank("green tea", self.candidates())
        assert ranked and ranked[0].memory.id == "m_00000000000a"

    def test_no_candidates_rank_to_nothing(self, kit: PersonaKit) -> None:
        assert kit.rank("green tea", []) == []

    def test_a_read_through_the_hook_keeps_the_contract(self, kit: PersonaKit) -> None:
        for text in ("Drinks green tea", "Green bike", "Tea at four", "Reads novels"):
            kit.propose(text, f"I said {text}", "preferences")
        result = kit.read("green tea", 2)
        assert 1 <= len(result.memories) <= 2
        assert all(not m.confirmed for m in result.memories)


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
    "".join(map(chr, range(32))) + "\x7f" + "".join(map(chr, range(0x80, 0xA0))),  # control characters
    "\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff",  # format
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
        name = kit.pm.get_name(self.plugin)
        given = {"text": text.strip(), "quote": quote}
        for plugin_name, function, argnames in implementations(kit.pm, "personakit_refuse"):
            if plugin_name == name:
                return function(**{arg: given[arg] for arg in argnames})
        raise AssertionError(f"plugin {name!r} implements no personakit_refuse")

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
            assert kit.store.get(memory_id(text.strip())) is None
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
