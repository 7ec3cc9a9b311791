"""The Train page: start, pause, resume and stop a run, and watch it learn.

Start records a new run in the history (``lifecycle.prepare_run``, in the GUI
thread) and hands the training to a ``TrainingWorker`` in its own QThread,
which calls ``lifecycle.run_recorded``: the store records every metric and
always leaves the run in a final status. The trainer's ``StartedEvent`` gives
the vocabulary and ln V before the first step. The page only draws what the
worker reports, at most ~20 times a second.
"""

from __future__ import annotations

import html
import logging

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QThread, Signal, Slot
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import RunConfig
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.events import StartedEvent, TrainingControl
from mlmstudio.engine.learned_too_little import advice
from mlmstudio.engine.metric_names import (
    ELECTRA_STATS,
    GENERAL_LOSS,
    GENERATOR_LOSS,
    TRAIN,
    TRAIN_LOSS,
    TRAIN_LR,
    TRAIN_TOKENS_PER_SECOND,
    VAL_ACCURACY,
    VAL_DETECTION_AUC,
    VAL_LOSS,
    VAL_PERPLEXITY,
    metric_key,
)
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.perplexity import format_perplexity, loss_axis_tip, perplexity, perplexity_tip
from mlmstudio.gui.run_request import request_problem
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.theme import MessageLabel, message_color, message_style
from mlmstudio.gui.threads import start_in_thread
from mlmstudio.gui.training_worker import ProgressBatch, TrainingWorker
from mlmstudio.gui.widgets.electra_plots import ElectraPlots
from mlmstudio.gui.widgets.forecast_bar import ForecastBar
from mlmstudio.gui.widgets.live_plots import LivePlots
from mlmstudio.gui.widgets.probe_plot import ProbePlot
from mlmstudio.gui.widgets.wrapped_label import WrappedLabel
from mlmstudio.store import lifecycle, service
from mlmstudio.store.database import Database

log = logging.getLogger(__name__)


def make_training_job(db: Database, handle: lifecycle.RunHandle, corpus_text: str):
    """The worker's job: train and record a new run (the trainer announces ln V before step 1)."""

    def job(callback, control: TrainingControl):
        return lifecycle.run_recorded(db, handle, corpus_text, callbacks=(callback,), control=control)

    return job


PAGE_MARGIN = 4  # px above and below the page's rows
ROW_SPACING = 4  # px between them
MIN_PROGRESS_FOR_END = 0.02  # from here on the x axis ends where the run's progress says it will

IDLE_TEXT = QT_TRANSLATE_NOOP("TrainPage", "Press Start to train with the settings from the Setup page.")
START_TIP = QT_TRANSLATE_NOOP("TrainPage", "Train a new run with the current settings (Ctrl+Return).")


def make_resume_job(db: Database, run_id: str):
    """The worker's job for continuing an interrupted, stopped or failed run."""

    def job(callback, control: TrainingControl):
        return lifecycle.resume_run(db, run_id, callbacks=(callback,), control=control)

    return job


class FailureBanner(MessageLabel):
    """Why the run failed, on one line: the start of the reason, elided to the width, and "Details…".

    A long reason wrapped over several lines pushed the plots off a laptop screen. The tooltip
    and the Details box (and the History page) keep the whole of it.
    """

    details_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("error", banner=True, parent=parent)
        self.setWordWrap(False)
        # The width comes from the row, never from the reason's length (the text is elided to it).
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(240)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.linkActivated.connect(lambda _link: self.details_requested.emit())
        self._full = ""

    def show_message(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        if text:
            self._render()
        super().show_message(self.text() if text else "")

    def full_message(self) -> str:
        return self._full

    def _restyle(self) -> None:
        # A slim banner: one line beside the state text, not a box that adds a row's height.
        style = message_style(self.kind, QGuiApplication.palette(), self.banner)
        style = style.replace("padding: 6px;", "padding: 1px 6px;")
        if style != self.styleSheet():
            self.setStyleSheet(style)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._full:
            self._render()

    def _render(self) -> None:
        link = translate("TrainPage", "Details…")
        metrics = self.fontMetrics()
        room = self.contentsRect().width() - 2 * self.margin() - metrics.horizontalAdvance("  " + link) - 4
        one_line = " ".join(self._full.split())
        shown = metrics.elidedText(one_line, Qt.TextElideMode.ElideRight, max(room, 40))
        self.setText(f'{html.escape(shown)}&nbsp;&nbsp;<a href="details">{html.escape(link)}</a>')


class TrainPage(QWidget):
    """Runs one training at a time and plots it live."""

    run_started = Signal(str)  # run id
    run_finished = Signal(str, object)  # run id, RunEnd
    busy_changed = Signal(bool)
    status_message = Signal(str)
    help_requested = Signal()  # "What do these numbers mean?": the window opens the help

    def __init__(
        self, db: Database, settings: AppSettings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.settings = settings
        self._config: RunConfig | None = None
        self._corpus = None
        self._request_problem = translate("TrainPage", "Choose a corpus and settings first.")
        self.worker: TrainingWorker | None = None
        self.thread: QThread | None = None
        self.run_id: str | None = None
        self.run_name = ""
        self.outcome: RunEnd | None = None
        self.info: StartedEvent | None = None
        self.last_step = None
        self._trim_before_first_step = False
        self._build()
        self._update_buttons()

    # Layout ---------------------------------------------------------------
    def _build(self) -> None:
        self.title_label = QLabel(translate("TrainPage", "No run yet"))
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Wrapped labels that count all their lines: a verdict on three lines does not squeeze the plots.
        self.state_label = WrappedLabel(translate("TrainPage", IDLE_TEXT))
        # After a failure its reason sits beside "Failed.", on one line (FailureBanner).
        self.failure_label = FailureBanner()
        self.failure_label.details_requested.connect(self.show_failure_details)
        self._failure_message = ""
        self._details_box: QMessageBox | None = None
        state_row = QHBoxLayout()
        state_row.addWidget(self.state_label)
        state_row.addWidget(self.failure_label, 1)

        self.start_button = QPushButton(translate("TrainPage", "Start"))
        self.start_button.setToolTip(translate("TrainPage", START_TIP))
        self.start_button.clicked.connect(self.start)
        self.pause_button = QPushButton(translate("TrainPage", "Pause"))
        self.pause_button.setToolTip(translate("TrainPage", "Pause after the current step; nothing is lost."))
        self.pause_button.clicked.connect(self.pause)
        self.resume_button = QPushButton(translate("TrainPage", "Resume"))
        self.resume_button.clicked.connect(self.resume)
        self.stop_button = QPushButton(translate("TrainPage", "Stop"))
        self.stop_button.setToolTip(
            translate(
                "TrainPage",
                "Finish the current step, save a checkpoint and end the run "
                "(Ctrl+.). A stopped run can be resumed from the History page.",
            )
        )
        self.stop_button.clicked.connect(self.stop)
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat("%p%")
        self.eta_label = QLabel(" ")
        self.eta_label.setMinimumWidth(280)
        # The buttons and the progress share one row: a row of its own for each took the height
        # an ELECTRA run's plots need on a 1280×800 screen.
        progress = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.resume_button, self.stop_button):
            progress.addWidget(button)
        progress.addSpacing(8)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.eta_label)

        # Read-outs of the latest check on held-out text, beside the progress.
        self.val_label = WrappedLabel(" ")
        self.val_label.setToolTip(
            translate(
                "TrainPage",
                "The latest check on held-out text the model never trains on, with 15% "
                "of its tokens hidden. Loss in nats (lower is better); accuracy is the "
                "share of hidden tokens guessed exactly right.",
            )
        )
        self.perplexity_label = QLabel(" ")
        self.perplexity_label.setToolTip(perplexity_tip())
        # Wrapped, and given the row's room: a longer translation takes a second line, never a
        # width the page does not have.
        self.val_label.setWordWrap(True)
        readouts = QHBoxLayout()
        readouts.addWidget(self.val_label, 1)
        readouts.addSpacing(24)
        readouts.addWidget(self.perplexity_label)
        self.help_link = QLabel(
            '<a href="help">{text}</a>'.format(text=translate("TrainPage", "What do these numbers mean?"))
        )
        self.help_link.setToolTip(
            translate(
                "TrainPage",
                "Help → How masked language models learn: the loss in nats, the "
                "random-guess line ln V, accuracy and perplexity, with your own text.",
            )
        )
        self.help_link.linkActivated.connect(lambda _link: self.help_requested.emit())
        # Beside the title, where it costs no width the read-outs need.
        title_row = QHBoxLayout()
        title_row.addWidget(self.title_label, 1)
        title_row.addWidget(self.help_link)

        self.info_label = WrappedLabel(" ")

        self.plots = LivePlots()
        if self.settings is not None:
            options = self.settings.plot_options()
            self.plots.set_options(options["smoothing"], options["x_axis"], options["log_y"])
            self.plots.options_changed.connect(self.settings.set_plot_options)

        layout = QVBoxLayout(self)
        # Rows a little closer than Qt's default, and thin margins above and below: the page's
        # height goes to the plots (ELECTRA's and the probes' below the live curves, at 1280×800).
        margins = layout.contentsMargins()
        layout.setContentsMargins(margins.left(), PAGE_MARGIN, margins.right(), PAGE_MARGIN)
        layout.setSpacing(ROW_SPACING)
        layout.addLayout(title_row)
        layout.addLayout(state_row)
        layout.addLayout(progress)
        layout.addLayout(readouts)
        self.forecast_bar = ForecastBar(self.plots)  # predicted final held-out loss, ETA to a target
        layout.addWidget(self.info_label)
        layout.addWidget(self.forecast_bar)
        layout.addWidget(self.plots, 3)
        self.probe_plot = ProbePlot()  # each probe's answer probability, live (engine/inspect/probes.py)
        # ELECTRA runs only: both losses, the discriminator's accuracy and the replaced share.
        self.electra_plots = ElectraPlots(self)  # owned by the page while it has no tab (an MLM run)
        # The same x range as the curves above: to the run's end, the same steps under each other.
        self.electra_plots.loss_plot.setXLink(self.plots.loss_plot)
        self.plots.options_changed.connect(lambda _s, x_axis, _log: self.electra_plots.set_x_axis(x_axis))
        # The probes and an ELECTRA run's plots take turns in one place below the curves: stacked,
        # the three rows of plots did not fit a 1280×800 screen and were squashed under their
        # minimum. An MLM run has no ELECTRA tab, and then no tab bar.
        self.lower_tabs = _LowerTabs()
        self.lower_tabs.addTab(self.probe_plot, translate("TrainPage", "Probes"))
        self.electra_plots.hide()
        layout.addWidget(self.lower_tabs, 2)

    def _show_electra(self, shown: bool) -> None:
        """Give an ELECTRA run's plots their tab, and show it; or take the tab away (an MLM run).

        Removed, not hidden: a tab widget asks for room for its tab bar and for every page it holds.
        """
        tabs = self.lower_tabs
        index = tabs.indexOf(self.electra_plots)
        if shown and index < 0:
            tabs.setCurrentIndex(tabs.addTab(self.electra_plots, translate("TrainPage", "ELECTRA")))
        elif not shown and index >= 0:
            tabs.removeTab(index)
            self.electra_plots.hide()

    # What Start will train --------------------------------------------------
    def set_request(self, config: RunConfig | None, corpus, problem: str = "") -> None:
        """The settings and corpus the next Start uses; ``problem`` says why it cannot start."""
        self._config, self._corpus = config, corpus
        self._request_problem = request_problem(config, corpus, problem)
        self._update_buttons()

    def can_start(self) -> bool:
        return not self.is_training() and not self._request_problem

    def start_problem(self) -> str:
        return (
            translate("TrainPage", "A run is already training.")
            if self.is_training()
            else self._request_problem
        )

    # Controls ---------------------------------------------------------------
    def is_training(self) -> bool:
        return self.thread is not None

    @Slot()
    def start(self) -> bool:
        """Record a new run and start training it; False (with a message) when it cannot start."""
        if not self.can_start():
            self._show_state(self.start_problem())
            return False
        config, corpus = self._config, self._corpus
        try:
            handle = lifecycle.prepare_run(self.db, config, corpus)
        except MLMStudioError as exc:  # ConfigError included
            self._show_failure(
                translate("TrainPage", "The run could not be created: {reason}").format(
                    reason=translated(str(exc))
                )
            )
            return False
        except Exception as exc:  # a disk or database problem: show it, keep the app usable
            log.exception("Could not prepare the run")
            self._show_failure(
                translate("TrainPage", "The run could not be created: {reason}").format(
                    reason=translated(str(exc))
                )
            )
            return False
        self._begin(handle.run_id, handle.name, make_training_job(self.db, handle, corpus.text))
        return True

    def resume_run(self, run_id: str) -> bool:
        """Continue a stopped or interrupted run from its last checkpoint."""
        if self.is_training():
            self._show_state(translate("TrainPage", "A run is already training. Stop it first."))
            return False
        try:
            detail = service.get_run(self.db, run_id)
        except Exception as exc:  # noqa: BLE001
            self._show_failure(
                translate("TrainPage", "Run {run} cannot be resumed: {reason}").format(
                    run=run_id, reason=translated(str(exc))
                )
            )
            return False
        self._begin(detail.id, detail.summary.name, make_resume_job(self.db, detail.id), resumed=True)
        self._show_recorded_curves(detail.id)
        return True

    def start_job(self, run_id: str, name: str, job, resumed: bool = False) -> bool:
        """Train a run recorded elsewhere (the queue's next item) as Start would; False when busy.

        ``job(callback, control)`` runs in the training worker, like ``make_training_job``'s.
        """
        if self.is_training():
            return False
        self._begin(run_id, name, job, resumed=resumed)
        if resumed:
            self._show_recorded_curves(run_id)
        return True

    def _show_recorded_curves(self, run_id: str) -> None:
        """Draw what the run recorded before, so the resumed curve continues it.

        Points after the checkpoint the run resumes from are trimmed when the
        first new step arrives (the store discards them too).
        """
        try:
            curves = service.load_curves(self.db, run_id)
        except Exception:  # noqa: BLE001 - an empty start is fine; the run still resumes
            log.exception("Could not load the curves of run %s", run_id)
            return
        steps = _recorded_rows(curves, TRAIN_LOSS, (TRAIN_LR, TRAIN_TOKENS_PER_SECOND))
        generator = _recorded_rows(curves, metric_key(TRAIN, GENERATOR_LOSS), ())
        if steps is not None and generator is not None and len(generator) == len(steps):
            steps[:, 2] = generator[:, 2]  # an ELECTRA run: its generator's loss (_generator_loss_shown)
        if steps is not None:
            self.plots.append_steps(steps)
        evals = _recorded_rows(curves, VAL_LOSS, (VAL_ACCURACY, VAL_PERPLEXITY, GENERAL_LOSS))
        if evals is not None:
            self.plots.append_evals(evals)
            self._update_readouts()
        electra = _recorded_rows(
            curves,
            metric_key(TRAIN, GENERATOR_LOSS),
            tuple(metric_key(TRAIN, name) for name in ELECTRA_STATS[1:]),
        )
        if electra is not None:
            self.electra_plots.append_steps(electra)
            self._show_electra(True)
        detection = _recorded_rows(curves, VAL_DETECTION_AUC, ())
        if detection is not None:
            self.electra_plots.append_detection(detection)
        try:
            self.probe_plot.show_curves(service.load_probe_curves(self.db, run_id))
        except Exception:  # noqa: BLE001 - the probes start again from the checkpoint
            log.exception("Could not load the probes of run %s", run_id)
        self._trim_before_first_step = True

    def _begin(self, run_id: str, name: str, job, resumed: bool = False) -> None:
        self.run_id, self.run_name = run_id, name
        self.outcome, self.info, self.last_step = None, None, None
        self._trim_before_first_step = False
        self.plots.clear()
        self.probe_plot.clear()
        self.electra_plots.clear()
        self._show_electra(False)
        self.electra_plots.set_x_axis(self.plots.x_axis)
        self.forecast_bar.reset()
        self.progress_bar.setValue(0)
        self.eta_label.setText(" ")
        self.info_label.setText(" ")
        self._update_readouts()
        self.failure_label.hide()
        self.title_label.setText(name)
        mark_user_text(self.title_label)  # from now on it names the user's run
        self._show_state(
            translate("TrainPage", "Resuming from the last checkpoint…")
            if resumed
            else translate("TrainPage", "Preparing: training the tokenizer and building the model…")
        )

        worker = TrainingWorker(job)
        worker.progress.connect(self._on_progress)
        worker.run_started.connect(self._on_info)
        worker.finished.connect(self._on_finished)
        self.worker = worker
        self.thread = start_in_thread(worker, f"training {run_id}")
        self.thread.finished.connect(self._on_thread_finished)
        self._update_buttons()
        self.busy_changed.emit(True)
        self.run_started.emit(run_id)
        self.status_message.emit(translate("TrainPage", "Training {name}.").format(name=name))

    @Slot()
    def pause(self) -> None:
        if self.worker is not None and not self.worker.control.stop_requested:
            self.worker.control.pause()
            self._show_state(translate("TrainPage", "Paused. Resume to continue, or Stop to end the run."))
            self._update_buttons()

    @Slot()
    def resume(self) -> None:
        if self.worker is not None and self.worker.control.paused:
            self.worker.control.resume()
            self._show_state(translate("TrainPage", "Training…"))
            self._update_buttons()

    @Slot()
    def stop(self) -> None:
        if self.worker is not None and not self.worker.control.stop_requested:
            self.worker.control.stop()
            self._show_state(
                translate("TrainPage", "Stopping: finishing the current step and saving a checkpoint…")
            )
            self._update_buttons()

    def stop_and_wait(self, msecs: int = 120_000) -> bool:
        """Stop the run and block until its thread has ended (closing the window)."""
        thread = self.thread
        if thread is None:
            return True
        self.stop()
        finished = thread.wait(msecs)
        if not finished:
            log.error("The training thread did not stop within %d ms", msecs)
        return finished

    # From the worker ----------------------------------------------------------
    @Slot(object)
    def _on_info(self, info: StartedEvent) -> None:
        if self.sender() is not self.worker:
            return
        self.info = info
        self.plots.set_baseline(info.baseline_loss)
        self._show_state(translate("TrainPage", "Training…"))
        self._update_info()

    @Slot(object)
    def _on_progress(self, batch: ProgressBatch) -> None:
        if self.sender() is not self.worker:
            return
        if batch.steps and self._trim_before_first_step:
            self._trim_before_first_step = False
            self.plots.keep_before(batch.steps[0].step)
            self.electra_plots.keep_before(batch.steps[0].step)
            self.probe_plot.keep_before(batch.steps[0].step)
        if batch.steps:
            self.plots.append_steps(
                _generator_loss_shown(np.asarray(batch.steps, dtype=np.float64), batch.electra)
            )
        if batch.evals:
            self.plots.append_evals(np.asarray(batch.evals, dtype=np.float64))
            self._update_readouts()
        if batch.probes:
            self.probe_plot.add_records(batch.probes)
        if batch.electra:
            self.electra_plots.append_steps(np.asarray(batch.electra, dtype=np.float64))
            self._show_electra(True)
        if batch.detection:
            self.electra_plots.append_detection(np.asarray(batch.detection, dtype=np.float64))
        if batch.last_step is not None:
            self.last_step = batch.last_step
            self._update_progress(batch.last_step)
        if batch.evals and self.last_step is not None:
            self.forecast_bar.update_from(
                self.last_step.step, self.last_step.progress, self.last_step.elapsed
            )

    @Slot(object)
    def _on_finished(self, outcome: RunEnd) -> None:
        if self.sender() is not self.worker:
            return
        self.outcome = outcome
        self.plots.settle()  # no room left for growth on the x axis
        self.forecast_bar.end()  # a forecast of a run that has ended would mislead
        if outcome.status == RunStatus.COMPLETED:
            self.progress_bar.setValue(1000)
            self._show_state(self._finished_text("Completed", outcome))
        elif outcome.status == RunStatus.STOPPED:
            self._show_state(
                self._finished_text("Stopped", outcome)
                + " "
                + translate("TrainPage", "A checkpoint was saved: resume it from the History page.")
            )
        else:
            self._show_failure(outcome.message or translate("TrainPage", "Training failed."))
        self.eta_label.setText(self._elapsed_text())
        self.status_message.emit(_ended_status(self.run_name, outcome.status))
        self.run_finished.emit(self.run_id or "", outcome)

    @Slot()
    def _on_thread_finished(self) -> None:
        if self.sender() is not self.thread:
            return
        self.worker, self.thread = None, None
        self._update_buttons()
        self.busy_changed.emit(False)

    # Display --------------------------------------------------------------------
    def _update_progress(self, step) -> None:
        self.progress_bar.setValue(int(1000 * min(max(step.progress, 0.0), 1.0)))
        if step.progress >= MIN_PROGRESS_FOR_END:
            # Where the run ends: a step limit's last step exactly, a time budget's by its pace.
            self.plots.set_run_end(step.step / step.progress, step.elapsed / step.progress)
        # "%p" is the bar's own placeholder for the percentage.
        self.progress_bar.setFormat(translate("TrainPage", "step {step:,} · %p%").format(step=step.step))
        elapsed, speed = _clock(step.elapsed), f"{step.tokens_per_second:,.0f}"
        if step.progress > 0.005 and step.elapsed > 0:
            remaining = _clock(step.elapsed * (1.0 - step.progress) / step.progress)
            text = translate("TrainPage", "ETA {remaining} · elapsed {elapsed} · {speed} tokens/s")
        else:
            remaining = ""
            text = translate("TrainPage", "elapsed {elapsed} · {speed} tokens/s")
        self.eta_label.setText(text.format(remaining=remaining, elapsed=elapsed, speed=speed))
        if (
            self.worker is not None
            and not self.worker.control.paused
            and not self.worker.control.stop_requested
        ):
            self._show_state(
                translate("TrainPage", "Training… loss {loss:.3f} at step {step:,}").format(
                    loss=step.loss, step=step.step
                )
            )

    def latest_perplexity(self) -> float | None:
        """e^(latest validation loss) of the run on the page, None before its first check."""
        losses = self.plots.evals.column("val_loss")
        return perplexity(losses[-1]) if len(losses) else None

    def _update_readouts(self) -> None:
        evals = self.plots.evals
        if not len(evals):
            self.val_label.setText(" ")
            self.perplexity_label.setText(" ")
            return
        loss, accuracy = evals.column("val_loss")[-1], evals.column("val_accuracy")[-1]
        step = int(evals.column("step")[-1])
        if np.isfinite(accuracy):
            text = translate(
                "TrainPage", "Held-out loss <b>{loss:.3f}</b> nats · accuracy <b>{accuracy:.1%}</b>"
            )
        else:
            text = translate("TrainPage", "Held-out loss <b>{loss:.3f}</b> nats")
        at_step = translate("TrainPage", "(step {step:,})").format(step=step)
        muted = message_color("muted", QGuiApplication.palette())
        self.val_label.setText(
            f"{text.format(loss=loss, accuracy=accuracy)} <span style='color:{muted}'>{at_step}</span>"
        )
        self.perplexity_label.setText(
            translate("TrainPage", "Perplexity <b>{value}</b>").format(
                value=format_perplexity(self.latest_perplexity())
            )
        )

    def _update_info(self) -> None:
        if self.info is None:
            return
        text = translate(
            "TrainPage",
            "Vocabulary {vocab:,} tokens · {params:,} parameters · "
            "random-guess loss ln V = {baseline:.2f} (the dashed line): a model "
            "that learns nothing stays there.",
        ).format(vocab=self.info.vocab_size, params=self.info.param_count, baseline=self.info.baseline_loss)
        if self.info.note:
            text += f"\n{translated(self.info.note)}"
        self.info_label.setText(text)
        self.info_label.setToolTip(loss_axis_tip(self.info.baseline_loss))

    def _finished_text(self, word: str, outcome: RunEnd) -> str:
        """How a run ended; ``word`` is "Completed" or "Stopped" (a key: one whole sentence per case)."""
        summary = outcome.summary
        val_loss = summary.val_loss if summary is not None else None
        accuracy = summary.val_accuracy if summary is not None else None
        scored = isinstance(val_loss, (int, float)) and isinstance(accuracy, (int, float))
        if word == "Stopped":
            text = (
                translate(
                    "TrainPage",
                    "Stopped after {steps:,} steps. Held-out loss {loss:.3f}, masked-token accuracy {accuracy:.1%}.",
                )
                if scored
                else translate("TrainPage", "Stopped after {steps:,} steps.")
            )
        else:
            text = (
                translate(
                    "TrainPage",
                    "Completed after {steps:,} steps. Held-out loss {loss:.3f}, masked-token accuracy {accuracy:.1%}.",
                )
                if scored
                else translate("TrainPage", "Completed after {steps:,} steps.")
            )
        text = text.format(steps=outcome.step, loss=val_loss, accuracy=accuracy)
        said = translated(advice(summary.as_dict())) if summary is not None else ""
        return f"{text}\n{said}" if said else text  # learned too little: why, and what to do

    def _elapsed_text(self) -> str:
        step = self.last_step
        if step is None:
            return " "
        return translate("TrainPage", "elapsed {elapsed}").format(elapsed=_clock(step.elapsed))

    def _show_state(self, text: str) -> None:
        self.state_label.setText(text)

    def _show_failure(self, message: str) -> None:
        message = translated(message)  # an engine sentence a newcomer meets, in the user's language
        self.failure_label.show_message(message)
        self._failure_message = message
        self._show_state(translate("TrainPage", "Failed."))

    @Slot()
    def show_failure_details(self) -> QMessageBox | None:
        """The whole reason the run failed, in a box the user can read and copy from."""
        if not self.failure_text():
            return None
        if self._details_box is None:
            self._details_box = QMessageBox(self)
            self._details_box.setIcon(QMessageBox.Icon.Warning)
            self._details_box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box = self._details_box
        box.setWindowTitle(translate("TrainPage", "Why the run failed"))
        box.setText(translate("TrainPage", "The run failed."))
        box.setInformativeText(self._failure_message)
        box.open()  # not exec(): the page keeps running while it is open
        return box

    def failure_text(self) -> str:
        """The whole reason the last run failed ('' while none is shown)."""
        return self._failure_message if self.failure_label.message() else ""

    def _update_buttons(self) -> None:
        training = self.is_training()
        control = self.worker.control if self.worker is not None else None
        stopping = bool(control and control.stop_requested)
        paused = bool(control and control.paused)
        self.start_button.setEnabled(not training and not self._request_problem)
        self.start_button.setToolTip(self._request_problem or translate("TrainPage", START_TIP))
        if self.run_id is None and not training:
            # Before the first run the page says why Start is greyed out, not only its tooltip.
            self.state_label.setText(
                translate("TrainPage", "Start is not available yet: {reason}").format(
                    reason=self._request_problem
                )
                if self._request_problem
                else translate("TrainPage", IDLE_TEXT)
            )
        self.pause_button.setEnabled(training and not paused and not stopping)
        self.resume_button.setEnabled(training and paused and not stopping)
        self.stop_button.setEnabled(training and not stopping)


class _LowerTabs(QTabWidget):
    """The probes and an ELECTRA run's plots: a tab widget that never asks for a height for its width.

    Its pages hold wrapped labels; a box layout would hold the tabs at that height for the width and
    squeeze the live plots above below their minimum (docs/DESIGN.md, Known pitfalls).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)  # no frame: the page's rows stay aligned
        self.setTabBarAutoHide(True)  # one tab (an MLM run's probes): no tab bar
        # Slim tabs: the style's own are 26 px tall, and every pixel here is taken from the plots.
        self.tabBar().setStyleSheet(
            "QTabBar::tab { padding: 2px 14px; } QTabBar::tab:selected { font-weight: bold; }"
        )

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return False


def _ended_status(name: str, status: str) -> str:
    """The status-bar sentence when a run ends ("Simple facts #3: completed.")."""
    if status == RunStatus.COMPLETED:
        return translate("TrainPage", "{name}: completed.").format(name=name)
    if status == RunStatus.STOPPED:
        return translate("TrainPage", "{name}: stopped.").format(name=name)
    if status == RunStatus.FAILED:
        return translate("TrainPage", "{name}: failed.").format(name=name)
    return translate("TrainPage", "{name}: {status}.").format(name=name, status=status)


def _generator_loss_shown(steps: np.ndarray, electra: tuple) -> np.ndarray:
    """An ELECTRA run's training loss is generator + lambda x discriminator; the loss plot, with its
    ln V line and the validation loss (the generator's), shows the generator's masked-LM loss instead.
    ``electra`` rows come one per step row, in the same order (the worker adds both per step)."""
    if len(electra) == len(steps) and len(steps):
        steps = steps.copy()
        steps[:, 2] = [row[2] for row in electra]
    return steps


def _recorded_rows(curves: dict, main: str, others: tuple[str, ...]) -> np.ndarray | None:
    """Rows (step, elapsed, main, *others) of recorded curves, in the live plots' column order."""
    curve = curves.get(main)
    if curve is None or not len(curve):
        return None
    columns = [curve.steps, curve.wall_time, curve.values]
    columns += [_aligned(curves.get(key), curve.steps) for key in others]
    return np.column_stack(columns)


def _aligned(curve, steps: np.ndarray) -> np.ndarray:
    """``curve``'s values at ``steps`` (NaN where it has none)."""
    out = np.full(len(steps), np.nan)
    if curve is None or not len(curve):
        return out
    index = np.searchsorted(curve.steps, steps)
    found = index < len(curve.steps)
    found[found] = curve.steps[index[found]] == steps[found]
    out[found] = curve.values[index[found]]
    return out


def _clock(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
