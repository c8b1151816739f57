"""PersonaKit's benchmark: read, propose, cold start, peak memory and bulk import, on the SQLite store
and on the PostgreSQL store side by side, each figure beside a baseline measured in the same run,
against the targets of the performance issue.

    python benchmarks/run.py [--sizes 1000,10000,100000] [--million] [--backends sqlite,postgres]
                             [--quick] [--cache-dir DIR] [--json FILE]

Every figure is printed beside its baseline of the same run (its ratio, or its difference where the
target allows one) and judged against the performance issue's target at each size that has one;
`--million` adds 1,000,000 memories (fewer runs at that size). In the in-process phase every
question is also read with the store's index in memory off, and must answer the same.

Each size's SQLite store is built once (see `synthetic.py`) into a cache folder under a temporary
directory and reused by every measurement of that size; a stdio session works on a fresh copy of
it, so proposals never change what the next session reads. For PostgreSQL a throwaway cluster is
started on loopback (see `pg.py`); each size's store is filled there by `PostgresStore.restore` of
the SQLite store's dump, and each stdio session gets a fresh `CREATE DATABASE ... TEMPLATE` copy of
it. The cluster is stopped in `finally`. Every spawned server is bounded by a timeout and killed in
`finally`. The table goes to stdout, progress to stderr. README.md beside this file says how to
read the table.
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
from dataclasses import dataclass, field, replace
from functools import partial
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import msgspec
import proc
import synthetic
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving.tools import READ_OUTPUT
from personakit_plugin.storage.sqlite import FILE_NAME, SqliteStore

HERE = Path(__file__).resolve().parent
BARE_SERVER = HERE / "bare_server.py"
LIMIT = 7  # personakit_read's default
BACKENDS = ("sqlite", "postgres")
SHARED = "shared"  # the key of figures that belong to no backend: the bare SDK server's
CHECKED_READS = 10  # typical questions whose in-process reads are compared across backends


@dataclass(frozen=True)
class Plan:
    """How much of everything to measure."""

    sizes: tuple[int, ...]
    runs: int  # stdio runs per size: each spawns the bare server and each backend's server once
    questions: int  # typical questions
    rounds: int  # passes over the typical questions per run
    worst_calls: int  # calls of the worst question per run
    proposes: int  # personakit_propose calls per run
    cold_extra: int  # extra cold-start rounds (every server, spawn to tools/list) per run
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
    runs=1,
    questions=20,
    rounds=1,
    worst_calls=5,
    proposes=20,
    cold_extra=0,
    inproc_runs=2,
    bulk_runs_small=1,
    session_timeout=60,
)


def sized(plan: Plan, size: int) -> Plan:
    """The plan at `size`: at 1,000,000 memories and above at most two stdio runs, one pass over the
    typical questions, one extra cold-start round and two in-process runs, to keep that size's run
    to a few minutes."""
    if size < 1_000_000:
        return plan
    return replace(
        plan,
        runs=min(plan.runs, 2),
        rounds=1,
        cold_extra=min(plan.cold_extra, 1),
        inproc_runs=min(plan.inproc_runs, 2),
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


def server_pid() -> int:
    """The process this one spawned most recently and that still runs: the server under test."""
    found: list[tuple[int, int]] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = proc.stat(int(entry.name))
        if fields and fields[1] == str(os.getpid()) and fields[0] != "Z":
            found.append((int(fields[19]), int(entry.name)))  # (start time, pid)
    if not found:
        raise RuntimeError("the spawned server process was not found under /proc")
    return max(found)[1]


def kill_if_ours(pid: int | None) -> None:
    """SIGKILL `pid` if it is still a live child of this process (the SDK normally stopped it)."""
    if pid is None:
        return
    fields = proc.stat(pid)
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
    folder: Path  # the SQLite store
    items: list[synthetic.SyntheticMemory]
    info: synthetic.BuildInfo
    typical: list[str]
    typical_matches: list[int]
    worst: str
    worst_matches: int
    proposals: list[dict[str, str]]
    template: str | None = None  # the PostgreSQL database restored from the SQLite store, never written
    template_bytes: int = 0
    copy_s: list[float] = field(default_factory=list)  # CREATE DATABASE ... TEMPLATE, per copy


def prepare(size: int, cache: Path, plan: Plan) -> Prepared:
    started = time.perf_counter()
    items = synthetic.memories(size)
    folder, info = synthetic.cached_store(cache, size, items, say)
    asked = synthetic.pick_questions(folder, plan.questions)
    seconds = time.perf_counter() - started
    say(f"prepared {size:,} in {seconds:.1f} s; worst question matches {asked.counts[asked.worst]:,}")
    return Prepared(
        size=size,
        folder=folder,
        items=items,
        info=info,
        typical=asked.typical,
        typical_matches=[asked.counts[q] for q in asked.typical],
        worst=asked.worst,
        worst_matches=asked.counts[asked.worst],
        proposals=synthetic.proposals(plan.proposes, items),
    )


# -- measurements -------------------------------------------------------------------------------


@dataclass
class Results:
    """Every sample, by (metric, backend, size); each value is one run's figure (a p50, a time ...).
    The bare SDK server's figures are under the backend SHARED."""

    runs: dict[tuple[str, str, int], list[float]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # checks that failed: printed under the table

    def add(self, metric: str, backend: str, size: int, value: float) -> None:
        self.runs.setdefault((metric, backend, size), []).append(value)

    def get(self, metric: str, backend: str, size: int) -> float:
        return median(self.runs.get((metric, backend, size), []))


def open_kit(backend: str, prepared: Prepared, postgres: Any, workdir: Path, database: str) -> PersonaKit:
    """PersonaKit in this process on the store of `backend`: the cached SQLite folder, or (PostgreSQL)
    the database `database`, with only the PostgreSQL plugin loaded."""
    if backend == "sqlite":
        return PersonaKit.open(prepared.folder, environ={"PERSONAKIT_PLUGINS": ""})
    return PersonaKit.open(workdir / "pg-data", environ=postgres_module().environ(postgres.url(database)))


def measure_in_process(
    opener: Callable[[], PersonaKit], backend: str, prepared: Prepared, plan: Plan, results: Results
) -> list[Any]:
    """`kit.read` (the hook call and the boundary check), reads only, on kits `opener` opens: the first
    read after opening (which builds the store's word index in memory, if it keeps one), then the
    timed reads; then every question read again on a second kit with the index off
    (`store.use_memory_index = False`, the SQL ranking), which must answer the same. Returns the
    reads of the first CHECKED_READS typical questions and of the worst one, to compare across
    backends."""
    size = prepared.size
    asked = [*prepared.typical, prepared.worst]
    for _ in range(plan.inproc_runs):
        kit = opener()
        try:
            started = time.perf_counter()
            kit.read(prepared.typical[0], LIMIT)
            results.add("first_read_ms", backend, size, (time.perf_counter() - started) * 1e3)
        finally:
            kit.close()
    kit = opener()
    try:
        for question in prepared.typical[:5]:
            kit.read(question, LIMIT)
        for _ in range(plan.inproc_runs):
            typical = _timed(lambda q: kit.read(q, LIMIT), prepared.typical * plan.rounds)
            worst = _timed(lambda q: kit.read(q, LIMIT), [prepared.worst] * plan.worst_calls)
            results.add("read_inproc_typical_p50", backend, size, p50(typical))
            results.add("read_inproc_typical_p95", backend, size, p95(typical))
            results.add("read_inproc_worst_p50", backend, size, p50(worst))
            results.add("read_inproc_worst_p95", backend, size, p95(worst))
        reads = [msgspec.to_builtins(kit.read(question, LIMIT)) for question in asked]
    finally:
        kit.close()
    _check_without_index(opener, backend, prepared, asked, reads, results)
    return [*reads[:CHECKED_READS], reads[-1]]


def _check_without_index(
    opener: Callable[[], PersonaKit],
    backend: str,
    prepared: Prepared,
    asked: Sequence[str],
    reads: Sequence[Any],
    results: Results,
) -> None:
    """Every question read on a second kit with the store's index in memory off answers as with it."""
    plain = opener()
    try:
        if getattr(plain.store, "use_memory_index", None) is None:
            results.notes.append(f"{prepared.size:,} {backend}: the store has no use_memory_index; reads not compared")
            return
        plain.store.use_memory_index = False  # type: ignore[attr-defined]
        unlike = [
            question
            for question, read in zip(asked, reads, strict=True)
            if msgspec.to_builtins(plain.read(question, LIMIT)) != read
        ]
    finally:
        plain.close()
    if unlike:
        results.failed.append(
            f"{prepared.size:,} {backend}: {len(unlike)} of {len(asked)} reads differ between the index in memory "
            f"and the SQL ranking (use_memory_index off), e.g. {unlike[0]!r}"
            + (" (the worst question among them)" if prepared.worst in unlike else "")
        )
    else:
        results.notes.append(
            f"{prepared.size:,} {backend}: all {len(asked)} questions (the worst included) read the same with the "
            "index in memory and with the SQL ranking (use_memory_index off)"
        )


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


def personakit_parameters(folder: Path, extra: dict[str, str] | None = None) -> StdioServerParameters:
    """`python -m personakit_plugin` on the data folder `folder`; `extra` (the PostgreSQL plugin's
    environment) replaces the default of no third-party plugin."""
    environ = {"PERSONAKIT_DATA_DIR": str(folder), "PERSONAKIT_PLUGINS": "", **(extra or {})}
    return StdioServerParameters(command=sys.executable, args=["-m", "personakit_plugin"], env=_environment(environ))


def bare_parameters() -> StdioServerParameters:
    """The bare server, given PersonaKit's read output schema for `bare_read_schema` to list."""
    environ = {"BARE_READ_OUTPUT_SCHEMA": json.dumps(READ_OUTPUT)}
    return StdioServerParameters(command=sys.executable, args=[str(BARE_SERVER)], env=_environment(environ))


class Meter:
    """CPU seconds spent serving: the server process, and (PostgreSQL) the backends serving it, found
    anew at each sample so a connection opened during a batch is counted too."""

    def __init__(self, pid: int, backends: Callable[[], list[int]] | None = None) -> None:
        self.pid = pid
        self.backends = backends

    def sample(self) -> tuple[float, dict[int, float]]:
        found = {pid: proc.cpu_seconds(pid) for pid in (self.backends() if self.backends else ())}
        return proc.cpu_seconds(self.pid), {pid: value for pid, value in found.items() if value == value}

    @staticmethod
    def spent(before: tuple[float, dict[int, float]], after: tuple[float, dict[int, float]]) -> tuple[float, float]:
        """(server process, database backends) CPU seconds between two samples."""
        database = sum(value - before[1].get(pid, 0.0) for pid, value in after[1].items())
        return after[0] - before[0], database


@dataclass
class Session:
    cold_ms: float
    read_ms: list[float] = field(default_factory=list)
    worst_ms: list[float] = field(default_factory=list)
    propose_ms: list[float] = field(default_factory=list)
    # CPU per call in ms: the server's (its database backends included) and, of it, the backends'
    read_cpu_ms: float = float("nan")
    read_db_cpu_ms: float = float("nan")
    read_client_cpu_ms: float = float("nan")  # this process's CPU per call: the client's side
    schema_read_ms: list[float] = field(default_factory=list)  # the bare server's `bare_read_schema`
    schema_read_client_cpu_ms: float = float("nan")
    worst_cpu_ms: float = float("nan")
    worst_db_cpu_ms: float = float("nan")
    propose_cpu_ms: float = float("nan")
    propose_db_cpu_ms: float = float("nan")
    peak_mib: float = float("nan")
    first_read: Any = None
    proposed_ids: list[str] = field(default_factory=list)
    new: int = 0


async def _call(client: Client, tool: str, arguments: dict[str, Any]) -> Any:
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        raise RuntimeError(f"{tool} answered a tool error: {result.content}")
    return result.structured_content


@dataclass
class Batch:
    samples: list[float]  # ms per call
    server_cpu_ms: float  # per call, database backends included
    db_cpu_ms: float  # per call, the database backends alone
    client_cpu_ms: float  # per call, this process
    answers: list[Any]


async def _batch(client: Client, meter: Meter, tool: str, calls: Sequence[dict[str, Any]]) -> Batch:
    """Latency of each call, and CPU per call over the whole batch."""
    samples, answers = [], []
    before, client_before = meter.sample(), time.process_time()
    for arguments in calls:
        started = time.perf_counter()
        answers.append(await _call(client, tool, arguments))
        samples.append((time.perf_counter() - started) * 1e3)
    client_cpu = time.process_time() - client_before
    server, database = Meter.spent(before, meter.sample())
    made = max(1, len(calls))
    return Batch(samples, (server + database) * 1e3 / made, database * 1e3 / made, client_cpu * 1e3 / made, answers)


async def stdio_session(
    kind: str,
    parameters: StdioServerParameters,
    prepared: Prepared,
    plan: Plan,
    log: Path,
    calls: bool,
    backends: Callable[[], list[int]] | None = None,
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
                    expected = 3 if kind == "bare" else 2
                    if len(tools.tools) != expected:
                        raise RuntimeError(f"{kind} listed {len(tools.tools)} tools, not {expected}")
                    if calls:
                        await _exercise(kind, client, Meter(pid, backends), session, prepared, plan)
                    return session
        finally:
            kill_if_ours(pid)


async def _exercise(kind: str, client: Client, meter: Meter, session: Session, prepared: Prepared, plan: Plan) -> None:
    bare = kind == "bare"
    read_tool, propose_tool = ("bare_read", "bare_propose") if bare else ("personakit_read", "personakit_propose")
    reads = [{"question": q, "limit": LIMIT} for q in prepared.typical * plan.rounds]
    for arguments in reads[:5]:  # warm up: first-call costs are the cold start's, not a read's
        await _call(client, read_tool, arguments)
    session.first_read = await _call(client, read_tool, reads[0])
    batch = await _batch(client, meter, read_tool, reads)
    session.read_ms, session.read_cpu_ms, session.read_db_cpu_ms = batch.samples, batch.server_cpu_ms, batch.db_cpu_ms
    session.read_client_cpu_ms = batch.client_cpu_ms
    if bare:  # the same calls to the tool that lists PersonaKit's output schema
        batch = await _batch(client, meter, "bare_read_schema", reads)
        session.schema_read_ms, session.schema_read_client_cpu_ms = batch.samples, batch.client_cpu_ms
    else:
        worst = [{"question": prepared.worst, "limit": LIMIT}] * plan.worst_calls
        batch = await _batch(client, meter, read_tool, worst)
        session.worst_ms, session.worst_cpu_ms, session.worst_db_cpu_ms = (
            batch.samples,
            batch.server_cpu_ms,
            batch.db_cpu_ms,
        )
    session.peak_mib = proc.peak_rss_mib(meter.pid)
    batch = await _batch(client, meter, propose_tool, [dict(p) for p in prepared.proposals])
    session.propose_ms, session.propose_cpu_ms, session.propose_db_cpu_ms = (
        batch.samples,
        batch.server_cpu_ms,
        batch.db_cpu_ms,
    )
    session.proposed_ids = [answer["id"] for answer in batch.answers]
    session.new = sum(bool(answer.get("new")) for answer in batch.answers)


def check_durable(folder: Path, ids: Sequence[str]) -> bool:
    """Every acknowledged proposal is in the database file a fresh connection opens."""
    db = sqlite3.connect(f"file:{folder / FILE_NAME}?mode=ro", uri=True)
    try:
        marks = ",".join("?" * len(set(ids)))
        found = db.execute(f"SELECT count(*) FROM memories WHERE id IN ({marks})", tuple(set(ids))).fetchone()[0]
        return bool(found == len(set(ids)))
    finally:
        db.close()


def _record(results: Results, backend: str, size: int, session: Session) -> None:
    if backend == SHARED:
        for metric, value in (
            ("bare_read_p50", p50(session.read_ms)),
            ("bare_read_p95", p95(session.read_ms)),
            ("bare_propose_p50", p50(session.propose_ms)),
            ("bare_propose_p95", p95(session.propose_ms)),
            ("bare_read_cpu", session.read_cpu_ms),
            ("bare_read_client_cpu", session.read_client_cpu_ms),
            ("bare_schema_read_p50", p50(session.schema_read_ms)),
            ("bare_schema_read_client_cpu", session.schema_read_client_cpu_ms),
            ("bare_propose_cpu", session.propose_cpu_ms),
            ("bare_peak_mib", session.peak_mib),
        ):
            results.add(metric, SHARED, size, value)
        return
    for metric, value in (
        ("read_stdio_typical_p50", p50(session.read_ms)),
        ("read_stdio_typical_p95", p95(session.read_ms)),
        ("read_stdio_worst_p50", p50(session.worst_ms)),
        ("read_stdio_worst_p95", p95(session.worst_ms)),
        ("propose_stdio_p50", p50(session.propose_ms)),
        ("propose_stdio_p95", p95(session.propose_ms)),
        ("read_cpu", session.read_cpu_ms),
        ("read_client_cpu", session.read_client_cpu_ms),
        ("worst_cpu", session.worst_cpu_ms),
        ("propose_cpu", session.propose_cpu_ms),
        ("peak_mib", session.peak_mib),
    ):
        results.add(metric, backend, size, value)
    if backend == "postgres":
        results.add("read_db_cpu", backend, size, session.read_db_cpu_ms)
        results.add("worst_db_cpu", backend, size, session.worst_db_cpu_ms)
        results.add("propose_db_cpu", backend, size, session.propose_db_cpu_ms)


async def measure_stdio(
    prepared: Prepared,
    plan: Plan,
    workdir: Path,
    results: Results,
    first: dict[str, Any],
    backends: Sequence[str],
    postgres: Any,
) -> None:
    """`plan.runs` runs; in each, the bare server and every backend's server in turn (the order
    rotates from run to run), each backend on a fresh copy of its store."""
    size = prepared.size
    logs = workdir / "logs"
    logs.mkdir(exist_ok=True)
    cold: dict[str, list[float]] = {kind: [] for kind in (SHARED, *backends)}
    kinds = [SHARED, *backends]
    for run in range(plan.runs):
        copy = workdir / f"store-{size}-run{run}"
        database = f"run_{size}_{run}"
        parameters: dict[str, StdioServerParameters] = {SHARED: bare_parameters()}
        meters: dict[str, Callable[[], list[int]] | None] = {SHARED: None}
        if "sqlite" in backends:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(prepared.folder, copy)
            parameters["sqlite"], meters["sqlite"] = personakit_parameters(copy), None
        if "postgres" in backends:
            assert prepared.template is not None
            started = time.perf_counter()
            url = postgres.create(database, template=prepared.template)
            prepared.copy_s.append(time.perf_counter() - started)
            postgres.checkpoint()  # the copy's writes land now, not during the measurement
            environ = postgres_module().environ(url)
            parameters["postgres"] = personakit_parameters(workdir / "pg-data", environ)
            meters["postgres"] = partial(postgres.backends, database)
        try:
            order = kinds[run % len(kinds) :] + kinds[: run % len(kinds)]
            for kind in order:
                name = "bare" if kind == SHARED else kind
                session = await stdio_session(
                    name, parameters[kind], prepared, plan, logs / f"{name}-{size}.log", True, meters[kind]
                )
                cold[kind].append(session.cold_ms)
                _record(results, kind, size, session)
                if kind == SHARED:
                    continue
                if run == 0 and session.first_read != first[kind]:
                    results.failed.append(
                        f"{size:,} {kind}: the stdio read and the in-process read of one question differ"
                    )
                durable = (
                    check_durable(copy, session.proposed_ids)
                    if kind == "sqlite"
                    else postgres_module().stored(postgres.url(database), session.proposed_ids)
                )
                if not durable:
                    results.failed.append(f"{size:,} {kind}: an acknowledged proposal is missing from the store")
                if run == 0:
                    results.notes.append(
                        f"{size:,} {kind}: {session.new} of {len(session.proposed_ids)} proposals per run were new "
                        "memories; every acknowledged id was found afterwards"
                        + ("" if durable else " (NOT: see above)")
                        + (" by a fresh PostgresStore" if kind == "postgres" else " by a fresh connection")
                    )
            for extra in range(plan.cold_extra):
                for kind in order if extra % 2 else reversed(order):
                    name = "bare" if kind == SHARED else kind
                    session = await stdio_session(name, parameters[kind], prepared, plan, logs / f"{name}-cold", False)
                    cold[kind].append(session.cold_ms)
        finally:
            shutil.rmtree(copy, ignore_errors=True)
            if "postgres" in backends:
                postgres.drop(database)
        say(f"{size:,}: stdio run {run + 1} of {plan.runs} done")
    results.add("bare_cold_ms", SHARED, size, median(cold[SHARED]))
    for backend in backends:
        results.add("cold_ms", backend, size, median(cold[backend]))
        results.add("cold_ratio", backend, size, median(cold[backend]) / median(cold[SHARED]))
        peak = results.get("peak_mib", backend, size) / results.get("bare_peak_mib", SHARED, size)
        results.add("peak_ratio", backend, size, peak)


def measure_commit_floors(size: int, backends: Sequence[str], workdir: Path, postgres: Any, results: Results) -> None:
    if "sqlite" in backends:
        floor = durable_commit_ms(workdir)
        results.add("commit_p50", "sqlite", size, p50(floor))
        results.add("commit_p95", "sqlite", size, p95(floor))
    if "postgres" in backends:
        floor = postgres.commit_ms()
        results.add("commit_p50", "postgres", size, p50(floor))
        results.add("commit_p95", "postgres", size, p95(floor))


def measure_bulk_sqlite(prepared: Prepared, plan: Plan, workdir: Path, results: Results) -> None:
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
        results.add("bulk_s", "sqlite", prepared.size, time.perf_counter() - started)
        results.add("bulk_cpu_s", "sqlite", prepared.size, time.process_time() - cpu)
        shutil.rmtree(folder, ignore_errors=True)
        results.add("bulk_floor_s", "sqlite", prepared.size, synthetic.write_plain_rows(folder, prepared.items))
        shutil.rmtree(folder, ignore_errors=True)


REJECTS = 5  # single rejects timed per size, each on its own memory
BATCH_REJECTS = 100  # memories in one `personakit reject ID...`


def measure_reject_sqlite(prepared: Prepared, workdir: Path, results: Results) -> None:
    """What a reject costs the owner, on a copy of the store: `decide(id, "reject")` with its erasure
    (the transaction, VACUUM, the emptied write-ahead log), beside a restrict of another memory (the
    same transaction without the erasure); then `decide_many` of BATCH_REJECTS memories at once, as
    `personakit reject ID...` does."""
    copy = workdir / "reject"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(prepared.folder, copy)
    store = SqliteStore.open(copy)
    try:
        wanted = 2 * REJECTS + BATCH_REJECTS
        unconfirmed = store._db.execute("SELECT id FROM memories WHERE state = 'unconfirmed' LIMIT ?", (wanted,))
        ids = [row[0] for row in unconfirmed]
        singles, kept, batch = ids[:REJECTS], ids[REJECTS : 2 * REJECTS], ids[2 * REJECTS :]
        rejects = _timed(lambda memory: store.decide(memory, "reject", time.time()), singles)
        restricts = _timed(lambda memory: store.decide(memory, "restrict", time.time()), kept)
        started = time.perf_counter()
        store.decide_many(batch, "reject", time.time())
        results.add("reject_batch_s", "sqlite", prepared.size, time.perf_counter() - started)
    finally:
        store.close()
        shutil.rmtree(copy, ignore_errors=True)
    results.add("reject_p50", "sqlite", prepared.size, p50(rejects))
    results.add("restrict_p50", "sqlite", prepared.size, p50(restricts))


def measure_bulk_postgres(prepared: Prepared, plan: Plan, postgres: Any, results: Results) -> None:
    """`PostgresStore.restore` of the SQLite store's dump into a fresh database, timed from opening the
    store to closing it; the first one is kept (settled: VACUUM ANALYZE, CHECKPOINT) as the template
    every later PostgreSQL measurement of this size copies."""
    store = SqliteStore.open(prepared.folder)
    try:
        dump = store.dump()
    finally:
        store.close()
    runs = plan.bulk_runs_small if prepared.size < 50_000 else 1
    template = f"store_{prepared.size}"
    for run in range(runs):
        name = template if run == 0 else f"bulk_{prepared.size}"
        timing = postgres.restore(name, dump)
        if timing.created != len(dump):
            results.failed.append(f"{prepared.size:,} postgres: the restore created {timing.created} of {len(dump)}")
        results.add("bulk_s", "postgres", prepared.size, timing.seconds)
        results.add("bulk_cpu_s", "postgres", prepared.size, timing.client_cpu)
        results.add("bulk_db_cpu_s", "postgres", prepared.size, timing.server_cpu)
        if run:
            postgres.drop(name)
    postgres.settle(template)
    prepared.template = template
    prepared.template_bytes = postgres.database_bytes(template)


# -- the table ----------------------------------------------------------------------------------

EACH = BACKENDS
MILLION = 1_000_000


@dataclass(frozen=True)
class Base:
    """What a figure is shown beside: `metric` of `backend` (None: the figure's own backend) at the
    same size, as a ratio (`value (1.12x)`) or, with `plus`, as a difference (`value (+0.42 ms)`)."""

    metric: str
    backend: str | None = SHARED
    plus: bool = False
    name: str = "bare"  # how the target names it
    judges: bool = True  # the target is on the ratio (or difference); False: shown beside, the target absolute


@dataclass(frozen=True)
class Row:
    label: str
    metric: str
    unit: str  # "ms", "s", "MiB", "x"
    # size -> the target (EVERY: every size), judged on the lines of `judged`: at most this value, or
    # with a `base` that judges, at most this ratio to it (for a `plus` base, at most this much above it)
    target: dict[int, float] = field(default_factory=dict)
    base: Base | None = None
    baseline: bool = False  # an indented baseline row under the figure it belongs to
    backends: tuple[str, ...] = EACH  # one line per backend; (SHARED,) for the bare server's figures
    judged: tuple[str, ...] = ("sqlite",)  # the lines `target` applies to (the targets are SQLite's)
    pg_vs_sqlite: bool = False  # the PostgreSQL line is shown beside SQLite's figure, not `base`
    pg_target: dict[int, float] = field(default_factory=dict)  # its ratio to SQLite's, at most


EVERY = 0  # a target's size key meaning every size of the run

ROWS: tuple[Row, ...] = (
    Row(
        "read over stdio, typical, p50",
        "read_stdio_typical_p50",
        "ms",
        {100_000: 1.15},
        Base("bare_read_p50"),
        pg_vs_sqlite=True,
        pg_target={100_000: 1.3},
    ),
    Row("read over stdio, typical, p95", "read_stdio_typical_p95", "ms", {EVERY: 1.3}, Base("bare_read_p95")),
    Row("bare SDK tool (same answer size), p50", "bare_read_p50", "ms", baseline=True, backends=(SHARED,)),
    Row("bare SDK tool (same answer size), p95", "bare_read_p95", "ms", baseline=True, backends=(SHARED,)),
    Row(
        "bare SDK tool listing PersonaKit's output schema, p50",
        "bare_schema_read_p50",
        "ms",
        baseline=True,
        backends=(SHARED,),
    ),
    Row("server CPU per typical read", "read_cpu", "ms", {EVERY: 0.3}, Base("bare_read_cpu", plus=True)),
    Row("  of which in PostgreSQL backends", "read_db_cpu", "ms", backends=("postgres",)),
    Row("bare SDK server CPU per call", "bare_read_cpu", "ms", baseline=True, backends=(SHARED,)),
    Row("client CPU per typical read (official client)", "read_client_cpu", "ms", base=Base("bare_read_client_cpu")),
    Row("client CPU per call to the bare SDK tool", "bare_read_client_cpu", "ms", baseline=True, backends=(SHARED,)),
    Row(
        "client CPU per call, PersonaKit's output schema",
        "bare_schema_read_client_cpu",
        "ms",
        baseline=True,
        backends=(SHARED,),
    ),
    Row(
        "read over stdio, worst question, p50",
        "read_stdio_worst_p50",
        "ms",
        base=Base("bare_read_p50"),
        pg_vs_sqlite=True,
        pg_target={100_000: 2.0},
    ),
    Row("read over stdio, worst question, p95", "read_stdio_worst_p95", "ms", base=Base("bare_read_p95")),
    Row("server CPU per worst read", "worst_cpu", "ms", base=Base("bare_read_cpu", plus=True)),
    Row("  of which in PostgreSQL backends", "worst_db_cpu", "ms", backends=("postgres",)),
    Row("read scaling: stdio typical p50 / smallest size", "read_scaling", "x"),
    Row("read scaling: in-process typical p50 / smallest", "read_scaling_inproc", "x"),
    Row(
        "read in-process (kit.read), typical, p50",
        "read_inproc_typical_p50",
        "ms",
        {100_000: 0.3, MILLION: 1.0},
        pg_vs_sqlite=True,
    ),
    Row("read in-process (kit.read), typical, p95", "read_inproc_typical_p95", "ms", pg_vs_sqlite=True),
    Row(
        "read in-process (kit.read), worst, p50",
        "read_inproc_worst_p50",
        "ms",
        {100_000: 3.0, MILLION: 30.0},
        pg_vs_sqlite=True,
    ),
    Row("read in-process (kit.read), worst, p95", "read_inproc_worst_p95", "ms", pg_vs_sqlite=True),
    Row("first read after open (builds the index)", "first_read_ms", "ms", pg_vs_sqlite=True),
    Row("propose over stdio (durable), p50", "propose_stdio_p50", "ms", base=Base("bare_propose_p50")),
    Row("propose over stdio (durable), p95", "propose_stdio_p95", "ms", base=Base("bare_propose_p95")),
    Row("bare SDK tool, p50", "bare_propose_p50", "ms", baseline=True, backends=(SHARED,)),
    Row("bare SDK tool, p95", "bare_propose_p95", "ms", baseline=True, backends=(SHARED,)),
    Row("one small durable commit, p50", "commit_p50", "ms", baseline=True),
    Row("server CPU per propose", "propose_cpu", "ms", {EVERY: 0.7}, Base("bare_propose_cpu", plus=True)),
    Row("  of which in PostgreSQL backends", "propose_db_cpu", "ms", backends=("postgres",)),
    Row("bare SDK server CPU per propose call", "bare_propose_cpu", "ms", baseline=True, backends=(SHARED,)),
    Row("cold start: spawn -> initialize + tools/list", "cold_ms", "ms", {EVERY: 1.0}, Base("bare_cold_ms")),
    Row("bare SDK server", "bare_cold_ms", "ms", baseline=True, backends=(SHARED,)),
    Row(
        "peak memory (VmHWM) after the reads",
        "peak_mib",
        "MiB",
        {100_000: 30.0, MILLION: 150.0},
        Base("bare_peak_mib", plus=True),
    ),
    Row("bare SDK server", "bare_peak_mib", "MiB", baseline=True, backends=(SHARED,)),
    Row(
        "reject one memory (erased: VACUUM, log emptied), p50",
        "reject_p50",
        "ms",
        {100_000: 500.0},
        Base("restrict_p50", None, name="restrict", judges=False),
        backends=("sqlite",),
    ),
    Row("restrict one memory (no erasure), p50", "restrict_p50", "ms", baseline=True, backends=("sqlite",)),
    Row(
        f"reject {BATCH_REJECTS} memories at once (decide_many)",
        "reject_batch_s",
        "s",
        {100_000: 5.0, MILLION: 5.0},
        backends=("sqlite",),
    ),
    Row(
        "bulk import (SQLite: bulk_propose, PG: restore)",
        "bulk_s",
        "s",
        {MILLION: 60.0},
        Base("bulk_floor_s", None, name="plain rows", judges=False),
    ),
    Row("of which CPU in this process", "bulk_cpu_s", "s", baseline=True),
    Row("of which CPU in PostgreSQL backends", "bulk_db_cpu_s", "s", baseline=True, backends=("postgres",)),
    Row("same rows, one SQLite transaction", "bulk_floor_s", "s", baseline=True, backends=("sqlite",)),
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
    return f"{value:.2f} ms" if value < 9.995 else f"{value:.1f} ms" if value < 99.95 else f"{value:.0f} ms"


def _difference(value: float, unit: str) -> str:
    if unit == "MiB":
        return f"{value:+.1f} MiB"
    if unit == "s":
        return f"{value:+.2f} s"
    return f"{value:+.2f} ms" if abs(value) < 9.995 else f"{value:+.1f} ms"


def _base(row: Row, backend: str, backends: Sequence[str]) -> Base | None:
    """What the line of `backend` in `row` is shown beside (and judged against, if it has a target)."""
    if backend == SHARED or row.baseline:
        return None
    if backend == "postgres" and row.pg_vs_sqlite and "sqlite" in backends:
        return Base(row.metric, "sqlite", name="SQLite", judges=bool(row.pg_target))
    if row.base is not None and row.base.backend is None:
        return replace(row.base, backend=backend)
    if row.base is not None and row.base.backend == "sqlite" and backend != "sqlite":
        return None
    return row.base


def _target_for(row: Row, backend: str, size: int) -> float | None:
    if backend == SHARED or row.baseline:
        return None
    if backend == "postgres" and row.pg_vs_sqlite:
        targets = row.pg_target
    elif backend in row.judged:
        targets = row.target
    else:
        return None
    return targets[size] if size in targets else targets.get(EVERY)


def _share(value: float, base_value: float | None, base: Base | None, target: float) -> float:
    """The figure's ratio to its target: value / target; with a base, (value / base) / target, or
    for a `plus` base the difference over the allowance."""
    if base is None or base_value is None or not base.judges:
        return value / target
    if base.plus:
        return (value - base_value) / target
    return (value / base_value) / target


def _target_text(row: Row, backend: str, backends: Sequence[str]) -> str:
    """The target of a line, e.g. `<= 0.3 ms @100k, 1 ms @1M`, `<= 1.15x bare @100k`, `<= bare + 0.3 ms`."""
    if backend == "postgres" and row.pg_vs_sqlite:
        targets = row.pg_target
    elif backend in row.judged:
        targets = row.target
    else:
        return ""
    base = _base(row, backend, backends)
    parts = [
        _limit(row, base, limit) + ("" if size == EVERY else f" @{_short(size)}") for size, limit in targets.items()
    ]
    return "<= " + ", ".join(parts) if parts else ""


def _limit(row: Row, base: Base | None, limit: float) -> str:
    unit = "" if row.unit == "x" else f" {row.unit}"
    if base is None or not base.judges:
        return f"{limit:g}{unit}"
    if base.plus:
        return f"{base.name} + {limit:g}{unit}"
    return f"{limit:g}x {base.name}"


def _short(size: int) -> str:
    return f"{size // MILLION}M" if size % MILLION == 0 else f"{size // 1000}k" if size % 1000 == 0 else str(size)


@dataclass
class Verdict:
    row: str
    backend: str
    size: int
    share: float

    @property
    def ok(self) -> bool:
        return self.share <= 1

    def text(self) -> str:
        share = f"{self.share:.2f}x" if self.share < 10 else f"{self.share:.1f}x"
        return f"{_short(self.size)}: " + (f"ok ({share})" if self.ok else f"MISS ({share})")


def _cell(row: Row, backend: str, backends: Sequence[str], results: Results, size: int) -> str:
    value = results.get(row.metric, backend, size)
    shown = _value(value, row.unit)
    base = _base(row, backend, backends)
    if base is None or value != value:
        return shown
    against = results.get(base.metric, base.backend or backend, size)
    if against != against:
        return shown
    if base.plus:
        return f"{shown} ({_difference(value - against, row.unit)})"
    return f"{shown} ({value / against:.2f}x)" if against else shown


def verdicts(results: Results, sizes: Sequence[int], backends: Sequence[str]) -> list[Verdict]:
    """Every target judged, at each size of the run it has one for."""
    found = []
    for row in ROWS:
        for backend in row.backends:
            if backend not in backends:
                continue
            base = _base(row, backend, backends)
            for size in sizes:
                target = _target_for(row, backend, size)
                value = results.get(row.metric, backend, size)
                if target is None or value != value:
                    continue
                against = results.get(base.metric, base.backend or backend, size) if base else None
                if against is not None and against != against:
                    continue
                found.append(Verdict(row.label, backend, size, _share(value, against, base, target)))
    return found


def table(results: Results, sizes: Sequence[int], backends: Sequence[str]) -> str:
    """One group of lines per metric: a line per backend (or one for a shared baseline), a column
    per size (each figure beside its baseline), the target and the verdict at every size that has
    one, as the figure's ratio to the target."""
    smallest = sizes[0]
    for backend in backends:
        for size in sizes:
            for metric, base in (
                ("read_scaling", "read_stdio_typical_p50"),
                ("read_scaling_inproc", "read_inproc_typical_p50"),
            ):
                ratio = results.get(base, backend, size) / results.get(base, backend, smallest)
                results.runs[(metric, backend, size)] = [ratio]
    judged = verdicts(results, sizes, backends)
    header = ["metric (median of runs)", "backend", *(f"{size:,}" for size in sizes), "target", "verdict"]
    lines: list[list[str]] = [header]
    for row in ROWS:
        chosen = [backend for backend in row.backends if backend == SHARED or backend in backends]
        for number, backend in enumerate(chosen):
            label = (("  baseline: " if row.baseline else "") + row.label) if number == 0 else ""
            cells = [_cell(row, backend, backends, results, size) for size in sizes]
            target = _target_text(row, backend, backends)
            verdict = ", ".join(v.text() for v in judged if v.row == row.label and v.backend == backend)
            lines.append([label, "" if backend == SHARED else backend, *cells, target, verdict])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for number, line in enumerate(lines):
        cells = [line[0].ljust(widths[0]), line[1].ljust(widths[1])]
        cells += [cell.rjust(widths[i + 2]) for i, cell in enumerate(line[2:-2])]
        cells += [line[-2].ljust(widths[-2]), line[-1]]
        out.append("  ".join(cells).rstrip())
        if number == 0:
            out.append("-" * max(len(text) for text in out))
    return "\n".join(out)


# -- main ---------------------------------------------------------------------------------------


def postgres_module() -> ModuleType:
    """`pg.py`, imported on first use: it needs the personakit-store-postgres package."""
    import pg

    return pg


@contextmanager
def folder(cache_dir: str | None) -> Iterator[Path]:
    if cache_dir:
        path = Path(cache_dir)
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="personakit-bench-") as temporary:
        yield Path(temporary)


def start_postgres() -> tuple[Any, str | None]:
    """A running throwaway cluster, or None and the reason there is none."""
    try:
        pg = postgres_module()
    except ImportError as error:
        return None, f"the personakit-store-postgres package is not installed ({error})"
    try:
        return pg.Postgres.start(), None
    except pg.Unavailable as reason:
        return None, str(reason)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", help="comma-separated store sizes, e.g. 1000,10000,100000 (default those three)")
    parser.add_argument("--backends", default=",".join(BACKENDS), help="comma-separated: sqlite, postgres (both)")
    parser.add_argument("--quick", action="store_true", help="small sizes and few runs: a smoke test")
    parser.add_argument(
        "--million",
        action="store_true",
        help="add 1,000,000 memories to the sizes (builds that store the first time: a few minutes more)",
    )
    parser.add_argument("--cache-dir", help="keep the built SQLite stores here and reuse them next time")
    parser.add_argument("--json", help="also write every sample to this file")
    args = parser.parse_args(argv)
    plan = QUICK_PLAN if args.quick else DEFAULT_PLAN
    if args.sizes:
        sizes = tuple(sorted(int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()))
        plan = replace(plan, sizes=sizes)
    if args.million and 1_000_000 not in plan.sizes:
        plan = replace(plan, sizes=(*plan.sizes, 1_000_000))
    backends = [name.strip() for name in args.backends.split(",") if name.strip()]
    unknown = sorted(set(backends) - set(BACKENDS))
    if unknown or not backends:
        parser.error(f"--backends takes {' and '.join(BACKENDS)}, not {', '.join(unknown) or 'nothing'}")
    backends = [name for name in BACKENDS if name in backends]
    started = time.perf_counter()
    about = machine()
    results = Results()
    details: list[str] = []
    phases: dict[str, float] = {}
    postgres: Any = None
    if "postgres" in backends:
        say("starting a throwaway PostgreSQL cluster")
        postgres, reason = start_postgres()
        if postgres is None:
            print(f"PostgreSQL is not available, so only SQLite is measured: {reason}", file=sys.stderr, flush=True)
            backends = ["sqlite"]
            results.notes.append(f"PostgreSQL was not measured: {reason}")
        else:
            about.update(postgres.about())
    try:
        with folder(args.cache_dir) as cache, tempfile.TemporaryDirectory(prefix="personakit-bench-work-") as work:
            workdir = Path(work)
            for size in plan.sizes:
                prepared = _measure_size(size, cache, workdir, plan, backends, postgres, results, phases)
                details.extend(_details(prepared, backends))
    finally:
        if postgres is not None:
            postgres.stop()
    elapsed = time.perf_counter() - started
    about["load at end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    _report(plan, backends, about, results, details, phases, elapsed, args.json)
    return 0


def _measure_size(
    size: int,
    cache: Path,
    workdir: Path,
    plan: Plan,
    backends: Sequence[str],
    postgres: Any,
    results: Results,
    phases: dict[str, float],
) -> Prepared:
    mark = time.perf_counter()
    plan = sized(plan, size)

    def phase(name: str) -> None:
        nonlocal mark
        phases[f"{size:,} {name}"] = time.perf_counter() - mark
        mark = time.perf_counter()

    prepared = prepare(size, cache, plan)
    phase("build")
    if "postgres" in backends:
        measure_bulk_postgres(prepared, plan, postgres, results)
        phase("postgres restore")
    first: dict[str, Any] = {}
    reads: dict[str, list[Any]] = {}
    for backend in backends:
        database = f"inproc_{size}"
        if backend == "postgres":
            postgres.create(database, template=prepared.template)
        opener = partial(open_kit, backend, prepared, postgres, workdir, database)
        try:
            reads[backend] = measure_in_process(opener, backend, prepared, plan, results)
        finally:
            if backend == "postgres":
                postgres.drop(database)
        first[backend] = reads[backend][0]
    if len(reads) == 2:
        differ = sum(a != b for a, b in zip(reads["sqlite"], reads["postgres"], strict=True))
        compared = f"{size:,}: in-process reads of {len(reads['sqlite'])} questions (the worst included) compared"
        if differ:
            results.failed.append(f"{compared} across backends: {differ} differ between SQLite and PostgreSQL")
        else:
            results.notes.append(f"{compared} across backends: identical on SQLite and PostgreSQL")
    phase("in-process")
    anyio.run(measure_stdio, prepared, plan, workdir, results, first, backends, postgres)
    phase("stdio")
    measure_commit_floors(size, backends, workdir, postgres, results)
    if "sqlite" in backends:
        measure_bulk_sqlite(prepared, plan, workdir, results)
        phase("sqlite bulk import")
        measure_reject_sqlite(prepared, workdir, results)
        phase("sqlite reject")
    if prepared.template is not None:
        postgres.drop(prepared.template)
    say(f"{size:,} done")
    return prepared


def _details(prepared: Prepared, backends: Sequence[str]) -> list[str]:
    size = prepared.size
    states = ", ".join(f"{count:,} {state}" for state, count in sorted(prepared.info.states.items()))
    matches = sorted(prepared.typical_matches)
    found = [
        f"{size:,}: {states}; {prepared.info.quotes:,} quotes; SQLite file {prepared.info.database_bytes / 2**20:.1f} "
        f"MiB; typical questions match {matches[len(matches) // 2]:,} memories (median), {max(matches):,} (most); "
        f"the worst question matches {prepared.worst_matches:,}: {prepared.worst!r}"
    ]
    if "postgres" in backends:
        found.append(
            f"{size:,}: PostgreSQL database {prepared.template_bytes / 2**20:.1f} MiB after the restore; a fresh copy "
            f"for each run (CREATE DATABASE ... TEMPLATE) took {median(prepared.copy_s):.2f} s (median)"
        )
    return found


def _report(
    plan: Plan,
    backends: Sequence[str],
    about: dict[str, str],
    results: Results,
    details: list[str],
    phases: dict[str, float],
    elapsed: float,
    json_path: str | None,
) -> None:
    runs_note = (
        f"runs: {plan.runs} stdio runs per size (the typical questions x {plan.rounds}, "
        f"{plan.worst_calls} worst reads, {plan.proposes} proposals each, per server; cold start median of "
        f"{plan.runs * (1 + plan.cold_extra)} spawns of each server), {plan.inproc_runs} in-process runs; "
        f"bulk import {plan.bulk_runs_small} runs below 50,000, 1 above; backends: {', '.join(backends)}"
    )
    if any(size >= 1_000_000 for size in plan.sizes):
        big = sized(plan, 1_000_000)
        runs_note += (
            f"; at 1,000,000: {big.runs} stdio runs, the typical questions x {big.rounds}, cold start median of "
            f"{big.runs * (1 + big.cold_extra)} spawns, {big.inproc_runs} in-process runs"
        )
    print("PersonaKit benchmark")
    print("machine: " + "; ".join(f"{key} {value}" for key, value in about.items()))
    print(runs_note)
    print()
    print(table(results, plan.sizes, backends))
    print()
    print("p50/p95 are per run; each cell is the median over runs, followed by its ratio to its baseline of the same")
    print("run: '(1.12x)', or '(+0.42 ms)' where the target allows a difference; a PostgreSQL line whose target names")
    print(
        "SQLite is beside SQLite's figure. The verdict is the figure's ratio to its target at each size that has one."
    )
    print("'server CPU' is user+system time of the server process (for PostgreSQL plus its backends) over a batch,")
    print("divided by the calls (load-independent). Bulk import: SQLite bulk_propose (every memory, its first quote,")
    print("one durable transaction); PostgreSQL restore of the SQLite store's dump (every memory with its states,")
    print("quotes and history, batched COPY): different operations.")
    judged = verdicts(results, plan.sizes, backends)
    missed = [v for v in judged if not v.ok]
    print(f"targets: {len(judged) - len(missed)} of {len(judged)} judged met, {len(missed)} missed (see 'verdict')")
    print("failed checks: " + ("none" if not results.failed else str(len(results.failed))))
    for line in results.failed:
        print("- FAILED: " + line)
    for line in details + results.notes:
        print("- " + line)
    print("phases: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in phases.items()))
    print(f"total run time: {elapsed:.0f} s")
    if json_path:
        samples: dict[str, dict[str, list[float]]] = {}
        for (metric, backend, size), values in results.runs.items():
            samples.setdefault(backend, {})[f"{metric}@{size}"] = values
        payload = {
            "machine": about,
            "plan": plan.__dict__,
            "backends": list(backends),
            "samples": samples,
            "details": details,
            "notes": results.notes,
            "failed": results.failed,
            "verdicts": [v.__dict__ | {"ok": v.ok} for v in judged],
            "phases": phases,
            "seconds": elapsed,
        }
        Path(json_path).write_text(json.dumps(payload, indent=2))


if __name__ == "__main__":
    sys.exit(main())
