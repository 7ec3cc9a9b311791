"""Quality per time: held-out masked accuracy reached in the same wall-clock budget.

Contenders train on the pydoc sample (or ``--corpus``) with our WordPiece 4k tokenizer (trained
once on the training split and shared), and are all evaluated on the SAME
held-out windows with the SAME fixed 15% masks (our validation split and
``validation_batches``, i.e. the app's evaluation), in fp32, after every 5% of
their budget. Evaluation time is not charged to the budget.

- HF: the Hugging Face BERT recipe - ``BertForMaskedLM`` (hidden 256, 4 layers,
  4 heads, FFN 1024, its default dropout 0.1), ``DataCollatorForLanguageModeling``
  at 15%, AdamW lr 5e-4 (wd 0.01), fp32, batch ``--hf-batch``; the learning rate
  warms up over 5% of the budget and decays linearly to 0 at its end (as ours).
- ours: ``RunConfig()`` - the app's default recipe - trained by a real
  ``Trainer``: each step is ``next(train_batches)`` + ``Trainer._train_step``,
  with the learning rate set from the trainer's own schedule by elapsed time,
  exactly as ``Trainer._loop`` does.

Contenders are trained in interleaved slices of a few seconds (round robin),
each on its own clock, so the machine's drift and other load hit them alike,
with the torch threads the app's training worker uses (``--threads``).

``--sweep`` instead compares variants of our recipe (masking rate, learning
rate, batch, schedule; one change at a time from the default) for a shorter
budget each, to choose the defaults by measurement.

    python benchmarks/quality_per_time.py [--budget 120] [--smoke]
    python benchmarks/quality_per_time.py --sweep [--budget 60]
    python benchmarks/quality_per_time.py --sweep --variants "no distance bias,rotary without distance bias"
        --corpus sample:facts --budget 120 [--cpu-clock]    # the exportable variants (issue 11)
"""

from __future__ import annotations

import math
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import _common as common

DEFAULT_CORPUS = "sample:pydoc"  # real English prose that ships with Python

TARGET_FRACTION = 0.5  # ours reaches HF's final accuracy within this share of the budget
# Each contender's clock: wall time, or with --cpu-clock the CPU time its one thread got (on a
# machine shared with other work, what wall time would be on an idle one).
CLOCK = time.perf_counter
EVAL_EVERY = 0.05  # evaluate after every 5% of the budget


@dataclass
class Contender:
    name: str
    train_step: Callable[[float], None]  # one step, given the progress 0..1 for the schedule
    model: object
    logits: Callable[[object], tuple]  # batch -> (logits [N, V], targets [N]) at the labels
    elapsed: float = 0.0
    steps: int = 0
    curve: list[tuple[float, int, float, float]] = field(default_factory=list)  # (s, step, acc, loss)


# --------------------------------------------------------------------------- contenders


def ours(name: str, config, text: str, tokenizer, out_dir: Path) -> Contender:
    from mlmstudio.engine.schedule import lr_factor
    from mlmstudio.engine.trainer import Trainer

    trainer = Trainer(config, text, out_dir / name.replace(" ", "_"), tokenizer=tokenizer)
    trainer.model.train()
    cfg = config.training

    def train_step(progress: float) -> None:
        # Trainer._loop's step: schedule by progress, the batch, then _train_step.
        lr = cfg.lr * lr_factor(progress, cfg.warmup, cfg.schedule)
        for group in trainer.optimizer.param_groups:
            group["lr"] = lr
        trainer._train_step(next(trainer.train_batches).to(trainer.device))

    def logits(batch):
        out = trainer.model(batch.input_ids, attention_mask=batch.attention_mask, labels=batch.labels)
        return out.labelled(batch.labels)

    return Contender(name, train_step, trainer.model, logits)


def hugging_face(text: str, tokenizer, batch_size: int, lr: float, size: dict) -> Contender:
    import torch
    from transformers import DataCollatorForLanguageModeling

    from mlmstudio.engine.corpus import split_train_val
    from mlmstudio.engine.data import encode_stream
    from mlmstudio.engine.schedule import lr_factor

    collator = DataCollatorForLanguageModeling(
        common.hf_tokenizer(tokenizer), mlm=True, mlm_probability=0.15, seed=0
    )
    model = common.hf_bert(tokenizer.vocab_size, tokenizer.pad_token_id, **size)
    optimizer = common.hf_adamw(model, lr=lr)
    train_text, _ = split_train_val(text, 0.05, 0)
    windows = common.HFWindows(encode_stream(train_text, tokenizer), tokenizer, size["max_len"], batch_size)

    def train_step(progress: float) -> None:
        for group in optimizer.param_groups:
            group["lr"] = lr * lr_factor(progress, 0.05, "linear")
        batch = collator(windows.examples())
        out = model(
            input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], labels=batch["labels"]
        )
        optimizer.zero_grad(set_to_none=True)
        out.loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()

    def logits(batch):
        keep = batch.labels != -100
        out = model(input_ids=batch.input_ids, attention_mask=batch.attention_mask)
        return out.logits[keep], batch.labels[keep]

    return Contender(f"HF BERT recipe (lr {lr:g}, 15%, fp32, batch {batch_size})", train_step, model, logits)


# --------------------------------------------------------------------------- evaluation and training


def evaluate(contender: Contender, batches) -> tuple[float, float]:
    """(masked accuracy, masked loss) on the shared held-out batches, in fp32."""
    import torch
    import torch.nn.functional as F

    contender.model.eval()
    correct, count, loss = 0, 0, 0.0
    with torch.no_grad():
        for batch in batches:
            logits, targets = contender.logits(batch)
            logits = logits.float()
            loss += float(F.cross_entropy(logits, targets, reduction="sum"))
            correct += int((logits.argmax(-1) == targets).sum())
            count += int(targets.numel())
    contender.model.train()
    return correct / count, loss / count


def train_interleaved(
    contenders: list[Contender], budget: float, slice_s: float, batches, eval_every: float = EVAL_EVERY
) -> None:
    """Round robin: each contender trains for ``slice_s`` of its own clock in turn until ``budget``."""
    for c in contenders:
        c.curve.append((0.0, 0, *evaluate(c, batches)))
    marks = {c.name: eval_every for c in contenders}
    while any(c.elapsed < budget for c in contenders):
        for c in contenders:
            slice_end = min(budget, c.elapsed + slice_s)
            while c.elapsed < slice_end:
                start = CLOCK()
                c.train_step(min(1.0, (c.elapsed + 0.5 * _last_step(c)) / budget))
                c.elapsed += CLOCK() - start
                c.steps += 1
                while marks[c.name] <= min(1.0, c.elapsed / budget) + 1e-9:
                    c.curve.append((c.elapsed, c.steps, *evaluate(c, batches)))
                    marks[c.name] += eval_every
            if c.elapsed >= budget and c.curve[-1][1] != c.steps:
                c.curve.append((c.elapsed, c.steps, *evaluate(c, batches)))
        line = ", ".join(
            f"{c.name[:28]}: {c.elapsed:5.1f} s, step {c.steps}, acc {c.curve[-1][2]:.3f}" for c in contenders
        )
        print(f"  {line}", flush=True)


def _last_step(c: Contender) -> float:
    """Seconds of the previous step (the schedule is read at the middle of the coming step)."""
    return c.elapsed / c.steps if c.steps else 0.0


def accuracy_at(c: Contender, seconds: float, budget: float) -> float:
    """The accuracy of the last evaluation at or before ``seconds`` (the final one at the budget)."""
    if seconds >= budget:
        return c.curve[-1][2]
    return max((p for p in c.curve if p[0] <= seconds + 1e-9), key=lambda p: p[0])[2]


def time_to_reach(c: Contender, accuracy: float) -> float:
    """Seconds of training when the curve first reaches ``accuracy`` (linear between evaluations)."""
    previous = c.curve[0]
    for point in c.curve:
        if point[2] >= accuracy:
            if point is previous or point[2] == previous[2]:
                return point[0]
            share = (accuracy - previous[2]) / (point[2] - previous[2])
            return previous[0] + share * (point[0] - previous[0])
        previous = point
    return math.inf


# --------------------------------------------------------------------------- set-up


def setup(smoke: bool, source: str = DEFAULT_CORPUS):
    from mlmstudio.config import RunConfig
    from mlmstudio.engine.corpus import load_corpus, split_train_val
    from mlmstudio.engine.data import encode_stream, validation_batches
    from mlmstudio.engine.tokenization import MLMTokenizer

    config = RunConfig()
    config = replace(
        config,
        corpus=replace(config.corpus, source=source),
        training=replace(config.training, steps=10_000_000),
    )
    text = load_corpus(source).text
    if smoke:
        text = text[:120_000]
        config = config.with_preset("tiny")
        config = replace(
            config,
            tokenizer=replace(config.tokenizer, vocab_size=500),
            model=replace(config.model, max_len=32),
            training=replace(config.training, seq_len=32, batch_size=4),
        )
    train, val = split_train_val(text, config.corpus.val_fraction, config.training.seed)
    tokenizer = MLMTokenizer.train([train], config.tokenizer)
    seq_len = config.training.seq_len
    batches = validation_batches(encode_stream(val, tokenizer), tokenizer, seq_len, 32, 2 if smoke else 8)
    labelled = sum(int((b.labels != -100).sum()) for b in batches)
    return config, text, tokenizer, batches, labelled


def report_curves(contenders: list[Contender], budget: float) -> None:
    fractions = (0.25, 0.5, 0.75, 1.0)
    rows = []
    for c in contenders:
        final = c.curve[-1]
        rows.append([c.name, c.steps, *(accuracy_at(c, f * budget, budget) for f in fractions), final[3]])
    common.table(rows, ["contender", "steps", *(f"acc @{f:.0%}" for f in fractions), "final loss"])


def compare_with_hf(args, config, text, tokenizer, batches, tmp: Path) -> None:
    size = (
        dict(d_model=64, num_layers=1, num_heads=2, ffn_dim=128, max_len=32)
        if args.smoke
        else dict(d_model=256, num_layers=4, num_heads=4, ffn_dim=1024, max_len=128)
    )
    hf = hugging_face(text, tokenizer, args.hf_batch, 5e-4, size)
    mine = ours("ours: RunConfig() defaults", config, text, tokenizer, tmp)
    contenders = [hf, mine]
    train_interleaved(contenders, args.budget, args.slice, batches, args.eval_every)

    common.section(f"held-out masked accuracy (fixed 15% masks), budget {args.budget:g} s each")
    report_curves(contenders, args.budget)
    unigram = _unigram_accuracy(tokenizer, batches)
    print(f"always guessing the most frequent training token: accuracy {unigram:.3f}")
    target_acc = hf.curve[-1][2]
    reached = time_to_reach(mine, target_acc)
    fraction = reached / args.budget
    print(
        f"HF's final accuracy {target_acc:.3f}; ours reaches it after "
        + (
            f"{reached:.1f} s ({fraction:.0%} of the budget; interpolated between evaluations "
            f"at {_bracket(mine, target_acc)})"
            if math.isfinite(reached)
            else "never"
        )
    )
    common.ratio_line(
        "quality_per_time_time_to_hf_final_accuracy_over_budget",
        fraction,
        f"<= {TARGET_FRACTION:g}",
        fraction <= TARGET_FRACTION,
    )
    ratio = mine.curve[-1][2] / max(target_acc, 1e-9)
    print(f"final accuracy ours / HF: {ratio:.2f}")


def _bracket(c: Contender, accuracy: float) -> str:
    """The two evaluations (seconds) between which the curve first reaches ``accuracy``."""
    after = next(i for i, p in enumerate(c.curve) if p[2] >= accuracy)
    before = max(0, after - 1)
    return f"{c.curve[before][0]:.1f} s and {c.curve[after][0]:.1f} s"


def _unigram_accuracy(tokenizer, batches) -> float:
    """Accuracy of always answering the most frequent token of the held-out targets' vocabulary."""
    import torch

    targets = torch.cat([b.labels[b.labels != -100] for b in batches])
    return float((targets == torch.bincount(targets).argmax()).float().mean())


# --------------------------------------------------------------------------- the sweep

STAGE_ONE = ("default", "mask 0.15", "mask 0.40", "lr 1e-3", "lr 3e-3", "batch 32", "cosine")


def sweep_variants(config) -> dict[str, object]:
    """Variants of our recipe by name. STAGE_ONE changes one thing from the default; the
    others refine around the first sweep's winner (pick them with --variants)."""
    t, m = config.training, config.masking

    def change(training=None, masking=None, model=None):
        return replace(
            config,
            training=replace(t, **(training or {})),
            masking=replace(m, **(masking or {})),
            model=replace(config.model, **(model or {})),
        )

    return {
        "default": config,
        "mask 0.15": change(masking={"mlm_probability": 0.15}),
        "mask 0.40": change(masking={"mlm_probability": 0.40}),
        "lr 1e-3": change(training={"lr": 1e-3}),
        "lr 3e-3": change(training={"lr": 3e-3}),
        "batch 32": change(training={"batch_size": 32}),
        "cosine": change(training={"schedule": "cosine"}),
        "lr 5e-4": change(training={"lr": 5e-4}),
        "lr 7e-4": change(training={"lr": 7e-4}),
        "lr 1e-3 cosine": change(training={"lr": 1e-3, "schedule": "cosine"}),
        "lr 1e-3 mask 0.15": change(training={"lr": 1e-3}, masking={"mlm_probability": 0.15}),
        "lr 1e-3 mask 0.40": change(training={"lr": 1e-3}, masking={"mlm_probability": 0.40}),
        "lr 1e-3 batch 32": change(training={"lr": 1e-3, "batch_size": 32}),
        # The Hugging Face-exportable modern model (issue 11): learned positions only.
        "no distance bias": change(model={"distance_bias": False}),
        # ... and with rotary positions (RoPE), which exports as EsmForMaskedLM.
        "rotary without distance bias": change(model={"distance_bias": False, "positions": "rotary"}),
    }


def sweep(args, config, text, tokenizer, batches, tmp: Path) -> None:
    everything = sweep_variants(config)
    names = list(STAGE_ONE[:2] if args.smoke else STAGE_ONE)
    if args.variants:
        names = ["default"] + [v.strip() for v in args.variants.split(",") if v.strip() != "default"]
        unknown = [n for n in names if n not in everything]
        if unknown:
            raise SystemExit(f"unknown variant(s) {unknown}; known: {', '.join(everything)}")
    variants = [(name, everything[name]) for name in names]
    d = config
    print(
        f"default: mask {d.masking.mlm_probability}, lr {d.training.lr:g}, batch "
        f"{d.training.batch_size}, {d.training.schedule}, warm-up {d.training.warmup}, "
        f"{d.model.num_layers}x{d.model.d_model}, precision {d.training.precision}"
    )
    contenders = [ours(name, cfg, text, tokenizer, tmp) for name, cfg in variants]
    train_interleaved(contenders, args.budget, args.slice, batches, args.eval_every)
    common.section(f"sweep, budget {args.budget:g} s each (held-out accuracy at fixed 15% masks)")
    report_curves(contenders, args.budget)
    default = contenders[0].curve[-1][2]
    best = max(contenders, key=lambda c: c.curve[-1][2])
    print(f"best: {best.name} ({best.curve[-1][2]:.3f}); default {default:.3f}")
    common.ratio_line(
        "quality_per_time_sweep_default_over_best_accuracy",
        default / best.curve[-1][2],
        ">= 0.97",
        default / best.curve[-1][2] >= 0.97,
    )


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds of training per contender (default 120; 60 with --sweep)",
    )
    p.add_argument("--slice", type=float, default=4.0, help="seconds per turn in the round robin")
    p.add_argument(
        "--eval-every",
        type=float,
        default=EVAL_EVERY,
        help="evaluate after every this share of the budget (default 0.05)",
    )
    p.add_argument("--hf-batch", type=int, default=32, help="batch size of the HF recipe (default 32)")
    p.add_argument(
        "--threads",
        type=int,
        default=0,
        help="torch threads (default: what the app's training worker uses, all cores but one)",
    )
    p.add_argument(
        "--corpus",
        default=DEFAULT_CORPUS,
        help=f"what both learn from: a sample or a file (default {DEFAULT_CORPUS})",
    )
    p.add_argument("--sweep", action="store_true", help="compare variants of our recipe instead")
    p.add_argument(
        "--cpu-clock",
        action="store_true",
        help="budget each contender's CPU time (1 thread) instead of wall time: for a "
        "machine shared with other work",
    )
    p.add_argument(
        "--variants",
        help="with --sweep: comma-separated variant names (the default is "
        "always included; see sweep_variants)",
    )
    args = p.parse_args()
    if args.budget is None:
        args.budget = 60.0 if args.sweep else 120.0
    if args.smoke:
        args.budget, args.slice, args.hf_batch, args.eval_every = 1.0, 1.0, 4, 0.5

    import torch

    from mlmstudio.engine.trainer import default_num_threads

    torch.set_num_threads(1 if args.cpu_clock else args.threads or default_num_threads())
    if args.cpu_clock:
        global CLOCK
        CLOCK = time.thread_time
    print("quality_per_time:", common.machine_summary())
    config, text, tokenizer, batches, labelled = setup(args.smoke, args.corpus)
    print(
        f"corpus {args.corpus} ({len(text):,} chars), WordPiece {tokenizer.vocab_size} tokens; held-out: "
        f"{len(batches)} batches, {labelled:,} masked tokens"
    )
    with tempfile.TemporaryDirectory() as tmp:
        if args.sweep or args.smoke:
            sweep(args, config, text, tokenizer, batches, Path(tmp))
        if not args.sweep:
            if common.transformers_version() is None:
                print("transformers is not installed: no Hugging Face baseline to compare with.")
                return
            compare_with_hf(args, config, text, tokenizer, batches, Path(tmp))


if __name__ == "__main__":
    main()
