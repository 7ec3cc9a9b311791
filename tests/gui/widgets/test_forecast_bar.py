"""The Train page's forecast: after enough evaluations, the predicted final loss, its band and an ETA."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.forecast import MIN_POINTS
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.widgets.forecast_bar import WAITING_TEXT, ForecastBar
from mlmstudio.gui.widgets.live_plots import LivePlots


def eval_rows(steps, losses):
    return np.array([[s, s * 0.1, loss, 0.3, np.exp(loss)] for s, loss in zip(steps, losses, strict=False)])


@pytest.fixture
def plots(qtbot):
    widget = LivePlots()
    qtbot.addWidget(widget)
    return widget


def test_a_known_curve_is_forecast_with_a_band_and_an_eta(qtbot, plots):
    bar = ForecastBar(plots)
    qtbot.addWidget(bar)
    steps = np.arange(100, 1100, 100, dtype=float)  # 10 evaluations of a 4,000-step run
    plots.append_evals(eval_rows(steps, 2.0 + 5.0 * steps**-0.5))
    bar.set_target(2.1)
    with qtbot.waitSignal(bar.forecast_changed, timeout=10_000) as signal:
        bar.update_from(step=1000, progress=0.25, elapsed=100.0)
    forecast = signal.args[0]
    true_final = 2.0 + 5.0 * 4000**-0.5
    assert forecast.end_step == pytest.approx(4000)
    assert forecast.predicted == pytest.approx(true_final, abs=0.01)
    assert forecast.low - 1e-4 <= true_final <= forecast.high + 1e-4  # noise-free: a narrow band
    text = bar.label.text()
    assert f"{forecast.predicted:.3f}" in text and "80% band" in text
    # 2.1 is reached at step (5 / 0.1)^2 = 2,500: 1,500 steps at 0.1 s each, about 2m30s away.
    assert "Target 2.10: in about" in text and "2m" in text
    plots.refresh()
    assert plots.forecast_band.isVisible()
    x, y = plots.forecast_curve.getData()
    assert x[0] == pytest.approx(1000) and x[-1] == pytest.approx(4000)
    assert y[-1] == pytest.approx(forecast.predicted)
    bar.reset()
    plots.refresh()
    assert bar.label.text() == WAITING_TEXT and not plots.forecast_band.isVisible()


def test_no_forecast_before_enough_points_and_a_target_below_the_floor(qtbot, plots):
    bar = ForecastBar(plots)
    qtbot.addWidget(bar)
    steps = np.arange(100, 100 * MIN_POINTS, 100, dtype=float)
    plots.append_evals(eval_rows(steps, 3.0 + 5.0 * steps**-0.5))
    bar.update_from(step=int(steps[-1]), progress=0.1, elapsed=10.0)
    assert bar.forecast is None and bar.label.text() == WAITING_TEXT
    more = np.arange(100 * MIN_POINTS, 100 * (MIN_POINTS + 6), 100, dtype=float)
    plots.append_evals(eval_rows(more, 3.0 + 5.0 * more**-0.5))
    bar.set_target(1.0)
    with qtbot.waitSignal(bar.forecast_changed, timeout=10_000):
        bar.update_from(step=int(more[-1]), progress=0.5, elapsed=50.0)
    assert "not reached on this trend" in bar.label.text()


@pytest.mark.slow  # trains for a few seconds
def test_the_train_page_shows_a_forecast_after_enough_evaluations(qtbot, db, make_tiny_config):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    page.show()
    page.set_request(make_tiny_config(steps=60, eval_every=10), load_corpus("sample:facts"))
    forecasts = []
    page.forecast_bar.forecast_changed.connect(forecasts.append)
    with qtbot.waitSignal(page.run_finished, timeout=120_000):
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)
    page.forecast_bar.wait_idle()
    made = [f for f in forecasts if f is not None]
    assert made  # 6 evaluations: up to 3 forecasts while it trained
    assert made[-1].end_step == pytest.approx(60, rel=0.05)
    # Once the run has ended the forecast gives way to the real end.
    assert page.forecast_bar.forecast is None and forecasts[-1] is None
    assert "The run has ended at a held-out loss of" in page.forecast_bar.label.text()


def test_at_the_end_the_forecast_gives_way_to_how_close_it_came(qtbot, plots):
    bar = ForecastBar(plots)
    qtbot.addWidget(bar)
    steps = np.arange(100, 1100, 100, dtype=float)
    plots.append_evals(eval_rows(steps, 2.0 + 5.0 * steps**-0.5))
    with qtbot.waitSignal(bar.forecast_changed, timeout=10_000) as signal:
        bar.update_from(step=1000, progress=1.0, elapsed=100.0)
    predicted = signal.args[0].predicted
    bar.end()
    plots.refresh()
    actual = 2.0 + 5.0 * 1000**-0.5
    text = bar.label.text()
    assert f"{actual:.3f}" in text and f"{predicted:.3f}" in text and f"{actual - predicted:+.3f}" in text
    assert bar.forecast is None and not plots.forecast_band.isVisible()
    x, _ = plots.forecast_curve.getData()
    assert x is None or len(x) == 0
