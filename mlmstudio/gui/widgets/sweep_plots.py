"""A sweep's trials drawn two ways (pyqtgraph): a scatter of one setting against validation loss, and
parallel coordinates over every setting, both coloured by validation loss.

Completed trials are filled circles, pruned ones crosses (at the loss they were
stopped with; their step is in the tooltip-like caption and the table), the
best run a large star, a trial still training a hollow circle at its latest
loss. Choices sit at evenly spaced positions named on the axis; a log-scale
range is drawn on a log axis. Items are rebuilt per update: a sweep has tens of
trials, not thousands of points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QStackedLayout, QVBoxLayout, QWidget

from mlmstudio.gui.engine_messages import setting_label
from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.theme import style_plot
from mlmstudio.sweep.space import SweepParam
from mlmstudio.sweep.study import COMPLETED, PRUNED, TrialRecord

COLORMAP = pg.colormap.get("viridis")
RUNNING_COLOR = QColor(150, 150, 150)
BEST_COLOR = QColor(230, 60, 60)
NO_TRIALS_TEXT = QT_TRANSLATE_NOOP(
    "SweepPlots",
    "Each trial of a sweep appears here as it ends: a scatter of one setting against the "
    "validation loss, and every setting at once below it.\n\nChoose what to vary and press Start.",
)


class SweepPlots(QWidget):
    """The scatter (setting chosen in a combo) above the parallel-coordinates plot."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.params: list[SweepParam] = []
        self.trials: list[TrialRecord] = []
        self.best: TrialRecord | None = None
        self.live: dict[int, float] = {}  # trial number -> latest validation loss while it trains
        self.setting_combo = QComboBox()
        self.setting_combo.setToolTip(
            translate("SweepPlots", "The setting on the scatter plot's horizontal axis.")
        )
        self.setting_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setting_combo.currentIndexChanged.connect(lambda _i: self.redraw())
        self.legend = QLabel(
            translate(
                "SweepPlots",
                "Colour: validation loss (yellow lowest) · ● completed · ✕ pruned · ★ best · ○ training",
            )
        )
        self.legend.setWordWrap(True)
        self.scatter = pg.PlotWidget()
        self.scatter.setLabel("left", translate("SweepPlots", "validation loss (nats)"))
        self.scatter.showGrid(x=True, y=True, alpha=0.2)
        self.scatter.setMenuEnabled(False)
        self.scatter.getAxis("bottom").enableAutoSIPrefix(False)  # a learning rate, not "x0.001"
        self.parallel = pg.PlotWidget()
        self.parallel.setMenuEnabled(False)
        self.parallel.hideAxis("left")
        self.parallel.setMouseEnabled(x=False, y=False)
        self.parallel.setTitle(translate("SweepPlots", "Every setting at once (each line a trial)"))
        self.parallel.getAxis("bottom").setHeight(40)  # two lines per axis: its name and its range
        top = QHBoxLayout()
        top.addWidget(QLabel(translate("SweepPlots", "Scatter:")))
        top.addWidget(self.setting_combo)
        top.addWidget(self.legend, 1)
        plots = QWidget()
        plots_layout = QVBoxLayout(plots)
        plots_layout.setContentsMargins(0, 0, 0, 0)
        plots_layout.addLayout(top)
        plots_layout.addWidget(self.scatter, 1)
        plots_layout.addWidget(self.parallel, 1)
        # Before the first trial: a sentence, not two empty 0-1 plots.
        self.placeholder = QLabel(translate("SweepPlots", NO_TRIALS_TEXT))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setMargin(24)
        self.placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._plots = plots
        self._stack = QStackedLayout(self)
        self._stack.addWidget(self.placeholder)
        self._stack.addWidget(plots)
        self.apply_palette(self.palette())

    def apply_palette(self, palette: QPalette) -> None:
        """Both plots, their axes and the parallel plot's title in ``palette``'s plot colours."""
        for plot in (self.scatter, self.parallel):
            style_plot(plot, palette)
        title = self.parallel.getPlotItem().titleLabel
        title.setText(title.text, color=palette.color(QPalette.ColorRole.Text).name())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    def set_params(self, params: Sequence[SweepParam]) -> None:
        self.params = list(params)
        self.setting_combo.blockSignals(True)
        self.setting_combo.clear()
        for p in self.params:
            self.setting_combo.addItem(setting_label(p.field), p.name)
        self.setting_combo.blockSignals(False)
        self.redraw()

    def set_trials(self, trials: Sequence[TrialRecord], best: TrialRecord | None) -> None:
        self.trials, self.best = list(trials), best
        for t in self.trials:
            if t.outcome != "running":
                self.live.pop(t.number, None)
        self.redraw()

    def set_live(self, number: int, val_loss: float | None) -> None:
        if val_loss is None:
            self.live.pop(number, None)
        else:
            self.live[number] = val_loss
        self.redraw()

    # what is drawn --------------------------------------------------------------------------
    def shown(self) -> list[TrialRecord]:
        """Trials with a loss to draw: completed and pruned ones."""
        return [t for t in self.trials if t.outcome in (COMPLETED, PRUNED) and _loss(t) is not None]

    def loss_range(self) -> tuple[float, float]:
        losses = [_loss(t) for t in self.shown()] + list(self.live.values())
        if not losses:
            return 0.0, 1.0
        low, high = min(losses), max(losses)
        return low, high if high > low else low + 1e-9

    def color_of(self, loss: float) -> QColor:
        low, high = self.loss_range()
        share = 1.0 - (loss - low) / (high - low)  # yellow (1) for the lowest loss
        return COLORMAP.map(min(max(share, 0.0), 1.0), mode="qcolor")

    def showing_plots(self) -> bool:
        return self._stack.currentWidget() is self._plots

    def redraw(self) -> None:
        has_trials = bool(self.shown() or self.live or self.trials)
        self._stack.setCurrentWidget(self._plots if has_trials else self.placeholder)
        self._draw_scatter()
        self._draw_parallel()

    def _draw_scatter(self) -> None:
        self.scatter.clear()
        index = self.setting_combo.currentIndex()
        if not (0 <= index < len(self.params)):
            return
        param = self.params[index]
        self.scatter.setLabel("bottom", setting_label(param.field))
        log_x = param.kind != "choice" and param.log
        axis = self.scatter.getAxis("bottom")
        # A log range is drawn at log10 of its values, with ticks at 1-2-5 steps (pyqtgraph's own
        # log axis labels every minor tick, which crowd into each other).
        axis.setTicks(
            [[(i, str(c)) for i, c in enumerate(param.choices)]]
            if param.kind == "choice"
            else [_log_ticks(param.low, param.high)]
            if log_x
            else None
        )
        spots = []
        for t in self.shown():
            x = _position(param, t.values.get(param.name))
            if x is None:
                continue
            loss = _loss(t)
            best = self.best is not None and t.number == self.best.number
            symbol = "star" if best else ("x" if t.outcome == PRUNED else "o")
            spots.append(
                {
                    "pos": (math.log10(x) if log_x else x, loss),
                    "size": 18 if best else 11,
                    "symbol": symbol,
                    "brush": pg.mkBrush(self.color_of(loss)),
                    "pen": pg.mkPen(BEST_COLOR, width=2) if best else pg.mkPen(self.color_of(loss)),
                    "data": t.number,
                }
            )
        for trial_number, loss in self.live.items():
            trial = next((t for t in self.trials if t.number == trial_number), None)
            x = _position(param, trial.values.get(param.name)) if trial else None
            if x is not None:
                spots.append(
                    {
                        "pos": (math.log10(x) if log_x else x, loss),
                        "size": 11,
                        "symbol": "o",
                        "brush": pg.mkBrush(None),
                        "pen": pg.mkPen(RUNNING_COLOR, width=2),
                        "data": number,
                    }
                )
        self.scatter_item = pg.ScatterPlotItem(spots=spots)
        self.scatter.addItem(self.scatter_item)

    def _draw_parallel(self) -> None:
        self.parallel.clear()
        if not self.params:
            return
        axes = len(self.params) + 1
        low, high = self.loss_range()
        ticks = []
        for i, p in enumerate(self.params):
            self.parallel.addItem(pg.InfiniteLine(pos=i, angle=90, pen=pg.mkPen(RUNNING_COLOR)))
            ticks.append((i, f"{setting_label(p.field)}\n{_ends(p)}"))
        self.parallel.addItem(pg.InfiniteLine(pos=axes - 1, angle=90, pen=pg.mkPen(RUNNING_COLOR)))
        ticks.append(
            (
                axes - 1,
                translate("SweepPlots", "validation loss\n{low:.3f} – {high:.3f}").format(low=low, high=high),
            )
        )
        self.parallel.getAxis("bottom").setTicks([ticks])
        self.lines = []
        for t in sorted(self.shown(), key=lambda r: -_loss(r)):  # the best drawn last, on top
            ys = [_normalised(p, t.values.get(p.name)) for p in self.params]
            if any(y is None for y in ys):
                continue
            loss = _loss(t)
            ys.append((loss - low) / (high - low) if high > low else 0.5)
            best = self.best is not None and t.number == self.best.number
            pen = pg.mkPen(BEST_COLOR if best else self.color_of(loss), width=3 if best else 1.5)
            if t.outcome == PRUNED:
                pen.setStyle(pg.QtCore.Qt.PenStyle.DashLine)
            line = pg.PlotDataItem(np.arange(axes, dtype=float), np.array(ys, dtype=float), pen=pen)
            self.parallel.addItem(line)
            self.lines.append((t.number, line))
        self.parallel.setXRange(-0.3, axes - 0.7, padding=0)
        self.parallel.setYRange(-0.05, 1.05, padding=0)


def _log_ticks(low: float, high: float) -> list[tuple[float, str]]:
    ticks = []
    for exponent in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1):
        for mantissa in (1, 2, 5):
            value = mantissa * 10.0**exponent
            if low / 1.5 <= value <= high * 1.5:
                ticks.append((math.log10(value), number(value, "g")))
    return ticks


def _loss(t: TrialRecord) -> float | None:
    if t.val_loss is not None:
        return t.val_loss
    return t.curve[-1][1] if t.curve else None


def _position(param: SweepParam, value) -> float | None:
    if value is None:
        return None
    if param.kind == "choice":
        return float(param.choices.index(value)) if value in param.choices else None
    return float(value)


def _normalised(param: SweepParam, value) -> float | None:
    """0..1 along the setting's range (log ranges on a log scale; choices evenly spaced)."""
    if value is None:
        return None
    if param.kind == "choice":
        if value not in param.choices:
            return None
        return param.choices.index(value) / max(1, len(param.choices) - 1)
    low, high, v = float(param.low), float(param.high), float(value)
    if param.log:
        low, high, v = math.log(low), math.log(high), math.log(max(v, 1e-300))
    return (v - low) / (high - low) if high > low else 0.5


def _ends(param: SweepParam) -> str:
    if param.kind == "choice":
        return " · ".join(str(c) for c in param.choices)
    return f"{param.low:g} – {param.high:g}"
