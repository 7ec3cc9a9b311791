"""Contention: training speed when other programs keep every core busy (issue 18).

Trains the default model (``RunConfig()`` on its default corpus) for a fixed
time alone, then with K CPU-bound competitor processes (K = cores and
2 x cores), all in one run. Each measurement is a fresh process, so OpenMP's
environment is read as a real program start reads it:

- **engine policy**: the program's start-up (``thread_policy.prepare``) and the
  trainer's adaptive check, as ``mlmstudio train`` runs;
- **torch default**: torch's own threads (one per core) and OpenMP's defaults;
- **one thread**: ``torch.set_num_threads(1)``;
- **HF BertForMaskedLM**: the same shape with ``DataCollatorForLanguageModeling``
  and fused AdamW, at torch's default threads, under the same competitors.

Each row gives steps/s and its ratio to the fair share: the same setting's
idle steps/s x cores / (cores + K), what a program gets when the kernel shares
the cores evenly. The machine's load average is printed with every row: on a
shared machine "alone" means "with whatever else was running".

    python benchmarks/contention.py [--seconds 20] [--smoke]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _common as common

MODES = ("engine policy", "torch default", "one thread", "HF BertForMaskedLM")
LONG_SPIN = "engine policy, libgomp's spin"  # --compare-spin: the policy without its short spin
TARGET_FAIR_SHARE = 0.8
COMPETITOR = "while True: pass"  # one busy core's worth of work
CHOSEN_BY_THE_MODE = ("OMP_NUM_THREADS", "MLMSTUDIO_THREADS", "GOMP_SPINCOUNT")  # not inherited


def child(mode: str, seconds: float, smoke: bool) -> dict:
    """One measurement, in a fresh process (or in this one with --smoke): steps and time."""
    from mlmstudio import thread_policy

    if mode == LONG_SPIN:
        os.environ[thread_policy.SPIN_ENV] = "300000"  # libgomp's own default, kept by prepare()
    if mode in ("engine policy", LONG_SPIN):
        thread_policy.prepare("benchmark")  # before torch loads, as the launcher does
    else:
        thread_policy.forget_role()  # torch's setting stands (--smoke measures in one process)
    import torch

    if mode == "one thread":
        torch.set_num_threads(1)
    config = model_config(smoke)
    from mlmstudio.engine.corpus import load_corpus

    text = load_corpus(config.corpus.source).text
    if mode == "HF BertForMaskedLM":
        steps, elapsed = hf_steps(config, text, seconds)
        threads = f"{torch.get_num_threads()} (torch default)"
    else:
        steps, elapsed, threads = engine_steps(config, text, seconds)
    return {"steps": steps, "seconds": elapsed, "threads": threads}


def model_config(smoke: bool):
    from dataclasses import replace

    from mlmstudio.config import NO_STEP_LIMIT, RunConfig

    config = RunConfig()
    if smoke:  # a few steps of a tiny shape: the script runs, nothing is measured
        config = replace(
            config,
            tokenizer=replace(config.tokenizer, kind="char", vocab_size=200),
            model=replace(config.model, d_model=32, num_layers=1, num_heads=2, max_len=32),
            training=replace(config.training, batch_size=4, seq_len=32),
        )
    training = replace(
        config.training,
        device="cpu",  # the CPU's threads are what is measured, also on a machine with a GPU
        steps=NO_STEP_LIMIT,
        eval_every=1_000_000,  # the most it takes: no evaluation inside the timed budget
        eval_batches=1,
        checkpoint_every=0,
        checkpoint_seconds=0.0,
        keep_checkpoints=0,
    )
    return replace(config, training=training)


def engine_steps(config, text: str, seconds: float) -> tuple[int, float, str]:
    from dataclasses import replace

    from mlmstudio.engine.trainer import Trainer

    config = replace(config, training=replace(config.training, time_budget=seconds))
    with tempfile.TemporaryDirectory() as out:
        trainer = Trainer(config, text, Path(out) / "run")
        trainer.expected_step_seconds = 1.0  # no calibration: it would time steps outside the budget
        result = trainer.run()
    return result.steps, result.summary.wall_seconds, result.summary.threads


def hf_steps(config, text: str, seconds: float) -> tuple[int, float]:
    import torch
    from transformers import DataCollatorForLanguageModeling

    from mlmstudio.engine.corpus import split_train_val
    from mlmstudio.engine.data import encode_stream
    from mlmstudio.engine.run_tokenizer import train_run_tokenizer

    train_text, _ = split_train_val(text, config.corpus.val_fraction, 0)
    tokenizer = train_run_tokenizer(train_text, config)
    m, t = config.model, config.training
    model = common.hf_bert(  # on the CPU, as ours
        tokenizer.vocab_size,
        tokenizer.pad_token_id,
        m.d_model,
        m.num_layers,
        m.num_heads,
        m.ffn_width,
        t.seq_len,
    )
    optimizer = common.hf_adamw(model, lr=t.lr)
    collator = DataCollatorForLanguageModeling(
        common.hf_tokenizer(tokenizer), mlm=True, mlm_probability=config.masking.mlm_probability, seed=0
    )
    windows = common.HFWindows(encode_stream(train_text, tokenizer), tokenizer, t.seq_len, t.batch_size)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch = collator(windows.examples())
        out = model(
            input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], labels=batch["labels"]
        )
        optimizer.zero_grad(set_to_none=True)
        out.loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        steps += 1
    return steps, time.perf_counter() - start


def measure(mode: str, competitors: int, seconds: float, smoke: bool) -> dict:
    """Steps/s of ``mode`` in a fresh process while ``competitors`` busy processes run."""
    busy = [subprocess.Popen([sys.executable, "-c", COMPETITOR]) for _ in range(competitors)]
    try:
        time.sleep(0.2 if competitors else 0.0)  # let them take the cores first
        load_before = os.getloadavg()[0]
        if smoke:  # in this process: seconds, not the start-up of a fresh one (OpenMP's env is not read)
            result = child(mode, seconds, smoke)
        else:
            env = {k: v for k, v in os.environ.items() if k not in CHOSEN_BY_THE_MODE}
            result = run_child(["--child", mode, "--seconds", str(seconds)], env)
        result["load"] = (load_before + os.getloadavg()[0]) / 2
    finally:
        for process in busy:
            process.kill()
        for process in busy:
            process.wait()
    result["steps_per_s"] = result["steps"] / max(result["seconds"], 1e-9)
    return result


def run_child(args: list[str], env: dict[str, str]) -> dict:
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
        cwd=common.ROOT,
    )
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(common.CHILD_RESULT_PREFIX):
            return json.loads(line[len(common.CHILD_RESULT_PREFIX) :])
    raise RuntimeError(f"contention child {args} failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=20.0, help="training time per measurement (default 20)")
    p.add_argument(
        "--compare-spin",
        action="store_true",
        help="also measure the policy with libgomp's default spin (what the short spin is worth)",
    )
    p.add_argument("--child", choices=(*MODES, LONG_SPIN), help=argparse_hidden())
    args = p.parse_args()
    if args.child:
        common.child_result(child(args.child, args.seconds, args.smoke))
        return

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    seconds = 0.3 if args.smoke else args.seconds
    loads = [0, cores] if args.smoke else [0, cores, 2 * cores]
    modes = [m for m in MODES if m != "HF BertForMaskedLM" or common.transformers_version()]
    if args.compare_spin:
        modes.insert(1, LONG_SPIN)
    if args.smoke:
        modes = ["engine policy", "one thread"]
    print("contention:", common.machine_summary())
    print(f"{seconds:g} s per measurement, competitors {loads} on {cores} cores, the default model")

    results: dict[tuple[str, int], dict] = {}
    for competitors in loads:  # each load for every mode in turn, so drift hits all alike
        for mode in modes:
            r = results[mode, competitors] = measure(mode, competitors, seconds, args.smoke)
            # As it goes: a run cut short by a time limit still shows what it measured.
            print(
                f"  {mode}, K={competitors}: {r['steps_per_s']:.2f} steps/s (load {r['load']:.1f})",
                flush=True,
            )

    common.section("steps/s (fair share: the same setting's idle speed x cores / (cores + K))")
    rows = []
    for mode in modes:
        idle = results[mode, 0]["steps_per_s"]
        for competitors in loads:
            r = results[mode, competitors]
            fair = idle * cores / (cores + competitors)
            rows.append(
                [
                    mode,
                    competitors,
                    r["steps"],
                    r["steps_per_s"],
                    r["steps_per_s"] / fair,
                    r["load"],
                    r["threads"],
                ]
            )
    common.table(rows, ["setting", "K", "steps", "steps/s", "x fair share", "load avg", "threads"])

    def rate(mode: str, competitors: int) -> float:
        return results[mode, competitors]["steps_per_s"]

    policy_idle = rate("engine policy", 0)
    fair = policy_idle * cores / (2 * cores)
    common.ratio_line(
        "contention_policy_at_cores_over_fair_share",
        rate("engine policy", cores) / fair,
        f">= {TARGET_FAIR_SHARE}",
        rate("engine policy", cores) / fair >= TARGET_FAIR_SHARE,
    )
    for competitors in loads[1:]:
        ratio = rate("engine policy", competitors) / rate("one thread", competitors)
        name = "cores" if competitors == cores else f"{competitors // cores}x_cores"
        common.ratio_line(f"contention_policy_over_one_thread_at_{name}", ratio, ">= 1.0", ratio >= 1.0)
    if "torch default" in modes:
        ratio = policy_idle / rate("torch default", 0)
        common.ratio_line("contention_policy_idle_over_torch_default_idle", ratio, ">= 0.95", ratio >= 0.95)
        ratio = rate("engine policy", cores) / rate("torch default", cores)
        common.ratio_line("contention_policy_over_torch_default_at_cores", ratio, ">= 1.0", ratio >= 1.0)


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
