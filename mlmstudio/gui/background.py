"""Run one slow, Qt-free function off the GUI thread and get its result back as a signal.

Used for reading a corpus and training the preview tokenizer: work that takes
from milliseconds to seconds and must not freeze the window. The function
runs in a QObject worker moved to its own QThread (the same pattern as the
training worker); its result or its exception arrives in the GUI thread.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.gui.training_worker import start_in_thread

log = logging.getLogger(__name__)


class _CallWorker(QObject):
    succeeded = Signal(object)
    failed = Signal(object)      # the exception
    progress = Signal(int, int)  # done, total
    finished = Signal()

    def __init__(self, fn: Callable[..., Any], with_progress: bool) -> None:
        super().__init__()
        self._fn = fn
        self._with_progress = with_progress

    @Slot()
    def run(self) -> None:
        try:
            if self._with_progress:
                result = self._fn(lambda done, total: self.progress.emit(int(done), int(total)))
            else:
                result = self._fn()
        except Exception as exc:  # every error reaches the GUI; none vanishes in the thread
            if not _is_user_error(exc):
                log.exception("A background task failed")
            self.failed.emit(exc)
        else:
            self.succeeded.emit(result)
        finally:
            self.finished.emit()


class BackgroundCall(QObject):
    """``fn()`` (or ``fn(progress)`` with ``with_progress``) in a thread; results as signals.

    Signals arrive in the thread that created this object (the GUI thread).
    ``finished`` always comes last, after ``succeeded`` or ``failed``.
    """

    succeeded = Signal(object)
    failed = Signal(object)
    progress = Signal(int, int)
    finished = Signal()

    def __init__(self, fn: Callable[..., Any], *, with_progress: bool = False, name: str = "background",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = _CallWorker(fn, with_progress)
        self._worker.succeeded.connect(self.succeeded)
        self._worker.failed.connect(self.failed)
        self._worker.progress.connect(self.progress)
        self._worker.finished.connect(self._on_worker_finished)
        self._name = name
        self._thread = None
        self.done = False

    def start(self) -> "BackgroundCall":
        self._thread = start_in_thread(self._worker, self._name)
        return self

    def is_running(self) -> bool:
        return self._thread is not None and not self.done

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the thread has ended (for shutdown); True when it did."""
        return self._thread is None or self._thread.wait(msecs)

    @Slot()
    def _on_worker_finished(self) -> None:
        self.done = True
        self.finished.emit()


def _is_user_error(exc: BaseException) -> bool:
    from mlmstudio.config import ConfigError
    from mlmstudio.engine.errors import MLMStudioError

    return isinstance(exc, (MLMStudioError, ConfigError))
