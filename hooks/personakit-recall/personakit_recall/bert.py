"""A sentence-transformers BERT or MPNet model (all-MiniLM-L6-v2, all-mpnet-base-v2 and their kin) run with
numpy: no PyTorch.

A folder that `SentenceTransformer.save` wrote for a BERT encoder with mean pooling holds all a
forward pass needs: `config.json` (the shape), `model.safetensors` (the weights), `tokenizer.json`
(the WordPiece vocabulary, for the `tokenizers` library), `sentence_bert_config.json` (how many
tokens are read) and `1_Pooling/config.json`. `tokenizers` and `safetensors` come with WordLlama
already, so such a model costs its folder and nothing else to install: PyTorch is over a gigabyte.

The forward pass is BERT's, in single precision: embeddings (word, position, token type 0) and
their layer norm; per layer, self-attention (padding masked out) and a GELU feed-forward, each
added back and normalised; then the mean of the tokens' states (padding left out), made unit
length. It gives the vectors sentence-transformers gives, to within float rounding (the tests
compare both on real texts).

MPNet (all-mpnet-base-v2) is the same pass with three differences: no token type embedding; positions
counted from the padding token's id plus one, as RoBERTa counts them; and a bias added to every
attention score by how far the key is from the query (32 buckets, exact up to 8 tokens either way,
then by the logarithm of the distance up to 128), one table for all layers, learnt per head.

`usable(folder)` says whether a folder is such a model; anything else (another architecture,
another pooling, modules beyond the three) is left to sentence-transformers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from personakit_recall import threads

if TYPE_CHECKING:
    from personakit_recall.onnx_graph import Layers

MODULES = (
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
)
"""The modules of a folder this runs: the encoder, mean pooling and (optionally) unit length."""
ARCHITECTURES = ("bert", "mpnet")
"""The `model_type`s of the `config.json` this runs."""
DEFAULT_MAX_TOKENS = 256
TOKENS_AT_ONCE = 1024
"""Tokens (padding included) through the model at once: at 256 tokens a text, four texts, whose
attention scores take 12 MB; groups of 2,048 and 4,096 tokens took 10 and 25% more time than 1,024 and
512 (`benchmarks/recall_encoders.py`, one thread: the smaller arrays stay in the cache)."""


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def why_not(folder: Path) -> str | None:
    """Why the folder is not a model this module runs, or None when it is."""
    modules = _json(folder / "modules.json")
    if not isinstance(modules, list) or not modules:
        return "it has no readable modules.json"
    types = [module.get("type") if isinstance(module, dict) else None for module in modules]
    if types[:2] != list(MODULES[:2]) or any(kind not in MODULES for kind in types):
        return f"its modules are {types}, not a Transformer and a Pooling"
    config = _json(folder / "config.json")
    if not isinstance(config, dict) or config.get("model_type") not in ARCHITECTURES:
        return "its config.json is neither a BERT model's nor an MPNet model's"
    if (
        config.get("hidden_act", "gelu") != "gelu"
        or config.get("position_embedding_type", "absolute") != "absolute"
    ):
        return "its BERT uses another activation or position embedding"
    pooling = _json(folder / str(modules[1].get("path") or "1_Pooling") / "config.json")
    if not isinstance(pooling, dict) or not pooling.get("pooling_mode_mean_tokens"):
        return "its pooling is not the mean of the tokens"
    others = [
        key
        for key, on in pooling.items()
        if key.startswith("pooling_mode_") and on and key != "pooling_mode_mean_tokens"
    ]
    if others:
        return f"its pooling also uses {', '.join(others)}"
    for name in ("model.safetensors", "tokenizer.json"):
        if not (folder / name).is_file():
            return f"it has no {name}"
    return None


def usable(folder: Path) -> bool:
    return why_not(folder) is None


ERF_P = np.float32(0.3275911)
ERF_COEFFICIENTS = tuple(
    np.float32(c) for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
)
"""Abramowitz and Stegun 7.1.26: erf(a) = 1 - t (c1 + t (c2 + ...)) exp(-a^2), t = 1 / (1 + p a), for a >= 0,
to within 1.5e-7 (numpy has no error function); highest power first."""


def gelu(x: np.ndarray) -> np.ndarray:
    """BERT's GELU, the exact one (by the error function), not the tanh approximation, in `x`'s place: its
    values are overwritten. Each step works in place on one of two more arrays of `x`'s size, where the
    plain formula made a dozen: at 1,536 values a token, this was half of a forward pass's time."""
    a = np.multiply(x, np.float32(1 / math.sqrt(2)))
    np.abs(a, out=a)
    poly = np.multiply(a, ERF_P)
    poly += np.float32(1)
    np.reciprocal(poly, out=poly)  # t
    t = poly.copy()
    poly *= ERF_COEFFICIENTS[0]
    for coefficient in ERF_COEFFICIENTS[1:]:
        poly += coefficient
        poly *= t
    del t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a  # 1 - erf(|x| / sqrt 2)
    del a
    np.subtract(np.float32(2), poly, out=poly, where=x >= 0)  # 1 + erf(x / sqrt 2), either sign
    x *= poly
    x *= np.float32(0.5)
    return x


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """The layer norm of `x`, in `x`'s place: its values are overwritten."""
    x -= x.mean(axis=-1, keepdims=True)
    variance = np.einsum("...d,...d->...", x, x)[..., None]
    variance /= np.float32(x.shape[-1])
    variance += np.float32(eps)
    np.sqrt(variance, out=variance)
    x /= variance
    x *= weight
    x += bias
    return x


LAYER_NAMES = {
    "bert": {
        "query": "attention.self.query",
        "key": "attention.self.key",
        "value": "attention.self.value",
        "out": "attention.output.dense",
        "norm1": "attention.output.LayerNorm",
    },
    "mpnet": {
        "query": "attention.attn.q",
        "key": "attention.attn.k",
        "value": "attention.attn.v",
        "out": "attention.attn.o",
        "norm1": "attention.LayerNorm",
    },
}
"""Where each architecture keeps a layer's attention weights; the feed-forward's are named alike in both."""


class Layer:
    """One encoder layer's weights, transposed once for `x @ w`, query, key and value side by side."""

    __slots__ = (
        "inner",
        "inner_bias",
        "norm1",
        "norm2",
        "out",
        "out_bias",
        "output",
        "output_bias",
        "qkv",
        "qkv_bias",
    )

    def __init__(self, weights: dict[str, np.ndarray], prefix: str, architecture: str = "bert") -> None:
        names = LAYER_NAMES[architecture]

        def w(name: str) -> np.ndarray:
            part, _, kind = name.rpartition(".")
            return weights[f"{prefix}{names.get(part, part)}.{kind}"]

        parts = ("query", "key", "value")
        self.qkv = np.ascontiguousarray(np.concatenate([w(part + ".weight") for part in parts]).T)
        self.qkv_bias = np.concatenate([w(part + ".bias") for part in parts])
        self.out = np.ascontiguousarray(w("out.weight").T)
        self.out_bias = w("out.bias")
        self.norm1 = (w("norm1.weight"), w("norm1.bias"))
        self.inner = np.ascontiguousarray(w("intermediate.dense.weight").T)
        self.inner_bias = w("intermediate.dense.bias")
        self.output = np.ascontiguousarray(w("output.dense.weight").T)
        self.output_bias = w("output.dense.bias")
        self.norm2 = (w("output.LayerNorm.weight"), w("output.LayerNorm.bias"))


class MeanPooled:
    """What every runner of a BERT folder shares: its tokenizer, cut to the tokens the model reads, and
    the texts through `forward` in groups, each token's state then averaged over the text."""

    dim: int
    side_by_side: int | None = 1
    """How many groups of texts go through the model at once, each on a thread of its own: ONNX Runtime's
    runners give each run one thread, which keeps two cores busier than one run given two threads (a
    run's own threads wait for each other at every step), and set it to None: the first call with more
    than one group chooses it (`threads.threads(sample=True)`, which watches the machine for a fifth of a
    second), so that neither loading the model nor a question, one group, waits for that."""

    def __init__(self, folder: Path) -> None:
        from tokenizers import Tokenizer

        reason = why_not(folder)
        if reason is not None:
            raise ValueError(
                f"The folder {str(folder)!r} is not a BERT or MPNet sentence-transformers model: {reason}."
            )
        config = _json(folder / "config.json")
        settings = _json(folder / "sentence_bert_config.json") or {}
        self.config = config
        positions = int(config.get("max_position_embeddings", 512))
        self.max_tokens = min(int(settings.get("max_seq_length") or DEFAULT_MAX_TOKENS), positions)
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(self.max_tokens)
        padding = self.tokenizer.padding  # MPNet's pads with "<pad>", and its vocabulary has a "[PAD]" too
        pad = padding["pad_id"] if padding else self.tokenizer.token_to_id("[PAD]")
        self.pad = int(config.get("pad_token_id", 0) if pad is None else pad)
        self.tokenizer.no_padding()  # a folder's tokenizer.json may pad every text to a fixed length
        self.unknown = self.tokenizer.token_to_id(getattr(self.tokenizer.model, "unk_token", None) or "[UNK]")

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each token's last hidden state, (texts, tokens, dim), in single precision."""
        raise NotImplementedError

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The unit mean-pooled vector of each text, one row a text. The texts go through the model
        shortest first, in groups of at most `TOKENS_AT_ONCE` tokens padding included, each padded to
        its own longest: little padding to pay for, and the attention scores of a group of long texts
        held for a few of them at a time, not for a whole batch. The arithmetic uses the threads
        `threads.limited` allows, during this call only."""
        found = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return found
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(
            (at for at in range(len(texts)) if self._means(encodings[at])),
            key=lambda at: len(encodings[at].ids),
        )
        groups = []
        start = 0
        while start < len(order):
            end = start + 1
            while end < len(order) and (end + 1 - start) * len(encodings[order[end]].ids) <= TOKENS_AT_ONCE:
                end += 1
            groups.append(order[start:end])
            start = end

        def run(group: list[int]) -> None:
            length = len(encodings[group[-1]].ids)
            ids = np.full((len(group), length), self.pad, dtype=np.int64)
            mask = np.zeros((len(group), length), dtype=np.float32)
            for row, at in enumerate(group):
                tokens = encodings[at].ids
                ids[row, : len(tokens)] = tokens
                mask[row, : len(tokens)] = 1.0
            found[np.array(group, dtype=np.intp)] = self._pooled(ids, mask)

        if self.side_by_side is None and len(groups) > 1:
            self.side_by_side = threads.threads(sample=True)
        side_by_side = self.side_by_side or 1
        with threads.limited():
            if side_by_side > 1 and len(groups) > 1:
                from concurrent.futures import ThreadPoolExecutor

                with ThreadPoolExecutor(min(side_by_side, len(groups))) as pool:
                    list(pool.map(run, groups))
            else:
                for group in groups:
                    run(group)
        return found

    def _means(self, encoding: Any) -> bool:
        """Whether a text's tokens hold one the model knows, other than its special tokens: a text of
        words it has no pieces for (all "[UNK]") is given no vector, as nothing it could mean, instead of
        the one every such text would get."""
        return any(
            not special and token != self.unknown
            for token, special in zip(encoding.ids, encoding.special_tokens_mask, strict=True)
        )

    def _pooled(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        states = self.forward(ids, mask)
        summed = np.einsum("bld,bl->bd", states, mask)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return np.ascontiguousarray(pooled / norms, dtype=np.float32)


class BertModel(MeanPooled):
    """The encoder of one folder run with numpy, its weights loaded whole into memory (all-MiniLM-L6-v2:
    90 MB; all-mpnet-base-v2, `MpnetModel`: 438 MB)."""

    architecture = "bert"

    def __init__(self, folder: Path) -> None:
        from safetensors.numpy import load_file

        super().__init__(folder)
        config = self.config
        if config.get("model_type") != self.architecture:
            raise ValueError(
                f"The folder {str(folder)!r} holds a {config.get('model_type')}, not a {self.architecture}."
            )
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        weights = {
            _without_prefix(name): tensor.astype(np.float32, copy=False)
            for name, tensor in load_file(folder / "model.safetensors").items()
        }
        self.words = weights["embeddings.word_embeddings.weight"]
        self.positions = weights["embeddings.position_embeddings.weight"]
        self.norm = (weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"])
        self.layers = [
            Layer(weights, f"encoder.layer.{n}.", self.architecture)
            for n in range(int(config["num_hidden_layers"]))
        ]
        self.dim = int(self.words.shape[1])
        self._weights(weights)
        self.layers_run: Layers | None = None
        """The layers as an ONNX Runtime session (`onnx_graph.Layers`, `run_layers_on_onnx_runtime`), or
        None: numpy runs them."""

    def run_layers_on_onnx_runtime(self) -> None:
        """Have ONNX Runtime run the layers from here on (`onnx_graph`): the same vectors, in some 55 to 65%
        of the CPU time. Needs `onnxruntime` and `onnx`; raises whatever building the session raises."""
        from personakit_recall import onnx_graph

        self.layers_run = onnx_graph.Layers(self, relative=self.architecture == "mpnet")
        self.side_by_side = None  # chosen at the first call that needs it

    def _weights(self, weights: dict[str, np.ndarray]) -> None:
        """Keep what this architecture adds to the weights every one has."""
        self.type0 = weights["embeddings.token_type_embeddings.weight"][0]

    def _embedded(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each token's input: its word's vector, its position's and the first token type's (a new array)."""
        x = self.words[ids]
        x += self.positions[: ids.shape[1]]
        x += self.type0
        return x

    def _bias(self, length: int) -> np.ndarray | None:
        """What is added to each attention score by the query's and the key's places; BERT adds nothing."""
        return None

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        batch, length = ids.shape
        x = layer_norm(self._embedded(ids, mask), *self.norm, self.eps)
        heads, width = self.heads, self.dim // self.heads
        blocked = ((1.0 - mask) * np.float32(-1e4))[:, None, None, :]  # a padded token gets no attention
        bias = self._bias(length)
        if self.layers_run is not None:
            return self.layers_run.run(x, blocked, bias)
        if bias is not None:  # (heads, length, length): one sum for every layer
            blocked = blocked + bias[None]
        scale = np.float32(1 / math.sqrt(width))
        for layer in self.layers:  # each sum made in place in the product's array: fewer passes over memory
            qkv = x @ layer.qkv  # (batch, length, 3 * dim)
            qkv += layer.qkv_bias
            qkv = qkv.reshape(batch, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
            query, key, value = qkv[0], qkv[1], qkv[2]  # (batch, heads, length, width)
            scores = query @ key.transpose(0, 1, 3, 2)
            scores *= scale
            scores += blocked
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ value).transpose(0, 2, 1, 3).reshape(batch, length, self.dim)
            del scores, qkv, query, key, value
            attended = context @ layer.out
            attended += layer.out_bias
            attended += x
            x = layer_norm(attended, *layer.norm1, self.eps)
            inner = x @ layer.inner
            inner += layer.inner_bias
            fed = gelu(inner) @ layer.output
            fed += layer.output_bias
            fed += x
            x = layer_norm(fed, *layer.norm2, self.eps)
        return x


RELATIVE_MAX_DISTANCE = 128
"""The distance beyond which MPNet's relative position bias no longer changes."""


def relative_buckets(length: int, buckets: int) -> np.ndarray:
    """MPNet's bucket (T5's scheme) of each (query, key) pair of a text of `length` tokens: half the buckets
    for keys before the query, half for keys after; within each half, a distance under a quarter of the
    buckets is its own bucket, and farther ones share buckets by the logarithm of the distance, the last
    holding everything from `RELATIVE_MAX_DISTANCE` on. Computed in single precision, as PyTorch computes
    it, so that a distance on a bucket's edge falls where it falls there."""
    positions = np.arange(length)
    distance = positions[:, None] - positions[None, :]  # query - key: positive where the key comes first
    half = buckets // 2
    found = (distance < 0).astype(np.int64) * half
    distance = np.abs(distance)
    exact = half // 2
    with np.errstate(divide="ignore"):
        scaled = np.log(distance.astype(np.float32) / np.float32(exact))
    scaled /= np.float32(math.log(RELATIVE_MAX_DISTANCE / exact))
    scaled *= np.float32(half - exact)
    large = np.minimum(exact + np.where(distance < exact, 0, scaled).astype(np.int64), half - 1)
    found += np.where(distance < exact, distance, large)
    return found


class MpnetModel(BertModel):
    """MPNet (all-mpnet-base-v2): BERT's pass with positions counted as RoBERTa counts them, no token type,
    and a learnt bias on each attention score by the relative position of its key (`relative_buckets`)."""

    architecture = "mpnet"

    def _weights(self, weights: dict[str, np.ndarray]) -> None:
        self.relative = weights["encoder.relative_attention_bias.weight"]  # (buckets, heads)
        self.buckets = int(self.config.get("relative_attention_num_buckets", self.relative.shape[0]))

    def _embedded(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """A token's position is its place among the text's tokens, from one, plus the padding token's id;
        padding's own is that id (PyTorch's `create_position_ids_from_input_ids`, the padding at the end)."""
        counted = np.cumsum(mask, axis=1, dtype=np.int64) * mask.astype(np.int64)
        x = self.words[ids]
        x += self.positions[counted + self.pad]
        return x

    def _bias(self, length: int) -> np.ndarray:
        """(heads, length, length), made again for each group of texts: a gather, next to nothing beside the
        group's pass (kept, one a length of text, they would take 7 MB each at 384 tokens)."""
        return np.ascontiguousarray(self.relative[relative_buckets(length, self.buckets)].transpose(2, 0, 1))


def numpy_model(folder: Path) -> BertModel:
    """The numpy runner of the folder's architecture (`why_not` says which it may be)."""
    return (
        MpnetModel(folder)
        if (_json(folder / "config.json") or {}).get("model_type") == "mpnet"
        else BertModel(folder)
    )


def _without_prefix(name: str) -> str:
    """A weight's name without the `bert.` or `mpnet.` a model saved from a task head carries."""
    return name.removeprefix("bert.").removeprefix("mpnet.")


ONNX_FILES = ("model.onnx", "onnx/model.onnx")
"""Where a folder may hold its model as an ONNX file (sentence-transformers' ONNX backend saves
`onnx/model.onnx`), for ONNX Runtime to run instead of numpy."""


def onnx_file(folder: Path) -> Path | None:
    """The folder's ONNX model, if it has one."""
    return next((folder / name for name in ONNX_FILES if (folder / name).is_file()), None)


def onnxruntime_installed() -> bool:
    from importlib.util import find_spec

    return find_spec("onnxruntime") is not None


class OnnxBert(MeanPooled):
    """The same BERT run by ONNX Runtime from an ONNX file of it (`pip install
    'personakit-recall[onnx]'`): the folder's tokenizer and pooling, the file's forward pass, which must
    take `input_ids` and `attention_mask` (and `token_type_ids`, when it asks for them) and give each
    token's last hidden state. How many groups of texts it runs at once, each on one thread, is chosen
    once, at the first call with more than one (`threads.threads`, `side_by_side`); its threads never spin
    while they wait (ONNX Runtime's default does, which a busy machine pays for)."""

    def __init__(self, folder: Path, model: Path) -> None:
        import onnxruntime

        super().__init__(folder)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1  # and runs side by side: see `MeanPooled.side_by_side`
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3  # its warnings are not the owner's business: errors only
        self.side_by_side = None  # chosen at the first call that needs it
        self.session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self.inputs = {given.name for given in self.session.get_inputs()}
        missing = {"input_ids", "attention_mask"} - self.inputs
        output = self.session.get_outputs()[0]
        if missing or len(output.shape) != 3:
            raise ValueError(f"{model.name} does not take input_ids and attention_mask to a state a token")
        self.dim = (
            int(output.shape[2]) if isinstance(output.shape[2], int) else int(self.config["hidden_size"])
        )
        self.model = model

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feed = {"input_ids": ids, "attention_mask": mask.astype(np.int64)}
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        (states, *_) = self.session.run(None, feed)
        return np.asarray(states, dtype=np.float32)
