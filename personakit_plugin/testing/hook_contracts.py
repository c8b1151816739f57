"""`RedactionContract` and `RankingContract`: what every redaction and ranking hook must do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import Candidate, Memory
from personakit_plugin.core.redaction import Mask, apply_masks, shorten

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
