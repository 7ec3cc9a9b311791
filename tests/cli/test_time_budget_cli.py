"""On the command line a time budget without --steps lifts the step cap (config.NO_STEP_LIMIT)."""

from __future__ import annotations

import json

import pytest

from mlmstudio.cli import main
from mlmstudio.config import NO_STEP_LIMIT, RunConfig


def saved_steps(capsys, tmp_path, *flags: str) -> int:
    path = tmp_path / "saved.json"
    path.unlink(missing_ok=True)
    assert main(["train", "sample:facts", *flags, "--save-config", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return RunConfig.from_file(path).training.steps


def test_a_time_budget_alone_has_no_step_cap_and_steps_given_are_kept(capsys, tmp_path):
    assert saved_steps(capsys, tmp_path, "--time-budget", "120") == NO_STEP_LIMIT
    assert saved_steps(capsys, tmp_path, "--time-budget", "120", "--steps", "300") == 300
    assert saved_steps(capsys, tmp_path) == RunConfig().training.steps  # no budget: the default cap
    assert saved_steps(capsys, tmp_path, "--time-budget", "0") == RunConfig().training.steps
    # A config file keeps its own steps; a budget given over it does not lift them.
    config = tmp_path / "mine.json"
    config.write_text(json.dumps({"training": {"steps": 77}}), encoding="utf-8")
    assert saved_steps(capsys, tmp_path, "--config", str(config), "--time-budget", "60") == 77


@pytest.mark.slow
def test_the_summary_says_when_the_run_learned_too_little(capsys, tmp_path, monkeypatch):
    from mlmstudio.engine.trainer import Trainer

    # A calibration that promises far more steps than a 1 s budget allows: the run falls short.
    monkeypatch.setattr(Trainer, "_expect_steps", lambda self: 1_000_000)
    argv = ["train", "sample:facts", "--no-record", "--time-budget", "1", "--tokenizer", "char"]
    argv += ["--d-model", "32", "--layers", "1", "--heads", "2", "--ffn", "64", "--seq-len", "32"]
    argv += ["--eval-every", "1000", "--out", str(tmp_path / "run")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "learned too little: The computer was busy or slower" in out and "of the 1,000,000 expected" in out
    assert main([*argv[:-1], str(tmp_path / "run2"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expected_steps"] == 1_000_000 and "close other programs" in data["advice"]
