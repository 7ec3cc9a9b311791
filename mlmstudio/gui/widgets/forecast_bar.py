"""The Train page's forecast line: predicted final held-out loss with its band, and the ETA to a target.

The fit is ``engine/forecast.py`` (a saturating power law with a bootstrap
band). It runs in a background call after each evaluation, newest wins, so the
GUI thread only draws: the dashed forecast curve and the band at the run's end
on the validation plot (``LivePlots.set_forecast``) and one line of text here.
The run's end is read from its progress: a step-limited run ends at its last
step, a time-budgeted one where its pace so far takes it (step / progress).
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QWidget

from mlmstudio.engine.forecast import MIN_POINTS, Forecast, forecast
from mlmstudio.gui.background import TaskRunner
from mlmstudio.gui.widgets.live_plots import LivePlots

WAITING_TEXT = (
    f"Forecast: after {MIN_POINTS} checks on held-out text, the predicted final loss "
    "appears here and on the loss plot."
)
TOPIC = "forecast"


class ForecastBar(QWidget):
    """Fits the run's evaluations off the GUI thread and shows where the held-out loss is heading."""

    forecast_changed = Signal(object)  # the newest Forecast, or None

    def __init__(self, plots: LivePlots, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plots = plots
        self.forecast: Forecast | None = None
        self._pace: tuple[float, float] | None = None  # (step, seconds per step) at the last fit
        self._tasks = TaskRunner(self)
        self.label = QLabel(WAITING_TEXT)
        self.label.setWordWrap(True)
        self.label.setToolTip(
            "The held-out loss so far, fitted with L(step) = L∞ + a·step^(−b), a curve that flattens "
            "out as learning curves do. The band holds 80% of the refits to resampled noise. A learning "
            "rate that decays to 0 bends the real curve lower near the end, so early forecasts of such "
            "runs tend to be a little high."
        )
        self.target_spin = QDoubleSpinBox()
        self.target_spin.setRange(0.0, 100.0)
        self.target_spin.setDecimals(2)
        self.target_spin.setSingleStep(0.1)
        self.target_spin.setSpecialValueText("none")
        self.target_spin.setToolTip(
            "A held-out loss to reach: the forecast says when the run gets there (none: no target)."
        )
        self.target_spin.valueChanged.connect(self._on_target_changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(QLabel("Target loss"))
        layout.addWidget(self.target_spin)

    @property
    def target(self) -> float | None:
        value = self.target_spin.value()
        return value if value > 0 else None

    def set_target(self, value: float | None) -> None:
        self.target_spin.setValue(value or 0.0)

    def reset(self) -> None:
        """A new run: forget the last one's forecast."""
        self._tasks.forget(TOPIC)
        self.forecast, self._pace = None, None
        self.plots.set_forecast(None)
        self.label.setText(WAITING_TEXT)
        self.forecast_changed.emit(None)

    def end(self) -> None:
        """The run has ended: the forecast gives way to how close it came, and leaves the plot."""
        self._tasks.forget(TOPIC)
        predicted = self.forecast.predicted if self.forecast is not None else None
        evals = self.plots.evals
        actual = float(evals.column("val_loss")[-1]) if len(evals) else None
        self.forecast, self._pace = None, None
        self.plots.set_forecast(None)
        if actual is None:
            self.label.setText("The run has ended before its first check on held-out text.")
        elif predicted is None:
            self.label.setText(f"The run has ended at a held-out loss of <b>{actual:.3f}</b>.")
        else:
            self.label.setText(
                f"The run has ended at a held-out loss of <b>{actual:.3f}</b>; "
                f"the last forecast said {predicted:.3f} ({actual - predicted:+.3f})."
            )
        self.forecast_changed.emit(None)

    def update_from(self, step: int, progress: float, elapsed: float) -> None:
        """Refit after an evaluation; ``step``/``progress``/``elapsed`` are the run's latest step."""
        evals = self.plots.evals
        if len(evals) < MIN_POINTS or step <= 0 or progress <= 0:
            return
        steps = evals.column("step").copy()
        losses = evals.column("val_loss").copy()
        end_step = step / min(progress, 1.0)
        self._pace = (float(step), elapsed / step if elapsed > 0 else 0.0)
        target = self.target
        self._tasks.run(
            lambda: forecast(steps, losses, end_step, target=target),
            self._on_forecast,
            self._on_failed,
            topic=TOPIC,
            name="forecast",
        )

    def wait_idle(self, msecs: int = 10_000) -> bool:
        return self._tasks.wait_idle(msecs)

    def _on_target_changed(self, _value: float) -> None:
        if self._pace is not None and len(self.plots.evals) >= MIN_POINTS and self.forecast is not None:
            step, per_step = self._pace
            self.update_from(int(step), step / self.forecast.end_step, step * per_step)

    def _on_forecast(self, result: Forecast | None) -> None:
        self.forecast = result
        per_step = self._pace[1] if self._pace else 0.0
        self.plots.set_forecast(result, per_step)
        self.label.setText(self.describe() if result is not None else WAITING_TEXT)
        self.forecast_changed.emit(result)

    def _on_failed(self, exc: BaseException) -> None:
        self.label.setText(f"No forecast: {exc}")

    def describe(self) -> str:
        f = self.forecast
        if f is None:
            return WAITING_TEXT
        text = (
            f"Forecast: held-out loss <b>{f.predicted:.3f}</b> at the end (step {f.end_step:,.0f}), "
            f"80% band {f.low:.3f}–{f.high:.3f}"
        )
        if f.target is None or self._pace is None:
            return text + "."
        step, per_step = self._pace
        return f"{text}. {_eta_text(f, step, per_step)}"


def _eta_text(f: Forecast, step: float, per_step: float) -> str:
    target = f"Target {f.target:.2f}"
    latest = float(np.min(f.fit.predict(np.array([step])))) if step > 0 else math.inf
    if f.target_step is None:
        return (
            f"{target}: not reached on this trend (it levels off near {f.fit.l_inf:.2f}; "
            f"{f.target_chance:.0%} of the band's curves get there)."
        )
    if f.target_step <= step or latest <= f.target:
        return f"{target}: reached about now."
    seconds = (f.target_step - step) * per_step
    band = ""
    if f.target_step_low is not None and f.target_step_high is not None:
        low = max(0.0, (f.target_step_low - step) * per_step)
        high = (f.target_step_high - step) * per_step
        band = f" ({_clock(low)}–{_clock(high)})"
    elif f.target_step_low is not None:
        band = f" (at the earliest {_clock(max(0.0, (f.target_step_low - step) * per_step))})"
    where = "" if f.target_step <= f.end_step else ", after this run's end"
    return f"{target}: in about <b>{_clock(seconds)}</b>{band} at step {f.target_step:,.0f}{where}."


def _clock(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
