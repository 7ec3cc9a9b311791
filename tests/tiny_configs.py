"""The one tiny run configuration the tests train: seconds, not minutes, on a CPU.

Characters as tokens, one narrow block, short sequences, fp32 on the CPU. Tests
that need something else say so in the call (``tiny_config(arch="seed",
steps=20)``), so every difference from the shared shape is visible where it
matters. Import it (``from tiny_configs import tiny_config``) or take the
``make_tiny_config`` fixture.
"""

from __future__ import annotations

from mlmstudio.config import CorpusConfig, ModelConfig, RunConfig, TokenizerConfig, TrainingConfig


def tiny_config(
    *,
    source: str = "sample:facts",
    val_fraction: float = 0.05,
    arch: str = "modern",
    max_len: int = 64,
    **training,
) -> RunConfig:
    """A run that trains in a few seconds; keyword arguments other than the first four are training settings."""
    settings = dict(
        steps=40,
        batch_size=8,
        seq_len=32,
        eval_every=10,
        eval_batches=2,
        checkpoint_every=0,
        precision="fp32",
        device="cpu",
    )
    settings.update(training)
    return RunConfig(
        corpus=CorpusConfig(source=source, val_fraction=val_fraction),
        tokenizer=TokenizerConfig(kind="char", vocab_size=200, min_frequency=1, lowercase=False),
        model=ModelConfig(arch=arch, d_model=32, num_layers=1, num_heads=2, ffn_dim=64, max_len=max_len),
        training=TrainingConfig(**settings),
    )
