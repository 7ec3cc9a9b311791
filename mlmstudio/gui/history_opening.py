"""Open the run history after the window's first frame, off the GUI thread.

``Database.open`` creates the history on a first start (the Alembic migrations:
about 0.3 s on an idle machine, seconds under load, most of a fresh home's extra
start-up time) and marks the runs a dead process left running. None of that
may delay the first frame, so ``app.run_app`` shows the window without a
history (``MainWindow(None)``) and starts this once the frame is painted;
``opened`` hands the ``Database`` to ``MainWindow.attach_history``.

A failure is not decided here: ``failed`` carries the exception, and the app
asks its questions with the window as their parent (``history_repair_dialog``:
a damaged history gets the question it got before the window existed).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.gui.background import BackgroundCall

log = logging.getLogger(__name__)


class HistoryOpening(QObject):
    """Runs ``Database.open(data_dir)`` in a thread; ``opened(db)`` or ``failed(exc)`` once, on the GUI thread."""

    opened = Signal(object)  # the Database
    failed = Signal(object)  # the exception

    def __init__(self, data_dir: str | Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self._call: BackgroundCall | None = None
        self.db = None  # set in the thread: closed at exit even if ``opened`` was never delivered
        self.started_at: float | None = None  # time.monotonic(), for the start-up probe
        self.opened_at: float | None = None

    def start(self) -> bool:
        if self._call is not None:
            return False
        self.started_at = time.monotonic()
        self._call = BackgroundCall(self._open, name="history-opening", parent=self)
        self._call.succeeded.connect(self._on_opened)
        self._call.failed.connect(self._on_failed)
        self._call.start()
        return True

    def is_opening(self) -> bool:
        return self._call is not None and not self._call.done

    def wait(self, msecs: int = 60_000) -> bool:
        """Block until the thread has ended (at shutdown); True when it has."""
        return self._call is None or self._call.wait(msecs)

    def _open(self):  # in the thread
        from mlmstudio.store.database import Database

        self.db = Database.open(self.data_dir)
        self.opened_at = time.monotonic()
        return self.db

    @Slot(object)
    def _on_opened(self, db) -> None:
        log.info(
            "History opened in %.2f s, after the first frame", (self.opened_at or 0) - (self.started_at or 0)
        )
        self.opened.emit(db)

    @Slot(object)
    def _on_failed(self, exc: BaseException) -> None:
        self.failed.emit(exc)
