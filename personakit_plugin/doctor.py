"""`personakit stats` and `personakit doctor`: what is in the data folder, and whether all is well.

Doctor looks without changing anything: it never creates the data folder or the database, and
opens the database read-only. Each finding is one line, `ok`, `warn` or `FAIL`; any `FAIL`
makes the command exit with status 1.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path

import msgspec

from .model import CATEGORIES, STATES, Memory

OK, WARN, FAIL = "ok", "warn", "FAIL"


class Finding(msgspec.Struct, frozen=True):
    level: str
    message: str

    def line(self) -> str:
        return f"{self.level:<4}  {self.message}"


# -- stats ------------------------------------------------------------------------------------


class Stats(msgspec.Struct, frozen=True):
    states: dict[str, int]
    categories: dict[str, int]
    """Memories not rejected, by category (a rejected memory keeps none)."""
    oldest_unreviewed: str | None
    oldest_unreviewed_created: float | None


def stats(memories: Iterable[Memory]) -> Stats:
    by_state = dict.fromkeys(STATES, 0)
    by_category = dict.fromkeys(CATEGORIES, 0)
    oldest: Memory | None = None
    for memory in memories:
        by_state[memory.state] = by_state.get(memory.state, 0) + 1
        if memory.state == "rejected":
            continue
        by_category[memory.category] = by_category.get(memory.category, 0) + 1
        if memory.state == "unconfirmed" and (
            oldest is None or (memory.created, memory.id) < (oldest.created, oldest.id)
        ):
            oldest = memory
    return Stats(
        by_state,
        by_category,
        oldest.id if oldest else None,
        oldest.created if oldest else None,
    )


def age(seconds: float) -> str:
    """A duration as the owner would say it: `3 days`, `1 hour`, `less than a minute`."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return "less than a minute"


# -- doctor -----------------------------------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _private(path: Path, what: str, fix: str) -> Finding:
    mode = _mode(path)
    if os.name == "posix" and mode & 0o077:
        return Finding(FAIL, f"{what} {path} can be read by other users (mode {mode:04o}); run `chmod {fix} {path}`.")
    return Finding(OK, f"{what} {path} (mode {mode:04o}).")


def check_folder(folder: Path) -> Iterator[Finding]:
    from .sqlite_store import FILE_NAME, OWN_TABLES, SCHEMA_VERSION

    if not folder.exists():
        yield Finding(WARN, f"The data folder {folder} does not exist yet; PersonaKit creates it on first use.")
        return
    if not folder.is_dir():
        yield Finding(FAIL, f"The data folder {folder} is not a folder.")
        return
    yield _private(folder, "Data folder", "700")
    if not os.access(folder, os.W_OK | os.X_OK):
        yield Finding(FAIL, f"The data folder {folder} is not writable by you.")
    database = folder / FILE_NAME
    if not database.exists():
        yield Finding(WARN, f"There is no database in {folder} yet; it is created on first use.")
        return
    yield _private(database, "Database", "600")
    for suffix in ("-wal", "-shm"):
        extra = database.with_name(database.name + suffix)
        if extra.exists() and os.name == "posix" and _mode(extra) & 0o077:
            yield _private(extra, "Database file", "600")
    # Read-only; when no write-ahead log is there (every PersonaKit closed), as immutable too, so
    # that looking creates no -wal or -shm file.
    quiet = "&immutable=1" if not database.with_name(database.name + "-wal").exists() else ""
    try:
        db = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro{quiet}", uri=True, timeout=5)
    except sqlite3.Error as exc:
        yield Finding(FAIL, f"The database {database} cannot be opened ({exc}).")
        return
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 or not tables >= OWN_TABLES:
            yield Finding(FAIL, f"{database} is not a PersonaKit database (schema version {version}).")
        elif version > SCHEMA_VERSION:
            yield Finding(FAIL, f"Schema version {version} is newer than this PersonaKit knows ({SCHEMA_VERSION}).")
        elif version < SCHEMA_VERSION:
            yield Finding(WARN, f"Schema version {version}; it is upgraded to {SCHEMA_VERSION} when next opened.")
        else:
            yield Finding(OK, f"Schema version {version}.")
        problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
        if problems == ["ok"]:
            yield Finding(OK, "Integrity check passed.")
        else:
            yield Finding(FAIL, f"Integrity check failed: {'; '.join(problems[:3])}.")
    except sqlite3.Error as exc:
        yield Finding(FAIL, f"The database {database} cannot be read ({exc}).")
    finally:
        db.close()


def check_plugins(environ: dict[str, str]) -> Iterator[Finding]:
    from .plugins import PluginError, make_plugin_manager, plugin_infos

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            infos = plugin_infos(make_plugin_manager(environ=environ))
        except PluginError as exc:
            yield Finding(FAIL, str(exc))
            return
    for warning in caught:
        yield Finding(WARN, str(warning.message).splitlines()[0])
    names = ", ".join(f"{info.name} {info.version or '(no version)'}" for info in infos)
    yield Finding(OK, f"Plugins loaded: {names}.")
    for info in infos:
        if "personakit_store" in info.hooks and not info.default:
            yield Finding(
                OK,
                f"Storage plugin {info.name} is loaded: where it is configured, the memory is kept there, "
                "and the database checks above do not cover it.",
            )


def host_configs(home: Path, cwd: Path, environ: dict[str, str]) -> list[tuple[str, Path]]:
    """The MCP host configuration files that may exist on this machine, by host."""
    found = [
        ("Claude Desktop", home / ".config" / "Claude" / "claude_desktop_config.json"),
        ("Claude Desktop", home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"),
        ("Cursor", home / ".cursor" / "mcp.json"),
        ("Cursor", cwd / ".cursor" / "mcp.json"),
        ("Claude Code", home / ".claude.json"),
        ("Claude Code", cwd / ".mcp.json"),
        ("VS Code", cwd / ".vscode" / "mcp.json"),
    ]
    if environ.get("APPDATA"):
        found.insert(2, ("Claude Desktop", Path(environ["APPDATA"]) / "Claude" / "claude_desktop_config.json"))
    return found


def _servers(value: object) -> Iterator[dict[str, object]]:
    """Every object in a configuration that looks like an MCP server launch: it has a `command`."""
    if isinstance(value, dict):
        if isinstance(value.get("command"), str):
            yield value
        for inner in value.values():
            yield from _servers(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _servers(inner)


def check_hosts(home: Path, cwd: Path, environ: dict[str, str]) -> Iterator[Finding]:
    mentioned = False
    seen: set[Path] = set()
    for host, path in host_configs(home, cwd, environ):
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            yield Finding(WARN, f"{host} configuration {path} cannot be read ({exc}).")
            continue
        if "personakit" not in text.casefold():
            continue
        mentioned = True
        try:
            config = json.loads(text)
        except json.JSONDecodeError as exc:
            yield Finding(FAIL, f"{host} configuration {path} mentions personakit but is not valid JSON ({exc}).")
            continue
        servers = [s for s in _servers(config) if "personakit" in json.dumps(s).casefold()]
        missing = [
            str(s["command"])
            for s in servers
            if not (Path(str(s["command"])).expanduser().is_file() or shutil.which(str(s["command"])))
        ]
        if missing:
            yield Finding(
                FAIL, f"{host} configuration {path} starts personakit with {missing[0]!r}, which is not found."
            )
        else:
            yield Finding(OK, f"{host} configuration {path} mentions personakit.")
    if not mentioned:
        yield Finding(WARN, "No MCP host configuration on this machine mentions personakit yet.")


def doctor(folder: Path, environ: dict[str, str], home: Path | None = None, cwd: Path | None = None) -> list[Finding]:
    return [
        *check_folder(folder),
        *check_plugins(environ),
        *check_hosts(home or Path.home(), cwd or Path.cwd(), environ),
    ]
