"""The keyboard alone goes from a fresh window's samples to a finished run to a prediction.

Only key events reach the app: Tab, Shift+Tab, Space, Enter and the menu shortcuts, sent to
whichever widget has the focus, as a keyboard user's keys are. Nothing is clicked and no widget
method is called; the test reads the app's state only to know when to press the next key (a
run finished, the model loaded). The one-click recipe is shrunk to a few seconds, as
test_main_window's quick start does.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QPlainTextEdit, QWidget

from mlmstudio.gui import main_window as main_window_module

FINISH_MS = 120_000
MAX_TABS = 120  # more than every focusable widget of a page


@pytest.fixture
def quick_tiny(monkeypatch, make_tiny_config):
    monkeypatch.setattr(main_window_module, "quick_start_config", lambda sample: make_tiny_config(steps=30))


def focused(window) -> QWidget:
    """Where the keys go: the application's focus widget (the window's, before it is active)."""
    widget = QApplication.focusWidget() or window.focusWidget()
    assert widget is not None, "no widget has the keyboard focus"
    return widget


def press(qtbot, window, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(focused(window), key, modifier)
    QApplication.processEvents()


def describe(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, QAbstractButton) else ""
    return f"{type(widget).__name__}({widget.objectName() or widget.accessibleName() or text!r})"


def tab_to(qtbot, window, wanted: Callable[[QWidget], bool], what: str) -> QWidget:
    """Press Tab until the focus is on a widget ``wanted`` accepts; fail with the Tab chain seen."""
    seen = []
    for _ in range(MAX_TABS):
        widget = focused(window)
        if wanted(widget):
            return widget
        seen.append(describe(widget))
        press(qtbot, window, Qt.Key.Key_Tab)
    pytest.fail(f"Tab never reaches {what}; the chain: {' → '.join(seen[:60])}")


def is_sentence_editor(widget: QWidget) -> bool:
    return isinstance(widget, QPlainTextEdit) and "[MASK]" in widget.toPlainText() and widget.isVisible()


@pytest.mark.slow  # trains for a few seconds
def test_keyboard_only_from_the_samples_to_a_prediction(qtbot, window, quick_tiny):
    window.activateWindow()  # the window manager gives the new window the keyboard
    qtbot.waitUntil(lambda: window.focusWidget() is not None, timeout=5000)
    assert window.stack.currentWidget() is window.welcome
    facts = window.welcome.sample_buttons["facts"]
    # The welcome's first sample has the focus; Tab and Shift+Tab leave it and come back.
    assert focused(window) is facts
    press(qtbot, window, Qt.Key.Key_Tab)
    assert focused(window) is not facts
    press(qtbot, window, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert focused(window) is facts

    # Space on "Train on this": the sample loads and the (shrunk) quick recipe trains to its end.
    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as finished:
        press(qtbot, window, Qt.Key.Key_Space)
    run_id, outcome = finished.args
    assert outcome.status == "completed"
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)
    assert window.current_page() is window.train_page

    # Ctrl+4 (Go → 4 Explore) shows Explore on the run just trained; its model loads.
    press(qtbot, window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    explore = window.explore_page
    assert window.current_page() is explore
    qtbot.waitUntil(lambda: explore.current_run_id() == run_id, timeout=30_000)
    qtbot.waitUntil(lambda: not explore.is_busy(), timeout=30_000)

    # Tab to the sentence box (it holds "The capital of France is [MASK]."); Enter asks.
    editor = tab_to(qtbot, window, is_sentence_editor, "the Explore sentence box")
    assert window.focus_ring.isVisible() and window.focus_ring.target is editor  # where the keys go
    with qtbot.waitSignal(explore.answered, timeout=30_000):
        press(qtbot, window, Qt.Key.Key_Return)
    assert explore.prediction_views(), explore.message_text()
    qtbot.waitUntil(lambda: not explore.is_busy(), timeout=30_000)

    # The Predict button is reachable too, and Space on it asks again.
    button = tab_to(
        qtbot,
        window,
        lambda w: isinstance(w, QAbstractButton) and w.text().startswith("Predict") and w.isVisible(),
        "the Predict button",
    )
    assert window.focus_ring.target is button
    with qtbot.waitSignal(explore.answered, timeout=30_000):
        press(qtbot, window, Qt.Key.Key_Space)
    assert explore.prediction_views()
