"""No index holds more than a read shows: a masked value cannot be confirmed by guessing it.

An unconfirmed memory's text is shown masked (read rule 7a), so the word index keys the words of its
masked text: a question holding the masked address, or a part of it, finds it no better than a wrong
guess does. Approved text is shown as the owner approved it, and is found by its words. Over real
stdio with the default plugins; the recall plugin and `personakit-redact-pii` have their own test of
the same rule (hooks/personakit-recall/tests/test_recall_masked.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from .helpers.stdio import READ, TEST_TIMEOUT, call, cli, propose, server

pytestmark = [pytest.mark.anyio, pytest.mark.system]

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


async def test_a_restricted_memory_is_not_counted_for_a_guess_of_what_it_masks(data_dir: Path) -> None:
    with anyio.fail_after(TEST_TIMEOUT):
        async with server(data_dir) as client:
            memory = await propose(client, TEXT, "from that address", "work-style")
            await anyio.to_thread.run_sync(cli, data_dir, "restrict", memory["id"])
            assert (await answers(client, "invoices"))["withheld"] == 1
            for right, wrong in GUESSES:
                assert await answers(client, right) == await answers(client, wrong) == {"memories": [], "withheld": 0}
