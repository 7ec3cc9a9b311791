"""Every Explore view saves a PNG and its numbers as CSV and JSON, through the shared export buttons."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtGui import QImage

from mlmstudio.gui.pages.explore.iterative_tab import IterativeTab
from mlmstudio.gui.pages.explore.predictions_tab import PredictionsTab
from mlmstudio.gui.pages.explore.scores_tab import ScoresTab

from explore_helpers import SENTENCE, ask


def _saved(tab, tmp_path, name):
    assert tab.export.picture_button.isEnabled() and tab.export.numbers_button.isEnabled()
    assert tab.export.save_picture(tmp_path / f"{name}.png")
    assert not QImage(str(tmp_path / f"{name}.png")).isNull()
    assert tab.export.save_numbers(tmp_path / f"{name}.csv")
    assert tab.export.save_numbers(tmp_path / f"{name}.json")
    rows = list(csv.DictReader((tmp_path / f"{name}.csv").open(encoding="utf-8")))
    return rows, json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))


def test_predictions_save(page, qtbot, tmp_path):
    tab = page.tab(PredictionsTab)
    assert not tab.export.numbers_button.isEnabled()  # nothing asked yet
    page.sentence.set_text(SENTENCE)
    page.top_k.setValue(4)
    ask(qtbot, page, page.predict_button)
    rows, data = _saved(tab, tmp_path, "predictions")
    assert len(rows) == 4 and [r["rank"] for r in rows] == ["1", "2", "3", "4"]
    assert float(rows[0]["probability"]) == pytest.approx(data["masks"][0][0]["score"])
    assert rows[0]["token"] == data["masks"][0][0]["token_str"]


def test_word_scores_save(page, qtbot, tmp_path):
    tab = page.tab(ScoresTab)
    page.sentence.set_text(SENTENCE)
    tab.candidates.setText("paris, berlin")
    ask(qtbot, page, tab.score_button)
    rows, data = _saved(tab, tmp_path, "scores")
    assert [r["word"] for r in rows] == ["paris", "berlin"] == [d["word"] for d in data]


def test_iterative_save(page, qtbot, tmp_path):
    tab = page.tab(IterativeTab)
    page.sentence.set_text("The [MASK] of France is [MASK].")
    ask(qtbot, page, tab.iterate_button)
    rows, data = _saved(tab, tmp_path, "iterative")
    assert [r["step"] for r in rows] == ["1", "2"] and data["sequence"] == tab.result.sequence


def test_compare_save(page, history, qtbot, tmp_path):
    tab = page.compare_tab
    page.sentence.set_text(SENTENCE)
    page.set_compared_runs([history.modern_id, history.seed_id])
    ask(qtbot, page, tab.compare_button)
    rows, data = _saved(tab, tmp_path, "compare")
    assert {r["run_id"] for r in rows} == {history.modern_id, history.seed_id}
    assert len(rows) == 2 * page.top_k.value() and len(data) == 2 and "masks" in data[0]
