"""Was the pretraining worth it? The chosen run against its random twin on a labelled task.

A linear probe on the run's frozen features, on those of a randomly initialised twin of the same
shape, on each kept checkpoint's, and the majority class, on the held-out part of a task
(``engine.evaluate.transfer`` through ``store.transfer_runs``): the shipped ``sample:kinds``, the
run's corpus word-shuffled or not, or a labelled CSV/TSV/JSONL file. The table lists mean ± std
over the seeds; the plot draws the checkpoints' accuracy against the training step (log scale),
with the twin and the majority class as lines. The work runs through the page's ``ask`` in a
worker thread with a progress bar and a Cancel button (a flag read between batches); the result
is stored with the run, as ``mlmstudio evaluate`` stores it. Saved as PNG, CSV or JSON.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.engine_messages import transfer_label, translated
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.theme import style_plot
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.header_fit import fit_titles
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.evaluate.transfer import TransferReport
    from mlmstudio.engine.predict import Predictor

SHIPPED_TASKS = (
    ("sample:kinds", QT_TRANSLATE_NOOP("TransferTab", "sample:kinds: animal, food or place? (shipped)")),
    ("shuffled", QT_TRANSLATE_NOOP("TransferTab", "shuffled: the run's corpus, words in order or shuffled")),
)
RUN_COLOUR = (31, 119, 180)
TWIN_COLOUR = (214, 39, 40)
MAJORITY_COLOUR = (127, 127, 127)


class _Progress(QObject):
    """Carries (what, done, total) from the worker thread to the GUI thread (a queued signal)."""

    changed = Signal(str, int, int)


class TransferTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Transfer probe")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "TransferTab",
                "Was the pretraining worth it? A linear probe reads the model's frozen sentence features "
                "(its last layer, averaged) to predict a label, on sentences it did not train on. "
                "The same probe on a randomly initialised twin of the same shape says what the "
                "architecture alone gets; the majority class is the floor. Mean ± std over the seeds.",
            )
        )
        explain.setWordWrap(True)
        self.task_combo = QComboBox()
        # As wide as the room allows, not as its longest task: a long file name would widen the window.
        self.task_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.task_combo.setMinimumContentsLength(24)
        for value, text in SHIPPED_TASKS:
            self.task_combo.addItem(translate("TransferTab", text), value)
        self.task_combo.setToolTip(
            translate(
                "TransferTab", "The labelled task: shipped, made from the run's corpus, or a file of yours."
            )
        )
        self.file_button = QPushButton(translate("TransferTab", "Task file…"))
        self.file_button.setToolTip(
            translate("TransferTab", "A CSV, TSV or JSONL file with a text and a label in each row.")
        )
        self.text_column = QLineEdit("text")
        self.text_column.setMaximumWidth(90)
        self.text_column.setAccessibleName(translate("TransferTab", "Text column"))
        mark_user_text(self.text_column)  # a column name of the user's file
        self.text_column.setToolTip(translate("TransferTab", "The column (or JSONL field) with the texts."))
        self.label_column = QLineEdit("label")
        self.label_column.setMaximumWidth(90)
        self.label_column.setAccessibleName(translate("TransferTab", "Label column"))
        mark_user_text(self.label_column)
        self.label_column.setToolTip(translate("TransferTab", "The column (or JSONL field) with the labels."))
        self.seeds = QSpinBox()
        self.seeds.setRange(1, 10)
        self.seeds.setValue(3)
        self.seeds.setToolTip(
            translate("TransferTab", "Seeds: each draws its own held-out split, probe start and twin.")
        )
        self.finetune = QCheckBox(translate("TransferTab", "Fine-tune too"))
        self.finetune.setToolTip(
            translate("TransferTab", "Also fine-tune the run and its twin whole for a few epochs (slower).")
        )
        self.evaluate_button = QPushButton(translate("TransferTab", "Evaluate"))
        self.evaluate_button.setToolTip(
            translate("TransferTab", "Probe the run, its twin and its kept checkpoints in the background.")
        )
        self.cancel_button = QPushButton(translate("TransferTab", "Cancel"))
        self.cancel_button.hide()
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.hide()

        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [
                translate("TransferTab", "subject"),
                translate("TransferTab", "method"),
                translate("TransferTab", "accuracy"),
                translate("TransferTab", "± std"),
                translate("TransferTab", "min – max"),
            ]
        )
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.plot = pg.PlotWidget()
        self.plot.setMinimumSize(320, 240)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.setLabel("bottom", translate("TransferTab", "training step (kept checkpoints, log scale)"))
        self.plot.setLabel("left", translate("TransferTab", "held-out accuracy"))
        self.plot.setLogMode(x=True, y=False)
        self.plot.addLegend(offset=(10, 10))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.view = QWidget()  # what the PNG shows: the summary, the table and the plot
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.plot)
        splitter.setStretchFactor(1, 1)
        fit_titles(self.table)  # every column title readable beside the plot, in any language
        view_layout = QVBoxLayout(self.view)
        view_layout.setContentsMargins(0, 0, 0, 0)
        view_layout.addWidget(self.summary)
        view_layout.addWidget(splitter, 1)
        self.export = ExportButtons(
            self.view, self.numbers, name="transfer", report_error=self.host.show_error
        )

        row = QHBoxLayout()
        row.addWidget(QLabel(translate("TransferTab", "Task:")))
        row.addWidget(self.task_combo, 1)
        row.addWidget(self.file_button)
        row.addWidget(QLabel(translate("TransferTab", "text:")))
        row.addWidget(self.text_column)
        row.addWidget(QLabel(translate("TransferTab", "label:")))
        row.addWidget(self.label_column)
        row2 = QHBoxLayout()
        row2.addWidget(QLabel(translate("TransferTab", "Seeds:")))
        row2.addWidget(self.seeds)
        row2.addWidget(self.finetune)
        row2.addWidget(self.evaluate_button)
        row2.addWidget(self.cancel_button)
        row2.addWidget(self.progress_bar)
        row2.addStretch(1)
        row2.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(row)
        layout.addLayout(row2)
        layout.addWidget(self.view, 1)

        self.report: TransferReport | None = None
        self.stored = 0
        self._stop = threading.Event()
        self._progress = _Progress(self)
        self._progress.changed.connect(self._on_progress)
        self.evaluate_button.clicked.connect(self.evaluate)
        self.cancel_button.clicked.connect(self.cancel)
        self.file_button.clicked.connect(self._choose_file)
        self.apply_palette(self.palette())

    def apply_palette(self, palette: QPalette) -> None:
        style_plot(self.plot, palette)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    # -- the tab interface --------------------------------------------------------------

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.evaluate_button]

    def update_actions(self, has_run: bool, busy: bool) -> None:
        super().update_actions(has_run, busy)
        for widget in (self.task_combo, self.file_button, self.seeds, self.finetune):
            widget.setEnabled(not busy)
        if not busy:
            self.progress_bar.hide()
            self.cancel_button.hide()

    def run_changed(self, run: RunSummary | None) -> None:
        self._stop.set()  # the page drops the old run's answer; stop computing it

    # -- asking ---------------------------------------------------------------------------

    def set_task_file(self, path: str | Path) -> None:
        """Choose a labelled file as the task (the file dialog's answer, or a test's)."""
        value = str(path)
        index = self.task_combo.findData(value)
        if index < 0:
            self.task_combo.addItem(
                translate("TransferTab", "file: {name}").format(name=Path(value).name), value
            )
            index = self.task_combo.count() - 1
        self.task_combo.setCurrentIndex(index)

    def evaluate(self) -> bool:
        """Evaluate in a worker (through the page); False when it could not be asked."""
        if not self.evaluate_button.isEnabled():
            return False
        from mlmstudio.store.transfer_runs import TaskChoice

        db = getattr(self.host, "db", None)
        choice = TaskChoice(
            str(self.task_combo.currentData()),
            self.text_column.text().strip() or "text",
            self.label_column.text().strip() or "label",
        )
        seeds, finetune = self.seeds.value(), self.finetune.isChecked()
        self._stop = stop = threading.Event()
        progress = self._progress

        def asking(_predictor: Predictor, question: Question) -> Any:
            from mlmstudio.store.transfer_runs import evaluate_run_transfer

            return evaluate_run_transfer(
                db,
                question.run.id,
                choice,
                seeds=seeds,
                finetune=finetune,
                progress=progress.changed.emit,
                should_stop=stop.is_set,
            )

        started = self.host.ask(
            asking,
            self._on_answer,
            what=translate("TransferTab", "Probing the run and its random twin"),
            needs_mask=False,
        )
        if started:
            self.progress_bar.setRange(0, 0)
            self.progress_bar.show()
            self.cancel_button.show()
        return started

    @Slot()
    def cancel(self) -> None:
        self._stop.set()
        self.host.show_info(
            translate(
                "TransferTab", "Cancelling: the evaluation stops after the current batch; nothing is stored."
            )
        )

    @Slot(str, int, int)
    def _on_progress(self, what: str, done: int, total: int) -> None:
        if self.progress_bar.isHidden():
            return
        self.progress_bar.setFormat(translate("TransferTab", "{what}: %p%").format(what=translated(what)))
        self.progress_bar.setRange(0, max(1, total))
        self.progress_bar.setValue(done)

    def _on_answer(self, outcome: Any, _question: Question) -> None:
        self.stored = outcome.stored
        self.show_report(outcome.report)
        if outcome.report.notes:
            self.host.show_info(" ".join(translated(note) for note in outcome.report.notes))
        self.answered.emit()

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("TransferTab", "Choose a labelled task"),
            "",
            translate("TransferTab", "Labelled tasks (*.csv *.tsv *.jsonl);;All files (*)"),
        )
        if path:
            self.set_task_file(path)

    # -- drawing --------------------------------------------------------------------------

    def show_report(self, report: TransferReport) -> None:
        self.report = report
        self.table.setRowCount(len(report.results))
        for row, r in enumerate(report.results):
            cells = (
                transfer_label(r.label),
                transfer_label(r.method),
                number(r.mean, ".1%"),
                number(r.spread, ".1%"),
                f"{min(r.per_seed):.1%} – {max(r.per_seed):.1%}",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        run, twin = report.result("run"), report.result("twin")
        self.summary.setText(
            translate(
                "TransferTab",
                "<b>{task}</b>: {examples:,} examples, {classes} classes, about "
                "{held_out:,} held out per seed. The run scores <b>{run:.1%}</b> ± "
                "{run_spread:.1%}, its random twin {twin:.1%} ± {twin_spread:.1%}: "
                "pretraining adds <b>{gain:+.1%}</b>.",
            ).format(
                task=report.task,
                examples=report.examples,
                classes=len(report.classes),
                held_out=report.test_examples,
                run=run.mean,
                run_spread=run.spread,
                twin=twin.mean,
                twin_spread=twin.spread,
                gain=run.mean - twin.mean,
            )
        )
        self._draw(report)
        self.export.set_available(True)

    def _draw(self, report: TransferReport) -> None:
        self.plot.clear()
        points = sorted(
            (r.step, r.mean, r.spread) for r in report.results if r.step is not None and r.method == "probe"
        )
        if points:
            steps = [float(s) for s, _, _ in points]
            means = [m for _, m, _ in points]
            spreads = [d for _, _, d in points]
            self.plot.plot(
                steps,
                means,
                pen=pg.mkPen(RUN_COLOUR, width=2),
                symbol="o",
                symbolBrush=RUN_COLOUR,
                name=translate("TransferTab", "run (checkpoints)"),
            )
            bars = pg.ErrorBarItem(
                x=np.log10(np.array(steps)),  # the plot is in log x; an added item is not converted
                y=np.array(means),
                height=2 * np.array(spreads),
                pen=pg.mkPen(RUN_COLOUR),
            )
            self.plot.addItem(bars)
            # The kept steps themselves as the ticks: pyqtgraph's own log ticks crowd at 6-9 x 10^k.
            self.plot.getAxis("bottom").setTicks([[(float(np.log10(s)), number(int(s))) for s in steps]])
        else:
            self.plot.getAxis("bottom").setTicks(None)
            run = report.result("run")
            self.plot.plot(
                [1.0],
                [run.mean],
                pen=None,
                symbol="o",
                symbolBrush=RUN_COLOUR,
                name=translate("TransferTab", "run (final)"),
            )
        for subject, colour, name in (
            ("twin", TWIN_COLOUR, translate("TransferTab", "random twin")),
            ("majority", MAJORITY_COLOUR, translate("TransferTab", "majority class")),
        ):
            value = report.result(subject).mean
            line = pg.InfiniteLine(
                pos=value, angle=0, pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine)
            )
            self.plot.addItem(line)
            self.plot.plot([], [], pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine), name=name)
        self.plot.setYRange(0, 1, padding=0.02)

    def numbers(self) -> Numbers | None:
        if self.report is None:
            return None
        return Numbers(rows=self.report.csv_rows(), data=self.report.as_dict())
