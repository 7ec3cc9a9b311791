"""The queue as a table model whose rows the user reorders by dragging.

Rows are ``store.queue.QueueItem`` records, in queue order. A drag inside the
view moves rows with ``moveRows`` (the model does the move itself in
``dropMimeData`` and answers False, so the view never deletes the dragged rows
afterwards, which a plain InternalMove of a custom model would do), and
``order_changed`` carries the new order of item ids for the store to persist.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QApplication

from mlmstudio import command_hint
from mlmstudio.config import length_text as config_length_text
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.widgets.header_fit import SLACK, title_width
from mlmstudio.store.queue import ItemState, QueueItem

MIME_TYPE = "application/x-mlmstudio-queue-rows"
# The columns' keys (compared in code); their headers are translated where shown (header_text).
COLUMNS = ("#", "State", "Name", "Corpus", "Length", "Run", "Message")
COLUMN_HEADERS = {
    "#": "#",
    "State": QT_TRANSLATE_NOOP("QueueTableModel", "State"),
    "Name": QT_TRANSLATE_NOOP("QueueTableModel", "Name"),
    "Corpus": QT_TRANSLATE_NOOP("QueueTableModel", "Corpus"),
    "Length": QT_TRANSLATE_NOOP("QueueTableModel", "Length"),
    "Run": QT_TRANSLATE_NOOP("QueueTableModel", "Run"),
    "Message": QT_TRANSLATE_NOOP("QueueTableModel", "Message"),
}
STATE_WORDS = {
    ItemState.WAITING: QT_TRANSLATE_NOOP("QueueTableModel", "Waiting"),
    ItemState.RUNNING: QT_TRANSLATE_NOOP("QueueTableModel", "Running"),
    ItemState.DONE: QT_TRANSLATE_NOOP("QueueTableModel", "Done"),
    ItemState.FAILED: QT_TRANSLATE_NOOP("QueueTableModel", "Failed"),
    ItemState.INTERRUPTED: QT_TRANSLATE_NOOP("QueueTableModel", "Interrupted"),
    ItemState.REMOVED: QT_TRANSLATE_NOOP("QueueTableModel", "Removed"),
}
STATE_TIPS = {
    ItemState.WAITING: QT_TRANSLATE_NOOP("QueueTableModel", "Waits for its turn."),
    ItemState.RUNNING: QT_TRANSLATE_NOOP("QueueTableModel", "Training now (in this app or in '{command}')."),
    ItemState.DONE: QT_TRANSLATE_NOOP("QueueTableModel", "Its run completed; find it in History."),
    ItemState.FAILED: QT_TRANSLATE_NOOP(
        "QueueTableModel", "Its run failed; the queue went on with the next one."
    ),
    ItemState.INTERRUPTED: QT_TRANSLATE_NOOP(
        "QueueTableModel",
        "Its run ended early (stopped, or its process ended); it resumes "
        "from its last checkpoint when the queue runs again.",
    ),
}


def header_text(column: str) -> str:
    """A column's header, in the user's language."""
    return translate("QueueTableModel", COLUMN_HEADERS[column])


def state_word(state: ItemState) -> str:
    word = STATE_WORDS.get(state)
    return translate("QueueTableModel", word) if word else str(state)


def state_tip(state: ItemState) -> str:
    tip = STATE_TIPS.get(state)
    if not tip:
        return ""
    return translate("QueueTableModel", tip).format(command=command_hint.command("queue run"))


STATE_COLORS = {
    ItemState.FAILED: QColor(200, 40, 40),
    ItemState.DONE: QColor(40, 140, 60),
    ItemState.INTERRUPTED: QColor(190, 120, 0),
}


def length_text(item: QueueItem) -> str:
    """The run's length as the user set it: "until 2 min" for a time budget, else the steps."""
    try:
        training = item.config.training
    except Exception:  # noqa: BLE001 - an unreadable row still lists (its start will fail with a sentence)
        return "?"
    return config_length_text(training)


class QueueTableModel(QAbstractTableModel):
    order_changed = Signal(object)  # list[int]: item ids in their new order, after a drag

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._items: list[QueueItem] = []

    # Contents -----------------------------------------------------------------
    def set_items(self, items: list[QueueItem]) -> None:
        """Show ``items``; nothing happens when they are the same (a poll must not disturb a drag)."""
        if items == self._items:
            return
        same_rows = [i.id for i in items] == [i.id for i in self._items]
        self._items = list(items)
        if same_rows and items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(items) - 1, len(COLUMNS) - 1))
        else:
            self.beginResetModel()
            self.endResetModel()

    def items(self) -> list[QueueItem]:
        return list(self._items)

    def item(self, row: int) -> QueueItem:
        return self._items[row]

    def row_of(self, item_id: int) -> int:
        return next((row for row, item in enumerate(self._items) if item.id == item_id), -1)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return header_text(COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.SizeHintRole:
            # Qt's own measure of a title falls a few pixels short of it: the title would be cut.
            metrics = QFontMetrics(QApplication.font("QHeaderView"))
            return QSize(title_width(header_text(COLUMNS[section])), metrics.height() + 2 * SLACK)
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        item = self._items[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(item, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "State":
                return state_tip(item.state)
            if column == "Message" or item.message:
                return translated(item.message) if item.message else None
            return None
        if role == Qt.ItemDataRole.ForegroundRole and column == "State":
            return STATE_COLORS.get(item.state)
        if role == Qt.ItemDataRole.UserRole:
            return item.id
        return None

    def _text(self, item: QueueItem, column: str) -> str:
        if column == "#":
            return str(item.id)
        if column == "State":
            return state_word(item.state)
        if column == "Name":
            return item.name or translate("QueueTableModel", "(named when it starts)")
        if column == "Corpus":
            return item.corpus_source
        if column == "Length":
            return length_text(item)
        if column == "Run":
            return item.run_id or ""
        return translated(item.message).splitlines()[0] if item.message else ""

    # Reordering by dragging -------------------------------------------------------
    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid():
            return base | Qt.ItemFlag.ItemIsDragEnabled
        return base | Qt.ItemFlag.ItemIsDropEnabled  # drops land between rows, not on them

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, indexes) -> QMimeData:
        rows = sorted({index.row() for index in indexes if index.isValid()})
        data = QMimeData()
        data.setData(MIME_TYPE, QByteArray(",".join(str(r) for r in rows).encode()))
        return data

    def canDropMimeData(self, data, action, row, column, parent) -> bool:
        return data.hasFormat(MIME_TYPE) and action == Qt.DropAction.MoveAction

    def dropMimeData(self, data, action, row, column, parent) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        text = bytes(data.data(MIME_TYPE)).decode()
        rows = [int(r) for r in text.split(",") if r]
        if not rows or rows[-1] - rows[0] != len(rows) - 1:
            return False  # one contiguous block at a time (the view selects single rows)
        target = row if row >= 0 else (parent.row() if parent.isValid() else len(self._items))
        self.moveRows(QModelIndex(), rows[0], len(rows), QModelIndex(), target)
        return False  # moved here already: the view must not remove the source rows

    def moveRows(self, source_parent, source_row, count, destination_parent, destination_child) -> bool:
        last = source_row + count - 1
        if (
            count <= 0
            or source_row < 0
            or last >= len(self._items)
            or not 0 <= destination_child <= len(self._items)
            or source_row <= destination_child <= last + 1
        ):
            return False  # out of range, or dropped onto itself
        if not self.beginMoveRows(QModelIndex(), source_row, last, QModelIndex(), destination_child):
            return False
        moving = self._items[source_row : last + 1]
        rest = self._items[:source_row] + self._items[last + 1 :]
        insert_at = destination_child if destination_child < source_row else destination_child - count
        self._items = rest[:insert_at] + moving + rest[insert_at:]
        self.endMoveRows()
        self.order_changed.emit([item.id for item in self._items])
        return True
