"""PersonaKit's benchmark: read, propose, cold start, peak memory and bulk import, each beside a
baseline measured in the same run, against the targets of the performance issue.

    python benchmarks/run.py [--sizes 1000,10000,100000] [--quick] [--cache-dir DIR] [--json FILE]

Each size's store is built once (see `synthetic.py`) into a cache folder under a temporary
directory and reused by every measurement of that size; a stdio session works on a fresh copy of
it, so proposals never change what the next session reads. Every spawned server is bounded by a
timeout and killed in `finally`. The table goes to stdout, progress to stderr. README.md beside
this file says how to read the table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import anyio
import msgspec
import synthetic
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from personakit_plugin.kit import PersonaKit
from personakit_plugin.sqlite_store import FILE_NAME, SqliteStore
from personakit_plugin.words import content_words, memory_id

HERE = Path(__file__).resolve().parent
BARE_SERVER = HERE / "bare_server.py"
LIMIT = 7  # personakit_read's default
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Plan:
    """How much of everything to measure."""

    sizes: tuple[int, ...]
    runs: int  # stdio runs per size: each spawns both servers once (cold start, calls, memory)
    questions: int  # typical questions
    rounds: int  # passes over the typical questions per run
    worst_calls: int  # calls of the worst question per run
    proposes: int  # personakit_propose calls per run
    cold_extra: int  # extra cold-start pairs (both servers, spawn to tools/list) per run
    inproc_runs: int
    bulk_runs_small: int  # bulk-import runs at sizes below 50,000; one run above
    session_timeout: float  # seconds, per spawned server


DEFAULT_PLAN = Plan(
    sizes=(1_000, 10_000, 100_000),
    runs=3,
    questions=60,
    rounds=2,
    worst_calls=15,
    proposes=100,
    cold_extra=2,
    inproc_runs=3,
    bulk_runs_small=3,
    session_timeout=300,
)
QUICK_PLAN = Plan(
    sizes=(300, 1_000),
    runs=2,
    questions=20,
    rounds=1,
    worst_calls=5,
    proposes=20,
    cold_extra=0,
    inproc_runs=2,
    bulk_runs_small=1,
    session_timeout=60,
)


# -- small helpers ------------------------------------------------------------------------------


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def p50(values: Sequence[float]) -> float:
    return statistics.median(values)


def p95(values: Sequence[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _proc_stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2 :].split()  # fields from the state on: [0] state, [1] ppid


def server_pid() -> int:
    """The process this one spawned most recently and that still runs: the server under test."""
    found: list[tuple[int, int]] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _proc_stat(int(entry.name))
        if fields and fields[1] == str(os.getpid()) and fields[0] != "Z":
            found.append((int(fields[19]), int(entry.name)))  # (start time, pid)
    if not found:
        raise RuntimeError("the spawned server process was not found under /proc")
    return max(found)[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, all its threads included."""
    fields = _proc_stat(pid)
    if fields is None:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def peak_rss_mib(pid: int) -> float:
    """VmHWM, the peak resident set size, of a running process in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def kill_if_ours(pid: int | None) -> None:
    """SIGKILL `pid` if it is still a live child of this process (the SDK normally stopped it)."""
    if pid is None:
        return
    fields = _proc_stat(pid)
    if fields and fields[1] == str(os.getpid()) and fields[0] != "Z":
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def machine() -> dict[str, str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()
    return {
        "cores": str(os.cpu_count()),
        "cpu": model,
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "mcp": metadata.version("mcp"),
        "personakit": metadata.version("personakit-plugin"),
        "system": f"{platform.system()} {platform.release()}",
        "load at start": f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
    }


# -- the stores ---------------------------------------------------------------------------------


@dataclass
class Prepared:
    size: int
    folder: Path
    items: list[synthetic.SyntheticMemory]
    info: synthetic.BuildInfo
    typical: list[str]
    typical_matches: list[int]
    worst: str
    worst_matches: int
    proposals: list[dict[str, str]]


def prepare(size: int, cache: Path, plan: Plan) -> Prepared:
    folder = cache / f"store-{size}-seed{synthetic.DEFAULT_SEED}-gen{synthetic.GENERATOR_VERSION}"
    started = time.perf_counter()
    items = synthetic.memories(size)
    info = synthetic.load_build_info(folder)
    if info is None or info.size != size:
        shutil.rmtree(folder, ignore_errors=True)
        info = synthetic.build_store(folder, items)
        say(f"built the {size:,} store in {info.seconds:.1f} s ({info.database_bytes / 2**20:.1f} MiB)")
    else:
        say(f"reusing the {size:,} store in {folder}")
    typical = synthetic.questions(plan.questions)
    counts = {q: synthetic.match_count(folder, q) for q in [*typical, *synthetic.BROAD_QUESTIONS]}
    worst = max(counts, key=lambda q: counts[q])
    typical = [q for q in typical if q != worst]
    say(f"prepared {size:,} in {time.perf_counter() - started:.1f} s; worst question matches {counts[worst]:,}")
    return Prepared(
        size=size,
        folder=folder,
        items=items,
        info=info,
        typical=typical,
        typical_matches=[counts[q] for q in typical],
        worst=worst,
        worst_matches=counts[worst],
        proposals=synthetic.proposals(plan.proposes, items),
    )


# -- measurements -------------------------------------------------------------------------------


@dataclass
class Results:
    """Every sample, by (metric, size); each value is one run's figure (a p50, a p95, a time ...)."""

    runs: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add(self, metric: str, size: int, value: float) -> None:
        self.runs.setdefault((metric, size), []).append(value)

    def get(self, metric: str, size: int) -> float:
        return median(self.runs.get((metric, size), []))

    def count(self, metric: str, size: int) -> int:
        return len(self.runs.get((metric, size), []))


def measure_in_process(prepared: Prepared, plan: Plan, results: Results) -> dict[str, Any]:
    """`kit.read` (the hook call and the boundary check), on the cached store, reads only."""
    kit = PersonaKit.open(prepared.folder, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        for question in prepared.typical[:5]:
            kit.read(question, LIMIT)
        for _ in range(plan.inproc_runs):
            typical = _timed(lambda q: kit.read(q, LIMIT), prepared.typical * plan.rounds)
            worst = _timed(lambda q: kit.read(q, LIMIT), [prepared.worst] * plan.worst_calls)
            results.add("read_inproc_typical_p50", prepared.size, p50(typical))
            results.add("read_inproc_typical_p95", prepared.size, p95(typical))
            results.add("read_inproc_worst_p50", prepared.size, p50(worst))
            results.add("read_inproc_worst_p95", prepared.size, p95(worst))
        return msgspec.to_builtins(kit.read(prepared.typical[0], LIMIT))
    finally:
        kit.close()


def _timed(call: Callable[[str], object], arguments: Sequence[str]) -> list[float]:
    samples = []
    for argument in arguments:
        started = time.perf_counter()
        call(argument)
        samples.append((time.perf_counter() - started) * 1e3)
    return samples


def durable_commit_ms(workdir: Path, count: int = 200) -> list[float]:
    """The floor under a durable proposal: one small WAL transaction with synchronous=FULL."""
    path = workdir / "commit-floor.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("CREATE TABLE t (a TEXT)")
        samples = []
        for index in range(count):
            started = time.perf_counter()
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO t VALUES (?)", (f"row {index} " * 8,))
            db.execute("COMMIT")
            samples.append((time.perf_counter() - started) * 1e3)
        return samples
    finally:
        db.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def _environment(extra: dict[str, str]) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PERSONAKIT_")}
    environ.update(extra)
    return environ


def personakit_parameters(folder: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "personakit_plugin"],
        env=_environment({"PERSONAKIT_DATA_DIR": str(folder), "PERSONAKIT_PLUGINS": ""}),
    )


def bare_parameters() -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(BARE_SERVER)], env=_environment({}))


@dataclass
class Session:
    cold_ms: float
    read_ms: list[float] = field(default_factory=list)
    worst_ms: list[float] = field(default_factory=list)
    propose_ms: list[float] = field(default_factory=list)
    read_cpu_ms: float = float("nan")  # server CPU per call
    read_client_cpu_ms: float = float("nan")  # this process's CPU per call: the client's side
    worst_cpu_ms: float = float("nan")
    propose_cpu_ms: float = float("nan")
    peak_mib: float = float("nan")
    first_read: Any = None
    proposed_ids: list[str] = field(default_factory=list)
    new: int = 0


async def _call(client: Client, tool: str, arguments: dict[str, Any]) -> Any:
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        raise RuntimeError(f"{tool} answered a tool error: {result.content}")
    return result.structured_content


async def _batch(
    client: Client, pid: int, tool: str, calls: Sequence[dict[str, Any]]
) -> tuple[list[float], float, float]:
    """Latency of each call in ms, and the server's and the client's CPU per call in ms over the batch."""
    samples = []
    cpu_before, client_before = cpu_seconds(pid), time.process_time()
    for arguments in calls:
        started = time.perf_counter()
        await _call(client, tool, arguments)
        samples.append((time.perf_counter() - started) * 1e3)
    calls_made = max(1, len(calls))
    server = (cpu_seconds(pid) - cpu_before) * 1e3 / calls_made
    return samples, server, (time.process_time() - client_before) * 1e3 / calls_made


async def stdio_session(
    kind: str, parameters: StdioServerParameters, prepared: Prepared, plan: Plan, log: Path, calls: bool
) -> Session:
    """Spawn a server, time spawn to answered `initialize` plus `tools/list`, then (if `calls`) the
    reads, the worst read, the peak memory after them, and the proposals."""
    pid: int | None = None
    with log.open("a") as errlog:
        try:
            with anyio.fail_after(plan.session_timeout):
                started = time.perf_counter()
                async with Client(stdio_client(parameters, errlog=errlog), mode="legacy") as client:
                    tools = await client.list_tools()
                    session = Session(cold_ms=(time.perf_counter() - started) * 1e3)
                    pid = server_pid()
                    if len(tools.tools) != 2:
                        raise RuntimeError(f"{kind} listed {len(tools.tools)} tools, not 2")
                    if calls:
                        await _exercise(kind, client, pid, session, prepared, plan)
                    return session
        finally:
            kill_if_ours(pid)


async def _exercise(kind: str, client: Client, pid: int, session: Session, prepared: Prepared, plan: Plan) -> None:
    read_tool, propose_tool = (
        ("personakit_read", "personakit_propose")
        if kind == "personakit"
        else (
            "bare_read",
            "bare_propose",
        )
    )
    reads = [{"question": q, "limit": LIMIT} for q in prepared.typical * plan.rounds]
    for arguments in reads[:5]:  # warm up: first-call costs are the cold start's, not a read's
        await _call(client, read_tool, arguments)
    session.first_read = await _call(client, read_tool, reads[0])
    session.read_ms, session.read_cpu_ms, session.read_client_cpu_ms = await _batch(client, pid, read_tool, reads)
    worst = [{"question": prepared.worst, "limit": LIMIT}] * plan.worst_calls
    if kind == "personakit":
        session.worst_ms, session.worst_cpu_ms, _ = await _batch(client, pid, read_tool, worst)
    session.peak_mib = peak_rss_mib(pid)
    samples = []
    cpu_before = cpu_seconds(pid)
    for proposal in prepared.proposals:
        started = time.perf_counter()
        answer = await _call(client, propose_tool, dict(proposal))
        samples.append((time.perf_counter() - started) * 1e3)
        session.proposed_ids.append(answer["id"])
        session.new += bool(answer.get("new"))
    session.propose_ms = samples
    session.propose_cpu_ms = (cpu_seconds(pid) - cpu_before) * 1e3 / max(1, len(samples))


def check_durable(folder: Path, ids: Sequence[str]) -> bool:
    """Every acknowledged proposal is in the database file a fresh connection opens."""
    db = sqlite3.connect(f"file:{folder / FILE_NAME}?mode=ro", uri=True)
    try:
        marks = ",".join("?" * len(set(ids)))
        found = db.execute(f"SELECT count(*) FROM memories WHERE id IN ({marks})", tuple(set(ids))).fetchone()[0]
        return bool(found == len(set(ids)))
    finally:
        db.close()


async def measure_stdio(prepared: Prepared, plan: Plan, workdir: Path, results: Results, first: Any) -> None:
    size = prepared.size
    logs = workdir / "logs"
    logs.mkdir(exist_ok=True)
    pk_cold: list[float] = []
    bare_cold: list[float] = []
    for run in range(plan.runs):
        copy = workdir / f"store-{size}-run{run}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(prepared.folder, copy)
        order = ["bare", "personakit"] if run % 2 == 0 else ["personakit", "bare"]
        for kind in order:
            if kind == "bare":
                bare = await stdio_session("bare", bare_parameters(), prepared, plan, logs / "bare.log", True)
                bare_cold.append(bare.cold_ms)
                results.add("bare_read_p50", size, p50(bare.read_ms))
                results.add("bare_read_p95", size, p95(bare.read_ms))
                results.add("bare_propose_p50", size, p50(bare.propose_ms))
                results.add("bare_propose_p95", size, p95(bare.propose_ms))
                results.add("bare_read_cpu", size, bare.read_cpu_ms)
                results.add("bare_read_client_cpu", size, bare.read_client_cpu_ms)
                results.add("bare_propose_cpu", size, bare.propose_cpu_ms)
                results.add("bare_peak_mib", size, bare.peak_mib)
            else:
                parameters = personakit_parameters(copy)
                pk = await stdio_session(
                    "personakit", parameters, prepared, plan, logs / f"personakit-{size}.log", True
                )
                pk_cold.append(pk.cold_ms)
                results.add("read_stdio_typical_p50", size, p50(pk.read_ms))
                results.add("read_stdio_typical_p95", size, p95(pk.read_ms))
                results.add("read_stdio_worst_p50", size, p50(pk.worst_ms))
                results.add("read_stdio_worst_p95", size, p95(pk.worst_ms))
                results.add("propose_stdio_p50", size, p50(pk.propose_ms))
                results.add("propose_stdio_p95", size, p95(pk.propose_ms))
                results.add("read_cpu", size, pk.read_cpu_ms)
                results.add("read_client_cpu", size, pk.read_client_cpu_ms)
                results.add("worst_cpu", size, pk.worst_cpu_ms)
                results.add("propose_cpu", size, pk.propose_cpu_ms)
                results.add("peak_mib", size, pk.peak_mib)
                if run == 0 and pk.first_read != first:
                    results.notes.append(f"{size:,}: the stdio read and the in-process read of one question differ")
                if not check_durable(copy, pk.proposed_ids):
                    results.notes.append(f"{size:,}: an acknowledged proposal is missing from the database")
                if run == 0:
                    results.notes.append(
                        f"{size:,}: {pk.new} of {len(pk.proposed_ids)} proposals per run were new memories"
                    )
        for pair in range(plan.cold_extra):
            for kind in order if pair % 2 else reversed(order):
                if kind == "bare":
                    bare_cold.append(
                        (await stdio_session("bare", bare_parameters(), prepared, plan, logs / "b", False)).cold_ms
                    )
                else:
                    parameters = personakit_parameters(copy)
                    session = await stdio_session("personakit", parameters, prepared, plan, logs / "p", False)
                    pk_cold.append(session.cold_ms)
        shutil.rmtree(copy, ignore_errors=True)
        say(f"{size:,}: stdio run {run + 1} of {plan.runs} done")
    results.add("cold_ms", size, median(pk_cold))
    results.add("bare_cold_ms", size, median(bare_cold))
    results.add("cold_ratio", size, median(pk_cold) / median(bare_cold))
    results.add("peak_ratio", size, results.get("peak_mib", size) / results.get("bare_peak_mib", size))
    results.add("cold_samples", size, len(pk_cold))
    floor = durable_commit_ms(workdir)
    results.add("commit_p50", size, p50(floor))
    results.add("commit_p95", size, p95(floor))


def measure_bulk(prepared: Prepared, plan: Plan, workdir: Path, results: Results) -> None:
    """`SqliteStore.bulk_propose` of every memory (its first quote) into a fresh store, store defaults
    (durable: synchronous=FULL, one transaction); beside it the same rows written by SQLite alone."""
    runs = plan.bulk_runs_small if prepared.size < 50_000 else 1
    for _ in range(runs):
        folder = workdir / "bulk"
        shutil.rmtree(folder, ignore_errors=True)
        started, cpu = time.perf_counter(), time.process_time()
        store = SqliteStore.open(folder)
        try:
            store.bulk_propose(
                (memory.text, memory.quotes[0], memory.category, synthetic.EPOCH + index)
                for index, memory in enumerate(prepared.items)
            )
        finally:
            store.close()
        results.add("bulk_s", prepared.size, time.perf_counter() - started)
        results.add("bulk_cpu_s", prepared.size, time.process_time() - cpu)
        shutil.rmtree(folder, ignore_errors=True)
        results.add("bulk_floor_s", prepared.size, _bulk_floor(prepared.items, folder))
        shutil.rmtree(folder, ignore_errors=True)


def _bulk_floor(items: Sequence[synthetic.SyntheticMemory], folder: Path) -> float:
    SqliteStore.open(folder).close()  # the schema
    started = time.perf_counter()
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    try:
        db.execute("PRAGMA synchronous = FULL")
        db.execute("BEGIN IMMEDIATE")
        rows = [(memory_id(m.text), m) for m in items]
        db.executemany(
            "INSERT INTO memories (id, text, category, state, created, touched) VALUES (?, ?, ?, 'unconfirmed', ?, ?)",
            ((key, m.text, m.category, synthetic.EPOCH, synthetic.EPOCH) for key, m in rows),
        )
        db.executemany("INSERT INTO aliases (key, memory_id) VALUES (?, ?)", ((key, key) for key, _ in rows))
        db.executemany(
            "INSERT INTO quotes (memory_id, seq, quote) VALUES (?, 1, ?)", ((k, m.quotes[0]) for k, m in rows)
        )
        db.executemany(
            "INSERT INTO words (word, memory_id) VALUES (?, ?)",
            ((word, key) for key, m in rows for word in content_words(m.text)),
        )
        db.execute("COMMIT")
    finally:
        db.close()
    return time.perf_counter() - started


# -- the table ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    label: str
    metric: str
    unit: str  # "ms", "s", "MiB", "x"
    target: float | None = None
    target_text: str = ""
    baseline: bool = False  # an indented baseline row under the figure it belongs to


ROWS: tuple[Row, ...] = (
    Row("read over stdio, typical, p50", "read_stdio_typical_p50", "ms", 2.0, "<= 2 ms"),
    Row("read over stdio, typical, p95", "read_stdio_typical_p95", "ms", 5.0, "<= 5 ms"),
    Row("bare SDK tool (same answer size), p50", "bare_read_p50", "ms", baseline=True),
    Row("bare SDK tool (same answer size), p95", "bare_read_p95", "ms", baseline=True),
    Row("server CPU per typical read", "read_cpu", "ms"),
    Row("bare SDK server CPU per call", "bare_read_cpu", "ms", baseline=True),
    Row("client CPU per typical read (official client)", "read_client_cpu", "ms"),
    Row("client CPU per call to the bare SDK tool", "bare_read_client_cpu", "ms", baseline=True),
    Row("read over stdio, worst question, p50", "read_stdio_worst_p50", "ms", 20.0, "<= 20 ms"),
    Row("read over stdio, worst question, p95", "read_stdio_worst_p95", "ms", 20.0, "<= 20 ms"),
    Row("server CPU per worst read", "worst_cpu", "ms"),
    Row("read scaling: stdio typical p50 / smallest size", "read_scaling", "x", 3.0, "<= 3x"),
    Row("read scaling: in-process typical p50 / smallest", "read_scaling_inproc", "x", 3.0, "<= 3x"),
    Row("read in-process (kit.read), typical, p50", "read_inproc_typical_p50", "ms", 0.5, "<= 0.5 ms"),
    Row("read in-process (kit.read), typical, p95", "read_inproc_typical_p95", "ms"),
    Row("read in-process (kit.read), worst, p50", "read_inproc_worst_p50", "ms"),
    Row("read in-process (kit.read), worst, p95", "read_inproc_worst_p95", "ms"),
    Row("propose over stdio (durable), p50", "propose_stdio_p50", "ms", 3.0, "<= 3 ms"),
    Row("propose over stdio (durable), p95", "propose_stdio_p95", "ms"),
    Row("bare SDK tool, p50", "bare_propose_p50", "ms", baseline=True),
    Row("durable SQLite commit (WAL, FULL), p50", "commit_p50", "ms", baseline=True),
    Row("server CPU per propose", "propose_cpu", "ms"),
    Row("cold start: spawn -> initialize + tools/list", "cold_ms", "ms"),
    Row("bare SDK server", "bare_cold_ms", "ms", baseline=True),
    Row("cold start ratio to the bare SDK server", "cold_ratio", "x", 1.1, "<= 1.1x"),
    Row("peak memory (VmHWM) after the reads", "peak_mib", "MiB"),
    Row("bare SDK server", "bare_peak_mib", "MiB", baseline=True),
    Row("peak memory ratio to the bare SDK server", "peak_ratio", "x", 1.3, "<= 1.3x"),
    Row("bulk import (SqliteStore.bulk_propose)", "bulk_s", "s", 10.0, "<= 10 s at 100,000"),
    Row("of which CPU in this process", "bulk_cpu_s", "s", baseline=True),
    Row("same rows, one SQLite transaction", "bulk_floor_s", "s", baseline=True),
)


def _value(value: float, unit: str) -> str:
    if value != value:  # NaN
        return "-"
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "MiB":
        return f"{value:.1f} MiB"
    if unit == "s":
        return f"{value:.2f} s" if value < 100 else f"{value:.0f} s"
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def _verdict(value: float, target: float | None) -> str:
    if target is None or value != value:
        return ""
    share = value / target
    return f"ok ({share:.2f} of target)" if share <= 1 else f"MISS: {share:.1f}x the target"


def table(results: Results, sizes: Sequence[int]) -> str:
    smallest, largest = sizes[0], sizes[-1]
    for size in sizes:
        results.runs[("read_scaling", size)] = [
            results.get("read_stdio_typical_p50", size) / results.get("read_stdio_typical_p50", smallest)
        ]
        results.runs[("read_scaling_inproc", size)] = [
            results.get("read_inproc_typical_p50", size) / results.get("read_inproc_typical_p50", smallest)
        ]
    header = ["metric (median of runs)", *(f"{size:,}" for size in sizes), "target", f"at {largest:,}"]
    lines: list[list[str]] = [header]
    for row in ROWS:
        label = ("  baseline: " if row.baseline else "") + row.label
        cells = [_value(results.get(row.metric, size), row.unit) for size in sizes]
        lines.append([label, *cells, row.target_text, _verdict(results.get(row.metric, largest), row.target)])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for number, line in enumerate(lines):
        cells = [line[0].ljust(widths[0])] + [cell.rjust(widths[i + 1]) for i, cell in enumerate(line[1:-2])]
        cells += [line[-2].ljust(widths[-2]), line[-1]]
        out.append("  ".join(cells).rstrip())
        if number == 0:
            out.append("-" * len(out[0]))
    return "\n".join(out)


# -- main ---------------------------------------------------------------------------------------


@contextmanager
def folder(cache_dir: str | None) -> Iterator[Path]:
    if cache_dir:
        path = Path(cache_dir)
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="personakit-bench-") as temporary:
        yield Path(temporary)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", help="comma-separated store sizes, e.g. 1000,10000,100000")
    parser.add_argument("--quick", action="store_true", help="small sizes and few runs: a smoke test")
    parser.add_argument("--cache-dir", help="keep the built stores here and reuse them next time")
    parser.add_argument("--json", help="also write every sample to this file")
    args = parser.parse_args(argv)
    plan = QUICK_PLAN if args.quick else DEFAULT_PLAN
    if args.sizes:
        sizes = tuple(sorted(int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()))
        plan = Plan(**{**plan.__dict__, "sizes": sizes})
    started = time.perf_counter()
    about = machine()
    results = Results()
    details: list[str] = []
    phases: dict[str, float] = {}
    with folder(args.cache_dir) as cache, tempfile.TemporaryDirectory(prefix="personakit-bench-work-") as work:
        workdir = Path(work)
        for size in plan.sizes:
            mark = time.perf_counter()
            prepared = prepare(size, cache, plan)
            phases[f"{size:,} build"] = time.perf_counter() - mark
            mark = time.perf_counter()
            first = measure_in_process(prepared, plan, results)
            phases[f"{size:,} in-process"] = time.perf_counter() - mark
            mark = time.perf_counter()
            anyio.run(measure_stdio, prepared, plan, workdir, results, first)
            phases[f"{size:,} stdio"] = time.perf_counter() - mark
            mark = time.perf_counter()
            measure_bulk(prepared, plan, workdir, results)
            phases[f"{size:,} bulk import"] = time.perf_counter() - mark
            say(f"{size:,} done")
            states = ", ".join(f"{count:,} {state}" for state, count in sorted(prepared.info.states.items()))
            matches = sorted(prepared.typical_matches)
            details.append(
                f"{size:,}: {states}; {prepared.info.quotes:,} quotes; "
                f"{prepared.info.database_bytes / 2**20:.1f} MiB on disk; typical questions match "
                f"{matches[len(matches) // 2]:,} memories (median), {max(matches):,} (most); the worst question "
                f"matches {prepared.worst_matches:,}: {prepared.worst!r}"
            )
    elapsed = time.perf_counter() - started
    about["load at end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    runs_note = (
        f"runs: {plan.runs} stdio runs per size ({len(prepared.typical) * plan.rounds} typical reads, "
        f"{plan.worst_calls} worst reads, {plan.proposes} proposals each; cold start median of "
        f"{plan.runs * (1 + plan.cold_extra)} spawns of each server), {plan.inproc_runs} in-process runs; "
        f"bulk import {plan.bulk_runs_small} runs below 50,000, 1 above"
    )
    print("PersonaKit benchmark")
    print("machine: " + "; ".join(f"{key} {value}" for key, value in about.items()))
    print(runs_note)
    print()
    print(table(results, plan.sizes))
    print()
    print("p50/p95 are per run; each cell is the median over runs. 'server CPU' is user+system time of the")
    print("server process over a batch, divided by the calls (load-independent). Bulk import is")
    print("SqliteStore.bulk_propose: every memory in one durable transaction, with propose's semantics.")
    for line in details + results.notes:
        print("- " + line)
    print("phases: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in phases.items()))
    print(f"total run time: {elapsed:.0f} s")
    if args.json:
        payload = {
            "machine": about,
            "plan": plan.__dict__,
            "samples": {f"{metric}@{size}": values for (metric, size), values in results.runs.items()},
            "details": details,
            "notes": results.notes,
            "phases": phases,
            "seconds": elapsed,
        }
        Path(args.json).write_text(json.dumps(payload, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
