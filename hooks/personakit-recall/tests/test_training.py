"""The training script's rule for words alone: a word, and a synset's words, are trained toward what
their glosses say, not the teacher's reading of the bare word (`training/train_static_model.py`)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).resolve().parents[1] / "training" / "train_static_model.py"


def training():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("train_static_model", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("train_static_model", module)
    spec.loader.exec_module(module)
    return module


def unit(vector: list[float]) -> np.ndarray:
    found = np.asarray(vector, dtype=np.float32)
    return found / np.linalg.norm(found)


LINES = [
    "vizsla, Hungarian pointer: Hungarian hunting dog with a rich deep red coat",  # 0
    "Hungarian hunting dog with a rich deep red coat",  # 1
    "vizsla: a second sense, written for this test",  # 2
    "vizsla, Hungarian pointer",  # 3: the synset's words
    "vizsla",  # 4: a word alone, in two glosses
    "fennel",  # 5: named by no gloss
    "a sentence about a vizsla in the park",  # 6
]
TARGETS = np.stack(
    [
        unit([1, 0, 0, 0]),
        unit([1, 1, 0, 0]),
        unit([0, 0, 1, 0]),
        unit([0, 0, 0, 1]),
        unit([0, 1, 1, 1]),
        unit([1, 0, 1, 0]),
        unit([0, 1, 0, 1]),
    ]
)


def test_a_synsets_words_point_where_its_own_gloss_points() -> None:
    found = training().defined(LINES, TARGETS.copy())
    assert np.allclose(found[3], TARGETS[0])


def test_a_word_alone_points_where_the_mean_of_its_glosses_points() -> None:
    found = training().defined(LINES, TARGETS.copy())
    assert np.allclose(found[4], unit(list(TARGETS[0] + TARGETS[2])))


def test_sentences_glosses_and_unnamed_words_keep_the_teachers_vectors() -> None:
    found = training().defined(LINES, TARGETS.copy())
    for at in (0, 1, 2, 5, 6):
        assert np.allclose(found[at], TARGETS[at]), LINES[at]


def test_a_word_in_many_glosses_takes_the_first_few() -> None:
    module = training()
    senses = module.SENSES
    lines = [f"run: sense number {at} of the word" for at in range(senses + 3)] + ["run"]
    targets = np.eye(len(lines), dtype=np.float32)
    found = module.defined(lines, targets)
    assert np.allclose(found[-1][:senses], 1 / np.sqrt(senses))
    assert np.allclose(found[-1][senses:], 0)
