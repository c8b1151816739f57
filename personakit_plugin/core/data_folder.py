"""The default data folder: `PERSONAKIT_DATA_DIR`, else the platform's user data folder.

The command line adds `--data-dir` in front (`owner/console.py`); a host that mounts PersonaKit into
its own MCP server calls `default_data_dir()` to find the folder `personakit serve` would use.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DATA_ENV = "PERSONAKIT_DATA_DIR"
APP_NAME = "personakit"


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder `personakit serve` uses when no `--data-dir` is given: `PERSONAKIT_DATA_DIR` (from
    `environ`, the process's environment by default), else `platformdirs.user_data_dir("personakit")`."""
    chosen = (os.environ if environ is None else environ).get(DATA_ENV)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))
