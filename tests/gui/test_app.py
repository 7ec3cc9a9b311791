"""The start's callbacks reach the main window weakly: a call that comes after the window is gone does nothing.

``run_app`` deletes its window before it returns; a termination signal or a queued
first-frame call that arrives later once raised NameError from a closure over the
deleted local.
"""

from __future__ import annotations

import gc
import signal

import shiboken6
from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from mlmstudio.gui.app import FirstFrame, WindowCallbacks


class _Engine(QObject):
    ready = Signal()
    failed = Signal()


class _Window(QWidget):
    """What the callbacks use of MainWindow, recording each call."""

    def __init__(self, calls: list[str]) -> None:
        super().__init__()
        self.calls = calls
        self.engine = _Engine(self)

    def start_engine_warmup(self) -> None:
        self.calls.append("warmup")

    def engine_loading(self) -> bool:
        return True  # the engine's signals end the start; nothing here collects garbage

    def close_without_asking(self) -> None:
        self.calls.append("close")


def _delete_like_run_app(window: QWidget) -> None:
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_calls_reach_the_live_window_and_do_nothing_once_it_is_deleted(qapp):
    calls: list[str] = []
    marks: dict[str, float] = {}
    window = _Window(calls)
    callbacks = WindowCallbacks(window, marks, probe=None, quit_after=None)

    callbacks.on_shown()
    callbacks.on_termination(signal.SIGTERM)
    assert calls == ["warmup", "close"]
    assert "shown" in marks and callbacks.at_show["torch"] in (True, False)

    _delete_like_run_app(window)
    del window
    gc.collect()
    assert callbacks.window() is None
    marks.clear()
    callbacks.on_shown()  # a late first frame
    callbacks.on_termination(signal.SIGTERM)  # a late signal
    assert calls == ["warmup", "close"]
    assert marks == {}


def test_a_window_whose_qt_object_is_gone_is_not_called(qapp):
    calls: list[str] = []
    window = _Window(calls)
    callbacks = WindowCallbacks(window, {}, probe=None, quit_after=None)
    shiboken6.delete(window)  # the Python object is still referenced here, its Qt object is not
    callbacks.on_termination(signal.SIGINT)
    callbacks.on_shown()
    assert calls == []


def test_a_first_frame_call_queued_before_the_widget_is_deleted_is_dropped(qapp):
    shown: list[bool] = []
    widget = QWidget()
    first_frame = FirstFrame(widget, lambda: shown.append(True))
    first_frame.eventFilter(widget, QEvent(QEvent.Type.Paint))  # queues the call
    _delete_like_run_app(widget)
    QApplication.processEvents()
    assert shown == []

    widget = QWidget()
    first_frame = FirstFrame(widget, lambda: shown.append(True))
    first_frame.eventFilter(widget, QEvent(QEvent.Type.Paint))
    QApplication.processEvents()
    assert shown == [True]
    _delete_like_run_app(widget)
