"""`personakit recall-model` and `connect --recall-model` on PersonaKit's side, whether or not the recall
plugin is installed: the choice kept in the data folder's settings, a host's entry given the model in its
`env` with every other byte of its file as it was, and the command's answer where the plugin is missing.
(With the plugin: hooks/personakit-recall/tests/test_recall_model.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from personakit_plugin.core.data_folder import KEPT_FILES, SETTINGS_FILE
from personakit_plugin.core.settings import RECALL_MODEL, SettingsError, set_setting, setting, settings
from personakit_plugin.owner.commands import recall_model

from ..helpers import cli, hosts
from ..helpers.cli import TIMEOUT

environment, run, home, config_path = cli.environment, cli.run, hosts.home, hosts.config_path
PYTHON = os.path.abspath(sys.executable)
MODEL = "/models/minilm"


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The recall plugin's check of a model, stood in for: every model given is fine, and recorded here."""
    asked: list[str] = []

    def check(value: str) -> tuple[str, str]:
        asked.append(value)
        return value, "a stand-in model"

    monkeypatch.setattr(recall_model, "checked", check)
    return asked


OLD_ENTRY = (
    '{\n  "mcpServers": {\n    // mine\n    "personakit": {\n      "command": "/old/venv/bin/python", // moved since\n'
    '      "args": ["-m", "personakit_plugin", "serve"],\n      "env": {"LANG":  "C", // mine too\n'
    '        "PERSONAKIT_RECALL_MODEL": "/models/old"}\n    }\n  }\n}\n'
)


def test_connect_sets_the_model_in_the_entrys_env_and_leaves_every_other_byte(run, checked):
    path = config_path("gemini")
    path.parent.mkdir(parents=True)
    path.write_bytes(OLD_ENTRY.encode())

    out = run("connect", "gemini", "--recall-model", MODEL).ok()

    assert checked == [MODEL]
    assert f"Its recall model: {MODEL} (PERSONAKIT_RECALL_MODEL in the entry's env)." in out
    assert path.read_text() == OLD_ENTRY.replace("/old/venv/bin/python", PYTHON).replace("/models/old", MODEL)
    again = run("connect", "gemini").ok()  # without the option: the entry's env stays as it is
    assert "nothing changed" in again
    assert path.read_text() == OLD_ENTRY.replace("/old/venv/bin/python", PYTHON).replace("/models/old", MODEL)


def test_connect_adds_the_variable_beside_the_others_of_a_json_entry(run, checked):
    path = config_path("claude-desktop")
    path.parent.mkdir(parents=True)
    before = (
        '{\n\t"mcpServers": {\n\t\t"personakit": {\n\t\t\t"command": "PYTHON",\n'
        '\t\t\t"args": ["-m", "personakit_plugin", "serve"],\n\t\t\t"env": {\n\t\t\t\t"LANG": "C"\n\t\t\t}\n\t\t},\n'
        '\t\t"other": {"command": "x"}\n\t}\n}\n'
    ).replace("PYTHON", PYTHON)
    path.write_bytes(before.encode())

    run("connect", "claude-desktop", "--recall-model", MODEL).ok()

    after = path.read_text()
    assert json.loads(after)["mcpServers"]["personakit"]["env"] == {"LANG": "C", "PERSONAKIT_RECALL_MODEL": MODEL}
    assert after == before.replace('"LANG": "C"\n', f'"LANG": "C",\n\t\t\t\t"PERSONAKIT_RECALL_MODEL": "{MODEL}"\n')


def test_connect_gives_a_codex_entry_the_variable_in_its_env_table(run, checked):
    path = config_path("codex")
    path.parent.mkdir(parents=True)
    old = (
        '[mcp_servers.personakit]\ncommand = "personakit" # on PATH\nargs = ["serve"]\nstartup_timeout_sec = 20\n\n'
        '[mcp_servers.personakit.env]\nLANG = "C" # mine\n\n[other]\nkey = 1\n'
    )
    path.write_bytes(old.encode())

    run("connect", "codex", "--recall-model", MODEL).ok()

    expected = (
        old.replace('"personakit" #', f"{json.dumps(PYTHON)} #")
        .replace('args = ["serve"]', 'args = ["-m", "personakit_plugin", "serve"]')
        .replace('LANG = "C" # mine\n', f'LANG = "C" # mine\nPERSONAKIT_RECALL_MODEL = "{MODEL}"\n')
    )
    assert path.read_text() == expected


def test_a_new_codex_entry_gets_an_env_table(run, checked):
    run("connect", "codex", "--recall-model", MODEL).ok()
    written = config_path("codex").read_text()
    assert f'[mcp_servers.personakit.env]\nPERSONAKIT_RECALL_MODEL = "{MODEL}"\n' in written


def test_the_choice_is_kept_in_the_data_folders_settings(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    assert setting(folder, RECALL_MODEL) is None  # no folder yet: nothing chosen, nothing made
    assert not folder.exists()
    set_setting(folder, "other", "kept")
    set_setting(folder, RECALL_MODEL, MODEL)
    assert settings(folder) == {"other": "kept", RECALL_MODEL: MODEL}
    assert (folder / SETTINGS_FILE).stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700
    set_setting(folder, RECALL_MODEL, None)
    assert settings(folder) == {"other": "kept"}
    assert SETTINGS_FILE in KEPT_FILES  # tightened, or refused, like every file PersonaKit keeps
    (folder / SETTINGS_FILE).write_text('{"recall_model": 3}')
    with pytest.raises(SettingsError, match="is not a JSON object of texts"):
        setting(folder, RECALL_MODEL)


WITHOUT_PLUGIN = (
    "import sys; sys.modules['personakit_recall'] = None; "
    "from personakit_plugin.owner.cli import main; sys.exit(main())"
)
"""The command line in a Python where `import personakit_recall` fails, as where it is not installed."""


def without_plugin(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_PLUGIN, *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=dict(os.environ),
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.system
def test_without_the_plugin_the_command_shows_and_forgets_but_records_nothing_it_cannot_check(tmp_path: Path):
    folder = tmp_path / "data"
    set_setting(folder, RECALL_MODEL, MODEL)
    shown = without_plugin("--data-dir", str(folder), "recall-model")
    assert shown.returncode == 0, shown.stderr
    assert f"the model {MODEL}" in shown.stdout
    assert "the recall plugin (personakit-recall) is not installed in this Python" in shown.stdout

    refused = without_plugin("--data-dir", str(folder), "recall-model", str(tmp_path))
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "pip install personakit-recall" in refused.stderr
    assert setting(folder, RECALL_MODEL) == MODEL

    path = config_path("cursor")
    connected = without_plugin("--data-dir", str(folder), "connect", "cursor", "--recall-model", MODEL)
    assert connected.returncode == 1 and "is not installed" in connected.stderr
    assert not path.exists()

    forgot = without_plugin("--data-dir", str(folder), "recall-model", "default")
    assert forgot.returncode == 0, forgot.stderr
    assert setting(folder, RECALL_MODEL) is None
