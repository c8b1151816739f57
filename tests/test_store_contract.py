"""The default SQLite store passes the store contract suite that every backend must pass."""

from pathlib import Path

from personakit_plugin.storage.sqlite import SqliteStore
from personakit_plugin.testing import StoreContract


class TestSqliteStore(StoreContract):
    def open_store(self, where: Path) -> SqliteStore:
        return SqliteStore.open(where)
