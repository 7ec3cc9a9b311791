"""GUI overhead: a run trained from the app (worker thread, live plots, history) against headless.

The same run (the default recipe on the pydoc sample, ``--steps`` steps) is
trained, alternately:

- headless: ``Trainer(config, text, out_dir).run()`` on the main thread, with
  torch's default thread count;
- from the app: a shown (offscreen) ``TrainPage`` with its live plots, Start
  pressed: ``lifecycle.prepare_run`` + ``TrainingWorker`` in a ``QThread`` running
  ``lifecycle.run_recorded`` (the run is recorded in a temporary history). The
  worker sets torch's threads to ``default_num_threads()`` (all cores but one).

Where that is fewer threads than torch's default, two more variants isolate
the causes and inform that setting: headless with the worker's thread count,
and the app with all cores. Each round runs the target pair (the app and
headless at the worker's threads) back to back, the order alternating between
rounds (``round_order``), with a two-second pause before every run.

Training speed is the trainer's own figure, training tokens over training
seconds (``summary.tokens_per_second``); the ratio is taken per round, then
the median. The target compares the app with headless at the same torch
threads (the GUI's cost); the app against headless at torch's default is
printed too. While the app trains, a ``QTimer`` on the GUI thread fires every
10 ms (precise timer); how late each tick comes is the GUI's responsiveness.
The same probe with nothing training, before and after, shows the machine's
own noise (other programs).

    python benchmarks/gui_overhead.py [--steps 120] [--rounds 4] [--smoke]
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import _common as common
from _common import Probe, idle_probe, percentile

TARGET_SPEED = 0.95
TARGET_P99_MS = 50.0
SETTLE_SECONDS = 2.0


def make_config(steps: int, smoke: bool):
    from mlmstudio.config import RunConfig

    config = RunConfig()
    config = replace(
        config,
        corpus=replace(config.corpus, source="sample:pydoc"),
        training=replace(config.training, steps=steps),
    )
    if smoke:
        config = config.with_preset("tiny")
        config = replace(
            config,
            tokenizer=replace(config.tokenizer, vocab_size=500),
            training=replace(config.training, batch_size=4, seq_len=32, eval_every=5, eval_batches=1),
            model=replace(config.model, max_len=32),
        )
    return config


def headless(config, text: str, threads: int) -> float:
    import torch

    from mlmstudio.engine.trainer import Trainer

    torch.set_num_threads(threads)
    with tempfile.TemporaryDirectory() as tmp:
        result = Trainer(config, text, Path(tmp) / "run").run()
    assert result.status == "completed", result.message
    return float(result.summary.tokens_per_second)


def from_app(
    config, corpus, data_dir: Path, threads: int | None, refresh_ms: int = 0, switch_interval_ms: float = 0.0
) -> tuple[float, Probe, int]:
    """Train through the Train page; (tokens/s, the probe, progress signals received)."""
    import sys

    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    import mlmstudio.engine.trainer as trainer_module
    import mlmstudio.gui.widgets.live_plots as live_plots
    from mlmstudio.gui.pages.train_page import TrainPage
    from mlmstudio.store.database import Database

    default_threads = trainer_module.default_num_threads
    default_refresh, default_switch = live_plots.REFRESH_MS, sys.getswitchinterval()
    if refresh_ms:
        live_plots.REFRESH_MS = refresh_ms
    if switch_interval_ms:
        sys.setswitchinterval(switch_interval_ms / 1000)
    if threads is not None:  # the worker reads this when it starts: all cores instead of all but one
        trainer_module.default_num_threads = lambda: threads
    db = Database.open(data_dir)
    page = TrainPage(db)
    page.resize(1200, 800)
    page.show()
    QApplication.processEvents()
    page.set_request(config, corpus)
    probe = Probe()
    loop = QEventLoop()
    page.run_finished.connect(lambda *_: loop.quit())
    try:
        probe.start()
        assert page.start(), page.start_problem()
        worker = page.worker
        loop.exec()
        probe.stop()
        thread = page.thread
        if thread is not None:
            thread.wait()
        QApplication.processEvents()
    finally:
        trainer_module.default_num_threads = default_threads
        live_plots.REFRESH_MS = default_refresh
        sys.setswitchinterval(default_switch)
    outcome = page.outcome
    assert outcome is not None and outcome.status == "completed", outcome
    signals = worker.emitted
    page.close()
    page.deleteLater()
    db.close()
    return float(outcome.summary.tokens_per_second), probe, signals


def round_order(variants: list, r: int) -> list:
    """The variants of round ``r``: the target pair (app, headless at its threads) back to back.

    Within the pair, and between the pair and the other variants, the order
    alternates from round to round, so neither side of the target always
    follows the same kind of run (a two-thread run left the next one a few
    percent slower here, whichever it was).
    """
    # variants: headless at all threads, the app (default), then, if there are four,
    # headless at the worker's threads and the app at all threads.
    if len(variants) == 2:
        target, others = list(variants), []
    else:
        target, others = [variants[1], variants[2]], [variants[0], variants[3]]
    target = target if r % 2 == 0 else target[::-1]
    others = others if r % 2 == 0 else others[::-1]
    return others + target if (r // 2) % 2 == 0 else target + others


def settle(seconds: float) -> None:
    """A short idle pause between runs, so one run's after-effects do not land on the next."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(int(1000 * seconds), loop.quit)
    loop.exec()


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=120, help="steps per run (default 120)")
    p.add_argument("--rounds", type=int, default=4, help="alternating rounds (default 4)")
    p.add_argument(
        "--app-only",
        action="store_true",
        help="only the two default variants (headless, app with the worker's threads)",
    )
    # Knobs to try remedies without editing the app (each changes the app run only):
    p.add_argument(
        "--refresh-ms",
        type=int,
        default=0,
        help="override live_plots.REFRESH_MS (the plots' redraw interval)",
    )
    p.add_argument(
        "--switch-interval",
        type=float,
        default=0.0,
        help="sys.setswitchinterval in ms for the app runs (Python's GIL hand-over)",
    )
    args = p.parse_args()
    if args.smoke:
        args.steps, args.rounds = 12, 1

    import torch

    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.trainer import default_num_threads
    from mlmstudio.gui.app import create_application

    app = create_application()  # as the app starts: plot theme, GIL switch interval
    print("gui_overhead:", common.machine_summary())
    all_threads = torch.get_num_threads()
    worker_threads = default_num_threads()
    config = make_config(args.steps, args.smoke)
    corpus = load_corpus(config.corpus.source)
    text = corpus.text[:150_000] if args.smoke else corpus.text
    if args.smoke:
        corpus = replace(corpus, text=text)
    m = config.model
    if args.refresh_ms or args.switch_interval:
        print(
            f"app runs with: plots redrawn every {args.refresh_ms or 'default'} ms, "
            f"GUI switch interval {args.switch_interval or 'default'} ms"
        )
    print(
        f"run: {m.arch} {m.num_layers}x{m.d_model}, batch {config.training.batch_size} x "
        f"{config.training.seq_len}, {args.steps} steps, precision {config.training.precision}; "
        f"torch threads: headless {all_threads}, app worker default {worker_threads}"
    )

    # (name, where, torch threads); the first two are the target's pair: what a user gets.
    variants = [
        ("headless", "headless", all_threads),
        (f"app, {worker_threads} thread(s) (default)", "app", worker_threads),
    ]
    if worker_threads != all_threads and not (args.app_only or args.smoke):
        variants += [
            (f"headless, {worker_threads} thread(s)", "headless", worker_threads),
            (f"app, {all_threads} threads", "app", all_threads),
        ]
    speeds: dict[str, list[float]] = {name: [] for name, _, _ in variants}
    probes: dict[str, list[Probe]] = {name: [] for name, _, _ in variants}
    idle = [idle_probe(0.5 if args.smoke else 5.0)]
    # Warm-up: torch's first calls (kernel selection, thread pool) are not the run's speed.
    headless(replace(config, training=replace(config.training, steps=3)), text, all_threads)
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for name, where, threads in round_order(variants, r):
                settle(0.1 if args.smoke else SETTLE_SECONDS)
                if where == "headless":
                    speeds[name].append(headless(config, text, threads))
                else:
                    home = Path(tmp) / f"home-{r}-{threads}"
                    tps, probe, signals = from_app(
                        config, corpus, home, threads, args.refresh_ms, args.switch_interval
                    )
                    speeds[name].append(tps)
                    probes[name].append(probe)
                print(
                    f"round {r + 1}: {name}: {speeds[name][-1]:,.0f} tokens/s"
                    + (
                        f", GUI tick p99 delay {probes[name][-1].percentile(99):.1f} ms "
                        f"({len(probes[name][-1].delays)} ticks, {signals} progress signals)"
                        if where == "app"
                        else ""
                    )
                )
                torch.set_num_threads(all_threads)
        app.processEvents()
    idle.append(idle_probe(0.5 if args.smoke else 5.0))

    common.section("results (median over rounds)")
    rows = []

    def ratio(name: str, baseline: str) -> float:
        return common.median([s / h for s, h in zip(speeds[name], speeds[baseline], strict=True)])

    def delay_row(delays: list[float]) -> list:
        return [percentile(delays, 50), percentile(delays, 99), max(delays) if delays else float("nan")]

    rows = [
        [
            name,
            common.median(speeds[name]),
            ratio(name, "headless"),
            *delay_row([d for pr in probes[name] for d in pr.delays]),
        ]
        for name, _, _ in variants
    ]
    rows.append(
        [
            "no training (the machine's own noise)",
            float("nan"),
            float("nan"),
            *delay_row([d for pr in idle for d in pr.delays]),
        ]
    )
    common.table(rows, ["run", "tokens/s", "vs headless", "tick delay p50 ms", "p99 ms", "max ms"])

    # The GUI's cost is the app against headless at the same torch threads: the worker's
    # thread count is a separate choice (and on a busy machine two threads can be far slower).
    app_name = variants[1][0]
    same_threads = variants[2][0] if len(variants) == 4 else "headless"
    if same_threads != "headless":
        print(
            f"app ({worker_threads} thread(s)) / headless at torch's default ({all_threads} threads): "
            f"{ratio(app_name, 'headless'):.2f}"
        )
    value = ratio(app_name, same_threads)
    common.ratio_line(
        "gui_overhead_app_over_headless_tokens_per_s", value, f">= {TARGET_SPEED:g}", value >= TARGET_SPEED
    )
    print(
        f"  (both with {worker_threads} torch thread(s): the cost of the worker, the live plots "
        "and the recording)"
    )
    p99 = rows[1][4]
    common.ratio_line("gui_overhead_gui_tick_p99_delay_ms", p99, f"< {TARGET_P99_MS:g}", p99 < TARGET_P99_MS)


if __name__ == "__main__":
    main()
