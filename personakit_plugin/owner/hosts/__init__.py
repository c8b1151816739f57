"""The MCP hosts' configuration files: which hosts and where their files are (`table.py`), `personakit
connect` (`connect.py`), the in-place editors of JSON and TOML files (`json_edit.py`, `toml_edit.py`), what
an entry already there keeps (`entry.py`) and what connect noted it added (`record.py`)."""
