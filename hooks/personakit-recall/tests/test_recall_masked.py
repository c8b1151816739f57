"""No index holds more than a read shows, with the recall plugin and `personakit-redact-pii` installed:
a question holding a masked value (an address, its domain, a phone number) gets the answer a
wrong guess gets. Over real stdio, both plugins loaded through their entry points. The recall plugin
only ever receives documents as a read shows them (`Kit.documents`), so it embeds and stems `[email]`,
and `[phone]`, never what they mask (an IBAN is refused at
the proposal, so none is stored to mask); and installing or removing a redaction plugin after the
memories were indexed re-keys them (the store's word index) and resets every retriever (the cursor)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from recall_testing import OTHERS, TIMEOUT, environ

pytest.importorskip(
    "personakit_redact_pii", reason="personakit-redact-pii is not installed (tox -e hooks installs it)"
)

ADDRESS, PHONE, HOTLINE = "jane.doe@examplecorp.com", "+44 20 7946 0958", "+44 20 7946 0711"
TEXT = f"Bills are paid through the hotline {HOTLINE}"
QUOTE = f"write to {ADDRESS} or call {PHONE} about the bills"
GUESSES = [  # (right, wrong)
    (ADDRESS, "john.roe@othercorp.com"),
    ("examplecorp.com", "othercorp.com"),
    (PHONE, "+44 20 7946 0123"),
    (HOTLINE, "+44 20 7946 0722"),
    (f"Are bills paid through {HOTLINE}?", "Are bills paid through +44 20 7946 0722?"),
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def server(folder: Path, plugins: str) -> Client:
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "personakit_plugin", "--data-dir", str(folder), "serve"],
        env=environ(PERSONAKIT_PLUGINS=plugins),
    )
    return Client(parameters, read_timeout_seconds=TIMEOUT)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


async def seed(client: Client) -> str:
    for text, quote, category in OTHERS:
        await call(client, "personakit_propose", text=text, quote=quote, category=category)
    return (await call(client, "personakit_propose", text=TEXT, quote=QUOTE, category="background"))["id"]


async def first(client: Client, question: str) -> Any:
    return await call(client, "personakit_read", question=question, limit=1)


async def assert_guesses_tell_nothing(client: Client) -> None:
    for right, wrong in GUESSES:
        assert await first(client, right) == await first(client, wrong), right


@pytest.mark.anyio
async def test_a_right_guess_of_a_masked_value_reads_as_a_wrong_one_with_recall(tmp_path: Path) -> None:
    with anyio.fail_after(TIMEOUT * 2):
        async with server(tmp_path, "recall,redact-pii") as client:
            memory = await seed(client)
            shown = (await first(client, "bills"))["memories"]
            assert shown[0]["id"] == memory
            assert shown[0]["text"] == "Bills are paid through the hotline [phone]"
            assert shown[0]["evidence"] == ["write to [email] or call [phone] about the bills"]
            await assert_guesses_tell_nothing(client)


@pytest.mark.anyio
async def test_a_redaction_plugin_installed_after_the_memories_were_indexed_masks_them_in_every_index(
    tmp_path: Path,
) -> None:
    with anyio.fail_after(TIMEOUT * 3):
        async with server(tmp_path, "recall") as client:  # phone numbers are shown, and found
            memory = await seed(client)
            assert (await first(client, HOTLINE))["memories"][0]["id"] == memory
        async with server(tmp_path, "recall,redact-pii") as client:  # installed: masked everywhere
            await assert_guesses_tell_nothing(client)
        async with server(tmp_path, "redact-pii") as client:  # the word index alone
            await assert_guesses_tell_nothing(client)
        async with server(tmp_path, "recall") as client:  # removed: shown again, and found by its words
            assert (await first(client, HOTLINE))["memories"][0]["id"] == memory
