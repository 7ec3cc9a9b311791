"""Start the desktop app: the QApplication, the plot theme, the history, the main window.

The app does not choose a style or palette of its own: Qt's platform theme
already follows the system's light or dark mode, and the plots take their
background and text colours from that palette (and follow it when it
changes).
"""

from __future__ import annotations

import gc
import logging
import sys
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QMessageBox

from mlmstudio import __version__
from mlmstudio.gui.icons import app_icon
from mlmstudio.gui.settings import APPLICATION, ORGANIZATION
from mlmstudio.resource_paths import APP_ID

log = logging.getLogger(__name__)

# How long a thread may hold the GIL while another waits for it. The training thread
# takes it back after every torch op; with Python's 5 ms default, each plot repaint on
# the GUI thread held it up for that long (docs/PERFORMANCE.md, GUI overhead).
GIL_SWITCH_INTERVAL_S = 0.001


def create_application(argv: list[str] | None = None) -> QApplication:
    """The process's QApplication (created once), named for QSettings, with the plot theme set."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv if argv is not None else sys.argv[:1]))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("MLM Studio")
    app.setApplicationVersion(__version__)
    # The taskbar and window manager find the icon and the desktop entry by this id.
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    configure_plots(app.palette())
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    return app


def configure_plots(palette: QPalette) -> None:
    """pyqtgraph's defaults from the palette, for every plot created from now on."""
    pg.setConfigOptions(
        antialias=True,
        background=palette.color(QPalette.ColorRole.Base),
        foreground=palette.color(QPalette.ColorRole.Text),
    )


def run_app(argv: list[str] | None = None, data_dir: str | Path | None = None) -> int:
    """Open the main window on the history in ``data_dir`` and run until it closes."""
    from mlmstudio.engine.errors import MLMStudioError
    from mlmstudio.gui.main_window import MainWindow
    from mlmstudio.store.database import Database

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = create_application(argv)
    try:
        db = Database.open(data_dir)
    except MLMStudioError as exc:
        QMessageBox.critical(None, "MLM Studio cannot start", str(exc))
        return 1
    window = MainWindow(db)
    window.show()
    code = app.exec()
    # Delete the window (and its plots) while Qt is still alive, not at interpreter exit.
    window.deleteLater()
    del window
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    db.close()
    return int(code)
