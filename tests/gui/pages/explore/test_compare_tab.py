"""The Compare runs tab: the same sentence asked of two runs, side by side."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QGroupBox, QLabel

from explore_helpers import SENTENCE, ask, predictor


def test_compare_two_runs_side_by_side(page, trained_db, history, qtbot):
    tab = page.compare_tab
    page.sentence.set_text(SENTENCE)
    page.tabs.setCurrentWidget(tab)
    assert not tab.compare_button.isEnabled()
    page.set_compared_runs([history.modern_id, history.seed_id])
    assert tab.compare_button.isEnabled()
    ask(qtbot, page, tab.compare_button)

    columns = page.compare_views()
    assert set(columns) == {history.modern_id, history.seed_id}
    for run_id, views in columns.items():
        assert len(views) == 1
        expected = predictor(trained_db, run_id).fill_mask(SENTENCE).masks[0]
        assert [score for _, score in views[0].rows()] == pytest.approx(
            [p["score"] for p in expected], abs=1e-6
        )
    # Two different models: their answers differ.
    assert columns[history.modern_id][0].rows() != columns[history.seed_id][0].rows()


def test_at_most_four_runs_and_a_broken_one_gets_its_reason(page, trained_db, history, qtbot):
    tab = page.compare_tab
    page.set_compared_runs([history.modern_id])
    assert not tab.compare_button.isEnabled()  # one run is no comparison
    page.set_compared_runs([history.modern_id, history.seed_id])
    shutil.rmtree(trained_db.run_dir(history.seed_id))
    page.sentence.set_text(SENTENCE)
    ask(qtbot, page, tab.compare_button)
    columns = page.compare_views()
    assert len(columns[history.modern_id]) == 1
    assert columns[history.seed_id] == []  # no bars: the reason instead
    box = next(b for b in tab.compare_box.findChildren(QGroupBox) if b.property("run_id") == history.seed_id)
    assert "no longer exists" in " ".join(label.text() for label in box.findChildren(QLabel))
