"""How far the learning-curve forecast (engine/forecast.py) lands from the real final held-out loss.

Trains a few short runs (two corpora, three learning-rate schedules, a
validation check every 5% of the run), or reads finished runs from a history
(``--data-dir``: completed runs with at least 12 checks). For each run it
forecasts the final validation loss from the checks of the first 25% and the
first 50% of the run's steps, and compares it with the loss the run really
ended at. The baseline is the naive forecast "the last loss seen so far"; the
headline is the median absolute error (nats), the forecast's over the naive
one's, and how often the 80% band held the real value.

    python benchmarks/forecast_error.py [--data-dir DIR] [--lr 2e-3] [--seed 0] [--smoke]
"""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import replace
from pathlib import Path

import _common as common

FRACTIONS = (0.25, 0.5)
MIN_CHECKS = 12


def recipes(smoke: bool, lr: float = 2e-3, seed: int = 0):
    from mlmstudio.config import CorpusConfig, ModelConfig, RunConfig, TokenizerConfig, TrainingConfig

    steps = 40 if smoke else 400
    shapes = [("facts", "constant"), ("facts", "linear"), ("pydoc", "linear"), ("pydoc", "cosine")]
    if smoke:
        shapes = shapes[:2]
    for corpus, schedule in shapes:
        yield (
            f"{corpus}/{schedule}",
            RunConfig(
                corpus=CorpusConfig(source=f"sample:{corpus}"),
                tokenizer=TokenizerConfig(
                    kind="word" if corpus == "facts" else "wordpiece", vocab_size=2000, lowercase=True
                ),
                model=ModelConfig(
                    d_model=32 if smoke else 96, num_layers=1, num_heads=2 if smoke else 4, max_len=32
                ),
                training=TrainingConfig(
                    steps=steps,
                    batch_size=8 if smoke else 16,
                    seq_len=32,
                    lr=lr,
                    seed=seed,
                    schedule=schedule,
                    eval_every=max(1, steps // 20),
                    eval_batches=2 if smoke else 4,
                    checkpoint_every=0,
                    checkpoint_seconds=0,
                    device="cpu",
                    precision="fp32",
                ),
            ),
        )


def train_curves(smoke: bool, lr: float = 2e-3, seed: int = 0) -> list[tuple[str, list[float], list[float]]]:
    import torch

    from mlmstudio.engine.events import EvalEvent
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    torch.set_num_threads(1)
    curves = []
    for name, config in recipes(smoke, lr, seed):
        points: list[tuple[int, float]] = []

        def watch(event, points=points):
            if isinstance(event, EvalEvent):
                points.append((event.step, event.val_loss))

        text = sample_text(config.corpus.source.split(":", 1)[1])
        if smoke:
            text = text[:60_000]
            config = replace(config, corpus=replace(config.corpus, val_fraction=0.1))
        with tempfile.TemporaryDirectory(prefix="forecast-") as out:
            Trainer(config, text, out, callbacks=[watch]).run()
        curves.append((name, [float(s) for s, _ in points], [v for _, v in points]))
    return curves


def recorded_curves(data_dir: str) -> list[tuple[str, list[float], list[float]]]:
    from mlmstudio.engine.metric_names import LOSS, VAL
    from mlmstudio.store import service
    from mlmstudio.store.database import Database

    db = Database.open(data_dir)
    curves = []
    for run in service.list_runs(db, statuses=("completed",)):
        curve = service.load_curve(db, run.id, VAL, LOSS)
        if len(curve) >= MIN_CHECKS:
            curves.append((f"{run.id} {run.name}"[:40], list(map(float, curve.steps)), list(curve.values)))
    return curves


def measure(curves):
    from mlmstudio.engine.forecast import forecast

    rows, results = [], {f: [] for f in FRACTIONS}
    for name, steps, losses in curves:
        end, final = steps[-1], losses[-1]
        row = [name, final]
        for fraction in FRACTIONS:
            known = [(s, v) for s, v in zip(steps, losses, strict=False) if s <= fraction * end]
            result = forecast([s for s, _ in known], [v for _, v in known], end) if known else None
            if result is None:
                row += [float("nan")] * 3
                continue
            naive = known[-1][1]
            results[fraction].append(
                (result.predicted - final, naive - final, result.low <= final <= result.high)
            )
            row += [result.predicted, result.predicted - final, naive - final]
        rows.append(row)
    return rows, results


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument(
        "--data-dir", default=None, help="Read finished runs from this history instead of training."
    )
    p.add_argument("--lr", type=float, default=2e-3, help="The runs' learning rate (default: 2e-3).")
    p.add_argument("--seed", type=int, default=0, help="The runs' seed (default: 0).")
    p.add_argument("--curves-out", default=None, help="Also write the curves to this JSON file.")
    p.add_argument("--curves-in", default=None, help="Read the curves from a file --curves-out wrote.")
    args = p.parse_args()
    print(common.machine_summary())
    if args.curves_in:
        curves = [tuple(c) for c in json.loads(Path(args.curves_in).read_text())]
    else:
        curves = (
            recorded_curves(args.data_dir) if args.data_dir else train_curves(args.smoke, args.lr, args.seed)
        )
    if args.curves_out:
        Path(args.curves_out).write_text(json.dumps(curves))
    rows, results = measure(curves)
    common.section("Forecast of the final validation loss (nats) from the first 25% and 50% of each run")
    common.table(
        rows, ["run", "final", "pred@25%", "err@25%", "naive err@25%", "pred@50%", "err@50%", "naive err@50%"]
    )
    for fraction in FRACTIONS:
        found = results[fraction]
        if not found:
            continue
        errors = [abs(e) for e, _, _ in found]
        naive = [abs(n) for _, n, _ in found]
        held = sum(1 for _, _, c in found if c)
        pct = int(fraction * 100)
        print(
            f"\nAt {pct}% of the run: median |error| {common.median(errors):.3f} nats (naive last value: "
            f"{common.median(naive):.3f}), median signed error "
            f"{common.median([e for e, _, _ in found]):+.3f}, band held the final loss in {held}/{len(found)}."
        )
        value = common.median(errors)
        common.ratio_line(f"forecast_error_{pct}_median_abs_nats", value, "<= 0.1", value <= 0.1)
        ratio = value / common.median(naive) if common.median(naive) > 0 else math.inf
        common.ratio_line(f"forecast_error_{pct}_over_last_value", ratio, "< 1", ratio < 1)


if __name__ == "__main__":
    main()
