"""Opens the default store: SQLite in the data folder."""

from __future__ import annotations

from .. import hookimpl
from ..sqlite_store import SqliteStore
from ..store import Config


@hookimpl(trylast=True)
def personakit_store(config: Config) -> SqliteStore:
    return SqliteStore.open(config.data_dir, create=config.create)
