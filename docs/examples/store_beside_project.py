"""Keep the memory in a folder named by PERSONAKIT_PROJECT_DIR, else leave it to the default store."""

from pathlib import Path

from personakit_plugin import hookimpl
from personakit_plugin.core.store import Config
from personakit_plugin.storage.sqlite import SqliteStore


@hookimpl
def personakit_store(config: Config) -> SqliteStore | None:
    folder = config.environ.get("PERSONAKIT_PROJECT_DIR")
    return SqliteStore.open(Path(folder) / ".personakit") if folder else None
