"""Spot the replaced word: an ELECTRA run's discriminator colours every token of a sentence.

The user types or pastes an ordinary sentence (no [MASK]); the engine
(``engine.inspect.detection``, in a worker thread through the page's ``ask``) gives
each token the probability that it was replaced, and the tab draws the
sentence with each token coloured by it, the most suspect one named: a typo
and odd-word spotter. Only ELECTRA runs have a discriminator; for an MLM run
the tab says so, and where to look instead, and its button stays off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.inspect.token_loss_html import heat_colour
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.pages.explore.answers import escape, percent, scrolling
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import readable_token
from mlmstudio.store.records import RunSummary

if TYPE_CHECKING:
    from mlmstudio.engine.inspect.detection import Detection
    from mlmstudio.engine.predict import Predictor

EXAMPLE = "The capital of France is banana."
MAX_CHARS = 20_000  # engine.inspect.detection's limit, said before anything is asked
LEGEND_STEPS = 6
NOT_ELECTRA_TEXT = QT_TRANSLATE_NOOP(
    "ReplacedTab",
    "This run learnt by masked language modelling, so it has no detector of replaced words: "
    "only runs trained with the objective 'electra' do (Setup → Advanced → Training "
    "objective, with the 'seed' architecture). To see which words surprise this model, "
    "use Score sentences.",
)


def is_electra(run: RunSummary | None) -> bool:
    return run is not None and run.config is not None and run.config.model.objective == "electra"


def tokens_html(result: Detection) -> str:
    """The tokens as spans coloured by their replaced probability (light: original, dark: replaced)."""
    parts = []
    replaced = translate("ReplacedTab", "{probability} replaced")
    for t in result.tokens:
        background, foreground = heat_colour(t.probability, 1.0)
        parts.append(
            f"<span style='background-color:{background}; color:{foreground}' "
            f"title='{replaced.format(probability=percent(t.probability))}'>&nbsp;{escape(readable_token(t.token_str))}"
            "&nbsp;</span>"
        )
    return " ".join(parts)


def legend_html() -> str:
    cells = []
    for step in range(LEGEND_STEPS):
        p = step / (LEGEND_STEPS - 1)
        background, foreground = heat_colour(p, 1.0)
        cells.append(
            f"<span style='background-color:{background}; color:{foreground}'>&nbsp;{p:.0%}&nbsp;</span>"
        )
    return translate(
        "ReplacedTab",
        "Probability that the token was replaced: {scale} &nbsp;light = looks original, dark = looks swapped",
    ).format(scale="".join(cells))


class ReplacedTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Spot the replaced word")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "ReplacedTab",
                "Which words look swapped? An ELECTRA run's discriminator was trained to tell, for "
                "every word, whether it is the original or a replacement; it gives each token the "
                "probability that it was replaced. Type or paste a sentence, no [MASK] needed.",
            )
        )
        explain.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText(
            translate("ReplacedTab", "A sentence, e.g. The capital of France is banana.")
        )
        self.text.setPlainText(EXAMPLE)
        self.text.setMaximumHeight(90)
        mark_user_text(self.text)  # the user's sentence
        self.check_button = QPushButton(translate("ReplacedTab", "Spot replaced words"))
        self.unavailable = QLabel(translate("ReplacedTab", NOT_ELECTRA_TEXT))
        self.unavailable.setWordWrap(True)
        self.unavailable.hide()
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sentence_view = QLabel()
        mark_user_text(self.sentence_view)  # the user's sentence, token by token
        self.sentence_view.setWordWrap(True)
        self.sentence_view.setTextFormat(Qt.TextFormat.RichText)
        self.sentence_view.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.legend = QLabel(legend_html())
        self.legend.setWordWrap(True)
        self.legend.hide()
        view = QWidget()
        view_layout = QVBoxLayout(view)
        view_layout.addWidget(self.verdict)
        view_layout.addWidget(self.sentence_view)
        view_layout.addWidget(self.legend)
        view_layout.addStretch(1)

        self.export = ExportButtons(
            view, self.numbers, name="replaced-words", report_error=self.host.show_error
        )
        row = QHBoxLayout()
        row.addWidget(self.export)
        row.addStretch(1)
        row.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.text)
        layout.addLayout(row)
        layout.addWidget(self.unavailable)
        layout.addWidget(scrolling(view), 1)

        self.result: Detection | None = None
        self._run: RunSummary | None = None
        self.check_button.clicked.connect(self.check)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.check_button]

    def can_ask(self) -> bool:
        return is_electra(self._run)

    def run_changed(self, run: RunSummary | None) -> None:
        self._run = run
        self.unavailable.setVisible(run is not None and not is_electra(run))
        self.show_result(None)

    # -- asking ---------------------------------------------------------------------------------

    def sentence(self) -> str:
        return self.text.toPlainText().strip()

    def check(self) -> bool:
        """Ask the discriminator about the sentence in a worker; False when it could not be asked."""
        text = self.sentence()
        problem = self._problem(text)
        if problem:
            self.host.clear_message()
            self.host.show_error(problem)
            return False
        if not self.check_button.isEnabled():  # a model is loading or an answer is on its way
            return False

        def asking(predictor: Predictor, _question: Question) -> Detection:
            from mlmstudio.engine.inspect.detection import detect

            return detect(predictor, text)

        return self.host.ask(
            asking,
            self._on_answer,
            what=translate("ReplacedTab", "Spotting replaced words"),
            needs_mask=False,
        )

    def _problem(self, text: str) -> str:
        if not is_electra(self._run):
            return translate("ReplacedTab", NOT_ELECTRA_TEXT)
        if not text:
            return translate("ReplacedTab", "Type or paste a sentence to check.")
        if len(text) > MAX_CHARS:
            return translate(
                "ReplacedTab",
                "The text is {length:,} characters long; check at most {most:,} at a time (a paragraph or two).",
            ).format(length=len(text), most=MAX_CHARS)
        return ""

    def _on_answer(self, result: Detection, _question: Question) -> None:
        self.show_result(result)
        if result.note:
            self.host.show_info(result.note)
        self.answered.emit()

    # -- drawing --------------------------------------------------------------------------------

    def numbers(self) -> Numbers | None:
        """Each token's replaced probability (CSV), and the whole answer (JSON)."""
        if self.result is None:
            return None
        rows = [
            {"index": t.index, "token": t.token_str, "replaced_probability": t.probability}
            for t in self.result.tokens
        ]
        return Numbers(rows, data=self.result.as_dict())

    def show_result(self, result: Detection | None) -> None:
        self.result = result
        self.export.set_available(bool(result is not None and result.tokens))
        if result is None or not result.tokens:
            self.verdict.setText("")
            self.sentence_view.setText("")
            self.legend.hide()
            return
        suspect = result.most_suspect()
        self.verdict.setText(
            translate("ReplacedTab", "Most likely replaced: <b>“{token}”</b> ({probability}).").format(
                token=escape(readable_token(suspect.token_str)), probability=percent(suspect.probability)
            )
        )
        self.sentence_view.setText(f"<p style='font-size:large; line-height:160%'>{tokens_html(result)}</p>")
        self.legend.show()
