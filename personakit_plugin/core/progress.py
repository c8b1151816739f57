"""The progress of long work, for the owner watching a terminal: a count and a rate on stderr.

`Progress` draws one line, redrawn in place (a carriage return, never a new line) at most four
times a second, and ends it with a final line saying how many were done, in how long, at what rate.
Quick work shows nothing: the first line is drawn only once the work has run for `DELAY` seconds
(`PERSONAKIT_PROGRESS_AFTER` sets another), so a small export or import leaves the terminal as it was.
When stderr is not a terminal (a pipe, a file, an MCP host's log) nothing at all is written, so
scripts and logs see only the commands' own output. Nothing ever goes to stdout, which may be an
export or, for the server, the protocol's wire.

Ctrl-C takes the line off the screen and writes no final line: how many items were counted says
nothing of what the stopped work kept (an import is one transaction, rolled back), so the command
says that itself.

Work done in one call that cannot report as it goes (a store's `restore`, a `dump`) runs inside
`Progress.waiting`: a timer thread redraws the line, saying what is being done and the time so far,
until the call returns.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TextIO

INTERVAL = 0.25
"""Seconds between two drawings of the line: four a second at most."""
DELAY = 0.5
"""Seconds of work before anything is drawn."""
DELAY_ENV = "PERSONAKIT_PROGRESS_AFTER"


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get(DELAY_ENV, DELAY)))
    except ValueError:
        return DELAY


def is_terminal(stream: TextIO) -> bool:
    try:
        return not stream.closed and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def duration(seconds: float) -> str:
    """A duration as a person reads it: 0.4 s, 12.3 s, 2 min 5 s."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


def rate(count: int, seconds: float) -> str:
    """So many a second, to two or three significant figures."""
    per_second = count / seconds if seconds > 0 else 0.0
    return f"{per_second:,.0f}/s" if per_second >= 10 or per_second == 0 else f"{per_second:.1f}/s"


class Progress:
    """One piece of long work counted on a terminal's stderr; see the module's docstring.

    Use it as a context manager: `advance` as items are done, `waiting` around a call that cannot
    report; leaving the block writes the final line (if anything was drawn). `count` is the number
    of items the work is about, which the final line and the rate are of."""

    @classmethod
    def silent(cls) -> Progress:
        """One that never draws, for callers that want no progress."""
        quiet = cls("", delay=0.0)
        quiet.shown = False
        return quiet

    def __init__(
        self,
        label: str,
        *,
        total: int | None = None,
        noun: str = "memories",
        one: str = "memory",
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        delay: float | None = None,
    ) -> None:
        self.label = label
        self.total = total
        self.count = 0
        self._nouns = (one, noun)
        self._stream = sys.stderr if stream is None else stream
        self.shown = is_terminal(self._stream)
        self._clock = clock
        self._delay = _delay() if delay is None else delay
        self._started = clock()
        self._next = self._started + self._delay
        self._drawn = 0  # the width of the line on screen; 0 when none is
        self._lock = threading.Lock()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.clear()  # how many were counted says nothing of what was kept: the command says that
            return
        self.done(stopped=kind is not None)

    def noun(self, count: int) -> str:
        return self._nouns[0] if count == 1 else self._nouns[1]

    def advance(self, step: int = 1) -> None:
        """`step` more items done; the line is redrawn when it is due."""
        self.count += step
        if self.shown and self._clock() >= self._next:
            self._draw(self._line())

    @contextmanager
    def waiting(self, doing: str) -> Iterator[None]:
        """Around one call that cannot report as it goes: the line says what it is `doing` and the
        time so far, redrawn by a timer thread until the call returns."""
        if not self.shown:
            yield
            return
        stop = threading.Event()
        ticker = threading.Thread(target=self._tick, args=(stop, doing), name="personakit-progress", daemon=True)
        ticker.start()
        try:
            yield
        finally:
            stop.set()
            ticker.join()

    def _tick(self, stop: threading.Event, doing: str) -> None:
        while not stop.wait(max(0.0, min(INTERVAL, self._next - self._clock()))):
            if self._clock() >= self._next:
                self._draw(f"{self.label}: {doing}, {duration(self._clock() - self._started)} so far")

    def _line(self) -> str:
        seconds = self._clock() - self._started
        of = f" of {self.total:,}" if self.total is not None else ""
        return f"{self.label}: {self.count:,}{of} {self.noun(self.total or self.count)} ({rate(self.count, seconds)})"

    def _draw(self, line: str) -> None:
        """Write `line` over the one on screen, cut to the terminal's width so that it never wraps
        (a carriage return only goes back to the start of the last row)."""
        with self._lock:
            line = line[: max(20, self._width() - 1)]
            self._drawn = max(self._drawn, len(line))  # first: a drawing Ctrl-C cuts short is still cleared
            self._write("\r" + line.ljust(self._drawn))
            self._drawn = len(line)
            self._next = self._clock() + INTERVAL

    def _width(self) -> int:
        try:
            return os.get_terminal_size(self._stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            return 80

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):  # the terminal went away: the work goes on without it
            self.shown = False

    def clear(self) -> None:
        """Take the line off the screen, leaving no final line (the owner pressed Ctrl-C)."""
        if not self.shown or not self._drawn:
            return
        with self._lock:
            self._write("\r" + " " * self._drawn + "\r")
            self._drawn = 0

    def done(self, *, stopped: bool = False) -> None:
        """End the line with the final one: how many, in how long, at what rate. Nothing when nothing was drawn."""
        if not self.shown or not self._drawn:
            return
        seconds = self._clock() - self._started
        said = f"{self.count:,} {self.noun(self.count)} in {duration(seconds)} ({rate(self.count, seconds)})"
        final = f"{self.label}: stopped after {said}." if stopped else f"{self.label}: {said}."
        with self._lock:
            self._write("\r" + " " * self._drawn + "\r" + final + "\n")  # cleared first: no trailing blanks
            self._drawn = 0
