"""A recorded run's life: resumable from the start, damaged checkpoints skipped, one owner at a time.

These train for real (a few seconds each), in this process; the tests with
real subprocesses (SIGTERM, SIGSTOP, SIGKILL) are in tests/cli/test_signals.py.
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest
from sqlalchemy import update

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.events import StartedEvent
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.engine.trainer import Trainer
from mlmstudio.store import lifecycle, service
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import RunRow, utcnow
from mlmstudio.store.run_lock import RunLock, owner_alive

from store_helpers import at_step, interrupt
from tiny_configs import tiny_config

STEPS = 30
pytestmark = pytest.mark.slow  # real training, a few seconds per test


@pytest.fixture(scope="module")
def corpus():
    return load_corpus("sample:tutorial")


def config(**training):
    return tiny_config(source="sample:tutorial", val_fraction=0.2, **{"steps": STEPS, **training})


def curve_steps(db, run_id) -> list[int]:
    return service.load_curve(db, run_id, "train", "loss").steps.tolist()


def test_a_run_interrupted_before_its_first_checkpoint_resumes_from_step_zero(db, corpus):
    handle = lifecycle.prepare_run(db, config(checkpoint_every=20), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(7, interrupt)])
    summary = service.get_run(db, handle.run_id).summary
    assert summary.status == RunStatus.INTERRUPTED and "Resume" in summary.message
    assert curve_steps(db, handle.run_id) == list(range(1, 8))

    started = []
    result = lifecycle.resume_run(
        db, handle.run_id, callbacks=[lambda e: started.append(e) if isinstance(e, StartedEvent) else None]
    )
    assert result.status == RunStatus.COMPLETED and result.steps == STEPS
    assert started[0].step == 0 and "starts again from step 0" in started[0].note
    assert curve_steps(db, handle.run_id) == list(range(1, STEPS + 1))  # the stale points were dropped
    assert service.get_run(db, handle.run_id).summary.status == RunStatus.COMPLETED


def test_a_truncated_checkpoint_falls_back_to_the_newest_intact_one_with_a_note(db, corpus):
    handle = lifecycle.prepare_run(db, config(checkpoint_every=5), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(17, interrupt)])
    run_dir = db.run_dir(handle.run_id)
    newest = run_dir / "checkpoints" / "step-00000015" / "model.safetensors"
    newest.write_bytes(newest.read_bytes()[:100])  # a crash in the middle of a copy, a bad sector...

    started = []
    result = lifecycle.resume_run(
        db, handle.run_id, callbacks=[lambda e: started.append(e) if isinstance(e, StartedEvent) else None]
    )
    assert result.status == RunStatus.COMPLETED
    assert started[0].step == 10
    assert "step 15 is damaged" in started[0].note and "step 10" in started[0].note
    assert curve_steps(db, handle.run_id) == list(range(1, STEPS + 1))
    steps = [c.step for c in service.get_run(db, handle.run_id).checkpoints]
    assert steps == [20, 25, 30]  # the newest few, written again after the damaged one


def test_out_of_memory_fails_the_recorded_run_and_keeps_its_checkpoint(db, corpus, monkeypatch):
    real = Trainer._train_step

    def train_step(self, batch):
        if self.progress.step == 12:
            raise RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate 1 TB")
        return real(self, batch)

    monkeypatch.setattr(Trainer, "_train_step", train_step)
    handle = lifecycle.prepare_run(db, config(checkpoint_every=10), corpus)
    result = lifecycle.run_recorded(db, handle, corpus.text)
    assert result.status == RunStatus.FAILED
    detail = service.get_run(db, handle.run_id)
    assert detail.summary.status == RunStatus.FAILED
    assert detail.summary.message.startswith("There is not enough memory for this model and batch")
    assert [c.step for c in detail.checkpoints] == [10] and detail.checkpoints[0].exists

    monkeypatch.setattr(Trainer, "_train_step", real)  # a smaller model, or more memory: resume
    assert lifecycle.resume_run(db, handle.run_id).status == RunStatus.COMPLETED
    assert curve_steps(db, handle.run_id) == list(range(1, STEPS + 1))


def test_a_run_held_by_a_live_owner_is_never_recovered_resumed_or_deleted(db, corpus):
    """The owner's lock, not the heartbeat, says whether a run is alive (a suspended owner beats no more)."""
    handle = lifecycle.prepare_run(db, config(checkpoint_every=10), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(12, interrupt)])
    run_id = handle.run_id
    # Another owner takes it and goes quiet: running, with a heartbeat ten minutes old.
    owner = RunLock(db.run_dir(run_id))
    assert owner.acquire()
    with db.session() as session:
        session.execute(
            update(RunRow)
            .where(RunRow.id == run_id)
            .values(status=RunStatus.RUNNING.value, heartbeat_at=utcnow() - timedelta(minutes=10))
        )
    try:
        assert owner_alive(db.run_dir(run_id)) is True
        reopened = Database.open(db.data_dir)
        assert service.get_run(reopened, run_id).summary.status == RunStatus.RUNNING
        with pytest.raises(StoreError, match="another process"):
            lifecycle.resume_run(db, run_id)
        with pytest.raises(StoreError, match="still alive"):
            service.delete_run(db, run_id)
        assert db.run_dir(run_id).is_dir()
    finally:
        owner.release()
    # The owner is gone: the next open recovers the run, and it resumes.
    assert owner_alive(db.run_dir(run_id)) is False
    reopened = Database.open(db.data_dir)
    assert service.get_run(reopened, run_id).summary.status == RunStatus.INTERRUPTED
    assert lifecycle.resume_run(reopened, run_id).status == RunStatus.COMPLETED
    assert curve_steps(reopened, run_id) == list(range(1, STEPS + 1))


def test_a_run_left_running_by_a_dead_owner_resumes_without_reopening(db, corpus):
    """The app keeps its database open: a run whose owner died since is resumable at once."""
    handle = lifecycle.prepare_run(db, config(checkpoint_every=10), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(12, interrupt)])
    with db.session() as session:
        session.execute(
            update(RunRow).where(RunRow.id == handle.run_id).values(status=RunStatus.RUNNING.value)
        )
    assert lifecycle.resume_run(db, handle.run_id).status == RunStatus.COMPLETED


def test_the_final_status_is_settled_once_from_the_result(db, corpus):
    handle = lifecycle.prepare_run(db, config(steps=5), corpus)
    result = lifecycle.run_recorded(db, handle, corpus.text)
    summary = service.get_run(db, handle.run_id).summary
    assert result.status == summary.status == RunStatus.COMPLETED
    assert summary.final_metrics == {**result.summary.as_dict()}
    assert np.isfinite(summary.final_metrics["final_loss"])
    assert owner_alive(db.run_dir(handle.run_id)) is False  # the lock went with the run


def test_a_run_whose_process_died_before_it_started_is_recovered_and_resumes(db, corpus):
    import subprocess
    import sys

    live = lifecycle.prepare_run(db, config(), corpus)  # recorded by this (living) process
    dead = lifecycle.prepare_run(db, config(), corpus)
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    with db.session() as session:  # as if that process had recorded it, then been killed
        session.execute(update(RunRow).where(RunRow.id == dead.run_id).values(pid=int(gone.stdout)))

    reopened = Database.open(db.data_dir)
    assert service.get_run(reopened, live.run_id).summary.status == RunStatus.QUEUED
    summary = service.get_run(reopened, dead.run_id).summary
    assert summary.status == RunStatus.INTERRUPTED and "before it began training" in summary.message
    assert lifecycle.resume_run(reopened, dead.run_id).status == RunStatus.COMPLETED
    assert curve_steps(reopened, dead.run_id) == list(range(1, STEPS + 1))
