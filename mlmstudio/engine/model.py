"""The masked language models: a BERT-style encoder with an MLM head.

Two architectures share one interface, ``forward(input_ids, attention_mask=None,
labels=None) -> MLMOutput(loss, logits)``:

- ``seed``: exactly the tutorial's TinyMLM. Token + learned position embeddings,
  LayerNorm, dropout, ``nn.TransformerEncoder`` (post-LN, GELU), and a head
  Linear -> GELU -> LayerNorm -> Linear(vocab). It is BERT's own layout, so it
  can be exported to Hugging Face ``BertForMaskedLM``. With labels, its head too runs
  only at the labelled positions (the same numbers there; opened BERT-family models
  train through it: issue 17).
- ``modern`` (the default): the same idea built for speed. Pre-LN blocks on
  ``F.scaled_dot_product_attention`` (written out for bf16 on a CPU, where that
  is faster), an optional ALiBi-style distance bias, learned or rotary
  (RoPE) positions, a decoder tied to the token embedding, and - when labels are given - the head
  and vocabulary projection computed only at the labelled positions (about
  15-30% of them), which is most of the cost of a small model.

Shapes: B batch, T sequence length, d width, H heads, V vocabulary,
N number of labelled positions. ``attention_mask`` is 1 for real tokens and 0
for padding; ``labels`` is -100 where there is no loss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn

from mlmstudio.config import ModelConfig

# Re-exported: the size arithmetic lives in a torch-free module the GUI can import cheaply.
from mlmstudio.engine.estimates import estimate_parameters, estimate_training_memory  # noqa: F401
from mlmstudio.engine.masking import IGNORE_INDEX  # noqa: E402  labels without loss (-100, as HF)


@dataclass
class MLMOutput:
    """What a forward pass returns.

    ``logits`` is [B, T, V] for full predictions, or [N, V] when the model
    computed them only at the N labelled positions (modern with labels); then
    ``labels`` holds the N matching targets.
    """

    loss: Tensor | None
    logits: Tensor
    labels: Tensor | None = None

    def labelled(self, labels: Tensor) -> tuple[Tensor, Tensor]:
        """(logits [N, V], targets [N]) at the labelled positions, whichever form logits has."""
        if self.labels is not None:
            return self.logits, self.labels
        flat = labels.reshape(-1)
        keep = flat != IGNORE_INDEX
        return self.logits.reshape(-1, self.logits.shape[-1])[keep], flat[keep]


# ---------------------------------------------------------------------------
# Building blocks of the modern architecture
# ---------------------------------------------------------------------------


def alibi_slopes(num_heads: int) -> Tensor:
    """ALiBi's per-head slopes: a geometric sequence 2^(-8/n), 2^(-16/n), ... (Press et al. 2022)."""

    def power_of_two_slopes(n: int) -> list[float]:
        start = 2.0 ** (-8.0 / n)
        return [start ** (i + 1) for i in range(n)]

    if math.log2(num_heads).is_integer():
        return torch.tensor(power_of_two_slopes(num_heads))
    # Not a power of two: the slopes of the nearest lower power, then every other one of the next.
    lower = 2 ** math.floor(math.log2(num_heads))
    extra = power_of_two_slopes(2 * lower)[0::2][: num_heads - lower]
    return torch.tensor(power_of_two_slopes(lower) + extra)


def rotate_half(x: Tensor) -> Tensor:
    """RoPE's rotation partner of each feature: (x1, x2) -> (-x2, x1) over the two halves."""
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


def rotary_inv_freq(head_dim: int, device: torch.device | None = None) -> Tensor:
    """RoPE's frequencies 10000^(-2i/(d/H)), i < d/2H, in fp32 (ESM's ``inv_freq``)."""
    return 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2, dtype=torch.float32, device=device) / head_dim))


def rotary_angles(T: int, head_dim: int, device: torch.device) -> tuple[Tensor, Tensor]:
    """cos and sin [T, d/H] of RoPE's angles, position t times 10000^(-2i/(d/H)), halves repeated.

    Exactly as transformers' ESM computes them (in fp32), so an exported rotary model matches.
    """
    inv_freq = rotary_inv_freq(head_dim, device)  # [d/2H]
    freqs = torch.arange(T, dtype=torch.float32, device=device)[:, None] * inv_freq[None, :]  # [T, d/2H]
    angles = torch.cat((freqs, freqs), dim=-1)  # [T, d/H]
    return angles.cos(), angles.sin()


def explicit_attention(
    q: Tensor, k: Tensor, v: Tensor, attn_mask: Tensor | None, dropout_p: float = 0.0
) -> Tensor:
    """SDPA written out: (q / sqrt(d)) k^T (+ mask), softmax, times v.

    For bf16 on a CPU: torch's fused CPU kernel for bf16 made a whole training
    step about 1.45x slower than these three ops (docs/PERFORMANCE.md), while it
    is the faster choice in fp32 and on CUDA. The scale goes on q (half the
    numbers of the scores when T = 2 d/H), and the softmax runs on the bf16
    scores directly: torch's CPU kernel accumulates in fp32 inside, so its
    bf16 result equals an fp32 softmax cast back, without the two casts of a
    [B, H, T, T] tensor each way (docs/PERFORMANCE.md, section 11).
    """
    scores = (q * (q.shape[-1] ** -0.5)) @ k.transpose(-2, -1)  # [B, H, T, T]
    if attn_mask is not None:
        scores = (
            scores.masked_fill(~attn_mask, float("-inf"))
            if attn_mask.dtype == torch.bool
            else scores + attn_mask
        )
    weights = scores.softmax(dim=-1)
    if dropout_p > 0.0:
        weights = F.dropout(weights, dropout_p)
    return weights @ v  # [B, H, T, d/H]


class SelfAttention(nn.Module):
    """Multi-head self-attention with one fused qkv projection: SDPA, or explicit for bf16 on a CPU."""

    def __init__(self, d_model: int, num_heads: int, dropout: float, rotary: bool = False) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.dropout = dropout
        self.rotary = rotary  # RoPE on q and k (positions: rotary)

    def _rotate(self, q: Tensor, k: Tensor) -> tuple[Tensor, Tensor]:
        """q and k [B, H, T, d/H] turned by their positions' angles (RoPE), in their own dtype."""
        cos, sin = rotary_angles(q.shape[-2], q.shape[-1], q.device)
        cos, sin = cos.to(q.dtype), sin.to(q.dtype)
        return q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin

    def forward(self, x: Tensor, attn_mask: Tensor | None) -> Tensor:
        B, T, d = x.shape
        H = self.num_heads
        q, k, v = self.qkv(x).view(B, T, 3, H, d // H).permute(2, 0, 3, 1, 4)  # each [B, H, T, d/H]
        if self.rotary:
            q, k = self._rotate(q, k)
        dropout_p = self.dropout if self.training else 0.0
        if q.dtype == torch.bfloat16 and q.device.type == "cpu":
            y = explicit_attention(q, k, v, attn_mask, dropout_p)
        else:
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=dropout_p)
        y = y.transpose(1, 2).reshape(B, T, d)  # [B, T, d]
        return self.proj(y)

    def attention_weights(self, x: Tensor, attn_mask: Tensor | None) -> Tensor:
        """Inspection only (engine/inspect/attention.py), never in training: forward's softmax weights [B, H, T, T].

        The same q and k as forward, without dropout. Keep it in step with forward:
        tests/engine/test_attention.py checks that these weights times v reproduce its output.
        """
        B, T, d = x.shape
        H = self.num_heads
        q, k, _ = self.qkv(x).view(B, T, 3, H, d // H).permute(2, 0, 3, 1, 4)  # each [B, H, T, d/H]
        if self.rotary:
            q, k = self._rotate(q, k)
        scores = (q @ k.transpose(-2, -1)).float() * (q.shape[-1] ** -0.5)  # [B, H, T, T]
        if attn_mask is not None:
            scores = (
                scores.masked_fill(~attn_mask, float("-inf"))
                if attn_mask.dtype == torch.bool
                else scores + attn_mask.float()
            )
        return scores.softmax(dim=-1)


class FeedForward(nn.Module):
    def __init__(self, d_model: int, ffn_dim: int, dropout: float) -> None:
        super().__init__()
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: Tensor) -> Tensor:
        return self.dropout(self.fc2(F.gelu(self.fc1(x))))


class Block(nn.Module):
    """Pre-LN transformer block: x + attn(ln(x)), then x + ffn(ln(x))."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg.d_model, eps=cfg.layer_norm_eps)
        self.attn = SelfAttention(cfg.d_model, cfg.num_heads, cfg.dropout, rotary=cfg.positions == "rotary")
        self.ln2 = nn.LayerNorm(cfg.d_model, eps=cfg.layer_norm_eps)
        self.ffn = FeedForward(cfg.d_model, cfg.ffn_width, cfg.dropout)
        self.drop = nn.Dropout(cfg.dropout)

    def forward(self, x: Tensor, attn_mask: Tensor | None) -> Tensor:
        x = x + self.drop(self.attn(self.ln1(x), attn_mask))
        return x + self.ffn(self.ln2(x))


class SeedSelfAttention(nn.MultiheadAttention):
    """torch's MultiheadAttention, whose self-attention without weights runs as the modern blocks'.

    The same parameters (``in_proj_weight``, ``in_proj_bias``, ``out_proj``). Asked for its weights,
    or with a mask of its own, it is torch's; otherwise ``explicit_attention`` for bf16 on a CPU
    (as SelfAttention does) and SDPA elsewhere. torch's own path, with dropout on a CPU, falls
    back to SDPA's math path, which casts bf16 to fp32 and back around every attention.
    """

    def forward(
        self,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        key_padding_mask: Tensor | None = None,
        need_weights: bool = True,
        attn_mask: Tensor | None = None,
        average_attn_weights: bool = True,
        is_causal: bool = False,
    ) -> tuple[Tensor, Tensor | None]:
        if (
            need_weights
            or attn_mask is not None
            or is_causal
            or not self.batch_first
            or not (query is key is value)
        ):
            return super().forward(
                query, key, value, key_padding_mask, need_weights, attn_mask, average_attn_weights, is_causal
            )
        return self._self_attention(query, key_padding_mask), None

    def _self_attention(self, x: Tensor, padding: Tensor | None) -> Tensor:
        """[B, T, d] -> [B, T, d]; ``padding`` [B, T] True (or -inf) = ignore."""
        B, T, d = x.shape
        H = self.num_heads
        qkv = F.linear(x, self.in_proj_weight, self.in_proj_bias)  # [B, T, 3d]
        q, k, v = qkv.view(B, T, 3, H, d // H).permute(2, 0, 3, 1, 4)  # each [B, H, T, d/H]
        mask = None
        if padding is not None and x.device.type == "cpu" and not bool(padding.any()):
            padding = None  # training windows never pad (checked on a CPU only, where it is free)
        if padding is not None:
            keep = padding == 0 if padding.dtype != torch.bool else ~padding  # [B, T]
            mask = keep[:, None, None, :]  # [B, 1, 1, T]
        dropout_p = self.dropout if self.training else 0.0
        if q.dtype == torch.bfloat16 and q.device.type == "cpu":
            y = explicit_attention(q, k, v, mask, dropout_p)
        else:
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=dropout_p)
        return self.out_proj(y.transpose(1, 2).reshape(B, T, d))  # [B, T, d]


class SeedEncoderLayer(nn.TransformerEncoderLayer):
    """``nn.TransformerEncoderLayer`` (post-LN, GELU) on SeedSelfAttention, called directly.

    The same modules, so the same state_dict names and shapes (``self_attn.in_proj_weight``,
    ``self_attn.out_proj``, ``linear1``, ``linear2``, ``norm1``, ``norm2``) and the same
    initialisation from the same seed: every saved seed run, checkpoint, export and import reads as
    before, and inspection (and its hooks) still finds a TransformerEncoderLayer with its
    MultiheadAttention. Only forward differs: the post-LN sublayers written out around
    SeedSelfAttention, with the same numbers in fp32 (tests/engine/test_seed_layer.py checks them
    against torch's own layer).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The attention torch built, its parameters and their initialisation kept, with the faster forward.
        self.self_attn.__class__ = SeedSelfAttention

    def forward(
        self,
        src: Tensor,
        src_mask: Tensor | None = None,
        src_key_padding_mask: Tensor | None = None,
        is_causal: bool = False,
    ) -> Tensor:
        if src_mask is not None or is_causal or self.norm_first:  # not the seed's use: torch's own
            return super().forward(src, src_mask, src_key_padding_mask, is_causal)
        attended = self.self_attn(src, src, src, key_padding_mask=src_key_padding_mask, need_weights=False)[0]
        x = self.norm1(src + self.dropout1(attended))
        return self.norm2(x + self.dropout2(self.linear2(self.dropout(F.gelu(self.linear1(x))))))


class MLMHead(nn.Module):
    """BERT's prediction-head transform: Linear -> GELU -> LayerNorm (the decoder comes after)."""

    def __init__(self, d_model: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.dense = nn.Linear(d_model, d_model)
        self.norm = nn.LayerNorm(d_model, eps=eps)

    def forward(self, x: Tensor) -> Tensor:
        return self.norm(F.gelu(self.dense(x)))


# ---------------------------------------------------------------------------
# The models
# ---------------------------------------------------------------------------


class MLMModel(nn.Module):
    """Common ground of both architectures: config, vocabulary size and the loss."""

    def __init__(self, cfg: ModelConfig, vocab_size: int, pad_token_id: int) -> None:
        super().__init__()
        self.cfg = cfg
        self.vocab_size = vocab_size
        self.pad_token_id = pad_token_id

    @property
    def max_len(self) -> int:
        return self.cfg.max_len

    @property
    def output_bias(self) -> Tensor:
        """The bias of the vocabulary projection (one value per token)."""
        raise NotImplementedError

    def _check_length(self, input_ids: Tensor) -> None:
        if input_ids.shape[1] > self.cfg.max_len:
            raise ValueError(f"sequence of {input_ids.shape[1]} tokens exceeds max_len {self.cfg.max_len}")


class SeedMLM(MLMModel):
    """The tutorial's TinyMLM, unchanged: the reference and the Hugging Face-exportable layout."""

    def __init__(self, cfg: ModelConfig, vocab_size: int, pad_token_id: int = 0) -> None:
        super().__init__(cfg, vocab_size, pad_token_id)
        d = cfg.d_model
        self.tok_emb = nn.Embedding(vocab_size, d)
        self.pos_emb = nn.Embedding(cfg.max_len, d)
        self.emb_norm = nn.LayerNorm(d, eps=cfg.layer_norm_eps)
        self.emb_drop = nn.Dropout(cfg.dropout)
        layer = SeedEncoderLayer(
            d_model=d,
            nhead=cfg.num_heads,
            dim_feedforward=cfg.ffn_width,
            dropout=cfg.dropout,
            activation="gelu",
            batch_first=True,
            norm_first=False,
            layer_norm_eps=cfg.layer_norm_eps,
        )
        # enable_nested_tensor=False: keep padded positions computed the plain way, as BERT does.
        self.encoder = nn.TransformerEncoder(layer, num_layers=cfg.num_layers, enable_nested_tensor=False)
        self.head = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.LayerNorm(d, eps=cfg.layer_norm_eps))
        self.decoder = nn.Linear(d, vocab_size)

    @property
    def output_bias(self) -> Tensor:
        return self.decoder.bias

    def forward(
        self,
        input_ids: Tensor,
        attention_mask: Tensor | None = None,
        labels: Tensor | None = None,
        label_positions: Tensor | None = None,
    ) -> MLMOutput:
        self._check_length(input_ids)
        B, T = input_ids.shape
        pos = torch.arange(T, device=input_ids.device)
        x = self.emb_drop(self.emb_norm(self.tok_emb(input_ids) + self.pos_emb(pos)))  # [B, T, d]
        padding = None if attention_mask is None else attention_mask == 0  # True = ignore
        for layer in self.encoder.layers:  # the container's own checks and mask casts skipped
            x = layer(x, src_key_padding_mask=padding)  # [B, T, d]
        if labels is None:
            return MLMOutput(None, self.decoder(self.head(x)))  # [B, T, V]
        # The head is per position: running it only where there are labels (15-30% of them) gives
        # the same logits there, and the vocabulary projection is most of a BERT step's head cost.
        flat_labels = labels.reshape(-1)  # [B*T]
        where = label_positions  # [N], if given
        if where is None:
            where = (flat_labels != IGNORE_INDEX).nonzero().squeeze(1)
        targets = flat_labels[where]  # [N]
        logits = self.decoder(self.head(x.reshape(B * T, -1)[where]))  # [N, V]
        if where.numel() == 0:  # nothing to predict: a zero loss that still backpropagates
            loss = logits.float().sum() * 0.0
        else:
            loss = F.cross_entropy(logits.float(), targets)
        return MLMOutput(loss, logits, targets)


ESM_TRAINING_MASK_SHARE = 0.15 * 0.8  # the share of inputs ESM-2 saw as the mask token in training


def esm_token_dropout(x: Tensor, input_ids: Tensor, attention_mask: Tensor | None, mask_id: int) -> Tensor:
    """ESM-2's token dropout: mask-token inputs zeroed, each sequence scaled by the share of tokens left.

    As transformers' EsmEmbeddings: in training ESM saw 12% of its inputs as the mask token, so a
    sequence with fewer masks is scaled down to look like that, like dropout at evaluation.
    """
    masked = input_ids == mask_id  # [B, T]
    x = x.masked_fill(masked.unsqueeze(-1), 0.0)
    lengths = attention_mask.sum(-1) if attention_mask is not None else input_ids.shape[1]  # [B]
    observed = masked.sum(-1).float() / lengths  # [B]
    return (x * (1 - ESM_TRAINING_MASK_SHARE) / (1 - observed)[:, None, None]).to(x.dtype)


class ModernMLM(MLMModel):
    """Pre-LN encoder on SDPA with a tied decoder; the head runs only where there are labels."""

    slopes: Tensor  # a buffer, with the distance bias only

    def __init__(self, cfg: ModelConfig, vocab_size: int, pad_token_id: int = 0) -> None:
        super().__init__(cfg, vocab_size, pad_token_id)
        d = cfg.d_model
        self.tok_emb = nn.Embedding(vocab_size, d)
        # Rotary positions live in the attention (SelfAttention._rotate): no position vectors then.
        self.pos_emb = nn.Embedding(cfg.max_len, d) if cfg.positions == "learned" else None
        self.emb_drop = nn.Dropout(cfg.dropout)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.num_layers))
        self.final_norm = nn.LayerNorm(d, eps=cfg.layer_norm_eps)
        self.head = MLMHead(d, cfg.layer_norm_eps)
        # The decoder weight is the token embedding itself (F.linear below); only its bias is new.
        self.decoder_bias = nn.Parameter(torch.zeros(vocab_size))
        if cfg.distance_bias:
            self.register_buffer("slopes", alibi_slopes(cfg.num_heads), persistent=False)
        self._bias_cache: dict[tuple, Tensor] = {}
        self.apply(init_bert)

    @property
    def output_bias(self) -> Tensor:
        return self.decoder_bias

    def forward(
        self,
        input_ids: Tensor,
        attention_mask: Tensor | None = None,
        labels: Tensor | None = None,
        label_positions: Tensor | None = None,
    ) -> MLMOutput:
        self._check_length(input_ids)
        B, T = input_ids.shape
        x = self.tok_emb(input_ids)  # [B, T, d]
        if self.cfg.token_dropout_id >= 0:
            x = esm_token_dropout(x, input_ids, attention_mask, self.cfg.token_dropout_id)
        if self.pos_emb is not None:
            x = x + self.pos_emb(torch.arange(T, device=input_ids.device))
        x = self.emb_drop(x)
        attn_mask = self._attention_mask(attention_mask, T, x)
        for block in self.blocks:
            x = block(x, attn_mask)
        x = self.final_norm(x)  # [B, T, d]

        if labels is None:
            return MLMOutput(None, self._vocab_logits(x))  # [B, T, V]
        flat_labels = labels.reshape(-1)  # [B*T]
        where = label_positions  # [N], if given
        if where is None:  # found here, at the cost of a device sync on a GPU
            where = (flat_labels != IGNORE_INDEX).nonzero().squeeze(1)
        targets = flat_labels[where]  # [N]
        logits = self._vocab_logits(x.reshape(B * T, -1)[where])  # [N, V]
        if where.numel() == 0:  # nothing to predict: a zero loss that still backpropagates
            loss = logits.float().sum() * 0.0
        else:
            loss = F.cross_entropy(logits.float(), targets)
        return MLMOutput(loss, logits, targets)

    def _vocab_logits(self, h: Tensor) -> Tensor:
        """[..., d] -> [..., V] through the head and the tied decoder."""
        return F.linear(self.head(h), self.tok_emb.weight, self.decoder_bias)

    def _attention_mask(self, attention_mask: Tensor | None, T: int, x: Tensor) -> Tensor | None:
        """SDPA's attn_mask: None, a boolean key mask [B,1,1,T], or a float bias [B|1, H, T, T]."""
        # Under autocast the queries are bf16; a float mask must match their dtype.
        dtype = (
            torch.get_autocast_dtype(x.device.type) if torch.is_autocast_enabled(x.device.type) else x.dtype
        )
        if attention_mask is not None and x.device.type == "cpu" and bool(attention_mask.all()):
            # Training windows never pad: no key mask, so the distance bias stays one broadcast
            # [1, H, T, T] instead of a masked copy per batch (checked on a CPU only: it is free
            # there, while on a GPU it would wait for the device).
            attention_mask = None
        keep = None if attention_mask is None else attention_mask[:, None, None, :].bool()  # [B,1,1,T]
        if not self.cfg.distance_bias:
            return keep
        bias = self._distance_bias(T, x.device, dtype)  # [1, H, T, T]
        if keep is None:
            return bias
        return bias.masked_fill(~keep, float("-inf"))  # [B, H, T, T]

    def _distance_bias(self, T: int, device: torch.device, dtype: torch.dtype) -> Tensor:
        """-slope_h * |i - j| as [1, H, T, T].

        Built once per (device, dtype) for the longest T seen so far; shorter
        sequences get its top-left corner, so memory stays at one H*T*T tensor
        however many lengths prediction asks for.
        """
        key = (device, dtype)
        bias = self._bias_cache.get(key)
        if bias is None or bias.shape[-1] < T:
            idx = torch.arange(T, device=device)
            distance = (idx[None, :] - idx[:, None]).abs().float()  # [T, T]
            bias = (-self.slopes.to(device)[:, None, None] * distance)[None].to(dtype)  # [1, H, T, T]
            self._bias_cache[key] = bias
        return bias if bias.shape[-1] == T else bias[..., :T, :T]

    def _apply(self, fn, *args, **kwargs):  # .to()/.cuda(): drop biases cached for the old device
        self._bias_cache = {}
        return super()._apply(fn, *args, **kwargs)


def init_bert(module: nn.Module) -> None:
    """BERT's initialisation: N(0, 0.02) weights, zero biases, LayerNorm ones/zeros."""
    if isinstance(module, (nn.Linear, nn.Embedding)):
        nn.init.normal_(module.weight, mean=0.0, std=0.02)
        bias = getattr(module, "bias", None)  # an Embedding has none
        if isinstance(bias, Tensor):
            nn.init.zeros_(bias)
    elif isinstance(module, nn.LayerNorm):
        nn.init.ones_(module.weight)
        nn.init.zeros_(module.bias)


# ---------------------------------------------------------------------------
# Sizes and the output-bias recipe (the model is built by model_factory.build_model)
# ---------------------------------------------------------------------------


@torch.no_grad()
def init_output_bias(model: MLMModel, unigram_log_probs: np.ndarray) -> None:
    """Start the decoder bias at the corpus unigram log-probabilities.

    The untrained model then predicts token frequencies instead of a uniform
    guess, which at short budgets is worth a lot (DESIGN.md's recipe).
    """
    values = torch.as_tensor(np.asarray(unigram_log_probs, dtype=np.float32))
    bias = model.output_bias
    if values.shape != bias.shape:
        raise ValueError(f"expected {bias.shape[0]} log-probabilities, got {tuple(values.shape)}")
    if not torch.isfinite(values).all():
        raise ValueError("unigram log-probabilities must be finite (smooth zero counts first)")
    bias.copy_(values.to(bias.device, bias.dtype))


def count_parameters(model: nn.Module) -> int:
    """Trainable numbers in the model; a tensor shared by two modules counts once."""
    seen: set[int] = set()
    total = 0
    for p in model.parameters():  # parameters() already yields each shared tensor once
        if id(p) not in seen:
            seen.add(id(p))
            total += p.numel()
    return total
