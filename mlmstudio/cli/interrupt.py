"""Ctrl+C or SIGTERM during training: the first stops after the current step, the second aborts.

SIGTERM is what a desktop session, ``systemd`` or ``kill`` sends; it gets what
Ctrl+C gets: a final checkpoint, the model written and the run ``stopped``.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from mlmstudio.engine.events import TrainingControl

SIGNALS = tuple(s for s in (signal.SIGINT, getattr(signal, "SIGTERM", None)) if s is not None)


@contextmanager
def stop_on_interrupt(control: TrainingControl) -> Iterator[None]:
    """While inside, SIGINT and SIGTERM ask the trainer to stop (it saves a checkpoint) instead of killing it."""
    def handler(signum, frame):
        if control.stop_requested:
            raise KeyboardInterrupt
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
        yield
        return
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
