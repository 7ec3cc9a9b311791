"""The Sweep page: bad settings are refused as typed; a tiny sweep runs, shows its trials and resumes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.gui.pages.sweep_page import SweepPage
from mlmstudio.store import service


@pytest.fixture
def page(qtbot, db):
    page = SweepPage(db)
    qtbot.addWidget(page)
    page.resize(1100, 800)
    page.show()
    yield page
    page.stop_and_wait()
    page.wait_idle()


@pytest.fixture(scope="module")
def facts():
    return load_corpus("sample:facts")


def type_settings(page, *texts):
    for edit, text in zip(page.param_edits, [*texts, "", "", "", ""], strict=False):
        edit.setText(text)


@pytest.mark.parametrize(
    "texts, budget, words",
    [
        (("colour=1:2",), "10m", "'colour' is not a run setting"),
        (("lr=3e-3:1e-4",), "10m", "is empty"),
        (("layers=2",), "10m", "only one choice"),
        (("lr=1e-4:1e-3", "dropout=0:0.95"), "10m", "between 0 and 0.9"),
        (("lr=1e-4:1e-3",), "soon", "not a duration"),
        ((), "10m", "at least one setting"),
    ],
)
def test_bad_settings_disable_start_with_a_sentence(
    qtbot, page, facts, make_tiny_config, texts, budget, words
):
    page.set_request(make_tiny_config(), facts)
    type_settings(page, *texts)
    page.budget_edit.setText(budget)
    assert not page.start_button.isEnabled()
    assert words in page.problem_label.message()
    assert page.start() is False and not page.is_running()


def test_good_settings_say_the_plan_and_the_recipe_preset_needs_none(qtbot, page, facts, make_tiny_config):
    page.set_request(None, None)
    assert "Choose a corpus" in page.problem_label.message() and not page.start_button.isEnabled()
    page.set_request(make_tiny_config(), facts)
    type_settings(page, "lr=1e-4:3e-3:log", "layers=1,2")
    page.budget_edit.setText("20m")
    assert page.start_button.isEnabled() and page.problem_label.message() == ""
    assert (
        "10 trials of 108 s (or 40 steps, the Setup page's limit, if sooner) within 20.0 min"
        in page.plan_label.text()
    )
    type_settings(page)
    page.recipe_check.setChecked(True)
    assert page.start_button.isEnabled() and not page.param_edits[0].isEnabled()
    assert "recipe preset" in page.plan_label.text()


@pytest.mark.slow  # trains two tiny trials
def test_a_tiny_sweep_runs_shows_its_trials_and_is_listed_for_resume(
    qtbot, page, db, facts, make_tiny_config
):
    page.set_request(make_tiny_config(steps=8, eval_every=4, eval_batches=1), facts)
    type_settings(page, "lr=1e-4:3e-3:log", "layers=1,2")
    page.budget_edit.setText("10m")
    page.trials_spin.setValue(2)
    page.prune_check.setChecked(False)
    page.name_edit.setText("gui-sweep")
    with qtbot.waitSignal(page.busy_changed, timeout=5_000):
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert page.is_running() and page.stop_button.isEnabled() and not page.start_button.isEnabled()
    qtbot.waitUntil(lambda: not page.is_running(), timeout=600_000)  # a loaded machine is slow

    assert page.table.rowCount() == 2
    outcomes = [page.table.item(row, 2).text() for row in range(2)]
    assert outcomes == ["completed", "completed"]
    best = page.best()
    assert best is not None and best.run_id in page.best_label.text()
    assert page.table.item(best.number, 0).text().startswith("★")
    runs = service.list_runs(db, tag="sweep:gui-sweep")
    assert {r.id for r in runs} == {page.table.item(row, 6).text() for row in range(2)}
    # Both plots drew both trials; the scatter's x is the first setting.
    assert len(page.plots.scatter_item.points()) == 2 and len(page.plots.lines) == 2
    qtbot.waitUntil(lambda: page.sweep_combo.findText("gui-sweep") >= 0, timeout=10_000)
    assert page.resume_button.isEnabled()

    # A new page (the app opened again) shows the recorded sweep's trials when it is chosen.
    again = SweepPage(db)
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.sweep_combo.currentText() == "gui-sweep", timeout=10_000)
    qtbot.waitUntil(lambda: again.table.rowCount() == 2, timeout=10_000)
    assert again.best().run_id == best.run_id and "recorded" in again.state_label.text()
    again.wait_idle()


@pytest.mark.slow  # trains tiny trials
def test_stop_then_resume_carries_the_sweep_on(qtbot, page, db, facts, make_tiny_config):
    page.set_request(make_tiny_config(steps=8, eval_every=4, eval_batches=1), facts)
    type_settings(page, "lr=1e-4:3e-3:log")
    page.trials_spin.setValue(2)
    page.prune_check.setChecked(False)
    page.name_edit.setText("halted")
    evaluated = []
    page.start()
    page.worker.event.connect(lambda event: evaluated.append(event))
    qtbot.waitUntil(lambda: any(type(e).__name__ == "TrialEvaluated" for e in evaluated), timeout=600_000)
    qtbot.mouseClick(page.stop_button, Qt.MouseButton.LeftButton)
    assert not page.stop_button.isEnabled()
    qtbot.waitUntil(lambda: not page.is_running(), timeout=600_000)
    assert "stopped with" in page.state_label.text()
    assert [page.table.item(row, 2).text() for row in range(page.table.rowCount())] == ["stopped"]

    qtbot.waitUntil(lambda: page.sweep_combo.findText("halted") >= 0, timeout=10_000)
    page.sweep_combo.setCurrentText("halted")
    qtbot.mouseClick(page.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not page.is_running(), timeout=600_000)
    outcomes = [page.table.item(row, 2).text() for row in range(page.table.rowCount())]
    assert outcomes == ["stopped", "completed (re-try of 0)", "completed"]
    assert len(service.list_runs(db, tag="sweep:halted")) == 3


def test_before_any_trial_the_plots_give_way_to_a_sentence(page):
    from mlmstudio.sweep.study import COMPLETED

    plots = page.plots
    assert not plots.showing_plots() and "Each trial of a sweep appears here" in plots.placeholder.text()

    class Trial:  # the fields the plots read of a TrialRecord
        number, outcome, params, value, val_loss, step, run_id = 0, COMPLETED, {}, 2.5, 2.5, 10, "r"

    plots.set_trials([Trial()], None)
    assert plots.showing_plots()
    plots.set_trials([], None)
    assert not plots.showing_plots()
