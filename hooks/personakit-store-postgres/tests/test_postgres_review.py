"""Both reviews on the PostgreSQL store after a flood from one connection: they list without reading every
quote (`Outlines`), say who proposed each memory, and the page's "Proposed by" filter and "Reject all"
take exactly what that connection left waiting (`KnowsProposers`), as on the SQLite store."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from personakit_plugin import PersonaKit
from personakit_plugin.owner import review_web
from personakit_plugin.owner.review_terminal import Review, Terminal

from personakit_store_postgres import PostgresStore

FLOOD = ("flood-client", "9.9")
FLOODED = 7


@pytest.fixture
def kit(postgres_url: str, tmp_path: Path) -> Iterator[PersonaKit]:
    opened = PersonaKit.open(
        tmp_path / "data", environ={"PERSONAKIT_PLUGINS": "store-postgres", "PERSONAKIT_POSTGRES_URL": postgres_url}
    )
    yield opened
    opened.close()


def flood(kit: PersonaKit) -> tuple[list[str], str]:
    """`FLOODED` proposals from the flooding client, then one from another: their ids."""
    flooded = [
        kit.propose(f"Flood memory {n} about zeppelins", f"zeppelins, {n} times", "other", client=FLOOD).id
        for n in range(FLOODED)
    ]
    calm = kit.propose("Prefers tea over coffee", "tea please", "preferences", client=("calm-client", "1.0")).id
    assert all(flooded) and calm
    return [memory for memory in flooded if memory], calm or ""


def test_both_reviews_list_without_reading_every_quote_and_say_who_proposed(
    kit: PersonaKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    flooded, calm = flood(kit)
    assert isinstance(kit.store, PostgresStore)

    def every_quote(state: str | None = None) -> None:
        raise AssertionError("a review's listing read every memory with every quote")

    monkeypatch.setattr(kit.store, "memories", every_quote)
    out = io.StringIO()
    review = Review(kit, Terminal(io.StringIO(), out))
    first = review.current()
    assert first is not None and first.id == calm
    review.show(first)
    assert "proposed by calm-client 1.0 (c_" in out.getvalue()

    listed = review_web.ReviewApi(kit).memories("unconfirmed", "")
    assert [m["id"] for m in listed["memories"]][:1] == [calm] and listed["matching"] == FLOODED + 1
    assert listed["memories"][0]["quotes"] == ["tea please"], "the quotes of the memories shown are read"
    (connection,) = [c for c in listed["connections"] if c["named"].startswith("flood-client 9.9 (c_")]
    assert (connection["waiting"], connection["proposed"]) == (FLOODED, FLOODED)
    assert {m["id"]: m["proposed_by"] for m in listed["memories"][1:]} == dict.fromkeys(flooded, connection["id"])


def test_the_pages_filter_and_reject_all_take_only_what_one_connection_left_waiting(kit: PersonaKit) -> None:
    flooded, calm = flood(kit)
    kit.store.decide(flooded[0], "approve", kit.now())  # decided already: not taken again
    api = review_web.ReviewApi(kit)
    chosen = api.memories("unconfirmed", "", by=review_web.Filter("flood-client"), limit=100)
    assert sorted(m["id"] for m in chosen["memories"]) == sorted(flooded[1:]) and chosen["matching"] == FLOODED - 1
    with pytest.raises(review_web.ApiError, match=f"{FLOODED - 1} memories match now, not {FLOODED}"):
        api.decide_many({"action": "reject", "by": "flood-client", "count": FLOODED})
    assert set(kit.store.states(flooded[1:]).values()) == {"unconfirmed"}, "nothing changed"
    assert api.decide_many({"action": "reject", "by": "flood-client", "count": FLOODED - 1}) == {
        "decided": FLOODED - 1,
        "action": "reject",
    }
    assert kit.store.states([*flooded, calm]) == {
        flooded[0]: "approved",
        **dict.fromkeys(flooded[1:], "rejected"),
        calm: "unconfirmed",
    }
    assert sum(d.action == "reject" for d in kit.store.history()) == FLOODED - 1
    assert not any("zeppelins" in quote for m in kit.store.memories() if m.id != flooded[0] for quote in m.quotes)
