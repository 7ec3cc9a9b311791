"""The Transfer probe tab: a result drawn and stored, exported as PNG, CSV and JSON; a bad file is a sentence."""

from __future__ import annotations

import csv
import json

import pytest

from mlmstudio.gui.pages.explore.transfer_tab import TransferTab
from mlmstudio.store.run_evaluations import list_evaluations

from explore_helpers import ANSWER_MS

EVALUATE_MS = 4 * ANSWER_MS  # a twin and every kept checkpoint read 504 sentences each


@pytest.mark.slow
def test_the_run_its_twin_and_checkpoints_are_drawn_stored_and_saved(
    page, trained_db, history, qtbot, tmp_path
):
    tab = page.tab(TransferTab)
    page.tabs.setCurrentWidget(tab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Transfer probe"
    assert tab.task_combo.currentData() == "sample:kinds"
    tab.seeds.setValue(2)
    seen = []
    tab._progress.changed.connect(lambda what, done, total: seen.append((what, done, total)))
    with qtbot.waitSignal(page.answered, timeout=EVALUATE_MS):
        tab.evaluate_button.click()
    report = tab.report
    assert report is not None and report.task == "sample:kinds" and report.seeds == (0, 1)
    assert seen and seen[-1][1] == seen[-1][2] == 504
    subjects = [tab.table.item(row, 0).text() for row in range(tab.table.rowCount())]
    assert subjects[:3] == ["majority class", "random twin", "this run"]
    assert any(s.startswith("step ") for s in subjects)  # the kept checkpoints, in the plot too
    run = report.result("run")
    assert tab.table.item(2, 2).text() == f"{run.mean:.1%}"
    assert "pretraining adds" in tab.summary.text()
    stored = {(e.subject, e.step) for e in list_evaluations(trained_db, history.modern_id)}
    assert ("run", None) in stored and ("twin", None) in stored and tab.stored == len(stored)
    assert tab.progress_bar.isHidden() and tab.cancel_button.isHidden()

    assert tab.export.save_picture(tmp_path / "t.png") and (tmp_path / "t.png").stat().st_size > 2000
    assert tab.export.save_numbers(tmp_path / "t.csv")
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert [r["subject"] for r in rows][:3] == ["majority", "twin", "run"]
    assert float(rows[2]["mean"]) == pytest.approx(run.mean, abs=1e-6)
    assert tab.export.save_numbers(tmp_path / "t.json")
    data = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert data["task"] == "sample:kinds" and len(data["results"]) == len(rows)


def test_a_task_file_with_one_class_is_a_sentence_and_nothing_is_stored(
    page, trained_db, history, qtbot, tmp_path
):
    tab = page.tab(TransferTab)
    page.tabs.setCurrentWidget(tab)
    task = tmp_path / "one.csv"
    task.write_text("text,label\n" + "".join(f"text {i},spam\n" for i in range(30)), encoding="utf-8")
    tab.set_task_file(task)
    assert tab.task_combo.currentText() == "file: one.csv"
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.evaluate_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    message = page.message_text()
    assert "same label" in message and "Traceback" not in message
    assert list_evaluations(trained_db, history.modern_id) == []
    assert tab.progress_bar.isHidden() and tab.report is None


def test_cancel_stops_the_evaluation_and_stores_nothing(page, trained_db, history, qtbot):
    tab = page.tab(TransferTab)
    page.tabs.setCurrentWidget(tab)
    tab._progress.changed.connect(lambda *_: tab.cancel())  # at the first batch
    with qtbot.waitSignal(page.failed, timeout=EVALUATE_MS):
        tab.evaluate_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "stopped" in page.message_text()
    assert list_evaluations(trained_db, history.modern_id) == []
