"""`personakit export [--out FILE]`: every memory with its history as JSON Lines (`data/transfer.py`), to
standard output whole or to a new private file."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import CommandError, OutputFailed, nothing_here, open_kit, say, writing_stdout
from personakit_plugin.owner.display import plural

EXPORT_CUT = (
    "The reader of standard output went away before it took the whole export, so the export is incomplete; "
    "it is no backup."
)


def _write_stdout(data: bytes) -> None:
    """Bytes to standard output as they are (UTF-8), or as text where stdout takes no bytes."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        buffer.write(data)
        buffer.flush()


def _export_to_stdout(data: bytes) -> None:
    """The export on standard output, whole, or `OutputFailed`: when it cannot be written, and when the
    reader of a pipe goes away before it took every byte (`| head -1`), whether the pipe had room for the
    whole export (`_taken_whole`) or not (a closed pipe)."""
    try:
        with writing_stdout("the export"):
            _write_stdout(data)
    except BrokenPipeError:
        raise OutputFailed(EXPORT_CUT) from None
    if not _taken_whole(sys.stdout):
        raise OutputFailed(EXPORT_CUT)


def _taken_whole(stdout: object) -> bool:
    """After the whole export went into standard output: when that is a pipe, wait until its reader has
    taken every byte (True) or has gone away with some unread (False). Elsewhere (a file, a terminal, a
    system that cannot say how many bytes wait in a pipe) True. A reader that took every byte before it
    went away had the whole export, whatever it kept of it (`head` reads a small export whole)."""
    try:
        import fcntl
        import select
        import stat
        import termios

        descriptor = stdout.fileno()  # type: ignore[attr-defined]
        if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return True
        poller = select.poll()
        poller.register(descriptor, 0)  # no event asked: a write end reports POLLERR once no reader is left
    except (ImportError, AttributeError, OSError, ValueError):
        return True

    def unread() -> int:
        return int.from_bytes(fcntl.ioctl(descriptor, termios.FIONREAD, bytes(4)), sys.byteorder, signed=True)

    try:
        while unread() > 0:
            if poller.poll(50):  # the reader went away: were the last bytes taken before it did?
                return unread() == 0
    except OSError:
        return True
    return True


def cmd_export(args: argparse.Namespace) -> None:
    from personakit_plugin.core.progress import Progress
    from personakit_plugin.owner.data.transfer import export_lines

    out = Path(args.out).expanduser() if args.out else None
    if out is not None:
        _check_out(out)
    kit = open_kit(args)
    try:
        with Progress("Exporting") as progress:
            lines = export_lines(kit.store, progress)
        if not lines and (nothing := nothing_here(args, kit, "nothing to export")):
            raise CommandError(nothing)
    finally:
        kit.close()
    if out is None:
        _export_to_stdout(b"".join(lines))
        return
    _write_private(out, b"".join(lines))
    say(f"Exported {plural(len(lines), 'memory')} to {out}.")


def _check_out(out: Path) -> None:
    """The export's file must be a new or a regular file in a folder that exists. A symbolic link
    is refused: the export would land wherever the link points, perhaps a file others can read or
    one the owner never meant to replace; the owner names the real file instead."""
    if not out.parent.is_dir():
        raise CommandError(f"The folder {out.parent} does not exist; create it or choose another --out file.")
    if out.is_symlink():
        raise CommandError(f"{out} is a symbolic link; give the path of the file itself, or a new file.")
    if out.exists() and not out.is_file():
        raise CommandError(f"{out} is not a regular file; choose another --out file.")


def _write_private(out: Path, data: bytes) -> None:
    """Write `data` to `out` as a file only the owner can read (see `write_private`)."""
    from personakit_plugin.core.private_file import write_private

    try:
        write_private(out, data)
    except OSError as exc:
        raise CommandError(f"{out} cannot be written ({exc.strerror or exc}).") from None


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add export to the command line."""
    export = add("export", cmd_export, "Write every memory with its history as JSON Lines.")
    export.add_argument("--out", metavar="FILE", help="write to FILE (created private) instead of standard output")
