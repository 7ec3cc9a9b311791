"""The Explore page, driven as a user would, against really trained tiny runs.

Each test gets its own copy of a history with two runs trained once per
session (see trained_history.py). The pages's answers are checked against the
engine's own Predictor on the same model, so they must be the model's real
predictions, not just something drawn.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from mlmstudio.engine.predict import Predictor
from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.store.database import Database


SENTENCE = "The capital of France is [MASK]."


@pytest.fixture
def page(qtbot, trained_db, history):
    page = ExplorePage(trained_db)
    qtbot.addWidget(page)
    page.resize(1000, 700)
    page.show()
    page.select_run(history.modern_id)
    return page


def predictor(db: Database, run_id: str) -> Predictor:
    return Predictor.from_dir(db.run_dir(run_id))


def test_lists_the_trained_runs_and_predicts_like_the_engine(page, trained_db, history, qtbot):
    assert {page.run_combo.itemData(i) for i in range(page.run_combo.count())} == {
        history.modern_id, history.seed_id}
    page.sentence.set_text(SENTENCE)
    page.top_k.setValue(4)
    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)

    assert page.message_text() == ""
    views = page.prediction_views()
    assert len(views) == 1
    rows = views[0].rows()
    assert len(rows) == 4
    scores = [score for _, score in rows]
    assert scores == sorted(scores, reverse=True) and 0 < sum(scores) <= 1.0 + 1e-6
    expected = predictor(trained_db, history.modern_id).fill_mask(SENTENCE, top_k=4).masks[0]
    assert scores == pytest.approx([p["score"] for p in expected], abs=1e-6)
    assert "Most likely:" in page.best_guess.text()


def test_enter_in_the_text_box_predicts(page, qtbot):
    page.sentence.set_text(SENTENCE)
    page.sentence.editor.setFocus()
    QTest.keyClick(page.sentence.editor, Qt.Key.Key_Return)
    assert len(page.prediction_views()) == 1
    assert page.sentence.text() == SENTENCE  # Enter asked, it did not add a line


def test_clicking_a_word_masks_it_and_clicking_again_brings_it_back(page, qtbot):
    page.sentence.set_text("The capital of France is Paris.")
    paris = next(s for s in page.sentence.segments() if s.text == "Paris")
    viewport = page.sentence.view.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=page.sentence.segment_rect(paris.index).center())
    # A character model predicts one character per mask, so the word becomes one mask per letter.
    assert page.sentence.text() == "The capital of France is " + "[MASK]" * 5 + "."

    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)
    assert len(page.prediction_views()) == 5

    mask = next(s for s in page.sentence.segments() if s.is_mask)
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=page.sentence.segment_rect(mask.index).center())
    assert page.sentence.text() == "The capital of France is Paris."


def test_a_word_model_gets_one_mask_per_clicked_word(qtbot):
    from mlmstudio.gui.widgets.clickable_text import ClickableText

    text = ClickableText()
    qtbot.addWidget(text)
    text.set_text("The capital of France is Paris.")
    text.toggle(next(s.index for s in text.segments() if s.text == "France"))
    assert text.text() == "The capital of [MASK] is Paris."
    # Typing elsewhere keeps the remembered word; the mask still toggles back.
    cursor = text.editor.textCursor()
    cursor.setPosition(0)
    cursor.insertText("Yes: ")
    text.toggle(next(s.index for s in text.segments() if s.is_mask))
    assert text.text() == "Yes: The capital of France is Paris."


def test_scoring_candidate_words_flags_multi_token_words(page, trained_db, history):
    page.sentence.set_text(SENTENCE)
    page.candidates.setText("Paris, x")
    page.score_button.click()

    assert page.message_text() == ""
    table = page.scores_table
    assert table.rowCount() == 2
    rows = {table.item(r, 0).text(): [table.item(r, c).text() for c in range(5)] for r in range(2)}
    assert "several tokens" in rows["Paris"][4]       # a character model spells Paris in 5 tokens
    assert "several tokens" not in rows["x"][4]
    assert "5 tokens" in page.scores_note.text()
    expected = predictor(trained_db, history.modern_id).fill_mask(SENTENCE, targets=["Paris", "x"]).targets
    by_word = {t["word"]: t for t in expected}
    assert float(rows["x"][3]) == pytest.approx(by_word["x"]["log_prob"], abs=0.01)
    assert float(rows["Paris"][3]) == pytest.approx(by_word["Paris"]["log_prob"], abs=0.01)


def test_fill_one_at_a_time_shows_each_step(page, trained_db, history):
    text = "The capital of France is [MASK][MASK][MASK]."
    page.sentence.set_text(text)
    page.iterate_button.click()

    expected = predictor(trained_db, history.modern_id).fill_iteratively(text)
    assert page.message_text() == ""
    table = page.steps_table
    assert table.rowCount() == 3
    assert sorted(int(table.item(r, 1).text()) for r in range(3)) == [1, 2, 3]
    assert [int(table.item(r, 1).text()) - 1 for r in range(3)] == [s["mask"] for s in expected.steps]
    assert "[MASK]" not in table.item(2, 4).text()
    assert expected.sequence in page.iterative_result.text()


def test_compare_two_runs_side_by_side(page, trained_db, history):
    page.sentence.set_text(SENTENCE)
    page.tabs.setCurrentIndex(3)
    assert not page.compare_button.isEnabled()
    page.set_compared_runs([history.modern_id, history.seed_id])
    assert page.compare_button.isEnabled()
    page.compare_button.click()

    columns = page.compare_views()
    assert set(columns) == {history.modern_id, history.seed_id}
    for run_id, views in columns.items():
        assert len(views) == 1
        expected = predictor(trained_db, run_id).fill_mask(SENTENCE).masks[0]
        assert [score for _, score in views[0].rows()] == pytest.approx([p["score"] for p in expected], abs=1e-6)
    # Two different models: their answers differ.
    assert columns[history.modern_id][0].rows() != columns[history.seed_id][0].rows()


def test_text_without_a_mask_gets_a_plain_message(page, qtbot):
    page.sentence.set_text("The capital of France is Paris.")
    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)
    assert "[MASK]" in page.message_text()
    assert page.prediction_views() == []
    # Still usable: fix the text and ask again.
    page.sentence.set_text(SENTENCE)
    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)
    assert page.message_text() == ""
    assert len(page.prediction_views()) == 1


def test_missing_model_files_give_a_message_not_a_crash(page, trained_db, history, qtbot):
    page.sentence.set_text(SENTENCE)
    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)  # loads and caches the model
    (trained_db.run_dir(history.modern_id) / "model.safetensors").unlink()
    qtbot.mouseClick(page.predict_button, Qt.MouseButton.LeftButton)
    assert "missing" in page.message_text()
    # After a reload the run is no longer offered.
    page.refresh()
    assert page.run_combo.findData(history.modern_id) == -1
    assert page.current_run_id() == history.seed_id


def test_no_candidates_and_no_runs_are_explained(qtbot, page, tmp_path):
    page.candidates.setText(" , ")
    page.score_button.click()
    assert "candidate" in page.message_text()

    empty = ExplorePage(Database.open(tmp_path / "empty-history"))
    qtbot.addWidget(empty)
    assert empty.current_run_id() is None
    assert not empty.predict_button.isEnabled()
    assert "No trained runs" in empty.run_combo.currentText()


def test_loaded_models_are_cached_per_run(page, history, monkeypatch):
    loads = []
    original = page.cache._load
    page.cache._load = lambda path: loads.append(path) or original(path)
    page.sentence.set_text(SENTENCE)
    for _ in range(3):
        page.predict_button.click()
    assert len(loads) == 1
    page.select_run(history.seed_id)
    page.predict_button.click()
    assert len(loads) == 2
