"""The training worker: a QObject moved to a QThread that drives one training job.

The job (normally ``store.lifecycle.run_recorded``) runs the Qt-free trainer
and calls back with its events on the training thread. The worker coalesces
them and emits at most one ``progress`` signal per ``min_interval`` (20 a
second by default), whatever the step rate, carrying named rows of numbers
(``progress_rows.py``):
never tensors, never ORM rows. The trainer's ``StartedEvent`` is passed on at
once (``run_started``). ``finished`` is emitted exactly once, whatever happens,
with the run's end as ``run_end.decide_run_end`` decides it.

Threads: torch's intra-op thread pool is process-wide, so the worker sets it
once per run to the app's thread policy (``mlmstudio/thread_policy.py``: all
cores but one to start, fewer while the computer is busy). That leaves the
GUI thread a core to stay responsive while training; the cost is that
predictions made from the GUI during training also use the smaller pool, which
is harmless for single sentences.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    EventCallback,
    FailedEvent,
    FinishedEvent,
    ProbeResult,
    StartedEvent,
    StepEvent,
    TrainerCallback,
    TrainingControl,
)
from mlmstudio.engine.run_end import RunEnd, decide_run_end
from mlmstudio.errors import MLMStudioError
from mlmstudio.gui.progress_rows import DetectionRow, ElectraRow, EvalRow, StepRow

log = logging.getLogger(__name__)

DEFAULT_MIN_INTERVAL = 0.05  # seconds between two progress signals: at most 20 a second

# A job runs the training with the given event callback and control, on the worker's thread.
TrainingJob = Callable[[EventCallback, TrainingControl], Any]


@dataclass(frozen=True)
class ProgressBatch:
    """The events of one throttling interval, as plain numbers.

    ``steps`` are ``StepRow``s, ``evals`` ``EvalRow``s (``progress_rows.py``
    names their columns, which the plots' buffers use). ``probes`` holds each evaluation's probe
    answers as (step, ProbeResult, ...) (plain, frozen records; engine/inspect/probes.py).
    """

    steps: tuple[StepRow, ...]
    evals: tuple[EvalRow, ...]
    checkpoints: tuple[int, ...]
    last_step: StepEvent | None  # the newest step event (progress bar, ETA)
    sequence: int  # 0, 1, 2 ... in emission order
    probes: tuple[tuple[int, tuple[ProbeResult, ...]], ...] = ()
    electra: tuple[ElectraRow, ...] = ()  # ELECTRA runs: the generator's and discriminator's parts
    detection: tuple[DetectionRow, ...] = ()  # every run that measures replaced-word detection


class TrainingWorker(QObject):
    """Runs ``job`` when its ``run`` slot is invoked in the worker thread."""

    progress = Signal(object)  # ProgressBatch
    run_started = Signal(object)  # StartedEvent, once the trainer knows its vocabulary and size
    finished = Signal(object)  # RunEnd, exactly once

    def __init__(
        self,
        job: TrainingJob,
        control: TrainingControl | None = None,
        *,
        min_interval: float = DEFAULT_MIN_INTERVAL,
        torch_threads: int | None = None,
    ) -> None:
        super().__init__()
        self.control = control or TrainingControl()
        self.control.when_holding(self._flush)  # a paused run shows the step it ended on
        self._job = job
        self._min_interval = min_interval
        self._torch_threads = torch_threads
        self._lock = threading.Lock()
        self._steps: list[StepRow] = []
        self._evals: list[EvalRow] = []
        self._checkpoints: list[int] = []
        self._electra: list[ElectraRow] = []
        self._detection: list[DetectionRow] = []
        self._probes: list[tuple[int, tuple[ProbeResult, ...]]] = []
        self._last_step: StepEvent | None = None
        self._last_emit = 0.0
        self._sequence = 0
        self._terminal: FinishedEvent | FailedEvent | None = None
        self._relay = _Relay(self)
        self.emitted = 0  # progress signals sent (tests, diagnostics)

    @Slot()
    def run(self) -> None:
        """The worker thread's entry point: run the job, always end with ``finished``."""
        self._set_torch_threads()
        outcome: RunEnd | None = None
        try:
            result = self._job(self._relay, self.control)
            outcome = decide_run_end(result if result is not None else self._terminal, step=self._step())
        except Exception as exc:  # noqa: BLE001 - the run's end says what happened; the app lives on
            if not isinstance(exc, MLMStudioError):
                log.exception("Training failed with an unexpected error")
            outcome = decide_run_end(error=exc, step=self._step())
        finally:
            self._flush()
            self.finished.emit(outcome or decide_run_end(step=self._step()))

    # Events, on the training thread ---------------------------------------
    def _add(self, rows: list, row: tuple) -> None:
        with self._lock:
            rows.append(row)
        self._maybe_flush()

    def _maybe_flush(self) -> None:
        # While paused or stopping the trainer waits after this event: show it now, not later.
        if (
            time.monotonic() - self._last_emit >= self._min_interval
            or self.control.paused
            or self.control.stop_requested
        ):
            self._flush()

    def _flush(self) -> None:
        with self._lock:
            if not (
                self._steps
                or self._evals
                or self._checkpoints
                or self._probes
                or self._electra
                or self._detection
            ):
                return
            batch = ProgressBatch(
                tuple(self._steps),
                tuple(self._evals),
                tuple(self._checkpoints),
                self._last_step,
                self._sequence,
                tuple(self._probes),
                electra=tuple(self._electra),
                detection=tuple(self._detection),
            )
            self._steps, self._evals, self._checkpoints, self._probes = [], [], [], []
            self._electra, self._detection = [], []
            self._sequence += 1
            self._last_emit = time.monotonic()
        self.emitted += 1
        self.progress.emit(batch)

    def _step(self) -> int:
        return self._last_step.step if self._last_step is not None else 0

    def _set_torch_threads(self) -> None:
        from mlmstudio import thread_policy

        thread_policy.prepare("app")  # the trainer applies the app's policy (thread_policy.decide)
        try:
            import torch

            from mlmstudio.engine.trainer import default_num_threads
        except ImportError:  # pragma: no cover - torch is a hard dependency
            return
        torch.set_num_threads(self._torch_threads or default_num_threads())


class _Relay(TrainerCallback):
    """The worker's callback on the training thread: events into its buffers and signals."""

    def __init__(self, worker: TrainingWorker) -> None:
        self.worker = worker

    def on_started(self, event: StartedEvent) -> None:
        self.worker.run_started.emit(event)

    def on_step(self, event: StepEvent) -> None:
        w = self.worker
        with w._lock:
            w._last_step = event
        electra = ElectraRow.of(event)
        if electra is not None:  # an ELECTRA run (engine/electra.py)
            with w._lock:
                w._electra.append(electra)
        w._add(w._steps, StepRow.of(event))

    def on_eval(self, event: EvalEvent) -> None:
        w = self.worker
        detection = DetectionRow.of(event)
        if detection is not None:
            with w._lock:
                w._detection.append(detection)
        if event.probes:
            with w._lock:
                w._probes.append((event.step, event.probes))
        w._add(w._evals, EvalRow.of(event))

    def on_checkpoint(self, event: CheckpointEvent) -> None:
        self.worker._add(self.worker._checkpoints, event.step)

    def on_finished(self, event: FinishedEvent) -> None:
        self.worker._terminal = event
        self.worker._maybe_flush()

    def on_failed(self, event: FailedEvent) -> None:
        self.worker._terminal = event
        self.worker._maybe_flush()
