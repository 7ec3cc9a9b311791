"""File → Open a Model…: pick a masked language model from the local Hugging Face cache, or a folder.

The dialog is shaped like a file dialog for models: the models the local Hugging Face cache
holds (``HF_HUB_CACHE``, else ``HF_HOME/hub``), each with its family, or the reason it cannot
be opened (a text generator, a link to a deleted file), and "Choose a folder…" for a
transformers folder on disk. Nothing is downloaded. Both the listing (it reads every cached
config.json) and the opening (it maps and writes the weights, seconds for a large model) run
off the GUI thread through a ``TaskRunner``, with a busy bar; torch is imported only there.
An opened model becomes a finished run of kind "imported" (``store/imported_runs.py``), and
``opened`` hands its id to the window, which refreshes the run list and shows it on Explore. A
folder whose files are unchanged since it was opened gets the run that already holds it back
(``last_reused``), and the window says so: no second run was recorded.
A model that cannot be opened gets its sentence in the dialog, and nothing is written.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.background import TaskRunner, show_busy, user_message
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.theme import message_color
from mlmstudio.gui.widgets.wrapped_label import WrappedLabel

if TYPE_CHECKING:  # SQLAlchemy is not needed to import the dialog (the window's start: test_startup)
    from mlmstudio.store.database import Database

log = logging.getLogger(__name__)

ERROR_COLOR = "#CC3311"
LIST_TOPIC = "list"
OPEN_TOPIC = "open"
MODEL, FAMILY, STATE = range(3)
SNAPSHOT_ROLE = Qt.ItemDataRole.UserRole + 1


def _list_cache() -> tuple[Path, list[Any]]:
    """(the cache folder, its models): in a worker, since reading a config imports the engine."""
    from mlmstudio.engine.hf_import.hub_cache import hub_cache_dir, list_cached_models

    cache = hub_cache_dir()
    return cache, list_cached_models(cache)


class OpenModelDialog(QDialog):
    """The cached models and a folder chooser; opening records an imported run."""

    opened = Signal(str)  # the id of the imported run
    failed = Signal(str)  # opening failed: the sentence shown
    listed = Signal()  # the cache's models are in the list
    busy_changed = Signal(bool)

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.setWindowTitle(translate("OpenModelDialog", "Open a Model"))
        self.runner = TaskRunner(self)
        self.last_origin: Any = None  # the Origin of the model opened last
        self.last_reused = False  # whether that model was already open (its run given back)
        self.last_name = ""  # the name of its run
        self._busy = False

        # Wrapped labels that count all their lines (WrappedLabel): a plain QLabel's minimum is one
        # or two lines at a guessed width, so when the listing's sentence took a second line the
        # dialog kept its height and the note was drawn over the bottom of the model list.
        self.cache_label = WrappedLabel(translate("OpenModelDialog", "Reading the local Hugging Face cache…"))
        self.cache_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.models = QTreeWidget()
        self.models.setHeaderLabels(
            [translate("OpenModelDialog", "Model"), translate("OpenModelDialog", "Family"), ""]
        )
        self.models.setRootIsDecorated(False)
        self.models.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.models.header().setSectionResizeMode(MODEL, QHeaderView.ResizeMode.ResizeToContents)
        self.models.header().setStretchLastSection(True)
        self.models.setMinimumSize(560, 220)
        self.note = WrappedLabel(
            translate(
                "OpenModelDialog",
                "MLM Studio never downloads. A model opens from the cache that transformers or "
                "huggingface-cli filled, or from a folder that save_pretrained wrote.",
            )
        )
        self.message = WrappedLabel()
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # no known end: a moving bar
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.busy_label = QLabel()
        self.busy_label.hide()
        self.folder_button = QPushButton(translate("OpenModelDialog", "Choose a folder…"))
        self.folder_button.setToolTip(
            translate(
                "OpenModelDialog", "Open a transformers folder (config.json, model.safetensors, tokenizer)"
            )
        )
        self.open_button = QPushButton(translate("OpenModelDialog", "Open"))
        self.open_button.setDefault(True)
        self.open_button.setToolTip(
            translate("OpenModelDialog", "Open the chosen model of the cache as a run in the history")
        )
        self.cancel_button = QPushButton(translate("OpenModelDialog", "Cancel"))

        buttons = QHBoxLayout()
        buttons.addWidget(self.folder_button)
        buttons.addWidget(self.busy_bar)
        buttons.addWidget(self.busy_label)
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.cache_label)
        layout.addWidget(self.models, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.message)
        layout.addLayout(buttons)

        self.folder_button.clicked.connect(self.choose_folder)
        self.open_button.clicked.connect(self.open_selected)
        self.cancel_button.clicked.connect(self.reject)
        self.models.itemSelectionChanged.connect(self._update_actions)
        self.models.itemDoubleClicked.connect(lambda *_: self.open_selected())
        self.runner.busy_changed.connect(self._on_busy_changed)
        self._update_actions()

    # -- public API ---------------------------------------------------------------------

    def refresh_cache(self) -> None:
        """List the cache's models again, in a worker (``listed`` when they are shown)."""
        self.runner.run(_list_cache, self._on_listed, self._on_list_failed, topic=LIST_TOPIC, name="hf-cache")

    def show_for_opening(self) -> None:
        """Show the dialog (window-modal) with a fresh listing and no old message."""
        self.clear_message()
        self.refresh_cache()
        self.open()

    def cached_models(self) -> list[tuple[str, str, str]]:
        """(model, family, why it cannot be opened or "") for each row, as shown."""
        rows = []
        for n in range(self.models.topLevelItemCount()):
            item = self.models.topLevelItem(n)
            problem = "" if item.data(MODEL, SNAPSHOT_ROLE) else item.toolTip(STATE)
            rows.append((item.text(MODEL), item.text(FAMILY), problem))
        return rows

    def select_model(self, repo_id: str) -> bool:
        for n in range(self.models.topLevelItemCount()):
            item = self.models.topLevelItem(n)
            if item.text(MODEL) == repo_id and item.data(MODEL, SNAPSHOT_ROLE):
                self.models.setCurrentItem(item)
                return True
        return False

    @Slot()
    def open_selected(self) -> bool:
        """Open the model chosen in the list; False when none that opens is chosen."""
        item = self.models.currentItem()
        snapshot = item.data(MODEL, SNAPSHOT_ROLE) if item is not None else None
        if not snapshot or self.is_busy():
            return False
        return self.open_folder(Path(snapshot), name=item.text(MODEL))

    @Slot()
    def choose_folder(self) -> bool:
        """Ask for a transformers folder and open it."""
        if self.is_busy():
            return False
        path = QFileDialog.getExistingDirectory(
            self, translate("OpenModelDialog", "Open a transformers model folder"), str(Path.home())
        )
        if not path:
            return False
        return self.open_folder(Path(path))

    def open_folder(self, source: Path, *, name: str | None = None) -> bool:
        """Open ``source`` into the history as an imported run, in a worker; ``opened`` or ``failed`` follows."""
        if self.is_busy():
            return False
        self.clear_message()
        db = self.db

        def work() -> Any:
            from mlmstudio.store.imported_runs import open_imported_model

            return open_imported_model(db, source, name=name)

        self.busy_label.setText(
            translate("OpenModelDialog", "Opening {name}…").format(name=name or source.name)
        )
        self.runner.run(work, self._on_opened, self._on_open_failed, topic=OPEN_TOPIC, name="open-model")
        self._on_busy_changed()  # the runner says so only when nothing else (a listing) was running
        return True

    def is_busy(self) -> bool:
        """Whether a model is being opened (the listing does not count: it may be left behind)."""
        return self.runner.is_busy(OPEN_TOPIC, any_topic=False)

    def wait_idle(self, msecs: int = 120_000) -> bool:
        """Block until the listing and any opening have ended (window shutdown, tests)."""
        return self.runner.wait_idle(msecs)

    def message_text(self) -> str:
        return self.message.text() if not self.message.isHidden() else ""

    def clear_message(self) -> None:
        self.message.clear()
        self.message.hide()

    # -- closing ------------------------------------------------------------------------

    def reject(self) -> None:
        # While a model is being written into the history the dialog stays: its answer is wanted.
        if not self.is_busy():
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.is_busy():
            event.ignore()
            return
        super().closeEvent(event)

    # -- results ------------------------------------------------------------------------

    def _on_listed(self, result: tuple[Path, list[Any]]) -> None:
        cache, found = result
        self.models.clear()
        for model in found:
            item = QTreeWidgetItem([model.repo_id, model.family, ""])
            if model.problem:
                item.setText(
                    STATE,
                    translate("OpenModelDialog", "cannot be opened: {reason}").format(reason=model.problem),
                )
                item.setToolTip(STATE, model.problem)
                item.setToolTip(MODEL, model.problem)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                item.setForeground(STATE, self.palette().placeholderText())
            else:
                item.setData(MODEL, SNAPSHOT_ROLE, str(model.snapshot))
                item.setToolTip(MODEL, str(model.snapshot))
            self.models.addTopLevelItem(item)
        openable = sum(1 for m in found if not m.problem)
        if found:
            self.cache_label.setText(
                translate(
                    "OpenModelDialog",
                    "Models in the local Hugging Face cache ({cache}): {openable} of {count} can be opened.",
                ).format(cache=cache, openable=openable, count=len(found))
            )
        else:
            self.cache_label.setText(
                translate(
                    "OpenModelDialog",
                    "The local Hugging Face cache ({cache}) holds no models. Choose a folder instead, "
                    "or set HF_HUB_CACHE or HF_HOME to where your models are.",
                ).format(cache=cache)
            )
        first = next((self.models.topLevelItem(n) for n in range(self.models.topLevelItemCount())), None)
        if first is not None and first.data(MODEL, SNAPSHOT_ROLE):
            self.models.setCurrentItem(first)
        self._update_actions()
        self.listed.emit()

    def _on_list_failed(self, exc: BaseException) -> None:
        self.cache_label.setText(
            user_message(exc, translate("OpenModelDialog", "Reading the local Hugging Face cache"))
        )
        self.listed.emit()

    def _on_opened(self, result: Any) -> None:
        """``result``: the ``store.imported_runs.ImportedRun`` that holds the model."""
        self._on_busy_changed()
        self.last_origin, self.last_reused, self.last_name = result.origin, result.reused, result.name
        # Two literal templates: the crash report keeps only log lines whose template it can find.
        if result.reused:
            log.info("Reused a model as run %s", result.run_id)
        else:
            log.info("Opened a model as run %s", result.run_id)
        self.accept()
        self.opened.emit(result.run_id)

    def _on_open_failed(self, exc: BaseException) -> None:
        self._on_busy_changed()
        text = user_message(exc, translate("OpenModelDialog", "Opening the model"))
        self.message.setText(text)
        self.message.setStyleSheet(
            f"QLabel {{ color: {message_color('error', QGuiApplication.palette())}; }}"
        )
        self.message.show()
        self.failed.emit(text)

    @Slot()
    def _on_busy_changed(self, *_args: object) -> None:
        busy = self.is_busy()
        if busy == self._busy:
            return
        self._busy = busy
        show_busy(self, busy, self.busy_bar, self.busy_label)
        self._update_actions()
        self.busy_changed.emit(busy)

    @Slot()
    def _update_actions(self) -> None:
        busy = self.is_busy()
        item = self.models.currentItem()
        self.open_button.setEnabled(not busy and item is not None and bool(item.data(MODEL, SNAPSHOT_ROLE)))
        self.folder_button.setEnabled(not busy)
        self.cancel_button.setEnabled(not busy)
        self.models.setEnabled(not busy)
