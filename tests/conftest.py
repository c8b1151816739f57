"""Shared fixtures: a real SQLite store in a temporary folder, a kit on it, and MCP clients."""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.kit import PersonaKit


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


class Clock:
    """A clock that moves one second at each reading, so recency order is never a tie by accident."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._ticks = itertools.count()
        self.start = start

    def __call__(self) -> float:
        return self.start + next(self._ticks)


@pytest.fixture
def make_kit(data_dir: Path) -> Iterator[Callable[..., PersonaKit]]:
    """Open kits on `data_dir` (or another folder) with given plugins; all are closed afterwards.

    Entry points are loaded with an empty allow-list, so only the default plugins and the
    plugins passed in are registered, whatever else is installed in the environment.
    """
    opened: list[PersonaKit] = []

    def make(
        *plugins: object, folder: Path | None = None, environ: dict[str, str] | None = None, clock: bool = True
    ) -> PersonaKit:
        env = {"PERSONAKIT_PLUGINS": ""} if environ is None else environ
        kit = PersonaKit.open(folder or data_dir, plugins=plugins, environ=env)
        if clock:
            kit.now = Clock()  # type: ignore[method-assign]
        opened.append(kit)
        return kit

    yield make
    for kit in opened:
        kit.close()


@pytest.fixture
def kit(make_kit: Callable[..., PersonaKit]) -> PersonaKit:
    return make_kit()


def structured(result: Any) -> Any:
    """The structured content of a tool result, checked to equal the JSON in its one text block."""
    import json

    assert not result.is_error, result.content
    assert len(result.content) == 1
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


@pytest.fixture
async def client(kit: PersonaKit) -> AsyncIterator[Any]:
    """The official MCP client, in-process, on a server with PersonaKit's tools."""
    from mcp import Client

    from personakit_plugin.server import build_server

    async with Client(build_server(kit)) as connected:
        yield connected


def stdio_parameters(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    """How to spawn the real `python -m personakit_plugin` on a data folder."""
    from mcp import StdioServerParameters

    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update({"PERSONAKIT_DATA_DIR": str(data_dir), "PERSONAKIT_PLUGINS": ""})
    environ.update(env or {})
    return StdioServerParameters(command=sys.executable, args=["-m", "personakit_plugin", *args], env=environ)
