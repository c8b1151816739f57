"""A PersonaKit storage plugin: the memory in PostgreSQL, for several machines or people sharing one.

It opens the store when the owner gives a connection string, in `PERSONAKIT_POSTGRES_URL` or in the
file `postgres-url` in the data folder (readable by the owner alone, since it may hold a password);
otherwise it steps aside and the default SQLite store opens. `PERSONAKIT_POSTGRES_SCHEMA` names the
schema (default `personakit`), so one database can hold several separate memories.
"""

from __future__ import annotations

import stat
from pathlib import Path

from personakit_plugin import hookimpl
from personakit_plugin.backend import Config, StoreError

from .store import DEFAULT_SCHEMA, PostgresStore

__all__ = ["PostgresStore", "connection_string", "personakit_store"]

URL_ENV = "PERSONAKIT_POSTGRES_URL"
SCHEMA_ENV = "PERSONAKIT_POSTGRES_SCHEMA"
URL_FILE = "postgres-url"


def connection_string(config: Config) -> str | None:
    """The connection string the owner configured, or None: the environment first, then the file."""
    url = config.environ.get(URL_ENV, "").strip()
    if url:
        return url
    path = Path(config.data_dir) / URL_FILE
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError(f"{path} cannot be read ({exc}); fix it or remove it to use the SQLite store.") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise StoreError(f"{path} may hold a password but others can read it; run `chmod 600 {path}`.")
    if not text:
        raise StoreError(f"{path} is empty; write the PostgreSQL connection string in it, or remove it.")
    return text


@hookimpl
def personakit_store(config: Config) -> PostgresStore | None:
    url = connection_string(config)
    if url is None:
        return None
    schema = config.environ.get(SCHEMA_ENV, "").strip() or DEFAULT_SCHEMA
    return PostgresStore.open(url, schema=schema, look_only=config.look_only)
