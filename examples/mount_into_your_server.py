# Add PersonaKit's tools to an MCP server you already run: `python mount_into_your_server.py` serves it over stdio.
from mcp.server.mcpserver import MCPServer

from personakit_plugin import PersonaKit, default_data_dir, mount

server = MCPServer("my-assistant-tools", instructions="Call word_count to count the words in a text.")


@server.tool()
def word_count(text: str) -> int:
    """Count the words in a text."""
    return len(text.split())


# The folder `personakit serve` uses: PERSONAKIT_DATA_DIR, else the platform's user data folder.
kit = PersonaKit.open(default_data_dir())
# read_only=True would add personakit_read alone; PersonaKit's instructions follow the server's own.
mount(server, kit, read_only=False)

if __name__ == "__main__":
    server.run("stdio")
