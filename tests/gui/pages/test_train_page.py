"""The Train page: real (tiny) training runs driven through the buttons, recorded in the history."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.perplexity import format_perplexity
from mlmstudio.gui.settings import AppSettings
from mlmstudio.store import service

FINISH_MS = 120_000


@pytest.fixture
def facts():
    return load_corpus("sample:facts")


@pytest.fixture
def page(qtbot, db):
    page = TrainPage(db, AppSettings())
    qtbot.addWidget(page)
    page.resize(1000, 700)
    page.show()
    yield page
    page.stop_and_wait()


def click(qtbot, button):
    assert button.isEnabled(), f"{button.text()} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def run_to_end(qtbot, page):
    with qtbot.waitSignal(page.run_finished, timeout=FINISH_MS) as finished:
        click(qtbot, page.start_button)
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)
    return finished.args


@pytest.mark.slow  # trains for more than a second
def test_start_trains_plots_and_records_the_run(qtbot, page, db, facts, make_tiny_config):
    config = make_tiny_config(steps=40)
    page.set_request(config, facts)
    run_id, outcome = run_to_end(qtbot, page)

    assert outcome.status == "completed" and outcome.step == 40
    assert "Completed after 40 steps" in page.state_label.text()
    assert page.progress_bar.value() == 1000
    # The plot has every step, the evaluations and the ln(V) baseline.
    page.plots.refresh()
    assert page.plots.curve_points("train_loss") == 40  # raw, as the store names it
    assert page.plots.curve_points("train_loss_smoothed") == 40
    assert page.plots.curve_points("val_loss") == 4  # steps 10, 20, 30, 40
    assert page.plots.curve_points("val_accuracy") == 4
    # The trainer announced the vocabulary and size before the first step (StartedEvent).
    assert page.info.vocab_size == outcome.summary.vocab_size
    assert page.info.param_count == outcome.summary.params and page.info.step == 0
    assert page.plots.baseline == pytest.approx(math.log(page.info.vocab_size))
    assert page.plots.baseline_line.isVisible()

    # The history has the run, its status and its curves.
    summary = service.get_run(db, run_id).summary
    assert summary.status == "completed" and summary.last_step == 40
    curves = service.load_curves(db, run_id)
    assert len(curves["train_loss"]) == 40
    assert len(curves["val_loss"]) == 4
    assert list(curves["train_loss"].values[:3]) == pytest.approx(list(page.plots.steps.column("loss")[:3]))
    assert summary.has_model

    # The perplexity read-out is e^(the run's final validation loss), as recorded.
    assert page.latest_perplexity() == pytest.approx(math.exp(summary.val_loss))
    assert (
        f"Perplexity <b>{format_perplexity(math.exp(summary.val_loss))}</b>" in page.perplexity_label.text()
    )
    assert "choosing evenly among" in page.perplexity_label.toolTip()
    # Hovering the loss axis explains nats and this run's ln V line.
    tip = page.plots.loss_plot.getAxis("left").toolTip()
    assert "nats" in tip and f"ln V = {math.log(page.info.vocab_size):.2f}" in tip
    assert f"V = {page.info.vocab_size:,}" in tip
    assert page.plots.baseline_line.toolTip() == tip


@pytest.mark.slow  # trains for more than a second
def test_stop_saves_a_checkpoint_and_marks_the_run_stopped(qtbot, page, db, facts, make_tiny_config):
    page.set_request(make_tiny_config(steps=100_000), facts)
    click(qtbot, page.start_button)
    qtbot.waitUntil(lambda: page.last_step is not None and page.last_step.step >= 5, timeout=FINISH_MS)
    assert page.stop_button.isEnabled() and not page.start_button.isEnabled()
    with qtbot.waitSignal(page.run_finished, timeout=FINISH_MS) as finished:
        click(qtbot, page.stop_button)
    run_id, outcome = finished.args
    assert outcome.status == "stopped"
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)
    detail = service.get_run(db, run_id)
    assert detail.summary.status == "stopped"
    assert detail.latest_checkpoint is not None and detail.latest_checkpoint.step == outcome.step
    assert "resume it from the History page" in page.state_label.text()
    assert page.start_button.isEnabled() and not page.stop_button.isEnabled()


@pytest.mark.slow  # trains for more than a second
def test_pause_holds_the_step_and_resume_finishes(qtbot, page, db, facts, make_tiny_config):
    page.set_request(make_tiny_config(steps=60), facts)
    click(qtbot, page.start_button)
    qtbot.waitUntil(lambda: page.last_step is not None and page.last_step.step >= 3, timeout=FINISH_MS)
    click(qtbot, page.pause_button)
    assert page.resume_button.isEnabled() and not page.pause_button.isEnabled()
    control, worker = page.worker.control, page.worker
    # The trainer parks itself once its current step has ended; that step's update is then on its
    # way to the page (a paused worker sends at once). Wait for both, not for a guessed time.
    qtbot.waitUntil(lambda: control.holding and page.last_step.step == worker._step(), timeout=FINISH_MS)
    held = page.last_step.step
    QApplication.processEvents()
    assert control.holding and worker._step() == held and page.last_step.step == held
    assert held < 60
    with qtbot.waitSignal(page.run_finished, timeout=FINISH_MS) as finished:
        click(qtbot, page.resume_button)
    assert finished.args[1].status == "completed"
    assert page.last_step.step == 60


def test_an_engine_failure_ends_the_run_with_the_reason(qtbot, page, db, tmp_path, make_tiny_config):
    small = tmp_path / "small.txt"
    small.write_text("A short text.\nAnother line.\n")
    page.set_request(make_tiny_config(steps=10, seq_len=64), load_corpus(small))
    run_id, outcome = run_to_end(qtbot, page)
    assert outcome.status == "failed"
    assert "sequence length" in outcome.message
    assert page.failure_text() == outcome.message
    assert service.get_run(db, run_id).summary.status == "failed"
    assert page.start_button.isEnabled()  # the app stays usable


def test_start_is_disabled_until_there_is_a_corpus(qtbot, page, make_tiny_config):
    page.set_request(make_tiny_config(), None)
    assert not page.start_button.isEnabled()
    assert "corpus" in page.start_button.toolTip().lower()
    assert page.start() is False
    page.set_request(make_tiny_config(), None, problem="The width must be divisible by the heads.")
    assert page.start_problem() == "The width must be divisible by the heads."


@pytest.mark.slow  # trains for more than a second
def test_resuming_a_completed_run_is_refused_with_a_reason(qtbot, page, db, facts, make_tiny_config):
    page.set_request(make_tiny_config(steps=12), facts)
    run_id, outcome = run_to_end(qtbot, page)
    assert outcome.status == "completed"
    with qtbot.waitSignal(page.run_finished, timeout=FINISH_MS) as finished:
        assert page.resume_run(run_id)
    assert finished.args[1].status == "failed"
    assert "already completed" in page.failure_text()
    qtbot.waitUntil(lambda: not page.is_training(), timeout=10_000)
    assert service.get_run(db, run_id).summary.status == "completed"


# The plots on their own -------------------------------------------------------------------


def test_smoothing_is_debiased_like_tensorboard_and_incremental():
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import EmaSmoother

    rng = np.random.default_rng(0)
    values = rng.normal(3.0, 0.5, size=500)
    weight = 0.9
    expected, last = [], 0.0
    for i, x in enumerate(values, start=1):  # TensorBoard's formula
        last = last * weight + (1 - weight) * x
        expected.append(last / (1 - weight**i))

    whole = EmaSmoother(weight)
    whole.extend(values)
    pieces = EmaSmoother(weight)
    for chunk in np.array_split(values, 7):
        pieces.extend(chunk)
    assert whole.smoothed() == pytest.approx(expected)
    assert pieces.smoothed() == pytest.approx(expected)
    assert whole.smoothed()[0] == pytest.approx(values[0])  # no pull towards 0 at the start


def test_buffers_grow_by_doubling_and_keep_their_rows():
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import GrowingBuffer

    buffer = GrowingBuffer(("a", "b"), capacity=4)
    capacities = set()
    for i in range(100):
        buffer.append(np.array([[i, 2 * i]]))
        capacities.add(buffer.capacity)
    assert capacities == {4, 8, 16, 32, 64, 128}
    assert list(buffer.column("b")) == [2 * i for i in range(100)]
    buffer.keep(10)
    assert len(buffer) == 10 and buffer.column("a")[-1] == 9


def test_a_200k_step_run_draws_quickly_with_downsampling(qtbot):

    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.resize(900, 600)
    plots.show()
    n = 200_000
    steps = np.arange(1, n + 1)
    rows = np.column_stack([steps, steps * 0.01, 5 * np.exp(-steps / 5e4), np.full(n, 1e-3), np.full(n, 9e3)])
    for chunk in np.array_split(rows, 200):  # as the worker delivers them
        plots.append_steps(chunk)
    plots.append_evals(np.array([[1000, 10.0, 4.0, 0.2, 54.6], [2000, 20.0, 3.0, 0.3, 20.1]]))
    plots.refresh()  # its speed is benchmarks/history_scale.py's (curve redraw) question
    assert plots.curve_points("train_loss") == n
    curve = plots.curves["train_loss"]
    assert curve.opts["clipToView"] and curve.opts["autoDownsample"]
    assert curve.opts["downsampleMethod"] == "peak"

    text = plots.show_values_at(1500.2)
    assert "step 1,500" in text and "validation at step 2,000" in text

    plots.x_axis_combo.setCurrentIndex(1)  # elapsed time
    x, _ = plots.curves["train_loss"].getOriginalDataset()
    assert x[-1] == pytest.approx(n * 0.01)
    plots.log_y_check.setChecked(True)
    plots.set_baseline(6.2)
    assert plots.baseline_line.value() == pytest.approx(math.log10(6.2))


def test_live_plots_follow_the_data_in_coarse_steps_until_the_user_zooms(qtbot):
    """Axis ranges move only when the curves leave them (cheap redraws), and never fight a zoom."""
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    rows = np.array([[s, s * 0.1, 5.0 - s / 100, 1e-3, 1000.0] for s in range(1, 51)])
    plots.append_steps(rows)
    plots.refresh()
    x_range = plots.loss_plot.viewRange()[0]
    assert x_range[0] == 0 and x_range[1] >= 50
    plots.append_steps(rows[-1:] + [[1, 0.1, 0, 0, 0]])  # one more step: still inside the range
    plots.refresh()
    assert plots.loss_plot.viewRange()[0] == x_range
    far = np.array([[10 * x_range[1], 1.0, 3.0, 1e-3, 1000.0]])
    plots.append_steps(far)
    plots.refresh()
    assert plots.loss_plot.viewRange()[0][1] >= far[0, 0]
    plots.loss_plot.setXRange(10, 20, padding=0)  # the user zooms in
    plots.append_steps(far * [2, 1, 1, 1, 1])
    plots.refresh()
    assert plots.loss_plot.viewRange()[0] == [10, 20]


def test_a_learning_rate_that_levels_off_is_not_drawn_on_the_plot_frame(qtbot):
    """Warm-up then constant: the range grown during warm-up must not end exactly at the peak."""
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    peak = 0.002
    for start in range(1, 200, 10):  # arrives in batches, as from the worker
        steps = np.arange(start, start + 10)
        lr = np.minimum(steps / 60, 1.0) * peak
        plots.append_steps(np.column_stack([steps, steps * 0.1, 4 - steps / 100, lr, 1000 + 0 * steps]))
        plots.refresh()
    low, high = plots.lr_plot.viewRange()[1]
    assert low == 0 and high >= peak * 1.05


def test_before_the_first_point_the_plots_say_what_will_appear(qtbot):
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.refresh()
    assert not plots.showing_plots() and "Press Start" in plots.placeholder.text()
    plots.append_steps(np.array([[1, 0.1, 4.0, 1e-3, 1000.0]]))
    plots.refresh()
    assert plots.showing_plots()
    plots.clear()
    assert not plots.showing_plots()


def test_hovering_the_loss_axis_shows_what_a_nat_and_ln_v_are(qtbot):
    """A real hover: a tooltip event on the loss plot's left axis shows the explanation."""
    import numpy as np
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.resize(900, 600)
    plots.show()
    qtbot.waitExposed(plots)
    plots.append_steps(np.array([[1, 0.1, 4.0, 1e-3, 1000.0], [2, 0.2, 3.9, 1e-3, 1000.0]]))
    plots.refresh()
    plots.set_baseline(math.log(316))
    axis = plots.loss_plot.getAxis("left")
    size = axis.geometry().size()
    at = plots.graphics.mapFromScene(axis.mapToScene(QPointF(size.width() / 2, size.height() / 2)))
    viewport = plots.graphics.viewport()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at, viewport.mapToGlobal(at)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=2_000)
    assert "nats" in QToolTip.text() and "ln V = 5.76 for V = 316 tokens" in QToolTip.text()
    QToolTip.hideText()


def test_a_finished_run_leaves_no_empty_room_on_the_x_axis(qtbot):
    import numpy as np

    from mlmstudio.gui.widgets.live_plots import LivePlots

    plots = LivePlots()
    qtbot.addWidget(plots)
    steps = np.arange(1, 4001)
    plots.append_steps(
        np.column_stack([steps, steps * 0.1, 4 - steps / 2000, 1e-3 + 0 * steps, 1000 + 0 * steps])
    )
    plots.refresh()
    assert plots.loss_plot.viewRange()[0][1] > 5000  # room to grow while training
    plots.settle()
    assert plots.loss_plot.viewRange()[0] == pytest.approx([0, 4080])
    plots.x_axis_combo.setCurrentIndex(plots.x_axis_combo.findData("time"))  # 400 s of training
    assert plots.loss_plot.viewRange()[0] == pytest.approx([0, 408])


def test_before_the_first_run_the_page_says_why_start_is_greyed_out(page, facts, make_tiny_config):
    page.set_request(None, None)
    assert not page.start_button.isEnabled()
    assert page.state_label.text().startswith("Start is not available yet: ")
    page.set_request(make_tiny_config(steps=5), facts)
    assert page.start_button.isEnabled() and "Press Start" in page.state_label.text()
