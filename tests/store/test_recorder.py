"""The recorder: batched writes from trainer events, never one transaction per step."""

from __future__ import annotations

import os
import shutil

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    FailedEvent,
    FinishedEvent,
    StepEvent,
    TrainingSummary,
)
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import lifecycle, repository, service
from mlmstudio.store.models import RunRow, utcnow
from mlmstudio.store.recorder import RunRecorder

from store_helpers import add_run


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def step(n: int, loss: float = 2.0) -> StepEvent:
    return StepEvent(
        step=n,
        total_steps=1000,
        loss=loss,
        lr=1e-3,
        tokens_per_second=5000.0,
        tokens_seen=n * 64,
        elapsed=n * 0.01,
        progress=n / 1000,
    )


@pytest.fixture
def commits(db):
    count = [0]

    def on_commit(conn):
        count[0] += 1

    event.listen(db.engine, "commit", on_commit)
    yield count
    event.remove(db.engine, "commit", on_commit)


@pytest.fixture
def running(db):
    return add_run(db, status="running", pid=os.getpid(), heartbeat_at=utcnow())


def _count_points(db, run_id, split=None) -> int:
    with db.session(write=False) as session:
        sql = "SELECT count(*) FROM metric_points WHERE run_id = ?" + (" AND split = ?" if split else "")
        return session.connection().exec_driver_sql(sql, (run_id, split) if split else (run_id,)).scalar()


def test_steps_are_written_in_time_based_batches(db, running, commits):
    clock = FakeClock()
    recorder = RunRecorder(db, running, flush_interval=1.0, clock=clock)
    for n in range(1, 501):
        clock.now = n * 0.01  # 100 steps a second
        recorder(step(n))
    # 5 seconds of steps: about 5 transactions, certainly not 500.
    assert 4 <= commits[0] <= 6
    written = _count_points(db, running, "train")
    assert written % 3 == 0 and 400 * 3 <= written <= 500 * 3  # loss, lr, tokens/s per step
    recorder.close()
    assert _count_points(db, running, "train") == 500 * 3
    curves = service.load_curves(db, running)
    assert set(curves) == {"train_loss", "train_lr", "train_tokens_per_second"}
    assert curves["train_loss"].steps.tolist() == list(range(1, 501))
    assert curves["train_loss"].wall_time[-1] == pytest.approx(5.0)
    assert service.get_run(db, running).summary.last_step == 500


def test_eval_checkpoint_and_finish_flush_at_once(db, running, tmp_path):
    clock = FakeClock()
    recorder = RunRecorder(db, running, flush_interval=3600, clock=clock)
    before = service.get_run(db, running).heartbeat_at
    for n in range(1, 11):
        recorder(step(n))
    assert _count_points(db, running) == 0  # still buffered
    recorder(EvalEvent(step=10, val_loss=3.0, val_accuracy=0.25, perplexity=20.1, elapsed=0.1))
    assert _count_points(db, running, "train") == 30 and _count_points(db, running, "val") == 3
    assert service.get_run(db, running).heartbeat_at >= before

    ckpt = db.runs_dir / running / "checkpoints" / "step-00000010"
    ckpt.mkdir(parents=True)
    recorder(step(11))
    recorder(CheckpointEvent(step=10, path=str(ckpt), metrics={"val_loss": 3.0}))
    detail = service.get_run(db, running)
    assert [(c.step, c.path, c.exists, dict(c.metrics)) for c in detail.checkpoints] == [
        (10, ckpt, True, {"val_loss": 3.0})
    ]
    with db.session(write=False) as session:
        assert session.get(RunRow, running).checkpoints[0].path == "checkpoints/step-00000010"
    assert _count_points(db, running, "train") == 33

    recorder(
        FinishedEvent(
            status=RunStatus.COMPLETED,
            step=11,
            summary=TrainingSummary(
                status=RunStatus.COMPLETED,
                steps=11,
                params=100,
                vocab_size=10,
                baseline_loss=2.3,
                val_loss=3.0,
                final_loss=2.0,
                model_dir=str(tmp_path),
                perplexity=float("inf"),
            ),
        )
    )
    summary = service.get_run(db, running).summary
    assert summary.status == "completed" and summary.finished_at is not None
    assert summary.val_loss == 3.0 and summary.final_loss == 2.0
    assert summary.final_metrics["model_dir"] == str(tmp_path)
    assert summary.final_metrics["perplexity"] is None  # inf is not JSON
    assert summary.last_step == 11 and recorder.finished


def test_pruned_checkpoints_are_forgotten(db, running):
    recorder = RunRecorder(db, running)
    root = db.runs_dir / running / "checkpoints"
    for n in (10, 20, 30):
        (root / f"step-{n:08d}").mkdir(parents=True)
        if n == 30:  # say the trainer kept the newest two: saving 30 pruned 10
            shutil.rmtree(root / "step-00000010")
        recorder(CheckpointEvent(step=n, path=str(root / f"step-{n:08d}")))
    assert [c.step for c in service.get_run(db, running).checkpoints] == [20, 30]


def test_failure_is_recorded_with_its_message(db, running):
    recorder = RunRecorder(db, running)
    recorder(step(1, loss=float("nan")))
    recorder(FailedEvent(step=1, message="The loss became nan. Try a lower learning rate."))
    summary = service.get_run(db, running).summary
    assert summary.status == "failed" and "lower learning rate" in summary.message
    assert _count_points(db, running, "train") == 2  # lr and tokens/s; the NaN loss is skipped


def test_a_database_error_keeps_the_points_for_the_next_flush(db, running, monkeypatch):
    clock = FakeClock()
    recorder = RunRecorder(db, running, flush_interval=1.0, clock=clock)
    real = repository.add_metric_points
    calls = [0]

    def flaky(session, points):
        calls[0] += 1
        if calls[0] == 1:
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        real(session, points)

    monkeypatch.setattr(repository, "add_metric_points", flaky)
    clock.now = 1.5
    recorder(step(1))  # this flush fails: nothing is lost, training goes on
    assert _count_points(db, running) == 0
    clock.now = 3.0
    recorder(step(2))
    assert _count_points(db, running, "train") == 6


def test_heartbeat_mirrors_pause_and_never_outlives_the_run(db, running):
    import time

    from mlmstudio.engine.events import TrainingControl

    control = TrainingControl()
    beat = lifecycle.Heartbeat(db, running, control, interval=0.2, poll=0.05)
    beat.start()
    try:
        control.pause()
        deadline = time.time() + 5
        while service.get_run(db, running).summary.status != "paused" and time.time() < deadline:
            time.sleep(0.05)
        assert service.get_run(db, running).summary.status == "paused"
        control.resume()
        deadline = time.time() + 5
        while service.get_run(db, running).summary.status != "running" and time.time() < deadline:
            time.sleep(0.05)
        assert service.get_run(db, running).summary.status == "running"
        first = service.get_run(db, running).heartbeat_at
        time.sleep(0.5)
        assert service.get_run(db, running).heartbeat_at > first
        with db.session() as session:
            session.get(RunRow, running).status = "completed"
        control.pause()
        time.sleep(0.3)
        assert service.get_run(db, running).summary.status == "completed"  # a final status stays
    finally:
        beat.stop()
