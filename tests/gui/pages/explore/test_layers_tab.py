"""The Layer by layer tab: the lens of a really trained run, the temperature slider, a clicked cell, saving."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from mlmstudio.engine.inspect.attention import attend
from mlmstudio.gui.pages.explore.layers_tab import LayersTab, cell_html, share
from mlmstudio.gui.widgets.prediction_view import readable_token

from explore_helpers import ANSWER_MS, SENTENCE, ask, predictor


def _click_square(qtbot, tab: LayersTab, query: int, key: int) -> None:
    """A real mouse click on the centre of square (query, key) of the tab's attention map."""
    scene = tab.map.getPlotItem().vb.mapViewToScene(QPointF(key + 0.5, query + 0.5))
    point = tab.map.mapFromScene(scene)
    qtbot.mouseClick(tab.map.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(point.x(), point.y()))


def test_the_lens_slider_cell_and_exports(page, trained_db, history, qtbot, tmp_path):
    tab = page.tab(LayersTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Layer by layer"
    page.sentence.set_text(SENTENCE)
    ask(qtbot, page, tab.show_button)
    assert page.message_text() == "" and page.tabs.currentWidget() is tab

    # the last row is the Predictions tab's answer
    model = predictor(trained_db, history.modern_id)
    expected = model.fill_mask(SENTENCE, top_k=page.top_k.value()).masks[0]
    lens = tab.result.lens
    assert lens.num_stages == tab.table.rowCount() == model.model.cfg.num_layers + 1
    assert [int(i) for i in lens.top_ids[0, -1]] == [c["token"] for c in expected]
    np.testing.assert_allclose(lens.probabilities(0, 1.0)[-1], [c["score"] for c in expected], atol=1e-6)
    last = tab.table.rowCount() - 1
    first = expected[0]
    assert tab.table.item(last, 0).text() == f"{readable_token(first['token_str'])}  {share(first['score'])}"
    assert tab.table.verticalHeaderItem(0).text() == "embeddings"
    assert tab.table.verticalHeaderItem(last).text() == f"{lens.stage_names[-1]} (answer)"

    # the slider redraws the probabilities: End is T = 5 (flat), Home T = 0.1 (sharp)
    tab.temperature.setFocus()
    qtbot.keyClick(tab.temperature, Qt.Key.Key_End)
    assert tab.temperature_value == 5.0 and tab.temperature_label.text() == "T = 5.0"
    flat = lens.probabilities(0, 5.0)
    assert tab.table.item(last, 0).text().endswith(share(float(flat[-1, 0])))
    qtbot.keyClick(tab.temperature, Qt.Key.Key_Home)
    sharp = lens.probabilities(0, 0.1)
    assert tab.temperature_value == 0.1
    assert tab.table.item(last, 0).text().endswith(share(float(sharp[-1, 0])))
    assert sharp[-1, 0] > first["score"] > flat[-1, 0]
    tab.set_temperature(1.0)

    # a click on a square of the map works that cell out; its row is the Attention tab's
    shown = attend(model, SENTENCE)
    L = len(tab.result.attention)
    tab.layer_combo.setCurrentIndex(L - 1)
    tab.head_combo.setCurrentIndex(1)
    query = lens.mask_positions[0]
    key = (tab.cell.key + 1) % len(lens.tokens)  # not the square chosen to start with
    _click_square(qtbot, tab, query, key)
    qtbot.waitUntil(
        lambda: tab.cell is not None and (tab.cell.query, tab.cell.key) == (query, key), timeout=5_000
    )
    cell = tab.cell
    assert cell.layer_name == shown.layer_names[L - 1] and cell.head == 1
    np.testing.assert_allclose(cell.weights, shown.weights[L - 1, 1, query], atol=1e-6)
    np.testing.assert_allclose(tab.map_image.image, shown.weights[L - 1, 1], atol=1e-6)
    text = tab.arithmetic.toPlainText()
    assert f"{cell.weight:.4f}" in text and "q·k / √" in text and "weight × v" in text
    assert f"token {query}" in text and f"token {key}" in text

    # saving: the picture, the table at the slider's temperature, the cell's numbers
    tab.set_temperature(2.0)
    assert tab.export.save_picture(tmp_path / "layers.png")
    assert (tmp_path / "layers.png").stat().st_size > 5000
    assert tab.export.save_numbers(tmp_path / "layers.csv")
    rows = list(csv.DictReader((tmp_path / "layers.csv").open(encoding="utf-8")))
    assert len(rows) == lens.num_stages * lens.top_ids.shape[-1]
    answer = [r for r in rows if int(r["stage"]) == last and r["rank"] == "1"][0]
    assert float(answer["probability"]) == pytest.approx(float(lens.probabilities(0, 2.0)[-1, 0]))
    assert float(answer["temperature"]) == 2.0
    assert tab.export.save_numbers(tmp_path / "layers.json")
    data = json.loads((tmp_path / "layers.json").read_text(encoding="utf-8"))
    assert data["temperature"] == 2.0 and data["attention_cell"]["key_index"] == key
    assert data["attention_cell"]["weight"] == pytest.approx(cell.weight)


def test_the_seed_run_and_a_sentence_without_a_mask(page, history, qtbot):
    tab = page.tab(LayersTab)
    page.select_run(history.seed_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    page.sentence.set_text(SENTENCE)
    ask(qtbot, page, tab.show_button)
    assert tab.result is not None and tab.result.lens.arch == "seed"
    assert tab.table.rowCount() == tab.result.lens.num_stages
    page.sentence.set_text("The capital of France is Paris.")
    assert not tab.show_layers()  # refused before any work starts, in a sentence
    assert "[MASK]" in page.message_text()
    assert tab.result is not None  # the last answer stays


def test_the_panel_reads_the_numbers_it_shows(page, trained_db, history):
    from mlmstudio.engine.inspect.attention_cell import attention_arithmetic
    from mlmstudio.gui.pages.explore.layers_tab import layer_by_layer
    from mlmstudio.gui.pages.explore.tab import Question

    model = predictor(trained_db, history.modern_id)
    result = layer_by_layer(model, Question(page.current_run(), SENTENCE, 5))
    assert len(result.attention) == len(attention_arithmetic(model.model, _ids(model)))
    cell = result.attention[0].cell(0, 1, 0, result.lens.tokens)
    html = cell_html(cell, result.attention[0].positions)
    assert f"{float(cell.dots[0]):+.4f}".replace("-", "−") in html
    assert html.count("<tr") == 1 + len(result.lens.tokens) + 1 + cell.values.shape[1]


def _ids(model):
    import torch

    ids, _masks, _cut = model.frame(SENTENCE)
    return torch.tensor([ids])


def test_an_opened_roberta_is_read_layer_by_layer(page, trained_db, qtbot, tmp_path):
    """An imported model (its own <mask>) goes through the same tab: the last row is its fill answer."""
    pytest.importorskip("transformers")
    from hf_family_models import build_family

    from mlmstudio.engine.predict import Predictor
    from mlmstudio.store.imported_runs import record_imported_model

    run_id, origin = record_imported_model(trained_db, build_family("roberta", tmp_path / "roberta"))
    with qtbot.waitSignal(page.runs.changed, timeout=ANSWER_MS):
        page.refresh()
    assert page.select_run(run_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    tab = page.tab(LayersTab)
    page.sentence.set_text(f"paris is the {origin.mask_token} of france .")
    ask(qtbot, page, tab.show_button)
    lens = tab.result.lens
    expected = Predictor.from_dir(trained_db.run_dir(run_id)).fill_mask("paris is the [MASK] of france .")
    assert [int(i) for i in lens.top_ids[0, -1]] == [c["token"] for c in expected.masks[0]]
    np.testing.assert_allclose(
        lens.probabilities(0, 1.0)[-1], [c["score"] for c in expected.masks[0]], atol=1e-6
    )
    assert lens.num_stages == 3 and len(tab.result.attention) == 2  # the tiny family: 2 layers
    assert tab.cell is not None and tab.head_combo.count() == 4
