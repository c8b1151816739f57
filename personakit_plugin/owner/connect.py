"""`personakit connect HOST`: add PersonaKit to an MCP host's own configuration in one command.

It edits the host's user-level file (every project of that host sees PersonaKit), with the absolute
path of the interpreter running this command, which is the one that has PersonaKit:

- `claude-desktop`: `Claude/claude_desktop_config.json` in `%APPDATA%` (Windows), in
  `~/Library/Application Support` (macOS), else in `$XDG_CONFIG_HOME` or `~/.config`; `mcpServers`;
- `claude-code`: `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json` when that is set), its user-scope
  `mcpServers`, with `"type": "stdio"`;
- `cursor`: `~/.cursor/mcp.json`; `mcpServers`;
- `vscode`: `Code/User/mcp.json` in the same folder as Claude Desktop's; `servers`, with `"type": "stdio"`.

Only the `personakit` entry changes: every other server and key stays as it was, and so do the
keys of the entry that PersonaKit does not set (`env`, `disabled`...). The file as it was is kept
beside it (`<file>.personakit-backup-<time>`, same mode); the new one replaces it in one rename,
with the same mode (a new file is private, 0600). Running it twice changes nothing the second time.
A file it cannot parse is left alone. VS Code reads comments in its file: connect reads them too,
but it will not write a file that has them (they would be lost); it says what to add by hand.

The same list tells `doctor` where to look (`host_files`, `read_config`).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import re
import shlex
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from personakit_plugin.core.model import EVERYTHING, View
from personakit_plugin.owner.console import DATA_ENV, CommandError, add_view_options, say, view_of

NAME = "personakit"
"""The server's name in every host's configuration."""
MODULE_ARGS = ("-m", "personakit_plugin", "serve")

Locate = Callable[[Path, Mapping[str, str], str], Path]


def app_config_home(home: Path, environ: Mapping[str, str], platform: str) -> Path:
    """Where desktop apps keep their settings: `%APPDATA%` on Windows, `~/Library/Application Support`
    on macOS, else `$XDG_CONFIG_HOME` (an absolute path) or `~/.config`."""
    if platform == "win32":
        return Path(environ.get("APPDATA") or home / "AppData" / "Roaming")
    if platform == "darwin":
        return home / "Library" / "Application Support"
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


@dataclass(frozen=True)
class Host:
    title: str
    key: str
    """The key the host reads its servers from."""
    typed: bool
    """Whether its stdio entries say `"type": "stdio"`."""
    jsonc: bool
    """Whether the host reads comments and trailing commas in its file."""
    locate: Locate
    next_step: str


HOSTS: dict[str, Host] = {
    "claude-desktop": Host(
        "Claude Desktop",
        "mcpServers",
        False,
        False,
        _claude_desktop,
        "Quit Claude Desktop completely (from its menu, not by closing the window) and open it again",
    ),
    "claude-code": Host(
        "Claude Code",
        "mcpServers",
        True,
        False,
        _claude_code,
        "Start a new Claude Code session (`/mcp` in it lists personakit)",
    ),
    "cursor": Host(
        "Cursor",
        "mcpServers",
        False,
        False,
        _cursor,
        "Restart Cursor, then check that personakit is turned on in Cursor's settings, under MCP",
    ),
    "vscode": Host(
        "VS Code",
        "servers",
        True,
        True,
        _vscode,
        "Restart VS Code (or run `MCP: List Servers` and start personakit); the tools are offered in Chat's agent mode",
    ),
}


# -- reading a host's file ------------------------------------------------------------------


class ConfigError(Exception):
    """A host's file that cannot be read or parsed; the message names the file and says why (a
    sentence without its end: the caller says what to do)."""


def strip_jsonc(text: str) -> tuple[str, bool]:
    """JSON with comments (`//`, `/* */`) and trailing commas, as VS Code reads it, made plain JSON;
    and whether it had comments. Text inside strings is never touched; line numbers stay the same."""
    out: list[str] = []
    comments = False
    comma: int | None = None  # where in `out` a comma stands that a closing bracket would make trailing
    i = 0
    while i < len(text):
        if text[i] == '"':
            end = _string_end(text, i)
            out.append(text[i:end])
            comma, i = None, end
            continue
        if text.startswith(("//", "/*"), i):
            line = text.startswith("//", i)
            end = text.find("\n" if line else "*/", i + 2)
            end = len(text) if end < 0 else end + (0 if line else 2)
            out.append("\n" * text.count("\n", i, end) or " ")
            comments, i = True, end
            continue
        if text[i] in "}]" and comma is not None:
            out[comma] = " "
        if not text[i].isspace():
            comma = len(out) if text[i] == "," else None
        out.append(text[i])
        i += 1
    return "".join(out), comments


def _string_end(text: str, start: int) -> int:
    """The index just past the JSON string that opens at `start` (the end of the text if it never closes)."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    return len(text)


def parse_config(text: str, where: str, jsonc: bool) -> tuple[Any, bool]:
    """A host file's JSON value (an empty file is `{}`) and whether it had comments; a ConfigError
    naming `where` when it is not valid JSON (with comments and trailing commas when `jsonc`)."""
    if not text.strip():
        return {}, False
    try:
        return json.loads(text), False
    except json.JSONDecodeError as exc:
        error = exc
    if jsonc:
        plain, comments = strip_jsonc(text)
        try:
            return json.loads(plain), comments
        except json.JSONDecodeError as exc:
            error = exc
    raise ConfigError(f"{where} is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None


def read_config(path: Path, title: str, jsonc: bool) -> tuple[bytes, Any, bool]:
    """The file's bytes, its JSON value and whether it had comments; a missing file is empty."""
    where = f"{title}'s configuration {path}"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return b"", {}, False
    except OSError as exc:
        raise ConfigError(f"{where} cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    value, comments = parse_config(text, where, jsonc)
    return raw, value, comments


def host_files(home: Path, environ: Mapping[str, str], platform: str) -> Iterator[tuple[Host, Path]]:
    """Each host's user-level file on this machine, whether it exists or not."""
    for host in HOSTS.values():
        yield host, host.locate(home, environ, platform)


# -- the change -----------------------------------------------------------------------------


def server_entry(
    host: Host, executable: str, data_dir: Path | None, read_only: bool, view: View = EVERYTHING
) -> dict[str, Any]:
    """The entry that starts PersonaKit over stdio with `executable`, as `host` wants it, seeing `view`."""
    args = [*MODULE_ARGS]
    if data_dir is not None:
        args += ["--data-dir", str(data_dir)]
    if read_only:
        args.append("--read-only")
    args += view.arguments()
    return {**({"type": "stdio"} if host.typed else {}), "command": executable, "args": args}


@dataclass(frozen=True)
class Change:
    path: Path
    before: bytes
    """The file as it is (empty for a new one)."""
    after: bytes
    existed: bool
    replaced: bool
    """Whether a `personakit` entry was there already."""

    @property
    def changed(self) -> bool:
        return self.before != self.after


def _merged(old: object, entry: dict[str, Any]) -> dict[str, Any]:
    """The entry, keeping the keys of an old stdio entry PersonaKit does not set, in their order."""
    if isinstance(old, dict) and old.get("type", "stdio") == "stdio" and "url" not in old:
        return {**old, **entry}
    return entry


def _indent(text: str) -> int | str:
    """The indentation the file uses for its first key (2 when it cannot tell)."""
    found = re.match(r"\{[ \t]*\r?\n([ \t]+)\S", text)
    if not found:
        return 2
    return "\t" if found.group(1).startswith("\t") else len(found.group(1))


def plan(host: Host, path: Path, entry: dict[str, Any]) -> Change:
    """What connecting `host` through its file at `path` would change; a CommandError, nothing
    changed, when the file cannot be read, parsed or safely rewritten."""
    where = f"{host.title}'s configuration {path}"
    fix = "fix or move it, then run connect again"
    try:
        raw, config, comments = read_config(path, host.title, host.jsonc)
    except ConfigError as exc:
        raise CommandError(f"{exc}; {fix}.") from None
    if not isinstance(config, dict):
        raise CommandError(f"{where} does not hold a JSON object; {fix}.")
    servers = config.setdefault(host.key, {})
    if not isinstance(servers, dict):
        raise CommandError(f'The "{host.key}" of {where} is not a JSON object; {fix}.')
    old = servers.get(NAME)
    new = _merged(old, entry)
    if old == new:
        return Change(path, raw, raw, path.exists(), True)
    if comments:
        raise CommandError(
            f"{where} has comments, which connect would lose; remove them and run connect again, or add "
            f'this entry under "{host.key}" yourself: "{NAME}": {json.dumps(new)}.'
        )
    servers[NAME] = new
    text = raw.decode("utf-8-sig")
    after = json.dumps(config, indent=_indent(text), ensure_ascii=False) + "\n"
    if "\r\n" in text:
        after = after.replace("\n", "\r\n")
    return Change(path, raw, after.encode("utf-8"), path.exists(), old is not None)


# -- writing --------------------------------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _backup(path: Path, data: bytes, mode: int, now: float) -> Path:
    """A copy of the file as it was, beside it, with its mode; never over an earlier backup."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    for n in range(1000):
        backup = path.with_name(f"{path.name}.personakit-backup-{stamp}{f'-{n}' if n else ''}")
        try:
            descriptor = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(backup, mode)
        return backup
    raise OSError("too many backups made this second")


def _replace(target: Path, change: Change, mode: int) -> None:
    """Write the new file beside `target` and rename it over it, unless the file changed since it was read."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(change.after)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        current = target.read_bytes() if target.exists() else None
        if current != (change.before if change.existed else None):
            raise CommandError(f"{change.path} changed while connect was writing it; run connect again.")
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write(change: Change, now: float) -> Path | None:
    """Make the change: the backup first (when there was a file), then the new file in one rename. A
    symbolic link stays a link: the file it points to is the one replaced. The backup's path, if any."""
    target = change.path.resolve() if change.path.is_symlink() else change.path
    try:
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        mode = _mode(target) if change.existed else 0o600
        backup = _backup(change.path, change.before, mode, now) if change.existed else None
        try:
            _replace(target, change, mode)
        except BaseException:
            if backup is not None:
                with contextlib.suppress(OSError):
                    backup.unlink()
            raise
    except OSError as exc:
        raise CommandError(f"{change.path} cannot be written ({exc.strerror or exc}); nothing changed.") from None
    return backup


# -- the command ----------------------------------------------------------------------------


def host_named(name: str) -> Host:
    host = HOSTS.get(name.strip().casefold())
    if host is None:
        names = ", ".join(list(HOSTS)[:-1]) + f" or {list(HOSTS)[-1]}"
        raise CommandError(f"{name!r} is not a host connect knows; use {names}.")
    return host


def diff(change: Change) -> str:
    before = change.before.decode("utf-8-sig").splitlines(keepends=True)
    after = change.after.decode("utf-8").splitlines(keepends=True)
    name = str(change.path)
    lines = difflib.unified_diff(before, after, name if change.existed else "/dev/null", name)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines).rstrip("\n")


def connect(
    name: str,
    *,
    data_dir: Path | None,
    read_only: bool,
    dry_run: bool,
    view: View = EVERYTHING,
    home: Path,
    environ: Mapping[str, str],
    platform: str = sys.platform,
    executable: str = sys.executable,
    now: float | None = None,
) -> list[str]:
    """Connect the host called `name`; what to tell the owner, line by line."""
    host = host_named(name)
    if not executable:
        raise CommandError(
            "Cannot tell which Python runs PersonaKit; run `python -m personakit_plugin connect` with its full path."
        )
    entry = server_entry(host, os.path.abspath(executable), data_dir, read_only, view)
    change = plan(host, host.locate(home, environ, platform), entry)
    where = f"{host.title}'s configuration {change.path}"
    if not change.changed:
        return [f"{where} already starts PersonaKit this way; nothing {'would change' if dry_run else 'changed'}."]
    starts = f"It starts {shlex.join([entry['command'], *entry['args']])}"
    folder = f"on the data folder {data_dir}" if data_dir else "on the default data folder"
    said = [f"{starts} {folder}{', read-only' if read_only else ''}."]
    if not view.everything:
        said[0] += " " + view.sentence().replace("This connection", f"{host.title}", 1)
    if dry_run:
        return [diff(change), f"Nothing written (--dry-run). {said[0]}"]
    made = not change.path.parent.exists()
    backup = write(change, time.time() if now is None else now)
    if made:
        said.append(f"The folder {change.path.parent} did not exist, so it was made: is {host.title} installed?")
    verb = "Updated the personakit entry in" if change.replaced else "Added personakit to"
    said.insert(0, f"{verb} {where}.")
    if backup is not None:
        said.append(f"The file as it was is kept in {backup}.")
    said.append(f"Next: {host.next_step}; then `personakit doctor` checks that it starts.")
    return said


def cmd_connect(args: argparse.Namespace) -> None:
    folder = args.data_dir or os.environ.get(DATA_ENV)
    for line in connect(
        args.host,
        data_dir=Path(folder).expanduser().absolute() if folder else None,
        read_only=args.read_only,
        dry_run=args.dry_run,
        view=view_of(args),
        home=Path.home(),
        environ=os.environ,
    ):
        say(line)


def register(add: Callable[[str, Callable[[argparse.Namespace], None], str], argparse.ArgumentParser]) -> None:
    """Add `connect HOST` to the command line."""
    connecting = add(
        "connect",
        cmd_connect,
        "Add PersonaKit to an MCP host's configuration, with this Python's full path (a backup is kept).",
    )
    connecting.add_argument("host", metavar="HOST", help=", ".join(HOSTS))
    connecting.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    connecting.add_argument("--read-only", action="store_true", help="the host gets personakit_read alone")
    add_view_options(connecting)
