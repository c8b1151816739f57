"""Per-connection views: `personakit serve --categories LIST --approved-only`.

A memory outside a connection's view does not exist for it: never returned, never counted in
`withheld`, never used to fill, and a proposal whose memory lies outside is answered as a store
without that memory would answer. The view is enforced at the boundary: a read plugin that returns
a memory outside it makes the read fail. Checked in-process (with hypothesis over random stores,
views and questions), through the official client over real stdio and over HTTP, and on the command line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personakit_plugin import hookimpl
from personakit_plugin.core import kit as kit_module
from personakit_plugin.core.kit import PersonaKit, ReadRefused
from personakit_plugin.core.model import (
    CATEGORIES,
    EVERYTHING,
    UNCONFIRMED_NOTE,
    Candidate,
    ReadMemory,
    ReadResult,
    View,
)
from personakit_plugin.core.words import content_words
from personakit_plugin.owner.cli import USAGE, main
from personakit_plugin.owner.hosts.connect import connect
from personakit_plugin.owner.review.shared import Similar
from personakit_plugin.serving.server import build_server
from personakit_plugin.testing import Clock

MakeKit = Callable[..., PersonaKit]

# A store an owner might have: the work editor should know the tools and the feedback style,
# not the health constraint; the restricted one is private everywhere.
OWNER = [
    ("Uses neovim for every project", "I use neovim for everything", "tools", "approved"),
    ("Prefers blunt code review feedback", "just tell me what is wrong with the code", "communication", "approved"),
    ("Is trying out the zed editor", "trying zed this week", "tools", "unconfirmed"),
    ("Must avoid gluten at team lunches", "I am coeliac so no gluten at lunch", "constraints", "approved"),
    ("Sees a therapist on Thursdays", "therapy on thursdays, keep it private", "background", "restricted"),
    ("Takes insulin before lunch", "my insulin at lunch", "constraints", "restricted"),
    ("Runs code review tools before lunch", "linting before lunch", "tools", "restricted"),
]


def seed(kit: PersonaKit, memories: list[tuple[str, str, str, str]] = OWNER) -> dict[str, str]:
    """The memories proposed and decided as given; their ids by text."""
    ids = {}
    for text, quote, category, state in memories:
        ids[text] = kit.store.propose(text, quote, category, kit.now()).id
        action = {"approved": "approve", "restricted": "restrict", "rejected": "reject"}.get(state)
        if action:
            kit.store.decide(ids[text], action, kit.now())
    return ids


def viewing(kit: PersonaKit, view: View) -> PersonaKit:
    """The same plugins and store, seen through `view` (as a second `serve` with options would)."""
    return PersonaKit(kit.pm, kit.config, view)


def texts(result: ReadResult) -> list[str]:
    return [memory.text for memory in result.memories]


# -- the read ------------------------------------------------------------------------------------


def test_a_work_editor_sees_its_categories_and_nothing_of_the_rest(make_kit: MakeKit) -> None:
    kit = make_kit()
    seed(kit)
    work = viewing(kit, View.parse("tools,communication"))
    result = work.read("what should I know before lunch about code review and the editor", 7)
    assert set(texts(result)) == {"Prefers blunt code review feedback", "Is trying out the zed editor"} | {
        "Uses neovim for every project"
    }
    # "before lunch" matches two restricted memories; only the tools one is in the view.
    assert result.withheld == 1
    assert kit.read("what should I know before lunch about code review and the editor", 7).withheld == 2


def test_the_fill_never_brings_a_memory_from_outside(make_kit: MakeKit) -> None:
    kit = make_kit()
    seed(kit)
    result = viewing(kit, View.parse("tools")).read("astronomy", 7)
    assert texts(result) == ["Uses neovim for every project"]  # the only approved memory in the view
    assert result.withheld == 0
    everything = kit.read("astronomy", 7)
    assert len(everything.memories) == 3  # without a view, the fill takes approved memories of any category


def test_approved_only_reads_no_unconfirmed_memory_and_gives_no_note(make_kit: MakeKit) -> None:
    kit = make_kit()
    seed(kit)
    assert kit.read("zed editor", 7).note == UNCONFIRMED_NOTE
    result = viewing(kit, View.parse(approved_only=True)).read("zed editor neovim", 7)
    assert texts(result)[0] == "Uses neovim for every project"
    assert len(result.memories) == 3  # the fill: approved memories only
    assert all(memory.confirmed for memory in result.memories)
    assert "Is trying out the zed editor" not in texts(result)
    assert result.note is None


def test_a_view_of_a_category_with_nothing_in_it_reads_nothing(make_kit: MakeKit) -> None:
    kit = make_kit()
    seed(kit)
    assert viewing(kit, View.parse("preferences")).read("neovim insulin therapist lunch zed", 20) == ReadResult(
        memories=[], withheld=0
    )


# -- the proposal --------------------------------------------------------------------------------


def test_a_proposal_of_a_memory_outside_the_view_becomes_a_memory_of_its_own_in_it(make_kit: MakeKit) -> None:
    kit = make_kit()
    ids = seed(kit)
    work = viewing(kit, View.parse("tools"))
    # The assistant proposes, as a tool, the text of a restricted health memory: answered, and read
    # back, as a new memory would be, twice, as in a store without the health memory.
    first = work.propose("Takes insulin before lunch", "he mentioned insulin", "tools")
    again = work.propose("takes insulin before lunch.", "insulin again", "tools")
    assert (first.new, first.state, again.new, again.state) == (True, "unconfirmed", False, "unconfirmed")
    assert first.id == again.id != ids["Takes insulin before lunch"]
    read = work.read("insulin", 7)
    assert [(m.id, m.text, m.confirmed) for m in read.memories][:1] == [(first.id, "Takes insulin before lunch", False)]
    assert read.withheld == 0
    # Without the view the same proposal says what it is, and the health memory got no quote.
    plain = kit.propose("Takes insulin before lunch", "again", "tools")
    assert (plain.id, plain.new, plain.state) == (ids["Takes insulin before lunch"], False, "restricted")
    health = kit.store.get(ids["Takes insulin before lunch"])
    assert health is not None and "he mentioned insulin" not in health.quotes
    # The owner's review has both, the same text, each shown beside the other as similar.
    mine = kit.store.get(first.id)
    assert mine is not None and (mine.text, mine.category, mine.quotes) == (
        "Takes insulin before lunch",
        "tools",
        ("he mentioned insulin", "insulin again"),
    )
    similar = Similar(kit.store.memories())
    assert similar.to(mine)[0].id == health.id and similar.to(health)[0].id == mine.id
    # Another view gets a memory of its own for it too; the first view finds its own again.
    other = viewing(kit, View.parse("work-style")).propose("Takes insulin before lunch", "q", "work-style")
    assert other.new and other.id not in {first.id, health.id}
    assert viewing(kit, View.parse("tools")).propose("Takes insulin before lunch", "q", "tools").id == first.id


def test_an_edited_memory_outside_the_view_is_not_revealed_by_its_id(make_kit: MakeKit) -> None:
    kit = make_kit()
    ids = seed(kit)
    kit.store.decide(
        ids["Sees a therapist on Thursdays"], "edit", kit.now(), text="Has a standing Thursday appointment"
    )
    work = viewing(kit, View.parse("tools"))
    answer = work.propose("Has a standing Thursday appointment", "q", "tools")
    assert answer.id != ids["Sees a therapist on Thursdays"]
    assert (answer.new, answer.state) == (True, "unconfirmed")
    old = work.propose("Sees a therapist on Thursdays", "q", "tools")
    assert old.new and old.id not in {answer.id, ids["Sees a therapist on Thursdays"]}


def test_approved_only_answers_an_unconfirmed_memory_from_what_the_connection_proposed(make_kit: MakeKit) -> None:
    kit = make_kit()
    ids = seed(kit)
    approved = viewing(kit, View.parse(approved_only=True))
    # An unconfirmed memory lies outside the view: new the first time this connection proposes it.
    answers = [approved.propose("Is trying out the zed editor", f"zed {n}", "tools") for n in range(3)]
    assert [(a.new, a.state) for a in answers] == [
        (True, "unconfirmed"),
        (False, "unconfirmed"),
        (False, "unconfirmed"),
    ]
    assert {a.id for a in answers} == {ids["Is trying out the zed editor"]}
    # As a truly new text is answered.
    fresh = [approved.propose("Tries helix too", f"helix {n}", "tools") for n in range(2)]
    assert [(a.new, a.state) for a in fresh] == [(True, "unconfirmed"), (False, "unconfirmed")]
    # Another approved-only connection has proposed nothing yet.
    assert viewing(kit, View.parse(approved_only=True)).propose("Tries helix too", "q", "tools").new
    # Restricted memories are counted in `withheld`, so inside the view; approved ones too.
    restricted = approved.propose("Takes insulin before lunch", "q", "tools")
    assert (restricted.id, restricted.new, restricted.state) == (ids["Takes insulin before lunch"], False, "restricted")
    assert approved.propose("Uses neovim for every project", "q", "tools").state == "approved"
    # The owner still gets the quotes, on the memory they belong to.
    zed = kit.store.get(ids["Is trying out the zed editor"])
    assert zed is not None and {"zed 0", "zed 2"} <= set(zed.quotes)


def test_approved_only_names_an_old_text_of_an_unconfirmed_memory_by_its_own_id(make_kit: MakeKit) -> None:
    """An id shared by two texts would tell the connection they are one memory it cannot see."""
    kit = make_kit()
    ids = seed(kit)
    kit.store.decide(ids["Is trying out the zed editor"], "edit", kit.now(), text="Tries the zed editor")
    approved = viewing(kit, View.parse(approved_only=True))
    new_text = approved.propose("Tries the zed editor", "q", "tools")
    old_text = approved.propose("Is trying out the zed editor", "q", "tools")
    assert new_text.new and old_text.new and new_text.id != old_text.id


def test_approved_only_forgets_the_oldest_proposals_past_its_limit(
    make_kit: MakeKit, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `PROPOSALS_KEPT` texts, the first is answered as new again, whether it exists or not."""
    monkeypatch.setattr(kit_module, "PROPOSALS_KEPT", 2)
    kit = make_kit()
    seed(kit)
    approved = viewing(kit, View.parse(approved_only=True))
    for text in ("Is trying out the zed editor", "Tries helix too", "Likes fish", "Likes birds"):
        assert approved.propose(text, "q", "tools").new
    assert approved.propose("Likes birds", "q", "tools").new is False  # still remembered
    assert approved.propose("Is trying out the zed editor", "q", "tools").new  # forgotten: it exists
    assert approved.propose("Tries helix too", "q", "tools").new  # forgotten: this connection made it


def test_a_proposal_inside_the_view_is_answered_as_always(make_kit: MakeKit) -> None:
    kit = make_kit()
    ids = seed(kit)
    work = viewing(kit, View.parse("tools", approved_only=True))
    answer = work.propose("Uses neovim for every project", "neovim, always", "tools")
    assert (answer.id, answer.new, answer.state) == (ids["Uses neovim for every project"], False, "approved")
    answer = work.propose("Likes ripgrep", "rg is great", "tools")
    assert (answer.new, answer.state) == (True, "unconfirmed")
    # A proposal into a category outside the view is stored for the owner as usual.
    answer = work.propose("Walks the dog at six", "dog walk at six", "background")
    assert answer.stored and answer.new and kit.store.get(answer.id) is not None


# -- the boundary --------------------------------------------------------------------------------


class LeaksOutsideTheView:
    """A read plugin that returns the approved matches of every category, whatever the view."""

    @hookimpl
    def personakit_read(self, kit: PersonaKit, question: str, limit: int) -> ReadResult:
        words = content_words(question)
        shown = [
            ReadMemory(id=m.id, text=kit.shown_text(m), category=m.category, confirmed=True, evidence=[])
            for m in (candidate.memory for candidate in kit.store.matches(words).candidates)
            if m.state == "approved"
        ]
        return ReadResult(memories=shown[:limit], withheld=kit.matches(words).restricted)


class CountsEveryRestricted:
    """A read plugin that counts the restricted memories of every category in `withheld`."""

    @hookimpl
    def personakit_read(self, kit: PersonaKit, question: str, limit: int) -> ReadResult:
        return ReadResult(memories=[], withheld=kit.store.matches(content_words(question)).restricted)


def test_a_read_plugin_that_returns_a_memory_outside_the_view_makes_the_read_fail(make_kit: MakeKit) -> None:
    kit = make_kit(LeaksOutsideTheView())
    seed(kit)
    work = viewing(kit, View.parse("tools"))
    with pytest.raises(ReadRefused, match="outside this connection's view"):
        work.read("gluten lunch", 7)
    assert viewing(kit, View.parse("tools,constraints")).read("gluten lunch", 7).memories  # inside it may leave


def test_a_read_plugin_that_counts_restricted_memories_outside_the_view_makes_the_read_fail(
    make_kit: MakeKit,
) -> None:
    kit = make_kit(CountsEveryRestricted())
    seed(kit)
    with pytest.raises(ReadRefused, match="withheld"):
        viewing(kit, View.parse("tools")).read("insulin lunch", 7)


# -- a property over random stores, views and questions -------------------------------------------

WORDS = ["tea", "vim", "lunch", "review", "dog", "rust", "gluten", "night"]
STATES = ["unconfirmed", "approved", "restricted", "rejected"]

memory_strategy = st.tuples(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True),
    st.sampled_from(CATEGORIES),
    st.sampled_from(STATES),
)
view_strategy = st.builds(
    View,
    categories=st.none() | st.frozensets(st.sampled_from(CATEGORIES), min_size=1),
    approved_only=st.booleans(),
)


def expected(kit: PersonaKit, view: View, question: str, limit: int) -> tuple[list[str], int]:
    """What the contract says a read in `view` returns, from every memory the store holds: the ids, and withheld."""
    words = content_words(question)
    every = kit.store.memories()
    matched = [(m, len(words & content_words(m.text))) for m in every if view.shows(m)]
    matched = [(m, n) for m, n in matched if n]
    matched.sort(key=lambda mn: (-mn[1], mn[0].state != "approved", -mn[0].touched, mn[0].id))
    chosen = [m.id for m, _ in matched[:limit]]
    if len(chosen) < min(3, limit):
        fill = [m for m in every if m.state == "approved" and view.covers(m.category) and m.id not in chosen]
        fill.sort(key=lambda m: (-m.approved_at, m.id))
        chosen += [m.id for m in fill[: min(3, limit) - len(chosen)]]
    withheld = sum(
        1 for m in every if m.state == "restricted" and view.covers(m.category) and words & content_words(m.text)
    )
    return chosen, withheld


class RanksInPython:
    """The default order, but a ranker of its own: the read then takes every match from the
    store (`matches`) and ranks here, the path a third-party ranker takes."""

    @hookimpl
    def personakit_rank(self, candidates: list[Candidate]) -> list[Candidate]:
        return sorted(
            (c for c in candidates if c.matched),
            key=lambda c: (-c.matched, c.memory.state != "approved", -c.memory.touched, c.memory.id),
        )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    in_store=st.booleans(),
    memories=st.lists(memory_strategy, min_size=0, max_size=12),
    view=view_strategy,
    question=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join),
    limit=st.integers(1, 8),
)
def test_a_read_in_a_view_is_the_contract_over_the_memories_in_it(
    tmp_path_factory: pytest.TempPathFactory,
    memories: list[tuple[list[str], str, str]],
    view: View,
    question: str,
    limit: int,
    in_store: bool,
) -> None:
    plugins = () if in_store else (RanksInPython(),)
    kit = PersonaKit.open(tmp_path_factory.mktemp("view"), plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""})
    kit.now = Clock()  # type: ignore[method-assign]
    try:
        seed(
            kit,
            [(" ".join(words) + f" {n}", f"said {n}", cat, state) for n, (words, cat, state) in enumerate(memories)],
        )
        assert kit.ranks_as_store() is in_store
        result = viewing(kit, view).read(question, limit)
        ids, withheld = expected(kit, view, question, limit)
        assert [m.id for m in result.memories] == ids
        assert result.withheld == withheld
        for memory in result.memories:
            stored = kit.store.get(memory.id)
            assert stored is not None and view.shows(stored)
        assert (result.note is not None) == any(not m.confirmed for m in result.memories)
    finally:
        kit.close()


# -- over MCP: in-process, real stdio, HTTP ------------------------------------------------------


def test_the_instructions_say_the_view_in_one_sentence(make_kit: MakeKit) -> None:
    kit = make_kit()
    plain = build_server(kit).instructions or ""
    work = build_server(viewing(kit, View.parse("tools,work-style", approved_only=True))).instructions or ""
    assert work.startswith(plain)
    added = work[len(plain) :].strip()
    assert added == (
        "This connection sees only the memories the owner approved in the categories work-style, tools; "
        "it knows of no others."
    )
    assert added.count(".") == 1


def child_environment() -> dict[str, str]:
    import os

    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ["PERSONAKIT_PLUGINS"] = ""
    return environ


def seeded_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    folder = tmp_path / "data"
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
    kit.now = Clock()  # type: ignore[method-assign]
    try:
        return folder, seed(kit)
    finally:
        kit.close()


async def read_over(client: Any, question: str) -> dict[str, Any]:
    result = await client.call_tool("personakit_read", {"question": question, "limit": 20})
    assert not result.is_error
    return json.loads(result.content[0].text)


@pytest.mark.system
@pytest.mark.anyio
async def test_over_real_stdio_a_view_keeps_everything_outside_it(tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    folder, ids = seeded_folder(tmp_path)
    parameters = StdioServerParameters(
        command=sys.executable,
        args=[
            "-m",
            "personakit_plugin",
            "serve",
            "--data-dir",
            str(folder),
            "--categories",
            "tools",
            "--approved-only",
        ],
        env=child_environment(),
    )
    with anyio.fail_after(90):
        async with Client(stdio_client(parameters), read_timeout_seconds=20) as client:
            assert "only the memories the owner approved in the categories tools" in (client.instructions or "")
            answer = await read_over(client, "insulin lunch therapist gluten zed neovim review")
            assert [m["id"] for m in answer["memories"]] == [ids["Uses neovim for every project"]]
            assert answer["withheld"] == 1 and "note" not in answer
            proposed = await client.call_tool(
                "personakit_propose", {"text": "Sees a therapist on Thursdays", "quote": "q", "category": "tools"}
            )
            assert json.loads(proposed.content[0].text)["state"] == "unconfirmed"


@pytest.mark.system
@pytest.mark.anyio
async def test_over_http_a_view_keeps_everything_outside_it(tmp_path: Path) -> None:
    from ..helpers.http import connect as http_connect
    from ..helpers.http import http_server, token_of

    folder, ids = seeded_folder(tmp_path)
    with http_server(folder, "--categories", "constraints") as spawned:
        async with http_connect(spawned.url, token_of(folder)) as client:
            assert "in the categories constraints" in (client.instructions or "")
            answer = await read_over(client, "insulin lunch neovim zed")
            assert [m["id"] for m in answer["memories"]] == [ids["Must avoid gluten at team lunches"]]
            assert answer["withheld"] == 1  # insulin; the tools one before lunch is outside the view


# -- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--categories", "health"], "'health' is not a category"),
        (["--categories", ","], "--categories needs one or more of"),
        (["--categories", ""], "--categories needs one or more of"),
    ],
)
def test_a_bad_view_is_one_sentence_and_serves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    assert main(["--data-dir", str(tmp_path / "data"), "serve", *args]) == USAGE  # a usage mistake
    err = capsys.readouterr().err.strip()
    assert said in err and err.count("\n") == 0 and err.endswith(".")
    assert not (tmp_path / "data").exists()


def test_the_view_options_are_case_and_space_tolerant() -> None:
    assert View.parse(" Tools , WORK-STYLE,,") == View(categories=frozenset({"tools", "work-style"}))


def test_connect_writes_the_view_into_the_host_entry_and_says_it(tmp_path: Path) -> None:
    said = connect(
        "claude-code",
        data_dir=None,
        read_only=False,
        dry_run=False,
        home=tmp_path,
        environ={},
        platform="linux",
        executable=sys.executable,
        view=View.parse("tools,communication", approved_only=True),
        now=1.0,
    )
    config = json.loads((tmp_path / ".claude.json").read_text())
    args = config["mcpServers"]["personakit"]["args"]
    assert args[-3:] == ["--categories", "communication,tools", "--approved-only"]
    assert any(
        "Claude Code sees only the memories the owner approved in the categories communication, tools" in s
        for s in said
    )


@pytest.mark.system
def test_doctor_shows_the_view_of_each_configured_host(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for host, view in (("claude-code", View.parse("tools")), ("cursor", EVERYTHING)):
        connect(
            host,
            data_dir=tmp_path / "data",
            read_only=False,
            dry_run=False,
            home=home,
            environ={},
            platform="linux",
            executable=sys.executable,
            view=view,
            now=1.0,
        )
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "--data-dir", str(tmp_path / "data"), "doctor"],
        capture_output=True,
        text=True,
        env={**child_environment(), "HOME": str(home)},
        cwd=tmp_path,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    claude = [line for line in lines if ".claude.json" in line and "starts PersonaKit" in line]
    cursor = [line for line in lines if "mcp.json" in line and "starts PersonaKit" in line]
    assert claude and "sees only memories in the categories tools" in claude[0], done.stdout
    assert cursor and "sees every memory the owner allowed" in cursor[0], done.stdout


@pytest.mark.parametrize("categories", [frozenset({"work"}), frozenset()])
def test_a_view_of_no_category_or_of_one_that_does_not_exist_is_refused(categories):
    """A view that could only ever read nothing (a mistyped category in `mount`'s kit, say) is refused in
    one sentence, as `serve --categories` refuses it, rather than answering every read with nothing."""
    with pytest.raises(ValueError, match="categor") as refused:
        View(categories=categories)
    assert str(refused.value).count(".") == 1
