"""Real (tiny) training through the store: recording, stop, failure, interruption and resume."""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

from mlmstudio.engine.corpus import load_corpus
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.events import StepEvent, TrainingControl
from mlmstudio.store import lifecycle, repository, service
from mlmstudio.store.errors import CorpusChangedError, StoreError

from store_helpers import at_step, interrupt, tiny_config

STEPS = 40
pytestmark = pytest.mark.slow  # real training, a few seconds per test


@pytest.fixture(scope="module")
def corpus():
    return load_corpus("sample:tutorial")


@pytest.fixture(scope="module")
def reference_losses(tmp_path_factory, corpus) -> np.ndarray:
    """The train-loss curve of an uninterrupted run with the same config and seed."""
    from mlmstudio.store.database import Database

    db = Database.open(tmp_path_factory.mktemp("reference"))
    handle = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus)
    assert lifecycle.run_recorded(db, handle, corpus.text).status == "completed"
    return service.load_curve(db, handle.run_id, "train", "loss").values


def test_a_recorded_run(db, corpus, reference_losses):
    handle = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus, name="recorded")
    statuses = []
    result = lifecycle.run_recorded(
        db,
        handle,
        corpus.text,
        callbacks=[at_step(5, lambda: statuses.append(service.get_run(db, handle.run_id).summary.status))],
    )
    assert result.status == "completed" and result.steps == STEPS
    assert statuses == ["running"]
    detail = service.get_run(db, handle.run_id)
    s = detail.summary
    assert s.status == "completed" and s.files_ok and s.has_model and s.last_step == STEPS
    assert s.val_loss == pytest.approx(result.summary.val_loss)
    assert s.final_metrics["params"] == result.summary.params
    assert detail.pid == os.getpid() and s.started_at <= s.finished_at
    assert [c.step for c in detail.checkpoints] == [20, 30, 40] and all(c.exists for c in detail.checkpoints)
    curves = service.load_curves(db, handle.run_id)
    assert curves["train_loss"].steps.tolist() == list(range(1, STEPS + 1))
    assert curves["val_loss"].steps.tolist() == [10, 20, 30, 40]
    np.testing.assert_allclose(curves["train_loss"].values, reference_losses, rtol=1e-6)
    with pytest.raises(StoreError, match="already been started"):
        lifecycle.run_recorded(db, handle, corpus.text)
    with pytest.raises(StoreError, match="already completed"):
        lifecycle.resume_run(db, handle.run_id)


def test_stop_then_resume(db, corpus, reference_losses):
    handle = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus)
    control = TrainingControl()
    result = lifecycle.run_recorded(
        db, handle, corpus.text, control=control, callbacks=[at_step(15, control.stop)]
    )
    assert result.status == "stopped"
    summary = service.get_run(db, handle.run_id).summary
    assert summary.status == "stopped" and summary.has_model and summary.last_step == 15

    result = lifecycle.resume_run(db, handle.run_id)
    assert result.status == "completed" and result.steps == STEPS
    loss = service.load_curve(db, handle.run_id, "train", "loss")
    assert loss.steps.tolist() == list(range(1, STEPS + 1))
    np.testing.assert_allclose(loss.values, reference_losses, rtol=1e-5)
    assert service.get_run(db, handle.run_id).summary.status == "completed"


def test_interrupted_run_resumes_from_its_checkpoint_with_one_clean_curve(db, corpus, reference_losses):
    handle = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(25, interrupt)])
    detail = service.get_run(db, handle.run_id)
    assert detail.summary.status == "interrupted" and "Resume" in detail.summary.message
    assert [c.step for c in detail.checkpoints] == [10, 20]
    assert service.load_curve(db, handle.run_id, "train", "loss").steps.max() == 25

    steps_seen = []
    result = lifecycle.resume_run(
        db,
        handle.run_id,
        callbacks=[lambda e: steps_seen.append(e.step) if isinstance(e, StepEvent) else None],
    )
    assert result.status == "completed"
    assert steps_seen[0] == 21  # from the step-20 checkpoint; points 21-25 were discarded first
    loss = service.load_curve(db, handle.run_id, "train", "loss")
    assert loss.steps.tolist() == list(range(1, STEPS + 1))
    np.testing.assert_allclose(loss.values, reference_losses, rtol=1e-5)
    val = service.load_curve(db, handle.run_id, "val", "loss")
    assert val.steps.tolist() == [10, 20, 30, 40]
    assert np.all(np.diff(loss.wall_time) >= 0)  # elapsed time continues too


def test_resume_prefers_a_checkpoint_the_recorded_curve_reaches(db, corpus):
    """Killed after writing checkpoint 20 but before recording steps 13-20: resume from 10, no gap."""
    handle = lifecycle.prepare_run(db, tiny_config(steps=30), corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(22, interrupt)])
    with db.session() as session:
        repository.delete_points_after(session, handle.run_id, 12)
        repository.delete_checkpoints_after(session, handle.run_id, 10)
    steps_seen = []
    lifecycle.resume_run(
        db,
        handle.run_id,
        callbacks=[lambda e: steps_seen.append(e.step) if isinstance(e, StepEvent) else None],
    )
    assert steps_seen[0] == 11
    loss = service.load_curve(db, handle.run_id, "train", "loss")
    assert loss.steps.tolist() == list(range(1, 31))


def test_a_failing_run_is_never_left_running(db, corpus):
    handle = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus)

    def boom():
        raise RuntimeError("a watcher broke")

    with pytest.raises(RuntimeError):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(5, boom)])
    summary = service.get_run(db, handle.run_id).summary
    assert summary.status == "failed" and "a watcher broke" in summary.message

    tiny = lifecycle.prepare_run(db, tiny_config(steps=STEPS), corpus)
    with pytest.raises(MLMStudioError):
        lifecycle.run_recorded(db, tiny, "ab")  # too little text to even build the trainer
    summary = service.get_run(db, tiny.run_id).summary
    assert summary.status == "failed" and summary.message
    # It never reached a checkpoint, yet it resumes: from step 0, in the same run.
    assert lifecycle.resume_run(db, tiny.run_id).status == "completed"
    assert service.load_curve(db, tiny.run_id, "train", "loss").steps.tolist() == list(range(1, STEPS + 1))


def test_resume_refuses_a_changed_corpus(db, tmp_path, tutorial_text):
    source = tmp_path / "corpus.txt"
    source.write_text(tutorial_text, encoding="utf-8")
    corpus = load_corpus(source)
    config = tiny_config(steps=STEPS)
    from dataclasses import replace

    config = replace(config, corpus=replace(config.corpus, source=str(source)))
    handle = lifecycle.prepare_run(db, config, corpus)
    with pytest.raises(KeyboardInterrupt):
        lifecycle.run_recorded(db, handle, corpus.text, callbacks=[at_step(12, interrupt)])
    source.write_text(tutorial_text + "\nA new line changes everything.", encoding="utf-8")
    with pytest.raises(CorpusChangedError, match="has changed since the run was trained"):
        lifecycle.resume_run(db, handle.run_id)
    assert service.get_run(db, handle.run_id).summary.status == "interrupted"
    source.write_text(tutorial_text, encoding="utf-8")
    assert lifecycle.resume_run(db, handle.run_id).status == "completed"


def test_pause_shows_in_the_history(db, corpus):
    handle = lifecycle.prepare_run(db, tiny_config(steps=20), corpus)
    control = TrainingControl()
    seen = []

    def watch():
        deadline = time.time() + 20
        while time.time() < deadline:
            status = service.get_run(db, handle.run_id).summary.status
            if status == "paused":
                seen.append(status)
                control.resume()
                return
            time.sleep(0.05)
        control.resume()

    watcher = threading.Thread(target=watch)
    watcher.start()
    result = lifecycle.run_recorded(
        db, handle, corpus.text, control=control, callbacks=[at_step(5, control.pause)]
    )
    watcher.join()
    assert seen == ["paused"]
    assert result.status == "completed"
    assert service.get_run(db, handle.run_id).summary.status == "completed"
