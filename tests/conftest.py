"""Shared fixtures. The kit for plugin authors (`personakit_plugin.testing`) provides the real ones:
a real SQLite store in a temporary folder, kits with chosen plugins, an in-process MCP client."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.kit import PersonaKit


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def data_dir(personakit_data_dir: Path) -> Path:
    return personakit_data_dir


@pytest.fixture
def make_kit(personakit_make_kit: Callable[..., PersonaKit]) -> Callable[..., PersonaKit]:
    """Open kits on `data_dir` (or `folder=`) with the default plugins and those given; closed afterwards."""
    return personakit_make_kit


@pytest.fixture
def kit(personakit_kit: PersonaKit) -> PersonaKit:
    return personakit_kit


@pytest.fixture
def client(personakit_client: Any) -> Any:
    """The official MCP client, in-process, on a server with PersonaKit's tools on `kit`."""
    return personakit_client


def structured(result: Any) -> Any:
    """The structured content of a tool result, checked to equal the JSON in its one text block."""
    import json

    assert not result.is_error, result.content
    assert len(result.content) == 1
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def stdio_parameters(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    """How to spawn the real `python -m personakit_plugin` on a data folder."""
    from mcp import StdioServerParameters

    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update({"PERSONAKIT_DATA_DIR": str(data_dir), "PERSONAKIT_PLUGINS": ""})
    environ.update(env or {})
    return StdioServerParameters(command=sys.executable, args=["-m", "personakit_plugin", *args], env=environ)
