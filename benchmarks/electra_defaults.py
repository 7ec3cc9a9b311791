"""ELECTRA's defaults on a short CPU run: does a default run flag the injected word?

Issue 18 asks that a default ELECTRA run, trained for the budget the README gives
it, rates the injected word of "the capital of france is monday ." as the most
suspect token. Each setting here is trained as the README's command trains it
(``quick_start_config('facts')``, objective electra on the seed layout, a step count
and no time budget) for each seed, one torch thread per run, one child process per
run. Every trained model is then asked about four sentences with one injected word
each; a sentence counts when the injected word is the most suspect token, and its
margin is the injected word's probability minus the highest other token's (how far
from the edge the answer is: an answer with a margin of 0.02 may flip on another
machine's floating point).

Runs are step-counted, so the machine's load changes their time, not their result.

    python benchmarks/electra_defaults.py --steps 1200 --seeds 0 1 2 --settings 0.25/50/2e-3 0.5/10/1e-3

A setting is FRACTION/LAMBDA/LR[/MASKING]. It prints a table per setting and
``RATIO electra_defaults_best_over_first_flagged`` (the share of sentences flagged by
the best setting over the first setting's; the first is the baseline, the current defaults
when none are given). ``--smoke`` trains one setting 5 steps (the script still runs).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import machine_summary, median, ratio_line, section, table  # noqa: E402

SENTENCES = (
    ("the capital of france is monday .", "monday"),
    ("the capital of france is banana .", "banana"),
    ("a cow says woof .", "woof"),
    ("two plus two is seven .", "seven"),
)


def parse_setting(text: str) -> dict:
    parts = text.split("/")
    if len(parts) not in (3, 4):
        raise SystemExit(f"A setting is FRACTION/LAMBDA/LR[/MASKING], not {text!r}.")
    fraction, weight, lr = float(parts[0]), float(parts[1]), float(parts[2])
    masking = float(parts[3]) if len(parts) == 4 else None
    return {"fraction": fraction, "weight": weight, "lr": lr, "masking": masking, "name": text}


def default_setting() -> str:
    from mlmstudio.config import quick_start_config

    config = quick_start_config("facts")
    return f"{config.model.generator_fraction:g}/{config.model.discriminator_weight:g}/{config.training.lr:g}"


def train_and_ask(setting: dict, seed: int, steps: int) -> dict:
    """One run in this process (the child side): train, then ask the four sentences."""
    import torch

    from mlmstudio.config import quick_start_config
    from mlmstudio.engine.inspect.detection import detect_in_folder
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    torch.set_num_threads(1)
    base = quick_start_config("facts")
    model = replace(
        base.model,
        arch="seed",
        objective="electra",
        generator_fraction=setting["fraction"],
        discriminator_weight=setting["weight"],
    )
    training = replace(
        base.training, steps=steps, time_budget=0.0, seed=seed, lr=setting["lr"], checkpoint_every=0
    )
    config = replace(base, model=model, training=training)
    if setting["masking"] is not None:
        config = replace(config, masking=replace(config.masking, mlm_probability=setting["masking"]))
    config = config.validate()
    answers = []
    with tempfile.TemporaryDirectory(prefix="electra-defaults-") as out:
        Trainer(config, sample_text("facts"), out).run()
        for sentence, injected in SENTENCES:
            verdicts = detect_in_folder(out, sentence).tokens
            mine = max(t.probability for t in verdicts if t.token_str == injected)
            other = max((t for t in verdicts if t.token_str != injected), key=lambda t: t.probability)
            answers.append(
                {
                    "injected": injected,
                    "flagged": mine > other.probability,
                    "margin": mine - other.probability,
                    "rival": other.token_str,
                }
            )
    return {"setting": setting["name"], "seed": seed, "answers": answers}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--steps", type=int, default=1200)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--settings", nargs="+", default=None, help="FRACTION/LAMBDA/LR[/MASKING] each")
    parser.add_argument("--jobs", type=int, default=1, help="runs at once (each one thread)")
    parser.add_argument("--json", default=None, help="Also write every answer here.")
    parser.add_argument("--smoke", action="store_true", help="one setting, 5 steps: the script still runs")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(train_and_ask(parse_setting(args.child), args.seeds[0], args.steps)))
        return
    names = args.settings or [default_setting()]
    if args.smoke:
        args.steps, args.seeds, names = 5, [0], names[:1]
    settings = [parse_setting(n) for n in names]
    print(machine_summary())
    print(f"{args.steps} steps, seeds {args.seeds}, load before {os.getloadavg()[0]:.1f}")

    jobs = [(s, seed) for s in settings for seed in args.seeds]
    results: list[dict] = []
    env = dict(os.environ, OMP_NUM_THREADS="1")
    while jobs:
        batch, jobs = jobs[: args.jobs], jobs[args.jobs :]
        children = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    s["name"],
                    "--seeds",
                    str(seed),
                    "--steps",
                    str(args.steps),
                ],
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
            for s, seed in batch
        ]
        for child in children:
            out, _ = child.communicate()
            if child.returncode != 0:
                raise SystemExit(f"a run failed (exit {child.returncode})")
            results.append(json.loads(out.strip().splitlines()[-1]))
            done = results[-1]
            flagged = sum(a["flagged"] for a in done["answers"])
            print(
                f"  {done['setting']} seed {done['seed']}: {flagged} of {len(SENTENCES)} flagged", flush=True
            )
    print(f"load after {os.getloadavg()[0]:.1f}")

    shares = {}
    for s in settings:
        mine = [r for r in results if r["setting"] == s["name"]]
        section(f"setting {s['name']} (generator fraction / lambda / lr [/ masking])")
        rows = []
        for _, injected in SENTENCES:
            answers = [a for r in mine for a in r["answers"] if a["injected"] == injected]
            rows.append(
                (
                    injected,
                    f"{sum(a['flagged'] for a in answers)} of {len(answers)}",
                    median([a["margin"] for a in answers]),
                    ", ".join(f"{a['margin']:+.2f} ({a['rival']})" for a in answers),
                )
            )
        table(rows, ("injected", "flagged", "median margin", "margins per seed (strongest rival)"))
        flags = [a["flagged"] for r in mine for a in r["answers"]]
        shares[s["name"]] = sum(flags) / len(flags)
    best = max(shares, key=lambda n: shares[n])
    first = shares[settings[0]["name"]]
    print(f"best: {best} ({shares[best]:.2f} of sentences flagged; baseline {first:.2f})")
    ratio = shares[best] / first if first else float("inf") if shares[best] else 1.0
    ratio_line("electra_defaults_best_over_first_flagged", ratio, ">= 1", ratio >= 1)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
