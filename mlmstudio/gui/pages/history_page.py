"""History: every run ever trained, to sort, filter, annotate, compare, export or resume.

The table is a model/view pair (`runs_table_model`) so a history of thousands
of runs stays fast; its model belongs to the window's shared `RunList`, so a
rename here shows on Explore at once. The page composes its parts
(`pages/history/`): the commands on the selected runs (`RunActions`, which
also runs exports and imports in a worker thread with a busy state) and the
selected run's notes and tags (`DetailsPane`); it keeps the table, its
filters and the comparison of curves and probes below it. Everything that
changes a run goes through the store's service functions, the same ones the
command line uses. Resuming and exploring are handed to the main window
through signals, because the window owns the training worker and the
Explore page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.background import show_busy
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.pages.history.details_pane import DetailsPane
from mlmstudio.gui.pages.history.run_actions import RunActions
from mlmstudio.gui.run_colors import run_color
from mlmstudio.gui.run_list import RunList
from mlmstudio.gui.runs_table_model import ALL, COLUMN_INDEX, COLUMNS, RunsFilterProxy, status_label
from mlmstudio.gui.widgets.compare_view import CompareView
from mlmstudio.gui.widgets.probe_plot import ProbePlot
from mlmstudio.store import compare, service
from mlmstudio.store.database import Database
from mlmstudio.store.records import Curve, RunSummary

log = logging.getLogger(__name__)

NAME_MAX_WIDTH = 210  # px; a longer name is elided (the full name is in the tooltip)...
# ... unless the table has room for the whole names, up to this: at 1920 px two runs that differ
# only in the middle of their names ("MLM" or "ELECTRA") no longer read alike, "Simple facts … #1".
NAME_WHOLE_MAX_WIDTH = 480
NAME_MIN_WIDTH = 120  # px; where the table is short of room, the name gives way down to this first
# Where the columns still do not fit (a narrow window, a language with longer titles), these are
# hidden in this order, settings before results; the header's menu shows them again.
HIDE_WHEN_SHORT = ("Size", "Masking", "Tokenizer", "Steps", "Kind", "Created", "Val acc")
COMPARE_DELAY_MS = 150  # selecting runs shows their curves once the selection settles
NO_RUNS_HINT = QT_TRANSLATE_NOOP(
    "HistoryPage",
    "No runs yet. Train one on the Train page (or pick a sample in Help → Welcome), "
    "or add one with Import run.",
)
NO_PROBES_SELECTED = QT_TRANSLATE_NOOP(
    "HistoryPage",
    "Select a run to see its probes: how sure the model was of each probe's answer at every evaluation.",
)


def curve_loader(db: Database) -> Callable[[str, str], Curve | None]:
    """Load one run's curve of one metric ("val_loss", ...) for the compare view."""

    def load(run_id: str, metric: str) -> Curve | None:
        curve = compare.load_curves(db, [run_id], metric)[run_id]
        return curve if len(curve) else None

    return load


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
        self._kept_selection: list[str] = []
        self._columns_fitted = False  # the first listing sizes the columns exactly; later ones only widen
        self._column_choice: dict[int, bool] = {}  # columns the user showed or hid from the header's menu
        self._wanted_widths: dict[int, int] = {}  # each column's whole contents and title
        self._name_whole_width = 0  # the Name column with every name whole (NAME_WHOLE_MAX_WIDTH at most)
        self._name_hint = 0  # the widest name, drawn on one line

        # The runs are shared with the other pages (the window owns one RunList).
        self.runs = runs if runs is not None else RunList(db, self)
        self.model = self.runs.model
        self.proxy = RunsFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            translate("HistoryPage", "Filter by name, id, notes, tokenizer, …")
        )
        self.filter_edit.setClearButtonEnabled(True)
        self.tag_combo = QComboBox()
        self.tag_combo.setToolTip(translate("HistoryPage", "Show only runs with this tag"))
        self.tag_combo.setMinimumContentsLength(10)
        self.status_combo = QComboBox()
        self.status_combo.setToolTip(translate("HistoryPage", "Show only runs with this status"))
        self.count_label = QLabel()
        self.find_action = QAction(translate("HistoryPage", "Find"), self)
        self.find_action.setToolTip(translate("HistoryPage", "Filter the runs"))
        self.find_action.setStatusTip(translate("HistoryPage", "Filter the runs"))
        self.find_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
        self.find_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

        self.run_actions = RunActions(self.runs, self.selected_runs)  # buttons, menu and shortcuts
        self.table = self._build_table()
        self.details = DetailsPane()
        self.compare_view = CompareView()
        self.probe_plot = ProbePlot()  # the selected runs' probes (engine/inspect/probes.py)
        self.probe_plot.empty_label.setText(translate("HistoryPage", NO_PROBES_SELECTED))
        self.probe_plot.empty_label.setWordWrap(True)  # this page's hints are long sentences
        self.curve_tabs = QTabWidget()
        self.curve_tabs.addTab(self.compare_view, translate("HistoryPage", "Curves"))
        self.curve_tabs.addTab(self.probe_plot, translate("HistoryPage", "Probes"))
        # Selecting runs shows their curves at once (the Compare button does the same, explicitly).
        self._compare_timer = QTimer(self)
        self._compare_timer.setSingleShot(True)
        self._compare_timer.setInterval(COMPARE_DELAY_MS)
        self._compare_timer.timeout.connect(self._compare_selection)
        self.addActions([*self.run_actions.all_actions(), self.find_action])
        self._lay_out()
        self._connect()
        if self.runs.loaded:
            self._on_runs_changed()
        elif not self.runs.is_loading():
            self.refresh()

    def _build_table(self) -> QTableView:
        table = QTableView()
        table.setAccessibleName(translate("HistoryPage", "Runs"))
        table.setModel(self.proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(COLUMN_INDEX["Created"], Qt.SortOrder.DescendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        # Cut in the middle: a default name ends with what tells look-alike runs apart ("… #3").
        table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setResizeContentsPrecision(200)  # size columns from a sample, not all 1,000 rows
        header.sectionResized.connect(self._on_section_resized)  # the user widened or narrowed the name
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        table.addActions(list(self.run_actions.menu_actions()))
        # Right-click the header to show or hide a column; a few start hidden so the table fits.
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.column_actions: dict[str, QAction] = {}
        for index, column in enumerate(COLUMNS):
            action = QAction(translate("RunsTableModel", column.title), header)
            action.setCheckable(True)
            action.setChecked(not column.hidden_at_first)
            action.toggled.connect(lambda on, i=index: self._on_column_chosen(i, on))
            header.addAction(action)
            table.setColumnHidden(index, column.hidden_at_first)
            self.column_actions[column.title] = action
        self.column_actions["Name"].setEnabled(False)  # a table of runs without their names
        # Shown, or its viewport resized (after the table's own layout): the columns fit the new width.
        table.installEventFilter(self)
        table.viewport().installEventFilter(self)
        return table

    def _lay_out(self) -> None:
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 2)
        filters.addWidget(QLabel(translate("HistoryPage", "Tag:")))
        filters.addWidget(self.tag_combo, 1)
        filters.addWidget(QLabel(translate("HistoryPage", "Status:")))
        filters.addWidget(self.status_combo, 1)
        filters.addWidget(self.count_label)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.table)
        top.addWidget(self.details)
        top.setStretchFactor(0, 4)
        top.setStretchFactor(1, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.curve_tabs)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.run_actions)
        layout.addWidget(self.splitter, 1)

    def _connect(self) -> None:
        self.filter_edit.textChanged.connect(self._on_filter_changed)
        self.tag_combo.currentIndexChanged.connect(self._on_tag_changed)
        self.status_combo.currentIndexChanged.connect(self._on_status_changed)
        self.find_action.triggered.connect(self.filter_edit.setFocus)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.table.doubleClicked.connect(self._on_double_clicked)
        actions = self.run_actions
        for mine, theirs in (
            (self.resume_requested, actions.resume_requested),
            (self.explore_requested, actions.explore_requested),
            (self.status_message, actions.status_message),
            (self.exported, actions.exported),
            (self.imported, actions.imported),
            (self.hf_exported, actions.hf_exported),
            (self.job_failed, actions.job_failed),
        ):
            theirs.connect(mine)
        actions.compare_requested.connect(self._on_compare_requested)
        actions.run_added.connect(self._on_run_added)
        actions.problem.connect(self.details.show_problem)
        actions.busy_changed.connect(self._on_busy_changed)
        self.details.save_requested.connect(self._on_save_requested)
        self.compare_view.status_message.connect(self.status_message)
        self.model.modelAboutToBeReset.connect(self._on_runs_about_to_change)
        self.runs.changed.connect(self._on_runs_changed)
        self.runs.run_updated.connect(self._on_run_updated)
        self.runs.failed.connect(self._report)

    def _fit_columns(self) -> None:
        """Every column at least as wide as its contents and title, so nothing is clipped.

        The first time there are runs, columns take exactly that width; after
        that they only grow (a run goes from "running" to "completed", a step
        count gains a digit), so a width the user made wider is kept. A long
        run name is not allowed to push the other columns away.
        """
        header = self.table.horizontalHeader()
        rows = self.model.rowCount() > 0
        for column in range(self.model.columnCount()):
            wanted = max(self.table.sizeHintForColumn(column), header.sectionSizeHint(column))
            if column == COLUMN_INDEX["Name"]:
                self._name_hint = self.table.sizeHintForColumn(column)
                self._name_whole_width = min(wanted, NAME_WHOLE_MAX_WIDTH)
                wanted = min(wanted, NAME_MAX_WIDTH)
            self._wanted_widths[column] = wanted
            if (rows and not self._columns_fitted) or header.sectionSize(column) < wanted:
                self.table.setColumnWidth(column, wanted)
        self._columns_fitted = self._columns_fitted or rows
        self._fit_to_width()

    def _fit_to_width(self) -> None:
        """Keep the table from scrolling sideways: narrow the name, then hide settings columns.

        Only while the table is shown (its width is known). A column the user chose in the
        header's menu is left as chosen; the others come back as soon as there is room.
        """
        if not self.table.isVisible() or not self._wanted_widths:
            return
        room = self.table.viewport().width()
        name = COLUMN_INDEX["Name"]
        shown = {
            i for i, column in enumerate(COLUMNS) if self._column_choice.get(i, not column.hidden_at_first)
        }

        def need(columns: set[int]) -> int:
            return sum(self._wanted_widths.get(i, 0) for i in columns if i != name)

        for title in HIDE_WHEN_SHORT:
            if need(shown) + NAME_MIN_WIDTH <= room:
                break
            index = COLUMN_INDEX[title]
            if index not in self._column_choice:
                shown.discard(index)
        for index, action in enumerate(self.column_actions.values()):
            self.table.setColumnHidden(index, index not in shown)
            action.blockSignals(True)
            action.setChecked(index in shown)
            action.blockSignals(False)
        spare = room - need(shown)
        whole = self._name_whole_width
        limit = whole if spare >= whole else self._wanted_widths.get(name, NAME_MAX_WIDTH)
        name_width = max(NAME_MIN_WIDTH, min(limit, spare))
        if self.table.columnWidth(name) > name_width:
            self.table.setColumnWidth(name, name_width)
        elif self.table.columnWidth(name) < name_width <= limit:
            self.table.setColumnWidth(name, name_width)  # room again: the name grows back
        self._wrap_names()

    @Slot(int, int, int)
    def _on_section_resized(self, index: int, _old: int, _new: int) -> None:
        if index == COLUMN_INDEX["Name"]:
            self._wrap_names()

    def _wrap_names(self) -> None:
        """Names too long for their column take a second line instead of losing their middle.

        German column titles are longer than English ones: at 1280×800 the Name column keeps only
        its narrowest width, and "Simple facts … · word 4k #1" no longer told look-alike runs
        apart. Rows are then two lines high and the name wraps at its spaces (the tooltip still
        holds the whole name); with room for whole names they are one line again.
        """
        table = self.table
        short = table.columnWidth(COLUMN_INDEX["Name"]) < self._name_hint
        metrics = table.fontMetrics()
        height = metrics.height() + (metrics.lineSpacing() if short else 0) + 8
        if table.wordWrap() != short or table.verticalHeader().defaultSectionSize() != height:
            table.setWordWrap(short)
            table.verticalHeader().setDefaultSectionSize(height)

    def _on_column_chosen(self, index: int, on: bool) -> None:
        """The user showed or hid a column from the header's menu."""
        self._column_choice[index] = on
        self.table.setColumnHidden(index, not on)
        self._fit_to_width()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        table = getattr(self, "table", None)
        if table is not None and (
            (watched is table and event.type() == QEvent.Type.Show)
            or (watched is table.viewport() and event.type() == QEvent.Type.Resize)
        ):
            self._fit_to_width()
        return super().eventFilter(watched, event)

    # -- public API ---------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Read the runs from the history again (for every page), keeping the selection and filters.

        With the window's list this happens in a worker thread; a failure is reported when it ends.
        """
        self.runs.refresh()

    def is_busy(self) -> bool:
        """Whether an export or import is running."""
        return self.run_actions.is_busy()

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Block until exports and imports have ended (window shutdown)."""
        return self.run_actions.wait_idle(msecs)

    @Slot()
    def _on_runs_about_to_change(self) -> None:
        self._kept_selection = self.selected_run_ids()

    @Slot()
    def _on_runs_changed(self) -> None:
        """A new listing arrived (from this page or another): redraw around it."""
        self._fit_columns()  # grow to new contents (whole titles when empty); wider widths are kept
        self.compare_view.set_hint("" if self.model.rowCount() else translate("HistoryPage", NO_RUNS_HINT))
        self._fill_combo(self.tag_combo, translate("HistoryPage", "All tags"), self.model.all_tags())
        self._fill_combo(
            self.status_combo,
            translate("HistoryPage", "All statuses"),
            self.model.all_statuses(),
            status_label,
        )
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
        self._show_grammar(runs)
        if runs and announce:
            count = len(runs)  # a plain name: lupdate skips a call whose count is an expression
            self.status_message.emit(translate("HistoryPage", "Comparing %Ln run(s).", None, count))

    def _show_grammar(self, runs: list[RunSummary]) -> None:
        """The details pane's grammar plot: one run's stored check-ups (a few dozen rows: read at once)."""
        curves = []
        if len(runs) == 1:
            from mlmstudio.store.grammar_checkups import grammar_curves

            try:
                curves = grammar_curves(self.db, runs[0].id)
            except Exception:  # noqa: BLE001 - the pane still works; the plot says none
                log.exception("Could not load the grammar check-ups of run %s", runs[0].id)
        self.details.show_grammar(curves)

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
            self.probe_plot.empty_label.setText(translate("HistoryPage", NO_PROBES_SELECTED))
        elif not with_probes:
            self.probe_plot.empty_label.setText(
                translate(
                    "HistoryPage",
                    "No probes recorded (runs trained before probes existed, or with none set in Setup).",
                )
            )
        count = len(with_probes[0][1]) if len(runs) == 1 and with_probes else 0
        if count:
            title = translate("HistoryPage", "Probes ({count})").format(count=count)
        elif len(with_probes) > 1:
            compared = len(with_probes)  # a plain name: lupdate skips a call whose count is an expression
            title = translate("HistoryPage", "Probes (%Ln run(s))", None, compared)
        else:
            title = translate("HistoryPage", "Probes")
        self.curve_tabs.setTabText(1, title)

    @Slot()
    def _compare_selection(self) -> None:
        """Show the selected runs' curves (curves are read again: a run may have trained on)."""
        ids = self.selected_run_ids()
        if ids:
            self.compare(ids, announce=False)

    # -- helpers -------------------------------------------------------------------------------

    @Slot(str)
    def _report(self, text: str) -> None:
        """Show a failure in the details pane and the status bar; the page stays usable."""
        self.details.show_problem(text)
        self.status_message.emit(text)

    def _fill_combo(
        self, combo: QComboBox, everything: str, values: list[str], label: Callable[[str], str] = str
    ) -> None:
        """``values`` as the combo's data (the English key), each shown as ``label(value)``."""
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(everything, ALL)
        for value in values:
            combo.addItem(label(value), value)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)
        if combo.currentData() != current:  # the chosen tag or status no longer exists
            (self._on_tag_changed if combo is self.tag_combo else self._on_status_changed)(0)

    def _update_count(self) -> None:
        total, shown = self.model.rowCount(), self.proxy.rowCount()
        if shown != total:
            text = translate("HistoryPage", "{shown} of %Ln run(s)", None, total).format(shown=shown)
        else:
            text = translate("HistoryPage", "%Ln run(s)", None, total)
        self.count_label.setText(text)

    # -- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_selection_changed(self, *_args) -> None:
        runs = self.selected_runs()
        self.run_actions.update_for(runs)
        one = runs[0] if len(runs) == 1 else None
        self.details.show_run(one, len(runs), self.model.before_after(one.id) if one else None)
        if runs:
            self._compare_timer.start()

    @Slot(str)
    def _on_run_updated(self, _run_id: str) -> None:
        # A new tag can be chosen.
        self._fill_combo(self.tag_combo, translate("HistoryPage", "All tags"), self.model.all_tags())
        self._on_selection_changed()

    @Slot(bool)
    def _on_busy_changed(self, busy: bool) -> None:
        show_busy(self, busy)
        self._on_selection_changed()
        self.busy_changed.emit(busy)

    @Slot(str)
    def _on_run_added(self, run_id: str) -> None:
        self.select_runs([run_id])

    @Slot(list)
    def _on_compare_requested(self, run_ids: list[str]) -> None:
        self.compare(run_ids)

    @Slot(str, object, object)
    def _on_save_requested(self, run_id: str, notes: str | None, tags: list[str] | None) -> None:
        if notes is not None and not self.run_actions.set_notes(run_id, notes):
            return
        if tags is not None:
            self.run_actions.set_tags(run_id, tags)

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
            self.run_actions.rename_action.trigger()
        else:
            self.compare(self.selected_run_ids())
