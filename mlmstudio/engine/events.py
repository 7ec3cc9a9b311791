"""What the trainer reports, and how it is told to stop or pause.

Events are small immutable records of plain numbers and strings, never live
tensors, so they can cross threads and be stored or printed as they are.
A run reports, in order: one ``StartedEvent`` (what is known before the first
step), ``StepEvent``/``EvalEvent``/``CheckpointEvent`` while it trains, and one
``FinishedEvent`` or ``FailedEvent``. Watchers subclass ``TrainerCallback``
and override the ``on_*`` methods they need; a plain function taking the event
works too.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mlmstudio.engine.run_status import RunStatus


@dataclass(frozen=True)
class TrainingSummary:
    """The numbers a run ends with; stored as the run's final metrics (``as_dict``)."""

    status: RunStatus
    steps: int
    params: int
    vocab_size: int
    baseline_loss: float  # ln(vocab_size): the loss of uniform guessing
    initial_loss: float | None = None  # loss of the first recorded step
    final_loss: float | None = None  # mean loss of the last steps
    val_loss: float | None = None
    val_accuracy: float | None = None
    perplexity: float | None = None
    detection_auc: float | None = None  # engine/inspect/detection_metric.py: every run, MLM or ELECTRA
    tokens_per_second: float = 0.0
    wall_seconds: float = 0.0  # seconds of training, pauses excluded
    model_dir: str = ""
    device: str = ""
    precision: str = ""
    threads: str = ""  # the CPU threads the run used, e.g. '2 (adaptive)' (mlmstudio/thread_policy.py)
    # engine/learned_too_little.py: the steps a calibration expected in a time budget, and the
    # facts sample's probes answered at the end (None: no budget, or another corpus)
    expected_steps: int | None = None
    probes_answered: int | None = None
    probes_asked: int | None = None
    # A run continued from an opened transformers model: that model's own mask spelling ("<mask>"),
    # which the app shows and accepts for it (its origin.json holds the rest); None otherwise.
    mask_token: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON values, keyed as the history stores final metrics."""
        data = dataclasses.asdict(self)
        data["status"] = str(self.status)
        return data

    def replace(self, **changes: Any) -> TrainingSummary:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class StartedEvent:
    """Sent once before the first step: what every face needs to draw and explain the run."""

    step: int  # 0 for a new run; the checkpoint's step for a resumed one
    total_steps: int
    vocab_size: int
    baseline_loss: float  # ln(vocab_size): the random-guess line on the loss plot
    param_count: int
    device: str
    precision: str
    note: str = ""  # something the user should know (a damaged checkpoint skipped, ...)


@dataclass(frozen=True)
class StepEvent:
    step: int  # optimizer steps done so far (1-based after the first step)
    total_steps: int  # the step limit of the run
    loss: float  # masked-LM loss of this step's batch
    lr: float  # learning rate used for this step
    tokens_per_second: float  # input tokens per second, smoothed over recent steps
    tokens_seen: int  # input tokens processed since the run began
    elapsed: float  # seconds of training so far (pauses excluded)
    progress: float  # 0..1, by steps or by time budget, whichever is nearer its end
    # ELECTRA runs only (engine/electra.py; None for MLM): loss is generator + lambda x discriminator.
    generator_loss: float | None = None  # the generator's masked-LM loss
    discriminator_loss: float | None = None  # the discriminator's binary cross-entropy
    discriminator_accuracy: float | None = None  # share of real tokens it judged right
    replaced_share: float | None = None  # share of real tokens the generator replaced


@dataclass(frozen=True)
class ProbeResult:
    """One probe at one evaluation (engine/inspect/probes.py): how sure the model is of the expected answer."""

    sentence: str  # the probe sentence, with its one [MASK]
    answer: str  # the expected answer
    probability: float  # 0..1: of the answer's token (of all its pieces together, for several)
    top1: str  # the model's own best guess at the [MASK]
    hit: bool = False  # the best guess is the answer


@dataclass(frozen=True)
class EvalEvent:
    step: int
    val_loss: float
    val_accuracy: float
    perplexity: float
    elapsed: float
    probes: tuple[ProbeResult, ...] = ()  # one per probe, in the run's probe order
    # AUC of spotting randomly replaced tokens (engine/inspect/detection_metric.py): MLM and ELECTRA alike.
    detection_auc: float | None = None
    # The held-out loss and accuracy on TrainingConfig.general_text; None without one.
    general_loss: float | None = None
    general_accuracy: float | None = None


@dataclass(frozen=True)
class CheckpointEvent:
    step: int
    path: str
    metrics: dict[str, float] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class FinishedEvent:
    status: RunStatus  # COMPLETED or STOPPED
    step: int
    summary: TrainingSummary


@dataclass(frozen=True)
class FailedEvent:
    step: int
    message: str  # a sentence for the user: what went wrong and what to do
    summary: TrainingSummary | None = None


TrainerEvent = StartedEvent | StepEvent | EvalEvent | CheckpointEvent | FinishedEvent | FailedEvent
EventCallback = Callable[[TrainerEvent], None]


class TrainerCallback:
    """A watcher of one run: override the ``on_*`` methods you need (minGPT's callbacks, typed).

    An instance is itself an ``EventCallback``: calling it with an event runs
    the matching method, so the trainer needs no knowledge of who watches.
    """

    def on_started(self, event: StartedEvent) -> None: ...

    def on_step(self, event: StepEvent) -> None: ...

    def on_eval(self, event: EvalEvent) -> None: ...

    def on_checkpoint(self, event: CheckpointEvent) -> None: ...

    def on_finished(self, event: FinishedEvent) -> None: ...

    def on_failed(self, event: FailedEvent) -> None: ...

    def __call__(self, event: TrainerEvent) -> None:
        getattr(self, _HANDLERS[type(event)])(event)


_HANDLERS: dict[type, str] = {
    StartedEvent: "on_started",
    StepEvent: "on_step",
    EvalEvent: "on_eval",
    CheckpointEvent: "on_checkpoint",
    FinishedEvent: "on_finished",
    FailedEvent: "on_failed",
}


class TrainingControl:
    """Cooperative stop/pause flags that the trainer checks once per step.

    Thread-safe: the GUI thread calls stop()/pause()/resume() while the
    training thread calls wait_if_paused() and reads stop_requested.
    """

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._running = threading.Event()
        self._running.set()
        self._holding = threading.Event()  # set while the trainer is parked in wait_if_paused
        self._hold_listeners: list[Callable[[], None]] = []

    def when_holding(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` on the training thread each time a pause parks the trainer, before it waits.

        The GUI's worker sends the events it buffered then: the step that ended just before the
        pause would otherwise stay unsent (and the page a step behind) for as long as the pause lasts.
        """
        self._hold_listeners.append(listener)

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

    @property
    def holding(self) -> bool:
        """Whether the trainer is parked by a pause right now (its current step has ended)."""
        return self._holding.is_set()

    def wait_if_paused(self, poll_seconds: float = 0.1) -> float:
        """Block while paused; return the seconds spent waiting."""
        waited = 0.0
        if not self._running.is_set() and not self._stop.is_set():
            for listener in self._hold_listeners:
                listener()
        try:
            while not self._running.is_set() and not self._stop.is_set():
                self._holding.set()
                self._running.wait(poll_seconds)
                waited += poll_seconds
        finally:
            self._holding.clear()
        return waited
