"""A screen reader can name every widget the keyboard reaches, and the focused widget is ringed.

The walk asks Qt's accessibility layer, as a screen reader does
(``QAccessible.queryAccessibleInterface(w).text(Name)``), on every page, every Explore tab and
every History curve tab, on a fresh history and on one with trained runs.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAccessible, QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from mlmstudio.gui import accessibility
from mlmstudio.gui.main_window import PAGES

from trained_history import window_on_history


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _unnamed(window: QWidget) -> list[str]:
    """Visible focusable widgets of the window a screen reader gets no (or only a class) name for."""
    bad = []
    for widget in window.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisible():
            continue
        if widget.focusProxy() is not None:  # focus goes to (and is announced as) the proxy
            continue
        if isinstance(widget, QLabel) and not widget.text().strip():
            continue  # an empty selectable label: nothing to say until it has text (its name then)
        face = QAccessible.queryAccessibleInterface(widget)
        name = (face.text(QAccessible.Text.Name) if face is not None else "").strip()
        if not name or name == type(widget).__name__ or name.startswith("Q") and " " not in name:
            parent = widget.parentWidget()
            bad.append(
                f"{type(widget).__name__} {widget.objectName()!r} in {type(parent).__name__} "
                f"(tooltip {widget.toolTip()[:40]!r}) name {name!r}"
            )
    return bad


def unnamed_everywhere(window) -> dict[str, list[str]]:
    """For each page (and each tab of Explore and of History's curves): its unnamed widgets."""
    report: dict[str, list[str]] = {}
    for index, page in enumerate(PAGES):
        window.show_page(index)
        _settle()
        report[page] = _unnamed(window)
        tab_sets = []
        if page == "Explore":
            tab_sets.append(window.explore_page.tabs)
        if page == "History":
            tab_sets.append(window.history_page.curve_tabs)
        for tabs in tab_sets:
            for tab in range(tabs.count()):
                tabs.setCurrentIndex(tab)
                _settle()
                for problem in _unnamed(window):
                    report.setdefault(f"{page} › {tabs.tabText(tab)}", []).append(problem)
    return {page: problems for page, problems in report.items() if problems}


def test_every_focusable_widget_of_a_new_window_has_a_name(window):
    assert unnamed_everywhere(window) == {}


@pytest.mark.slow
def test_every_focusable_widget_has_a_name_with_trained_runs(qtbot, trained_db):

    window = window_on_history(qtbot, trained_db)
    assert unnamed_everywhere(window) == {}
    for page in (window.explore_page, window.history_page, window.corpus_page, window.setup_page):
        page.wait_idle()
    window.train_page.stop_and_wait()


def test_names_come_from_what_a_sighted_user_reads(window):
    """Form labels, the label before a field, plots' titles: not classes, not blanks."""
    sweep = window.sweep_page
    assert accessibility.accessible_name(sweep.name_edit) == "Name"  # its form row's label
    assert accessibility.accessible_name(window.corpus_page.field_edit) == "Field / column"
    assert accessibility.accessible_name(window.sidebar) == "Pages"
    # Rich text and entities become plain words; long tooltips are cut to a name's length.
    assert accessibility._clean("<b>Loss:</b>&nbsp;&amp; &Open") == "Loss: & Open"
    assert len(accessibility._clean("word " * 60)) <= accessibility.MAX_NAME + 1
    # An explicit name is never replaced.
    window.sweep_page.name_edit.setAccessibleName("Sweep name")
    accessibility.name_widgets(window.sweep_page)
    assert accessibility.accessible_name(sweep.name_edit) == "Sweep name"


def _focus(qtbot, window, widget: QWidget) -> None:
    window.activateWindow()
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)
    _settle()


def _ring_pixels(image, rect: QRect, color: QColor) -> int:
    """How many pixels of the ring's edge (in window coordinates) are near the highlight colour."""
    count = 0
    for x in range(rect.left(), rect.right() + 1):
        for y in (rect.top(), rect.top() + 1, rect.bottom() - 1, rect.bottom()):
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - color.red())
                + abs(pixel.green() - color.green())
                + abs(pixel.blue() - color.blue())
                < 90
            ):
                count += 1
    return count


def test_the_focused_widget_is_ringed_in_the_highlight_colour(window, qtbot):
    window.show_page(PAGES.index("Corpus"))
    button: QPushButton = window.corpus_page.open_file_button
    other = window.corpus_page.open_folder_button
    _focus(qtbot, window, other)
    ring = window.focus_ring
    around = QRect(button.mapTo(window, QPoint(0, 0)), button.size()).adjusted(-2, -2, 2, 2)
    highlight = window.palette().color(QPalette.ColorRole.Highlight)
    unfocused = _ring_pixels(window.grab().toImage(), around, highlight)

    _focus(qtbot, window, button)
    assert ring.isVisible() and ring.target is button
    assert ring.geometry() == around  # around the button, 2 px outside it on each side
    focused = _ring_pixels(window.grab().toImage(), around, highlight)
    assert focused > unfocused + around.width()  # the ring's top and bottom edges are drawn

    # Tab moves the ring with the focus; a plot or table gets one too.
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    _settle()
    assert ring.target is accessibility._ring_target(QApplication.focusWidget(), window)
    assert ring.target is not button
    window.show_page(PAGES.index("History"))
    _focus(qtbot, window, window.history_page.table)
    assert ring.isVisible() and ring.target is window.history_page.table


def test_the_ring_stays_inside_the_window_at_its_edge(window, qtbot):
    _focus(qtbot, window, window.sidebar)  # at x = 0: the ring is cut at the window's edge
    ring = window.focus_ring
    assert ring.isVisible()
    assert QRect(QPoint(0, 0), window.size()).contains(ring.geometry())


def test_the_ring_follows_a_widget_that_scrolls(qtbot):
    from PySide6.QtWidgets import QScrollArea, QVBoxLayout

    window = QWidget()
    qtbot.addWidget(window)
    ring = accessibility.FocusRing(window)
    content = QWidget()
    column = QVBoxLayout(content)
    buttons = [QPushButton(f"Button {i}") for i in range(30)]
    for button in buttons:
        column.addWidget(button)
    area = QScrollArea(window)
    area.setWidget(content)
    area.setGeometry(0, 0, 300, 200)
    window.resize(300, 200)
    window.show()
    qtbot.waitExposed(window)
    _focus(qtbot, window, buttons[3])
    before = ring.geometry()
    area.verticalScrollBar().setValue(40)  # moves the content, an ancestor of the button
    _settle()
    assert ring.geometry().top() == before.top() - 40
    top_left = buttons[3].mapTo(window, QPoint(0, 0))
    assert ring.geometry().topLeft() == top_left - QPoint(2, 2)
