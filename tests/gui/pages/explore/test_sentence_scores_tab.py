"""The Score sentences tab: ranked sentences with heat-coloured tokens, minimal pairs, bad input."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from mlmstudio.engine.inspect.scoring import score_sentence
from mlmstudio.engine.inspect.token_loss_html import heat_colour
from mlmstudio.gui.pages.explore.sentence_scores_tab import SentenceScoresTab

from explore_helpers import ask, predictor

SENTENCES = ["The capital of France is Paris.", "The cow says moo.", "Moo says cow the."]


def test_sentences_are_ranked_with_the_engine_numbers_and_saved(page, trained_db, history, qtbot, tmp_path):
    tab = page.tab(SentenceScoresTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Score sentences"
    tab.sentences.setPlainText("\n".join(SENTENCES) + "\n\n")
    ask(qtbot, page, tab.score_button)

    assert page.message_text() == ""
    assert page.tabs.currentWidget() is tab
    assert [s.score for s in tab.ranked] == sorted((s.score for s in tab.ranked), reverse=True)
    model = predictor(trained_db, history.modern_id)
    for s in tab.ranked:
        assert s.score == pytest.approx(score_sentence(model, s.text).score, abs=1e-4)
    html = tab.ranking.text()
    assert html.count("<tr>") == 3 and "nats" in html and "costliest" in html
    worst = tab.ranked[0].worst_token()
    assert (
        heat_colour(-worst.log_prob, max(-t.log_prob for s in tab.ranked for t in s.tokens))[0]
        != heat_colour(0.0, 1.0)[0]
    )
    assert tab.legend.isVisible() and "nats" in tab.legend.text()
    assert not tab.verdict.isVisible()

    assert tab.save_picture(tmp_path / "view.png") and (tmp_path / "view.png").stat().st_size > 1000
    assert tab.save_numbers(tmp_path / "scores.csv")
    rows = list(csv.DictReader((tmp_path / "scores.csv").open(encoding="utf-8")))
    assert len(rows) == sum(s.num_tokens for s in tab.ranked)
    assert rows[0]["rank"] == "1" and rows[0]["sentence"] == tab.ranked[0].text
    assert tab.save_numbers(tmp_path / "scores.json")
    assert len(json.loads((tmp_path / "scores.json").read_text(encoding="utf-8"))) == 3
    assert not tab.save_numbers(tmp_path / "no-such-folder" / "x.csv")
    assert "Could not save x.csv" in page.message_text() and "does not exist" in page.message_text()


def test_minimal_pair_says_which_one_and_why(page, qtbot):
    tab = page.tab(SentenceScoresTab)
    tab.pair_mode.setChecked(True)
    tab.sentences.setPlainText("The sky is blue.\nThe sky is moo.")
    ask(qtbot, page, tab.score_button)
    assert tab.pair is not None and tab.verdict.isVisible()
    assert "The model prefers" in tab.verdict.text() and "nats" in tab.verdict.text()
    assert tab.pair.difference == pytest.approx(tab.pair.a.score - tab.pair.b.score)


@pytest.mark.parametrize(
    "text, pair, fragment",
    [
        ("", False, "one or more sentences"),
        ("  \n \n", False, "one or more sentences"),
        ("only one", True, "two sentences"),
        ("one\ntwo\nthree", True, "there are 3"),
    ],
)
def test_bad_input_is_a_sentence_and_nothing_starts(page, text, pair, fragment):
    tab = page.tab(SentenceScoresTab)
    tab.pair_mode.setChecked(pair)
    tab.sentences.setPlainText(text)
    assert not tab.score()
    assert fragment in page.message_text()
    assert not page.is_busy()


def test_a_marker_in_the_sentence_is_explained_by_the_engine(page, qtbot):
    tab = page.tab(SentenceScoresTab)
    tab.sentences.setPlainText("The cat sat on the [MASK].")
    with qtbot.waitSignal(page.failed, timeout=30_000):
        tab.score_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=30_000)
    assert "[MASK]" in page.message_text() and "Traceback" not in page.message_text()
    assert tab.ranked == []


def test_a_deleted_run_is_reported_not_answered(page, trained_db, history, qtbot):
    tab = page.tab(SentenceScoresTab)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    with qtbot.waitSignal(page.failed, timeout=30_000):
        tab.score_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=30_000)
    message = page.message_text()
    assert message and "Traceback" not in message
    assert "deleted" in message.lower() or "folder" in message.lower(), message
    assert tab.ranked == []


def test_a_sentence_longer_than_the_model_reads_is_scored_in_windows_with_a_message(page, qtbot):
    tab = page.tab(SentenceScoresTab)
    text = ("the cat sat on the mat and " * 40).strip()
    tab.sentences.setPlainText(text)
    ask(qtbot, page, tab.score_button)
    (score,) = tab.ranked
    assert score.windowed and not score.truncated
    assert score.num_tokens == len(text)  # a character model: every character scored
    assert "longer than the model reads" in page.message_text()
    assert "tokens around it" in tab.ranking.text()


def test_hovering_a_token_shows_its_numbers(page, qtbot):
    tab = page.tab(SentenceScoresTab)
    tab.rank_mode.setChecked(True)
    tab.sentences.setPlainText("The capital of France is Paris.")
    ask(qtbot, page, tab.score_button)
    score = tab.ranked[0]
    html = tab.ranking.text()
    assert html.count("href='token:0:") == score.num_tokens
    worst = score.tokens.index(score.worst_token())
    tip = tab.hovered_tip(f"token:0:{worst}")
    assert f"{score.tokens[worst].log_prob:.3f}" in tip and "nats" in tip and "probability" in tip
    assert tab.hovered_tip("token:5:0") == "" and tab.hovered_tip("nonsense") == ""
    tab._on_token_hovered(f"token:0:{worst}")  # a real hover: shows the tooltip, no error
    tab._on_token_hovered("")
