"""Attention weights: which tokens each head of each layer looks at, for one text.

The inspection path, separate from training. ``attention_weights`` runs the
model's own forward pass once, with a forward pre-hook on every attention
layer; each hook takes the exact input that layer receives (hidden states,
padding mask, distance bias: whatever the architecture built) and computes the
softmax weights from the layer's own projections:

- ``seed`` (and any model on ``nn.TransformerEncoderLayer``): the layer's
  ``nn.MultiheadAttention`` asked once more with ``need_weights=True,
  average_attn_weights=False`` (post-LN: its input is the layer's input).
- ``modern``: ``SelfAttention.attention_weights``, softmax(q k^T / sqrt(d) +
  bias + mask) written out next to the forward it mirrors.

Nothing is added to the training forward: the hooks exist only during an
inspection call and are removed after it. A model may name the layers to
inspect itself with an ``attention_layers()`` method; otherwise every
attention layer is taken, in module order. A model made of two encoders (the
ELECTRA generator and discriminator) shows both, each layer named after its
encoder ("generator 1", "discriminator 1"); layers its forward does not reach
(the discriminator) are reached through ``replaced_logits``.
tests/engine/test_attention.py checks, for every architecture, that these
weights times the values, through the output projection, reproduce what the
normal forward computes at each layer.

``attend(predictor, text)`` frames a text as [CLS] text [SEP] (as in
training), cuts it plainly at the model's maximum length (saying so), and
returns an ``AttentionMap``: tokens and weights [layers, heads, T, T], every
row a probability distribution over the keys (padding keys get 0).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from torch import Tensor, nn

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.model import SelfAttention
from mlmstudio.engine.predict import Predictor, check_text

JSON_DECIMALS = 8  # rows still sum to 1 within T * 5e-9


@dataclass
class AttentionMap:
    """The attention of one framed text: ``weights[layer, head, query, key]``."""

    text: str
    tokens: list[str]  # [CLS] ... [SEP], as the tokenizer spells them
    token_ids: list[int]
    weights: np.ndarray  # [L, H, T, T] float32; each row sums to 1
    text_tokens: int  # tokens of the text before any cut (without [CLS] and [SEP])
    truncated: bool = False
    note: str = ""
    arch: str = ""
    layer_names: list[str] | None = None  # "layer 1", ...; "generator 1", "discriminator 1" for ELECTRA

    def __post_init__(self) -> None:
        if not self.layer_names:
            self.layer_names = [f"layer {i + 1}" for i in range(self.weights.shape[0])]

    @property
    def num_layers(self) -> int:
        return int(self.weights.shape[0])

    @property
    def num_heads(self) -> int:
        return int(self.weights.shape[1])

    def head_average(self) -> np.ndarray:
        """[L, T, T]: each layer's weights averaged over its heads (rows still sum to 1)."""
        return self.weights.mean(axis=1)

    def strongest(self, layer: int, head: int | None = None) -> list[int]:
        """For each query token, the key it attends to most (head None: the average over heads)."""
        grid = self.head_average()[layer] if head is None else self.weights[layer, head]
        return [int(i) for i in grid.argmax(axis=-1)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "arch": self.arch,
            "tokens": self.tokens,
            "token_ids": self.token_ids,
            "layers": self.num_layers,
            "layer_names": self.layer_names,
            "heads": self.num_heads,
            "text_tokens": self.text_tokens,
            "truncated": self.truncated,
            "note": self.note,
            "weights_shape": ["layers", "heads", "query", "key"],
            "weights": np.round(self.weights.astype(np.float64), JSON_DECIMALS).tolist(),
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)

    def to_csv(self) -> str:
        """One row per (layer, head, query, key); head "mean" rows hold the average over heads."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(("layer", "head", "query_index", "query_token", "key_index", "key_token", "weight"))
        average = self.head_average()
        T = len(self.tokens)
        for layer in range(self.num_layers):
            grids = [(str(h + 1), self.weights[layer, h]) for h in range(self.num_heads)]
            grids.append(("mean", average[layer]))
            for head, grid in grids:
                for q in range(T):
                    for k in range(T):
                        writer.writerow(
                            (layer + 1, head, q, self.tokens[q], k, self.tokens[k], f"{grid[q, k]:.8f}")
                        )
        return buffer.getvalue()


def token_label(token: str) -> str:
    """How a token is shown on a map or in a table: spaces made visible, the empty token marked."""
    if token == "":
        return "(empty)"
    if token.isspace():
        return "\u2423" * len(token)
    return token


def attend(predictor: Predictor, text: str) -> AttentionMap:
    """The attention weights of every layer and head for ``text`` (see the module docstring)."""
    check_text(text, "The text")
    if not text.strip():
        raise PredictionError("The text is empty. Type a sentence to see what the model attends to.")
    tok = predictor.tokenizer
    body = [int(i) for i in tok.encode(text.strip())]
    if not body:
        raise PredictionError("This text has no tokens the model reads. Type a sentence in words.")
    room = predictor.max_len - 2
    note = ""
    if len(body) > room:
        note = (
            f"The text has {len(body)} tokens, more than this model reads at once ({predictor.max_len} "
            f"with [CLS] and [SEP]): only its first {room} tokens are shown."
        )
    ids = [tok.cls_token_id, *body[:room], tok.sep_token_id]
    input_ids = torch.tensor([ids], dtype=torch.long, device=predictor.device)  # [1, T]
    weights = attention_weights(predictor.model, input_ids)[0]  # [L, H, T, T]
    return AttentionMap(
        text=text,
        tokens=[tok.token_str(i) for i in ids],
        token_ids=ids,
        weights=weights.cpu().numpy().astype(np.float32),
        text_tokens=len(body),
        truncated=len(body) > room,
        note=note,
        arch=_arch(predictor.model),
        layer_names=attention_layer_names(predictor.model),
    )


@torch.inference_mode()
def attention_weights(model: nn.Module, input_ids: Tensor, attention_mask: Tensor | None = None) -> Tensor:
    """[B, L, H, T, T] softmax weights of every attention layer, from one forward pass (fp32)."""
    found: dict[int, Tensor] = {}

    def capture(index: int, layer: nn.Module, args: tuple, kwargs: dict) -> None:
        found[index] = _layer_weights(layer, args, kwargs).float()

    visit_attention_layers(model, input_ids, attention_mask, capture)
    return torch.stack([found[i] for i in range(len(found))], dim=1)


LayerVisit = Callable[[int, nn.Module, tuple, dict], None]


def visit_attention_layers(
    model: nn.Module, input_ids: Tensor, attention_mask: Tensor | None, visit: LayerVisit
) -> None:
    """Run the model's own forward once and call ``visit(index, layer, args, kwargs)`` with the exact
    arguments each attention layer is about to receive (one pass serves every inspection of them:
    these weights, and engine/inspect/attention_cell.py's arithmetic). Call it in inference mode."""
    layers = attention_layers(model)
    if not layers:
        raise PredictionError(f"This model ({type(model).__name__}) has no attention layers to show.")
    reached: set[int] = set()

    def hook_for(index: int, layer: nn.Module):
        def capture(_module: nn.Module, args: tuple, kwargs: dict) -> None:
            reached.add(index)
            visit(index, layer, args, kwargs)

        return capture

    handles = [
        layer.register_forward_pre_hook(hook_for(i, layer), with_kwargs=True)
        for i, layer in enumerate(layers)
    ]
    was_training = model.training
    try:
        model.eval()
        model(input_ids, attention_mask=attention_mask)
        second_pass = getattr(model, "replaced_logits", None)  # ELECTRA's discriminator
        if len(reached) < len(layers) and callable(second_pass):
            second_pass(input_ids, attention_mask=attention_mask)
    finally:
        for handle in handles:
            handle.remove()
        model.train(was_training)
    missing = [i for i in range(len(layers)) if i not in reached]
    if missing:  # a layer the forward never called: the model changed under this module
        raise RuntimeError(f"attention layers {missing} were not reached by {type(model).__name__}.forward")


def attention_layers(model: nn.Module) -> list[nn.Module]:
    """The layers whose weights are shown: the model's own choice, else every attention layer in order."""
    chosen = getattr(model, "attention_layers", None)
    if callable(chosen):
        return list(chosen())
    return [m for m in model.modules() if isinstance(m, (nn.TransformerEncoderLayer, SelfAttention))]


def attention_layer_names(model: nn.Module) -> list[str]:
    """'layer 1', ...; when the layers belong to several encoders, each named after its own (ELECTRA)."""
    layers = {id(m) for m in attention_layers(model)}
    owners = [name.split(".")[0] for name, m in model.named_modules() if id(m) in layers]
    if len(set(owners)) < 2:
        return [f"layer {i + 1}" for i in range(len(owners))]
    counts: dict[str, int] = {}
    names = []
    for owner in owners:
        counts[owner] = counts.get(owner, 0) + 1
        names.append(f"{owner} {counts[owner]}")
    return names


def _arch(model: nn.Module) -> str:
    cfg = getattr(model, "cfg", None)
    arch = str(getattr(cfg, "arch", ""))
    objective = str(getattr(cfg, "objective", "mlm"))
    return f"{arch}, {objective}" if objective not in ("", "mlm") else arch


def _layer_weights(layer: nn.Module, args: tuple, kwargs: dict) -> Tensor:
    """[B, H, T, T] for one layer, from the arguments its forward is about to receive."""
    if isinstance(layer, SelfAttention):
        x = args[0] if args else kwargs["x"]
        attn_mask = args[1] if len(args) > 1 else kwargs.get("attn_mask")
        return layer.attention_weights(x, attn_mask)
    if isinstance(layer, nn.TransformerEncoderLayer):
        x = args[0] if args else kwargs["src"]
        src_mask = args[1] if len(args) > 1 else kwargs.get("src_mask")
        padding = args[2] if len(args) > 2 else kwargs.get("src_key_padding_mask")
        h = layer.norm1(x) if layer.norm_first else x
        _, weights = layer.self_attn(
            h,
            h,
            h,
            attn_mask=src_mask,
            key_padding_mask=padding,
            need_weights=True,
            average_attn_weights=False,
        )
        return weights
    raise TypeError(f"no way to read the attention of {type(layer).__name__}")
