"""Starting a worker in its own QThread, and knowing which of those threads still run.

Every page that works off the GUI thread (training on Train, sweeps, and the
short calls of ``background.BackgroundCall`` behind Explore, History and
Setup) starts its thread here, so the rules are kept in one place:

- the worker is a QObject with a ``run`` slot and a ``finished`` signal, moved
  to a plain QThread (no QThread subclass with logic in ``run``);
- the thread quits as soon as the worker finishes, connected directly, so it
  does not depend on the GUI thread's event loop (a closing window may be
  blocked in ``wait``);
- Python keeps the thread and its worker alive until the thread has
  finished: a QThread whose wrapper is garbage-collected while it runs would
  abort the process. ``running_threads`` lists those still running (window
  shutdown, and the tests' leak checks).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QThread, Slot


def start_in_thread(worker: QObject, name: str = "training") -> QThread:
    """Move ``worker`` (with a ``run`` slot and a ``finished`` signal) to a new QThread and start it."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    worker.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    _alive[thread] = worker
    thread.finished.connect(_reaper.release)
    thread.start()
    return thread


def running_threads() -> list[QThread]:
    """Threads started by start_in_thread that have not finished yet."""
    return [t for t in list(_alive) if t.isRunning()]


# Python references to running threads and their workers, until each thread has finished.
_alive: dict[QThread, QObject] = {}


class _Reaper(QObject):
    """Drops the references of a finished thread (a lambda would keep the thread alive forever)."""

    @Slot()
    def release(self) -> None:
        thread = self.sender()
        if isinstance(thread, QThread) and not thread.isRunning():
            _alive.pop(thread, None)


_reaper = _Reaper()
