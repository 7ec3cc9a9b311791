"""Live training curves with pyqtgraph.

Follows pyqtgraph's scrolling-plot pattern so a 200k-step run stays smooth:
each curve is created once; new points are appended to numpy buffers that grow
by doubling; a QTimer pushes the buffers to the curves with ``setData`` at a
fixed rate (never once per point); curves downsample by peak and clip to the
view. Everything here runs in the GUI thread.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QSlider,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.metric_names import (
    GENERAL_LOSS,
    TRAIN_LOSS,
    TRAIN_LOSS_SMOOTHED,
    TRAIN_LR,
    TRAIN_TOKENS_PER_SECOND,
    VAL_ACCURACY,
    VAL_LOSS,
)
from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.perplexity import loss_axis_tip
from mlmstudio.gui.progress_rows import EVAL_COLUMNS, STEP_COLUMNS
from mlmstudio.gui.widgets.coarse_range import grow_upper, span_range

SETTLED_MARGIN = 0.02  # a finished run's x axis ends this share after its last point
END_MARGIN = 0.03  # while a run trains, its x axis ends this share after the run's expected end
END_SLACK = 0.05  # ... and moves only when that end moves by more than this share
Y_MARGIN = 0.05  # a curve never runs along the top frame of its plot, where it would be hidden
NO_DATA_TEXT = QT_TRANSLATE_NOOP(
    "LivePlots",
    "The curves appear here while a run trains: the loss falling below the dashed "
    "random-guess line, the accuracy rising, the learning rate and the speed.\n\n"
    "Press Start, or try a built-in sample from Help → Welcome.",
)
REFRESH_MS = 250  # 4 redraws a second: smooth enough for training curves, and cheap (PERFORMANCE.md)

# Colours that read on light and dark backgrounds alike.
TRAIN_COLOR = QColor(31, 119, 180)
VAL_COLOR = QColor(230, 120, 20)
GENERAL_COLOR = QColor(204, 121, 167)  # Okabe-Ito reddish purple: apart from the validation orange
ACCURACY_COLOR = QColor(44, 160, 44)
LR_COLOR = QColor(148, 103, 189)
SPEED_COLOR = QColor(23, 160, 170)
BASELINE_COLOR = QColor(150, 150, 150)


class GrowingBuffer:
    """Rows of floats in a numpy array whose capacity doubles when full."""

    def __init__(self, columns: Sequence[str], capacity: int = 1024) -> None:
        self.columns = tuple(columns)
        self._index = {name: i for i, name in enumerate(self.columns)}
        self._data = np.empty((capacity, len(self.columns)), dtype=np.float64)
        self._size = 0

    def __len__(self) -> int:
        return self._size

    @property
    def capacity(self) -> int:
        return self._data.shape[0]

    def append(self, rows: np.ndarray) -> None:
        rows = np.asarray(rows, dtype=np.float64).reshape(-1, len(self.columns))
        needed = self._size + len(rows)
        if needed > self.capacity:
            capacity = self.capacity
            while capacity < needed:
                capacity *= 2
            grown = np.empty((capacity, len(self.columns)), dtype=np.float64)
            grown[: self._size] = self._data[: self._size]
            self._data = grown
        self._data[self._size : needed] = rows
        self._size = needed

    def keep(self, count: int) -> None:
        """Drop every row after the first ``count``."""
        self._size = max(0, min(count, self._size))

    def column(self, name: str) -> np.ndarray:
        """A view (no copy) of one column's filled part."""
        return self._data[: self._size, self._index[name]]

    def clear(self) -> None:
        self._size = 0


class EmaSmoother:
    """Exponential moving average debiased like TensorBoard's smoothing slider.

    The running average starts at 0 and is divided by 1 - weight**n, so the
    first points are not dragged towards 0. Non-finite values pass through.
    """

    def __init__(self, weight: float = 0.6) -> None:
        self.weight = weight
        self._last = 0.0
        self._count = 0
        self.values = GrowingBuffer(("smoothed",))

    def reset(self, weight: float | None = None) -> None:
        if weight is not None:
            self.weight = weight
        self._last, self._count = 0.0, 0
        self.values.clear()

    def extend(self, raw: np.ndarray) -> None:
        w = self.weight
        out = np.empty(len(raw), dtype=np.float64)
        last, count = self._last, self._count
        for i, x in enumerate(raw.tolist()):
            if not math.isfinite(x):
                out[i] = x
                continue
            last = last * w + (1.0 - w) * x
            count += 1
            debias = 1.0 - w**count if w < 1.0 else 1.0
            out[i] = last / debias if debias > 0 else x
        self._last, self._count = last, count
        self.values.append(out)

    def smoothed(self) -> np.ndarray:
        return self.values.column("smoothed")


def curve_pen(color: QColor, width: float = 1.5, alpha: int = 255, style=Qt.PenStyle.SolidLine):
    c = QColor(color)
    c.setAlpha(alpha)
    return pg.mkPen(c, width=width, style=style)


def loss_key_html(with_general: bool = False) -> str:
    """The loss plot's key in the curves' own colours (``with_general``: a run with a general text)."""

    def entry(colour: QColor, mark: str, text: str) -> str:
        return f'<span style="color:{colour.name()}">{mark}</span>&nbsp;{text}'

    return "&nbsp;&nbsp;&nbsp;".join(
        [
            "<b>{}</b>".format(translate("LivePlots", "Loss:")),
            entry(TRAIN_COLOR.lighter(150), "━", translate("LivePlots", "training")),
            entry(TRAIN_COLOR, "━", translate("LivePlots", "smoothed")),
            entry(VAL_COLOR, "━●", translate("LivePlots", "validation (held out)")),
            *(
                [entry(GENERAL_COLOR, "┅◆", translate("LivePlots", "general text (forgetting)"))]
                if with_general
                else []
            ),
            entry(BASELINE_COLOR, "╍╍", translate("LivePlots", "random guess, ln V")),
        ]
    )


class LivePlots(QWidget):
    """Loss (raw + smoothed, validation, ln V baseline), accuracy, learning rate and speed."""

    options_changed = Signal(float, str, bool)  # smoothing, x axis ("step"/"time"), log y

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps = GrowingBuffer(STEP_COLUMNS)
        self.evals = GrowingBuffer(EVAL_COLUMNS)
        self.ema = EmaSmoother(0.6)
        self.baseline: float | None = None
        self._x_axis = "step"
        self._dirty = False
        # Axis ranges set by _follow_data, and whether to keep following (off once the user zooms).
        self._ranges: dict[tuple[int, int], tuple[float, float]] = {}
        self._following = True
        self._settled = False  # the run has ended: no room kept for growth (settle)
        self.forecast = None  # engine.forecast.Forecast drawn on the loss plot, or None
        self._seconds_per_step = 0.0  # to place the forecast on the time axis
        self._run_end: tuple[float, float] | None = None  # where the run ends: (step, seconds)

        self._build_controls()
        self._build_plots()
        self.apply_palette(self.palette())

        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_refresh_timer)
        self._timer.start()

    # Building -------------------------------------------------------------
    def _build_controls(self) -> None:
        self.smoothing_slider = QSlider(Qt.Orientation.Horizontal)
        self.smoothing_slider.setRange(0, 99)
        self.smoothing_slider.setValue(60)
        self.smoothing_slider.setToolTip(
            translate(
                "LivePlots",
                "Smoothing of the training loss: an exponential moving average, debiased like "
                "TensorBoard's. 0 shows the raw values; 0.6 to 0.9 shows the trend.",
            )
        )
        self.smoothing_slider.valueChanged.connect(self._on_smoothing_changed)
        self.smoothing_label = QLabel()
        self.smoothing_label.setMinimumWidth(32)

        self.x_axis_combo = QComboBox()
        self.x_axis_combo.addItem(translate("LivePlots", "Step"), "step")
        self.x_axis_combo.addItem(translate("LivePlots", "Elapsed time"), "time")
        self.x_axis_combo.setToolTip(
            translate("LivePlots", "Plot against optimizer steps or seconds of training.")
        )
        self.x_axis_combo.currentIndexChanged.connect(self._on_x_axis_changed)

        self.log_y_check = QCheckBox(translate("LivePlots", "Log scale"))
        self.log_y_check.setToolTip(translate("LivePlots", "Show the loss on a logarithmic scale."))
        self.log_y_check.toggled.connect(self._on_log_y_toggled)

        self.cursor_label = QLabel(" ")
        self.cursor_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cursor_label.setWordWrap(True)

        controls = QHBoxLayout()
        controls.addWidget(QLabel(translate("LivePlots", "Smoothing")))
        controls.addWidget(self.smoothing_slider, 1)
        controls.addWidget(self.smoothing_label)
        controls.addSpacing(16)
        controls.addWidget(QLabel(translate("LivePlots", "X axis")))
        controls.addWidget(self.x_axis_combo)
        controls.addSpacing(16)
        controls.addWidget(self.log_y_check)
        self._controls = controls
        self._update_smoothing_label()

    def _build_plots(self) -> None:
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setAccessibleName(
            translate("LivePlots", "Training curves: loss, accuracy, learning rate and speed")
        )
        self.graphics.setMinimumHeight(320)
        self.loss_plot = self._add_plot(
            0, 0, translate("LivePlots", "Loss (masked tokens)"), translate("LivePlots", "loss (nats)")
        )
        self.accuracy_plot = self._add_plot(
            0, 1, translate("LivePlots", "Masked-token accuracy (held out)"), ""
        )
        self.lr_plot = self._add_plot(1, 0, translate("LivePlots", "Learning rate"), "")
        self.speed_plot = self._add_plot(1, 1, translate("LivePlots", "Tokens per second"), "")
        self.plots = (self.loss_plot, self.accuracy_plot, self.lr_plot, self.speed_plot)
        for plot in self.plots[1:]:
            plot.setXLink(self.loss_plot)
        self.accuracy_plot.setYRange(0.0, 1.0, padding=0.02)

        # The loss curves' key is a line of text above the plots: inside the plot it covered the
        # dashed ln V line or the curves, whatever the range.
        self.loss_key = QLabel(loss_key_html())
        self._general_in_key = False
        self.loss_key.setToolTip(translate("LivePlots", "The curves of the loss plot (top left)."))
        # Keyed by the metric names the store uses; the smoothed loss is a view with its own name.
        self.curves = {
            TRAIN_LOSS: self.loss_plot.plot(pen=curve_pen(TRAIN_COLOR, 1.0, alpha=70), name="training"),
            TRAIN_LOSS_SMOOTHED: self.loss_plot.plot(pen=curve_pen(TRAIN_COLOR, 2.0), name="smoothed"),
            VAL_LOSS: self.loss_plot.plot(
                pen=curve_pen(VAL_COLOR, 2.0),
                symbol="o",
                symbolSize=6,
                symbolBrush=VAL_COLOR,
                symbolPen=None,
                name="validation",
            ),
            # A continued run's second, general text (engine/general_text.py): forgetting shows here.
            GENERAL_LOSS: self.loss_plot.plot(
                pen=curve_pen(GENERAL_COLOR, 2.0, style=Qt.PenStyle.DashLine),
                symbol="d",
                symbolSize=7,
                symbolBrush=GENERAL_COLOR,
                symbolPen=None,
                name="general text",
            ),
            VAL_ACCURACY: self.accuracy_plot.plot(
                pen=curve_pen(ACCURACY_COLOR, 2.0),
                symbol="o",
                symbolSize=6,
                symbolBrush=ACCURACY_COLOR,
                symbolPen=None,
            ),
            TRAIN_LR: self.lr_plot.plot(pen=curve_pen(LR_COLOR, 2.0)),
            TRAIN_TOKENS_PER_SECOND: self.speed_plot.plot(pen=curve_pen(SPEED_COLOR, 1.5)),
        }
        # The forecast of the validation loss (widgets/forecast_bar.py): a dashed curve to the run's
        # end and the band there as an error bar; not in the legend, the page's forecast line says it.
        self.forecast_curve = self.loss_plot.plot(
            pen=curve_pen(VAL_COLOR, 1.5, alpha=200, style=Qt.PenStyle.DashLine)
        )
        self.forecast_band = pg.ErrorBarItem(
            x=np.zeros(1),
            y=np.zeros(1),
            top=np.zeros(1),
            bottom=np.zeros(1),
            beam=0.0,
            pen=curve_pen(VAL_COLOR, 2.0),
        )
        self.forecast_band.setVisible(False)
        self.loss_plot.addItem(self.forecast_band)
        self.baseline_line = pg.InfiniteLine(
            angle=0,
            movable=False,
            pen=curve_pen(BASELINE_COLOR, 1.5, style=Qt.PenStyle.DashLine),
            label="",
            labelOpts={"position": 0.02, "color": BASELINE_COLOR, "anchors": [(0, 0), (0, 0)]},
        )
        self.baseline_line.setVisible(False)
        self.loss_plot.addItem(self.baseline_line, ignoreBounds=False)
        self._update_loss_tips()

        self.cursor_lines = []
        for plot in self.plots:
            line = pg.InfiniteLine(angle=90, movable=False, pen=curve_pen(BASELINE_COLOR, 1.0, alpha=120))
            line.setVisible(False)
            plot.addItem(line, ignoreBounds=True)
            self.cursor_lines.append(line)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)

        # Before the first point: a sentence instead of four empty 0-1 plots.
        self.placeholder = QLabel(translate("LivePlots", NO_DATA_TEXT))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.placeholder.setMargin(24)
        self._plots_with_key = with_key = QWidget()
        key_layout = QVBoxLayout(with_key)
        key_layout.setContentsMargins(0, 0, 0, 0)
        key_layout.setSpacing(2)
        key_layout.addWidget(self.loss_key)
        key_layout.addWidget(self.graphics, 1)
        self._plot_stack = QStackedLayout()
        self._plot_stack.addWidget(self.placeholder)
        self._plot_stack.addWidget(with_key)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)  # the plots' own rows sit close: their height goes to the curves
        layout.addLayout(self._controls)
        layout.addLayout(self._plot_stack, 1)
        layout.addWidget(self.cursor_label)
        self._update_axis_labels()

    def _add_plot(self, row: int, col: int, title: str, y_label: str) -> pg.PlotItem:
        plot = self.graphics.addPlot(row=row, col=col, title=title)
        plot.showGrid(x=True, y=True, alpha=0.2)
        # Long runs: draw at most a few points per pixel, and only what is in view.
        plot.setDownsampling(auto=True, mode="peak")
        plot.setClipToView(True)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        # Tick labels are the costly part of a redraw: cache them while the range holds.
        for name in ("left", "bottom"):
            plot.getAxis(name).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        if y_label:
            plot.setLabel("left", y_label)  # a plain label: no SI prefixes ("mnats") on a loss
        return plot

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        # A wrapped label inside would make the page's layout size the plots by a height for the
        # width, below their minimum, and cut off the lower row's axis: the plots have none.
        return False

    # Theme ----------------------------------------------------------------
    def apply_palette(self, palette: QPalette) -> None:
        """Match the plots to the window's (system) light or dark palette."""
        background = palette.color(QPalette.ColorRole.Base)
        foreground = palette.color(QPalette.ColorRole.Text)
        self.graphics.setBackground(background)
        for plot in self.plots:
            for name in ("left", "bottom"):
                axis = plot.getAxis(name)
                axis.setPen(pg.mkPen(foreground))
                axis.setTextPen(pg.mkPen(foreground))
            plot.setTitle(plot.titleLabel.text, color=foreground.name())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    # Data -----------------------------------------------------------------
    def clear(self) -> None:
        self.steps.clear()
        self.evals.clear()
        self.ema.reset()
        self.forecast = None
        self._run_end = None
        self.set_baseline(None)
        self.cursor_label.setText(" ")
        self._dirty = True
        self._settled = False
        self.follow_data()
        self.refresh()

    def set_forecast(self, forecast, seconds_per_step: float = 0.0) -> None:
        """Draw a forecast of the validation loss (``engine.forecast.Forecast``; None hides it)."""
        self.forecast = forecast
        self._seconds_per_step = seconds_per_step
        self._dirty = True

    def _draw_forecast(self) -> None:
        f = self.forecast
        xe = self.evals.column("step")
        if f is None or not len(xe) or self.log_y_check.isChecked():
            self.forecast_curve.setData([], [])
            self.forecast_band.setVisible(False)
            return
        steps, losses = f.curve(float(xe[-1]), f.end_step)
        scale = 1.0 if self._x_axis == "step" else self._seconds_per_step
        end = f.end_step * scale
        self.forecast_curve.setData(steps * scale, losses)
        self.forecast_band.setData(
            x=np.array([end]),
            y=np.array([f.predicted]),
            top=np.array([f.high - f.predicted]),
            bottom=np.array([f.predicted - f.low]),
            beam=max(end * 0.01, 1e-9),
        )
        self.forecast_band.setVisible(True)

    def set_run_end(self, step: float | None, seconds: float | None = None) -> None:
        """Where the run is expected to end, in steps and in seconds of training (None: not known).

        While the run trains, the x axis ends just after it (a step-limited run's last step, a
        time budget's end), not at a coarse bound with headroom: that drew the curves in the
        first half of the plot and left the second half empty.
        """
        if step is None or not math.isfinite(step) or step <= 0:
            self._run_end = None
        else:
            self._run_end = (float(step), float(seconds) if seconds and math.isfinite(seconds) else 0.0)
        self._dirty = True

    def _expected_end(self) -> float:
        """The run's expected end on the x axis shown (0 when not known)."""
        if self._run_end is None:
            return 0.0
        return self._run_end[0] if self._x_axis == "step" else self._run_end[1]

    def _forecast_end(self) -> float:
        if self.forecast is None or self._settled:
            return 0.0
        return self.forecast.end_step * (1.0 if self._x_axis == "step" else self._seconds_per_step)

    def set_baseline(self, value: float | None) -> None:
        """Draw the random-guess loss ln(V) (None hides it)."""
        self.baseline = value
        self._update_loss_tips()
        if value is None or not math.isfinite(value):
            self.baseline_line.setVisible(False)
            return
        self.baseline_line.setVisible(True)  # the label only re-renders while visible
        self._place_baseline()
        # setFormat fills in {value}; the number is put in here, so braces never reach it.
        text = translate("LivePlots", "random guess  ln V = {value:.2f}").format(value=value)
        self.baseline_line.label.setFormat(text.replace("{", "{{").replace("}", "}}"))

    def _update_loss_tips(self) -> None:
        """Hovering the loss axis (or the dashed line) explains nats and ln V."""
        tip = loss_axis_tip(self.baseline)
        self.loss_plot.getAxis("left").setToolTip(tip)
        self.loss_plot.titleLabel.setToolTip(tip)
        self.baseline_line.setToolTip(tip)

    def loss_axis_tooltip(self) -> str:
        return self.loss_plot.getAxis("left").toolTip()

    def append_steps(self, rows: np.ndarray) -> None:
        """``StepRow``s (or an array with their columns: step, elapsed, loss, lr, tokens_per_second)."""
        rows = np.asarray(rows, dtype=np.float64).reshape(-1, len(STEP_COLUMNS))
        if not len(rows):
            return
        self.steps.append(rows)
        self.ema.extend(rows[:, STEP_COLUMNS.index("loss")])
        self._dirty = True
        self._settled = False  # training (again): the x axis keeps room to grow

    def append_evals(self, rows: np.ndarray) -> None:
        """``EvalRow``s (or an array with their columns: step, elapsed, val_loss, val_accuracy, perplexity,
        and optionally general_loss)."""
        rows = np.atleast_2d(np.asarray(rows, dtype=np.float64))
        if rows.size and rows.shape[1] < len(EVAL_COLUMNS):  # no general-text column: none was tested
            rows = np.hstack([rows, np.full((len(rows), len(EVAL_COLUMNS) - rows.shape[1]), np.nan)])
        rows = rows.reshape(-1, len(EVAL_COLUMNS))
        if len(rows):
            self.evals.append(rows)
            self._dirty = True

    def keep_before(self, step: float) -> None:
        """Forget points at ``step`` and later (a resumed run continues from its checkpoint)."""
        self.steps.keep(int(np.searchsorted(self.steps.column("step"), step)))
        self.evals.keep(int(np.searchsorted(self.evals.column("step"), step)))
        self.ema.reset()
        self.ema.extend(self.steps.column("loss"))
        self._dirty = True

    def curve_points(self, name: str) -> int:
        """How many points a curve currently draws (for tests and the status bar)."""
        x, _ = self.curves[name].getOriginalDataset()
        return 0 if x is None else len(x)

    # Options --------------------------------------------------------------
    @property
    def smoothing(self) -> float:
        return self.smoothing_slider.value() / 100.0

    @property
    def x_axis(self) -> str:
        return self._x_axis

    def set_options(self, smoothing: float, x_axis: str, log_y: bool) -> None:
        self.smoothing_slider.setValue(int(round(min(max(smoothing, 0.0), 0.99) * 100)))
        index = self.x_axis_combo.findData(x_axis)
        self.x_axis_combo.setCurrentIndex(max(index, 0))
        self.log_y_check.setChecked(bool(log_y))

    def _emit_options(self) -> None:
        self.options_changed.emit(self.smoothing, self._x_axis, self.log_y_check.isChecked())

    def _on_smoothing_changed(self, _value: int) -> None:
        self._update_smoothing_label()
        self.ema.reset(self.smoothing)
        self.ema.extend(self.steps.column("loss"))
        self._dirty = True
        self._emit_options()

    def _update_smoothing_label(self) -> None:
        self.smoothing_label.setText(number(self.smoothing, ".2f"))

    def _on_x_axis_changed(self, _index: int) -> None:
        self._x_axis = self.x_axis_combo.currentData() or "step"
        self._update_axis_labels()
        self._dirty = True
        self.follow_data()
        self._redraw()
        self._emit_options()

    def _on_log_y_toggled(self, on: bool) -> None:
        self.loss_plot.setLogMode(y=on)
        self._place_baseline()
        self.follow_data()
        self._redraw()
        self._emit_options()

    def _update_axis_labels(self) -> None:
        if self._x_axis == "step":
            label = (translate("LivePlots", "step"), "")
        else:
            label = (translate("LivePlots", "elapsed"), "s")
        for plot in self.plots:
            plot.setLabel("bottom", label[0], units=label[1] or None)
        # The four plots share the x axis: its name under the lower row is enough, and the
        # upper row's would take the height the lower row's tick labels need.
        for plot in (self.loss_plot, self.accuracy_plot):
            plot.showLabel("bottom", False)

    def _place_baseline(self) -> None:
        if self.baseline is None or self.baseline <= 0:
            return
        # InfiniteLine sits in view coordinates, which are log10 in log mode.
        log_y = self.log_y_check.isChecked()
        self.baseline_line.setPos(math.log10(self.baseline) if log_y else self.baseline)

    # Drawing --------------------------------------------------------------
    def _on_refresh_timer(self) -> None:
        if self._dirty and self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Push the buffers to the curves now."""
        self._dirty = False
        x_step_col = "step" if self._x_axis == "step" else "elapsed"
        x = self.steps.column(x_step_col)
        self.curves[TRAIN_LOSS].setData(x, self.steps.column("loss"))
        self.curves[TRAIN_LOSS_SMOOTHED].setData(x, self.ema.smoothed())
        self.curves[TRAIN_LR].setData(x, self.steps.column("lr"))
        self.curves[TRAIN_TOKENS_PER_SECOND].setData(x, self.steps.column("tokens_per_second"))
        xe = self.evals.column(x_step_col)
        self.curves[VAL_LOSS].setData(xe, self.evals.column("val_loss"))
        general = self.evals.column("general_loss")
        shown = np.isfinite(general)
        self.curves[GENERAL_LOSS].setData(xe[shown], general[shown])
        if bool(shown.any()) != self._general_in_key:
            self._general_in_key = bool(shown.any())
            self.loss_key.setText(loss_key_html(self._general_in_key))
        self.curves[VAL_ACCURACY].setData(xe, self.evals.column("val_accuracy"))
        self._draw_forecast()
        self._show_plots(bool(len(x) or len(xe)))
        self._follow_data(x, xe)

    def _show_plots(self, has_data: bool) -> None:
        wanted = self._plots_with_key if has_data else self.placeholder
        if self._plot_stack.currentWidget() is not wanted:
            self._plot_stack.setCurrentWidget(wanted)
            self.updateGeometry()  # the page's layout must give the plots their own minimum now

    def showing_plots(self) -> bool:
        """Whether the plots are shown (False: the sentence shown before the first point)."""
        return self._plot_stack.currentWidget() is self._plots_with_key

    def _follow_data(self, x: np.ndarray, xe: np.ndarray) -> None:
        """Keep every curve in view with ranges that move in coarse steps (see coarse_range)."""
        if not self._following or not len(x):
            return
        if any(not self._range_is(plot, axis, wanted) for (plot, axis), wanted in self._ranges.items()):
            self._following = False  # the user zoomed or panned: leave the view to them
            return
        x_max = float(max(x[-1], xe[-1] if len(xe) else x[-1]))
        end = self._expected_end()
        if end > 0:  # the x axis ends where the run will
            self._set_range(0, 0, end_range(self._ranges.get((0, 0)), x_max, end))
        else:  # no end known yet: grow with the data (and reach a forecast's end)
            x_max = max(x_max, self._forecast_end())
            self._set_range(0, 0, grow_upper(self._ranges.get((0, 0)), 0.0, max(x_max, 1.0)))
        if not self.log_y_check.isChecked():
            losses = [
                self.steps.column("loss"),
                self.evals.column("val_loss"),
                self.evals.column("general_loss"),
            ]
            values = np.concatenate([v[np.isfinite(v)] for v in losses])
            if len(values):
                low, high = float(values.min()), float(values.max())
                if self.baseline is not None:
                    high = max(high, self.baseline)
                self._set_range(0, 1, span_range(self._ranges.get((0, 1)), low, high))
        for index, column in ((2, "lr"), (3, "tokens_per_second")):
            values = self.steps.column(column)
            top = float(np.nanmax(values)) if len(values) else 0.0
            self._set_range(
                index, 1, grow_upper(self._ranges.get((index, 1)), 0.0, max(top, 1e-12), margin=Y_MARGIN)
            )

    def settle(self) -> None:
        """The run has ended: draw everything, and end the x axes just after the last point.

        While a run trains, the x axis keeps room to grow into; a finished run
        does not grow, so that room would only be empty plot. A view the user
        zoomed or panned is left alone.
        """
        self._settled = True
        self.refresh()
        if not self._following or not len(self.steps):
            return
        x_col = "step" if self._x_axis == "step" else "elapsed"
        ends = [self.steps.column(x_col)[-1]] + ([self.evals.column(x_col)[-1]] if len(self.evals) else [])
        self._set_range(0, 0, (0.0, max(float(max(ends)), 1.0) * (1.0 + SETTLED_MARGIN)))

    def _redraw(self) -> None:
        """After a change of axis or scale: a finished run stays settled."""
        if self._settled:
            self.settle()
        else:
            self.refresh()

    def _set_range(self, plot_index: int, axis: int, wanted: tuple[float, float]) -> None:
        if self._ranges.get((plot_index, axis)) == wanted:
            return
        plot = self.plots[plot_index]
        if axis == 0:
            plot.setXRange(*wanted, padding=0)
        else:
            plot.setYRange(*wanted, padding=0)
        self._ranges[(plot_index, axis)] = wanted

    def _range_is(self, plot_index: int, axis: int, wanted: tuple[float, float]) -> bool:
        low, high = self.plots[plot_index].viewRange()[axis]
        tolerance = 1e-6 * max(abs(wanted[1] - wanted[0]), 1e-12)
        return abs(low - wanted[0]) <= tolerance and abs(high - wanted[1]) <= tolerance

    def follow_data(self) -> None:
        """Go back to following the curves (after a change of axis, scale or run)."""
        self._ranges.clear()
        self._following = True
        for plot in self.plots[:1] + self.plots[2:]:
            plot.enableAutoRange()
        self.accuracy_plot.setYRange(0.0, 1.0, padding=0.02)

    # Values under the cursor ---------------------------------------------
    def _on_mouse_moved(self, scene_pos) -> None:
        plot = next((p for p in self.plots if p.sceneBoundingRect().contains(scene_pos)), None)
        if plot is None or not len(self.steps):
            for line in self.cursor_lines:
                line.setVisible(False)
            return
        x = plot.vb.mapSceneToView(scene_pos).x()
        self.show_values_at(x)

    def show_values_at(self, x: float) -> str:
        """Put a cursor line at x and describe the nearest points; returns the text."""
        x_col = "step" if self._x_axis == "step" else "elapsed"
        text = self.describe_at(x, x_col)
        for line in self.cursor_lines:
            line.setPos(x)
            line.setVisible(True)
        self.cursor_label.setText(text)
        return text

    def describe_at(self, x: float, x_col: str) -> str:
        parts = []
        i = _nearest(self.steps.column(x_col), x)
        if i is not None:
            step = int(self.steps.column("step")[i])
            parts += [
                translate("LivePlots", "step {step:,}").format(step=step),
                f"{self.steps.column('elapsed')[i]:.1f} s",
                translate("LivePlots", "loss {loss:.3f}").format(loss=self.steps.column("loss")[i]),
                translate("LivePlots", "smoothed {loss:.3f}").format(loss=self.ema.smoothed()[i]),
                translate("LivePlots", "lr {lr:.2e}").format(lr=self.steps.column("lr")[i]),
                translate("LivePlots", "{speed:,.0f} tokens/s").format(
                    speed=self.steps.column("tokens_per_second")[i]
                ),
            ]
        j = _nearest(self.evals.column(x_col), x)
        if j is not None:
            parts.append(
                translate(
                    "LivePlots", "validation at step {step:,}: loss {loss:.3f}, accuracy {accuracy:.1%}"
                ).format(
                    step=int(self.evals.column("step")[j]),
                    loss=self.evals.column("val_loss")[j],
                    accuracy=self.evals.column("val_accuracy")[j],
                )
            )
        if self.baseline is not None:
            parts.append(f"ln V {self.baseline:.2f}")
        return "   ·   ".join(parts)


def end_range(current: tuple[float, float] | None, data_max: float, end: float) -> tuple[float, float]:
    """An x range from 0 to just after the run's expected ``end`` that always holds ``data_max``.

    It moves only when the end moves by more than END_SLACK (a time budget's estimate of its
    last step wanders a little), so the tick labels are not made again at every redraw.
    """
    wanted = max(end, data_max, 1.0) * (1.0 + END_MARGIN)
    if current is not None and current[0] == 0.0 and current[1] >= data_max:
        if abs(current[1] - wanted) <= END_SLACK * wanted:
            return current
    return (0.0, wanted)


def _nearest(xs: np.ndarray, x: float) -> int | None:
    """Index of the value in sorted ``xs`` nearest to ``x``."""
    if not len(xs):
        return None
    i = int(np.searchsorted(xs, x))
    if i <= 0:
        return 0
    if i >= len(xs):
        return len(xs) - 1
    return i if abs(xs[i] - x) < abs(xs[i - 1] - x) else i - 1
