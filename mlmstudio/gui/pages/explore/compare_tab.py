"""Compare runs: the same sentence asked of two to four runs, their answers side by side.

Each column is framed in the run's own colour, as in History's compare plot,
so the two views read together. A run whose model cannot be loaded gets its
column with the reason; the others still answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.pages.explore.answers import (
    best_sequence_html,
    clear_layout,
    mask_title,
    run_label,
    scrolling,
)
from mlmstudio.gui.pages.explore.predictions_tab import fill_mask, prediction_rows
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab
from mlmstudio.gui.run_colors import run_color
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import PredictionView
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.predict import FillResult

MAX_COMPARED = 4
LIST_WIDTH = (340, 560)  # the run list's width: at least (with no runs), at most


class CompareTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Compare runs")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self._runs: dict[str, RunSummary] = {}
        self._busy = False
        self.compare_list = QListWidget()
        mark_user_text(self.compare_list)  # run names
        self.compare_list.setMaximumWidth(LIST_WIDTH[0])
        # The list is as wide as its names (set_runs), up to LIST_WIDTH[1]; a longer name loses its
        # end, not its middle: the middle ("MLM" or "ELECTRA", "#2") is what tells runs apart.
        # The full name is the tooltip.
        self.compare_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.compare_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.compare_list.setToolTip(
            translate("CompareTab", "Tick two to {most} runs to compare").format(most=MAX_COMPARED)
        )
        self.compare_button = QPushButton(translate("CompareTab", "Compare"))
        self.compare_button.setEnabled(False)
        left = QVBoxLayout()
        left.addWidget(QLabel(translate("CompareTab", "Runs (tick 2 to {most}):").format(most=MAX_COMPARED)))
        left.addWidget(self.compare_list, 1)
        left.addWidget(self.compare_button)
        self.compare_box = QWidget()
        self.compare_columns = QHBoxLayout(self.compare_box)
        self.compare_columns.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.answers: dict[str, tuple[Any, str]] = {}
        self.export = ExportButtons(
            self.compare_box, self.numbers, name="compare-runs", report_error=self.host.show_error
        )
        left.addWidget(self.export)
        columns = QHBoxLayout()
        columns.addLayout(left)
        columns.addWidget(scrolling(self.compare_box), 1)
        layout = QVBoxLayout(self)  # the page puts its sentence box on top
        layout.addLayout(columns, 1)

        self.compare_button.clicked.connect(self.compare)
        self.compare_list.itemChanged.connect(self._on_item_changed)

    # -- the tab interface --------------------------------------------------------------

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.compare_button]

    def can_ask(self) -> bool:
        return 2 <= len(self.compared_run_ids()) <= MAX_COMPARED

    def update_actions(self, has_run: bool, busy: bool) -> None:
        self._busy = busy
        self.compare_button.setEnabled(not busy and self.can_ask())

    def set_runs(self, runs: list[RunSummary]) -> None:
        checked = set(self.compared_run_ids())
        self._runs = {run.id: run for run in runs}
        self.compare_list.blockSignals(True)
        self.compare_list.clear()
        for run in runs:
            item = QListWidgetItem(run_label(run))
            item.setToolTip(run_label(run))
            item.setData(Qt.ItemDataRole.UserRole, run.id)
            item.setData(Qt.ItemDataRole.DecorationRole, run_color(run.id))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if run.id in checked else Qt.CheckState.Unchecked)
            self.compare_list.addItem(item)
        self.compare_list.blockSignals(False)
        self._fit_list_width()
        self._update_button()

    def _fit_list_width(self) -> None:
        """Room for the longest name beside its check box and colour, within LIST_WIDTH."""
        names = [self.compare_list.item(i).text() for i in range(self.compare_list.count())]
        metrics = self.compare_list.fontMetrics()
        widest = max((metrics.horizontalAdvance(name) for name in names), default=0)
        chrome = 2 * self.compare_list.frameWidth() + self.compare_list.verticalScrollBar().sizeHint().width()
        need = widest + self._text_offset() + chrome + 8
        width = max(LIST_WIDTH[0], min(need, LIST_WIDTH[1]))
        self.compare_list.setMinimumWidth(width)
        self.compare_list.setMaximumWidth(width)

    def shown_names(self) -> list[str]:
        """The run names as the list draws them: elided where its width cuts them."""
        metrics = self.compare_list.fontMetrics()
        room = self.compare_list.viewport().width() - self._text_offset()
        return [
            metrics.elidedText(self.compare_list.item(i).text(), Qt.TextElideMode.ElideRight, room)
            for i in range(self.compare_list.count())
        ]

    def _text_offset(self) -> int:
        """Where an item's text starts: after its check box, its colour and the gaps between."""
        metrics = self.compare_list.fontMetrics()
        icon = self.compare_list.iconSize().width() or metrics.height()
        indicator = self.compare_list.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
        return icon + indicator + 16

    # -- public API --------------------------------------------------------------------------

    def compared_run_ids(self) -> list[str]:
        return [
            str(self.compare_list.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.compare_list.count())
            if self.compare_list.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_compared_runs(self, run_ids: Sequence[str]) -> None:
        wanted = set(run_ids)
        self.compare_list.blockSignals(True)
        for i in range(self.compare_list.count()):
            item = self.compare_list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.compare_list.blockSignals(False)
        self._update_button()

    def compare_views(self) -> dict[str, list[PredictionView]]:
        """The per-mask views of each compared run, by run id."""
        return {
            box.property("run_id"): box.findChildren(PredictionView)
            for box in self.compare_box.findChildren(QGroupBox)
        }

    def compare(self) -> bool:
        run_ids = self.compared_run_ids()
        if not 2 <= len(run_ids) <= MAX_COMPARED:
            self.host.show_error(
                translate("CompareTab", "Tick two to {most} runs to compare.").format(most=MAX_COMPARED)
            )
            return False
        runs = [self._runs[r] for r in run_ids if r in self._runs]
        return self.host.ask_runs(
            runs, fill_mask, self._on_answers, what=translate("CompareTab", "Comparing the runs")
        )

    # -- answers -----------------------------------------------------------------------------

    def numbers(self) -> Numbers | None:
        """One row per run, mask and guess; a run that failed has one row with its reason."""
        if not self.answers:
            return None
        rows: list[dict[str, object]] = []
        data = []
        for run_id, (result, error) in self.answers.items():
            run = self._runs.get(run_id)
            name = run.name if run is not None else run_id
            if result is None:
                rows.append({"run_id": run_id, "run": name, "error": error})
                data.append({"run_id": run_id, "run": name, "error": error})
            else:
                rows += prediction_rows(result, run_id=run_id, run=name)
                data.append(
                    {
                        "run_id": run_id,
                        "run": name,
                        "masks": result.masks,
                        "truncated": result.truncated,
                        "text": result.text,
                    }
                )
        return Numbers(rows, data=data)

    def _on_answers(self, answers: dict[str, tuple[Any, str]], _text: str) -> None:
        self.answers = dict(answers)
        self.export.set_available(bool(answers))
        clear_layout(self.compare_columns)
        for run_id, (result, error) in answers.items():
            run = self._runs.get(run_id)
            if run is not None:
                self.compare_columns.addWidget(self._column(run, result, error))
        self.compare_columns.addStretch(1)
        self.answered.emit()

    def _column(self, run: RunSummary, result: FillResult | None, error: str) -> QGroupBox:
        box = QGroupBox(run_label(run))
        box.setProperty("run_id", run.id)
        box.setStyleSheet(
            f"QGroupBox {{ border: 2px solid {run_color(run.id).name()}; "
            "border-radius: 4px; margin-top: 1.4em; padding: 4px; }"
            "QGroupBox::title { subcontrol-origin: margin; left: 8px; }"
        )
        layout = QVBoxLayout(box)
        if result is None:
            label = QLabel(translated(error))  # the engine's sentence, in the user's language
            label.setWordWrap(True)
            layout.addWidget(label)
            return box
        best = QLabel(
            translate("CompareTab", "<b>Most likely:</b> {sequence}").format(
                sequence=best_sequence_html(result.text, result.masks, self.palette())
            )
        )
        best.setWordWrap(True)
        layout.addWidget(best)
        for m, predictions in enumerate(result.masks):
            view = PredictionView()
            view.set_predictions(predictions, title=mask_title(m, len(result.masks)))
            layout.addWidget(view)
        return box

    @Slot(QListWidgetItem)
    def _on_item_changed(self, item: QListWidgetItem) -> None:
        if item.checkState() == Qt.CheckState.Checked and len(self.compared_run_ids()) > MAX_COMPARED:
            self.compare_list.blockSignals(True)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.compare_list.blockSignals(False)
            self.status_message.emit(
                translate("CompareTab", "Compare at most {most} runs at once.").format(most=MAX_COMPARED)
            )
        self._update_button()

    def _update_button(self) -> None:
        self.compare_button.setEnabled(not self._busy and self.can_ask())
