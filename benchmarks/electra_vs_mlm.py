"""MLM against ELECTRA at equal wall-clock time, on the evaluation both report.

For each corpus, three runs train *at the same time* (one process each, one
torch thread each), so they share whatever load the machine has:

- ``mlm-modern``: the product's default recipe for a short budget (quick start, modern);
- ``mlm-seed``: the same recipe on the seed (BERT) layout, the one ELECTRA is built on;
- ``electra-seed``: the same recipe, objective electra (generator 1/4 of the width, lambda 50).

Each stops at the same time budget. Compared on the shared metric (the
replaced-token detection AUC of engine/inspect/detection_metric.py, on the same fixed
validation windows) and on the held-out masked loss (for ELECTRA that is its
small generator's, so it is comparable only as "what fill-mask gets").
The 1-minute load average is sampled while they train.

    python benchmarks/electra_vs_mlm.py --seconds 120 --corpora facts pydoc --json out.json

It prints ``RATIO electra_over_mlm_seed_detection_auc_CORPUS`` (ELECTRA's AUC over the
seed MLM's; target >= 1 would mean ELECTRA is at least as good at equal time).
``--smoke`` trains each for 1 s on facts (the script still runs; no measurement).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace

KINDS = ("mlm-modern", "mlm-seed", "electra-seed")


def config_for(kind: str, sample: str, seconds: float, seed: int):
    from mlmstudio.config import quick_start_config

    base = quick_start_config(sample)
    training = replace(
        base.training,
        time_budget=seconds,
        steps=10_000_000,
        eval_every=50,
        eval_batches=8,
        seed=seed,
        checkpoint_every=0,
        checkpoint_seconds=0.0,
    )
    model = base.model
    if kind != "mlm-modern":
        model = replace(model, arch="seed")
    if kind == "electra-seed":
        model = replace(model, objective="electra")
    return replace(base, model=model, training=training)


def train_one(kind: str, sample: str, seconds: float, seed: int) -> dict:
    """One run in this process (the child side)."""
    import torch

    from mlmstudio.engine.events import EvalEvent
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    torch.set_num_threads(1)
    config = config_for(kind, sample, seconds, seed)
    evals: list[EvalEvent] = []
    with tempfile.TemporaryDirectory(prefix="electra-bench-") as out:
        result = Trainer(
            config,
            sample_text(sample),
            out,
            callbacks=[lambda e: evals.append(e) if isinstance(e, EvalEvent) else None],
        ).run()
    s = result.summary
    return {
        "kind": kind,
        "corpus": sample,
        "seed": seed,
        "steps": s.steps,
        "seconds": s.wall_seconds,
        "detection_auc": s.detection_auc,
        "val_loss": s.val_loss,
        "val_accuracy": s.val_accuracy,
        "curve": [(e.elapsed, e.detection_auc, e.val_loss) for e in evals],
    }


def load_sampler(stop: threading.Event, samples: list[float]) -> None:
    while not stop.wait(5.0):
        samples.append(os.getloadavg()[0])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--corpora", nargs="+", default=["facts", "pydoc"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="Also write every result here.")
    parser.add_argument("--smoke", action="store_true", help="1 s per run on facts: the script still runs.")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "CORPUS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.corpora = 1.0, ["facts"]
    if args.child:
        print(json.dumps(train_one(args.child[0], args.child[1], args.seconds, args.seed)))
        return

    results = []
    for sample in args.corpora:
        stop, loads = threading.Event(), []
        sampler = threading.Thread(target=load_sampler, args=(stop, loads), daemon=True)
        sampler.start()
        started = time.perf_counter()
        children = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    kind,
                    sample,
                    "--seconds",
                    str(args.seconds),
                    "--seed",
                    str(args.seed),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            for kind in KINDS
        ]
        outputs = [child.communicate()[0] for child in children]
        stop.set()
        for out in outputs:
            row = json.loads(out.strip().splitlines()[-1])
            row["load_average"] = sum(loads) / len(loads) if loads else os.getloadavg()[0]
            row["wall"] = time.perf_counter() - started
            results.append(row)
    print(
        f"{'corpus':<8} {'run':<14} {'steps':>6} {'secs':>6} {'detect AUC':>10} {'val loss':>9} "
        f"{'val acc':>8} {'load':>5}"
    )
    for r in results:
        print(
            f"{r['corpus']:<8} {r['kind']:<14} {r['steps']:>6} {r['seconds']:>6.0f} "
            f"{r['detection_auc'] or float('nan'):>10.3f} {r['val_loss'] or float('nan'):>9.3f} "
            f"{r['val_accuracy'] or float('nan'):>8.3f} {r['load_average']:>5.1f}"
        )
    for sample in args.corpora:
        auc = {r["kind"]: r["detection_auc"] for r in results if r["corpus"] == sample}
        ratio = (
            (auc["electra-seed"] / auc["mlm-seed"])
            if auc.get("electra-seed") and auc.get("mlm-seed")
            else float("nan")
        )
        print(f"RATIO electra_over_mlm_seed_detection_auc_{sample}: {ratio:.3f} (target >= 1.0)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=2)


if __name__ == "__main__":
    main()
