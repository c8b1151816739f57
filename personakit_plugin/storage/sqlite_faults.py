"""What the machine does to the SQLite store, in the words every store uses (`core.store.StoreFault`), and
the space kept so that a reject goes through on a full disk.

SQLite says `database or disk is full`, `attempt to write a readonly database`, `database is locked` (once
the busy timeout has passed), `disk I/O error` or `unable to open database file`; `faults()` turns each into
its `StoreFault`, whose one sentence the tools give to the assistant and the command line to the owner.
A write that fails so is rolled back whole: nothing acknowledged before it is touched.

In WAL mode every write, a reject's delete too, appends pages to the write-ahead log, so on a disk with no
room left even a reject could not commit. The store keeps `RESERVE_BYTES` of its own in the data folder
(`data_folder.RESERVE_FILE`, random bytes, so that a compressing file system cannot shrink it) and gives
them up for an erasing decision that finds the disk full; it takes the room back once there is room again.

A file removed or replaced under an open connection is no error to SQLite: in WAL mode it goes on reading and
writing the removed file, which the next program to open the path never sees, and which is gone when the
connection closes (only then does SQLite look: it leaves the files now at the path alone). So the store
remembers which file it opened (`FileIdentity`: the device and inode of the path, taken before and after SQLite
opens it) and `FileIdentity.check` compares the path with it, one `stat` (a few microseconds), before a write
commits, after it commits and before a read is answered: a file or folder removed, moved away or replaced is
`StoreGone`, and nothing is acknowledged that the path does not hold.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from personakit_plugin.core.data_folder import RESERVE_FILE
from personakit_plugin.core.store import StoreBusy, StoreFault, StoreFull, StoreGone, StoreIOError, StoreReadOnly

RESERVE_BYTES = 256 * 1024
"""Room the store keeps for a reject on a full disk: a one-memory reject appends 13 to 30 pages of 4 KiB to the
write-ahead log, measured on stores of 20 to 20,000 memories, so this covers a few at once."""

FAULTS: dict[int, type[StoreFault]] = {
    sqlite3.SQLITE_FULL: StoreFull,
    sqlite3.SQLITE_READONLY: StoreReadOnly,
    sqlite3.SQLITE_BUSY: StoreBusy,
    sqlite3.SQLITE_LOCKED: StoreBusy,
    sqlite3.SQLITE_IOERR: StoreIOError,
    sqlite3.SQLITE_CANTOPEN: StoreGone,
}
"""SQLite's primary result codes (the low byte of an extended one) and the fault each is."""
EXTENDED_FAULTS: dict[int, type[StoreFault]] = {
    sqlite3.SQLITE_READONLY_DBMOVED: StoreGone,  # the file was renamed or removed under the store
}
"""Extended result codes whose fault is not their primary code's."""


def fault_of(exc: sqlite3.Error) -> StoreFault | None:
    """The fault an SQLite error is, or None when it is not one of the machine's (a bug, a damaged file)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if not isinstance(code, int):
        return None
    kind = EXTENDED_FAULTS.get(code) or FAULTS.get(code & 0xFF)
    return kind() if kind is not None else None


def is_busy(exc: sqlite3.Error) -> bool:
    return isinstance(fault_of(exc), StoreBusy)


@contextlib.contextmanager
def faults() -> Iterator[None]:
    """Raise the `StoreFault` an SQLite error inside is; any other error goes on as it was."""
    try:
        yield
    except sqlite3.Error as exc:
        fault = fault_of(exc)
        if fault is None:
            raise
        raise fault from None


class FileIdentity:
    """The file the store's connection holds, by device and inode: while the connection keeps it open, no
    other file can take its inode, so a path that still names this inode names the same file."""

    __slots__ = ("device", "inode", "path")

    def __init__(self, path: Path) -> None:
        self.path = path
        self.device, self.inode = self._at(path)

    @staticmethod
    def _at(path: Path) -> tuple[int, int]:
        try:
            found = os.stat(path)
        except OSError as exc:  # removed, a folder above it removed or made inaccessible; or the disk failed
            raise (StoreIOError() if exc.errno == errno.EIO else StoreGone()) from None
        return found.st_dev, found.st_ino

    def check(self) -> None:
        """Raise `StoreGone` unless the path still names the file the connection opened."""
        if self._at(self.path) != (self.device, self.inode):
            raise StoreGone()


def keep_reserve(folder: Path) -> None:
    """Make the reserve when it is missing or short and the disk has the room; without the room (or on a
    disk that fails the write), go on without it: it is made at a later opening."""
    path = folder / RESERVE_FILE
    with contextlib.suppress(OSError):
        if path.stat().st_size >= RESERVE_BYTES:
            return
    spare = folder / f".{RESERVE_FILE}.{os.getpid()}"
    try:
        descriptor = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(os.urandom(RESERVE_BYTES))
            file.flush()
            os.fsync(file.fileno())
        os.replace(spare, path)
    except OSError:  # no room, a read-only disk, an I/O error: the store works without it meanwhile
        with contextlib.suppress(OSError):
            spare.unlink()


def release_reserve(folder: Path) -> bool:
    """Give the reserve's room back to the disk; True when there was one to give."""
    try:
        (folder / RESERVE_FILE).unlink()
    except OSError:
        return False
    return True
