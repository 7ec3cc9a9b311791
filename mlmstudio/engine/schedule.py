"""Learning-rate schedules as a function of progress through the run.

Progress is a number in [0, 1]: steps done over the step limit, or elapsed
seconds over the time budget, whichever is further along. Driving the
schedule by progress rather than by step lets a time-budgeted run warm up and
decay to zero exactly when its time runs out.
"""

from __future__ import annotations

import math

# AdamW's betas for every run, and for the step-time calibration that measures one (calibration.py).
ADAM_BETAS = (0.9, 0.98)


def lr_factor(progress: float, warmup: float, schedule: str) -> float:
    """Multiplier of the peak learning rate at ``progress`` (0..1)."""
    progress = min(max(progress, 0.0), 1.0)
    if warmup > 0 and progress < warmup:
        return progress / warmup
    if schedule == "constant":
        return 1.0
    decay = (progress - warmup) / max(1e-12, 1.0 - warmup)  # 0 -> 1 after warm-up
    if schedule == "linear":
        return max(0.0, 1.0 - decay)
    if schedule == "cosine":
        return 0.5 * (1.0 + math.cos(math.pi * decay))
    raise ValueError(f"unknown schedule {schedule!r}")
