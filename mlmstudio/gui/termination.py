"""SIGTERM, SIGINT and SIGHUP (SIGBREAK on Windows) close the app the way the Quit command does.

A desktop session logging out, ``systemd`` or ``kill`` send SIGTERM; Ctrl+C in the
terminal that started the app sends SIGINT. Left to Python's defaults, SIGTERM
kills the process mid-step (the run stays "running" and nothing is saved) and
SIGINT raises KeyboardInterrupt wherever Qt's event loop happens to call back
into Python. Instead the signal is turned into a Qt event: Python's handler only
writes to a socket (``signal.set_wakeup_fd``), a ``QSocketNotifier`` on the other
end wakes the event loop even while it sits in C++, and the window then stops a
training run (final checkpoint, run marked stopped, model written) and closes.
Only the signals this platform has are handled: Windows has no SIGHUP, and its
console's Ctrl+Break is SIGBREAK.
"""

from __future__ import annotations

import logging
import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier

log = logging.getLogger(__name__)

HANDLED_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGBREAK") if hasattr(signal, name)
)


class TerminationSignals(QObject):
    """Calls ``on_signal(signum)`` on the GUI thread for each handled signal; ``uninstall`` restores."""

    def __init__(self, on_signal: Callable[[int], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._on_signal = on_signal
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        # A Python-level handler must exist for the wake-up byte to be written; it does nothing itself.
        self._previous_handlers = {sig: signal.signal(sig, _ignore) for sig in HANDLED_SIGNALS}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_readable)

    def _on_readable(self) -> None:
        try:
            data = self._reader.recv(64)
        except OSError:
            return
        for signum in data:
            if signum in HANDLED_SIGNALS:
                log.info("Received %s: stopping and closing", signal.Signals(signum).name)
                self._on_signal(signum)

    def uninstall(self) -> None:
        self._notifier.setEnabled(False)
        for sig, handler in self._previous_handlers.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()


def _ignore(_signum, _frame) -> None:
    """The work happens on the GUI thread, woken through the socket."""
