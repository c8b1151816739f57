"""A view is no oracle: no sequence of calls on a connection with a view tells a store that holds a
memory outside the view from one that does not.

The property: two stores that differ only in memories outside the view (made through the owner's API),
one random sequence of reads and proposals on a connection with that view, and the same transcript
from both, up to a consistent renaming of ids (each store keys its ids with a secret of its own, so
they differ between stores anyway). Then the exact sequences the issue names, over real stdio.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import CATEGORIES, View
from personakit_plugin.testing import Clock

TEXTS = [
    "Takes insulin before lunch",
    "Uses neovim for every project",
    "Walks the dog before lunch",
    "Drinks tea at lunch",
    "Reviews code late at night",
    "Sees a therapist on Thursdays",
    "Has a standing Thursday appointment",
    "Runs rust tools at night",
    "Avoids gluten at team lunches",
    "Plays chess with the dog nearby",
]
WORDS = ["lunch", "dog", "tea", "night", "thursday", "code", "rust", "neovim", "chess", "insulin"]
STATES = ("unconfirmed", "approved", "restricted", "rejected")
ACTION = {"approved": "approve", "restricted": "restrict", "rejected": "reject"}

memory = st.tuples(
    st.integers(0, len(TEXTS) - 1),
    st.sampled_from(CATEGORIES),
    st.sampled_from(STATES),
    st.none() | st.integers(0, len(TEXTS) - 1),  # the text an edit gave it, if any
)
views = st.builds(
    View,
    categories=st.none() | st.frozensets(st.sampled_from(CATEGORIES), min_size=1, max_size=4),
    approved_only=st.booleans(),
).filter(lambda view: not view.everything)
call = st.one_of(
    st.tuples(st.just("propose"), st.integers(0, len(TEXTS) - 1), st.sampled_from(CATEGORIES), st.integers(0, 2)),
    st.tuples(
        st.just("read"), st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join), st.integers(1, 8)
    ),
)


def outside(view: View, category: str, state: str) -> bool:
    """Whether a memory so filed is outside `view`: a category it leaves out (a rejected memory keeps
    none: it is filed under `other`), or, for `--approved-only`, unconfirmed."""
    filed = "other" if state == "rejected" else category
    return not view.covers(filed) or (view.approved_only and state == "unconfirmed")


def build(kit: PersonaKit, memories: list[tuple[int, str, str, int | None]]) -> None:
    for n, (text, category, state, edit) in enumerate(memories):
        made = kit.store.propose(TEXTS[text], f"said {n}", category, kit.now())
        if edit is not None and edit != text:
            kit.store.decide(made.id, "edit", kit.now(), text=TEXTS[edit])
        if state in ACTION:
            kit.store.decide(made.id, ACTION[state], kit.now())


class Renamed:
    """Ids in the order a transcript first shows them: two transcripts equal under it are equal up to a
    consistent renaming of ids."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def __call__(self, memory_id: str | None) -> str | None:
        if memory_id is None:
            return None
        return self.names.setdefault(memory_id, f"id{len(self.names)}")


def transcript(kit: PersonaKit, calls: list[tuple[Any, ...]]) -> list[Any]:
    name = Renamed()
    said: list[Any] = []
    for step in calls:
        if step[0] == "propose":
            _, text, category, quote = step
            answer = kit.propose(TEXTS[text], f"quote {quote}", category)
            said.append(("propose", answer.stored, name(answer.id), answer.new, answer.state, answer.reason))
        else:
            _, question, limit = step
            read = kit.read(question, limit)
            shown = [(name(m.id), m.text, m.category, m.confirmed, tuple(m.evidence)) for m in read.memories]
            said.append(("read", shown, read.withheld, read.note))
    return said


@settings(max_examples=40, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    view=views,
    common=st.lists(memory, max_size=5),
    hidden=st.lists(memory, min_size=1, max_size=4),
    calls=st.lists(call, min_size=1, max_size=10),
)
def test_two_stores_that_differ_only_outside_the_view_give_the_same_transcript(
    view: View,
    common: list[tuple[int, str, str, int | None]],
    hidden: list[tuple[int, str, str, int | None]],
    calls: list[tuple[Any, ...]],
) -> None:
    used: set[int] = set()
    shared, extra = [], []
    for memories, kept, hidden_only in ((common, shared, False), (hidden, extra, True)):
        for text, category, state, edit in memories:  # each memory its own texts; the hidden ones outside
            texts = {text} | ({edit} if edit is not None else set())
            if texts & used or (hidden_only and not outside(view, category, state)):
                continue
            used |= texts
            kept.append((text, category, state, edit))
    with tempfile.TemporaryDirectory() as folder:
        answers = []
        for memories in ([], extra):
            kit = PersonaKit.open(Path(folder) / str(len(answers)), environ={"PERSONAKIT_PLUGINS": ""})
            try:
                kit.now = Clock(start=1000.0)  # type: ignore[method-assign]
                build(kit, shared)
                kit.now = Clock(start=3000.0)  # type: ignore[method-assign]
                build(kit, memories)
                connection = PersonaKit(kit.pm, kit.config, view)
                connection.now = Clock(start=5000.0)  # type: ignore[method-assign]
                answers.append(transcript(connection, calls))
            finally:
                kit.close()
        assert answers[0] == answers[1], (view, extra)


# -- the sequences, over real stdio ----------------------------------------------------------


def child_environment() -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ["PERSONAKIT_PLUGINS"] = ""
    return environ


async def propose_over(client: Any, text: str, category: str = "tools") -> dict[str, Any]:
    result = await client.call_tool("personakit_propose", {"text": text, "quote": "they said so", "category": category})
    assert not result.is_error
    return json.loads(result.content[0].text)


async def read_over(client: Any, question: str) -> dict[str, Any]:
    result = await client.call_tool("personakit_read", {"question": question, "limit": 20})
    assert not result.is_error
    return json.loads(result.content[0].text)


async def served(folder: Path, *view: str, then: Any) -> Any:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "personakit_plugin", "serve", "--data-dir", str(folder), *view],
        env=child_environment(),
    )
    with anyio.fail_after(90):
        async with Client(stdio_client(parameters), read_timeout_seconds=20) as client:
            return await then(client)


def owner_store(folder: Path) -> dict[str, str]:
    """A restricted health memory (background), an unconfirmed one (tools) and an approved one (tools)."""
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        ids = {}
        for text, category, action in [
            ("Is being treated for depression", "background", "restrict"),
            ("Is trying out the zed editor", "tools", None),
            ("Uses neovim for every project", "tools", "approve"),
        ]:
            ids[text] = kit.store.propose(text, "the owner said so", category, kit.now()).id
            if action:
                kit.store.decide(ids[text], action, kit.now())
        return ids
    finally:
        kit.close()


@pytest.mark.system
@pytest.mark.anyio
async def test_over_real_stdio_a_text_outside_the_categories_answers_as_a_new_one(tmp_path: Path) -> None:
    ids = owner_store(tmp_path / "data")

    async def session(client: Any) -> list[dict[str, Any]]:
        said = [await propose_over(client, "Is being treated for depression") for _ in range(2)]
        said += [await propose_over(client, "Tries the helix editor") for _ in range(2)]
        said.append(await read_over(client, "treated depression helix"))
        return said

    hidden, again, new, new_again, read = await served(tmp_path / "data", "--categories", "tools", then=session)
    # Exactly as a truly new text: new, then not new, and it reads back.
    assert (hidden["new"], again["new"], new["new"], new_again["new"]) == (True, False, True, False)
    assert hidden["id"] == again["id"] != ids["Is being treated for depression"]
    fill = ids["Uses neovim for every project"]  # the view's one approved memory fills the read
    assert [m["id"] for m in read["memories"]][2:] == [fill]
    assert {m["id"] for m in read["memories"]} == {hidden["id"], new["id"], fill}
    assert read["withheld"] == 0


@pytest.mark.system
@pytest.mark.anyio
async def test_over_real_stdio_approved_only_answers_an_unconfirmed_text_as_a_new_one(tmp_path: Path) -> None:
    ids = owner_store(tmp_path / "data")

    async def session(client: Any) -> list[dict[str, Any]]:
        return [
            await propose_over(client, "Is trying out the zed editor"),
            await propose_over(client, "Is trying out the zed editor"),
            await propose_over(client, "Tries the helix editor"),
            await propose_over(client, "Tries the helix editor"),
            await propose_over(client, "Uses neovim for every project"),
        ]

    zed, zed_again, helix, helix_again, neovim = await served(tmp_path / "data", "--approved-only", then=session)
    assert [(a["new"], a["state"]) for a in (zed, zed_again, helix, helix_again)] == [
        (True, "unconfirmed"),
        (False, "unconfirmed"),
        (True, "unconfirmed"),
        (False, "unconfirmed"),
    ]
    assert (neovim["id"], neovim["new"], neovim["state"]) == (ids["Uses neovim for every project"], False, "approved")
