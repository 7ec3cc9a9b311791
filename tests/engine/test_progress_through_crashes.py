"""A run killed again and again still moves forward: a resumed run checkpoints soon after it resumes.

The crashes are injected, not timed: each step counts one second of training
(``_advance`` is handed 1.0 s), and a kill comes after 15 to 35 s of a
machine's life, 5 to 10 of them spent starting. From the kill on the process
writes nothing more (a SIGKILL runs no code), so only checkpoints saved before
it count. With the defaults (a checkpoint each 60 s of training) the run lost
every step beyond its first checkpoint, again and again.
"""

from __future__ import annotations

import random

import pytest

from mlmstudio.engine.checkpoint import list_checkpoints
from mlmstudio.engine.trainer import Trainer

from tiny_configs import tiny_config

TEXT = "the cat sat on the mat. the dog sat on the rug. a bird flew over the tree.\n" * 30


class Killed(BaseException):
    """The machine went down: no handler, no final checkpoint."""


def latest_step(out) -> int:
    found = list_checkpoints(out)
    return found[-1][0] if found else 0


def test_ten_crashes_at_random_moments_and_the_run_moves_forward_each_time(tmp_path, monkeypatch):
    out = tmp_path / "run"
    config = tiny_config(steps=100_000, checkpoint_every=100_000, checkpoint_seconds=60.0)
    rng = random.Random(22)
    life = {"left": 0.0, "dead": False}
    real_advance, real_checkpoint = Trainer._advance, Trainer._checkpoint

    def advance(self, loss, tokens, seconds):
        real_advance(self, loss, tokens, 1.0)  # one second of training per step
        life["left"] -= 1.0
        if life["left"] <= 0:
            life["dead"] = True
            raise Killed

    def checkpoint(self):
        if life["dead"]:
            raise Killed  # a killed process saves nothing
        real_checkpoint(self)

    monkeypatch.setattr(Trainer, "_advance", advance)
    monkeypatch.setattr(Trainer, "_checkpoint", checkpoint)
    # A first life long enough for the first checkpoint (60 s): then the crashes begin.
    life.update(left=65.0, dead=False)
    with pytest.raises(Killed):
        Trainer(config, TEXT, out).run()
    steps = [latest_step(out)]
    assert steps == [60]
    for _ in range(10):
        uptime, starting = rng.uniform(15, 35), rng.uniform(5, 10)
        life.update(left=uptime - starting, dead=False)
        with pytest.raises(Killed):
            Trainer.resume(out, TEXT).run()
        steps.append(latest_step(out))
    assert all(b > a for a, b in zip(steps, steps[1:], strict=False)), steps


def test_the_early_checkpoints_are_only_for_a_resumed_run_until_it_stays_up(tmp_path):
    """A fresh run keeps its 60 s; a resumed one saves after 5 steps and each 15 s, then 60 s again."""
    config = tiny_config(steps=4, checkpoint_every=1000, checkpoint_seconds=60.0)
    out = tmp_path / "run"
    Trainer(config, TEXT, out).run()  # its last step's checkpoint is the one resumed
    fresh = Trainer(config, TEXT, tmp_path / "other")
    fresh.progress.step, fresh.progress.elapsed = 5, 20.0
    assert not fresh._checkpoint_due()
    resumed = Trainer.resume(out, TEXT)
    step, base = resumed.progress.step, resumed.progress.elapsed
    p = resumed.progress
    p.step, p.elapsed = step + 4, base + 4
    assert not resumed._checkpoint_due()
    p.step, p.elapsed = step + 5, base + 5
    assert resumed._checkpoint_due()  # its first steps
    resumed._checkpointed_elapsed = base + 5
    p.step, p.elapsed = step + 10, base + 19
    assert not resumed._checkpoint_due()
    p.step, p.elapsed = step + 11, base + 20.5
    assert resumed._checkpoint_due()  # 15 s after the last one
    resumed._checkpointed_elapsed = base + 50
    p.step, p.elapsed = step + 70, base + 65.5  # up for longer than 60 s: the usual spacing
    assert not resumed._checkpoint_due()
