"""Setup → "Start from a model…" → "Also test on": a second, general text (issue 17, item 3).

A continued run adapts to the user's corpus and may forget general language. The text chosen
here (a built-in sample or a file) is the config's ``training.general_text``: every
evaluation also measures the held-out loss on it (engine/general_text.py), so the Train
page draws it as its own curve and ``runs show`` prints its before → after. It is never
trained on. Shown only while a model is chosen; starting a new model clears it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QWidget

from mlmstudio.engine.corpus import SAMPLE_PREFIX
from mlmstudio.engine.samples import SAMPLES
from mlmstudio.gui.i18n import mark_user_text, translate


class GeneralTextPicker(QWidget):
    """None, a built-in sample or a chosen file; ``text_changed`` carries the config's value."""

    text_changed = Signal(str)  # "" (none), "sample:NAME" or a file path

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        label: str | None = None,
        none_text: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        """``label``, ``none_text`` and ``tooltip`` (translated by the caller) let another view
        choose a text the same way (Explore's Per-token loss: "Text:", "its held-out text")."""
        super().__init__(parent)
        self.combo = QComboBox()
        mark_user_text(self.combo)  # sample titles and file paths (its first choice is translated)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(18)
        self.combo.addItem(none_text or translate("GeneralTextPicker", "nothing else"), "")
        for name, info in SAMPLES.items():
            self.combo.addItem(info.title, SAMPLE_PREFIX + name)
        self.combo.setToolTip(
            tooltip
            or translate(
                "GeneralTextPicker",
                "A second, general text the model is also tested on at every evaluation, never "
                "trained on: if its loss rises while the corpus loss falls, the model is forgetting "
                "general language (drawn as its own curve on the Train page). On the command line: "
                "train CORPUS --from MODEL --general-text TEXT.",
            )
        )
        self.combo.activated.connect(self._on_activated)
        self.file_button = QPushButton(translate("GeneralTextPicker", "Choose a file…"))
        self.file_button.setToolTip(
            translate("GeneralTextPicker", "A .txt, .md, .jsonl or .csv file to test on.")
        )
        self.file_button.clicked.connect(self.choose_file)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(label or translate("GeneralTextPicker", "Also test on:")))
        row.addWidget(self.combo, 1)
        row.addWidget(self.file_button)

    def value(self) -> str:
        return str(self.combo.currentData() or "")

    def show_text(self, general_text: str) -> None:
        """Show a config's ``general_text`` without emitting."""
        text = general_text.strip()
        index = self.combo.findData(text)
        if index < 0:
            self.combo.addItem(Path(text).name or text, text)
            index = self.combo.count() - 1
            self.combo.setItemData(index, text, Qt.ItemDataRole.ToolTipRole)  # the whole path
        self.combo.setCurrentIndex(index)

    def choose_file(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("GeneralTextPicker", "A general text to test on"),
            "",
            translate("GeneralTextPicker", "Text files (*.txt *.md *.jsonl *.csv);;All files (*)"),
        )
        if not path:
            return False
        self.use(path)
        return True

    def use(self, general_text: str) -> None:
        self.show_text(general_text)
        self.text_changed.emit(self.value())

    @Slot(int)
    def _on_activated(self, _index: int) -> None:
        self.text_changed.emit(self.value())
