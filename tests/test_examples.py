"""Every host configuration in `examples/` is valid JSON and starts a working PersonaKit server.

Each configuration's command and arguments are run for real, over stdio, with the official MCP
client. `python`/`python3` become this test's interpreter and `personakit` the console script
installed beside it, so the test runs the package under test whatever is on PATH.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TIMEOUT = 60
TOOLS = {"personakit_read", "personakit_propose"}
# file: the key the host reads its servers from
CONFIGS = {
    "claude_desktop_config.json": "mcpServers",
    "claude_code.mcp.json": "mcpServers",
    "cursor.mcp.json": "mcpServers",
    "vscode.mcp.json": "servers",
}
SCRIPT = Path(sys.executable).with_name("personakit.exe" if os.name == "nt" else "personakit")
COMMANDS = {"python": sys.executable, "python3": sys.executable, "personakit": str(SCRIPT)}


def server_entry(name: str) -> dict[str, Any]:
    """The one server a configuration defines, checked to be called `personakit`."""
    config = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    servers = config[CONFIGS[name]]
    assert list(servers) == ["personakit"]
    return servers["personakit"]


def test_every_example_is_tested():
    assert {path.name for path in EXAMPLES.glob("*.json")} == set(CONFIGS)


def test_the_readme_says_where_each_file_goes():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")

    for name in CONFIGS:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_config_launches_personakit_over_stdio_on_the_default_folder(name):
    entry = server_entry(name)

    command, args = entry["command"], entry.get("args", [])
    assert all(isinstance(arg, str) for arg in args)
    if command == "personakit":
        assert args[:1] == ["serve"]
    else:
        assert command in ("python", "python3")
        assert args in (["-m", "personakit_plugin"], ["-m", "personakit_plugin", "serve"])
    assert entry.get("type", "stdio") == "stdio"
    assert "PERSONAKIT_DATA_DIR" not in entry.get("env", {})


def test_vscode_uses_servers_with_a_stdio_type():
    config = json.loads((EXAMPLES / "vscode.mcp.json").read_text(encoding="utf-8"))

    assert "mcpServers" not in config
    assert config["servers"]["personakit"]["type"] == "stdio"


@pytest.mark.anyio
@pytest.mark.stdio
@pytest.mark.parametrize("name", list(CONFIGS))
async def test_the_configured_server_lists_the_two_tools(name, tmp_path):
    entry = server_entry(name)
    env = {**entry.get("env", {}), "PERSONAKIT_DATA_DIR": str(tmp_path / "data"), "PERSONAKIT_PLUGINS": ""}
    parameters = StdioServerParameters(command=COMMANDS[entry["command"]], args=entry.get("args", []), env=env)

    with anyio.fail_after(TIMEOUT):
        async with Client(parameters) as client:
            tools = (await client.list_tools()).tools

    assert {tool.name for tool in tools} == TOOLS
    assert len(tools) == 2
    assert (tmp_path / "data" / "personakit.sqlite3").is_file()
