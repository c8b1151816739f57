"""Both reviews list through the store's `Outlines` when it has one: the listing never reads every memory
with every quote (`memories()`), only the quotes of the memories shown. Held here on the default store,
in-process, where the store's `memories` can be made to fail; the PostgreSQL store's tests check that
it has the capability and that its reviews say the same."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import Outlines
from personakit_plugin.owner.review import web as review_web
from personakit_plugin.owner.review.terminal import Review, Terminal


def test_both_reviews_list_without_reading_every_quote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kit = PersonaKit.open(tmp_path / "data", environ={"PERSONAKIT_PLUGINS": ""})
    try:
        for n in range(3):
            kit.propose(f"Flood memory {n} about zeppelins", f"zeppelins, {n} times", "other", client=("flood", "1"))
        calm = kit.propose("Prefers tea over coffee", "tea please", "preferences", client=("calm", "1.0")).id
        assert isinstance(kit.store, Outlines)

        def every_quote(state: str | None = None) -> None:
            raise AssertionError("a review's listing read every memory with every quote")

        monkeypatch.setattr(kit.store, "memories", every_quote)
        out = io.StringIO()
        review = Review(kit, Terminal(io.StringIO(), out))
        first = review.current()
        assert first is not None and first.id == calm
        review.show(first)
        assert "proposed by calm 1.0 (c_" in out.getvalue()
        assert "tea please" in out.getvalue()

        listed = review_web.ReviewApi(kit).memories("unconfirmed", "")
        assert [m["id"] for m in listed["memories"]][:1] == [calm] and listed["matching"] == 4
        assert listed["memories"][0]["quotes"] == ["tea please"], "the quotes of the memories shown are read"
    finally:
        kit.close()
