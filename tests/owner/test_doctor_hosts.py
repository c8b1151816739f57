"""`personakit doctor` reads the file of every host `connect` knows, in its own format (JSON, JSON with
comments, Codex's TOML), and starts the personakit entry it finds as that host would.

HOME, XDG_CONFIG_HOME and APPDATA point into the test's folder, so doctor only sees what a test writes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from personakit_plugin.owner.console import PROBE_ENV
from personakit_plugin.owner.data.doctor import FAIL, OK, WARN, check_hosts, host_configs
from personakit_plugin.owner.hosts.table import HOSTS, JSON, JSONC, TOML

from ..helpers import cli, hosts

environment, run, pk, home = cli.environment, cli.run, cli.pk, hosts.home


def home_dir() -> Path:
    return Path(os.environ["HOME"])


def write(host: str, text: str) -> Path:
    path = HOSTS[host].locate(home_dir(), os.environ, sys.platform)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def findings(folder: Path, tmp_path: Path) -> list[tuple[str, str]]:
    return [(f.level, f.message) for f in check_hosts(home_dir(), tmp_path, os.environ, folder, timeout=1)]


def test_every_host_and_its_format_is_looked_at(tmp_path):
    configs = host_configs(home_dir(), tmp_path, os.environ)
    titles = {title for title, _, _ in configs}

    assert {host.title for host in HOSTS.values()} <= titles
    assert ("Codex CLI", HOSTS["codex"].locate(home_dir(), os.environ, sys.platform), TOML) in configs
    assert ("Codex CLI", tmp_path / ".codex" / "config.toml", TOML) in configs
    assert ("Zed", tmp_path / ".zed" / "settings.json", JSONC) in configs
    assert ("Gemini CLI", tmp_path / ".gemini" / "settings.json", JSONC) in configs
    assert {format for _, _, format in configs} == {JSON, JSONC, TOML}


def test_a_codex_file_that_is_not_toml_fails(folder, tmp_path):
    path = write("codex", '[mcp_servers.personakit\ncommand = "x"\n')

    (found,) = [f for f in findings(folder, tmp_path) if f[0] == FAIL]

    assert found[1].startswith(f"Codex CLI's configuration {path} is not valid TOML (")
    assert found[1].endswith("; Codex CLI cannot use it either until it is fixed.")


def test_comments_in_zed_and_gemini_files_are_read(folder, tmp_path):
    zed = write("zed", '// Zed settings\n{\n  "context_servers": {"personakit": {"url": "http://x/mcp"},},\n}\n')
    gemini = write("gemini", '{\n  /* mine */ "mcpServers": {"personakit": {"command": "x", "args": "serve"}}\n}\n')

    found = findings(folder, tmp_path)

    assert (
        OK,
        f"Zed's configuration {zed} mentions personakit but starts no server with it; nothing to check.",
    ) in found
    assert (
        FAIL,
        f"Gemini CLI's configuration {gemini}: 'personakit' cannot be started: its args are not a list of strings.",
    ) in found


def test_comments_in_a_windsurf_file_fail_as_windsurf_would(folder, tmp_path):
    path = write("windsurf", '{"mcpServers": {} // none\n}')

    (found,) = [f for f in findings(folder, tmp_path) if f[0] == FAIL]

    assert found[1].startswith(f"Windsurf's configuration {path} has a comment at line 1, which Windsurf does not")


@pytest.mark.system
def test_what_connect_writes_for_the_new_hosts_doctor_finds_starting(pk, folder):
    write("zed", '// Zed settings\n{\n  "theme": "One Dark", // dark\n}\n')
    write("codex", 'model = "o3" # the default\n')
    for host in ("zed", "codex", "lm-studio"):
        pk("connect", host).ok()

    lines = pk("doctor").lines()

    for title in ("Zed", "Codex CLI", "LM Studio"):
        assert any(
            line.startswith("ok") and f"{title}'s configuration" in line and "starts PersonaKit." in line
            for line in lines
        ), (title, lines)


def test_a_hosts_own_file_without_personakit_is_named_with_the_command_that_adds_it(folder, tmp_path):
    write("codex", 'model = "o3"\n[mcp_servers.docs]\ncommand = "npx"\n')
    write("lm-studio", '{"mcpServers": {}}')
    project = tmp_path / ".gemini" / "settings.json"
    project.parent.mkdir()
    project.write_text("{}")

    found = findings(folder, tmp_path)

    assert (OK, "Codex CLI has a configuration without personakit; `personakit connect codex` adds it.") in found
    assert (OK, "LM Studio has a configuration without personakit; `personakit connect lm-studio` adds it.") in found
    assert not any("Gemini CLI" in message for _, message in found), "a project's file is the project's business"


@pytest.mark.system
def test_an_entry_that_sets_the_probe_variable_is_named(pk, folder):
    """Doctor starts each entry with it set, so that the check creates nothing; set in the entry itself,
    every server the host starts offers the assistant no way to propose."""
    pk("connect", "cursor").ok()
    path = HOSTS["cursor"].locate(home_dir(), os.environ, sys.platform)
    written = json.loads(path.read_text(encoding="utf-8"))
    written["mcpServers"]["personakit"].setdefault("env", {})[PROBE_ENV] = "1"
    path.write_text(json.dumps(written), encoding="utf-8")

    lines = pk("doctor").lines()

    (warned,) = [line for line in lines if PROBE_ENV in line]
    assert warned.startswith(WARN) and "offers the assistant no way to propose" in warned
    assert any(line.startswith(OK) and "starts PersonaKit." in line for line in lines), lines
