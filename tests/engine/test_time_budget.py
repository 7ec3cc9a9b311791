"""The budget is the budget: a time budget without a step count trains to the budget, and the
learning rate reaches 0 there; with both, whichever is reached first ends the run.

The trainer's clock is replaced by one that advances a fixed amount per reading, so a
step "takes" the same time on any machine and no assertion depends on this machine's speed.
"""

from __future__ import annotations

import pytest

from mlmstudio.config import NO_STEP_LIMIT, training_limits
from mlmstudio.engine import trainer as trainer_module
from mlmstudio.engine.events import StepEvent
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


class FakeTime:
    """``time.perf_counter`` that moves ``tick`` seconds per reading (and ``jump`` once asked)."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def fake_time(monkeypatch):
    clock = FakeTime(0.01)
    monkeypatch.setattr(trainer_module, "time", clock)
    return clock


def train(config, tmp_path) -> tuple[list[StepEvent], object]:
    steps: list[StepEvent] = []
    result = Trainer(
        config,
        sample_text("facts"),
        tmp_path / "run",
        callbacks=[lambda e: steps.append(e) if isinstance(e, StepEvent) else None],
    ).run()
    return steps, result


@pytest.mark.slow
def test_a_time_budget_without_steps_runs_to_the_budget_and_the_lr_reaches_zero(tmp_path, fake_time):
    budget = 6.0
    config = tiny_config(steps=NO_STEP_LIMIT, time_budget=budget, schedule="linear", eval_every=1000)
    steps, result = train(config, tmp_path)
    step_time = steps[-1].elapsed / len(steps)
    assert result.summary.wall_seconds + step_time > budget >= result.summary.wall_seconds
    assert len(steps) > 50
    peak = config.training.lr
    assert 0.4 * peak < steps[len(steps) // 2].lr < 0.65 * peak  # linear decay, halfway by time
    assert steps[-1].lr < 0.02 * peak  # decayed to ~0 by time, at the budget
    assert steps[-1].progress == pytest.approx(1.0, abs=0.02)


@pytest.mark.slow
def test_with_steps_and_a_budget_the_first_reached_ends_the_run(tmp_path, fake_time):
    steps, _ = train(tiny_config(steps=12, time_budget=1000.0, eval_every=1000), tmp_path)
    assert len(steps) == 12 and steps[-1].lr < 0.1 * steps[len(steps) // 2].lr  # decayed by steps
    steps, _ = train(tiny_config(steps=10_000, time_budget=2.0, eval_every=1000), tmp_path / "b")
    assert 10 < len(steps) < 10_000


def test_the_limits_in_words():
    assert training_limits(tiny_config(steps=500).training) == "500 steps"
    assert training_limits(tiny_config(steps=NO_STEP_LIMIT, time_budget=120).training).startswith(
        "2 min, no step limit"
    )
    both = training_limits(tiny_config(steps=1000, time_budget=90).training)
    assert both.startswith("1,000 steps or 90 s, whichever is reached first")
