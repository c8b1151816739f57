"""The owner's reviews after a flood: one connection left 10,000 proposals waiting.

    python benchmarks/review_flood.py [--waiting 10000] [--owner 500] [--runs 3] [--keep DIR]

Builds a store in a temporary folder: `--owner` memories of the owner's (`synthetic.py`), approved, then
`--waiting` distinct proposals, each with a quote of about 1,800 characters, made through
`PersonaKit.propose` as one MCP connection would make them (its commits without fsync while it builds:
the figures read the file, they do not depend on how it was written; about 80 s at the default size on
2 shared cores, the whole run under 2 minutes). Then, in this process, the code paths of both reviews,
each the median of `--runs` runs on a fresh copy of the store:

- terminal, first screen: `Review` made, its introduction and the first memory shown (what the owner
  waits for after typing `personakit review`);
- terminal, one decision: approving that memory and showing the next one;
- web, first screen: the page's first request (`/api/memories`, encoded as JSON as the server sends it),
  and the likeness of the first card (`/api/similar`);
- web, one decision: `/api/decide`, then what the page asks for next (the next card's likeness);
- bulk reject: `personakit reject --proposed-by` of every waiting proposal, one erasure (once).

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
from collections.abc import Callable
from pathlib import Path

import synthetic

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.owner import bulk, review_web
from personakit_plugin.owner.review_terminal import Review, Terminal

ENVIRON = {"PERSONAKIT_PLUGINS": ""}
CLIENT = ("flood-client", "9.9")
"""The name and version the flooding connection's client gives."""


FILLER = "I said this before and I will say it again, because it matters to how I work every day. "
QUOTE_LENGTH = 1800
"""About how long each flood proposal's quote is: near the most a quote may be (2,000), as a flood's were."""


def flood_quote(quote: str, n: int) -> str:
    """`quote`, then plain talk to about `QUOTE_LENGTH` characters, numbered so that no two are alike."""
    return (f"{quote} ({n}) " + FILLER * (QUOTE_LENGTH // len(FILLER) + 1))[:QUOTE_LENGTH]


def build(folder: Path, waiting: int, owner: int) -> None:
    """The owner's approved memories, then `waiting` proposals from one connection, each its own commit."""
    items = synthetic.memories(owner + waiting)
    kit = PersonaKit.open(folder, environ=ENVIRON)
    try:
        kit.store._db.execute("PRAGMA synchronous = OFF")  # type: ignore[attr-defined]
        ids = [kit.propose(m.text, m.quotes[0], m.category).id for m in items[:owner]]
        kit.store.decide_many([i for i in ids if i], "approve", kit.now())
        kit.most_waiting = waiting  # the flood is over the bound a server keeps by default
        started = time.perf_counter()
        for n, memory in enumerate(items[owner:], 1):
            answer = kit.propose(memory.text, flood_quote(memory.quotes[0], n), memory.category, client=CLIENT)
            assert answer.stored, answer
            if n % 2000 == 0:
                print(f"  {n:,} proposals, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    finally:
        kit.close()


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def terminal_figures(folder: Path) -> tuple[float, float]:
    """(first screen, one decision) of the terminal review, in seconds."""
    kit = PersonaKit.open(folder, environ=ENVIRON)
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


def web_figures(folder: Path) -> tuple[float, float, int]:
    """(first screen, one decision, bytes of the first answer) of the web review's API."""
    kit = PersonaKit.open(folder, environ=ENVIRON)
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


def bulk_reject(folder: Path) -> float:
    """Seconds of rejecting every waiting proposal of the flood's connection at once, as `personakit reject
    --proposed-by flood-client --yes` does it: chosen, then one transaction and one erasure."""
    kit = PersonaKit.open(folder, environ=ENVIRON)
    try:
        started = time.perf_counter()
        chosen = bulk.chosen(kit, bulk.span(kit, CLIENT[0]))
        kit.store.decide_many([m.id for m in chosen], "reject", kit.now())
        return time.perf_counter() - started
    finally:
        kit.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waiting", type=int, default=10_000, help="proposals the flood leaves waiting")
    parser.add_argument("--owner", type=int, default=500, help="the owner's approved memories beside them")
    parser.add_argument("--runs", type=int, default=3, help="runs of each figure; the median is shown")
    parser.add_argument("--keep", type=Path, help="build the store here and keep it (reused when it is there)")
    args = parser.parse_args()
    temporary = Path(tempfile.mkdtemp(prefix="personakit-flood-"))
    folder = args.keep or temporary / "data"
    try:
        if not (folder / "personakit.db").exists():
            print(f"building {args.owner:,} approved + {args.waiting:,} waiting ...", file=sys.stderr)
            started = time.perf_counter()
            build(folder, args.waiting, args.owner)
            print(f"built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        rows: dict[str, list[float]] = {}
        size = 0
        for run in range(args.runs):
            copy = temporary / f"run{run}"
            shutil.copytree(folder, copy)  # every run decides on the same store
            print(f"run {run + 1} of {args.runs}", file=sys.stderr)
            first, decision = terminal_figures(copy)
            rows.setdefault("terminal review: first screen", []).append(first)
            rows.setdefault("terminal review: one decision, next card shown", []).append(decision)
            first, decision, size = web_figures(copy)
            rows.setdefault("web review: first screen (list + first card's likeness)", []).append(first)
            rows.setdefault("web review: one decision, next card's likeness", []).append(decision)
        rejected = bulk_reject(temporary / "run0")
        print(f"\n{args.waiting:,} waiting from one connection, {args.owner:,} approved; median of {args.runs} runs")
        print(f"{'what':58} {'seconds':>9}  target")
        for name, values in rows.items():
            target = "< 1 s" if "first" in name else "< 0.5 s"
            print(f"{name:58} {statistics.median(values):9.3f}  {target}")
        print(f"{'web review: bytes of the first answer':58} {size:9,}")
        print(f"{'bulk reject of the connection (one erasure), once':58} {rejected:9.3f}")
    finally:
        shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
