"""Run slow, Qt-free functions off the GUI thread and get their results back as signals.

Used for reading a corpus, training the preview tokenizer, loading models and
asking them, exporting and importing runs: work that takes from milliseconds
to seconds and must not freeze the window.

- ``BackgroundCall``: one function in a QObject worker moved to its own
  QThread (the same pattern as the training worker); its result or its
  exception arrives in the GUI thread.
- ``TaskRunner``: what a widget holds to run its calls. It knows whether a
  call whose answer is still wanted is running (``busy_changed``, for a busy
  indicator and disabled buttons), drops the answers of calls the user has
  moved on from (``forget``), and keeps every call alive until its thread
  ends. Answers go to the runner's own slots, so a call that ends after its
  widget was deleted is simply not delivered: nothing crashes, no thread leaks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QWidget

from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.threads import start_in_thread

log = logging.getLogger(__name__)


class _CallWorker(QObject):
    succeeded = Signal(object)
    failed = Signal(object)  # the exception
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

    def __init__(
        self,
        fn: Callable[..., Any],
        *,
        with_progress: bool = False,
        name: str = "background",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._worker = _CallWorker(fn, with_progress)
        self._worker.succeeded.connect(self.succeeded)
        self._worker.failed.connect(self.failed)
        self._worker.progress.connect(self.progress)
        self._worker.finished.connect(self._on_worker_finished)
        self._name = name
        self._thread = None
        self.done = False

    def start(self) -> BackgroundCall:
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


class TaskRunner(QObject):
    """A widget's background calls: a busy state, stale answers dropped, nothing leaked.

    ``run(fn, on_result, on_error, topic=...)`` starts ``fn()`` in a thread and
    calls ``on_result(value)`` or ``on_error(exc)`` in the GUI thread, unless
    the call was forgotten meanwhile: by ``forget(topic)``, or by a newer call
    on the same topic (the newest question wins). ``busy_changed(True)`` when
    the first wanted call starts, ``busy_changed(False)`` when none is left.
    """

    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._calls: set[BackgroundCall] = set()  # every call whose thread may still run
        self._busy = False

    def run(
        self,
        fn: Callable[[], Any],
        on_result: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
        *,
        topic: Hashable = None,
        name: str = "background",
    ) -> BackgroundCall:
        # Calls that ended are dropped here, never inside their own signals.
        self._calls = {c for c in self._calls if not c.done}
        self.forget(topic)
        call = BackgroundCall(fn, name=name)
        call.topic, call.wanted = topic, True
        call.on_result, call.on_error = on_result, on_error
        call.succeeded.connect(self._on_succeeded)
        call.failed.connect(self._on_failed)
        call.finished.connect(self._on_finished)
        self._calls.add(call)
        call.start()
        self._update_busy()
        return call

    def forget(self, topic: Hashable = None, *, every: bool = False) -> None:
        """Drop the answers of running calls on ``topic`` (or of all of them): the user moved on."""
        for call in self._calls:
            if every or call.topic == topic:
                call.wanted = False
        self._update_busy()

    def is_busy(self, topic: Hashable = None, *, any_topic: bool = True) -> bool:
        """Whether a call whose answer is wanted is running (on ``topic`` when any_topic is False)."""
        return any(c.wanted and not c.done and (any_topic or c.topic == topic) for c in self._calls)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Block until every thread started here has ended (window shutdown, tests)."""
        return all(call.wait(msecs) for call in list(self._calls))

    @Slot(object)
    def _on_succeeded(self, value: Any) -> None:
        call = self.sender()
        if isinstance(call, BackgroundCall) and call.wanted:
            call.wanted = False  # answered: no longer makes the widget busy
            self._update_busy()
            call.on_result(value)

    @Slot(object)
    def _on_failed(self, exc: BaseException) -> None:
        call = self.sender()
        if isinstance(call, BackgroundCall) and call.wanted:
            call.wanted = False
            self._update_busy()
            if call.on_error is not None:
                call.on_error(exc)

    @Slot()
    def _on_finished(self) -> None:
        self._update_busy()

    def _update_busy(self) -> None:
        busy = self.is_busy()
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)


def show_busy(widget: QWidget, busy: bool, *indicators: QWidget) -> None:
    """What a widget shows while its calls run: the busy cursor over it and its busy bar and label."""
    for indicator in indicators:
        indicator.setVisible(busy)
    if busy:
        widget.setCursor(Qt.CursorShape.BusyCursor)
    else:
        widget.unsetCursor()


def user_message(exc: BaseException, what: str) -> str:
    """A sentence for a failed background call: the engine's own words, or what failed and where to look.

    ``what`` starts the sentence ("Loading the model"): the caller translates it.
    """
    if _is_user_error(exc):
        return translated(str(exc))
    if isinstance(exc, MemoryError):
        return translate(
            "Background",
            "{what} needs more memory than this computer has free. Close other programs and try again.",
        ).format(what=what)
    if isinstance(exc, OSError):
        return translate(
            "Background", "{what} failed: {reason}. Check the path, the permissions and the free space."
        ).format(what=what, reason=translated(str(exc.strerror or exc)))
    return translate(
        "Background", "{what} failed because of an internal error ({error}); the log has the details."
    ).format(what=what, error=type(exc).__name__)


def _is_user_error(exc: BaseException) -> bool:
    from mlmstudio.errors import MLMStudioError  # ConfigError is one too

    return isinstance(exc, MLMStudioError)
