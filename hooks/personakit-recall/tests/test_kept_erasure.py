"""The kept vectors are erased with what they came from, at the size an owner meets it.

Two thousand memories with long quotes of made-up words are indexed by recall, which keeps each one's
vector in the store; the owner then rejects a third of them with `personakit reject` (and drops a
waiting quote, restricts and edits others). Every byte of every file of the data folder is read
afterwards: no rejected memory's vector may be there, as the store keeps it (its scale and its bytes),
nor its components in single or half precision, nor any word only rejected texts held. A positive
control finds the same vectors before the reject. The scan and the made-up words are those of
PersonaKit's own erasure tests (`tests/privacy/test_erasure_at_size.py`).
"""

from __future__ import annotations

import random
import sqlite3
import sys
from pathlib import Path

import numpy as np
from personakit_plugin import PersonaKit
from recall_testing import environ, index_of, owner

import personakit_recall

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # PersonaKit's own tests, for their helpers
from tests.privacy.test_erasure_at_size import Words, found_in_folder, made_up, made_up_memories

SIZE = 2_000


def needles_of(row: bytes) -> list[bytes]:
    """What of a kept row may not outlive its reject: the row, its bytes alone, and its vector in single
    and half precision."""
    scale = np.frombuffer(row, dtype="<f4", count=1)[0]
    vector = np.frombuffer(row, dtype=np.int8, offset=4).astype(np.float32) * scale
    return [row, row[4:], vector.astype("<f4").tobytes(), vector.astype("<f2").tobytes()]


def holding(folder: Path, needles: dict[str, list[bytes]]) -> set[str]:
    """The memories of which some file in `folder` holds a needle."""
    blobs = [path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()]
    return {memory for memory, found in needles.items() if any(n in blob for n in found for blob in blobs)}


def test_two_thousand_kept_vectors_a_third_rejected_leave_no_byte_behind(tmp_path: Path) -> None:
    words = Words(seed=2_026)
    shared = [words.new() for _ in range(40)]
    memories = made_up_memories(words, SIZE, shared)
    kit = PersonaKit.open(tmp_path, plugins=[personakit_recall], environ=environ())
    database = kit.store.path  # the default store's SQLite file
    try:
        now = kit.now()
        answers = kit.store.bulk_propose([(text, first, "background", now) for text, first, _ in memories])  # type: ignore[attr-defined]
        ids = [answer.id for answer in answers]
        kit.store.bulk_propose([(text, second, "background", now + 1) for text, _, second in memories])  # type: ignore[attr-defined]
        assert len(set(ids)) == SIZE
        kit.read("notebook", 7)  # the index is built, and every vector kept
        personakit_recall.state_of(kit).keeper.wait()
        index = index_of(kit)
        rows = {memory: index.kept_row(memory) for memory in ids}
        assert all(row is not None for row in rows.values())
    finally:
        kit.close()
    db = sqlite3.connect(database)
    assert db.execute("SELECT count(*) FROM derived").fetchone() == (SIZE,)
    db.close()

    rng = random.Random(11)
    rejected = sorted(rng.sample(ids, SIZE // 3))
    kept = [memory for memory in ids if memory not in set(rejected)]
    texts = dict(zip(ids, memories, strict=True))
    needles = {memory: needles_of(rows[memory] or b"") for memory in rejected}
    assert holding(tmp_path, needles) == set(rejected), "the scan is blind"
    doomed = made_up(t for m in rejected for t in texts[m]) - made_up(t for m in kept for t in texts[m])

    owner(tmp_path, "edit", rejected[0], "--text", "Keeps " + words.sentence(3, 60, shared))
    owner(tmp_path, "restrict", *rejected[1:20])
    owner(tmp_path, "approve", *rejected[20:40])
    for start in range(0, len(rejected), 250):
        owner(tmp_path, "reject", *rejected[start : start + 250])

    assert holding(tmp_path, needles) == set()
    assert found_in_folder(tmp_path, doomed) == set()
    survivors = {memory: needles_of(rows[memory] or b"")[:1] for memory in kept}
    assert holding(tmp_path, survivors) == set(kept)  # what was not rejected is still kept
