"""What the SQLite store's check that its file is still at its path costs (`sqlite_faults.FileIdentity`).

    python benchmarks/file_check.py [--memories 10000] [--reads 3000] [--proposals 300]

The check is one `stat` of the database's path, once before a read is answered and twice a write
(before and after its commit). This builds a store of `--memories` in a temporary folder and, in one
process, times the check alone, then reads and proposals with the check and without it (the store's
`_file` set to None), alternating one with and one without so that the machine's noise falls on
both alike. Medians and 10th percentiles, in microseconds, go to stdout.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.storage.sqlite import SqliteStore


def timed(action: Callable[..., object], *args: object) -> float:
    start = time.perf_counter_ns()
    action(*args)
    return (time.perf_counter_ns() - start) / 1000


def line(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"{label:<28} median {statistics.median(ordered):9.1f} us   p10 {ordered[len(ordered) // 10]:9.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--reads", type=int, default=3_000)
    parser.add_argument("--proposals", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        kit = PersonaKit.open(Path(folder) / "data", environ={"PERSONAKIT_PLUGINS": ""})
        try:
            store = kit.store
            assert isinstance(store, SqliteStore)
            store.bulk_propose((f"Keeps topic{n}", f"said topic{n}", "other", 1.0) for n in range(args.memories))
            held = store._file
            assert held is not None
            print(line("the check alone", [timed(held.check) for _ in range(args.reads)]))
            samples: dict[str, list[float]] = {}
            for n in range(2 * max(args.reads, args.proposals)):
                on = n % 2 == 0
                store._file = held if on else None
                said = "with the check" if on else "without it"
                if n < 2 * args.reads:
                    question = f"topic{n % args.memories} please?"
                    samples.setdefault(f"read, {said}", []).append(timed(kit.read, question, 7))
                if n < 2 * args.proposals:
                    proposal = (f"A new memory number {n}", "q", "other")
                    samples.setdefault(f"propose, {said}", []).append(timed(kit.propose, *proposal))
            store._file = held
            for label in sorted(samples, key=lambda label: (label.startswith("propose"), label)):
                print(line(label, samples[label]))
        finally:
            kit.close()


if __name__ == "__main__":
    main()
