"""`personakit stats` and `personakit doctor`. HOME is a temporary folder (test_cli's autouse fixture), so
doctor only ever sees the MCP host configurations a test writes there."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from personakit_plugin.owner.data.doctor import FAIL, OK, WARN, age, check_hosts, check_plugins
from personakit_plugin.storage.sqlite import FILE_NAME, SCHEMA_VERSION

from ..helpers import cli, installed
from ..helpers.cli import snapshot

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids
install = installed.install
POSIX = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def home() -> Path:
    return Path(os.environ["HOME"])


def test_stats_counts_by_state_and_category(pk, ids):
    pk("approve", ids[0]).ok()
    pk("restrict", ids[2]).ok()
    pk("reject", ids[3]).ok()

    counted = pk("stats", "--json").json()
    out = pk("stats").ok()

    assert counted["states"] == {"unconfirmed": 1, "approved": 1, "restricted": 1, "rejected": 1, "retired": 0}
    assert counted["categories"]["preferences"] == 2 and counted["categories"]["communication"] == 1
    assert sum(counted["categories"].values()) == 3
    assert counted["oldest_unreviewed"] == ids[1]
    assert out.startswith("4 memories.\n")
    assert f"Oldest unreviewed proposal: {ids[1]}, proposed " in out and "ago)." in out


def test_stats_of_an_empty_folder(pk, folder):
    folder.mkdir(mode=0o700)
    out = pk("stats").ok()

    assert out.startswith("0 memories.\n") and "No proposal is waiting for review." in out


def test_age_reads_like_speech():
    assert [age(s) for s in (5, 60, 7200, 86400 * 3)] == ["less than a minute", "1 minute", "2 hours", "3 days"]


def test_doctor_on_a_healthy_folder(pk, ids):
    lines = pk("doctor").lines()

    assert all(line.split()[0] in ("ok", "warn") for line in lines)
    text = "\n".join(lines)
    assert f"Schema version {SCHEMA_VERSION}." in text
    assert "Integrity check passed." in text
    assert "default-store" in text and "Plugins loaded" in text
    assert "No MCP host configuration on this machine mentions personakit yet." in text


def test_doctor_changes_nothing_and_creates_nothing(run, folder, tmp_path):
    done = run("--data-dir", folder, "doctor")

    assert done.code == 0 and "does not exist yet" in done.out
    assert not folder.exists()


@POSIX
def test_doctor_fails_on_open_permissions(pk, folder, ids):
    os.chmod(folder / FILE_NAME, 0o644)
    os.chmod(folder, 0o755)
    before = snapshot(folder)

    done = pk("doctor")

    assert done.code == 1
    fails = [line for line in done.out.splitlines() if line.startswith("FAIL")]
    assert len(fails) == 2 and "chmod 700" in fails[0] and "chmod 600" in fails[1]
    assert done.err.strip() == "personakit: Doctor found 2 problems; each FAIL line says what."
    assert snapshot(folder) == before


def test_doctor_fails_on_a_database_that_is_not_personakits(run, tmp_path):
    other = tmp_path / "other"
    other.mkdir(mode=0o700)
    database = sqlite3.connect(other / FILE_NAME)
    database.execute("CREATE TABLE t (x)")
    database.commit()
    database.close()
    os.chmod(other / FILE_NAME, 0o600)

    done = run("--data-dir", other, "doctor")

    assert done.code == 1
    assert any(line.startswith("FAIL") and "not a PersonaKit database" in line for line in done.out.splitlines())


# -- plugins ------------------------------------------------------------------------------------------


def test_doctor_warns_when_one_first_result_plugin_may_shadow_another(install):
    for name in ("fake-rank-a", "fake-rank-b"):
        install(name, installed.ranking(name))

    findings = list(check_plugins({"PERSONAKIT_PLUGINS": "fake-rank-b,fake-rank-a"}))

    warned = [finding.message for finding in findings if finding.level == WARN]
    assert warned == [
        "fake-rank-b may shadow fake-rank-a in personakit_rank: fake-rank-b is asked first and the rest only "
        "when it returns None; list them in PERSONAKIT_PLUGINS in the order you want."
    ]
    assert not [finding for finding in findings if finding.level == FAIL]


def test_doctor_does_not_warn_of_a_default_behind_one_plugin(install):
    install("fake-rank-a", installed.ranking("fake-rank-a"))

    findings = list(check_plugins({"PERSONAKIT_PLUGINS": "fake-rank-a"}))

    assert [finding.level for finding in findings] == [OK]
    assert "fake-rank-a 1.2.3" in findings[0].message


@pytest.mark.parametrize("variable", ["PERSONAKIT_PLUGINS", "PERSONAKIT_DISABLED_PLUGINS"])
def test_doctor_fails_on_a_plugin_name_that_is_not_installed(pk, variable, monkeypatch):
    monkeypatch.setenv(variable, "redact-pi")

    done = pk("doctor")

    assert done.code == 1
    assert any(
        line.startswith("FAIL") and f"{variable} names 'redact-pi', which is not an installed" in line
        for line in done.out.splitlines()
    ), done.out


@pytest.mark.system
def test_doctor_finds_host_configurations_that_mention_personakit(pk, ids, monkeypatch, tmp_path):
    project = tmp_path / "project"
    (project / ".vscode").mkdir(parents=True)
    monkeypatch.chdir(project)
    claude = write_config(
        home() / ".config" / "Claude" / "claude_desktop_config.json",
        {"mcpServers": {"personakit": {"command": sys.executable, "args": ["-m", "personakit_plugin"]}}},
    )
    cursor = write_config(
        home() / ".cursor" / "mcp.json", {"mcpServers": {"other": {"command": "npx", "args": ["server-memory"]}}}
    )
    write_config(
        home() / ".claude.json", {"projects": {"/x": {"mcpServers": {"pk": {"command": "no-such-personakit-binary"}}}}}
    )
    (project / ".vscode" / "mcp.json").write_text('{"servers": {"personakit": ')

    done = pk("doctor")

    lines = done.out.splitlines()
    assert done.code == 1
    assert any(line.startswith("ok") and str(claude) in line and "starts PersonaKit" in line for line in lines)
    assert not any(str(cursor) in line for line in lines)
    assert any(line.startswith("FAIL") and "'no-such-personakit-binary' is not found" in line for line in lines)
    assert any(line.startswith("FAIL") and "VS Code" in line and "not valid JSON" in line for line in lines)


# -- doctor starts each host's entry as the host would -------------------------------------------------


@pytest.fixture(autouse=True)
def config_home(environment, monkeypatch):
    """Every host's configuration is looked for in the test's home, never the machine's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home() / ".config"))
    monkeypatch.setenv("APPDATA", str(home() / "AppData" / "Roaming"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)


def write_config(path: Path, config: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return path


def serve(*args: str | Path) -> dict[str, object]:
    """The entry that starts this interpreter's PersonaKit, as `personakit connect` writes it."""
    return {"command": sys.executable, "args": ["-m", "personakit_plugin", "serve", *map(str, args)]}


def finding(lines: list[str], level: str, *parts: str) -> str:
    """The one line of that level that holds every part."""
    (line,) = [line for line in lines if line.split()[0] == level and all(part in line for part in parts)]
    return line


@pytest.mark.system
def test_doctor_starts_each_entry_and_says_why_it_fails(pk, ids, folder):
    cursor = write_config(
        home() / ".cursor" / "mcp.json",
        {
            "mcpServers": {
                "personakit": serve("--data-dir", folder),
                "personakit-moved": {"command": str(home() / "old-venv" / "bin" / "python"), "args": ["-m", "x"]},
                "personakit-elsewhere": {"command": sys.executable, "args": ["-m", "personakit_plugin_absent"]},
                "personakit-exits": {"command": sys.executable, "args": ["-c", "import sys; sys.exit(3)"]},
                "personakit-bad": {"command": sys.executable, "args": "-m personakit_plugin"},
                "other": {"command": "/no/such/server"},
            },
            "unrelated": True,
        },
    )

    done = pk("doctor")

    lines = done.out.splitlines()
    where = f"Cursor's configuration {cursor}: "
    assert done.code == 1
    finding(lines, "ok", where + "'personakit' (", "starts PersonaKit.")
    moved = finding(lines, "FAIL", where + "'personakit-moved'")
    assert moved.endswith(
        f"cannot start PersonaKit: its command {str(home() / 'old-venv' / 'bin' / 'python')!r} is not found."
    )
    elsewhere = finding(lines, "FAIL", where + "'personakit-elsewhere'")
    assert "cannot start PersonaKit: exits before answering (its last words: " in elsewhere
    assert "No module named personakit_plugin_absent" in elsewhere
    assert finding(lines, "FAIL", where + "'personakit-exits'").endswith(
        "cannot start PersonaKit: exits before answering."
    )
    assert finding(lines, "FAIL", where + "'personakit-bad'").endswith("its args are not a list of strings.")
    assert not any("'other'" in line for line in lines)
    assert not any(line.startswith("warn") and str(cursor) in line for line in lines)
    assert done.err.strip() == "personakit: Doctor found 4 problems; each FAIL line says what."


@pytest.mark.system
def test_doctor_stops_an_entry_that_gives_no_answer_in_time(folder, tmp_path):
    pid_file = tmp_path / "pid"
    hang = "import os, sys, time; open(sys.argv[1], 'w').write(str(os.getpid())); time.sleep(60)"
    write_config(
        home() / ".cursor" / "mcp.json",
        {"mcpServers": {"personakit": {"command": sys.executable, "args": ["-c", hang, str(pid_file)]}}},
    )

    findings = list(check_hosts(home(), tmp_path, os.environ, folder, timeout=1))

    (failed,) = [f for f in findings if f.level == "FAIL"]
    assert failed.message.endswith("cannot start PersonaKit: gives no answer within 1 second.")
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)


ANOTHER_SERVER = """
from mcp.server.mcpserver import MCPServer

server = MCPServer("notes")


@server.tool()
def add_note(text: str) -> str:
    return text


server.run("stdio")
"""


@pytest.mark.system
def test_doctor_fails_an_entry_that_answers_but_is_not_personakit(pk, ids, tmp_path):
    script = tmp_path / "notes_server.py"
    script.write_text(ANOTHER_SERVER)
    config = write_config(
        home() / ".claude.json",
        {"mcpServers": {"personakit": {"type": "stdio", "command": sys.executable, "args": [str(script)]}}},
    )

    done = pk("doctor")

    assert done.code == 1
    line = finding(done.out.splitlines(), "FAIL", f"Claude Code's configuration {config}: 'personakit'")
    assert line.endswith(
        "cannot start PersonaKit: answers over MCP but is not PersonaKit (it is 'notes', with tools add_note)."
    )


def test_doctor_fails_on_every_configuration_it_cannot_parse(pk, ids):
    broken = home() / ".config" / "Claude" / "claude_desktop_config.json"
    broken.parent.mkdir(parents=True)
    broken.write_text('{"mcpServers": {"filesystem": {"command": "npx",}}}')
    vscode = home() / ".config" / "Code" / "User" / "mcp.json"
    vscode.parent.mkdir(parents=True)
    vscode.write_text(
        '{\n  // PersonaKit over HTTP\n  "servers": {"personakit": {"type": "http", "url": "http://127.0.0.1:8765/mcp"},},\n}'
    )

    done = pk("doctor")

    lines = done.out.splitlines()
    assert done.code == 1
    assert finding(lines, "FAIL", str(broken)) == (
        f"FAIL  Claude Desktop's configuration {broken} has a trailing comma at line 1, which Claude Desktop does "
        "not accept in this file; Claude Desktop cannot use it either until it is fixed."
    )
    finding(lines, "ok", f"VS Code's configuration {vscode} mentions personakit but starts no server with it")


@pytest.mark.system
def test_doctor_warns_when_an_entry_uses_another_data_folder(pk, ids, folder, tmp_path):
    other, another = tmp_path / "other", tmp_path / "another"
    cursor = write_config(
        home() / ".cursor" / "mcp.json",
        {
            "mcpServers": {
                "personakit": serve("--data-dir", other),
                "personakit-env": {**serve(), "env": {"PERSONAKIT_DATA_DIR": str(another)}},
            }
        },
    )

    done = pk("doctor")

    lines = done.out.splitlines()
    assert done.code == 0, done.out
    first = finding(lines, "warn", f"Cursor's configuration {cursor}: 'personakit' (")
    assert f"uses the data folder {other}, not {folder}, the one checked here;" in first
    assert f"`personakit --data-dir {other} doctor` checks that one." in first
    assert f"uses the data folder {another}, not {folder}" in finding(lines, "warn", "'personakit-env'")


@pytest.mark.system
def test_what_connect_writes_doctor_finds_starting(pk, ids, folder):
    pk("connect", "claude-code").ok()
    pk("connect", "vscode", "--read-only").ok()

    lines = pk("doctor").lines()

    finding(lines, "ok", "Claude Code's configuration", "'personakit' (", "starts PersonaKit.")
    finding(lines, "ok", "VS Code's configuration", "--read-only) starts PersonaKit.")
    assert not any(line.startswith("warn") and "configuration" in line for line in lines)


@pytest.mark.system
def test_doctor_warns_of_a_bare_command_in_claude_desktop(pk, ids, folder, monkeypatch):
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    write_config(
        home() / ".config" / "Claude" / "claude_desktop_config.json",
        {"mcpServers": {"personakit": {"command": "personakit", "args": ["serve", "--data-dir", str(folder)]}}},
    )

    lines = pk("doctor").lines()

    finding(lines, "ok", "'personakit' (personakit serve --data-dir", "starts PersonaKit.")
    warned = finding(lines, "warn", "names its command without a folder")
    assert warned.endswith("`personakit connect claude-desktop` writes the full path.")


@pytest.mark.system
def test_doctor_as_a_subprocess(pk, ids):
    out = pk("doctor", how="module").ok()

    assert "Integrity check passed." in out


def test_help_lists_the_new_commands(run):
    out = run("--help").ok()

    for command in ("undo", "export", "import", "stats", "doctor", "connect"):
        assert f"\n  {command} " in out, command
