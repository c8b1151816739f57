"""`personakit connect HOST` and `personakit disconnect HOST`: PersonaKit added to, or taken out of, an
MCP host's own configuration in one command.

Connect edits the host's user-level file (every project of that host sees PersonaKit; `hosts.py`
says where each host keeps it), with the absolute path of the interpreter running this command,
which is the one that has PersonaKit, and `-m personakit_plugin serve`.

The file is changed in place: only the `personakit` entry's span of the text is rewritten
(`json_edit.py`, `toml_edit.py`), and every other byte stays as it was: other servers, keys and
their order, comments, trailing commas, indentation, line endings, a byte-order mark. In an
existing entry only the keys PersonaKit sets change (`command`, `args`, `type`): `env`,
`disabled` and the rest stay. `--recall-model M` also sets `PERSONAKIT_RECALL_MODEL` in the entry's
`env`, that host's choice of the recall plugin's model over the one recorded in the data folder
(`personakit recall-model`); the entry's other variables, and the bytes they are written in, stay.
What was written is read back and compared with what was meant; when they differ, nothing is
written and the owner is told what to add by hand.

Disconnect removes the `personakit` entry alone. The object or table that holds the servers stays
even when it is left empty, as it may have been before connect made it: an empty list of servers
means the same to every host, and a key the owner wrote is never taken away.

Either way the file as it was is kept beside it (`<file>.personakit-backup-<time>`, same mode); the
new one replaces it in one rename, with the same mode (a new file is private, 0600). Running either
twice changes nothing the second time. A file it cannot parse is left alone.

The same table tells `doctor` where to look (`host_files`, `read_config`).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import copy
import difflib
import json
import os
import shlex
import stat
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from personakit_plugin.core.model import EVERYTHING, View
from personakit_plugin.core.settings import RECALL_MODEL_ENV
from personakit_plugin.owner import json_edit, toml_edit
from personakit_plugin.owner.console import DATA_ENV, CommandError, add_view_options, say, view_of
from personakit_plugin.owner.hosts import HOSTS, JSONC, TOML, Host, app_config_home, host_files

__all__ = ["HOSTS", "ConfigError", "app_config_home", "connect", "disconnect", "host_files", "read_config", "register"]

NAME = "personakit"
"""The server's name in every host's configuration."""
MODULE_ARGS = ("-m", "personakit_plugin", "serve")


# -- reading a host's file ------------------------------------------------------------------


class ConfigError(Exception):
    """A host's file that cannot be read or parsed; the message names the file and says why (a
    sentence without its end: the caller says what to do)."""


def parse_config(text: str, where: str, format: str) -> Any:
    """A host file's value (an empty file is `{}`); a ConfigError naming `where` when it is not valid
    JSON (with comments and trailing commas for JSONC) or TOML."""
    if not text.strip():
        return {}
    if format == TOML:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{where} is not valid TOML ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        error = exc
    if format == JSONC:
        try:
            return json.loads(json_edit.strip_jsonc(text)[0])
        except json.JSONDecodeError as exc:
            error = exc
    raise ConfigError(f"{where} is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None


def read_config(path: Path, title: str, format: str) -> tuple[bytes, Any]:
    """The file's bytes and its value; a missing file is empty."""
    where = f"{title}'s configuration {path}"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return b"", {}
    except OSError as exc:
        raise ConfigError(f"{where} cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return raw, parse_config(text, where, format)


# -- the change -----------------------------------------------------------------------------


def server_entry(
    host: Host,
    executable: str,
    data_dir: Path | None,
    read_only: bool,
    view: View = EVERYTHING,
    recall_model: str | None = None,
) -> dict[str, Any]:
    """The entry that starts PersonaKit over stdio with `executable`, as `host` wants it, seeing `view`,
    with `recall_model` in its `env` when given."""
    args = [*MODULE_ARGS]
    if data_dir is not None:
        args += ["--data-dir", str(data_dir)]
    if read_only:
        args.append("--read-only")
    args += view.arguments()
    entry: dict[str, Any] = {**({"type": "stdio"} if host.typed else {}), "command": executable, "args": args}
    if recall_model is not None:
        entry["env"] = {RECALL_MODEL_ENV: recall_model}
    return entry


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


def _stdio(old: object) -> bool:
    return isinstance(old, dict) and old.get("type", "stdio") == "stdio" and "url" not in old


def _merged(old: object, entry: dict[str, Any]) -> dict[str, Any]:
    """The entry, keeping the keys of an old stdio entry PersonaKit does not set, in their order, and the
    variables of its `env` PersonaKit does not set."""
    if not (isinstance(old, dict) and _stdio(old)):
        return entry
    merged = {**old, **entry}
    if isinstance(old.get("env"), dict) and "env" in entry:
        merged["env"] = {**old["env"], **entry["env"]}
    return merged


def _edit_json(text: str, host: Host, old: object, entry: dict[str, Any]) -> str:
    """The text with the `personakit` entry set to `entry`, changed only where the entry is."""
    if not text.strip():
        style = json_edit.style_of(text)
        return json_edit.render({host.key: {NAME: entry}}, style, "") + style.newline
    root = json_edit.parse(text)
    servers = json_edit.member(root, host.key)
    if servers is None:
        return json_edit.add_member(text, root, host.key, {NAME: entry})
    found = json_edit.member(servers.value, NAME)
    if found is None:
        return json_edit.add_member(text, servers.value, NAME, entry)
    if not _stdio(old):
        return json_edit.replace_value(text, found, entry)
    for key, value in entry.items():
        if isinstance(old, dict) and key in old and old[key] == value:
            continue
        node = _entry_node(text, host)
        inner = json_edit.member(node, key)
        if key == "env" and inner is not None and inner.value.members is not None and isinstance(old, dict):
            text = _edit_env(text, host, old.get("env") or {}, value)  # only the variables that change
            continue
        text = json_edit.replace_value(text, inner, value) if inner else json_edit.add_member(text, node, key, value)
    return text


def _edit_env(text: str, host: Host, old: dict[str, Any], env: dict[str, Any]) -> str:
    """The text with the entry's `env` object holding `env`'s variables, each changed where it is."""
    for name, value in env.items():
        if name in old and old[name] == value:
            continue
        node = json_edit.member(_entry_node(text, host), "env")
        assert node is not None
        inner = json_edit.member(node.value, name)
        if inner is None:
            text = json_edit.add_member(text, node.value, name, value)
        else:
            text = json_edit.replace_value(text, inner, value)
    return text


def _entry_node(text: str, host: Host) -> json_edit.Node:
    servers = json_edit.member(json_edit.parse(text), host.key)
    found = json_edit.member(servers.value, NAME) if servers else None
    assert found is not None
    return found.value


def _remove_json(text: str, host: Host) -> str:
    servers = json_edit.member(json_edit.parse(text), host.key)
    found = json_edit.member(servers.value, NAME) if servers else None
    assert servers is not None and found is not None
    return json_edit.remove_member(text, servers.value, found)


def _edited(text: str, host: Host, old: object, entry: dict[str, Any] | None) -> str:
    """The text with the entry set to `entry`, or removed when it is None."""
    if host.format == TOML:
        path = (host.key, NAME)
        if entry is None or (old is not None and not _stdio(old)):
            text = toml_edit.remove_table(text, path)
        elif isinstance(old, dict):  # only what changes: the rest of the table stays as it is
            entry = {key: value for key, value in entry.items() if key not in old or old[key] != value}
        if entry is None:
            return text
        entry = dict(entry)  # the caller's entry is what the file must read back as: left whole
        env = entry.pop("env", None)
        if entry or env is None:
            text = toml_edit.set_table(text, path, entry)
        if isinstance(env, dict):  # its own table, `[mcp_servers.personakit.env]`: only what changes in it
            before: dict[str, Any] = {}
            if isinstance(old, dict) and isinstance(old.get("env"), dict):
                before = old["env"]
            changed = {name: value for name, value in env.items() if name not in before or before[name] != value}
            text = toml_edit.set_table(text, (*path, "env"), changed) if changed else text
        return text
    return _remove_json(text, host) if entry is None else _edit_json(text, host, old, entry)


def _servers(host: Host, path: Path, fix: str) -> tuple[bytes, dict[str, Any], dict[str, Any]]:
    """The file's bytes, its value and the object of its servers (empty when it has none)."""
    where = f"{host.title}'s configuration {path}"
    try:
        raw, config = read_config(path, host.title, host.format)
    except ConfigError as exc:
        raise CommandError(f"{exc}; {fix}.") from None
    if not isinstance(config, dict):
        raise CommandError(f"{where} does not hold an object; {fix}.")
    servers = config.get(host.key, {})
    if not isinstance(servers, dict):
        raise CommandError(f'The "{host.key}" of {where} is not an object; {fix}.')
    return raw, config, servers


def _rewritten(
    host: Host, path: Path, raw: bytes, expected: object, entry: dict[str, Any] | None, old: object
) -> bytes:
    """The file's new bytes, checked to read back as `expected`; a CommandError when they do not."""
    where = f"{host.title}'s configuration {path}"
    bom = codecs.BOM_UTF8 if raw.startswith(codecs.BOM_UTF8) else b""
    text = raw.decode("utf-8-sig")
    try:
        after = _edited(text, host, old, entry)
        same = parse_config(after, where, host.format) == expected
    except Exception:  # whatever the reason, the file is not changed in place: the owner is told how
        same = False
    if not same:
        raise CommandError(
            f"{where} is written in a way PersonaKit cannot change in place; nothing changed: {_by_hand(host, entry)}."
        )
    return bom + after.encode("utf-8")


def _by_hand(host: Host, entry: dict[str, Any] | None) -> str:
    """What the owner can do instead, as a clause."""
    if entry is None:
        return f'remove the "{NAME}" entry under "{host.key}" yourself'
    if host.format == TOML:
        keys = ", ".join(f"{key} = {toml_edit.render(value)}" for key, value in entry.items())
        return f"give the table [{host.key}.{NAME}] these keys yourself: {keys}"
    return f'add this entry under "{host.key}" yourself: "{NAME}": {json.dumps(entry)}'


def plan(host: Host, path: Path, entry: dict[str, Any]) -> Change:
    """What connecting `host` through its file at `path` would change; a CommandError, nothing
    changed, when the file cannot be read, parsed or changed in place."""
    raw, config, servers = _servers(host, path, "fix or move it, then run connect again")
    old = servers.get(NAME)
    new = _merged(old, entry)
    if old == new:
        return Change(path, raw, raw, path.exists(), True)
    expected = copy.deepcopy(config)
    expected.setdefault(host.key, {})[NAME] = new
    return Change(path, raw, _rewritten(host, path, raw, expected, new, old), path.exists(), old is not None)


def plan_removal(host: Host, path: Path) -> Change:
    """What disconnecting `host` would change: nothing when its file has no `personakit` entry."""
    raw, config, servers = _servers(host, path, "fix or move it, then run disconnect again")
    if NAME not in servers:
        return Change(path, raw, raw, path.exists(), False)
    expected = copy.deepcopy(config)
    del expected[host.key][NAME]
    if host.format == TOML and not expected[host.key]:
        del expected[host.key]  # a TOML file names no `mcp_servers` table that holds nothing
    return Change(path, raw, _rewritten(host, path, raw, expected, None, servers[NAME]), True, True)


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
            raise CommandError(f"{change.path} changed while it was being written; run the command again.")
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


# -- the commands ---------------------------------------------------------------------------


def host_named(name: str) -> Host:
    host = HOSTS.get(name.strip().casefold())
    if host is None:
        names = ", ".join(list(HOSTS)[:-1]) + f" or {list(HOSTS)[-1]}"
        raise CommandError(f"{name!r} is not a host PersonaKit knows; use {names}.")
    return host


def diff(change: Change) -> str:
    before = change.before.decode("utf-8-sig").splitlines(keepends=True)
    after = change.after.decode("utf-8-sig").splitlines(keepends=True)
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
    recall_model: str | None = None,
) -> list[str]:
    """Connect the host called `name`, its PersonaKit given `recall_model` (already checked) when it is
    not None; what to tell the owner, line by line."""
    host = host_named(name)
    if not executable:
        raise CommandError(
            "Cannot tell which Python runs PersonaKit; run `python -m personakit_plugin connect` with its full path."
        )
    entry = server_entry(host, os.path.abspath(executable), data_dir, read_only, view, recall_model)
    change = plan(host, host.locate(home, environ, platform), entry)
    where = f"{host.title}'s configuration {change.path}"
    if not change.changed:
        return [f"{where} already starts PersonaKit this way; nothing {'would change' if dry_run else 'changed'}."]
    starts = f"It starts {shlex.join([entry['command'], *entry['args']])}"
    folder = f"on the data folder {data_dir}" if data_dir else "on the default data folder"
    said = [f"{starts} {folder}{', read-only' if read_only else ''}."]
    if recall_model is not None:
        said[0] += f" Its recall model: {recall_model} ({RECALL_MODEL_ENV} in the entry's env)."
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


def disconnect(
    name: str,
    *,
    dry_run: bool,
    home: Path,
    environ: Mapping[str, str],
    platform: str = sys.platform,
    now: float | None = None,
) -> list[str]:
    """Take PersonaKit out of the host called `name`; what to tell the owner, line by line."""
    host = host_named(name)
    change = plan_removal(host, host.locate(home, environ, platform))
    where = f"{host.title}'s configuration {change.path}"
    if not change.existed:
        return [f"{where} does not exist; nothing to remove."]
    if not change.changed:
        return [f"{where} has no personakit entry; nothing {'would change' if dry_run else 'changed'}."]
    if dry_run:
        return [diff(change), "Nothing written (--dry-run)."]
    backup = write(change, time.time() if now is None else now)
    return [
        f"Removed personakit from {where}.",
        f"The file as it was is kept in {backup}.",
        f"{host.title} no longer starts PersonaKit once it reads the file again; your memories stay in their folder.",
    ]


def cmd_connect(args: argparse.Namespace) -> None:
    folder = args.data_dir or os.environ.get(DATA_ENV)
    model = None
    if args.recall_model is not None:
        from personakit_plugin.owner.commands.recall_model import checked

        host_named(args.host)  # a mistyped host is said before a model is loaded
        model, _ = checked(args.recall_model)
    for line in connect(
        args.host,
        data_dir=Path(folder).expanduser().absolute() if folder else None,
        read_only=args.read_only,
        dry_run=args.dry_run,
        view=view_of(args),
        home=Path.home(),
        environ=os.environ,
        recall_model=model,
    ):
        say(line)


def cmd_disconnect(args: argparse.Namespace) -> None:
    for line in disconnect(args.host, dry_run=args.dry_run, home=Path.home(), environ=os.environ):
        say(line)


def register(add: Callable[[str, Callable[[argparse.Namespace], None], str], argparse.ArgumentParser]) -> None:
    """Add `connect HOST` and `disconnect HOST` to the command line."""
    commands = (
        ("connect", cmd_connect, "Add PersonaKit to an MCP host's configuration, with this Python's full path"),
        ("disconnect", cmd_disconnect, "Remove PersonaKit's entry from an MCP host's configuration"),
    )
    for name, command, summary in commands:
        parser = add(name, command, f"{summary}, changing nothing else in it (a backup is kept).")
        parser.add_argument("host", metavar="HOST", help=", ".join(HOSTS))
        parser.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
        if name == "connect":
            parser.add_argument("--read-only", action="store_true", help="the host gets personakit_read alone")
            parser.add_argument(
                "--recall-model",
                metavar="MODEL",
                help="the recall plugin's model for this host alone, set in its entry's env "
                "(checked first; `personakit recall-model` chooses one for every host)",
            )
            add_view_options(parser)
