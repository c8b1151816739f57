"""A sentence-transformers BERT model (all-MiniLM-L6-v2 and its kin) run with numpy: no PyTorch.

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

`usable(folder)` says whether a folder is such a model; anything else (another architecture,
another pooling, modules beyond the three) is left to sentence-transformers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

MODULES = (
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
)
"""The modules of a folder this runs: the encoder, mean pooling and (optionally) unit length."""
DEFAULT_MAX_TOKENS = 256
TOKENS_AT_ONCE = 2048
"""Tokens (padding included) through the model at once: at 256 tokens a text, eight texts, whose
attention scores take 25 MB."""


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
    if not isinstance(config, dict) or config.get("model_type") != "bert":
        return "its config.json is not a BERT model's"
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


def erf(x: np.ndarray) -> np.ndarray:
    """The error function to within 1.5e-7 (Abramowitz and Stegun 7.1.26): numpy has none."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def gelu(x: np.ndarray) -> np.ndarray:
    """BERT's GELU, the exact one (by the error function), not the tanh approximation."""
    return 0.5 * x * (1.0 + erf(x * np.float32(1 / math.sqrt(2)))).astype(np.float32)


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + eps) * weight + bias


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

    def __init__(self, weights: dict[str, np.ndarray], prefix: str) -> None:
        def w(name: str) -> np.ndarray:
            return weights[f"{prefix}{name}"]

        attention = "attention.self."
        self.qkv = np.ascontiguousarray(
            np.concatenate([w(f"{attention}{part}.weight") for part in ("query", "key", "value")]).T
        )
        self.qkv_bias = np.concatenate([w(f"{attention}{part}.bias") for part in ("query", "key", "value")])
        self.out = np.ascontiguousarray(w("attention.output.dense.weight").T)
        self.out_bias = w("attention.output.dense.bias")
        self.norm1 = (w("attention.output.LayerNorm.weight"), w("attention.output.LayerNorm.bias"))
        self.inner = np.ascontiguousarray(w("intermediate.dense.weight").T)
        self.inner_bias = w("intermediate.dense.bias")
        self.output = np.ascontiguousarray(w("output.dense.weight").T)
        self.output_bias = w("output.dense.bias")
        self.norm2 = (w("output.LayerNorm.weight"), w("output.LayerNorm.bias"))


class BertModel:
    """The encoder of one folder, loaded whole into memory (all-MiniLM-L6-v2: 90 MB)."""

    def __init__(self, folder: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        reason = why_not(folder)
        if reason is not None:
            raise ValueError(
                f"The folder {str(folder)!r} is not a BERT sentence-transformers model: {reason}."
            )
        config = _json(folder / "config.json")
        settings = _json(folder / "sentence_bert_config.json") or {}
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        positions = int(config.get("max_position_embeddings", 512))
        self.max_tokens = min(int(settings.get("max_seq_length") or DEFAULT_MAX_TOKENS), positions)
        weights = {
            _without_prefix(name): tensor.astype(np.float32, copy=False)
            for name, tensor in load_file(folder / "model.safetensors").items()
        }
        self.words = weights["embeddings.word_embeddings.weight"]
        self.positions = weights["embeddings.position_embeddings.weight"]
        self.type0 = weights["embeddings.token_type_embeddings.weight"][0]
        self.norm = (weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"])
        self.layers = [Layer(weights, f"encoder.layer.{n}.") for n in range(int(config["num_hidden_layers"]))]
        self.dim = int(self.words.shape[1])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(self.max_tokens)
        pad = self.tokenizer.token_to_id("[PAD]")
        self.pad = int(config.get("pad_token_id", 0) if pad is None else pad)
        self.tokenizer.no_padding()  # a folder's tokenizer.json may pad every text to a fixed length

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The unit mean-pooled vector of each text, one row a text. The texts go through the model
        shortest first, in groups of at most `TOKENS_AT_ONCE` tokens padding included, each padded to
        its own longest: little padding to pay for, and the attention scores of a group of long texts
        held for a few of them at a time, not for a whole batch."""
        found = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return found
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda at: len(encodings[at].ids))
        start = 0
        while start < len(order):
            end = start + 1
            while end < len(order) and (end + 1 - start) * len(encodings[order[end]].ids) <= TOKENS_AT_ONCE:
                end += 1
            group = order[start:end]
            length = len(encodings[group[-1]].ids)
            ids = np.full((len(group), length), self.pad, dtype=np.int64)
            mask = np.zeros((len(group), length), dtype=np.float32)
            for row, at in enumerate(group):
                tokens = encodings[at].ids
                ids[row, : len(tokens)] = tokens
                mask[row, : len(tokens)] = 1.0
            found[np.array(group, dtype=np.intp)] = self._pooled(ids, mask)
            start = end
        return found

    def _pooled(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        states = self.forward(ids, mask)
        summed = np.einsum("bld,bl->bd", states, mask)
        pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return np.ascontiguousarray(pooled / norms, dtype=np.float32)

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        batch, length = ids.shape
        x = self.words[ids] + self.positions[:length] + self.type0
        x = layer_norm(x, *self.norm, self.eps)
        heads, width = self.heads, self.dim // self.heads
        blocked = ((1.0 - mask) * np.float32(-1e4))[:, None, None, :]  # a padded token gets no attention
        scale = np.float32(1 / math.sqrt(width))
        for layer in self.layers:
            qkv = x @ layer.qkv + layer.qkv_bias  # (batch, length, 3 * dim)
            qkv = qkv.reshape(batch, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
            query, key, value = qkv[0], qkv[1], qkv[2]  # (batch, heads, length, width)
            scores = (query @ key.transpose(0, 1, 3, 2)) * scale + blocked
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ value).transpose(0, 2, 1, 3).reshape(batch, length, self.dim)
            x = layer_norm(context @ layer.out + layer.out_bias + x, *layer.norm1, self.eps)
            inner = gelu(x @ layer.inner + layer.inner_bias)
            x = layer_norm(inner @ layer.output + layer.output_bias + x, *layer.norm2, self.eps)
        return x


def _without_prefix(name: str) -> str:
    """A weight's name without the `bert.` a model saved from a task head carries."""
    return name.removeprefix("bert.")
