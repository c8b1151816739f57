"""How well `personakit show` and the reviews name the memory a proposal may replace (`owner/review/updates.py`).

    python benchmarks/updates.py [--no-recall] [--half tuning|held_out]

For each pair of `tests/data/updates/` (an approved memory and a proposal), a store of its own holds an
owner's other approved memories (`BACKGROUND`), the pair's memory, approved, and the proposal; the
detector is asked what the proposal may replace. For each half (tuning, held out) it prints how many true
updates are offered with their old memory first, anywhere, and how many look-alikes are offered anything
at all, by words alone and with the recall plugin (when it is installed). Targets on the held-out half:
with recall at least 90% of updates offered (old memory first) and at most 10% of look-alikes; by words
at least 60% and at most 10%.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "updates"
HALVES = ("tuning", "held_out")
BACKGROUND = [
    ("Prefers short answers without preamble", "communication"),
    ("Prefers bullet points over long paragraphs", "communication"),
    ("Works best in the morning", "work-style"),
    ("Likes written agendas before meetings", "work-style"),
    ("Uses git from the command line", "tools"),
    ("Uses a standing desk", "tools"),
    ("Prefers metric units", "preferences"),
    ("Enjoys long walks on weekends", "preferences"),
    ("Has two brothers", "background"),
    ("Studied economics", "background"),
    ("Cannot take calls on Wednesdays", "constraints"),
    ("Needs subtitles for videos", "constraints"),
    ("Reads a book a month", "other"),
    ("Keeps houseplants", "other"),
]
"""An owner's other approved memories, which no proposal of the set updates."""


def pairs(half: str) -> list[tuple[str, str, str, str]]:
    """(label, category, old, proposal) of each line of one half."""
    found = []
    for line in (DATA / f"{half}.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            label, category, old, proposal = line.split("\t")
            found.append((label, category, old, proposal))
    return found


def offered(category: str, old: str, proposal: str, plugins: list[object]) -> tuple[list[str], str]:
    """The texts the detector offers for `proposal` in a store of the background and `old`, and `old`'s id."""
    from personakit_plugin.core.kit import PersonaKit
    from personakit_plugin.owner.review.updates import may_replace

    with tempfile.TemporaryDirectory() as folder:
        kit = PersonaKit.open(folder, plugins=plugins, environ={"PERSONAKIT_PLUGINS": ""}, entry_points=False)
        try:
            for text, kind in [*BACKGROUND, (old, category)]:
                memory = kit.propose(text, text.lower(), kind).id
                assert memory is not None
                kit.store.decide(memory, "approve", kit.now())
            new = kit.propose(proposal, proposal.lower(), category).id
            assert new is not None
            memory = kit.store.get(new)
            assert memory is not None
            found = may_replace(memory, kit.store.memories(), kit if plugins else None)
            return [m.text for m in found], old
        finally:
            kit.close()


def figures(half: str, plugins: list[object]) -> str:
    updates = alikes = first = anywhere = false = 0
    for label, category, old, proposal in pairs(half):
        texts, _ = offered(category, old, proposal, plugins)
        if label == "update":
            updates += 1
            first += bool(texts) and texts[0] == old
            anywhere += old in texts
        else:
            alikes += 1
            false += bool(texts)
    return (
        f"  {half:<9} updates offered, old first {first}/{updates} ({100 * first / updates:5.1f}%), "
        f"anywhere {anywhere}/{updates} ({100 * anywhere / updates:5.1f}%)   "
        f"look-alikes offered {false}/{alikes} ({100 * false / alikes:5.1f}%)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-recall", action="store_true", help="by words only, even if recall is installed")
    parser.add_argument("--half", choices=HALVES, help="only this half (tune on `tuning` alone)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sides: list[tuple[str, list[object]]] = [("by words", [])]
    if not args.no_recall:
        try:
            import personakit_recall
        except ImportError:
            print("the recall plugin is not installed: by words only", file=sys.stderr)
        else:
            sides.append(("with recall", [personakit_recall]))
    for name, plugins in sides:
        print(f"{name}:")
        for half in [args.half] if args.half else HALVES:
            print(figures(half, plugins), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
