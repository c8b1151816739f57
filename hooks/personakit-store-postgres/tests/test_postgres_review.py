"""Both reviews on the PostgreSQL store after a flood from one connection, run as the owner runs them:
they list without reading every quote (the store `Outlines`; the reviews' use of it is held in the
package's own tests), say who proposed each memory, and the page's "Proposed by" filter and "Reject all"
take exactly what that connection left waiting (`KnowsProposers`), as on the SQLite store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from personakit_plugin import PersonaKit
from personakit_plugin.backend import KnowsProposers, Outlines

from personakit_store_postgres import PostgresStore

FLOOD = ("flood-client", "9.9")
FLOODED = 7
TIMEOUT = 60
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
Ask = Callable[..., tuple[int, Any]]


def environ(url: str) -> dict[str, str]:
    return {"PERSONAKIT_PLUGINS": "store-postgres", "PERSONAKIT_POSTGRES_URL": url}


@pytest.fixture
def kit(postgres_url: str, tmp_path: Path) -> Iterator[PersonaKit]:
    opened = PersonaKit.open(tmp_path / "data", environ=environ(postgres_url))
    yield opened
    opened.close()


def flood(kit: PersonaKit) -> tuple[list[str], str]:
    """`FLOODED` proposals from the flooding client, then one from another: their ids."""
    flooded = [
        kit.propose(f"Flood memory {n} about zeppelins", f"zeppelins, {n} times", "other", client=FLOOD).id
        for n in range(FLOODED)
    ]
    calm = kit.propose("Prefers tea over coffee", "tea please", "preferences", client=("calm-client", "1.0")).id
    assert all(flooded) and calm
    return [memory for memory in flooded if memory], calm or ""


def review_command(url: str, folder: Path, *args: str) -> tuple[list[str], dict[str, str]]:
    command = [sys.executable, "-m", "personakit_plugin", "--data-dir", str(folder), "review", *args]
    return command, {**os.environ, **environ(url)}


@contextmanager
def web_review(url: str, folder: Path) -> Iterator[Ask]:
    """`personakit review --web --no-browser` in a process of its own: a function that asks its API,
    `ask(path, body=None)` -> (status, parsed JSON), with the token it printed."""
    command, env = review_command(url, folder, "--web", "--no-browser")
    process = subprocess.Popen(
        command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stderr is not None
        said = ""
        while not said.startswith("Review your memories at "):
            said = process.stderr.readline()
            assert said, "the review stopped before it said its address"
        address = said.split(" at ", 1)[1].strip()
        base, token = address.split("/?token=", 1)

        def ask(path: str, body: object = None) -> tuple[int, Any]:
            data = None if body is None else json.dumps(body).encode()
            headers = {"X-PersonaKit-Token": token, **({"Content-Type": "application/json"} if data else {})}
            request = urllib.request.Request(base + path, data=data, headers=headers)
            try:
                with NO_PROXY.open(request, timeout=TIMEOUT) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as exc:
                return exc.code, exc.read().decode()

        yield ask
    finally:
        process.terminate()
        process.wait(TIMEOUT)


def test_both_reviews_list_through_outlines_and_say_who_proposed(kit: PersonaKit, postgres_url: str) -> None:
    flooded, calm = flood(kit)
    store = kit.store
    assert isinstance(store, PostgresStore) and isinstance(store, Outlines) and isinstance(store, KnowsProposers)
    outlined = store.outlines("unconfirmed")
    assert [m.id for m in outlined] == [m.id for m in store.memories("unconfirmed")]
    assert all(memory.quotes == memory.pending for memory in outlined), "an outline reads no quote but those waiting"

    command, env = review_command(postgres_url, kit.config.data_dir)
    done = subprocess.run(command, env=env, input="q\n", capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    first = done.stdout.split("── 1 of ", 1)[1].split("[a]pprove", 1)[0]
    assert "Prefers tea over coffee" in first and "proposed by calm-client 1.0 (c_" in first

    with web_review(postgres_url, kit.config.data_dir) as ask:
        status, listed = ask("/api/memories?state=unconfirmed&q=")
    assert status == 200, listed
    assert [m["id"] for m in listed["memories"]][:1] == [calm] and listed["matching"] == FLOODED + 1
    assert listed["memories"][0]["quotes"] == ["tea please"], "the quotes of the memories shown are read"
    (connection,) = [c for c in listed["connections"] if c["named"].startswith("flood-client 9.9 (c_")]
    assert (connection["waiting"], connection["proposed"]) == (FLOODED, FLOODED)
    assert {m["id"]: m["proposed_by"] for m in listed["memories"][1:]} == dict.fromkeys(flooded, connection["id"])


def test_the_pages_filter_and_reject_all_take_only_what_one_connection_left_waiting(
    kit: PersonaKit, postgres_url: str
) -> None:
    flooded, calm = flood(kit)
    kit.store.decide(flooded[0], "approve", kit.now())  # decided already: not taken again
    with web_review(postgres_url, kit.config.data_dir) as ask:
        status, chosen = ask("/api/memories?state=unconfirmed&q=&by=flood-client&limit=100")
        assert status == 200, chosen
        assert sorted(m["id"] for m in chosen["memories"]) == sorted(flooded[1:])
        assert chosen["matching"] == FLOODED - 1
        status, refused = ask("/api/decide-many", {"action": "reject", "by": "flood-client", "count": FLOODED})
        assert status == 409 and f"{FLOODED - 1} memories match now, not {FLOODED}" in refused, refused
        assert set(kit.store.states(flooded[1:]).values()) == {"unconfirmed"}, "nothing changed"
        status, done = ask("/api/decide-many", {"action": "reject", "by": "flood-client", "count": FLOODED - 1})
        assert (status, done) == (200, {"decided": FLOODED - 1, "action": "reject"})
    assert kit.store.states([*flooded, calm]) == {
        flooded[0]: "approved",
        **dict.fromkeys(flooded[1:], "rejected"),
        calm: "unconfirmed",
    }
    assert sum(d.action == "reject" for d in kit.store.history()) == FLOODED - 1
    assert not any("zeppelins" in quote for m in kit.store.memories() if m.id != flooded[0] for quote in m.quotes)
