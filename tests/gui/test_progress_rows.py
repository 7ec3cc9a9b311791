"""The named rows from the trainer's events to the plots: each number lands in the column
of its name, in the worker's batches and in the plots' buffers."""

from __future__ import annotations

from PySide6.QtCore import QObject, Slot

from mlmstudio.engine.events import EvalEvent, StepEvent
from mlmstudio.gui.progress_rows import (
    DETECTION_COLUMNS,
    ELECTRA_COLUMNS,
    EVAL_COLUMNS,
    STEP_COLUMNS,
    DetectionRow,
    ElectraRow,
    EvalRow,
    StepRow,
)
from mlmstudio.gui.threads import start_in_thread
from mlmstudio.gui.training_worker import ProgressBatch, TrainingWorker
from mlmstudio.gui.widgets.live_plots import GrowingBuffer

# Every number different, so a swapped column cannot go unnoticed.
STEP = StepEvent(
    step=7,
    total_steps=100,
    loss=4.25,
    lr=3e-4,
    tokens_per_second=1234.0,
    tokens_seen=999,
    elapsed=1.5,
    progress=0.07,
    generator_loss=3.5,
    discriminator_loss=0.625,
    discriminator_accuracy=0.875,
    replaced_share=0.125,
)
EVAL = EvalEvent(
    step=10,
    val_loss=3.75,
    val_accuracy=0.25,
    perplexity=42.5,
    elapsed=2.5,
    detection_auc=0.75,
    general_loss=5.125,
)


def read_back(row, columns) -> dict[str, float]:
    buffer = GrowingBuffer(columns)
    buffer.append([row])
    return {name: float(buffer.column(name)[0]) for name in columns}


def test_each_number_lands_in_the_column_of_its_name():
    assert read_back(StepRow.of(STEP), STEP_COLUMNS) == {
        "step": 7,
        "elapsed": 1.5,
        "loss": 4.25,
        "lr": 3e-4,
        "tokens_per_second": 1234.0,
    }
    assert read_back(EvalRow.of(EVAL), EVAL_COLUMNS) == {
        "step": 10,
        "elapsed": 2.5,
        "val_loss": 3.75,
        "val_accuracy": 0.25,
        "perplexity": 42.5,
        "general_loss": 5.125,
    }
    assert read_back(ElectraRow.of(STEP), ELECTRA_COLUMNS) == {
        "step": 7,
        "elapsed": 1.5,
        "generator_loss": 3.5,
        "discriminator_loss": 0.625,
        "discriminator_accuracy": 0.875,
        "replaced_share": 0.125,
    }
    assert read_back(DetectionRow.of(EVAL), DETECTION_COLUMNS) == {
        "step": 10,
        "elapsed": 2.5,
        "detection_auc": 0.75,
    }


def test_a_plain_mlm_step_has_no_electra_row_and_an_eval_without_detection_no_auc_row():
    mlm = StepEvent(
        step=1,
        total_steps=2,
        loss=1.0,
        lr=1e-3,
        tokens_per_second=1.0,
        tokens_seen=1,
        elapsed=0.1,
        progress=0.5,
    )
    assert ElectraRow.of(mlm) is None
    assert (
        DetectionRow.of(EvalEvent(step=1, val_loss=1.0, val_accuracy=0.5, perplexity=2.7, elapsed=0.1))
        is None
    )


class Receiver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[ProgressBatch] = []

    @Slot(object)
    def on_progress(self, batch: ProgressBatch) -> None:
        self.batches.append(batch)


def test_the_worker_hands_the_plots_named_rows(qtbot):
    def job(callback, control):
        callback.on_step(STEP)
        callback.on_eval(EVAL)

    receiver = Receiver()
    worker = TrainingWorker(job, min_interval=0.0, torch_threads=1)
    worker.progress.connect(receiver.on_progress)
    with qtbot.waitSignal(worker.finished, timeout=60_000):
        thread = start_in_thread(worker, "rows")
    qtbot.waitUntil(lambda: not thread.isRunning(), timeout=10_000)
    # finished may reach the test directly while the batches are still queued for the receiver.
    qtbot.waitUntil(lambda: len(receiver.batches) == worker.emitted, timeout=10_000)
    steps = [row for batch in receiver.batches for row in batch.steps]
    evals = [row for batch in receiver.batches for row in batch.evals]
    electra = [row for batch in receiver.batches for row in batch.electra]
    detection = [row for batch in receiver.batches for row in batch.detection]
    assert steps == [StepRow.of(STEP)] and steps[0].loss == 4.25 and steps[0].lr == 3e-4
    assert evals == [EvalRow.of(EVAL)] and evals[0].val_accuracy == 0.25
    assert electra == [ElectraRow.of(STEP)] and electra[0].replaced_share == 0.125
    assert detection == [DetectionRow.of(EVAL)] and detection[0].detection_auc == 0.75


def test_without_a_general_text_its_column_is_empty_and_draws_nothing(qtbot):
    import math

    import numpy as np

    from mlmstudio.engine.metric_names import GENERAL_LOSS, VAL_LOSS
    from mlmstudio.gui.widgets.live_plots import LivePlots

    row = EvalRow.of(EvalEvent(step=5, val_loss=3.0, val_accuracy=0.5, perplexity=20.0, elapsed=1.0))
    assert math.isnan(row.general_loss)
    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.append_evals(np.array([[100, 1.0, 4.0, 0.2, 54.6]]))  # five columns: no general text
    plots.append_evals([EvalRow.of(EVAL)])
    plots.refresh()
    assert plots.curve_points(VAL_LOSS) == 2 and plots.curve_points(GENERAL_LOSS) == 1
    x, y = plots.curves[GENERAL_LOSS].getOriginalDataset()
    assert list(x) == [10] and list(y) == [5.125]
    assert "general text" in plots.loss_key.text()
