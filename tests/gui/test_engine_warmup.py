"""The window's loading state while the engine (torch) is imported in the background.

The test process has long imported torch, so the warm-up is made to believe
it has not, and its import is replaced by one that waits for the test's
signal: the loading state can then be looked at while it lasts.
"""

from __future__ import annotations

import threading

import pytest

from mlmstudio.gui import engine_warmup
from mlmstudio.gui.main_window import MainWindow


@pytest.fixture
def slow_engine(monkeypatch):
    """The engine counts as not loaded; its import blocks until the event is set."""
    release = threading.Event()
    monkeypatch.setattr(engine_warmup, "engine_loaded", lambda: False)
    monkeypatch.setattr(engine_warmup, "import_engine", lambda: release.wait(30) and 0.5)
    yield release
    release.set()


@pytest.fixture
def window(qtbot, db, slow_engine):
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    yield window
    slow_engine.set()
    window.wait_engine_warmup()
    window.corpus_page.wait_idle()
    window.setup_page.wait_idle()


def test_the_window_shows_the_engine_loading_then_ready(qtbot, window, slow_engine):
    start_buttons = [window.setup_page.start_button, window.train_page.start_button]
    texts = [b.text() for b in start_buttons]
    assert not window.engine_loading()

    window.start_engine_warmup()
    assert window.engine_loading()
    assert window.engine_label.isVisibleTo(window) and window.engine_busy.isVisibleTo(window)
    assert window.engine_label.text() == "Loading the training engine…"
    assert [b.text() for b in start_buttons] == [f"{t} (loading…)" for t in texts]
    assert window.explore_page.predict_button.text().endswith("(loading…)")

    with qtbot.waitSignal(window.engine.ready, timeout=10_000):
        slow_engine.set()
    assert not window.engine_loading()
    assert not window.engine_label.isVisibleTo(window)
    assert [b.text() for b in start_buttons] == texts
    assert window.explore_page.predict_button.text() == "Predict"
    assert window.engine.loaded_at is not None


def test_a_failed_engine_import_is_said_and_the_window_stays(qtbot, window, slow_engine, monkeypatch):
    def broken() -> float:
        raise ImportError("libtorch_cpu.so: cannot open shared object file")

    monkeypatch.setattr(engine_warmup, "import_engine", broken)
    with qtbot.waitSignal(window.engine.failed, timeout=10_000) as failed:
        window.start_engine_warmup()
    assert "could not be loaded: libtorch_cpu.so" in failed.args[0]
    assert not window.engine_label.isVisibleTo(window)
    assert not window.setup_page.start_button.text().endswith("(loading…)")
    assert "could not be loaded" in window.statusBar().currentMessage()


def test_a_second_start_does_not_import_twice(window, slow_engine):
    window.start_engine_warmup()
    assert window.engine.start() is False  # already under way
