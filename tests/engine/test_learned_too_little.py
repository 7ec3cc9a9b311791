"""A run that made far fewer steps than its calibration expected, or that answers few of the
facts it was meant to learn, says so plainly with what to do (engine/learned_too_little.py).

The trainer's clock is a fake one (as in test_time_budget.py): a slow step is injected as a
jump of the clock, so nothing here depends on how fast this machine is.
"""

from __future__ import annotations

import pytest

from mlmstudio.config import NO_STEP_LIMIT
from mlmstudio.engine import trainer as trainer_module
from mlmstudio.engine.learned_too_little import WHAT_TO_DO, advice, expected_steps
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config

TICK = 0.01  # seconds per clock reading: 0.04-0.05 s per step
SLOW = 2.6  # the injected slow step: most of a 3 s budget


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0
        self.slow_at: int | None = None  # the reading at which a step takes SLOW seconds more

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += TICK + (SLOW if self.readings == self.slow_at else 0.0)
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = FakeTime()
    monkeypatch.setattr(trainer_module, "time", fake)
    return fake


def budget_run(tmp_path, step_seconds: float | None, **training):
    config = tiny_config(steps=NO_STEP_LIMIT, time_budget=3.0, eval_every=1000, **training)
    trainer = Trainer(config, sample_text("facts"), tmp_path / "run")
    trainer.expected_step_seconds = step_seconds
    return trainer.run().summary


@pytest.mark.slow
def test_a_slow_step_that_costs_most_of_the_budget_is_told_with_what_to_do(tmp_path, clock):
    calm = budget_run(tmp_path / "calm", step_seconds=0.05)
    assert calm.expected_steps == 60 and calm.steps > 0.5 * calm.expected_steps
    assert "computer was busy" not in advice(calm.as_dict())

    clock.slow_at = clock.readings + 40  # about the 8th step of the second run
    slow = budget_run(tmp_path / "slow", step_seconds=0.05)
    assert slow.steps < 0.5 * slow.expected_steps
    said = advice(slow.as_dict())
    assert f"made {slow.steps:,} steps of the 60 expected" in said
    assert "computer was busy or slower" in said and said.endswith(WHAT_TO_DO)


@pytest.mark.slow
def test_without_a_calibration_given_the_run_measures_one(tmp_path, clock, monkeypatch):
    measured = []
    import mlmstudio.engine.calibration as calibration

    original = calibration.measure_step_time

    def measuring(*args, **kwargs):
        measured.append(kwargs)
        return original(*args, **kwargs)

    monkeypatch.setattr(calibration, "measure_step_time", measuring)
    summary = budget_run(tmp_path, step_seconds=None)
    assert len(measured) == 1 and measured[0]["mlm_probability"] > 0
    assert isinstance(summary.expected_steps, int) and summary.expected_steps > 0
    # The facts sample: how many of its probes the final model answers.
    assert summary.probes_asked and 0 <= summary.probes_answered <= summary.probes_asked


def test_the_advice_reads_the_final_metrics():
    assert advice({"steps": 1000, "expected_steps": 1200}) == ""
    assert advice({"steps": 100}) == ""  # no time budget: nothing was expected
    busy = advice({"steps": 73, "expected_steps": 836, "probes_answered": 0, "probes_asked": 14})
    assert "73 steps of the 836 expected in its time (9%)" in busy
    assert "answers only 0 of its 14 fact questions" in busy and busy.endswith(WHAT_TO_DO)
    assert advice({"steps": 800, "expected_steps": 836, "probes_answered": 4, "probes_asked": 14})
    assert advice({"steps": 800, "expected_steps": 836, "probes_answered": 10, "probes_asked": 14}) == ""
    assert advice({"steps": "many", "expected_steps": None, "probes_answered": True}) == ""
    assert expected_steps(120, 0.1) == 1200 and expected_steps(120, 0.1, start_step=50) == 1250
    assert expected_steps(0, 0.1) is None and expected_steps(60, None) is None


@pytest.mark.slow
def test_a_calibration_that_does_not_fit_leaves_the_run_training(tmp_path, clock, monkeypatch):
    import mlmstudio.engine.calibration as calibration

    def out_of_memory(*args, **kwargs):
        raise RuntimeError("DefaultCPUAllocator: can't allocate memory")

    monkeypatch.setattr(calibration, "measure_step_time", out_of_memory)
    summary = budget_run(tmp_path, step_seconds=None)
    assert summary.status == "completed" and summary.steps > 0 and summary.expected_steps is None
