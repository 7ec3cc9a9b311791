"""The Corpus page, driven like a user: samples, files, folders, drops and bad files."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog

from mlmstudio.gui.pages.corpus_page import CorpusPage
from mlmstudio.gui.settings import AppSettings


@pytest.fixture
def page(qtbot):
    page = CorpusPage(AppSettings())
    qtbot.addWidget(page)
    page.show()
    return page


def load_and_wait(qtbot, page, action, *, ok=True):
    signal = page.corpus_loaded if ok else page.load_failed
    with qtbot.waitSignal(signal, timeout=30_000) as blocker:
        action()
    qtbot.waitUntil(lambda: not page.is_loading(), timeout=10_000)
    return blocker.args[0]


def sample_item(page, name):
    for i in range(page.samples_list.count()):
        item = page.samples_list.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == f"sample:{name}":
            return item
    raise AssertionError(f"no sample {name}")


def test_clicking_a_sample_loads_it_and_shows_statistics(qtbot, page):
    item = sample_item(page, "facts")
    rect = page.samples_list.visualItemRect(item)
    corpus = load_and_wait(
        qtbot,
        page,
        lambda: qtbot.mouseClick(page.samples_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()),
    )

    assert corpus.source == "sample:facts"
    assert page.stat_labels["characters"].text() == f"{corpus.stats.characters:,}"
    assert page.preview.toPlainText().strip() and corpus.text.startswith(page.preview.toPlainText()[:50])
    assert page.continue_button.isEnabled()
    assert page.recent_list.count() == 1
    assert page.recent_list.item(0).data(Qt.ItemDataRole.UserRole) == "sample:facts"
    assert not page.error_text()


def test_open_file_dialog_reads_a_text_file(qtbot, page, monkeypatch, tutorial_corpus_path):
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(tutorial_corpus_path), ""))
    )
    corpus = load_and_wait(
        qtbot, page, lambda: qtbot.mouseClick(page.open_file_button, Qt.MouseButton.LeftButton)
    )
    assert corpus.name == tutorial_corpus_path.name
    assert page.title_label.text() == tutorial_corpus_path.name
    assert AppSettings().recent_corpora()[0] == str(tutorial_corpus_path.resolve())


def test_folder_is_read_recursively(qtbot, page, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.txt").write_text("The cat sat on the mat.\n" * 20)
    (tmp_path / "two.md").write_text("A dog ran in the park.\n" * 20)
    corpus = load_and_wait(qtbot, page, lambda: page.load(str(tmp_path)))
    assert "cat" in corpus.text and "dog" in corpus.text


@pytest.mark.parametrize(
    "content, words",
    [
        (b"\x00\x01\x02\x03binary\x00\xff\xfe" * 200, "binary"),
        (b"", "no text"),
        (b"   \n\n  \t ", "no text"),
    ],
)
def test_bad_files_show_a_message_and_leave_the_page_usable(qtbot, page, tmp_path, content, words):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    message = load_and_wait(qtbot, page, lambda: page.load(str(bad)), ok=False)
    assert words in message.lower()
    assert page.error_text() == message
    assert page.error_label.isVisible()
    assert page.corpus is None and not page.continue_button.isEnabled()

    # Still usable: a good corpus clears the message.
    load_and_wait(qtbot, page, lambda: page.load_sample("tutorial"))
    assert not page.error_text()
    assert page.corpus.source == "sample:tutorial"


def test_missing_csv_column_then_the_right_one(qtbot, page, tmp_path):
    table = tmp_path / "data.csv"
    table.write_text("id,body\n" + "".join(f"{i},Sentence number {i} is here.\n" for i in range(50)))
    message = load_and_wait(qtbot, page, lambda: page.load(str(table)), ok=False)
    assert "body" in message or "column" in message.lower()

    page.field_edit.setText("body")
    corpus = load_and_wait(qtbot, page, lambda: qtbot.keyClick(page.field_edit, Qt.Key.Key_Return))
    assert "Sentence number 7 is here." in corpus.text


def test_a_missing_file_is_explained(qtbot, page, tmp_path):
    message = load_and_wait(qtbot, page, lambda: page.load(str(tmp_path / "nope.txt")), ok=False)
    assert "does not exist" in message


def test_dropping_a_file_loads_it(qtbot, page, tutorial_corpus_path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tutorial_corpus_path))])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    corpus = load_and_wait(qtbot, page, lambda: page.dropEvent(event))
    assert corpus.name == tutorial_corpus_path.name


def test_recent_corpora_survive_a_restart_and_reopen(qtbot, page, tutorial_corpus_path):
    load_and_wait(qtbot, page, lambda: page.load(str(tutorial_corpus_path)))
    again = CorpusPage(AppSettings())
    qtbot.addWidget(again)
    assert again.recent_list.count() == 1
    item = again.recent_list.item(0)
    assert item.text() == tutorial_corpus_path.name
    corpus = load_and_wait(qtbot, again, lambda: again.recent_list.itemDoubleClicked.emit(item))
    assert corpus.name == tutorial_corpus_path.name


def test_a_newer_request_wins_over_an_older_one(qtbot, page, tutorial_corpus_path):
    with qtbot.waitSignal(page.corpus_loaded, timeout=30_000):
        page.load_sample("pydoc")
        page.load(str(tutorial_corpus_path))
    qtbot.waitUntil(lambda: not page.is_loading(), timeout=30_000)
    qtbot.wait(200)
    assert page.corpus.name == tutorial_corpus_path.name


def test_legacy_encoding_shown_with_its_confidence(qtbot, page, tmp_path):
    text = (
        "Мой дядя самых честных правил, когда не в шутку занемог, он уважать себя заставил "
        "и лучше выдумать не мог.\nЕго пример другим наука; но, боже мой, какая скука!\n"
    )
    path = tmp_path / "russian.txt"
    path.write_bytes(text.encode("cp1251"))
    corpus = load_and_wait(qtbot, page, lambda: page.load(str(path)))
    assert corpus.text == text.strip("\n")
    shown = page.stat_labels["encoding"].text()
    assert shown.startswith("Windows-1251 (Cyrillic)")
    assert (f"{corpus.stats.encoding_confidence:.0%} sure" in shown) == (corpus.stats.encoding_confidence < 1)


def test_short_guessed_encoding_warns_on_the_page(qtbot, page, tmp_path):
    path = tmp_path / "note.txt"
    path.write_bytes("Café au lait.".encode("latin-1"))
    load_and_wait(qtbot, page, lambda: page.load(str(path)))
    assert page.stat_labels["encoding"].text().endswith("sure")
    assert "save it as UTF-8" in page.warning_label.message()
