"""Over training: the sentence's predictions at each checkpoint the run kept, on a slider.

A run keeps copies of its weights from along its training
(``engine/kept_checkpoints.py``: steps 1, 2, 4, 8, ... and the end, the newest
N). The slider moves over them; letting go asks that copy the sentence, so
the user sees what the model answered at step 16, 256 or 1,000 — when it
learned that Paris is the capital of France. "Every step" asks all of them
at once and lists the best guess at each, a timeline.

Everything runs through the page's ``ask`` (a worker thread, the busy
state): listing the copies, and loading each one into the shared
``PredictorCache`` (one entry per copy, ``get_at_step``). A run that kept
none (trained before they were kept, imported, or with "Checkpoints kept"
at 0) says so and leaves the slider off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import NO_STEP_LIMIT
from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.pages.explore.answers import (
    best_sequence,
    best_sequence_html,
    clear_layout,
    mask_title,
    percent,
    scrolling,
)
from mlmstudio.gui.pages.explore.predictions_tab import TRUNCATED, prediction_rows
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import PredictionView, readable_token
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.predict import FillResult, Predictor

SLIDER_PAUSE_MS = 250  # asked once the slider rests this long (arrow keys, dragging)
NONE_KEPT = QT_TRANSLATE_NOOP(
    "CheckpointsTab",
    "This run kept no checkpoints along its training (it was trained before they were kept, "
    "imported, or with 'Checkpoints kept' at 0 in Setup → Advanced → Training), so there is "
    "nothing to slide over. Train a new run to see its answers change.",
)


class CheckpointsTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Over training")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "CheckpointsTab",
                "What did the model answer earlier in its training? Move the slider over the "
                "checkpoints this run kept (steps 1, 2, 4, 8, … and the end) to see the "
                "sentence's guesses at that step, or ask every step at once for a timeline.",
            )
        )
        explain.setWordWrap(True)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider.setPageStep(1)
        self.slider.setEnabled(False)
        self.slider.setToolTip(translate("CheckpointsTab", "The kept checkpoints, in order of their step"))
        self.step_label = QLabel("")
        self.step_label.setWordWrap(True)
        self.show_button = QPushButton(translate("CheckpointsTab", "Show at this step"))
        self.timeline_button = QPushButton(translate("CheckpointsTab", "Every step"))
        self.timeline_button.setToolTip(
            translate("CheckpointsTab", "Ask every kept checkpoint and list its best guess for each [MASK]")
        )
        self.reload_button = QPushButton(translate("CheckpointsTab", "Reload"))
        self.reload_button.setToolTip(translate("CheckpointsTab", "Read the run's kept checkpoints again"))
        self.status = QLabel()
        self.status.setWordWrap(True)

        self.best_guess = QLabel()
        self.best_guess.setWordWrap(True)
        self.best_guess.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.predictions_box = QWidget()
        self.predictions_grid = QGridLayout(self.predictions_box)
        self.predictions_grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        at_step = QWidget()
        at_step_layout = QVBoxLayout(at_step)
        at_step_layout.setContentsMargins(0, 0, 0, 0)
        at_step_layout.addWidget(self.best_guess)
        at_step_layout.addWidget(scrolling(self.predictions_box), 1)
        self.timeline = QTableWidget(0, 3)
        self.timeline.setHorizontalHeaderLabels(
            [
                translate("CheckpointsTab", "Step"),
                translate("CheckpointsTab", "Best guess"),
                translate("CheckpointsTab", "Probability"),
            ]
        )
        self.timeline.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.timeline.verticalHeader().hide()
        self.timeline.hide()
        self.view = QSplitter(Qt.Orientation.Horizontal)  # what "Save picture" saves
        self.view.addWidget(at_step)
        self.view.addWidget(self.timeline)
        self.view.setStretchFactor(0, 1)
        self.view.setStretchFactor(1, 1)
        self.view.setSizes([600, 400])
        self.export = ExportButtons(
            self.view, self.numbers, name="over-training", report_error=self.host.show_error
        )

        # The step and the status each on a line of their own, wrapping: a longer translation
        # then takes a second line instead of being cut beside the slider and the buttons.
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.reload_button)
        buttons.addWidget(self.export)
        buttons.addWidget(self.timeline_button)
        buttons.addWidget(self.show_button)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.slider)
        layout.addWidget(self.step_label)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        layout.addWidget(self.view, 1)

        self._actions_state = (False, False)
        self.steps: list[int] = []
        self._steps_run: str | None = None  # whose steps these are
        self._total_steps = 0
        self.result: FillResult | None = None
        self.result_step: int | None = None
        self.timeline_results: list[tuple[int, FillResult]] = []
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(SLIDER_PAUSE_MS)
        self._pause.timeout.connect(self._on_slider_rested)
        self.slider.valueChanged.connect(self._on_slider_moved)
        self.show_button.clicked.connect(self.show_at_step)
        self.timeline_button.clicked.connect(self.show_timeline)
        self.reload_button.clicked.connect(self.refresh_steps)
        self._update_slider()

    # -- the tab interface --------------------------------------------------------------------

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.show_button, self.timeline_button, self.reload_button]

    def update_actions(self, has_run: bool, busy: bool) -> None:
        self._actions_state = (has_run, busy)
        super().update_actions(has_run, busy)
        for button in (self.show_button, self.timeline_button):
            button.setEnabled(has_run and not busy and bool(self.steps))

    def run_changed(self, run: RunSummary | None) -> None:
        self._pause.stop()
        self.steps, self._steps_run, self._total_steps = [], None, 0
        self._clear_answers()
        self._update_slider()
        self.status.setText("")
        if run is not None and self.isVisible():
            QTimer.singleShot(0, self.refresh_steps)  # after the page has started loading the model

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        run = self.host.current_run()
        if run is not None and self._steps_run != run.id:
            QTimer.singleShot(0, self.refresh_steps)

    # -- asking ---------------------------------------------------------------------------------

    def refresh_steps(self) -> bool:
        """List the run's kept checkpoints (in a worker); the slider follows."""
        run = self.host.current_run()
        if run is None:
            return False

        def asking(_predictor: Predictor, question: Question) -> tuple[str, list[int], int]:
            from mlmstudio.engine.kept_checkpoints import list_kept

            loaded = getattr(_predictor, "loaded", None)
            final = int((getattr(loaded, "metrics", None) or {}).get("steps") or 0)
            return question.run.id, [step for step, _ in list_kept(question.run.run_dir)], final

        return self.host.ask(
            asking,
            self._on_steps,
            what=translate("CheckpointsTab", "Reading the kept checkpoints"),
            needs_mask=False,
        )

    def selected_step(self) -> int | None:
        return self.steps[self.slider.value()] if self.steps else None

    def show_at_step(self) -> bool:
        """Ask the kept checkpoint under the slider for the sentence's guesses."""
        step = self.selected_step()
        if step is None:
            self.host.show_error(
                translate("CheckpointsTab", NONE_KEPT)
                if self._steps_run
                else translate("CheckpointsTab", "Reading the run's kept checkpoints: try again in a moment.")
            )
            return False
        cache = self.host.cache

        def asking(_predictor: Predictor, question: Question) -> tuple[int, FillResult]:
            return step, cache.get_at_step(question.run.run_dir, step).fill_mask(
                question.text, top_k=question.top_k
            )

        return self.host.ask(
            asking,
            self._on_answer,
            what=translate("CheckpointsTab", "Asking the model of step {step:,}").format(step=step),
        )

    def show_timeline(self) -> bool:
        """Ask every kept checkpoint; the table lists each one's best guess for each [MASK]."""
        if not self.steps:
            return self.show_at_step()  # says why not
        steps, cache = list(self.steps), self.host.cache

        def asking(_predictor: Predictor, question: Question) -> list[tuple[int, FillResult]]:
            return [
                (step, cache.get_at_step(question.run.run_dir, step).fill_mask(question.text, top_k=1))
                for step in steps
            ]

        return self.host.ask(
            asking, self._on_timeline, what=translate("CheckpointsTab", "Asking every kept checkpoint")
        )

    # -- answers --------------------------------------------------------------------------------

    def _on_steps(self, answer: tuple[str, list[int], int], _question: Question) -> None:
        run_id, steps, final = answer
        previous = self.selected_step()
        self._steps_run, self.steps, self._total_steps = run_id, steps, final
        self._update_slider(previous)
        if not steps:
            self.status.setText(translate("CheckpointsTab", NONE_KEPT))
        else:
            kept = len(steps)  # a plain name: lupdate skips a call whose count is an expression
            self.status.setText(
                translate(
                    "CheckpointsTab",
                    "%Ln kept checkpoint(s), from step {first:,} to {last:,}.",
                    None,
                    kept,
                ).format(first=steps[0], last=steps[-1])
            )
        self.update_actions(
            *self._actions_state
        )  # the buttons need steps, which arrived after the busy state

    def _on_answer(self, answer: tuple[int, FillResult], _question: Question) -> None:
        step, result = answer
        self.show_result(step, result)
        self.answered.emit()

    def _on_timeline(self, answers: list[tuple[int, FillResult]], _question: Question) -> None:
        self.timeline_results = list(answers)
        table = self.timeline
        masks = max((len(r.masks) for _, r in answers), default=0)
        table.setColumnCount(1 + 2 * max(1, masks))
        headers = [translate("CheckpointsTab", "Step")]
        for m in range(max(1, masks)):
            if masks <= 1:
                headers += [
                    translate("CheckpointsTab", "Best guess"),
                    translate("CheckpointsTab", "Probability"),
                ]
            else:
                mask = mask_title(m, masks)
                headers += [
                    translate("CheckpointsTab", "Best guess ({mask})").format(mask=mask),
                    translate("CheckpointsTab", "Probability ({mask})").format(mask=mask),
                ]
        table.setHorizontalHeaderLabels(headers)
        table.setRowCount(len(answers))
        for row, (step, result) in enumerate(answers):
            cells = [number(step)]
            for guesses in result.masks:
                best = guesses[0] if guesses else None
                cells += [
                    readable_token(str(best["token_str"])) if best else "—",
                    percent(float(best["score"])) if best else "—",
                ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    if column != 1
                    else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                )
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        table.show()
        self.export.set_available(True)
        self.answered.emit()

    def show_result(self, step: int, result: FillResult) -> None:
        self.result, self.result_step = result, step
        clear_layout(self.predictions_grid)
        columns = 1 if len(result.masks) == 1 else 2 if len(result.masks) <= 4 else 3
        for m, predictions in enumerate(result.masks):
            view = PredictionView()
            view.set_predictions(predictions, title=mask_title(m, len(result.masks)))
            self.predictions_grid.addWidget(view, m // columns, m % columns)
        if result.truncated:
            self.host.show_info(TRUNCATED)
        self.best_guess.setText(
            translate("CheckpointsTab", "<b>At step {step:,}:</b> {sentence}").format(
                step=step, sentence=best_sequence_html(result.text, result.masks, self.palette())
            )
        )
        self.export.set_available(True)
        self.status_message.emit(
            translate("CheckpointsTab", "At step {step:,}: {sentence}").format(
                step=step, sentence=best_sequence(result.text, result.masks)
            )
        )

    # -- the slider -----------------------------------------------------------------------------

    def _update_slider(self, keep_step: int | None = None) -> None:
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(self.steps) - 1))
        index = self.steps.index(keep_step) if keep_step in self.steps else len(self.steps) - 1
        self.slider.setValue(max(0, index))
        self.slider.blockSignals(False)
        self.slider.setEnabled(len(self.steps) > 1)
        self._update_step_label()

    def _update_step_label(self) -> None:
        step = self.selected_step()
        if step is None:
            self.step_label.setText(
                translate("CheckpointsTab", "no kept checkpoints") if self._steps_run else ""
            )
            return
        # A time-budgeted run without a step count has no total to show (its cap is a sentinel).
        if 0 < self._total_steps < NO_STEP_LIMIT:
            text = translate("CheckpointsTab", "step {step:,} of {total:,} (copy {copy} of {copies})")
        else:
            text = translate("CheckpointsTab", "step {step:,} (copy {copy} of {copies})")
        self.step_label.setText(
            text.format(
                step=step, total=self._total_steps, copy=self.slider.value() + 1, copies=len(self.steps)
            )
        )

    def _on_slider_moved(self, _value: int) -> None:
        self._update_step_label()
        self._pause.start()

    def _on_slider_rested(self) -> None:
        if self.show_button.isEnabled():
            self.show_at_step()

    def _clear_answers(self) -> None:
        self.result, self.result_step, self.timeline_results = None, None, []
        clear_layout(self.predictions_grid)
        self.best_guess.setText("")
        self.timeline.setRowCount(0)
        self.timeline.hide()
        self.export.set_available(False)

    # -- saving ---------------------------------------------------------------------------------

    def numbers(self) -> Numbers | None:
        """The guesses at the slider's step, and the timeline's best guesses when it was asked."""
        rows: list[dict[str, Any]] = []
        if self.result is not None:
            rows += prediction_rows(self.result, step=self.result_step)
        for step, result in self.timeline_results:
            rows += [{**row, "timeline": True} for row in prediction_rows(result, step=step)]
        if not rows:
            return None
        data = {
            "at_step": None
            if self.result is None
            else {"step": self.result_step, "masks": self.result.masks, "text": self.result.text},
            "timeline": [{"step": step, "masks": r.masks} for step, r in self.timeline_results],
        }
        return Numbers(rows, data=data)
