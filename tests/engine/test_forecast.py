"""The learning-curve forecast recovers a known power law and its band holds the truth."""

from __future__ import annotations

import numpy as np
import pytest

from mlmstudio.engine.forecast import MIN_POINTS, expected_end_step, fit_power_law, forecast


def truth(t):
    return 1.8 + 6.0 * np.power(t, -0.45)


def test_the_fit_recovers_known_parameters_from_clean_points():
    t = np.arange(50, 1050, 50, dtype=float)
    fit = fit_power_law(t, truth(t))
    assert fit.l_inf == pytest.approx(1.8, abs=0.02)
    assert fit.a == pytest.approx(6.0, rel=0.05)
    assert fit.b == pytest.approx(0.45, rel=0.03)
    assert fit.rmse < 1e-3


def test_the_band_holds_the_true_final_loss_about_as_often_as_it_says():
    """From the first quarter of a run: an 80% band that holds the truth in 65-95% of noisy runs."""
    held, errors = 0, []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        t = np.arange(100, 2600, 100, dtype=float)  # the first quarter of a 10,000-step run
        noisy = truth(t) + rng.normal(0.0, 0.01, len(t))
        result = forecast(t, noisy, 10_000, seed=seed)
        assert result.low < result.predicted < result.high
        held += result.low <= truth(10_000.0) <= result.high
        errors.append(abs(result.predicted - truth(10_000.0)))
    assert 26 <= held <= 38
    assert np.median(errors) < 0.05  # 4x beyond the points, from the newest two thirds of them


def test_the_step_to_a_target_and_a_target_out_of_reach():
    t = np.arange(100, 1100, 100, dtype=float)
    reachable = forecast(t, truth(t), 5000, target=2.0)
    exact = (6.0 / (2.0 - 1.8)) ** (1 / 0.45)
    assert reachable.target_step == pytest.approx(exact, rel=0.05)
    assert reachable.target_chance > 0.9
    below_the_floor = forecast(t, truth(t), 5000, target=1.5)
    assert below_the_floor.target_step is None and below_the_floor.target_chance < 0.1


def test_too_few_points_or_junk_give_no_forecast():
    assert forecast([10, 20, 30], [3.0, 2.5, 2.3], 100) is None
    assert MIN_POINTS == 4
    junk = forecast([0, 10, 20, 30, 40], [float("nan"), 3.0, 2.5, 2.3, float("inf")], 100)
    assert junk is None  # two usable points are not enough


def test_a_flat_curve_forecasts_itself():
    result = forecast([100, 200, 300, 400, 500], [2.5] * 5, 1000)
    assert result.predicted == pytest.approx(2.5, abs=1e-6)


def test_a_time_budget_ends_the_run_sooner_at_its_pace():
    assert expected_end_step(10_000, 60.0, step=100, elapsed=10.0) == 600
    assert expected_end_step(500, 60.0, step=100, elapsed=10.0) == 500
    assert expected_end_step(500, 0.0, step=100, elapsed=10.0) == 500
