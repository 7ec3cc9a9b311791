"""The History page in German, as a German user sees it at 1280×800.

Checked in English only, it showed "2,500" steps, "Dec 03" and "Comparing 3 runs." inside the
German app, and its German column titles left the names "Simple facts … · word 4k #1".
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QDateTime, QLocale, QRect, Qt
from test_history_before_after import _record, model_files  # noqa: F401 - fixtures

from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.runs_table_model import COLUMN_INDEX

NAMES = (
    "Simple facts · MLM 1×128 · word 4k #1",
    "Simple facts · ELECTRA 1×128 · word 4k #1",
    "Simple facts · MLM 2×256 · wordpiece 4k #2",
)
PAGE_WIDTH = 1240  # the History page's width in a 1280×800 window


@pytest.fixture
def three_runs(db, model_files):  # noqa: F811
    return [_record(db, model_files, name, {10: 3.0, 2500: 2.5}) for name in NAMES]


def _page(qtbot, db, width: int = PAGE_WIDTH) -> HistoryPage:
    page = HistoryPage(db)
    qtbot.addWidget(page)
    page.resize(width, 700)
    page.show()
    qtbot.waitExposed(page)
    qtbot.waitUntil(lambda: page.run_count() == len(NAMES))
    qtbot.wait(50)
    return page


def _cell(page: HistoryPage, column: str, row: int = 0) -> str:
    return page.proxy.index(row, COLUMN_INDEX[column]).data()


def test_the_german_history_writes_numbers_and_dates_the_german_way(qtbot, db, three_runs, deutsch):
    page = _page(qtbot, db)
    assert _cell(page, "Steps") == "2.500"
    assert _cell(page, "Val loss") == "2,500"
    assert _cell(page, "Val acc") == "40,0%"
    created = _cell(page, "Created")
    month = QLocale("de_DE").monthName(
        QDateTime.currentDateTime().date().month(), QLocale.FormatType.ShortFormat
    )
    assert re.fullmatch(r"\d{1,2}\. \S+ \d\d:\d\d", created), created
    assert month in created  # "Dez.", not "Dec"
    assert page.count_label.text() == "3 Läufe"
    page.wait_idle()


def test_the_german_history_says_how_many_runs_it_compares(qtbot, db, three_runs, deutsch):
    page = _page(qtbot, db)
    said = []
    page.status_message.connect(said.append)
    page.compare(three_runs[:1])
    page.compare(three_runs)
    assert said == ["1 Lauf wird verglichen.", "3 Läufe werden verglichen."]
    page.select_runs(three_runs)
    qtbot.waitUntil(lambda: "3 Läufe ausgewählt" in page.details.title.text())
    page.wait_idle()


def test_the_compare_table_writes_results_the_german_way(qtbot, db, three_runs, deutsch):
    page = _page(qtbot, db)
    page.compare(three_runs, announce=False)
    table = page.compare_view.table
    cells = {
        table.item(r, c).text()
        for r in range(table.rowCount())
        for c in range(table.columnCount())
        if table.item(r, c)
    }
    assert "2,5000" in cells and "40,0%" in cells
    assert "2.5000" not in cells
    page.wait_idle()


def test_german_names_stay_readable_at_1280(qtbot, db, three_runs, deutsch):
    page = _page(qtbot, db)
    table, name = page.table, COLUMN_INDEX["Name"]
    widest = max(table.fontMetrics().horizontalAdvance(text) for text in NAMES)
    assert table.columnWidth(name) < widest  # German titles leave the names no room on one line...
    assert table.wordWrap()  # ...so they wrap onto a second line instead of losing their middle
    metrics = table.fontMetrics()
    assert table.rowHeight(0) >= metrics.height() + metrics.lineSpacing()
    # The text's room in a cell: the column less the colour swatch and the item's margins.
    margin = table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin) + 1
    icon = table.style().pixelMetric(table.style().PixelMetric.PM_SmallIconSize)
    room = table.columnWidth(name) - icon - 4 * margin
    for text in NAMES:  # each name, wrapped at its spaces, fits the row's two lines
        wrapped = metrics.boundingRect(QRect(0, 0, room, 1000), Qt.TextFlag.TextWordWrap, text)
        assert wrapped.width() <= room and wrapped.height() <= table.rowHeight(0) - 4, text
    tips = {page.proxy.index(r, name).data(Qt.ItemDataRole.ToolTipRole).split("  (")[0] for r in range(3)}
    assert tips == set(NAMES)  # and the tooltip holds each whole name
    assert table.horizontalScrollBar().maximum() == 0
    page.resize(1900, 700)  # room for whole names: one line again
    qtbot.waitUntil(lambda: not table.wordWrap())
    assert table.columnWidth(name) >= widest
    page.wait_idle()
