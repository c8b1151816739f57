"""What PostgreSQL's plans for a retriever's lookups read: on the order of the ids asked, never the table.

A recall build pages through every readable memory (`documents(None, after=, limit=)`), looks up the
vectors kept of each page (`derived`) and keeps those it had to embed (`keep_derived`); a read loads
what changed (`documents(ids)`). Each of those must go by the memories' ids: a plan that reads every
memory, every quote or every kept row for 20 ids costs a build of 100,000 memories a whole table per
page. These tests fill a store of a few thousand memories (most approved, each with a kept row of
one kind and one of a second kind), let PostgreSQL gather its statistics (`ANALYZE`), run each call
while recording the statements the store executes, and replay each under `EXPLAIN (ANALYZE, FORMAT
JSON)`: the rows every plan node produced plus those its filters removed must stay under a bound
proportional to the ids asked, far below the tables' sizes. The count comes from the executed plan,
not from a clock. `derived_count` counts every readable memory and so reads them all; it is not held
to a bound.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from personakit_plugin import CATEGORIES, EVERYTHING, View
from personakit_plugin.backend import ExportedMemory
from personakit_plugin.testing import id_of
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from personakit_store_postgres import PostgresStore, throwaway

MEMORIES = 3_000
"""The store's size: 80% approved, 15% waiting, 5% rejected (no text, never readable)."""
ASKED = 20
"""Ids a lookup asks for, rows a page holds, vectors a write keeps."""
PER_ROW = 10
"""Rows the plans of one call may examine per id asked, all statements together; `SLACK` more."""
SLACK = 60
BOUND = PER_ROW * ASKED + SLACK
"""260 rows for 20 ids: an index probe per id and table costs a few; a scan of `memories` (3,000),
`quotes` (2,850) or `derived` (5,700) alone is ten times that."""
KIND, OTHER = "recall: a vector", "recall: another model"
VECTOR = 388
"""The size of a kept row: a 384-dimension vector of one byte a step, and its scale."""


@pytest.fixture(scope="module")
def filled(postgres_cluster: throwaway.Server) -> Iterator[tuple[str, PostgresStore, list[str]]]:
    """A store of `MEMORIES` memories, each readable one with a row of `KIND` and of `OTHER`, analysed;
    its URL, the store, and the readable memories' ids in order. Shared by the module's tests, which
    only read it or write the rows it already holds."""
    url = postgres_cluster.create_database()
    store = PostgresStore.open(url)
    try:
        records = [_record(store, n) for n in range(MEMORIES)]
        store.restore(records)  # below `changes.UNLOGGED_FROM`: logged, so the change log is full too
        readable = sorted(record.id for record in records if record.state != "rejected")
        cursor = store.changes(None).cursor
        for kind, start in itertools.product((KIND, OTHER), range(0, len(readable), 500)):
            chunk = readable[start : start + 500]
            assert len(store.keep_derived(kind, {memory: bytes(VECTOR) for memory in chunk}, cursor)) == len(chunk)
        with _admin(url) as conn:
            conn.execute("ANALYZE")
        yield url, store, readable
    finally:
        store.close()
        postgres_cluster.drop_database(str(conninfo_to_dict(url)["dbname"]))


def _record(store: PostgresStore, n: int) -> ExportedMemory:
    text = f"Memory {n} mentions marker{n}, the team's shared topics and what was decided about them this week"
    state = "rejected" if n % 20 == 0 else "unconfirmed" if n % 20 < 4 else "approved"
    if state == "rejected":
        return ExportedMemory(id=id_of(store, text), state=state)
    return ExportedMemory(
        id=id_of(store, text),
        state=state,
        text=text,
        category=CATEGORIES[n % len(CATEGORIES)],
        quotes=(
            f"I said that marker{n} is what we settled on, after a long talk about the shared topics and the week",
        ),
        created=float(n),
        touched=float(n),
        approved_at=float(n) if state == "approved" else None,
    )


@contextmanager
def _admin(url: str, schema: str = "personakit") -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
        yield conn


@contextmanager
def _recorded() -> Iterator[list[tuple[str | bytes | sql.Composable, Any]]]:
    """The statements (and parameters) every psycopg cursor executes inside the block, in order."""
    statements: list[tuple[str | bytes | sql.Composable, Any]] = []
    execute, executemany = psycopg.Cursor.execute, psycopg.Cursor.executemany

    def recording(self: psycopg.Cursor[Any], query: Any, params: Any = None, **kwargs: Any) -> Any:
        statements.append((query, params))
        return execute(self, query, params, **kwargs)

    def recording_many(self: psycopg.Cursor[Any], query: Any, params_seq: Any, **kwargs: Any) -> Any:
        params_seq = list(params_seq)
        statements.extend((query, params) for params in params_seq)
        return executemany(self, query, params_seq, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(psycopg.Cursor, "execute", recording)
        patch.setattr(psycopg.Cursor, "executemany", recording_many)
        yield statements


def _examined(plan: dict[str, Any]) -> int:
    """The rows a plan node and those under it produced, and those their filters and rechecks removed
    (EXPLAIN gives both per loop)."""
    loops = plan.get("Actual Loops", 1)
    removed = sum(value for name, value in plan.items() if name.startswith("Rows Removed by"))
    own = round((plan.get("Actual Rows", 0) + removed) * loops)
    return own + sum(_examined(child) for child in plan.get("Plans", ()))


def _numbered(text: str, params: Any) -> tuple[str, list[Any]]:
    """A statement with psycopg's placeholders as PostgreSQL's `$1, $2, ...` (a name keeps the number of
    its first use, as psycopg numbers them), and the values in that order."""
    if isinstance(params, Mapping):
        names: list[str] = []

        def number(match: re.Match[str]) -> str:
            if match[1] not in names:
                names.append(match[1])
            return f"${names.index(match[1]) + 1}"

        return re.sub(r"%\((\w+)\)s", number, text), [params[name] for name in names]
    counter = itertools.count(1)
    return re.sub(r"%s", lambda _: f"${next(counter)}", text), list(params or ())


def _plan(conn: psycopg.Connection[Any], text: str, params: Any, generic: bool) -> dict[str, Any]:
    """The executed plan of a statement: planned for its values, or (`generic`) the plan PostgreSQL may
    keep for any values once psycopg has prepared the statement (its fifth run on a connection)."""
    if not generic:
        row = conn.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {text}", params).fetchone()
    else:
        numbered, values = _numbered(text, params)
        conn.execute(f"PREPARE replayed AS {numbered}")
        args = sql.SQL("({})").format(sql.SQL(", ").join(map(sql.Literal, values))) if values else sql.SQL("")
        row = conn.execute(sql.SQL("EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE replayed{}").format(args)).fetchone()
        conn.execute("DEALLOCATE replayed")
    assert row is not None
    return row[0][0]["Plan"]


def recorded(call: Callable[[], object]) -> list[tuple[str | bytes | sql.Composable, Any]]:
    """The statements `call` executed, with their parameters."""
    with _recorded() as statements:
        call()
    assert statements, "the call executed no statement"
    return statements


def examined(
    url: str,
    statements: Sequence[tuple[str | bytes | sql.Composable, Any]],
    *,
    generic: bool = False,
    breaking: str | None = None,
) -> dict[str, int]:
    """Each statement replayed under EXPLAIN ANALYZE in a transaction rolled back (a write is done again
    on the rows it just wrote), with its own plan or the generic one; the rows each examined, by
    statement. With `breaking`, a statement run first in that transaction (an index dropped)."""
    found: dict[str, int] = {}
    with _admin(url) as conn, conn.transaction(force_rollback=True):
        conn.prepare_threshold = None  # no statement of psycopg's own beside `replayed`
        conn.execute(f"SET LOCAL plan_cache_mode = {'force_generic_plan' if generic else 'auto'}")
        if breaking:
            conn.execute(breaking)
        for query, params in statements:
            text = query.as_string(conn) if isinstance(query, sql.Composable) else str(query)
            key = " ".join(text.split())[:120]
            found[key] = found.get(key, 0) + _examined(_plan(conn, text, params, generic))
    return found


def assert_bounded(url: str, call: Callable[[], object], asked: int = ASKED) -> None:
    """The statements `call` executes examine at most `PER_ROW` rows per id asked (and `SLACK`), with
    the plans PostgreSQL makes for their values and with the generic ones."""
    statements = recorded(call)
    bound = PER_ROW * asked + SLACK
    for generic in (False, True):
        found = examined(url, statements, generic=generic)
        plans = "generic plans" if generic else "plans"
        assert sum(found.values()) <= bound, f"{plans} examined more than {bound} rows for {asked} ids: {found}"


def some(readable: Sequence[str]) -> list[str]:
    """`ASKED` ids spread over the whole table."""
    step = len(readable) // ASKED
    return list(readable[step // 2 :: step][:ASKED])


VIEWS = [pytest.param(EVERYTHING, id="everything"), pytest.param(View(approved_only=True), id="approved-only")]


@pytest.mark.parametrize("view", VIEWS)
def test_a_lookup_of_kept_vectors_reads_the_rows_of_its_ids(
    filled: tuple[str, PostgresStore, list[str]], view: View
) -> None:
    url, store, readable = filled
    ids = some(readable)
    assert len(store.derived(KIND, ids, view)) == sum(store.states(ids)[m] in view.readable() for m in ids)
    assert_bounded(url, lambda: store.derived(KIND, ids, view))


@pytest.mark.parametrize("view", VIEWS)
def test_a_page_of_the_build_reads_the_rows_of_its_page(
    filled: tuple[str, PostgresStore, list[str]], view: View
) -> None:
    url, store, readable = filled
    after = readable[len(readable) // 2]
    page = store.documents(None, view, after=after, limit=ASKED)
    assert len(page) == ASKED and all(document.id > after for document in page)
    assert_bounded(url, lambda: store.documents(None, view, after=after, limit=ASKED))


def test_the_documents_of_some_ids_read_those_ids(filled: tuple[str, PostgresStore, list[str]]) -> None:
    url, store, readable = filled
    ids = some(readable)
    assert {document.id for document in store.documents(ids)} == set(ids)
    assert_bounded(url, lambda: store.documents(ids))


def test_keeping_vectors_reads_and_writes_the_rows_of_its_ids(filled: tuple[str, PostgresStore, list[str]]) -> None:
    url, store, readable = filled
    ids = some(readable)
    rows = {memory: b"\x01" * VECTOR for memory in ids}

    def keep() -> None:
        assert sorted(store.keep_derived(KIND, rows, store.changes(None).cursor)) == sorted(ids)

    assert_bounded(url, keep)
    assert store.derived(KIND, ids) == rows


def test_the_count_of_kept_vectors_may_read_every_memory(filled: tuple[str, PostgresStore, list[str]]) -> None:
    """`derived_count` is what `personakit doctor` and a build's progress ask: it counts every readable
    memory, so it reads them all. Said here so that nobody mistakes it for a lookup."""
    url, store, readable = filled
    assert store.derived_count(KIND) == (len(readable), len(readable))
    assert sum(examined(url, recorded(lambda: store.derived_count(KIND))).values()) >= len(readable)


BROKEN = {
    "derived_pkey": "ALTER TABLE derived DROP CONSTRAINT derived_pkey",
    "memories_pkey": "ALTER TABLE memories DROP CONSTRAINT memories_pkey",
    "quotes_pkey": "ALTER TABLE quotes DROP CONSTRAINT quotes_pkey",
    "changes_pkey": "ALTER TABLE changes DROP CONSTRAINT changes_pkey",
}


@pytest.mark.parametrize(
    ("index", "call"),
    [
        ("derived_pkey", "lookup"),
        ("memories_pkey", "lookup"),
        ("memories_pkey", "page"),
        ("quotes_pkey", "page"),
        ("quotes_pkey", "documents"),
        ("memories_pkey", "write"),
        ("changes_pkey", "write"),
    ],
)
def test_without_the_index_a_call_goes_by_the_bound_is_exceeded(
    filled: tuple[str, PostgresStore, list[str]], index: str, call: str
) -> None:
    """The checks above are not vacuous: the statements a call executed, replayed with the index it
    goes by dropped (in the replay's transaction, rolled back), examine far more than the bound."""
    url, store, readable = filled
    ids = some(readable)
    calls: dict[str, Callable[[], object]] = {
        "lookup": lambda: store.derived(KIND, ids),
        "page": lambda: store.documents(None, after=readable[len(readable) // 2], limit=ASKED),
        "documents": lambda: store.documents(ids),
        "write": lambda: store.keep_derived(KIND, dict.fromkeys(ids, bytes(VECTOR)), store.changes(None).cursor),
    }
    found = examined(url, recorded(calls[call]), breaking=BROKEN[index])
    assert sum(found.values()) > 5 * BOUND, found
