"""The Predictions tab: top-k bars for every [MASK], checked against the engine's own Predictor."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from explore_helpers import ANSWER_MS, SENTENCE, ask, predictor


def test_lists_the_trained_runs_and_predicts_like_the_engine(page, trained_db, history, qtbot):
    assert {page.run_combo.itemData(i) for i in range(page.run_combo.count())} == {
        history.modern_id,
        history.seed_id,
    }
    page.sentence.set_text(SENTENCE)
    page.top_k.setValue(4)
    ask(qtbot, page, page.predict_button)

    assert page.message_text() == ""
    views = page.prediction_views()
    assert len(views) == 1
    rows = views[0].rows()
    assert len(rows) == 4
    scores = [score for _, score in rows]
    assert scores == sorted(scores, reverse=True) and 0 < sum(scores) <= 1.0 + 1e-6
    expected = predictor(trained_db, history.modern_id).fill_mask(SENTENCE, top_k=4).masks[0]
    assert scores == pytest.approx([p["score"] for p in expected], abs=1e-6)
    assert "Most likely:" in page.predictions_tab.best_guess.text()
    assert page.tabs.currentWidget() is page.predictions_tab


def test_enter_in_the_text_box_predicts(page, qtbot):
    page.sentence.set_text(SENTENCE)
    page.sentence.editor.setFocus()
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        QTest.keyClick(page.sentence.editor, Qt.Key.Key_Return)
    assert len(page.prediction_views()) == 1
    assert page.sentence.text() == SENTENCE  # Enter asked, it did not add a line


def test_clicking_a_word_masks_it_and_clicking_again_brings_it_back(page, qtbot):
    page.sentence.set_text("The capital of France is Paris.")
    paris = next(s for s in page.sentence.segments() if s.text == "Paris")
    viewport = page.sentence.view.viewport()
    QTest.mouseClick(
        viewport, Qt.MouseButton.LeftButton, pos=page.sentence.segment_rect(paris.index).center()
    )
    # A character model predicts one character per mask, so the word becomes one mask per letter.
    assert page.sentence.text() == "The capital of France is " + "[MASK]" * 5 + "."

    ask(qtbot, page, page.predict_button)
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


def test_text_longer_than_the_model_reads_is_cut_with_a_message(page, trained_db, history, qtbot):
    # The tiny model reads 64 characters; this text has 200 around one mask.
    text = "x" * 100 + "The capital of France is [MASK]." + "y" * 100
    page.sentence.set_text(text)
    ask(qtbot, page, page.predict_button)
    assert "longer than the model can read" in page.message_text()
    expected = predictor(trained_db, history.modern_id).fill_mask(text).masks[0]
    assert [s for _, s in page.prediction_views()[0].rows()] == pytest.approx(
        [p["score"] for p in expected], abs=1e-6
    )
