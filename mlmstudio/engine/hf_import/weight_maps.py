"""Each family's weights under the engine's own names, exactly.

Two steps. ``common_parts`` reads a family's names into one neutral table (word and position
embeddings, per layer q/k/v/o, the two LayerNorms and the feed-forward, the head, the decoder),
so each family is a short list of names rather than its own converter. ``seed_state`` and
``modern_state`` then write that table in the engine's layout. The exactness rules:

- the vocabulary rows (word embeddings, decoder weight and bias) are permuted with the
  tokenizer's ``original_ids`` so the specials sit at 0..4 (tokenizer_import.py);
- RoBERTa-style models count positions from ``pad_token_id + 1``: the engine's position i is
  their row pad + 1 + i (for real tokens; padded positions are masked out as keys anyway);
- BERT's token type 0, which every input of ours has, is folded into the position rows
  (word + position + type0 = word + (position + type0)), the same sum;
- a decoder tied to the word embeddings (absent from the file) is the word embeddings;
- an encoder saved without its MLM head gets a new, untrained head (``head_is_new``), and so
  does one whose config unties the decoder (``tie_word_embeddings: false``) but whose file
  holds no decoder: transformers would draw that one at random.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from torch import Tensor, nn

from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.families import with_article
from mlmstudio.engine.hf_import.folder import config_pad_id

# Per family: (prefixes the encoder's names may carry, the embedding/layer names, the head names).
_LAYER_NAMES = {
    "bert": {
        "q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
        "o": "attention.output.dense", "ln_attn": "attention.output.LayerNorm",
        "ffn_in": "intermediate.dense", "ffn_out": "output.dense", "ln_ffn": "output.LayerNorm",
    },
    "distilbert": {
        "q": "attention.q_lin", "k": "attention.k_lin", "v": "attention.v_lin", "o": "attention.out_lin",
        "ln_attn": "sa_layer_norm", "ffn_in": "ffn.lin1", "ffn_out": "ffn.lin2", "ln_ffn": "output_layer_norm",
    },
    "esm": {
        "q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
        "o": "attention.output.dense", "ln_attn": "attention.LayerNorm",
        "ffn_in": "intermediate.dense", "ffn_out": "output.dense", "ln_ffn": "LayerNorm",
    },
    "xlm-roberta-xl": {
        "q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
        "o": "attention.output.dense", "ln_attn": "attention.self_attn_layer_norm",
        "ffn_in": "intermediate.dense", "ffn_out": "output.dense", "ln_ffn": "LayerNorm",
    },
}  # fmt: skip
_LAYER_NAMES["roberta"] = _LAYER_NAMES["electra"] = _LAYER_NAMES["bert"]

_PREFIX = {
    "bert": ("bert.", ""),
    "roberta": ("roberta.", "camembert.", ""),
    "electra": ("electra.", ""),
    "distilbert": ("distilbert.", ""),
    "esm": ("esm.", ""),
    "xlm-roberta-xl": ("roberta.", ""),
}
_LAYERS = {"distilbert": "transformer.layer.", "default": "encoder.layer."}
_FINAL_NORM = {"esm": "encoder.emb_layer_norm_after", "xlm-roberta-xl": "encoder.LayerNorm"}
# The head's names: (dense, LayerNorm, decoder weight, decoder bias candidates).
_HEAD = {
    "bert": ("cls.predictions.transform.dense", "cls.predictions.transform.LayerNorm",
             "cls.predictions.decoder.weight", ("cls.predictions.bias", "cls.predictions.decoder.bias")),
    "roberta": ("lm_head.dense", "lm_head.layer_norm", "lm_head.decoder.weight",
                ("lm_head.bias", "lm_head.decoder.bias")),
    "electra": ("generator_predictions.dense", "generator_predictions.LayerNorm",
                "generator_lm_head.weight", ("generator_lm_head.bias",)),
    "distilbert": ("vocab_transform", "vocab_layer_norm", "vocab_projector.weight", ("vocab_projector.bias",)),
}  # fmt: skip
_HEAD["esm"] = _HEAD["xlm-roberta-xl"] = _HEAD["roberta"]


@dataclass
class Parts:
    """A model's weights in neutral names (vocabulary rows still in the model's own order)."""

    word: Tensor  # [V, d]
    positions: Tensor | None  # [P, d] already in the engine's order (row i = position i), or None (rotary)
    emb_norm: tuple[Tensor, Tensor] | None  # (weight, bias) of the embedding LayerNorm, if any
    layers: list[dict[str, Tensor]]  # per layer: "q.weight", "q.bias", ..., "ln_ffn.bias"
    final_norm: tuple[Tensor, Tensor] | None
    head: dict[str, Tensor] = field(default_factory=dict)  # dense.*, norm.*, decoder.weight?, decoder.bias
    head_is_new: bool = False


def _renamed(state: Mapping[str, Tensor]) -> dict[str, Tensor]:
    """Old TF-era names (LayerNorm.gamma/beta) as today's (weight/bias), as transformers reads them."""
    out = {}
    for name, tensor in state.items():
        if name.endswith(".gamma"):
            name = name[: -len(".gamma")] + ".weight"
        elif name.endswith(".beta"):
            name = name[: -len(".beta")] + ".bias"
        out[name] = tensor
    return out


def not_floating(where: str, name: str, tensor: Tensor) -> ModelImportError | None:
    """The sentence for a weight that holds whole numbers or true/false values (int64, bool, ...)
    where every weight of a model is a floating-point number, or None when it is one.

    ``.float()`` would turn such a tensor into numbers the model never learned, and the import
    would open (and a continued run train) a model that predicts nonsense without a word. Only
    the tensors the mapping reads are asked: an integer buffer beside them (``position_ids``,
    which older BERT files carry) is not a weight and is not read.
    """
    if tensor.is_floating_point():
        return None
    return ModelImportError(
        f"The weights in {where} hold {name} as {str(tensor.dtype).removeprefix('torch.')} values, not as "
        "the floating-point numbers (float32, float16 or bfloat16) a model's weights are, so it was not "
        "opened. The file is damaged or was not written by transformers; copy the model again from where "
        "it came from, or save it again with save_pretrained."
    )


def common_parts(names: str, state: Mapping[str, Tensor], config: Mapping[str, Any], where: str) -> Parts:
    """The neutral table of one family's weights; a sentence if a tensor the family needs is missing."""
    state = _renamed(state)
    prefix = next((p for p in _PREFIX[names] if f"{p}embeddings.word_embeddings.weight" in state), None)
    if prefix is None:
        raise ModelImportError(
            f"The weights in {where} have no word embeddings under the names {with_article(names)} model uses. "
            "The folder may mix files of different models; copy the model again."
        )

    def take(name: str) -> Tensor:
        try:
            tensor = state[name]
        except KeyError:
            raise ModelImportError(
                f"The weights in {where} are missing {name}. The folder may be damaged; copy the model again."
            ) from None
        refusal = not_floating(where, name, tensor)
        if refusal is not None:
            raise refusal
        return tensor.float()

    def pair(name: str) -> tuple[Tensor, Tensor]:
        return take(f"{name}.weight"), take(f"{name}.bias")

    emb = f"{prefix}embeddings."
    word = take(f"{emb}word_embeddings.weight")
    positions = None
    if f"{emb}position_embeddings.weight" in state:
        positions = take(f"{emb}position_embeddings.weight")
        if names in ("roberta", "xlm-roberta-xl"):  # positions counted from pad + 1
            positions = positions[config_pad_id(config, Path(where)) + 1 :]
        if f"{emb}token_type_embeddings.weight" in state:  # every input is type 0: fold it in
            positions = positions + take(f"{emb}token_type_embeddings.weight")[0]
    emb_norm = pair(f"{emb}LayerNorm") if f"{emb}LayerNorm.weight" in state else None
    layer_names = _LAYER_NAMES[names]
    layers = []
    layer_prefix = prefix + _LAYERS.get(names, _LAYERS["default"])
    count = int(config.get("num_hidden_layers", config.get("n_layers", 0)))
    for i in range(count):
        layer = {}
        for ours, theirs in layer_names.items():
            layer[f"{ours}.weight"], layer[f"{ours}.bias"] = pair(f"{layer_prefix}{i}.{theirs}")
        layers.append(layer)
    numbers = {name[len(layer_prefix) :].split(".", 1)[0] for name in state if name.startswith(layer_prefix)}
    if any(n.isdigit() and int(n) >= count for n in numbers):
        raise ModelImportError(
            f"The weights in {where} hold more layers than the {count} its config.json gives "
            "(num_hidden_layers). The folder may mix files of different models; copy the model again."
        )
    final = _FINAL_NORM.get(names)
    final_norm = pair(prefix + final) if final else None
    dense, norm, decoder, biases = _HEAD[names]
    head: dict[str, Tensor] = {}
    head_is_new = f"{dense}.weight" not in state
    if not head_is_new:
        head["dense.weight"], head["dense.bias"] = pair(dense)
        head["norm.weight"], head["norm.bias"] = pair(norm)
        if decoder in state:
            head["decoder.weight"] = take(decoder)
        elif config.get("tie_word_embeddings", True) is False:
            # Its config keeps the decoder apart from the embeddings, and the file holds none:
            # transformers would draw one at random ("newly initialized"). The fill-mask head is
            # then new and untrained, and said so; its decoder starts from the embeddings (tied
            # is how BERT starts one), its dense layer and LayerNorm are the file's.
            head_is_new = True
        bias = next((b for b in biases if b in state), None)
        head["decoder.bias"] = take(bias) if bias else torch.zeros(word.shape[0])
    return Parts(word, positions, emb_norm, layers, final_norm, head, head_is_new)


def vocabulary_rows_problem(parts: Parts, vocab: int, d: int, positions: int) -> str | None:
    """The first vocabulary (or position) table whose shape is not [vocab, d] (or [vocab], or
    [positions, d]), named; None if all are.

    Checked before the rows are permuted or cut: indexing a shorter table would raise an
    IndexError, and a longer one would be cut to ``vocab`` (``positions``) rows without a word,
    where transformers refuses the file for its size mismatch.
    """
    tables: dict[str, tuple[Tensor, tuple[int, ...]]] = {"word embeddings": (parts.word, (vocab, d))}
    if parts.positions is not None:
        tables["position embeddings"] = (parts.positions, (positions, d))
    if "decoder.weight" in parts.head:
        tables["decoder"] = (parts.head["decoder.weight"], (vocab, d))
    if "decoder.bias" in parts.head:
        tables["decoder bias"] = (parts.head["decoder.bias"], (vocab,))
    for what, (tensor, shape) in tables.items():
        if tuple(tensor.shape) != shape:
            return f"its {what} are {list(tensor.shape)}, not {list(shape)}"
    return None


def _new_head(d: int, vocab: int) -> dict[str, Tensor]:
    """A head as BERT initialises one: dense N(0, 0.02), LayerNorm 1/0, zero bias; untrained."""
    dense = nn.Linear(d, d)
    nn.init.normal_(dense.weight, std=0.02)
    return {
        "dense.weight": dense.weight.detach(),
        "dense.bias": torch.zeros(d),
        "norm.weight": torch.ones(d),
        "norm.bias": torch.zeros(d),
        "decoder.bias": torch.zeros(vocab),
    }


def _head(parts: Parts) -> dict[str, Tensor]:
    """The file's head (its decoder may be new: common_parts), or a new one where it has none."""
    d, vocab = parts.word.shape[1], parts.word.shape[0]
    return parts.head if parts.head else _new_head(d, vocab)


def seed_state(parts: Parts, original_ids: list[int], max_len: int) -> dict[str, Tensor]:
    """The engine's seed (post-LN BERT) state dict for a BERT-layout family."""
    order = torch.tensor(original_ids)
    head = _head(parts)
    if parts.positions is None or parts.emb_norm is None:
        raise ModelImportError(
            "This model has no learned positions or embedding LayerNorm, so it is not BERT-like."
        )
    d = parts.word.shape[1]
    out = {
        "tok_emb.weight": parts.word[order],
        "pos_emb.weight": parts.positions[:max_len],
        "emb_norm.weight": parts.emb_norm[0],
        "emb_norm.bias": parts.emb_norm[1],
    }
    out.update(_encoder_layers(parts, "encoder"))
    decoder = head.get("decoder.weight", parts.word)
    out.update(
        {
            "head.0.weight": head["dense.weight"],
            "head.0.bias": head["dense.bias"],
            "head.2.weight": head["norm.weight"],
            "head.2.bias": head["norm.bias"],
            "decoder.weight": decoder[order],
            "decoder.bias": head["decoder.bias"][order],
        }
    )
    assert out["tok_emb.weight"].shape[1] == d
    return {k: v.contiguous().clone() for k, v in out.items()}


def modern_state(parts: Parts, original_ids: list[int], max_len: int, where: str) -> dict[str, Tensor]:
    """The engine's modern (pre-LN, final LayerNorm, tied decoder) state dict for ESM / XLM-R-XL."""
    order = torch.tensor(original_ids)
    head = _head(parts)
    decoder = head.get("decoder.weight")
    if decoder is not None and not torch.equal(decoder, parts.word):
        raise ModelImportError(
            f"The model in {where} has a decoder of its own, not tied to its word embeddings, which "
            "MLM Studio's pre-LN layout cannot hold. This model cannot be opened here."
        )
    if parts.final_norm is None:
        raise ModelImportError(f"The model in {where} has no final LayerNorm. The folder may be damaged.")
    out = {"tok_emb.weight": parts.word[order]}
    if parts.positions is not None:
        out["pos_emb.weight"] = parts.positions[:max_len]
    for i, layer in enumerate(parts.layers):
        src = f"blocks.{i}."
        out[src + "attn.qkv.weight"] = torch.cat([layer["q.weight"], layer["k.weight"], layer["v.weight"]])
        out[src + "attn.qkv.bias"] = torch.cat([layer["q.bias"], layer["k.bias"], layer["v.bias"]])
        for ours, theirs in (
            ("ln1", "ln_attn"),
            ("attn.proj", "o"),
            ("ln2", "ln_ffn"),
            ("ffn.fc1", "ffn_in"),
            ("ffn.fc2", "ffn_out"),
        ):
            out[f"{src}{ours}.weight"] = layer[f"{theirs}.weight"]
            out[f"{src}{ours}.bias"] = layer[f"{theirs}.bias"]
    out.update(
        {
            "final_norm.weight": parts.final_norm[0],
            "final_norm.bias": parts.final_norm[1],
            "head.dense.weight": head["dense.weight"],
            "head.dense.bias": head["dense.bias"],
            "head.norm.weight": head["norm.weight"],
            "head.norm.bias": head["norm.bias"],
            "decoder_bias": head["decoder.bias"][order],
        }
    )
    return {k: v.contiguous().clone() for k, v in out.items()}


def _encoder_layers(parts: Parts, prefix: str) -> dict[str, Tensor]:
    """The post-LN layers under nn.TransformerEncoder's names (as ``seed_state`` writes them)."""
    out = {}
    for i, layer in enumerate(parts.layers):
        src = f"{prefix}.layers.{i}."
        out[src + "self_attn.in_proj_weight"] = torch.cat(
            [layer["q.weight"], layer["k.weight"], layer["v.weight"]]
        )
        out[src + "self_attn.in_proj_bias"] = torch.cat([layer["q.bias"], layer["k.bias"], layer["v.bias"]])
        for ours, theirs in (
            ("self_attn.out_proj", "o"),
            ("norm1", "ln_attn"),
            ("linear1", "ffn_in"),
            ("linear2", "ffn_out"),
            ("norm2", "ln_ffn"),
        ):
            out[f"{src}{ours}.weight"] = layer[f"{theirs}.weight"]
            out[f"{src}{ours}.bias"] = layer[f"{theirs}.bias"]
    return out


def electra_discriminator_state(
    parts: Parts,
    state: Mapping[str, Tensor],
    original_ids: list[int],
    max_len: int,
    fresh: Mapping[str, Tensor],
    where: str,
) -> dict[str, Tensor]:
    """engine/electra.py's ElectraMLM for an ELECTRA discriminator: its embeddings, encoder and
    replaced-token head exactly, and the generator as ``fresh`` has it (new, untrained)."""
    if parts.positions is None or parts.emb_norm is None:
        raise ModelImportError(
            f"The ELECTRA discriminator in {where} has no position embeddings. The folder may be damaged."
        )
    order = torch.tensor(original_ids)
    head = {}
    for ours, theirs in (
        ("dense", "discriminator_predictions.dense"),
        ("prediction", "discriminator_predictions.dense_prediction"),
    ):
        for part in ("weight", "bias"):
            name = f"{theirs}.{part}"
            if name not in state:
                raise ModelImportError(
                    f"The weights in {where} are missing {name}. The folder may be damaged; copy the model again."
                )
            refusal = not_floating(where, name, state[name])
            if refusal is not None:
                raise refusal
            head[f"discriminator.{ours}.{part}"] = state[name].float()
    out = {k: v for k, v in fresh.items() if k.startswith("generator.")}
    out.update(
        {
            "embeddings.tok_emb.weight": parts.word[order],
            "embeddings.pos_emb.weight": parts.positions[:max_len],
            "embeddings.norm.weight": parts.emb_norm[0],
            "embeddings.norm.bias": parts.emb_norm[1],
            **_encoder_layers(parts, "discriminator.encoder"),
            **head,
        }
    )
    return {k: v.contiguous().clone() for k, v in out.items()}
