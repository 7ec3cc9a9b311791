"""Where a run's validation loss is heading: a saturating power law fitted to its evaluations.

The model is ``L(t) = L_inf + a * t^(-b)`` with ``a > 0``, ``b > 0`` and
``L_inf >= 0``, where ``t`` is the optimizer step. Why this one:
- it is the shape learning curves of language models follow in practice
  (Kaplan et al. 2020, Hoffmann et al. 2022 fit loss against steps and data with
  exactly this form), and it saturates: the loss flattens towards ``L_inf``
  instead of falling for ever as a plain power law or a straight line would;
- it has three numbers, few enough to fit from the 4-10 evaluations a short run
  has by its middle, where an exponential tail or a four-parameter curve
  (``(t + t0)^-b``) wanders off with so few points;
- for a fixed ``b`` it is linear in ``L_inf`` and ``a``, so the fit is a
  one-dimensional search over ``b`` with a closed-form least-squares solution
  inside (variable projection): no optimiser to diverge, no scipy needed
  (numpy only), and a few hundred refits for the band take milliseconds.
Steps, not seconds: the evaluation points are recorded by step, and a run under
a time budget is converted to its expected last step from its pace so far.
Only the newest two thirds of the evaluations are fitted: the first ones fall
steeply from ln V while the model learns which tokens are frequent, a phase
the power law of the later curve does not describe, and they pulled the fit
towards an early floor (forecasts from half of a run: median error 0.31 nats
with every point, 0.04 without the first third; docs/PERFORMANCE.md).

The uncertainty band comes from a residual bootstrap (the fit refitted to the
fitted curve plus resampled residuals, 200 times): the 10th and 90th
percentiles of the predicted final loss. What it does not see: a learning
rate that decays to 0 at the end (the default linear schedule) bends the real
curve down in the last part, below the power law, so forecasts made early in a
decaying run tend to be pessimistic (docs/PERFORMANCE.md measures by how much).

Qt-free and torch-free; the Train page and the sweep's pruner both call it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

MIN_POINTS = 4  # fewer evaluations than this give no forecast
FIT_SHARE = 2 / 3  # the newest two thirds of the evaluations are fitted (at least MIN_POINTS)
BOOTSTRAP_SAMPLES = 200
BAND_LEVEL = 0.8  # the band holds the middle 80% of the bootstrap's predictions
_B_GRID = np.geomspace(0.02, 4.0, 160)


@dataclass(frozen=True)
class PowerLawFit:
    """``L(t) = l_inf + a * t^(-b)``, fitted to ``n_points`` points with residual ``rmse``."""

    l_inf: float
    a: float
    b: float
    rmse: float
    n_points: int

    def predict(self, t: float | np.ndarray) -> float | np.ndarray:
        return self.l_inf + self.a * np.power(np.maximum(t, 1e-9), -self.b)

    def step_to_reach(self, target: float) -> float | None:
        """The step where the curve reaches ``target``; None when it levels off above it."""
        if target <= self.l_inf or self.a <= 0 or self.b <= 0:
            return None
        return float((self.a / (target - self.l_inf)) ** (1.0 / self.b))


@dataclass(frozen=True)
class Forecast:
    """The predicted validation loss at ``end_step`` with its band, and maybe the step to a target."""

    fit: PowerLawFit
    end_step: float
    predicted: float
    low: float
    high: float
    target: float | None = None
    target_step: float | None = None  # None: the forecast levels off above the target
    target_step_low: float | None = None  # the band's early end
    target_step_high: float | None = None  # the band's late end (None: maybe never)
    target_chance: float = 0.0  # share of the bootstrap's curves that reach the target

    def curve(self, start: float, stop: float, n: int = 60) -> tuple[np.ndarray, np.ndarray]:
        """Points of the fitted curve between two steps, for a plot."""
        t = np.linspace(max(start, 1.0), max(stop, start + 1.0), n)
        return t, np.asarray(self.fit.predict(t), dtype=float)


def fit_power_law(steps: ArrayLike, losses: ArrayLike) -> PowerLawFit | None:
    """The least-squares saturating power law through the points; None with fewer than MIN_POINTS."""
    t, y = _clean(steps, losses)
    if len(t) < MIN_POINTS:
        return None
    params = _fit_batch(t, y[None, :])[0]
    l_inf, a, b = (float(v) for v in params)
    residuals = y - (l_inf + a * t**-b)
    return PowerLawFit(l_inf, a, b, float(np.sqrt(np.mean(residuals**2))), len(t))


def forecast(
    steps: Sequence[float],
    losses: Sequence[float],
    end_step: float,
    *,
    target: float | None = None,
    samples: int = BOOTSTRAP_SAMPLES,
    level: float = BAND_LEVEL,
    seed: int = 0,
) -> Forecast | None:
    """Predict the validation loss at ``end_step`` (and the step to ``target``) from the points so far."""
    t, y = _clean(steps, losses)
    keep = max(MIN_POINTS, math.ceil(len(t) * FIT_SHARE))
    t, y = t[-keep:], y[-keep:]
    fit = fit_power_law(t, y)
    if fit is None:
        return None
    fitted = fit.l_inf + fit.a * t**-fit.b
    residuals = y - fitted
    # Residuals are centred and inflated by n/(n-p) so the band is not narrower than the noise.
    n = len(t)
    residuals = (residuals - residuals.mean()) * math.sqrt(n / max(1, n - 3))
    rng = np.random.default_rng(seed)
    draws = fitted[None, :] + rng.choice(residuals, size=(samples, n), replace=True)
    boot = _fit_batch(t, draws)  # (samples, 3)
    at_end = boot[:, 0] + boot[:, 1] * float(end_step) ** -boot[:, 2]
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(at_end, [tail, 1.0 - tail])
    predicted = float(fit.predict(float(end_step)))
    result = Forecast(
        fit, float(end_step), predicted, float(min(low, predicted)), float(max(high, predicted))
    )
    if target is None:
        return result
    reach = _steps_to_reach(boot, target)
    reached = reach[np.isfinite(reach)]
    chance = len(reached) / samples
    step_low = step_high = None
    if len(reached):
        step_low = float(np.quantile(reach, tail)) if np.isfinite(np.quantile(reach, tail)) else None
        q_high = float(np.quantile(reach, 1.0 - tail))
        step_high = q_high if math.isfinite(q_high) else None
    return Forecast(
        fit,
        result.end_step,
        result.predicted,
        result.low,
        result.high,
        target,
        fit.step_to_reach(target),
        step_low,
        step_high,
        chance,
    )


def expected_end_step(total_steps: int, time_budget: float, step: int, elapsed: float) -> float:
    """The step a run will end at: its step limit, or sooner when its time budget runs out at this pace."""
    if time_budget > 0 and step > 0 and elapsed > 0:
        return float(min(total_steps, time_budget * step / elapsed))
    return float(total_steps)


# --- the fit -----------------------------------------------------------------------------------


def _clean(steps: ArrayLike, losses: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    t = np.asarray(steps, dtype=float)
    y = np.asarray(losses, dtype=float)
    keep = np.isfinite(t) & np.isfinite(y) & (t > 0)
    return t[keep], y[keep]


def _fit_batch(t: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Best (l_inf, a, b) for each row of ``ys`` against the same ``t``: (rows, 3).

    For every ``b`` on a log grid, ``l_inf`` and ``a`` are a straight-line
    fit of y against z = t^-b (closed form); ``a <= 0`` is a flat curve and
    ``l_inf < 0`` is refitted through the origin. The best ``b`` is then
    refined once on a finer grid around it.
    """
    best = _grid_fit(t, ys, np.broadcast_to(_B_GRID, (len(ys), len(_B_GRID))))
    ratio = _B_GRID[1] / _B_GRID[0]
    fine = best[:, 2:3] * np.geomspace(1 / ratio, ratio, 21)[None, :]
    return _grid_fit(t, ys, fine)


def _grid_fit(t: np.ndarray, ys: np.ndarray, b: np.ndarray) -> np.ndarray:
    z = t[None, None, :] ** -b[:, :, None]  # (rows, grid, n)
    y = ys[:, None, :]
    z_mean, y_mean = z.mean(axis=2), y.mean(axis=2)
    var = ((z - z_mean[..., None]) ** 2).sum(axis=2)
    cov = ((z - z_mean[..., None]) * (y - y_mean[..., None])).sum(axis=2)
    a = np.where(var > 0, cov / np.where(var > 0, var, 1.0), 0.0)
    a = np.maximum(a, 0.0)
    c = y_mean - a * z_mean
    # A negative floor is no loss: fit through the origin instead (c = 0, a = <z,y>/<z,z>).
    through_origin = np.maximum((z * y).sum(axis=2) / np.maximum((z * z).sum(axis=2), 1e-300), 0.0)
    negative = c < 0
    a = np.where(negative, through_origin, a)
    c = np.where(negative, 0.0, c)
    sse = ((y - (c[..., None] + a[..., None] * z)) ** 2).sum(axis=2)
    pick = np.argmin(sse, axis=1)
    rows = np.arange(len(ys))
    return np.stack([c[rows, pick], a[rows, pick], b[rows, pick]], axis=1)


def _steps_to_reach(params: np.ndarray, target: float) -> np.ndarray:
    l_inf, a, b = params[:, 0], params[:, 1], params[:, 2]
    gap = target - l_inf
    ok = (gap > 0) & (a > 0) & (b > 0)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        steps = np.where(ok, (a / np.where(ok, gap, 1.0)) ** (1.0 / np.where(ok, b, 1.0)), np.inf)
    return steps
