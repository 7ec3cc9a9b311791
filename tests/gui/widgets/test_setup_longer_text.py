"""Setup keeps its width under a 40 % longer translation: buttons flow, long form rows wrap."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QPushButton, QScrollArea, QWidget

from mlmstudio.gui.i18n import PseudoTranslator
from mlmstudio.gui.widgets.flow_layout import FlowLayout


def test_the_flow_layout_stacks_its_buttons_when_narrow(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(holder)
    short, long = QPushButton("Re-roll"), QPushButton("Another sentence, translated at length")
    flow.addWidget(short)
    flow.addWidget(long)
    widest = max(short.sizeHint().width(), long.sizeHint().width())
    assert flow.minimumSize().width() == widest  # not the sum: a narrow column stacks them
    one_line = flow.heightForWidth(short.sizeHint().width() + long.sizeHint().width() + 50)
    assert one_line == max(short.sizeHint().height(), long.sizeHint().height())
    assert flow.heightForWidth(widest) > one_line
    holder.resize(widest, flow.heightForWidth(widest))
    flow.setGeometry(holder.rect())
    assert long.geometry().top() > short.geometry().bottom()  # the second line


@pytest.fixture
def pseudo(qapp):
    translator = PseudoTranslator()
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_the_advanced_view_needs_no_horizontal_scrolling_under_longer_text(pseudo, qtbot, db):
    from mlmstudio.gui.main_window import PAGES, MainWindow
    from mlmstudio.gui.settings import AppSettings

    window = MainWindow(db, AppSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.runs.wait_idle()
    window.show_page(PAGES.index("Setup"))
    page = window.setup_page
    try:
        page.set_view("advanced")
        page.flush()
        for _ in range(3):
            QCoreApplication.processEvents()
        scroll = page.stack.currentWidget()
        assert isinstance(scroll, QScrollArea)
        assert page.advanced_button.text().endswith("~]")  # the longer text is what is shown
        assert scroll.horizontalScrollBar().maximum() == 0, (
            scroll.widget().minimumSizeHint().width(),
            scroll.viewport().width(),
        )
    finally:
        page.set_view("simple")
        page.wait_idle()
        window.train_page.stop_and_wait()
