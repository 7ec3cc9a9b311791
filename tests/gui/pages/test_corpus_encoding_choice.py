"""The Corpus page offers the readings of an uncertain encoding guess, and the choice goes with the run."""

from __future__ import annotations

import json

import pytest

from mlmstudio.gui.pages.corpus_page import CorpusPage
from mlmstudio.gui.settings import AppSettings

JAPANESE = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"


@pytest.fixture
def short_sjis(tmp_path):
    path = tmp_path / "neko.txt"
    path.write_bytes((JAPANESE + "\n").encode("shift_jis"))
    assert path.stat().st_size < 200
    return path


def load_and_wait(qtbot, page, action):
    with qtbot.waitSignal(page.corpus_loaded, timeout=30_000) as blocker:
        action()
    qtbot.waitUntil(lambda: not page.is_loading(), timeout=10_000)
    return blocker.args[0]


def choose(qtbot, page, name):
    index = page.encoding_combo.findData(name)
    assert index >= 0, f"{name} not offered"
    page.encoding_combo.setCurrentIndex(index)
    return load_and_wait(qtbot, page, lambda: page.encoding_combo.activated.emit(index))


def test_a_short_shift_jis_file_shows_candidates_and_choosing_reads_it_again(qtbot, short_sjis):
    page = CorpusPage(AppSettings())
    qtbot.addWidget(page)
    page.show()
    corpus = load_and_wait(qtbot, page, lambda: page.load(str(short_sjis)))

    assert page.encoding_box.isVisible()
    assert "uncertain" in page.encoding_note.text()
    items = [page.encoding_combo.itemText(i) for i in range(page.encoding_combo.count())]
    # Each candidate is offered with its own preview line, the guess first.
    for candidate in corpus.encoding_candidates:
        assert f"{candidate.label}: {candidate.preview}" in items
    assert len(corpus.encoding_candidates) >= 2 and items[0].endswith(corpus.encoding_candidates[0].preview)

    korean = choose(qtbot, page, "cp949")  # a wrong reading: the preview shows it
    assert korean.stats.encoding == "cp949" and JAPANESE not in page.preview.toPlainText()
    assert page.chosen_encoding() == "cp949" and "as you chose" in page.encoding_note.text()

    japanese = choose(qtbot, page, "shift_jis")
    assert japanese.stats.encoding == "shift_jis"
    assert page.preview.toPlainText().strip() == JAPANESE
    assert page.chosen_encoding() == "shift_jis"


def test_a_utf8_file_shows_no_choice(qtbot, tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text(JAPANESE, encoding="utf-8")
    page = CorpusPage(AppSettings())
    qtbot.addWidget(page)
    page.show()
    load_and_wait(qtbot, page, lambda: page.load(str(path)))
    assert not page.encoding_box.isVisible() and page.chosen_encoding() == ""


@pytest.mark.slow  # trains a tiny model
def test_the_run_started_records_the_chosen_encoding(qtbot, window, db, short_sjis, make_tiny_config):
    from mlmstudio.store import service

    page = window.corpus_page
    load_and_wait(qtbot, page, lambda: page.load(str(short_sjis)))
    choose(qtbot, page, "shift_jis")
    window.setup_page.set_config(make_tiny_config(steps=3))
    qtbot.waitUntil(lambda: not window.setup_page.preview.is_busy(), timeout=30_000)
    window.setup_page.flush()
    assert window.setup_page.config().corpus.encoding == "shift_jis"
    # Under load the vocabulary facts may still be computed: Start waits for them, and so does this.
    qtbot.waitUntil(lambda: not window.setup_page.facts_pending(), timeout=60_000)
    window.setup_page.flush()
    assert window.start_training()
    run_id = window.train_page.run_id
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=120_000)
    # Read back as stored, so the record itself (not the page's state) holds the choice.
    assert json.loads(service.run_config(db, run_id).to_json())["corpus"]["encoding"] == "shift_jis"
