"""What the trainer reports, and how it is told to stop or pause.

Events are small immutable records of plain numbers and strings, never live
tensors, so they can cross threads and be stored or printed as they are.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Union


@dataclass(frozen=True)
class StepEvent:
    step: int                # optimizer steps done so far (1-based after the first step)
    total_steps: int         # the step limit of the run
    loss: float              # masked-LM loss of this step's batch
    lr: float                # learning rate used for this step
    tokens_per_second: float  # input tokens per second, smoothed over recent steps
    tokens_seen: int         # input tokens processed since the run began
    elapsed: float           # seconds of training so far (pauses excluded)
    progress: float          # 0..1, by steps or by time budget, whichever is nearer its end


@dataclass(frozen=True)
class EvalEvent:
    step: int
    val_loss: float
    val_accuracy: float
    perplexity: float
    elapsed: float


@dataclass(frozen=True)
class CheckpointEvent:
    step: int
    path: str
    metrics: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class FinishedEvent:
    status: str              # "completed" or "stopped"
    step: int
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class FailedEvent:
    step: int
    message: str             # a sentence for the user: what went wrong and what to do


TrainerEvent = Union[StepEvent, EvalEvent, CheckpointEvent, FinishedEvent, FailedEvent]
EventCallback = Callable[[TrainerEvent], None]


class TrainingControl:
    """Cooperative stop/pause flags that the trainer checks once per step.

    Thread-safe: the GUI thread calls stop()/pause()/resume() while the
    training thread calls wait_if_paused() and reads stop_requested.
    """

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._running = threading.Event()
        self._running.set()

    def stop(self) -> None:
        self._stop.set()
        self._running.set()  # a paused run must wake up to stop

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    @property
    def stop_requested(self) -> bool:
        return self._stop.is_set()

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    def wait_if_paused(self, poll_seconds: float = 0.1) -> float:
        """Block while paused; return the seconds spent waiting."""
        waited = 0.0
        while not self._running.is_set() and not self._stop.is_set():
            self._running.wait(poll_seconds)
            waited += poll_seconds
        return waited
