"""The main window, driven like a user: welcome, pages, shortcuts, a run end to end, closing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from mlmstudio.engine.run_files import MODEL_FILE
from mlmstudio.gui import main_window as main_window_module
from mlmstudio.gui.main_window import CORPUS, EXPLORE, HISTORY, PAGES, SETUP, MainWindow
from mlmstudio.gui.settings import AppSettings
from mlmstudio.store import service

FINISH_MS = 120_000


@pytest.fixture
def quick_tiny(monkeypatch, make_tiny_config):
    """The welcome's one-click recipe, shrunk to a few seconds for tests."""
    monkeypatch.setattr(main_window_module, "quick_start_config", lambda sample: make_tiny_config(steps=30))


def wait_idle(qtbot, window):
    qtbot.waitUntil(lambda: not window.corpus_page.is_loading(), timeout=30_000)
    qtbot.waitUntil(lambda: not window.setup_page.preview.is_busy(), timeout=30_000)
    window.setup_page.flush()


def load_sample(qtbot, window, name="facts"):
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.corpus_page.load_sample(name)
    wait_idle(qtbot, window)


def start_a_long_run(qtbot, window, make_tiny_config) -> str:
    """Start a run far too long to finish and wait for its first step; its id."""
    load_sample(qtbot, window)
    window.setup_page.set_config(make_tiny_config(steps=100_000))
    wait_idle(qtbot, window)
    assert window.start_training()
    run_id = window.train_page.run_id
    qtbot.waitUntil(lambda: window.train_page.last_step is not None, timeout=FINISH_MS)
    return run_id


@pytest.mark.slow  # trains for more than a second
def test_first_run_shows_the_welcome_and_one_click_trains(qtbot, window, db, quick_tiny):
    assert window.stack.currentWidget() is window.welcome
    button = window.welcome.sample_buttons["facts"]
    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as finished:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    run_id, outcome = finished.args
    assert outcome.status == "completed"
    assert window.current_page() is window.train_page
    assert window.train_page.plots.curve_points("train_loss") == 30
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)

    # History lists the run; Explore answers with its model.
    window.show_page(HISTORY)
    assert window.history_page.model.row_of(run_id) is not None
    window.show_page(EXPLORE)
    assert window.explore_page.select_run(run_id)
    window.explore_page.sentence.set_text("The capital of France is [MASK].")
    qtbot.waitUntil(lambda: not window.explore_page.is_busy(), timeout=30_000)  # the model loads off-thread
    with qtbot.waitSignal(window.explore_page.answered, timeout=30_000):
        qtbot.mouseClick(window.explore_page.predict_button, Qt.MouseButton.LeftButton)
    assert window.explore_page.prediction_views(), window.explore_page.message_text()
    # The welcome is not shown again.
    assert AppSettings().welcome_done()
    again = MainWindow(db, AppSettings())
    qtbot.addWidget(again)
    assert again.stack.currentWidget() is not again.welcome


def test_sidebar_and_shortcuts_switch_pages(qtbot, window):
    window.settings.set_welcome_done(True)
    for index in range(len(PAGES)):
        qtbot.keyClick(window, Qt.Key(Qt.Key.Key_1 + index), Qt.KeyboardModifier.ControlModifier)
        assert window.stack.currentIndex() == index
        assert window.sidebar.currentRow() == index
    window.sidebar.setCurrentRow(SETUP)
    assert window.current_page() is window.setup_page


def test_ctrl_o_opens_the_corpus_dialog(qtbot, window, monkeypatch, tutorial_corpus_path):
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(tutorial_corpus_path), ""))
    )
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() is window.corpus_page
    assert window.statusBar().currentMessage().startswith("Loaded")
    wait_idle(qtbot, window)


@pytest.mark.slow  # trains for more than a second
def test_ctrl_return_starts_and_ctrl_period_stops(qtbot, window, db, make_tiny_config):
    load_sample(qtbot, window)
    window.setup_page.set_config(make_tiny_config(steps=100_000))
    wait_idle(qtbot, window)
    with qtbot.waitSignal(window.train_page.run_started, timeout=10_000) as started:
        qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.train_page.last_step is not None, timeout=FINISH_MS)
    assert window.current_page() is window.train_page
    assert window.training_label.text() == "Training…"
    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as finished:
        qtbot.keyClick(window, Qt.Key.Key_Period, Qt.KeyboardModifier.ControlModifier)
    assert finished.args[1].status == "stopped"
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)
    assert service.get_run(db, started.args[0]).summary.status == "stopped"
    assert window.training_label.text() == ""


def test_start_with_invalid_settings_explains_and_stays_usable(qtbot, window, make_tiny_config):
    load_sample(qtbot, window)
    bad = make_tiny_config()
    window.setup_page.set_config(bad)
    window.setup_page.forms["model"].editor("num_heads").setValue(3)
    wait_idle(qtbot, window)
    assert window.start_training() is False
    assert window.current_page() is window.setup_page
    assert "divisible" in window.statusBar().currentMessage()
    assert not window.train_page.start_button.isEnabled()
    assert not window.train_page.is_training()

    window.setup_page.forms["model"].editor("num_heads").setValue(2)
    wait_idle(qtbot, window)
    assert window.train_page.start_button.isEnabled()


def test_bad_corpus_shows_a_message_and_the_app_stays_usable(qtbot, window, tmp_path):
    binary = tmp_path / "image.txt"
    binary.write_bytes(bytes(range(256)) * 64)
    window.show_page(CORPUS)
    with qtbot.waitSignal(window.corpus_page.load_failed, timeout=30_000):
        window.corpus_page.load(str(binary))
    assert "binary" in window.corpus_page.error_text().lower()
    assert window.start_training() is False  # nothing to train on yet
    load_sample(qtbot, window, "tutorial")
    assert not window.corpus_page.error_text()


@pytest.mark.slow  # trains for more than a second
def test_closing_while_training_asks_stops_and_never_leaves_a_run_running(
    qtbot, window, db, answer_dialogs, make_tiny_config
):
    run_id = start_a_long_run(qtbot, window, make_tiny_config)

    answer_dialogs.set(QMessageBox.StandardButton.No)
    assert not window.close()
    assert window.isVisible() and window.train_page.is_training()
    assert "still training" in answer_dialogs.questions[-1]

    answer_dialogs.set(QMessageBox.StandardButton.Yes)
    assert window.close()
    assert not window.isVisible()
    assert window.train_page.thread is None or not window.train_page.thread.isRunning()
    summary = service.get_run(db, run_id).summary
    assert summary.status == "stopped"
    assert service.get_run(db, run_id).latest_checkpoint is not None


@pytest.mark.slow  # trains for more than a second
def test_sigterm_while_training_stops_the_run_saves_it_and_closes(qtbot, window, db, make_tiny_config):
    """What a logout or `kill` sends: like Quit, without the question; nothing is lost."""
    import os
    import signal

    from mlmstudio.gui.termination import TerminationSignals

    run_id = start_a_long_run(qtbot, window, make_tiny_config)
    signals = TerminationSignals(lambda _signum: window.close_without_asking())
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=FINISH_MS)
    finally:
        signals.uninstall()
    assert window.train_page.thread is None or not window.train_page.thread.isRunning()
    run = service.get_run(db, run_id)
    assert run.summary.status == "stopped"
    assert run.latest_checkpoint is not None
    assert (service.model_dir_of_run(db, run_id) / MODEL_FILE).is_file()


def test_geometry_page_and_settings_are_remembered(qtbot, db, make_tiny_config):
    first = MainWindow(db, AppSettings())
    qtbot.addWidget(first)
    first.show()
    # The offscreen screen is 800x800: stay inside it so the restore is not clamped.
    first.resize(QSize(first.minimumSizeHint().width(), 700))
    wanted = first.size()
    first.show_page(HISTORY)
    first.setup_page.set_config(make_tiny_config(steps=77))
    first.setup_page.flush()
    first.close()

    second = MainWindow(db, AppSettings())
    qtbot.addWidget(second)
    second.show()
    assert second.size() == wanted and wanted.height() == 700
    assert second.current_page() is second.history_page
    assert second.setup_page.config().training.steps == 77


def test_about_names_the_versions_and_the_data_directory(window, db):
    import torch
    from PySide6.QtCore import qVersion

    text = window.about_text()
    assert torch.__version__ in text and qVersion() in text
    assert str(db.data_dir) in text
    assert "Python" in text


@pytest.mark.slow  # trains for more than a second
def test_history_resume_goes_through_the_train_page(qtbot, window, db, make_tiny_config):
    load_sample(qtbot, window)
    window.setup_page.set_config(make_tiny_config(steps=100_000, checkpoint_every=5))
    wait_idle(qtbot, window)
    assert window.start_training()
    qtbot.waitUntil(
        lambda: window.train_page.last_step is not None and window.train_page.last_step.step >= 6,
        timeout=FINISH_MS,
    )
    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as stopped:
        window.train_page.stop()
    run_id = stopped.args[0]
    stop_step = stopped.args[1].step
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)

    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as resumed:
        window.history_page.resume_requested.emit(run_id)
        qtbot.waitUntil(
            lambda: (
                window.train_page.last_step is not None and window.train_page.last_step.step > stop_step + 2
            ),
            timeout=FINISH_MS,
        )
        window.train_page.stop()
    assert resumed.args[0] == run_id
    assert resumed.args[1].status == "stopped"
    assert window.current_page() is window.train_page
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)
    # The resumed curve continues the recorded one: every step once, in order, no gap.
    steps = window.train_page.plots.steps.column("step")
    assert steps[0] == 1 and (steps[1:] - steps[:-1] == 1).all()
    assert steps[-1] > stop_step + 2


def test_a_file_dropped_on_any_page_becomes_the_corpus(qtbot, window, tutorial_corpus_path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    window.show_page(HISTORY)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tutorial_corpus_path))])
    event = QDropEvent(
        QPointF(5, 5),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.dropEvent(event)
    assert window.current_page() is window.corpus_page
    wait_idle(qtbot, window)
    assert window.setup_page.config().corpus.source == str(tutorial_corpus_path.resolve())


def test_run_app_opens_the_window_and_returns_when_it_closes(qtbot, _isolated_data_dir):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from mlmstudio.gui.app import run_app

    seen = []

    def close_it():
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        if not windows or not all(w.history_ready() for w in windows):
            QTimer.singleShot(50, close_it)  # the history opens after the first frame
            return
        seen.extend(windows)
        for w in windows:
            w.close()

    QTimer.singleShot(300, close_it)
    assert run_app(["mlmstudio"], data_dir=_isolated_data_dir) == 0
    assert len(seen) == 1
    assert (_isolated_data_dir / "history.sqlite3").exists()
