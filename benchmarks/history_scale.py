"""History and plots at scale: 1,000 runs in the History page, a 200k-point curve redrawn.

A fresh data directory is filled through the store's ORM and repository
functions: 1,000 runs (mixed statuses, tags, configs and final metrics, each
with its run folder, files and a checkpoint row), one of them with a 200,000
step training-loss curve. Then, offscreen:

- the time from ``Database.open`` to a shown, painted ``HistoryPage(db)``
  (the first page built in the process, after Qt and the imports are up);
- one listing of the runs as History and Explore share it (``RunList.refresh``,
  on the GUI thread: ``service.list_runs`` and the table model) and Explore's
  runs with a model (``RunList.with_model``);
- loading the 200k-point curve from the database (``compare.load_curves``);
- redrawing 200k points: ``LivePlots`` (the Train page: append a timer tick's
  worth of points, ``refresh()``, paint via ``grab()``) and ``CompareView``
  (the History comparison: redraw the curve, paint via ``grab()``); medians of
  repeated redraws.

    python benchmarks/history_scale.py [--runs 1000] [--points 200000] [--smoke]
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import _common as common

TARGET_OPEN_S = 1.0
TARGET_REDRAW_MS = 50.0


# --------------------------------------------------------------------------- filling a history


def fill_history(data_dir: Path, n_runs: int, n_points: int) -> str:
    """Write n_runs runs (and a long curve on one of them); return that run's id."""
    from dataclasses import replace

    from mlmstudio.config import RunConfig
    from mlmstudio.store import repository
    from mlmstudio.store.database import Database
    from mlmstudio.store.models import CheckpointRow, utcnow

    rnd = random.Random(0)
    db = Database.open(data_dir)
    base = RunConfig()
    statuses = ["completed"] * 7 + ["stopped", "failed", "interrupted"]
    tags = ["baseline", "sweep", "lr", "masking", "keep", "pydoc", "facts"]
    long_run = ""
    with db.session() as session:
        corpus = repository.get_or_create_corpus(
            session,
            name="pydoc",
            source="sample:pydoc",
            sha256="0" * 64,
            size_bytes=1_000_000,
            stats={"characters": 1_000_000},
        )
        for i in range(n_runs):
            config = replace(
                base,
                training=replace(
                    base.training, lr=rnd.choice([5e-4, 1e-3, 2e-3]), batch_size=rnd.choice([16, 32])
                ),
                masking=replace(base.masking, mlm_probability=rnd.choice([0.15, 0.3, 0.4])),
            )
            status = statuses[i % len(statuses)]
            row = repository.create_run(
                session,
                name=f"run {i:04d} · pydoc · modern 2x256",
                config_json=config.to_json(),
                corpus_id=corpus.id,
                status=status,
            )
            row.started_at = row.finished_at = utcnow()
            row.last_step = rnd.randint(100, 5000)
            row.final_metrics_json = json.dumps(
                {
                    "val_loss": rnd.uniform(3, 7),
                    "val_accuracy": rnd.uniform(0.05, 0.3),
                    "tokens_per_second": rnd.uniform(5e3, 2e4),
                }
            )
            row.notes = f"note {i}" if i % 3 == 0 else ""
            repository.add_tags(row, rnd.sample(tags, rnd.randint(0, 3)))
            session.add(
                CheckpointRow(
                    run_id=row.id,
                    step=row.last_step,
                    path=f"checkpoints/step-{row.last_step}",
                    metrics_json="{}",
                )
            )
            _write_run_files(db.run_dir(row.id), config.to_json(), row.last_step)
            if i == 0:
                long_run = row.id
    with db.session() as session:
        chunk = 50_000
        for start in range(0, n_points, chunk):
            steps = range(start + 1, min(start + chunk, n_points) + 1)
            repository.add_metric_points(
                session,
                [
                    {
                        "run_id": long_run,
                        "step": s,
                        "split": "train",
                        "name": "loss",
                        "value": 7.0 * (s**-0.15) + 0.05 * rnd.random(),
                        "wall_time": s * 0.1,
                    }
                    for s in steps
                ],
            )
    db.close()
    return long_run


def _write_run_files(run_dir: Path, config_json: str, step: int) -> None:
    """The files a finished run has: small, but real names in real folders."""
    (run_dir / "checkpoints" / f"step-{step}").mkdir(parents=True, exist_ok=True)
    (run_dir / "config.json").write_text(config_json, encoding="utf-8")
    (run_dir / "tokenizer.json").write_text("{}", encoding="utf-8")
    (run_dir / "model.safetensors").write_bytes(b"\x08\x00\x00\x00\x00\x00\x00\x00{}      ")


# --------------------------------------------------------------------------- timing


def open_history_page(data_dir: Path):
    from PySide6.QtWidgets import QApplication

    from mlmstudio.gui.pages.history_page import HistoryPage
    from mlmstudio.store.database import Database

    start = time.perf_counter()
    db = Database.open(data_dir)
    page = HistoryPage(db)
    page.resize(1200, 800)
    page.show()
    QApplication.processEvents()
    page.grab()  # painted, as the user sees it
    seconds = time.perf_counter() - start
    return seconds, page, db


def redraw_live_plots(n_points: int, repeats: int) -> tuple[float, float]:
    """(first draw ms, median redraw ms) of LivePlots with n_points steps."""
    import numpy as np
    from PySide6.QtWidgets import QApplication

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    plots.resize(1200, 700)
    plots.show()
    QApplication.processEvents()
    rows = _step_rows(1, n_points)
    plots.append_steps(rows)
    plots.append_evals(
        np.column_stack(
            [
                rows[::100, 0],
                rows[::100, 1],
                rows[::100, 2],
                np.linspace(0.05, 0.3, len(rows[::100])),
                np.exp(rows[::100, 2]),
            ]
        )
    )
    start = time.perf_counter()
    plots.refresh()
    plots.graphics.grab()
    first = 1000 * (time.perf_counter() - start)
    times = []
    step = n_points
    for _ in range(repeats):
        tick = _step_rows(step + 1, 20)  # a 100 ms refresh tick at 200 steps/s
        step += 20
        start = time.perf_counter()
        plots.append_steps(tick)
        plots.refresh()
        plots.graphics.grab()
        times.append(1000 * (time.perf_counter() - start))
    plots.close()
    plots.deleteLater()
    return first, common.median(times)


def _step_rows(first: int, n: int):
    import numpy as np

    steps = np.arange(first, first + n, dtype=np.float64)
    loss = 7.0 * steps**-0.15 + 0.05 * np.random.default_rng(first).random(n)
    return np.column_stack([steps, steps * 0.1, loss, np.full(n, 1e-3), np.full(n, 9000.0)])


def redraw_compare_view(curve, repeats: int) -> tuple[float, float]:
    """(first draw ms, median redraw ms) of CompareView showing one long curve."""
    from PySide6.QtWidgets import QApplication

    from mlmstudio.gui.widgets.compare_view import CompareRun, CompareView

    view = CompareView()
    view.resize(1200, 700)
    view.show()
    QApplication.processEvents()
    run = CompareRun(curve.run_id, "long run", None, {})
    view.set_metric("train_loss")
    start = time.perf_counter()
    view.set_runs([run], lambda run_id, metric: curve if metric == "train_loss" else None)
    view.plot.grab()
    first = 1000 * (time.perf_counter() - start)
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        view.set_x_axis("time" if i % 2 == 0 else "step")  # a full redraw of the cached curve
        view.plot.grab()
        times.append(1000 * (time.perf_counter() - start))
    view.close()
    view.deleteLater()
    return first, common.median(times)


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--points", type=int, default=200_000)
    p.add_argument("--repeats", type=int, default=20, help="redraws timed (median)")
    args = p.parse_args()
    if args.smoke:
        args.runs, args.points, args.repeats = 30, 5_000, 2

    import pyqtgraph  # noqa: F401  (imported by the app before any page exists)
    from PySide6.QtWidgets import QApplication

    from mlmstudio.gui.pages import history_page  # noqa: F401
    from mlmstudio.store import compare

    app = QApplication.instance() or QApplication([])
    print("history_scale:", common.machine_summary())
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "home"
        seconds, long_run = common.timed(lambda: fill_history(data_dir, args.runs, args.points))
        print(
            f"filled a history with {args.runs:,} runs and a {args.points:,}-point curve in {seconds:.1f} s"
        )

        open_s, page, db = open_history_page(data_dir)
        shown = page.run_count()
        again = []
        for _ in range(3):
            page.close()
            page.deleteLater()
            db.close()
            app.processEvents()
            s, page, db = open_history_page(data_dir)
            again.append(s)
        page.close()
        page.deleteLater()

        # The one listing History and Explore share, on the GUI thread: list_runs + the table model.
        from mlmstudio.gui.run_list import RunList

        runs = RunList(db)
        list_s = common.median([common.timed(runs.refresh)[0] for _ in range(5)])
        models_s = common.median([common.timed(runs.with_model)[0] for _ in range(5)])

        load_s, curves = common.timed(lambda: compare.load_curves(db, [long_run], "train_loss"))
        curve = curves[long_run]
        db.close()
        live_first, live_ms = redraw_live_plots(args.points, args.repeats)
        cmp_first, cmp_ms = redraw_compare_view(curve, args.repeats)
        app.processEvents()

    common.section("results")
    common.table(
        [
            ["open History page (Database.open + HistoryPage + paint), first", f"{open_s:.3f} s"],
            ["open History page, median of 3 more", f"{common.median(again):.3f} s"],
            ["runs shown", f"{shown:,}"],
            ["list the runs for every page (RunList.refresh), median of 5", f"{1000 * list_s:.0f} ms"],
            ["Explore's runs with a model (RunList.with_model), median of 5", f"{1000 * models_s:.0f} ms"],
            [f"load a {len(curve):,}-point curve from SQLite", f"{1000 * load_s:.0f} ms"],
            ["LivePlots: first draw of all curves", f"{live_first:.0f} ms"],
            ["LivePlots: redraw (20 new points, refresh, paint), median", f"{live_ms:.1f} ms"],
            ["CompareView: first draw", f"{cmp_first:.0f} ms"],
            ["CompareView: redraw (x axis switched, paint), median", f"{cmp_ms:.1f} ms"],
        ],
        ["what", "time"],
    )
    if shown != args.runs:
        print(f"WARNING: the page shows {shown} runs, expected {args.runs}")
    common.ratio_line(
        f"history_open_{args.runs}_runs_seconds", open_s, f"< {TARGET_OPEN_S:g}", open_s < TARGET_OPEN_S
    )
    worst = max(live_ms, cmp_ms)
    common.ratio_line(
        f"curve_redraw_{args.points}_points_ms", worst, f"< {TARGET_REDRAW_MS:g}", worst < TARGET_REDRAW_MS
    )


if __name__ == "__main__":
    main()
