"""What "erased" means: after a reject, no byte of any file in the data folder holds the memory's text or
quotes, whoever proposed it, whoever rejected it, and whoever else had the database open."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import anyio
import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import StoreError
from personakit_plugin.core.words import content_words
from personakit_plugin.storage.sqlite import FILE_NAME

from ..helpers.erasure import leaks
from ..helpers.stdio import READ, TEST_TIMEOUT, MakeKit, acli, call, cli, propose, server

SECRET = "Was treated for a zanthoxylum allergy at the Quorvex clinic"
QUOTES = (
    "My zanthoxylum allergy flared up again near Grüßwald",
    "Dr Pellucidar at Quorvex said: no Sichuan pepper, ever",
)
FRAGMENTS = ("zanthoxylum", "Quorvex", "Grüßwald", "Pellucidar", "Sichuan pepper", "flared up again")
OTHERS = [
    ("Prefers window seats on long trains", "window seat, always", "preferences"),
    ("Writes documentation in Markdown", "I write every doc in Markdown", "tools"),
    ("Works from Lisbon most weeks", "I am in Lisbon most weeks", "background"),
]
EDITED = "Had a reaction to Xerophane tablets in Vellmarch"
NEEDLES = [SECRET, *QUOTES, *FRAGMENTS, *(word for word in content_words(SECRET) if len(word) > 6)]
"""Found nowhere once the memory is rejected: its text, quotes, fragments and longer indexed words."""
PROMPT = 15.0
"""Seconds within which a reject must answer, even when it cannot finish erasing at once."""


def assert_erased(folder: Path, *extra: str) -> None:
    """Every byte of every file in the folder is free of the rejected memory's text and quotes."""
    assert folder.is_dir() and any(folder.iterdir())
    assert leaks(folder, [*NEEDLES, *extra]) == []


def assert_scan_would_see(folder: Path) -> None:
    """The scan works: before the reject, the text and each quote are found somewhere in the folder."""
    seen = {needle for _, needle in leaks(folder, [SECRET, *QUOTES])}
    assert seen == {SECRET, *QUOTES}


def assert_left_as_rejected(kit: PersonaKit, memory: str) -> None:
    """Only the id remains, rejected; its words no longer match; the other memories are untouched."""
    rejected = kit.store.get(memory)
    assert rejected is not None
    assert (rejected.state, rejected.text, rejected.quotes) == ("rejected", "", ())
    found = kit.store.matches(content_words(" ".join([SECRET, *QUOTES])))
    assert found.candidates == []
    read = kit.read("zanthoxylum allergy Quorvex clinic treated", 20)
    assert memory not in {m.id for m in read.memories}
    assert read.withheld == 0
    texts = {m.text for m in kit.store.memories() if m.state != "rejected"}
    assert texts == {text for text, _, _ in OTHERS}
    assert [(d.action, d.after) for d in kit.store.history(memory)][-1] == ("reject", "rejected")


def propose_all_with_kit(kit: PersonaKit) -> str:
    for text, quote, category in OTHERS:
        assert kit.propose(text, quote, category).stored
    first = kit.propose(SECRET, QUOTES[0], "constraints")
    second = kit.propose(SECRET.lower() + ".", QUOTES[1], "other")
    assert first.new and second.id == first.id and not second.new
    assert first.id is not None
    return first.id


async def propose_all_with_server(data_dir: Path) -> str:
    async with server(data_dir) as client:
        for text, quote, category in OTHERS:
            assert (await propose(client, text, quote, category))["stored"]
        first = await propose(client, SECRET, QUOTES[0], "constraints")
        second = await propose(client, SECRET, QUOTES[1])
    assert first["new"] and second["id"] == first["id"] and not second["new"]
    return first["id"]


@pytest.mark.anyio
@pytest.mark.system
async def test_proposed_by_a_server_rejected_by_the_cli(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: proposed through a real server process, rejected with the CLI; then no file holds it, and
    proposing it again answers new false, rejected, and writes nothing back."""
    with anyio.fail_after(TEST_TIMEOUT):
        memory = await propose_all_with_server(data_dir)
        assert_scan_would_see(data_dir)
        done = await acli(data_dir, "reject", memory)
        assert memory in done.stdout
        assert_erased(data_dir)

        async with server(data_dir) as again:
            for quote in (*QUOTES, "a quote never seen before about Quorvex"):
                answer = await propose(again, SECRET, quote, "constraints")
                assert answer == {"stored": True, "id": memory, "new": False, "state": "rejected"}
            read = await call(again, READ, question="zanthoxylum Quorvex allergy", limit=20)
            assert memory not in {m["id"] for m in read["memories"]}
    assert_erased(data_dir, "a quote never seen before")
    assert_left_as_rejected(make_kit(), memory)


def test_proposed_and_rejected_through_the_kit(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: proposed and rejected through the kit; no file holds it, before or after closing."""
    kit = make_kit()
    memory = propose_all_with_kit(kit)
    assert_scan_would_see(data_dir)
    kit.store.decide(memory, "reject", kit.now())
    assert_erased(data_dir)
    kit.close()
    assert_erased(data_dir)

    kit = make_kit()
    again = kit.propose(SECRET, QUOTES[0], "constraints")
    assert (again.stored, again.id, again.new, again.state) == (True, memory, False, "rejected")
    assert_erased(data_dir)
    assert_left_as_rejected(kit, memory)
    kit.close()
    assert_erased(data_dir)


def test_rejecting_an_edited_memory_erases_every_text_it_had(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: a memory edited before it is rejected leaves neither its old nor its new text behind."""
    kit = make_kit()
    memory = propose_all_with_kit(kit)
    kit.store.decide(memory, "approve", kit.now())
    kit.store.decide(memory, "edit", kit.now(), text=EDITED)
    kit.store.decide(memory, "reject", kit.now())
    assert_erased(data_dir, EDITED, "Xerophane", "Vellmarch")
    for text in (SECRET, EDITED):
        answer = kit.propose(text, "once more", "other")
        assert (answer.id, answer.new, answer.state) == (memory, False, "rejected")
    kit.close()
    assert_erased(data_dir, EDITED, "Xerophane", "Vellmarch")


@pytest.mark.anyio
@pytest.mark.system
@pytest.mark.parametrize("rejecter", ["cli", "kit"])
async def test_rejected_while_a_server_holds_it(data_dir: Path, make_kit: MakeKit, rejecter: str) -> None:
    """Erased: with an idle server process holding the database open, a reject still leaves no trace in
    any file, while that process runs and after it stops; that process then sees the memory as rejected."""
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as idle:
            for text, quote, category in OTHERS:
                await propose(idle, text, quote, category)
            memory = (await propose(idle, SECRET, QUOTES[0]))["id"]
            await propose(idle, SECRET, QUOTES[1])
            assert memory in {m["id"] for m in (await call(idle, READ, question="zanthoxylum"))["memories"]}
            assert_scan_would_see(data_dir)

            if rejecter == "cli":
                await acli(data_dir, "reject", memory)
            else:
                kit = make_kit()
                kit.store.decide(memory, "reject", kit.now())
                kit.close()
            assert_erased(data_dir)

            read = await call(idle, READ, question="zanthoxylum allergy Quorvex clinic", limit=20)
            assert memory not in {m["id"] for m in read["memories"]}
            answer = await propose(idle, SECRET, QUOTES[1])
            assert answer == {"stored": True, "id": memory, "new": False, "state": "rejected"}
            await propose(idle, "Drinks espresso after lunch", "espresso, always")
            assert_erased(data_dir)
    assert_erased(data_dir)
    final = make_kit().store.get(memory)
    assert final is not None and final.state == "rejected"


@pytest.mark.system
def test_cli_reject_output_and_list_hold_no_text(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: after a reject, the owner's own listing shows the id only, never the text or quotes."""
    kit = make_kit()
    memory = propose_all_with_kit(kit)
    kit.close()
    cli(data_dir, "reject", memory)
    listed = cli(data_dir, "list", "--state", "all", "--json").stdout
    shown = cli(data_dir, "show", memory, "--json").stdout
    for output in (listed, shown):
        assert memory in output
        for needle in NEEDLES:
            assert needle.casefold() not in output.casefold()
    assert_erased(data_dir)


@pytest.mark.slow
def test_reject_while_a_reader_is_pinned_does_not_hang(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: when another connection holds a read snapshot, a reject cannot empty the write-ahead log at
    once; it must still answer promptly (done, or a StoreError saying the erasure is unfinished), and the
    text is gone from every file once that reader lets go."""
    kit = make_kit()
    memory = propose_all_with_kit(kit)
    reader = sqlite3.connect(data_dir / FILE_NAME, isolation_level=None)
    outcome: list[BaseException | None] = []

    def reject() -> None:
        try:
            kit.store.decide(memory, "reject", kit.now())
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)

    rejecting = threading.Thread(target=reject, daemon=True)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM memories").fetchall()
        rejecting.start()
        rejecting.join(PROMPT)
        answered = not rejecting.is_alive()
    finally:
        reader.close()
        rejecting.join(TEST_TIMEOUT)
    assert answered, f"the reject was still waiting after {PROMPT} s for a reader to let go"
    assert outcome[0] is None or isinstance(outcome[0], StoreError), outcome
    kit.close()
    assert_erased(data_dir)


def test_rejecting_after_edits_and_undo_erases_the_kept_previous_texts(data_dir: Path, make_kit: MakeKit) -> None:
    """Erased: an edit keeps the text it replaced (so it can be undone) apart from the history; a reject
    erases those kept texts too, whether the edits still stand or one was undone."""
    kit = make_kit()
    memory = propose_all_with_kit(kit)
    kit.store.decide(memory, "edit", kit.now(), text=EDITED)
    kit.store.decide(memory, "edit", kit.now(), text="Avoids Xerophane since Vellmarch, and Quorvex knows")
    kit.store.undo(kit.now())
    kit.store.decide(memory, "edit", kit.now(), text="Carries Xerophane antidote from Vellmarch")
    assert_scan_would_see(data_dir)
    kit.store.decide(memory, "reject", kit.now())
    assert_erased(data_dir, EDITED, "Xerophane", "Vellmarch", "antidote")
    assert "Xerophane" not in repr(kit.store.history()) + repr(kit.store.dump())
    kit.close()
    assert_erased(data_dir, EDITED, "Xerophane", "Vellmarch", "antidote")
