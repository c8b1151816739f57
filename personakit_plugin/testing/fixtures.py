"""The fixtures of the plugin author's kit; `pytest --fixtures` shows each with what it gives."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.kit import PersonaKit


class Clock:
    """A clock that moves one second at each reading, so that recency order is never a tie by accident."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._ticks = itertools.count()
        self.start = start

    def __call__(self) -> float:
        return self.start + next(self._ticks)


@pytest.fixture
def personakit_data_dir(tmp_path: Path) -> Path:
    """The throwaway data folder kits open by default (created on first use)."""
    return tmp_path / "data"


@pytest.fixture
def personakit_make_kit(personakit_data_dir: Path) -> Iterator[Callable[..., PersonaKit]]:
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
    return personakit_make_kit()


@pytest.fixture
async def personakit_client(personakit_kit: PersonaKit) -> AsyncIterator[Any]:
    from mcp import Client

    from personakit_plugin.serving.server import build_server

    async with Client(build_server(personakit_kit)) as client:
        yield client
