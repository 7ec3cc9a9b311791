"""The Score words tab: candidate words scored at the [MASK], multi-token words flagged."""

from __future__ import annotations

import pytest

from explore_helpers import SENTENCE, ask, predictor


def test_scoring_candidate_words_flags_multi_token_words(page, trained_db, history, qtbot):
    tab = page.scores_tab
    page.sentence.set_text(SENTENCE)
    tab.candidates.setText("Paris, x")
    ask(qtbot, page, tab.score_button)

    assert page.message_text() == ""
    assert page.tabs.currentWidget() is tab
    table = tab.scores_table
    assert table.rowCount() == 2
    rows = {table.item(r, 0).text(): [table.item(r, c).text() for c in range(5)] for r in range(2)}
    assert "several tokens" in rows["Paris"][4]  # a character model spells Paris in 5 tokens
    assert "several tokens" not in rows["x"][4]
    assert "5 tokens" in tab.scores_note.text()
    expected = predictor(trained_db, history.modern_id).fill_mask(SENTENCE, targets=["Paris", "x"]).targets
    by_word = {t["word"]: t for t in expected}
    assert float(rows["x"][3]) == pytest.approx(by_word["x"]["log_prob"], abs=0.01)
    assert float(rows["Paris"][3]) == pytest.approx(by_word["Paris"]["log_prob"], abs=0.01)


def test_no_candidates_are_explained(page):
    page.scores_tab.candidates.setText(" , ")
    page.scores_tab.score_button.click()
    assert "candidate" in page.message_text()
    assert not page.is_busy()
