"""The data folder: where it is (`PERSONAKIT_DATA_DIR`, else the platform's user data folder), what
PersonaKit keeps in it, and that it is the owner's alone.

The command line adds `--data-dir` in front (`owner/console.py`); a host that mounts PersonaKit into
its own MCP server calls `default_data_dir()` to find the folder `personakit serve` would use.

Every opening of the folder (the SQLite store's, the HTTP token's) first calls `make_private`: what the
owner owns loses the permissions of group and other users, and what another user owns, or a link
where PersonaKit keeps a file, is refused in one sentence. `personakit doctor` reports the same
findings (`exposures`) without changing anything.
"""

from __future__ import annotations

import os
import stat
import warnings
from collections.abc import Mapping
from pathlib import Path

import msgspec

from personakit_plugin.core.store import StoreError

DATA_ENV = "PERSONAKIT_DATA_DIR"
APP_NAME = "personakit"


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder `personakit serve` uses when no `--data-dir` is given: `PERSONAKIT_DATA_DIR` (from
    `environ`, the process's environment by default), else `platformdirs.user_data_dir("personakit")`."""
    chosen = (os.environ if environ is None else environ).get(DATA_ENV)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


# -- the folder is the owner's alone ---------------------------------------------------------------

DATABASE_FILE = "personakit.sqlite3"
TOKEN_FILE = "http-token"
RESERVE_FILE = "personakit.reserve"
SETTINGS_FILE = "settings.json"
KEPT_FILES = (
    DATABASE_FILE,
    f"{DATABASE_FILE}-wal",
    f"{DATABASE_FILE}-shm",
    f"{DATABASE_FILE}-journal",
    RESERVE_FILE,
    TOKEN_FILE,
    SETTINGS_FILE,
)
"""The files PersonaKit keeps in the data folder: the SQLite database and the files SQLite keeps beside
it, the space kept for a reject on a full disk (`storage.sqlite`), the HTTP bearer token, the owner's
settings (`core.settings`)."""


class FolderTightened(UserWarning):
    """PersonaKit took away what other users could do to the data folder or a file in it."""


class NotTheOwners(StoreError):
    """The data folder, or a file PersonaKit keeps in it, is not the owner's to use; nothing was changed."""


class Exposure(msgspec.Struct, frozen=True):
    """Something in the data folder that is not the owner's alone."""

    path: Path
    sentence: str
    """What is wrong and what to do, in one sentence."""
    mode: int | None = None
    """For what the owner owns but others may read or change: its mode, which tightening keeps to the owner's bits."""

    @property
    def tightens(self) -> bool:
        return self.mode is not None


def exposures(folder: Path) -> list[Exposure]:
    """What in `folder` is not the owner's alone: refused (another user owns it, or a file is a link, so its
    writes could land elsewhere) or, when the owner owns it, open to other users (`mode` set). Nothing is
    changed; a folder that does not exist has none, and on a system without POSIX owners neither has any."""
    if os.name != "posix":
        return []
    try:
        link = folder.lstat()
    except OSError:  # absent (or out of reach): made, or refused, when it is opened
        return []
    me = os.geteuid()
    if stat.S_ISLNK(link.st_mode) and link.st_uid not in (me, 0):
        return [
            Exposure(
                folder,
                f"The data folder {folder} is a link made by {_user(link.st_uid)}, who could point it elsewhere "
                "at any time; choose a folder of your own with --data-dir or PERSONAKIT_DATA_DIR.",
            )
        ]
    try:
        found = folder.stat()
    except OSError:  # a link to nothing: opening it says so
        return []
    if not stat.S_ISDIR(found.st_mode):
        return []  # not a folder at all: opening it says so
    if found.st_uid != me:
        return [
            Exposure(
                folder,
                f"The data folder {folder} belongs to {_user(found.st_uid)}, not to you, and PersonaKit keeps a "
                f"memory only in a folder of your own; run it as {_user(found.st_uid)}, or choose another folder "
                "with --data-dir or PERSONAKIT_DATA_DIR.",
            )
        ]
    seen = []
    if found.st_mode & 0o077:
        seen.append(Exposure(folder, _open_sentence(folder, "data folder", found.st_mode), found.st_mode))
    for name in KEPT_FILES:
        seen += _file_exposures(folder / name, me)
    return seen


def _file_exposures(path: Path, me: int) -> list[Exposure]:
    try:
        found = path.lstat()
    except OSError:  # absent, or the folder cannot be searched: opening it says so
        return []
    if stat.S_ISLNK(found.st_mode):
        return [
            Exposure(
                path,
                f"{path} is a link, and PersonaKit follows no link inside its data folder (what it writes there "
                "could land in another file); put the file itself in its place, or move the link aside.",
            )
        ]
    if not stat.S_ISREG(found.st_mode):
        return [
            Exposure(path, f"{path} is not a file, where PersonaKit keeps one; move it aside (out of the data folder).")
        ]
    if found.st_uid != me:
        return [
            Exposure(
                path,
                f"{path} belongs to {_user(found.st_uid)}, not to you, so PersonaKit will not use it; if it is "
                f"yours, take it back (`sudo chown {_user(me)} {path}`), else move it out of the data folder.",
            )
        ]
    if found.st_mode & 0o077:
        return [Exposure(path, _open_sentence(path, "file", found.st_mode), found.st_mode)]
    return []


def _open_sentence(path: Path, what: str, mode: int) -> str:
    private = stat.S_IMODE(mode) & 0o700
    return (
        f"The {what} {path} can be read or changed by other users (mode {stat.S_IMODE(mode):04o}); "
        f"the next PersonaKit command makes it yours alone, or run `chmod {private:o} {path}`."
    )


def _user(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"the user with id {uid}"


def make_private(folder: Path) -> None:
    """Make the data folder and the files PersonaKit keeps in it the owner's alone, before anything in it
    is read or written: group and other users lose every permission on what the owner owns (said once, as
    a `FolderTightened` warning), and a folder or file another user owns, or a link, is refused with
    `NotTheOwners`, changing nothing. A folder that does not exist is left to be made."""
    found = exposures(folder)
    refused = [exposure for exposure in found if not exposure.tightens]
    if refused:
        raise NotTheOwners(refused[0].sentence)
    changes = []
    for exposure in found:
        before = stat.S_IMODE(exposure.mode or 0)
        try:
            os.chmod(exposure.path, before & 0o700)
        except OSError as exc:  # a read-only disk, say: it stays open to others, so it is not used
            raise NotTheOwners(
                f"{exposure.path} can be read or changed by other users (mode {before:04o}) and PersonaKit cannot "
                f"change that ({exc.strerror}); make it yours alone (`chmod {before & 0o700:o} {exposure.path}`)."
            ) from None
        changes.append(f"{exposure.path.name} ({before:04o} -> {before & 0o700:04o})")
    if changes:
        listed = ", ".join(changes)
        warnings.warn(
            f"Other users could read or change the data folder {folder}; PersonaKit made it yours alone: {listed}.",
            FolderTightened,
            stacklevel=2,
        )
