"""Opens the default store: SQLite in the data folder."""

from __future__ import annotations

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.store import Config
from personakit_plugin.storage.sqlite import SqliteStore


@hookimpl(trylast=True)
def personakit_store(config: Config) -> SqliteStore:
    return SqliteStore.open(config.data_dir, create=config.create, look_only=config.look_only)
