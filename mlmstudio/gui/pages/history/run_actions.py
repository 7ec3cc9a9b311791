"""What History does to the selected runs: rename, delete, export, import, resume, explore.

One ``QAction`` per command, shared by the row of buttons this widget shows,
the table's context menu and the page's shortcuts, so a command is enabled in
all three or in none (``update_for``). Every change goes through the store's
service functions, the same ones the command line uses; the widget only asks
the user and reports the outcome. Exports and imports copy and hash hundreds
of MB for a base model, so they run in a worker thread, one at a time, with a
busy label and bar here; each ends with a signal and a message. Resuming,
exploring and comparing are asked of the page (and through it the window) by
signals, because they own the training worker, Explore and the comparison.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QToolButton,
    QWidget,
)

from mlmstudio import command_hint
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.hf_compat import can_export_hf, hf_architecture
from mlmstudio.engine.run_status import ACTIVE_STATUSES, RESUMABLE_STATUSES
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.run_list import RunList
from mlmstudio.gui.runs_table_model import status_label
from mlmstudio.gui.widgets.flow_layout import FlowLayout
from mlmstudio.store import service
from mlmstudio.store.records import RunSummary
from mlmstudio.store.run_lock import owner_alive

BUNDLE_FILTER = QT_TRANSLATE_NOOP("RunActions", "MLM Studio run (*.mlmrun)")


def hf_export_state(run: RunSummary) -> tuple[bool, str]:
    """Whether a run can be exported to Hugging Face, and if not, why (for the tooltip)."""
    if run.config is None:
        return False, translate("RunActions", "This run's stored configuration can no longer be read.")
    ok, reason = can_export_hf(run.config)
    if not ok:
        return False, translated(reason)
    if not run.has_model:
        return False, translated(run.no_model_reason())
    return True, translate(
        "RunActions", "Write a folder that Hugging Face transformers loads ({architecture})."
    ).format(architecture=hf_architecture(run.config))


class RunActions(QWidget):
    """The row of History's commands over ``runs``; ``selected()`` says which runs they act on."""

    resume_requested = Signal(str)  # run id
    explore_requested = Signal(str)  # run id
    compare_requested = Signal(list)  # run ids
    status_message = Signal(str)
    problem = Signal(str)  # a failure, for the details pane (the page stays usable)
    run_added = Signal(str)  # an imported run is listed: the page selects it before ``imported``
    # Exports and imports run off the GUI thread; each ends with one of these.
    exported = Signal(object)  # Path of the .mlmrun written
    imported = Signal(str)  # id of the run added
    hf_exported = Signal(object)  # Path of the Hugging Face folder written
    job_failed = Signal(str)  # the sentence shown
    busy_changed = Signal(bool)

    def __init__(
        self,
        runs: RunList,
        selected: Callable[[], list[RunSummary]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.runs = runs
        self.db = runs.db
        self._selected = selected
        self._hf_cache: dict[str, tuple[bool, str]] = {}  # tooltips read each run's config once
        self.runner = TaskRunner(self)
        self._busy_what = ""

        self.compare_action = self._action(
            translate("RunActions", "Compare"),
            translate("RunActions", "Overlay the curves of the selected runs"),
            "",
        )
        self.explore_action = self._action(
            translate("RunActions", "Explore"),
            translate("RunActions", "Ask the selected run's model to fill in blanks"),
            "",
        )
        self.resume_action = self._action(
            translate("RunActions", "Resume"),
            translate("RunActions", "Continue an interrupted or stopped run from its last checkpoint"),
            "",
        )
        self.rename_action = self._action(
            translate("RunActions", "Rename…"),
            translate("RunActions", "Give the selected run a new name"),
            "F2",
        )
        self.delete_action = self._action(
            translate("RunActions", "Delete…"),
            translate("RunActions", "Delete the selected runs and their files"),
            QKeySequence.StandardKey.Delete,
        )
        self.export_action = self._action(
            translate("RunActions", "Export run…"),
            translate(
                "RunActions",
                "Save the selected run as one .mlmrun file (settings, curves, tokenizer and weights)",
            ),
            "",
        )
        self.import_action = self._action(
            translate("RunActions", "Import run…"),
            translate("RunActions", "Add a run from a .mlmrun file"),
            "",
        )
        self.import_folder_action = self._action(
            translate("RunActions", "Import folder…"),
            translate(
                "RunActions",
                "Add a run folder trained elsewhere: the run folder a capsule's launch.sh "
                "wrote, or one from `{command}`",
            ).format(command=command_hint.command("train --out")),
            "",
        )
        self.hf_action = self._action(
            translate("RunActions", "Export to Hugging Face…"),
            translate("RunActions", "Write a folder that Hugging Face transformers loads"),
            "",
        )
        self.refresh_action = self._action(
            translate("RunActions", "Reload"),
            translate("RunActions", "Read the history again"),
            QKeySequence.StandardKey.Refresh,
        )

        # Groups of related commands, in one row while it fits and wrapped onto more rows when not
        # (a narrow window, a language with longer words): the page never grows past the screen.
        flow = FlowLayout(self)
        for group in (
            (self.compare_action, self.explore_action, self.resume_action),
            (self.rename_action, self.delete_action),
            (self.export_action, self.import_action, self.import_folder_action, self.hf_action),
            (self.refresh_action,),
        ):
            box = QWidget()
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            for action in group:
                button = QToolButton()
                button.setDefaultAction(action)
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
                row.addWidget(button)
            flow.addWidget(box)
        self.busy_label = QLabel()
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # no known end: a moving bar
        self.busy_bar.setMaximumWidth(120)
        self.busy_bar.setTextVisible(False)
        self._busy_box = QWidget()  # shown only while a file job runs
        row = QHBoxLayout(self._busy_box)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.busy_label, self.busy_bar):
            row.addWidget(widget)
        self._busy_box.hide()
        flow.addWidget(self._busy_box)

        self.compare_action.triggered.connect(self._on_compare_triggered)
        self.explore_action.triggered.connect(self._on_explore_triggered)
        self.resume_action.triggered.connect(self._on_resume_triggered)
        self.rename_action.triggered.connect(self._on_rename_triggered)
        self.delete_action.triggered.connect(self._on_delete_triggered)
        self.export_action.triggered.connect(self._on_export_triggered)
        self.import_action.triggered.connect(self._on_import_triggered)
        self.import_folder_action.triggered.connect(self._on_import_folder_triggered)
        self.hf_action.triggered.connect(self._on_hf_triggered)
        self.refresh_action.triggered.connect(self._on_refresh_triggered)
        self.runner.busy_changed.connect(self._on_busy_changed)
        # Connected before the page's own slots, so a redraw never reads a stale tooltip.
        self.runs.changed.connect(self._on_runs_changed)
        self.runs.run_updated.connect(self._on_run_updated)

    def _action(self, text: str, tip: str, shortcut: Any) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        return action

    def all_actions(self) -> tuple[QAction, ...]:
        """Every command, for the page's shortcuts."""
        return (
            self.compare_action,
            self.explore_action,
            self.resume_action,
            self.rename_action,
            self.delete_action,
            self.export_action,
            self.import_action,
            self.import_folder_action,
            self.hf_action,
            self.refresh_action,
        )

    def menu_actions(self) -> tuple[QAction, ...]:
        """The commands on one or more selected runs, for the table's context menu."""
        return (
            self.compare_action,
            self.explore_action,
            self.resume_action,
            self.rename_action,
            self.delete_action,
            self.export_action,
            self.hf_action,
        )

    def update_for(self, runs: list[RunSummary]) -> None:
        """Enable the commands that make sense for these selected runs."""
        one = runs[0] if len(runs) == 1 else None
        self.compare_action.setEnabled(bool(runs))
        self.explore_action.setEnabled(bool(one and one.has_model))
        self.resume_action.setEnabled(bool(one and resumable(one)))
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
            self.hf_action.setToolTip(translate("RunActions", "Select one run to export it to Hugging Face."))
        else:
            ok, reason = self._hf_state(one)
            self.hf_action.setEnabled(ok and not busy)
            self.hf_action.setToolTip(reason)

    def is_busy(self) -> bool:
        """Whether an export or import is running."""
        return self.runner.is_busy()

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Block until exports and imports have ended (window shutdown)."""
        return self.runner.wait_idle(msecs)

    # Each change below is also reachable from the buttons; these are what they call.

    def rename_run(self, run_id: str, name: str) -> bool:
        return self._change(
            lambda: service.rename_run(self.db, run_id, name),
            translate("RunActions", "Renamed to '{name}'.").format(name=name.strip()),
        )

    def set_notes(self, run_id: str, notes: str) -> bool:
        return self._change(
            lambda: service.set_notes(self.db, run_id, notes), translate("RunActions", "Notes saved.")
        )

    def set_tags(self, run_id: str, tags: list[str]) -> bool:
        run = self.runs.get(run_id)
        wanted = [t for t in (" ".join(t.split()) for t in tags) if t]
        remove = [t for t in run.tags if t not in wanted] if run is not None else []
        return self._change(
            lambda: service.tag_run(self.db, run_id, add=wanted, remove=remove),
            translate("RunActions", "Tags saved."),
        )

    def delete_runs(self, run_ids: list[str], confirm: bool = True) -> list[str]:
        """Delete runs and their files after asking; return the ids deleted."""
        if not run_ids:
            return []
        runs = [run for run in (self.runs.get(r) for r in run_ids) if run is not None]
        live = [r for r in runs if r.status in ACTIVE_STATUSES]
        if live:
            self._report(
                translate(
                    "RunActions", "'{name}' is {status}; stop it on the Train page before deleting it."
                ).format(name=live[0].name, status=status_label(str(live[0].status)))
            )
            return []
        if confirm:
            if len(runs) == 1:
                question = translate(
                    "RunActions",
                    "Delete the run '{name}', with its curves, checkpoints and model files? "
                    "This cannot be undone.",
                ).format(name=runs[0].name)
            else:
                count = len(runs)  # a plain name: lupdate skips a call whose count is an expression
                question = translate(
                    "RunActions",
                    "Delete %Ln run(s), with their curves, checkpoints and model files? "
                    "This cannot be undone.",
                    None,
                    count,
                )
            answer = QMessageBox.question(
                self,
                translate("RunActions", "Delete runs"),
                question,
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
                self._report(
                    translate("RunActions", "'{name}' was not deleted: {reason}").format(
                        name=run.name, reason=translated(str(exc))
                    )
                )
        self.runs.remove(deleted)  # gone from every page at once; the listing below confirms it
        self.runs.refresh()
        if deleted:
            count = len(deleted)  # a plain name: lupdate skips a call whose count is an expression
            self.status_message.emit(translate("RunActions", "Deleted %Ln run(s).", None, count))
        return deleted

    # Exports and imports: in a worker thread, ending with a signal and a message.

    def export_bundle(self, run_id: str, path: str | Path, *, overwrite: bool = False) -> bool:
        """Start writing the run as a .mlmrun file; ``exported`` (or ``job_failed``) when done.

        An existing file is refused unless ``overwrite`` (the save dialog has asked).
        """
        db = self.db

        def work() -> Path:
            from mlmstudio.store import bundle

            return Path(bundle.export_bundle(db, run_id, path, overwrite=overwrite))

        def done(written: Path) -> None:
            self.status_message.emit(translate("RunActions", "Run saved to {path}").format(path=written))
            self.exported.emit(written)

        return self._start(
            translate("RunActions", "Exporting the run…"),
            work,
            done,
            translate("RunActions", "The run was not exported"),
        )

    def import_bundle(self, path: str | Path) -> bool:
        """Start adding the run in a .mlmrun file; ``imported`` with its id (or ``job_failed``) when done."""
        db = self.db

        def work() -> RunSummary:
            from mlmstudio.store import bundle

            return service.get_run(db, bundle.import_bundle(db, path)).summary

        return self._start(
            translate("RunActions", "Importing the run…"),
            work,
            self._on_run_imported,
            translate("RunActions", "The file was not imported"),
        )

    def import_folder(self, path: str | Path) -> bool:
        """Start adding a run folder trained elsewhere; ``imported`` with its id (or ``job_failed``)."""
        db = self.db

        def work() -> RunSummary:
            from mlmstudio.store.folder_import import import_run_folder

            return service.get_run(db, import_run_folder(db, path)).summary

        return self._start(
            translate("RunActions", "Importing the run folder…"),
            work,
            self._on_run_imported,
            translate("RunActions", "The folder was not imported"),
        )

    def export_hf(self, run_id: str, out_dir: str | Path, *, overwrite: bool = False) -> bool:
        """Start writing a Hugging Face folder; ``hf_exported`` (or ``job_failed``) when done.

        A folder that already holds files is refused unless ``overwrite`` (the dialog asks first).
        """
        db = self.db

        def work() -> Path:
            return Path(service.export_hf_run(db, run_id, out_dir, overwrite=overwrite))

        def done(written: Path) -> None:
            self.status_message.emit(
                translate("RunActions", "Hugging Face model written to {path}").format(path=written)
            )
            self.hf_exported.emit(written)

        return self._start(
            translate("RunActions", "Exporting to Hugging Face…"),
            work,
            done,
            translate("RunActions", "The Hugging Face export failed"),
        )

    def _on_run_imported(self, run: RunSummary) -> None:
        self.runs.put(run)  # listed at once, on every page
        self.run_added.emit(run.id)
        self.runs.refresh()
        self.status_message.emit(translate("RunActions", "Imported run {id}.").format(id=run.id))
        self.imported.emit(run.id)

    def _start(self, what: str, work: Callable[[], Any], done: Callable[[Any], None], failure: str) -> bool:
        if self.runner.is_busy():
            self._report(
                translate("RunActions", "An export or import is still running; wait for it to finish.")
            )
            return False

        def failed(exc: BaseException) -> None:
            message = user_message(exc, failure)
            if not message.startswith(failure):
                message = translate("RunActions", "{failure}: {reason}").format(
                    failure=failure, reason=message
                )
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
            self._report(translated(str(exc)))
            return False
        self.runs.update_run(summary)  # every page showing runs follows, this one too
        self.status_message.emit(done)
        return True

    def _report(self, text: str) -> None:
        """Show a failure in the details pane and the status bar; the page stays usable."""
        self.problem.emit(text)
        self.status_message.emit(text)

    def _hf_state(self, run: RunSummary) -> tuple[bool, str]:
        if run.id not in self._hf_cache:
            self._hf_cache[run.id] = hf_export_state(run)
        return self._hf_cache[run.id]

    def _one_selected(self) -> RunSummary | None:
        runs = self._selected()
        return runs[0] if len(runs) == 1 else None

    # -- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_runs_changed(self) -> None:
        self._hf_cache.clear()

    @Slot(str)
    def _on_run_updated(self, run_id: str) -> None:
        self._hf_cache.pop(run_id, None)

    @Slot(bool)
    def _on_busy_changed(self, busy: bool) -> None:
        self.busy_label.setText(self._busy_what if busy else "")
        self._busy_box.setVisible(busy)
        self.busy_changed.emit(busy)

    @Slot()
    def _on_compare_triggered(self) -> None:
        self.compare_requested.emit([run.id for run in self._selected()])

    @Slot()
    def _on_explore_triggered(self) -> None:
        run = self._one_selected()
        if run is not None:
            self.explore_requested.emit(run.id)

    @Slot()
    def _on_resume_triggered(self) -> None:
        run = self._one_selected()
        if run is not None:
            self.resume_requested.emit(run.id)

    @Slot()
    def _on_refresh_triggered(self) -> None:
        self.runs.refresh()

    @Slot()
    def _on_rename_triggered(self) -> None:
        run = self._one_selected()
        if run is None:
            return
        name, ok = QInputDialog.getText(
            self,
            translate("RunActions", "Rename run"),
            translate("RunActions", "New name:"),
            QLineEdit.EchoMode.Normal,
            run.name,
        )
        if ok and name.strip() and name.strip() != run.name:
            self.rename_run(run.id, name)

    @Slot()
    def _on_delete_triggered(self) -> None:
        self.delete_runs([run.id for run in self._selected()])

    @Slot()
    def _on_export_triggered(self) -> None:
        run = self._one_selected()
        if run is None:
            return
        suggested = f"{_safe_filename(run.name)}.mlmrun"
        path, _ = QFileDialog.getSaveFileName(
            self, translate("RunActions", "Export run"), suggested, translate("RunActions", BUNDLE_FILTER)
        )
        if path:
            # The save dialog asked before replacing the file it returned; a name we extend was not asked about.
            target = path if path.endswith(".mlmrun") else f"{path}.mlmrun"
            self.export_bundle(run.id, target, overwrite=target == path)

    @Slot()
    def _on_import_triggered(self) -> None:
        filters = translate("RunActions", BUNDLE_FILTER) + ";;" + translate("RunActions", "All files (*)")
        path, _ = QFileDialog.getOpenFileName(self, translate("RunActions", "Import run"), "", filters)
        if path:
            self.import_bundle(path)

    @Slot()
    def _on_import_folder_triggered(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, translate("RunActions", "Import a run folder (it holds config.json and model.safetensors)")
        )
        if path:
            self.import_folder(path)

    @Slot()
    def _on_hf_triggered(self) -> None:
        run = self._one_selected()
        if run is None:
            return
        out_dir = QFileDialog.getExistingDirectory(
            self, translate("RunActions", "Export to Hugging Face: choose an empty folder")
        )
        if not out_dir:
            return
        try:
            present = sorted(p.name for p in Path(out_dir).iterdir())
        except OSError:
            present = []  # the export itself says what is wrong with the folder
        if present:
            shown = ", ".join(present[:5])
            if len(present) > 5:
                shown = translate("RunActions", "{files} and {count} more").format(
                    files=shown, count=len(present) - 5
                )
            answer = QMessageBox.question(
                self,
                translate("RunActions", "Replace the files?"),
                translate(
                    "RunActions",
                    "The folder {folder} already holds files ({files}). Exporting writes README.md, "
                    "config.json, the tokenizer and model.safetensors into it, replacing any of the same "
                    "name. Export into this folder anyway?",
                ).format(folder=out_dir, files=shown),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.export_hf(run.id, out_dir, overwrite=bool(present))


def resumable(run: RunSummary) -> bool:
    """Stopped, failed or interrupted; or still marked running while no live process holds it
    (its owner died after this window read the history)."""
    if run.status in RESUMABLE_STATUSES:
        return True
    return run.status in ACTIVE_STATUSES and owner_alive(run.run_dir) is False


def _safe_filename(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_. " else "-" for c in name).strip(" .")
    return (cleaned or "run")[:80]
