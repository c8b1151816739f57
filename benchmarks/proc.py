"""What `/proc` says about a process: its parent and state, CPU time and peak memory (Linux only)."""

from __future__ import annotations

import os
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def stat(pid: int) -> list[str] | None:
    """The fields of `/proc/<pid>/stat` from the state on ([0] state, [1] ppid), or None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2 :].split()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, all its threads included; NaN if it is gone."""
    fields = stat(pid)
    if fields is None:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def peak_rss_mib(pid: int) -> float:
    """VmHWM, the peak resident set size, of a running process in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")
