"""Predictions: the model's top-k guesses for every [MASK], as probability bars.

Its Predict button (or Enter in the sentence box above it) asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.i18n import translate
from mlmstudio.gui.pages.explore.answers import (
    best_sequence,
    best_sequence_html,
    clear_layout,
    mask_title,
    scrolling,
)
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import PredictionView

if TYPE_CHECKING:
    from mlmstudio.engine.predict import FillResult, Predictor

TRUNCATED = QT_TRANSLATE_NOOP(
    "PredictionsTab", "The text was longer than the model can read; only the part around the masks was used."
)


def truncated_note() -> str:
    """The note shown when the text was cut to what the model reads, in the user's language."""
    return translate("PredictionsTab", TRUNCATED)


def fill_mask(predictor: Predictor, question: Question) -> FillResult:
    """The question this tab asks (in a worker thread)."""
    return predictor.fill_mask(question.text, top_k=question.top_k)


def prediction_rows(result: FillResult, **extra: object) -> list[dict[str, object]]:
    """One CSV row per guess: which [MASK], its rank, the token and its probability."""
    return [
        {
            **extra,
            "mask": m + 1,
            "rank": r + 1,
            "token": c["token_str"],
            "token_id": c["token"],
            "probability": c["score"],
            "sequence": c["sequence"],
        }
        for m, candidates in enumerate(result.masks)
        for r, c in enumerate(candidates)
    ]


class PredictionsTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Predictions")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.predict_button = QPushButton(translate("PredictionsTab", "Predict"))
        self.predict_button.setDefault(True)
        self.predict_button.setToolTip(
            translate("PredictionsTab", "Show the model's guesses for every [MASK] (Enter)")
        )
        self.best_guess = QLabel()
        self.best_guess.setWordWrap(True)
        self.best_guess.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.best_guess.hide()
        self.predictions_box = QWidget()
        self.predictions_grid = QGridLayout(self.predictions_box)
        self.predictions_grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.predictions_grid.setHorizontalSpacing(24)
        waiting = QLabel(
            translate(
                "PredictionsTab",
                "Press Predict (or Enter in the text box) to see the model's guesses for each [MASK].",
            )
        )
        self.predictions_grid.addWidget(waiting, 0, 0)
        self.result: FillResult | None = None
        self.export = ExportButtons(
            self.predictions_box, self.numbers, name="predictions", report_error=self.host.show_error
        )
        top = QHBoxLayout()
        top.addWidget(self.best_guess, 1)
        top.addStretch()  # keeps the buttons at their size while there is no guess yet
        top.addWidget(self.export, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.predict_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)  # the page puts its sentence box on top
        layout.addLayout(top)
        layout.addWidget(scrolling(self.predictions_box), 1)

        self.predict_button.clicked.connect(self.predict)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.predict_button]

    def predict(self) -> bool:
        """Ask the chosen model for its guesses; False when the question could not be asked."""
        return self.host.ask(fill_mask, self._on_answer, what=translate("PredictionsTab", "Predicting"))

    def prediction_views(self) -> list[PredictionView]:
        """The per-mask views, in mask order."""
        return self.predictions_box.findChildren(PredictionView)

    def numbers(self) -> Numbers | None:
        if self.result is None:
            return None
        return Numbers(prediction_rows(self.result), json_text=self.result.to_json(indent=2))

    def show_result(self, result: FillResult) -> None:
        self.result = result
        self.export.set_available(True)
        clear_layout(self.predictions_grid)
        columns = 1 if len(result.masks) == 1 else 2 if len(result.masks) <= 4 else 3
        for m, predictions in enumerate(result.masks):
            view = PredictionView()
            view.set_predictions(predictions, title=mask_title(m, len(result.masks)))
            self.predictions_grid.addWidget(view, m // columns, m % columns)
        if result.truncated:
            self.host.show_info(truncated_note())
        self.best_guess.setText(
            translate("PredictionsTab", "<b>Most likely:</b> {sequence}").format(
                sequence=best_sequence_html(result.text, result.masks, self.palette())
            )
        )
        self.best_guess.show()
        self.status_message.emit(
            translate("PredictionsTab", "Most likely: {sequence}").format(
                sequence=best_sequence(result.text, result.masks)
            )
        )

    def _on_answer(self, result: FillResult, _question: Question) -> None:
        self.show_result(result)
        self.answered.emit()
