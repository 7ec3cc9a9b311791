"""Column titles stay whole under 40% longer text, and a wrapped check box's text clicks its box."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QTableWidget

from mlmstudio.gui.i18n import PseudoTranslator, translate
from mlmstudio.gui.pages.sweep_page import SweepPage, _CheckText
from mlmstudio.gui.queue_table_model import COLUMNS, QueueTableModel
from mlmstudio.gui.widgets.header_fit import fit_titles, title_width


def test_fit_titles_widens_columns_and_the_table_to_whole_titles(qtbot):
    table = QTableWidget(0, 3)
    qtbot.addWidget(table)
    titles = ["a rather long column title", "b", "another quite long title"]
    table.setHorizontalHeaderLabels(titles)
    header = table.horizontalHeader()
    header.setDefaultSectionSize(30)
    for section in range(3):
        header.resizeSection(section, 30)
    fit_titles(table)
    for section, text in enumerate(titles):
        needs = header.fontMetrics().horizontalAdvance(text)
        assert header.sectionSize(section) >= needs
    assert table.minimumWidth() >= header.length()
    table.resize(table.minimumWidth(), 200)
    table.show()
    qtbot.waitExposed(table)
    assert table.horizontalScrollBar().maximum() == 0


def test_queue_titles_ask_for_their_whole_width(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        model = QueueTableModel()
        for section, column in enumerate(COLUMNS):
            text = model.headerData(section, Qt.Orientation.Horizontal)
            assert text.startswith("[") or column == "#"
            hint = model.headerData(section, Qt.Orientation.Horizontal, Qt.ItemDataRole.SizeHintRole)
            assert hint.width() >= title_width(text) > 0
    finally:
        QCoreApplication.removeTranslator(translator)


def test_the_sweeps_check_box_texts_wrap_and_click_their_box(qtbot, db):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        page = SweepPage(db)
        qtbot.addWidget(page)
        page.resize(800, 700)
        page.show()
        qtbot.waitExposed(page)
        text = page.recipe_check.parentWidget().findChild(_CheckText)
        assert text.wordWrap() and text.text().startswith("[")
        assert page.recipe_check.accessibleName() == text.text()
        assert text.height() >= text.heightForWidth(text.width())  # every line shown
        assert page.recipe_check.parentWidget().width() <= page.width()
        before = page.recipe_check.isChecked()
        qtbot.mouseClick(text, Qt.MouseButton.LeftButton)
        assert page.recipe_check.isChecked() != before
        assert not page.param_edits[0].isEnabled()  # the page heard the toggle
        assert page.form_problem() == translate("SweepPage", "Choose a corpus on the Corpus page first.")
        page.wait_idle()
    finally:
        QCoreApplication.removeTranslator(translator)
