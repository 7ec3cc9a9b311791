"""A termination signal reaches the GUI thread as a call, and the handlers are restored after."""

from __future__ import annotations

import os
import signal

from mlmstudio.gui.termination import HANDLED_SIGNALS, TerminationSignals


def test_sigterm_and_sighup_become_calls_on_the_gui_thread_and_uninstall_restores(qtbot):
    before = {sig: signal.getsignal(sig) for sig in HANDLED_SIGNALS}
    received: list[int] = []
    signals = TerminationSignals(received.append)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: received == [signal.SIGTERM], timeout=5_000)
        os.kill(os.getpid(), signal.SIGHUP)
        qtbot.waitUntil(lambda: received == [signal.SIGTERM, signal.SIGHUP], timeout=5_000)
    finally:
        signals.uninstall()
    assert {sig: signal.getsignal(sig) for sig in HANDLED_SIGNALS} == before
