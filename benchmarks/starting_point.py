"""The value of a starting point (issue 17, figures): continued pretraining from a model against
training from scratch, the same tokenizer, the same text, the same 120 s.

No hub is reachable, so the starting model is pretrained here, on a different shipped text: the
standard library's long module docstrings (the second half of sample:pydoc), for
``--pretrain-seconds`` with the default recipe (modern, d 256, 2 layers, WordPiece 4,000), and
exported with ``export-hf`` and opened back (``train --from`` of a transformers folder). The
target text is the other half of sample:pydoc: CPython's reference documentation (pydoc_data's
topics), written to a file. On it, for ``--seconds`` each, one after the other:

- ``continued``: ``train TOPICS --from EXPORT`` (its defaults: lr 5e-5, 10% warm-up);
- ``scratch``: the same shape and the same tokenizer (the base model's), new weights, the
  from-scratch defaults (lr 7e-4, 5% warm-up, unigram output bias).

Both evaluate on the same held-out split of the topics (15% masking, fixed seed) every
``--eval-every`` steps; the curves go to ``--csv`` (run, step, seconds, held-out loss) and the
table gives the loss at 30, 60 and 120 s, with the load average.

    nice -n 5 python benchmarks/starting_point.py --pretrain-seconds 300 --seconds 120 --csv curves.csv

``RATIO starting_point_continued_over_scratch_held_out_loss`` (the final held-out losses; target < 1).
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _common  # noqa: E402


def texts(smoke: bool) -> tuple[str, str]:
    """(the base model's text, the target text): the docstrings and the reference topics."""
    from pydoc_data.topics import topics

    from mlmstudio.engine.samples import _stdlib_docstrings

    target = "\n\n".join(topics[key].strip() for key in sorted(topics) if topics[key].strip())
    base = "\n\n".join(doc for doc in _stdlib_docstrings())
    return (base[:80_000], target[:80_000]) if smoke else (base, target)


def training(seconds: float, eval_every: int, smoke: bool, **changes):
    from mlmstudio.config import TrainingConfig

    return TrainingConfig(
        steps=4 if smoke else 10_000_000,
        time_budget=0.0 if smoke else seconds,
        eval_every=2 if smoke else eval_every,
        eval_batches=2 if smoke else 8,
        seq_len=32 if smoke else 128,
        checkpoint_every=0,
        checkpoint_seconds=0.0,
        **changes,
    )


class Curve:
    def __init__(self) -> None:
        self.points: list[tuple[int, float, float]] = []  # step, seconds, held-out loss

    def __call__(self, event) -> None:
        from mlmstudio.engine.events import EvalEvent

        if isinstance(event, EvalEvent):
            self.points.append((event.step, event.elapsed, event.val_loss))

    def at(self, seconds: float) -> float:
        """The last held-out loss measured by ``seconds`` (NaN before the first)."""
        before = [loss for _, t, loss in self.points if t <= seconds + 1e-9]
        return before[-1] if before else float("nan")


def main() -> None:
    p = _common.parser(__doc__.splitlines()[0])
    p.add_argument("--pretrain-seconds", type=float, default=300.0)
    p.add_argument("--seconds", type=float, default=120.0)
    p.add_argument("--eval-every", type=int, default=25)
    p.add_argument("--csv", metavar="FILE", help="write both curves here")
    args = p.parse_args()

    from mlmstudio.config import RunConfig, TokenizerConfig
    from mlmstudio.engine.export import export_hf
    from mlmstudio.engine.hf_import import open_transformers_folder
    from mlmstudio.engine.start_from import continued_config
    from mlmstudio.engine.tokenization import MLMTokenizer
    from mlmstudio.engine.trainer import Trainer

    print(_common.machine_summary())
    base_text, target_text = texts(args.smoke)
    print(f"base text {len(base_text):,} characters, target text {len(target_text):,}")
    with tempfile.TemporaryDirectory(prefix="starting-point-") as tmp:
        root = Path(tmp)
        _common.section("the starting model")
        config = RunConfig(
            tokenizer=TokenizerConfig(kind="wordpiece", vocab_size=300 if args.smoke else 4000),
            training=training(args.pretrain_seconds, 500, args.smoke),
        )
        if args.smoke:
            config = replace(
                config, model=replace(config.model, d_model=32, num_heads=2, ffn_dim=64, num_layers=1)
            )
        began = time.perf_counter()
        result = Trainer(config.validate(), base_text, root / "base").run()
        print(
            f"pretrained {result.summary.steps} steps in {time.perf_counter() - began:.0f} s on the docstrings "
            f"(held-out loss there {result.summary.as_dict().get('val_loss', float('nan')):.3f}; "
            f"load average {os.getloadavg()[0]:.1f})"
        )
        export = export_hf(root / "base", root / "export")  # as a user would get it, then opened
        open_transformers_folder(export, root / "opened")

        curves = {"continued": Curve(), "scratch": Curve()}
        loads = {}
        run = RunConfig(training=training(args.seconds, args.eval_every, args.smoke))
        continued = continued_config(run, root / "opened", lr_given=False, warmup_given=False).validate()
        scratch = replace(continued, training=replace(run.training, seq_len=continued.training.seq_len))
        scratch = replace(scratch, training=replace(scratch.training, start_from="")).validate()
        tokenizer = MLMTokenizer.load(root / "opened" / "tokenizer.json")
        for name, cfg, tok in (("continued", continued, None), ("scratch", scratch, tokenizer)):
            _common.section(name)
            Trainer(cfg, target_text, root / name, callbacks=[curves[name]], tokenizer=tok).run()
            loads[name] = os.getloadavg()[0]
            last = curves[name].points[-1]
            print(
                f"{name}: {last[0]} steps, held-out loss {last[2]:.3f} at {last[1]:.0f} s (load {loads[name]:.1f})"
            )

    marks = [m for m in (30.0, 60.0, args.seconds) if m <= args.seconds]
    rows = [
        [name, curve.points[0][2], *(curve.at(m) for m in marks), curve.points[-1][0], loads[name]]
        for name, curve in curves.items()
    ]
    _common.table(rows, ["run", "step 0", *(f"{m:.0f} s" for m in marks), "steps", "load"])
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["run", "step", "seconds", "held_out_loss"])
            for name, curve in curves.items():
                writer.writerows([name, s, f"{t:.2f}", f"{loss:.4f}"] for s, t, loss in curve.points)
    ratio = curves["continued"].points[-1][2] / curves["scratch"].points[-1][2]
    _common.ratio_line("starting_point_continued_over_scratch_held_out_loss", ratio, "< 1.0", ratio < 1.0)


if __name__ == "__main__":
    main()
