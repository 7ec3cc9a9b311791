"""The Train page's x axis ends near where the run will end, not at twice its steps (issue 21).

While a run trained, the x axis grew in coarse steps with headroom and reached the forecast's
end: a 1,000-step run was drawn on an axis to 2,000, its second half empty. Now the axis ends
just after the run's expected end, which its progress gives: a step limit's last step, or for
a time budget without a step limit, the steps its pace reaches by the end of the budget.
"""

from __future__ import annotations

import threading

import pytest

from mlmstudio.config import NO_STEP_LIMIT
from mlmstudio.engine.events import StepEvent
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.settings import AppSettings


def _steps_job(steps: range, total_steps: int, progress_of, release: threading.Event):
    """A job that reports ``steps`` (seconds = step / 10), then waits to be released."""

    def job(callback, control):
        for step in steps:
            elapsed = step / 10
            if step == steps[-1]:
                control.pause()  # a paused run's worker shows its last step at once
            callback.on_step(
                StepEvent(
                    step=step,
                    total_steps=total_steps,
                    loss=5.0 - step / 1000,
                    lr=1e-3,
                    tokens_per_second=5e4,
                    tokens_seen=step * 256,
                    elapsed=elapsed,
                    progress=progress_of(step, elapsed),
                )
            )
        release.wait(30)

    return job


@pytest.fixture
def page(qtbot, db):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    page.resize(1100, 740)
    page.show()
    qtbot.waitExposed(page)
    yield page
    page.stop_and_wait()


def _x_end_while_training(page, qtbot, steps: range, total_steps: int, progress_of) -> float:
    release = threading.Event()
    assert page.start_job("run-x", "x axis", _steps_job(steps, total_steps, progress_of, release))
    try:
        qtbot.waitUntil(
            lambda: page.last_step is not None and page.last_step.step == steps[-1], timeout=20_000
        )
        qtbot.waitUntil(lambda: page.plots.curve_points("train_loss") == len(steps), timeout=5_000)
        page.plots.refresh()
        low, high = page.plots.loss_plot.viewRange()[0]
        assert low == pytest.approx(0.0, abs=1e-6)
        return high
    finally:
        release.set()
        qtbot.waitUntil(lambda: not page.is_training(), timeout=20_000)


@pytest.mark.parametrize("done", [50, 300, 500, 900])
def test_a_step_limited_run_is_drawn_to_its_last_step(page, qtbot, done):
    high = _x_end_while_training(page, qtbot, range(1, done + 1), 1000, lambda step, _s: step / 1000)
    assert 1000 <= high <= 1100, f"the x axis of a 1,000-step run ends at {high:.0f} after {done} steps"


def test_a_time_budget_without_a_step_limit_ends_where_its_pace_takes_it(page, qtbot):
    # 10 steps a second and a 60 s budget: 600 steps by the end; 300 of them done.
    high = _x_end_while_training(page, qtbot, range(1, 301), NO_STEP_LIMIT, lambda _step, s: s / 60)
    assert 600 <= high <= 660
    # On the time axis the same run ends at its budget.
    page.plots.set_options(page.plots.smoothing, "time", False)
    page.plots.refresh()
    assert 60 <= page.plots.loss_plot.viewRange()[0][1] <= 66


def test_before_its_end_is_known_the_axis_grows_with_the_data(qtbot):
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.resize(900, 500)
    plots.show()
    x = np.arange(1, 41, dtype=float)
    plots.append_steps(np.stack([x, x / 10, 5 - x / 100, 1e-3 + 0 * x, 5e4 + 0 * x], 1))
    plots.refresh()
    assert 40 <= plots.loss_plot.viewRange()[0][1] <= 100  # room to grow, not an empty page
