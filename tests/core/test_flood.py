"""A flood from one connection: the store knows which connection proposed what, one connection can leave
only so many memories waiting, and the owner rejects or restricts all of one connection's proposals at
once (`personakit reject|restrict --proposed-by`, the web review's filter), one erasure for them all.

Over real stdio with the official MCP client where an assistant proposes; the real command line in a
child process where the owner decides.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp_types import Implementation

from personakit_plugin.core.model import WAITING_PER_CONNECTION
from personakit_plugin.owner.cli import USAGE, build_parser
from personakit_plugin.owner.review import bulk

from ..conftest import clean_environ, folder_bytes, opened, personakit_command, seed, stdio_parameters
from ..helpers.stdio import PROPOSE, REQUEST_TIMEOUT, TEST_TIMEOUT, call

pytestmark = [pytest.mark.anyio, pytest.mark.system]

FLOOD = Implementation(name="flood-client", version="9.9")
"""The client that floods, as it names itself in `initialize`."""


def flooder(folder: Path, *args: str) -> Client:
    """The official client, calling itself `FLOOD`, on a spawned `python -m personakit_plugin serve ARGS`."""
    return Client(
        stdio_parameters(folder, "serve", *args),
        client_info=FLOOD,
        read_timeout_seconds=REQUEST_TIMEOUT,
    )


def owner(folder: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`personakit --data-dir FOLDER ARGS` as the owner runs it, standard input not a terminal."""
    return subprocess.run(
        personakit_command("--data-dir", folder, *args),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=4 * REQUEST_TIMEOUT,
        env=clean_environ(),
    )


def seed_from(folder: Path, client: tuple[str, str], *texts: str) -> list[str]:
    """Each text proposed as the connection of `client` would propose it (`seed`); the ids."""
    return seed(
        folder, *((text, f"I said {text.lower()} myself, word for word", "other") for text in texts), client=client
    )


def states(folder: Path) -> dict[str, str]:
    with opened(folder) as kit:
        return {memory.id: memory.state for memory in kit.store.memories()}


async def test_a_connection_at_its_bound_is_told_in_one_sentence_that_nothing_was_stored(folder: Path) -> None:
    texts = [f"Collects vintage {thing}" for thing in ("stamps", "maps", "clocks", "radios")]
    with anyio.fail_after(TEST_TIMEOUT):
        async with flooder(folder, "--most-waiting", "3") as client:
            ids = [(await call(client, PROPOSE, text=text, quote=f"my {text.lower()}"))["id"] for text in texts[:3]]
            for text in (texts[3], texts[0]):  # a new memory, and a repeat: nothing from it is taken at the bound
                refused = await client.call_tool(PROPOSE, {"text": text, "quote": "one more, please"})
                assert refused.is_error
                (said,) = [block.text for block in refused.content]
                assert said == (
                    "PersonaKit could not take this proposal: 3 memories this connection proposed already wait for "
                    "the owner's review, so nothing was stored; propose again once the owner has reviewed them."
                )
            assert sorted(states(folder)) == sorted(ids), "nothing stored at the bound"
            with opened(folder) as kit:
                assert all("one more, please" not in m.quotes for m in kit.store.memories())
                (proposer,) = kit.store.connections()  # type: ignore[attr-defined]
                recorded = kit.store.proposers(ids)  # type: ignore[attr-defined]
            assert (proposer.connection.client, proposer.connection.version) == ("flood-client", "9.9")
            assert proposer.waiting == 3 and recorded == dict.fromkeys(ids, proposer.connection.id)

            # Another connection has a count of its own.
            calm = Client(
                stdio_parameters(folder, "serve", "--most-waiting", "3"),
                client_info=Implementation(name="calm-client", version="1.0"),
                read_timeout_seconds=REQUEST_TIMEOUT,
            )
            async with calm as other:
                assert (await call(other, PROPOSE, text="Prefers tea", quote="tea, please"))["new"]

            # The owner reviews one: the connection may propose again, up to its bound.
            assert owner(folder, "approve", ids[0]).returncode == 0
            stored = await call(client, PROPOSE, text=texts[3], quote="my vintage radios")
            assert stored["stored"] and stored["new"]
            assert (await client.call_tool(PROPOSE, {"text": "Collects vintage cameras", "quote": "cameras"})).is_error


async def test_the_default_bound_is_named_and_a_server_is_given_another_only_by_its_owner(folder: Path) -> None:
    assert WAITING_PER_CONNECTION == 1000
    assert build_parser().parse_args(["serve"]).most_waiting == WAITING_PER_CONNECTION
    with opened(folder) as kit:
        assert kit.most_waiting == WAITING_PER_CONNECTION
    done = owner(folder, "serve", "--most-waiting", "0")
    assert done.returncode != 0 and "--most-waiting" in done.stderr and "at least 1" in done.stderr
    assert "--most-waiting N" in owner(folder, "serve", "--help").stdout


def test_reject_proposed_by_shows_asks_and_erases_only_that_connection_once(folder: Path) -> None:
    flood = seed_from(folder, ("flood-client", "9.9"), *(f"Flood memory number {n} about zeppelins" for n in range(12)))
    (other,) = seed_from(folder, ("calm-client", "1.0"), "Prefers zeppelins to airplanes")

    refused = owner(folder, "reject", "--proposed-by", "flood-client")
    assert refused.returncode == 1, "no terminal and no --yes: it asks first, so it refuses"
    assert "12 memories proposed by flood-client 9.9 (c_" in refused.stderr
    assert "Flood memory number 11 about zeppelins" in refused.stderr, "the newest are shown"
    assert "add --yes" in refused.stderr.splitlines()[-1]
    assert set(states(folder).values()) == {"unconfirmed"}, "nothing changed"

    before = folder_bytes(folder).count(b"zeppelins")
    done = owner(folder, "reject", "--proposed-by", "flood-client", "--yes")
    assert done.returncode == 0, done.stderr
    assert "12 memories rejected (by flood-client 9.9 (c_" in done.stdout
    now = states(folder)
    assert [now[i] for i in flood] == ["rejected"] * 12 and now[other] == "unconfirmed"
    assert before > 0 and b"Flood memory" not in folder_bytes(folder), "erased from every file"
    with opened(folder) as kit:
        assert sum(d.action == "reject" for d in kit.store.history()) == 12
        assert kit.store.describe().erasure_unfinished is False  # type: ignore[attr-defined]


def test_since_and_until_choose_a_span_and_restrict_sets_aside(folder: Path) -> None:
    early = seed_from(folder, ("flood-client", "9.9"), "Early flood memory about kites")
    time.sleep(1.1)
    middle = time.time()
    late = seed_from(folder, ("flood-client", "9.9"), "Late flood memory about kites")
    with opened(folder) as kit:  # two processes, so two connections of one client, both named by its name
        assert len(kit.store.connections()) == 2  # type: ignore[attr-defined]
        assert [m.id for m in bulk.chosen(kit, bulk.span(kit, "flood-client"))] == late + early
    connection = "flood-client"
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(middle))
    done = owner(folder, "restrict", "--proposed-by", connection, "--since", stamp, "--yes")
    assert done.returncode == 0, done.stderr
    assert states(folder) == {early[0]: "unconfirmed", late[0]: "restricted"}
    done = owner(folder, "reject", "--proposed-by", connection, "--until", stamp, "--yes")
    assert done.returncode == 0 and "1 memory rejected" in done.stdout
    assert states(folder) == {early[0]: "rejected", late[0]: "restricted"}
    nothing = owner(folder, "reject", "--proposed-by", connection, "--yes")
    assert nothing.returncode == 0 and "waits for you; nothing rejected" in nothing.stdout


@pytest.mark.parametrize(
    ("args", "said", "code"),
    [
        (["--proposed-by", "nobody"], "No connection 'nobody' proposed anything here; the connections that did", 1),
        # The rest are usage mistakes: exit status USAGE.
        (["--proposed-by", "flood-client", "--since", "yesterday-ish"], "'yesterday-ish' is not a time", USAGE),
        (["--proposed-by", "flood-client", "--since", "1h", "--until", "2h"], "must come after --since", USAGE),
        (["--since", "1h"], "--since and --until choose among what --proposed-by names", USAGE),
        (["--proposed-by", "flood-client", "m_0123456789ab"], "either ids or --proposed-by, not both", USAGE),
        ([], "Give the ids of the memories to reject, or --proposed-by CONN.", USAGE),
    ],
)
def test_a_mistaken_bulk_decision_is_one_sentence_and_changes_nothing(
    folder: Path, args: list[str], said: str, code: int
) -> None:
    seed_from(folder, ("flood-client", "9.9"), "Flood memory about ferrets")
    before = states(folder)
    done = owner(folder, "reject", *args)
    assert done.returncode == code and said in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.strip().endswith(".")
    assert states(folder) == before


def test_a_clients_name_is_kept_short_and_shown_escaped(folder: Path) -> None:
    seed_from(folder, ("evil\x1b[2J\u202e" + "x" * 500, "1"), "Flood memory about herons")
    done = owner(folder, "reject", "--proposed-by", "nobody")
    assert "\x1b" not in done.stderr and "\u202e" not in done.stderr and "\\x1b[2J\\u202e" in done.stderr
    with opened(folder) as kit:
        (proposer,) = kit.store.connections()  # type: ignore[attr-defined]
    assert len(proposer.connection.client) == 100
