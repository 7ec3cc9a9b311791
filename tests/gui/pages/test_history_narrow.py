"""A History table short of room gives way instead of scrolling sideways (issue 21 item 1).

In a narrow window, or in a language with longer column titles, the name narrows first, then
settings columns are hidden, last first (the header's menu shows them again); they come back
when there is room. A column the user chose in that menu stays as chosen.
"""

from __future__ import annotations

from test_history_before_after import model_files, runs  # noqa: F401 - fixtures

from mlmstudio.gui.pages.history_page import HIDE_WHEN_SHORT, HistoryPage
from mlmstudio.gui.runs_table_model import COLUMN_INDEX


def _page(qtbot, db, width: int) -> HistoryPage:
    page = HistoryPage(db)
    qtbot.addWidget(page)
    page.resize(width, 700)
    page.show()
    qtbot.waitExposed(page)
    return page


def _hidden(page: HistoryPage) -> set[str]:
    return {title for title, i in COLUMN_INDEX.items() if page.table.isColumnHidden(i)}


def test_a_narrow_table_hides_settings_columns_and_shows_them_again_when_wide(qtbot, db, runs):  # noqa: F811
    page = _page(qtbot, db, 700)
    qtbot.wait(50)
    table = page.table
    assert table.horizontalScrollBar().maximum() == 0, "the run table scrolls sideways"
    hidden = _hidden(page) - {"Perplexity", "Arch", "Tags"}  # those start hidden anyway
    assert hidden and hidden <= set(HIDE_WHEN_SHORT)
    assert "Size" in hidden  # the last settings column goes first
    assert not {"Name", "Status", "Val loss"} & hidden  # what a run achieved stays
    assert all(not page.column_actions[title].isChecked() for title in hidden)
    page.resize(1900, 700)
    qtbot.wait(50)
    assert _hidden(page) == {"Perplexity", "Arch", "Tags"}
    assert page.column_actions["Size"].isChecked()
    page.wait_idle()


def test_a_column_the_user_shows_stays_shown_when_the_table_narrows(qtbot, db, runs):  # noqa: F811
    page = _page(qtbot, db, 700)
    qtbot.wait(50)
    assert page.table.isColumnHidden(COLUMN_INDEX["Size"])
    page.column_actions["Size"].setChecked(True)  # chosen in the header's menu
    assert not page.table.isColumnHidden(COLUMN_INDEX["Size"])
    page.resize(650, 700)
    qtbot.wait(50)
    assert not page.table.isColumnHidden(COLUMN_INDEX["Size"])
    assert page.column_actions["Size"].isChecked()
    page.wait_idle()
