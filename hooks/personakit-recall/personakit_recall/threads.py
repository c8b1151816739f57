"""How many threads a transformer's arithmetic may use: as many as the cores this process may run on and
the machine has free, and only while it encodes.

numpy's BLAS (OpenBLAS, as numpy's wheels ship it) starts a thread a core of the machine and keeps them
spinning while they wait; on a laptop whose two cores are busy with other work, the threads only wait
for each other: all-MiniLM-L6-v2 read 23 memories in 2.0 to 2.5 s with one thread and in 4.6 to 22 s
with the default two, and a build on two shared cores under load ran ten times slower with two threads
than with one (`benchmarks/recall_encoders.py`). So an encoder asks `threads()` once a call: the cores
of the process's affinity mask (`os.sched_getaffinity`, which a container or `taskset` narrows), less
the ones the machine's load average says are busy already, at least one; `PERSONAKIT_RECALL_THREADS`
sets the number instead. The limit (`limited`) holds within the encoder's call only and is undone
after it: nothing is changed at import, nor for the rest of the process (PersonaKit's own numpy, or a
host that mounts PersonaKit, keep their threads).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

THREADS_ENV = "PERSONAKIT_RECALL_THREADS"

_controller: Any = None


def available_cores() -> int:
    """The cores this process may run on: its affinity mask where the system has one, else the count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def threads(environ: dict[str, str] | None = None) -> int:
    """The threads an encoder's call may use now: `PERSONAKIT_RECALL_THREADS` when it is a positive
    whole number, else the available cores less those the last minute's load average keeps busy (a load
    of 1.6 on two cores leaves one), at least one and at most the available cores."""
    environ = dict(os.environ) if environ is None else environ
    cores = available_cores()
    chosen = environ.get(THREADS_ENV, "").strip()
    if chosen.isdigit() and int(chosen) > 0:
        return int(chosen)
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average (Windows): every available core
        return cores
    total = max(1, os.cpu_count() or cores)
    free = total - round(busy)
    return max(1, min(cores, free))


@contextmanager
def limited(count: int | None = None) -> Iterator[int]:
    """Within the block, BLAS (numpy's, and any other loaded library's) uses at most `count` threads
    (`threads()` when None); after it, what it used before. With `threadpoolctl` installed (a dependency
    of this plugin); without it, nothing is limited."""
    global _controller
    count = threads() if count is None else count
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        yield count
        return
    if _controller is None:  # finding the loaded libraries costs about a millisecond: once a process
        _controller = ThreadpoolController()
    with _controller.limit(limits=count, user_api="blas"):
        yield count
