"""A PersonaKit storage plugin: the memory in PostgreSQL, for several machines or people sharing one.

It opens the store when the owner gives a connection string, in `PERSONAKIT_POSTGRES_URL` or in the
file `postgres-url` in the data folder (readable by the owner alone, since it may hold a password);
otherwise it steps aside and the default SQLite store opens. `PERSONAKIT_POSTGRES_SCHEMA` names the
schema (default `personakit`), so one database can hold several separate memories.

It also declares the backend `postgres` (`personakit_backends`), the target of `personakit migrate --to
postgres URL`, which moves a data folder's SQLite memory into the database at URL.

The PostgreSQL driver is imported on first use (`PostgresStore`, or a hook that opens the store): the
owner's command line loads every plugin on each start, and `personakit --help` should not pay for it.
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from personakit_plugin import hookimpl
from personakit_plugin.backend import Backend, Config, StoreError

if TYPE_CHECKING:
    from .store import PostgresStore

__all__ = ["PostgresStore", "connection_string", "personakit_backends", "personakit_store"]

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


def __getattr__(name: str) -> Any:
    """`PostgresStore`, imported with the driver on first use."""
    if name == "PostgresStore":
        from .store import PostgresStore

        return PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _schema(config: Config) -> str:
    from .store import DEFAULT_SCHEMA

    return config.environ.get(SCHEMA_ENV, "").strip() or DEFAULT_SCHEMA


@hookimpl
def personakit_store(config: Config) -> PostgresStore | None:
    url = connection_string(config)
    if url is None:
        return None
    from .store import PostgresStore

    return PostgresStore.open(url, schema=_schema(config), look_only=config.look_only)


def _open_url(url: str, config: Config) -> PostgresStore:
    from .store import PostgresStore

    return PostgresStore.open(url, schema=_schema(config))


@hookimpl
def personakit_backends() -> list[Backend]:
    """`postgres`, for `personakit migrate --to postgres URL`; servers then use it with `PERSONAKIT_POSTGRES_URL`."""
    return [Backend("postgres", _open_url, URL_ENV)]
