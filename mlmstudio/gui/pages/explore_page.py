"""Explore: ask a trained model to fill in blanks.

The page holds what every question shares: which run answers, a message line
and the busy state. The questions themselves are tabs, one widget per module
in ``pages/explore/`` (``TABS`` below). The sentence box (type a sentence, or
click words to mask them) and the number of guesses serve only the tabs that
ask about that sentence (``SENTENCE_TABS``): the one box moves into whichever
of them is shown, so the text typed carries between them, and the tabs with
their own input (Score sentences, Embeddings, …) do not show it.

Nothing slow runs on the GUI thread. Choosing a run starts loading its model
in a worker thread (models are kept in a ``PredictorCache``, shared with the
rest of the app); every question runs in a worker thread too, through
``ask``. While an answer is on its way the page shows a busy bar and cursor
and disables the ask buttons; choosing another run drops the answers still
coming for the old one. torch is imported only inside those workers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.mask_spelling import NO_MASK_MESSAGE, no_mask_message
from mlmstudio.engine.predictor_cache import PredictorCache
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.background import TaskRunner, show_busy, user_message
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.imported_model import is_imported, mask_hint, own_mask_token, with_engine_mask
from mlmstudio.gui.pages.explore.answers import run_label
from mlmstudio.gui.pages.explore.attention_tab import AttentionTab
from mlmstudio.gui.pages.explore.checkpoints_tab import CheckpointsTab
from mlmstudio.gui.pages.explore.compare_tab import MAX_COMPARED, CompareTab
from mlmstudio.gui.pages.explore.embeddings_tab import EmbeddingsTab
from mlmstudio.gui.pages.explore.iterative_tab import IterativeTab
from mlmstudio.gui.pages.explore.layers_tab import LayersTab
from mlmstudio.gui.pages.explore.predictions_tab import PredictionsTab
from mlmstudio.gui.pages.explore.replaced_tab import ReplacedTab
from mlmstudio.gui.pages.explore.scores_tab import ScoresTab
from mlmstudio.gui.pages.explore.sentence_scores_tab import SentenceScoresTab
from mlmstudio.gui.pages.explore.tab import Answered, Asking, ExploreTab, Question
from mlmstudio.gui.pages.explore.token_loss_tab import TokenLossTab
from mlmstudio.gui.pages.explore.transfer_tab import TransferTab
from mlmstudio.gui.run_colors import run_color
from mlmstudio.gui.run_list import RunList
from mlmstudio.gui.theme import message_color
from mlmstudio.gui.widgets.clickable_text import MASK, ClickableText
from mlmstudio.gui.widgets.prediction_view import PredictionView
from mlmstudio.store.database import Database
from mlmstudio.store.records import RunSummary

log = logging.getLogger(__name__)

EXAMPLE = "The capital of France is [MASK]."  # the built-in "facts" sample knows this
TABS: tuple[type[ExploreTab], ...] = (
    PredictionsTab,
    ScoresTab,
    IterativeTab,
    CompareTab,
    SentenceScoresTab,
    ReplacedTab,
    AttentionTab,
    LayersTab,
    EmbeddingsTab,
    TokenLossTab,
    CheckpointsTab,
    TransferTab,
)
# The tabs that ask about the sentence box's text; the first five also show the number of guesses.
SENTENCE_TABS: tuple[type[ExploreTab], ...] = (
    PredictionsTab,
    ScoresTab,
    IterativeTab,
    CompareTab,
    LayersTab,
    CheckpointsTab,
    AttentionTab,
)
TOP_K_TABS: tuple[type[ExploreTab], ...] = SENTENCE_TABS[:-1]
RUN_TOPIC = "run"  # loading the chosen run's model and asking it: dropped when the run changes
COMPARE_TOPIC = "compare"  # asking several runs at once

TabT = TypeVar("TabT", bound=ExploreTab)

__all__ = ["EXAMPLE", "MAX_COMPARED", "SENTENCE_TABS", "TABS", "ExplorePage", "SentenceBox"]


def default_run(runs_newest_first: Sequence[Any]) -> Any:
    """The run Explore opens on: the one training now, else the newest the user trained, else the newest."""
    for run in runs_newest_first:
        if run.status == RunStatus.RUNNING:
            return run
    own = [run for run in runs_newest_first if not is_imported(run)]
    return max(own or runs_newest_first, key=lambda run: run.started_at or run.created_at)


class SentenceBox(QWidget):
    """The sentence to ask about and how many guesses to show, in the tab that asks about it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The chosen model's own mask spelling, when it is not [MASK] (an opened RoBERTa: <mask>).
        self.mask_hint = QLabel()
        self.mask_hint.setWordWrap(True)
        self.mask_hint.hide()
        self.sentence = ClickableText()
        self.sentence.set_text(EXAMPLE)
        self.top_k = QSpinBox()
        self.top_k.setRange(1, 50)
        self.top_k.setValue(5)
        self.top_k.setToolTip(translate("ExplorePage", "How many guesses to show for each [MASK]"))
        self.top_k_label = QLabel(translate("ExplorePage", "Top k:"))
        self.top_k_label.setBuddy(self.top_k)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.top_k_label)
        row.addWidget(self.top_k)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.mask_hint)
        layout.addWidget(self.sentence)
        layout.addLayout(row)

    def show_top_k(self, shown: bool) -> None:
        self.top_k_label.setVisible(shown)
        self.top_k.setVisible(shown)


class ExplorePage(QWidget):
    """Fill-mask with any run that has a saved model; each kind of question is a tab."""

    status_message = Signal(str)
    busy_changed = Signal(bool)
    model_loaded = Signal(str)  # run id: its model is in memory, ready to answer
    answered = Signal()  # a tab drew an answer
    failed = Signal(str)  # a question or a load failed: the sentence shown
    open_model_requested = Signal()  # "Open a model…": the window shows its dialog

    def __init__(
        self,
        db: Database,
        runs: RunList | None = None,
        cache: PredictorCache | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.runs = runs if runs is not None else RunList(db, self)
        self.cache = cache if cache is not None else PredictorCache()
        self.runner = TaskRunner(self)
        self._model_runs: dict[str, RunSummary] = {}
        self._busy_what = ""
        self._busy = False
        self._pending_run: str | None = None  # asked for while the list of runs was being read

        # -- the question --
        self.run_combo = QComboBox()
        self.run_combo.setMinimumContentsLength(28)
        self.run_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        mark_user_text(self.run_combo)  # run names
        self.run_combo.setToolTip(translate("ExplorePage", "The trained run whose model answers"))
        self.refresh_button = QPushButton(translate("ExplorePage", "Reload runs"))
        self.refresh_button.setToolTip(
            translate("ExplorePage", "Read the list of runs from the history again")
        )
        self.open_model_button = QPushButton(translate("ExplorePage", "Open a model…"))
        self.open_model_button.setToolTip(
            translate(
                "ExplorePage",
                "Open a masked language model from a transformers folder or the local Hugging Face cache",
            )
        )
        # One sentence box, moved into whichever sentence tab is shown (_place_sentence_box).
        self.sentence_box = SentenceBox()
        self.sentence = self.sentence_box.sentence
        self.top_k = self.sentence_box.top_k
        self.mask_hint = self.sentence_box.mask_hint
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # no known end: Qt draws a moving bar
        self.busy_bar.setMaximumWidth(140)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.hide()
        self.busy_label = QLabel()
        self.busy_label.hide()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        top = QHBoxLayout()
        top.addWidget(QLabel(translate("ExplorePage", "Model:")))
        top.addWidget(self.run_combo, 1)
        top.addWidget(self.refresh_button)
        top.addWidget(self.open_model_button)
        ask = QHBoxLayout()
        ask.addWidget(self.busy_bar)
        ask.addWidget(self.busy_label)
        ask.addStretch(1)

        # -- the answers, one tab per kind of question --
        self.tabs = QTabWidget()
        self.tab_widgets: list[ExploreTab] = []
        for tab_class in TABS:
            tab = tab_class(self)
            self.tab_widgets.append(tab)
            self.tabs.addTab(tab, tab.translated_title())
            tab.status_message.connect(self._say)
            tab.answered.connect(self._on_tab_answered)
        # Scripts, tests and the window's shortcuts use these four by name.
        self.predictions_tab = self.tab(PredictionsTab)
        self.scores_tab = self.tab(ScoresTab)
        self.iterative_tab = self.tab(IterativeTab)
        self.compare_tab = self.tab(CompareTab)
        self.predict_button = self.predictions_tab.predict_button  # the window's engine wait shows on it
        self._place_sentence_box(self.tabs.currentIndex())

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(ask)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        self.run_combo.currentIndexChanged.connect(self._on_run_changed)
        self.refresh_button.clicked.connect(self.refresh)
        self.open_model_button.clicked.connect(self.open_model_requested)
        self.tabs.currentChanged.connect(self._place_sentence_box)
        self.sentence.submitted.connect(self._on_sentence_submitted)
        self.runner.busy_changed.connect(self._update_busy)
        self.runs.loading_changed.connect(self._update_busy)
        self.runs.changed.connect(self._on_runs_changed)
        self.runs.run_updated.connect(self._on_run_updated)
        self.runs.failed.connect(self.show_error)
        self._on_runs_changed()  # the list so far: "Reading the runs…" until a listing arrives
        if not self.runs.loaded and not self.runs.is_loading():
            self.runs.refresh()

    # -- public API -------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Read the runs from the history again (shared with every page that shows runs)."""
        self.runs.refresh()

    def select_run(self, run_id: str) -> bool:
        """Make `run_id` the answering model (e.g. when History asks to explore it).

        A run not in the list yet (just trained) is looked for in a new listing;
        with a list read in the background, it is chosen when the listing arrives
        (True now; the message says so if it has no model then).
        """
        if run_id not in self._model_runs:
            self._pending_run = run_id
            self.runs.refresh()
            if self.runs.is_loading():
                return True
        index = self.run_combo.findData(run_id)
        if index < 0:
            self.show_error(
                translate(
                    "ExplorePage",
                    "This run has no saved model to explore. Finish or resume its training first.",
                )
            )
            return False
        self.run_combo.setCurrentIndex(index)
        return True

    def tab(self, kind: type[TabT]) -> TabT:
        """The tab of this class."""
        return next(t for t in self.tab_widgets if isinstance(t, kind))

    def current_run_id(self) -> str | None:
        data = self.run_combo.currentData()
        return str(data) if data else None

    def current_run(self) -> RunSummary | None:
        return self._model_runs.get(self.current_run_id() or "")

    def model_runs(self) -> list[RunSummary]:
        return list(self._model_runs.values())

    def is_busy(self) -> bool:
        """Whether a model is loading, a question is being answered or the runs are being read."""
        return self.runner.is_busy() or self.runs.is_loading()

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Block until every model load and question has ended (window shutdown)."""
        return self.runner.wait_idle(msecs)

    def message_text(self) -> str:
        return self.message.text() if not self.message.isHidden() else ""

    # The tabs' own views, for the window, scripts and tests.
    def prediction_views(self) -> list[PredictionView]:
        return self.predictions_tab.prediction_views()

    def compare_views(self) -> dict[str, list[PredictionView]]:
        return self.compare_tab.compare_views()

    def compared_run_ids(self) -> list[str]:
        return self.compare_tab.compared_run_ids()

    def set_compared_runs(self, run_ids: Sequence[str]) -> None:
        self.compare_tab.set_compared_runs(run_ids)

    # -- the host interface of the tabs ----------------------------------------------------------

    def ask(self, asking: Asking, answered: Answered, *, what: str = "", needs_mask: bool = True) -> bool:
        """Ask the chosen run's model in a worker thread; ``answered`` gets the answer in this one.

        The sentence is checked here first; a problem becomes a sentence under
        the text box and nothing is started. Returns whether it started.
        """
        self.clear_message()
        run = self.current_run()
        if run is None:
            self.show_error(
                translate(
                    "ExplorePage",
                    "There is no trained run to ask yet. Train one on the Train page, "
                    "or import a run on the History page.",
                )
            )
            return False
        # The model's own mask spelling (<mask>) means the engine's [MASK].
        question = Question(
            run, with_engine_mask(self.sentence.text(), [own_mask_token(run)]), self.top_k.value()
        )
        problem = self._sentence_problem(question.text) if needs_mask else ""
        if problem:
            self.show_error(problem)
            return False
        cache = self.cache  # the worker touches no widget

        def work() -> Any:
            return asking(cache.get(run.run_dir), question)

        def on_result(answer: Any) -> None:
            if self.current_run_id() == run.id:  # the user may have moved on meanwhile
                answered(answer, question)

        self._busy_what = translate("ExplorePage", "{what}…").format(
            what=what or translate("ExplorePage", "Asking the model")
        )
        self.runner.run(work, on_result, self._on_question_failed, topic=RUN_TOPIC, name="explore-ask")
        return True

    def ask_runs(
        self,
        runs: Sequence[RunSummary],
        asking: Asking,
        answered: Callable[[dict[str, Any], str], None],
        *,
        what: str,
    ) -> bool:
        """Ask several runs the same question in one worker; a run that fails gets its reason.

        ``answered`` gets {run id: (answer or None, the reason it failed or "")} and the text.
        """
        self.clear_message()
        runs = list(runs)
        text = with_engine_mask(self.sentence.text(), [own_mask_token(run) for run in runs])
        top_k = self.top_k.value()
        problem = self._sentence_problem(text)
        if problem:
            self.show_error(problem)
            return False
        cache = self.cache

        def work() -> dict[str, tuple[Any, str]]:
            from mlmstudio.engine.errors import MLMStudioError

            answers: dict[str, tuple[Any, str]] = {}
            for run in runs:
                try:
                    answers[run.id] = (asking(cache.get(run.run_dir), Question(run, text, top_k)), "")
                except MLMStudioError as exc:
                    answers[run.id] = (None, str(exc))
            return answers

        self._busy_what = translate("ExplorePage", "{what}…").format(what=what)
        self.runner.run(
            work,
            lambda answers: answered(answers, text),
            self._on_question_failed,
            topic=COMPARE_TOPIC,
            name="explore-compare",
        )
        return True

    def show_error(self, text: str) -> None:
        self.message.setStyleSheet(
            f"QLabel {{ color: {message_color('error', QGuiApplication.palette())}; }}"
        )
        self.message.setText(text)
        self.message.show()
        self._say(text)
        self.failed.emit(text)

    def show_info(self, text: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(text)
        self.message.show()

    def clear_message(self) -> None:
        self.message.clear()
        self.message.hide()

    # -- loading the chosen run's model --------------------------------------------------------

    def load_current_model(self) -> bool:
        """Load the chosen run's model in the background (a cached one costs a check of its files).

        A run whose folder was deleted or changed since it was listed is reported now,
        not when the user asks.
        """
        run = self.current_run()
        if run is None:
            return False
        cache = self.cache
        cached = cache.cached(run.run_dir)

        def on_loaded(_result: Any) -> None:
            if self.current_run_id() == run.id:
                if not cached:
                    self._say(
                        translate("ExplorePage", "The model of '{name}' is ready.").format(name=run.name)
                    )
                self.model_loaded.emit(run.id)

        self._busy_what = (
            translate("ExplorePage", "Checking the model…")
            if cached
            else translate("ExplorePage", "Loading the model…")
        )
        self.runner.run(
            lambda: cache.get(run.run_dir) and None,
            on_loaded,
            self._on_question_failed,
            topic=RUN_TOPIC,
            name="explore-load",
        )
        return True

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        # Models load when the page is seen, not at start-up (torch is imported then).
        if not self.runner.is_busy():
            self.load_current_model()

    # -- slots -----------------------------------------------------------------------------

    @Slot(str)
    def _say(self, text: str) -> None:
        """A status-bar message about this page: dropped when the page is not shown (an answer
        that arrives after the user went to another page must not sit in that page's status bar)."""
        if self.isVisible():
            self.status_message.emit(text)

    def uses_sentence(self, tab: QWidget | None) -> bool:
        """Whether ``tab`` asks about the sentence box's text (and so shows the box)."""
        return isinstance(tab, SENTENCE_TABS)

    @Slot(int)
    def _place_sentence_box(self, index: int) -> None:
        """Move the sentence box to the top of the tab shown, or hide it when that tab has no use for it."""
        tab = self.tabs.widget(index)
        box = self.sentence_box
        layout = tab.layout() if self.uses_sentence(tab) else None
        if not isinstance(layout, QBoxLayout):
            box.hide()
            return
        if box.parentWidget() is not tab:
            focus = QApplication.focusWidget()
            had_focus = focus is not None and box.isAncestorOf(focus)
            old = box.parentWidget()
            if old is not None and old.layout() is not None:
                old.layout().removeWidget(box)
            layout.insertWidget(0, box)
            if had_focus:
                self.sentence.editor.setFocus()
        box.show_top_k(isinstance(tab, TOP_K_TABS))
        box.show()

    @Slot()
    def _on_sentence_submitted(self) -> None:
        """Enter in the sentence box asks the question of the tab it is in."""
        if self.is_busy():  # Enter pressed while an answer is on its way
            return
        tab = self.tabs.currentWidget()
        if not isinstance(tab, ExploreTab) or not self.uses_sentence(tab):
            return
        button = next((b for b in tab.action_buttons() if b.isEnabled()), None)
        if button is not None:
            button.click()

    @Slot()
    def _on_tab_answered(self) -> None:
        tab = self.sender()
        if isinstance(tab, ExploreTab):
            self.tabs.setCurrentWidget(tab)  # the answer is shown where it was asked for
        self.answered.emit()

    def _on_question_failed(self, exc: BaseException) -> None:
        self.show_error(user_message(exc, translate("ExplorePage", "Asking the model")))

    @Slot()
    def _update_busy(self, *_args) -> None:
        busy = self.is_busy()
        what = self._busy_what if self.runner.is_busy() else translate("ExplorePage", "Reading the runs…")
        self.busy_label.setText(what if busy else "")
        if busy == self._busy:
            return
        self._busy = busy
        show_busy(self, busy, self.busy_bar, self.busy_label)
        self._update_actions()
        self.busy_changed.emit(busy)

    @Slot()
    def _on_runs_changed(self) -> None:
        previous = self.current_run_id()
        current = self._pending_run or previous
        runs = self.runs.with_model()
        self._model_runs = {run.id: run for run in runs}
        self.cache.keep_only(run.run_dir for run in runs)

        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for run in runs:
            self.run_combo.addItem(run_label(run), run.id)
            self.run_combo.setItemData(
                self.run_combo.count() - 1, run_color(run.id), Qt.ItemDataRole.DecorationRole
            )
        if not runs:
            self.run_combo.addItem(
                translate("ExplorePage", "No trained runs yet: train one on the Train page")
                if self.runs.loaded
                else translate("ExplorePage", "Reading the runs…"),
                None,
            )
        index = self.run_combo.findData(current) if current else -1
        if index < 0 and runs:
            index = self.run_combo.findData(default_run(runs).id)
        self.run_combo.setCurrentIndex(max(0, index))
        self.run_combo.blockSignals(False)
        pending, self._pending_run = self._pending_run, None
        if pending and index < 0 and self.runs.loaded:
            self.show_error(
                translate(
                    "ExplorePage",
                    "This run has no saved model to explore. Finish or resume its training first.",
                )
            )

        for tab in self.tab_widgets:
            tab.set_runs(runs)
        if self.current_run_id() != previous:
            self._on_run_changed(self.run_combo.currentIndex())
        else:
            self._update_actions()

    @Slot(str)
    def _on_run_updated(self, run_id: str) -> None:
        run = self.runs.get(run_id)
        if run is None or run_id not in self._model_runs:
            return
        self._model_runs[run_id] = run
        index = self.run_combo.findData(run_id)
        if index >= 0:
            self.run_combo.setItemText(index, run_label(run))
        for tab in self.tab_widgets:
            tab.set_runs(list(self._model_runs.values()))

    @Slot(int)
    def _on_run_changed(self, _index: int) -> None:
        self.runner.forget(RUN_TOPIC)  # answers still coming for the old run are dropped
        run = self.current_run()
        per_character = bool(run and run.config and run.config.tokenizer.kind == "char")
        self.sentence.set_mask_per_character(per_character)
        self.sentence.setToolTip(
            translate(
                "ExplorePage",
                "This model reads single characters: clicking a word puts one [MASK] per letter.",
            )
            if per_character
            else ""
        )
        hint = mask_hint(run) if run is not None else ""
        self.mask_hint.setText(hint)
        self.mask_hint.setVisible(bool(hint))
        self.clear_message()
        for tab in self.tab_widgets:
            tab.run_changed(run)
        self._update_actions()
        if self.isVisible():
            self.load_current_model()

    def _update_actions(self) -> None:
        has_run, busy = self.current_run() is not None, self.is_busy()
        for tab in self.tab_widgets:
            tab.update_actions(has_run, busy)

    @staticmethod
    def _sentence_problem(text: str) -> str:
        """What is wrong with the sentence, in a sentence; "" when it can be asked."""
        if not text.strip():
            return translate(
                "ExplorePage", "Type a sentence first, with [MASK] where the model should guess a word."
            )
        if MASK not in text:
            wrong = no_mask_message(text)  # the engine's words: the CLI says the same
            if wrong == NO_MASK_MESSAGE:
                return translate(
                    "ExplorePage",
                    "Add [MASK] where the model should guess a word, or click a word "
                    "below the text box to mask it.",
                )
            return translated(wrong)  # the spelling to use, in the user's language
        return ""
