"""At start: a damaged history gets a question, not a dead app.

``Database.open`` raises ``DamagedHistoryError`` when ``history.sqlite3`` is
garbage, cut short, empty while run folders exist, or without its schema
version. The app then says what is wrong and offers what the command line
offers (``mlmstudio runs rebuild-history``): keep the damaged file under a
dated name and rebuild the history from the run folders. The rebuild reads a
few small files per run; it runs over the main window, which opens first and
gets the history once it is open (``app.HistoryAtStart``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QMessageBox, QWidget

from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate

log = logging.getLogger(__name__)

REBUILD = QT_TRANSLATE_NOOP("HistoryRepair", "Keep it and rebuild")


def ask_rebuild(message: str, parent: QWidget | None = None) -> bool:
    """Show what is wrong; True when the user chose to move the file aside and rebuild."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        translate("HistoryRepair", "The run history is damaged"),
        message,
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    rebuild = box.addButton(translate("HistoryRepair", REBUILD), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(translate("HistoryRepair", "Quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(rebuild)
    box.exec()
    return box.clickedButton() is rebuild


def damaged_message(exc) -> str:
    """The app's words for a damaged history: the button, not the command line, is the way out."""
    return translate(
        "HistoryRepair",
        "The run history at {path} is damaged: {reason}.\n\n"
        "The run folders are not affected. '{button}' renames the damaged file with today's date "
        "(nothing is deleted) and rebuilds the history from the run folders and whatever the file "
        "still holds.",
    ).format(path=exc.path, reason=translated(exc.reason), button=translate("HistoryRepair", REBUILD))


def tell(title: str, message: str, parent: QWidget | None = None, *, error: bool = False) -> None:
    if error:
        QMessageBox.critical(parent, title, message)
    else:
        QMessageBox.information(parent, title, message)


def open_history_or_ask(
    data_dir: str | Path | None,
    *,
    ask: Callable[[str], bool] = ask_rebuild,
    inform: Callable[..., None] = tell,
):
    """The opened ``Database``, after a rebuild if the user asked for one; None to quit."""
    from mlmstudio.engine.errors import MLMStudioError
    from mlmstudio.store.database import Database
    from mlmstudio.store.db_errors import DamagedHistoryError
    from mlmstudio.store.history_repair import rebuild_history

    try:
        return Database.open(data_dir)
    except DamagedHistoryError as exc:
        if not ask(damaged_message(exc)):
            return None
        try:
            report = rebuild_history(data_dir)
            db = Database.open(data_dir)
        except MLMStudioError as again:
            inform(translate("HistoryRepair", "MLM Studio cannot start"), translated(str(again)), error=True)
            return None
        inform(translate("HistoryRepair", "History rebuilt"), translated(report.sentence()))
        return db
    except MLMStudioError as exc:
        inform(translate("HistoryRepair", "MLM Studio cannot start"), translated(str(exc)), error=True)
        return None
