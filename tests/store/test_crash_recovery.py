"""SIGKILL a training process at random moments, several times; nothing recorded may be lost.

Drives the real command line in subprocesses: `mlmstudio train`, then `mlmstudio runs
resume` (killed again), and finally a resume that runs to the end.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from datetime import UTC
from pathlib import Path

import numpy as np
import pytest

from mlmstudio.store import service
from mlmstudio.store.database import Database

# Enough steps that no kill comes after the end, even on an idle machine (~3 ms a step).
STEPS, CHECKPOINT_EVERY, EVAL_EVERY = 4000, 10, 10
KILLS_DURING_RESUME = 2
TRAIN_ARGS = (
    "train",
    "sample:tutorial",
    "--tokenizer",
    "char",
    "--preset",
    "tiny",
    "--d-model",
    32,
    "--layers",
    1,
    "--heads",
    2,
    "--ffn",
    64,
    "--seq-len",
    32,
    "--batch-size",
    4,
    "--val-fraction",
    0.2,
    "--device",
    "cpu",
    "--precision",
    "fp32",
    "--steps",
    STEPS,
    "--checkpoint-every",
    CHECKPOINT_EVERY,
    "--eval-every",
    EVAL_EVERY,
)


def mlmstudio(data_dir: Path, *argv) -> subprocess.Popen:
    env = dict(os.environ, OMP_NUM_THREADS="1")
    return subprocess.Popen(
        [sys.executable, "-m", "mlmstudio", "--data-dir", str(data_dir), *[str(a) for a in argv]],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def active_run(data_dir: Path, pid: int):
    """(id, last_step) of the run that process ``pid`` is training, read with plain sqlite3."""
    db_file = data_dir / "history.sqlite3"
    if not db_file.exists():
        return None
    try:
        with sqlite3.connect(db_file, timeout=30) as conn:
            return conn.execute(
                "SELECT id, last_step FROM runs WHERE status = 'running' AND pid = ?", (pid,)
            ).fetchone()
    except sqlite3.OperationalError:
        return None


def wait_until_training(proc: subprocess.Popen, data_dir: Path, past_step: int) -> str:
    deadline = time.time() + 180
    while time.time() < deadline:
        row = active_run(data_dir, proc.pid)
        if row and row[1] > past_step:
            return row[0]
        if proc.poll() is not None:
            raise AssertionError(f"the training process ended early: {proc.communicate()[1]}")
        time.sleep(0.05)
    raise AssertionError("training did not start in time")


def kill_at_random(proc: subprocess.Popen, rng: random.Random):
    time.sleep(rng.uniform(0.0, 1.0))
    killed_at = time.time()
    proc.kill()  # SIGKILL: no cleanup of any kind
    proc.communicate()
    return killed_at


def check_after_kill(data_dir: Path, run_id: str, killed_at: float) -> int:
    """Everything the issue promises after a hard kill; returns the last recorded step."""
    with sqlite3.connect(data_dir / "history.sqlite3") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []

    db = Database.open(data_dir)
    detail = service.get_run(db, run_id)
    assert detail.summary.status == "interrupted", detail.summary
    loss = service.load_curve(db, run_id, "train", "loss")
    last = int(loss.steps[-1])
    assert loss.steps.tolist() == list(range(1, last + 1))  # no gap, no duplicate
    val = service.load_curve(db, run_id, "val", "loss")
    assert val.steps.tolist() == list(range(EVAL_EVERY, last + 1, EVAL_EVERY))
    # Points are flushed about every second: what is lost is at most the last batch.
    heartbeat = detail.heartbeat_at.astimezone(UTC).timestamp()
    assert killed_at - heartbeat < 5.0, f"the last write was {killed_at - heartbeat:.1f} s before the kill"
    recorded = [c.step for c in detail.checkpoints if c.exists]
    assert recorded and last >= recorded[-1]  # a recorded checkpoint implies its curve is complete

    from safetensors.torch import load_file

    from mlmstudio.engine.checkpoint import list_checkpoints, load_checkpoint

    on_disk = list_checkpoints(detail.summary.run_dir)
    assert on_disk, "a valid checkpoint must survive the kill"
    # Every checkpoint resume could pick is complete. Not every one falls on CHECKPOINT_EVERY: a
    # resumed run also saves soon after it starts, so repeated crashes still make progress.
    for step, path in on_disk:
        assert load_checkpoint(path).step == step
        assert load_file(str(path / "model.safetensors"), device="cpu")
    # A kill while the trainer prunes an old checkpoint can leave part of it behind; resume
    # ignores it (no state.json). It must never be newer than the newest complete one.
    complete = {path.name for _, path in on_disk}
    for folder in (detail.summary.run_dir / "checkpoints").iterdir():
        if (
            folder.name.startswith("step-")
            and not folder.name.endswith(".tmp")
            and folder.name not in complete
        ):
            assert folder.name < on_disk[-1][1].name, folder
    db.close()
    return last


@pytest.mark.slow
@pytest.mark.parametrize("seed", [int(os.environ.get("MLMSTUDIO_KILL_SEED", "20240501"))])
def test_sigkill_at_random_moments_then_resume_to_the_end(tmp_path, seed):
    rng = random.Random(seed)
    data_dir = tmp_path / "data"

    proc = mlmstudio(data_dir, *TRAIN_ARGS, "--json")
    run_id = wait_until_training(proc, data_dir, past_step=CHECKPOINT_EVERY)
    last = check_after_kill(data_dir, run_id, kill_at_random(proc, rng))

    for _ in range(KILLS_DURING_RESUME):
        proc = mlmstudio(data_dir, "runs", "resume", run_id, "--json")
        wait_until_training(proc, data_dir, past_step=last - last % CHECKPOINT_EVERY)
        last = check_after_kill(data_dir, run_id, kill_at_random(proc, rng))

    proc = mlmstudio(data_dir, "runs", "resume", run_id, "--json")
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert json.loads(out)["status"] == "completed"

    db = Database.open(data_dir)
    summary = service.get_run(db, run_id).summary
    assert summary.status == "completed" and summary.files_ok and summary.last_step == STEPS
    loss = service.load_curve(db, run_id, "train", "loss")
    assert loss.steps.tolist() == list(range(1, STEPS + 1))
    assert np.all(np.isfinite(loss.values))
    assert np.all(np.diff(loss.wall_time) >= 0)  # elapsed training time continues across resumes
    val = service.load_curve(db, run_id, "val", "loss")
    assert val.steps.tolist() == list(range(EVAL_EVERY, STEPS + 1, EVAL_EVERY))
    from mlmstudio.engine.artifacts import load_model_dir

    assert load_model_dir(summary.run_dir).config.training.steps == STEPS
