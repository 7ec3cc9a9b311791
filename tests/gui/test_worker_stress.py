"""The training worker under load: thousands of queued signals across threads.

PySide6 6.12.0 aborts Python 3.11 after a few hundred signal emissions from a
worker thread; our pin avoids it and these tests prove it on every run: no
crash, every update delivered in order, nothing kept alive afterwards, and the
thread finished.
"""

from __future__ import annotations

import gc
import time
import weakref

import pytest
from PySide6.QtCore import QObject, Slot

from mlmstudio.engine.events import EvalEvent, FinishedEvent, StepEvent, TrainingSummary
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.threads import running_threads, start_in_thread
from mlmstudio.gui.training_worker import ProgressBatch, TrainingWorker

UPDATES = 6000


class Receiver(QObject):
    """Lives in the GUI thread, so signals from the worker thread are queued to it."""

    def __init__(self) -> None:
        super().__init__()
        self.batches = 0
        self.rows = 0
        self.sequences: list[int] = []
        self.alive: weakref.WeakSet[ProgressBatch] = weakref.WeakSet()
        self.outcome: RunEnd | None = None

    @Slot(object)
    def on_progress(self, batch: ProgressBatch) -> None:
        self.batches += 1
        self.rows += len(batch.steps)
        self.sequences.append(batch.sequence)
        self.alive.add(batch)

    @Slot(object)
    def on_finished(self, outcome: RunEnd) -> None:
        self.outcome = outcome


def step(i: int, total: int) -> StepEvent:
    return StepEvent(
        step=i,
        total_steps=total,
        loss=5.0 - i / total,
        lr=1e-3,
        tokens_per_second=1e4,
        tokens_seen=i * 256,
        elapsed=i * 1e-3,
        progress=i / total,
    )


def summary(status: RunStatus, steps: int) -> TrainingSummary:
    return TrainingSummary(status=status, steps=steps, params=100, vocab_size=10, baseline_loss=2.3)


def run_worker(qtbot, job, *, min_interval: float) -> tuple[Receiver, TrainingWorker]:
    receiver = Receiver()
    worker = TrainingWorker(job, min_interval=min_interval, torch_threads=1)
    worker.progress.connect(receiver.on_progress)
    worker.finished.connect(receiver.on_finished)
    with qtbot.waitSignal(worker.finished, timeout=60_000):
        thread = start_in_thread(worker, "stress")
    qtbot.waitUntil(lambda: not thread.isRunning(), timeout=10_000)
    qtbot.waitUntil(lambda: receiver.outcome is not None, timeout=10_000)
    return receiver, worker


def test_thousands_of_unthrottled_updates_arrive_in_order_without_leaks(qtbot):
    def job(callback, control):
        for i in range(1, UPDATES + 1):
            callback(step(i, UPDATES))
        callback(FinishedEvent(RunStatus.COMPLETED, UPDATES, summary(RunStatus.COMPLETED, UPDATES)))

    receiver, worker = run_worker(qtbot, job, min_interval=0.0)

    emitted = worker.emitted
    assert emitted >= UPDATES  # one signal per event: nothing coalesced
    qtbot.waitUntil(lambda: receiver.batches == emitted, timeout=10_000)
    assert receiver.rows == UPDATES
    assert receiver.sequences == list(range(emitted))
    assert receiver.outcome == RunEnd(RunStatus.COMPLETED, UPDATES, "", summary(RunStatus.COMPLETED, UPDATES))
    assert not running_threads()

    del worker
    gc.collect()
    assert len(receiver.alive) == 0, "progress batches are still referenced after delivery"


def test_throttle_coalesces_fast_events_to_at_most_twenty_signals_a_second(qtbot):
    events = 30_000
    started = []

    def job(callback, control):
        started.append(time.monotonic())
        for i in range(1, events + 1):
            callback(step(i, events))
            if i % 5000 == 0:
                callback(EvalEvent(step=i, val_loss=4.0, val_accuracy=0.1, perplexity=54.6, elapsed=i * 1e-3))
        started.append(time.monotonic())

    receiver, worker = run_worker(qtbot, job, min_interval=0.05)

    seconds = started[1] - started[0]
    assert receiver.rows == events  # coalesced, never dropped
    assert worker.emitted <= seconds / 0.05 + 2
    assert worker.emitted < events / 10


def test_engine_error_ends_the_run_with_its_message(qtbot):
    from mlmstudio.engine.errors import TrainingError

    def job(callback, control):
        callback(step(1, 10))
        raise TrainingError("The loss became NaN at step 1. Lower the learning rate.")

    receiver, _ = run_worker(qtbot, job, min_interval=0.05)
    assert receiver.outcome.status == "failed"
    assert "Lower the learning rate" in receiver.outcome.message
    assert receiver.rows == 1


def test_unexpected_error_is_reported_not_raised(qtbot, caplog):
    def job(callback, control):
        raise RuntimeError("boom")

    receiver, _ = run_worker(qtbot, job, min_interval=0.05)
    assert receiver.outcome.status == "failed"
    assert "boom" in receiver.outcome.message
    assert "unexpected error" in caplog.text


@pytest.mark.parametrize("pause_first", [False, True])
def test_stop_is_cooperative_and_wakes_a_paused_run(qtbot, pause_first):
    def job(callback, control):
        i = 0
        while not control.stop_requested:
            control.wait_if_paused(0.01)
            i += 1
            callback(step(i, 10**9))
            time.sleep(0.001)
        callback(FinishedEvent(RunStatus.STOPPED, i, summary(RunStatus.STOPPED, i)))

    receiver = Receiver()
    worker = TrainingWorker(job, min_interval=0.05, torch_threads=1)
    worker.progress.connect(receiver.on_progress)
    worker.finished.connect(receiver.on_finished)
    thread = start_in_thread(worker, "stoppable")
    qtbot.waitUntil(lambda: receiver.rows > 0, timeout=10_000)
    if pause_first:
        worker.control.pause()
        qtbot.wait(100)
    with qtbot.waitSignal(worker.finished, timeout=10_000):
        worker.control.stop()
    qtbot.waitUntil(lambda: not thread.isRunning(), timeout=10_000)
    qtbot.waitUntil(lambda: receiver.outcome is not None)
    assert receiver.outcome.status == "stopped"


def test_a_pause_sends_the_step_that_ended_before_it_at_once(qtbot):
    """Step 2 ends inside the throttle's interval, then the user pauses: the parked trainer sends no
    more events, so without the worker's flush on holding the page stayed a step behind all pause long."""
    receiver = Receiver()

    def job(callback, control):
        callback(step(1, 3))  # the first event goes out at once
        callback(step(2, 3))  # buffered: a minute's throttle
        control.pause()  # the user's click, between the step's event and the trainer's check
        control.wait_if_paused()
        callback(step(3, 3))
        callback(FinishedEvent(RunStatus.COMPLETED, 3, summary(RunStatus.COMPLETED, 3)))

    worker = TrainingWorker(job, min_interval=60.0, torch_threads=1)
    worker.progress.connect(receiver.on_progress)
    worker.finished.connect(receiver.on_finished)
    thread = start_in_thread(worker, "pause")
    try:
        qtbot.waitUntil(lambda: worker.control.holding and receiver.rows == 2, timeout=10_000)
    finally:
        worker.control.resume()
    qtbot.waitUntil(lambda: receiver.outcome is not None and not thread.isRunning(), timeout=10_000)
    assert receiver.rows == 3
