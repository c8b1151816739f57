"""A home of the test's own where every MCP host's configuration is looked for.

HOME (set by `cli.environment`), XDG_CONFIG_HOME and APPDATA point into the test's folder, and
CLAUDE_CONFIG_DIR and CODEX_HOME are unset, so the files connect and doctor find are the ones a test
writes there, never the machine's own. A module takes it by naming it:
`environment, home = cli.environment, hosts.home`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from personakit_plugin.owner.hosts.table import HOSTS


@pytest.fixture(autouse=True)
def home(environment: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The test's home, where every host's configuration is looked for."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("APPDATA", str(home / "AppData" / "Roaming"))
    for name in ("CLAUDE_CONFIG_DIR", "CODEX_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def config_path(host: str) -> Path:
    """Where connect finds `host`'s file in the test's home."""
    return HOSTS[host].locate(Path(os.environ["HOME"]), os.environ, sys.platform)
