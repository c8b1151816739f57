"""Terminals for the owner's commands: `Terminal`, a child process on a real pseudo-terminal (the one driver
every test that types keys or reads a terminal uses), `terminal_stream`, a pseudo-terminal in this
process, and `Screen`, a stream that only says it is one."""

from __future__ import annotations

import fcntl
import io
import os
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

TIMEOUT = 20.0
"""Seconds a test waits for text to appear, or for the child to exit."""
STREAMS = ("stdin", "stdout", "stderr")


def set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class Terminal:
    """A child process on a pseudo-terminal `columns` wide.

    The terminal is the child's controlling terminal (so Ctrl-C typed there is a real SIGINT) and stands
    for the streams named in `on`; the others are pipes (standard input: nothing). `expect` reads what the
    terminal shows; `communicate` collects the terminal and standard output until the child is done.
    """

    def __init__(
        self,
        args: Sequence[str | Path],
        env: dict[str, str],
        *,
        columns: int = 120,
        rows: int = 40,
        on: Sequence[str] = STREAMS,
    ) -> None:
        assert on and set(on) <= set(STREAMS), on
        self.master, slave = os.openpty()
        set_size(slave, columns, rows)
        self.modes = termios.tcgetattr(slave)
        stdin = slave if "stdin" in on else subprocess.DEVNULL
        stdout, stderr = (slave if name in on else subprocess.PIPE for name in STREAMS[1:])
        terminal_fd = next(fd for fd, name in enumerate(STREAMS) if name in on)

        def controlling_terminal() -> None:
            """In the child, in a session of its own: make the terminal its controlling terminal, as a login
            shell's terminal is, and let Ctrl-C stop it as it stops a command typed there (a test run as a
            background job starts with SIGINT ignored, which the child would otherwise inherit)."""
            fcntl.ioctl(terminal_fd, termios.TIOCSCTTY, 0)
            signal.signal(signal.SIGINT, signal.SIG_DFL)

        self.process = subprocess.Popen(
            [str(arg) for arg in args],
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            env=env,
            start_new_session=True,
            preexec_fn=controlling_terminal,
        )
        os.close(slave)
        self.output = ""
        self.mark = 0

    def _pump(self, deadline: float) -> bool:
        """Read what is there; False once the other side is closed."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, min(0.2, deadline - time.monotonic())))
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not data:
            return False
        self.output += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def expect(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait for `text` after what was already matched; what came before it."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.output.find(text, self.mark)
            if found >= 0:
                before = self.output[self.mark : found]
                self.mark = found + len(text)
                return before
            if time.monotonic() > deadline or not self._pump(deadline):
                raise AssertionError(f"{text!r} did not appear; the terminal shows:\n{self.output[self.mark :]}")

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait(self, timeout: float = TIMEOUT) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._pump(deadline)
        return self.process.wait(timeout=1)

    def stderr_line(self, timeout: float = TIMEOUT) -> str:
        """With stderr a pipe: the first line the child writes there."""
        assert self.process.stderr is not None
        ready, _, _ = select.select([self.process.stderr], [], [], timeout)
        assert ready, "nothing on stderr"
        return self.process.stderr.readline().decode()

    def communicate(self, timeout: float = 300.0) -> tuple[int, str]:
        """Read the terminal and, when it is a pipe, standard output until both are closed: the exit status
        and what reached standard output (what the terminal showed is in `output`)."""
        chunks: list[bytes] = []
        open_fds = {self.master: False}
        if self.process.stdout is not None:
            open_fds[self.process.stdout.fileno()] = True
        deadline = time.monotonic() + timeout
        while open_fds and time.monotonic() < deadline:
            ready, _, _ = select.select(list(open_fds), [], [], 1.0)
            for fd in ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the terminal's other end closed: the child has exited
                    chunk = b""
                if not chunk:
                    del open_fds[fd]
                elif open_fds[fd]:
                    chunks.append(chunk)
                else:
                    self.output += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.process.wait(timeout=30), b"".join(chunks).decode()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()
        os.close(self.master)


class TerminalStream:
    """A writable text stream on a pseudo-terminal of this process, and what reached its other side."""

    def __init__(self, stream: IO[str], master: int) -> None:
        self.stream = stream
        self._master = master

    def shown(self) -> str:
        """Everything written so far, as the terminal received it."""
        self.stream.flush()
        return os.read(self._master, 65536).decode()


@contextmanager
def terminal_stream(columns: int, rows: int = 24) -> Iterator[TerminalStream]:
    master, slave = os.openpty()
    set_size(slave, columns, rows)
    try:
        with open(slave, "w", closefd=False) as stream:
            yield TerminalStream(stream, master)
    finally:
        os.close(master)
        os.close(slave)


class Screen(io.StringIO):
    """A stream that says it is a terminal and keeps what was written to it."""

    def isatty(self) -> bool:
        return True


def review_environ(tmp_path: Path, columns: int = 120) -> dict[str, str]:
    """The environment a review in a pseudo-terminal runs in: its own home, a fixed size, UTF-8, xterm."""
    from ..conftest import clean_environ

    return clean_environ(
        HOME=str(tmp_path / "home"),
        COLUMNS=str(columns),
        LINES="40",
        PYTHONIOENCODING="utf-8",
        TERM="xterm",
    )
