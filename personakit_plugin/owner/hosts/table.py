"""The MCP hosts `personakit connect` knows: where each keeps its user-level file, in which format,
under which key, and what the owner does next.

Each location and entry shape follows the host's own documentation:

- Claude Desktop: `Claude/claude_desktop_config.json` in `%APPDATA%` (Windows), in
  `~/Library/Application Support` (macOS), else in `$XDG_CONFIG_HOME` or `~/.config`; `mcpServers`
  (modelcontextprotocol.io, "Connect to local MCP servers").
- Claude Code: `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json` when that is set), its user-scope
  `mcpServers`, with `"type": "stdio"` (docs.anthropic.com, Claude Code "MCP").
- Cursor: `~/.cursor/mcp.json`; `mcpServers` (docs.cursor.com, "Model Context Protocol"); read, as
  VS Code (which it is built on) reads its own, with comments and trailing commas.
- VS Code: `Code/User/mcp.json` in the same folder as Claude Desktop's; `servers`, with
  `"type": "stdio"`; JSON with comments and trailing commas (code.visualstudio.com, "MCP servers").
- Windsurf: `~/.codeium/windsurf/mcp_config.json` (`%USERPROFILE%` on Windows); `mcpServers`, the
  schema of Claude Desktop's file (docs.windsurf.com/windsurf/cascade/mcp).
- Zed: its `settings.json`, `~/.config/zed/` on macOS and Linux (`$XDG_CONFIG_HOME/zed/` on Linux
  when that is set), `%APPDATA%\\Zed\\` on Windows; "JSON with support for `//` comments";
  `context_servers`, each custom server `command`, `args`, `env` (zed.dev/docs/ai/mcp,
  zed.dev/docs/configuring-zed).
- Codex CLI: `config.toml` in `$CODEX_HOME`, else `~/.codex`; a table `[mcp_servers.<name>]` with
  `command`, `args`, `env` (developers.openai.com/codex/mcp, openai/codex `docs/config.md`).
- Gemini CLI: `~/.gemini/settings.json`; `mcpServers` with `command`, `args`, `env`; it strips
  comments before parsing, with `strip-json-comments` (geminicli.com/docs/cli/configuration,
  google-gemini/gemini-cli `docs/tools/mcp-server.md` and `packages/cli/src/config/settings.ts`).
- LM Studio: `~/.lmstudio/mcp.json` (`%USERPROFILE%` on Windows); `mcpServers`, "Cursor's
  mcp.json notation" (lmstudio.ai/docs/app/mcp; lmstudio-ai/lmstudio-bug-tracker#1371 reports a
  copy in `~/.cache/lm-studio` on macOS, which is not where the documentation says to edit).

Every entry connect writes is `command` and `args` (and `"type": "stdio"` where the host asks for
it), with `PERSONAKIT_DATA_DIR` and `PERSONAKIT_RECALL_MODEL` in its `env` when it is given them; a
host's other keys (`disabled`, Zed's `enabled`, Codex's `startup_timeout_sec`) and the other variables
of its `env` are the owner's.

JSONC is read as VS Code reads it, comments and trailing commas alike; a trailing comma in a Zed or
Gemini CLI file is read too, though those hosts may refuse it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

Locate = Callable[[Path, Mapping[str, str], str], Path]

JSON, JSONC, TOML = "json", "jsonc", "toml"
"""A host file's format: plain JSON; JSON with comments and trailing commas; TOML."""


def app_config_home(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    """Where desktop apps keep their settings: `%APPDATA%` on Windows, `~/Library/Application Support`
    on macOS, else `$XDG_CONFIG_HOME` (an absolute path) or `~/.config`."""
    if platform == "win32":
        return _appdata(home, environ)
    if platform == "darwin":
        return home / "Library" / "Application Support"
    return _xdg_config(home, environ)


def _appdata(home: Path, environ: Mapping[str, str]) -> Path:
    return Path(environ.get("APPDATA") or home / "AppData" / "Roaming")


def _xdg_config(home: Path, environ: Mapping[str, str]) -> Path:
    xdg = environ.get("XDG_CONFIG_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else home / ".config"


def _claude_desktop(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return app_config_home(home, environ, platform) / "Claude" / "claude_desktop_config.json"


def _claude_code(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return Path(environ.get("CLAUDE_CONFIG_DIR") or home).expanduser() / ".claude.json"


def _cursor(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return home / ".cursor" / "mcp.json"


def _vscode(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return app_config_home(home, environ, platform) / "Code" / "User" / "mcp.json"


def _windsurf(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return home / ".codeium" / "windsurf" / "mcp_config.json"


def _zed(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    if platform == "win32":
        return _appdata(home, environ) / "Zed" / "settings.json"
    folder = home / ".config" if platform == "darwin" else _xdg_config(home, environ)
    return folder / "zed" / "settings.json"


def _codex(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return Path(environ.get("CODEX_HOME") or home / ".codex").expanduser() / "config.toml"


def _gemini(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return home / ".gemini" / "settings.json"


def _lm_studio(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    return home / ".lmstudio" / "mcp.json"


@dataclass(frozen=True)
class Host:
    title: str
    key: str
    """The key (JSON) or table (TOML) the host reads its servers from."""
    typed: bool
    """Whether its stdio entries say `"type": "stdio"`."""
    format: str
    """JSON, JSONC or TOML."""
    locate: Locate
    next_step: str


HOSTS: dict[str, Host] = {
    "claude-desktop": Host(
        "Claude Desktop",
        "mcpServers",
        False,
        JSON,
        _claude_desktop,
        "Quit Claude Desktop completely (from its menu, not by closing the window) and open it again",
    ),
    "claude-code": Host(
        "Claude Code",
        "mcpServers",
        True,
        JSON,
        _claude_code,
        "Start a new Claude Code session (`/mcp` in it lists personakit)",
    ),
    "cursor": Host(
        "Cursor",
        "mcpServers",
        False,
        JSONC,
        _cursor,
        "Restart Cursor, then check that personakit is turned on in Cursor's settings, under MCP",
    ),
    "vscode": Host(
        "VS Code",
        "servers",
        True,
        JSONC,
        _vscode,
        "Restart VS Code (or run `MCP: List Servers` and start personakit); the tools are offered in Chat's agent mode",
    ),
    "windsurf": Host(
        "Windsurf",
        "mcpServers",
        False,
        JSON,
        _windsurf,
        "In Windsurf, open the MCP servers of the Cascade panel and press refresh (or restart Windsurf)",
    ),
    "zed": Host(
        "Zed",
        "context_servers",
        False,
        JSONC,
        _zed,
        "Zed reloads its settings by itself; the Agent Panel's settings show whether personakit is running",
    ),
    "codex": Host(
        "Codex CLI",
        "mcp_servers",
        False,
        TOML,
        _codex,
        "Start a new Codex session (`/mcp` in it lists personakit)",
    ),
    "gemini": Host(
        "Gemini CLI",
        "mcpServers",
        False,
        JSONC,
        _gemini,
        "Start Gemini CLI again (`/mcp` in it lists personakit)",
    ),
    "lm-studio": Host(
        "LM Studio",
        "mcpServers",
        False,
        JSON,
        _lm_studio,
        "Restart LM Studio; personakit is then listed in the Program tab of its right-hand sidebar",
    ),
}


def host_files(home: Path, environ: Mapping[str, str], platform: str) -> Iterator[tuple[Host, Path]]:
    """Each host's user-level file on this machine, whether it exists or not."""
    for host in HOSTS.values():
        yield host, host.locate(home, environ, platform)
