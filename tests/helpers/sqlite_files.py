"""SQLite files as other programs leave them, written with plain SQLite beside the store's connection."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path


def raw(path: Path) -> sqlite3.Connection:
    """A plain SQLite connection beside the store's, for looking at (or making) what is on disk."""
    return sqlite3.connect(path, isolation_level=None)


def foreign(journal_mode: str, user_version: int, *, folder_mode: int | None = None) -> Callable[[Path], None]:
    """A maker of another program's SQLite file at a path (in a new folder of `folder_mode`, if given):
    a table of invoices, in `journal_mode`, claiming `user_version`."""

    def make(path: Path) -> None:
        if folder_mode is not None:
            path.parent.mkdir(mode=folder_mode)
        db = raw(path)
        db.execute(f"PRAGMA journal_mode = {journal_mode}")
        db.execute("CREATE TABLE invoices (number INTEGER PRIMARY KEY, amount REAL)")
        db.execute("INSERT INTO invoices VALUES (1, 12.5)")
        db.execute(f"PRAGMA user_version = {user_version}")
        db.close()

    return make
