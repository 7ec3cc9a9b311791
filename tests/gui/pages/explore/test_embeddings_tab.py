"""The Embeddings tab: neighbours as similarity bars, the PCA map with hover labels, bad input as sentences."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from mlmstudio.engine.inspect.embeddings import nearest_tokens
from mlmstudio.gui.pages.explore.embeddings_tab import EmbeddingsTab, point_tip

from explore_helpers import ANSWER_MS, ask, predictor


def test_neighbours_and_map_match_the_engine_and_save(page, trained_db, history, qtbot, tmp_path):
    tab = page.tab(EmbeddingsTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Embeddings"
    assert not tab.export.numbers_button.isEnabled()
    tab.word.setText("a")
    tab.neighbour_count.setValue(6)
    tab.map_count.setValue(40)
    ask(qtbot, page, tab.show_button)

    assert page.message_text() == "" and page.tabs.currentWidget() is tab
    expected = nearest_tokens(predictor(trained_db, history.modern_id), "a", 6)
    rows = tab.neighbours.rows()
    assert [score for _, score in rows] == pytest.approx(
        [n.similarity for n in expected.neighbours], abs=1e-6
    )
    assert len(tab.points.data) == min(40, expected_vocab(trained_db, history) - 5)
    # Hover labels: every map point names its token, the highlighted ones their similarity.
    tips = [point_tip(0, 0, p["data"]) for p in tab.points.data]
    assert all(t and "most frequent" in t for t in tips)
    assert len(tab.highlighted.data) == 6 and "similarity" in point_tip(0, 0, tab.highlighted.data[0]["data"])
    assert len(tab.query_point.data) == 1 and any(label.toPlainText() == "a" for label in tab.labels)
    assert "spread" in tab.map_note.text()

    assert tab.export.save_picture(tmp_path / "e.png") and (tmp_path / "e.png").stat().st_size > 2000
    assert tab.export.save_numbers(tmp_path / "e.csv") and tab.export.save_numbers(tmp_path / "e.json")
    csv_rows = list(csv.DictReader((tmp_path / "e.csv").open(encoding="utf-8")))
    assert [r["kind"] for r in csv_rows].count("neighbour") == 6
    data = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    assert len(data["map"]["xy"]) == len(tab.points.data)


def expected_vocab(db, history):
    return predictor(db, history.modern_id).tokenizer.vocab_size


def test_special_tokens_are_marked_when_asked_for(page, qtbot):
    tab = page.tab(EmbeddingsTab)
    tab.word.setText("e")
    tab.neighbour_count.setValue(100)
    tab.special.setChecked(True)
    ask(qtbot, page, tab.show_button)
    marked = [token for token, _ in tab.neighbours.rows() if token.endswith(" *")]
    assert {t[:-2] for t in marked} <= {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"} and marked


def test_clicking_a_point_looks_its_token_up(page, qtbot):
    tab = page.tab(EmbeddingsTab)
    tab.word.setText("e")
    ask(qtbot, page, tab.show_button)
    point = tab.points.points()[3]
    with qtbot.waitSignal(page.answered, timeout=ANSWER_MS):
        tab._on_point_clicked(tab.points, [point])
    assert tab.word.text() == point.data()[0] == tab.result.neighbours.word.text


@pytest.mark.parametrize(
    "word, fragment",
    [
        ("", "Type a word"),
        ("   ", "Type a word"),
    ],
)
def test_an_empty_word_is_a_sentence_and_nothing_starts(page, word, fragment):
    tab = page.tab(EmbeddingsTab)
    tab.word.setText(word)
    assert not tab.show_neighbours()
    assert fragment in page.message_text() and not page.is_busy()


def test_an_unknown_word_is_the_engines_sentence(page, qtbot):
    tab = page.tab(EmbeddingsTab)
    tab.word.setText("\u4e2d")
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "not in this model's vocabulary" in page.message_text()
    assert tab.result is None and not tab.export.numbers_button.isEnabled()


def test_a_deleted_run_is_a_sentence(page, trained_db, history, qtbot):
    tab = page.tab(EmbeddingsTab)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    tab.word.setText("e")
    with qtbot.waitSignal(page.failed, timeout=ANSWER_MS):
        tab.show_button.click()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    assert "no longer exists" in page.message_text()


def test_map_labels_never_overlap_and_the_axes_have_no_si_prefix(page, qtbot):
    import itertools

    tab = page.tab(EmbeddingsTab)
    tab.word.setText("a")
    tab.neighbour_count.setValue(12)
    ask(qtbot, page, tab.show_button)
    shown = [label for label in tab.labels if label.isVisible()]
    assert "a" in tab.visible_labels()  # the word asked about always keeps its label
    for one, other in itertools.combinations(shown, 2):
        assert not one.sceneBoundingRect().intersects(other.sceneBoundingRect())
    for axis in ("bottom", "left"):
        assert not tab.plot.getAxis(axis).autoSIPrefix
    # Zooming in spreads the points: labels that had to give way come back.
    hidden = len(tab.labels) - len(shown)
    tab.plot.getPlotItem().vb.scaleBy((0.2, 0.2))
    qtbot.wait(50)
    assert len(tab.visible_labels()) >= len(shown) or hidden == 0
