"""Add PersonaKit's two tools to an MCP server you already run.

    python examples/mount_into_your_server.py            # serves over stdio

Your server keeps its own tools; PersonaKit brings `personakit_read` and `personakit_propose`
with the same plugins, checks and guarantees as `personakit serve`.
"""

from __future__ import annotations

import os

import platformdirs
from mcp.server.mcpserver import MCPServer

from personakit_plugin import PersonaKit, mount

server = MCPServer("my-assistant-tools")


@server.tool()
def word_count(text: str) -> int:
    """Count the words in a text."""
    return len(text.split())


kit = PersonaKit.open(os.environ.get("PERSONAKIT_DATA_DIR") or platformdirs.user_data_dir("personakit"))
mount(server, kit)

if __name__ == "__main__":
    server.run("stdio")
