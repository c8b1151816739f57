"""The official MCP Inspector CLI, over real stdio to `python -m personakit_plugin`: list the tools, call each."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import tool


def inspect(node_env: dict[str, str], data_dir: Path, *args: str) -> dict:
    env = {**node_env, "PERSONAKIT_DATA_DIR": str(data_dir), "PERSONAKIT_PLUGINS": ""}
    done = subprocess.run(
        [tool("mcp-inspector"), "--cli", sys.executable, "-m", "personakit_plugin", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout[done.stdout.index("{") :])


def test_the_inspector_lists_exactly_the_two_tools(node_env: dict[str, str], tmp_path: Path) -> None:
    listed = inspect(node_env, tmp_path, "--method", "tools/list")
    assert sorted(t["name"] for t in listed["tools"]) == ["personakit_propose", "personakit_read"]


def test_the_inspector_calls_each_tool(node_env: dict[str, str], tmp_path: Path) -> None:
    proposed = inspect(
        node_env,
        tmp_path,
        *("--method", "tools/call", "--tool-name", "personakit_propose"),
        *("--tool-arg", "text=Prefers direct feedback", "--tool-arg", "quote=be blunt with me"),
    )
    assert proposed["structuredContent"]["stored"] is True
    read = inspect(
        node_env,
        tmp_path,
        *("--method", "tools/call", "--tool-name", "personakit_read", "--tool-arg", "question=feedback"),
    )
    (memory,) = read["structuredContent"]["memories"]
    assert memory["id"] == proposed["structuredContent"]["id"]
    assert memory["evidence"] == ["be blunt with me"]
