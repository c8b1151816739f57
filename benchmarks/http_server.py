"""`personakit serve --transport http`, for `http_load.py`: with `--on-loop` first, the tools run the kit on
the event loop, as they did before they ran it in a worker thread (the baseline); the rest of the
arguments go to the command line as they are.

Run: `python benchmarks/http_server.py [--on-loop] --data-dir DIR serve --transport http --port 0`.
"""

from __future__ import annotations

import sys

from personakit_plugin.owner.cli import main
from personakit_plugin.serving import tools

if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--on-loop"]:
        tools._RUN_ON_LOOP = True  # the private switch, for this baseline only
        arguments = arguments[1:]
    sys.exit(main(arguments))
