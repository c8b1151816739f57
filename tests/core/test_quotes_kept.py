"""A memory keeps at most `QUOTES_KEPT` quotes: an assistant repeating it with new quotes is told that
they were not kept, and neither the data folder nor what a read or a review loads grows with the repeats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import QUOTE_MAX, QUOTES_KEPT, View
from personakit_plugin.storage.sqlite import FILE_NAME

from ..conftest import opened, seed
from ..helpers.stdio import REQUEST_TIMEOUT, Wire, cli

REPEATS = 3000
TEXT = "Keeps a paper notebook for every project"
BATCH = 100
"""Proposals written to the server's stdin before their answers are read."""


def quote(n: int) -> str:
    """A new quote of the full length personakit_propose takes."""
    return (f"repeat {n}: " + "notebook " * (QUOTE_MAX // 9))[: QUOTE_MAX - 1] + "."


@pytest.mark.system
@pytest.mark.slow
def test_thousands_of_repeats_with_new_long_quotes_over_stdio_keep_the_memory_bounded(folder: Path) -> None:
    """3,000 repeats of one memory, each with a new 2,000-character quote, over real stdio: the first
    `QUOTES_KEPT` are kept, every later answer says `quote_kept: false`, the database stays small, and a
    read of the memory loads at most `QUOTES_KEPT` quotes."""
    wire = Wire(folder)
    answers: list[dict[str, object]] = []
    try:
        wire.initialize()
        wire.send({"jsonrpc": "2.0", "id": 0, "method": "tools/list"})
        listed = wire.answer(REQUEST_TIMEOUT)
        assert listed is not None, "no answer to tools/list"
        (tool,) = [tool for tool in listed["result"]["tools"] if tool["name"] == "personakit_propose"]
        assert "quote_kept" in tool["outputSchema"]["properties"], "the answer at the limit is in the schema"
        for start in range(0, REPEATS, BATCH):
            for n in range(start, min(start + BATCH, REPEATS)):
                wire.propose(n + 1, TEXT, quote(n))
            for _ in range(start, min(start + BATCH, REPEATS)):
                answer = wire.answer(REQUEST_TIMEOUT)
                assert answer is not None and "result" in answer, answer
                answers.append(answer["result"]["structuredContent"])
    finally:
        wire.kill()
    memory = answers[0]["id"]
    assert answers[0] == {"stored": True, "id": memory, "new": True, "state": "unconfirmed"}
    kept = {"stored": True, "id": memory, "new": False, "state": "unconfirmed"}
    assert answers[1:QUOTES_KEPT] == [kept] * (QUOTES_KEPT - 1)
    assert answers[QUOTES_KEPT:] == [kept | {"quote_kept": False}] * (REPEATS - QUOTES_KEPT)

    shown = json.loads(cli(folder, "show", str(memory), "--json").stdout)
    assert shown["quotes"] == [quote(n) for n in range(QUOTES_KEPT)]
    database = (folder / FILE_NAME).stat().st_size
    everything = sum(path.stat().st_size for path in folder.iterdir() if path.is_file())
    print(
        f"\n{REPEATS} repeats of {QUOTE_MAX}-character quotes ({REPEATS * QUOTE_MAX / 1e6:.0f} MB proposed): "
        f"database {database / 1024:.0f} KiB, data folder {everything / 1024:.0f} KiB"
    )
    assert database < 10 * QUOTES_KEPT * QUOTE_MAX, "the database grew with the repeats"

    with opened(folder) as kit:
        loaded = reads_loading(kit)
        result = kit.read("paper notebook", 7)
        assert result.memories[0].evidence and len(result.memories[0].evidence) == 2
        assert loaded and max(loaded) <= QUOTES_KEPT
        assert len(kit.store.memories()[0].quotes) == QUOTES_KEPT  # what a review loads


def reads_loading(kit: PersonaKit) -> list[int]:
    """How many quotes each `store.quotes` call of the kit's reads loads, per memory, from now on."""
    loaded: list[int] = []
    quotes = kit.store.quotes

    def counting(ids):  # type: ignore[no-untyped-def]
        found = quotes(ids)
        loaded.extend(len(each) for each in found.values())
        return found

    kit.store.quotes = counting  # type: ignore[method-assign]
    return loaded


def test_a_memory_outside_the_view_is_answered_as_new_even_when_it_is_full(folder: Path) -> None:
    """The answer at the limit comes from the store; a memory the connection cannot see is answered as a
    new one, with nothing to say that it exists, let alone that it is full."""
    seed(folder, *((TEXT, f"quote {n}", "tools") for n in range(QUOTES_KEPT)))
    kit = PersonaKit.open(folder, view=View.parse("preferences"))
    try:
        outside = kit.propose(TEXT, "one more quote", "preferences")
    finally:
        kit.close()
    assert outside.quote_kept is None and outside.new is True
    with opened(folder) as kit:
        inside = kit.propose(TEXT, "one more quote", "tools")
    assert (inside.new, inside.quote_kept) == (False, False)
