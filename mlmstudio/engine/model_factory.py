"""The model a ``ModelConfig`` describes: the one place that picks the class.

``model.py`` holds the seed and modern transformers, ``electra.py`` the
generator + discriminator built from ``model.py``'s parts. The choice among
them lives above both, so neither model file imports the other back.
"""

from __future__ import annotations

from mlmstudio.config import ModelConfig
from mlmstudio.engine.electra import ElectraMLM
from mlmstudio.engine.model import MLMModel, ModernMLM, SeedMLM


def build_model(cfg: ModelConfig, vocab_size: int, pad_token_id: int = 0) -> MLMModel:
    """The model a ModelConfig describes, freshly initialised."""
    cfg.validate()
    if cfg.objective == "electra":  # generator + discriminator on the seed layout (engine/electra.py)
        return ElectraMLM(cfg, vocab_size, pad_token_id)
    if cfg.arch == "seed":
        return SeedMLM(cfg, vocab_size, pad_token_id)
    return ModernMLM(cfg, vocab_size, pad_token_id)
