"""Dialogs are windows of their own: each names every focusable widget and rings the focused one.

Open a model…, the capsule dialog, the crash offer, the history repair question, About and the
Help window are walked as tests/gui/test_accessibility.py walks the main window: every visible
focusable widget has a name a screen reader reads (``QAccessible``'s Name), and focusing a
button draws a ring in the highlight colour around it, inside the dialog.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QAccessible, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from mlmstudio import crash_report
from mlmstudio.gui import accessibility
from mlmstudio.gui.accessibility import FocusRing

from tiny_configs import tiny_config

JOB_MS = 60_000
_QT_CLASS = re.compile(r"Q[A-Z]\w+")  # a class name ("QPushButton") is no name; "Quit" is one


@pytest.fixture(autouse=True)
def _covered(qapp):
    """The main window installs the cover (``name_window``); dialogs made without one install it here."""
    assert accessibility.cover_dialogs() is not None


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def unnamed(dialog: QWidget) -> list[str]:
    """Visible focusable widgets of the dialog a screen reader gets no (or only a class) name for."""
    bad = []
    for widget in [dialog, *dialog.findChildren(QWidget)]:
        if widget.window() is not dialog or not widget.isVisible():
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.focusProxy() is not None:
            continue
        if isinstance(widget, QLabel) and not widget.text().strip():
            continue
        if widget is dialog:
            continue  # a window is announced by its title
        face = QAccessible.queryAccessibleInterface(widget)
        name = (face.text(QAccessible.Text.Name) if face is not None else "").strip()
        if not name or name == type(widget).__name__ or _QT_CLASS.fullmatch(name):
            bad.append(
                f"{type(widget).__name__} {widget.objectName()!r} {name!r} in {type(widget.parentWidget()).__name__} "
                f"at {widget.geometry().getRect()} (tooltip {widget.toolTip()[:40]!r})"
            )
    return bad


def ring_pixels(image, rect: QRect, color) -> int:
    count = 0
    for x in range(max(rect.left(), 0), min(rect.right() + 1, image.width())):
        for y in (rect.top(), rect.top() + 1, rect.bottom() - 1, rect.bottom()):
            if not 0 <= y < image.height():
                continue
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - color.red())
                + abs(pixel.green() - color.green())
                + abs(pixel.blue() - color.blue())
                < 90
            ):
                count += 1
    return count


def check_dialog(qtbot, dialog: QDialog) -> None:
    """Every focusable widget named; focusing each button in turn rings it in the highlight colour."""
    qtbot.waitExposed(dialog)
    _settle()
    assert unnamed(dialog) == []
    ring = dialog.findChild(FocusRing, "focusRing", Qt.FindChildOption.FindDirectChildrenOnly)
    assert ring is not None, f"{type(dialog).__name__} has no focus ring"
    buttons = [
        b
        for b in dialog.findChildren(QAbstractButton)
        if b.isVisible() and b.isEnabled() and b.focusPolicy() != Qt.FocusPolicy.NoFocus
    ]
    assert buttons, f"{type(dialog).__name__} has no button to focus"
    highlight = dialog.palette().color(QPalette.ColorRole.Highlight)
    dialog.activateWindow()
    for button in buttons[:3]:
        button.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(button.hasFocus, timeout=2000)
        _settle()
        around = QRect(button.mapTo(dialog, QPoint(0, 0)), button.size()).adjusted(-2, -2, 2, 2)
        assert ring.isVisible() and ring.target is button
        assert ring.geometry() == around.intersected(QRect(QPoint(0, 0), dialog.size()))
        assert (
            ring_pixels(dialog.grab().toImage(), around, highlight) > around.width()
        )  # top and bottom drawn


def test_about_and_help_windows_of_the_main_window(qtbot, window):
    about = window.show_about()
    check_dialog(qtbot, about)
    about.close()
    window.show_learning_help()
    help_page = window.help_page
    check_dialog(qtbot, help_page)
    # The main window's own ring stays on the main window: it does not follow into the dialog.
    assert window.focus_ring.target is None or window.focus_ring.target.window() is window
    help_page.close()


def test_open_a_model(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty-hub"))
    dialog = window.open_model()
    qtbot.waitUntil(lambda: not dialog.runner.is_busy(), timeout=JOB_MS)
    check_dialog(qtbot, dialog)
    # The model list is named for its dialog, not for the changing line above it ("Reading the cache…").
    assert accessibility.accessible_name(dialog.models) == f"{dialog.windowTitle()} list"
    dialog.reject()
    dialog.wait_idle()


def test_the_capsule_dialog(qtbot):
    from mlmstudio.gui.capsule_dialog import CapsuleDialog

    dialog = CapsuleDialog(tiny_config())
    qtbot.addWidget(dialog)
    dialog.show()
    try:
        check_dialog(qtbot, dialog)
    finally:
        dialog.runner.wait_idle()


def test_the_crash_offer(qtbot, tmp_path):
    from mlmstudio.gui.crash_offer import CrashOffer

    data_dir = tmp_path / "home"
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    folder = crash_report.CrashFolder(data_dir)
    folder.path.mkdir(parents=True, exist_ok=True)
    folder.trace(child.pid).write_text("Fatal Python error: Segmentation fault\n", encoding="utf-8")
    main = QMainWindow()
    qtbot.addWidget(main)
    main.show()
    offer = CrashOffer(main, crash_report.Recorder(Path(data_dir), lambda _d: {"mlmstudio": "test"}))
    offer.check()
    assert offer.box is not None
    check_dialog(qtbot, offer.box)
    offer.box.close()


def test_the_history_repair_question(qtbot):
    from mlmstudio.gui import history_repair_dialog

    seen: dict[str, object] = {}

    def inspect() -> None:
        box = QApplication.activeModalWidget()
        try:
            assert isinstance(box, QMessageBox)
            check_dialog(qtbot, box)
            seen["checked"] = True
        except AssertionError as exc:  # raised inside exec(): carried out to fail the test
            seen["error"] = exc
        finally:
            if isinstance(box, QMessageBox):
                box.reject()

    QTimer.singleShot(0, inspect)
    assert history_repair_dialog.ask_rebuild("The run history at x is damaged: a test.") is False
    if "error" in seen:
        raise seen["error"]
    assert seen.get("checked")
