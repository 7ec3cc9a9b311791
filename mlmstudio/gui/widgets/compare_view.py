"""Several runs side by side: overlaid metric curves and a table of their settings.

The view knows nothing about the database. It is given the runs (id, name,
configuration, final metrics) and a function that loads one run's curve for
one metric; the History page supplies both from the store. Each run keeps its
own colour (`run_colors`), so a run looks the same in every comparison.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyqtgraph as pg
import pyqtgraph.exporters  # noqa: F401  (registers ImageExporter)
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.metric_names import (
    TRAIN_LOSS,
    TRAIN_LR,
    TRAIN_TOKENS_PER_SECOND,
    VAL_ACCURACY,
    VAL_DETECTION_AUC,
    VAL_LOSS,
    VAL_PERPLEXITY,
)
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.perplexity import format_perplexity, loss_axis_tip, perplexity, perplexity_tip
from mlmstudio.gui.run_colors import distinct_styles
from mlmstudio.gui.widgets.flow_layout import FlowLayout
from mlmstudio.store import compare
from mlmstudio.store.records import Curve

log = logging.getLogger(__name__)

# (metric key, label shown, y-axis label). The keys are the store's metric names.
METRICS: tuple[tuple[str, str, str], ...] = (
    # Both labels are English sources (QT_TRANSLATE_NOOP), translated where they are shown.
    (
        VAL_LOSS,
        QT_TRANSLATE_NOOP("CompareView", "Validation loss"),
        QT_TRANSLATE_NOOP("CompareView", "loss (nats)"),
    ),
    (
        TRAIN_LOSS,
        QT_TRANSLATE_NOOP("CompareView", "Training loss"),
        QT_TRANSLATE_NOOP("CompareView", "loss (nats)"),
    ),
    (
        VAL_ACCURACY,
        QT_TRANSLATE_NOOP("CompareView", "Validation accuracy"),
        QT_TRANSLATE_NOOP("CompareView", "masked-token accuracy"),
    ),
    (
        VAL_PERPLEXITY,
        QT_TRANSLATE_NOOP("CompareView", "Validation perplexity"),
        QT_TRANSLATE_NOOP("CompareView", "perplexity (e^loss)"),
    ),
    # The evaluation MLM and ELECTRA runs share (engine/inspect/detection_metric.py): compare them at equal time.
    (
        VAL_DETECTION_AUC,
        QT_TRANSLATE_NOOP("CompareView", "Replaced-word detection (AUC)"),
        QT_TRANSLATE_NOOP("CompareView", "detection AUC (0.5 = chance)"),
    ),
    (
        TRAIN_LR,
        QT_TRANSLATE_NOOP("CompareView", "Learning rate"),
        QT_TRANSLATE_NOOP("CompareView", "learning rate"),
    ),
    (
        TRAIN_TOKENS_PER_SECOND,
        QT_TRANSLATE_NOOP("CompareView", "Tokens/s"),
        QT_TRANSLATE_NOOP("CompareView", "tokens per second"),
    ),
)
# Metrics computed here from a recorded one: perplexity = e^(validation loss).
DERIVED = {VAL_PERPLEXITY: VAL_LOSS}
SELECT_HINT = QT_TRANSLATE_NOOP(
    "CompareView", "Select one or more runs in the table to see their curves here."
)
# The x axes of store/compare.X_AXES, by key, as shown.
X_AXIS_LABELS = {
    "step": QT_TRANSLATE_NOOP("CompareView", "Step"),
    "time": QT_TRANSLATE_NOOP("CompareView", "Elapsed time (s)"),
}


def x_axis_label(key: str) -> str:
    return translate("CompareView", X_AXIS_LABELS[key]) if key in X_AXIS_LABELS else compare.X_AXES[key]


@dataclass(frozen=True)
class CompareRun:
    """What the view needs of a run. A store ``RunSummary`` has these attributes too."""

    id: str
    name: str
    config: Any  # a RunConfig, its dict, or None when the stored config no longer loads
    final_metrics: Mapping[str, Any] = field(default_factory=dict)


# (run id, metric key such as "val_loss") -> the curve, or None if the run never recorded it.
CurveLoader = Callable[[str, str], "Curve | None"]


def curve_x(curve: Curve, axis: str) -> np.ndarray:
    """The curve's x values: optimizer steps, or seconds of training."""
    return curve.wall_time if axis == "time" else curve.steps


def config_rows(runs: Sequence[Any]) -> list[tuple[str, list[Any], bool]]:
    """(setting, value per run, differs?) for every setting any of the runs has."""
    flats = [compare.flatten_config(run.config) for run in runs]
    names = list(dict.fromkeys(name for flat in flats for name in flat))  # config order
    rows = []
    for name in names:
        values = [flat.get(name) for flat in flats]
        rows.append((name, values, len({repr(v) for v in values}) > 1))
    return rows


def _empty_curve(run_id: str, split: str, name: str) -> Curve:
    return Curve(run_id, split, name, np.zeros(0, np.int64), np.zeros(0), np.zeros(0))


def _swatch(colour: QColor, size: int = 12) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(colour)
    return QIcon(pixmap)


def _axis_tip(metric: str) -> str:
    """Hovering the y axis explains its unit: nats and ln V for a loss, e^loss for perplexity."""
    if metric.endswith("_loss"):
        return loss_axis_tip(line_drawn=False)
    if metric.endswith("_perplexity"):
        return perplexity_tip()
    if metric.endswith("_accuracy"):
        return translate(
            "CompareView",
            "The share of hidden tokens whose first guess is exactly right (held-out text, 15% hidden).",
        )
    return ""


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return number(value, ".6g")
    return str(value)


class CompareView(QWidget):
    """Overlaid curves with a legend, a metric and x-axis choice, and a config table."""

    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runs: list[Any] = []
        self._loader: CurveLoader | None = None
        self._cache: dict[tuple[str, str], Curve | None] = {}
        self._items: dict[str, pg.PlotDataItem] = {}
        self._hint = translate("CompareView", SELECT_HINT)  # what the empty plot says when no run is given

        self.metric_combo = QComboBox()
        # As wide as a short metric name; a longer one is cut in the closed box, whole in its list.
        self.metric_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.metric_combo.setMinimumContentsLength(16)
        for key, label, _ in METRICS:
            self.metric_combo.addItem(translate("CompareView", label), key)
        self.metric_combo.setToolTip(translate("CompareView", "Which measurement to overlay"))
        self.x_combo = QComboBox()
        for key in compare.X_AXES:
            self.x_combo.addItem(x_axis_label(key), key)
        self.x_combo.setToolTip(
            translate("CompareView", "Line the runs up by optimizer step or by seconds of training")
        )
        self.log_y = QCheckBox(translate("CompareView", "Log y"))
        self.export_png_button = QPushButton(translate("CompareView", "Export plot (PNG)…"))
        self.export_csv_button = QPushButton(translate("CompareView", "Export curves (CSV)…"))
        self.diff_only = QCheckBox(translate("CompareView", "Show differences only"))
        self.diff_only.setChecked(True)

        # The controls in groups that wrap onto a second row when the room is short (a narrow
        # window, a language with longer words), so the page never grows past the screen.
        controls = FlowLayout()
        for group in (
            (QLabel(translate("CompareView", "Metric:")), self.metric_combo),
            (QLabel(translate("CompareView", "x axis:")), self.x_combo, self.log_y),
            (self.export_png_button, self.export_csv_button),
        ):
            box = QWidget()
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            for widget in group:
                row.addWidget(widget)
            controls.addWidget(box)

        self.plot = pg.PlotWidget()
        self.plot.setAccessibleName(translate("CompareView", "Curves of the compared runs"))
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setMinimumHeight(160)
        self.legend = self.plot.addLegend(offset=(-10, 10))
        self._empty_text = pg.TextItem("", anchor=(0.5, 0.5))
        self._empty_text.setZValue(10)
        self._apply_palette()

        self.table = QTableWidget()
        mark_user_text(
            self.table
        )  # its columns are headed by the runs' names, its cells are settings        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Never squeezed below a few rows (the window must still fit a 800-pixel screen).
        self.table.setMinimumHeight(4 * self.fontMetrics().height() + 36)

        table_box = QWidget()
        table_layout = QVBoxLayout(table_box)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_header = QHBoxLayout()
        table_header.addWidget(QLabel("<b>{}</b>".format(translate("CompareView", "Configuration"))))
        table_header.addStretch(1)
        table_header.addWidget(self.diff_only)
        table_layout.addLayout(table_header)
        table_layout.addWidget(self.table)

        splitter = QSplitter(Qt.Orientation.Vertical)
        plot_box = QWidget()
        plot_layout = QVBoxLayout(plot_box)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        plot_layout.addLayout(controls)
        plot_layout.addWidget(self.plot)
        splitter.addWidget(plot_box)
        splitter.addWidget(table_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        # Start at 3:2 whatever the size hints say: room for the results and a few differing settings.
        splitter.setSizes([300, 200])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.metric_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.x_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.log_y.toggled.connect(self._on_log_y_toggled)
        self.diff_only.toggled.connect(self._on_diff_only_toggled)
        self.export_png_button.clicked.connect(self._on_export_png_clicked)
        self.export_csv_button.clicked.connect(self._on_export_csv_clicked)
        self.clear()

    # -- public API ---------------------------------------------------------

    def set_runs(self, runs: Sequence[Any], loader: CurveLoader) -> None:
        """Compare these runs (`CompareRun`s or store `RunSummary`s); curves load lazily, once each."""
        self._runs = list(runs)
        self._loader = loader
        self._cache.clear()
        self._fill_table()
        self._redraw()
        self._set_exports_enabled(bool(self._runs))

    def clear(self) -> None:
        self.set_runs([], lambda run_id, metric: None)

    def runs(self) -> list[Any]:
        return list(self._runs)

    def set_hint(self, text: str) -> None:
        """What the plot says while no run is compared ("" for the default)."""
        self._hint = text or translate("CompareView", SELECT_HINT)
        if not self._runs:
            self._redraw()

    def hint(self) -> str:
        return self._hint

    def current_metric(self) -> str:
        return str(self.metric_combo.currentData())

    def set_metric(self, key: str) -> None:
        self.metric_combo.setCurrentIndex(self.metric_combo.findData(key))

    def current_x_axis(self) -> str:
        return str(self.x_combo.currentData())

    def set_x_axis(self, key: str) -> None:
        self.x_combo.setCurrentIndex(self.x_combo.findData(key))

    def curve_items(self) -> dict[str, pg.PlotDataItem]:
        """The plotted curves by run id (runs without data for this metric have none)."""
        return dict(self._items)

    def visible_setting_rows(self) -> list[str]:
        return [
            self.table.verticalHeaderItem(r).text()
            for r in range(self.table.rowCount())
            if not self.table.isRowHidden(r)
        ]

    def export_png(self, path: str | Path, width: int = 1200) -> Path:
        """Write the plot as it is shown (metric, axes, legend) to a PNG file."""
        path = Path(path)
        exporter = pg.exporters.ImageExporter(self.plot.getPlotItem())
        exporter.parameters()["width"] = width
        exporter.export(str(path))
        if not path.exists():
            raise MLMStudioError(
                translate(
                    "CompareView",
                    "The plot could not be written to {path}. Check that the folder is writable.",
                ).format(path=path)
            )
        return path

    def export_csv(self, path: str | Path) -> Path:
        """Write the shown metric of every run on the shown x axis, as ``mlmstudio runs compare --csv`` does.

        One column for x (step, or seconds on an even grid), one per run headed
        by its name; empty cells where a run has no value.
        """
        path = Path(path)
        metric = self.current_metric()
        split, name = compare.split_metric(metric)
        curves = {
            run.id: self._curve(run.id, metric) or _empty_curve(run.id, split, name) for run in self._runs
        }
        aligned = compare.align(curves, metric, self.current_x_axis())
        tmp = path.with_name(path.name + ".part")
        compare.write_csv(aligned, tmp, labels=self._legend_names())
        tmp.replace(path)
        return path

    # -- curves -------------------------------------------------------------

    def _curve(self, run_id: str, metric: str) -> Curve | None:
        key = (run_id, metric)
        if key not in self._cache and metric in DERIVED:
            # Perplexity from the recorded validation loss, as the Train page and History show it.
            loss = self._curve(run_id, DERIVED[metric])
            self._cache[key] = (
                None
                if loss is None
                else dataclasses.replace(
                    loss,
                    name=metric.partition("_")[2],
                    values=np.array([perplexity(v) or np.nan for v in loss.values.tolist()]),
                )
            )
        if key not in self._cache:
            try:
                self._cache[key] = self._loader(run_id, metric) if self._loader else None
            except MLMStudioError as exc:
                log.warning("No %s curve for run %s: %s", metric, run_id, exc)
                self._cache[key] = None
        return self._cache[key]

    def _redraw(self) -> None:
        plot_item = self.plot.getPlotItem()
        for item in self._items.values():
            plot_item.removeItem(item)
        self._items.clear()
        self.legend.clear()
        if self._empty_text.scene() is not None:
            plot_item.removeItem(self._empty_text)

        metric, axis = self.current_metric(), self.current_x_axis()
        y_label = next(y for key, _, y in METRICS if key == metric)
        plot_item.setLabel("left", translate("CompareView", y_label))
        plot_item.getAxis("left").setToolTip(_axis_tip(metric))
        plot_item.setLabel("bottom", x_axis_label(axis))

        styles = distinct_styles(run.id for run in self._runs)
        names = self._legend_names()
        missing = []
        for run in self._runs:
            curve = self._curve(run.id, metric)
            if curve is None or len(curve) == 0:
                missing.append(names[run.id])
                continue
            colour, style = styles[run.id]
            pen = pg.mkPen(colour, width=2, style=style)
            # One point (a run that evaluated once) is invisible as a line: give it a marker.
            symbol = "o" if len(curve) < 3 else None
            item = plot_item.plot(
                curve_x(curve, axis),
                curve.values,
                pen=pen,
                name=names[run.id],
                symbol=symbol,
                symbolBrush=colour,
                symbolPen=colour,
                symbolSize=6,
            )
            item.setDownsampling(auto=True, method="peak")
            item.setClipToView(True)
            self._items[run.id] = item
        for _sample, label in self.legend.items:
            mark_user_text(label)  # the runs' names
        # No curve: a sentence on a blank plot, not empty 0-1 axes that look like a broken chart.
        empty = not self._items
        for side in ("left", "bottom"):
            plot_item.showAxis(side, not empty)
        plot_item.showGrid(x=not empty, y=not empty, alpha=0.25)
        if empty:
            text = (
                self._hint
                if not self._runs
                else translate("CompareView", "None of these runs recorded {metric} yet.").format(
                    metric=self.metric_combo.currentText().lower()
                )
            )
            self._empty_text.setText(text, color=self.palette().color(QPalette.ColorRole.Text))
            plot_item.addItem(self._empty_text, ignoreBounds=True)
            plot_item.getViewBox().setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
            self._empty_text.setPos(0.5, 0.5)
        else:
            plot_item.enableAutoRange()
        if missing and self._items:
            self.status_message.emit(
                translate("CompareView", "No {metric} recorded for: {runs}").format(
                    metric=self.metric_combo.currentText().lower(), runs=", ".join(missing)
                )
            )

    def _legend_names(self) -> dict[str, str]:
        """Run names for the legend, with a short id where two runs share a name."""
        counts: dict[str, int] = {}
        for run in self._runs:
            counts[run.name] = counts.get(run.name, 0) + 1
        return {
            run.id: run.name if counts[run.name] == 1 else f"{run.name} ({run.id[:6]})" for run in self._runs
        }

    # -- config table -------------------------------------------------------

    def _fill_table(self) -> None:
        rows = self._result_rows() + config_rows(self._runs)
        names = self._legend_names()
        styles = distinct_styles(run.id for run in self._runs)
        self.table.clear()
        self.table.setColumnCount(len(self._runs))
        self.table.setRowCount(len(rows))
        for col, run in enumerate(self._runs):
            header = QTableWidgetItem(names[run.id])
            # A swatch, not coloured text: some palette colours are too light to read as text.
            header.setIcon(_swatch(styles[run.id][0]))
            header.setToolTip(run.id)
            self.table.setHorizontalHeaderItem(col, header)
        bold = QFont(self.table.font())
        bold.setBold(True)
        self._differs: list[bool] = []
        for r, (name, values, differs) in enumerate(rows):
            label = QTableWidgetItem(name)
            if differs:
                label.setFont(bold)
            self.table.setVerticalHeaderItem(r, label)
            for c, value in enumerate(values):
                item = QTableWidgetItem(_fmt(value))
                if differs:
                    item.setFont(bold)
                self.table.setItem(r, c, item)
            self._differs.append(differs)
        self.table.resizeColumnsToContents()
        self._apply_diff_filter()

    def _result_rows(self) -> list[tuple[str, list[Any], bool]]:
        rows = []
        for key, label, fmt in (
            ("val_loss", translate("CompareView", "result: val loss"), ".4f"),
            ("val_accuracy", translate("CompareView", "result: val accuracy"), ".1%"),
            ("detection_auc", translate("CompareView", "result: detection AUC"), ".3f"),
            ("val_perplexity", translate("CompareView", "result: val perplexity"), None),
        ):
            if key == "val_perplexity":  # e^(val loss), as History and the Train page show it
                values = [
                    perplexity(_number((run.final_metrics or {}).get("val_loss"))) for run in self._runs
                ]
            else:
                values = [_number((run.final_metrics or {}).get(key)) for run in self._runs]
            if any(v is not None for v in values):
                shown = [
                    None if v is None else format_perplexity(v) if fmt is None else number(v, fmt)
                    for v in values
                ]
                rows.append((label, shown, True))  # results always shown
        return rows

    def _apply_diff_filter(self) -> None:
        only = self.diff_only.isChecked() and len(self._runs) > 1
        for r, differs in enumerate(getattr(self, "_differs", [])):
            self.table.setRowHidden(r, only and not differs)

    # -- look ---------------------------------------------------------------

    def _apply_palette(self) -> None:
        """Plot colours follow the application palette (light or dark)."""
        palette = self.palette()
        self.plot.setBackground(palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        for side in ("left", "bottom"):
            axis = self.plot.getAxis(side)
            axis.setPen(pg.mkPen(text))
            axis.setTextPen(pg.mkPen(text))
        self.legend.setLabelTextColor(text)
        background = QColor(palette.color(QPalette.ColorRole.Base))
        background.setAlpha(200)
        self.legend.setBrush(pg.mkBrush(background))

    def _set_exports_enabled(self, enabled: bool) -> None:
        self.export_png_button.setEnabled(enabled)
        self.export_csv_button.setEnabled(enabled)

    # -- slots --------------------------------------------------------------

    def _on_choice_changed(self, _index: int) -> None:
        self._redraw()

    def _on_log_y_toggled(self, on: bool) -> None:
        self.plot.getPlotItem().setLogMode(y=on)

    def _on_diff_only_toggled(self, _on: bool) -> None:
        self._apply_diff_filter()

    def _on_export_png_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("CompareView", "Export plot"),
            f"compare-{self.current_metric()}.png",
            translate("CompareView", "PNG image (*.png)"),
        )
        if not path:
            return
        try:
            self.export_png(path)
        except (OSError, MLMStudioError) as exc:
            self.status_message.emit(
                translate("CompareView", "Could not export the plot: {reason}").format(
                    reason=translated(str(exc))
                )
            )
            return
        self.status_message.emit(translate("CompareView", "Plot saved to {path}").format(path=path))

    def _on_export_csv_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("CompareView", "Export curves"),
            f"compare-{self.current_metric()}.csv",
            translate("CompareView", "CSV (*.csv)"),
        )
        if not path:
            return
        try:
            self.export_csv(path)
        except OSError as exc:
            self.status_message.emit(
                translate("CompareView", "Could not write the curves: {reason}").format(
                    reason=exc.strerror or exc
                )
            )
            return
        self.status_message.emit(translate("CompareView", "Curves saved to {path}").format(path=path))
