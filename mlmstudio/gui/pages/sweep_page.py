"""The Sweep page: define a budgeted search, start, stop or resume it, and watch its trials.

The user names 1-4 settings with a range (``lr=1e-4:3e-3:log``) or choices
(``layers=1,2,4``), or ticks "find a good recipe for this corpus" (the preset
picks them), gives a time budget and chooses whether to prune. The settings
are checked as they are typed (``sweep/space.py``, a sentence under the form).
The sweep runs in ``SweepWorker``'s thread on the corpus and settings of the
Corpus and Setup pages (each trial trains for its share of the budget, or the
Setup page's step limit if it comes first); every trial is an ordinary run in History, tagged
``sweep:NAME``. The page shows the trials as a scatter and a
parallel-coordinates plot coloured by validation loss (``widgets/sweep_plots.py``),
a table with each trial's outcome (pruned ones with their step), and the best
run so far. The sweeps recorded earlier are listed (in a background call:
it reads Optuna's journal) for Resume.
"""

from __future__ import annotations

import dataclasses
import logging
import time

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSize, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import NO_STEP_LIMIT, RunConfig
from mlmstudio.gui.background import TaskRunner
from mlmstudio.gui.engine_messages import sweep_range, translated
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.run_request import request_problem
from mlmstudio.gui.sweep_worker import SweepRequest, SweepWorker
from mlmstudio.gui.theme import MessageLabel
from mlmstudio.gui.threads import start_in_thread
from mlmstudio.gui.widgets.header_fit import fit_titles
from mlmstudio.gui.widgets.sweep_plots import SweepPlots
from mlmstudio.store.database import Database
from mlmstudio.sweep.space import (
    MAX_PARAMS,
    SweepSpecError,
    format_duration,
    parse_duration,
    parse_params,
)
from mlmstudio.sweep.study import (
    COMPLETED,
    PRUNED,
    RUNNING,
    TrialOutcome,
    TrialRecord,
    best_trial,
    check_name,
)

log = logging.getLogger(__name__)

# A trial's outcome as the table shows it (the study's own words are the keys).
OUTCOME_WORDS = {
    TrialOutcome.COMPLETED: QT_TRANSLATE_NOOP("SweepPage", "completed"),
    TrialOutcome.PRUNED: QT_TRANSLATE_NOOP("SweepPage", "pruned"),
    TrialOutcome.STOPPED: QT_TRANSLATE_NOOP("SweepPage", "stopped"),
    TrialOutcome.INTERRUPTED: QT_TRANSLATE_NOOP("SweepPage", "interrupted"),
    TrialOutcome.FAILED: QT_TRANSLATE_NOOP("SweepPage", "failed"),
    TrialOutcome.RUNNING: QT_TRANSLATE_NOOP("SweepPage", "running"),
}

EXAMPLES = ("lr=1e-4:3e-3:log", "layers=1,2,4", "mask_rate=0.15:0.4", "width=64,128,256")
COLUMNS = (
    QT_TRANSLATE_NOOP("SweepPage", "Trial"),
    QT_TRANSLATE_NOOP("SweepPage", "Settings"),
    QT_TRANSLATE_NOOP("SweepPage", "Outcome"),
    QT_TRANSLATE_NOOP("SweepPage", "Validation loss"),
    QT_TRANSLATE_NOOP("SweepPage", "Accuracy"),
    QT_TRANSLATE_NOOP("SweepPage", "Steps"),
    QT_TRANSLATE_NOOP("SweepPage", "Run"),
)


class SweepPage(QWidget):
    """Defines, runs and shows one sweep at a time."""

    busy_changed = Signal(bool)
    runs_changed = Signal()  # a trial's run was recorded or ended: History lists again
    status_message = Signal(str)

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._base: RunConfig | None = None
        self._corpus = None
        self._request_problem = translate("SweepPage", "Choose a corpus on the Corpus page first.")
        self.worker: SweepWorker | None = None
        self.thread: QThread | None = None
        self.spec = None
        self.trials: dict[int, TrialRecord] = {}
        self._tasks = TaskRunner(self)
        self._build()
        self._on_form_changed()
        self.refresh_sweeps()

    # Layout -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.param_edits = []
        for example in EXAMPLES[:MAX_PARAMS]:
            edit = QLineEdit()
            edit.setPlaceholderText(translate("SweepPage", "e.g. {example}").format(example=example))
            edit.setAccessibleName(
                translate("SweepPage", "Setting {number} to vary").format(number=len(self.param_edits) + 1)
            )
            edit.setToolTip(
                translate(
                    "SweepPage",
                    "A setting to vary: NAME=LOW:HIGH (add :log for a log scale) or NAME=A,B,C. "
                    "Names as the Setup page or the command line call them: lr, layers, width, "
                    "heads, mask_rate, batch_size, warmup, dropout, schedule, ...",
                )
            )
            edit.textChanged.connect(self._on_form_changed)
            self.param_edits.append(edit)
        self.recipe_check, recipe_row = wrapped_check(
            translate(
                "SweepPage",
                "Find a good recipe for this corpus (the sweep picks learning rate, "
                "width, layers and masking rate itself)",
            )
        )
        self.recipe_check.toggled.connect(self._on_form_changed)
        self.budget_edit = QLineEdit("10m")
        self.budget_edit.setToolTip(translate("SweepPage", "The whole sweep's time: 90s, 20m or 1.5h."))
        self.budget_edit.textChanged.connect(self._on_form_changed)
        self.trials_spin = QSpinBox()
        self.trials_spin.setRange(0, 1000)
        self.trials_spin.setSpecialValueText(translate("SweepPage", "auto"))
        self.trials_spin.setToolTip(
            translate(
                "SweepPage",
                "Planned trials; each trains for 0.9 × budget / trials (auto: one per "
                "2 minutes of budget, 3 to 20).",
            )
        )
        self.trials_spin.valueChanged.connect(self._on_form_changed)
        self.prune_check, prune_row = wrapped_check(
            translate(
                "SweepPage",
                "Stop trials that fall behind early (successive halving) and spend their time on more trials",
            )
        )
        self.prune_check.setChecked(True)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(translate("SweepPage", "sweep-DATE-TIME"))
        self.name_edit.textChanged.connect(self._on_form_changed)

        form = QFormLayout()
        settings = QGridLayout()  # two settings a row: the plots keep the height
        for i, edit in enumerate(self.param_edits):
            settings.addWidget(edit, i // 2, i % 2)
        form.addRow(translate("SweepPage", "Settings"), settings)
        form.addRow("", recipe_row)
        budget_row = QHBoxLayout()
        budget_row.addWidget(self.budget_edit)
        budget_row.addWidget(QLabel(translate("SweepPage", "Trials")))
        budget_row.addWidget(self.trials_spin)
        budget_row.addStretch(1)
        form.addRow(translate("SweepPage", "Budget"), budget_row)
        form.addRow("", prune_row)
        form.addRow(translate("SweepPage", "Name"), self.name_edit)
        self.plan_label = QLabel(" ")
        self.plan_label.setWordWrap(True)
        self.problem_label = MessageLabel("error")

        self.start_button = QPushButton(translate("SweepPage", "Start sweep"))
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton(translate("SweepPage", "Stop"))
        self.stop_button.setToolTip(
            translate("SweepPage", "Stop the current trial after its step; Resume carries on later.")
        )
        self.stop_button.clicked.connect(self.stop)
        self.sweep_combo = QComboBox()
        self.sweep_combo.setToolTip(translate("SweepPage", "Sweeps recorded in this history."))
        mark_user_text(self.sweep_combo)  # sweep names
        self.sweep_combo.setMinimumWidth(180)
        self.sweep_combo.currentTextChanged.connect(self._on_sweep_chosen)
        self.resume_button = QPushButton(translate("SweepPage", "Resume"))
        self.resume_button.setToolTip(
            translate(
                "SweepPage",
                "Carry on with the chosen sweep: an interrupted or stopped trial is "
                "tried again, then new trials until its budget is spent.",
            )
        )
        self.resume_button.clicked.connect(self.resume)
        buttons = QHBoxLayout()
        for widget in (self.start_button, self.stop_button):
            buttons.addWidget(widget)
        buttons.addSpacing(24)
        buttons.addWidget(self.sweep_combo)
        buttons.addWidget(self.resume_button)
        buttons.addStretch(1)

        self.state_label = QLabel(translate("SweepPage", "No sweep running."))
        self.state_label.setWordWrap(True)
        self.best_label = QLabel(" ")
        self.best_label.setWordWrap(True)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName(translate("SweepPage", "Sweep trials"))
        self.table.setHorizontalHeaderLabels([translate("SweepPage", c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # Not stretched: a stretched last column stays at least 100 px, so the titles would scroll.
        self.table.horizontalHeader().setStretchLastSection(False)
        self.table.resizeColumnsToContents()
        fit_titles(self.table)  # the titles whole before the first trial too, in any language
        self.plots = SweepPlots()
        splitter = QSplitter()
        splitter.addWidget(self.table)
        splitter.addWidget(self.plots)
        splitter.setSizes([420, 580])

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.plan_label)
        layout.addWidget(self.problem_label)
        layout.addLayout(buttons)
        layout.addWidget(self.state_label)
        layout.addWidget(self.best_label)
        layout.addWidget(splitter, 1)
        self.param_edits[0].setText(EXAMPLES[0])

    # What a sweep starts from -----------------------------------------------------------------
    def set_request(self, config: RunConfig | None, corpus, problem: str = "") -> None:
        """The Setup page's settings (each trial's base recipe) and the Corpus page's corpus."""
        self._base, self._corpus = config, corpus
        self._request_problem = request_problem(config, corpus, problem)
        self._on_form_changed()

    def is_running(self) -> bool:
        return self.thread is not None

    def form_problem(self) -> str:
        """Why Start cannot start, in a sentence; empty when it can."""
        try:
            self._read_form()
        except SweepSpecError as exc:
            return translated(str(exc))
        return self._request_problem

    def _read_form(self) -> SweepRequest:
        budget = parse_duration(self.budget_edit.text() or "10m")
        trials = self.trials_spin.value() or None
        base = self._base or RunConfig()
        # Each trial's time is its share of the budget; the Setup page's step limit still holds.
        base = dataclasses.replace(base, training=dataclasses.replace(base.training, time_budget=0.0))
        recipe = self.recipe_check.isChecked()
        params = (
            ()
            if recipe
            else tuple(parse_params([e.text() for e in self.param_edits if e.text().strip()], base))
        )
        name = (
            check_name(self.name_edit.text())
            if self.name_edit.text().strip()
            else time.strftime("sweep-%Y%m%d-%H%M%S")
        )
        return SweepRequest(
            name=name,
            base=base,
            corpus=self._corpus,
            params=params,
            budget_seconds=budget,
            trials=trials,
            prune=self.prune_check.isChecked(),
            preset="recipe" if recipe else "",
        )

    @Slot()
    def _on_form_changed(self, *_args) -> None:
        for edit in self.param_edits:
            edit.setEnabled(not self.recipe_check.isChecked())
        problem = ""
        try:
            request = self._read_form()
        except SweepSpecError as exc:
            problem = translated(str(exc))
            self.plan_label.setText(" ")
        else:
            from mlmstudio.sweep.runner import default_trials

            trials = request.trials or default_trials(request.budget_seconds, request.prune)
            each = request.budget_seconds * 0.9 / trials
            what = (
                translate("SweepPage", "the recipe preset's settings")
                if request.preset
                else "; ".join(sweep_range(p) for p in request.params)
            )
            cap = request.base.training.steps
            if cap < NO_STEP_LIMIT:
                plan = translate(
                    "SweepPage",
                    "%Ln trial(s) of {each} (or {cap:,} steps, the Setup page's limit, if sooner) "
                    "within {budget}: {what}.",
                    None,
                    trials,
                )
            else:
                plan = translate("SweepPage", "%Ln trial(s) of {each} within {budget}: {what}.", None, trials)
            self.plan_label.setText(
                plan.format(
                    each=format_duration(each),
                    cap=cap,
                    budget=format_duration(request.budget_seconds),
                    what=what,
                )
            )
            problem = self._request_problem
        self.problem_label.show_message(problem if not self.is_running() else "")
        self._update_buttons(problem)

    def _update_buttons(self, problem: str | None = None) -> None:
        problem = self.form_problem() if problem is None else problem
        running = self.is_running()
        self.start_button.setEnabled(not running and not problem)
        self.stop_button.setEnabled(running and not self.worker.control.stop_requested)
        self.resume_button.setEnabled(not running and self.sweep_combo.count() > 0)

    # Sweeps recorded earlier ---------------------------------------------------------------------
    def refresh_sweeps(self) -> None:
        from mlmstudio.sweep.study import sweep_names

        db = self.db
        self._tasks.run(
            lambda: sweep_names(db),
            self._on_sweeps_listed,
            lambda exc: None,
            topic="sweeps",
            name="list sweeps",
        )

    def _on_sweeps_listed(self, names: list[str]) -> None:
        current = self.sweep_combo.currentText()
        self.sweep_combo.clear()
        self.sweep_combo.addItems(list(reversed(names)))
        if current in names:
            self.sweep_combo.setCurrentText(current)
        self._update_buttons()

    @Slot(str)
    def _on_sweep_chosen(self, name: str) -> None:
        """Show a recorded sweep's trials (read in a background call) while none is running."""
        if not name or self.is_running():
            return
        from mlmstudio.sweep.runner import sweep_trials

        db = self.db
        self._tasks.run(
            lambda: sweep_trials(db, name),
            self._on_recorded,
            lambda exc: None,
            topic="recorded",
            name="read sweep",
        )

    def _on_recorded(self, found) -> None:
        if self.is_running():
            return
        spec, records = found
        self.spec, self.trials = spec, {r.number: r for r in records}
        self.plots.set_params(spec.params)
        self._show_trials()
        recorded = len(records)  # a plain name: lupdate skips a call whose count is an expression
        self.state_label.setText(
            translate(
                "SweepPage",
                "Sweep {name} (recorded): %Ln trial(s) of {each} within {budget}; Resume carries it on.",
                None,
                recorded,
            ).format(
                name=spec.name,
                each=format_duration(spec.trial_seconds),
                budget=format_duration(spec.budget_seconds),
            )
        )

    def wait_idle(self, msecs: int = 10_000) -> bool:
        return self._tasks.wait_idle(msecs)

    # Start, stop, resume ---------------------------------------------------------------------------
    @Slot()
    def start(self) -> bool:
        problem = self.form_problem()
        if problem or self.is_running():
            self.problem_label.show_message(problem or translate("SweepPage", "A sweep is already running."))
            return False
        self._begin(self._read_form())
        return True

    @Slot()
    def resume(self) -> bool:
        name = self.sweep_combo.currentText()
        if self.is_running() or not name:
            return False
        self._begin(SweepRequest(name=name, resume=True))
        return True

    @Slot()
    def stop(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.state_label.setText(
                translate(
                    "SweepPage",
                    "Stopping: the current trial ends after its step and saves a "
                    "checkpoint; Resume carries on later.",
                )
            )
            self._update_buttons()

    def stop_and_wait(self, msecs: int = 120_000) -> bool:
        thread = self.thread
        if thread is None:
            return True
        self.stop()
        return thread.wait(msecs)

    def _begin(self, request: SweepRequest) -> None:
        self.spec, self.trials = None, {}
        self.table.setRowCount(0)
        self.best_label.setText(" ")
        self.plots.set_params([])
        self.plots.set_trials([], None)
        self.problem_label.show_message("")
        if request.resume:
            starting = translate("SweepPage", "Resuming sweep {name}…")
        elif request.preset:
            starting = translate(
                "SweepPage", "Starting sweep {name}: timing the model sizes this computer can train…"
            )
        else:
            starting = translate("SweepPage", "Starting sweep {name}…")
        self.state_label.setText(starting.format(name=request.name))
        worker = SweepWorker(self.db, request)
        worker.event.connect(self._on_event)
        worker.spec_ready.connect(self._on_spec)
        worker.failed.connect(self._on_failed)
        worker.finished.connect(self._on_worker_finished)
        self.worker = worker
        self.thread = start_in_thread(worker, f"sweep {request.name}")
        self.thread.finished.connect(self._on_thread_finished)
        self._update_buttons()
        self.busy_changed.emit(True)

    # From the worker ---------------------------------------------------------------------------------
    @Slot(object, object)
    def _on_spec(self, spec, records) -> None:
        if self.sender() is not self.worker:
            return
        self.spec = spec
        self.plots.set_params(spec.params)
        trials = spec.trials  # a plain name: lupdate skips a call whose count is an expression
        if spec.prune:
            sweep = translate(
                "SweepPage",
                "Sweep {name}: %Ln trial(s) of {each} within {budget}, pruning; runs tagged {tag}.",
                None,
                trials,
            )
        else:
            sweep = translate(
                "SweepPage",
                "Sweep {name}: %Ln trial(s) of {each} within {budget}; runs tagged {tag}.",
                None,
                trials,
            )
        self.state_label.setText(
            sweep.format(
                name=spec.name,
                each=format_duration(spec.trial_seconds),
                budget=format_duration(spec.budget_seconds),
                tag=spec.tag,
            )
        )
        self.refresh_sweeps()
        for record in records:
            self.trials[record.number] = record
        self._show_trials()

    @Slot(object)
    def _on_event(self, event) -> None:
        if self.sender() is not self.worker:
            return
        from mlmstudio.sweep import runner

        if isinstance(event, runner.TrialStarted):
            self.trials[event.number] = TrialRecord(
                event.number, dict(event.values), RUNNING, run_id=event.run_id, retry_of=event.retry_of
            )
            self.state_label.setText(
                translate("SweepPage", "Trial {number} training ({time}): {values}.").format(
                    number=event.number, time=format_duration(event.seconds), values=_values(event.values)
                )
            )
            self.runs_changed.emit()
        elif isinstance(event, runner.TrialEvaluated):
            self.plots.set_live(event.number, event.val_loss)
            return
        elif isinstance(event, runner.TrialEnded):
            self.trials[event.record.number] = event.record
            self.plots.set_live(event.record.number, None)
            self.runs_changed.emit()
        elif isinstance(event, runner.SweepEnded):
            for record in event.trials:
                self.trials[record.number] = record
            done = sum(1 for t in event.trials if t.outcome == COMPLETED)
            pruned = sum(1 for t in event.trials if t.outcome == PRUNED)
            trials = len(event.trials)  # a plain name: lupdate skips a call whose count is an expression
            if event.stopped:
                ended = translate(
                    "SweepPage",
                    "Sweep {name}: %Ln trial(s) ({done} completed, {pruned} pruned), stopped with {left} of "
                    "its budget left: Resume carries on.",
                    None,
                    trials,
                )
            else:
                ended = translate(
                    "SweepPage",
                    "Sweep {name}: %Ln trial(s) ({done} completed, {pruned} pruned), budget spent.",
                    None,
                    trials,
                )
            self.state_label.setText(
                ended.format(
                    name=event.name, done=done, pruned=pruned, left=format_duration(event.seconds_left)
                )
            )
            self.status_message.emit(translate("SweepPage", "Sweep {name} ended.").format(name=event.name))
        self._show_trials()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self.sender() is not self.worker:
            return
        self.problem_label.show_message(message)
        self.state_label.setText(translate("SweepPage", "The sweep ended early."))

    @Slot()
    def _on_worker_finished(self) -> None:
        self.runs_changed.emit()

    @Slot()
    def _on_thread_finished(self) -> None:
        if self.sender() is not self.thread:
            return
        self.worker, self.thread = None, None
        self._update_buttons()
        self.refresh_sweeps()
        self.busy_changed.emit(False)

    # Display --------------------------------------------------------------------------------------------
    def best(self) -> TrialRecord | None:
        return best_trial(list(self.trials.values()))

    def _show_trials(self) -> None:
        records = [self.trials[n] for n in sorted(self.trials)]
        best = self.best()
        self.table.setRowCount(len(records))
        for row, r in enumerate(records):
            if r.outcome == PRUNED and r.pruned_step:
                outcome = translate("SweepPage", "pruned at step {step}").format(step=r.pruned_step)
            else:
                outcome = (
                    translate("SweepPage", OUTCOME_WORDS[r.outcome])
                    if r.outcome in OUTCOME_WORDS
                    else r.outcome
                )
            if r.retry_of is not None:
                outcome = translate("SweepPage", "{outcome} (re-try of {trial})").format(
                    outcome=outcome, trial=r.retry_of
                )
            cells = (
                str(r.number),
                _values(r.values),
                outcome,
                number(r.val_loss, ".3f") if r.val_loss is not None else "–",
                number(r.val_accuracy, ".1%") if r.val_accuracy is not None else "–",
                str(r.step) if r.step else "–",
                r.run_id,
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(
                    ("★ " if best and r.number == best.number and col == 0 else "") + text
                )
                if r.message:
                    item.setToolTip(r.message)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        fit_titles(self.table)
        self.plots.set_trials(records, best)
        if best is None:
            self.best_label.setText(
                translate("SweepPage", "Best run so far: none yet (no trial has completed).")
            )
        else:
            if best.val_accuracy is not None:
                text = translate(
                    "SweepPage",
                    "Best run so far: <b>{run}</b> (trial {number}: {values}), validation loss "
                    "<b>{loss:.3f}</b>, accuracy {accuracy:.1%}.",
                )
            else:
                text = translate(
                    "SweepPage",
                    "Best run so far: <b>{run}</b> (trial {number}: {values}), validation loss <b>{loss:.3f}</b>.",
                )
            self.best_label.setText(
                text.format(
                    run=best.run_id,
                    number=best.number,
                    values=_values(best.values),
                    loss=best.val_loss,
                    accuracy=best.val_accuracy,
                )
            )


class _CheckText(QLabel):
    """A check box's text that wraps; clicking it clicks the box."""

    def __init__(self, text: str, box: QCheckBox) -> None:
        super().__init__(text)
        self.box = box
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setBuddy(box)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        # One line at least; the height for the width given decides the rest (QLabel's own
        # minimum is its height at a narrow guess of a width: rows far taller than their text).
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), 200), self.fontMetrics().height())

    def sizeHint(self) -> QSize:  # noqa: N802
        # As wide as the text on one line (QLabel's own guess of a width is far narrower).
        width = self.fontMetrics().horizontalAdvance(self.text()) + 4
        return QSize(width, self.heightForWidth(width))

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.box.click()
        super().mouseReleaseEvent(event)


def wrapped_check(text: str) -> tuple[QCheckBox, QWidget]:
    """A check box whose long text wraps (a QCheckBox's own never does): the box and its row.

    In a longer language the sentence would otherwise widen the page past a laptop screen.
    """
    box = QCheckBox()
    box.setAccessibleName(text)
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(box, 0, Qt.AlignmentFlag.AlignTop)
    layout.addWidget(_CheckText(text, box), 1)
    return box, row


def _values(values: dict) -> str:
    return ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in values.items())
