"""The measured step time behind "about N per 1,000 steps on this computer"."""

import math

import pytest

from mlmstudio.config import RunConfig
from mlmstudio.engine.calibration import calibration_key, measure_step_time


@pytest.mark.slow
def test_real_calibration_of_tiny_gives_a_positive_finite_time():
    model = RunConfig().with_preset("tiny").model
    result = measure_step_time(model, vocab_size=200, batch_size=2, seq_len=16, steps=2)
    assert math.isfinite(result.seconds) and result.seconds > 0
    assert result.precision in ("fp32", "bf16") and result.threads >= 1
    assert result.per_steps(1000) == 1000 * result.seconds


def test_the_cache_key_changes_with_what_the_time_depends_on():
    tiny, small = (RunConfig().with_preset(p).model for p in ("tiny", "small"))
    key = calibration_key(tiny, 4000, 16, 128, 0.3, "auto")
    assert key == calibration_key(tiny, 3000, 16, 128, 0.3, "auto")  # same vocabulary bucket
    assert key != calibration_key(small, 4000, 16, 128, 0.3, "auto")
    assert key != calibration_key(tiny, 4000, 32, 128, 0.3, "auto")
    assert key != calibration_key(tiny, 4000, 16, 64, 0.3, "auto")
    assert "torch" in key and "cpu" in key


def test_a_slow_step_is_timed_once_and_a_fast_one_three_times(monkeypatch):

    from mlmstudio.engine import calibration

    clock = {"now": 0.0, "calls": 0}
    per_call = {"seconds": 0.0}

    def fake_perf_counter():
        # Each start/stop pair of the timed loop sees one step of per_call seconds.
        clock["calls"] += 1
        if clock["calls"] % 2 == 0:
            clock["now"] += per_call["seconds"]
        return clock["now"]

    monkeypatch.setattr(calibration.time, "perf_counter", fake_perf_counter)
    model = RunConfig().with_preset("tiny").model
    for seconds, timed in ((calibration.SLOW_STEP_SECONDS * 2, 1), (0.001, calibration.TIMED_STEPS)):
        per_call["seconds"], clock["calls"] = seconds, 0
        result = measure_step_time(model, vocab_size=64, batch_size=1, seq_len=8)
        assert clock["calls"] == 2 * timed
        assert result.seconds == pytest.approx(seconds)
