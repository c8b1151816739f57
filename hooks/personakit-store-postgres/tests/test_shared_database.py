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
import psycopg
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import Implementation
from personakit_plugin.backend import QUOTES_KEPT

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


def server(url: str, folder: Path, *args: str, client: Implementation | None = None) -> Client:
    """The official client on `python -m personakit_plugin ARGS` (`serve ARGS` when given), calling itself
    `client` in `initialize` when given."""
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "personakit_plugin", *args], env=environment(url, folder)
    )
    return Client(parameters, read_timeout_seconds=60, client_info=client)


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

            owner(postgres_url, tmp_path / "owner", "show", made["id"])  # an approve confirms what was shown
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


async def test_a_connection_is_bounded_across_servers_and_rejected_by_the_owner_from_another_machine(
    postgres_url: str, tmp_path: Path
) -> None:
    """The connection record and the bound are the database's: a flooding client is refused at its bound,
    another client on another machine is not, and the owner rejects everything the flood left waiting in
    one command from a third, which erases it and makes room again."""
    flood = Implementation(name="flood-client", version="9.9")
    calm = Implementation(name="calm-client", version="1.0")
    texts = [f"Collects vintage {thing} for the hall" for thing in ("stamps", "maps", "clocks", "radios")]
    with anyio.fail_after(TIMEOUT):
        async with (
            server(postgres_url, tmp_path / "laptop", "serve", "--most-waiting", "3", client=flood) as laptop,
            server(postgres_url, tmp_path / "desktop", "serve", "--most-waiting", "3", client=calm) as desk,
        ):
            flooded = [(await call(laptop, PROPOSE, text=text, quote=f"my {text}"))["id"] for text in texts[:3]]
            for text in (texts[3], texts[0]):  # a new memory, and a repeat: nothing is taken at the bound
                refused = await laptop.call_tool(PROPOSE, {"text": text, "quote": "one more, please"})
                assert refused.is_error
                assert [block.text for block in refused.content] == [
                    "PersonaKit could not take this proposal: 3 memories this connection proposed already wait "
                    "for the owner's review, so nothing was stored; propose again once the owner has reviewed them."
                ]
            kept = (await call(desk, PROPOSE, text="Prefers tea over coffee", quote="tea, please"))["id"]

            store = PostgresStore.open(postgres_url)
            try:
                assert sorted(m.id for m in store.memories()) == sorted([*flooded, kept]), "nothing stored"
                latest, earlier = store.connections()
                assert (latest.connection.client, latest.waiting, earlier.connection.client, earlier.waiting) == (
                    "calm-client",
                    1,
                    "flood-client",
                    3,
                )
                assert store.proposers([*flooded, kept]) == {
                    **dict.fromkeys(flooded, earlier.connection.id),
                    kept: latest.connection.id,
                }
            finally:
                store.close()

            said = owner(postgres_url, tmp_path / "owner", "reject", "--proposed-by", "flood-client", "--yes")
            assert "3 memories rejected (by flood-client 9.9 (c_" in said

            store = PostgresStore.open(postgres_url)
            try:
                assert store.states([*flooded, kept]) == {**dict.fromkeys(flooded, "rejected"), kept: "unconfirmed"}
                with psycopg.connect(postgres_url) as conn:
                    left = conn.execute("SELECT string_agg(quote, ' ') FROM personakit.quotes").fetchone()
                    texts_left = conn.execute("SELECT string_agg(text, ' ') FROM personakit.memories").fetchone()
                assert "vintage" not in f"{left} {texts_left}", "the flood's texts and quotes are erased"
                assert store.describe().erasure_unfinished is False
            finally:
                store.close()
            made = await call(laptop, PROPOSE, text=texts[3], quote="my vintage radios")
            assert made["stored"] and made["new"], "the owner's decisions made room"
