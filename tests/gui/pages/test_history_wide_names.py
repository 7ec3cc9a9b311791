"""A History table with room shows whole run names: the name column grows to its names.

Capped at 210 px, the names of an MLM and an ELECTRA run of the same corpus were both drawn
"Simple facts … · word 4k #1" at 1920×1080, beside an empty, stretched last column.
"""

from __future__ import annotations

from test_history_before_after import _record, model_files  # noqa: F401 - fixtures

from mlmstudio.gui.pages.history_page import NAME_MIN_WIDTH, HistoryPage
from mlmstudio.gui.runs_table_model import COLUMN_INDEX

NAMES = ("Simple facts · MLM 1×128 · word 4k #1", "Simple facts · ELECTRA 1×128 · word 4k #1")


def _page(qtbot, db, width: int) -> HistoryPage:
    page = HistoryPage(db)
    qtbot.addWidget(page)
    page.resize(width, 700)
    page.show()
    qtbot.waitExposed(page)
    return page


def test_a_wide_table_shows_whole_names_and_a_narrow_one_still_does_not_scroll(qtbot, db, model_files):  # noqa: F811
    for name in NAMES:
        _record(db, model_files, name, {10: 3.0, 30: 2.5})
    page = _page(qtbot, db, 1700)  # the History page's width in a 1920×1080 window
    qtbot.waitUntil(lambda: page.run_count() == 2)
    qtbot.wait(50)
    table, name = page.table, COLUMN_INDEX["Name"]
    widest = max(table.fontMetrics().horizontalAdvance(text) for text in NAMES)
    assert table.columnWidth(name) >= widest + 2 * table.style().pixelMetric(
        table.style().PixelMetric.PM_FocusFrameHMargin
    )
    assert table.columnWidth(name) >= table.sizeHintForColumn(name)
    page.resize(700, 700)
    qtbot.wait(50)
    assert table.horizontalScrollBar().maximum() == 0
    assert NAME_MIN_WIDTH <= table.columnWidth(name) < widest
    page.wait_idle()
