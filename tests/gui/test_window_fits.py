"""The main window fits a 1280×800 laptop and a 1920×1080 monitor, on every page, in every state.

The suite's offscreen screen is 1280×800 (tests/conftest.py); 1920×1080 runs in a child process
with its own screen. What is checked on each page:
- the window's frame lies inside the screen's available geometry;
- the page needs no scrolling at that size (its minimum size fits the room the window gives it);
- every visible widget lies inside the window;
- a long status message does not widen the window.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from mlmstudio.gui.main_window import PAGES
from mlmstudio.gui.runs_table_model import COLUMN_INDEX

from trained_history import window_on_history

DATA = Path(__file__).resolve().parents[1] / "data"


def _outside(window: QWidget) -> list[str]:
    """Visible widgets of the window that reach outside it."""
    inside = QRect(QPoint(0, 0), window.size())
    bad = []
    for child in window.findChildren(QWidget):
        if not child.isVisible() or child.isWindow() or child.width() <= 0 or child.height() <= 0:
            continue
        rect = QRect(child.mapTo(window, QPoint(0, 0)), child.size())
        if not inside.contains(rect):
            bad.append(f"{type(child).__name__} {child.objectName()!r} at {rect.getRect()}")
    return bad


def _cut_labels(window: QWidget) -> list[str]:
    """Visible labels whose text does not fit them: a wrapped one shorter than its text, another narrower."""
    from PySide6.QtWidgets import QLabel

    bad = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text() or label.width() <= 1:
            continue
        if label.wordWrap():
            need = label.heightForWidth(label.width())
            cut = need > label.height() + 1
        else:
            need = label.sizeHint().width()
            cut = need > label.width() + 1 and not label.toolTip()
        if cut:
            bad.append(f"label {label.text()[:40]!r} needs {need}, has {label.size().toTuple()}")
    return bad


def fit_report(window) -> dict[str, list[str]]:
    """For each page shown in turn: the ways it does not fit (empty lists when all is well)."""
    app = QApplication.instance()
    room = window.screen().availableGeometry()
    report: dict[str, list[str]] = {}
    for index, name in enumerate(PAGES):
        window.show_page(index)
        for _ in range(3):
            app.processEvents()
        problems = []
        if not room.contains(window.frameGeometry()):
            problems.append(f"window {window.frameGeometry().getRect()} outside screen {room.getRect()}")
        viewport = window.findChild(QWidget, "pageScroll").viewport().size()
        page = window.stack.currentWidget()
        need = page.minimumSizeHint()
        if need.width() > viewport.width() or need.height() > viewport.height():
            problems.append(f"page needs {need.toTuple()}, has {viewport.toTuple()}")
        problems += _outside(window)
        problems += _cut_labels(window)
        report[name] = problems
    return report


def test_a_new_window_fits_the_laptop_on_every_page(window):
    room = window.screen().availableGeometry()
    assert (room.width(), room.height()) == (1280, 800)
    assert fit_report(window) == {name: [] for name in PAGES}


def test_a_long_status_message_does_not_widen_the_window(window, qtbot):
    before = window.size()
    window.show_status("A very long message about a corpus " * 20)
    qtbot.wait(50)
    assert window.size() == before
    assert window.screen().availableGeometry().contains(window.frameGeometry())


def test_a_size_saved_on_a_bigger_monitor_is_clamped_to_this_screen(qtbot, db):
    from mlmstudio.gui.main_window import MainWindow
    from mlmstudio.gui.settings import AppSettings

    big = MainWindow(db, AppSettings())
    qtbot.addWidget(big)
    big.resize(1900, 1050)
    big.settings.set_geometry(big.saveGeometry())
    big.close()
    again = MainWindow(db, AppSettings())
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.screen().availableGeometry().contains(again.frameGeometry())


@pytest.mark.slow
def test_with_trained_runs_every_page_still_fits(qtbot, trained_db, history):
    from mlmstudio.store import service

    # Default names are long ("corpus · objective size · tokenizer · #N"): the table must still fit.
    service.rename_run(trained_db, history.seed_id, "Simple facts · ELECTRA 4×256 · wordpiece 4k · #12")
    window = window_on_history(qtbot, trained_db)
    assert fit_report(window) == {name: [] for name in PAGES}
    window.show_page(PAGES.index("History"))
    qtbot.wait(50)
    table = window.history_page.table
    assert table.horizontalScrollBar().maximum() == 0, "the run table scrolls sideways at 1280 px"
    # A selected run whose details run long (a failure's message) is shown whole: the pane scrolls.
    window.history_page.select_runs([history.seed_id])
    window.history_page.details.show_problem("The run could not be exported: " + "a long reason " * 40)
    qtbot.wait(50)
    assert _cut_labels(window) == []
    # A column hidden at first comes back from the header's menu.
    # A name too long for its column keeps its end, the ordinal that tells look-alikes apart.
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    actions = window.history_page.column_actions
    assert not actions["Tags"].isChecked() and table.isColumnHidden(COLUMN_INDEX["Tags"])
    actions["Tags"].setChecked(True)
    assert not table.isColumnHidden(COLUMN_INDEX["Tags"])
    for page in (window.explore_page, window.history_page, window.corpus_page, window.setup_page):
        page.wait_idle()
    window.train_page.stop_and_wait()


CHILD = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
sys.path.insert(0, sys.argv[1])
from test_window_fits import fit_report
from mlmstudio.gui.main_window import MainWindow
from mlmstudio.gui.settings import AppSettings
from mlmstudio.store.database import Database
window = MainWindow(Database.open(sys.argv[2]), AppSettings())
window.show()
for _ in range(5):
    app.processEvents()
room = window.screen().availableGeometry()
print(json.dumps({"screen": [room.width(), room.height()], "report": fit_report(window)}))
window.close()
"""


@pytest.mark.parametrize("screen", ["1920x1080", "1280x800"])
def test_the_window_fits_each_screen_size_in_a_fresh_process(tmp_path, screen):
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={DATA / f'screen_{screen}.json'}",
        "MLMSTUDIO_HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(Path(__file__).parent), str(tmp_path / "home")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["screen"] == [int(n) for n in screen.split("x")]
    assert result["report"] == {name: [] for name in PAGES}


def clipped_axes(graphics) -> list[str]:
    """Axes of a pyqtgraph widget's plots that reach past the widget's visible height or width."""
    import pyqtgraph as pg

    visible = graphics.mapToScene(graphics.viewport().rect()).boundingRect()
    bad = []
    for item in graphics.ci.items:
        if not isinstance(item, pg.PlotItem):
            continue
        for name in ("bottom", "left"):
            axis = item.getAxis(name)
            rect = axis.parentItem().mapRectToScene(axis.geometry())
            if rect.bottom() > visible.bottom() + 0.5 or rect.right() > visible.right() + 0.5:
                bad.append(f"{item.titleLabel.text or 'plot'} {name} axis {rect.getRect()}")
    return bad


def _feed_a_long_run(train_page, steps: int = 4000) -> None:
    """Curves and 14 probes as a finished 4,000-step run leaves them (no training needed)."""
    import numpy as np

    from mlmstudio.engine.events import ProbeResult

    x = np.arange(1, steps + 1, dtype=float)
    loss = 5 * np.exp(-x / 300) + 0.5
    train_page.plots.append_steps(np.stack([x, x / 50, loss, np.minimum(x / 200, 1) * 2e-3, 5e4 + 0 * x], 1))
    ev = np.arange(50, steps + 1, 50, dtype=float)
    train_page.plots.append_evals(
        np.stack(
            [
                ev,
                ev / 50,
                5 * np.exp(-ev / 300) + 0.5,
                1 - np.exp(-ev / 300),
                np.exp(loss[:1].repeat(len(ev))),
            ],
            1,
        )
    )
    train_page.plots.set_baseline(5.76)
    probes = [(f"Probe sentence number {i} is about [MASK].", f"answer{i}") for i in range(14)]
    train_page.probe_plot.add_records(
        [(int(s), [ProbeResult(q, a, min(1.0, s / 3000), a, True) for q, a in probes]) for s in ev]
    )
    train_page.plots.refresh()


def test_the_train_page_with_a_long_run_fits_and_no_axis_is_cut(window, qtbot):
    window.show_page(PAGES.index("Train"))
    _feed_a_long_run(window.train_page)
    qtbot.wait(100)
    plots = window.train_page.plots
    assert plots.showing_plots()
    assert plots.height() >= plots.minimumSizeHint().height()  # no layout squeezes the plots
    assert clipped_axes(plots.graphics) == []
    assert clipped_axes(window.train_page.probe_plot.graphics) == []
    assert fit_report(window)["Train"] == []
    # Whole probe sentences in the table at 1280 px (no "The c…ASK].").
    table = window.train_page.probe_plot.table
    text = table.item(0, 0).text()
    assert table.columnWidth(0) >= table.fontMetrics().horizontalAdvance(text) + 24


def test_a_pages_status_message_goes_when_the_page_does(window):
    window.show_page(PAGES.index("Explore"))
    window.show_status("Most likely: paris.")
    window.show_page(PAGES.index("Explore"))  # staying on the page keeps it
    assert window.statusBar().currentMessage() == "Most likely: paris."
    window.show_page(PAGES.index("History"))
    assert window.statusBar().currentMessage() == ""


def test_while_training_and_after_a_failure_every_page_fits(window, qtbot):
    import threading

    release = threading.Event()

    def job(_callback, _control):
        release.wait(30)
        raise RuntimeError("The corpus could not be read: " + "a long reason that goes on and on " * 12)

    window.show_page(PAGES.index("Train"))
    assert window.train_page.start_job("live-run", "Simple facts · MLM 4×256 · wordpiece 4k #12", job)
    _feed_a_long_run(window.train_page)
    assert window.train_page.is_training()
    assert fit_report(window) == {name: [] for name in PAGES}
    release.set()
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=30_000)
    window.show_page(PAGES.index("Train"))
    assert "a long reason" in window.train_page.failure_text()
    assert fit_report(window) == {name: [] for name in PAGES}
    # The banner keeps to one line beside "Failed."; its tooltip and Details hold the whole reason.
    window.show_page(PAGES.index("Train"))
    banner = window.train_page.failure_label
    assert banner.isVisible() and banner.height() <= 2 * banner.fontMetrics().height()
    assert banner.toolTip() == window.train_page.failure_text()
    box = window.train_page.show_failure_details()
    assert box is not None and box.informativeText() == window.train_page.failure_text()
    box.close()
