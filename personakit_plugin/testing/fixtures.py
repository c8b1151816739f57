"""The fixtures of the plugin author's kit: `pytest --fixtures` shows what each gives and how to use
it, `pytest --fixtures -v` an example too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import KeepsIdSecret
from personakit_plugin.core.words import id_key, memory_id


def plugins_listed(**environ: str) -> dict[str, dict[str, Any]]:
    """`personakit plugins --json` in a process of its own, by plugin name: what the owner sees loaded with
    `environ` over this one (installed plugins left out unless `PERSONAKIT_PLUGINS` is given)."""
    done = subprocess.run(
        [sys.executable, "-m", "personakit_plugin", "plugins", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PERSONAKIT_PLUGINS": "", **environ},
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    return {info["name"]: info for info in json.loads(done.stdout)}


def id_of(store: object, text: str) -> str:
    """The id a new memory of `text` gets in `store`, a store that keeps its id secret (`KeepsIdSecret`,
    as both shipped stores do): ids are keyed, so a test cannot write one down in advance."""
    assert isinstance(store, KeepsIdSecret), "the store does not say what its ids are derived from"
    return memory_id(text, id_key(store.id_secret()))


class Clock:
    """A clock for tests. By default it moves one second at each reading, so that recency order is never a
    tie by accident; `step=0` makes it stand still until `advance` moves it. `last` is the latest reading."""

    def __init__(self, start: float = 1_800_000_000.0, step: float = 1.0) -> None:
        self.next = start
        self.step = step
        self.last: float | None = None

    def __call__(self) -> float:
        self.last, self.next = self.next, self.next + self.step
        return self.last

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` before its next reading."""
        self.next += seconds


@pytest.fixture
def personakit_data_dir(tmp_path: Path) -> Path:
    """A throwaway data folder, a `Path` that kits create when they open there: `personakit_make_kit`
    and `personakit_kit` open theirs on it. Take it beside a kit to look at what the kit wrote, or
    pass it as `folder=` to open a second kit on the same data.

    Example::

        def test_a_refused_key_is_written_nowhere(personakit_kit, personakit_data_dir):
            assert personakit_kit.propose("Their key", "AKIAIOSFODNN7EXAMPLE", None).stored is False
            files = [path for path in personakit_data_dir.rglob("*") if path.is_file()]
            assert files and not any(b"AKIAIOSFODNN7EXAMPLE" in path.read_bytes() for path in files)
    """
    return tmp_path / "data"


@pytest.fixture
def personakit_make_kit(personakit_data_dir: Path) -> Iterator[Callable[..., PersonaKit]]:
    """A function that opens a `PersonaKit` with the default plugins and yours, each closed after the
    test: `personakit_make_kit(*plugins, folder=None, environ=None, clock=True)`. `plugins` are
    modules or objects with `@personakit_plugin.hookimpl` functions, asked before the defaults;
    `folder` is the data folder (default `personakit_data_dir`; the same folder twice gives two kits
    on the same data); `environ` is the environment the kit sees (default
    `{"PERSONAKIT_PLUGINS": ""}`, so installed third-party plugins are left out); `clock` makes the
    kit's time a `Clock` that moves one second per reading, so recency never ties by accident.

    Example::

        def test_my_hook_refuses_health(personakit_make_kit):
            kit = personakit_make_kit(my_plugin)
            assert kit.propose("Takes medication", "my medication", None).reason == "health"
    """
    opened: list[PersonaKit] = []

    def make(
        *plugins: object,
        folder: Path | None = None,
        environ: Mapping[str, str] | None = None,
        clock: bool = True,
    ) -> PersonaKit:
        env = {"PERSONAKIT_PLUGINS": ""} if environ is None else environ
        kit = PersonaKit.open(folder or personakit_data_dir, plugins=plugins, environ=env)
        if clock:
            kit.now = Clock()  # type: ignore[method-assign]
        opened.append(kit)
        return kit

    yield make
    for kit in opened:
        kit.close()


@pytest.fixture
def personakit_kit(personakit_make_kit: Callable[..., PersonaKit]) -> PersonaKit:
    """A `PersonaKit` with the default plugins alone, on `personakit_data_dir`, closed after the test.
    Call the two tools as `personakit_kit.propose(text, quote, category)` and
    `personakit_kit.read(question, limit)`; its store is `personakit_kit.store`.

    Example::

        def test_a_proposal_waits_for_the_owner(personakit_kit):
            result = personakit_kit.propose("Prefers tea", "I drink tea", "preferences")
            assert result.stored and result.state == "unconfirmed"
    """
    return personakit_make_kit()


@pytest.fixture
async def personakit_client(personakit_kit: PersonaKit) -> AsyncIterator[Any]:
    """The official MCP client (`mcp.Client`) connected in-process to a server with PersonaKit's two tools
    on `personakit_kit`, closed after the test. Take it in an `async def` test marked
    `@pytest.mark.anyio` and call `await personakit_client.call_tool(name, arguments)` as an assistant
    would; the answer's `structured_content` is the tool's result.

    Example::

        @pytest.mark.anyio
        async def test_the_tools_answer(personakit_client):
            result = await personakit_client.call_tool("personakit_read", {"question": "tea"})
            assert result.structured_content == {"memories": [], "withheld": 0}
    """
    from mcp import Client

    from personakit_plugin.serving.server import build_server

    async with Client(build_server(personakit_kit)) as client:
        yield client
