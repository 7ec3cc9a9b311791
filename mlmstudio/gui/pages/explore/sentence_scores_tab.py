"""Score sentences: which of the user's sentences the model finds most natural, and which token costs.

The user types sentences, one per line. The engine (``engine.inspect.scoring``, in a
worker thread through the page's ``ask``) gives each its pseudo-log-likelihood;
the tab draws them ranked, every token coloured by what it costs (its negative
log-probability, in nats, on one scale for the whole view, with a legend), so
the word that gives a sentence away stands out. In minimal-pair mode the first
two lines are compared: which one the model prefers, by how many nats, and the
token that decides it. The view saves as a PNG, the numbers as CSV or JSON.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.inspect.token_loss_html import heat_colour
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.pages.explore.answers import escape, percent, scrolling
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import readable_token

if TYPE_CHECKING:
    from mlmstudio.engine.inspect.scoring import PairVerdict, SentenceScore
    from mlmstudio.engine.predict import Predictor

EXAMPLE_SENTENCES = "The capital of France is Paris.\nThe capital of France is Berlin."
MAX_SENTENCES = 50
LEGEND_STEPS = 6


def tokens_html(score: SentenceScore, max_cost: float, rank: int = 0) -> str:
    """The sentence's tokens as coloured spans; a space between words, none between pieces of one.

    Each token is a link ``token:RANK:INDEX`` (no underline, its heat colours), so hovering it
    can show its numbers (``token_tip``).
    """
    parts = []
    previous = None
    for index, t in enumerate(score.tokens):
        if (
            previous is not None
            and t.word != previous.word
            and not (t.token_str.isspace() or previous.token_str.isspace())
        ):
            parts.append(" ")
        background, foreground = heat_colour(-t.log_prob, max_cost)
        parts.append(
            f"<a href='token:{rank}:{index}' style='text-decoration:none; color:{foreground}'>"
            f"<span style='background-color:{background}; color:{foreground}'>"
            f"{escape(readable_token(t.token_str))}</span></a>"
        )
        previous = t
    return "".join(parts)


def token_tip(score: SentenceScore, index: int) -> str:
    """What hovering a token says: its log-probability, cost and probability, and how it was scored."""
    t = score.tokens[index]
    pieces = [u for u in score.tokens if u.word == t.word]
    token = readable_token(t.token_str)
    if len(pieces) > 1:
        first = translate(
            "SentenceScoresTab",
            "“{token}” (token {number} of {count}, piece {piece} of {pieces} of its word)",
        )
        first = first.format(
            token=token,
            number=index + 1,
            count=score.num_tokens,
            piece=pieces.index(t) + 1,
            pieces=len(pieces),
        )
    else:
        first = translate("SentenceScoresTab", "“{token}” (token {number} of {count})").format(
            token=token, number=index + 1, count=score.num_tokens
        )
    lines = [
        first,
        translate(
            "SentenceScoresTab",
            "log-probability {log_prob:.3f} · cost {cost:.3f} nats · probability {probability}",
        ).format(log_prob=t.log_prob, cost=-t.log_prob, probability=percent(math.exp(t.log_prob))),
    ]
    if len(pieces) > 1 and t.log_prob_token is not None and t.log_prob_word_l2r is not None:
        lines.append(
            translate(
                "SentenceScoresTab",
                "masked alone: {alone:.3f}; with the pieces to its right masked too: {l2r:.3f}",
            ).format(alone=t.log_prob_token, l2r=t.log_prob_word_l2r)
        )
    if t.unknown:
        lines.append(translate("SentenceScoresTab", "[UNK]: this word is not in the model's vocabulary."))
    return "\n".join(lines)


def _times(nats: float) -> str:
    """exp(nats) for people: 3.2, 45, 1.2e+05 (as the engine writes it)."""
    value = math.exp(min(nats, 700.0))
    if value < 10:
        return number(value, ".1f")
    return number(value, ".0f") if value < 1e5 else number(value, ".1e")


def verdict_html(pair: PairVerdict) -> str:
    """The minimal pair's verdict in the user's language: the engine's ``PairVerdict.summary``, clause
    by clause, each clause one translatable sentence part; the sentences themselves escaped."""
    if pair.preferred == "neither":
        return escape(translate("SentenceScoresTab", "The model finds both sentences equally likely."))
    better, worse = (pair.a, pair.b) if pair.preferred == "a" else (pair.b, pair.a)
    text = translate(
        "SentenceScoresTab",
        "The model prefers “{better}” over “{worse}” by {nats:.2f} nats (×{times} as likely)",
    ).format(
        better=better.text, worse=worse.text, nats=abs(pair.difference), times=_times(abs(pair.difference))
    )
    unit = pair.deciding
    if unit is not None:
        mine, theirs = (
            (unit.a_tokens, unit.b_tokens) if pair.preferred == "a" else (unit.b_tokens, unit.a_tokens)
        )
        nothing = translate("SentenceScoresTab", "(nothing)")
        shown, other = " ".join(mine) or nothing, " ".join(theirs) or nothing
        if unit.kind == "differs" and not mine:
            text += translate(
                "SentenceScoresTab",
                "; it is decided by “{other}”, which the other sentence has and this one lacks",
            ).format(other=other)
        elif unit.kind == "differs":
            text += translate("SentenceScoresTab", "; it is decided at “{shown}” against “{other}”").format(
                shown=shown, other=other
            )
        else:
            text += translate(
                "SentenceScoresTab", "; the shared token “{shown}” weighs most, through its context"
            ).format(shown=shown)
        text += translate("SentenceScoresTab", " ({nats:.2f} nats)").format(nats=abs(unit.difference))
        if unit.kind == "same":
            differing = [u for u in pair.units if u.kind == "differs"]
            if differing:
                net = sum(u.difference for u in differing) * (1 if pair.preferred == "a" else -1)
                text += translate("SentenceScoresTab", "; the tokens that differ add {net:+.2f} nats").format(
                    net=net
                )
    text += translate("SentenceScoresTab", ".")
    if pair.a.num_tokens != pair.b.num_tokens:
        text += translate(
            "SentenceScoresTab",
            " The sentences have {a} and {b} tokens: every token costs, so the longer one starts behind; "
            "minimal pairs of equal length compare best.",
        ).format(a=pair.a.num_tokens, b=pair.b.num_tokens)
    return escape(text)


def legend_html(max_cost: float) -> str:
    cells = []
    for step in range(LEGEND_STEPS):
        cost = max_cost * step / (LEGEND_STEPS - 1)
        background, foreground = heat_colour(cost, max_cost)
        cells.append(
            f"<span style='background-color:{background}; color:{foreground}'>"
            f"&nbsp;{cost:.1f}{'+' if step == LEGEND_STEPS - 1 else ''}&nbsp;</span>"
        )
    return translate(
        "SentenceScoresTab",
        "Cost of each token (nats, −log-probability with it masked): {scale} &nbsp;light = expected, dark = surprising",
    ).format(scale="".join(cells))


class SentenceScoresTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Score sentences")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "SentenceScoresTab",
                "How natural does the model find each sentence? Each token is hidden in turn and "
                "the model's log-probability of the real one is added up (pseudo-log-likelihood, "
                "in nats: closer to 0 is more natural). The darker a token, the more it costs.",
            )
        )
        explain.setWordWrap(True)
        self.sentences = QPlainTextEdit()
        self.sentences.setPlaceholderText(
            translate(
                "SentenceScoresTab",
                "One sentence per line, e.g.\nThe bus has arrived.\nThe bus have arrived.",
            )
        )
        self.sentences.setPlainText(EXAMPLE_SENTENCES)
        self.sentences.setMaximumHeight(110)
        mark_user_text(self.sentences)  # the user's sentences
        self.rank_mode = QRadioButton(translate("SentenceScoresTab", "Rank the sentences"))
        self.rank_mode.setToolTip(
            translate("SentenceScoresTab", "Score every line and list them, most natural first.")
        )
        self.pair_mode = QRadioButton(translate("SentenceScoresTab", "Minimal pair"))
        self.pair_mode.setToolTip(
            translate(
                "SentenceScoresTab",
                "Compare the first two lines: which one the model prefers, by how "
                "much, and which token decides it.",
            )
        )
        self.rank_mode.setChecked(True)
        modes = QButtonGroup(self)
        modes.addButton(self.rank_mode)
        modes.addButton(self.pair_mode)
        self.score_button = QPushButton(translate("SentenceScoresTab", "Score sentences"))

        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.hide()
        self.ranking = QLabel()
        mark_user_text(self.ranking)  # the user's sentences, token by token
        self.ranking.setWordWrap(True)
        self.ranking.setTextFormat(Qt.TextFormat.RichText)
        self.ranking.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.ranking.linkHovered.connect(self._on_token_hovered)
        self.ranking.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.ranking.setToolTip(
            "Each sentence's pseudo-log-likelihood (PLL, in nats) and pseudo-perplexity "
            "(ppl: 1 = certain). A word the tokenizer splits into pieces is scored "
            "piece by piece with the pieces to its right hidden too, so it cannot be "
            "spelt back from its own pieces (PLL-word-l2r). Every token costs, so a "
            "longer sentence scores lower: compare sentences of similar length. "
            "Point at a token to see its numbers."
        )
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.hide()
        self.view = QWidget()  # what "Save picture" saves
        view_layout = QVBoxLayout(self.view)
        view_layout.addWidget(self.verdict)
        view_layout.addWidget(self.ranking)
        view_layout.addWidget(self.legend)
        view_layout.addStretch(1)
        self.export = ExportButtons(
            self.view, self.numbers, name="sentence-scores", report_error=self.host.show_error
        )
        self.export.numbers_button.setToolTip(
            translate(
                "SentenceScoresTab",
                "Save every sentence's and token's numbers as CSV (one row "
                "per token) or JSON (everything, the verdict too).",
            )
        )

        row = QHBoxLayout()
        row.addWidget(self.rank_mode)
        row.addWidget(self.pair_mode)
        row.addStretch(1)
        row.addWidget(self.export)
        row.addWidget(self.score_button)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addWidget(self.sentences)
        layout.addLayout(row)
        layout.addWidget(scrolling(self.view), 1)

        self.ranked: list[SentenceScore] = []
        self.pair: PairVerdict | None = None
        self.score_button.clicked.connect(self.score)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.score_button]

    def lines(self) -> list[str]:
        return [line.strip() for line in self.sentences.toPlainText().splitlines() if line.strip()]

    # -- asking ---------------------------------------------------------------------------------

    def score(self) -> bool:
        """Score the sentences in a worker; False when the question could not be asked."""
        sentences = self.lines()
        problem = self._problem(sentences)
        if problem:
            self.host.clear_message()
            self.host.show_error(problem)
            return False
        if not self.score_button.isEnabled():  # a model is loading or an answer is on its way
            return False
        pair = self.pair_mode.isChecked()

        def asking(predictor: Predictor, _question: Question) -> tuple[list[Any], Any]:
            from mlmstudio.engine.inspect.scoring import score_sentence, verdict

            scores = [score_sentence(predictor, s) for s in sentences]
            ranked = sorted(scores, key=lambda s: s.score, reverse=True)
            return ranked, (verdict(scores[0], scores[1]) if pair else None)

        return self.host.ask(
            asking,
            self._on_answer,
            what=translate("SentenceScoresTab", "Scoring the sentences"),
            needs_mask=False,
        )

    def _problem(self, sentences: list[str]) -> str:
        if not sentences:
            return translate("SentenceScoresTab", "Type one or more sentences to score, one per line.")
        if self.pair_mode.isChecked() and len(sentences) != 2:
            return translate(
                "SentenceScoresTab",
                "A minimal pair is two sentences, one per line (there are {count}). "
                "Type two sentences that differ in a word or two, or choose 'Rank the sentences'.",
            ).format(count=len(sentences))
        if len(sentences) > MAX_SENTENCES:
            return translate(
                "SentenceScoresTab", "Score at most {most} sentences at a time (there are {count})."
            ).format(most=MAX_SENTENCES, count=len(sentences))
        return ""

    def _on_answer(self, answer: tuple[list[SentenceScore], PairVerdict | None], _question: Question) -> None:
        self.show_scores(*answer)
        self.answered.emit()

    # -- drawing --------------------------------------------------------------------------------

    def show_scores(self, ranked: list[SentenceScore], pair: PairVerdict | None = None) -> None:
        self.ranked, self.pair = list(ranked), pair
        # [UNK]'s cost says nothing about the word it replaced: it would wash out the scale, so it is
        # left out of the scale's top (and drawn darkest).
        known = [-t.log_prob for s in ranked for t in s.tokens if not t.unknown]
        max_cost = max(known or [-t.log_prob for s in ranked for t in s.tokens] or [0.0])
        rows = []
        for rank, s in enumerate(ranked, 1):
            worst = s.worst_token()
            costliest = (
                translate("SentenceScoresTab", "costliest: “{token}” {cost:.2f}").format(
                    token=escape(readable_token(worst.token_str)), cost=-worst.log_prob
                )
                if worst is not None
                else ""
            )
            note = f"<br><i>{escape(s.note)}</i>" if s.note else ""
            nats = translate("SentenceScoresTab", "{score:.2f}&nbsp;nats").format(score=s.score)
            ppl = translate("SentenceScoresTab", "ppl&nbsp;{ppl:.1f}").format(ppl=s.pseudo_perplexity)
            tokens = s.num_tokens  # a plain name: lupdate skips a call whose count is an expression
            count = translate("SentenceScoresTab", "%Ln token(s)", None, tokens)
            rows.append(
                f"<tr><td valign='top'><b>{rank}.</b></td>"
                f"<td valign='top' align='right'>{nats}</td>"
                f"<td valign='top' align='right'>{ppl}</td>"
                f"<td>{tokens_html(s, max_cost, rank - 1)}<br><small>{costliest} · {count}"
                f"</small>{note}</td></tr>"
            )
        self.ranking.setText("<table cellspacing='6'>" + "".join(rows) + "</table>")
        self.legend.setText(legend_html(max_cost))
        self.legend.setVisible(bool(ranked))
        self.verdict.setText(f"<b>{verdict_html(pair)}</b>" if pair is not None else "")
        self.verdict.setVisible(pair is not None)
        self.export.set_available(bool(ranked))
        if any(s.windowed or s.truncated for s in ranked):
            self.host.show_info(
                translate(
                    "SentenceScoresTab",
                    "A sentence was longer than the model reads at once: each of its tokens was "
                    "scored in a window around it (see its note).",
                )
            )

    def hovered_tip(self, link: str) -> str:
        """The tooltip for a token link (``token:RANK:INDEX``); "" for anything else."""
        try:
            kind, rank, index = link.split(":")
            score = self.ranked[int(rank)]
            return token_tip(score, int(index)) if kind == "token" else ""
        except (ValueError, IndexError):
            return ""

    def _on_token_hovered(self, link: str) -> None:
        tip = self.hovered_tip(link)
        if tip:
            QToolTip.showText(QCursor.pos(), tip, self.ranking)
        else:
            QToolTip.hideText()

    # -- saving ---------------------------------------------------------------------------------

    def numbers(self) -> Numbers | None:
        """CSV: one row per token; JSON: everything (the minimal pair's verdict too)."""
        if not self.ranked:
            return None
        from mlmstudio.engine.inspect.scoring import (  # no torch here: scoring is loaded by now
            to_csv,
            to_json,
        )

        return Numbers(
            csv_text=to_csv(self.ranked),
            json_text=to_json(self.pair if self.pair is not None else self.ranked),
        )

    def save_picture(self, path: str | Path) -> bool:
        return self.export.save_picture(path)

    def save_numbers(self, path: str | Path) -> bool:
        """CSV or JSON by the file's extension."""
        return self.export.save_numbers(path)
