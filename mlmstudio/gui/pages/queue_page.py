"""The Queue page: runs waiting in line, their states, their order, and the queue's controls.

It shows what ``QueueController`` reports and asks it to act: start or pause
the queue, remove items, reorder them by dragging rows, and choose what
happens after a crash. A failed item's message shows under the table when it
is selected (and as the row's tooltip). The page runs no SQL and no training.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QItemSelectionModel, Qt, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from mlmstudio import command_hint
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.queue_controller import QueueController
from mlmstudio.gui.queue_table_model import COLUMNS, QueueTableModel
from mlmstudio.gui.theme import MessageLabel
from mlmstudio.store.queue import AfterCrash, ItemState, QueueSettings

AFTER_CRASH_CHOICES = (
    (AfterCrash.WAIT, QT_TRANSLATE_NOOP("QueuePage", "wait for me")),
    (AfterCrash.RESUME, QT_TRANSLATE_NOOP("QueuePage", "resume the run")),
)


def hint_text() -> str:
    return translate(
        "QueuePage",
        "Add runs with “Add to queue” on the Setup page (or <code>{command}</code>). "
        "Drag rows to change the order. A failed run does not stop the queue.",
    ).format(command=command_hint.command("queue add"))


class QueuePage(QWidget):
    def __init__(self, controller: QueueController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.model = QueueTableModel(self)
        self._build()
        self.model.order_changed.connect(controller.reorder)
        controller.items_changed.connect(self._on_items)
        controller.settings_changed.connect(self._on_settings)
        controller.active_changed.connect(self._on_active)
        controller.message.connect(self._on_message)
        self._on_settings(controller.settings)
        self._update_buttons()

    def _build(self) -> None:
        title = QLabel(translate("QueuePage", "Queue"))
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        title.setFont(font)
        self.state_label = QLabel(" ")
        self.state_label.setWordWrap(True)
        self.note_label = MessageLabel("warning")
        self.message_label = QLabel(" ")  # what the queue did last (plain news)
        self.message_label.setWordWrap(True)
        self.error_label = MessageLabel("error")  # what went wrong last

        self.start_button = QPushButton(translate("QueuePage", "Start queue"))
        self.start_button.setToolTip(
            translate(
                "QueuePage",
                "Train the waiting runs one after another, here, with the Train page showing each one.",
            )
        )
        self.start_button.clicked.connect(self.controller.start)
        self.pause_button = QPushButton(translate("QueuePage", "Pause queue"))
        self.pause_button.setToolTip(
            translate("QueuePage", "Start no further run; the one training now finishes.")
        )
        self.pause_button.clicked.connect(self.controller.pause)
        self.remove_button = QPushButton(translate("QueuePage", "Remove"))
        self.remove_button.setToolTip(
            translate(
                "QueuePage", "Take the selected runs out of the queue (a running one must be stopped first)."
            )
        )
        self.remove_button.clicked.connect(self._on_remove)
        self.clear_button = QPushButton(translate("QueuePage", "Clear finished"))
        self.clear_button.setToolTip(
            translate("QueuePage", "Take the done and failed runs off the list (their runs stay in History).")
        )
        self.clear_button.clicked.connect(self.controller.clear_finished)
        self.after_crash_combo = QComboBox()
        for choice, text in AFTER_CRASH_CHOICES:
            self.after_crash_combo.addItem(translate("QueuePage", text), choice.value)
        self.after_crash_combo.setToolTip(
            translate(
                "QueuePage",
                "If the app or '{command}' ends in the middle of a run (a crash, a kill, a power "
                "cut), that run is marked interrupted. Then the queue waits until you start it again, or "
                "resumes the run from its last checkpoint by itself.",
            ).format(command=command_hint.command("queue run"))
        )
        self.after_crash_combo.activated.connect(self._on_after_crash)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.remove_button, self.clear_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(translate("QueuePage", "After a crash:")))
        buttons.addWidget(self.after_crash_combo)

        self.table = QTableView()
        self.table.setAccessibleName(translate("QueuePage", "Queued runs"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setDragEnabled(True)
        self.table.setAcceptDrops(True)
        self.table.setDropIndicatorShown(True)
        self.table.setDragDropOverwriteMode(False)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.table.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for column, name in enumerate(COLUMNS):
            mode = (
                QHeaderView.ResizeMode.Stretch
                if name == "Message"
                else QHeaderView.ResizeMode.ResizeToContents
            )
            header.setSectionResizeMode(column, mode)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)

        self.detail_label = MessageLabel("error")
        hint = QLabel(hint_text())
        hint.setWordWrap(True)
        hint.setTextFormat(Qt.TextFormat.RichText)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.state_label)
        layout.addWidget(self.note_label)
        layout.addLayout(buttons)
        layout.addWidget(self.message_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail_label)
        layout.addWidget(hint)

    # From the controller ------------------------------------------------------------
    @Slot(object)
    def _on_items(self, items) -> None:
        selected = self.selected_ids()
        self.model.set_items(items)
        selection = self.table.selectionModel()
        for item_id in selected:  # the selection follows its item across a new listing
            row = self.model.row_of(item_id)
            if row >= 0:
                selection.select(
                    self.model.index(row, 0),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
                )
        self._update_state()
        self._update_detail()
        self._update_buttons()

    @Slot(object)
    def _on_settings(self, settings: QueueSettings) -> None:
        index = self.after_crash_combo.findData(settings.after_crash.value)
        if index >= 0 and not self.after_crash_combo.view().isVisible():
            self.after_crash_combo.setCurrentIndex(index)
        self.note_label.show_message(settings.note)
        self._update_state()
        self._update_buttons()

    @Slot(bool)
    def _on_active(self, _active: bool) -> None:
        self._update_state()
        self._update_buttons()

    @Slot(str, str)
    def _on_message(self, kind: str, text: str) -> None:
        if kind in ("info", "warning"):
            self.message_label.setText(text)
            self.error_label.show_message("")
        else:
            self.error_label.show_message(text)

    # From the user ----------------------------------------------------------------------
    def selected_ids(self) -> list[int]:
        return [self.model.item(index.row()).id for index in self.table.selectionModel().selectedRows()]

    @Slot()
    def _on_remove(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.controller.remove(ids)

    @Slot(int)
    def _on_after_crash(self, index: int) -> None:
        self.controller.set_after_crash(self.after_crash_combo.itemData(index))

    @Slot()
    def _on_selection(self, *_args) -> None:
        self._update_detail()
        self._update_buttons()

    # Display ----------------------------------------------------------------------------
    def _update_state(self) -> None:
        items = self.model.items()
        waiting = sum(1 for i in items if i.state in (ItemState.WAITING, ItemState.INTERRUPTED))
        running = next((i for i in items if i.state == ItemState.RUNNING), None)
        if self.controller.active:
            text = translate("QueuePage", "The queue is running here: %n waiting.", None, waiting)
        elif self.controller.settings.paused:
            text = translate("QueuePage", "The queue is paused: %n waiting.", None, waiting)
        else:
            text = translate("QueuePage", "The queue is not running here: %n waiting.", None, waiting)
        if running is not None:
            if self.controller.current is not None:
                training = translate("QueuePage", "Item {item} is training here.")
            else:
                training = translate("QueuePage", "Item {item} is training in another process.")
            text += " " + training.format(item=running.id)
        self.state_label.setText(text)

    def _update_detail(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        item = self.model.item(rows[0].row()) if rows else None
        if item is not None and item.message:
            self.detail_label.show_message(
                translate("QueuePage", "Item {item}: {message}").format(
                    item=item.id, message=translated(item.message)
                )
            )
        else:
            self.detail_label.show_message("")

    def _update_buttons(self) -> None:
        items = self.model.items()
        runnable = any(i.state in (ItemState.WAITING, ItemState.INTERRUPTED) for i in items)
        self.start_button.setEnabled(not self.controller.active and runnable)
        self.pause_button.setEnabled(self.controller.active or not self.controller.settings.paused)
        ids = self.selected_ids()
        selected = [i for i in items if i.id in ids]
        self.remove_button.setEnabled(bool(selected) and all(i.state != ItemState.RUNNING for i in selected))
        self.clear_button.setEnabled(any(i.state in (ItemState.DONE, ItemState.FAILED) for i in items))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.controller.set_watched(True)

    def hideEvent(self, event) -> None:
        super().hideEvent(event)
        self.controller.set_watched(False)
