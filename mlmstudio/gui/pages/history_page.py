"""History: every run ever trained, to sort, filter, annotate, compare, export or resume.

The table is a model/view pair (`runs_table_model`) so a history of thousands
of runs stays fast; its model belongs to the window's shared `RunList`, so a
rename here shows on Explore at once. Exports and imports run in a worker
thread with a busy state. Everything that changes a run goes through the store's
service functions, the same ones the command line uses; this page only asks
the user and shows the outcome. Resuming and exploring are handed to the main
window through signals, because the window owns the training worker and the
Explore page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.hf_compat import can_export_hf, hf_architecture
from mlmstudio.engine.run_status import ACTIVE_STATUSES, RESUMABLE_STATUSES
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.run_colors import run_color
from mlmstudio.gui.run_list import RunList
from mlmstudio.gui.runs_table_model import ALL, COLUMN_INDEX, RunsFilterProxy
from mlmstudio.gui.widgets.compare_view import CompareView
from mlmstudio.gui.widgets.probe_plot import ProbePlot
from mlmstudio.store import compare, service
from mlmstudio.store.database import Database
from mlmstudio.store.records import Curve, RunSummary
from mlmstudio.store.run_lock import owner_alive

log = logging.getLogger(__name__)

BUNDLE_FILTER = "MLM Studio run (*.mlmrun)"
NAME_MAX_WIDTH = 240  # px; a longer name is elided (the full name is in the tooltip)
COMPARE_DELAY_MS = 150  # selecting runs shows their curves once the selection settles
NO_RUNS_HINT = (
    "No runs yet. Train one on the Train page (or pick a sample in Help → Welcome), "
    "or add one with Import run."
)


def curve_loader(db: Database) -> Callable[[str, str], Curve | None]:
    """Load one run's curve of one metric ("val_loss", ...) for the compare view."""

    def load(run_id: str, metric: str) -> Curve | None:
        curve = compare.load_curves(db, [run_id], metric)[run_id]
        return curve if len(curve) else None

    return load


def hf_export_state(run: RunSummary) -> tuple[bool, str]:
    """Whether a run can be exported to Hugging Face, and if not, why (for the tooltip)."""
    if run.config is None:
        return False, "This run's stored configuration can no longer be read."
    ok, reason = can_export_hf(run.config)
    if not ok:
        return False, reason
    if not run.has_model:
        return False, run.no_model_reason()
    return True, f"Write a folder that Hugging Face transformers loads ({hf_architecture(run.config)})."


class HistoryPage(QWidget):
    """The table of runs with its filters and actions, and the comparison below it."""

    resume_requested = Signal(str)  # run id; the window resumes it through its training worker
    explore_requested = Signal(str)  # run id; the window shows it on the Explore page
    status_message = Signal(str)
    # Exports and imports run off the GUI thread; each ends with one of these.
    exported = Signal(object)  # Path of the .mlmrun written
    imported = Signal(str)  # id of the run added
    hf_exported = Signal(object)  # Path of the Hugging Face folder written
    job_failed = Signal(str)  # the sentence shown
    busy_changed = Signal(bool)

    def __init__(self, db: Database, runs: RunList | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._hf_cache: dict[str, tuple[bool, str]] = {}
        self._kept_selection: list[str] = []
        self._columns_fitted = False  # the first listing sizes the columns exactly; later ones only widen

        # The runs are shared with the other pages (the window owns one RunList).
        self.runs = runs if runs is not None else RunList(db, self)
        self.model = self.runs.model
        self.runner = TaskRunner(self)
        self._busy_what = ""
        self.proxy = RunsFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        # -- filters --
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter by name, id, notes, tokenizer, …")
        self.filter_edit.setClearButtonEnabled(True)
        self.tag_combo = QComboBox()
        self.tag_combo.setToolTip("Show only runs with this tag")
        self.tag_combo.setMinimumContentsLength(10)
        self.status_combo = QComboBox()
        self.status_combo.setToolTip("Show only runs with this status")
        self.count_label = QLabel()
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 2)
        filters.addWidget(QLabel("Tag:"))
        filters.addWidget(self.tag_combo, 1)
        filters.addWidget(QLabel("Status:"))
        filters.addWidget(self.status_combo, 1)
        filters.addWidget(self.count_label)

        # -- actions (buttons, the table's context menu and shortcuts share them) --
        self.compare_action = self._action("Compare", "Overlay the curves of the selected runs", "")
        self.explore_action = self._action("Explore", "Ask the selected run's model to fill in blanks", "")
        self.resume_action = self._action(
            "Resume", "Continue an interrupted or stopped run from its last checkpoint", ""
        )
        self.rename_action = self._action("Rename…", "Give the selected run a new name", "F2")
        self.delete_action = self._action(
            "Delete…", "Delete the selected runs and their files", QKeySequence.StandardKey.Delete
        )
        self.export_action = self._action(
            "Export run…",
            "Save the selected run as one .mlmrun file (settings, curves, tokenizer and weights)",
            "",
        )
        self.import_action = self._action("Import run…", "Add a run from a .mlmrun file", "")
        self.import_folder_action = self._action(
            "Import folder…",
            "Add a run folder trained elsewhere: the run folder a capsule's launch.sh "
            "wrote, or one from `mlmstudio train --out`",
            "",
        )
        self.hf_action = self._action(
            "Export to Hugging Face…", "Write a folder that Hugging Face transformers loads", ""
        )
        self.refresh_action = self._action(
            "Reload", "Read the history again", QKeySequence.StandardKey.Refresh
        )
        self.find_action = self._action("Find", "Filter the runs", QKeySequence.StandardKey.Find)
        actions = QHBoxLayout()
        for action in (
            self.compare_action,
            self.explore_action,
            self.resume_action,
            None,
            self.rename_action,
            self.delete_action,
            None,
            self.export_action,
            self.import_action,
            self.import_folder_action,
            self.hf_action,
            None,
            self.refresh_action,
        ):
            if action is None:
                actions.addSpacing(12)
                continue
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            actions.addWidget(button)
        actions.addStretch(1)
        self.busy_label = QLabel()
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # no known end: a moving bar
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        for widget in (self.busy_label, self.busy_bar):
            widget.hide()
            actions.addWidget(widget)

        # -- the table --
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COLUMN_INDEX["Created"], Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setResizeContentsPrecision(200)  # size columns from a sample, not all 1,000 rows
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for action in (
            self.compare_action,
            self.explore_action,
            self.resume_action,
            self.rename_action,
            self.delete_action,
            self.export_action,
            self.hf_action,
        ):
            self.table.addAction(action)

        # -- details of the selected run: notes and tags are edited here --
        self.details_title = QLabel()
        self.details_title.setWordWrap(True)
        self.details_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_message = QLabel()
        self.details_message.setWordWrap(True)
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setPlaceholderText("Notes about this run: what you tried, what you saw.")
        self.tags_edit = QLineEdit()
        self.tags_edit.setPlaceholderText("baseline, 30% masking, …")
        self.tags_edit.setToolTip("Tags separated by commas")
        self.save_details_button = QPushButton("Save notes and tags")
        details = QWidget()
        # Labels above their fields, so the pane can be narrow and leave the table its columns.
        form = QVBoxLayout(details)
        form.setContentsMargins(6, 0, 0, 0)
        for widget in (
            self.details_title,
            self.details_message,
            QLabel("Notes:"),
            self.notes_edit,
            QLabel("Tags:"),
            self.tags_edit,
        ):
            form.addWidget(widget)
        form.addWidget(self.save_details_button, 0, Qt.AlignmentFlag.AlignRight)
        form.addStretch(1)
        details.setMinimumWidth(200)
        self.details = details

        self.compare_view = CompareView()
        # Selecting runs shows their curves at once (the Compare button does the same, explicitly).
        self._compare_timer = QTimer(self)
        self._compare_timer.setSingleShot(True)
        self._compare_timer.setInterval(COMPARE_DELAY_MS)
        self._compare_timer.timeout.connect(self._compare_selection)

        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.table)
        top.addWidget(details)
        top.setStretchFactor(0, 4)
        top.setStretchFactor(1, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        # The selected run's probes (engine/inspect/probes.py) in a tab beside the curves.
        self.probe_plot = ProbePlot()
        self.probe_plot.empty_label.setText(
            "Select a run to see its probes: how sure the model "
            "was of each probe's answer at every evaluation."
        )
        self.curve_tabs = QTabWidget()
        self.curve_tabs.addTab(self.compare_view, "Curves")
        self.curve_tabs.addTab(self.probe_plot, "Probes")
        self.splitter.addWidget(self.curve_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addLayout(actions)
        layout.addWidget(self.splitter, 1)

        self.filter_edit.textChanged.connect(self._on_filter_changed)
        self.tag_combo.currentIndexChanged.connect(self._on_tag_changed)
        self.status_combo.currentIndexChanged.connect(self._on_status_changed)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.table.doubleClicked.connect(self._on_double_clicked)
        self.compare_action.triggered.connect(self._on_compare_triggered)
        self.explore_action.triggered.connect(self._on_explore_triggered)
        self.resume_action.triggered.connect(self._on_resume_triggered)
        self.rename_action.triggered.connect(self._on_rename_triggered)
        self.delete_action.triggered.connect(self._on_delete_triggered)
        self.export_action.triggered.connect(self._on_export_triggered)
        self.import_action.triggered.connect(self._on_import_triggered)
        self.import_folder_action.triggered.connect(self._on_import_folder_triggered)
        self.hf_action.triggered.connect(self._on_hf_triggered)
        self.refresh_action.triggered.connect(self.refresh)
        self.find_action.triggered.connect(self.filter_edit.setFocus)
        self.save_details_button.clicked.connect(self._on_save_details_clicked)
        self.compare_view.status_message.connect(self.status_message)
        self.model.modelAboutToBeReset.connect(self._on_runs_about_to_change)
        self.runs.changed.connect(self._on_runs_changed)
        self.runs.run_updated.connect(self._on_run_updated)
        self.runner.busy_changed.connect(self._on_busy_changed)
        self.runs.failed.connect(self._report)
        if self.runs.loaded:
            self._on_runs_changed()
        elif not self.runs.is_loading():
            self.refresh()

    def _fit_columns(self) -> None:
        """Every column at least as wide as its contents and title, so nothing is clipped.

        The first time there are runs, columns take exactly that width; after
        that they only grow (a run goes from "running" to "completed", a step
        count gains a digit), so a width the user made wider is kept. A long
        run name is not allowed to push the other columns away.
        """
        header = self.table.horizontalHeader()
        for column in range(self.model.columnCount()):
            wanted = max(self.table.sizeHintForColumn(column), header.sectionSizeHint(column))
            if column == COLUMN_INDEX["Name"]:
                wanted = min(wanted, NAME_MAX_WIDTH)
            if not self._columns_fitted or header.sectionSize(column) < wanted:
                self.table.setColumnWidth(column, wanted)
        self._columns_fitted = True

    def _action(self, text: str, tip: str, shortcut: Any) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(action)
        return action

    # -- public API ---------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Read the runs from the history again (for every page), keeping the selection and filters.

        With the window's list this happens in a worker thread; a failure is reported when it ends.
        """
        self.runs.refresh()

    def is_busy(self) -> bool:
        """Whether an export or import is running."""
        return self.runner.is_busy()

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Block until exports and imports have ended (window shutdown)."""
        return self.runner.wait_idle(msecs)

    @Slot()
    def _on_runs_about_to_change(self) -> None:
        self._kept_selection = self.selected_run_ids()

    @Slot()
    def _on_runs_changed(self) -> None:
        """A new listing arrived (from this page or another): redraw around it."""
        self._hf_cache.clear()
        if self.model.rowCount():
            self._fit_columns()  # grow to new contents; the user's wider widths are kept
        self.compare_view.set_hint("" if self.model.rowCount() else NO_RUNS_HINT)
        self._fill_combo(self.tag_combo, "All tags", self.model.all_tags())
        self._fill_combo(self.status_combo, "All statuses", self.model.all_statuses())
        self.select_runs(self._kept_selection)
        self._update_count()
        self._on_selection_changed()
        # A compared run that was deleted disappears from the comparison.
        shown = [r for r in self.compare_view.runs() if self.model.row_of(r.id) is not None]
        if len(shown) != len(self.compare_view.runs()):
            self.compare(run.id for run in shown)

    def run_count(self) -> int:
        """Runs shown after filtering."""
        return self.proxy.rowCount()

    def shown_run_ids(self) -> list[str]:
        return [self.proxy.run_id_at(row) for row in range(self.proxy.rowCount())]

    def selected_run_ids(self) -> list[str]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.proxy.run_id_at(row) for row in rows]

    def selected_runs(self) -> list[RunSummary]:
        return [self.model.run_at(self.model.row_of(run_id)) for run_id in self.selected_run_ids()]

    def select_runs(self, run_ids) -> None:
        selection = self.table.selectionModel()
        selection.clearSelection()
        first = True
        for run_id in run_ids:
            row = self.model.row_of(run_id)
            if row is None:
                continue
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            if not index.isValid():
                continue  # filtered out
            flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            selection.select(index, flags)
            if first:
                selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
                first = False

    def set_text_filter(self, text: str) -> None:
        self.filter_edit.setText(text)

    def set_tag_filter(self, tag: str) -> None:
        self.tag_combo.setCurrentIndex(max(0, self.tag_combo.findData(tag)))

    def set_status_filter(self, status: str) -> None:
        self.status_combo.setCurrentIndex(max(0, self.status_combo.findData(status)))

    def compare(self, run_ids, announce: bool = True) -> None:
        """Overlay these runs' curves and tabulate their settings below the table."""
        runs = [self.model.run_at(row) for row in (self.model.row_of(r) for r in run_ids) if row is not None]
        self.compare_view.set_runs(runs, curve_loader(self.db))
        self._show_probes(runs)
        if runs and announce:
            self.status_message.emit(f"Comparing {len(runs)} run{'s' if len(runs) > 1 else ''}.")

    def _show_probes(self, runs: list[RunSummary]) -> None:
        """The Probes tab: one run's probe curves, or several runs' one probe at a time (a few
        hundred rows each: read at once)."""
        loaded = []
        for run in runs:
            try:
                loaded.append((run, service.load_probe_curves(self.db, run.id)))
            except Exception:  # noqa: BLE001 - the curves tab still works; the tab says none
                log.exception("Could not load the probes of run %s", run.id)
        with_probes = [(run, curves) for run, curves in loaded if curves]
        if len(runs) == 1:
            self.probe_plot.show_curves(with_probes[0][1] if with_probes else [])
        else:
            self.probe_plot.show_comparison(
                [(run.name, run_color(run.id), curves) for run, curves in with_probes]
            )
        if not runs:
            self.probe_plot.empty_label.setText(
                "Select a run to see its probes: how sure the model "
                "was of each probe's answer at every evaluation."
            )
        elif not with_probes:
            self.probe_plot.empty_label.setText(
                "No probes recorded (runs trained before probes existed, or with none set in Setup)."
            )
        count = len(with_probes[0][1]) if len(runs) == 1 and with_probes else 0
        self.curve_tabs.setTabText(
            1,
            f"Probes ({count})"
            if count
            else f"Probes ({len(with_probes)} runs)"
            if len(with_probes) > 1
            else "Probes",
        )

    @Slot()
    def _compare_selection(self) -> None:
        """Show the selected runs' curves (curves are read again: a run may have trained on)."""
        ids = self.selected_run_ids()
        if ids:
            self.compare(ids, announce=False)

    # Each change below is also reachable from the buttons; these are what they call.

    def rename_run(self, run_id: str, name: str) -> bool:
        return self._change(
            lambda: service.rename_run(self.db, run_id, name), f"Renamed to '{name.strip()}'."
        )

    def set_notes(self, run_id: str, notes: str) -> bool:
        return self._change(lambda: service.set_notes(self.db, run_id, notes), "Notes saved.")

    def set_tags(self, run_id: str, tags: list[str]) -> bool:
        run = self.model.run_at(self.model.row_of(run_id))
        wanted = [t for t in (" ".join(t.split()) for t in tags) if t]
        remove = [t for t in run.tags if t not in wanted]
        changed = self._change(
            lambda: service.tag_run(self.db, run_id, add=wanted, remove=remove), "Tags saved."
        )
        if changed:  # a new tag appears in the tag filter
            self._fill_combo(self.tag_combo, "All tags", self.model.all_tags())
        return changed

    def delete_runs(self, run_ids: list[str], confirm: bool = True) -> list[str]:
        """Delete runs and their files after asking; return the ids deleted."""
        if not run_ids:
            return []
        runs = [self.model.run_at(self.model.row_of(r)) for r in run_ids if self.model.row_of(r) is not None]
        live = [r for r in runs if r.status in ACTIVE_STATUSES]
        if live:
            self._report(
                f"'{live[0].name}' is {live[0].status}; stop it on the Train page before deleting it."
            )
            return []
        if confirm:
            what = f"the run '{runs[0].name}'" if len(runs) == 1 else f"{len(runs)} runs"
            answer = QMessageBox.question(
                self,
                "Delete runs",
                f"Delete {what}, with its curves, checkpoints and model files? This cannot be undone.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return []
        deleted = []
        for run in runs:
            try:
                deleted.append(service.delete_run(self.db, run.id))
            except MLMStudioError as exc:
                self._report(f"'{run.name}' was not deleted: {exc}")
        self.runs.remove(deleted)  # gone from every page at once; the listing below confirms it
        self.refresh()
        if deleted:
            self.status_message.emit(f"Deleted {len(deleted)} run{'s' if len(deleted) > 1 else ''}.")
        return deleted

    # Exports and imports copy and hash hundreds of MB for a base model: they run in a
    # worker thread; the page shows a busy state and ends with a signal and a message.

    def export_bundle(self, run_id: str, path: str | Path, *, overwrite: bool = False) -> bool:
        """Start writing the run as a .mlmrun file; ``exported`` (or ``job_failed``) when done.

        An existing file is refused unless ``overwrite`` (the save dialog has asked).
        """
        db = self.db

        def work() -> Path:
            from mlmstudio.store import bundle

            return Path(bundle.export_bundle(db, run_id, path, overwrite=overwrite))

        def done(written: Path) -> None:
            self.status_message.emit(f"Run saved to {written}")
            self.exported.emit(written)

        return self._start("Exporting the run…", work, done, "The run was not exported")

    def import_bundle(self, path: str | Path) -> bool:
        """Start adding the run in a .mlmrun file; ``imported`` with its id (or ``job_failed``) when done."""
        db = self.db

        def work() -> RunSummary:
            from mlmstudio.store import bundle

            return service.get_run(db, bundle.import_bundle(db, path)).summary

        return self._start("Importing the run…", work, self._on_run_imported, "The file was not imported")

    def import_folder(self, path: str | Path) -> bool:
        """Start adding a run folder trained elsewhere; ``imported`` with its id (or ``job_failed``)."""
        db = self.db

        def work() -> RunSummary:
            from mlmstudio.store.folder_import import import_run_folder

            return service.get_run(db, import_run_folder(db, path)).summary

        return self._start(
            "Importing the run folder…", work, self._on_run_imported, "The folder was not imported"
        )

    def _on_run_imported(self, run: RunSummary) -> None:
        run_id = run.id
        self.runs.put(run)  # listed at once, on every page
        self.select_runs([run_id])
        self.refresh()
        self.status_message.emit(f"Imported run {run_id}.")
        self.imported.emit(run_id)

    def export_hf(self, run_id: str, out_dir: str | Path, *, overwrite: bool = False) -> bool:
        """Start writing a Hugging Face folder; ``hf_exported`` (or ``job_failed``) when done.

        A folder that already holds files is refused unless ``overwrite`` (the dialog asks first).
        """
        db = self.db

        def work() -> Path:
            return Path(service.export_hf_run(db, run_id, out_dir, overwrite=overwrite))

        def done(written: Path) -> None:
            self.status_message.emit(f"Hugging Face model written to {written}")
            self.hf_exported.emit(written)

        return self._start("Exporting to Hugging Face…", work, done, "The Hugging Face export failed")

    def _start(self, what: str, work: Callable[[], Any], done: Callable[[Any], None], failure: str) -> bool:
        if self.runner.is_busy():
            self._report("An export or import is still running; wait for it to finish.")
            return False

        def failed(exc: BaseException) -> None:
            message = user_message(exc, failure)
            if not message.startswith(failure):
                message = f"{failure}: {message}"
            self._report(message)
            self.job_failed.emit(message)

        self._busy_what = what
        self.status_message.emit(what)
        self.runner.run(work, done, failed, topic="file", name="history-file")
        return True

    # -- helpers -------------------------------------------------------------------------------

    def _change(self, do: Callable[[], RunSummary], done: str) -> bool:
        try:
            summary = do()
        except MLMStudioError as exc:
            self._report(str(exc))
            return False
        self.runs.update_run(summary)  # every page showing runs follows
        self._on_selection_changed()
        self.status_message.emit(done)
        return True

    def _report(self, text: str) -> None:
        """Show a failure in the details pane and the status bar; the page stays usable."""
        self.details_message.setText(f"<span style='color:#CC3311'>{_escape(text)}</span>")
        self.status_message.emit(text)

    def _fill_combo(self, combo: QComboBox, everything: str, values: list[str]) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(everything, ALL)
        for value in values:
            combo.addItem(value, value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)
        if combo.currentData() != current:  # the chosen tag or status no longer exists
            (self._on_tag_changed if combo is self.tag_combo else self._on_status_changed)(0)

    def _update_count(self) -> None:
        total, shown = self.model.rowCount(), self.proxy.rowCount()
        noun = "run" if total == 1 else "runs"
        self.count_label.setText(f"{shown} of {total} {noun}" if shown != total else f"{total} {noun}")

    def _hf_state(self, run: RunSummary) -> tuple[bool, str]:
        if run.id not in self._hf_cache:
            self._hf_cache[run.id] = hf_export_state(run)
        return self._hf_cache[run.id]

    # -- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_selection_changed(self, *_args) -> None:
        runs = self.selected_runs()
        one = runs[0] if len(runs) == 1 else None
        self.compare_action.setEnabled(bool(runs))
        self.explore_action.setEnabled(bool(one and one.has_model))
        self.resume_action.setEnabled(bool(one and _resumable(one)))
        self.rename_action.setEnabled(one is not None)
        busy = self.runner.is_busy()  # one export or import at a time, and no delete under it
        self.delete_action.setEnabled(
            bool(runs) and all(r.status not in ACTIVE_STATUSES for r in runs) and not busy
        )
        self.export_action.setEnabled(bool(one and one.has_model) and not busy)
        self.import_action.setEnabled(not busy)
        self.import_folder_action.setEnabled(not busy)
        if one is None:
            self.hf_action.setEnabled(False)
            self.hf_action.setToolTip("Select one run to export it to Hugging Face.")
        else:
            ok, reason = self._hf_state(one)
            self.hf_action.setEnabled(ok and not busy)
            self.hf_action.setToolTip(reason)
        self._show_details(one, len(runs))
        if runs:
            self._compare_timer.start()

    @Slot(str)
    def _on_run_updated(self, run_id: str) -> None:
        self._hf_cache.pop(run_id, None)
        self._on_selection_changed()

    @Slot(bool)
    def _on_busy_changed(self, busy: bool) -> None:
        self.busy_label.setText(self._busy_what if busy else "")
        self.busy_label.setVisible(busy)
        self.busy_bar.setVisible(busy)
        if busy:
            self.setCursor(Qt.CursorShape.BusyCursor)
        else:
            self.unsetCursor()
        self._on_selection_changed()
        self.busy_changed.emit(busy)

    def _show_details(self, run: RunSummary | None, count: int) -> None:
        editable = run is not None
        for widget in (self.notes_edit, self.tags_edit, self.save_details_button):
            widget.setEnabled(editable)
        self.details_message.clear()
        if run is None:
            self.details_title.setText(
                f"<b>{count} runs selected</b>" if count else "Select a run to see its notes and tags."
            )
            self.notes_edit.setPlainText("")
            self.tags_edit.setText("")
            return
        lines = [
            f"<b>{_escape(run.name)}</b>",
            f"id {run.id} · {run.display_status}" + (f" · {run.corpus_name}" if run.corpus_name else ""),
        ]
        if run.missing_files:
            lines.append(f"Missing files: {_escape(', '.join(run.missing_files))}")
        self.details_title.setText("<br>".join(lines))
        if run.message:
            self.details_message.setText(_escape(run.message))
        self.notes_edit.setPlainText(run.notes)
        self.tags_edit.setText(", ".join(run.tags))

    @Slot(str)
    def _on_filter_changed(self, text: str) -> None:
        self.proxy.set_text_filter(text)
        self._update_count()

    @Slot(int)
    def _on_tag_changed(self, _index: int) -> None:
        self.proxy.set_tag_filter(self.tag_combo.currentData() or ALL)
        self._update_count()

    @Slot(int)
    def _on_status_changed(self, _index: int) -> None:
        self.proxy.set_status_filter(self.status_combo.currentData() or ALL)
        self._update_count()

    @Slot(QModelIndex)
    def _on_double_clicked(self, index: QModelIndex) -> None:
        if index.column() == COLUMN_INDEX["Name"]:
            self._on_rename_triggered()
        else:
            self._on_compare_triggered()

    @Slot()
    def _on_compare_triggered(self) -> None:
        self.compare(self.selected_run_ids())

    @Slot()
    def _on_explore_triggered(self) -> None:
        ids = self.selected_run_ids()
        if len(ids) == 1:
            self.explore_requested.emit(ids[0])

    @Slot()
    def _on_resume_triggered(self) -> None:
        ids = self.selected_run_ids()
        if len(ids) == 1:
            self.resume_requested.emit(ids[0])

    @Slot()
    def _on_rename_triggered(self) -> None:
        runs = self.selected_runs()
        if len(runs) != 1:
            return
        name, ok = QInputDialog.getText(
            self, "Rename run", "New name:", QLineEdit.EchoMode.Normal, runs[0].name
        )
        if ok and name.strip() and name.strip() != runs[0].name:
            self.rename_run(runs[0].id, name)

    @Slot()
    def _on_delete_triggered(self) -> None:
        self.delete_runs(self.selected_run_ids())

    @Slot()
    def _on_export_triggered(self) -> None:
        runs = self.selected_runs()
        if len(runs) != 1:
            return
        suggested = f"{_safe_filename(runs[0].name)}.mlmrun"
        path, _ = QFileDialog.getSaveFileName(self, "Export run", suggested, BUNDLE_FILTER)
        if path:
            # The save dialog asked before replacing the file it returned; a name we extend was not asked about.
            target = path if path.endswith(".mlmrun") else f"{path}.mlmrun"
            self.export_bundle(runs[0].id, target, overwrite=target == path)

    @Slot()
    def _on_import_triggered(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import run", "", f"{BUNDLE_FILTER};;All files (*)")
        if path:
            self.import_bundle(path)

    @Slot()
    def _on_import_folder_triggered(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, "Import a run folder (it holds config.json and model.safetensors)"
        )
        if path:
            self.import_folder(path)

    @Slot()
    def _on_hf_triggered(self) -> None:
        runs = self.selected_runs()
        if len(runs) != 1:
            return
        out_dir = QFileDialog.getExistingDirectory(self, "Export to Hugging Face: choose an empty folder")
        if not out_dir:
            return
        try:
            present = sorted(p.name for p in Path(out_dir).iterdir())
        except OSError:
            present = []  # the export itself says what is wrong with the folder
        if present:
            shown = ", ".join(present[:5]) + (f" and {len(present) - 5} more" if len(present) > 5 else "")
            answer = QMessageBox.question(
                self,
                "Replace the files?",
                f"The folder {out_dir} already holds files ({shown}). Exporting writes README.md, "
                "config.json, the tokenizer and model.safetensors into it, replacing any of the same "
                "name. Export into this folder anyway?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.export_hf(runs[0].id, out_dir, overwrite=bool(present))

    @Slot()
    def _on_save_details_clicked(self) -> None:
        runs = self.selected_runs()
        if len(runs) != 1:
            return
        run = runs[0]
        # Read both fields first: saving the notes redraws the pane from the database.
        notes = self.notes_edit.toPlainText()
        tags = list(
            dict.fromkeys(t for t in (part.strip() for part in self.tags_edit.text().split(",")) if t)
        )
        if notes != run.notes and not self.set_notes(run.id, notes):
            return
        if sorted(tags) != sorted(run.tags):
            self.set_tags(run.id, tags)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _safe_filename(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_. " else "-" for c in name).strip(" .")
    return (cleaned or "run")[:80]


def _resumable(run: RunSummary) -> bool:
    """Stopped, failed or interrupted; or still marked running while no live process holds it
    (its owner died after this window read the history)."""
    if run.status in RESUMABLE_STATUSES:
        return True
    return run.status in ACTIVE_STATUSES and owner_alive(run.run_dir) is False
