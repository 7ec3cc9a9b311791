"""Fill one at a time: fill the mask the model is surest of, predict again, repeat.

With several masks the independent guesses of the Predictions tab need not
fit together; filled one at a time, the blanks form one phrase. The table
shows each step, with the other guesses as the tooltip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.pages.explore.answers import escape
from mlmstudio.gui.pages.explore.predictions_tab import truncated_note
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import readable_token

if TYPE_CHECKING:
    from mlmstudio.engine.predict import IterativeFill, Predictor


def fill_iteratively(predictor: Predictor, question: Question) -> IterativeFill:
    return predictor.fill_iteratively(question.text, top_k=question.top_k)


class IterativeTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Fill one at a time")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "IterativeTab",
                "With several masks, fill the one the model is surest of, then predict the "
                "others again with it filled in, and repeat. The blanks then form one phrase, "
                "instead of independent guesses.",
            )
        )
        explain.setWordWrap(True)
        self.iterate_button = QPushButton(translate("IterativeTab", "Fill one at a time"))
        self.iterative_result = QLabel()
        self.iterative_result.setWordWrap(True)
        self.iterative_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.steps_table = QTableWidget(0, 5)
        self.steps_table.setHorizontalHeaderLabels(
            [
                translate("IterativeTab", "Step"),
                translate("IterativeTab", "Mask"),
                translate("IterativeTab", "Filled with"),
                translate("IterativeTab", "Probability"),
                translate("IterativeTab", "Sentence so far"),
            ]
        )
        self.steps_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.steps_table.verticalHeader().hide()
        self.steps_table.horizontalHeader().setStretchLastSection(True)
        self.steps_table.resizeColumnsToContents()  # whole headers, in any language
        self.result: IterativeFill | None = None
        self.view = QWidget()  # what "Save picture" saves: the result and the table
        view_layout = QVBoxLayout(self.view)
        view_layout.setContentsMargins(0, 0, 0, 0)
        view_layout.addWidget(self.iterative_result)
        view_layout.addWidget(self.steps_table, 1)
        self.export = ExportButtons(
            self.view, self.numbers, name="fill-one-at-a-time", report_error=self.host.show_error
        )
        row = QHBoxLayout()
        row.addWidget(explain, 1)
        row.addWidget(self.export, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.iterate_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)

        self.iterate_button.clicked.connect(self.fill)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.iterate_button]

    def fill(self) -> bool:
        return self.host.ask(
            fill_iteratively, self._on_answer, what=translate("IterativeTab", "Filling the blanks")
        )

    def _on_answer(self, result: IterativeFill, _question: Question) -> None:
        self.show_result(result)
        if result.truncated:
            self.host.show_info(truncated_note())
        self.answered.emit()

    def numbers(self) -> Numbers | None:
        if self.result is None:
            return None
        rows = [
            {
                "step": n + 1,
                "mask": int(s["mask"]) + 1,
                "token": s["token_str"],
                "probability": float(s["score"]),
                "sequence": s["sequence"],
            }
            for n, s in enumerate(self.result.steps)
        ]
        return Numbers(rows, json_text=self.result.to_json(indent=2))

    def show_result(self, result: IterativeFill) -> None:
        self.result = result
        self.export.set_available(True)
        self.iterative_result.setText(
            translate("IterativeTab", "<b>Result:</b> {sequence}").format(sequence=escape(result.sequence))
        )
        table = self.steps_table
        table.setRowCount(len(result.steps))
        for r, step in enumerate(result.steps):
            cells = [
                str(r + 1),
                str(int(step["mask"]) + 1),
                readable_token(str(step["token_str"])),
                number(float(step["score"]), ".1%"),
                str(step["sequence"]),
            ]
            alternatives = ", ".join(
                f"{readable_token(c['token_str'])} {c['score']:.0%}" for c in step.get("candidates", [])
            )
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(
                    translate("IterativeTab", "Other guesses: {guesses}").format(guesses=alternatives)
                    if alternatives
                    else ""
                )
                table.setItem(r, c, item)
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
