"""What a crafted question costs, with and without the recall plugin: a question of characters that
Unicode normalisation expands (U+FDFA is 18 characters in NFKC).

    python benchmarks/question_cost.py [--memories 200] [--repeat 5]

A store of `--memories` memories in a temporary folder is read in process through the tool (`tools.read`,
what an assistant calls), with the default plugins, then with the recall plugin too (its bundled model,
loaded and the index built before anything is timed). Each line is the median of `--repeat` reads:

- `ordinary question`: a typical question, for scale;
- `4,000 x U+FDFA`: the question the bound refuses (72,000 characters once normalised), answered by a
  tool error before any retriever sees it;
- `222 x U+FDFA`: the longest question of it the bound lets through (3,996 characters normalised).

Before the bound applied to the normalised question, the first took about 1 s with recall against
46 ms without: a server over HTTP answers one read of a connection at a time, so one client held up
the others for that long.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import QUESTION_MAX
from personakit_plugin.serving import tools

EXPANDING = "\ufdfa"
QUESTIONS = {
    "ordinary question": "How does the owner like their answers formatted?",
    f"{QUESTION_MAX:,} x U+FDFA": EXPANDING * QUESTION_MAX,
    f"{QUESTION_MAX // 18} x U+FDFA": EXPANDING * (QUESTION_MAX // 18),
}


def timed(kit: PersonaKit, question: str, repeat: int) -> tuple[float, bool]:
    """The median milliseconds of a read of `question` through the tool, and whether it was refused."""
    times, refused = [], False
    for _ in range(repeat):
        start = time.perf_counter()
        result = tools.read(kit, question, 7)
        times.append((time.perf_counter() - start) * 1000)
        refused = bool(result.is_error)
    return statistics.median(times), refused


def side(folder: Path, plugins: list[object], repeat: int) -> dict[str, tuple[float, bool]]:
    kit = PersonaKit.open(folder, plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        kit.read("warm up the index", 3)
        return {name: timed(kit, question, repeat) for name, question in QUESTIONS.items()}
    finally:
        kit.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
        for n in range(args.memories):
            kit.propose(f"Memory number {n} about topic {n % 17}", f"I said {n} things about {n % 17}", "other")
        kit.close()
        sides = {"default": side(Path(folder), [], args.repeat)}
        try:
            import personakit_recall
        except ImportError:
            print("personakit-recall is not installed: the default side only", file=sys.stderr)
        else:
            sides["with recall"] = side(Path(folder), [personakit_recall], args.repeat)
    print(f"{'question':<24}" + "".join(f"{name:>22}" for name in sides))
    for name in QUESTIONS:
        cells = []
        for figures in sides.values():
            ms, refused = figures[name]
            cells.append(f"{ms:>10.2f} ms" + (" (refused)" if refused else " " * 10))
        print(f"{name:<24}" + "".join(f"{cell:>22}" for cell in cells))


if __name__ == "__main__":
    main()
