"""The app icon and the page icons as QIcons, from the files in ``mlmstudio.resources``.

The app icon is built from its PNGs (16-512 px, rendered once from the SVG) so
every size looks as drawn, including in a taskbar that asks for 16 or 24 px;
the page icons are small SVGs that Qt's SVG icon engine draws at any size.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap

from mlmstudio.resource_paths import ICON_SIZES, app_icon_png
from mlmstudio.resource_paths import page_icon as page_icon_path

log = logging.getLogger(__name__)


def app_icon() -> QIcon:
    """MLM Studio's icon at every rendered size (an empty icon, logged, if the files are missing)."""
    icon = QIcon()
    try:
        for size in ICON_SIZES:
            icon.addFile(str(app_icon_png(size)), QSize(size, size))
    except FileNotFoundError as exc:
        log.warning("%s", exc)
    return icon


# Sizes a sidebar or a toolbar asks for; the selected look is drawn at each.
_SELECTED_SIZES = (16, 20, 24, 32, 48)


def page_icon(page: str) -> QIcon:
    """The icon of a main-window page: "corpus", "setup", "train", "explore" or "history".

    Its selected look is the same shape in the palette's highlighted-text colour: the
    coloured drawing vanished on the blue of a selected sidebar row.
    """
    try:
        icon = QIcon(str(page_icon_path(page)))
    except FileNotFoundError as exc:
        log.warning("%s", exc)
        return QIcon()
    color = QGuiApplication.palette().color(QPalette.ColorRole.HighlightedText)
    for size in _SELECTED_SIZES:
        icon.addPixmap(_tinted(icon.pixmap(size, size), color), QIcon.Mode.Selected)
    return icon


def _tinted(pixmap: QPixmap, color: QColor) -> QPixmap:
    """The pixmap's shape (its alpha) filled with one colour."""
    result = QPixmap(pixmap.size())
    result.setDevicePixelRatio(pixmap.devicePixelRatio())
    result.fill(Qt.GlobalColor.transparent)
    painter = QPainter(result)
    painter.drawPixmap(0, 0, pixmap)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    painter.fillRect(result.rect(), color)
    painter.end()
    return result
