"""One memory shared through PostgreSQL: real `python -m personakit_plugin` servers on separate data
folders, as on separate machines, pointed at one database, and the owner's commands from a third."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from personakit_plugin.core.model import QUOTES_KEPT

from personakit_store_postgres import PostgresStore

pytestmark = pytest.mark.anyio

READ, PROPOSE = "personakit_read", "personakit_propose"
TIMEOUT = 120


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def environment(url: str, folder: Path) -> dict[str, str]:
    """The test's environment without the owner's PersonaKit settings, pointed at the database."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update(
        {"PERSONAKIT_DATA_DIR": str(folder), "PERSONAKIT_PLUGINS": "store-postgres", "PERSONAKIT_POSTGRES_URL": url}
    )
    return environ


def server(url: str, folder: Path) -> Client:
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "personakit_plugin"], env=environment(url, folder)
    )
    return Client(parameters, read_timeout_seconds=60)


async def call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


def owner(url: str, folder: Path, *args: str) -> str:
    """One of the owner's commands, run as the owner runs it, from a data folder of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", *args],
        env=environment(url, folder),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


async def test_two_servers_see_each_others_proposals_and_the_owners_decisions_at_once(
    postgres_url: str, tmp_path: Path
) -> None:
    with anyio.fail_after(TIMEOUT):
        async with (
            server(postgres_url, tmp_path / "laptop") as laptop,
            server(postgres_url, tmp_path / "desktop") as desk,
        ):
            made = await call(laptop, PROPOSE, text="Prefers tea over coffee", quote="tea for me, always")
            assert (made["stored"], made["new"], made["state"]) == (True, True, "unconfirmed")
            seen = await call(desk, READ, question="tea or coffee?")
            assert [(m["id"], m["confirmed"]) for m in seen["memories"]] == [(made["id"], False)]

            again = await call(desk, PROPOSE, text="prefers tea over coffee.", quote="I only drink tea")
            assert (again["id"], again["new"]) == (made["id"], False)

            owner(postgres_url, tmp_path / "owner", "show", made["id"])  # approve confirms the quotes shown
            owner(postgres_url, tmp_path / "owner", "approve", made["id"])
            for client in (laptop, desk):
                read = await call(client, READ, question="tea or coffee?")
                assert [(m["id"], m["confirmed"]) for m in read["memories"]] == [(made["id"], True)]
                assert read["memories"][0]["evidence"] == ["I only drink tea", "tea for me, always"]

            owner(postgres_url, tmp_path / "owner", "restrict", made["id"])
            for client in (laptop, desk):
                read = await call(client, READ, question="tea or coffee?")
                assert (read["memories"], read["withheld"]) == ([], 1)
            # A server that proposed it earlier adds its quote; the owner's decision stands.
            stale = await call(laptop, PROPOSE, text="Prefers tea over coffee", quote="tea again")
            assert stale["state"] == "restricted"

            shown = json.loads(owner(postgres_url, tmp_path / "owner", "show", made["id"], "--json"))
            assert shown["state"] == "restricted"


async def test_two_servers_proposing_at_once_lose_nothing(postgres_url: str, tmp_path: Path) -> None:
    acknowledged: list[tuple[str, str, str]] = []

    async def propose_from(client: Client, name: str) -> None:
        for n in range(25):
            text, quote = f"{name} learned fact {n} about topic{name}{n}", f"{name} heard it at {n}"
            made = await call(client, PROPOSE, text=text, quote=quote)
            acknowledged.append((made["id"], text, quote))
            quote = f"{name} heard the shared one at {n}"
            made = await call(client, PROPOSE, text="Shares one notebook with the team", quote=quote)
            if made.get("quote_kept") is not False:  # past QUOTES_KEPT a quote is said not kept
                acknowledged.append((made["id"], "Shares one notebook with the team", quote))

    with anyio.fail_after(TIMEOUT):
        async with (
            server(postgres_url, tmp_path / "a") as one,
            server(postgres_url, tmp_path / "b") as two,
            anyio.create_task_group() as group,
        ):
            group.start_soon(propose_from, one, "laptop")
            group.start_soon(propose_from, two, "desktop")

    store = PostgresStore.open(postgres_url)
    try:
        memories = {m.id: m for m in store.memories()}
        assert len(memories) == 51
        for memory_id, text, quote in acknowledged:
            assert quote in memories[memory_id].quotes
            if not text.startswith("Shares"):
                assert memories[memory_id].text == text
        shared = {m for m, text, _ in acknowledged if text.startswith("Shares")}
        assert len(shared) == 1 and len(memories[shared.pop()].quotes) == QUOTES_KEPT
    finally:
        store.close()
