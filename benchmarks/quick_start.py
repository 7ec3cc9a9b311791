"""Quick start: how many of the facts sample's probes a one-minute first run answers.

The welcome panel promises a result in about a minute. This trains
``config.quick_start_config("facts")`` for its real time budget, the way the
app runs it (with the app's torch threads), and asks each of ``samples.FACT_PROBES`` for its top answer. The
baseline, trained for the same wall-clock time in the same run, is the first
recipe the app shipped (the tiny preset: 2 layers, 4 heads, 64-token windows of
16, linear decay), which learned the sample's categories but few of its facts.

    python benchmarks/quick_start.py [--seconds 60] [--seeds 0,1] [--smoke]
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import _common as common

TARGET_PROBES = 10


def previous_recipe(cfg):
    """The recipe the app shipped before the quick start was measured (same tokenizer)."""
    tiny = cfg.with_preset("tiny")
    return replace(
        cfg,
        model=replace(tiny.model, max_len=64),
        training=replace(cfg.training, batch_size=16, seq_len=64, lr=2e-3, schedule="linear"),
    )


def probes_answered(cfg, text: str, out: Path) -> tuple[int, int, float]:
    """(probes answered, steps trained, held-out accuracy) after one run of ``cfg``."""
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.samples import FACT_PROBES
    from mlmstudio.engine.trainer import Trainer

    result = Trainer(cfg, text, out).run()
    predictor = Predictor.from_dir(out)
    right = sum(
        predictor.fill_mask(probe, top_k=1).masks[0][0]["token_str"].lower() == answer
        for probe, answer in FACT_PROBES
    )
    return right, result.steps, result.summary.val_accuracy or float("nan")


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=None, help="time budget (default: the recipe's)")
    p.add_argument("--seeds", default="0", help="comma-separated seeds (default 0)")
    args = p.parse_args()

    import torch

    from mlmstudio.config import quick_start_config
    from mlmstudio.engine.samples import FACT_PROBES, sample_text
    from mlmstudio.engine.trainer import default_num_threads

    torch.set_num_threads(default_num_threads())  # what the app's training thread gets
    print("quick_start:", common.machine_summary())
    ours = quick_start_config("facts")
    seconds = 1.0 if args.smoke else (args.seconds or ours.training.time_budget)
    ours = replace(ours, training=replace(ours.training, time_budget=seconds))
    recipes = {"quick start": ours, "previous recipe": previous_recipe(ours)}
    text = sample_text("facts")
    seeds = [int(s) for s in args.seeds.split(",")]
    print(f"{seconds:g} s per run, seeds {seeds}, {len(FACT_PROBES)} probes")

    rows, answered = [], {name: [] for name in recipes}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            for name, cfg in recipes.items():  # alternating, so machine drift hits both alike
                cfg = replace(cfg, training=replace(cfg.training, seed=seed))
                right, steps, accuracy = probes_answered(cfg, text, Path(tmp) / f"{name}-{seed}")
                answered[name].append(right)
                rows.append([name, seed, steps, accuracy, f"{right}/{len(FACT_PROBES)}"])

    common.section("one run per recipe and seed")
    common.table(rows, ["recipe", "seed", "steps", "held-out acc", "probes"])
    ours_median = common.median(answered["quick start"])
    before = common.median(answered["previous recipe"])
    common.ratio_line(
        "quick_start_facts_probes_answered_median",
        ours_median,
        f">= {TARGET_PROBES}",
        ours_median >= TARGET_PROBES,
    )
    common.ratio_line(
        "quick_start_probes_over_previous_recipe",
        ours_median / max(before, 0.5),
        ">= 1",
        ours_median >= before,
    )


if __name__ == "__main__":
    main()
