"""The Train page's curves of an ELECTRA run: its two losses and how well it spots the swaps.

Shown under the ordinary live plots only while an ELECTRA run trains (an MLM
run's page is unchanged; for an ELECTRA run the ordinary loss plot shows the
generator's masked-LM loss, comparable with its validation loss). Left: the generator's masked-LM loss and the
discriminator's binary cross-entropy, both in nats. Right: the
discriminator's accuracy over every real token, the share the generator left
unchanged (dashed: what always answering "original" would score, the line to
beat), and the held-out replaced-token detection AUC every run reports
(engine/inspect/detection_metric.py). Same pattern as live_plots: curves made once,
doubling buffers, a timer that redraws at 4 Hz. Each plot's key is a line of text above it, in
the curves' colours: a legend inside the plot covered the curves (and, squeezed, the other key).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from mlmstudio.gui.i18n import translate
from mlmstudio.gui.progress_rows import DETECTION_COLUMNS, ELECTRA_COLUMNS
from mlmstudio.gui.widgets.live_plots import REFRESH_MS, GrowingBuffer, curve_pen
from mlmstudio.gui.widgets.wrapped_label import WrappedLabel

GENERATOR_COLOR = QColor(31, 119, 180)
DISCRIMINATOR_COLOR = QColor(214, 39, 40)
ACCURACY_COLOR = QColor(44, 160, 44)
PRIOR_COLOR = QColor(150, 150, 150)
AUC_COLOR = QColor(230, 120, 20)
GRAPHICS_MIN_HEIGHT = 120  # with the texts above, no taller than the probes, whose tab they share


def _key_html(entries: list[tuple[QColor, str, str]]) -> str:
    """A plot's key in its curves' colours: (colour, mark, name) for each curve."""
    return "&nbsp;&nbsp;&nbsp;".join(
        f'<span style="color:{colour.name()}">{mark}</span>&nbsp;{name}' for colour, mark, name in entries
    )


class ElectraPlots(QWidget):
    """Generator and discriminator losses; discriminator accuracy against its baseline; detection AUC."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps = GrowingBuffer(ELECTRA_COLUMNS)
        self.detection = GrowingBuffer(DETECTION_COLUMNS)
        self._x_axis = "step"
        self._dirty = False

        self.summary_label = WrappedLabel(" ")
        self.summary_label.setToolTip(
            translate(
                "ElectraPlots",
                "ELECTRA: the generator fills the hidden words with its guesses; the discriminator says "
                "for every word whether it was swapped. It has learnt something once its accuracy is "
                "above the share of words left unchanged.",
            )
        )
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setMinimumHeight(GRAPHICS_MIN_HEIGHT)
        self.loss_plot = self._add_plot(0, translate("ElectraPlots", "The two losses (nats)"))
        self.spot_plot = self._add_plot(1, translate("ElectraPlots", "Spotting the swapped words"))
        self.spot_plot.setXLink(self.loss_plot)
        self.spot_plot.setYRange(0.0, 1.0, padding=0.02)
        names = {
            "generator_loss": translate("ElectraPlots", "generator (fills the masks)"),
            "discriminator_loss": translate("ElectraPlots", "discriminator (spots swaps)"),
            "discriminator_accuracy": translate("ElectraPlots", "discriminator accuracy"),
            "unreplaced_share": translate("ElectraPlots", "always 'original'"),
            "detection_auc": translate("ElectraPlots", "held-out detection AUC"),
        }
        self.curves = {
            "generator_loss": self.loss_plot.plot(
                pen=curve_pen(GENERATOR_COLOR, 1.5), name=names["generator_loss"]
            ),
            "discriminator_loss": self.loss_plot.plot(
                pen=curve_pen(DISCRIMINATOR_COLOR, 1.5), name=names["discriminator_loss"]
            ),
            "discriminator_accuracy": self.spot_plot.plot(
                pen=curve_pen(ACCURACY_COLOR, 1.5), name=names["discriminator_accuracy"]
            ),
            "unreplaced_share": self.spot_plot.plot(
                pen=curve_pen(PRIOR_COLOR, 1.5, style=Qt.PenStyle.DashLine), name=names["unreplaced_share"]
            ),
            "detection_auc": self.spot_plot.plot(
                pen=curve_pen(AUC_COLOR, 2.0),
                symbol="o",
                symbolSize=6,
                symbolBrush=AUC_COLOR,
                symbolPen=None,
                name=names["detection_auc"],
            ),
        }
        # The keys: one line of text above each plot (wrapped when a translation is longer).
        self.loss_key = WrappedLabel(
            _key_html(
                [
                    (GENERATOR_COLOR, "━", names["generator_loss"]),
                    (DISCRIMINATOR_COLOR, "━", names["discriminator_loss"]),
                ]
            )
        )
        self.spot_key = WrappedLabel(
            _key_html(
                [
                    (ACCURACY_COLOR, "━", names["discriminator_accuracy"]),
                    (PRIOR_COLOR, "╍╍", names["unreplaced_share"]),
                    (AUC_COLOR, "━●", names["detection_auc"]),
                ]
            )
        )
        keys = QHBoxLayout()
        keys.setContentsMargins(0, 0, 0, 0)
        for key in (self.loss_key, self.spot_key):
            key.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom)
            keys.addWidget(key, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.summary_label)
        layout.addLayout(keys)
        layout.addWidget(self.graphics, 1)
        self.apply_palette(self.palette())

        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_refresh_timer)
        self._timer.start()

    def _add_plot(self, col: int, title: str) -> pg.PlotItem:
        plot = self.graphics.addPlot(row=0, col=col, title=title)
        plot.showGrid(x=True, y=True, alpha=0.2)
        plot.setDownsampling(auto=True, mode="peak")
        plot.setClipToView(True)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        return plot

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        # As the live plots: a wrapped label inside would make a layout hold the plots at a height
        # for the width, below their minimum (docs/DESIGN.md, Known pitfalls).
        return False

    def apply_palette(self, palette: QPalette) -> None:
        self.graphics.setBackground(palette.color(QPalette.ColorRole.Base))
        foreground = palette.color(QPalette.ColorRole.Text)
        for plot in (self.loss_plot, self.spot_plot):
            for name in ("left", "bottom"):
                plot.getAxis(name).setTextPen(foreground)
            plot.setTitle(plot.titleLabel.text, color=foreground)

    # Data ---------------------------------------------------------------------
    def clear(self) -> None:
        self.steps.clear()
        self.detection.clear()
        self.summary_label.setText(" ")
        self._dirty = True
        self.refresh()

    def append_steps(self, rows: np.ndarray) -> None:
        """``ElectraRow``s (or an array with their columns)."""
        self.steps.append(np.asarray(rows, dtype=np.float64).reshape(-1, len(ELECTRA_COLUMNS)))
        self._dirty = True

    def append_detection(self, rows: np.ndarray) -> None:
        """``DetectionRow``s (or an array with their columns)."""
        self.detection.append(np.asarray(rows, dtype=np.float64).reshape(-1, len(DETECTION_COLUMNS)))
        self._dirty = True

    def keep_before(self, step: float) -> None:
        for buffer in (self.steps, self.detection):
            if len(buffer):
                buffer.keep(int(np.searchsorted(buffer.column("step"), step, side="left")))
        self._dirty = True

    def set_x_axis(self, x_axis: str) -> None:
        self._x_axis = x_axis
        self._dirty = True

    # Drawing ------------------------------------------------------------------
    def _on_refresh_timer(self) -> None:
        if self._dirty and self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        self._dirty = False
        x_col = "elapsed" if self._x_axis == "time" else "step"
        x = self.steps.column(x_col)
        for name in ("generator_loss", "discriminator_loss", "discriminator_accuracy"):
            self.curves[name].setData(x, self.steps.column(name))
        self.curves["unreplaced_share"].setData(x, 1.0 - self.steps.column("replaced_share"))
        self.curves["detection_auc"].setData(
            self.detection.column(x_col), self.detection.column("detection_auc")
        )
        self.summary_label.setText(self.summary_text())

    def summary_text(self) -> str:
        """One sentence on the newest numbers (the last 20 steps' mean), or a blank."""
        if not len(self.steps):
            return " "
        recent = slice(max(0, len(self.steps) - 20), len(self.steps))
        accuracy = float(np.mean(self.steps.column("discriminator_accuracy")[recent]))
        replaced = float(np.mean(self.steps.column("replaced_share")[recent]))
        text = translate(
            "ElectraPlots",
            "The generator swapped {replaced:.1%} of the words; the discriminator judged "
            "{accuracy:.1%} of them right (always answering 'original' would score {unchanged:.1%}).",
        ).format(replaced=replaced, accuracy=accuracy, unchanged=1 - replaced)
        if len(self.detection):
            auc = translate("ElectraPlots", "Held-out detection AUC: {auc:.3f} (0.5 is chance).").format(
                auc=self.detection.column("detection_auc")[-1]
            )
            text += " " + auc
        return text
