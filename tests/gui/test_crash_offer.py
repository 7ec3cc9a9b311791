"""The crash report's offer after the first frame (gui/crash_offer.py, gui/app.py's run_app)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from mlmstudio import crash_report
from mlmstudio.gui.crash_offer import CrashOffer

TITLE = "Make a crash report?"


def _trace_of_an_ended_process(data_dir: Path) -> None:
    """What an app process that segfaulted leaves: its faulthandler file, its pid now gone."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    folder = crash_report.CrashFolder(data_dir)
    folder.path.mkdir(parents=True, exist_ok=True)
    folder.trace(child.pid).write_text(
        'Fatal Python error: Segmentation fault\n\nThread 0x01 (most recent call first):\n  File "x.py", line 3\n',
        encoding="utf-8",
    )


def _versions(data_dir: Path) -> dict:
    return {"mlmstudio": "test", "torch": {"version": "0.0-test"}}


def _offer(qtbot, data_dir: Path) -> CrashOffer:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    return CrashOffer(window, crash_report.Recorder(data_dir, _versions))


def test_a_trace_is_offered_and_the_zip_written_where_it_says(qtbot, tmp_path):
    data_dir = tmp_path / "home"
    _trace_of_an_ended_process(data_dir)
    offer = _offer(qtbot, data_dir)

    offer.check()

    assert offer.box is not None and offer.box.isVisible() and not offer.box.isModal()
    assert "nothing is sent anywhere" in offer.box.text() and "No corpus text" in offer.box.text()
    (make,) = [b for b in offer.box.buttons() if b.text() == "Make the zip"]
    make.click()
    qtbot.waitUntil(lambda: offer.zip_path is not None, timeout=30_000)
    qtbot.waitUntil(lambda: offer._call.done, timeout=10_000)

    assert offer.zip_path.parent == data_dir / "crash-reports" and offer.zip_path.exists()
    assert str(offer.zip_path) in offer.done_box.text()
    with zipfile.ZipFile(offer.zip_path) as archive:
        assert "Segmentation fault" in archive.read("trace.txt").decode()
        assert "0.0-test" in archive.read("versions.json").decode()
    offer.box.close()
    offer.done_box.close()
    assert not crash_report.has_pending(data_dir)


def test_nothing_is_offered_without_a_trace_and_declining_forgets_it(qtbot, tmp_path):
    data_dir = tmp_path / "home"
    offer = _offer(qtbot, data_dir)
    offer.check()
    assert offer.box is None

    _trace_of_an_ended_process(data_dir)
    offer.check()
    (decline,) = [b for b in offer.box.buttons() if b.text() == "Don't report"]
    decline.click()
    offer.box.close()
    assert not crash_report.has_pending(data_dir)
    assert not (data_dir / "crash-reports").exists()


@pytest.mark.qt_no_exception_capture  # run_app installs the recorder's hooks over pytest-qt's for its run
@pytest.mark.parametrize("crashed", [True, False])
def test_run_app_offers_a_report_after_the_first_frame_only_when_a_trace_exists(
    qtbot, _isolated_data_dir, crashed
):
    from mlmstudio.gui.app import run_app
    from mlmstudio.gui.main_window import MainWindow

    if crashed:
        _trace_of_an_ended_process(_isolated_data_dir)
    seen: list[str] = []

    def look_then_close():
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        if not windows or not all(w.history_ready() for w in windows):
            QTimer.singleShot(50, look_then_close)
            return
        boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
        seen.extend(b.windowTitle() for b in boxes)
        for box in boxes:
            box.close()
        for window in windows:
            window.close()

    QTimer.singleShot(300, look_then_close)
    assert run_app(["mlmstudio"], data_dir=_isolated_data_dir) == 0
    assert seen == ([TITLE] if crashed else [])
    assert crash_report.has_pending(_isolated_data_dir) is crashed  # "Later": offered again next time
