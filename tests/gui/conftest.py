"""GUI test fixtures: isolated settings, a fresh history, and leak checks.

Every GUI test fails if it leaves a QThread running, a QTimer active, a new
top-level window shown, or a run marked running (or paused) in the history: a
hung app, work firing into a closed window, a window nobody closes, a run that
never ends. (napari's ``_dangling_qthreads``/``_dangling_qtimers`` are the model.)
The checks clean up after reporting, so one leaking test does not take the rest
of the session down with it. Widgets given to ``qtbot.addWidget`` are closed and
deleted by pytest-qt before these checks run.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QThread, QTimer, QTranslator
from PySide6.QtWidgets import QApplication, QMessageBox

from mlmstudio.config import RunConfig
from mlmstudio.gui import settings as app_settings

from tiny_configs import tiny_config

THREAD_GRACE_MS = 2000  # a thread that was told to quit gets this long to finish
LIVE_STATUSES = ("running", "paused")


GUI_TESTS = Path(__file__).parent
TRAINED_FIXTURES = {"history", "trained_db"}


def pytest_collection_modifyitems(items):
    """A test on a really trained history is slow: the session trains it (seconds) before the first."""
    for item in items:
        if GUI_TESTS in Path(item.fspath).parents and TRAINED_FIXTURES & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path):
    """QSettings under the test's temporary folder, never the user's."""
    app_settings.use_settings_dir(tmp_path / "settings")
    yield tmp_path / "settings"


@pytest.fixture(autouse=True)
def _fake_step_times(monkeypatch):
    """No real step-time calibration in GUI tests: it trains models for seconds in a thread.

    Tests of the time read-out inject their own ``StepTimes(measure=...)``; the
    real measurement has its own engine test.
    """
    from mlmstudio.engine.calibration import StepTime
    from mlmstudio.gui import step_times

    monkeypatch.setattr(
        step_times,
        "measure_on_this_computer",
        lambda request: StepTime(seconds=0.05, precision="fp32", threads=1),
    )


@pytest.fixture(autouse=True)
def _garbage_collected_between_tests():
    """Collect garbage only between tests, never while a test's worker threads run.

    Python's cyclic collector runs whenever allocations pile up, in whichever
    thread allocates; twice in a full run it collected Qt or SQLite objects on
    the GUI thread while a background call was inside a query, and the process
    died (SIGSEGV / SIGABRT, a different test each time). Here it runs at the
    end of each test, after ``_no_leaked_threads`` has waited for every thread.

    What survives a collection is then frozen (``gc.freeze``, as the app does
    after its start): torch, Qt and the session's fixtures are millions of
    objects that every full collection walked again, 0.6-2 s per test; frozen,
    a collection walks only what the tests made since. The QThreads among them
    are remembered, because ``gc.get_objects`` no longer lists frozen objects.
    """
    gc.collect()
    _FROZEN_QTHREADS.update(_qthreads(gc.get_objects()))
    gc.freeze()
    gc.disable()
    yield
    gc.enable()
    gc.collect()


@pytest.fixture(autouse=True)
def _no_leaked_threads(qapp, _garbage_collected_between_tests):
    """Fail a test that leaves a QThread running."""
    yield
    QApplication.processEvents()
    leaked = [t for t in _running_qthreads() if not t.wait(THREAD_GRACE_MS)]
    for thread in leaked:  # clean up before failing, so later tests still run
        thread.quit()
        thread.wait(10_000)
    if leaked:
        names = ", ".join(t.objectName() or type(t).__name__ for t in leaked)
        pytest.fail(f"The test left {len(leaked)} QThread(s) running: {names}")


@pytest.fixture(autouse=True)
def _no_leaked_timers(qapp, monkeypatch):
    """Fail a test that leaves a QTimer it started still active (once its widgets are closed)."""
    started: list[QTimer] = []
    original_start, original_single_shot = QTimer.start, QTimer.singleShot

    def start(self, *args):
        started.append(self)
        return original_start(self, *args)

    def single_shot(msec, *args):
        # QTimer.singleShot(ms, callable) or (ms, context, callable): as a QTimer we can see.
        if len(args) == 1 and callable(args[0]):
            context, slot = None, args[0]
        elif len(args) == 2 and callable(args[1]) and isinstance(args[0], QObject):
            context, slot = args
        else:
            return original_single_shot(msec, *args)
        here = QThread.currentThread()
        if here is not qapp.thread() or (context is not None and context.thread() is not here):
            # From a worker thread (often to run code on the GUI thread): Qt's own, untracked.
            return original_single_shot(msec, *args)
        timer = QTimer(context)
        timer.setSingleShot(True)
        timer.timeout.connect(slot)
        if context is None:
            timer.timeout.connect(timer.deleteLater)
        start(timer, msec)

    monkeypatch.setattr(QTimer, "start", start)
    monkeypatch.setattr(QTimer, "singleShot", staticmethod(single_shot))
    yield
    monkeypatch.undo()
    _flush_deletions()
    leaked = []
    for timer in started:
        try:
            if timer.isActive():
                leaked.append(timer)
        except RuntimeError:  # deleted with its owner: not a leak
            continue
    for timer in leaked:
        timer.stop()
    if leaked:
        names = ", ".join(
            f"{t.objectName() or 'QTimer'} ({t.interval()} ms, parent "
            f"{type(t.parent()).__name__ if t.parent() else 'none'})"
            for t in leaked
        )
        pytest.fail(f"The test left {len(leaked)} QTimer(s) active: {names}")


@pytest.fixture(autouse=True)
def _no_leaked_windows(qapp, _no_leaked_timers):
    """Fail a test that leaves a new top-level widget shown (give it to qtbot.addWidget)."""
    before = {id(w) for w in QApplication.topLevelWidgets()}
    yield
    _flush_deletions()
    leaked = []
    for widget in QApplication.topLevelWidgets():
        try:
            if id(widget) not in before and widget.isVisible():
                leaked.append(widget)
        except RuntimeError:
            continue
    for widget in leaked:  # clean up before failing
        widget.close()
        widget.deleteLater()
    _flush_deletions()
    if leaked:
        names = ", ".join(type(w).__name__ for w in leaked)
        pytest.fail(f"The test left {len(leaked)} top-level widget(s) open: {names}")


def _flush_deletions() -> None:
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


@pytest.fixture(autouse=True)
def _no_live_runs(_isolated_data_dir, _no_leaked_threads):
    """Fail a test that leaves a run marked running or paused in its history."""
    yield
    db_file = Path(_isolated_data_dir) / "history.sqlite3"
    if not db_file.exists():
        return
    from mlmstudio.store import repository
    from mlmstudio.store.database import Database

    db = Database.open(_isolated_data_dir, recover=False)
    with db.session(write=False) as session:
        live = [(row.id, row.status) for row in repository.list_run_rows(session, statuses=LIVE_STATUSES)]
    if live:
        pytest.fail(f"The test left run(s) marked live in the history: {live}")


# QThreads that were frozen out of gc.get_objects() (see _garbage_collected_between_tests).
_FROZEN_QTHREADS: weakref.WeakSet[QThread] = weakref.WeakSet()


def _qthreads(objects) -> list[QThread]:
    return [obj for obj in objects if issubclass(type(obj), QThread)]


def _running_qthreads() -> list[QThread]:
    main = QApplication.instance().thread() if QApplication.instance() else None
    found = []
    for thread in {*_qthreads(gc.get_objects()), *_FROZEN_QTHREADS}:
        try:
            if thread is not main and thread.isRunning():
                found.append(thread)
        except RuntimeError:  # the C++ object is already gone
            continue
    return found


@pytest.fixture
def db(_isolated_data_dir):
    from mlmstudio.store.database import Database

    return Database.open(_isolated_data_dir)


@pytest.fixture
def window(qtbot, db):
    """The main window on a fresh history, shown; its workers stopped and waited for afterwards."""
    from mlmstudio.gui.main_window import MainWindow
    from mlmstudio.gui.settings import AppSettings

    window = MainWindow(db, AppSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.train_page.stop_and_wait()
    window.corpus_page.wait_idle()
    window.setup_page.wait_idle()
    if getattr(window, "help_page", None) is not None:  # built only when Help is first opened
        window.help_page.wait_idle()


@pytest.fixture
def answer_dialogs(monkeypatch):
    """Answer every QMessageBox question with ``answer`` (Yes by default); record what was asked."""
    asked: list[str] = []
    state = {"answer": QMessageBox.StandardButton.Yes}

    def question(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return state["answer"]

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))

    class Answers:
        questions = asked

        @staticmethod
        def set(answer: QMessageBox.StandardButton) -> None:
            state["answer"] = answer

    return Answers


@pytest.fixture
def tiny_run_config() -> RunConfig:
    return tiny_config()


@pytest.fixture
def make_tiny_config():
    return tiny_config


@pytest.fixture
def history(make_tiny_config, _isolated_data_dir):
    """A history with two really trained tiny runs (trained once per session), copied for this test."""
    from trained_history import copy_history, trained_history

    template = trained_history(make_tiny_config)
    copy_history(template, _isolated_data_dir)
    return template


@pytest.fixture
def trained_db(history, _isolated_data_dir):
    from mlmstudio.store.database import Database

    return Database.open(_isolated_data_dir)


TRANSLATIONS = Path(__file__).resolve().parents[2] / "mlmstudio" / "gui" / "translations"


@pytest.fixture
def german(qapp):
    """The committed German catalogue installed for one test (the .qm the app ships)."""
    translator = QTranslator()
    assert translator.load(str(TRANSLATIONS / "mlmstudio_de.qm"))
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


@pytest.fixture
def deutsch(qapp):
    """The app in German, as ``MLMSTUDIO_LANG=de`` starts it (catalogue and default locale)."""
    from mlmstudio.gui import i18n

    assert i18n.install_translations(qapp, "de") == "de"
    yield
    i18n.remove_translations(qapp)
