"""Embeddings: which tokens the model has put near a word, and a 2-D map of its vocabulary.

The user types a word; the engine (``engine.inspect.embeddings``, in a worker thread
through the page's ``ask``) returns its nearest tokens by cosine similarity of
the input token embeddings, and a PCA map of the most frequent tokens with
the word and its neighbours projected on it. The tab draws the neighbours as
similarity bars and the map as a pyqtgraph scatter: every point names its
token on hover, the word is a star and its neighbours are highlighted and
labelled. Clicking a point looks that token up. A word the tokenizer splits
into pieces is the mean of its pieces (the note under the word says so);
special tokens are left out unless "Special tokens" is ticked, and then
marked. The view saves as a PNG, the numbers as CSV or JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import mark_user_text, number, translate
from mlmstudio.gui.pages.explore.answers import escape, scrolling
from mlmstudio.gui.pages.explore.tab import ExploreHost, ExploreTab, Question
from mlmstudio.gui.theme import style_plot
from mlmstudio.gui.widgets.export_buttons import ExportButtons, Numbers
from mlmstudio.gui.widgets.prediction_view import PredictionView, readable_token

if TYPE_CHECKING:
    from mlmstudio.engine.inspect.embeddings import EmbeddingView
    from mlmstudio.engine.predict import Predictor

EXAMPLE_WORD = "paris"
DEFAULT_NEIGHBOURS = 10
DEFAULT_MAP_TOKENS = 300
LABELLED_NEIGHBOURS = 10  # neighbours named on the map (all of them are highlighted)
POINT_COLOUR = (136, 136, 136, 110)
NEIGHBOUR_COLOUR = "#EE7733"  # Paul Tol's vibrant orange and blue: colour-blind friendly
WORD_COLOUR = "#0077BB"


def similarity_text(value: float) -> str:
    return number(value, ".3f")


def point_tip(x: float, y: float, data: Any) -> str:
    """What hovering a point of the map says; a point's data is (vocabulary entry, this text)."""
    return str(data[1])


# Where a label may sit around its point (pyqtgraph anchors): above right, above left, below right, below left.
LABEL_ANCHORS = ((0, 1), (1, 1), (0, 0), (1, 0))


class EmbeddingsTab(ExploreTab):
    title = QT_TRANSLATE_NOOP("ExploreTabs", "Embeddings")

    def __init__(self, host: ExploreHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        explain = QLabel(
            translate(
                "EmbeddingsTab",
                "Every token is a vector inside the model (its embedding). Tokens it uses alike "
                "point alike: the nearest ones by cosine similarity (1 = same direction) are the "
                "model's idea of similar words. The map squeezes the most frequent tokens onto "
                "two axes (PCA). Point at a dot to see its token; click one to look it up.",
            )
        )
        explain.setWordWrap(True)
        self.word = QLineEdit(EXAMPLE_WORD)
        self.word.setPlaceholderText(translate("EmbeddingsTab", "A word, or a token such as ##ing"))
        mark_user_text(self.word)  # the word typed (a data value)
        self.word.setToolTip(
            translate(
                "EmbeddingsTab",
                "The word whose neighbours to show. A word the model reads as several "
                "pieces uses the mean of its pieces' directions.",
            )
        )
        self.neighbour_count = QSpinBox()
        self.neighbour_count.setRange(1, 100)
        self.neighbour_count.setValue(DEFAULT_NEIGHBOURS)
        self.neighbour_count.setToolTip(translate("EmbeddingsTab", "How many nearest tokens to list"))
        self.map_count = QSpinBox()
        self.map_count.setRange(10, 3000)
        self.map_count.setSingleStep(50)
        self.map_count.setValue(DEFAULT_MAP_TOKENS)
        self.map_count.setToolTip(
            translate("EmbeddingsTab", "How many of the most frequent tokens of the training text to draw")
        )
        self.special = QCheckBox(translate("EmbeddingsTab", "Special tokens"))
        self.special.setToolTip(
            translate(
                "EmbeddingsTab",
                "Also list [PAD], [UNK], [CLS], [SEP] and [MASK] among the neighbours "
                "(marked with *). They are never on the map.",
            )
        )
        self.show_button = QPushButton(translate("EmbeddingsTab", "Show neighbours"))

        self.word_note = QLabel()
        self.word_note.setWordWrap(True)
        self.word_note.hide()
        # Empty until a word is looked up: they are neighbours, not predictions (the tab's text says how).
        self.neighbours = PredictionView(value_text=similarity_text, empty_text="")
        self.neighbours.setToolTip(
            translate("EmbeddingsTab", "Cosine similarity of each token's embedding with the word's")
        )
        self.plot = pg.PlotWidget()
        self.plot.setMinimumSize(320, 260)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.setLabel("bottom", translate("EmbeddingsTab", "first principal component"))
        self.plot.setLabel("left", translate("EmbeddingsTab", "second"))
        for axis in ("bottom", "left"):  # coordinates of a projection: "(x0.001)" would only puzzle
            self.plot.getAxis(axis).enableAutoSIPrefix(False)
        # Labels near each other move aside or give way (their point's tooltip still names it).
        self.plot.getPlotItem().vb.sigRangeChanged.connect(lambda *_: self._declutter_labels())
        self.points = pg.ScatterPlotItem(
            size=6, pen=None, brush=pg.mkBrush(*POINT_COLOUR), hoverable=True, tip=point_tip, hoverSize=10
        )
        self.highlighted = pg.ScatterPlotItem(
            size=9,
            pen=pg.mkPen("w", width=0.5),
            brush=pg.mkBrush(NEIGHBOUR_COLOUR),
            hoverable=True,
            tip=point_tip,
        )
        self.query_point = pg.ScatterPlotItem(
            size=16,
            symbol="star",
            pen=pg.mkPen("w", width=0.5),
            brush=pg.mkBrush(WORD_COLOUR),
            hoverable=True,
            tip=point_tip,
        )
        for item in (self.points, self.highlighted, self.query_point):
            self.plot.addItem(item)
            item.sigClicked.connect(self._on_point_clicked)
        self.labels: list[pg.TextItem] = []
        self._word_labelled = False  # labels[0] is the word asked about, in the text colour
        self.map_note = QLabel()
        self.map_note.setWordWrap(True)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.word_note)
        left_layout.addWidget(self.neighbours)
        left_layout.addStretch(1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.plot, 1)
        right_layout.addWidget(self.map_note)
        self.view = QSplitter(Qt.Orientation.Horizontal)  # what "Save picture" saves
        self.view.addWidget(scrolling(left))
        self.view.addWidget(right)
        self.view.setStretchFactor(0, 1)
        self.view.setStretchFactor(1, 3)
        self.view.setSizes([300, 900])
        self.export = ExportButtons(
            self.view, self.numbers, name="embeddings", report_error=self.host.show_error
        )

        # Two rows: in one, longer words (another language) would widen the window past the screen.
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("EmbeddingsTab", "Word:")))
        row.addWidget(self.word, 1)
        row.addWidget(self.show_button)
        options = QHBoxLayout()
        options.addWidget(QLabel(translate("EmbeddingsTab", "Neighbours:")))
        options.addWidget(self.neighbour_count)
        options.addWidget(QLabel(translate("EmbeddingsTab", "Map:")))
        options.addWidget(self.map_count)
        options.addWidget(self.special)
        options.addStretch(1)
        options.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(row)
        layout.addLayout(options)
        layout.addWidget(self.view, 1)

        self.result: EmbeddingView | None = None
        self.apply_palette(self.palette())
        self.show_button.clicked.connect(self.show_neighbours)
        self.word.returnPressed.connect(self.show_neighbours)

    def action_buttons(self) -> list[QAbstractButton]:
        return [self.show_button]

    def run_changed(self, run) -> None:
        self._clear()

    # -- asking ---------------------------------------------------------------------------------

    def show_neighbours(self) -> bool:
        """Ask for the word's neighbours and the map; False when the question could not be asked."""
        word = self.word.text().strip()
        if not word:
            self.host.clear_message()
            self.host.show_error(translate("EmbeddingsTab", "Type a word to see its neighbours, e.g. paris."))
            return False
        if not self.show_button.isEnabled():  # Enter pressed while an answer is on its way
            return False
        k, n_map, special = self.neighbour_count.value(), self.map_count.value(), self.special.isChecked()

        def asking(predictor: Predictor, _question: Question) -> EmbeddingView:
            from mlmstudio.engine.inspect.embeddings import explore_embeddings

            return explore_embeddings(predictor, word, k, n_map, include_special=special)

        return self.host.ask(
            asking,
            self._on_answer,
            what=translate("EmbeddingsTab", "Finding the neighbours"),
            needs_mask=False,
        )

    def _on_answer(self, view: EmbeddingView, _question: Question) -> None:
        self.show_result(view)
        self.answered.emit()

    # -- drawing --------------------------------------------------------------------------------

    def show_result(self, view: EmbeddingView) -> None:
        self.result = view
        found = view.neighbours
        word = found.word
        notes = [escape(translated(word.note))] if word.note else []
        notes.append(f"<small>{escape(translated(found.embedding_note))}</small>")
        self.word_note.setText("<br>".join(notes))
        self.word_note.show()
        # Vocabulary entries (##c, ▁the), not readable strings: a word and a piece spelt alike differ.
        rows = [
            {"token_str": readable_token(n.token) + (" *" if n.special else ""), "score": n.similarity}
            for n in found.neighbours
        ]
        self.neighbours.set_predictions(
            rows, title=translate("EmbeddingsTab", "Nearest to “{word}”").format(word=escape(word.text))
        )
        self._draw_map(view)
        self.export.set_available(True)
        self.status_message.emit(
            translate("EmbeddingsTab", "Nearest to {word}: {neighbours}").format(
                word=word.text, neighbours=", ".join(readable_token(n.token) for n in found.neighbours[:5])
            )
        )

    def _draw_map(self, view: EmbeddingView) -> None:
        for label in self.labels:
            self.plot.removeItem(label)
        self.labels = []
        m = view.map
        if m is None:
            self.points.clear()
            self.highlighted.clear()
            self.query_point.clear()
            self.map_note.setText(
                translate("EmbeddingsTab", "This model knows too few tokens to draw a map.")
            )
            return
        self.points.setData(
            pos=m.xy,
            data=[
                (
                    e,
                    translate("EmbeddingsTab", "{token} (number {rank} of the most frequent)").format(
                        token=readable_token(e), rank=r
                    ),
                )
                for r, e in enumerate(m.entries, 1)
            ],
        )
        by_id = {n.token_id: n for n in view.neighbours.neighbours}
        neighbour_ids = [i for i in by_id if i in m.extra]
        self.highlighted.setData(
            pos=[m.extra[i] for i in neighbour_ids],
            data=[
                (
                    by_id[i].token,
                    translate("EmbeddingsTab", "{token}: similarity {similarity:.3f}").format(
                        token=readable_token(by_id[i].token), similarity=by_id[i].similarity
                    ),
                )
                for i in neighbour_ids
            ],
        )
        text_colour = self.palette().color(QPalette.ColorRole.Text)
        for rank, i in enumerate(neighbour_ids):
            if rank < LABELLED_NEIGHBOURS:
                self._label(readable_token(by_id[i].token), m.extra[i], QColor(NEIGHBOUR_COLOUR))
        if m.query_xy is not None:
            word = view.neighbours.word.text
            self.query_point.setData(
                pos=[m.query_xy],
                data=[(word, translate("EmbeddingsTab", "{word} (the word asked about)").format(word=word))],
            )
            self._label(word, m.query_xy, text_colour, bold=True, first=True)
            self._word_labelled = True
        share = m.explained
        self.map_note.setText(
            translate(
                "EmbeddingsTab",
                "The {count} most frequent tokens of the training text (grey), "
                "the word (star) and its neighbours (orange). The axes keep "
                "{first:.0%} and {second:.0%} of the spread of the vectors.",
            ).format(count=len(m.token_ids), first=share[0], second=share[1])
        )
        self.plot.autoRange()
        self._declutter_labels()

    def _label(
        self, text: str, xy: tuple[float, float], colour: QColor, bold: bool = False, first: bool = False
    ) -> None:
        label = pg.TextItem(text, color=colour, anchor=(0, 1))
        if bold:
            font = label.textItem.font()
            font.setBold(True)
            label.setFont(font)
        label.setPos(*xy)
        self.plot.addItem(label)
        # The word asked about is placed first: it keeps its place whatever its neighbours need.
        self.labels.insert(0 if first else len(self.labels), label)

    def _declutter_labels(self) -> None:
        """Place each label beside its point where it overlaps no label placed before it, or hide it."""
        placed: list[QRectF] = []
        for label in self.labels:
            label.setVisible(True)
            for anchor in LABEL_ANCHORS:
                label.setAnchor(anchor)
                box = label.sceneBoundingRect()
                if not any(box.intersects(other) for other in placed):
                    placed.append(box)
                    break
            else:
                label.setVisible(False)

    def visible_labels(self) -> list[str]:
        return [label.toPlainText() for label in self.labels if label.isVisible()]

    def _clear(self) -> None:
        self.result = None
        self.export.set_available(False)
        self.word_note.hide()
        self.neighbours.set_predictions([], title="")
        for item in (self.points, self.highlighted, self.query_point):
            item.clear()
        for label in self.labels:
            self.plot.removeItem(label)
        self.labels = []
        self._word_labelled = False
        self.map_note.setText("")

    def apply_palette(self, palette: QPalette) -> None:
        """The map, its axes, the rings round its marked points and the word's label in ``palette``."""
        background = palette.color(QPalette.ColorRole.Base)
        foreground = palette.color(QPalette.ColorRole.Text)
        style_plot(self.plot, palette)
        for item in (self.highlighted, self.query_point):  # a ring in the background's colour
            item.setPen(pg.mkPen(background, width=0.5))
        if self.labels and self._word_labelled:
            self.labels[0].setColor(foreground)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.apply_palette(self.palette())
        super().changeEvent(event)

    # -- clicking a point looks its token up ---------------------------------------------------

    def _on_point_clicked(self, _item, points, *_args) -> None:
        if not len(points) or self.result is None:
            return
        text = str(points[0].data()[0])
        if text and text != self.word.text():
            self.word.setText(text)
            self.show_neighbours()

    # -- saving ---------------------------------------------------------------------------------

    def numbers(self) -> Numbers | None:
        if self.result is None:
            return None
        return Numbers(self.result.csv_rows(), data=self.result.as_dict())
