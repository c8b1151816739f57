"""Where PersonaKit's time and memory go, piece by piece, and what alternatives would cost.

    python benchmarks/breakdown.py [--size 100000] [--cache-dir DIR] [--repeat 7] [--cold] [--bulk]

Builds (or reuses, with `--cache-dir`, the same folder layout as `run.py --cache-dir`) the
synthetic store of `--size` memories, takes a typical question (the one with the median number of
matches) and the worst one, and prints medians of `--repeat` calls of:

- the pieces of the default read: tokenising, the SQL candidate query alone, `store.matches`
  (query plus a `Candidate` per row), the ranking hook, the fill, the quote fetch, redaction, the
  boundary check, JSON encoding; then `kit.read`, the tool function, and one `tools/call` through
  the MCP SDK in-process (memory streams, no stdio) beside the same call on the bare SDK server;
  the peak of Python allocations during one `kit.read` (tracemalloc);
- the same ranking done other ways, so the lead can see what a change would buy before making
  it: the ranking pushed into SQL over today's schema, with today's page cache and a larger one;
  postings that carry integer keys and the ranking keys (a covering index, built in a temporary
  copy); and an in-memory word index in the server (postings as integer arrays, counted in C by
  `Counter.update`). Each alternative is checked to return the same memories and withheld count;
- the pieces of a proposal: the refusal hooks, the durable `store.propose`, `kit.propose`, and a
  `tools/call` in-process beside the bare server's (on a temporary copy of the store);
- with `--cold`: what a server does before it answers, each in a fresh interpreter: importing the
  SDK's `MCPServer` (all the bare server does), then PersonaKit's own imports, plugin manager,
  store opening and tool registration;
- with `--bulk`: importing `--size` memories through `SqliteStore.propose` in a loop (what
  `run.py` times), through the same store code in batched transactions, batched with a 256 MiB
  page cache, and the same rows by `executemany` in one transaction with sorted keys (a floor: it
  skips the check for memories already there).

Nothing in the package is changed; the cached store is only read.
"""

from __future__ import annotations

import argparse
import heapq
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import anyio
import synthetic
from mcp import Client

from personakit_plugin import tools
from personakit_plugin.kit import PersonaKit
from personakit_plugin.model import EVIDENCE_QUOTES, category_of
from personakit_plugin.server import build_server
from personakit_plugin.sqlite_store import FILE_NAME, SqliteStore
from personakit_plugin.store import MEMORY_COLUMNS
from personakit_plugin.words import content_words

LIMIT = 7
HERE = Path(__file__).resolve().parent
STATE_CODE = {"approved": 0, "unconfirmed": 1, "restricted": 2, "rejected": 3}
Table = dict[str, list[str]]


def timed(call: Callable[[], object], repeat: int) -> float:
    """Median wall time of `call` in milliseconds, after one warm-up call."""
    call()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1e3)
    return statistics.median(samples)


def ms(value: float) -> str:
    return f"{value:.3f} ms"


# -- the read, as it is ------------------------------------------------------------------------


def candidate_sql(count: int) -> str:
    """The query `SqliteStore.matches` runs today."""
    marks = ",".join("?" * count)
    return (
        f"SELECT {MEMORY_COLUMNS}, matched FROM memories JOIN ("
        f"  SELECT memory_id, count(*) AS matched FROM words WHERE word IN ({marks}) GROUP BY memory_id"
        ") ON memory_id = id"
    )


def read_pieces(kit: PersonaKit, question: str, repeat: int) -> dict[str, str]:
    store = kit.store
    words = content_words(question)
    found = store.matches(words)
    ranked = kit.rank(question, found.candidates)
    chosen = [c.memory for c in ranked[:LIMIT]]
    quotes = store.quotes([m.id for m in chosen])
    shown = [q for m in chosen for q in reversed(quotes.get(m.id, ())[-EVIDENCE_QUOTES:])]
    result = kit.read(question, LIMIT)
    db: sqlite3.Connection = store._db  # type: ignore[attr-defined]
    sql = candidate_sql(len(words))
    excluded = {c.memory.id for c in ranked}
    tracemalloc.start()
    kit.read(question, LIMIT)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {
        "matching memories (restricted included)": f"{len(found.candidates) + found.restricted:,}",
        "tokenise (content_words)": ms(timed(lambda: content_words(question), repeat)),
        "SQL candidate query alone (fetchall)": ms(timed(lambda: db.execute(sql, tuple(words)).fetchall(), repeat)),
        "store.matches (SQL + a Candidate per row)": ms(timed(lambda: store.matches(words), repeat)),
        "ranking hook (kit.rank)": ms(timed(lambda: kit.rank(question, found.candidates), repeat)),
        "fill (store.approved; runs only under 3 matches)": ms(
            timed(lambda: store.approved(3, exclude=excluded), repeat)
        ),
        "quote fetch (store.quotes)": ms(timed(lambda: store.quotes([m.id for m in chosen]), repeat)),
        f"redaction (kit.redact, {len(shown)} quotes)": ms(timed(lambda: [kit.redact(q) for q in shown], repeat)),
        "boundary check (_check_read: states + masks again)": ms(timed(lambda: kit._check_read(result, LIMIT), repeat)),
        "JSON encoding (tools._answer)": ms(timed(lambda: tools._answer(result), repeat)),
        "= kit.read": ms(timed(lambda: kit.read(question, LIMIT), repeat)),
        "= tool function (tools.read)": ms(timed(lambda: tools.read(kit, question, LIMIT), repeat)),
        "peak Python allocations in kit.read (tracemalloc)": f"{peak / 2**20:.1f} MiB",
    }


async def sdk_calls(kit: PersonaKit, calls: Sequence[tuple[str, str, dict[str, object]]], repeat: int) -> list[float]:
    """Median ms of each (server, tool, arguments) through the SDK in-process, legacy mode (memory
    streams and JSON-RPC framing, the official client's validation included, no stdio)."""
    sys.path.insert(0, str(HERE))
    import bare_server

    servers = {"personakit": build_server(kit), "bare": bare_server.server}
    found = []
    for server, tool, arguments in calls:
        async with Client(servers[server], mode="legacy") as client:
            await client.list_tools()
            await client.call_tool(tool, arguments)
            samples = []
            for _ in range(repeat):
                started = time.perf_counter()
                result = await client.call_tool(tool, arguments)
                samples.append((time.perf_counter() - started) * 1e3)
            if result.is_error:
                raise RuntimeError(f"{tool}: {result.content}")
            found.append(statistics.median(samples))
    return found


# -- the read, done other ways -----------------------------------------------------------------


def top_sql(count: int) -> tuple[str, str]:
    """Ranking in SQL over today's schema: the first `limit` allowed matches in the contract's
    order, and the number of restricted matches."""
    marks = ",".join("?" * count)
    hits = f"SELECT memory_id, count(*) AS matched FROM words WHERE word IN ({marks}) GROUP BY memory_id"
    top = (
        f"SELECT id FROM ({hits}) JOIN memories ON id = memory_id WHERE state IN ('approved', 'unconfirmed') "
        "ORDER BY matched DESC, state != 'approved', touched DESC, id LIMIT ?"
    )
    withheld = f"SELECT count(*) FROM ({hits}) JOIN memories ON id = memory_id WHERE state = 'restricted'"
    return top, withheld


COVERING_SCHEMA = """
CREATE TABLE bench_memory_keys (key INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL);
INSERT INTO bench_memory_keys (id) SELECT id FROM memories ORDER BY id;
CREATE TABLE bench_postings (
    word TEXT NOT NULL, key INTEGER NOT NULL, rank INTEGER NOT NULL, touched REAL NOT NULL,
    PRIMARY KEY (word, key)
) WITHOUT ROWID;
INSERT INTO bench_postings
    SELECT w.word, k.key, CASE m.state WHEN 'approved' THEN 0 WHEN 'unconfirmed' THEN 1 ELSE 2 END, m.touched
    FROM words w JOIN memories m ON m.id = w.memory_id JOIN bench_memory_keys k ON k.id = w.memory_id;
"""


def covering_sql(count: int) -> tuple[str, str]:
    """Postings carrying an integer key and the ranking keys (state, touched): no memory row is
    read until the top `limit` are known. A decision or a repeat proposal would update the
    postings of that memory's few words."""
    marks = ",".join("?" * count)
    top = (
        f"SELECT k.id FROM (SELECT key, count(*) AS matched, rank, touched FROM bench_postings "
        f"WHERE word IN ({marks}) GROUP BY key HAVING rank < 2) JOIN bench_memory_keys k USING (key) "
        "ORDER BY matched DESC, rank, touched DESC, k.id LIMIT ?"
    )
    withheld = f"SELECT count(DISTINCT key) FROM bench_postings WHERE word IN ({marks}) AND rank = 2"
    return top, withheld


class MemoryIndex:
    """A prototype of an in-memory word index in the server process: postings as arrays of
    integer ordinals, counted in C by `Counter.update`; the ranking keys folded into one ordinal
    (approved first, most recent, id) so ties are broken without a Python key function. A real
    one would have to follow other processes' writes (`PRAGMA data_version`) and keep `order`
    current."""

    def __init__(self, db: sqlite3.Connection) -> None:
        started = time.perf_counter()
        rows = db.execute("SELECT id, state, touched FROM memories").fetchall()
        ordinal = {row[0]: index for index, row in enumerate(rows)}
        self.ids = [row[0] for row in rows]
        self.allowed = bytearray(row[1] in ("approved", "unconfirmed") for row in rows)
        self.restricted = {index for index, row in enumerate(rows) if row[1] == "restricted"}
        ranked = sorted(range(len(rows)), key=lambda i: (rows[i][1] != "approved", -rows[i][2], rows[i][0]))
        self.order = array("I", bytes(4 * len(rows)))
        for position, index in enumerate(ranked):
            self.order[index] = position
        self.postings: dict[str, array[int]] = {}
        for word, memory in db.execute("SELECT word, memory_id FROM words"):
            self.postings.setdefault(word, array("I")).append(ordinal[memory])
        self.load_seconds = time.perf_counter() - started
        self.bytes = sum(p.buffer_info()[1] * p.itemsize for p in self.postings.values()) + len(rows) * 9

    def top(self, words: frozenset[str], limit: int) -> tuple[list[str], int]:
        counts: Counter[int] = Counter()
        for word in words:
            found = self.postings.get(word)
            if found is not None:
                counts.update(found)
        withheld = len(self.restricted.intersection(counts))
        chosen: list[int] = []
        score = max(counts.values(), default=0)
        while score > 0 and len(chosen) < limit:
            level = [m for m, c in counts.items() if c == score]
            level = [m for m in level if self.allowed[m]]
            chosen += heapq.nsmallest(limit - len(chosen), level, key=self.order.__getitem__)
            score -= 1
        return [self.ids[m] for m in chosen], withheld


def alternatives(
    folder: Path, copy: Path, question: str, expected: tuple[list[str], int], repeat: int, index: MemoryIndex
) -> dict[str, str]:
    words = tuple(content_words(question))
    out: dict[str, str] = {}

    def check(label: str, got: tuple[list[str], int]) -> str:
        return "" if got == expected else f"  (DIFFERS: {label})"

    for label, path, make, pragmas in (
        ("ranking in SQL, today's schema, 2 MiB page cache", folder, top_sql, ()),
        (
            "ranking in SQL, today's schema, 64 MiB cache + mmap",
            folder,
            top_sql,
            ("PRAGMA cache_size = -65536", "PRAGMA mmap_size = 268435456"),
        ),
        ("ranking in SQL, covering postings (int key + rank keys)", copy, covering_sql, ()),
    ):
        top, withheld = make(len(words))
        db = sqlite3.connect(f"file:{path / FILE_NAME}?mode=ro", uri=True)
        try:
            for pragma in pragmas:
                db.execute(pragma)

            def ranked(db: sqlite3.Connection = db, top: str = top, withheld: str = withheld) -> tuple[list[str], int]:
                ids = [row[0] for row in db.execute(top, (*words, LIMIT))]
                return ids, db.execute(withheld, words).fetchone()[0]

            out["alt: " + label] = ms(timed(ranked, repeat)) + check(label, ranked())
        finally:
            db.close()
    label = "in-memory word index (Counter over int postings)"
    frozen = frozenset(words)
    out["alt: " + label] = ms(timed(lambda: index.top(frozen, LIMIT), repeat)) + check(label, index.top(frozen, LIMIT))
    return out


# -- proposals ---------------------------------------------------------------------------------


def propose_pieces(copy: Path, repeat: int) -> dict[str, float]:
    kit = PersonaKit.open(copy, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        fresh = synthetic.proposals(4 * repeat + 8, synthetic.memories(2_000), seed=synthetic.DEFAULT_SEED + 7)
        items = iter(fresh)

        def store_propose() -> None:
            p = next(items)
            kit.store.propose(p["text"].strip(), p["quote"].strip(), category_of(p["category"]), time.time())

        def kit_propose() -> None:
            p = next(items)
            kit.propose(p["text"], p["quote"], p["category"])

        sample = fresh[0]
        return {
            "refusal hooks (kit.refusal: credential shapes)": timed(
                lambda: kit.refusal(sample["text"], sample["quote"]), repeat
            ),
            "store.propose (durable, synchronous=FULL)": timed(store_propose, repeat),
            "= kit.propose": timed(kit_propose, repeat),
        }
    finally:
        kit.close()


# -- cold start and bulk import ----------------------------------------------------------------

COLD_SCRIPT = """
import time
t0 = time.perf_counter()
import mcp.server.mcpserver
t1 = time.perf_counter()
from personakit_plugin import cli
from personakit_plugin.kit import PersonaKit
from personakit_plugin.server import build_server
t2 = time.perf_counter()
from personakit_plugin.plugins import make_plugin_manager
make_plugin_manager(environ={"PERSONAKIT_PLUGINS": ""})
t3 = time.perf_counter()
kit = PersonaKit.open(FOLDER, environ={"PERSONAKIT_PLUGINS": ""})
t4 = time.perf_counter()
build_server(kit)
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""
COLD_LABELS = (
    "import mcp.server.mcpserver (all the bare server imports)",
    "PersonaKit's modules (cli, kit, server, tools)",
    "plugin manager (entry points, importing the default plugins)",
    "PersonaKit.open (the manager again + the store)",
    "build_server (two tools, schemas)",
)


def cold_pieces(folder: Path, runs: int = 5) -> dict[str, float]:
    samples: list[list[float]] = []
    script = COLD_SCRIPT.replace("FOLDER", repr(str(folder)))
    for _ in range(runs):
        output = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
        ).stdout
        samples.append([float(x) * 1e3 for x in output.split()])
    interpreter = [
        timed(lambda: subprocess.run([sys.executable, "-c", "pass"], timeout=60, check=True), 1) for _ in range(runs)
    ]
    out = {"python -c pass (interpreter start)": statistics.median(interpreter)}
    for position, label in enumerate(COLD_LABELS):
        out[label] = statistics.median(sample[position] for sample in samples)
    return out


class _BatchedStore(SqliteStore):
    """The store's own `propose`, inside transactions the caller opens and commits."""

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        yield self._db


def bulk_variants(size: int, workdir: Path) -> dict[str, float]:
    items = synthetic.memories(size)
    out: dict[str, float] = {}
    for label, batch, cache in (
        ("SqliteStore.propose per memory, each durable (run.py's figure)", 0, 0),
        ("same store code, 2,000 per durable transaction", 2_000, 0),
        ("same, with a 256 MiB page cache while importing", 2_000, 262_144),
    ):
        folder = workdir / "bulk"
        shutil.rmtree(folder, ignore_errors=True)
        started = time.perf_counter()
        store = (_BatchedStore if batch else SqliteStore).open(folder)
        db = store._db
        if cache:
            db.execute(f"PRAGMA cache_size = -{cache}")
        try:
            if batch:
                db.execute("BEGIN IMMEDIATE")
            for number, memory in enumerate(items, 1):
                store.propose(memory.text, memory.quotes[0], memory.category, synthetic.EPOCH + number)
                if batch and number % batch == 0:
                    db.execute("COMMIT")
                    db.execute("BEGIN IMMEDIATE")
            if batch:
                db.execute("COMMIT")
        finally:
            store.close()
        out[label] = time.perf_counter() - started
        shutil.rmtree(folder, ignore_errors=True)
    folder = workdir / "bulk"
    out["executemany, one durable transaction, 256 MiB cache, sorted keys (a floor)"] = synthetic.write_plain_rows(
        folder, items, sort=True, cache_kib=262_144
    )
    shutil.rmtree(folder, ignore_errors=True)
    return out


# -- main --------------------------------------------------------------------------------------


def print_table(title: str, rows: Table, columns: Sequence[str]) -> None:
    width = max(len(label) for label in rows)
    print(title)
    print("  " + "".ljust(width) + "  " + "  ".join(name.rjust(24) for name in columns))
    for label, cells in rows.items():
        print("  " + label.ljust(width) + "  " + "  ".join(cell.rjust(24) for cell in cells))
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Where PersonaKit's time and memory go.")
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--cache-dir", help="reuse (or keep) the built store here, as run.py --cache-dir")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cold", action="store_true", help="also time what a server does before it answers")
    parser.add_argument("--bulk", action="store_true", help="also time bulk-import variants at --size")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="personakit-breakdown-") as temporary:
        workdir = Path(temporary)
        cache = Path(args.cache_dir) if args.cache_dir else workdir
        folder, _ = synthetic.cached_store(cache, args.size)
        copy = workdir / "copy"
        shutil.copytree(folder, copy)
        db = sqlite3.connect(copy / FILE_NAME)
        db.executescript(COVERING_SCHEMA)
        db.close()
        asked = synthetic.pick_questions(folder)
        counts = asked.counts
        questions = {"typical (median matches)": asked.median_typical, "worst": asked.worst}
        db = sqlite3.connect(f"file:{folder / FILE_NAME}?mode=ro", uri=True)
        index = MemoryIndex(db)
        db.close()

        read_rows: Table = {}
        kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
        try:
            for question in questions.values():
                result = kit.read(question, LIMIT)
                expected = ([m.id for m in result.memories], result.withheld)
                cells = read_pieces(kit, question, args.repeat)
                arguments: dict[str, object] = {"question": question, "limit": LIMIT}
                pk, bare = anyio.run(
                    sdk_calls,
                    kit,
                    [("personakit", "personakit_read", arguments), ("bare", "bare_read", arguments)],
                    args.repeat,
                )
                cells["= tools/call through the SDK in-process"] = ms(pk)
                cells["  baseline: bare SDK tool in-process"] = ms(bare)
                cells.update(alternatives(folder, copy, question, expected, args.repeat, index))
                for label, cell in cells.items():
                    read_rows.setdefault(label, []).append(cell)
        finally:
            kit.close()

        propose_rows = {label: [ms(value)] for label, value in propose_pieces(copy, args.repeat).items()}
        kit = PersonaKit.open(copy, environ={"PERSONAKIT_PLUGINS": ""})
        try:
            fresh = synthetic.proposals(args.repeat + 2, synthetic.memories(500), seed=synthetic.DEFAULT_SEED + 9)
            proposal: dict[str, object] = dict(fresh[0])
            calls = [("personakit", "personakit_propose", proposal), ("bare", "bare_propose", proposal)]
            pk, bare = anyio.run(sdk_calls, kit, calls, 1)
        finally:
            kit.close()
        propose_rows["= tools/call through the SDK in-process (one call)"] = [ms(pk)]
        propose_rows["  baseline: bare SDK tool in-process"] = [ms(bare)]

        print(f"PersonaKit breakdown at {args.size:,} memories (medians of {args.repeat} calls)")
        for name, question in questions.items():
            print(f"  {name}: {question!r} ({counts[question]:,} matching memories)")
        print(
            f"  in-memory index prototype: loaded in {index.load_seconds:.2f} s, "
            f"about {index.bytes / 2**20:.1f} MiB of arrays"
        )
        print()
        print_table("read", read_rows, list(questions))
        print_table("propose", propose_rows, ["one proposal"])
        if args.cold:
            rows = {label: [ms(value)] for label, value in cold_pieces(folder).items()}
            print_table("before the first answer (fresh interpreter each, median of 5)", rows, ["time"])
        if args.bulk:
            rows = {label: [f"{value:.2f} s"] for label, value in bulk_variants(args.size, workdir).items()}
            print_table(f"bulk import of {args.size:,} memories (one quote each)", rows, ["time"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
