"""The owner's reviews after a flood: one connection left 10,000 proposals waiting.

    python benchmarks/review_flood.py [--waiting 10000] [--owner 500] [--runs 3] [--keep DIR]
                                      [--stores sqlite,postgres]

Builds a store in a temporary folder (and, with `--stores postgres`, one in a throwaway PostgreSQL
cluster, `pg.py`, through the `personakit-store-postgres` plugin, which must be installed): `--owner`
memories of the owner's (`synthetic.py`), approved, then `--waiting` distinct proposals, each with a
quote of about 1,800 characters, made through `PersonaKit.propose` as one MCP connection would make
them (its commits without fsync while it builds: the figures read the file, they do not depend on how
it was written; about 80 s at the default size on 2 shared cores, the whole run under 2 minutes).
Then, in this process, the code paths of both reviews, each the median of `--runs` runs on a fresh
copy of the store:

- terminal, first screen: `Review` made, its introduction and the first memory shown (what the owner
  waits for after typing `personakit review`);
- terminal, one decision: approving that memory and showing the next one;
- web, first screen: the page's first request (`/api/memories`, encoded as JSON as the server sends it),
  and the likeness of the first card (`/api/similar`);
- web, one decision: `/api/decide`, then what the page asks for next (the next card's likeness);
- bulk reject: `personakit reject --proposed-by` of every waiting proposal, one erasure (once).

Each store is built and measured the same way (a PostgreSQL run works on a `CREATE DATABASE ... TEMPLATE`
copy, its commits without `synchronous_commit` while it builds); the table puts them side by side.

Targets (the flood issue): a first screen under 1 s and a decision under 0.5 s at 10,000 waiting, in
both reviews. Before the change, this script measured at its default size (one run, 2 shared cores):
terminal first screen 1.52 s and a decision 0.77 s (it read every quote and rebuilt the likeness of
every memory for each card), the page's first screen 54 s and a decision 65 s (it computed the similar
memories of every memory it listed, sent them all, 25 MB, and listed everything again after each
decision). The owner's flood of 9,998 proposals had measured 152 s and 36.5 MB for the page and 2.5 to
3 s a card in the terminal. Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import synthetic

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.owner.review import bulk
from personakit_plugin.owner.review import web as review_web
from personakit_plugin.owner.review.terminal import Review, Terminal

ENVIRON = {"PERSONAKIT_PLUGINS": ""}
CLIENT = ("flood-client", "9.9")
"""The name and version the flooding connection's client gives."""


FILLER = "I said this before and I will say it again, because it matters to how I work every day. "
QUOTE_LENGTH = 1800
"""About how long each flood proposal's quote is: near the most a quote may be (2,000), as a flood's were."""


def flood_quote(quote: str, n: int) -> str:
    """`quote`, then plain talk to about `QUOTE_LENGTH` characters, numbered so that no two are alike (in
    words a secret check reads as talk: a bare number in brackets after "code review" it took for a code)."""
    return (f"{quote} That was note {n}. " + FILLER * (QUOTE_LENGTH // len(FILLER) + 1))[:QUOTE_LENGTH]


@dataclass
class Place:
    """Where a store of the benchmark is: a data folder, and for PostgreSQL the database it names."""

    folder: Path
    environ: dict[str, str] = field(default_factory=lambda: dict(ENVIRON))
    database: str | None = None

    def open(self) -> PersonaKit:
        return PersonaKit.open(self.folder, environ=self.environ)


class Sqlite:
    """The default store: a data folder, copied for each run."""

    name = "SQLite"

    def __init__(self, root: Path, keep: Path | None) -> None:
        self.root = root
        self.built = Place(keep or root / "data")

    def exists(self) -> bool:
        return (self.built.folder / "personakit.db").exists()

    @contextmanager
    def building(self, place: Place) -> Iterator[PersonaKit]:
        """The kit that builds the store, its commits without fsync."""
        kit = place.open()
        try:
            kit.store._db.execute("PRAGMA synchronous = OFF")  # type: ignore[attr-defined]
            yield kit
        finally:
            kit.close()

    def copy(self, run: int) -> Place:
        copy = self.root / f"run{run}"
        shutil.copytree(self.built.folder, copy)  # every run decides on the same store
        return Place(copy)


class Postgres:
    """The PostgreSQL store in a throwaway cluster: one database built, a template copy of it for each run."""

    name = "PostgreSQL"

    def __init__(self, root: Path, postgres: Any) -> None:
        import pg

        self.pg, self.postgres, self.root = pg, postgres, root
        self.built = self._place("flood", postgres.create("flood"))

    def _place(self, database: str, url: str) -> Place:
        folder = self.root / f"pg-{database}"
        folder.mkdir(parents=True, exist_ok=True)
        return Place(folder, {**ENVIRON, **self.pg.environ(url)}, database)

    def exists(self) -> bool:
        return False

    @contextmanager
    def building(self, place: Place) -> Iterator[PersonaKit]:
        """The kit that builds the store, its commits without `synchronous_commit`; then the database is
        left as autovacuum would soon leave it (`pg.Postgres.settle`)."""
        from psycopg import sql

        statement = sql.SQL("ALTER DATABASE {} SET synchronous_commit = {}")
        name = sql.Identifier(place.database or "")
        self.postgres.admin.execute(statement.format(name, sql.SQL("off")))
        kit = place.open()
        try:
            yield kit
        finally:
            kit.close()
            self.postgres.admin.execute(statement.format(name, sql.SQL("DEFAULT")))
        self.postgres.settle(place.database)

    def copy(self, run: int) -> Place:
        database = f"run{run}"
        return self._place(database, self.postgres.create(database, template=self.built.database))


def build(place: Place, store: Sqlite | Postgres, waiting: int, owner: int) -> None:
    """The owner's approved memories, then `waiting` proposals from one connection, each its own commit."""
    items = synthetic.memories(owner + waiting)
    with store.building(place) as kit:
        ids = [kit.propose(m.text, m.quotes[0], m.category).id for m in items[:owner]]
        kit.store.decide_many([i for i in ids if i], "approve", kit.now())
        kit.most_waiting = waiting  # the flood is over the bound a server keeps by default
        started = time.perf_counter()
        for n, memory in enumerate(items[owner:], 1):
            answer = kit.propose(memory.text, flood_quote(memory.quotes[0], n), memory.category, client=CLIENT)
            assert answer.stored, answer
            if n % 2000 == 0:
                print(f"  {n:,} proposals, {time.perf_counter() - started:.0f} s", file=sys.stderr)


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def terminal_figures(place: Place) -> tuple[float, float]:
    """(first screen, one decision) of the terminal review, in seconds."""
    kit = place.open()
    try:
        out = io.StringIO()
        holder: list[Review] = []

        def first() -> None:
            review = Review(kit, Terminal(io.StringIO(), out))
            review.introduce()
            memory = review.current()
            assert memory is not None
            review.show(memory)
            holder.append(review)

        def decision() -> None:
            review = holder[0]
            memory = review.current()
            assert memory is not None
            review.decide(memory, "approve")
            after = review.current()
            assert after is not None
            review.show(after)

        return timed(first), timed(decision)
    finally:
        kit.close()


def web_figures(place: Place) -> tuple[float, float, int]:
    """(first screen, one decision, bytes of the first answer) of the web review's API."""
    kit = place.open()
    try:
        api = review_web.ReviewApi(kit)
        size: list[int] = []
        listed: list[dict[str, object]] = []

        def first() -> None:
            answer = api.memories("unconfirmed", "")
            size.append(len(review_web.json_response(review_web.HTTPStatus.OK, answer).body))
            listed.extend(answer["memories"])
            json.dumps(api.similar(str(listed[0]["id"])))

        def decision() -> None:
            memory = listed[0]
            api.decide({"id": memory["id"], "action": "approve", "shown": memory["quote_keys"]})
            json.dumps(api.similar(str(listed[1]["id"])))  # the page lists nothing again

        return timed(first), timed(decision), size[0]
    finally:
        kit.close()


def bulk_reject(place: Place) -> float:
    """Seconds of rejecting every waiting proposal of the flood's connection at once, as `personakit reject
    --proposed-by flood-client --yes` does it: chosen, then one transaction and one erasure."""
    kit = place.open()
    try:
        started = time.perf_counter()
        chosen = bulk.chosen(kit, bulk.span(kit, CLIENT[0]))
        kit.store.decide_many([m.id for m in chosen], "reject", kit.now())
        return time.perf_counter() - started
    finally:
        kit.close()


def measure(store: Sqlite | Postgres, args: argparse.Namespace) -> tuple[dict[str, float], int]:
    """Build the store (unless kept) and measure it: the median of each figure, the first answer's bytes."""
    if not store.exists():
        print(f"{store.name}: building {args.owner:,} approved + {args.waiting:,} waiting ...", file=sys.stderr)
        started = time.perf_counter()
        build(store.built, store, args.waiting, args.owner)
        print(f"{store.name}: built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    rows: dict[str, list[float]] = {}
    size = 0
    first_copy: Place | None = None
    for run in range(args.runs):
        copy = store.copy(run)
        first_copy = first_copy or copy
        print(f"{store.name}: run {run + 1} of {args.runs}", file=sys.stderr)
        first, decision = terminal_figures(copy)
        rows.setdefault("terminal review: first screen", []).append(first)
        rows.setdefault("terminal review: one decision, next card shown", []).append(decision)
        first, decision, size = web_figures(copy)
        rows.setdefault("web review: first screen (list + first card's likeness)", []).append(first)
        rows.setdefault("web review: one decision, next card's likeness", []).append(decision)
    assert first_copy is not None
    figures = {name: statistics.median(values) for name, values in rows.items()}
    figures["bulk reject of the connection (one erasure), once"] = bulk_reject(first_copy)
    return figures, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waiting", type=int, default=10_000, help="proposals the flood leaves waiting")
    parser.add_argument("--owner", type=int, default=500, help="the owner's approved memories beside them")
    parser.add_argument("--runs", type=int, default=3, help="runs of each figure; the median is shown")
    parser.add_argument("--keep", type=Path, help="build the SQLite store here and keep it (reused when it is there)")
    parser.add_argument("--stores", default="sqlite", help="which stores to measure, side by side: sqlite,postgres")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.stores.split(",") if name.strip()]
    if not chosen or set(chosen) - {"sqlite", "postgres"}:
        parser.error("--stores takes sqlite, postgres or both, separated by a comma")
    temporary = Path(tempfile.mkdtemp(prefix="personakit-flood-"))
    results: dict[str, tuple[dict[str, float], int]] = {}
    try:
        with ExitStack() as stack:
            for name in chosen:
                if name == "sqlite":
                    results["SQLite"] = measure(Sqlite(temporary / "sqlite", args.keep), args)
                else:
                    import pg

                    postgres = stack.enter_context(pg.Postgres.start())
                    results["PostgreSQL"] = measure(Postgres(temporary / "postgres", postgres), args)
        names = list(results)
        print(f"\n{args.waiting:,} waiting from one connection, {args.owner:,} approved; median of {args.runs} runs")
        print(f"{'what (seconds)':58} " + " ".join(f"{name:>10}" for name in names) + "  target")
        for what in results[names[0]][0]:
            target = "< 1 s" if "first" in what else "" if "bulk" in what else "< 0.5 s"
            print(f"{what:58} " + " ".join(f"{results[n][0][what]:10.3f}" for n in names) + f"  {target}")
        print(f"{'web review: bytes of the first answer':58} " + " ".join(f"{results[n][1]:10,}" for n in names))
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
