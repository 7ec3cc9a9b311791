"""The Train page's wrapped labels count all their lines, so they never squeeze the plots below.

A layout's minimum height counts a wrapped label at one or two lines; at the page's real width a
finished run's verdict ("It answers only 0 of its 14 fact questions, so it learned too little. ...")
takes three. It took that room from the plots, below their own minimum, which cut the "step"
labels of the learning-rate and tokens/s plots at 1280×800 (gui/widgets/wrapped_label.py); now
the page's minimum grows and the page scrolls.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget

from mlmstudio.gui.main_window import PAGES

LONG = (
    "Completed after 60 steps. Held-out loss 3.185, masked-token accuracy 34.9%. It answers only 0 of "
    "its 14 fact questions, so it learned too little. To learn more: train longer, give a step count "
    "instead of minutes (steps do not depend on how busy the computer is), or close other programs. "
)


def test_wrapped_lines_make_the_train_page_scroll_not_squeeze_its_plots(window, qtbot):
    window.show_page(PAGES.index("Train"))
    page = window.train_page
    page.state_label.setText(LONG * 9)  # about fifteen lines at 1280 px
    page.info_label.setText(LONG * 2)
    page.info_label.show()
    for _ in range(5):
        QApplication.processEvents()
    qtbot.wait(50)
    viewport = window.findChild(QWidget, "pageScroll").viewport()
    for widget in (page.plots, page.probe_plot):
        if widget.isVisible():
            assert widget.height() >= widget.minimumSizeHint().height(), type(widget).__name__
    # The wrapped lines need more than the window has: the page scrolls.
    assert page.minimumSizeHint().height() > viewport.height()
    assert page.height() >= page.minimumSizeHint().height()
    for label in (page.state_label, page.info_label):
        assert label.height() >= label.heightForWidth(label.width())
