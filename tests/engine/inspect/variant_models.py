"""Every architecture variant the engine builds, as a small saved model a Predictor reads.

Each variant is the shared tiny configuration (tests/tiny_configs.py) with two
layers (so there is a middle) and one thing changed, its weights spread (x3) so
the guesses and the attention are far from uniform, saved and loaded back as a
model folder. Import it as ``from variant_models import VARIANTS, variant_predictor``
(pytest puts this folder on the path).
"""

from __future__ import annotations

import dataclasses

import torch

from mlmstudio.engine.artifacts import save_model_dir
from mlmstudio.engine.model_factory import build_model
from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.tokenization import MLMTokenizer

from tiny_configs import tiny_config

TEXT = "the cat sat on the mat . the dog sat on the rug . paris is the capital of france .\n" * 4
QUESTION = "the [MASK] sat on the mat . paris is the [MASK] of france ."

# name -> the ModelConfig fields that differ from the tiny shape
VARIANTS = {
    "seed": dict(arch="seed"),
    "modern-rotary": dict(positions="rotary"),
    "modern-learned": dict(positions="learned"),
    "modern-distance-bias": dict(positions="learned", distance_bias=True),
    "modern-rotary-distance-bias": dict(positions="rotary", distance_bias=True),
    "electra": dict(arch="seed", objective="electra"),
    "seed-bert-eps": dict(arch="seed", layer_norm_eps=1e-12),
}


def variant_predictor(name: str, tmp_path) -> Predictor:
    base = tiny_config(max_len=64)
    model_cfg = dataclasses.replace(base.model, num_layers=2, **VARIANTS[name])
    cfg = dataclasses.replace(base, model=model_cfg)
    tok = MLMTokenizer.train([TEXT], cfg.tokenizer)
    torch.manual_seed(0)
    model = build_model(model_cfg, tok.vocab_size, tok.pad_token_id)
    with torch.no_grad():  # untrained but far from uniform: a wrong step shows in the numbers
        for p in model.parameters():
            if p.dim() == 2:
                p.mul_(3.0)
    return Predictor.from_dir(save_model_dir(tmp_path / name, model.eval(), tok, cfg))
