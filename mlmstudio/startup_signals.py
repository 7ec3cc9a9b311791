"""Ctrl+C and SIGTERM from the program's first line, before torch, tqdm or SQLAlchemy are imported.

Python's own SIGINT handler raises ``KeyboardInterrupt`` wherever the
interpreter happens to be: inside an import that takes half a second, that
was a 30-line traceback from tqdm or SQLAlchemy. The launcher calls
``install`` before it imports anything else, and then a signal means:

- before the command starts its work (imports, parsing the arguments):
  nothing has been written, so the process says "interrupted" and exits at
  once with the shell's code for the signal (130 for Ctrl+C, 143 for SIGTERM);
- while the command works (``hand_over``): a ``KeyboardInterrupt`` (``Interrupted``
  for SIGTERM, so ``finally`` blocks remove half-written files in both cases),
  which ``cli.main`` turns into the same exit code; commands that stop
  cooperatively (train, sweep, queue run) install their own handler on top;
- after the work is done (``finish``): the answer is complete, the signal is
  ignored while the process exits.

A signal the parent asked us to ignore (``nohup``, a shell's background job)
stays ignored. Only the standard library is imported here.
"""

from __future__ import annotations

import os
import signal

SIGNALS = tuple(s for s in (signal.SIGINT, getattr(signal, "SIGTERM", None)) if s is not None)


class Interrupted(KeyboardInterrupt):
    """A signal stopped the command; ``signum`` says which (SIGTERM arrives as this too)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_code_for(exc: BaseException) -> int:
    """The shell's code for the signal behind ``exc``: 128 + its number (130 for a plain Ctrl+C)."""
    return 128 + int(getattr(exc, "signum", signal.SIGINT))


def _quit_now(signum, frame) -> None:
    """Nothing has been done yet: say so and leave, whatever the interpreter was importing."""
    try:
        os.write(2, b"\nmlmstudio: interrupted.\n")
    finally:
        os._exit(128 + int(signum))


def _raise_interrupted(signum, frame) -> None:
    if _inside_an_import(frame) and _deliver_after_the_import(int(signum)):
        return
    raise Interrupted(int(signum))


# A command imports torch, tokenizers or transformers when it first needs them, after
# ``hand_over``. Their C++ start-up runs Python imports of its own; a KeyboardInterrupt raised
# there becomes a C++ exception nothing catches, and the process aborts ("terminate called after
# throwing an instance of 'pybind11::error_already_set'", exit -6, no checkpoint, no sentence).
# So a signal that lands inside an import is held, and delivered again once no import runs.
_RETRY_SECONDS = 0.05
_held: list[int] = []


def _inside_an_import(frame) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _deliver_after_the_import(signum: int) -> bool:
    """Hold ``signum`` and look again in a moment; False where there is no timer (Windows)."""
    if not hasattr(signal, "setitimer"):
        return False
    if signum not in _held:
        _held.append(signum)
    signal.signal(signal.SIGALRM, _look_again)
    signal.setitimer(signal.ITIMER_REAL, _RETRY_SECONDS)
    return True


def _look_again(_alarm, frame) -> None:
    if _inside_an_import(frame):
        signal.setitimer(signal.ITIMER_REAL, _RETRY_SECONDS)
        return
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    while _held:
        # Delivered, not raised here: whichever handler is in place now gets it (a training's
        # "stop after this step", or Interrupted).
        signal.raise_signal(_held.pop(0))


def _set(handler) -> None:
    for signum in SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue  # ignored by the parent's choice: keep it so
        signal.signal(signum, handler)


def install() -> None:
    """From now until ``hand_over``, a signal ends the process at once and quietly."""
    try:
        _set(_quit_now)
    except ValueError:  # not the main thread (an embedding program): leave its handlers alone
        pass


def installed() -> bool:
    """Whether ``install`` set the handlers (so the launcher, not a test or another program, owns them)."""
    return signal.getsignal(signal.SIGINT) is _quit_now or signal.getsignal(SIGNALS[-1]) is _quit_now


def hand_over() -> None:
    """The command starts its work: from now on a signal raises ``Interrupted`` (a ``KeyboardInterrupt``)."""
    if installed():
        _set(_raise_interrupted)


def finish() -> None:
    """The command has answered: a late signal no longer changes the outcome while the process exits."""
    if installed() or signal.getsignal(signal.SIGINT) is _raise_interrupted:
        _set(signal.SIG_IGN)
    _stop_looking()


def _stop_looking() -> None:
    """Cancel a pending look for a held signal: the answer is out, and the interpreter's exit resets
    our SIGALRM handler to the default one, which would kill the process (exit -14) when the timer fired."""
    if hasattr(signal, "setitimer") and signal.getsignal(signal.SIGALRM) is _look_again:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
    _held.clear()
