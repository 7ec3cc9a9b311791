"""A time-budgeted start reuses the step-time calibration kept from an earlier one (issue 18)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
import torch

from mlmstudio.config import RunConfig
from mlmstudio.engine import calibration
from mlmstudio.engine.calibration import StepTime
from mlmstudio.engine.trainer import Trainer

pytest.importorskip("PySide6")


@pytest.fixture
def settings_dir(tmp_path):
    from PySide6.QtCore import QSettings

    from mlmstudio.gui import settings

    settings.use_settings_dir(tmp_path)
    settings._checked.clear()
    yield tmp_path
    settings._checked.clear()
    QSettings().sync()


@pytest.fixture
def measured(monkeypatch):
    calls = []

    def fake(*args, **kwargs):
        calls.append(args)
        return StepTime(seconds=0.05, precision="fp32", threads=1)

    monkeypatch.setattr(calibration, "measure_step_time", fake)
    return calls


def _start(batch_size: int = 8):
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


def test_second_start_reuses_the_calibration(settings_dir, measured):
    first = _start()
    second = _start()
    assert len(measured) == 1  # the second start read the kept seconds
    assert first == second and first > 0
    _start(batch_size=16)  # another batch shape is another key: measured
    assert len(measured) == 2


def test_damaged_cache_is_measured_again(settings_dir, measured):
    _start()
    ini = next(settings_dir.rglob("*.ini"))
    text = ini.read_text(encoding="utf-8")
    assert "calibration" in text
    # A stray program wrote garbage over the kept value: it reads as absent and is measured again.
    lines = [
        line.split("=", 1)[0] + "=not a time" if "=" in line and "fp32" in line else line
        for line in text.splitlines()
    ]
    ini.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from mlmstudio.gui import settings

    settings._checked.clear()
    assert _start() > 0
    assert len(measured) == 2
    assert _start() > 0 and len(measured) == 2  # the re-measured value was kept


def test_damaged_file_is_set_aside_and_measured_again(settings_dir, measured):
    _start()
    ini = next(settings_dir.rglob("*.ini"))
    ini.write_bytes(b"\xff\xfe[calibration\x00garbage")
    from mlmstudio.gui import settings

    settings._checked.clear()
    assert _start() > 0
    assert len(measured) == 2
