# The same with the standalone fastmcp package (4.2 up to 5): `python mount_into_fastmcp.py` serves it over stdio.
from fastmcp import FastMCP

from personakit_plugin import PersonaKit, View, default_data_dir, mount

server = FastMCP("my-assistant-tools", instructions="Call word_count to count the words in a text.")


@server.tool
def word_count(text: str) -> int:
    """Count the words in a text."""
    return len(text.split())


# The kit loads the plugins installed in this Python environment, as `personakit serve` does. A view
# limits what the tools read, as `personakit serve --categories work-style,tools --approved-only` does.
kit = PersonaKit.open(default_data_dir(), view=View(categories=frozenset({"work-style", "tools"}), approved_only=True))
mount(server, kit, read_only=False)

if __name__ == "__main__":
    server.run("stdio", show_banner=False)
