"""Keep the memory in a folder named by PERSONAKIT_PROJECT_DIR, else leave it to the default store."""

from pathlib import Path

from personakit_plugin import hookimpl
from personakit_plugin.backend import Config, SqliteStore


@hookimpl
def personakit_store(config: Config) -> SqliteStore | None:
    folder = config.environ.get("PERSONAKIT_PROJECT_DIR")
    return SqliteStore.open(Path(folder) / ".personakit") if folder else None
