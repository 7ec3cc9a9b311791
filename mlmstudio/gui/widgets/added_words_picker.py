"""Setup → "Start from a model…" → "Add your words to its vocabulary" (issue 17, item 4).

Shown under the model chosen to continue. "Find words" reads the corpus and the model's
tokenizer in a background call (``engine.vocab_extension.candidates_for_run``, what
``train --from M --add-words N`` uses) and lists the corpus' most frequent words that the model
reads as 3 or more pieces or as unknown, each with its piece count and how often it occurs, as
checkable rows; the checked ones are the config's ``training.added_words``. The engine adds them
when the run loads the model. Nothing here imports torch at import time.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import RunConfig
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.theme import MessageLabel

TOPIC = "added-words"
DEFAULT_COUNT = 50
WORD_ROLE = Qt.ItemDataRole.UserRole


def find_candidates(config: RunConfig, count: int) -> list:
    """The words to offer for ``config``'s corpus and starting model (reads both: off the GUI thread)."""
    from mlmstudio.engine import vocab_extension as ve
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.tokenization import MLMTokenizer

    c = config.corpus
    corpus = load_corpus(c.source, text_field=c.text_field, csv_column=c.csv_column, encoding=c.encoding)
    tokenizer = MLMTokenizer.load(Path(config.training.start_from) / "tokenizer.json")
    found = ve.candidates_for_run(config, corpus.text, count, tokenizer)
    if not found:
        raise ve.VocabularyError(ve.no_candidates_message())
    return found


def row_text(candidate) -> str:
    pieces, count = " ".join(candidate.pieces), candidate.count
    if candidate.unknown:
        text = translate("AddedWordsPicker", "{word}  —  unknown to it: {pieces}  ({count:,}×)")
    else:
        parts = len(candidate.pieces)  # a plain name: lupdate skips a call whose count is an expression
        text = translate("AddedWordsPicker", "{word}  —  %n pieces: {pieces}  ({count:,}×)", None, parts)
    return text.format(word=candidate.word, pieces=pieces, count=count)


class AddedWordsPicker(QWidget):
    """Checkable candidate words; ``words_changed`` carries the checked ones (in the list's order)."""

    words_changed = Signal(str)  # training.added_words: the words separated by spaces

    def __init__(self, current_config, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._current_config = current_config  # () -> the page's RunConfig
        self._model = ""  # the start_from the list was made for
        self.runner = TaskRunner(self)

        self.title = QLabel(
            translate("AddedWordsPicker", "<b>Add your words to its vocabulary</b> (optional)")
        )
        self.count = QSpinBox()
        self.count.setRange(1, 10_000)
        self.count.setValue(DEFAULT_COUNT)
        self.count.setToolTip(
            translate("AddedWordsPicker", "How many of the corpus' most frequent split words to list.")
        )
        self.find_button = QPushButton(translate("AddedWordsPicker", "Find words"))
        self.find_button.setToolTip(
            translate(
                "AddedWordsPicker",
                "List the corpus' most frequent words that this model reads as 3 or more pieces or does "
                "not know. A checked word becomes one token of its own; its new row starts at the mean of "
                "its old pieces. On the command line: train CORPUS --from MODEL --add-words N.",
            )
        )
        self.find_button.clicked.connect(self.find)
        self.words = QListWidget()
        self.words.setObjectName("added_words.list")
        mark_user_text(self.words)  # the corpus' words and the model's pieces
        self.words.setMaximumHeight(140)
        self.words.itemChanged.connect(self._on_item_changed)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.error = MessageLabel("error", banner=False)
        row = QHBoxLayout()
        row.addWidget(self.title)
        row.addStretch(1)
        row.addWidget(QLabel(translate("AddedWordsPicker", "List up to")))
        row.addWidget(self.count)
        row.addWidget(self.find_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.words)
        layout.addWidget(self.summary)
        layout.addWidget(self.error)
        self._show_summary()

    def show_config(self, config: RunConfig) -> None:
        """Follow the config: a new model empties the list; words the config holds are listed, checked."""
        start = config.training.start_from.strip()
        if start != self._model:
            self._model = start
            self.runner.forget(TOPIC)
            self.words.clear()
            self.error.show_message("")
        checked = config.training.added_words.split()
        self.words.blockSignals(True)
        listed = {self.words.item(i).data(WORD_ROLE): self.words.item(i) for i in range(self.words.count())}
        for word in checked:  # a loaded config's words, before any "Find words"
            if word not in listed:
                listed[word] = self._add_row(word, word)
        for word, item in listed.items():
            item.setCheckState(Qt.CheckState.Checked if word in checked else Qt.CheckState.Unchecked)
        self.words.blockSignals(False)
        self._show_summary()

    def checked_words(self) -> list[str]:
        items = (self.words.item(i) for i in range(self.words.count()))
        return [item.data(WORD_ROLE) for item in items if item.checkState() == Qt.CheckState.Checked]

    def find(self) -> None:
        config, count = self._current_config(), self.count.value()
        self.error.show_message("")
        self.summary.setText(translate("AddedWordsPicker", "Reading the corpus and the model's tokenizer…"))
        self.find_button.setEnabled(False)
        self.runner.run(
            lambda: find_candidates(config, count), self._on_found, self._on_failed, topic=TOPIC, name=TOPIC
        )

    def is_busy(self) -> bool:
        return self.runner.is_busy(TOPIC)

    def wait_idle(self, msecs: int = 120_000) -> bool:
        return self.runner.wait_idle(msecs)

    # ------------------------------------------------------------------
    def _add_row(self, word: str, text: str) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(WORD_ROLE, word)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        self.words.addItem(item)
        return item

    def _on_found(self, candidates: list) -> None:
        self.find_button.setEnabled(True)
        checked = set(self.checked_words())
        self.words.blockSignals(True)
        self.words.clear()
        for candidate in candidates:
            item = self._add_row(candidate.word, row_text(candidate))
            if candidate.word in checked:
                item.setCheckState(Qt.CheckState.Checked)
        for word in sorted(checked - {c.word for c in candidates}):  # chosen before, kept
            self._add_row(word, word).setCheckState(Qt.CheckState.Checked)
        self.words.blockSignals(False)
        self._show_summary()

    def _on_failed(self, exc: BaseException) -> None:
        self.find_button.setEnabled(True)
        self.error.show_message(user_message(exc, translate("AddedWordsPicker", "Finding words to add")))
        self._show_summary()

    @Slot(QListWidgetItem)
    def _on_item_changed(self, _item: QListWidgetItem) -> None:
        self._show_summary()
        self.words_changed.emit(" ".join(self.checked_words()))

    def _show_summary(self) -> None:
        n, listed = len(self.checked_words()), self.words.count()
        if not listed:
            self.summary.setText(
                translate(
                    "AddedWordsPicker",
                    "No words listed: press Find words to see which words this model splits.",
                )
            )
        else:
            self.summary.setText(
                translate(
                    "AddedWordsPicker",
                    "{checked} of %Ln word(s) checked: each checked word becomes one token, its new rows "
                    "started at the mean of its old pieces.",
                    None,
                    listed,
                ).format(checked=n)
            )
