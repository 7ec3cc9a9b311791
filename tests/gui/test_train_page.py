"""The Train page: real (tiny) training runs driven through the buttons, recorded in the history."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.train_page import TrainPage
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


def test_start_trains_plots_and_records_the_run(qtbot, page, db, facts, make_tiny_config):
    config = make_tiny_config(steps=40)
    page.set_request(config, facts)
    run_id, outcome = run_to_end(qtbot, page)

    assert outcome.status == "completed" and outcome.step == 40
    assert "Completed after 40 steps" in page.state_label.text()
    assert page.progress_bar.value() == 1000
    # The plot has every step, the evaluations and the ln(V) baseline.
    page.plots.refresh()
    assert page.plots.curve_points("train_loss") == 40
    assert page.plots.curve_points("train_loss_raw") == 40
    assert page.plots.curve_points("val_loss") == 4  # steps 10, 20, 30, 40
    assert page.plots.curve_points("val_accuracy") == 4
    assert page.info.vocab_size == outcome.summary["vocab_size"]
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


def test_pause_holds_the_step_and_resume_finishes(qtbot, page, db, facts, make_tiny_config):
    page.set_request(make_tiny_config(steps=60), facts)
    click(qtbot, page.start_button)
    qtbot.waitUntil(lambda: page.last_step is not None and page.last_step.step >= 3, timeout=FINISH_MS)
    click(qtbot, page.pause_button)
    assert page.resume_button.isEnabled() and not page.pause_button.isEnabled()
    qtbot.wait(600)  # let the current step end and its update arrive
    held = page.last_step.step
    qtbot.wait(800)
    assert page.last_step.step == held
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
