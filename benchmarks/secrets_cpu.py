"""What the secret check costs: CPU time of `proposal_secret_kind` per proposal, on every sentence of the
secret corpora (the everyday and other-shapes corpora, both parts; the blind corpus's parts that exist;
the older corpora), each read as a proposal's text and quote.

    python benchmarks/secrets_cpu.py [--repeat 7] [--rounds 3] [--against CHECKOUT]

Each side is timed in a child process of its own (`time.process_time`, after one pass to warm the
caches and compile the patterns), `--repeat` passes over all sentences a round, and the rounds of the
two sides alternate so that a busy machine weighs on both alike. A line is the median pass, in
microseconds per proposal. With `--against`, the detector of another checkout (a worktree of an
earlier commit) is timed on the same sentences, and the ratio of this one to it is printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _sentences() -> list[list[str]]:
    sys.path.insert(0, str(ROOT))
    from tests.helpers.secret_corpora import FRESH_PARTS, PARTS, everyday, fresh, fresh_exists, other_shapes, regression

    cases = [*regression()]
    for part in PARTS:
        cases += [*everyday(part), *other_shapes(part)]
    cases += [case for part in FRESH_PARTS if fresh_exists(part) for case in fresh(part)]
    return [[case.text, case.quote] for case in cases]


def _child(checkout: str, repeat: int) -> None:
    """Time the detector of `checkout` on the sentences read from stdin; print each pass's µs per proposal."""
    sys.path.insert(0, checkout)
    from personakit_plugin.default_plugins.secrets import proposal_secret_kind

    cases = json.load(sys.stdin)
    for text, quote in cases:  # warm: patterns compiled, word lists read
        proposal_secret_kind(text, quote)
    passes = []
    for _ in range(repeat):
        start = time.process_time()
        for text, quote in cases:
            proposal_secret_kind(text, quote)
        passes.append((time.process_time() - start) / len(cases) * 1e6)
    print(json.dumps(passes))


def _time(checkout: Path, payload: str, repeat: int) -> list[float]:
    command = [sys.executable, __file__, "--child", str(checkout), "--repeat", str(repeat)]
    done = subprocess.run(command, input=payload, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="passes over all sentences a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each side, alternating")
    parser.add_argument("--against", type=Path, help="another checkout whose detector is timed as the baseline")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.repeat)
        return 0
    if args.against is not None and not (args.against / "personakit_plugin").is_dir():
        parser.error(f"--against {args.against}: not a checkout of PersonaKit (no personakit_plugin folder)")
    sentences = _sentences()
    payload = json.dumps(sentences)
    sides = {"this checkout": ROOT} | ({"baseline": args.against} if args.against else {})
    passes: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(args.rounds):
        for name, checkout in sides.items():
            passes[name] += _time(checkout, payload, args.repeat)
    print(f"proposal_secret_kind on {len(sentences)} proposals, median of {args.rounds * args.repeat} passes:")
    medians = {name: statistics.median(values) for name, values in passes.items()}
    for name, median in medians.items():
        print(f"  {name:<14} {median:8.1f} µs CPU per proposal")
    if "baseline" in medians:
        print(f"  ratio          {medians['this checkout'] / medians['baseline']:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
