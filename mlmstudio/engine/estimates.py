"""Model size and training memory, computed from the config alone.

Pure arithmetic (no torch), so the Setup page and ``mlmstudio params`` can
show the numbers as the user types without importing the ML stack. A test
holds ``estimate_parameters`` equal to ``count_parameters`` of the built model.
"""

from __future__ import annotations

import math

from mlmstudio.config import ModelConfig


def estimate_parameters(cfg: ModelConfig, vocab_size: int) -> int:
    """count_parameters of build_model(cfg, vocab_size), computed without building it."""
    if cfg.objective == "electra":
        return _electra_parameters(cfg, vocab_size)
    d, f, L, V = cfg.d_model, cfg.ffn_width, cfg.num_layers, vocab_size
    norm = 2 * d
    attention = (3 * d * d + 3 * d) + (d * d + d)
    ffn = (d * f + f) + (f * d + d)
    per_layer = attention + ffn + 2 * norm
    embeddings = V * d + cfg.max_len * d
    head_transform = (d * d + d) + norm
    if cfg.arch == "seed":
        return embeddings + norm + L * per_layer + head_transform + (d * V + V)
    if cfg.positions == "rotary":  # modern only: no position vectors, RoPE turns q and k instead
        embeddings -= cfg.max_len * d
    return embeddings + L * per_layer + norm + head_transform + V


def _post_ln_layers(width: int, ffn: int, layers: int) -> int:
    """nn.TransformerEncoderLayer's numbers: attention, feed-forward and two norms, per layer."""
    return layers * ((4 * width * width + 4 * width) + (2 * width * ffn + ffn + width) + 4 * width)


def _electra_parameters(cfg: ModelConfig, vocab_size: int) -> int:
    """engine/electra.py: shared embeddings, the generator (width g, tied head) and the discriminator."""
    d, g, V = cfg.d_model, cfg.generator_width, vocab_size
    embeddings = V * d + cfg.max_len * d + 2 * d
    generator = (
        (d * g + g) + _post_ln_layers(g, cfg.generator_ffn_width, cfg.num_layers) + (g * d + d) + 2 * d + V
    )
    discriminator = _post_ln_layers(d, cfg.ffn_width, cfg.num_layers) + (d * d + d) + (d + 1)
    return embeddings + generator + discriminator


def estimate_training_memory(
    cfg: ModelConfig,
    vocab_size: int,
    batch_size: int,
    seq_len: int,
    precision: str = "fp32",
    labelled_fraction: float = 0.3,
) -> int:
    """A rough estimate, in bytes, of the memory one training step needs.

    Counts fp32 weights, gradients and AdamW's two moment buffers (16 bytes per
    parameter), bf16 weight copies under autocast, and the activations kept for
    the backward pass. Allocator overheads and temporary buffers are not
    counted, so treat it as a guide to the order of magnitude, not a promise.
    """
    params = estimate_parameters(cfg, vocab_size)
    act_bytes = 2 if precision == "bf16" else 4
    state = 16 * params + (2 * params if precision == "bf16" else 0)
    tokens = batch_size * seq_len
    d, f, H = cfg.d_model, cfg.ffn_width, cfg.num_heads
    # Per layer and token: inputs of norms, q/k/v, attention output, projections (~8d), FFN (2f),
    # and the attention weights when they are materialised (a mask or the seed's MHA).
    materialised = cfg.arch == "seed" or cfg.distance_bias
    per_token_layer = 8 * d + 2 * f + (H * seq_len if materialised else 0)
    activations = tokens * cfg.num_layers * per_token_layer * act_bytes
    activations += tokens * 4 * d * act_bytes  # embeddings and final norm
    # Head and logits at the labelled positions (both layouts, when training); logits and
    # their gradient are kept in fp32 for the loss.
    head_tokens = int(math.ceil(tokens * labelled_fraction))
    activations += head_tokens * (3 * d * act_bytes + 2 * vocab_size * 4)
    return int(state + activations)
