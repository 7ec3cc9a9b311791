"""Per-token validation loss over 50k validation tokens, small preset: time, progress, and its cost.

A model folder is written for the ``small`` preset (weights as initialised:
the time does not depend on what the model learned) with the run's own
WordPiece tokenizer for the pydoc sample, and a run config whose validation
windows hold just over 50,000 tokens (seq_len 128, batch 16, 25 evaluation
batches, held-out share 0.25). Timed, interleaved, median of several calls:

- ``engine.inspect.token_loss.token_losses``: everything from the corpus text to
  every hidden token's loss, character span, token and top guess (the split,
  tokenizing the validation text, its character offsets, the fixed masks, the
  model over every window), with a progress callback;
- the baseline, in the same run: what the trainer itself does to measure the
  same validation loss from scratch (``encode_stream`` + ``validation_batches``
  + ``Trainer.evaluate``'s own loop over the same windows).

Both in the precision a run with the default settings evaluates in on this
computer (``auto``: bf16 where the CPU has it natively) and in fp32. CPU
seconds are printed beside the wall time: on a shared machine they say what
the work costs.

    python benchmarks/token_loss_speed.py [--calls 5] [--smoke]
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import _common as common

TARGET_SECONDS = 5.0
TARGET_TOKENS = 50_000


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=5, help="timed calls of each (median)")
    args = p.parse_args()

    import torch

    from mlmstudio.config import RunConfig
    from mlmstudio.engine.artifacts import load_model_dir, save_model_dir
    from mlmstudio.engine.corpus import split_spans
    from mlmstudio.engine.data import encode_stream, validation_batches
    from mlmstudio.engine.device import resolve_precision
    from mlmstudio.engine.inspect.token_loss import token_losses
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.trainer import Trainer

    preset = "tiny" if args.smoke else "small"
    eval_batches = 2 if args.smoke else 25
    calls = 1 if args.smoke else args.calls
    print("token_loss_speed:", common.machine_summary())
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    text = sample_text("pydoc")
    config = RunConfig().with_preset(preset)
    config = replace(
        config,
        corpus=replace(config.corpus, source="sample:pydoc", val_fraction=0.25),
        tokenizer=replace(config.tokenizer, kind="wordpiece", vocab_size=8000),
        training=replace(
            config.training, seq_len=128, batch_size=16, eval_batches=eval_batches, device="cpu"
        ),
    )
    tokenizer = tokenizer_for_run(config, text)
    torch.manual_seed(0)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    cfg = config.training
    # The precision a run of the default settings trains and evaluates in here ('auto': bf16 on a
    # CPU with native bf16), and fp32; each run is evaluated in its own, as the trainer did.
    precisions = list(dict.fromkeys([resolve_precision("auto", torch.device("cpu")), "fp32"]))
    if args.smoke:
        precisions = precisions[:1]
    models = {}
    with tempfile.TemporaryDirectory() as tmp:
        for precision in precisions:
            models[precision] = load_model_dir(
                save_model_dir(Path(tmp) / precision, model, tokenizer, config, {"precision": precision})
            )

    def ours(precision):
        seen = []
        report = token_losses(models[precision], text, progress=lambda done, total: seen.append(done))
        return report, len(seen)

    def baseline(precision):
        _, val = split_spans(text, config.corpus.val_fraction, cfg.seed)
        batches = validation_batches(
            encode_stream(val, tokenizer), tokenizer, cfg.seq_len, cfg.batch_size, cfg.eval_batches
        )
        # The trainer's own evaluate(), on the loaded model and these windows (its masked-token
        # part only: the replaced-token detection AUC it adds is another metric).
        trainer = SimpleNamespace(
            model=models[precision].model,
            val_batches=batches,
            detection_batches=(),
            device=torch.device("cpu"),
            precision=precision,
            general_batches=[],
        )
        trainer._masked_loss = lambda b: Trainer._masked_loss(trainer, b)
        metrics = Trainer.evaluate(trainer)
        models[precision].model.eval()
        return metrics

    for precision in precisions:  # warm-up: first-call allocations, the tokenizer's threads
        ours(precision)
        baseline(precision)
    wall = {(p, w): [] for p in precisions for w in ("ours", "base")}
    cpu = {key: [] for key in wall}
    results = {}
    for _ in range(calls):  # interleaved, so all see the same load
        for precision in precisions:
            for who, fn in (("ours", ours), ("base", baseline)):
                start, start_cpu = time.perf_counter(), time.process_time()
                results[(precision, who)] = fn(precision)
                wall[(precision, who)].append(time.perf_counter() - start)
                cpu[(precision, who)].append(time.process_time() - start_cpu)

    report, progress_calls = results[(precisions[0], "ours")]
    common.section(
        f"per-token loss, {preset} preset, {report.window_tokens:,} validation tokens "
        f"in {report.windows} windows, {len(report):,} hidden"
    )
    # CPU seconds (all threads) say what the work costs when the machine is shared.
    rows = []
    for precision in precisions:
        for who, label in (("ours", "token_losses (ours)"), ("base", "trainer evaluate() from scratch")):
            rows.append(
                [
                    precision,
                    label,
                    common.median(wall[(precision, who)]),
                    min(wall[(precision, who)]),
                    common.median(cpu[(precision, who)]),
                ]
            )
    common.table(rows, ["precision", "what", "median s", "best s", "median CPU s"])
    for precision in precisions:
        mine, theirs = results[(precision, "ours")][0], results[(precision, "base")]
        print(
            f"{precision}: mean loss {mine.mean_loss:.6f}, trainer's val_loss {theirs['val_loss']:.6f} "
            f"(difference {abs(mine.mean_loss - theirs['val_loss']):.1e})"
        )
    print(f"progress reported {progress_calls} times per call")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    head = precisions[0]
    ours_median = common.median(wall[(head, "ours")])
    common.ratio_line(
        f"token_loss_{preset}_50k_tokens_median_seconds",
        ours_median,
        f"< {TARGET_SECONDS:g}",
        ours_median < TARGET_SECONDS,
    )
    for precision in precisions:
        ratio = common.median(wall[(precision, "ours")]) / common.median(wall[(precision, "base")])
        suffix = "" if precision == head else f"_{precision}"
        common.ratio_line(f"token_loss_{preset}_over_trainer_evaluate{suffix}", ratio, "<= 1.5", ratio <= 1.5)
        cpu_ratio = common.median(cpu[(precision, "ours")]) / common.median(cpu[(precision, "base")])
        common.ratio_line(
            f"token_loss_{preset}_over_trainer_evaluate{suffix}_cpu", cpu_ratio, "<= 1.5", cpu_ratio <= 1.5
        )
    if not args.smoke and report.window_tokens < TARGET_TOKENS:
        print(f"note: only {report.window_tokens:,} tokens in the windows (target {TARGET_TOKENS:,})")


if __name__ == "__main__":
    main()
