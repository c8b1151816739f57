"""What `connect` added to a host's file, so that `disconnect` takes away that and nothing more.

When connect adds the `personakit` entry it keeps a small record beside the file
(`<file>.personakit-connect.json`, private): whether it made the file, whether it added the key that
holds the servers (`mcpServers`, say), the backup that holds the file as it was, and a digest of the
bytes it wrote. Each later connect that changes the entry brings the digest up to date, as long as
nobody else wrote the file in between.

Disconnect reads it. While the file is still byte for byte what connect last wrote, it gives back
the bytes of before connect (the backup, checked against its digest), or removes the file connect
made. Otherwise it takes the entry out and, when the servers' key it added is left empty, that key
too; a file that anything else wrote in is never removed. Without a record (an entry connected by an
older PersonaKit, or by hand) disconnect takes out the entry alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

SUFFIX = ".personakit-connect.json"


@dataclass(frozen=True)
class Record:
    created: bool
    """connect made the file."""
    added_key: bool
    """connect added the key that holds the servers."""
    backup: str | None
    """The name of the backup (beside the file) that holds the file as it was before connect; None when
    connect made it, or when someone else wrote the file since, so that those bytes are no longer
    the way back."""
    before: str
    """The digest of the file before connect (of nothing when it made it)."""
    written: str
    """The digest of what connect last wrote."""
    folders: tuple[str, ...] = ()
    """The folders connect made for the file, innermost first."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def where(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


_TYPES: dict[str, type | tuple[type, ...]] = {
    "created": bool,
    "added_key": bool,
    "backup": (str, type(None)),
    "before": str,
    "written": str,
}


def load(path: Path) -> Record | None:
    """The record kept for the host file at `path`; None when there is none, or none that reads as one. A
    backup it names is a file beside `path`, and the folders are those above `path`: nothing else."""
    try:
        value = json.loads(where(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(value, dict) or set(value) != {*_TYPES, "folders"}:
        return None
    if not all(isinstance(value[key], kind) for key, kind in _TYPES.items()):
        return None
    backup, folders = value["backup"], value["folders"]
    if backup is not None and (not backup or Path(backup).name != backup or backup in (".", "..")):
        return None
    above = {str(folder) for folder in path.parents}
    if not isinstance(folders, list) or not all(isinstance(f, str) and f in above for f in folders):
        return None
    return Record(**{**value, "folders": tuple(folders)})


def save(path: Path, record: Record) -> None:
    """Keep the record (private); an OSError when it cannot be written."""
    target = where(path)
    temporary = target.with_name(f".{target.name}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(asdict(record), file, indent=2)
        file.write("\n")
    os.replace(temporary, target)


def forget(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        where(path).unlink()


def after_write(path: Path, before: bytes, after: bytes, record: Record | None) -> Record | None:
    """The record once connect changed an entry that was there: the digest moves on when the file was
    what connect last wrote; otherwise the bytes of before connect are no longer the way back."""
    if record is None:
        return None
    if record.written == digest(before):
        return replace(record, written=digest(after))
    return replace(record, backup=None, written=digest(after))


def original(path: Path, record: Record, current: bytes) -> bytes | None:
    """The file's bytes before connect when the file is still what connect last wrote and its backup is
    intact (b"" when connect made the file); None when they cannot be given back."""
    if record.written != digest(current):
        return None
    if record.created:
        return b""
    if record.backup is None:
        return None
    try:
        kept = path.with_name(record.backup).read_bytes()
    except OSError:
        return None
    return kept if digest(kept) == record.before else None
