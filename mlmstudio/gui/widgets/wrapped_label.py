"""A wrapping label whose minimum height is the height its lines need at its width.

A wrapped QLabel's minimum height is its height at a narrow guess of a width, usually one or two
lines. A layout counts only that, so a sentence that wraps onto a third line at the real width (a
finished run's verdict, a longer translation) takes its room from the widgets below it and
squeezes them under their own minimum: the Train page's plots lost their "step" axis labels.
With this label the page's minimum grows with the lines, and the page scrolls instead
(``window_fit.scrolling_pages``).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class WrappedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        # Only once laid out: before that the width is a placeholder and its height meaningless.
        if self.isVisible() and self.width() > 1 and self.text():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # another width, another number of lines
