"""How long a training step takes on this computer, measured rather than guessed.

The Setup page shows "about N per 1,000 steps" beside the size slider. A
formula of FLOPs cannot know this CPU, its threads, or whether it has native
bf16, so a few real training steps are timed instead: the same model, the same
optimizer, the same autocast and the same batch shape as the trainer's, on
random tokens. It takes a second or two per model size; the GUI runs it off
its thread and caches the result (see ``calibration_key``).
"""

from __future__ import annotations

import functools
import importlib.metadata
import math
import os
import statistics
import time
from dataclasses import dataclass

from mlmstudio.config import ModelConfig

WARMUP_STEPS = 1  # the first step pays for allocations and kernel choices
TIMED_STEPS = 3  # the median of these is the answer
# A step slower than this is timed once: its median of three would keep Setup's
# "measuring…" up for half a minute on a laptop (Base), for a figure that one step gives as well.
SLOW_STEP_SECONDS = 1.0
PRECISIONS = ("bf16", "fp32")  # what a measured StepTime's "auto" can resolve to


@dataclass(frozen=True)
class StepTime:
    """Seconds per training step of one model shape at one batch shape."""

    seconds: float
    precision: str  # what "auto" resolved to here: one of PRECISIONS
    threads: int

    def per_steps(self, steps: int = 1000) -> float:
        return self.seconds * steps


def calibration_key(
    model: ModelConfig,
    vocab_size: int,
    batch_size: int,
    seq_len: int,
    mlm_probability: float,
    precision: str,
    threads: int | None = None,
) -> str:
    """A cache key: everything the step time depends on, with no torch import (GUI-safe).

    The torch version and the CPU count are part of it, so an upgrade or
    another computer measures again.
    """
    threads = threads or default_threads()
    shape = (
        f"{model.arch}-d{model.d_model}-l{model.num_layers}-h{model.num_heads}-f{model.ffn_width}"
        f"-db{int(model.distance_bias)}"
    )
    return (
        f"torch{_torch_version()}-cpu{os.cpu_count()}-t{threads}/{shape}-v{_vocab_bucket(vocab_size)}"
        f"-b{batch_size}-s{seq_len}-m{round(mlm_probability * 100)}-{precision}"
    )


@functools.lru_cache(maxsize=1)
def _torch_version() -> str:
    """The installed torch's version, read from its metadata (importing torch takes seconds)."""
    try:
        return importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _vocab_bucket(vocab_size: int) -> int:
    """Vocabulary sizes rounded up to a power of two: close sizes cost the same time."""
    return 1 << max(4, math.ceil(math.log2(max(vocab_size, 16))))


def default_threads() -> int:
    """The threads a training run in the app gets (all cores but one), without importing torch."""
    return max(1, (os.cpu_count() or 2) - 1)


def measure_step_time(
    model_cfg: ModelConfig,
    vocab_size: int,
    batch_size: int,
    seq_len: int,
    *,
    mlm_probability: float = 0.3,
    precision: str = "auto",
    device: str = "cpu",
    threads: int | None = None,
    steps: int = TIMED_STEPS,
    seed: int = 0,
) -> StepTime:
    """Time real training steps (forward, loss, backward, clipping, AdamW) of ``model_cfg``.

    ``seq_len`` is capped at the model's maximum length, as the trainer's
    validation requires. Runs on the calling thread: call it off the GUI thread.
    """
    import torch

    from mlmstudio.engine.data import Batch
    from mlmstudio.engine.device import autocast_context, resolve_device, resolve_precision
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.schedule import ADAM_BETAS

    threads = threads or default_threads()
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)
    torch_device = resolve_device(device)
    resolved = resolve_precision(precision, torch_device)
    seq_len = max(4, min(seq_len, model_cfg.max_len))
    vocab_size = max(16, vocab_size)
    generator = torch.Generator().manual_seed(seed)

    model = build_model(model_cfg, vocab_size).to(torch_device)
    model.train()
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=1e-4, betas=ADAM_BETAS, fused=torch_device.type in ("cuda", "cpu") or None
    )  # as the trainer
    # Random tokens above the five special ones; about mlm_probability of them carry a label.
    input_ids = torch.randint(5, vocab_size, (batch_size, seq_len), generator=generator)
    chosen = torch.rand((batch_size, seq_len), generator=generator) < mlm_probability
    chosen[:, 0] = True  # at least one label per sequence, as the trainer's batches have
    labels = torch.where(chosen, input_ids, torch.full_like(input_ids, -100))
    batch = Batch.with_positions(input_ids, torch.ones_like(input_ids), labels).to(torch_device)

    def step() -> None:
        with autocast_context(torch_device, resolved):
            out = model(
                batch.input_ids,
                attention_mask=batch.attention_mask,
                labels=batch.labels,
                label_positions=batch.label_positions,
            )
        optimizer.zero_grad(set_to_none=True)
        out.loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        if torch_device.type == "cuda":
            torch.cuda.synchronize()

    for _ in range(WARMUP_STEPS):
        step()
    times: list[float] = []
    for _ in range(max(1, steps)):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
        if times[-1] > SLOW_STEP_SECONDS:
            break
    return StepTime(seconds=statistics.median(times), precision=resolved, threads=threads)
