"""Writing a file only the owner can read, all at once."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` as a file only the owner can read (0600), whatever was there before.

    The bytes go to a new file in the same folder, private before its first byte, flushed to disk,
    then renamed over `path`: a reader sees the old file or the new one, never half of it, and a
    rename replaces a symbolic link itself, never the file it points to. Raises `OSError` (the
    temporary file removed) for the caller to say in its own words."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            os.fchmod(file.fileno(), 0o600)  # mkstemp makes it 0600 already; say so where it matters
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
