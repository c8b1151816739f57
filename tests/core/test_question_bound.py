"""A question is at most `QUESTION_MAX` characters as given and once normalised (NFKC, case-folded), so
that what every retriever and the word index work on is bounded: 4,000 characters of U+FDFA are
72,000 once normalised. Checked by size, over real stdio and at the kit, which every retriever gets
its question from."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import anyio
import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import QUESTION_MAX, question_problem

from ..helpers.stdio import READ, TEST_TIMEOUT, MakeKit, call, propose, server

EXPANDING = "\ufdfa"
"""ARABIC LIGATURE SALLALLAHOU ALAYHE WASALLAM: one character, 18 once NFKC-normalised."""
ACCEPTED = EXPANDING * (QUESTION_MAX // 18)
REFUSED = EXPANDING * (QUESTION_MAX // 18 + 1)


def normalised_size(question: str) -> int:
    return len(unicodedata.normalize("NFKC", question).casefold())


class Recording:
    """A retriever that keeps every question it is given."""

    def __init__(self) -> None:
        self.questions: list[str] = []

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, question: str, limit: int) -> object:
        self.questions.append(question)
        return None


def test_the_bound_is_on_the_normalised_question() -> None:
    assert normalised_size(ACCEPTED) <= QUESTION_MAX < normalised_size(REFUSED)
    assert question_problem(ACCEPTED) is None and question_problem("x" * QUESTION_MAX) is None
    assert question_problem(REFUSED) == (
        "question is 4,014 characters long once Unicode-normalised (NFKC, case-folded); the most is 4,000: "
        "ask with fewer characters, or without ligatures and other compatibility characters."
    )
    assert question_problem(EXPANDING * QUESTION_MAX) is not None
    assert question_problem("x" * (QUESTION_MAX + 1)) == "question is 4,001 characters long; the most is 4,000."


def test_no_retriever_is_given_a_question_over_the_bound(make_kit: MakeKit) -> None:
    recording = Recording()
    kit = make_kit(recording)
    kit.propose("Drinks green tea", "green tea please", "preferences")
    kit.read(ACCEPTED, 3)
    with pytest.raises(ValueError, match="once Unicode-normalised"):
        kit.read(EXPANDING * QUESTION_MAX, 3)
    assert recording.questions == [ACCEPTED]
    assert max(normalised_size(question) for question in recording.questions) <= QUESTION_MAX


@pytest.mark.anyio
@pytest.mark.system
async def test_over_stdio_an_expanding_question_is_a_tool_error_and_the_server_goes_on(data_dir: Path) -> None:
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            await propose(client, "Drinks green tea", "green tea please", "preferences")
            refused: Any = await client.call_tool(READ, {"question": EXPANDING * QUESTION_MAX})
            assert refused.is_error is True
            assert [block.text for block in refused.content] == [
                "question is 72,000 characters long once Unicode-normalised (NFKC, case-folded); the most is "
                "4,000: ask with fewer characters, or without ligatures and other compatibility characters."
            ]
            assert (await call(client, READ, question=ACCEPTED))["memories"] == []
            assert [memory["text"] for memory in (await call(client, READ, question="tea"))["memories"]] == [
                "Drinks green tea"
            ]
