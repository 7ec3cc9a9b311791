"""Start the desktop app: the QApplication, the plot theme, the history, the main window.

The app does not choose a style or palette of its own: Qt's platform theme
already follows the system's light or dark mode, and the plots take their
background and text colours from that palette (and follow it when it
changes).

Start-up order matters: the window is built from modules that do not import
torch, shown, and only once its first frame is on screen do the history open
and the engine load, each in the background (``history_opening``: creating the
history on a first start runs its migrations; ``engine_warmup``). The window
is usable meanwhile: Corpus, Setup and the welcome at once, the pages that show
runs when the history is open, with a line in the status bar until then. Crashes are
recorded from before the window's imports (``mlmstudio.crash_report``); a trace the last
session left is offered as a report's zip after the first frame (``crash_offer``). A
damaged history gets its question then, with the window as its parent. Before any Qt object
exists the launcher has checked that a window can open at all
(``mlmstudio.display_check``); should Qt still fail to start its platform,
the fatal-message handler below says why in a sentence and exits with 2
instead of Qt's abort.

Environment variables read here (the one place they are documented):

- ``MLMSTUDIO_STARTUP_PROBE=FILE``: when the window's first frame has been
  painted, write JSON to FILE: ``{"shown": t, "marks": {...}, "platform": ...}``
  where the times are ``time.monotonic()`` seconds, comparable with another
  process's on the same machine (benchmarks/cold_start.py measures from just
  before it spawns the app). ``cpu_seconds_at_show`` is the CPU time the
  process had used by then (less sensitive to other programs than the wall
  clock). At exit, the times the background history opening and engine import
  ended are added as the marks ``database`` and ``engine_loaded``.
- ``MLMSTUDIO_QUIT_AFTER_MS=N``: close the window N ms after its first frame
  (smoke tests, packaging checks, repeated launches). The app exits 0 as if
  the user had closed it.
- ``MLMSTUDIO_LANG=CODE``: the language of the window (``de``; ``en`` for the
  English the strings are written in; ``pseudo`` for the pseudo-locale that
  shows untranslated and clipped strings), before the saved choice and the
  system's languages (``gui.i18n.install_translations``, docs/TRANSLATING.md).
"""

from __future__ import annotations

import gc
import json
import logging
import os
import sys
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QWidget

from mlmstudio import __version__, command_hint, crash_report, thread_policy
from mlmstudio.gui.i18n import install_translations, translate
from mlmstudio.gui.icons import app_icon
from mlmstudio.gui.settings import APPLICATION, ORGANIZATION
from mlmstudio.gui.termination import TerminationSignals
from mlmstudio.resource_paths import APP_ID

if TYPE_CHECKING:
    from mlmstudio.gui.main_window import MainWindow

log = logging.getLogger(__name__)

# How long a thread may hold the GIL while another waits for it. The training thread
# takes it back after every torch op; with Python's 5 ms default, each plot repaint on
# the GUI thread held it up for that long (docs/PERFORMANCE.md, GUI overhead).
GIL_SWITCH_INTERVAL_S = 0.001

STARTUP_PROBE_ENV = "MLMSTUDIO_STARTUP_PROBE"
QUIT_AFTER_ENV = "MLMSTUDIO_QUIT_AFTER_MS"
EXIT_NO_DISPLAY = 2  # the same code as display_check's, for a failure Qt finds itself


def create_application(argv: list[str] | None = None) -> QApplication:
    """The process's QApplication (created once), named for QSettings, with the plot theme set.

    The plot theme is set now if pyqtgraph is loaded, else by the first page that plots
    (``theme.configure_plots_later``): pyqtgraph is imported after the first frame.
    """
    app = QApplication.instance()
    if app is None:
        app = _new_application(list(argv if argv is not None else sys.argv[:1]))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("MLM Studio")
    app.setApplicationVersion(__version__)
    # The taskbar and window manager find the icon and the desktop entry by this id.
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    from mlmstudio.gui.theme import configure_plots_later, follow_color_scheme

    configure_plots_later(app)  # pyqtgraph loads after the first frame, with the pages that plot

    follow_color_scheme(app)  # light/dark switches while the app runs
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    return app


def _new_application(argv: list[str]) -> QApplication:
    """QApplication(argv), with Qt's fatal start-up messages turned into a sentence and exit 2."""
    from mlmstudio.display_check import release_held_connection

    previous = qInstallMessageHandler(_startup_message_handler)
    try:
        return QApplication(argv)
    finally:
        qInstallMessageHandler(previous)
        release_held_connection()  # Qt holds its own connection to the display now


def _startup_message_handler(kind: QtMsgType, context, message: str) -> None:
    category = getattr(context, "category", "") or ""
    if kind != QtMsgType.QtFatalMsg:
        if kind != QtMsgType.QtDebugMsg or os.environ.get("QT_DEBUG_PLUGINS"):
            print(
                f"{category}: {message}" if category and category != "default" else message, file=sys.stderr
            )
        return
    # qFatal aborts the process when this returns: explain and leave first. The launcher checked
    # before Qt started, so this is a display that went away since, or a check that missed.
    from mlmstudio.display_check import DisplayProblem, find_display_problem

    problem = find_display_problem(retry_s=0) or DisplayProblem(
        f"Qt could not start its display platform ({message.strip().splitlines()[0]}). "
        f"'{command_hint.command('doctor')}' shows what Qt needs and what it finds."
    )
    print(problem.message(), file=sys.stderr, flush=True)
    os._exit(EXIT_NO_DISPLAY)


class FirstFrame(QObject):
    """Calls ``on_shown`` once, right after the widget's first paint has been flushed to the screen."""

    def __init__(self, widget: QWidget, on_shown) -> None:
        super().__init__(widget)
        self._widget = widget
        self._on_shown = on_shown
        self._seen = False
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._seen and watched is self._widget and event.type() == QEvent.Type.Paint:
            self._seen = True
            self._widget.removeEventFilter(self)
            # The paint in progress is flushed before control returns to the event loop.
            # With self as context the call is dropped if the widget is deleted before it runs.
            QTimer.singleShot(0, self, self._on_shown)
        return False


def _quit_after_ms() -> int | None:
    value = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if not value:
        return None
    try:
        return max(0, int(value))
    except ValueError:
        log.warning("%s=%r is not a number of milliseconds; ignored", QUIT_AFTER_ENV, value)
        return None


def write_startup_probe(path: str, marks: dict[str, float], torch_at_show: bool, cpu_at_show: float) -> None:
    payload = {
        "shown": marks.get("shown"),
        "marks": marks,
        "pid": os.getpid(),
        "platform": QApplication.platformName(),
        "engine_loaded_at_show": torch_at_show,
        "cpu_seconds_at_show": cpu_at_show,
    }
    try:
        Path(path).write_text(json.dumps(payload), encoding="utf-8")
    except OSError as exc:
        log.warning("Could not write the start-up probe %s: %s", path, exc)


def _collect_cycles_again(*_args) -> None:
    """Undo the launcher's gc.disable(): what the start created is kept out of future collections."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


class WindowCallbacks:
    """What the first frame and a termination signal do to the main window.

    They reach the window through a weak reference: ``run_app`` deletes the window
    before it returns, and a first-frame call or a signal that arrives after that
    finds no window and does nothing (a closure over the deleted local raised NameError).
    """

    def __init__(
        self, window: MainWindow, marks: dict[str, float], probe: str | None, quit_after: int | None
    ) -> None:
        self._window = weakref.ref(window)
        self._marks = marks
        self._probe = probe
        self._quit_after = quit_after
        self.at_show: dict[str, float | bool] = {}

    def window(self) -> MainWindow | None:
        """The window while both its Python object and its Qt object exist, else None."""
        window = self._window()
        return window if window is not None and shiboken6.isValid(window) else None

    def on_shown(self) -> None:
        window = self.window()
        if window is None:
            return
        self._marks["shown"] = time.monotonic()
        self.at_show.update(torch="torch" in sys.modules, cpu=time.process_time())
        if self._probe:
            write_startup_probe(self._probe, self._marks, bool(self.at_show["torch"]), self.at_show["cpu"])
        window.start_engine_warmup()
        if window.engine_loading():  # the start's imports end with the engine's
            window.engine.ready.connect(_collect_cycles_again)
            window.engine.failed.connect(_collect_cycles_again)
        else:
            _collect_cycles_again()
        if self._quit_after is not None:
            QTimer.singleShot(self._quit_after, window, window.close)

    def on_termination(self, _signum: int) -> None:
        window = self.window()
        if window is not None:
            window.close_without_asking()


class HistoryAtStart:
    """The history, opened after the first frame (``history_opening``) and handed to the window.

    A failure asks or tells what it did before the window existed (``history_repair_dialog``),
    now with the window as parent: a damaged history is rebuilt at the user's word and
    attached; declined or failing again, the window closes and the app exits 1.
    """

    def __init__(self, window: MainWindow, data_dir: str | Path | None) -> None:
        from mlmstudio.gui.history_opening import HistoryOpening

        self._window = weakref.ref(window)
        self.data_dir = data_dir
        self.refused = False  # the history could not be opened: the app exits 1
        self.opening = HistoryOpening(data_dir, window)
        self.opening.opened.connect(self._on_opened)
        self.opening.failed.connect(self._on_failed)

    def start(self) -> None:
        self.opening.start()
        window = self._window()
        if window is not None and shiboken6.isValid(window):
            window.show_status(translate("MainWindow", "Opening the run history…"))

    def _on_opened(self, db) -> None:
        window = self._window()
        if window is not None and shiboken6.isValid(window):
            window.attach_history(db)

    def _on_failed(self, exc: BaseException) -> None:
        from mlmstudio.gui import history_repair_dialog as repair

        window = self._window()
        if window is None or not shiboken6.isValid(window):
            return
        # Asked again here, on the GUI thread: the damage is found from the file before anything is
        # written, so the second open fails the same way, and the question has a parent.
        db = repair.open_history_or_ask(
            self.data_dir,
            ask=lambda message: repair.ask_rebuild(message, window),
            inform=lambda title, message, error=False: repair.tell(title, message, window, error=error),
        )
        if db is None:
            self.refused = True
            window.close_without_asking()
            return
        self._on_opened(db)

    def wait(self) -> None:
        self.opening.wait()


def run_app(
    argv: list[str] | None = None,
    data_dir: str | Path | None = None,
    versions: crash_report.Versions | None = None,
) -> int:
    """Open the main window, then the history in ``data_dir`` behind it, and run until it closes.

    ``versions(data_dir)`` gives a crash report's versions (the launcher hands in the doctor's report).
    """
    marks = {"run_app": time.monotonic()}
    thread_policy.prepare("app")  # before the engine (and torch) load in the warm-up thread
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    recorder = _record_crashes(data_dir, versions)  # before the window's imports: they can crash too
    from mlmstudio.gui.main_window import MainWindow

    marks["imported"] = time.monotonic()
    app = create_application(argv)
    install_translations(app)  # before any widget: each takes its strings as it is built
    marks["application"] = time.monotonic()
    window = MainWindow(None)  # the history opens after the first frame: see HistoryAtStart
    marks["window_built"] = time.monotonic()
    probe = os.environ.get(STARTUP_PROBE_ENV)
    quit_after = _quit_after_ms()

    history = HistoryAtStart(window, data_dir)
    callbacks = WindowCallbacks(window, marks, probe, quit_after)
    # Qt asks the filter installed last first: the first frame is marked, then the history opens.
    FirstFrame(window, history.start)
    offer = _crash_offer(window, recorder)
    FirstFrame(window, callbacks.on_shown)
    # A logout, `kill` or Ctrl+C stops a training run cleanly and closes, like Quit without the question.
    signals = TerminationSignals(callbacks.on_termination, app)
    window.show()
    code = app.exec()
    signals.uninstall()
    _collect_cycles_again()
    # The history opening and the engine import may still be running: let them finish first.
    history.wait()
    window.wait_engine_warmup()
    if offer is not None:
        offer.wait()  # a crash report being written
    if probe and callbacks.at_show:
        if history.opening.opened_at is not None:
            marks["database"] = history.opening.opened_at
        if window.engine.loaded_at is not None:
            marks["engine_loaded"] = window.engine.loaded_at
        write_startup_probe(probe, marks, callbacks.at_show["torch"], callbacks.at_show["cpu"])
    db = window.db or history.opening.db  # opened, or opened after the window had closed
    # Delete the window (and its plots) while Qt is still alive, not at interpreter exit.
    window.deleteLater()
    del window
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    if db is not None:
        db.close()
    if recorder is not None:
        recorder.disable()
    return 1 if history.refused else int(code)


def _record_crashes(data_dir: str | Path | None, versions) -> crash_report.Recorder | None:
    """The crash recorder in the data folder; a folder that cannot be written costs the recording only."""
    from mlmstudio.store.paths import data_dir as resolve_data_dir

    try:
        return crash_report.enable(resolve_data_dir(data_dir), versions)
    except OSError as exc:
        log.warning("Crashes will not be recorded: %s", exc)
        return None


def _crash_offer(window: MainWindow, recorder: crash_report.Recorder | None):
    """After the first frame, the offer of a report on the last session's crash (``crash_offer``)."""
    if recorder is None:
        return None
    from mlmstudio.gui.crash_offer import CrashOffer

    offer = CrashOffer(window, recorder)
    FirstFrame(window, offer.check)
    return offer
