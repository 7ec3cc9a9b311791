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
from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QWidget

from mlmstudio.engine.forecast import MIN_POINTS, Forecast, forecast
from mlmstudio.gui.background import TaskRunner
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.widgets.live_plots import LivePlots

# Shown with waiting_text(), which translates it and fills in the number of checks.
_WAITING_SOURCE = QT_TRANSLATE_NOOP(
    "ForecastBar",
    "Forecast: after {checks} checks on held-out text, the predicted final loss appears here and on the loss plot.",
)
TOPIC = "forecast"


WAITING_TEXT = _WAITING_SOURCE.format(checks=MIN_POINTS)  # the English text


def waiting_text() -> str:
    return translate("ForecastBar", _WAITING_SOURCE).format(checks=MIN_POINTS)


class ForecastBar(QWidget):
    """Fits the run's evaluations off the GUI thread and shows where the held-out loss is heading."""

    forecast_changed = Signal(object)  # the newest Forecast, or None

    def __init__(self, plots: LivePlots, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plots = plots
        self.forecast: Forecast | None = None
        self._pace: tuple[float, float] | None = None  # (step, seconds per step) at the last fit
        self._tasks = TaskRunner(self)
        self.label = QLabel(waiting_text())
        self.label.setWordWrap(True)
        self.label.setToolTip(
            translate(
                "ForecastBar",
                "The held-out loss so far, fitted with L(step) = L∞ + a·step^(−b), a curve that flattens "
                "out as learning curves do. The band holds 80% of the refits to resampled noise. A learning "
                "rate that decays to 0 bends the real curve lower near the end, so early forecasts of such "
                "runs tend to be a little high.",
            )
        )
        self.target_spin = QDoubleSpinBox()
        self.target_spin.setRange(0.0, 100.0)
        self.target_spin.setDecimals(2)
        self.target_spin.setSingleStep(0.1)
        self.target_spin.setSpecialValueText(translate("ForecastBar", "none"))
        self.target_spin.setToolTip(
            translate(
                "ForecastBar",
                "A held-out loss to reach: the forecast says when the run gets there (none: no target).",
            )
        )
        self.target_spin.valueChanged.connect(self._on_target_changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(QLabel(translate("ForecastBar", "Target loss")))
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
        self.label.setText(waiting_text())
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
            self.label.setText(
                translate("ForecastBar", "The run has ended before its first check on held-out text.")
            )
        elif predicted is None:
            self.label.setText(
                translate(
                    "ForecastBar", "The run has ended at a held-out loss of <b>{actual:.3f}</b>."
                ).format(actual=actual)
            )
        else:
            self.label.setText(
                translate(
                    "ForecastBar",
                    "The run has ended at a held-out loss of <b>{actual:.3f}</b>; "
                    "the last forecast said {predicted:.3f} ({difference:+.3f}).",
                ).format(actual=actual, predicted=predicted, difference=actual - predicted)
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
        self.label.setText(self.describe() if result is not None else waiting_text())
        self.forecast_changed.emit(result)

    def _on_failed(self, exc: BaseException) -> None:
        self.label.setText(
            translate("ForecastBar", "No forecast: {reason}").format(reason=translated(str(exc)))
        )

    def describe(self) -> str:
        f = self.forecast
        if f is None:
            return waiting_text()
        text = translate(
            "ForecastBar",
            "Forecast: held-out loss <b>{predicted:.3f}</b> at the end (step {end:,.0f}), 80% band {low:.3f}–{high:.3f}.",
        ).format(predicted=f.predicted, end=f.end_step, low=f.low, high=f.high)
        if f.target is None or self._pace is None:
            return text
        step, per_step = self._pace
        return f"{text} {_eta_text(f, step, per_step)}"


def _eta_text(f: Forecast, step: float, per_step: float) -> str:
    """When the run reaches its target loss: one whole sentence for each case."""
    latest = float(np.min(f.fit.predict(np.array([step])))) if step > 0 else math.inf
    if f.target_step is None:
        return translate(
            "ForecastBar",
            "Target {target:.2f}: not reached on this trend (it levels off near {floor:.2f}; "
            "{chance:.0%} of the band's curves get there).",
        ).format(target=f.target, floor=f.fit.l_inf, chance=f.target_chance)
    if f.target_step <= step or latest <= f.target:
        return translate("ForecastBar", "Target {target:.2f}: reached about now.").format(target=f.target)
    after_end = f.target_step > f.end_step
    fields = {
        "target": f.target,
        "eta": _clock((f.target_step - step) * per_step),
        "step": f.target_step,
        "earliest": "",
        "latest": "",
    }
    if f.target_step_low is not None and f.target_step_high is not None:
        fields["earliest"] = _clock(max(0.0, (f.target_step_low - step) * per_step))
        fields["latest"] = _clock((f.target_step_high - step) * per_step)
        text = (
            translate(
                "ForecastBar",
                "Target {target:.2f}: in about <b>{eta}</b> ({earliest}–{latest}) at step {step:,.0f}, "
                "after this run's end.",
            )
            if after_end
            else translate(
                "ForecastBar",
                "Target {target:.2f}: in about <b>{eta}</b> ({earliest}–{latest}) at step {step:,.0f}.",
            )
        )
    elif f.target_step_low is not None:
        fields["earliest"] = _clock(max(0.0, (f.target_step_low - step) * per_step))
        text = (
            translate(
                "ForecastBar",
                "Target {target:.2f}: in about <b>{eta}</b> (at the earliest {earliest}) at step {step:,.0f}, "
                "after this run's end.",
            )
            if after_end
            else translate(
                "ForecastBar",
                "Target {target:.2f}: in about <b>{eta}</b> (at the earliest {earliest}) at step {step:,.0f}.",
            )
        )
    else:
        text = (
            translate(
                "ForecastBar",
                "Target {target:.2f}: in about <b>{eta}</b> at step {step:,.0f}, after this run's end.",
            )
            if after_end
            else translate("ForecastBar", "Target {target:.2f}: in about <b>{eta}</b> at step {step:,.0f}.")
        )
    return text.format(**fields)


def _clock(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
