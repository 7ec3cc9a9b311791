"""Vocabulary extension (issue 17, item 4): new rows at the mean of the word's old pieces against
random rows, on the held-out loss of the new words after a short continued run.

No hub is reachable, so the "pretrained" model is grown here: the default recipe (modern,
rotary, 2 layers) at width ``--d-model`` (128, FFN 4x) on ``--seq-len`` (64) token windows with
a small WordPiece vocabulary (2,000 tokens, so that many words of the text are split into 3 or
more pieces), trained on sample:pydoc for ``--pretrain-seconds``.
Then the N most frequent words of pydoc's training split that it reads as 3+ pieces are added
(``train --from M --add-words N``), and the model is continued for ``--steps`` steps with the
continued-pretraining defaults (lr 5e-5, 10% warm-up), twice per seed: once with the new rows
(embedding, tied decoder, decoder bias) at the mean of the word's old pieces (the product), once
with the same rows as a new model initialises them (N(0, 0.02), bias 0). Same seed, same
steps, same batches. The held-out text is the run's own held-out split, which neither the
pretraining nor the continued run trained on.

The measure: every occurrence of a new word in the held-out windows is masked (nothing else is)
and the cross-entropy of predicting the new token is averaged ("new-word loss"). Reported at
step 0 and after the run, for each init, the median over ``--seeds``; and the ordinary held-out
loss of the run (15% masking), which should not suffer. The new-word loss is also split in two:
"among new words" (the right word's loss with the softmax over the new tokens only: ln N when the
model cannot tell them apart) and "mass on new words" (the probability the model gives all new
tokens together where one is masked). Also printed: load average.

``--step0``: no continued runs; the same measures, untrained, for more starting points (the new
rows' decoder bias at the token's log-frequency in the training split, and that bias raised by
2, 4, 6). ``--keep-base DIR`` keeps the pretrained base; ``--base DIR`` continues it instead of
pretraining another.

    nice -n 5 python benchmarks/vocab_extension.py --pretrain-seconds 240 --steps 60 --words 100

``RATIO vocab_extension_mean_over_random_new_word_loss``: the median over seeds of (mean-init
new-word loss / random-init new-word loss) after the run; target < 1. ``--smoke``: tiny sizes.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _common  # noqa: E402

SIZE = {"d_model": 128, "seq_len": 64}  # --d-model, --seq-len


def pretrain(out: Path, text: str, seconds: float, smoke: bool) -> Path:
    from mlmstudio.config import RunConfig, TokenizerConfig, TrainingConfig
    from mlmstudio.engine.trainer import Trainer

    config = RunConfig(
        tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=300 if smoke else 2000),
        training=TrainingConfig(
            steps=3 if smoke else 10_000_000,
            time_budget=0.0 if smoke else seconds,
            seq_len=32 if smoke else SIZE["seq_len"],
            eval_every=3 if smoke else 500,
            eval_batches=2 if smoke else 8,
            checkpoint_every=0,
            checkpoint_seconds=0.0,
        ),
    )
    d = 32 if smoke else SIZE["d_model"]
    config = replace(
        config, model=replace(config.model, d_model=d, num_heads=2 if smoke else 4, ffn_dim=4 * d)
    )
    Trainer(config.validate(), text, out).run()
    return out


def continued(base: Path, text: str, words: list[str], seed: int, steps: int, smoke: bool):
    from mlmstudio.config import RunConfig, TrainingConfig
    from mlmstudio.engine.start_from import continued_config

    training = TrainingConfig(
        steps=steps,
        seq_len=32 if smoke else SIZE["seq_len"],
        eval_every=steps,
        eval_batches=2 if smoke else 8,
        seed=seed,
        checkpoint_every=0,
        checkpoint_seconds=0.0,
    )
    config = continued_config(RunConfig(training=training), base, lr_given=False, warmup_given=False)
    return replace(config, training=replace(config.training, added_words=" ".join(words))).validate()


def new_word_loss(model_dir: Path, config, text: str, first_new: int, batch: int = 16) -> dict:
    """Mean cross-entropy of the new tokens where each occurrence in the held-out windows is masked
    (``loss``), split into its two parts: how much probability the model gives the new tokens as
    a whole there (``new_mass``, mean over occurrences), and the cross-entropy of the right new
    word among the new words only (``within``: ln N when the model cannot tell them apart)."""
    import torch
    import torch.nn.functional as F

    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.corpus import split_spans

    loaded = load_model_dir(model_dir)
    tok, model = loaded.tokenizer, loaded.model
    model.eval()
    _, val = split_spans(text, config.corpus.val_fraction, config.training.seed)
    ids = tok.encode(val.joined())
    width = config.training.seq_len - 2
    windows = [ids[i : i + width] for i in range(0, len(ids) - width + 1, width)]
    windows = [w for w in windows if any(t >= first_new for t in w)]
    total, within, mass, count = 0.0, 0.0, 0.0, 0
    with torch.no_grad():
        for start in range(0, len(windows), batch):
            rows = torch.tensor(
                [[tok.cls_token_id, *w, tok.sep_token_id] for w in windows[start : start + batch]]
            )
            where = rows >= first_new
            inputs = rows.masked_fill(where, tok.mask_token_id)
            logits = model(inputs).logits[where].float()  # [N, V]
            targets = rows[where]
            total += float(F.cross_entropy(logits, targets, reduction="sum"))
            within += float(F.cross_entropy(logits[:, first_new:], targets - first_new, reduction="sum"))
            mass += float(logits.softmax(-1)[:, first_new:].sum())
            count += int(where.sum())
    nan = float("nan")
    if not count:
        return {"loss": nan, "within": nan, "new_mass": nan, "count": 0}
    return {"loss": total / count, "within": within / count, "new_mass": mass / count, "count": count}


def step0_starts(base: Path, text: str, words: list[str], smoke: bool) -> None:
    """No training: the new-word loss and the held-out loss (15% of all tokens masked, a fixed draw)
    of the extended model as the product starts it, as random rows start it, and with the new
    rows' decoder bias at the log-frequency of the new token in the training split (what a
    calibrated model gives them), plus that bias raised by 2, 4 and 6 (the price, in held-out loss,
    of a lower new-word loss bought by guessing the new words more often)."""
    import copy

    import numpy as np
    import torch
    import torch.nn.functional as F

    from mlmstudio.engine import vocab_extension
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.corpus import split_spans
    from mlmstudio.engine.tokenization import unigram_log_probs

    config = continued(base, text, words, 0, 1, smoke)
    loaded = load_model_dir(base)
    first_new = loaded.tokenizer.vocab_size
    extension = vocab_extension.extend_tokenizer(loaded.tokenizer, words)
    tok = extension.tokenizer
    train, val = split_spans(text, config.corpus.val_fraction, config.training.seed)
    train_ids = np.asarray(tok.encode(train.joined()))
    log_p = torch.as_tensor(unigram_log_probs(train_ids, tok.vocab_size)[first_new:])
    old_bias = loaded.model.output_bias.detach()[5:first_new].numpy()
    old_log_p = unigram_log_probs(np.asarray(loaded.tokenizer.encode(train.joined())), first_new)[5:]
    slope, intercept = np.polyfit(old_log_p, old_bias, 1)
    print(
        f"old tokens: decoder bias = {slope:.3f} x log-frequency {intercept:+.3f} "
        f"(correlation {np.corrcoef(old_log_p, old_bias)[0, 1]:.3f}); the new tokens are "
        f"{float(np.mean(train_ids >= first_new)):.4f} of the training tokens"
    )
    ids = tok.encode(val.joined())
    width = config.training.seq_len - 2
    rows = torch.tensor(
        [
            [tok.cls_token_id, *ids[i : i + width], tok.sep_token_id]
            for i in range(0, len(ids) - width + 1, width)
        ]
    )
    masked = torch.rand(rows.shape, generator=torch.Generator().manual_seed(0)) < 0.15
    masked[:, 0] = masked[:, -1] = False

    def scores(model) -> list[float]:
        model.eval()
        new_total = new_within = new_count = held_total = held_count = 0.0
        with torch.no_grad():
            for start in range(0, len(rows), 32):
                batch, where15 = rows[start : start + 32], masked[start : start + 32]
                where = batch >= first_new
                if where.any():
                    logits = model(batch.masked_fill(where, tok.mask_token_id)).logits[where].float()
                    new_total += float(F.cross_entropy(logits, batch[where], reduction="sum"))
                    new_within += float(
                        F.cross_entropy(logits[:, first_new:], batch[where] - first_new, reduction="sum")
                    )
                    new_count += int(where.sum())
                logits = model(batch.masked_fill(where15, tok.mask_token_id)).logits[where15].float()
                held_total += float(F.cross_entropy(logits, batch[where15], reduction="sum"))
                held_count += int(where15.sum())
        return [new_total / new_count, new_within / new_count, held_total / held_count]

    def with_bias(model, bias):
        model = copy.deepcopy(model)
        with torch.no_grad():
            model.output_bias[first_new:] = bias
        return model

    torch.manual_seed(0)
    mean = vocab_extension.extend_model(loaded.model, loaded.config, extension, init="mean")
    torch.manual_seed(0)
    random = vocab_extension.extend_model(loaded.model, loaded.config, extension, init="random")
    calibrated = slope * log_p + intercept
    starts = [
        ("mean of pieces (the product)", mean),
        ("random (N(0, 0.02), bias 0)", random),
        ("mean of pieces, bias at log-frequency", with_bias(mean, calibrated)),
        ("random, bias at log-frequency", with_bias(random, calibrated)),
    ] + [(f"mean of pieces, bias at log-frequency + {k}", with_bias(mean, calibrated + k)) for k in (2, 4, 6)]
    table = []
    for name, model in starts:
        table.append([name, *scores(model)])
        print(f"  {name}: {table[-1][1:]}", flush=True)
    _common.table(table, ["new rows start at", "new-word loss", "among new words", "held-out loss (15%)"])


def one_run(
    base: Path, text: str, words: list[str], seed: int, steps: int, init: str, smoke: bool, out: Path
):
    import mlmstudio.engine.start_from as start_from
    from mlmstudio.engine import vocab_extension
    from mlmstudio.engine.artifacts import load_model_dir, save_model_dir
    from mlmstudio.engine.trainer import Trainer

    # The same run but for how the new rows start (the product always uses "mean").
    start_from.extend_loaded = functools.partial(vocab_extension.extend_loaded, init=init)
    try:
        config = continued(base, text, words, seed, steps, smoke)
        first_new = load_model_dir(base).tokenizer.vocab_size
        start = start_from.load_starting_model(config)
        save_model_dir(out / "step0", start.model, start.tokenizer, config)
        before = new_word_loss(out / "step0", config, text, first_new)
        began = time.perf_counter()
        result = Trainer(config, text, out / "run").run()
        seconds = time.perf_counter() - began
        after = new_word_loss(out / "run", config, text, first_new)
    finally:
        start_from.extend_loaded = vocab_extension.extend_loaded
    return {
        "seed": seed,
        "init": init,
        "new_word_loss_step0": before["loss"],
        "new_word_loss": after["loss"],
        "within_new_words_step0": before["within"],
        "within_new_words": after["within"],
        "new_mass_step0": before["new_mass"],
        "new_mass": after["new_mass"],
        "occurrences": after["count"],
        "val_loss": float(result.summary.as_dict().get("val_loss") or float("nan")),
        "seconds": seconds,
        "load": os.getloadavg()[0],
    }


def main() -> None:
    p = _common.parser(__doc__.splitlines()[0])
    p.add_argument("--pretrain-seconds", type=float, default=240.0)
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--words", type=int, default=100)
    p.add_argument("--d-model", type=int, default=128, help="the base model's width (2 layers, FFN 4x)")
    p.add_argument("--seq-len", type=int, default=64)
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--json", metavar="FILE", help="write every run's numbers here")
    p.add_argument(
        "--base",
        metavar="DIR",
        help="continue this model folder (an earlier base, kept with --keep-base) instead of pretraining one",
    )
    p.add_argument(
        "--step0", action="store_true", help="only compare starting points, untrained (no continued runs)"
    )
    p.add_argument("--keep-base", metavar="DIR", help="pretrain the base model into this folder and keep it")
    args = p.parse_args()
    SIZE.update(d_model=args.d_model, seq_len=args.seq_len)
    if args.smoke:
        args.steps, args.words, args.seeds = 2, 5, [0]

    from mlmstudio.engine.samples import sample_text

    print(_common.machine_summary())
    text = sample_text("pydoc")
    if args.smoke:
        text = text[:60_000]
    with tempfile.TemporaryDirectory(prefix="vocab-extension-") as tmp:
        measure(Path(tmp), text, args)


def measure(root: Path, text: str, args) -> None:
    from mlmstudio.engine import vocab_extension
    from mlmstudio.engine.tokenization import MLMTokenizer

    _common.section("pretraining the base model")
    began = time.perf_counter()
    if args.base:
        base = Path(args.base)
        print(f"base model: {base} (not pretrained here)")
    else:
        base = pretrain(Path(args.keep_base or root / "base"), text, args.pretrain_seconds, args.smoke)
        print(f"base model: {time.perf_counter() - began:.0f} s (load average {os.getloadavg()[0]:.1f})")
    tokenizer = MLMTokenizer.load(base / "tokenizer.json")
    config = continued(base, text, [], 0, args.steps, args.smoke)
    candidates = vocab_extension.candidates_for_run(config, text, args.words, tokenizer)
    words = [c.word for c in candidates]
    pieces = _common.median([float(len(c.pieces)) for c in candidates])
    print(f"{len(words)} words added (median {pieces:.0f} pieces each), e.g. {', '.join(words[:8])}")

    if args.step0:
        _common.section("starting points, before any training")
        step0_starts(base, text, words, args.smoke)
        return
    _common.section(f"continued for {args.steps} steps: mean-of-pieces against random rows")
    runs = []
    for seed in args.seeds:
        for init in ("mean", "random"):
            run = one_run(base, text, words, seed, args.steps, init, args.smoke, root / f"{init}-{seed}")
            runs.append(run)
            print(json.dumps(run))
    rows = []
    for init in ("mean", "random"):
        mine = [r for r in runs if r["init"] == init]
        rows.append(
            [
                init,
                _common.median([r["new_word_loss_step0"] for r in mine]),
                _common.median([r["new_word_loss"] for r in mine]),
                _common.median([r["within_new_words"] for r in mine]),
                _common.median([r["new_mass"] for r in mine]),
                _common.median([r["val_loss"] for r in mine]),
                _common.median([float(r["occurrences"]) for r in mine]),
                _common.median([r["load"] for r in mine]),
            ]
        )
    _common.table(
        rows,
        [
            "rows start at",
            "new-word loss, step 0",
            "after",
            "among new words",
            "mass on new words",
            "held-out loss",
            "masked",
            "load",
        ],
    )
    print(
        f"'among new words': the right word's loss among the {len(words)} new ones only "
        f"(ln {len(words)} = {math.log(max(len(words), 1)):.2f} when they cannot be told apart); "
        "'mass on new words': the probability given to all new tokens together where one is masked."
    )
    ratios = []
    for seed in args.seeds:
        by = {r["init"]: r for r in runs if r["seed"] == seed}
        ratios.append(by["mean"]["new_word_loss"] / by["random"]["new_word_loss"])
    ratio = _common.median(ratios)
    _common.ratio_line("vocab_extension_mean_over_random_new_word_loss", ratio, "< 1.0", ratio < 1.0)
    # The whole held-out text (15% masking, every token): random rows with a zero bias can win the
    # new-word positions by guessing the new tokens everywhere, which this loss charges for.
    held_out = _common.median(
        [
            next(r for r in runs if r["seed"] == s and r["init"] == "mean")["val_loss"]
            / next(r for r in runs if r["seed"] == s and r["init"] == "random")["val_loss"]
            for s in args.seeds
        ]
    )
    _common.ratio_line("vocab_extension_mean_over_random_held_out_loss", held_out, "< 1.0", held_out < 1.0)
    if args.json:
        Path(args.json).write_text(json.dumps({"words": words, "runs": runs, "ratios": ratios}, indent=1))


if __name__ == "__main__":
    main()
