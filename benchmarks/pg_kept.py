"""What a recall build asks of the PostgreSQL store, timed: pages of documents, the documents of some ids,
lookups and writes of kept vectors (`hooks/personakit-store-postgres/tests/test_postgres_plans.py` checks
the rows their plans examine; this prints how long they take).

    python benchmarks/pg_kept.py [--sizes 3000,30000] [--repeat 30]

For each size, a throwaway PostgreSQL database is filled with that many memories (80% approved, 15%
waiting, 5% rejected; a sentence of text and one quote each), a kept row of 388 bytes (a vector of 384
dimensions) of two kinds for each readable memory, and analysed. Then each call is made `--repeat`
times in turns, on the store's own pooled connections (so psycopg prepares the statements after their
fifth run, as a build's would be), and the median milliseconds of each are printed, with the whole
paging of a build (every page of 2,048 and the lookup of its kept rows) once at the end. Figures, not
assertions; the process's and the server's CPU are shared with whatever else runs.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable

import psycopg
from personakit_store_postgres import PostgresStore, throwaway
from psycopg.conninfo import conninfo_to_dict

from personakit_plugin import CATEGORIES
from personakit_plugin.backend import ExportedMemory
from personakit_plugin.testing import id_of

KIND, OTHER = "recall: a vector", "recall: another model"
VECTOR = 388
PAGE = 2_048  # personakit_recall.PAGE and index.CHUNK


def record(store: PostgresStore, n: int) -> ExportedMemory:
    text = f"Memory {n} mentions marker{n}, the team's shared topics and what was decided about them this week"
    state = "rejected" if n % 20 == 0 else "unconfirmed" if n % 20 < 4 else "approved"
    if state == "rejected":
        return ExportedMemory(id=id_of(store, text), state=state)
    return ExportedMemory(
        id=id_of(store, text),
        state=state,
        text=text,
        category=CATEGORIES[n % len(CATEGORIES)],
        quotes=(f"I said that marker{n} is what we settled on, after a long talk about the shared topics",),
        created=float(n),
        touched=float(n),
        approved_at=float(n) if state == "approved" else None,
    )


def median_ms(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def build(store: PostgresStore) -> tuple[float, int]:
    """The store's side of a recall build: every page, and the kept rows of each; seconds and pages."""
    start, after, pages = time.perf_counter(), None, 0
    while True:
        page = store.documents(None, after=after, limit=PAGE)
        if not page:
            return time.perf_counter() - start, pages
        store.derived(KIND, [document.id for document in page])
        after, pages = page[-1].id, pages + 1


def measure(cluster: throwaway.Cluster, size: int, repeat: int) -> None:
    url = cluster.create_database()
    store = PostgresStore.open(url)
    try:
        started = time.perf_counter()
        records = [record(store, n) for n in range(size)]
        store.restore(records)
        readable = sorted(r.id for r in records if r.state != "rejected")
        cursor = store.changes(None).cursor
        for kind, start in itertools.product((KIND, OTHER), range(0, len(readable), 5_000)):
            store.keep_derived(kind, dict.fromkeys(readable[start : start + 5_000], bytes(VECTOR)), cursor)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ANALYZE")
        print(f"{size:,} memories filled in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        middle = readable[len(readable) // 2]
        twenty = readable[len(readable) // 40 :: len(readable) // 20][:20]
        chunk = readable[:: max(1, len(readable) // PAGE)][:PAGE]
        calls: dict[str, Callable[[], object]] = {
            "page of 20": lambda: store.documents(None, after=middle, limit=20),
            f"page of {PAGE:,}": lambda: store.documents(None, after=middle, limit=PAGE),
            "documents of 20 ids": lambda: store.documents(twenty),
            "kept rows of 20 ids": lambda: store.derived(KIND, twenty),
            f"kept rows of {len(chunk):,} ids": lambda: store.derived(KIND, chunk),
            "keep 20 rows": lambda: store.keep_derived(
                KIND, dict.fromkeys(twenty, bytes(VECTOR)), store.changes(None).cursor
            ),
        }
        for name, call in calls.items():
            print(f"  {size:>7,}  {name:<24} {median_ms(call, repeat):8.2f} ms")
        seconds, pages = build(store)
        print(f"  {size:>7,}  {'build paging (' + str(pages) + ' pages)':<24} {seconds * 1000:8.1f} ms")
    finally:
        store.close()
        cluster.drop_database(str(conninfo_to_dict(url)["dbname"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="3000,30000", help="memories per store, comma-separated")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each call (the median is printed)")
    args = parser.parse_args()
    with throwaway.start() as cluster:
        for size in (int(part) for part in args.sizes.split(",")):
            measure(cluster, size, args.repeat)


if __name__ == "__main__":
    main()
