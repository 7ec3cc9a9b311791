"""How sure the model is of each probe's answer, step by step: one line per probe, and a table.

The trainer asks its probe sentences at every evaluation (engine/inspect/probes.py);
this widget draws each probe's answer probability as a line and, beside it, a
table that is also the lines' key (each row's icon is its line: colour, dash and
marker) with the newest numbers: the sentence, the expected answer, its
probability and the model's own best guess, marked when it is the answer. The
Train page feeds it from the worker's throttled progress (``add_records``);
History gives it a finished run's curves (``show_curves``), or several runs'
curves one probe at a time, a line per run in its colour (``show_comparison``). Each curve is made
once and then given new data (pyqtgraph's ``setData``), as the other live plots.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.events import ProbeResult
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.run_colors import probe_style

SHORT_SENTENCE_CHARS = 32
# Shown as translate("ProbePlot", name).
TABLE_COLUMNS = (
    QT_TRANSLATE_NOOP("ProbePlot", "Probe sentence"),
    QT_TRANSLATE_NOOP("ProbePlot", "Answer"),
    QT_TRANSLATE_NOOP("ProbePlot", "Sure"),
    QT_TRANSLATE_NOOP("ProbePlot", "Best guess"),
)
HIT_COLOUR = QColor(46, 160, 67)  # green enough on light and dark palettes
LOG_FLOOR = 1e-5  # a log scale shows probabilities from here to 1 (an untrained model starts near 1/V)


def short_sentence(sentence: str, limit: int = SHORT_SENTENCE_CHARS) -> str:
    """The legend's name of a probe: the words around [MASK], cut to ``limit`` characters."""
    text = " ".join(sentence.split())
    if len(text) <= limit:
        return text
    at = text.find("[MASK]")
    start = max(0, min(at - limit // 2, len(text) - limit))
    cut = text[start : start + limit].strip()
    return ("…" if start > 0 else "") + cut + ("…" if start + limit < len(text) else "")


def _swatch(colour: QColor, marker: str = "s", dash: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QIcon:
    """A probe line's key: a short stretch of the line in its dash, with its marker in the middle."""
    pixmap = QPixmap(22, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(pg.mkPen(colour, width=1.8, style=dash))
    painter.drawLine(0, 6, 22, 6)
    painter.translate(11, 6)
    drawSymbol(painter, marker, 8, pg.mkPen(colour), pg.mkBrush(colour))
    painter.end()
    return QIcon(pixmap)


class _Probe:
    """One probe's points, its line and its newest answer."""

    def __init__(self, sentence: str, answer: str, label: str = "", colour: QColor | None = None) -> None:
        self.sentence, self.answer = sentence, answer
        self.label, self.colour = label, colour  # a run's name and colour, when runs are compared
        self.steps: list[float] = []
        self.probabilities: list[float] = []
        self.latest: ProbeResult | None = None
        self.line: pg.PlotDataItem | None = None


class ProbePlot(QWidget):
    """The probe curves of one run (live on Train, recorded on History) and their newest answers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._probes: list[_Probe] = []
        self.title = QLabel(
            translate(
                "ProbePlot",
                "<b>Probes</b>: how sure the model is of each expected answer "
                "(probability at the [MASK], checked at every evaluation)",
            )
        )
        self.title.setWordWrap(True)
        self.title.setToolTip(
            translate(
                "ProbePlot",
                "Each line is one probe sentence. It rises as the model learns the "
                "answer; the table shows the newest numbers and the model's own best "
                "guess (green: it is the answer). The probes are set in Setup → "
                "Advanced → Probes.",
            )
        )
        # No legend: the table beside the plot is the key (its icons are the lines), so the plot keeps
        # the height its axis labels need and nothing covers a rising line.
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setMinimumHeight(150)  # with the Train page above, within a 1280×800 screen
        item = self.graphics.addPlot(row=0, col=0)
        self.plot = item
        item.setLabel("bottom", translate("ProbePlot", "step"))
        item.setLabel("left", translate("ProbePlot", "P(answer)"))  # short: the plot may be 150 px tall
        item.getAxis("left").setToolTip(
            translate("ProbePlot", "The probability the model gives the expected answer at the [MASK].")
        )
        item.setYRange(0.0, 1.0, padding=0.02)
        item.showGrid(x=True, y=True, alpha=0.15)
        item.setMouseEnabled(x=True, y=False)
        self.table = QTableWidget(0, len(TABLE_COLUMNS))
        self.table.setAccessibleName(translate("ProbePlot", "Probe answers"))
        self.table.setHorizontalHeaderLabels([translate("ProbePlot", name) for name in TABLE_COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(TABLE_COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.empty_label = QLabel(
            translate("ProbePlot", "No probes yet: they are asked at the first evaluation.")
        )
        self.empty_label.setEnabled(False)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.graphics)
        splitter.addWidget(self.table)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        # Half each from the start (not the table's narrow size hint), so the sentence column shows
        # whole sentences such as "The capital of France is [MASK]." at 1280 px.
        splitter.setSizes([1000, 1000])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.log_y = QCheckBox(translate("ProbePlot", "Log scale"))
        self.log_y.setToolTip(
            translate(
                "ProbePlot",
                "Show the probabilities on a log scale: the first rise from about 1 in "
                "the vocabulary size, long before the answer wins, becomes visible.",
            )
        )
        self.log_y.toggled.connect(self._on_log_y_toggled)
        self.probe_combo = QComboBox()  # comparing runs: which probe
        self.probe_combo.setToolTip(
            translate("ProbePlot", "Comparing runs: the probe whose answer each run's line follows.")
        )
        mark_user_text(self.probe_combo)  # the user's probe sentences
        self.probe_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.probe_combo.currentIndexChanged.connect(self._show_compared)
        self.probe_combo.hide()
        self._comparison: list[tuple[str, QColor, dict]] = []
        self._compare_keys: list[tuple[str, str]] = []
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.probe_combo)
        top.addWidget(self.log_y)
        layout.addLayout(top)
        layout.addWidget(self.empty_label)
        layout.addWidget(splitter, 1)
        self._splitter = splitter
        self._show_data(False)
        self.apply_palette(self.palette())

    def apply_palette(self, palette: QPalette) -> None:
        """Match the plot to the window's light or dark palette, as the other live plots do."""
        background = palette.color(QPalette.ColorRole.Base)
        foreground = palette.color(QPalette.ColorRole.Text)
        self.graphics.setBackground(background)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setPen(pg.mkPen(foreground))
            axis.setTextPen(pg.mkPen(foreground))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        # A box layout holds an item with height-for-width at exactly that height, and squeezed
        # the plots above it below their minimum (the learning-rate plot's axis was cut off).
        return False

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    # Feeding -------------------------------------------------------------------
    def clear(self) -> None:
        """Nothing shown (and no comparison)."""
        self._comparison, self._compare_keys = [], []
        self.probe_combo.hide()
        self.table.setHorizontalHeaderItem(0, QTableWidgetItem(translate("ProbePlot", TABLE_COLUMNS[0])))
        self._clear_lines()

    def _clear_lines(self) -> None:
        for probe in self._probes:
            if probe.line is not None:
                self.plot.removeItem(probe.line)
        self._probes = []
        self.table.setRowCount(0)
        self._show_data(False)

    def add_records(self, records: Iterable[tuple[int, Sequence[ProbeResult]]]) -> None:
        """Append each evaluation's answers: (step, one ProbeResult per probe in order)."""
        changed = False
        for step, results in records:
            self._match(results)
            for probe, result in zip(self._probes, results, strict=False):
                probe.steps.append(float(step))
                probe.probabilities.append(float(result.probability))
                probe.latest = result
            changed = True
        if changed:
            self._redraw()

    def show_curves(self, curves: Sequence) -> None:
        """A recorded run's probes (``store.records.ProbeCurve``s), replacing what is shown."""
        self.clear()
        self._probes = [_probe_of(curve) for curve in curves]
        self._make_lines()
        self._redraw()

    def show_comparison(self, runs: Sequence[tuple[str, QColor, Sequence]]) -> None:
        """Several runs' probes, (name, colour, ProbeCurves) each: one probe at a time, chosen in the
        box above the plot, with a line and a table row per run that asked it."""
        self.clear()
        self._comparison = [
            (name, colour, {(c.sentence, c.answer): c for c in curves}) for name, colour, curves in runs
        ]
        self._compare_keys = list(dict.fromkeys(key for _, _, by_key in self._comparison for key in by_key))
        self.probe_combo.blockSignals(True)
        self.probe_combo.clear()
        self.probe_combo.addItems([f"{short_sentence(s)} → {a}" for s, a in self._compare_keys])
        self.probe_combo.blockSignals(False)
        self.probe_combo.setVisible(bool(self._compare_keys))
        self._show_compared(0)

    def _show_compared(self, index: int) -> None:
        if not self._comparison or not 0 <= index < len(self._compare_keys):
            return
        key = self._compare_keys[index]
        self._clear_lines()
        self.table.setHorizontalHeaderItem(0, QTableWidgetItem(translate("ProbePlot", "Run")))
        for name, colour, by_key in self._comparison:
            curve = by_key.get(key)
            if curve is not None:
                self._probes.append(_probe_of(curve, label=name, colour=colour))
        self._make_lines()
        self._redraw()

    def compared_probe(self) -> tuple[str, str] | None:
        """The (sentence, answer) shown while runs are compared."""
        index = self.probe_combo.currentIndex()
        return (
            self._compare_keys[index] if self._comparison and 0 <= index < len(self._compare_keys) else None
        )

    def keep_before(self, step: float) -> None:
        """Drop the points at or after ``step`` (a resumed run goes on from its checkpoint)."""
        for probe in self._probes:
            keep = sum(1 for s in probe.steps if s < step)
            del probe.steps[keep:], probe.probabilities[keep:]
        self._redraw()

    # Reading (tests, the History page) -------------------------------------------
    def probe_count(self) -> int:
        return len(self._probes)

    def points(self, index: int) -> tuple[list[float], list[float]]:
        """The steps and probabilities drawn for probe ``index``."""
        probe = self._probes[index]
        return list(probe.steps), list(probe.probabilities)

    def legend_names(self) -> list[str]:
        return [probe.line.name() for probe in self._probes if probe.line is not None]

    def table_row(self, row: int) -> list[str]:
        return [self.table.item(row, column).text() for column in range(self.table.columnCount())]

    # Drawing --------------------------------------------------------------------
    def _match(self, results: Sequence[ProbeResult]) -> None:
        """Start over when the probes differ from the ones drawn (a new run, or the first records)."""
        same = len(results) == len(self._probes) and all(
            p.sentence == r.sentence and p.answer == r.answer
            for p, r in zip(self._probes, results, strict=True)
        )
        if same:
            return
        self.clear()  # a live run: no comparison
        self._probes = [_Probe(r.sentence, r.answer) for r in results]
        self._make_lines()

    def _make_lines(self) -> None:
        count = len(self._probes)
        for index, probe in enumerate(self._probes):
            own_colour, marker, dash = probe_style(index)
            colour = probe.colour or own_colour
            name = probe.label or f"{short_sentence(probe.sentence)} → {probe.answer}"
            probe.line = self.plot.plot(
                [],
                [],
                # Colour, marker and dash all differ between neighbours: two probes never look alike.
                pen=pg.mkPen(colour, width=1.8, style=dash),
                symbol=marker,
                symbolSize=6,
                symbolBrush=colour,
                symbolPen=None,
            )
            probe.line.opts["name"] = name
        self.apply_palette(self.palette())
        self.table.setRowCount(count)
        for row, probe in enumerate(self._probes):
            own_colour, marker, dash = probe_style(row)
            sentence = QTableWidgetItem(
                _swatch(probe.colour or own_colour, marker, dash), probe.label or probe.sentence
            )
            sentence.setToolTip(probe.sentence)
            self.table.setItem(row, 0, sentence)
            self.table.setItem(row, 1, QTableWidgetItem(probe.answer))
            for column in (2, 3):
                self.table.setItem(row, column, QTableWidgetItem("–"))

    def _redraw(self) -> None:
        for row, probe in enumerate(self._probes):
            if probe.line is not None:
                shown = (
                    [max(p, LOG_FLOOR) for p in probe.probabilities]
                    if self.log_y.isChecked()
                    else probe.probabilities
                )
                probe.line.setData(probe.steps, shown)
            latest = probe.latest if probe.steps else None
            sure = self.table.item(row, 2)
            guess = self.table.item(row, 3)
            if sure is None or guess is None:
                continue
            sure.setText(number(latest.probability, ".1%") if latest else "–")
            guess.setText(latest.top1 if latest else "–")
            guess.setToolTip(
                translate("ProbePlot", "The model's best guess is the answer.")
                if latest and latest.hit
                else translate("ProbePlot", "The model's best guess at the [MASK].")
            )
            font = guess.font()
            font.setBold(bool(latest and latest.hit))
            guess.setFont(font)
            guess.setForeground(QBrush(HIT_COLOUR) if latest and latest.hit else QBrush())
        self._show_data(bool(self._probes))

    def _on_log_y_toggled(self, on: bool) -> None:
        self.plot.setLogMode(y=on)
        if on:
            self.plot.setYRange(-5.0, 0.0, padding=0.02)  # log10: 1e-5 .. 1
        else:
            self.plot.setYRange(0.0, 1.0, padding=0.02)
        self._redraw()

    def _show_data(self, has_data: bool) -> None:
        self._splitter.setVisible(has_data)
        self.empty_label.setVisible(not has_data)


def _probe_of(curve, label: str = "", colour: QColor | None = None) -> _Probe:
    """A recorded probe curve (``store.records.ProbeCurve``) as the plot holds it."""
    probe = _Probe(curve.sentence, curve.answer, label, colour)
    probe.steps = [float(s) for s in curve.steps]
    probe.probabilities = [float(p) for p in curve.probabilities]
    if len(curve):
        probe.latest = ProbeResult(
            curve.sentence, curve.answer, float(curve.probabilities[-1]), curve.top1[-1], bool(curve.hits[-1])
        )
    return probe
