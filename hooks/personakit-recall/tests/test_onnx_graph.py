"""A model's layers run by ONNX Runtime from its own weights (`onnx_graph`): the numpy runner's vectors on a
tiny BERT and a tiny MPNet (PyTorch's, for the MPNet), texts of every length in groups with padding; chosen
when `onnxruntime` and `onnx` are installed and the folder has no ONNX file; numpy when building it fails."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest
from test_bert import TEXTS, tiny_bert

from personakit_recall import bert, encoders, onnx_graph

if not onnx_graph.installed():
    pytest.skip("onnxruntime and onnx are not both installed (the onnx extra)", allow_module_level=True)

TINY_MPNET = Path(__file__).parent / "data" / "tiny-mpnet"


def graphed(folder: Path) -> bert.BertModel:
    model = bert.numpy_model(folder)
    model.run_layers_on_onnx_runtime()
    return model


def test_the_graph_gives_numpys_vectors_for_a_bert(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "tiny-bert")
    texts = [*TEXTS, "the", "where does the red cat sleep on the sofa in the tram?"]
    expected = bert.numpy_model(folder).encode(texts)
    model = graphed(folder)
    assert model.layers_run is not None
    assert np.abs(model.encode(texts) - expected).max() < 1e-5
    alone = np.stack([model.encode([text])[0] for text in texts])
    assert np.abs(alone - expected).max() < 1e-5  # padding masked out as numpy masks it


def test_the_graph_gives_pytorchs_vectors_for_an_mpnet() -> None:
    reference = json.loads((TINY_MPNET.parent / "tiny_mpnet_reference.json").read_text(encoding="utf-8"))
    texts = [item["text"] for item in reference["items"]]
    expected = np.array([item["vector"] for item in reference["items"]])
    model = graphed(TINY_MPNET)
    assert np.abs(model.encode(texts) - expected).max() < 2e-6
    numpy_model = bert.numpy_model(TINY_MPNET)
    numpy_model._bias = lambda length: np.zeros((4, length, length), np.float32)  # type: ignore[method-assign]
    assert np.abs(numpy_model.encode(texts) - expected).max() > 1e-2  # the bias the graph adds matters


def test_a_folder_without_an_onnx_file_runs_on_the_graph_and_says_so(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "tiny-bert")
    encoder = encoders.load({encoders.MODEL_ENV: str(folder)})
    assert encoder.name == f"BERT 16-dim, run with ONNX Runtime (a graph of its weights), from {folder}"
    assert np.abs(encoder.encode(TEXTS) - bert.numpy_model(folder).encode(TEXTS)).max() < 1e-5


def test_numpy_runs_it_when_the_graph_cannot_be_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tiny_bert(tmp_path / "tiny-bert")

    def broken(model: bert.BertModel, relative: bool) -> None:
        raise RuntimeError("no session today")

    monkeypatch.setattr(onnx_graph, "Layers", broken)
    with caplog.at_level(logging.WARNING, logger="personakit.recall"):
        encoder = encoders.load({encoders.MODEL_ENV: str(folder)})
    assert encoder.name == f"BERT 16-dim, run with numpy, from {folder}"
    assert (
        f"ONNX Runtime could not run {folder} (RuntimeError: no session today); numpy runs it." in caplog.text
    )
    assert np.array_equal(encoder.encode(TEXTS), bert.numpy_model(folder).encode(TEXTS))


def test_without_onnx_numpy_runs_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tiny_bert(tmp_path / "tiny-bert")
    monkeypatch.setattr(bert, "onnxruntime_installed", lambda: False)
    assert not onnx_graph.installed()
    assert (
        encoders.load({encoders.MODEL_ENV: str(folder)}).name == f"BERT 16-dim, run with numpy, from {folder}"
    )


def test_groups_run_side_by_side_give_each_text_its_own_vector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With several groups of texts at once on ONNX Runtime (`side_by_side`), each vector still lands in
    its own text's row, as when they go one after another."""
    folder = tiny_bert(tmp_path / "tiny-bert")
    texts = [
        *TEXTS,
        "the",
        "a red sofa",
        "where does the red cat sleep?",
        "the dog",
        "the tram on a bike",
    ] * 3
    model = graphed(folder)
    model.side_by_side = 1
    one_by_one = model.encode(texts)
    monkeypatch.setattr(bert, "TOKENS_AT_ONCE", 12)  # many small groups
    running: list[int] = []
    most = [0]
    forward = model.forward

    def counted(ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        running.append(1)
        most[0] = max(most[0], len(running))
        try:
            return forward(ids, mask)
        finally:
            running.pop()

    monkeypatch.setattr(model, "forward", counted)
    model.side_by_side = 3
    side_by_side = model.encode(texts)
    assert np.abs(side_by_side - one_by_one).max() < 1e-6
    assert 1 <= most[0] <= 3


def test_how_many_groups_run_side_by_side_is_chosen_at_the_first_call_with_several(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Choosing watches the machine for a fifth of a second (`threads.busy_now`): neither loading the model
    nor a question, one group of texts, waits for it; the first call with several groups chooses, once."""
    from personakit_recall import threads

    watched: list[float] = []
    monkeypatch.setattr(threads, "busy_now", lambda seconds=0.2: watched.append(seconds) or 0.0)
    model = graphed(tiny_bert(tmp_path / "tiny-bert"))
    model.encode(["where does the red cat sleep?"])
    assert (watched, model.side_by_side) == ([], None)
    monkeypatch.setattr(bert, "TOKENS_AT_ONCE", 12)  # several small groups
    texts = [*TEXTS, "a red sofa", "the dog on the tram"]
    first = model.encode(texts)
    assert len(watched) == 1 and isinstance(model.side_by_side, int) and model.side_by_side >= 1
    assert np.abs(model.encode(texts) - first).max() < 1e-6 and len(watched) == 1
