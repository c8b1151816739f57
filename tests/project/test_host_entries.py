"""One host entry everywhere: the install page's snippet (docs/install.md), every file in `examples/` and
what `personakit connect` writes show the same command for the same host, the environment's own Python
running `-m personakit_plugin serve`.

Each example is compared byte for byte with the file connect writes into an empty home (with the
examples' placeholder as the Python); its JSON snippets are compared with connect's entry;
and no text shows a bare `python -m personakit_plugin`, which a host would start with whatever
`python` comes first on its PATH, if any.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.owner.hosts.connect import connect, server_entry
from personakit_plugin.owner.hosts.table import HOSTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
README = ROOT / "README.md"
INSTALL = ROOT / "docs" / "install.md"
PLACEHOLDER = "/ABSOLUTE/PATH/TO/python"
EXAMPLE_OF = {
    "claude-desktop": "claude_desktop_config.json",
    "claude-code": "claude_code.mcp.json",
    "cursor": "cursor.mcp.json",
    "vscode": "vscode.mcp.json",
    "windsurf": "windsurf.mcp_config.json",
    "zed": "zed.settings.json",
    "codex": "codex.config.toml",
    "gemini": "gemini.settings.json",
    "lm-studio": "lmstudio.mcp.json",
}
BARE = re.compile(r"(?<![\w/.~-])python3? -m personakit_plugin")


def written_by_connect(host: str, home: Path, executable: str = PLACEHOLDER) -> bytes:
    said = connect(host, data_dir=None, read_only=False, dry_run=False, home=home, environ={}, executable=executable)
    assert said[0].startswith("Added personakit to")
    return HOSTS[host].locate(home, {}, sys.platform).read_bytes()


def test_every_host_has_an_example():
    assert set(EXAMPLE_OF) == set(HOSTS)


@pytest.mark.parametrize("host", list(EXAMPLE_OF))
def test_the_example_is_byte_for_byte_what_connect_writes(host, tmp_path):
    example = (EXAMPLES / EXAMPLE_OF[host]).read_bytes()

    assert example == written_by_connect(host, tmp_path / "home")
    assert f'"{PLACEHOLDER}"'.encode() in example
    assert b'["-m", "personakit_plugin", "serve"]' in example


def test_the_examples_readme_names_every_host_and_its_file():
    text = (EXAMPLES / "README.md").read_text(encoding="utf-8")

    for host, name in EXAMPLE_OF.items():
        assert re.search(rf"^\| `{re.escape(name)}` \| {re.escape(HOSTS[host].title)} \| `{host}`: ", text, re.M), host


def readme_snippets() -> list[dict[str, object]]:
    """Every `personakit` entry in the JSON blocks of the install page (the README's quick start has none)."""
    assert "```json" not in README.read_text(encoding="utf-8")
    text = INSTALL.read_text(encoding="utf-8")
    entries = []
    for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
        config = json.loads(block)
        for servers in config.values():
            if isinstance(servers, dict) and "personakit" in servers:
                entries.append(servers["personakit"])
    return entries


def test_the_readme_snippet_is_the_entry_connect_writes():
    (snippet,) = readme_snippets()

    assert isinstance(snippet, dict)
    command = str(snippet["command"])
    assert command.endswith("/.personakit/bin/python"), "the environment's own Python, as the install makes it"
    assert snippet == server_entry(HOSTS["claude-desktop"], command, None, False)


@pytest.mark.parametrize("path", [README, INSTALL], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_readme_and_the_install_page_name_every_host_connect_knows(path):
    text = path.read_text(encoding="utf-8")
    (line,) = [line for line in text.splitlines() if line.startswith("personakit connect claude-desktop    # or ")]

    assert line.split("# or ")[1].split(", ") == [name for name in HOSTS if name != "claude-desktop"]


def test_the_install_page_says_where_each_host_keeps_its_configuration():
    text = INSTALL.read_text(encoding="utf-8")
    for host in HOSTS:
        assert re.search(rf"^\| `{host}` \| ", text, re.M), host


@pytest.mark.parametrize("path", [README, INSTALL, EXAMPLES / "README.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_no_bare_python_starts_personakit(path):
    text = path.read_text(encoding="utf-8")
    setup = text.split("\n## Test\n")[0]  # the README's tests section speaks of the module, not of a host

    assert BARE.findall(setup) == []
    assert ("personakit_plugin serve" in setup) == (path != README)  # the README's quick start shows no entry


def test_what_connect_says_it_starts_is_the_example_command(tmp_path):
    said = connect(
        "zed", data_dir=None, read_only=False, dry_run=True, home=tmp_path, environ={}, executable=PLACEHOLDER
    )

    assert said[-1].endswith(
        f"It starts {PLACEHOLDER} -m personakit_plugin serve on the default data folder {default_data_dir({})}."
    )
