"""Measured training-step times for the Setup page, off the GUI thread and remembered.

The Setup page shows how long 1,000 steps take *on this computer*. That number
comes from ``engine.calibration.measure_step_time``: a few real training steps
of a model shape at the current batch and sequence length, which takes a second
or more and imports torch, so it runs in a background thread, one shape at a
time, the most recently asked first. Results are kept for the session and in
QSettings, keyed by ``calibration_key`` (torch version, CPU count, threads and
every setting the time depends on), so the next start shows them at once.
Until a time is known, ``lookup`` answers None and the page says "measuring…".
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.config import ModelConfig, RunConfig
from mlmstudio.engine.calibration import StepTime, calibration_key
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.settings import AppSettings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StepTimeRequest:
    """One shape to time: what ``measure_step_time`` needs."""

    model: ModelConfig
    vocab_size: int
    batch_size: int
    seq_len: int
    mlm_probability: float
    precision: str
    device: str


def measure_on_this_computer(request: StepTimeRequest) -> StepTime:
    """The real measurement (tests replace it with a fake through ``StepTimes(measure=...)``)."""
    from mlmstudio.engine.calibration import measure_step_time

    return measure_step_time(
        request.model,
        request.vocab_size,
        request.batch_size,
        request.seq_len,
        mlm_probability=request.mlm_probability,
        precision=request.precision,
        device=request.device,
    )


def request_for(config: RunConfig, model: ModelConfig, vocab_size: int) -> StepTimeRequest:
    """Time ``model`` at the batch, sequence length and masking rate of ``config``."""
    device = config.training.device if config.training.device in ("auto", "cpu") else "auto"
    return StepTimeRequest(
        model=model,
        vocab_size=vocab_size,
        batch_size=config.training.batch_size,
        seq_len=min(config.training.seq_len, model.max_len),
        mlm_probability=config.masking.mlm_probability,
        precision=config.training.precision,
        device=device,
    )


class StepTimes(QObject):
    """Seconds per step by shape: cached answers now, measurements in the background."""

    measured = Signal()  # a new time (or a failure) arrived: ask again

    def __init__(
        self,
        settings: AppSettings | None = None,
        measure: Callable[[StepTimeRequest], StepTime] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings or AppSettings()
        self._measure = measure or measure_on_this_computer
        self._known: dict[str, StepTime | None] = {}  # None: the measurement failed
        self._pending: dict[str, StepTimeRequest] = {}
        self._running: BackgroundCall | None = None
        self._calls: set[BackgroundCall] = set()
        self._precision: str | None = None
        self._paused = False

    def cached(self, request: StepTimeRequest) -> StepTime | None:
        """The time for ``request`` if it was measured here before (this session or an earlier one)."""
        key = self.key(request)
        if key in self._known:
            return self._known[key]
        stored = self._settings.step_time(key)
        if stored is not None:
            self._known[key] = StepTime(seconds=stored[0], precision=stored[1], threads=0)
            self._precision = self._precision or stored[1]
            return self._known[key]
        return None

    def lookup(self, request: StepTimeRequest) -> StepTime | None:
        """The time for ``request`` if known; otherwise None, and it is measured soon."""
        known = self.cached(request)
        key = self.key(request)
        if known is not None or key in self._known:
            return known
        self._pending.pop(key, None)
        self._pending[key] = request  # the newest request is measured first
        self._start_next()
        return None

    def failed(self, request: StepTimeRequest) -> bool:
        key = self.key(request)
        return key in self._known and self._known[key] is None

    def precision(self) -> str | None:
        """What precision 'auto' resolved to in a measurement here, once one has run."""
        return self._precision

    def set_paused(self, paused: bool) -> None:
        """While a run trains, measure nothing: it would slow the run and time a shared CPU."""
        self._paused = bool(paused)
        self._start_next()

    def is_busy(self) -> bool:
        return self._running is not None

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Block until every measurement thread has ended (shutdown, tests)."""
        self._pending.clear()
        return all(call.wait(msecs) for call in list(self._calls))

    @staticmethod
    def key(request: StepTimeRequest) -> str:
        return (
            calibration_key(
                request.model,
                request.vocab_size,
                request.batch_size,
                request.seq_len,
                request.mlm_probability,
                request.precision,
            )
            + f"-{request.device}"
        )

    # One measurement at a time -------------------------------------------------
    def _start_next(self) -> None:
        if self._running is not None or not self._pending or self._paused:
            return
        key, request = self._pending.popitem()  # last in, first measured
        measure = self._measure
        call = BackgroundCall(lambda: measure(request), name="step-time-calibration")
        call.key = key
        call.succeeded.connect(self._on_measured)
        call.failed.connect(self._on_failed)
        call.finished.connect(self._on_finished)
        self._calls = {c for c in self._calls if not c.done}
        self._calls.add(call)
        self._running = call
        call.start()

    @Slot(object)
    def _on_measured(self, result: StepTime) -> None:
        key = self.sender().key
        self._known[key] = result
        self._precision = result.precision
        self._settings.set_step_time(key, result.seconds, result.precision)
        self.measured.emit()

    @Slot(object)
    def _on_failed(self, exc: BaseException) -> None:
        log.warning("Could not time a training step here: %s", exc)
        self._known[self.sender().key] = None
        self.measured.emit()

    @Slot()
    def _on_finished(self) -> None:
        self._running = None
        self._start_next()
