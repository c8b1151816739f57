"""`personakit connect HOST`, run through the command line on real configuration files in a temporary home.

HOME, XDG_CONFIG_HOME and APPDATA point into the test's folder (CLAUDE_CONFIG_DIR is unset), so the
files connect finds are the ones a test writes there, never the machine's own.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.owner.cli import USAGE
from personakit_plugin.owner.hosts.json_edit import strip_jsonc
from personakit_plugin.owner.hosts.table import HOSTS, TOML, app_config_home

from ..helpers import cli, hosts

environment, run, home, config_path = cli.environment, cli.run, hosts.home, hosts.config_path
POSIX = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
SERVE = ["-m", "personakit_plugin", "serve"]
PYTHON = os.path.abspath(sys.executable)


def servers(host: str) -> dict[str, Any]:
    text = config_path(host).read_text(encoding="utf-8")
    if HOSTS[host].format == TOML:
        return tomllib.loads(text)[HOSTS[host].key]
    config = json.loads(strip_jsonc(text)[0])
    return config[HOSTS[host].key]


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.personakit-backup-*"))


def expected_entry(host: str, *extra: str) -> dict[str, Any]:
    typed = {"type": "stdio"} if HOSTS[host].typed else {}
    return {**typed, "command": PYTHON, "args": [*SERVE, *extra]}


def snapshot(home: Path) -> dict[str, bytes | None]:
    """Every file and folder under `home`, files byte for byte."""
    return {str(p.relative_to(home)): None if p.is_dir() else p.read_bytes() for p in sorted(home.rglob("*"))}


def write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.chmod(path, mode)


# -- where each host keeps its configuration ------------------------------------------------------


def test_each_host_file_on_each_platform(tmp_path):
    home = tmp_path / "h"
    windows = {"APPDATA": r"C:\Users\me\AppData\Roaming"}

    where = {name: host.locate(home, {}, "linux") for name, host in HOSTS.items()}

    assert where == {
        "claude-desktop": home / ".config" / "Claude" / "claude_desktop_config.json",
        "claude-code": home / ".claude.json",
        "cursor": home / ".cursor" / "mcp.json",
        "vscode": home / ".config" / "Code" / "User" / "mcp.json",
        "windsurf": home / ".codeium" / "windsurf" / "mcp_config.json",
        "zed": home / ".config" / "zed" / "settings.json",
        "codex": home / ".codex" / "config.toml",
        "gemini": home / ".gemini" / "settings.json",
        "lm-studio": home / ".lmstudio" / "mcp.json",
    }
    assert app_config_home(home, {"XDG_CONFIG_HOME": "/x/cfg"}, "linux") == Path("/x/cfg")
    assert app_config_home(home, {"XDG_CONFIG_HOME": "relative"}, "linux") == home / ".config"
    assert app_config_home(home, {}, "darwin") == home / "Library" / "Application Support"
    assert app_config_home(home, windows, "win32") == Path(windows["APPDATA"])
    assert HOSTS["vscode"].locate(home, windows, "win32") == Path(windows["APPDATA"]) / "Code" / "User" / "mcp.json"
    assert HOSTS["claude-code"].locate(home, {"CLAUDE_CONFIG_DIR": "/c"}, "linux") == Path("/c/.claude.json")
    assert HOSTS["codex"].locate(home, {"CODEX_HOME": "/cx"}, "linux") == Path("/cx/config.toml")
    assert HOSTS["zed"].locate(home, {"XDG_CONFIG_HOME": "/x/cfg"}, "linux") == Path("/x/cfg/zed/settings.json")
    assert (
        HOSTS["zed"].locate(home, {"XDG_CONFIG_HOME": "/x/cfg"}, "darwin") == home / ".config" / "zed" / "settings.json"
    )
    assert HOSTS["zed"].locate(home, windows, "win32") == Path(windows["APPDATA"]) / "Zed" / "settings.json"
    assert HOSTS["windsurf"].locate(home, windows, "win32") == home / ".codeium" / "windsurf" / "mcp_config.json"


# -- a fresh file, then again ---------------------------------------------------------------------


@pytest.mark.parametrize("host", list(HOSTS))
def test_a_fresh_configuration_then_nothing_the_second_time(run, host):
    path = config_path(host)

    out = run("connect", host).ok()

    assert servers(host) == {"personakit": expected_entry(host)}
    assert out.startswith(f"Added personakit to {HOSTS[host].title}'s configuration {path}.\n")
    assert f"It starts {PYTHON} -m personakit_plugin serve on the default data folder {default_data_dir({})}." in out
    assert "Next: " in out and "personakit doctor" in out
    assert backups(path) == []
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    before = path.read_bytes()

    again = run("connect", host).ok()

    assert again == (
        f"{HOSTS[host].title}'s configuration {path} already starts PersonaKit this way, on the default data folder "
        f"{default_data_dir({})}; nothing changed, nothing was written.\n"
    )
    assert path.read_bytes() == before
    assert backups(path) == []


def test_vscode_entries_go_under_servers_with_a_stdio_type(run):
    run("connect", "vscode").ok()

    config = json.loads(config_path("vscode").read_text(encoding="utf-8"))

    assert "mcpServers" not in config
    assert config["servers"]["personakit"]["type"] == "stdio"


# -- an existing file: every other server and key kept, a backup made --------------------------------


CLAUDE_CODE = {
    "numStartups": 34,
    "theme": "dark",
    "projects": {"/work/x": {"mcpServers": {"local": {"command": "npx", "args": ["x"]}}, "history": []}},
    "mcpServers": {
        "memory": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]},
        "personakit": {"type": "stdio", "command": "personakit", "args": ["serve"], "env": {"LANG": "C"}},
    },
    "tipsHistory": {"a": 1.5, "b": None, "c": "ünïcode"},
}


@POSIX
def test_an_existing_file_keeps_everything_else_and_a_backup(run, tmp_path):
    path = config_path("claude-code")
    write(path, json.dumps(CLAUDE_CODE, indent=2), mode=0o640)
    original = path.read_bytes()

    out = run("connect", "claude-code").ok()

    config = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(json.dumps(CLAUDE_CODE))
    expected["mcpServers"]["personakit"] = {**expected_entry("claude-code"), "env": {"LANG": "C"}}
    assert config == expected
    assert list(config) == list(CLAUDE_CODE) and list(config["mcpServers"]) == ["memory", "personakit"]
    assert out.startswith(f"Updated the personakit entry in Claude Code's configuration {path}.\n")
    (backup,) = backups(path)
    assert backup.read_bytes() == original
    assert stat.S_IMODE(backup.stat().st_mode) == 0o640
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert f"The file as it was is kept in {backup}." in out
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_file_with_another_server_gains_personakit_beside_it(run):
    path = config_path("cursor")
    write(
        path,
        '{\n    "mcpServers": {\n        "other": {"command": "npx", "args": ["other"]}\n    },\n    "x": [1]\n}\n',
    )

    run("connect", "cursor").ok()

    assert servers("cursor") == {"other": {"command": "npx", "args": ["other"]}, "personakit": expected_entry("cursor")}
    assert json.loads(path.read_text())["x"] == [1]
    assert path.read_text().startswith('{\n    "mcpServers": {\n        "other"'), "keeps its indentation"


def test_each_change_keeps_its_own_backup(run):
    path = config_path("cursor")
    write(path, "{}")

    run("connect", "cursor").ok()
    run("connect", "cursor", "--read-only").ok()
    run("connect", "cursor", "--read-only").ok()

    first, second = backups(path)
    assert first.read_text() == "{}"
    assert json.loads(second.read_text())["mcpServers"]["personakit"] == expected_entry("cursor")


@POSIX
def test_a_symbolic_link_stays_a_link(run, tmp_path):
    real = tmp_path / "dotfiles" / "mcp.json"
    write(real, '{"mcpServers": {}}')
    path = config_path("cursor")
    path.parent.mkdir(parents=True)
    path.symlink_to(real)

    run("connect", "cursor").ok()

    assert path.is_symlink() and path.resolve() == real.resolve()
    assert json.loads(real.read_text())["mcpServers"]["personakit"] == expected_entry("cursor")


# -- what goes into the entry ----------------------------------------------------------------------


def test_data_dir_and_read_only_go_into_the_entry_as_absolute_paths(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    out = run("connect", "claude-desktop", "--data-dir", "memories", "--read-only").ok()

    folder = str(tmp_path / "memories")
    assert servers("claude-desktop")["personakit"] == {
        **expected_entry("claude-desktop", "--read-only"),
        "env": {"PERSONAKIT_DATA_DIR": folder},
    }
    assert f"on the data folder {folder}, read-only." in out


def test_the_data_folder_of_the_environment_goes_into_the_entry(run, tmp_path, monkeypatch):
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(tmp_path / "kept"))

    run("connect", "cursor").ok()

    assert servers("cursor")["personakit"]["args"] == SERVE
    assert servers("cursor")["personakit"]["env"] == {"PERSONAKIT_DATA_DIR": str(tmp_path / "kept")}


# -- a dry run -------------------------------------------------------------------------------------


def test_a_dry_run_shows_the_diff_and_writes_nothing(run, home):
    path = config_path("vscode")
    write(path, '{\n  "servers": {\n    "other": {"type": "stdio", "command": "x"}\n  }\n}\n')
    before = snapshot(home)

    out = run("connect", "vscode", "--dry-run").ok()

    assert snapshot(home) == before
    assert out.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert '+    "personakit": {\n' in out and f'+      "command": {json.dumps(PYTHON)},\n' in out
    assert "Nothing written (--dry-run)." in out


def test_a_dry_run_on_no_file_makes_no_folder(run, home):
    out = run("connect", "claude-desktop", "--dry-run").ok()

    assert not config_path("claude-desktop").parent.exists()
    assert out.startswith(f"--- /dev/null\n+++ {config_path('claude-desktop')}\n")


def test_a_dry_run_when_connected_says_nothing_would_change(run):
    run("connect", "cursor").ok()

    assert run("connect", "cursor", "--dry-run").ok().endswith("nothing would change.\n")


# -- refusals: one sentence, exit 1, nothing changed --------------------------------------------------


def refused(run, home, *args: str, code: int = 1) -> str:
    before = snapshot(home)
    done = run("connect", *args)
    assert done.code == code and done.out == ""
    assert snapshot(home) == before
    assert done.err.startswith("personakit: ") and done.err.count("\n") == 1, done.err
    return done.err


@pytest.mark.parametrize("host", [name for name, host in HOSTS.items() if host.format != TOML])
def test_a_file_that_is_not_json_is_left_alone(run, home, host):
    path = config_path(host)
    write(path, '{"mcpServers": {"other": {"command": "x",,}}')

    err = refused(run, home, host)

    said = f"{HOSTS[host].title}'s configuration {path} is not valid JSON at line 1, column "
    assert said in err and ": a key is not in double quotes, or a comma is out of place;" in err
    assert err.endswith("; fix or move it, then run connect again.\n")


@pytest.mark.parametrize(
    ("text", "says"),
    [("[1, 2]", "does not hold an object"), ('{"mcpServers": ["x"]}', 'The "mcpServers" of')],
)
def test_a_file_of_another_shape_is_left_alone(run, home, text, says):
    write(config_path("cursor"), text)

    assert says in refused(run, home, "cursor")


def test_an_unknown_host_is_named_with_the_known_ones(run, home):
    err = refused(run, home, "emacs", code=USAGE)  # a usage mistake

    assert (
        err == "personakit: 'emacs' is not a host PersonaKit knows; use claude-desktop, claude-code, cursor, vscode, "
        "windsurf, zed, codex, gemini or lm-studio.\n"
    )


def test_vscode_comments_are_kept(run):
    path = config_path("vscode")
    write(path, '{\n  // mine\n  "servers": {"other": {"command": "x"}}\n}\n')

    run("connect", "vscode").ok()

    assert path.read_text(encoding="utf-8").startswith(
        '{\n  // mine\n  "servers": {"other": {"command": "x"}, "personakit": '
    )
    assert servers("vscode")["personakit"] == expected_entry("vscode")


def test_vscode_trailing_commas_are_read(run):
    write(config_path("vscode"), '{"servers": {"other": {"command": "x",},},}')

    run("connect", "vscode").ok()

    assert servers("vscode") == {"other": {"command": "x"}, "personakit": expected_entry("vscode")}


def test_windsurf_does_not_take_comments_and_the_line_is_said(run, home):
    write(config_path("windsurf"), '{\n  "mcpServers": {} // none\n}')

    err = refused(run, home, "windsurf")

    assert err == (
        f"personakit: Windsurf's configuration {config_path('windsurf')} has a comment at line 2, which Windsurf "
        "does not accept in this file; fix or move it, then run connect again.\n"
    )


# -- reading JSON with comments as VS Code does ------------------------------------------------------


def test_strip_jsonc_leaves_strings_alone():
    text = '{\n  "a": "//not a comment", // one\n  "b": "say \\"/*hi*/\\"", /* two\n  lines */ "c": [1, 2,],\n}'

    plain, comments = strip_jsonc(text)

    assert comments
    assert json.loads(plain) == {"a": "//not a comment", "b": 'say "/*hi*/"', "c": [1, 2]}
    assert plain.count("\n") == text.count("\n")


def test_strip_jsonc_of_plain_json_finds_no_comments():
    assert strip_jsonc('{"url": "http://x/y"}') == ('{"url": "http://x/y"}', False)
