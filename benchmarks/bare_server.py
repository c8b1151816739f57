"""The baseline for the PersonaKit benchmark: a bare MCP server of the official SDK over stdio.

Trivial tools shaped like PersonaKit's, doing no work: `bare_read` answers a canned result the
size of a typical PersonaKit read (seven memories, two quotes each), `bare_propose` a canned
acknowledgement. Whatever a PersonaKit figure costs beyond this server's is PersonaKit's own.

`bare_read_schema` answers the same canned result but lists the output schema PersonaKit's read
lists, which the benchmark passes in `BARE_READ_OUTPUT_SCHEMA` (JSON) so that this server imports
nothing of PersonaKit: the official client validates every structured answer against its tool's
output schema, and for PersonaKit's that costs the client about 1 ms of CPU a read, a cost of the SDK
that `bare_read`'s schema-less dict does not show.

Run: `python benchmarks/bare_server.py` (stdio; logs at WARNING on stderr, as PersonaKit's server).
"""

from __future__ import annotations

import json
import os
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
def bare_read_schema(question: str, limit: int = 7) -> dict[str, Any]:
    """The same canned answer, listed with PersonaKit's read output schema."""
    return CANNED_READ


_schema = os.environ.get("BARE_READ_OUTPUT_SCHEMA")
if _schema:  # listed as the tool's outputSchema, as PersonaKit publishes its own
    _tool = server._tool_manager.get_tool("bare_read_schema")
    assert _tool is not None
    _tool.fn_metadata.output_schema = json.loads(_schema)


@server.tool()
def bare_propose(text: str, quote: str, category: str = "other") -> dict[str, Any]:
    """A canned acknowledgement; nothing is stored."""
    return CANNED_PROPOSE


if __name__ == "__main__":
    server.run("stdio")
