"""The PostgreSQL store's word index, against PostgreSQL's own text search for the same ranking.

    python benchmarks/pg_word_index.py [--sizes 10000,100000] [--rounds 5] [--worst-calls 41]
                                       [--writes 1000] [--cache-dir DIR]

`personakit_store_postgres` keeps its word index as a table `words (word, memory_id)` with a btree
primary key on (word, memory_id), and ranks a read (`top_matches`) by counting, per memory, the rows
of the question's words, joined to `memories`. The alternatives keep the same words (exactly
`content_words` of each text, never PostgreSQL's parser) in a column of `memories`:

- `tsvector` built by `array_to_tsvector(words)`, a GIN index, candidates by `@@` an OR tsquery of
  the question's words written as quoted lexemes (so no word is split, stemmed or lowercased), the
  matched count either by intersecting the arrays or as `length(v) - length(ts_delete(v, words))`;
- `text[]` holding the words, a GIN index, candidates by `&&`, the matched count by intersecting.

Each design lives in its own database, a copy of the synthetic store restored from `synthetic.py`'s
SQLite store (the GIN designs without the `words` table). Every variant must return exactly the
rows `top_matches` returns for every question (the top 7 in the contract's order: matched desc,
approved before unconfirmed, touched desc, id; and the restricted count), else the script stops.
It prints, per variant, the p50/p95 wall time of the top-7 query from Python (one psycopg connection
each, its defaults, as the store's), the cost of writing 1,000 new memories with their index rows
(one durable transaction each), and the size of each index, then the conclusion.

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
from personakit_store_postgres import store as pg_store

from personakit_plugin.sqlite_store import SqliteStore
from personakit_plugin.store import MEMORY_COLUMNS
from personakit_plugin.words import content_words, memory_id

LIMIT = 7
SCHEMA = "personakit"
Row = tuple[Any, ...]
Answer = tuple[tuple[Row, ...], int]  # the shown memories (7 columns and matched) and the restricted count
_HITS: str = pg_store._HITS

_ORDER: str = pg_store._ORDER


def _sha_key(word: str) -> int:
    return int.from_bytes(hashlib.sha256(word.encode()).digest()[:8], "big", signed=True)


# The store's word index holds each word as 64 bits of its SHA-256 (`store.word_key`); an older
# store held the word itself. The words-table queries get whichever the store's own index holds.
word_key: Callable[[str], int] = getattr(pg_store, "word_key", _sha_key)
WORDS_HOLD_KEYS = hasattr(pg_store, "word_key")
WORD_TYPE = "bigint" if WORDS_HOLD_KEYS else "text"

# -- the queries -------------------------------------------------------------------------------

# store.py's `top_matches`, word for word (its SQL fragments are imported, so this follows it); the
# script checks it answers as `PostgresStore.top_matches` itself does.
STORE_QUERY = (
    f"WITH hits AS ({_HITS}), "
    "restricted AS (SELECT count(*) AS n FROM hits h JOIN memories m ON m.id = h.memory_id "
    "  WHERE m.state = 'restricted'), "
    "shown AS ("
    f"  SELECT * FROM (SELECT {MEMORY_COLUMNS}, h.matched FROM hits h JOIN memories ON id = h.memory_id"
    "  WHERE state IN ('approved', 'unconfirmed')) m"
    f"  ORDER BY {_ORDER} LIMIT %(limit)s) "
    f"SELECT m.*, r.n FROM restricted r LEFT JOIN shown m ON true ORDER BY {_ORDER}"
)


def ranked(hits: str) -> str:
    """The ranking over `hits` (rows of id, matched, state, touched: every memory sharing a word with
    the question): the restricted count and the first `limit` shown memories, read in full only
    once chosen. The same rows, in the same order, as STORE_QUERY."""
    return (
        f"WITH hits AS MATERIALIZED ({hits}), "
        "top AS (SELECT id, matched FROM hits WHERE state IN ('approved', 'unconfirmed') "
        "  ORDER BY matched DESC, state <> 'approved', touched DESC, id LIMIT %(limit)s) "
        "SELECT m.*, r.n FROM (SELECT count(*) AS n FROM hits WHERE state = 'restricted') r "
        f"LEFT JOIN (SELECT {MEMORY_COLUMNS}, t.matched FROM top t JOIN memories USING (id)) m ON true "
        f"ORDER BY {_ORDER}"
    )


def intersect(column: str, parameter: str) -> str:
    """How many elements the array `column` shares with the array parameter `parameter`."""
    return f"cardinality(ARRAY(SELECT unnest({column}) INTERSECT SELECT unnest({parameter})))"


@dataclass(frozen=True)
class Variant:
    name: str
    design: str  # the database it runs on: "words", "tsvector", "array", "keys" or "key_lexemes"
    sql: str  # empty: `PostgresStore.top_matches` itself, through the store


VARIANTS: tuple[Variant, ...] = (
    Variant("words table: PostgresStore.top_matches()", "words", ""),
    Variant("words table: its SQL alone (today)", "words", STORE_QUERY),
    Variant(
        "words table: one join, narrow rows",
        "words",
        ranked(f"SELECT m.id, h.matched, m.state, m.touched FROM ({_HITS}) h JOIN memories m ON m.id = h.memory_id"),
    ),
    Variant(
        "tsvector + GIN: @@, count by intersect",
        "tsvector",
        ranked(
            f"SELECT id, {intersect('tsvector_to_array(lexemes)', '%(text_words)s::text[]')} AS matched, state, "
            "touched FROM memories WHERE lexemes @@ %(query)s::tsquery"
        ),
    ),
    Variant(
        "tsvector + GIN: @@, count by ts_delete",
        "tsvector",
        ranked(
            "SELECT id, length(lexemes) - length(ts_delete(lexemes, %(text_words)s::text[])) AS matched, state, "
            "touched FROM memories WHERE lexemes @@ %(query)s::tsquery"
        ),
    ),
    Variant(
        "text[] + GIN: &&, count by intersect",
        "array",
        ranked(
            f"SELECT id, {intersect('word_list', '%(text_words)s::text[]')} AS matched, state, touched "
            "FROM memories WHERE word_list && %(text_words)s::text[]"
        ),
    ),
    Variant(
        "tsvector of word keys + GIN: ts_delete",
        "key_lexemes",
        ranked(
            "SELECT id, length(key_lexemes) - length(ts_delete(key_lexemes, %(key_words)s::text[])) AS matched, "
            "state, touched FROM memories WHERE key_lexemes @@ %(key_query)s::tsquery"
        ),
    ),
    Variant(
        "bigint[] word keys + GIN: &&, intersect",
        "keys",
        ranked(
            f"SELECT id, {intersect('word_keys', '%(keys)s::bigint[]')} AS matched, state, touched "
            "FROM memories WHERE word_keys && %(keys)s::bigint[]"
        ),
    ),
)


def tsquery(words: Sequence[str]) -> str:
    """An OR tsquery of `words` as quoted lexemes: taken as they are (no parser, no normalisation),
    a quote doubled and a backslash escaped inside."""
    return " | ".join("'" + w.replace("\\", "\\\\").replace("'", "''") + "'" for w in sorted(words))


def parameters(text: str) -> dict[str, Any]:
    """Every form of the content words of `text` a query or an insert takes."""
    words = sorted(content_words(text))
    keys = sorted({word_key(w) for w in words})
    return {
        "words": keys if WORDS_HOLD_KEYS else words,  # as the store's words table holds them
        "text_words": words,
        "keys": keys,
        "key_words": [str(key) for key in keys],
        "query": tsquery(words),
        "key_query": tsquery([str(key) for key in keys]),
        "limit": LIMIT,
    }


# -- the designs -------------------------------------------------------------------------------

# design: (column, its type, its value from a row of the temporary table w (id, words, keys), GIN index)
COLUMNS = {
    "tsvector": ("lexemes", "tsvector", "array_to_tsvector(w.words)", "memories_lexemes"),
    "array": ("word_list", "text[]", "w.words", "memories_word_list"),
    "keys": ("word_keys", "bigint[]", "w.keys", "memories_word_keys"),
    "key_lexemes": ("key_lexemes", "tsvector", "array_to_tsvector(w.keys::text[])", "memories_key_lexemes"),
}
GIN_DESIGNS = tuple(COLUMNS)
HOLD_NO_TEXT = ("words", "keys", "key_lexemes") if WORDS_HOLD_KEYS else ("keys", "key_lexemes")
INDEXED = ("words", *GIN_DESIGNS)
DESIGNS = ("plain", *INDEXED)  # plain: the store without any word index, the floor under a write
WORDS_COLUMN = {
    "tsvector": "tsvector_to_array(lexemes)",
    "array": "word_list",
    "keys": "word_keys",
    "key_lexemes": "tsvector_to_array(key_lexemes)::bigint[]",
}
INSERT_MEMORY = (
    "INSERT INTO memories (id, text, category, state, created, touched{column}) "
    "VALUES (%(id)s, %(text)s, %(category)s, 'unconfirmed', %(now)s, %(now)s{value})"
)
INSERTS: dict[str, tuple[str, ...]] = {
    "plain": (INSERT_MEMORY.format(column="", value=""),),
    "words": (
        INSERT_MEMORY.format(column="", value=""),
        f"INSERT INTO words (word, memory_id) SELECT unnest(%(words)s::{WORD_TYPE}[]), %(id)s",
    ),
    "tsvector": (INSERT_MEMORY.format(column=", lexemes", value=", array_to_tsvector(%(text_words)s::text[])"),),
    "array": (INSERT_MEMORY.format(column=", word_list", value=", %(text_words)s::text[]"),),
    "keys": (INSERT_MEMORY.format(column=", word_keys", value=", %(keys)s::bigint[]"),),
    "key_lexemes": (INSERT_MEMORY.format(column=", key_lexemes", value=", array_to_tsvector(%(key_words)s::text[])"),),
}


def connect(url: str) -> psycopg.Connection[Any]:
    """An autocommit connection (each read one round trip, as a statement of the store's snapshot)."""
    conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
    conn.execute(f"SET search_path TO {SCHEMA}")
    return conn


def set_up(postgres: pg.Postgres, base: str, design: str, size: int) -> str:
    """A copy of `base` with the word index of `design` (the GIN designs: a column of memories built
    in Python from `content_words` of each text, a GIN index on it, and no words table), vacuumed
    and analysed; returns its name."""
    name = f"wi_{design}_{size}"
    url = postgres.create(name, template=base)
    with connect(url) as conn:
        if design in COLUMNS:
            column, kind, value, index = COLUMNS[design]
            texts = conn.execute("SELECT id, text FROM memories WHERE text IS NOT NULL").fetchall()
            conn.execute('CREATE TEMPORARY TABLE w (id text COLLATE "C" PRIMARY KEY, words text[], keys bigint[])')
            with conn.cursor() as cur, cur.copy("COPY w (id, words, keys) FROM STDIN") as copy:
                for memory, text in texts:
                    found = parameters(text)
                    copy.write_row((memory, found["text_words"], found["keys"]))
            conn.execute(f"ALTER TABLE memories ADD COLUMN {column} {kind}")
            conn.execute(f"UPDATE memories m SET {column} = {value} FROM w WHERE w.id = m.id")
            conn.execute("DROP TABLE words")
            conn.execute("VACUUM FULL memories")
            conn.execute(f"CREATE INDEX {index} ON memories USING gin ({column})")
        conn.execute("VACUUM (ANALYZE)")
    postgres.checkpoint()
    return name


def check_words(conn: psycopg.Connection[Any], design: str, folder: Path) -> None:
    """Every memory's column holds exactly `content_words` of its text, or their keys (a rejected
    memory: nothing)."""
    store = SqliteStore.open(folder)
    try:
        part = "keys" if design.startswith("key") else "text_words"
        expected = {m.id: parameters(m.text)[part] for m in store.memories() if m.state != "rejected"}
    finally:
        store.close()
    rows = conn.execute(f"SELECT id, {WORDS_COLUMN[design]} FROM memories WHERE text IS NOT NULL").fetchall()
    found = {memory: sorted(words or []) for memory, words in rows}
    if found != expected:
        wrong = sum(found.get(memory) != words for memory, words in expected.items())
        raise SystemExit(f"{design}: {wrong} memories do not hold exactly their content words")


def check_lexemes(conn: psycopg.Connection[Any], questions: Sequence[str]) -> dict[str, Any]:
    """Whether array_to_tsvector and the quoted-lexeme tsquery keep every word as it is (and match
    no longer word), and which words PostgreSQL's own parser ('simple' configuration) would change."""
    words = sorted({w for (w,) in conn.execute("SELECT DISTINCT unnest(tsvector_to_array(lexemes)) FROM memories")})
    words = sorted(set(words) | {w for q in questions for w in content_words(q)})
    kept = conn.execute(
        "SELECT count(*) FROM unnest(%(words)s::text[], %(queries)s::text[]) AS t(w, q) "
        "WHERE tsvector_to_array(array_to_tsvector(ARRAY[w])) = ARRAY[w] AND array_to_tsvector(ARRAY[w]) @@ q::tsquery "
        "AND NOT (array_to_tsvector(ARRAY[w || 'x']) @@ q::tsquery)",
        {"words": words, "queries": [tsquery([w]) for w in words]},
    ).fetchone()
    changed = conn.execute(
        "SELECT w, tsvector_to_array(to_tsvector('simple', w))::text FROM unnest(%s::text[]) AS w "
        "WHERE tsvector_to_array(to_tsvector('simple', w)) <> ARRAY[w]",
        (words,),
    ).fetchall()
    return {"words": len(words), "kept": int(kept[0]) if kept else 0, "simple_changes": changed}


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
        expected = runners[VARIANTS[0].name](prepared[question])
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
    """Each memory of `items` inserted with its index rows in a durable transaction of its own, into
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
                for statement in INSERTS[design]:
                    conn.execute(statement, params)
            elapsed = time.perf_counter() - begun
            after = conn.execute(f"SELECT pg_wal_lsn_diff(({WAL_POSITION}), %s)", (before[0] if before else None,))
            found[design].per_insert.append(elapsed * 1e3)
            found[design].total += elapsed
            found[design].wal.append(int((after.fetchone() or (0,))[0]))
    return found


def sizes_of(conn: psycopg.Connection[Any], design: str, base_table_bytes: int) -> dict[str, int]:
    if design == "words":
        row = conn.execute(
            "SELECT pg_table_size('words'), pg_indexes_size('words'), pg_total_relation_size('words')"
        ).fetchone()
        assert row is not None
        return {"table or column": int(row[0]), "index": int(row[1]), "total": int(row[2])}
    row = conn.execute(
        "SELECT pg_table_size('memories'), pg_relation_size(%s::regclass)", (f"{SCHEMA}.{COLUMNS[design][3]}",)
    ).fetchone()
    assert row is not None
    column = int(row[0]) - base_table_bytes
    return {"table or column": column, "index": int(row[1]), "total": column + int(row[1])}


def bullet(text: str) -> None:
    """A `- ` line of the report, wrapped to 110 columns."""
    print(textwrap.fill(text, 110, subsequent_indent="  ", break_on_hyphens=False))


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--rounds", type=int, default=5, help="passes over the typical questions per variant")
    parser.add_argument("--worst-calls", type=int, default=41)
    parser.add_argument("--writes", type=int, default=1000, help="new memories inserted per design")
    parser.add_argument("--cache-dir", help="reuse (or keep) the built SQLite stores here, as run.py --cache-dir")
    args = parser.parse_args(argv)
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    started = time.perf_counter()
    try:
        postgres = pg.Postgres.start()
    except pg.Unavailable as reason:
        print(f"PostgreSQL is not available: {reason}", file=sys.stderr)
        return 1
    reads: dict[int, dict[str, Reads]] = {}
    writes: dict[int, dict[str, Writes]] = {}
    sizes_found: dict[int, dict[str, dict[str, int]]] = {}
    notes: list[str] = []
    try:
        about = postgres.about()
        with tempfile.TemporaryDirectory(prefix="personakit-wordindex-") as temporary:
            cache = Path(args.cache_dir) if args.cache_dir else Path(temporary)
            cache.mkdir(parents=True, exist_ok=True)
            for size in sizes:
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
                store = PostgresStore.open(postgres.url(names["words"]), schema=SCHEMA)
                try:
                    for design in GIN_DESIGNS:
                        check_words(conns[design], design, folder)
                    if size == sizes[0]:
                        lexemes = check_lexemes(conns["tsvector"], [*questions.typical, questions.worst])
                        changed = lexemes["simple_changes"]
                        notes.append(
                            f"lexemes: array_to_tsvector and the quoted-lexeme tsquery keep {lexemes['kept']:,} of "
                            f"{lexemes['words']:,} distinct words of the {size:,} store and the questions exactly "
                            f"(and match no longer word); to_tsvector('simple', w) would change {len(changed)}, e.g. "
                            + ", ".join(f"{w!r} -> {split}" for w, split in changed[:4])
                        )
                    base_bytes = conns["plain"].execute("SELECT pg_table_size('memories')").fetchone()
                    assert base_bytes is not None
                    sizes_found[size] = {
                        design: sizes_of(conns[design], design, int(base_bytes[0])) for design in INDEXED
                    }
                    runners = {
                        v.name: sql_runner(conns[v.design], v.sql) if v.sql else store_runner(store) for v in VARIANTS
                    }
                    reads[size] = measure_reads(runners, questions, args.rounds, args.worst_calls)
                    say(f"{size:,}: every variant answered every question as PostgresStore.top_matches; timing writes")
                    first, second = new[: args.writes], new[args.writes :]
                    postgres.checkpoint()
                    writes[size] = measure_writes(conns, DESIGNS, first)
                    for design in GIN_DESIGNS:
                        conns[design].execute(f"ALTER INDEX {COLUMNS[design][3]} SET (fastupdate = off)")
                        conns[design].execute("VACUUM memories")  # merges the pending list into the index
                    postgres.checkpoint()
                    off = measure_writes(conns, GIN_DESIGNS, second)
                    writes[size].update({f"{design}, fastupdate off": off[design] for design in GIN_DESIGNS})
                finally:
                    store.close()
                    for conn in conns.values():
                        conn.close()
                    for name in [*names.values(), base]:
                        postgres.drop(name)
    finally:
        postgres.stop()
    report(sizes, reads, writes, sizes_found, notes, about, args, time.perf_counter() - started)
    return 0


WRITE_LABELS = {
    "plain": "memory row alone, no word index (floor)",
    "words": "words table (btree PK + words_by_memory)",
    "tsvector": "tsvector + GIN (fastupdate on, the default)",
    "tsvector, fastupdate off": "tsvector + GIN, fastupdate off",
    "array": "text[] + GIN (fastupdate on, the default)",
    "array, fastupdate off": "text[] + GIN, fastupdate off",
    "keys": "bigint[] word keys + GIN (fastupdate on)",
    "keys, fastupdate off": "bigint[] word keys + GIN, fastupdate off",
    "key_lexemes": "tsvector of word keys + GIN (fastupdate on)",
    "key_lexemes, fastupdate off": "tsvector of word keys + GIN, fastupdate off",
}
SIZE_LABELS = {
    "words": "words table",
    "tsvector": "tsvector column + GIN",
    "array": "text[] column + GIN",
    "keys": "bigint[] column + GIN",
    "key_lexemes": "tsvector of word keys + GIN",
}


def report(
    sizes: Sequence[int],
    reads: dict[int, dict[str, Reads]],
    writes: dict[int, dict[str, Writes]],
    found: dict[int, dict[str, dict[str, int]]],
    notes: Sequence[str],
    about: dict[str, str],
    args: argparse.Namespace,
    seconds: float,
) -> None:
    print("PostgreSQL word index: the store's words table against tsvector and text[] with GIN")
    print("; ".join(f"{key} {value}" for key, value in about.items()))
    print(
        f"reads: wall ms of the top-{LIMIT} query from Python, p50 / p95; typical: every typical question x "
        f"{args.rounds} rounds, worst: {args.worst_calls} calls"
    )
    print("every variant returned the same rows as PostgresStore.top_matches for every question")
    print()
    header = ["read (ms, p50 / p95)", *(f"{size:,} {kind}" for size in sizes for kind in ("typical", "worst"))]
    rows = []
    for variant in VARIANTS:
        cells = [variant.name]
        for size in sizes:
            got = reads[size][variant.name]
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
            written = writes[size][design]
            cells.append(f"{ms(statistics.median(written.per_insert))} ms / {written.total:.2f} s")
            cells.append(f"{statistics.fmean(written.wal) / 1024:.1f} KiB")
        rows.append(cells)
    print(grid(header, rows))
    print("  (one durable transaction per memory, its row and its index rows: BEGIN to COMMIT, total their sum; WAL:")
    print("  the write-ahead log it wrote, full-page images of pages first touched since a checkpoint included)")
    print()
    header = ["size of the word index", *(f"{size:,} {part}" for size in sizes for part in ("data", "index"))]
    rows = []
    for design, label in SIZE_LABELS.items():
        cells = [label]
        for size in sizes:
            measured = found[size][design]
            cells += [mib(measured["table or column"]), mib(measured["index"])]
        rows.append(cells)
    print(grid(header, rows))
    print("  (data: the words table, or what the column adds to memories; index: its btree indexes, or the GIN index)")
    print()
    for note in notes:
        bullet("- " + note)
    print()
    print("conclusion:")
    largest = sizes[-1]
    at = reads[largest]

    def p50_of(name: str, kind: str) -> float:
        return statistics.median(getattr(at[name], kind))

    end_to_end, today, one_join = (VARIANTS[0].name, VARIANTS[1].name, VARIANTS[2].name)
    for kind in ("typical", "worst"):
        best = min(VARIANTS[1:], key=lambda v: p50_of(v.name, kind)).name
        fastest = p50_of(best, kind)
        bullet(
            f"- reads, {kind} question at {largest:,}: fastest is {best!r}, {ms(fastest)} ms p50: "
            f"{p50_of(today, kind) / fastest:.1f}x faster than the store's SQL ({ms(p50_of(today, kind))} ms; "
            f"{ms(p50_of(end_to_end, kind))} ms through PostgresStore.top_matches), "
            f"{p50_of(one_join, kind) / fastest:.1f}x faster than the words table queried with one join "
            f"({ms(p50_of(one_join, kind))} ms)"
        )
    for kind in ("typical", "worst"):
        keyed = [v for v in VARIANTS[1:] if v.design in HOLD_NO_TEXT]
        best = min(keyed, key=lambda v: p50_of(v.name, kind)).name
        bullet(
            "- of the designs whose index holds no word text (like the store's: a reject need not rewrite it), "
            f"fastest for the {kind} question is {best!r}: {ms(p50_of(best, kind))} ms, "
            f"{p50_of(today, kind) / p50_of(best, kind):.1f}x faster than the store's SQL"
        )
    last = writes[largest]
    floor = statistics.median(last["plain"].per_insert)
    wal_floor = statistics.fmean(last["plain"].wal) / 1024
    parts = [
        f"{WRITE_LABELS[design]} {ms(statistics.median(last[design].per_insert))} ms "
        f"({statistics.median(last[design].per_insert) - floor:+.2f}), "
        f"{statistics.fmean(last[design].wal) / 1024:.1f} KiB of WAL"
        for design in WRITE_LABELS
        if design != "plain"
    ]
    bullet(
        f"- writes at {largest:,}, p50 per memory: the bare row {ms(floor)} ms, {wal_floor:.1f} KiB of WAL; "
        + "; ".join(parts)
    )
    sized = found[largest]
    words_total = sized["words"]["total"]
    bullet(
        f"- size at {largest:,}: words table {mib(words_total)}; "
        + "; ".join(
            f"{SIZE_LABELS[design]} {mib(sized[design]['total'])} ({sized[design]['total'] / words_total:.2f}x)"
            for design in GIN_DESIGNS
        )
    )
    print(f"total run time: {seconds:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
