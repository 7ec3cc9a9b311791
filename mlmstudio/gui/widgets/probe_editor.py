"""The probe list of a run in Setup → Advanced: sentences with one [MASK] and the expected answer.

A table of rows the user edits, adds and removes; each bad row is marked with
the config's own sentence (``ProbeSpec.problem``), and the form's message says
what to fix. When the run's list is empty the probes are automatic
(engine/inspect/probes.py): for the facts sample the table shows its questions,
pre-filled, and they stay automatic until the user changes one; for any other
corpus a note says that sentences of the held-out text are picked when the run
starts (``auto_count`` of them). Qt-free state lives in the ``ProbesConfig``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import PROBE_MAX_ITEMS, ProbesConfig, ProbeSpec, field_help
from mlmstudio.engine.samples import fact_probes  # no torch: the sample texts only
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.theme import MessageLabel
from mlmstudio.gui.widgets.config_form import config_text

FACTS_SOURCE = "sample:facts"
BAD_ROW = QColor(220, 60, 60, 60)


class ProbeEditor(QWidget):
    """Edit a ``ProbesConfig``: ``set_values`` shows one, ``apply_to`` reads the edits back."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._source = ""
        self._lowercase = True
        self._showing_defaults = False  # the rows are the sample's own questions, untouched
        self._filling = False
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(
            (translate("ProbeEditor", "Sentence with one [MASK]"), translate("ProbeEditor", "Answer"))
        )
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setMinimumHeight(150)
        self.table.setToolTip(config_text(field_help(ProbesConfig, "items")))
        self.add_button = QPushButton(translate("ProbeEditor", "Add"))
        self.add_button.setToolTip(
            translate(
                "ProbeEditor", "Add a probe: a sentence with [MASK] where the answer goes, and the answer."
            )
        )
        self.remove_button = QPushButton(translate("ProbeEditor", "Remove"))
        self.remove_button.setToolTip(translate("ProbeEditor", "Remove the selected probes."))
        self.defaults_button = QPushButton(translate("ProbeEditor", "Use the defaults"))
        self.defaults_button.setToolTip(
            translate(
                "ProbeEditor",
                "Go back to the automatic probes: the facts sample's questions, "
                "or sentences picked from the held-out text.",
            )
        )
        self.auto_count = QSpinBox()
        self.auto_count.setRange(0, PROBE_MAX_ITEMS)
        self.auto_count.setToolTip(config_text(field_help(ProbesConfig, "auto_count")))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setEnabled(False)
        self.message = MessageLabel("error")

        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.defaults_button):
            buttons.addWidget(button)
        picked = QLabel(translate("ProbeEditor", "Picked when empty:"))
        picked.setWordWrap(True)  # a longer translation wraps rather than widening the page
        picked.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        buttons.addWidget(picked, 1)
        buttons.addWidget(self.auto_count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        layout.addWidget(self.message)

        self.add_button.clicked.connect(self._on_add_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.defaults_button.clicked.connect(self._on_defaults_clicked)
        self.table.itemChanged.connect(self._on_item_changed)
        self.auto_count.valueChanged.connect(self._on_auto_count_changed)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self._update_buttons()

    # The config -------------------------------------------------------------------
    def set_values(
        self, probes: ProbesConfig, source: str | None = None, lowercase: bool | None = None
    ) -> None:
        """Show ``probes`` (for a run on ``source`` with a tokenizer that lower-cases or not: they
        decide the automatic ones)."""
        if source is not None:
            self._source = source.strip().lower()
        if lowercase is not None:
            self._lowercase = lowercase
        self._filling = True
        try:
            self.auto_count.setValue(probes.auto_count)
            rows = [(p.sentence, p.answer) for p in probes.items]
            self._showing_defaults = not rows and self._source == FACTS_SOURCE and probes.auto_count > 0
            if self._showing_defaults:
                rows = fact_probes(self._lowercase)
            self.table.setRowCount(0)
            for sentence, answer in rows:
                self._append(sentence, answer)
        finally:
            self._filling = False
        self._check_rows()
        self._update_note()
        self._update_buttons()

    def apply_to(self, probes: ProbesConfig) -> ProbesConfig:
        """``probes`` with the edits: the rows (none while the defaults are shown) and the count."""
        items = () if self._showing_defaults else self.specs()
        return ProbesConfig(items=items, auto_count=self.auto_count.value())

    def specs(self) -> tuple[ProbeSpec, ...]:
        """The rows as probes, blank rows left out."""
        out = []
        for row in range(self.table.rowCount()):
            sentence, answer = self._text(row, 0), self._text(row, 1)
            if sentence.strip() or answer.strip():
                out.append(ProbeSpec(sentence.strip(), answer.strip()))
        return tuple(out)

    def mark(self, problem: str | None) -> None:
        """Show the form's message about the probes (None: all is well)."""
        if problem:
            self.message.setText(problem)
            self.message.show()
        else:
            self.message.hide()

    def showing_defaults(self) -> bool:
        return self._showing_defaults

    def set_lowercase(self, lowercase: bool) -> None:
        """The tokenizer's lower-casing changed: the automatic facts answers follow it ('Paris')."""
        if lowercase != self._lowercase:
            self._lowercase = lowercase
            if self._showing_defaults:
                self.set_values(ProbesConfig(auto_count=self.auto_count.value()))

    # Rows --------------------------------------------------------------------------
    def _append(self, sentence: str, answer: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(sentence))
        self.table.setItem(row, 1, QTableWidgetItem(answer))

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""

    def _check_rows(self) -> None:
        """Colour each bad row and give it the sentence that says why."""
        self._filling = True
        try:
            for row in range(self.table.rowCount()):
                sentence, answer = self._text(row, 0).strip(), self._text(row, 1).strip()
                problem = None if not (sentence or answer) else ProbeSpec(sentence, answer).problem()
                for column in (0, 1):
                    item = self.table.item(row, column)
                    if item is None:
                        continue
                    item.setBackground(QBrush(BAD_ROW) if problem else QBrush())
                    item.setToolTip(
                        translate("ProbeEditor", "This probe {problem}").format(problem=problem)
                        if problem
                        else ""
                    )
                    if self._showing_defaults:
                        item.setForeground(QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText)))
                    else:
                        item.setForeground(QBrush())
        finally:
            self._filling = False

    def _update_note(self) -> None:
        count = self.auto_count.value()
        if self._showing_defaults:
            text = translate(
                "ProbeEditor",
                "The facts sample's own {count} questions (automatic). Edit, add or "
                "remove one to make the list your own.",
            ).format(count=self.table.rowCount())
        elif self.table.rowCount():
            text = translate("ProbeEditor", "Your own probes, asked at every evaluation.")
        elif count:
            text = translate(
                "ProbeEditor",
                "Empty: the run picks %Ln sentence(s) of the held-out text when it starts, "
                "each with one word hidden.",
                None,
                count,
            )
        else:
            text = translate("ProbeEditor", "No probes: add some, or set how many sentences to pick.")
        self.note.setText(text)

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectionModel().selectedRows()))
        self.add_button.setEnabled(self.table.rowCount() < PROBE_MAX_ITEMS)
        self.defaults_button.setEnabled(not self._showing_defaults and self.table.rowCount() > 0)

    def _made_own(self) -> None:
        """The user changed the list: from now on it is theirs, not the automatic one."""
        self._showing_defaults = False

    # Slots -------------------------------------------------------------------------
    @Slot()
    def _on_add_clicked(self) -> None:
        self._made_own()
        self._filling = True
        try:
            self._append("", "")
        finally:
            self._filling = False
        row = self.table.rowCount() - 1
        self.table.setCurrentCell(row, 0)
        self.table.editItem(self.table.item(row, 0))
        self._after_edit()

    @Slot()
    def _on_remove_clicked(self) -> None:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()}, reverse=True)
        if not rows:
            return
        self._made_own()
        for row in rows:
            self.table.removeRow(row)
        self._after_edit()

    @Slot()
    def _on_defaults_clicked(self) -> None:
        self.set_values(ProbesConfig(auto_count=self.auto_count.value() or ProbesConfig().auto_count))
        self.changed.emit()

    @Slot(QTableWidgetItem)
    def _on_item_changed(self, _item: QTableWidgetItem) -> None:
        if self._filling:
            return
        self._made_own()
        self._after_edit()

    @Slot(int)
    def _on_auto_count_changed(self, _value: int) -> None:
        if not self._filling:
            self._update_note()
            self.changed.emit()

    def _after_edit(self) -> None:
        self._check_rows()
        self._update_note()
        self._update_buttons()
        self.changed.emit()


def probe_problem(problems: dict[tuple[str, str], str]) -> str | None:
    """The Setup form's message about the probes, from ``config_form.field_problems``."""
    return problems.get(("probes", "items")) or problems.get(("probes", "auto_count"))
