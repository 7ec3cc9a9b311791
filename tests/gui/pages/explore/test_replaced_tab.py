"""The "Spot the replaced word" tab: an ELECTRA run colours every token by the engine's numbers; an MLM
run says why it cannot; bad input (empty, too long, a deleted run) is a sentence, never a traceback."""

from __future__ import annotations

import csv
import dataclasses
import shutil

import pytest

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.inspect.detection import detect
from mlmstudio.engine.inspect.token_loss_html import heat_colour
from mlmstudio.gui.pages.explore.replaced_tab import NOT_ELECTRA_TEXT, ReplacedTab
from mlmstudio.store import lifecycle

from explore_helpers import ANSWER_MS, ask, predictor


@pytest.fixture
def electra_id(trained_db, make_tiny_config, page, qtbot):
    """An ELECTRA run trained into the page's history (a few steps), chosen on the page."""
    base = make_tiny_config(steps=10, arch="seed")
    config = dataclasses.replace(base, model=dataclasses.replace(base.model, objective="electra"))
    corpus = load_corpus("sample:facts")
    handle = lifecycle.prepare_run(trained_db, config, corpus, name="electra")
    assert lifecycle.run_recorded(trained_db, handle, corpus.text).status == "completed"
    page.refresh()
    qtbot.waitUntil(lambda: handle.run_id in [r.id for r in page.model_runs()], timeout=ANSWER_MS)
    page.select_run(handle.run_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    return handle.run_id


@pytest.mark.slow  # trains for more than a second
def test_an_electra_run_colours_each_token_by_the_engines_probability(
    page, trained_db, electra_id, qtbot, tmp_path
):
    tab = page.tab(ReplacedTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Spot the replaced word"
    assert tab.check_button.isEnabled() and not tab.unavailable.isVisible()
    tab.text.setPlainText("The capital of France is banana.")
    ask(qtbot, page, tab.check_button)
    expected = detect(predictor(trained_db, electra_id), "The capital of France is banana.")
    assert [t.probability for t in tab.result.tokens] == pytest.approx(
        [t.probability for t in expected.tokens]
    )
    html = tab.sentence_view.text()
    assert html.count("<span") == len(expected.tokens)
    suspect = expected.most_suspect()
    assert heat_colour(suspect.probability, 1.0)[0] in html
    assert "Most likely replaced" in tab.verdict.text() and tab.legend.isVisible()
    assert page.message_text() == ""
    # Saved as a picture and as numbers, like every Explore view.
    assert tab.export.save_picture(tmp_path / "replaced.png")
    assert (tmp_path / "replaced.png").stat().st_size > 1000
    assert tab.export.save_numbers(tmp_path / "replaced.csv")
    rows = list(csv.DictReader((tmp_path / "replaced.csv").open(encoding="utf-8")))
    assert [float(r["replaced_probability"]) for r in rows] == pytest.approx(
        [t.probability for t in expected.tokens]
    )


@pytest.mark.slow
def test_too_long_is_cut_with_a_message_and_empty_or_huge_is_refused(page, electra_id, qtbot):
    tab = page.tab(ReplacedTab)
    tab.text.setPlainText("paris " * 200)
    ask(qtbot, page, tab.check_button)
    assert tab.result.truncated and "were checked" in page.message_text()
    tab.text.setPlainText("   ")
    assert not tab.check() and "Type or paste a sentence" in page.message_text()
    tab.text.setPlainText("x" * 30_000)
    assert not tab.check() and "at most 20,000" in page.message_text()


@pytest.mark.slow
def test_a_deleted_run_is_a_sentence(page, trained_db, electra_id, qtbot):
    tab = page.tab(ReplacedTab)
    page.cache.clear()  # so the question has to load the (deleted) folder again
    shutil.rmtree(trained_db.run_dir(electra_id))
    with qtbot.waitSignal(page.runner.busy_changed, timeout=ANSWER_MS, check_params_cb=lambda busy: not busy):
        assert tab.check()
    assert page.message_text() and "Traceback" not in page.message_text()
    assert tab.result is None


def test_an_mlm_run_says_why_it_cannot_and_asks_nothing(page):
    tab = page.tab(ReplacedTab)  # the page has chosen the modern MLM run
    page.tabs.setCurrentWidget(tab)
    assert tab.unavailable.isVisible() and "masked language modelling" in tab.unavailable.text()
    assert not tab.check_button.isEnabled()
    assert not tab.check() and page.message_text() == NOT_ELECTRA_TEXT
