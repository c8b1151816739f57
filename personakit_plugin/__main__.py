"""`python -m personakit_plugin`: with no arguments, the stdio MCP server; with arguments, the CLI."""

import sys

from personakit_plugin.owner.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["serve"]))
