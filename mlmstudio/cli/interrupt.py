"""Ctrl+C or SIGTERM during training: the first stops after the current step, the second aborts.

SIGTERM is what a desktop session, ``systemd`` or ``kill`` sends; it gets what
Ctrl+C gets: a final checkpoint, the model written and the run ``stopped``.
The command then exits with the shell's code for that signal (130 for Ctrl+C,
143 for SIGTERM), so ``train ... && next`` does not go on as if it had finished.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from mlmstudio.engine.events import TrainingControl
from mlmstudio.startup_signals import Interrupted

SIGNALS = tuple(s for s in (signal.SIGINT, getattr(signal, "SIGTERM", None)) if s is not None)


@dataclass
class Interruption:
    """Which signal asked the run to stop, if one did."""

    signum: int | None = None

    def exit_code(self, default: int) -> int:
        """128 + the signal when one stopped the run (as a shell reports it), else ``default``."""
        return 128 + self.signum if self.signum is not None else default


@contextmanager
def stop_on_interrupt(control: TrainingControl) -> Iterator[Interruption]:
    """While inside, SIGINT and SIGTERM ask the trainer to stop (it saves a checkpoint) instead of killing it."""
    interruption = Interruption()

    def handler(signum, frame):
        if control.stop_requested:  # the second one aborts, with that signal's exit code
            raise Interrupted(int(signum))
        interruption.signum = int(signum)
        how = "Ctrl+C" if signum == signal.SIGINT else "the signal"
        print(f"\nmlmstudio: stopping after this step ({how} again to abort)...", file=sys.stderr)
        control.stop()

    previous = {}
    try:
        for signum in SIGNALS:
            previous[signum] = signal.signal(signum, handler)
    except ValueError:  # not on the main thread (tests): no handler then
        for signum, old in previous.items():
            signal.signal(signum, old)
        yield interruption
        return
    try:
        yield interruption
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
