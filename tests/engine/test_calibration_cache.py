"""A time-budgeted start reuses the step-time calibration kept from an earlier one (issue 18)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from types import SimpleNamespace

import pytest
import torch

from mlmstudio.config import RunConfig
from mlmstudio.engine import calibration, calibration_cache
from mlmstudio.engine.calibration import StepTime
from mlmstudio.engine.trainer import Trainer

DAMAGES = {
    "tail cut": lambda path: path.write_bytes(path.read_bytes()[:-7]),
    "garbage appended": lambda path: path.write_bytes(path.read_bytes() + b"\xff\xfe\x00 garbage\n"),
    "not UTF-8": lambda path: path.write_bytes(b"\xff\xfe caf\xe9 \x81\x00\n" * 4),
    "empty": lambda path: path.write_bytes(b""),
    "a list": lambda path: path.write_text("[1, 2]"),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
}


@pytest.fixture
def measured(monkeypatch):
    calls = []

    def fake(*args, **kwargs):
        calls.append(args)
        return StepTime(seconds=0.05, precision="fp32", threads=1)

    monkeypatch.setattr(calibration, "measure_step_time", fake)
    return calls


def _start(batch_size: int = 8) -> int | None:
    """What _expect_steps reads of a trainer at a time-budgeted start (no model is built)."""
    config = RunConfig()
    config = replace(config, training=replace(config.training, time_budget=60.0, batch_size=batch_size))
    fake = SimpleNamespace(
        config=config,
        dist=SimpleNamespace(world_size=1),
        expected_step_seconds=None,
        vocab_size=1000,
        precision="fp32",
        device=torch.device("cpu"),
        threads=SimpleNamespace(threads=torch.get_num_threads()),
        progress=SimpleNamespace(elapsed=0.0, step=0),
    )
    return Trainer._expect_steps(fake)


def test_the_cache_lives_under_the_tests_cache_folder(tmp_path):
    assert calibration_cache.cache_path().is_relative_to(tmp_path)


def test_second_start_reuses_the_calibration(measured):
    first = _start()
    second = _start()
    assert len(measured) == 1  # the second start read the kept seconds
    assert first == second == 1200  # 60 s / 0.05 s
    _start(batch_size=16)  # another batch shape is another key: measured
    assert len(measured) == 2
    kept = json.loads(calibration_cache.cache_path().read_text(encoding="utf-8"))
    assert len(kept) == 2 and {entry["seconds"] for entry in kept.values()} == {0.05}


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_cache_is_set_aside_and_measured_again(measured, damage):
    _start()
    path = calibration_cache.cache_path()
    DAMAGES[damage](path)
    assert calibration_cache.file_problem(path) is not None
    assert _start() == 1200
    assert len(measured) == 2
    assert path.is_file() and calibration_cache.file_problem(path) is None  # written afresh
    assert list(path.parent.glob("step_times.json.damaged-*"))  # the damaged one is kept aside
    assert _start() == 1200 and len(measured) == 2  # the re-measured value was kept


def test_a_damaged_entry_reads_as_absent(measured):
    _start()
    path = calibration_cache.cache_path()
    (key,) = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({key: {"seconds": "not a time"}, "other": {"seconds": -1}}), encoding="utf-8")
    assert calibration_cache.file_problem(path) is None
    assert _start() == 1200 and len(measured) == 2


def test_an_unwritable_cache_costs_a_measurement_not_the_run(measured, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder belongs")
    monkeypatch.setenv(calibration_cache.ENV_VAR, str(blocked))
    assert _start() == 1200 and _start() == 1200
    assert len(measured) == 2


def test_only_the_newest_entries_are_kept(monkeypatch):
    monkeypatch.setattr(calibration_cache, "MAX_ENTRIES", 3)
    for n in range(5):
        calibration_cache.remember(f"shape-{n}", 0.1 + n, "fp32")
    kept = json.loads(calibration_cache.cache_path().read_text(encoding="utf-8"))
    assert sorted(kept) == ["shape-2", "shape-3", "shape-4"]
    assert not [p for p in calibration_cache.cache_path().parent.iterdir() if p.name.endswith(".tmp")]
    assert os.environ[calibration_cache.ENV_VAR]
