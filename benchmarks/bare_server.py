"""The baseline for the PersonaKit benchmark: a bare MCP server of the official SDK over stdio.

Two trivial tools shaped like PersonaKit's, doing no work: `bare_read` answers a canned result the
size of a typical PersonaKit read (seven memories, two quotes each), `bare_propose` a canned
acknowledgement. Whatever a PersonaKit figure costs beyond this server's is PersonaKit's own.

Run: `python benchmarks/bare_server.py` (stdio; logs at WARNING on stderr, as PersonaKit's server).
"""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer

_QUOTE = "Honestly, I really prefer vim to Emacs when it comes to code review. Please keep that in mind."
CANNED_READ: dict[str, Any] = {
    "memories": [
        {
            "id": f"m_{index:012x}",
            "text": "Prefers vim over Emacs for code review at work",
            "category": "tools",
            "confirmed": index % 2 == 0,
            "evidence": [_QUOTE, _QUOTE],
        }
        for index in range(7)
    ],
    "withheld": 1,
    "note": "Unconfirmed: extracted from the owner's conversations but not yet reviewed by them.",
}
CANNED_PROPOSE: dict[str, Any] = {"stored": True, "id": "m_000000000000", "new": True, "state": "unconfirmed"}

server = MCPServer("bare", log_level="WARNING")


@server.tool()
def bare_read(question: str, limit: int = 7) -> dict[str, Any]:
    """A canned answer the size of a PersonaKit read."""
    return CANNED_READ


@server.tool()
def bare_propose(text: str, quote: str, category: str = "other") -> dict[str, Any]:
    """A canned acknowledgement; nothing is stored."""
    return CANNED_PROPOSE


if __name__ == "__main__":
    server.run("stdio")
