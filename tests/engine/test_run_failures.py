"""How a training run starts and how it fails: StartedEvent first, then out of memory and a full disk.

Failures are injected where they really happen (the allocator inside a step,
the writer of a checkpoint or of the model), and the run must end ``failed``
with a sentence, no traceback, and the last checkpoint intact and loadable.
"""

from __future__ import annotations

import errno
import math

import pytest
import torch

from mlmstudio.engine import artifacts, checkpoint
from mlmstudio.engine.checkpoint import list_checkpoints, load_checkpoint
from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.events import (
    CheckpointEvent,
    FailedEvent,
    FinishedEvent,
    StartedEvent,
    StepEvent,
    TrainerCallback,
)
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


@pytest.fixture(scope="module")
def text() -> str:
    return sample_text("facts")[:20_000]


class Events(TrainerCallback):
    """Every event, in order, through the typed callback methods."""

    def __init__(self) -> None:
        self.seen: list = []

    def on_started(self, event):
        self.seen.append(event)

    def on_step(self, event):
        self.seen.append(event)

    def on_eval(self, event):
        self.seen.append(event)

    def on_checkpoint(self, event):
        self.seen.append(event)

    def on_finished(self, event):
        self.seen.append(event)

    def on_failed(self, event):
        self.seen.append(event)

    def of(self, kind):
        return [e for e in self.seen if isinstance(e, kind)]


def fail_at_step(monkeypatch, step: int, error: BaseException) -> None:
    """Make the training step number ``step`` raise ``error``, as the allocator would inside it."""
    real = Trainer._train_step

    def train_step(self, batch):
        if self.progress.step + 1 == step:
            raise error
        return real(self, batch)

    monkeypatch.setattr(Trainer, "_train_step", train_step)


def test_the_run_announces_itself_before_the_first_step(tmp_path, text):
    events = Events()
    result = Trainer(tiny_config(steps=6), text, tmp_path / "run", callbacks=[events]).run()
    started = events.seen[0]
    assert isinstance(started, StartedEvent) and len(events.of(StartedEvent)) == 1
    assert started.step == 0 and started.total_steps == 6
    assert started.vocab_size == result.summary.vocab_size
    assert started.baseline_loss == pytest.approx(math.log(started.vocab_size))
    assert started.param_count == result.summary.params > 0
    assert isinstance(events.seen[-1], FinishedEvent) and events.seen[-1].status is RunStatus.COMPLETED
    assert result.summary.status is RunStatus.COMPLETED and result.summary.as_dict()["status"] == "completed"


@pytest.mark.parametrize(
    "error",
    [
        RuntimeError(
            "[enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: can't allocate memory: "
            "you tried to allocate 8589934592 bytes. Error code 12 (Cannot allocate memory)"
        ),
        RuntimeError(
            "[enforce fail at alloc_cpu.cpp:83] err == 0. DefaultCPUAllocator: not enough memory: "
            "you tried to allocate 8589934592 bytes."
        ),
        MemoryError(),
    ],
    ids=["allocator", "not-enough-memory", "MemoryError"],
)
def test_out_of_memory_fails_the_run_with_a_sentence_and_keeps_the_checkpoint(
    tmp_path, text, monkeypatch, error
):
    fail_at_step(monkeypatch, 8, error)
    events = Events()
    result = Trainer(
        tiny_config(steps=20, checkpoint_every=5), text, tmp_path / "run", callbacks=[events]
    ).run()

    assert result.status is RunStatus.FAILED and result.steps == 7
    assert result.message.startswith("There is not enough memory for this model and batch")
    assert "smaller model, batch or sequence length" in result.message
    assert "alloc_cpu" not in result.message and "Traceback" not in result.message
    [failed] = events.of(FailedEvent)
    assert failed.message == result.message and failed.summary.status is RunStatus.FAILED
    # The checkpoint of step 5 is still there, complete, and loads.
    assert [step for step, _ in list_checkpoints(tmp_path / "run")] == [5]
    assert load_checkpoint(list_checkpoints(tmp_path / "run")[0][1]).step == 5


def test_a_bug_is_still_raised_not_disguised(tmp_path, text, monkeypatch):
    fail_at_step(monkeypatch, 3, RuntimeError("shape mismatch in a layer"))
    with pytest.raises(RuntimeError, match="shape mismatch"):
        Trainer(tiny_config(steps=5), text, tmp_path / "run").run()


def _no_space(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_at_a_checkpoint_removes_the_partial_one_and_keeps_the_previous(
    tmp_path, text, monkeypatch
):
    real_save = torch.save
    calls = []

    def save(obj, path, *args, **kwargs):  # the optimizer state, written after the weights
        calls.append(path)
        if len(calls) == 2:
            _no_space()
        return real_save(obj, path, *args, **kwargs)

    monkeypatch.setattr(checkpoint.torch, "save", save)
    events = Events()
    run_dir = tmp_path / "run"
    result = Trainer(tiny_config(steps=20, checkpoint_every=5), text, run_dir, callbacks=[events]).run()

    assert result.status is RunStatus.FAILED and result.steps == 10
    assert "disk is full" in result.message and "free some space and resume" in result.message
    assert [e.step for e in events.of(CheckpointEvent)] == [5]
    assert [step for step, _ in list_checkpoints(run_dir)] == [5]
    assert load_checkpoint(checkpoint.checkpoint_dir(run_dir, 5)).step == 5
    leftovers = [p.name for p in (run_dir / "checkpoints").iterdir() if not p.name.startswith("step-0")]
    assert leftovers == []
    assert not any(p.name.endswith(".tmp") for p in run_dir.rglob("*"))


def test_a_full_disk_while_writing_the_model_leaves_no_temporary_file(tmp_path, text, monkeypatch):
    real_fdopen = artifacts.os.fdopen

    class FullFile:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            _no_space()

    def fdopen(fd, mode="r", *args, **kwargs):
        handle = real_fdopen(fd, mode, *args, **kwargs)
        return FullFile(handle) if "w" in mode else handle

    run_dir = tmp_path / "run"
    trainer = Trainer(tiny_config(steps=6, checkpoint_every=3), text, run_dir)
    real_finish = Trainer._finish

    def finish(self, status):  # the disk fills up just as the final model is written
        monkeypatch.setattr(artifacts.os, "fdopen", fdopen)
        return real_finish(self, status)

    monkeypatch.setattr(Trainer, "_finish", finish)
    result = trainer.run()
    assert result.status is RunStatus.FAILED and "disk is full" in result.message
    assert not [p for p in run_dir.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    assert [step for step, _ in list_checkpoints(run_dir)] == [3, 6]


def test_checkpoints_are_also_due_by_time_and_only_the_last_few_are_kept(tmp_path, text):
    # A tiny interval makes every step "a minute later": a checkpoint each step, by time alone.
    config = tiny_config(steps=8, checkpoint_every=0, checkpoint_seconds=1e-9)
    events = Events()
    Trainer(config, text, tmp_path / "run", callbacks=[events]).run()
    assert [e.step for e in events.of(CheckpointEvent)] == list(range(1, 9))
    assert [step for step, _ in list_checkpoints(tmp_path / "run")] == [6, 7, 8]


def test_no_time_checkpoints_when_switched_off(tmp_path, text):
    events = Events()
    Trainer(
        tiny_config(steps=8, checkpoint_every=0, checkpoint_seconds=0.0),
        text,
        tmp_path / "run",
        callbacks=[events],
    ).run()
    assert [e.step for e in events.of(CheckpointEvent)] == [8]  # only the final one


@pytest.mark.parametrize("damage", ["truncate weights", "truncate optimizer", "empty state"])
def test_a_truncated_checkpoint_is_a_plain_load_error(tmp_path, text, damage):
    run_dir = tmp_path / "run"
    Trainer(tiny_config(steps=4, checkpoint_every=2), text, run_dir).run()
    path = checkpoint.checkpoint_dir(run_dir, 4)
    name = {
        "truncate weights": "model.safetensors",
        "truncate optimizer": "optimizer.pt",
        "empty state": "state.json",
    }[damage]
    data = (path / name).read_bytes()
    (path / name).write_bytes(data[: len(data) // 3] if damage != "empty state" else b"")
    with pytest.raises(ModelLoadError, match="damaged|incomplete|do not fit"):
        Trainer.resume(run_dir, text, checkpoint=path)
    # The one before it still resumes.
    assert Trainer.resume(run_dir, text, checkpoint=checkpoint.checkpoint_dir(run_dir, 2)).progress.step == 2


def test_restart_trains_a_run_again_from_step_zero_with_its_own_tokenizer(tmp_path, text):
    run_dir = tmp_path / "run"
    first = Events()
    Trainer(tiny_config(steps=5, checkpoint_every=0), text, run_dir, callbacks=[first]).run()
    again = Events()
    result = Trainer.restart(run_dir, text, callbacks=[again]).run()
    assert result.status is RunStatus.COMPLETED and again.seen[0].step == 0
    # Same stored tokenizer and seed: the same run, step for step.
    assert [e.loss for e in again.of(StepEvent)] == pytest.approx([e.loss for e in first.of(StepEvent)])
