"""A step-counted run keeps its threads; a timed run lets the adaptive check change them.

The check is fed step times that keep getting slower (as on a computer that gets busier), which
makes an adaptive governor try fewer threads. A run given a step count must not follow: another
thread count sums torch's reductions in another order, and the same seed would then give another
model depending on the machine's load (thread_policy.for_run).
"""

from __future__ import annotations

import pytest
import torch

from mlmstudio import thread_policy
from mlmstudio.engine.samples import sample_text
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config


@pytest.fixture
def busier_and_busier(monkeypatch):
    """Two cores for a command-line run, step times that double each step, and the threads seen."""
    seen: list[int] = []
    step = Trainer._train_step
    step_done = thread_policy.ThreadGovernor.step_done
    calls = [0]

    def spying_step(self, batch):
        seen.append(torch.get_num_threads())
        return step(self, batch)

    def slower_each_time(self, seconds):
        calls[0] += 1
        return step_done(self, 0.25 * 2 ** min(calls[0], 30))  # each window far slower than the last

    monkeypatch.setattr(Trainer, "_train_step", spying_step)
    monkeypatch.setattr(thread_policy.ThreadGovernor, "step_done", slower_each_time)
    monkeypatch.setattr(thread_policy, "available_cores", lambda: 2)
    monkeypatch.delenv(thread_policy.THREADS_ENV, raising=False)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    before = torch.get_num_threads()
    thread_policy.prepare("cli")
    yield seen
    thread_policy.forget_role()
    torch.set_num_threads(before)


@pytest.mark.slow
def test_a_step_counted_run_keeps_its_threads_however_slow_its_steps(tmp_path, busier_and_busier):
    result = Trainer(tiny_config(steps=16), sample_text("facts"), tmp_path / "run").run()
    assert len(busier_and_busier) == 16 and set(busier_and_busier) == {2}
    assert result.summary.threads == "2 (steady)"


@pytest.mark.slow
def test_a_timed_run_still_adapts(tmp_path, busier_and_busier):
    # The budget is far away; the step cap ends the run. The same slow steps now change the count.
    config = tiny_config(steps=16, time_budget=600.0)
    result = Trainer(config, sample_text("facts"), tmp_path / "run").run()
    assert set(busier_and_busier) == {1, 2}
    assert "adaptive" in result.summary.threads and "changes" in result.summary.threads


def test_for_run_leaves_timed_and_users_policies_alone():
    adaptive = thread_policy.decide("cli", cores=4, env={})
    steady = thread_policy.for_run(adaptive, timed=False)
    assert (steady.name, steady.threads, steady.max_threads) == ("steady", 4, 4)
    assert not steady.adaptive and "same seed" in steady.describe()
    assert thread_policy.for_run(adaptive, timed=True) == adaptive
    users = thread_policy.decide("cli", cores=4, env={"MLMSTUDIO_THREADS": "3"})
    assert thread_policy.for_run(users, timed=False) == users
