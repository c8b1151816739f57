"""How many threads a transformer's arithmetic may use: as many as the cores this process may run on and
the machine has free, and only while it encodes.

numpy's BLAS (OpenBLAS, as numpy's wheels ship it) starts a thread a core of the machine and keeps them
spinning while they wait; on a laptop whose two cores are busy with other work, the threads only wait
for each other: all-MiniLM-L6-v2 read 23 memories in 2.0 to 2.5 s with one thread and in 4.6 to 22 s
with the default two, and a build on two shared cores under load ran ten times slower with two threads
than with one (`benchmarks/recall_encoders.py`). So an encoder asks `threads()` once a call: the cores
of the process's affinity mask (`os.sched_getaffinity`, which a container or `taskset` narrows), less
the ones the machine's load average says are busy already, at least one (ONNX Runtime, whose threads
are chosen once, also looks at what the machine does now: `threads(sample=True)`);
`PERSONAKIT_RECALL_THREADS` sets the number instead. The limit (`limited`) holds within the encoder's
call only and is undone after it: nothing is changed at import, nor for the rest of the process
(PersonaKit's own numpy, or a host that mounts PersonaKit, keep their threads).
"""

from __future__ import annotations

import os
import time
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


SAMPLE_SECONDS = 0.2
"""How long `busy_now` watches the machine: long enough for the kernel's counters (ticks of 10 ms) to
say something, short enough for a choice made once, at a model's first call with several groups of
texts."""


def threads(environ: dict[str, str] | None = None, sample: bool = False) -> int:
    """The threads an encoder's call may use now: `PERSONAKIT_RECALL_THREADS` when it is a positive
    whole number, else the available cores less those the last minute's load average keeps busy (a load
    of 1.6 on two cores leaves one), at least one and at most the available cores.

    With `sample` (a choice made once for a long while: how many groups of texts ONNX Runtime runs side by
    side, fixed at a model's first call with several), the cores busy are the fewer of the load average's
    and what other processes keep busy now (`busy_now`): the load average is a minute's memory, which
    counts this process's own work of a moment ago (an import, a store's build) and a burst that is over
    as busy, and gave a model's first build one thread on a machine with two free."""
    environ = dict(os.environ) if environ is None else environ
    cores = available_cores()
    chosen = environ.get(THREADS_ENV, "").strip()
    if chosen.isdigit() and int(chosen) > 0:
        return int(chosen)
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average (Windows): every available core
        return cores
    if sample:
        now = busy_now()
        if now is not None:
            busy = min(busy, now)
    total = max(1, os.cpu_count() or cores)
    free = total - round(busy)
    return max(1, min(cores, free))


def busy_now(seconds: float = SAMPLE_SECONDS) -> float | None:
    """The cores other processes kept busy over the next `seconds`: the machine's busy time
    (`/proc/stat`) less this process's own, a second of either a core; None where the system has no
    `/proc/stat` (macOS, Windows) or it cannot be read."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        busy_before, own_before, started = _busy_ticks(), time.process_time(), time.monotonic()
        time.sleep(seconds)
        busy_after, own_after, ended = _busy_ticks(), time.process_time(), time.monotonic()
    except (OSError, ValueError, AttributeError):
        return None
    elapsed = max(ended - started, 1e-3)
    others = (busy_after - busy_before) / ticks - (own_after - own_before)
    return max(0.0, others / elapsed)


def _busy_ticks() -> int:
    """The machine's time spent busy since it started, in clock ticks: every field of `/proc/stat`'s
    `cpu` line but idle and iowait (guest time is counted in user time already)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = stat.readline().split()
    if not fields or fields[0] != "cpu":
        raise ValueError("/proc/stat has no cpu line")
    numbers = [int(field) for field in fields[1:9]]  # user nice system idle iowait irq softirq steal
    return sum(numbers) - numbers[3] - numbers[4]


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
