"""Score words: how likely the model finds the words the user has in mind, at each [MASK].

A word the tokenizer splits into several pieces is scored as a whole (the
engine replaces the mask by one mask per piece) and flagged, because its
probability is a product and so lower than a one-piece word's would be.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.pages.explore.answers import percent
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers

if TYPE_CHECKING:
    from mlmstudio.engine.predict import FillResult, Predictor


class ScoresTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Score words")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.candidates = QLineEdit()
        self.candidates.setPlaceholderText(
            translate("ScoresTab", "Words to score, separated by commas: mat, chair, floor")
        )
        self.candidates.setToolTip(
            translate(
                "ScoresTab",
                "How likely does the model find each of these words in place of the "
                "[MASK]? A word the tokenizer splits into several pieces is scored "
                "as a whole and flagged.",
            )
        )
        self.score_button = QPushButton(translate("ScoresTab", "Score"))
        self.scores_table = QTableWidget(0, 5)
        self.scores_table.setHorizontalHeaderLabels(
            [
                translate("ScoresTab", "Word"),
                translate("ScoresTab", "Mask"),
                translate("ScoresTab", "Probability"),
                translate("ScoresTab", "Log-prob"),
                translate("ScoresTab", "Tokens"),
            ]
        )
        self.scores_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores_table.verticalHeader().hide()
        self.scores_table.horizontalHeader().setStretchLastSection(True)
        self.scores_table.setWordWrap(True)
        self.scores_table.resizeColumnsToContents()  # whole headers, in any language
        self.scores_note = QLabel()
        self.scores_note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("ScoresTab", "Candidates:")))
        row.addWidget(self.candidates, 1)
        row.addWidget(self.score_button)
        self.targets: list[dict[str, Any]] = []
        self.export = ExportButtons(
            self.scores_table, self.numbers, name="word-scores", report_error=self.host.show_error
        )
        row.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.scores_table, 1)
        layout.addWidget(self.scores_note)

        self.score_button.clicked.connect(self.score)
        self.candidates.returnPressed.connect(self.score)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.score_button]

    def words(self) -> list[str]:
        return [w.strip() for w in self.candidates.text().split(",") if w.strip()]

    def score(self) -> bool:
        """Score the candidate words at every [MASK]; False when the question could not be asked."""
        words = self.words()
        if not words:
            self.host.clear_message()
            self.host.show_error(
                translate("ScoresTab", "Type one or more candidate words, separated by commas.")
            )
            return False
        if not self.score_button.isEnabled():  # Enter in the field while an answer is on its way
            return False

        def asking(predictor: Predictor, question: Question) -> FillResult:
            return predictor.fill_mask(question.text, top_k=question.top_k, targets=words)

        return self.host.ask(asking, self._on_answer, what=translate("ScoresTab", "Scoring the words"))

    def _on_answer(self, result: FillResult, _question: Question) -> None:
        self.show_scores(result.targets or [])
        self.answered.emit()

    def numbers(self) -> Numbers | None:
        if not self.targets:
            return None
        rows = [
            {
                "word": t.get("word", ""),
                "mask": int(t.get("mask", 0)) + 1,
                "probability": float(t.get("score", 0.0)),
                "log_prob": float(t.get("log_prob", float("-inf"))),
                "pieces": " ".join(t.get("pieces") or []),
                "multi_token": bool(t.get("multi_token")),
                "note": t.get("note", ""),
            }
            for t in self.targets
        ]
        return Numbers(rows, data=rows)

    def show_scores(self, targets: list[dict[str, Any]]) -> None:
        self.targets = list(targets)
        self.export.set_available(bool(targets))
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
                percent(float(target.get("score", 0.0))),
                "—" if math.isinf(log_prob) else number(log_prob, ".2f"),
                (
                    translate("ScoresTab", "{pieces}   ⚠ several tokens").format(pieces=" + ".join(pieces))
                    if target.get("multi_token")
                    else " + ".join(pieces)
                )
                if pieces
                else "—",
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
