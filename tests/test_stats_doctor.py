"""`personakit stats` and `personakit doctor`. HOME is a temporary folder (test_cli's autouse fixture), so
doctor only ever sees the MCP host configurations a test writes there."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from personakit_plugin.doctor import age
from personakit_plugin.sqlite_store import FILE_NAME, SCHEMA_VERSION

from . import test_cli
from .test_cli import snapshot

environment, run = test_cli.environment, test_cli.run
folder, pk, ids = test_cli.folder, test_cli.pk, test_cli.ids
POSIX = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def home() -> Path:
    return Path(os.environ["HOME"])


def test_stats_counts_by_state_and_category(pk, ids):
    pk("approve", ids[0]).ok()
    pk("restrict", ids[2]).ok()
    pk("reject", ids[3]).ok()

    counted = pk("stats", "--json").json()
    out = pk("stats").ok()

    assert counted["states"] == {"unconfirmed": 1, "approved": 1, "restricted": 1, "rejected": 1}
    assert counted["categories"]["preferences"] == 2 and counted["categories"]["communication"] == 1
    assert sum(counted["categories"].values()) == 3
    assert counted["oldest_unreviewed"] == ids[1]
    assert out.startswith("4 memories.\n")
    assert f"Oldest unreviewed proposal: {ids[1]}, proposed " in out and "ago)." in out


def test_stats_of_an_empty_folder(pk):
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


def test_doctor_finds_host_configurations_that_mention_personakit(pk, ids, monkeypatch, tmp_path):
    project = tmp_path / "project"
    (project / ".vscode").mkdir(parents=True)
    monkeypatch.chdir(project)
    claude = home() / ".config" / "Claude" / "claude_desktop_config.json"
    claude.parent.mkdir(parents=True)
    claude.write_text(
        json.dumps({"mcpServers": {"personakit": {"command": sys.executable, "args": ["-m", "personakit_plugin"]}}})
    )
    cursor = home() / ".cursor" / "mcp.json"
    cursor.parent.mkdir(parents=True)
    cursor.write_text(json.dumps({"mcpServers": {"other": {"command": "npx", "args": ["server-memory"]}}}))
    (home() / ".claude.json").write_text(
        json.dumps({"projects": {"/x": {"mcpServers": {"pk": {"command": "no-such-personakit-binary"}}}}})
    )
    (project / ".vscode" / "mcp.json").write_text('{"servers": {"personakit": ')

    done = pk("doctor")

    lines = done.out.splitlines()
    assert done.code == 1
    assert any(line.startswith("ok") and "Claude Desktop" in line and str(claude) in line for line in lines)
    assert not any(str(cursor) in line for line in lines)
    assert any(line.startswith("FAIL") and "no-such-personakit-binary" in line for line in lines)
    assert any(line.startswith("FAIL") and "VS Code" in line and "not valid JSON" in line for line in lines)


def test_doctor_as_a_subprocess(pk, ids):
    out = pk("doctor", how="module").ok()

    assert "Integrity check passed." in out


def test_help_lists_the_new_commands(run):
    out = run("--help").ok()

    for command in ("undo", "export", "import", "stats", "doctor"):
        assert f"\n    {command} " in out, command
