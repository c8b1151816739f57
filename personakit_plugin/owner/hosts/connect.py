"""`personakit connect HOST` and `personakit disconnect HOST`: PersonaKit added to, or taken out of, an
MCP host's own configuration in one command.

Connect edits the host's user-level file (every project of that host sees PersonaKit; `table.py`
says where each host keeps it), with the absolute path of the interpreter running this command,
which is the one that has PersonaKit, and `-m personakit_plugin serve`.

An entry already there keeps what it says (`entry.py`): read-only, its view, its data folder, its
recall model and any other option of `serve`; only the options given on this command line change it
(`--read-write` and `--all-categories`, `--with-unconfirmed` undo the others), and the owner is told
what changed and what was kept. A data folder (`--data-dir`, or `PERSONAKIT_DATA_DIR` for a new entry)
and a recall model (`--recall-model M`, that host's choice of the recall plugin's model over the one
recorded in the data folder) go into the entry's `env`. The interpreter an entry names is kept when it
is this one under another name of the same folder (`python` for `python3`).

The file is changed in place: only the `personakit` entry's span of the text is rewritten
(`json_edit.py`, `toml_edit.py`), and every other byte stays as it was: other servers, keys and
their order, comments, trailing commas, indentation, line endings, a byte-order mark. In an
existing entry only what changes is rewritten: its other keys (`disabled`, say) and the other
variables of its `env`, and the bytes they are written in, stay. What was written is read back and
compared with what was meant; when they differ, nothing is written and the owner is told what to add
by hand. A file the host itself accepts is read (JSON with comments and trailing commas where the host
reads them); a file it cannot parse is left alone, and the owner told which line.

Disconnect gives back the file as it was before connect when nothing else wrote it since, and removes
what connect added (the file itself, the servers' key) when that holds nothing else (`record.py`);
otherwise it removes the `personakit` entry alone, and a key the owner wrote is never taken away.

The file as it was is kept beside it (`<file>.personakit-backup-<time>`, same mode), but for a file
disconnect removes, which held only what connect wrote; the new one replaces it in one rename, with the
same mode (a new file is private, 0600). A run that changes nothing writes nothing, backups included.

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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from personakit_plugin.core.hookspecs import Add, hookimpl
from personakit_plugin.core.model import EVERYTHING, View
from personakit_plugin.core.settings import RECALL_MODEL_ENV
from personakit_plugin.owner.console import (
    DATA_ENV,
    CommandError,
    UsageError,
    add_view_options,
    print_json,
    say,
    view_of,
)
from personakit_plugin.owner.hosts import json_edit, toml_edit
from personakit_plugin.owner.hosts import record as host_record
from personakit_plugin.owner.hosts.entry import (
    Asked,
    Settings,
    differences,
    entry_for,
    folder_of,
    folder_phrase,
    settings_of,
    settled,
)
from personakit_plugin.owner.hosts.table import HOSTS, JSONC, TOML, Host, app_config_home, host_files

__all__ = [
    "HOSTS",
    "ConfigError",
    "app_config_home",
    "connect",
    "disconnect",
    "host_files",
    "personakit_commands",
    "read_config",
]

NAME = "personakit"
"""The server's name in every host's configuration."""


# -- reading a host's file ------------------------------------------------------------------


class ConfigError(Exception):
    """A host's file that cannot be read or parsed; the message names the file and says why (a
    sentence without its end: the caller says what to do)."""


_PLAIN_WORDS = {
    "Expecting value": "a value is missing",
    "Expecting property name enclosed in double quotes": "a key is not in double quotes, or a comma is out of place",
    # Python 3.13 names what 3.11 and 3.12 call a missing key: said the same on every version.
    "Illegal trailing comma before end of object": "a key is not in double quotes, or a comma is out of place",
    "Illegal trailing comma before end of array": "a value is missing, or a comma is out of place",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing",
    "Extra data": "more text follows the end of the JSON",
    "Unterminated string starting at": "a string is not closed",
    "Invalid control character at": "a string holds a raw control character (a tab or a line break)",
    "Invalid \\escape": "a string holds a backslash that starts no escape",
}


def parse_config(text: str, where: str, format: str, title: str = "") -> Any:
    """A host file's value (an empty file is `{}`); a ConfigError naming `where` and the line when it is not
    valid JSON (with comments and trailing commas for JSONC) or TOML, as `title`, its host, reads it."""
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
    strict = error
    try:
        value = json.loads(json_edit.strip_jsonc(text)[0])
    except json.JSONDecodeError as exc:
        error = exc if format == JSONC else strict  # what the host itself stumbles on
    else:
        if format == JSONC:
            return value
        # Python 3.11 and 3.12 stop after a trailing comma, 3.13 at the comma itself.
        at = text[strict.pos :].lstrip(", \t\r\n")[:2]
        what = "a comment" if at in ("//", "/*") else "a trailing comma" if at[:1] in "}]" else "a comment"
        raise ConfigError(
            f"{where} has {what} at line {error.lineno}, which {title or 'its host'} does not accept in this file"
        ) from None
    said = _PLAIN_WORDS.get(error.msg, error.msg[:1].lower() + error.msg[1:])
    raise ConfigError(f"{where} is not valid JSON at line {error.lineno}, column {error.colno}: {said}") from None


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
    return raw, parse_config(text, where, format, title)


# -- the change -----------------------------------------------------------------------------


def server_entry(
    host: Host,
    executable: str,
    data_dir: Path | None,
    read_only: bool,
    view: View = EVERYTHING,
    recall_model: str | None = None,
) -> dict[str, Any]:
    """The new entry that starts PersonaKit over stdio with `executable`, as `host` wants it, seeing `view`,
    with the data folder and `recall_model` in its `env` when given."""
    folder = None if data_dir is None else str(data_dir)
    settings = Settings(read_only=read_only, view=view, data_dir=folder, recall_model=recall_model)
    return entry_for(host.typed, executable, None, settings)


@dataclass(frozen=True)
class Change:
    path: Path
    before: bytes
    """The file as it is (empty for a new one)."""
    after: bytes
    existed: bool
    replaced: bool
    """Whether a `personakit` entry was there already."""
    entry: object = None
    """The entry as the file holds it afterwards (None once it is removed)."""
    had_key: bool = True
    """Whether the file had the key that holds the servers."""
    removes: bool = False
    """Whether the file is removed (disconnect of a file connect made, unchanged since)."""

    @property
    def changed(self) -> bool:
        return self.before != self.after or self.removes


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


def _remove_json(text: str, host: Host, key_too: bool) -> str:
    """The text without the entry; and without the key that holds the servers too when `key_too`."""
    servers = json_edit.member(json_edit.parse(text), host.key)
    found = json_edit.member(servers.value, NAME) if servers else None
    assert servers is not None and found is not None
    text = json_edit.remove_member(text, servers.value, found)
    if key_too:
        root = json_edit.parse(text)
        key = json_edit.member(root, host.key)
        assert key is not None
        text = json_edit.remove_member(text, root, key)
    return text


def _edited(text: str, host: Host, old: object, entry: dict[str, Any] | None, key_too: bool = False) -> str:
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
    return _remove_json(text, host, key_too) if entry is None else _edit_json(text, host, old, entry)


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
    host: Host,
    path: Path,
    raw: bytes,
    expected: object,
    entry: dict[str, Any] | None,
    old: object,
    key_too: bool = False,
) -> bytes:
    """The file's new bytes, checked to read back as `expected`; a CommandError when they do not."""
    where = f"{host.title}'s configuration {path}"
    bom = codecs.BOM_UTF8 if raw.startswith(codecs.BOM_UTF8) else b""
    text = raw.decode("utf-8-sig")
    try:
        after = _edited(text, host, old, entry, key_too)
        same = parse_config(after, where, host.format, host.title) == expected
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


def plan(host: Host, path: Path, entry: dict[str, Any] | Callable[[object], dict[str, Any]]) -> Change:
    """What connecting `host` through its file at `path` would change, `entry` given or made from the entry
    already there; a CommandError, nothing changed, when the file cannot be read, parsed or changed in place."""
    raw, config, servers = _servers(host, path, "fix or move it, then run connect again")
    old = servers.get(NAME)
    new = _merged(old, entry(old) if callable(entry) else entry)
    if old == new:
        return Change(path, raw, raw, path.exists(), True, old)
    expected = copy.deepcopy(config)
    had_key = host.key in config
    expected.setdefault(host.key, {})[NAME] = new
    after = _rewritten(host, path, raw, expected, new, old)
    return Change(path, raw, after, path.exists(), old is not None, new, had_key)


def plan_removal(host: Host, path: Path, record: host_record.Record | None = None) -> Change:
    """What disconnecting `host` would change: nothing when its file has no `personakit` entry; the bytes of
    before connect when `record` says they are the way back (`host_record`); else the file without the entry,
    and without the servers' key connect added when that is left empty."""
    raw, config, servers = _servers(host, path, "fix or move it, then run disconnect again")
    if NAME not in servers:
        return Change(path, raw, raw, path.exists(), False)
    back = None if record is None else host_record.original(path, record, raw)
    if back is not None:
        return Change(path, raw, back, True, True, removes=record is not None and record.created)
    expected = copy.deepcopy(config)
    del expected[host.key][NAME]
    key_too = host.format != TOML and record is not None and record.added_key and not expected[host.key]
    if key_too or (host.format == TOML and not expected[host.key]):
        del expected[host.key]  # a TOML file names no `mcp_servers` table that holds nothing
    return Change(path, raw, _rewritten(host, path, raw, expected, None, servers[NAME], key_too), True, True)


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


def missing_folders(path: Path) -> list[Path]:
    """The folders above `path` that do not exist yet, innermost first."""
    missing = []
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def write(change: Change, now: float) -> Path | None:
    """Make the change: the backup first (when there was a file), then the new file in one rename. A
    symbolic link stays a link: the file it points to is the one replaced. A file that goes (`removes`)
    is removed, unless it changed since it was read; it needs no backup: connect made it, and it holds
    only what connect wrote. The backup's path, if any."""
    target = change.path.resolve() if change.path.is_symlink() else change.path
    try:
        if change.removes:
            if target.read_bytes() != change.before:
                raise CommandError(f"{change.path} changed while it was being written; run the command again.")
            target.unlink()
            return None
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
        raise UsageError(f"{name!r} is not a host PersonaKit knows; use {names}.")
    return host


def diff(change: Change) -> str:
    before = change.before.decode("utf-8-sig").splitlines(keepends=True)
    after = change.after.decode("utf-8-sig").splitlines(keepends=True)
    name = str(change.path)
    lines = difflib.unified_diff(
        before, after, name if change.existed else "/dev/null", "/dev/null" if change.removes else name
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines).rstrip("\n")


@dataclass
class Outcome:
    """What a connect or disconnect did: the lines to tell the owner, and the same for `--json`."""

    lines: list[str]
    report: dict[str, Any]

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines)

    def __getitem__(self, index: int) -> str:
        return self.lines[index]


def _kept_from_shell(name: str, before: Settings | None, new: Settings, asked: Asked) -> list[str]:
    """A word on this shell's `PERSONAKIT_DATA_DIR` when the entry keeps another data folder."""
    shell = asked.new_entry_data_dir
    if before is None or asked.data_dir is not None or shell is None or new.data_dir == shell:
        return []
    return [
        f"{DATA_ENV} names {shell} here, but the entry keeps {folder_phrase(new)}; "
        f"`personakit --data-dir {shlex.quote(shell)} connect {name}` changes it."
    ]


def _asked_of(
    data_dir: Path | None, read_only: bool, view: View, recall_model: str | None
) -> Asked:  # connect()'s shorthand: each option asks for what it gives
    return Asked(
        read_only=read_only or None,
        categories=view.categories,
        approved_only=view.approved_only or None,
        data_dir=None if data_dir is None else str(data_dir),
        recall_model=recall_model,
    )


def _report(
    host_key: str, change: Change, dry_run: bool, new: Settings, changed: list[str], kept: list[str]
) -> dict[str, Any]:
    """What `--json` prints."""
    return {
        "host": host_key,
        "file": str(change.path),
        "action": "unchanged" if not change.changed else "updated" if change.replaced else "added",
        "changed": change.changed,
        "dry_run": dry_run,
        "entry": change.entry if isinstance(change.entry, dict) else {},
        "data_dir": str(Path(new.data_dir).expanduser()) if new.data_dir else None,
        "folder": str(folder_of(new)),
        "read_only": new.read_only,
        "changes": changed,
        "kept": kept,
        "backup": None,
    }


def _what_it_starts(host: Host, entry: dict[str, Any], new: Settings, changed: list[str], kept: list[str]) -> list[str]:
    """What the entry starts, then what changed in it and what it kept."""
    args = entry["args"] if isinstance(entry.get("args"), list) else []
    starts = f"on {folder_phrase(new)}{', read-only' if new.read_only else ''}"
    lines = [f"It starts {shlex.join([str(entry.get('command')), *map(str, args)])} {starts}."]
    if new.recall_model is not None:
        lines[0] += f" Its recall model: {new.recall_model} ({RECALL_MODEL_ENV} in the entry's env)."
    if not new.view.everything:
        lines[0] += " " + new.view.sentence().replace("This connection", f"{host.title}", 1)
    if changed:
        lines.append("Changed: " + "; ".join(changed) + ".")
    if kept:
        lines.append("Kept from the entry: " + ", ".join(kept) + ".")
    return lines


def _note(change: Change, backup: Path | None, made: list[Path], record: host_record.Record | None) -> list[str]:
    """Note what connect added (or bring the note up to date); a line when the note cannot be kept."""
    if change.replaced:
        record = host_record.after_write(change.path, change.before, change.after, record)
    else:
        record = host_record.Record(
            created=not change.existed,
            added_key=not change.had_key,
            backup=None if backup is None else backup.name,
            before=host_record.digest(change.before),
            written=host_record.digest(change.after),
            folders=tuple(str(folder) for folder in made),
        )
    if record is None:
        return []
    try:
        host_record.save(change.path, record)
    except OSError as exc:
        return [
            f"What connect added cannot be noted in {host_record.where(change.path)} ({exc.strerror or exc}): "
            "disconnect will take out the entry alone."
        ]
    return []


def connect(
    name: str,
    *,
    asked: Asked | None = None,
    dry_run: bool,
    home: Path,
    environ: Mapping[str, str],
    platform: str = sys.platform,
    executable: str = sys.executable,
    now: float | None = None,
    data_dir: Path | None = None,
    read_only: bool = False,
    view: View = EVERYTHING,
    recall_model: str | None = None,
) -> Outcome:
    """Connect the host called `name`: its entry keeps what it says but what `asked` changes (its recall
    model already checked). Without `asked`, the other options ask for what they give: a data folder, a
    read-only entry, a view, a recall model (False, EVERYTHING and None ask for nothing)."""
    host = host_named(name)
    asked = asked or _asked_of(data_dir, read_only, view, recall_model)
    if not executable:
        raise CommandError(
            "Cannot tell which Python runs PersonaKit; run `python -m personakit_plugin connect` with its full path."
        )
    host_key, said = name.strip().casefold(), dict[str, Any]()

    def made_from(old: object) -> dict[str, Any]:
        said["before"] = before = settings_of(old)
        said["new"] = new = settled(before, asked)
        return entry_for(host.typed, os.path.abspath(executable), old, new)

    change = plan(host, host.locate(home, environ, platform), made_from)
    before, new = said["before"], said["new"]
    where = f"{host.title}'s configuration {change.path}"
    changed, kept = differences(before if change.replaced else None, new)
    report = _report(host_key, change, dry_run, new, changed, kept)
    shell = _kept_from_shell(host_key, before, new, asked)
    if not change.changed:
        nothing = "nothing would change" if dry_run else "nothing changed, nothing was written"
        starts = f"on {folder_phrase(new)}{', read-only' if new.read_only else ''}"
        return Outcome([f"{where} already starts PersonaKit this way, {starts}; {nothing}.", *shell], report)
    lines = [*_what_it_starts(host, report["entry"], new, changed, kept), *shell]
    if dry_run:
        report["diff"] = diff(change)
        return Outcome([diff(change), f"Nothing written (--dry-run). {lines[0]}", *lines[1:]], report)
    made = missing_folders(change.path)
    record = host_record.load(change.path) if change.replaced else None
    backup = write(change, time.time() if now is None else now)
    report["backup"] = None if backup is None else str(backup)
    verb = "Updated the personakit entry in" if change.replaced else "Added personakit to"
    lines.insert(0, f"{verb} {where}.")
    if made:
        lines.append(f"The folder {made[0]} did not exist, so it was made: is {host.title} installed?")
    if backup is not None:
        lines.append(f"The file as it was is kept in {backup}.")
    lines += _note(change, backup, made, record)
    lines.append(f"Next: {host.next_step}; then `personakit doctor` checks that it starts.")
    return Outcome(lines, report)


def disconnect(
    name: str,
    *,
    dry_run: bool,
    home: Path,
    environ: Mapping[str, str],
    platform: str = sys.platform,
    now: float | None = None,
) -> Outcome:
    """Take PersonaKit out of the host called `name`, and what connect added with it."""
    host = host_named(name)
    path = host.locate(home, environ, platform)
    record = host_record.load(path)
    change = plan_removal(host, path, record)
    where = f"{host.title}'s configuration {change.path}"
    report: dict[str, Any] = {"host": name.strip().casefold(), "file": str(change.path), "changed": change.changed}
    if not change.existed:
        return Outcome([f"{where} does not exist; nothing to remove."], report)
    if not change.changed:
        nothing = "nothing would change" if dry_run else "nothing changed"
        return Outcome([f"{where} has no personakit entry; {nothing}."], report)
    if change.removes:
        said = f"Removed {where}: connect made it, and nothing else was written in it since."
    elif record is not None and host_record.original(path, record, change.before) is not None:
        said = f"Removed personakit from {where}: it is byte for byte what it was before connect."
    else:
        said = f"Removed personakit from {where}."
    if dry_run:
        return Outcome([diff(change), f"Nothing written (--dry-run). {said}"], report)
    backup = write(change, time.time() if now is None else now)
    host_record.forget(change.path)
    if change.removes and record is not None:
        for folder in record.folders:  # the folders connect made for it, when nothing else is in them
            with contextlib.suppress(OSError):
                os.rmdir(folder)
    lines = [said]
    if backup is not None:
        lines.append(f"The file as it was is kept in {backup}.")
    lines.append(
        f"{host.title} no longer starts PersonaKit once it reads the file again; your memories stay in their folder."
    )
    return Outcome(lines, report)


def _asked(args: argparse.Namespace) -> Asked:
    """What the command line asks of the entry; the recall model checked (a mistyped host said first)."""
    model = None
    if args.recall_model is not None:
        from personakit_plugin.owner.commands.recall_model import checked

        host_named(args.host)  # a mistyped host is said before a model is loaded
        model, _ = checked(args.recall_model)
    for given, undo in (("--approved-only", "--with-unconfirmed"), ("--categories", "--all-categories")):
        if getattr(args, given[2:].replace("-", "_")) and getattr(args, undo[2:].replace("-", "_")):
            raise CommandError(f"{given} and {undo} undo each other; give one of them.")
    view = view_of(args)
    shell = os.environ.get(DATA_ENV)
    return Asked(
        read_only=args.read_only,
        categories=view.categories,
        every_category=args.all_categories,
        approved_only=args.approved_only or None if not args.with_unconfirmed else False,
        data_dir=str(Path(args.data_dir).expanduser().absolute()) if args.data_dir else None,
        recall_model=model,
        new_entry_data_dir=str(Path(shell).expanduser().absolute()) if shell else None,
    )


def _tell(outcome: Outcome, as_json: bool) -> None:
    if as_json:
        print_json(outcome.report)
        return
    for line in outcome.lines:
        say(line)


def cmd_connect(args: argparse.Namespace) -> None:
    outcome = connect(args.host, asked=_asked(args), dry_run=args.dry_run, home=Path.home(), environ=os.environ)
    _tell(outcome, args.json)


def cmd_disconnect(args: argparse.Namespace) -> None:
    _tell(disconnect(args.host, dry_run=args.dry_run, home=Path.home(), environ=os.environ), False)


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add `connect HOST` and `disconnect HOST` to the command line."""
    commands = (
        ("connect", cmd_connect, "Add PersonaKit to an MCP host's configuration, with this Python's full path"),
        ("disconnect", cmd_disconnect, "Remove PersonaKit's entry from an MCP host's configuration"),
    )
    for name, command, summary in commands:
        parser = add(name, command, f"{summary}, changing nothing else in it (a backup is kept).")
        parser.add_argument("host", metavar="HOST", help=", ".join(HOSTS))
        parser.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
        if name != "connect":
            continue
        parser.add_argument("--json", action="store_true", help="say what was done as one JSON object")
        access = parser.add_mutually_exclusive_group()
        access.add_argument(
            "--read-only", action="store_true", default=None, help="the host gets personakit_read alone"
        )
        access.add_argument(
            "--read-write",
            dest="read_only",
            action="store_false",
            help="the host gets personakit_propose again (an entry keeps --read-only until told)",
        )
        parser.add_argument(
            "--recall-model",
            metavar="MODEL",
            help="the recall plugin's model for this host alone, set in its entry's env "
            "(checked first; `personakit recall-model` chooses one for every host)",
        )
        add_view_options(parser)
        parser.add_argument(
            "--all-categories", action="store_true", help="undo --categories: the host sees every category"
        )
        parser.add_argument(
            "--with-unconfirmed",
            action="store_true",
            help="undo --approved-only: the host reads unconfirmed memories too",
        )
