"""Explore: ask a trained model to fill in blanks.

Pick a run with a saved model, type a sentence with [MASK] (or click words to
mask them) and see, for each mask, the model's top-k guesses with their
probabilities. Three more questions on the same sentence: how likely are the
words I have in mind ("Score words"), what phrase does the model write if it
fills the blanks one at a time ("Fill one at a time"), and what do two to four
runs answer side by side ("Compare runs").

A small model answers in milliseconds, so predictions run on the GUI thread;
loading a model is the slow part, so loaded models are cached per run.
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFrame, QGridLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QSpinBox, QTableWidget,
                               QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from mlmstudio.engine.errors import MLMStudioError, ModelLoadError
from mlmstudio.gui.widgets.clickable_text import MASK, ClickableText
from mlmstudio.gui.widgets.prediction_view import PredictionView, readable_token
from mlmstudio.gui.run_colors import run_color
from mlmstudio.store import service
from mlmstudio.store.database import Database
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:  # the engine (torch) loads after the window shows
    from mlmstudio.engine.predict import FillResult, IterativeFill, Predictor

log = logging.getLogger(__name__)

MAX_COMPARED = 4
CACHE_SIZE = 6  # loaded models kept in memory; tiny to base presets are 1-100 MB each
EXAMPLE = "The capital of France is [MASK]."  # the built-in "facts" sample knows this


class PredictorCache:
    """Loaded models by run, reloaded when the run's weights file changes."""

    def __init__(self, size: int = CACHE_SIZE,
                 load: Callable[[Path], Predictor] | None = None) -> None:
        self._size = size
        self._load = load or _load_predictor
        self._entries: OrderedDict[str, tuple[float, Predictor]] = OrderedDict()

    def get(self, run_id: str, model_dir: Path) -> Predictor:
        weights = model_dir / "model.safetensors"
        try:
            stamp = weights.stat().st_mtime
        except OSError:
            self._entries.pop(run_id, None)
            raise ModelLoadError(f"The model files of this run are missing ({weights}). "
                                 "Choose another run, or train this one again.") from None
        entry = self._entries.get(run_id)
        if entry is not None and entry[0] == stamp:
            self._entries.move_to_end(run_id)
            return entry[1]
        predictor = self._load(model_dir)
        self._entries[run_id] = (stamp, predictor)
        self._entries.move_to_end(run_id)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)
        return predictor

    def forget(self, keep: set[str]) -> None:
        """Drop models of runs that no longer exist."""
        for run_id in [r for r in self._entries if r not in keep]:
            del self._entries[run_id]

    def __contains__(self, run_id: str) -> bool:
        return run_id in self._entries


def _load_predictor(model_dir: Path) -> Predictor:
    from mlmstudio.engine.predict import Predictor

    return Predictor.from_dir(model_dir)


def run_label(run: RunSummary) -> str:
    """How a run is named in the run pickers: name, accuracy and a short id."""
    acc = run.val_accuracy
    extra = f"{acc:.0%} acc, " if acc is not None else ""
    return f"{run.name}  ({extra}{run.id[:6]})"


def _clear_layout(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)  # gone from findChildren() at once, not at the next event loop
            widget.deleteLater()
        elif item.layout() is not None:
            _clear_layout(item.layout())


class ExplorePage(QWidget):
    """Fill-mask with any run that has a saved model."""

    status_message = Signal(str)

    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.cache = PredictorCache()
        self._runs: dict[str, RunSummary] = {}

        # -- the question --
        self.run_combo = QComboBox()
        self.run_combo.setMinimumContentsLength(28)
        self.run_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_combo.setToolTip("The trained run whose model answers")
        self.top_k = QSpinBox()
        self.top_k.setRange(1, 50)
        self.top_k.setValue(5)
        self.top_k.setToolTip("How many guesses to show for each [MASK]")
        self.refresh_button = QPushButton("Reload runs")
        self.sentence = ClickableText()
        self.sentence.set_text(EXAMPLE)
        self.predict_button = QPushButton("Predict")
        self.predict_button.setDefault(True)
        self.predict_button.setToolTip("Show the model's guesses for every [MASK] (Enter)")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        top = QHBoxLayout()
        top.addWidget(QLabel("Model:"))
        top.addWidget(self.run_combo, 1)
        top.addWidget(QLabel("Top k:"))
        top.addWidget(self.top_k)
        top.addWidget(self.refresh_button)
        ask = QHBoxLayout()
        ask.addStretch(1)
        ask.addWidget(self.predict_button)

        # -- the answers, one tab per kind of question --
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_predictions_tab(), "Predictions")
        self.tabs.addTab(self._build_scores_tab(), "Score words")
        self.tabs.addTab(self._build_iterative_tab(), "Fill one at a time")
        self.tabs.addTab(self._build_compare_tab(), "Compare runs")

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.sentence)
        layout.addLayout(ask)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        self.run_combo.currentIndexChanged.connect(self._on_run_changed)
        self.refresh_button.clicked.connect(self.refresh)
        self.predict_button.clicked.connect(self._on_predict_clicked)
        self.sentence.submitted.connect(self._on_predict_clicked)
        self.score_button.clicked.connect(self._on_score_clicked)
        self.candidates.returnPressed.connect(self._on_score_clicked)
        self.iterate_button.clicked.connect(self._on_iterate_clicked)
        self.compare_button.clicked.connect(self._on_compare_clicked)
        self.compare_list.itemChanged.connect(self._on_compare_item_changed)
        self.refresh()

    # -- building the tabs ----------------------------------------------------------------

    def _build_predictions_tab(self) -> QWidget:
        tab = QWidget()
        self.best_guess = QLabel()
        self.best_guess.setWordWrap(True)
        self.best_guess.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.best_guess.hide()
        self.predictions_box = QWidget()
        self.predictions_grid = QGridLayout(self.predictions_box)
        self.predictions_grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.predictions_grid.setHorizontalSpacing(24)
        self.predictions_grid.addWidget(QLabel("Press Predict (or Enter in the text box) to see the "
                                               "model's guesses for each [MASK]."), 0, 0)
        layout = QVBoxLayout(tab)
        layout.addWidget(self.best_guess)
        layout.addWidget(_scrolling(self.predictions_box), 1)
        return tab

    def _build_scores_tab(self) -> QWidget:
        tab = QWidget()
        self.candidates = QLineEdit()
        self.candidates.setPlaceholderText("Words to score, separated by commas: mat, chair, floor")
        self.candidates.setToolTip("How likely does the model find each of these words in place of the "
                                   "[MASK]? A word the tokenizer splits into several pieces is scored "
                                   "as a whole and flagged.")
        self.score_button = QPushButton("Score")
        self.scores_table = QTableWidget(0, 5)
        self.scores_table.setHorizontalHeaderLabels(["Word", "Mask", "Probability", "Log-prob", "Tokens"])
        self.scores_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores_table.verticalHeader().hide()
        self.scores_table.horizontalHeader().setStretchLastSection(True)
        self.scores_table.setWordWrap(True)
        self.scores_note = QLabel()
        self.scores_note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Candidates:"))
        row.addWidget(self.candidates, 1)
        row.addWidget(self.score_button)
        layout = QVBoxLayout(tab)
        layout.addLayout(row)
        layout.addWidget(self.scores_table, 1)
        layout.addWidget(self.scores_note)
        return tab

    def _build_iterative_tab(self) -> QWidget:
        tab = QWidget()
        explain = QLabel("With several masks, fill the one the model is surest of, then predict the "
                         "others again with it filled in, and repeat. The blanks then form one phrase, "
                         "instead of independent guesses.")
        explain.setWordWrap(True)
        self.iterate_button = QPushButton("Fill one at a time")
        self.iterative_result = QLabel()
        self.iterative_result.setWordWrap(True)
        self.iterative_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.steps_table = QTableWidget(0, 5)
        self.steps_table.setHorizontalHeaderLabels(["Step", "Mask", "Filled with", "Probability",
                                                    "Sentence so far"])
        self.steps_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.steps_table.verticalHeader().hide()
        self.steps_table.horizontalHeader().setStretchLastSection(True)
        row = QHBoxLayout()
        row.addWidget(explain, 1)
        row.addWidget(self.iterate_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(tab)
        layout.addLayout(row)
        layout.addWidget(self.iterative_result)
        layout.addWidget(self.steps_table, 1)
        return tab

    def _build_compare_tab(self) -> QWidget:
        tab = QWidget()
        self.compare_list = QListWidget()
        self.compare_list.setMaximumWidth(340)
        # Long run names are elided rather than scrolled sideways; the full name is the tooltip.
        self.compare_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.compare_list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.compare_list.setToolTip(f"Tick two to {MAX_COMPARED} runs to compare")
        self.compare_button = QPushButton("Compare")
        self.compare_button.setEnabled(False)
        left = QVBoxLayout()
        left.addWidget(QLabel(f"Runs (tick 2 to {MAX_COMPARED}):"))
        left.addWidget(self.compare_list, 1)
        left.addWidget(self.compare_button)
        self.compare_box = QWidget()
        self.compare_columns = QHBoxLayout(self.compare_box)
        self.compare_columns.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QHBoxLayout(tab)
        layout.addLayout(left)
        layout.addWidget(_scrolling(self.compare_box), 1)
        return tab

    # -- public API -------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        """Reload the runs that have a saved model from the history."""
        current = self.current_run_id()
        checked = set(self.compared_run_ids())
        try:
            runs = [run for run in service.list_runs(self.db) if run.has_model and not run.missing_files]
        except MLMStudioError as exc:
            self._show_error(str(exc))
            return
        self._runs = {run.id: run for run in runs}
        self.cache.forget(set(self._runs))

        self.run_combo.blockSignals(True)
        self.run_combo.clear()
        for run in runs:
            self.run_combo.addItem(run_label(run), run.id)
            self.run_combo.setItemData(self.run_combo.count() - 1, run_color(run.id),
                                       Qt.ItemDataRole.DecorationRole)
        if not runs:
            self.run_combo.addItem("No trained runs yet: train one on the Train page", None)
        index = self.run_combo.findData(current) if current else -1
        self.run_combo.setCurrentIndex(max(0, index))
        self.run_combo.blockSignals(False)

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

        has_runs = bool(runs)
        for widget in (self.predict_button, self.score_button, self.iterate_button):
            widget.setEnabled(has_runs)
        self._update_compare_button()
        self._on_run_changed(self.run_combo.currentIndex())

    def select_run(self, run_id: str) -> bool:
        """Make `run_id` the answering model (e.g. when History asks to explore it)."""
        if run_id not in self._runs:
            self.refresh()
        index = self.run_combo.findData(run_id)
        if index < 0:
            self._show_error("This run has no saved model to explore. Finish or resume its training first.")
            return False
        self.run_combo.setCurrentIndex(index)
        return True

    def current_run_id(self) -> str | None:
        data = self.run_combo.currentData()
        return str(data) if data else None

    def compared_run_ids(self) -> list[str]:
        return [str(self.compare_list.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.compare_list.count())
                if self.compare_list.item(i).checkState() == Qt.CheckState.Checked]

    def set_compared_runs(self, run_ids: Sequence[str]) -> None:
        wanted = set(run_ids)
        self.compare_list.blockSignals(True)
        for i in range(self.compare_list.count()):
            item = self.compare_list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.compare_list.blockSignals(False)
        self._update_compare_button()

    def prediction_views(self) -> list[PredictionView]:
        """The per-mask views of the Predictions tab, in mask order."""
        return self.predictions_box.findChildren(PredictionView)

    def compare_views(self) -> dict[str, list[PredictionView]]:
        """The per-mask views of each compared run, by run id."""
        return {box.property("run_id"): box.findChildren(PredictionView)
                for box in self.compare_box.findChildren(QGroupBox)}

    def message_text(self) -> str:
        return self.message.text() if not self.message.isHidden() else ""

    # -- asking the model ----------------------------------------------------------------

    def _predictor(self, run_id: str) -> Predictor:
        run = self._runs[run_id]
        return self.cache.get(run_id, run.run_dir)

    def _ask(self, question: Callable[[], Any]) -> Any:
        """Run one question; show a failure as a sentence under the text box, never raise."""
        self._clear_message()
        if self.current_run_id() is None:
            self._show_error("There is no trained run to ask yet. Train one on the Train page, "
                             "or import a run on the History page.")
            return None
        if MASK not in self.sentence.text():
            self._show_error("Add [MASK] where the model should guess a word, or click a word "
                             "below the text box to mask it.")
            return None
        try:
            return question()
        except MLMStudioError as exc:
            self._show_error(str(exc))
        except Exception as exc:  # a bug must not take the window down; say so and log it
            log.exception("fill-mask failed")
            self._show_error(f"The model could not answer because of an internal error "
                             f"({type(exc).__name__}); the log has the details.")
        return None

    @Slot()
    def _on_predict_clicked(self) -> None:
        run_id = self.current_run_id()
        result: FillResult | None = self._ask(
            lambda: self._predictor(run_id).fill_mask(self.sentence.text(), top_k=self.top_k.value()))
        if result is None:
            return
        self._show_predictions(result)
        self.tabs.setCurrentIndex(0)

    @Slot()
    def _on_score_clicked(self) -> None:
        words = [w.strip() for w in self.candidates.text().split(",") if w.strip()]
        if not words:
            self._clear_message()
            self._show_error("Type one or more candidate words, separated by commas.")
            return
        run_id = self.current_run_id()
        result: FillResult | None = self._ask(
            lambda: self._predictor(run_id).fill_mask(self.sentence.text(), top_k=self.top_k.value(),
                                                      targets=words))
        if result is None:
            return
        self._show_predictions(result)
        self._show_scores(result.targets or [])

    @Slot()
    def _on_iterate_clicked(self) -> None:
        run_id = self.current_run_id()
        result: IterativeFill | None = self._ask(
            lambda: self._predictor(run_id).fill_iteratively(self.sentence.text(), top_k=self.top_k.value()))
        if result is None:
            return
        self._show_iterative(result)
        if result.truncated:
            self._show_info("The text was longer than the model can read; only the part around the "
                            "masks was used.")

    @Slot()
    def _on_compare_clicked(self) -> None:
        run_ids = self.compared_run_ids()
        if not 2 <= len(run_ids) <= MAX_COMPARED:
            self._show_error(f"Tick two to {MAX_COMPARED} runs to compare.")
            return
        self._clear_message()
        if MASK not in self.sentence.text():
            self._show_error("Add [MASK] where the models should guess a word, or click a word "
                             "below the text box to mask it.")
            return
        _clear_layout(self.compare_columns)
        text, top_k = self.sentence.text(), self.top_k.value()
        for run_id in run_ids:
            run = self._runs[run_id]
            try:
                result = self._predictor(run_id).fill_mask(text, top_k=top_k)
            except MLMStudioError as exc:
                self.compare_columns.addWidget(self._compare_column(run, None, str(exc)))
                continue
            self.compare_columns.addWidget(self._compare_column(run, result, ""))
        self.compare_columns.addStretch(1)

    # -- showing answers ------------------------------------------------------------------

    def _show_predictions(self, result: FillResult) -> None:
        _clear_layout(self.predictions_grid)
        columns = 1 if len(result.masks) == 1 else 2 if len(result.masks) <= 4 else 3
        for m, predictions in enumerate(result.masks):
            view = PredictionView()
            view.set_predictions(predictions, title=_mask_title(m, len(result.masks)))
            self.predictions_grid.addWidget(view, m // columns, m % columns)
        if result.truncated:
            self._show_info("The text was longer than the model can read; only the part around the "
                            "masks was used.")
        self.best_guess.setText("<b>Most likely:</b> "
                                + best_sequence_html(result.text, result.masks, self.palette()))
        self.best_guess.show()
        self.status_message.emit(f"Most likely: {best_sequence(result.text, result.masks)}")

    def _show_scores(self, targets: list[dict[str, Any]]) -> None:
        table = self.scores_table
        table.setRowCount(len(targets))
        several_masks = len({t.get("mask", 0) for t in targets}) > 1
        notes = []
        warn = QBrush(self.palette().color(QPalette.ColorRole.Link))
        for r, target in enumerate(targets):
            log_prob = float(target.get("log_prob", float("-inf")))
            pieces = target.get("pieces") or []
            cells = [
                str(target.get("word", "")),
                str(int(target.get("mask", 0)) + 1),
                _percent(float(target.get("score", 0.0))),
                "—" if math.isinf(log_prob) else f"{log_prob:.2f}",
                (" + ".join(pieces) + ("   ⚠ several tokens" if target.get("multi_token") else ""))
                if pieces else "—",
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if target.get("note"):
                    item.setToolTip(target["note"])
                if c == 4 and target.get("multi_token"):
                    item.setForeground(warn)
                table.setItem(r, c, item)
            if target.get("note") and target["note"] not in notes:
                notes.append(target["note"])
        table.setColumnHidden(1, not several_masks)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        self.scores_note.setText("\n".join(notes))
        self.tabs.setCurrentIndex(1)

    def _show_iterative(self, result: IterativeFill) -> None:
        self.iterative_result.setText(f"<b>Result:</b> {_escape(result.sequence)}")
        table = self.steps_table
        table.setRowCount(len(result.steps))
        for r, step in enumerate(result.steps):
            cells = [str(r + 1), str(int(step["mask"]) + 1), readable_token(str(step["token_str"])),
                     f"{float(step['score']):.1%}", str(step["sequence"])]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                alternatives = ", ".join(f"{readable_token(c_['token_str'])} {c_['score']:.0%}"
                                         for c_ in step.get("candidates", []))
                item.setToolTip(f"Other guesses: {alternatives}" if alternatives else "")
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        self.tabs.setCurrentIndex(2)

    def _compare_column(self, run: RunSummary, result: FillResult | None, error: str) -> QGroupBox:
        box = QGroupBox(run_label(run))
        box.setProperty("run_id", run.id)
        # The run's own colour, as in History's compare plot, so the two views read together.
        box.setStyleSheet(f"QGroupBox {{ border: 2px solid {run_color(run.id).name()}; "
                          "border-radius: 4px; margin-top: 1.4em; padding: 4px; }"
                          "QGroupBox::title { subcontrol-origin: margin; left: 8px; }")
        layout = QVBoxLayout(box)
        if result is not None:
            best = QLabel("<b>Most likely:</b> " + best_sequence_html(result.text, result.masks, self.palette()))
            best.setWordWrap(True)
            layout.addWidget(best)
        if result is None:
            label = QLabel(error)
            label.setWordWrap(True)
            layout.addWidget(label)
            return box
        for m, predictions in enumerate(result.masks):
            view = PredictionView()
            view.set_predictions(predictions, title=_mask_title(m, len(result.masks)))
            layout.addWidget(view)
        return box

    # -- messages and small slots -----------------------------------------------------------

    def _show_error(self, text: str) -> None:
        self.message.setStyleSheet("QLabel { color: #CC3311; }")
        self.message.setText(text)
        self.message.show()
        self.status_message.emit(text)

    def _show_info(self, text: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(text)
        self.message.show()

    def _clear_message(self) -> None:
        self.message.clear()
        self.message.hide()

    @Slot(int)
    def _on_run_changed(self, _index: int) -> None:
        run = self._runs.get(self.current_run_id() or "")
        per_character = bool(run and run.config and run.config.tokenizer.kind == "char")
        self.sentence.set_mask_per_character(per_character)
        self.sentence.setToolTip("This model reads single characters: clicking a word puts one [MASK] "
                                 "per letter." if per_character else "")
        self._clear_message()

    @Slot(QListWidgetItem)
    def _on_compare_item_changed(self, item: QListWidgetItem) -> None:
        if item.checkState() == Qt.CheckState.Checked and len(self.compared_run_ids()) > MAX_COMPARED:
            self.compare_list.blockSignals(True)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.compare_list.blockSignals(False)
            self.status_message.emit(f"Compare at most {MAX_COMPARED} runs at once.")
        self._update_compare_button()

    def _update_compare_button(self) -> None:
        self.compare_button.setEnabled(2 <= len(self.compared_run_ids()) <= MAX_COMPARED)


def _percent(p: float) -> str:
    """A probability for people: 12.34%, or 3.1e-07 when too small for percent to show it."""
    return f"{p:.2%}" if p >= 1e-4 or p == 0.0 else f"{p:.1e}"


def best_sequence(text: str, masks: list[list[dict[str, Any]]]) -> str:
    """The text with every [MASK] replaced by its single most likely token."""
    parts = text.split(MASK)
    out = [parts[0]]
    for n, part in enumerate(parts[1:]):
        out.append(masks[n][0]["token_str"] if n < len(masks) and masks[n] else MASK)
        out.append(part)
    return "".join(out)


def best_sequence_html(text: str, masks: list[list[dict[str, Any]]], palette: QPalette) -> str:
    """The most likely filling as rich text, the filled-in tokens highlighted (spaces made visible)."""
    background = palette.color(QPalette.ColorRole.Highlight).name()
    foreground = palette.color(QPalette.ColorRole.HighlightedText).name()
    parts = text.split(MASK)
    html = [_escape(parts[0])]
    for n, part in enumerate(parts[1:]):
        if n < len(masks) and masks[n]:
            token = _escape(readable_token(str(masks[n][0]["token_str"])))
            html.append(f"<span style='background-color:{background}; color:{foreground}'>{token}</span>")
        else:
            html.append(_escape(MASK))
        html.append(_escape(part))
    return "".join(html)


def _mask_title(index: int, count: int) -> str:
    return "[MASK]" if count == 1 else f"[MASK] {index + 1} of {count}"


def _scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    # See-through, so the answers sit on the tab's own background.
    area.viewport().setAutoFillBackground(False)
    widget.setAutoFillBackground(False)
    return area


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
