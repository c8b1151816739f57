"""Writes the MPNet references `tests/test_mpnet.py` compares the numpy runner with, from PyTorch's MPNet
(`transformers.MPNetModel`), mean-pooled over the attention mask and made unit length as
sentence-transformers does. Needs torch and transformers; not run by the tests.

    python tests/data/mpnet_reference.py tiny                      # tests/data/tiny-mpnet/ and its vectors
    python tests/data/mpnet_reference.py real FOLDER               # all-mpnet-base-v2's vectors of TEXTS

The tiny model is random (a seed), with a vocabulary of a few words and texts long enough that a key is
farther from its query than the relative position bias's exact buckets reach.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
TINY = HERE / "tiny-mpnet"
SPECIAL = ["<s>", "<pad>", "</s>", "<unk>", "[UNK]", "<mask>"]
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
TINY_TEXTS = [
    "where does the dog sleep?",
    "the cat",
    "Dogs sleeping on the tramway",
    "the dog does sleep on a red sofa in the tram . " * 3,
    "the red bike . " * 12,  # past the 40 tokens the tiny model reads
]
REAL_TEXTS = [
    "Where does the dog sleep?",
    "Prefers answers as short bullet points, never long paragraphs.",
    "vizsla",
    "Allergic to penicillin; tell any new doctor before a prescription.",
    "The owner's flat is on the fourth floor and the lift is often broken, so she walks up. " * 30,
    "Mag koffie zonder suiker, en thee alleen 's avonds.",
]


def tiny() -> None:
    import torch
    from safetensors.torch import save_file
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors
    from transformers import MPNetConfig, MPNetModel

    vocab = [*SPECIAL, *WORDS, "##s", "##ing"]
    ids = {token: at for at, token in enumerate(vocab)}
    tokenizer = Tokenizer(models.WordPiece(ids, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", special_tokens=[("<s>", ids["<s>"]), ("</s>", ids["</s>"])]
    )
    tokenizer.enable_padding(pad_id=ids["<pad>"], pad_token="<pad>")
    config = MPNetConfig(
        vocab_size=len(vocab),
        hidden_size=16,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=32,
        max_position_embeddings=48,
        relative_attention_num_buckets=32,
        pad_token_id=ids["<pad>"],
        layer_norm_eps=1e-5,
    )
    torch.manual_seed(0)
    model = MPNetModel(config, add_pooling_layer=False).eval()
    with (
        torch.no_grad()
    ):  # far from the small initial weights, so that attention and GELU are far from linear
        for name, tensor in model.named_parameters():
            if "LayerNorm.weight" in name:
                tensor.copy_(1 + 0.1 * torch.randn_like(tensor))
            elif "relative_attention_bias" in name:
                tensor.copy_(2.0 * torch.randn_like(tensor))
            else:
                tensor.copy_((0.5 if tensor.dim() > 1 else 0.1) * torch.randn_like(tensor))
    TINY.mkdir(exist_ok=True)
    (TINY / "1_Pooling").mkdir(exist_ok=True)
    save_file(
        {name: t.contiguous() for name, t in model.state_dict().items()}, str(TINY / "model.safetensors")
    )
    tokenizer.save(str(TINY / "tokenizer.json"))
    kept = ("hidden_act", "hidden_size", "intermediate_size", "layer_norm_eps", "max_position_embeddings")
    kept += ("num_attention_heads", "num_hidden_layers", "pad_token_id", "relative_attention_num_buckets")
    settings = {key: getattr(config, key) for key in (*kept, "vocab_size")}
    write(TINY / "config.json", {"model_type": "mpnet", "architectures": ["MPNetModel"], **settings})
    write(TINY / "sentence_bert_config.json", {"max_seq_length": 40, "do_lower_case": False})
    write(
        TINY / "modules.json",
        [
            {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
            {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
            {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
        ],
    )
    write(
        TINY / "1_Pooling" / "config.json", {"word_embedding_dimension": 16, "pooling_mode_mean_tokens": True}
    )
    tokenizer.enable_truncation(40)
    write(HERE / "tiny_mpnet_reference.json", reference(model, tokenizer, TINY_TEXTS, "a random tiny MPNet"))


def reference(model, tokenizer, texts: list[str], what: str) -> dict:  # type: ignore[no-untyped-def]
    import torch
    import transformers

    encodings = tokenizer.encode_batch(texts)
    ids = torch.tensor([encoding.ids for encoding in encodings])
    mask = torch.tensor([encoding.attention_mask for encoding in encodings])
    with torch.no_grad():
        states = model(input_ids=ids, attention_mask=mask).last_hidden_state
    pooled = (states * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
    vectors = torch.nn.functional.normalize(pooled, dim=1).numpy()
    produced = (
        f"{what}: transformers {transformers.__version__} MPNetModel, torch {torch.__version__} (CPU), "
        "the mean of the last hidden states over the attention mask, unit length, rounded to 7 decimals; "
        "tests/data/mpnet_reference.py"
    )
    return {
        "produced": produced,
        "items": [
            {
                "text": text,
                "tokens": sum(encoding.attention_mask),
                "vector": [round(float(v), 7) for v in vector],
            }
            for text, encoding, vector in zip(texts, encodings, vectors, strict=True)
        ],
    }


def real(folder: Path) -> None:
    from tokenizers import Tokenizer
    from transformers import MPNetModel

    model = MPNetModel.from_pretrained(str(folder), add_pooling_layer=False).eval()
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(384)
    tokenizer.enable_padding(pad_id=1, pad_token="<pad>")
    write(HERE / "mpnet_reference.json", reference(model, tokenizer, REAL_TEXTS, "all-mpnet-base-v2"))


def write(path: Path, value: object) -> None:
    path.write_text(
        json.dumps(value, indent=None if "reference" in path.name else 1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    if sys.argv[1] == "tiny":
        tiny()
    else:
        real(Path(sys.argv[2]))
