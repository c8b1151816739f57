"""How the index keeps its rows compact: each figure it keeps comes back as the number it was."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from personakit_plugin import Document

from personakit_recall import encoders, stems
from personakit_recall.index import HALVES_MAX, Index, Posting


def encode(texts: Sequence[str]) -> np.ndarray:
    found = np.zeros((len(texts), 8), dtype=np.float32)
    for at, text in enumerate(texts):
        found[at, len(text) % 8] = 1.0
    return found


def test_a_posting_gives_back_each_weight_in_single_precision() -> None:
    posting = Posting("cycl", 0)
    for row, tf in enumerate([1, 2.5, 0.5, HALVES_MAX / 2]):
        posting.add(row, tf)
    assert posting.tfs.typecode == "H"  # in halves
    assert posting.weights().dtype == np.float32
    assert posting.weights().tolist() == [1.0, 2.5, 0.5, HALVES_MAX / 2]
    posting.add(4, 0.3)  # no multiple of a half: every weight in single precision from then on
    posting.add(5, HALVES_MAX)
    assert posting.tfs.typecode == "f"
    expected = np.array([1, 2.5, 0.5, HALVES_MAX / 2, 0.3, HALVES_MAX], dtype=np.float32)
    assert posting.weights().tolist() == expected.tolist()


def test_stems_come_and_go_as_if_the_index_were_built_afresh() -> None:
    chance = random.Random(3)
    words = [f"word{at}" for at in range(400)]
    index = Index(encode, stems.stemmer(), stems.word_stemmer())
    live: dict[str, Document] = {}
    for step in range(1500):
        memory = f"m{chance.randrange(120)}"
        if chance.random() < 0.6:
            text = " ".join(chance.choice(words) for _ in range(chance.randrange(1, 8)))
            quotes = tuple(" ".join(chance.choices(words, k=3)) for _ in range(chance.randrange(3)))
            live[memory] = Document(
                id=memory, text=text, category="c", state="approved", touched=float(step), quotes=quotes
            )
            index.upsert([live[memory]])
        else:
            index.drop([memory])
            live.pop(memory, None)
    fresh = Index(encode, stems.stemmer(), stems.word_stemmer())
    fresh.upsert(list(live.values()))

    def weights(of: Index) -> dict[str, list[tuple[str | None, float]]]:
        found = {}
        for stem, posting in of.postings.items():
            pairs = zip(posting.rows, posting.weights().tolist(), strict=True)
            found[stem] = sorted((of._ids[row], tf) for row, tf in pairs)
        return found

    assert weights(index) == weights(fresh)
    assert all(sorted(index.stems_of(memory)) == sorted(fresh.stems_of(memory)) for memory in live)
    assert sum(posting is not None for posting in index._numbered) == len(index.postings)


def test_the_bundled_token_table_is_mapped_as_safetensors_reads_it() -> None:
    from safetensors import safe_open

    path = encoders.wordllama_folder() / "weights" / encoders.WORDLLAMA_WEIGHTS
    with safe_open(str(path), framework="np") as weights:
        read = weights.get_tensor("embedding.weight")
    mapped = encoders.mapped_tensor(path, "embedding.weight")
    assert mapped.dtype == read.dtype and np.array_equal(mapped, read)
    assert not mapped.flags.writeable
