"""What probes cost the training: 20 probes asked at every evaluation, at the default interval.

The default run (``RunConfig()``: the small modern model, WordPiece 4,000,
batch 16 x 128, an evaluation every 100 steps) trains on the pydoc sample with
20 probes picked from its held-out text (``probes.auto_count = 20``). Measured
in one process, on one trainer, in two ways:

- end to end, interleaved: segments of ``eval_every`` training steps followed by
  the evaluation, alternately with the probes asked and without, so the load of
  a shared machine falls on both alike; the headline is the median of the
  per-pair ratios of the segments' times (with / without), wall clock and CPU;
- by parts: the median CPU time of the probes' one batched pass, against the
  median CPU time of a training step times ``eval_every`` plus an evaluation:
  the probes' share of training time, with far less noise than the end-to-end
  ratio (wall times are printed too); and, since a pass could also slow the
  steps after it (caches, allocator), steps timed right after a probe pass
  against steps after none, interleaved.

    python benchmarks/probe_cost.py [--pairs 4] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import replace

import _common as common

TARGET = 0.02  # probes may cost at most 2% of the training throughput
PROBES = 20


def build_trainer(smoke: bool, out: str):
    import torch

    from mlmstudio.config import CorpusConfig, ProbesConfig, RunConfig, TokenizerConfig
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    torch.set_num_threads(1)  # a shared machine: one core's worth, the same for both sides
    config = RunConfig(corpus=CorpusConfig(source="sample:pydoc"), probes=ProbesConfig(auto_count=PROBES))
    text = sample_text("pydoc")
    if smoke:
        config = replace(
            config,
            corpus=CorpusConfig(source="sample:tutorial"),
            tokenizer=TokenizerConfig(kind="word", vocab_size=2000, lowercase=True),
            model=replace(config.model, d_model=32, num_heads=2, num_layers=1, max_len=32),
            training=replace(
                config.training,
                batch_size=4,
                seq_len=32,
                eval_every=5,
                eval_batches=2,
                device="cpu",
                precision="fp32",
            ),
        )
        text = sample_text("facts")[:80_000]
    return Trainer(config, text, out), config


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=3, help="interleaved pairs of segments (default 3)")
    args = p.parse_args()
    smoke = args.smoke
    pairs = 2 if smoke else args.pairs
    common.section("probe cost: setup")
    print(common.machine_summary())
    print(f"load average (1, 5, 15 min): {_load()}")
    workdir = tempfile.TemporaryDirectory(prefix="probe-cost-")  # removed when the script ends
    trainer, config = build_trainer(smoke, workdir.name)
    every = config.training.eval_every
    print(
        f"model {config.model.arch} {config.model.num_layers}x{config.model.d_model}, vocabulary "
        f"{trainer.vocab_size}, batch {config.training.batch_size} x {config.training.seq_len}, "
        f"evaluation every {every} steps ({config.training.eval_batches} batches), "
        f"{len(trainer.probes)} probes, precision {trainer.precision}"
    )
    for a in trainer.probes.asked[:3]:
        print(f"  probe: {a.spec.sentence}  ->  {a.spec.answer}")
    if not smoke and len(trainer.probes) < PROBES:
        print(f"  (only {len(trainer.probes)} probes could be picked)")

    def step() -> None:
        trainer._train_step(next(trainer.train_batches).to(trainer.device))

    def segment(with_probes: bool) -> tuple[float, float]:
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(every):
            step()
        trainer.evaluate()
        if with_probes:
            trainer.probes.measure(trainer.model, trainer.device)
        return time.perf_counter() - start, time.process_time() - start_cpu

    for _ in range(3):  # warm-up: allocator, kernels, the evaluation's batches, the probes' tensors
        step()
    trainer.evaluate()
    trainer.probes.measure(trainer.model, trainer.device)

    common.section(f"end to end: {pairs} interleaved pairs of {every} steps + evaluation")
    rows, wall_ratios, cpu_ratios = [], [], []
    for n in range(pairs):
        order = (True, False) if n % 2 == 0 else (False, True)  # alternate which side goes first
        times = {side: segment(side) for side in order}
        wall_ratios.append(times[True][0] / times[False][0])
        cpu_ratios.append(times[True][1] / times[False][1])
        rows.append((n + 1, times[True][0], times[False][0], wall_ratios[-1], cpu_ratios[-1]))
        print(
            f"  pair {n + 1}: with {times[True][0]:.1f} s, without {times[False][0]:.1f} s, "
            f"ratio {wall_ratios[-1]:.4f} (CPU {cpu_ratios[-1]:.4f}), load {_load()}",
            flush=True,
        )
    common.table(rows, ("pair", "with probes s", "without s", "wall ratio", "CPU ratio"))

    common.section("by parts: medians of many calls")
    calls = 5 if smoke else 30
    probe_s = _median_seconds(lambda: trainer.probes.measure(trainer.model, trainer.device), calls)
    step_s = _median_seconds(step, 5 if smoke else 20)
    eval_s = _median_seconds(trainer.evaluate, 2 if smoke else 3)
    share = probe_s[1] / (every * step_s[1] + eval_s[1])
    common.table(
        [
            ("probes' batched pass", 1000 * probe_s[0], 1000 * probe_s[1]),
            ("training step", 1000 * step_s[0], 1000 * step_s[1]),
            ("evaluation", 1000 * eval_s[0], 1000 * eval_s[1]),
        ],
        ("part", "median wall ms", "median CPU ms"),
    )
    print(
        f"probes' share of training CPU time: {probe_s[1]:.4f} / ({every} x {step_s[1]:.4f} + "
        f"{eval_s[1]:.4f}) = {share:.2%}  (wall: "
        f"{probe_s[0] / (every * step_s[0] + eval_s[0]):.2%})"
    )

    common.section("steps right after a probe pass, against steps after none (CPU s per 4 steps)")
    after = {True: [], False: []}
    for n in range(2 if smoke else 6):
        for with_probes in (True, False) if n % 2 == 0 else (False, True):
            if with_probes:
                trainer.probes.measure(trainer.model, trainer.device)
            start = time.process_time()
            for _ in range(4):
                step()
            after[with_probes].append(time.process_time() - start)
    print(
        f"after a probe pass: median {common.median(after[True]):.3f} s; after none: median "
        f"{common.median(after[False]):.3f} s"
    )
    print(f"load average (1, 5, 15 min): {_load()}")

    common.ratio_line(
        "probe_cost_with_over_without_wall_median",
        common.median(wall_ratios),
        f"< {1 + TARGET}",
        common.median(wall_ratios) < 1 + TARGET,
    )
    common.ratio_line(
        "probe_cost_with_over_without_cpu_median",
        common.median(cpu_ratios),
        f"< {1 + TARGET}",
        common.median(cpu_ratios) < 1 + TARGET,
    )
    common.ratio_line("probe_cost_share_by_parts", share, f"< {TARGET}", share < TARGET)
    common.ratio_line(
        "probe_cost_steps_after_a_pass_over_after_none",
        common.median(after[True]) / common.median(after[False]),
        f"< {1 + TARGET}",
        common.median(after[True]) / common.median(after[False]) < 1 + TARGET,
    )


def _median_seconds(fn, calls: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``fn``."""
    wall, cpu = [], []
    for _ in range(calls):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return common.median(wall), common.median(cpu)


def _load() -> str:
    import os

    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
