"""The first-run welcome: one click from launch to a model learning on a built-in sample."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from mlmstudio.engine.samples import SAMPLES
from mlmstudio.gui.i18n import translate

# Samples big enough to learn from in a minute; "tutorial" (5 lines) is for looking at masking.
WELCOME_SAMPLES = ("facts", "pydoc")

INTRO = QT_TRANSLATE_NOOP(
    "WelcomePanel",
    "MLM Studio trains small BERT-style <b>masked language models</b>: a model reads text in "
    "which some words are hidden behind <tt>[MASK]</tt> and learns to guess them. You can watch "
    "the loss fall as it learns, then ask it to fill in blanks of your own.",
)

# The built-in samples' titles and descriptions (engine/samples.py, which cannot import Qt), for
# lupdate only: they are shown as translate("Samples", info.title). A changed English text is
# looked up under its new words, so it shows in English until translated again; never wrong.
SAMPLE_TEXTS = (
    QT_TRANSLATE_NOOP("Samples", "Simple facts"),
    QT_TRANSLATE_NOOP(
        "Samples",
        "About 300 KB of short factual sentences (capitals, colours, animal sounds, sums, days, "
        "opposites ...) whose blanks have one right answer. A tiny model learns it in about a minute.",
    ),
    QT_TRANSLATE_NOOP("Samples", "Python documentation"),
    QT_TRANSLATE_NOOP(
        "Samples",
        "About 1 MB of real English prose: the CPython reference documentation that ships with "
        "Python, plus standard-library docstrings. Good for comparing training recipes.",
    ),
    QT_TRANSLATE_NOOP("Samples", "Tutorial (5 lines)"),
    QT_TRANSLATE_NOOP(
        "Samples",
        "The five sentences of the original tutorial. Far too small to learn from; useful for "
        "seeing how tokenization and masking work.",
    ),
)


class WelcomePanel(QWidget):
    """Offers the built-in samples; choosing one starts a one-minute training run."""

    sample_chosen = Signal(str)  # sample name: load it and train with the quick-start recipe
    open_own_requested = Signal()  # go to the Corpus page and open a file
    dismissed = Signal()  # go to the Corpus page

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(translate("WelcomePanel", "Welcome to MLM Studio"))
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(translate("WelcomePanel", INTRO))
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.RichText)
        prompt = QLabel(
            translate(
                "WelcomePanel",
                "Start with a built-in sample: one click trains a tiny model for about a "
                "minute on this computer's processor.",
            )
        )
        prompt.setWordWrap(True)

        self.sample_buttons: dict[str, QPushButton] = {}
        cards = QVBoxLayout()
        for name in WELCOME_SAMPLES:
            info = SAMPLES.get(name)
            if info is not None:
                cards.addWidget(self._card(info))

        self.open_button = QPushButton(translate("WelcomePanel", "Open my own text…"))
        self.open_button.clicked.connect(self.open_own_requested)
        self.skip_button = QPushButton(translate("WelcomePanel", "Skip: go to the Corpus page"))
        self.skip_button.setFlat(True)
        self.skip_button.clicked.connect(self.dismissed)
        others = QHBoxLayout()
        others.addWidget(self.open_button)
        others.addWidget(self.skip_button)
        others.addStretch(1)

        column = QVBoxLayout()
        column.addStretch(1)  # a little above the middle: on a large screen the panel does not hug the top
        column.addWidget(title)
        column.addSpacing(8)
        column.addWidget(intro)
        column.addSpacing(8)
        column.addWidget(prompt)
        column.addLayout(cards)
        column.addSpacing(8)
        column.addLayout(others)
        column.addStretch(2)
        inner = QWidget()
        inner.setLayout(column)
        inner.setMaximumWidth(760)
        centred = QHBoxLayout()
        centred.addStretch(1)
        centred.addWidget(inner, 10)
        centred.addStretch(1)
        holder = QWidget()
        holder.setLayout(centred)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(holder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def _card(self, info) -> QFrame:
        card = QFrame()
        card.setFrameShape(QFrame.Shape.StyledPanel)
        title = QLabel(f"<b>{translate('Samples', info.title)}</b>")
        description = QLabel(translate("Samples", info.description))
        description.setWordWrap(True)
        button = QPushButton(translate("WelcomePanel", "Train on this"))
        button.setToolTip(
            translate("WelcomePanel", "Load sample:{name} and start a one-minute training run.").format(
                name=info.name
            )
        )
        button.clicked.connect(lambda _checked=False, name=info.name: self.sample_chosen.emit(name))
        self.sample_buttons[info.name] = button
        text = QVBoxLayout()
        text.addWidget(title)
        text.addWidget(description)
        row = QHBoxLayout(card)
        row.addLayout(text, 1)
        row.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)
        return card
