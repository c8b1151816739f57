"""`python -m personakit_plugin` and the `personakit-plugin` script: with no arguments, the stdio MCP
server; with arguments, the CLI. An MCP host starts the server with either (`uvx personakit-plugin`)."""

import sys

from personakit_plugin.owner.cli import main as cli


def main() -> int:
    """Serve over stdio when given no arguments, else run them as `personakit` would."""
    return cli(sys.argv[1:] or ["serve"])


if __name__ == "__main__":
    sys.exit(main())
