"""The Attention tab: a layer x head grid of the engine's weights, an enlarged map, saving, bad input."""

from __future__ import annotations

import csv
import json
import shutil

import numpy as np
from PySide6.QtCore import QPoint, QPointF, Qt

from mlmstudio.engine.inspect.attention import attend
from mlmstudio.gui.pages.explore.attention_tab import AttentionTab
from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.gui.widgets.prediction_view import readable_token
from mlmstudio.store.database import Database

from explore_helpers import ANSWER_MS, ask, predictor

TEXT = "The capital of France is Paris."


def test_the_grid_draws_the_engines_weights_and_a_click_enlarges_one(
    page, trained_db, history, qtbot, tmp_path
):
    tab = page.tab(AttentionTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Attention"
    page.sentence.set_text(TEXT)  # no [MASK]: this tab does not need one
    ask(qtbot, page, tab.show_button)

    assert page.message_text() == "" and page.tabs.currentWidget() is tab
    expected = attend(predictor(trained_db, history.modern_id), TEXT)
    result = tab.result
    assert result is not None and result.tokens == expected.tokens
    np.testing.assert_allclose(result.weights, expected.weights, atol=1e-6)
    L, H = result.num_layers, result.num_heads
    assert len(tab._cells) == L * (H + 1)  # every head and the average, per layer
    assert tab.selected == (0, None)  # the first layer's average to start with
    assert "tokens" in tab.summary.text()

    # a real click on the last head of the last layer enlarges it
    box = next(b for b, layer, head in tab._cells if (layer, head) == (L - 1, H - 1))
    centre = tab.grid.mapFromScene(box.sceneBoundingRect().center())
    qtbot.mouseClick(tab.grid.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(centre.x(), centre.y()))
    qtbot.waitUntil(lambda: tab.selected == (L - 1, H - 1), timeout=5_000)
    np.testing.assert_allclose(tab.zoom_image.image, result.weights[L - 1, H - 1])
    assert tab.zoom_title.text() == f"Layer {L}, head {H}"
    ticks = tab.zoom.getAxis("left")._tickLevels[0]  # every token, or every n-th of a long text
    assert ticks[0] == (0.5, "[CLS]") and 12 <= len(ticks) <= 24
    assert all(label == readable_token(result.tokens[int(x)]) for x, label in ticks)

    # hovering a square of the enlarged map names both tokens and the weight
    view = tab.zoom.getPlotItem().vb
    tab._on_zoom_hovered(view.mapViewToScene(QPointF(2.5, 1.5)))  # key 2, query 1
    assert tab.hover_text.text() == tab.describe(1, 2)
    assert f"{result.weights[L - 1, H - 1, 1, 2]:.3f}" in tab.hover_text.text()
    assert "“T”" in tab.hover_text.text() and "“h”" in tab.hover_text.text()

    assert tab.export.save_picture(tmp_path / "attention.png")
    assert (tmp_path / "attention.png").stat().st_size > 2000
    assert tab.export.save_numbers(tmp_path / "attention.json")
    data = json.loads((tmp_path / "attention.json").read_text(encoding="utf-8"))
    assert np.allclose(np.asarray(data["weights"]).sum(-1), 1.0, atol=1e-6)
    assert tab.export.save_numbers(tmp_path / "attention.csv")
    rows = list(csv.DictReader((tmp_path / "attention.csv").open(encoding="utf-8")))
    T = len(result.tokens)
    assert len(rows) == L * (H + 1) * T * T
    assert not tab.export.save_numbers(tmp_path / "no-such-folder" / "x.csv")
    assert "does not exist" in page.message_text()


def test_the_seed_architecture_is_drawn_too(page, history, qtbot):
    tab = page.tab(AttentionTab)
    page.select_run(history.seed_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    page.sentence.set_text(TEXT)
    ask(qtbot, page, tab.show_button)
    assert tab.result is not None and tab.result.arch == "seed"
    assert np.allclose(tab.result.weights.sum(-1), 1.0, atol=1e-5)


def test_an_empty_sentence_is_a_sentence_and_nothing_is_drawn(page, qtbot):
    tab = page.tab(AttentionTab)
    page.sentence.set_text("   ")
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "empty" in page.message_text() and "Traceback" not in page.message_text()
    assert tab.result is None and not tab.export.picture_button.isEnabled()


def test_text_longer_than_the_model_reads_is_cut_with_a_message(page, qtbot):
    tab = page.tab(AttentionTab)
    text = ("the cat sat on the mat and " * 5).strip()  # a character model reading 64 tokens
    page.sentence.set_text(text)
    ask(qtbot, page, tab.show_button)
    assert tab.result is not None and tab.result.truncated
    assert len(tab.result.tokens) == 64 and tab.result.text_tokens == len(text)
    assert "only its first 62 tokens" in page.message_text()


def test_a_deleted_run_is_reported_not_drawn(page, trained_db, history, qtbot):
    tab = page.tab(AttentionTab)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    message = page.message_text()
    assert message and "Traceback" not in message
    assert "deleted" in message.lower() or "folder" in message.lower(), message
    assert tab.result is None


def test_no_run_is_explained(qtbot, tmp_path):
    page = ExplorePage(Database.open(tmp_path / "empty-history"))
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    tab = page.tab(AttentionTab)
    assert not tab.show_button.isEnabled()
    assert not tab.show_attention()
    assert "no trained run" in page.message_text()
