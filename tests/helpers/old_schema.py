"""Data folders as older PersonaKit releases left them, written with plain SQLite, for the migration tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from personakit_plugin.core.words import content_words, legacy_memory_id
from personakit_plugin.storage import sqlite as sqlite_store
from personakit_plugin.storage.sqlite import FILE_NAME

ROWS = [
    ("Drinks green tea every morning", "approved", 10.0, 12.0, ["I drink green tea", "tea again"]),
    ("Green tea gives them headaches", "restricted", 11.0, 13.0, ["tea hurts"]),
    ("Takes notes in meetings", "unconfirmed", 12.0, 12.0, ["my notes"]),
    ("Had a secret tea garden", "rejected", 13.0, 14.0, []),
    ("Prefers coffee to tea", "unconfirmed", 14.0, 15.0, ["coffee"]),
]
"""(text, state, created, touched, quotes) of the memories an old file holds."""


def write_old_file(
    folder: Path,
    version: int,
    rows: list[tuple[str, str, float, float, list[str]]] = ROWS,
    previous_texts: list[tuple[str, int, str]] | None = None,
) -> None:
    """A data folder at schema `version` (1 to 3), its memories, words in the clear and, when
    `previous_texts` is given, that table with those (memory id, decision seq, text) rows."""
    folder.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    for migration in sqlite_store.MIGRATIONS[:version]:
        assert isinstance(migration, str), "only the SQL migrations of the old releases are written here"
        for statement in sqlite_store._statements(migration):
            db.execute(statement)
    for text, state, created, touched, quotes in rows:
        key = legacy_memory_id(text)
        kept = state != "rejected"
        db.execute(
            "INSERT INTO memories (id, text, category, state, created, touched, approved_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, text if kept else None, "other", state, created, touched, touched if state == "approved" else 0),
        )
        db.execute("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", (key, key))
        db.executemany(
            "INSERT INTO quotes (memory_id, seq, quote) VALUES (?, ?, ?)",
            [(key, n, q) for n, q in enumerate(quotes, start=1)],
        )
        if kept:
            db.executemany("INSERT INTO words (word, memory_id) VALUES (?, ?)", [(w, key) for w in content_words(text)])
        db.execute(
            "INSERT INTO decisions (memory_id, action, before, after, at) VALUES (?, 'approve', 'unconfirmed', ?, ?)",
            (key, state, touched),
        )
    if previous_texts is not None:
        db.execute(
            "CREATE TABLE IF NOT EXISTS previous_texts (memory_id TEXT NOT NULL, seq INTEGER NOT NULL, "
            "text TEXT NOT NULL, PRIMARY KEY (memory_id, seq)) WITHOUT ROWID"
        )
        db.executemany("INSERT INTO previous_texts (memory_id, seq, text) VALUES (?, ?, ?)", previous_texts)
    elif version >= 3:
        db.execute("DELETE FROM previous_texts")
    db.execute(f"PRAGMA user_version = {version}")
    db.close()
