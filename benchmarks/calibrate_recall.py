"""Choose a recall model's cut-off and fusion weights on the tune half of the labelled set, never the held-out.

Each model scores on its own scale (a static model's cosines run higher than a sentence model's), so one
fixed threshold cannot serve them all: a question nothing answers must get no more than the contract's
fill whatever the model. For every pair of fusion weights (`--bm25`, `--quote`) this builds the store once
with the recall plugin and the model chosen (`--model`, as `PERSONAKIT_RECALL_MODEL` takes it; empty: the
bundled model), then reads every tuning question at each threshold of `--thresholds`. The setting kept is
the one with the best recall@7 overall among those that answer at least `--abstain` of the no-answer
questions with no more than the fill (ties: the higher threshold). `--write FOLDER` records it in a
`personakit-static` model folder's `config.json` (`calibration`), where `encoders.BundledEncoder` reads it.

    python benchmarks/calibrate_recall.py [--model M] [--thresholds 0.2,0.25] [--bm25 0.2,0.35]
        [--quote 0.2] [--abstain 0.6] [--write FOLDER]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import quality


def floats(text: str) -> list[float]:
    return [float(part) for part in text.split(",") if part.strip()]


def measure(
    model: str, bm25: float, quote: float, thresholds: Sequence[float], workdir: Path, keep_stop_words: bool | None
) -> list[dict[str, Any]]:
    """The tune half's figures at each threshold, for one pair of fusion weights."""
    import personakit_recall

    memories = quality.load_memories()
    questions = quality.load_questions("tune")
    texts = {memory.key: quality.content_words(memory.text) for memory in memories}
    loaded: dict[str, Any] = {}
    original = personakit_recall.load_encoder

    def patched(**given: Any) -> Any:
        encoder = original(**given)
        encoder.bm25_weight = bm25
        encoder.quote_weight = quote
        if keep_stop_words is not None:
            encoder.keep_stop_words = keep_stop_words
        loaded["encoder"] = encoder
        return encoder

    settings = {"PERSONAKIT_RECALL_MODEL": model} if model else {}
    config = quality.Config("recall", "recall", settings)
    quality.unload_models()
    personakit_recall.load_encoder = patched
    rows = []
    try:
        with quality.environment(settings):
            store = quality.build_store(config, memories, workdir / f"b{bm25}-q{quote}-s{keep_stop_words}")
            try:
                store.kit.read("Anything to know before starting?", quality.LIMIT)
                quality.settle(store.kit)
                for threshold in thresholds:
                    loaded["encoder"].threshold = threshold
                    answers = quality.ask(store, questions)
                    figures = quality.scores(answers, store.recently_approved, texts)
                    rows.append(
                        {
                            "threshold": threshold,
                            "bm25_weight": bm25,
                            "quote_weight": quote,
                            "keep_stop_words": bool(getattr(loaded["encoder"], "keep_stop_words", False)),
                            **flat(figures),
                        }
                    )
            finally:
                store.kit.close()
    finally:
        personakit_recall.load_encoder = original
        quality.unload_models()
    return rows


def flat(figures: dict[str, dict[str, float]]) -> dict[str, float]:
    found = {kind: row["recall@7"] for kind, row in figures.items() if "recall@7" in row}
    empty = figures.get(quality.NO_ANSWER, {})
    found["only_fill"] = empty.get("only_fill", 1.0)
    found["returned"] = empty.get("mean_returned", 0.0)
    return found


def chosen(rows: Sequence[dict[str, Any]], abstain: float) -> dict[str, Any] | None:
    allowed = [row for row in rows if row["only_fill"] >= abstain]
    if not allowed:
        return None
    return max(allowed, key=lambda row: (round(row["overall"], 6), row["threshold"]))


def show(rows: Sequence[dict[str, Any]]) -> str:
    kinds = [kind for kind in (*quality.KINDS, "overall") if kind in rows[0]]
    head = "threshold  bm25  quote  stop words  " + "  ".join(f"{kind:>11}" for kind in kinds) + "  only fill  returned"
    lines = [head]
    for row in rows:
        numbers = "  ".join(f"{row[kind]:>11.3f}" for kind in kinds)
        lines.append(
            f"{row['threshold']:>9.3f}  {row['bm25_weight']:>4.2f}  {row['quote_weight']:>5.2f}"
            f"  {'kept' if row['keep_stop_words'] else 'dropped':>10}  {numbers}"
            f"  {row['only_fill']:>9.3f}  {row['returned']:>8.2f}"
        )
    return "\n".join(lines)


def write_calibration(folder: Path, row: dict[str, Any], abstain: float) -> None:
    path = folder / "config.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config["calibration"] = {
        "threshold": row["threshold"],
        "bm25_weight": row["bm25_weight"],
        "quote_weight": row["quote_weight"],
        "keep_stop_words": row["keep_stop_words"],
        "chosen_on": "the tune half of benchmarks/quality",
        "abstain_at_least": abstain,
    }
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="", help="PERSONAKIT_RECALL_MODEL's value; empty: the bundled model")
    parser.add_argument("--thresholds", type=floats, default=floats("0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5"))
    parser.add_argument("--bm25", type=floats, default=floats("0.2,0.35"))
    parser.add_argument("--quote", type=floats, default=floats("0.2,0.5"))
    parser.add_argument(
        "--stop-words",
        choices=("model", "both"),
        default="model",
        help="a static model's stop words as the model says (model), or both dropped and kept (both)",
    )
    parser.add_argument("--abstain", type=float, default=0.6, help="the share of no-answer questions to keep")
    parser.add_argument("--write", type=Path, metavar="FOLDER", help="record the choice in this model folder")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="personakit-calibrate-") as workdir:
        stop_words: list[bool | None] = [None] if args.stop_words == "model" else [False, True]
        for bm25, quote, keep in itertools.product(args.bm25, args.quote, stop_words):
            rows += measure(args.model, bm25, quote, args.thresholds, Path(workdir), keep)
    print(f"== tune half, model {args.model or 'bundled'} ==")
    print(show(rows))
    best = chosen(rows, args.abstain)
    if best is None:
        print(f"No setting answers {args.abstain:.0%} of the no-answer questions with the fill alone.")
        return 1
    print(f"chosen: threshold {best['threshold']}, bm25 {best['bm25_weight']}, quote {best['quote_weight']}")
    if args.write:
        write_calibration(args.write, best, args.abstain)
        print(f"written to {args.write / 'config.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
