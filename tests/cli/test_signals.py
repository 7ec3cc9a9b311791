"""Real training processes and real signals: SIGTERM, Ctrl+Z (SIGSTOP), SIGKILL, and out of memory.

- SIGTERM stops a run as Ctrl+C does: a final checkpoint, the model written, the run ``stopped``.
- A suspended run holds its owner lock: it is not declared interrupted, and
  ``runs resume`` and ``runs delete`` refuse it with a sentence.
- SIGKILL at any moment, before the first checkpoint included, then ``runs
  resume``, always ends in a completed run with a gap-free curve.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.engine.trainer import Trainer
from mlmstudio.store import service
from mlmstudio.store.database import Database
from mlmstudio.store.models import utcnow

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")]

# A model that trains a step in milliseconds, on the five-line tutorial sample.
TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    "32",
    "--layers",
    "1",
    "--heads",
    "2",
    "--ffn",
    "64",
    "--max-len",
    "32",
    "--seq-len",
    "32",
    "--batch-size",
    "4",
    "--eval-every",
    "10",
    "--eval-batches",
    "2",
    "--precision",
    "fp32",
    "--device",
    "cpu",
    "--val-fraction",
    "0.2",
]
WAIT_SECONDS = 120


class Training:
    """``mlmstudio train`` in its own process, its output in files (a pipe could fill and block it)."""

    started: list[subprocess.Popen] = []  # every process, so teardown ends those a failed test left

    def __init__(self, data_dir: Path, *flags: str) -> None:
        self.data_dir = data_dir
        self.out = data_dir.parent / f"out-{time.monotonic_ns()}.txt"
        self.err = self.out.with_suffix(".err")
        env = dict(os.environ, OMP_NUM_THREADS="1", MLMSTUDIO_HOME=str(data_dir))
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "mlmstudio",
                    "train",
                    "sample:tutorial",
                    *TINY,
                    *flags,
                    "--data-dir",
                    str(data_dir),
                ],
                stdout=out,
                stderr=err,
                env=env,
            )
        Training.started.append(self.process)

    def run_id(self) -> str | None:
        runs = service.list_runs(Database.open(self.data_dir, recover=False))
        return runs[0].id if runs else None

    def wait_for(self, condition, what: str) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while not condition():
            if self.process.poll() is not None:
                raise AssertionError(f"training ended before {what}: {self.err.read_text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {WAIT_SECONDS} s: {self.err.read_text()}")
            time.sleep(0.02)

    def wait_for_step(self, step: int) -> str:
        """Wait until the run is training and has recorded ``step``; its id."""

        def reached() -> bool:
            if not (Database.open(self.data_dir, recover=False).path.exists() and self.run_id()):
                return False
            summary = service.get_run(Database.open(self.data_dir, recover=False), self.run_id()).summary
            return summary.status == RunStatus.RUNNING and summary.last_step >= step

        self.wait_for(reached, f"step {step}")
        return self.run_id()

    def finish(self) -> int:
        try:
            return self.process.wait(WAIT_SECONDS)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()

    def stderr(self) -> str:
        return self.err.read_text()


@pytest.fixture(autouse=True)
def no_training_left_running():
    """A test that fails (or stops) mid-way must not leave a 1,000,000-step training behind."""
    yield
    while Training.started:
        process = Training.started.pop()
        if process.poll() is None:
            process.kill()  # SIGKILL ends a suspended (SIGSTOP) process too
            process.wait()


@pytest.fixture
def data_dir(tmp_path) -> Path:
    path = tmp_path / "data"
    Database.open(path).close()  # the schema exists before the process and the test both open it
    return path


def suspend_with_a_stale_heartbeat(process: subprocess.Popen, db_file: Path, run_id: str) -> None:
    """Ctrl+Z the process, and make its heartbeat ten minutes old (as if suspended that long).

    A process stopped inside one of its (millisecond) writes would hold the
    history's write lock: then let it go on a moment and stop it again.
    """
    stale = (utcnow() - timedelta(minutes=10)).isoformat(sep=" ")
    for _ in range(100):
        process.send_signal(signal.SIGSTOP)
        connection = sqlite3.connect(db_file, timeout=0.5, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("UPDATE runs SET heartbeat_at = ? WHERE id = ?", (stale, run_id))
            connection.execute("COMMIT")
            return
        except sqlite3.OperationalError:  # "database is locked": it was stopped mid-write
            process.send_signal(signal.SIGCONT)
            time.sleep(0.05)
        finally:
            connection.close()
    raise AssertionError("the training process was inside a write each time it was stopped")


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_sigterm_stops_like_ctrl_c_with_a_checkpoint_and_the_model(data_dir):
    training = Training(data_dir, "--steps", "1000000", "--checkpoint-every", "1000")
    run_id = training.wait_for_step(15)
    training.process.send_signal(signal.SIGTERM)
    assert training.finish() == 128 + signal.SIGTERM  # as a shell reports a command a signal ended
    assert "stopping after this step" in training.stderr() and "Traceback" not in training.stderr()
    detail = service.get_run(Database.open(data_dir), run_id)
    assert detail.summary.status == RunStatus.STOPPED
    assert detail.summary.has_model and detail.summary.files_ok
    assert detail.latest_checkpoint is not None and detail.latest_checkpoint.step == detail.summary.last_step


def test_a_suspended_run_is_alive_and_nobody_else_may_write_it(data_dir, capsys):
    training = Training(data_dir, "--steps", "1000000", "--checkpoint-every", "10")
    run_id = training.wait_for_step(12)
    suspend_with_a_stale_heartbeat(training.process, data_dir / "history.sqlite3", run_id)
    try:
        assert service.get_run(Database.open(data_dir), run_id).summary.status == RunStatus.RUNNING

        code, _, err = cli(capsys, "--data-dir", str(data_dir), "runs", "resume", run_id)
        assert code == 2 and "another process" in err and "Traceback" not in err
        code, _, err = cli(capsys, "--data-dir", str(data_dir), "runs", "delete", run_id, "--yes")
        assert code == 2 and "still alive" in err
        assert (data_dir / "runs" / run_id).is_dir()
    finally:
        training.process.send_signal(signal.SIGCONT)
    training.process.send_signal(signal.SIGTERM)
    assert training.finish() == 128 + signal.SIGTERM
    assert service.get_run(Database.open(data_dir), run_id).summary.status == RunStatus.STOPPED


def test_out_of_memory_in_the_cli_is_a_sentence_not_a_traceback(data_dir, capsys, monkeypatch):
    real = Trainer._train_step

    def train_step(self, batch):
        if self.progress.step == 12:
            raise RuntimeError(
                "[enforce fail at alloc_cpu.cpp:117] DefaultCPUAllocator: can't allocate "
                "memory: you tried to allocate 68719476736 bytes."
            )
        return real(self, batch)

    monkeypatch.setattr(Trainer, "_train_step", train_step)
    code, out, err = cli(
        capsys,
        "--data-dir",
        str(data_dir),
        "train",
        "sample:tutorial",
        *TINY,
        "--steps",
        "40",
        "--checkpoint-every",
        "10",
    )
    assert code == 1
    assert "not enough memory for this model and batch" in err and "smaller model, batch or sequence" in err
    assert "Traceback" not in err + out and "alloc_cpu" not in err + out
    [run] = service.list_runs(Database.open(data_dir))
    assert run.status == RunStatus.FAILED and run.last_step == 12
    assert [c.step for c in service.get_run(Database.open(data_dir), run.id).checkpoints] == [10]


def test_sigkill_at_any_moment_then_resume_always_completes_with_a_gap_free_curve(data_dir, capsys):
    """The proof of 'nothing lost': kills before the first checkpoint, at it, and at random later."""
    steps, every = 60, 20
    rng = random.Random(13)
    # Steps reached before the kill: early ones (no checkpoint yet) and random ones after.
    moments = [0, 3, every, rng.randint(every + 1, steps - 5)]
    for kill_after in moments:
        training = Training(
            data_dir,
            "--steps",
            str(steps),
            "--checkpoint-every",
            str(every),
            "--name",
            f"killed after {kill_after}",
        )
        run_id = training.wait_for_step(kill_after)
        time.sleep(rng.uniform(0.0, 0.2))  # not always right at a flush
        training.process.kill()
        training.finish()

        db = Database.open(data_dir)
        summary = service.get_run(db, run_id).summary
        if summary.status == RunStatus.COMPLETED:  # it finished before the kill landed
            continue
        assert summary.status == RunStatus.INTERRUPTED, summary
        code, _, err = cli(capsys, "--data-dir", str(data_dir), "runs", "resume", run_id, "--json")
        assert code == 0, err
        assert "Traceback" not in err
        summary = service.get_run(Database.open(data_dir), run_id).summary
        assert summary.status == RunStatus.COMPLETED and summary.last_step == steps and summary.has_model
        loss = service.load_curve(Database.open(data_dir), run_id, "train", "loss")
        assert loss.steps.tolist() == list(range(1, steps + 1)), f"killed after {kill_after}"
        val = service.load_curve(Database.open(data_dir), run_id, "val", "loss")
        assert val.steps.tolist() == list(range(10, steps + 1, 10))
