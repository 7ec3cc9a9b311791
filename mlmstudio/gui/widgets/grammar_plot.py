"""When did the model learn its grammar: accuracy on minimal pairs per paradigm against training step.

History draws a run's stored grammar check-ups (``store/grammar_checkups.py``,
``mlmstudio grammar RUN``): one line per paradigm through the kept
checkpoints (steps 1, 2, 4, ...; a log axis spaces them evenly) and the final
model, the chance line at 0.5 dashed, and the random twin's accuracy, when it
was checked, as a short dotted mark at the right in the paradigm's colour.
Lines are made once per run shown; the widget only draws what it is given.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from mlmstudio import command_hint
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.run_colors import probe_style
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.store.grammar_checkups import GrammarCurve

CHANCE = 0.5
_NO_CHECKUP_SOURCE = QT_TRANSLATE_NOOP(
    "GrammarPlot",
    "No grammar check-up of this run yet: run '{command}' (add --twin to compare its random twin).",
)
NO_CHECKUP = _NO_CHECKUP_SOURCE.format(command=command_hint.command("grammar RUN"))  # the English text
LEGEND_CHARS = 34


def no_checkup_text() -> str:
    return translate("GrammarPlot", _NO_CHECKUP_SOURCE).format(command=command_hint.command("grammar RUN"))


class GrammarPlot(QWidget):
    """Accuracy per paradigm against step, for one run."""

    export_failed = Signal(str)  # a picture or the numbers could not be saved: a sentence

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(
            translate(
                "GrammarPlot", "<b>Grammar</b>: share of minimal pairs right, per paradigm (chance 0.5)"
            )
        )
        self.title.setWordWrap(True)
        self.title.setToolTip(
            translate(
                "GrammarPlot",
                "Each line is one paradigm of minimal pairs (a grammatical and an ungrammatical "
                "sentence); a pair is right when the model finds the grammatical one more natural "
                "(pseudo-log-likelihood). Dashed: chance. Dotted marks: the untrained twin.",
            )
        )
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setMinimumHeight(180)
        self.plot = self.graphics.addPlot(row=0, col=0)
        self.plot.setLabel("bottom", translate("GrammarPlot", "step"))
        self.plot.setLabel("left", translate("GrammarPlot", "accuracy"))
        self.plot.setLogMode(x=True, y=False)
        self.plot.setYRange(0.0, 1.0, padding=0.02)
        self.plot.showGrid(x=True, y=True, alpha=0.15)
        self.plot.setMouseEnabled(x=True, y=False)
        self.chance = pg.InfiniteLine(
            pos=CHANCE, angle=0, pen=pg.mkPen((150, 150, 150), width=1, style=Qt.PenStyle.DashLine)
        )
        self.plot.addItem(self.chance)
        self.legend = pg.LegendItem(labelTextSize="7pt", colCount=2, verSpacing=-8, horSpacing=10)
        self.graphics.addItem(self.legend, row=1, col=0)
        self.empty_label = QLabel(no_checkup_text())
        self.empty_label.setWordWrap(True)
        self.empty_label.setEnabled(False)
        # Saved as every Explore view is: the plot as a PNG, its numbers as CSV or JSON.
        self.export = ExportButtons(
            self.graphics, self.numbers, name="grammar", report_error=self.export_failed.emit
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.export)
        layout.addWidget(self.empty_label)
        self._items: list[pg.GraphicsObject] = []
        self.curves: list[GrammarCurve] = []
        self.show_curves([])

    def show_curves(self, curves: Sequence[GrammarCurve]) -> None:
        """Draw these paradigms' curves (none: the empty state says how to make them)."""
        for item in self._items:
            self.plot.removeItem(item)
        self._items.clear()
        self.legend.clear()
        self.curves = [c for c in curves if c.steps]
        has = bool(self.curves)
        self.graphics.setVisible(has)
        self.export.setVisible(has)
        self.export.set_available(has)
        self.empty_label.setVisible(not has)
        if not has:
            return
        last = max(max(c.steps) for c in self.curves)
        for index, curve in enumerate(self.curves):
            colour, marker, dash = probe_style(index)
            line = self.plot.plot(
                [max(1, s) for s in curve.steps],
                list(curve.accuracies),
                pen=pg.mkPen(colour, width=2, style=dash),
                symbol=marker,
                symbolSize=6,
                symbolBrush=colour,
                symbolPen=colour,
            )
            self._items.append(line)
            self.legend.addItem(line, _short(curve.paradigm))
            mark_user_text(self.legend.items[-1][1])  # a paradigm's name, as the data names it
            if curve.twin is not None:
                mark = self.plot.plot(
                    [last, last * 1.6],
                    [curve.twin, curve.twin],
                    pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DotLine),
                )
                self._items.append(mark)
        # The steps themselves as ticks (1, 2, 4, ..., the end): a log axis's own labels read 4·10¹.
        steps = sorted({max(1, s) for c in self.curves for s in c.steps})
        self.plot.getAxis("bottom").setTicks([[(math.log10(s), number(s)) for s in _spread(steps)]])
        suites = sorted({c.suite for c in self.curves if c.suite})
        counts = sorted({c.pairs for c in self.curves})
        if not suites:
            title = translate(
                "GrammarPlot", "<b>Grammar</b>: share of minimal pairs right, per paradigm (chance 0.5)"
            )
        elif len(counts) == 1:
            title = translate(
                "GrammarPlot",
                "<b>Grammar</b>: share of minimal pairs right, per paradigm (chance 0.5) · {suites}, {pairs} pairs each",
            )
        else:
            title = translate(
                "GrammarPlot",
                "<b>Grammar</b>: share of minimal pairs right, per paradigm (chance 0.5) · {suites}, "
                "{fewest}-{most} pairs each",
            )
        self.title.setText(
            title.format(suites=", ".join(suites), pairs=counts[0], fewest=counts[0], most=counts[-1])
        )

    def numbers(self) -> Numbers | None:
        """One row per paradigm and step shown (the twin's accuracy beside it, when checked)."""
        if not self.curves:
            return None
        rows = [
            {
                "paradigm": c.paradigm,
                "suite": c.suite,
                "step": step,
                "accuracy": accuracy,
                "twin_accuracy": c.twin,
                "pairs": c.pairs,
            }
            for c in self.curves
            for step, accuracy in zip(c.steps, c.accuracies, strict=True)
        ]
        return Numbers(rows=rows)


def _spread(steps: list[int], gap: float = 0.25) -> list[int]:
    """The steps to label: each at least ``gap`` decades from the one before, and the last always."""
    shown: list[int] = []
    for step in steps:
        if not shown or math.log10(step) - math.log10(shown[-1]) >= gap:
            shown.append(step)
    if steps and shown[-1] != steps[-1]:
        if len(shown) > 1 and math.log10(steps[-1]) - math.log10(shown[-1]) < gap:
            shown.pop()
        shown.append(steps[-1])
    return shown


def _short(name: str) -> str:
    return name if len(name) <= LEGEND_CHARS else name[: LEGEND_CHARS - 1] + "…"
