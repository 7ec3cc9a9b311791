"""Ctrl+C during training: the first press stops after the current step, the second aborts."""

from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from typing import Iterator

from mlmstudio.engine.events import TrainingControl


@contextmanager
def stop_on_interrupt(control: TrainingControl) -> Iterator[None]:
    """While inside, SIGINT asks the trainer to stop (it saves a checkpoint) instead of killing it."""
    def handler(signum, frame):
        if control.stop_requested:
            raise KeyboardInterrupt
        print("\nmlmstudio: stopping after this step (Ctrl+C again to abort)...", file=sys.stderr)
        control.stop()

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not on the main thread (tests): no handler then
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
