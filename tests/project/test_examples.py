"""Every host configuration in `examples/` is valid JSON, is what `personakit connect` writes, and
starts a working PersonaKit server.

Each stdio entry is compared with the one `connect` writes into a fresh configuration in a
temporary home (with the examples' placeholder as the interpreter), then its command and arguments
are run for real, over stdio, with the official MCP client, the placeholder replaced by this test's
interpreter. The HTTP example is used as VS Code would use it: its URL (on the port the server
took) with the token from `personakit token` in place of its input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from personakit_plugin.owner.hosts.connect import HOSTS, connect

from ..helpers.http import connect as http_client
from ..helpers.http import http_server, token_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TIMEOUT = 60
TOOLS = {"personakit_read", "personakit_propose"}
PLACEHOLDER = "/ABSOLUTE/PATH/TO/python"
# file: the host `connect` writes the same entry for
CONFIGS = {
    "claude_desktop_config.json": "claude-desktop",
    "claude_code.mcp.json": "claude-code",
    "cursor.mcp.json": "cursor",
    "vscode.mcp.json": "vscode",
}
MORE_CONFIGS = {
    "windsurf.mcp_config.json": "windsurf",
    "zed.settings.json": "zed",
    "gemini.settings.json": "gemini",
    "lmstudio.mcp.json": "lm-studio",
}
"""The same entry for more hosts: `tests/project/test_host_entries.py` holds them, and Codex's TOML, to what
connect writes."""
HTTP_CONFIG = "vscode.http.mcp.json"


def config_of(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def server_entry(name: str, key: str) -> dict[str, Any]:
    """The one server a configuration defines, checked to be called `personakit`."""
    servers = config_of(name)[key]
    assert list(servers) == ["personakit"]
    return servers["personakit"]


def written_by_connect(host: str, home: Path) -> dict[str, Any]:
    """The entry `personakit connect HOST` writes into a fresh configuration, with the placeholder interpreter."""
    said = connect(host, data_dir=None, read_only=False, dry_run=False, home=home, environ={}, executable=PLACEHOLDER)
    assert said[0].startswith("Added personakit to")
    path = HOSTS[host].locate(home, {}, sys.platform)
    return json.loads(path.read_text(encoding="utf-8"))[HOSTS[host].key]["personakit"]


def test_every_example_is_tested():
    assert {path.name for path in EXAMPLES.glob("*.json")} == {*CONFIGS, *MORE_CONFIGS, HTTP_CONFIG}


def test_the_readme_says_where_each_file_goes():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")

    for name in [*CONFIGS, HTTP_CONFIG]:
        assert f"`{name}`" in readme
    for host in CONFIGS.values():
        assert f"`{host}`" in readme
    assert PLACEHOLDER in readme


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_example_is_what_connect_writes(name, tmp_path):
    host = CONFIGS[name]

    example = server_entry(name, HOSTS[host].key)

    assert example == written_by_connect(host, tmp_path / "home")
    assert example["command"] == PLACEHOLDER
    assert example["args"] == ["-m", "personakit_plugin", "serve"]


def test_vscode_uses_servers_with_a_stdio_type():
    config = config_of("vscode.mcp.json")

    assert "mcpServers" not in config
    assert config["servers"]["personakit"]["type"] == "stdio"


@pytest.mark.anyio
@pytest.mark.system
@pytest.mark.parametrize("name", list(CONFIGS))
async def test_the_configured_server_lists_the_two_tools(name, tmp_path):
    entry = server_entry(name, HOSTS[CONFIGS[name]].key)
    env = {**entry.get("env", {}), "PERSONAKIT_DATA_DIR": str(tmp_path / "data"), "PERSONAKIT_PLUGINS": ""}
    command = sys.executable if entry["command"] == PLACEHOLDER else entry["command"]
    parameters = StdioServerParameters(command=command, args=entry["args"], env=env)

    with anyio.fail_after(TIMEOUT):
        async with Client(parameters) as client:
            tools = (await client.list_tools()).tools

    assert {tool.name for tool in tools} == TOOLS
    assert len(tools) == 2
    assert (tmp_path / "data" / "personakit.sqlite3").is_file()


def test_the_http_example_asks_for_the_token_and_keeps_it_secret():
    config = config_of(HTTP_CONFIG)
    entry = server_entry(HTTP_CONFIG, "servers")

    assert entry["type"] == "http"
    assert entry["url"] == "http://127.0.0.1:8765/mcp"
    assert entry["headers"] == {"Authorization": "Bearer ${input:personakit-token}"}
    (asked,) = config["inputs"]
    assert asked["id"] == "personakit-token" and asked["type"] == "promptString" and asked["password"] is True
    assert "personakit token" in asked["description"]


@pytest.mark.anyio
@pytest.mark.system
async def test_the_http_example_reaches_the_server_with_the_token(tmp_path):
    entry = server_entry(HTTP_CONFIG, "servers")
    folder = tmp_path / "data"

    with http_server(folder) as server:
        token = token_of(folder)
        header = entry["headers"]["Authorization"].replace("${input:personakit-token}", token)
        url = entry["url"].replace(":8765/", f":{server.port}/")
        assert header.startswith("Bearer ") and url == server.url
        with anyio.fail_after(TIMEOUT):
            async with http_client(url, header.removeprefix("Bearer ")) as client:
                tools = (await client.list_tools()).tools

    assert {tool.name for tool in tools} == TOOLS
