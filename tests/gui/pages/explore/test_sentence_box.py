"""The sentence box and the number of guesses live in the tabs that ask about them (issue 21 item 2).

One box moves into whichever sentence tab is shown, so the text typed carries
between those tabs; a tab with its own input (Embeddings, Score sentences, …)
does not show it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from mlmstudio.gui.pages.explore.attention_tab import AttentionTab
from mlmstudio.gui.pages.explore.embeddings_tab import EmbeddingsTab
from mlmstudio.gui.pages.explore.replaced_tab import ReplacedTab
from mlmstudio.gui.pages.explore.sentence_scores_tab import SentenceScoresTab
from mlmstudio.gui.pages.explore.token_loss_tab import TokenLossTab
from mlmstudio.gui.pages.explore.transfer_tab import TransferTab
from mlmstudio.gui.pages.explore_page import SENTENCE_TABS, ExplorePage

from explore_helpers import ANSWER_MS, SENTENCE, ask


def _shown_page(qtbot, db) -> ExplorePage:
    page = ExplorePage(db)
    qtbot.addWidget(page)
    page.resize(1280, 760)
    page.show()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    return page


def test_a_tab_that_does_not_use_the_sentence_does_not_show_it(qtbot, db):
    page = _shown_page(qtbot, db)
    for kind in (SentenceScoresTab, ReplacedTab, EmbeddingsTab, TokenLossTab, TransferTab):
        tab = page.tab(kind)
        page.tabs.setCurrentWidget(tab)
        assert not page.sentence.isVisible(), kind.__name__
        assert not page.top_k.isVisible() and not page.predict_button.isVisible(), kind.__name__
        assert not tab.isAncestorOf(page.sentence), kind.__name__


def test_the_sentence_tabs_show_the_one_box_and_the_text_carries_between_them(qtbot, db):
    page = _shown_page(qtbot, db)
    page.sentence.set_text("Typed once, [MASK] everywhere.")
    for kind in SENTENCE_TABS:
        tab = page.tab(kind)
        page.tabs.setCurrentWidget(tab)
        assert tab.isAncestorOf(page.sentence) and page.sentence.isVisible(), kind.__name__
        assert page.sentence.text() == "Typed once, [MASK] everywhere."
        # The sentence sits above the tab's own controls, below the tab bar.
        assert (
            page.sentence.mapTo(page, page.sentence.rect().topLeft()).y()
            > page.tabs.tabBar().geometry().bottom()
        )
        # Attention reads the sentence but guesses nothing: no number of guesses there.
        assert page.top_k.isVisible() == (kind is not AttentionTab), kind.__name__
    assert page.predictions_tab.isAncestorOf(page.predict_button)  # Predict is that tab's own button


def test_enter_asks_the_question_of_the_tab_the_box_is_in(page, qtbot):
    page.tabs.setCurrentWidget(page.iterative_tab)
    page.sentence.set_text("The capital of France is [MASK][MASK].")
    page.sentence.editor.setFocus()
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        QTest.keyClick(page.sentence.editor, Qt.Key.Key_Return)
    assert page.tabs.currentWidget() is page.iterative_tab
    assert page.iterative_tab.steps_table.rowCount() == 2
    assert page.predictions_tab.result is None  # Enter no longer jumps to Predictions


def test_an_answer_that_arrives_after_the_user_left_the_page_leaves_no_status_message(page, qtbot):
    said: list[str] = []
    page.status_message.connect(said.append)
    page.sentence.set_text(SENTENCE)
    ask(qtbot, page, page.predict_button)
    assert any(text.startswith("Most likely:") for text in said)  # on the page, the status bar says it

    said.clear()
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        page.predict_button.click()
        page.hide()  # the user went to another page before the answer came
    assert page.predictions_tab.best_guess.text()  # still drawn, on the page
    assert said == []
