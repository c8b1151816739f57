"""`personakit doctor` as a first hour meets it: `--json` says every finding as one object, a data folder
that does not exist yet is still not there afterwards (host entries started included), and each line is
said as its check finishes, before a slow host entry has answered.

HOME, XDG_CONFIG_HOME and APPDATA point into the test's folder (`hosts.home`), so doctor only sees the
host configurations a test writes there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from personakit_plugin.core.data_folder import default_data_dir
from personakit_plugin.owner.console import PROBE_ENV
from personakit_plugin.owner.data.doctor import CHECKS

from ..conftest import personakit_command
from ..helpers import cli, hosts, stdio

environment, run, pk, ids, home = cli.environment, cli.run, cli.pk, cli.ids, hosts.home

KEYS = {"data_dir", "ok", "counts", "findings"}
FINDING_KEYS = {"check", "level", "message"}
LEVELS = {"ok", "warn", "fail"}


def write_entry(host: str, entry: dict[str, object]) -> Path:
    """A configuration of `host` (one whose file is JSON with `mcpServers`) holding this personakit entry."""
    path = hosts.config_path(host)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mcpServers": {"personakit": entry}}), encoding="utf-8")
    return path


# -- doctor --json -----------------------------------------------------------------------------------


def test_doctor_json_is_one_object_of_every_finding_with_stable_keys(pk, ids, folder):
    lines = pk("doctor").lines()

    said = pk("doctor", "--json").json()

    assert set(said) == KEYS
    assert said["data_dir"] == str(folder) and said["ok"] is True
    assert all(set(finding) == FINDING_KEYS for finding in said["findings"])
    shown = {"ok": "ok", "warn": "warn", "fail": "FAIL"}
    assert [f"{shown[f['level']]:<4}  {f['message']}" for f in said["findings"]] == lines
    assert {f["level"] for f in said["findings"]} <= LEVELS
    checks, levels = [f["check"] for f in said["findings"]], [f["level"] for f in said["findings"]]
    assert checks == sorted(checks, key=CHECKS.index) and set(checks) == set(CHECKS)
    assert said["counts"] == {level: levels.count(level) for level in shown}


def test_doctor_json_on_a_failure_still_says_the_object_and_exits_1(run, tmp_path):
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("mine\n")

    done = run("--data-dir", not_a_folder, "doctor", "--json")

    assert done.code == 1 and done.err.startswith("personakit: Doctor found 1 problem")
    said = json.loads(done.out)
    assert said["ok"] is False and said["counts"]["fail"] == 1
    (failed,) = [f for f in said["findings"] if f["level"] == "fail"]
    assert failed == {"check": "folder", "level": "fail", "message": f"The data folder {not_a_folder} is not a folder."}


# -- doctor creates nothing -------------------------------------------------------------------------


@pytest.mark.system
def test_doctor_creates_no_data_folder_even_starting_host_entries(run, tmp_path, monkeypatch):
    """A fresh PERSONAKIT_DATA_DIR, an entry that `connect` wrote for it and one that uses the platform's
    folder: doctor starts both, says they start PersonaKit, and neither folder exists afterwards."""
    fresh = tmp_path / "fresh" / "personakit"
    monkeypatch.setenv("PERSONAKIT_DATA_DIR", str(fresh))
    run("connect", "cursor").ok()
    command, *args = personakit_command("serve")
    environ = {"PERSONAKIT_PLUGINS": "", "XDG_DATA_HOME": os.environ["XDG_DATA_HOME"]}
    write_entry("windsurf", {"command": command, "args": args, "env": environ})
    platform_folder = default_data_dir(environ)

    done = run("doctor", how="script")

    assert done.code == 0, done
    started = [line for line in done.out.splitlines() if "starts PersonaKit." in line]
    assert len(started) == 2, done.out
    assert not fresh.exists() and not fresh.parent.exists()
    assert not platform_folder.exists()


@pytest.mark.system
def test_a_server_doctor_starts_creates_nothing_and_takes_nothing_in(tmp_path):
    fresh = tmp_path / "fresh"

    async def tools() -> list[str]:
        parameters = stdio.stdio_parameters(fresh)
        parameters.env[PROBE_ENV] = "1"
        from mcp import Client

        async with Client(parameters, read_timeout_seconds=stdio.REQUEST_TIMEOUT) as client:
            listed = [tool.name for tool in (await client.list_tools()).tools]
            await stdio.call(client, stdio.READ, question="coffee")
            return listed

    assert anyio.run(tools) == [stdio.READ]
    assert not fresh.exists()


# -- each line as its check finishes ----------------------------------------------------------------

GATED = """
import os, sys, time
gate, data = sys.argv[1], sys.argv[2]
for _ in range(1200):  # at most a minute: doctor gives up on it long before
    if os.path.exists(gate):
        break
    time.sleep(0.05)
os.execv(sys.executable, [sys.executable, "-m", "personakit_plugin", "serve", "--data-dir", data])
"""


@pytest.mark.system
def test_doctor_says_each_line_before_a_slow_host_entry_has_answered(folder, ids, tmp_path):
    """The entry waits for a gate that the test opens only once doctor's first line has arrived through a
    pipe. Had doctor held its lines back until every check was done, the first would arrive only after
    it had given up on the entry (no answer in time), and the entry's line would say so."""
    gate = tmp_path / "gate"
    script = tmp_path / "gated.py"
    script.write_text(GATED)
    write_entry("cursor", {"command": sys.executable, "args": [str(script), str(gate), str(folder)]})

    doctor = subprocess.Popen(
        personakit_command("--data-dir", str(folder), "doctor"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ),
    )
    try:
        first = doctor.stdout.readline() if doctor.stdout else ""
        gate.touch()
        rest, err = doctor.communicate(timeout=120)
    finally:
        doctor.kill()

    assert first.startswith("ok    Data folder"), (first, rest, err)
    (entry,) = [line for line in rest.splitlines() if "Cursor's configuration" in line and "starts" in line]
    assert entry.startswith("ok") and "starts PersonaKit." in entry
    assert doctor.returncode == 0, err
