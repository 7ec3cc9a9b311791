"""Keep the main window inside the screen it is on.

A laptop's 1280×800 screen leaves about 1280×760 for a window. The window's
pages sit in a scroll area (``scrolling_pages``), so no page's minimum size can
push the window past the screen; the window's first size, and a size restored
from an earlier session on a larger monitor, are clamped to the screen's
available geometry (``fit_to_screen``).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QWidget

PREFERRED_SIZE = QSize(1280, 840)


class _PageHolder(QWidget):
    """Holds the pages at the scroll area's size, down to their minimum, and no further.

    Not a layout: a scroll area sizes a widget whose layout has height-for-width (every page with
    a wrapped label) at its *preferred* height for the width, 1,300 px for the Sweep page, and so
    would scroll pages that fit. This holder asks only for the pages' minimum size.
    """

    def __init__(self, pages: QWidget) -> None:
        super().__init__()
        self._pages = pages
        pages.setParent(self)
        if isinstance(pages, QStackedWidget):
            pages.currentChanged.connect(lambda _index: self.updateGeometry())

    def _shown(self) -> QWidget:
        # Only the page shown needs room: a stack asks for its largest page's minimum on every page.
        current = self._pages.currentWidget() if isinstance(self._pages, QStackedWidget) else None
        return current if current is not None else self._pages

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self._shown().minimumSizeHint()

    def sizeHint(self) -> QSize:  # noqa: N802
        return self._shown().minimumSizeHint()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # a page's minimum changed: let the scroll area know
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        self._pages.setGeometry(self.rect())
        super().resizeEvent(event)


def scrolling_pages(pages: QWidget) -> QScrollArea:
    """``pages`` in a frameless scroll area that fills the window and scrolls only when it must."""
    area = QScrollArea()
    area.setObjectName("pageScroll")
    area.setAccessibleName("Page")  # a screen reader says "Page, scroll area"
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(_PageHolder(pages))
    return area


def available_rect(window: QWidget) -> QRect | None:
    """The available geometry of the screen the window is on (or the primary one)."""
    screen = window.screen()
    if screen is None:
        from PySide6.QtGui import QGuiApplication

        screen = QGuiApplication.primaryScreen()
    return None if screen is None else screen.availableGeometry()


def fit_to_screen(window: QWidget, preferred: QSize | None = None) -> None:
    """Resize to ``preferred`` (or the current size) within the screen, and move it fully onto it."""
    room = available_rect(window)
    if room is None or room.isEmpty():
        return
    # The frame (title bar, borders) takes part of the room; before the window is shown it is unknown.
    frame = window.frameGeometry().size() - window.geometry().size()
    frame = QSize(max(frame.width(), 0), max(frame.height(), 0))
    wanted = preferred or window.size()
    size = QSize(
        min(wanted.width(), room.width() - frame.width()),
        min(wanted.height(), room.height() - frame.height()),
    )
    if size != window.size():
        window.resize(size)
    geometry = window.frameGeometry()
    x = min(max(geometry.x(), room.x()), room.right() - geometry.width() + 1)
    y = min(max(geometry.y(), room.y()), room.bottom() - geometry.height() + 1)
    if (x, y) != (geometry.x(), geometry.y()):
        window.move(x, y)
