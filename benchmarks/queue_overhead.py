"""What the run queue adds between two runs (issue 12: "the queue adds < 1 s between runs").

The gap is measured from the moment one run's trainer reports it has finished
to the moment the next run reports its first step. Any run pays for reading
its corpus, training its tokenizer and building its model inside that gap, so
the baseline is the same two runs started directly one after the other the
way ``mlmstudio train`` starts a run (read the corpus, ``prepare_run``,
``run_recorded``), in the same process and the same run of this script,
interleaved with the queued pairs. The queue's pair goes through
``queue_runner.run_queue``: the first item's end recorded, the next item
claimed (``BEGIN IMMEDIATE``, its owner lock taken), its corpus read and its
run recorded. What the queue adds is the median of (queued gap - direct gap).

On a loaded machine that difference is mostly noise (one gap is a tokenizer
and a model built, seconds under load), so the script also times the queue's
own work inside each queued gap: the calls that only the queue makes
(``finish_item``, ``claim_next``, ``record_run``), summed per gap.

    python benchmarks/queue_overhead.py [--trials 5] [--steps 10] [--smoke]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mlmstudio.config import CorpusConfig, ModelConfig, RunConfig, TokenizerConfig, TrainingConfig  # noqa: E402
from mlmstudio.engine.events import TrainerCallback  # noqa: E402

from _common import machine_summary, median, parser, ratio_line, section, table  # noqa: E402

TARGET_SECONDS = 1.0


def small_config(steps: int) -> RunConfig:
    """A small run on the facts sample: the gap, not the training, is what is measured."""
    return RunConfig(
        corpus=CorpusConfig(source="sample:facts", val_fraction=0.05),
        tokenizer=TokenizerConfig(kind="char", vocab_size=200, min_frequency=1, lowercase=False),
        model=ModelConfig(d_model=64, num_layers=1, num_heads=2, ffn_dim=128, max_len=64),
        training=TrainingConfig(
            steps=steps,
            batch_size=8,
            seq_len=64,
            eval_every=steps,
            eval_batches=2,
            checkpoint_every=0,
            precision="fp32",
            device="cpu",
        ),
    )


class Clock(TrainerCallback):
    """Remembers when each run reported its first step and its end."""

    def __init__(self) -> None:
        self.first_steps: list[float] = []
        self.finishes: list[float] = []

    def on_step(self, event) -> None:
        if event.step == 1:
            self.first_steps.append(time.perf_counter())

    def on_finished(self, event) -> None:
        self.finishes.append(time.perf_counter())

    def gap(self) -> float:
        assert len(self.first_steps) == 2 and len(self.finishes) == 2, (self.first_steps, self.finishes)
        return self.first_steps[1] - self.finishes[0]


def direct_pair(db, config: RunConfig) -> float:
    """Two runs started one after the other, as 'mlmstudio train' starts each."""
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store.lifecycle import prepare_run, run_recorded

    clock = Clock()
    for _ in range(2):
        corpus = load_corpus(config.corpus.source)
        handle = prepare_run(db, config, corpus)
        run_recorded(db, handle, corpus.text, callbacks=[clock])
    return clock.gap()


QUEUE_CALLS = ("finish_item", "claim_next", "record_run")  # what only the queue does between runs


def queued_pair(db, config: RunConfig) -> tuple[float, float]:
    """The gap, and the queue's own calls inside it (seconds)."""
    from mlmstudio.store import queue
    from mlmstudio.store.queue_runner import run_queue

    for _ in range(2):
        queue.add_item(db, config)
    clock = Clock()
    spans: list[tuple[float, float]] = []
    originals = {name: getattr(queue, name) for name in QUEUE_CALLS}

    def timed_call(fn):
        def call(*args, **kwargs):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spans.append((start, time.perf_counter()))

        return call

    for name, fn in originals.items():
        setattr(queue, name, timed_call(fn))
    try:
        summary = run_queue(db, callbacks_for=lambda _p: [clock])
    finally:
        for name, fn in originals.items():
            setattr(queue, name, fn)
    assert [str(i.state) for i in summary.finished] == ["done", "done"], summary.finished
    gap = clock.gap()
    lo, hi = clock.finishes[0], clock.first_steps[1]
    own = sum(end - start for start, end in spans if lo <= start <= hi)
    return gap, own


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--trials", type=int, default=5, help="pairs of each kind, interleaved (default: 5)")
    p.add_argument("--steps", type=int, default=10, help="steps per run (default: 10)")
    args = p.parse_args()
    trials = 1 if args.smoke else args.trials
    config = small_config(steps=3 if args.smoke else args.steps)
    from mlmstudio.store.database import Database

    print(machine_summary())
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows, direct, queued, own = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="queue-overhead-") as tmp:
        db = Database.open(Path(tmp) / "data")
        direct_pair(db, config)  # warm-up: imports, first tokenizer, allocator
        for trial in range(trials):
            # Alternate which kind goes first, so a load change favours neither.
            order = ("direct", "queued") if trial % 2 == 0 else ("queued", "direct")
            gaps = {}
            for kind in order:
                if kind == "direct":
                    gaps[kind] = direct_pair(db, config)
                else:
                    gaps[kind], gaps["own"] = queued_pair(db, config)
            direct.append(gaps["direct"])
            queued.append(gaps["queued"])
            own.append(gaps["own"])
            rows.append(
                (
                    trial + 1,
                    round(gaps["direct"], 3),
                    round(gaps["queued"], 3),
                    round(gaps["queued"] - gaps["direct"], 3),
                    round(gaps["own"], 4),
                )
            )
            print(
                f"trial {trial + 1}: direct {gaps['direct']:.3f} s, queued {gaps['queued']:.3f} s, "
                f"queue's own calls {gaps['own']:.4f} s",
                flush=True,
            )
        db.close()
    section("gap from one run's end to the next run's first step (seconds)")
    table(rows, ("trial", "direct", "queued", "queue adds", "queue's own calls"))
    added = median([q - d for q, d in zip(queued, direct, strict=True)])
    print(
        f"median gap: direct {median(direct):.3f} s, queued {median(queued):.3f} s; "
        f"the queue's own calls in a gap: median {median(own):.4f} s, max {max(own):.4f} s"
    )
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ratio_line("queue_overhead_added_seconds_median", added, f"< {TARGET_SECONDS:g}", added < TARGET_SECONDS)
    ratio_line(
        "queue_overhead_own_calls_seconds_median",
        median(own),
        f"< {TARGET_SECONDS:g}",
        median(own) < TARGET_SECONDS,
    )
    ratio_line(
        "queue_overhead_queued_over_direct_gap_median",
        median(queued) / median(direct),
        "< 2",
        median(queued) / median(direct) < 2,
    )


if __name__ == "__main__":
    main()
