"""`personakit migrate --to NAME URL`: move the data folder's memory into another storage backend
(`data/migrate.py`), after checking that a plugin offers that backend."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.store import StoreError
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import CommandError, data_dir, say
from personakit_plugin.owner.display import printable


def _check_store_offered(name: str, folder: Path) -> None:
    """One sentence naming the backends the plugins offer when `name` is not one of them, before anything
    shows progress. A name that is not a backend name, or a folder with no memory to move, is left for
    `migrate` to say."""
    from personakit_plugin.owner.data.migrate import NAME, backends, unknown

    if not NAME.fullmatch(name) or not _has_memory_to_move(folder):
        return
    offered = backends(dict(os.environ))
    if name not in offered:
        raise CommandError(unknown(name, offered))


def _has_memory_to_move(folder: Path) -> bool:
    """Whether the data folder's own store, the SQLite one `migrate` moves from, holds anything, as the
    store says when opened only to be looked at (`Describes`); one it cannot open is left for migrate."""
    from personakit_plugin.storage.sqlite import SqliteStore

    try:
        store = SqliteStore.open(folder, look_only=True)
    except StoreError:
        return True
    try:
        return store.describe().exists
    except StoreError:
        return True
    finally:
        store.close()


def cmd_migrate(args: argparse.Namespace) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.data.migrate import migrate

    name, url = args.to
    folder = data_dir(args.data_dir)
    _check_store_offered(name, folder)
    with Progress("Migrating") as progress:
        target, backend, moved = migrate(folder, name, url, dict(os.environ), progress)
    say(f"Moved {moved.line()} from {folder} to {target.location}, and checked that all of it arrived.")
    if moved.proposers:
        say(f"Which connection proposed each memory came too ({moved.proposers:,} memories).")
    if moved.proposers_left:
        say(
            f"Which connection proposed each of {moved.proposers_left:,} memories stayed behind: that backend "
            "does not record it, so `--proposed-by` and the reviews' filter find none of them there."
        )
    say(
        f"Point your servers at it with {printable(backend.setting)}; "
        "the SQLite file is unchanged: remove it once you no longer need it."
    )


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add migrate to the command line."""
    migrating = add("migrate", cmd_migrate, "Move this data folder's memory into another storage backend.")
    migrating.add_argument(
        "--to",
        nargs=2,
        required=True,
        metavar=("NAME", "URL"),
        help="the backend (postgres, from personakit-store-postgres) and its connection string",
    )
