"""Top-k predictions for one [MASK], drawn as horizontal probability bars.

One painted widget rather than a label and a progress bar per row: it stays
cheap when a sentence has many masks or several runs are compared side by side.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from mlmstudio.gui.i18n import mark_user_text, number, translate

_ROW_PAD = 4
_BAR_MIN_WIDTH = 80


def readable_token(token_str: str) -> str:
    """How a predicted token is shown: spaces made visible, empty marked."""
    if token_str == "":
        return translate("PredictionView", "(empty)")
    if token_str.isspace():
        return "␣" * len(token_str)
    return token_str


def percent_text(value: float) -> str:
    return number(value, ".1%")


class PredictionView(QWidget):
    """A titled list of (token, probability) rows with bars proportional to probability.

    ``value_text`` writes the number beside each bar (a percentage by default; the
    Embeddings tab shows cosine similarities with it). Bars cover 0..1.
    """

    def __init__(
        self,
        title: str = "",
        parent: QWidget | None = None,
        value_text: Callable[[float], str] = percent_text,
        empty_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._title = title
        self._value_text = value_text
        self._empty_text = empty_text  # shown with no rows; None: "No predictions"
        self._rows: list[tuple[str, float]] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(200)
        mark_user_text(self)  # the model's tokens

    # -- data ---------------------------------------------------------------

    def set_predictions(self, predictions: Sequence[dict[str, Any]], title: str | None = None) -> None:
        """Show Hugging Face-shaped predictions (`token_str`, `score`), best first."""
        if title is not None:
            self._title = title
        self._rows = [(readable_token(str(p["token_str"])), float(p["score"])) for p in predictions]
        self.setToolTip("\n".join(f"{token}: {self._value_text(score)}" for token, score in self._rows))
        self.updateGeometry()
        self.update()

    def title(self) -> str:
        return self._title

    def empty_text(self) -> str:
        """What the view says while it has no rows."""
        if self._empty_text is None:
            return translate("PredictionView", "No predictions")
        return self._empty_text

    def rows(self) -> list[tuple[str, float]]:
        """The shown (token, probability) pairs, best first."""
        return list(self._rows)

    def as_text(self) -> str:
        lines = [self._title] if self._title else []
        lines += [f"{token}\t{self._value_text(score)}" for token, score in self._rows]
        return "\n".join(lines)

    # -- geometry -----------------------------------------------------------

    def _row_height(self) -> int:
        return QFontMetrics(self.font()).height() + _ROW_PAD

    def _title_height(self) -> int:
        return self._row_height() + _ROW_PAD if self._title else 0

    def _label_width(self) -> int:
        # Fractional advances, rounded up: the integer ones round "german" (46.3 px) down to 46,
        # and the painter then elides it to "germ…" in a column made for it.
        metrics = QFontMetricsF(self.font())
        widest = max((metrics.horizontalAdvance(token) for token, _ in self._rows), default=0.0)
        # Long tokens are elided rather than pushing the bars out of view.
        shown = min(max(widest, metrics.horizontalAdvance("MMMM")), metrics.horizontalAdvance("M" * 14))
        return math.ceil(shown) + 1 + 8

    def _shown_token(self, token: str, label_w: int | None = None) -> str:
        """The token as its row shows it: whole, or elided when longer than 14 M's."""
        width = (self._label_width() if label_w is None else label_w) - 8
        return QFontMetrics(self.font()).elidedText(token, Qt.TextElideMode.ElideRight, width)

    def shown_tokens(self) -> list[str]:
        """The rows' tokens as drawn (for tests and scripts)."""
        return [self._shown_token(token) for token, _ in self._rows]

    def _percent_width(self) -> int:
        return QFontMetrics(self.font()).horizontalAdvance("100.0%") + 8

    def sizeHint(self) -> QSize:
        height = self._title_height() + max(1, len(self._rows)) * self._row_height() + _ROW_PAD
        width = self._label_width() + _BAR_MIN_WIDTH * 2 + self._percent_width()
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._label_width() + _BAR_MIN_WIDTH + self._percent_width(), self.sizeHint().height())

    # -- painting -----------------------------------------------------------

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        bar_colour = palette.color(QPalette.ColorRole.Highlight)
        track_colour = QColor(text_colour)
        track_colour.setAlpha(28)
        row_h = self._row_height()
        y = _ROW_PAD / 2

        if self._title:
            bold = self.font()
            bold.setBold(True)
            painter.setFont(bold)
            painter.setPen(text_colour)
            painter.drawText(QRectF(0, y, self.width(), row_h), Qt.AlignmentFlag.AlignVCenter, self._title)
            painter.setFont(self.font())
            y += self._title_height()

        if not self._rows:
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(0, y, self.width(), row_h), Qt.AlignmentFlag.AlignVCenter, self.empty_text()
            )
            return

        label_w = self._label_width()
        percent_w = self._percent_width()
        bar_x = label_w
        bar_w = max(10, self.width() - label_w - percent_w)
        for token, score in self._rows:
            label = self._shown_token(token, label_w)
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(0, y, label_w - 8, row_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                label,
            )
            bar_rect = QRectF(bar_x, y + 3, bar_w, row_h - 6)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(track_colour)
            painter.drawRoundedRect(bar_rect, 3, 3)
            filled = QRectF(bar_rect)
            filled.setWidth(max(1.0, bar_w * min(1.0, max(0.0, score))))
            painter.setBrush(bar_colour)
            painter.drawRoundedRect(filled, 3, 3)
            painter.setPen(text_colour)
            painter.drawText(
                QRectF(bar_x + bar_w + 4, y, percent_w - 4, row_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                self._value_text(score),
            )
            y += row_h
