"""One attention cell, worked out with the model's own numbers.

For layer l, head h, query token i and key token j, attention is

    score[i, j]  = q_i · k_j / sqrt(d_head)  (+ the layer's positional or mask term)
    weight[i, :] = softmax(score[i, :])       (the row the Attention tab draws)
    out_i        = sum over j of weight[i, j] * v_j   (the head's output for token i)

``attention_arithmetic`` runs the model's forward once (through
``attention.visit_attention_layers``, so each layer is given exactly the
arguments the forward gives it) and keeps every layer's per-head queries, keys
and values, the way the layer computes them:

- ``nn.TransformerEncoderLayer`` (seed, ELECTRA's generator and discriminator,
  opened BERT-style models): the input (LayerNorm'd first when the layer is
  pre-LN) through the ``in_proj`` of its ``nn.MultiheadAttention``; padding keys
  get -inf.
- ``SelfAttention`` (modern): the fused qkv projection; with rotary positions q
  and k are turned by their positions first (RoPE), and with the distance bias
  the layer's -slope_h * |i - j| is the positional term.

Learned position vectors were added to the embeddings before the first layer,
so they have no term of their own here. ``HeadArithmetic.row`` then does the
three lines above in float64 for one query row. tests/engine/inspect/
test_attention_cell.py checks that these weights equal the Attention tab's
(``attention.attend``) to 1e-6 and that the head outputs, through the layer's
output projection, give what the forward computes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn

from mlmstudio.engine.errors import PredictionError
from mlmstudio.engine.inspect.attention import attention_layer_names, visit_attention_layers
from mlmstudio.engine.model import SelfAttention

LEARNED_POSITIONS = "learned position vectors, added to the embeddings before the first layer"


@dataclass
class AttentionCell:
    """The arithmetic of weight[i, j] of one head, with every number of row i."""

    layer_name: str
    head: int
    query: int
    key: int
    tokens: list[str]
    scale: float  # 1 / sqrt(d_head)
    dots: np.ndarray  # [T] q_i · k_j * scale, for every key j
    extra: np.ndarray | None  # [T] the positional or mask term added to the scores, if the layer has one
    extra_name: str  # what ``extra`` is ("distance bias", "padding"), "" without one
    scores: np.ndarray  # [T] dots + extra
    weights: np.ndarray  # [T] softmax(scores)
    values: np.ndarray  # [T, d_head] v_j
    output: np.ndarray  # [d_head] sum_j weights[j] * values[j]
    q: np.ndarray  # [d_head] q_i (after RoPE when the model has it)
    k: np.ndarray  # [d_head] k_j

    @property
    def weight(self) -> float:
        return float(self.weights[self.key])

    @property
    def contribution(self) -> np.ndarray:
        """[d_head] weight[i, j] * v_j: key j's share of the output."""
        return self.weights[self.key] * self.values[self.key]

    def as_dict(self) -> dict[str, Any]:
        def plain(a: np.ndarray | None) -> list[float | None] | None:
            if a is None:
                return None
            return [float(x) if np.isfinite(x) else None for x in np.ravel(a)]

        return {
            "layer": self.layer_name,
            "head": self.head + 1,
            "query_index": self.query,
            "query_token": self.tokens[self.query],
            "key_index": self.key,
            "key_token": self.tokens[self.key],
            "scale": self.scale,
            "q": plain(self.q),
            "k": plain(self.k),
            "dot_over_sqrt_d": plain(self.dots),
            "extra_term": self.extra_name,
            "extra": plain(self.extra),
            "scores": plain(self.scores),
            "softmax_row": plain(self.weights),
            "weight": self.weight,
            "values": [plain(v) for v in self.values],
            "weighted_value": plain(self.contribution),
            "output": plain(self.output),
        }


@dataclass
class HeadArithmetic:
    """One attention layer's queries, keys and values per head, and its added term."""

    name: str  # "layer 1", "discriminator 2", ...
    q: np.ndarray  # [H, T, d_head] float32 (after RoPE)
    k: np.ndarray  # [H, T, d_head]
    v: np.ndarray  # [H, T, d_head]
    extra: np.ndarray | None  # [H, T, T] added to the scaled scores (distance bias, -inf padding), or None
    extra_name: str
    positions: str  # how this layer sees positions, in words

    @property
    def num_heads(self) -> int:
        return int(self.q.shape[0])

    @property
    def scale(self) -> float:
        return float(self.q.shape[-1] ** -0.5)

    def scores(self, head: int) -> np.ndarray:
        """[T, T] float64: q k^T / sqrt(d_head) plus the layer's term."""
        q, k = self.q[head].astype(np.float64), self.k[head].astype(np.float64)
        scores = (q @ k.T) * self.scale
        if self.extra is not None:
            scores = scores + self.extra[head]
        return scores

    def weights(self, head: int) -> np.ndarray:
        """[T, T] float64: each row's softmax, what the Attention tab draws for this head."""
        return _softmax(self.scores(head))

    def outputs(self, head: int) -> np.ndarray:
        """[T, d_head] float64: every token's output of this head (weights times values)."""
        return self.weights(head) @ self.v[head].astype(np.float64)

    def cell(self, head: int, query: int, key: int, tokens: list[str]) -> AttentionCell:
        T = self.q.shape[1]
        if not (0 <= head < self.num_heads and 0 <= query < T and 0 <= key < T):
            raise PredictionError(
                f"There is no head {head + 1}, query {query} or key {key} here: this layer has "
                f"{self.num_heads} heads and the text {T} tokens."
            )
        q = self.q[head, query].astype(np.float64)
        keys = self.k[head].astype(np.float64)
        values = self.v[head].astype(np.float64)
        dots = (keys @ q) * self.scale  # [T]
        extra = None if self.extra is None else self.extra[head, query].astype(np.float64)
        scores = dots if extra is None else dots + extra
        weights = _softmax(scores)
        return AttentionCell(
            layer_name=self.name,
            head=head,
            query=query,
            key=key,
            tokens=tokens,
            scale=self.scale,
            dots=dots,
            extra=extra,
            extra_name=self.extra_name,
            scores=scores,
            weights=weights,
            values=values,
            output=weights @ values,
            q=q,
            k=keys[key],
        )


def _softmax(scores: np.ndarray) -> np.ndarray:
    top = scores.max(axis=-1, keepdims=True)
    exp = np.exp(scores - np.where(np.isfinite(top), top, 0.0))
    return exp / exp.sum(axis=-1, keepdims=True)


@torch.inference_mode()
def attention_arithmetic(
    model: nn.Module, input_ids: Tensor, attention_mask: Tensor | None = None
) -> list[HeadArithmetic]:
    """Every attention layer's per-head q, k, v and added term for input_ids [1, T] (one forward pass)."""
    if input_ids.shape[0] != 1:
        raise ValueError("attention_arithmetic reads one text at a time (input_ids [1, T])")
    found: dict[int, HeadArithmetic] = {}
    names = attention_layer_names(model)

    def keep(index: int, layer: nn.Module, args: tuple, kwargs: dict) -> None:
        found[index] = _layer_arithmetic(names[index], layer, args, kwargs)

    visit_attention_layers(model, input_ids, attention_mask, keep)
    return [found[i] for i in range(len(found))]


def _numpy(t: Tensor) -> np.ndarray:
    return t.detach().float().cpu().numpy()


def _layer_arithmetic(name: str, layer: nn.Module, args: tuple, kwargs: dict) -> HeadArithmetic:
    if isinstance(layer, SelfAttention):
        x = args[0] if args else kwargs["x"]
        attn_mask = args[1] if len(args) > 1 else kwargs.get("attn_mask")
        B, T, d = x.shape
        H = layer.num_heads
        q, k, v = layer.qkv(x).view(B, T, 3, H, d // H).permute(2, 0, 3, 1, 4)  # each [1, H, T, d/H]
        positions = LEARNED_POSITIONS
        if layer.rotary:
            q, k = layer._rotate(q, k)  # the layer's own RoPE, so the two never drift apart
            positions = "rotary: q and k are turned by their positions (RoPE) before the product"
        extra, extra_name = None, ""
        if attn_mask is not None:
            if attn_mask.dtype == torch.bool:  # [1, 1, 1, T] True = a real key
                extra = torch.zeros(1, H, T, T, device=x.device).masked_fill(~attn_mask, float("-inf"))
                extra_name = "padding"
            else:  # the distance bias, -inf already on padded keys
                extra = attn_mask.float().expand(1, H, T, T)
                extra_name = "distance bias"
                bias = "distance bias: -slope × |i − j| is added to every score (ALiBi)"
                positions = bias if positions == LEARNED_POSITIONS else f"{positions}; {bias}"
        return HeadArithmetic(
            name,
            _numpy(q[0]),
            _numpy(k[0]),
            _numpy(v[0]),
            None if extra is None else _numpy(extra[0]),
            extra_name,
            positions,
        )
    if isinstance(layer, nn.TransformerEncoderLayer):
        x = args[0] if args else kwargs["src"]
        src_mask = args[1] if len(args) > 1 else kwargs.get("src_mask")
        padding = args[2] if len(args) > 2 else kwargs.get("src_key_padding_mask")
        h = layer.norm1(x) if layer.norm_first else x
        attn = layer.self_attn
        B, T, d = h.shape
        H = attn.num_heads
        q, k, v = F.linear(h, attn.in_proj_weight, attn.in_proj_bias).chunk(3, dim=-1)  # each [1, T, d]
        q, k, v = (t.view(B, T, H, d // H).transpose(1, 2) for t in (q, k, v))  # each [1, H, T, d/H]
        extra, extra_name = None, ""
        if src_mask is not None or padding is not None:
            extra = torch.zeros(1, H, T, T, device=h.device)
            if padding is not None:
                extra = extra.masked_fill(padding.bool()[:, None, None, :], float("-inf"))
                extra_name = "padding"
            if src_mask is not None:
                added = (
                    src_mask
                    if src_mask.dtype != torch.bool
                    else torch.zeros_like(extra).masked_fill(src_mask, float("-inf"))
                )
                extra = extra + added.float()
                extra_name = "mask"
        return HeadArithmetic(
            name,
            _numpy(q[0]),
            _numpy(k[0]),
            _numpy(v[0]),
            None if extra is None else _numpy(extra[0]),
            extra_name,
            LEARNED_POSITIONS,
        )
    raise TypeError(f"no way to read the attention of {type(layer).__name__}")
