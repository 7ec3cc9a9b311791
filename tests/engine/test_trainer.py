"""The training loop: learning, events, stop/pause, failures, exact resume."""

import math
import shutil
import threading
from dataclasses import replace

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.checkpoint import checkpoint_dir, list_checkpoints
from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    FailedEvent,
    FinishedEvent,
    StepEvent,
    TrainingControl,
)
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config as shared_tiny_config


def tiny_config(**training) -> RunConfig:
    """The shared tiny config at a learning rate that shows learning in 20 steps."""
    return shared_tiny_config(
        max_len=32,
        **{"steps": 20, "batch_size": 4, "checkpoint_every": 10, "lr": 3e-3, "seed": 3, **training},
    )


@pytest.fixture(scope="module")
def facts_text():
    return sample_text("facts")[:20_000]


def collect(events):
    return lambda event: events.append(event)


def test_a_run_reports_every_step_evaluates_checkpoints_and_finishes(tmp_path, facts_text):
    events = []
    result = Trainer(tiny_config(), facts_text, tmp_path / "run", callbacks=[collect(events)]).run()
    steps = [e for e in events if isinstance(e, StepEvent)]
    assert [e.step for e in steps] == list(range(1, 21))
    assert all(e.lr > 0 and e.tokens_per_second > 0 and math.isfinite(e.loss) for e in steps)
    assert [e.step for e in events if isinstance(e, EvalEvent)] == [10, 20]
    assert [e.step for e in events if isinstance(e, CheckpointEvent)] == [10, 20]
    assert isinstance(events[-1], FinishedEvent) and events[-1].status == "completed"
    assert result.status == "completed" and result.steps == 20
    s = result.summary
    assert s.baseline_loss == pytest.approx(math.log(s.vocab_size))
    assert s.val_loss > 0 and 0 <= s.val_accuracy <= 1
    assert s.perplexity == pytest.approx(math.exp(s.val_loss))
    for name in ("config.json", "tokenizer.json", "model.safetensors", "metrics.json"):
        assert (tmp_path / "run" / name).is_file()


@pytest.mark.slow  # trains for more than a second
def test_the_model_learns_more_than_the_unigram(tmp_path, facts_text):
    result = Trainer(
        tiny_config(steps=150, eval_every=150, checkpoint_every=0, batch_size=8), facts_text, tmp_path / "run"
    ).run()
    s = result.summary
    # The output bias starts at the unigram log-probabilities, so the first loss is
    # already the unigram entropy; anything below it was learned from context.
    assert s.initial_loss < s.baseline_loss - 0.5
    assert s.final_loss < s.initial_loss - 0.1
    assert s.val_loss < s.baseline_loss - 1.0


def test_resume_continues_with_exactly_the_same_losses(tmp_path, facts_text):
    config = tiny_config(steps=20, checkpoint_every=10, eval_every=100)
    full = []
    Trainer(config, facts_text, tmp_path / "full", callbacks=[collect(full)]).run()
    full_losses = [e.loss for e in full if isinstance(e, StepEvent)]

    # A copy of the run as it was at step 10: the checkpoint, config and tokenizer.
    partial = tmp_path / "partial"
    partial.mkdir()
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(tmp_path / "full" / name, partial / name)
    shutil.copytree(checkpoint_dir(tmp_path / "full", 10), checkpoint_dir(partial, 10))
    resumed = []
    result = Trainer.resume(partial, facts_text, callbacks=[collect(resumed)]).run()
    resumed_losses = [e.loss for e in resumed if isinstance(e, StepEvent)]
    assert [e.step for e in resumed if isinstance(e, StepEvent)] == list(range(11, 21))
    assert resumed_losses == full_losses[10:]
    assert result.status == "completed"


def test_stop_saves_a_checkpoint_and_reports_stopped(tmp_path, facts_text):
    control = TrainingControl()
    events = []

    def stop_at_five(event):
        events.append(event)
        if isinstance(event, StepEvent) and event.step == 5:
            control.stop()

    result = Trainer(
        tiny_config(steps=1000, checkpoint_every=0),
        facts_text,
        tmp_path / "run",
        callbacks=[stop_at_five],
        control=control,
    ).run()
    assert result.status == "stopped" and result.steps == 5
    assert [step for step, _ in list_checkpoints(tmp_path / "run")] == [5]
    assert isinstance(events[-1], FinishedEvent) and events[-1].status == "stopped"
    assert (tmp_path / "run" / "model.safetensors").is_file()


@pytest.mark.slow  # trains for more than a second
def test_pause_blocks_until_resumed(tmp_path, facts_text):
    control = TrainingControl()
    steps = []

    def pause_at_three(event):
        if isinstance(event, StepEvent):
            steps.append(event.step)
            if event.step == 3:
                control.pause()

    trainer = Trainer(
        tiny_config(steps=6), facts_text, tmp_path / "run", callbacks=[pause_at_three], control=control
    )
    thread = threading.Thread(target=trainer.run)
    thread.start()
    thread.join(timeout=1.0)
    assert thread.is_alive() and steps == [1, 2, 3]
    control.resume()
    thread.join(timeout=60)
    assert not thread.is_alive() and steps == [1, 2, 3, 4, 5, 6]


def test_a_non_finite_loss_fails_the_run_with_advice(tmp_path, facts_text):
    events = []
    config = tiny_config(steps=30, lr=1.0, grad_clip=0.0, warmup=0.0, schedule="constant")
    config = replace(config, model=replace(config.model, arch="seed"))
    trainer = Trainer(config, facts_text, tmp_path / "run", callbacks=[collect(events)])
    # Poison the weights so the very first loss is NaN, whatever the hardware does.
    with __import__("torch").no_grad():
        next(trainer.model.parameters()).fill_(float("nan"))
    result = trainer.run()
    assert result.status == "failed"
    assert "lower learning rate" in result.message
    assert isinstance(events[-1], FailedEvent) and "lower learning rate" in events[-1].message


@pytest.mark.slow  # trains for more than a second
def test_time_budget_stops_the_run(tmp_path, facts_text):
    result = Trainer(
        tiny_config(steps=1_000_000, time_budget=1.5, checkpoint_every=0, eval_every=1_000_000),
        facts_text,
        tmp_path / "run",
    ).run()
    assert result.status == "completed"
    assert 1.0 <= result.summary.wall_seconds < 5.0
    assert result.summary.val_loss is not None  # a final evaluation always happens


def test_seeded_runs_are_reproducible(tmp_path, facts_text):
    runs = []
    for name in ("a", "b"):
        events = []
        Trainer(tiny_config(steps=8), facts_text, tmp_path / name, callbacks=[collect(events)]).run()
        runs.append([e.loss for e in events if isinstance(e, StepEvent)])
    assert runs[0] == runs[1]
