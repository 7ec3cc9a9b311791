"""The app icon and the page icons as QIcons, from the files in ``mlmstudio.resources``.

The app icon is built from its PNGs (16-512 px, rendered once from the SVG) so
every size looks as drawn, including in a taskbar that asks for 16 or 24 px;
the page icons are small SVGs that Qt's SVG icon engine draws at any size.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from mlmstudio.resource_paths import ICON_SIZES, app_icon_png, page_icon as page_icon_path

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


def page_icon(page: str) -> QIcon:
    """The icon of a main-window page: "corpus", "setup", "train", "explore" or "history"."""
    try:
        return QIcon(str(page_icon_path(page)))
    except FileNotFoundError as exc:
        log.warning("%s", exc)
        return QIcon()
