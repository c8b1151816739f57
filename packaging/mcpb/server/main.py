"""PersonaKit's stdio MCP server as the desktop extension starts it: `python3 -I -S server/main.py`.

The extension carries PersonaKit, the recall plugin and every package they need in `server/lib`, built
for one Python and one system (`built_for.json`, written by `packaging/build_mcpb.py`): some of those
packages are compiled, and a compiled package runs only on the Python minor version and the system it
was built for. So this first checks that it runs on them, and says in one sentence on stderr what is
wrong when it does not; then it puts `server/lib` first on the path (`-S` leaves the Python's own
site-packages out, `-I` its PYTHON* variables and the user's site-packages: the extension runs what it
carries, nothing else) and serves on stdio. The owner's settings come in the environment the host
sets from the extension's settings: PERSONAKIT_DATA_DIR, PERSONAKIT_READ_ONLY, PERSONAKIT_RECALL_MODEL.

Nothing here writes to stdout: it is the protocol's wire.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def running() -> dict[str, str]:
    """This Python and system, as `built_for.json` records the ones the extension was built for."""
    return {
        "python": f"{sys.version_info[0]}.{sys.version_info[1]}",
        "platform": sys.platform,
        "machine": platform.machine().lower(),
    }


def described(said: dict[str, str]) -> str:
    return f"Python {said.get('python')} on {said.get('platform')} {said.get('machine')}"


def main() -> int:
    try:
        built = json.loads((HERE / "built_for.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        sys.stderr.write(
            f"personakit: this extension is incomplete ({type(exc).__name__} reading built_for.json); "
            "install it again.\n"
        )
        return 1
    here = running()
    if built != here:
        sys.stderr.write(
            f"personakit: this extension was built for {described(built)} and cannot run with {described(here)}; "
            "install the extension built for this computer, or install PersonaKit with `pip install personakit-plugin` "
            "and run `personakit connect claude-desktop`.\n"
        )
        return 1
    sys.path.insert(0, str(HERE / "lib"))
    from personakit_plugin.owner.cli import main as personakit

    return personakit(["serve", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
