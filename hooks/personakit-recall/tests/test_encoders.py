"""Choosing the model: the bundled one and its token weights, a folder, a name, and every way it fails."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from personakit_recall import encoders


def cosine(one: np.ndarray, other: np.ndarray) -> float:
    return float(one @ other / (np.linalg.norm(one) * np.linalg.norm(other)))


def test_a_common_token_weighs_less_than_a_rare_one() -> None:
    weights = encoders.token_weights(32_000)
    assert weights.shape == (32_000,)
    assert np.all(np.diff(weights) > 0)  # the later (rarer) the piece, the more it counts
    assert 0 < weights[20] < 0.3 < 0.9 < weights[-1] <= 1


@pytest.fixture(scope="module")
def bundled() -> encoders.Encoder:
    return encoders.WordLlamaEncoder()


def test_the_bundled_model_weighs_words_that_every_question_has_less(bundled: encoders.Encoder) -> None:
    import wordllama

    plain = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    asked, meant = "what do they think of the dog", "dog"
    weighted = bundled.encode([asked, meant])
    unweighted = plain.embed([asked, meant], norm=True)
    assert cosine(weighted[0], weighted[1]) > cosine(unweighted[0], unweighted[1]) + 0.01
    assert np.allclose(np.linalg.norm(weighted, axis=1), 1.0, atol=1e-5)


def test_the_bundled_model_is_loaded_when_nothing_is_chosen() -> None:
    assert encoders.chosen({}) == f"{encoders.BUNDLED} (bundled)"
    assert isinstance(encoders.load({}), encoders.BundledEncoder)


@pytest.mark.parametrize("value", ["bert:some-model", "model2vec:", "just-a-word"])
def test_a_value_that_names_no_model_is_a_sentence(value: str) -> None:
    with pytest.raises(encoders.ModelError, match="is neither a folder"):
        encoders.load({encoders.MODEL_ENV: value})


def test_a_folder_without_a_model_is_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a model", encoding="utf-8")
    with pytest.raises(encoders.ModelError, match="holds neither a model2vec model"):
        encoders.load({encoders.MODEL_ENV: str(tmp_path)})


class Recorded:
    """What a stand-in for a library's model class was asked to load, and with which arguments."""

    calls: list[tuple[str, dict[str, Any]]]
    texts: list[str]
    """What the models were asked to encode."""

    def __init__(self) -> None:
        self.calls = []
        self.texts = []


@pytest.fixture
def fake_libraries(monkeypatch: pytest.MonkeyPatch) -> Recorded:
    """`model2vec` and `sentence_transformers` stand-ins that record what they are asked to load: the
    loading code runs as it does with the real libraries, without a network or torch."""
    recorded = Recorded()

    class StaticModel:
        @staticmethod
        def from_pretrained(source: str, **kwargs: Any) -> StaticModel:
            recorded.calls.append((source, kwargs))
            return StaticModel()

        def encode(self, texts: list[str], **_: Any) -> np.ndarray:
            recorded.texts.extend(texts)
            return np.ones((len(texts), 3))

    class SentenceTransformer:
        def __init__(self, source: str, **kwargs: Any) -> None:
            recorded.calls.append((source, kwargs))

        def encode(self, texts: list[str], **_: Any) -> np.ndarray:
            recorded.texts.extend(texts)
            return np.full((len(texts), 4), 2.0)

    monkeypatch.setitem(sys.modules, "model2vec", types.SimpleNamespace(StaticModel=StaticModel))
    monkeypatch.setitem(
        sys.modules, "sentence_transformers", types.SimpleNamespace(SentenceTransformer=SentenceTransformer)
    )
    return recorded


def write_model_folder(folder: Path, model_type: str) -> Path:
    """The files both libraries write, as they lay them out: a `modules.json`, a `config.json` with the
    `model_type`, `model.safetensors` and `tokenizer.json` (model2vec 0.10 writes all four too)."""
    folder.mkdir()
    (folder / "modules.json").write_text('[{"idx": 0, "name": "0", "path": "."}]', encoding="utf-8")
    (folder / "config.json").write_text(f'{{"model_type": "{model_type}"}}', encoding="utf-8")
    (folder / "model.safetensors").write_bytes(b"")
    (folder / "tokenizer.json").write_text("{}", encoding="utf-8")
    return folder


def test_a_folder_model2vec_wrote_is_a_static_model_though_it_has_a_modules_json(
    fake_libraries: Recorded, tmp_path: Path
) -> None:
    static = write_model_folder(tmp_path / "distilled", "model2vec")
    transformer = write_model_folder(tmp_path / "minilm", "bert")
    assert encoders.kind_of(static) == "model2vec"
    assert encoders.kind_of(transformer) == "sentence-transformers"
    (transformer / "config.json").write_text("not json", encoding="utf-8")  # unreadable: it decides nothing
    assert encoders.kind_of(transformer) == "sentence-transformers"
    assert isinstance(encoders.load({encoders.MODEL_ENV: str(static)}), encoders.Model2VecEncoder)
    assert fake_libraries.calls == [(str(static), {})]  # loaded by model2vec, not by sentence-transformers


def test_a_name_is_downloaded_only_when_the_owner_allows_it(fake_libraries: Recorded) -> None:
    name = "sentence-transformers:someone/small-model"
    encoders.load({encoders.MODEL_ENV: name})
    encoders.load({encoders.MODEL_ENV: name, encoders.DOWNLOAD_ENV: "1"})
    assert fake_libraries.calls == [
        ("someone/small-model", {"device": "cpu", "local_files_only": True}),  # the library's cache only
        ("someone/small-model", {"device": "cpu", "local_files_only": False}),
    ]
    with pytest.raises(encoders.ModelError, match=f"set {encoders.DOWNLOAD_ENV}=1"):
        encoders.load({encoders.MODEL_ENV: "model2vec:someone/static-model"})
    model = encoders.load({encoders.MODEL_ENV: "model2vec:someone/static-model", encoders.DOWNLOAD_ENV: "1"})
    assert fake_libraries.calls[-1] == ("someone/static-model", {})
    assert np.allclose(model.encode(["a", "b"]), 1 / np.sqrt(3))  # unit vectors, whatever the library gives


def test_a_folder_is_loaded_by_the_kind_of_model_it_holds(fake_libraries: Recorded, tmp_path: Path) -> None:
    static, transformer = tmp_path / "static", tmp_path / "transformer"
    static.mkdir()
    transformer.mkdir()
    (static / "model.safetensors").write_bytes(b"")
    (static / "tokenizer.json").write_text("{}", encoding="utf-8")
    (transformer / "modules.json").write_text("[]", encoding="utf-8")
    one = encoders.load({encoders.MODEL_ENV: str(static)})
    other = encoders.load({encoders.MODEL_ENV: str(transformer)})
    assert isinstance(one, encoders.Model2VecEncoder)
    assert isinstance(other, encoders.SentenceTransformerEncoder)
    local = {"device": "cpu", "local_files_only": True}
    assert fake_libraries.calls == [(str(static), {}), (str(transformer), local)]
    assert other.threshold != encoders.WordLlamaEncoder.threshold  # each model has its own


def test_a_library_that_is_not_installed_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import fails
    monkeypatch.setitem(sys.modules, "model2vec", None)
    with pytest.raises(encoders.ModelError, match="pip install sentence-transformers"):
        encoders.load({encoders.MODEL_ENV: "sentence-transformers:someone/model"})
    with pytest.raises(encoders.ModelError, match="pip install model2vec"):
        encoders.load({encoders.MODEL_ENV: "model2vec:someone/model"})


def test_a_model_that_fails_to_load_is_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(source: str, **_: Any) -> None:
        raise OSError("no such model in the cache")

    library = types.SimpleNamespace(SentenceTransformer=broken)
    monkeypatch.setitem(sys.modules, "sentence_transformers", library)
    with pytest.raises(encoders.ModelError, match=r"could not be loaded \(OSError\); set"):
        encoders.load({encoders.MODEL_ENV: "sentence-transformers:someone/model"})


def test_a_tiny_sentence_transformers_model_saved_to_a_folder_is_loaded_from_it(tmp_path: Path) -> None:
    """The real library, where it is installed (no tox env installs it: it brings PyTorch): a model this
    test builds and saves, loaded from its folder without a network."""
    sentence_transformers = pytest.importorskip("sentence_transformers")
    from tokenizers import Tokenizer, models, pre_tokenizers

    words = ["[UNK]", "[PAD]", "dog", "cat", "tram", "bike"]
    tokenizer = Tokenizer(models.WordLevel({word: at for at, word in enumerate(words)}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    vectors = np.random.default_rng(0).normal(size=(len(words), 8)).astype(np.float32)
    try:  # where sentence-transformers 6 keeps it; 3 to 5 in `models`
        from sentence_transformers.sentence_transformer.modules import StaticEmbedding
    except ImportError:
        from sentence_transformers.models import StaticEmbedding
    static = StaticEmbedding(tokenizer, embedding_weights=vectors)
    sentence_transformers.SentenceTransformer(modules=[static]).save(str(tmp_path))
    model = encoders.load({encoders.MODEL_ENV: str(tmp_path)})
    found = model.encode(["dog", "dog cat", "tram"])
    assert found.shape == (3, 8)
    assert cosine(found[0], vectors[2]) == pytest.approx(1.0, abs=1e-5)


def test_a_static_model_is_given_no_stop_words_and_a_sentence_model_the_whole_text(
    fake_libraries: Recorded,
) -> None:
    static = encoders.load({encoders.MODEL_ENV: "model2vec:someone/static", encoders.DOWNLOAD_ENV: "1"})
    sentence = encoders.load({encoders.MODEL_ENV: "sentence-transformers:someone/model"})
    static.encode(["Where does the dog sleep?", "the"])
    sentence.encode(["Where does the dog sleep?"])
    assert fake_libraries.texts == ["dog sleep", "the", "Where does the dog sleep?"]


def varied_texts(count: int) -> list[str]:
    """Texts of every kind the tokenizer meets: accents, curly apostrophes, digits, emoji, other
    scripts, punctuation, repeated spaces, a special token's spelling, and texts of stop words only."""
    import random

    pieces = [
        *("Prefers", "answers", "as", "short", "bullet", "points", "café", "naïve", "Zürich", "don\u2019t"),
        *("it's", "42", "3.14", "🚲", "東京", "Москва", "the", "what", "a", "<s>", "", "--", "e-mail"),
        *("Paprika", "vizsla", "penicillin", "ﬁsh", "tram,", "(bash)", "well...", "x²", "İstanbul"),
    ]
    rng = random.Random(11)
    texts = [" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 14))) for _ in range(count)]
    return [*texts, "the what a", "", "   ", "<s>", "what is the user's favourite colour?"]


def test_the_bundled_model_read_without_wordllama_gives_wordllamas_vectors(
    bundled: encoders.WordLlamaEncoder,
) -> None:
    import wordllama

    plain = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    plain.embedding *= encoders.token_weights(plain.embedding.shape[0])[:, None]
    plain.embedding[plain.tokenizer.token_to_id("<unk>")] = 0.0  # the unknown token counts as nothing
    # and so do the bytes a character with no piece of its own is spelled with, and the lone word-start mark
    vocabulary = plain.tokenizer.get_vocab()
    void = [
        at for token, at in vocabulary.items() if re.fullmatch(r"<0x[0-9A-F]{2}>", token) or token == "\u2581"
    ]
    assert len(void) == 257
    plain.embedding[void] = 0.0
    every = np.arange(plain.embedding.shape[0])
    assert np.array_equal(bundled.token_vectors(every), plain.embedding)  # the same weighted token vectors
    texts = varied_texts(400)
    expected = encoders._unit(plain.embed([encoders.meaning_text(text) for text in texts], norm=False))
    found = bundled.encode(texts)
    assert found.shape == expected.shape
    assert np.abs(found - expected).max() < 1e-5
    worded = [bool(encoders.split_words(text)) for text in texts]
    assert not found[np.logical_not(worded)].any()  # those without a word are zero
    assert (np.linalg.norm(found, axis=1) > 0.5).sum() > 0.9 * len(texts)


def test_a_few_texts_and_many_are_given_the_same_vectors(bundled: encoders.WordLlamaEncoder) -> None:
    """`encode_words` tokenizes a few texts (a new memory's) whole and many (a build's) a distinct word at
    a time: the two ways give the same vectors, and the same as `encode`."""
    texts = varied_texts(200)
    words = [encoders.content_words(text) for text in texts]
    many = bundled.encode_words(texts, words)
    assert len(texts) > encoders.FEW_TEXTS
    few = np.concatenate(
        [bundled.encode_words(texts[at : at + 2], words[at : at + 2]) for at in range(0, len(texts), 2)]
    )
    assert np.abs(few - many).max() < 1e-6
    assert np.abs(bundled.encode(texts) - many).max() < 1e-6
    worded = [bool(encoders.split_words(text)) for text in texts]
    assert np.array_equal(np.linalg.norm(few, axis=1) > 0.5, worded)


def test_importing_the_plugin_loads_no_model_runtime_nor_the_unpacking_of_split_wheels() -> None:
    """Every server start imports the plugin: numpy, the model runtimes and what unpacks a split model
    wait for the first read (and an unpacking) that needs them."""
    import subprocess

    heavy = ("numpy", "onnxruntime", "onnx", "tokenizers", "safetensors", "zipfile", "tempfile", "shutil")
    code = (
        "import sys; import personakit_plugin; before = set(sys.modules); import personakit_recall; "
        f"print(' '.join(name for name in {heavy!r} if name in sys.modules and name not in before))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_a_static_models_blocks_are_read_from_its_config() -> None:
    folder = Path("model")
    assert encoders.table_blocks({}, 256, folder) == (encoders.Block(0, 256, 1.0),)
    blocks = encoders.table_blocks({"blocks": [{"dims": 256}, {"dims": 128, "weight": 0.5}]}, 384, folder)
    assert blocks == (encoders.Block(0, 256, 1.0), encoders.Block(256, 384, 0.5))


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        ([{"dims": 256}, {"dims": 64}], "cover 320 components but its table has 384"),
        ([{"dims": 256}, {"dims": 128, "weight": 0}], "without positive dims and weight"),
        ([{"dims": 256}, {"dims": 128, "weight": float("nan")}], "without positive dims and weight"),
        ([{"dims": 256}, {"dims": "128"}], "without positive dims and weight"),
        ([{"dims": 256}, 128], "without positive dims and weight"),
        ([{"dims": True}, {"dims": 383}], "without positive dims and weight"),
    ],
)
def test_blocks_that_do_not_fit_the_table_are_a_sentence(blocks: list[Any], message: str) -> None:
    with pytest.raises(encoders.ModelError, match=message) as raised:
        encoders.table_blocks({"blocks": blocks}, 384, Path("model"))
    assert str(raised.value).count(". ") == 0 and str(raised.value).endswith(".")  # one sentence


def test_an_int8_table_without_its_steps_for_each_block_is_a_sentence(tmp_path: Path) -> None:
    import json

    from safetensors.numpy import save_file

    bundled = encoders.bundled_model_folder()
    (tmp_path / "tokenizer.json").write_bytes((bundled / "tokenizer.json").read_bytes())
    rows = np.ones((30_522, 6), dtype=np.int8)
    config = {"model_type": "personakit-static", "blocks": [{"dims": 4}, {"dims": 2}]}
    (tmp_path / "config.json").write_text(json.dumps(config), encoding="utf-8")
    weights = str(tmp_path / "model.safetensors")
    save_file({"embeddings": rows, "steps": np.ones((30_522, 1), dtype=np.float32)}, weights)
    with pytest.raises(encoders.ModelError, match=r"has \(30522, 1\) steps for a table of 30522 rows in 2 "):
        encoders.BundledEncoder(tmp_path)
    save_file({"embeddings": rows}, weights)
    with pytest.raises(encoders.ModelError, match="could not be read"):
        encoders.BundledEncoder(tmp_path)
    save_file({"embeddings": rows, "steps": np.ones((30_522, 2), dtype=np.float32)}, weights)
    vectors = encoders.BundledEncoder(tmp_path).encode(["hello world"])
    # each block made unit length, then the whole: four components of 1/2, two of 1/sqrt(2), over sqrt(2)
    assert np.allclose(vectors, np.sqrt([[1 / 8] * 4 + [1 / 4] * 2]), atol=1e-6)
