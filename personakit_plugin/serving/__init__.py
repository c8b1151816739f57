"""Serving: the two MCP tools, the minimal host and its stdio and Streamable HTTP transports."""
