"""The PostgreSQL store's word index against the designs it was chosen over, for the same ranking.

    python benchmarks/pg_word_index.py [--sizes 10000,100000] [--rounds 5] [--worst-calls 41]
                                       [--writes 1000] [--cache-dir DIR] [--explain]

`personakit_store_postgres` keeps its word index in `memories` itself: a column `words tsvector`
holding each content word of the text as 16 hex digits of its SHA-256 (`word_key`), with a GIN
index, and ranks a read (`top_matches`) in one pass over the memories the index finds, the matched
count being `length(words) - length(ts_delete(words, keys))`. This script defines, in its own SQL:

- `hex`: that design, built here from `content_words` of each text (and checked to be what
  `PostgresStore.restore` wrote);
- `words`: the store's previous design, a table `words (word bigint, memory_id)` (the word as the
  first 8 bytes of its SHA-256, signed) with the primary key (word, memory_id) and an index on
  memory_id, ranked by counting the question's words per memory (`GROUP BY memory_id`) and joining
  back to `memories`: once for the restricted count, once with every column for the shown memories
  (as it ran), and once, with only the ranking columns (the better way to query that table);
- `lexemes`: a `tsvector` of the words themselves (`array_to_tsvector`, never PostgreSQL's parser)
  with a GIN index, queried as `hex` with the question's words as quoted lexemes;
- `plain`: no word index at all, the floor under a write.

Each design is its own database, a copy of the synthetic store restored from `synthetic.py`'s SQLite
store by `PostgresStore.restore`, its word index replaced, the table rewritten, vacuumed and analysed.
Every variant must return exactly what `PostgresStore.top_matches` returns on the restored store for
every question (the top 7 with all their columns and matched counts, in the contract's order: matched
desc, approved before unconfirmed, touched desc, id; and the restricted count), else the script stops.
It prints, per variant, the p50/p95 wall time of the top-7 read from Python (one autocommit psycopg
connection each, as the store's), the cost of writing new memories with their index entries (one
durable transaction each) and the write-ahead log they write, the size of each index, then the
conclusion; with `--explain`, the plans of the store's query at the largest size.

Needs the personakit-store-postgres package; runs on a throwaway cluster it stops in `finally`.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pg
import psycopg
import synthetic
from personakit_store_postgres import PostgresStore
from personakit_store_postgres.store import word_key

from personakit_plugin.core.store import MEMORY_COLUMNS
from personakit_plugin.core.words import content_words, memory_id
from personakit_plugin.storage.sqlite import SqliteStore

LIMIT = 7
SCHEMA = "personakit"
Row = tuple[Any, ...]
Answer = tuple[tuple[Row, ...], int]  # the shown memories (7 columns and matched) and the restricted count
ORDER = "m.matched DESC, m.state <> 'approved', m.touched DESC, m.id"  # over rows `m` with a `matched` column
ALL_COLUMNS = ", ".join(f"m.{column}" for column in MEMORY_COLUMNS.split(", "))


def bigint_key(word: str) -> int:
    """The previous store's word key: the first 8 bytes of the word's SHA-256, as a signed bigint."""
    return int.from_bytes(hashlib.sha256(word.encode()).digest()[:8], "big", signed=True)


def tsquery(lexemes: Sequence[str]) -> str:
    """An OR tsquery of `lexemes`, each quoted: taken as it is (no parser, no normalisation), a quote
    doubled and a backslash escaped inside."""
    return " | ".join("'" + w.replace("\\", "\\\\").replace("'", "''") + "'" for w in sorted(lexemes))


def parameters(text: str) -> dict[str, Any]:
    """Every form of the content words of `text` a query or an insert of some design takes."""
    words = sorted(content_words(text))
    hex_keys = sorted({word_key(w) for w in words})
    return {
        "text_words": words,
        "keys": sorted({bigint_key(w) for w in words}),
        "hex_keys": hex_keys,
        "hex_vector": " ".join(hex_keys),  # a tsvector literal: hex digits need no quoting
        "query": tsquery(words),
        "hex_query": " | ".join(hex_keys),
        "limit": LIMIT,
    }


# -- the designs -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Design:
    schema: str  # run on a copy of the restored store, after the store's own word index is dropped
    fill: str  # fills the index from the temporary table w (id, words text[], keys bigint[], hex text[])
    index: str  # run after the fill and a VACUUM FULL of memories
    index_name: str
    words: str  # each memory's indexed words or keys, as (id, array), to check them
    insert: tuple[str, ...]  # a new memory with its index entries (one durable transaction)


INSERT_MEMORY = (
    "INSERT INTO memories (id, text, category, state, created, touched{column}) "
    "VALUES (%(id)s, %(text)s, %(category)s, 'unconfirmed', %(now)s, %(now)s{value})"
)
DESIGNS: dict[str, Design] = {
    "plain": Design("", "", "", "", "", (INSERT_MEMORY.format(column="", value=""),)),
    "words": Design(
        'CREATE TABLE words (word bigint NOT NULL, memory_id text COLLATE "C" NOT NULL)',
        "INSERT INTO words (word, memory_id) SELECT unnest(w.keys), w.id FROM w",
        "ALTER TABLE words ADD PRIMARY KEY (word, memory_id); CREATE INDEX words_by_memory ON words (memory_id)",
        "words_pkey",
        "SELECT memory_id, array_agg(word) FROM words GROUP BY memory_id",
        (
            INSERT_MEMORY.format(column="", value=""),
            "INSERT INTO words (word, memory_id) SELECT unnest(%(keys)s::bigint[]), %(id)s",
        ),
    ),
    "lexemes": Design(
        "ALTER TABLE memories ADD COLUMN lexemes tsvector NOT NULL DEFAULT ''",
        "UPDATE memories m SET lexemes = array_to_tsvector(w.words) FROM w WHERE w.id = m.id",
        "CREATE INDEX memories_by_lexeme ON memories USING gin (lexemes)",
        "memories_by_lexeme",
        "SELECT id, tsvector_to_array(lexemes) FROM memories WHERE text IS NOT NULL",
        (INSERT_MEMORY.format(column=", lexemes", value=", array_to_tsvector(%(text_words)s::text[])"),),
    ),
    # The store's schema (schema.py), rebuilt here.
    "hex": Design(
        "ALTER TABLE memories ADD COLUMN words tsvector NOT NULL DEFAULT ''",
        "UPDATE memories m SET words = array_to_tsvector(w.hex) FROM w WHERE w.id = m.id",
        "CREATE INDEX memories_by_word ON memories USING gin (words)",
        "memories_by_word",
        "SELECT id, tsvector_to_array(words) FROM memories WHERE text IS NOT NULL",
        (INSERT_MEMORY.format(column=", words", value=", %(hex_vector)s::tsvector"),),
    ),
}
INDEXED = ("words", "lexemes", "hex")
GIN = ("lexemes", "hex")
CHECKED_PART = {"words": "keys", "lexemes": "text_words", "hex": "hex_keys"}

# -- the queries -------------------------------------------------------------------------------


def ranked(hits: str) -> str:
    """The store's ranking over `hits` (rows of id, state, touched, matched: every memory sharing a
    word with the question), as store.py writes it: the restricted count, and the first `limit` shown
    memories, read in full only once chosen."""
    return (
        f"WITH hits AS ({hits}), "
        "restricted AS (SELECT count(*) AS n FROM hits WHERE state = 'restricted'), "
        "top AS (SELECT * FROM hits m WHERE state IN ('approved', 'unconfirmed') "
        f"  ORDER BY {ORDER} LIMIT %(limit)s) "
        f"SELECT {ALL_COLUMNS}, t.matched, r.n "
        "FROM restricted r LEFT JOIN (top t JOIN memories m ON m.id = t.id) ON true "
        "ORDER BY t.matched DESC, m.state <> 'approved', m.touched DESC, m.id"
    )


# The store's query (store.py `top_matches`), written out here.
STORE_SQL = ranked(
    "SELECT id, state, touched, length(words) - length(ts_delete(words, %(hex_keys)s::text[])) AS matched "
    "FROM memories WHERE words @@ %(hex_query)s::tsquery"
)
# The previous store's query on its words table: count per memory, then join back to memories twice.
WORDS_HITS = "SELECT memory_id, count(*) AS matched FROM words WHERE word = ANY(%(keys)s::bigint[]) GROUP BY memory_id"
WORDS_SQL = (
    f"WITH hits AS ({WORDS_HITS}), "
    "restricted AS (SELECT count(*) AS n FROM hits h JOIN memories m ON m.id = h.memory_id "
    "  WHERE m.state = 'restricted'), "
    "shown AS ("
    f"  SELECT * FROM (SELECT {MEMORY_COLUMNS}, h.matched FROM hits h JOIN memories ON id = h.memory_id"
    "  WHERE state IN ('approved', 'unconfirmed')) m"
    f"  ORDER BY {ORDER} LIMIT %(limit)s) "
    f"SELECT m.*, r.n FROM restricted r LEFT JOIN shown m ON true ORDER BY {ORDER}"
)


@dataclass(frozen=True)
class Variant:
    name: str
    design: str  # the database it runs on; "store": the one PostgresStore.restore filled
    sql: str  # empty: `PostgresStore.top_matches` itself


STORE, STORE_ALONE, WORDS_BEFORE, WORDS_ONE_JOIN, LEXEMES = (
    "hex keys + GIN: PostgresStore.top_matches() (now)",
    "hex keys + GIN: the store's SQL alone",
    "words table: the previous store's SQL",
    "words table: one join, narrow rows",
    "word tsvector + GIN: @@, ts_delete",
)
VARIANTS: tuple[Variant, ...] = (
    Variant(STORE, "store", ""),
    Variant(STORE_ALONE, "hex", STORE_SQL),
    Variant(WORDS_BEFORE, "words", WORDS_SQL),
    Variant(
        WORDS_ONE_JOIN,
        "words",
        ranked(
            f"SELECT m.id, m.state, m.touched, h.matched FROM ({WORDS_HITS}) h JOIN memories m ON m.id = h.memory_id"
        ),
    ),
    Variant(
        LEXEMES,
        "lexemes",
        ranked(
            "SELECT id, state, touched, length(lexemes) - length(ts_delete(lexemes, %(text_words)s::text[])) "
            "AS matched FROM memories WHERE lexemes @@ %(query)s::tsquery"
        ),
    ),
)


def connect(url: str) -> psycopg.Connection[Any]:
    """An autocommit connection (each read one round trip, as a statement of the store's snapshot)."""
    conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
    conn.execute(f"SET search_path TO {SCHEMA}")
    return conn


def set_up(postgres: pg.Postgres, base: str, name: str, size: int) -> str:
    """A copy of `base` with the store's word index replaced by that of design `name`, filled in Python
    from `content_words` of each text, the table rewritten, vacuumed and analysed; returns its name."""
    design = DESIGNS[name]
    database = f"wi_{name}_{size}"
    url = postgres.create(database, template=base)
    with connect(url) as conn:
        conn.execute("DROP INDEX memories_by_word")
        conn.execute("ALTER TABLE memories DROP COLUMN words")
        if design.schema:
            texts = conn.execute("SELECT id, text FROM memories WHERE text IS NOT NULL").fetchall()
            conn.execute(
                'CREATE TEMPORARY TABLE w (id text COLLATE "C" PRIMARY KEY, words text[], keys bigint[], hex text[])'
            )
            with conn.cursor() as cur, cur.copy("COPY w (id, words, keys, hex) FROM STDIN") as copy:
                for memory, text in texts:
                    found = parameters(text)
                    copy.write_row((memory, found["text_words"], found["keys"], found["hex_keys"]))
            conn.execute(design.schema)
            conn.execute(design.fill)
        conn.execute("VACUUM FULL memories")  # also drops the old column's values
        for statement in filter(None, design.index.split("; ")):
            conn.execute(statement)
        conn.execute("VACUUM (ANALYZE)")
    postgres.checkpoint()
    return database


def check_words(conn: psycopg.Connection[Any], name: str, expected: dict[str, dict[str, list[Any]]]) -> None:
    """Every memory's index entries are exactly `content_words` of its text, in that design's form
    (a rejected memory: none)."""
    part = CHECKED_PART[name]
    rows = conn.execute(DESIGNS[name].words).fetchall()
    found = {memory: sorted(words) for memory, words in rows if words}
    wanted = {memory: words for memory, words in expected[part].items() if words}
    if found != wanted:
        wrong = sum(found.get(memory) != words for memory, words in wanted.items()) + len(found.keys() - wanted)
        raise SystemExit(f"{name}: {wrong} memories do not hold exactly their content words")


def expected_words(folder: Path) -> dict[str, dict[str, list[Any]]]:
    store = SqliteStore.open(folder)
    try:
        found = {m.id: parameters(m.text) for m in store.memories() if m.state != "rejected"}
    finally:
        store.close()
    return {part: {memory: values[part] for memory, values in found.items()} for part in set(CHECKED_PART.values())}


# -- measuring ---------------------------------------------------------------------------------


def p95(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


Runner = Callable[[dict[str, Any]], Answer]


def sql_runner(conn: psycopg.Connection[Any], sql: str) -> Runner:
    def run(params: dict[str, Any]) -> Answer:
        rows = conn.execute(sql, params).fetchall()
        return tuple(tuple(row[:8]) for row in rows if row[0] is not None), int(rows[0][8])

    return run


def store_runner(store: PostgresStore) -> Runner:
    def run(params: dict[str, Any]) -> Answer:
        found = store.top_matches(frozenset(params["text_words"]), LIMIT)
        shown = tuple(
            (m.id, m.text, m.category, m.state, m.created, m.touched, m.approved_at, c.matched)
            for c, m in ((c, c.memory) for c in found.candidates)
        )
        return shown, found.restricted

    return run


def timed(run: Runner, params: dict[str, Any]) -> float:
    started = time.perf_counter()
    run(params)
    return (time.perf_counter() - started) * 1e3


@dataclass
class Reads:
    typical: list[float]
    worst: list[float]


def measure_reads(
    runners: dict[str, Runner], questions: synthetic.Questions, rounds: int, worst_calls: int
) -> dict[str, Reads]:
    """Every variant on every question, checked against `PostgresStore.top_matches` first; then
    `rounds` passes over the typical questions and `worst_calls` of the worst, the variants in a
    rotating order (a first pass and a first batch of the worst warm up and are not counted)."""
    asked = [*questions.typical, questions.worst]
    prepared = {q: parameters(q) for q in asked}
    for question in asked:
        expected = runners[STORE](prepared[question])
        for variant in VARIANTS[1:]:
            if runners[variant.name](prepared[question]) != expected:
                raise SystemExit(f"{variant.name!r} answers {question!r} otherwise than PostgresStore.top_matches")
    found = {variant.name: Reads([], []) for variant in VARIANTS}
    for number in range(rounds + 1):
        order = VARIANTS[number % len(VARIANTS) :] + VARIANTS[: number % len(VARIANTS)]
        for variant in order:
            samples = [timed(runners[variant.name], prepared[q]) for q in questions.typical]
            if number:
                found[variant.name].typical.extend(samples)
    for number, variant in enumerate(VARIANTS * 2):
        samples = [timed(runners[variant.name], prepared[questions.worst]) for _ in range(worst_calls)]
        if number >= len(VARIANTS):
            found[variant.name].worst.extend(samples)
    return found


@dataclass
class Writes:
    per_insert: list[float]  # ms, BEGIN to COMMIT
    total: float  # s, the sum of the inserts
    wal: list[int]  # bytes of write-ahead log each insert wrote (full-page images included)


WAL_POSITION = "SELECT pg_current_wal_insert_lsn()"


def measure_writes(
    conns: dict[str, psycopg.Connection[Any]], designs: Sequence[str], items: Sequence[synthetic.SyntheticMemory]
) -> dict[str, Writes]:
    """Each memory of `items` inserted with its index entries in a durable transaction of its own, into
    each design's database in turn (the designs interleaved, in a rotating order, so that whatever
    else the machine does falls on all of them alike); its words are computed before the clock
    starts, as they are the same work in every design."""
    found = {design: Writes([], 0.0, []) for design in designs}
    for number, memory in enumerate(items):
        params = {
            **parameters(memory.text),
            "id": memory_id(memory.text),
            "text": memory.text,
            "category": memory.category,
            "now": synthetic.EPOCH + 10_000_000 + number,
        }
        for design in [*designs[number % len(designs) :], *designs[: number % len(designs)]]:
            conn = conns[design]
            before = conn.execute(WAL_POSITION).fetchone()
            begun = time.perf_counter()
            with conn.transaction():
                for statement in DESIGNS[design].insert:
                    conn.execute(statement, params)
            elapsed = time.perf_counter() - begun
            after = conn.execute(f"SELECT pg_wal_lsn_diff(({WAL_POSITION}), %s)", (before[0] if before else None,))
            found[design].per_insert.append(elapsed * 1e3)
            found[design].total += elapsed
            found[design].wal.append(int((after.fetchone() or (0,))[0]))
    return found


def sizes_of(conn: psycopg.Connection[Any], design: str, base_table_bytes: int) -> dict[str, int]:
    if design == "words":
        row = conn.execute("SELECT pg_table_size('words'), pg_indexes_size('words')").fetchone()
        assert row is not None
        return {"data": int(row[0]), "index": int(row[1]), "total": int(row[0]) + int(row[1])}
    row = conn.execute(
        "SELECT pg_table_size('memories'), pg_relation_size(%s::regclass)", (f"{SCHEMA}.{DESIGNS[design].index_name}",)
    ).fetchone()
    assert row is not None
    column = int(row[0]) - base_table_bytes
    return {"data": column, "index": int(row[1]), "total": column + int(row[1])}


def explain(conn: psycopg.Connection[Any], question: str) -> list[str]:
    rows = conn.execute(f"EXPLAIN (ANALYZE, BUFFERS) {STORE_SQL}", parameters(question)).fetchall()
    return [line for (line,) in rows]


def bullet(text: str) -> None:
    """A `- ` line of the report, wrapped to 110 columns."""
    print(textwrap.fill(text, 110, subsequent_indent="  ", break_on_hyphens=False))


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# -- the run -----------------------------------------------------------------------------------


@dataclass
class Found:
    reads: dict[int, dict[str, Reads]]
    writes: dict[int, dict[str, Writes]]
    sizes: dict[int, dict[str, dict[str, int]]]
    plans: dict[str, list[str]]


def measure_size(
    postgres: pg.Postgres, cache: Path, size: int, args: argparse.Namespace, found: Found, last: bool
) -> None:
    folder, _ = synthetic.cached_store(cache, size, say=say)
    questions = synthetic.pick_questions(folder)
    new = synthetic.memories(size + 2 * args.writes)[size:]
    source = SqliteStore.open(folder)
    try:
        dump = source.dump()
    finally:
        source.close()
    base = f"wi_base_{size}"
    restore = postgres.restore(base, dump)
    postgres.settle(base)
    say(f"{size:,}: restored in {restore.seconds:.1f} s")
    names = {design: set_up(postgres, base, design, size) for design in DESIGNS}
    conns = {design: connect(postgres.url(name)) for design, name in names.items()}
    conns["store"] = connect(postgres.url(base))
    store = PostgresStore.open(postgres.url(base), schema=SCHEMA)
    try:
        expected = expected_words(folder)
        for design in INDEXED:
            check_words(conns[design], design, expected)
        check_words(conns["store"], "hex", expected)  # what PostgresStore.restore wrote is the design built here
        plain = conns["plain"].execute("SELECT pg_table_size('memories')").fetchone()
        assert plain is not None
        found.sizes[size] = {design: sizes_of(conns[design], design, int(plain[0])) for design in INDEXED}
        runners = {v.name: sql_runner(conns[v.design], v.sql) if v.sql else store_runner(store) for v in VARIANTS}
        found.reads[size] = measure_reads(runners, questions, args.rounds, args.worst_calls)
        say(f"{size:,}: every variant answered every question as PostgresStore.top_matches; timing writes")
        if args.explain and last:
            typical = questions.median_typical
            for label, question, count in (
                ("typical", typical, questions.counts[typical]),
                ("worst", questions.worst, questions.counts[questions.worst]),
            ):
                key = f"{label} question at {size:,}: {question!r}, {count:,} matching memories"
                found.plans[key] = explain(conns["store"], question)
        first, second = new[: args.writes], new[args.writes :]
        writing = ("plain", *INDEXED)
        postgres.checkpoint()
        found.writes[size] = measure_writes(conns, writing, first)
        for design in GIN:
            conns[design].execute(f"ALTER INDEX {DESIGNS[design].index_name} SET (fastupdate = off)")
            conns[design].execute("VACUUM memories")  # merges the pending list into the index
        postgres.checkpoint()
        off = measure_writes(conns, GIN, second)
        found.writes[size].update({f"{design}, fastupdate off": off[design] for design in GIN})
    finally:
        store.close()
        for conn in conns.values():
            conn.close()
        for name in [*names.values(), base]:
            postgres.drop(name)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--rounds", type=int, default=5, help="passes over the typical questions per variant")
    parser.add_argument("--worst-calls", type=int, default=41)
    parser.add_argument("--writes", type=int, default=1000, help="new memories inserted per design")
    parser.add_argument("--cache-dir", help="reuse (or keep) the built SQLite stores here, as run.py --cache-dir")
    parser.add_argument("--explain", action="store_true", help="EXPLAIN (ANALYZE, BUFFERS) the store's query")
    args = parser.parse_args(argv)
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    started = time.perf_counter()
    try:
        postgres = pg.Postgres.start()
    except pg.Unavailable as reason:
        print(f"PostgreSQL is not available: {reason}", file=sys.stderr)
        return 1
    found = Found({}, {}, {}, {})
    try:
        about = postgres.about()
        with tempfile.TemporaryDirectory(prefix="personakit-wordindex-") as temporary:
            cache = Path(args.cache_dir) if args.cache_dir else Path(temporary)
            cache.mkdir(parents=True, exist_ok=True)
            for size in sizes:
                measure_size(postgres, cache, size, args, found, size == sizes[-1])
    finally:
        postgres.stop()
    report(sizes, found, about, args, time.perf_counter() - started)
    return 0


# -- the report --------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{value:.2f}" if value < 9.995 else f"{value:.1f}" if value < 99.95 else f"{value:.0f}"


def mib(value: float) -> str:
    return f"{value / 2**20:.1f} MiB"


def grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    lines = []
    for number, line in enumerate([header, *rows]):
        cells = [line[0].ljust(widths[0])] + [cell.rjust(widths[i + 1]) for i, cell in enumerate(line[1:])]
        lines.append("  ".join(cells).rstrip())
        if number == 0:
            lines.append("-" * len(lines[0]))
    return "\n".join(lines)


WRITE_LABELS = {
    "plain": "memory row alone, no word index (floor)",
    "words": "words table (btree PK + words_by_memory)",
    "lexemes": "word tsvector + GIN (fastupdate on)",
    "lexemes, fastupdate off": "word tsvector + GIN, fastupdate off",
    "hex": "hex keys + GIN (the store; fastupdate on)",
    "hex, fastupdate off": "hex keys + GIN, fastupdate off",
}
SIZE_LABELS = {"words": "words table", "lexemes": "word tsvector + GIN", "hex": "hex-key tsvector + GIN (the store)"}


def report(sizes: Sequence[int], found: Found, about: dict[str, str], args: argparse.Namespace, seconds: float) -> None:
    print("PostgreSQL word index: the store's hex-key tsvector + GIN against the words table and a word tsvector")
    print("; ".join(f"{key} {value}" for key, value in about.items()))
    print(
        f"reads: wall ms of the top-{LIMIT} read from Python, p50 / p95; typical: every typical question x "
        f"{args.rounds} rounds, worst: {args.worst_calls} calls"
    )
    print("every variant returned the same rows as PostgresStore.top_matches for every question")
    print()
    header = ["read (ms, p50 / p95)", *(f"{size:,} {kind}" for size in sizes for kind in ("typical", "worst"))]
    rows = []
    for variant in VARIANTS:
        cells = [variant.name]
        for size in sizes:
            got = found.reads[size][variant.name]
            for samples in (got.typical, got.worst):
                cells.append(f"{ms(statistics.median(samples))} / {ms(p95(samples))}")
        rows.append(cells)
    print(grid(header, rows))
    print()
    header = [
        f"write: {args.writes:,} new memories",
        *(f"{size:,} {part}" for size in sizes for part in ("p50 / total", "WAL mean")),
    ]
    rows = []
    for design, label in WRITE_LABELS.items():
        cells = [label]
        for size in sizes:
            written = found.writes[size][design]
            cells.append(f"{ms(statistics.median(written.per_insert))} ms / {written.total:.2f} s")
            cells.append(f"{statistics.fmean(written.wal) / 1024:.1f} KiB")
        rows.append(cells)
    print(grid(header, rows))
    print("  (one durable transaction per memory, its row and its index entries: BEGIN to COMMIT, total their sum;")
    print("  WAL: the write-ahead log it wrote, full-page images of pages first touched since a checkpoint included)")
    print()
    header = ["size of the word index", *(f"{size:,} {part}" for size in sizes for part in ("data", "index"))]
    rows = []
    for design, label in SIZE_LABELS.items():
        cells = [label]
        for size in sizes:
            measured = found.sizes[size][design]
            cells += [mib(measured["data"]), mib(measured["index"])]
        rows.append(cells)
    print(grid(header, rows))
    print("  (data: the words table, or what the column adds to memories; index: its btree indexes, or the GIN index)")
    print()
    print("conclusion:")
    largest = sizes[-1]
    at = found.reads[largest]

    def p50(name: str, kind: str) -> float:
        return statistics.median(getattr(at[name], kind))

    for kind in ("typical", "worst"):
        now = p50(STORE, kind)
        bullet(
            f"- reads, {kind} question at {largest:,}: the store now {ms(now)} ms p50 through top_matches "
            f"({ms(p50(STORE_ALONE, kind))} ms its SQL alone); the previous words table "
            f"{ms(p50(WORDS_BEFORE, kind))} ms ({p50(WORDS_BEFORE, kind) / now:.1f}x the store now), "
            f"{ms(p50(WORDS_ONE_JOIN, kind))} ms queried with one join ({p50(WORDS_ONE_JOIN, kind) / now:.1f}x); "
            f"the word tsvector {ms(p50(LEXEMES, kind))} ms ({p50(LEXEMES, kind) / now:.2f}x)"
        )
    last = found.writes[largest]
    floor = statistics.median(last["plain"].per_insert)
    parts = [
        f"{WRITE_LABELS[design]} {ms(statistics.median(last[design].per_insert))} ms "
        f"({statistics.median(last[design].per_insert) - floor:+.2f}), "
        f"{statistics.fmean(last[design].wal) / 1024:.1f} KiB of WAL"
        for design in WRITE_LABELS
        if design != "plain"
    ]
    bullet(
        f"- writes at {largest:,}, p50 per memory: the bare row {ms(floor)} ms, "
        f"{statistics.fmean(last['plain'].wal) / 1024:.1f} KiB of WAL; " + "; ".join(parts)
    )
    sized = found.sizes[largest]
    words_total = sized["words"]["total"]
    bullet(
        f"- size at {largest:,}: words table {mib(words_total)}; "
        + "; ".join(
            f"{SIZE_LABELS[design]} {mib(sized[design]['total'])} ({sized[design]['total'] / words_total:.2f}x)"
            for design in GIN
        )
    )
    for title, plan in found.plans.items():
        print()
        print(f"EXPLAIN (ANALYZE, BUFFERS) of the store's query, {title}:")
        print("\n".join(plan))
    print(f"total run time: {seconds:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
