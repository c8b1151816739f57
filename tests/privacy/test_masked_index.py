"""No index holds more than a read shows: a masked value cannot be confirmed by guessing it.

An unconfirmed memory's text is shown masked (read rule 7a), so the word index keys the words of its
masked text: a question holding the masked address, or a part of it, finds it no better than a wrong
guess does. Approved text is shown as the owner approved it, and is found by its words. Over real
stdio with the default plugins; the recall plugin and `personakit-redact-pii` have their own test of
the same rule (hooks/personakit-recall/tests/test_recall_masked.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import Document, ReadResult
from personakit_plugin.core.redaction import Mask

from ..helpers.stdio import READ, TEST_TIMEOUT, MakeKit, call, cli, propose, server

ADDRESS = "jane.doe@examplecorp.com"
TEXT = f"Sends invoices from {ADDRESS}"
GUESSES = [  # (right, wrong): the whole address, its name, its domain
    (ADDRESS, "john.roe@othercorp.com"),
    ("jane.doe", "john.roe"),
    ("examplecorp", "othercorp"),
    ("examplecorp.com", "othercorp.com"),
]


async def answers(client: Any, question: str) -> Any:
    return await call(client, READ, question=question, limit=1)


@pytest.mark.anyio
@pytest.mark.system
async def test_a_right_guess_of_a_masked_address_reads_as_a_wrong_one(data_dir: Path) -> None:
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            await propose(client, "Drinks green tea in the morning", "tea, always tea", "preferences")
            memory = await propose(client, TEXT, f"my invoices come from {ADDRESS}", "work-style")
            assert (await answers(client, "invoices"))["memories"][0] == {
                "id": memory["id"],
                "text": "Sends invoices from [email]",
                "category": "work-style",
                "confirmed": False,
                "evidence": ["my invoices come from [email]"],
            }
            for right, wrong in GUESSES:
                assert await answers(client, right) == await answers(client, wrong), right


@pytest.mark.anyio
@pytest.mark.system
async def test_approving_indexes_the_text_as_approved_and_a_reset_masks_it_again(data_dir: Path) -> None:
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            memory = await propose(client, TEXT, "from that address", "work-style")
            assert (await answers(client, "examplecorp"))["memories"] == []
            await anyio.to_thread.run_sync(cli, data_dir, "approve", memory["id"])
            shown = (await answers(client, "examplecorp"))["memories"]
            assert [(found["id"], found["text"]) for found in shown] == [(memory["id"], TEXT)]
            await anyio.to_thread.run_sync(cli, data_dir, "reset", memory["id"])
            assert (await answers(client, "examplecorp"))["memories"] == []
            await anyio.to_thread.run_sync(cli, data_dir, "edit", memory["id"], "--text", "Invoices: ann@beispiel.de")
            for right, wrong in [("beispiel", "anderes"), ("ann", "bob")]:
                assert await answers(client, right) == await answers(client, wrong) == {"memories": [], "withheld": 0}
            assert [found["text"] for found in (await answers(client, "invoices"))["memories"]] == ["Invoices: [email]"]


@pytest.mark.anyio
@pytest.mark.system
async def test_a_restricted_memory_is_not_counted_for_a_guess_of_what_it_masks(data_dir: Path) -> None:
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            memory = await propose(client, TEXT, "from that address", "work-style")
            await anyio.to_thread.run_sync(cli, data_dir, "restrict", memory["id"])
            assert (await answers(client, "invoices"))["withheld"] == 1
            for right, wrong in GUESSES:
                assert await answers(client, right) == await answers(client, wrong) == {"memories": [], "withheld": 0}


# -- in process: plugins installed and removed, what retrievers get, a hook that fails ---------------------


class Digits:
    """A redaction plugin of the owner's: masks every run of digits, as a phone-number redactor would."""

    @hookimpl
    def personakit_redact(self, text: str) -> list[Mask]:
        return [Mask(found.start(), found.end(), "number") for found in re.finditer(r"\d+", text)]


class Documents:
    """A retriever that keeps the documents and the cursors the kit gives it, and brings nothing."""

    def __init__(self) -> None:
        self.documents: list[Document] = []

    @hookimpl
    def personakit_retrieve(self, kit: PersonaKit, limit: int) -> object:
        self.documents = kit.documents(None)
        return None


RENT = ("Pays the rent in flat 40718823", "the flat is 40718823, write to ann@example.org", "other")


def read_ids(kit: PersonaKit, question: str) -> list[str]:
    return [memory.id for memory in kit.read(question, 1).memories]


def test_a_redaction_plugin_installed_after_indexing_rekeys_the_word_index_and_removed_rekeys_it_back(
    make_kit: MakeKit, data_dir: Path
) -> None:
    (memory,) = [make_kit().propose(*RENT).id]
    assert read_ids(make_kit(), "40718823") == [memory]  # shown, so found
    masked = make_kit(Digits())
    assert masked.read("40718823", 1) == masked.read("40718824", 1) == ReadResult(memories=[], withheld=0)
    assert read_ids(masked, "rent") == [memory]
    again = make_kit(Digits())  # the same masking: nothing to key again, and the same answers
    assert again.read("40718823", 1) == again.read("40718824", 1)
    assert read_ids(make_kit(), "40718823") == [memory]  # removed: shown again, and found again


def test_a_retriever_gets_what_a_read_shows_and_a_reset_when_the_masking_changes(make_kit: MakeKit) -> None:
    documents = Documents()
    kit = make_kit(documents, Digits())
    unconfirmed = kit.propose(*RENT).id
    approved = kit.propose("Was born in 1984", "born in 1984 at 5 am", "background").id
    assert unconfirmed is not None and approved is not None
    kit.store.decide(approved, "approve", kit.now())
    kit.read("rent", 3)
    assert {(document.id, document.text, document.quotes) for document in documents.documents} == {
        (unconfirmed, "Pays the rent in flat [number]", ("the flat is [number], write to [email]",)),
        (approved, "Was born in 1984", ("born in [number] at [number] am",)),
    }
    cursor = kit.changes(None).cursor
    assert kit.changes(cursor).reset is False
    mark, _, own = cursor.partition("/")
    assert mark == kit.redaction != make_kit().redaction
    # A cursor kept under another masking (the kit's without `Digits`): every retriever loads again.
    assert kit.changes(f"{make_kit().redaction}/{own}").reset is True


class Failing:
    @hookimpl
    def personakit_redact(self, text: str) -> list[Mask]:
        raise RuntimeError(f"cannot mask {text}")


def test_an_unconfirmed_text_a_redaction_hook_fails_on_is_stored_and_keyed_by_no_word(
    make_kit: MakeKit, caplog: pytest.LogCaptureFixture
) -> None:
    kit = make_kit(Failing())
    proposed = kit.propose(*RENT)
    assert proposed.stored and proposed.id is not None
    assert kit.read("rent", 3) == ReadResult(memories=[], withheld=0)
    assert "'Failing' failed in personakit_redact (RuntimeError)" in caplog.text and "40718823" not in caplog.text
    assert read_ids(make_kit(), "rent") == [proposed.id]  # the plugin gone: keyed by what a read shows
