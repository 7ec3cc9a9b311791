"""The "find a good recipe for this corpus" preset: the sweep's settings and ranges, picked for this computer.

It varies four settings around the quick-start recipe for the corpus:
- the learning rate, 3e-4 to 3e-3 on a log scale (the range where small
  models on a CPU budget do best; docs/PERFORMANCE.md);
- the masking rate, 0.15 (BERT) to 0.4;
- the width and the layers, as choices: every shape (widths 64-384, 1-4
  layers) whose training memory fits the free memory
  (``engine/estimates.py``, ``engine/system_memory.py``) and whose measured
  step time (``engine/calibration.py``, timed here on this computer) leaves
  at least ``MIN_STEPS`` steps within one trial's time. A shape too slow for
  the trial would only show that it had too little time.
Measuring takes a few seconds (a few real steps per width at one layer, the
layers scaled from it), so it runs where the sweep runs, never on a GUI thread.
"""

from __future__ import annotations

import dataclasses
import logging

from mlmstudio.config import RunConfig
from mlmstudio.sweep.space import SweepParam

log = logging.getLogger(__name__)

WIDTHS = (64, 128, 256, 384)
LAYERS = (1, 2, 4)
MIN_STEPS = 300
LR_RANGE = (3e-4, 3e-3)
MASK_RATE_RANGE = (0.15, 0.4)


def recipe_params(base: RunConfig, trial_seconds: float) -> list[SweepParam]:
    """The preset's four settings for a base recipe and one trial's training time."""
    shapes = feasible_shapes(base, trial_seconds)
    widths = tuple(sorted({w for w, _ in shapes}))
    layers = tuple(sorted({n for _, n in shapes}))
    params = [
        SweepParam("training", "lr", "float", LR_RANGE[0], LR_RANGE[1], log=True, text="lr=3e-4:3e-3:log"),
        SweepParam("masking", "mlm_probability", "float", *MASK_RATE_RANGE, text="mask_rate=0.15:0.4"),
    ]
    if len(widths) > 1:
        params.append(
            SweepParam(
                "model", "d_model", "choice", choices=widths, text="width=" + ",".join(map(str, widths))
            )
        )
    if len(layers) > 1:
        params.append(
            SweepParam(
                "model", "num_layers", "choice", choices=layers, text="layers=" + ",".join(map(str, layers))
            )
        )
    return params


def feasible_shapes(base: RunConfig, trial_seconds: float) -> list[tuple[int, int]]:
    """(width, layers) pairs that fit the memory and leave MIN_STEPS steps in a trial; never empty."""
    from mlmstudio.engine.calibration import measure_step_time
    from mlmstudio.engine.estimates import estimate_training_memory
    from mlmstudio.engine.system_memory import available_memory_bytes, memory_fit

    t = base.training
    vocab = base.tokenizer.vocab_size
    free = available_memory_bytes()
    shapes: list[tuple[int, int]] = []
    for width in WIDTHS:
        model = _shape(base, width, 1)
        try:
            one_layer = measure_step_time(
                model,
                vocab,
                t.batch_size,
                t.seq_len,
                precision=t.precision,
                device="cpu" if t.device == "auto" else t.device,
            ).seconds
        except Exception:  # a shape this computer cannot even time is not a candidate
            log.warning("Could not time width %d.", width, exc_info=True)
            continue
        for layers in LAYERS:
            model = _shape(base, width, layers)
            needed = estimate_training_memory(model, vocab, t.batch_size, t.seq_len)
            # Per-layer cost dominates beyond the embeddings: scale the one-layer time.
            step_seconds = one_layer * (0.4 + 0.6 * layers)
            if memory_fit(needed, free).fits and step_seconds * MIN_STEPS <= trial_seconds:
                shapes.append((width, layers))
    return shapes or [(min(WIDTHS), 1)]


def _shape(base: RunConfig, width: int, layers: int):
    heads = base.model.num_heads if width % base.model.num_heads == 0 else 4
    return dataclasses.replace(
        base.model,
        d_model=width,
        num_layers=layers,
        num_heads=heads,
        ffn_dim=0 if base.model.ffn_dim == 0 else max(base.model.ffn_dim, width),
    )
