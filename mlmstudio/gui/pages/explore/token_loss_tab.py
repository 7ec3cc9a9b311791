"""Per-token loss: a text (the run's held-out text, or one the user picks), coloured by the loss at each
hidden token.

The tokens are those the fixed evaluation masks hide, so on the held-out text the mean shown
is the run's validation loss and the colours agree with its plotted curve.
"Compare with" sets a second run of the same corpus against it and colours
the words by the difference (blue where the second run does better), which
shows what one run has learned that the other has not.

The work (reading the corpus again, the model over every validation window)
runs through the page's ``ask`` in a worker thread: the page's busy state,
answers dropped when the user picks another run. This tab adds a progress bar
(the worker reports through a signal, queued to the GUI thread) and a Cancel
button (a flag the engine reads between batches). Hovering a coloured token
shows its loss and the model's guess. The view saves as a PNG, the numbers as
CSV (one row per token or word) or JSON.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.engine_messages import token_loss_body, translated
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.pages.explore.answers import run_label
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.general_text_picker import GeneralTextPicker
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.predict import Predictor

NO_COMPARISON = QT_TRANSLATE_NOOP("TokenLossTab", "(no comparison)")


class _Progress(QObject):
    """Carries (done, total) from the worker thread to the GUI thread (a queued signal)."""

    changed = Signal(int, int)


class TokenLossTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Per-token loss")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "TokenLossTab",
                "Which words of a text has the model learned? Each token the fixed masks hide in the "
                "chosen text (the run's held-out text, or one you pick) is coloured by the model's loss "
                "on it; on the held-out text the mean is the run's validation loss. Compare with a "
                "second run of the same corpus to see what it has learned that this one has not.",
            )
        )
        explain.setWordWrap(True)
        self.compare_combo = QComboBox()
        self.compare_combo.setMinimumContentsLength(24)
        self.compare_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        mark_user_text(self.compare_combo)  # run names
        self.compare_combo.setToolTip(
            translate(
                "TokenLossTab",
                "A second run of the same corpus: the words are then coloured by "
                "this run's loss minus that run's.",
            )
        )
        # A text of the user's choice instead of the run's held-out text: an opened model has none.
        self.text_picker = GeneralTextPicker(
            label=translate("TokenLossTab", "Text:"),
            none_text=translate("TokenLossTab", "the run's held-out text"),
            tooltip=translate(
                "TokenLossTab",
                "What to measure the loss on: the run's own held-out text, or a text you choose, "
                "from its start (a model opened from a folder has no held-out text of its own). "
                "On the command line: token-loss RUN --text TEXT.",
            ),
        )
        self.show_button = QPushButton(translate("TokenLossTab", "Show loss"))
        self.show_button.setToolTip(
            translate(
                "TokenLossTab",
                "Run the model over the chosen text, window by window with fixed masks, in the background.",
            )
        )
        self.cancel_button = QPushButton(translate("TokenLossTab", "Cancel"))
        self.cancel_button.hide()
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(180)
        self.progress_bar.setFormat(translate("TokenLossTab", "%p% of the windows"))
        self.progress_bar.hide()
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setMouseTracking(True)
        self.browser.viewport().setMouseTracking(True)
        self.browser.viewport().installEventFilter(self)
        self.browser.setPlaceholderText(
            translate(
                "TokenLossTab",
                "Press 'Show loss' to colour the chosen text by the model's loss on each hidden token.",
            )
        )
        mark_user_text(self.browser)  # the corpus's own text
        self.export = ExportButtons(
            self.browser, self.numbers, name="token-loss", report_error=self.host.show_error
        )

        row = QHBoxLayout()
        row.addWidget(QLabel(translate("TokenLossTab", "Compare with:")))
        row.addWidget(self.compare_combo, 1)
        row.addWidget(self.show_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.progress_bar)
        row.addStretch(0)
        row.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.text_picker)
        layout.addLayout(row)
        layout.addWidget(self.browser, 1)

        self.subject: Any = None  # the TokenLossReport or TokenLossComparison drawn
        self._runs: list[RunSummary] = []
        self._stop = threading.Event()
        self._progress = _Progress(self)
        self._progress.changed.connect(self._on_progress)
        self.show_button.clicked.connect(self.compute)
        self.cancel_button.clicked.connect(self.cancel)

    # -- the tab interface --------------------------------------------------------------

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.show_button]

    def update_actions(self, has_run: bool, busy: bool) -> None:
        super().update_actions(has_run, busy)
        self.compare_combo.setEnabled(not busy)
        self.text_picker.setEnabled(not busy)
        if not busy:  # answered, failed or dropped: the progress goes with the busy state
            self.progress_bar.hide()
            self.cancel_button.hide()

    def set_runs(self, runs: list[RunSummary]) -> None:
        self._runs = list(runs)
        self._fill_compare_combo()

    def run_changed(self, run: RunSummary | None) -> None:
        self._stop.set()  # the answer for the old run is dropped by the page; stop computing it
        self._fill_compare_combo()

    # -- asking ---------------------------------------------------------------------------

    def compare_run(self) -> RunSummary | None:
        run_id = self.compare_combo.currentData()
        return next((r for r in self._runs if r.id == run_id), None)

    def set_compare_run(self, run_id: str | None) -> bool:
        index = self.compare_combo.findData(run_id) if run_id else 0
        if index >= 0:
            self.compare_combo.setCurrentIndex(index)
        return index >= 0

    def compute(self) -> bool:
        """Compute in a worker (through the page); False when it could not be asked."""
        if not self.show_button.isEnabled():  # a model is loading or an answer is on its way
            return False
        db, cache = getattr(self.host, "db", None), getattr(self.host, "cache", None)
        other = self.compare_run()
        text_source = self.text_picker.value() or None
        self._stop = stop = threading.Event()
        progress = self._progress

        def asking(predictor: Predictor, question: Question) -> Any:
            from mlmstudio.engine.artifacts import load_model_dir
            from mlmstudio.store.token_loss_runs import compare_runs, token_loss_of_run

            def load_model(path):
                if path == question.run.run_dir:
                    return predictor.loaded
                return cache.get(path).loaded if cache is not None else load_model_dir(path)

            from mlmstudio.engine.inspect.token_loss_html import body_html

            report = progress.changed.emit
            if other is not None:
                subject = compare_runs(
                    db,
                    question.run.id,
                    other.id,
                    load_model=load_model,
                    progress=report,
                    should_stop=stop.is_set,
                    text_source=text_source,
                )
            else:
                subject = token_loss_of_run(
                    db,
                    question.run.id,
                    load_model=load_model,
                    progress=report,
                    should_stop=stop.is_set,
                    text_source=text_source,
                )
            # The page's HTML is built here too (0.2 s for 50k tokens on a loaded machine): only
            # Qt's own parsing and layout are left for the GUI thread.
            return subject, body_html(subject, links=True)

        started = self.host.ask(
            asking,
            self._on_answer,
            what=translate("TokenLossTab", "Computing the loss of every hidden token"),
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
            translate("TokenLossTab", "Cancelling: the computation stops after the current batch.")
        )

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        if self.progress_bar.isHidden():
            return
        self.progress_bar.setRange(0, max(1, total))
        self.progress_bar.setValue(done)

    def _on_answer(self, answer: tuple[Any, str], _question: Question) -> None:
        self.show_subject(*answer)
        self.answered.emit()

    # -- drawing --------------------------------------------------------------------------

    def show_subject(self, subject: Any, html: str | None = None) -> None:
        """Draw a TokenLossReport (loss colours) or a TokenLossComparison (difference colours)."""
        if html is None:
            from mlmstudio.engine.inspect.token_loss_html import body_html

            html = body_html(subject, links=True)
        self.subject = subject
        self.browser.setHtml(token_loss_body(html))
        self.export.set_available(True)
        if getattr(subject, "note", ""):
            self.host.show_info(translated(subject.note))

    def tooltip_at(self, anchor: str) -> str:
        """The hover text of the mark an ``#m<index>`` link names."""
        from mlmstudio.engine.inspect.token_loss_html import token_tooltip, word_tooltip

        if self.subject is None or not anchor.startswith("#m"):
            return ""
        try:
            index = int(anchor[2:])
        except ValueError:
            return ""
        if hasattr(self.subject, "words"):
            words = self.subject.words
            return translated(word_tooltip(words[index])) if 0 <= index < len(words) else ""
        return translated(token_tooltip(self.subject, index)) if 0 <= index < len(self.subject) else ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.browser.viewport() and event.type() == QEvent.Type.MouseMove:
            text = self.tooltip_at(self.browser.anchorAt(event.position().toPoint()))
            if text:
                QToolTip.showText(event.globalPosition().toPoint(), text, self.browser)
            else:
                QToolTip.hideText()
        return super().eventFilter(watched, event)

    def numbers(self) -> Numbers | None:
        if self.subject is None:
            return None
        data = self.subject.as_dict()
        rows = data["words"] if "words" in data else data["tokens"]
        return Numbers(rows=rows, data=data)

    def _fill_compare_combo(self) -> None:
        current = self.compare_combo.currentData()
        chosen = self.host.current_run()
        self.compare_combo.blockSignals(True)
        self.compare_combo.clear()
        self.compare_combo.addItem(translate("TokenLossTab", NO_COMPARISON), None)
        for run in self._runs:
            if chosen is None or run.id != chosen.id:
                self.compare_combo.addItem(run_label(run), run.id)
        index = self.compare_combo.findData(current) if current else 0
        self.compare_combo.setCurrentIndex(max(0, index))
        self.compare_combo.blockSignals(False)
