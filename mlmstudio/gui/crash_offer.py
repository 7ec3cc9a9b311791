"""After the first frame: when the last session crashed, offer the crash report's zip (``crash_report``).

The question is a non-modal message box over the window: the app is usable
while it is up. The zip is written in the background (the doctor's report
imports torch and opens the history) and its path is said in a second box and
in the status bar. "Don't report" forgets the trace; closing the box with
neither keeps it for the next start. Nothing is sent anywhere.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from mlmstudio.crash_report import Recorder
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate

log = logging.getLogger(__name__)

QUESTION = QT_TRANSLATE_NOOP(
    "CrashOffer",
    "MLM Studio ended unexpectedly last time. It can put what it recorded (the error's trace, "
    "the versions of its parts, the run's settings and the last log lines) into one zip file in "
    "your data folder, for you to attach to a bug report. No corpus text goes in, and nothing is sent anywhere.",
)


class CrashOffer(QObject):
    """The offer for one window; ``check()`` asks when something is pending, else does nothing."""

    def __init__(self, window: QWidget, recorder: Recorder) -> None:
        super().__init__(window)
        self._window = window
        self._recorder = recorder
        self.box: QMessageBox | None = None
        self.done_box: QMessageBox | None = None
        self._call: BackgroundCall | None = None
        self.zip_path: Path | None = None

    def check(self) -> None:
        try:
            pending = self._recorder.pending()
        except OSError as exc:  # an unreadable crash folder costs the offer, not the start
            log.warning("Could not look for a crash trace: %s", exc)
            return
        if not pending:
            return
        box = QMessageBox(
            QMessageBox.Icon.Information,
            translate("CrashOffer", "Make a crash report?"),
            translate("CrashOffer", QUESTION),
            parent=self._window,
        )
        self._make = box.addButton(translate("CrashOffer", "Make the zip"), QMessageBox.ButtonRole.AcceptRole)
        self._forget = box.addButton(
            translate("CrashOffer", "Don't report"), QMessageBox.ButtonRole.DestructiveRole
        )
        box.addButton(translate("CrashOffer", "Later"), QMessageBox.ButtonRole.RejectRole)
        box.setModal(False)
        box.buttonClicked.connect(self._on_answer)
        self.box = box
        box.show()

    def _on_answer(self, button) -> None:
        if button is self._make:
            self._call = BackgroundCall(self._recorder.build_report, name="crash-report", parent=self)
            self._call.succeeded.connect(self._on_written)
            self._call.failed.connect(self._on_failed)
            self._call.start()
        elif button is self._forget:
            try:
                self._recorder.dismiss()
            except OSError as exc:
                log.warning("Could not forget the crash trace: %s", exc)

    def _on_written(self, path: Path) -> None:
        self.zip_path = Path(path)
        self._tell(
            translate("CrashOffer", "Crash report written"),
            translate("CrashOffer", "The crash report is in\n{path}\nNothing was sent anywhere.").format(
                path=path
            ),
        )
        show_status = getattr(self._window, "show_status", None)
        if show_status is not None:
            show_status(translate("CrashOffer", "Crash report written: {path}").format(path=path))

    def _on_failed(self, exc: BaseException) -> None:
        self._tell(
            translate("CrashOffer", "No crash report"),
            translate(
                "CrashOffer",
                "The crash report could not be written: {error}. The trace is kept for next time.",
            ).format(error=translated(str(exc))),
        )

    def _tell(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=self._window)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)  # the path can be copied
        box.setModal(False)
        self.done_box = box
        box.show()

    def wait(self) -> None:
        """Let a zip being written finish before the app exits."""
        if self._call is not None:
            self._call.wait()
