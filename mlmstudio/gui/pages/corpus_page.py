"""The Corpus page: choose the text to train on and see what it is.

Open a file or a folder (dialog or drag-and-drop), pick a built-in sample or a
recent corpus. Reading happens off the GUI thread; the page then shows the
statistics and a preview. Whatever the engine refuses (binary, empty, a bad
encoding, a missing column) is shown inline in its own words. When the
encoding is an uncertain guess, the top readings are offered with a preview
line each; the user's choice re-reads the corpus and goes with the run.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.engine.corpus import Corpus, load_corpus
from mlmstudio.engine.encoding import LOW_CONFIDENCE, encoding_label
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.samples import SAMPLES
from mlmstudio.engine.system_memory import human_bytes
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import localize_digits, mark_user_text, number, translate
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.theme import MessageLabel

log = logging.getLogger(__name__)

SAMPLE_PREFIX = "sample:"
# Offered after the detector's candidates, so a reading it did not list can still be chosen.
COMMON_ENCODINGS = (
    "utf-8 shift_jis euc_jp gbk big5 euc_kr cp1251 koi8-r cp1253 iso8859-2 cp1252 utf-16".split()
)


def display_name(source: str) -> str:
    """How a corpus source reads in a list: a sample's title, or a file's name."""
    if source.startswith(SAMPLE_PREFIX):
        info = SAMPLES.get(source[len(SAMPLE_PREFIX) :])
        if info is None:
            return source
        return translate("CorpusPage", "Sample: {title}").format(title=translate("Samples", info.title))
    return Path(source).name or source


class CorpusPage(QWidget):
    """Loads corpora; emits ``corpus_loaded`` with the engine's Corpus."""

    corpus_loaded = Signal(object)  # Corpus
    load_failed = Signal(str)  # the message shown
    loading_changed = Signal(bool)
    continue_requested = Signal()
    status_message = Signal(str)

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.corpus: Corpus | None = None
        self._task: BackgroundCall | None = None  # the newest request
        self._tasks: set[BackgroundCall] = set()  # every read still running
        self._generation = 0
        self._last_source = ""
        self._encoding = ""  # the user's encoding choice for the current source; empty: detect
        self.setAcceptDrops(True)
        self._build()
        self._refresh_recent()

    # Layout ---------------------------------------------------------------
    def _build(self) -> None:
        intro = QLabel(
            translate(
                "CorpusPage",
                "Choose the text the model will learn from: a .txt file, a folder of text "
                "files, a .jsonl or .csv file, or one of the built-in samples. "
                "You can also drop a file or folder anywhere on this page.",
            )
        )
        intro.setWordWrap(True)

        self.open_file_button = QPushButton(translate("CorpusPage", "Open file…"))
        self.open_file_button.setToolTip(
            translate("CorpusPage", "Open a .txt, .md, .jsonl or .csv file (Ctrl+O).")
        )
        self.open_file_button.clicked.connect(self.open_file_dialog)
        self.open_folder_button = QPushButton(translate("CorpusPage", "Open folder…"))
        self.open_folder_button.setToolTip(
            translate("CorpusPage", "Use every .txt and .md file in a folder and its sub-folders.")
        )
        self.open_folder_button.clicked.connect(self.open_folder_dialog)
        self.field_edit = QLineEdit()
        self.field_edit.setPlaceholderText("text")  # the field's name in the file: not translated
        mark_user_text(self.field_edit)
        self.field_edit.setMaximumWidth(160)
        self.field_edit.setToolTip(
            translate(
                "CorpusPage",
                "For .jsonl files the field, for .csv files the column, that holds the text. Empty means 'text'.",
            )
        )
        self.field_edit.returnPressed.connect(self.reload)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_file_button)
        buttons.addWidget(self.open_folder_button)
        buttons.addSpacing(12)
        buttons.addWidget(QLabel(translate("CorpusPage", "Field / column:")))
        buttons.addWidget(self.field_edit)
        buttons.addStretch(1)

        self.samples_list = QListWidget()
        for info in SAMPLES.values():
            title, description = translate("Samples", info.title), translate("Samples", info.description)
            item = QListWidgetItem(f"{title}\n{description}")
            item.setData(Qt.ItemDataRole.UserRole, SAMPLE_PREFIX + info.name)
            item.setToolTip(description)
            self.samples_list.addItem(item)
        self.samples_list.setWordWrap(True)
        self.samples_list.setAlternatingRowColors(True)
        self.samples_list.itemActivated.connect(self._on_list_item_activated)
        self.samples_list.itemClicked.connect(self._on_list_item_activated)

        self.recent_list = QListWidget()
        self.recent_list.itemActivated.connect(self._on_list_item_activated)
        self.recent_list.itemDoubleClicked.connect(self._on_list_item_activated)
        self.recent_list.setToolTip(translate("CorpusPage", "Double-click to open again."))
        mark_user_text(self.recent_list)  # file names the user opened

        left = QVBoxLayout()
        left.addWidget(_heading(translate("CorpusPage", "Built-in samples")))
        left.addWidget(self.samples_list, 3)
        left.addWidget(_heading(translate("CorpusPage", "Recent")))
        left.addWidget(self.recent_list, 2)
        left_widget = QWidget()
        left_widget.setLayout(left)

        self.error_label = MessageLabel("error")
        self.warning_label = MessageLabel("warning")
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setMaximumHeight(8)
        self.progress_bar.hide()

        # Shown when the encoding is a guess: the note and the readings to choose from.
        self.encoding_note = QLabel()
        self.encoding_note.setWordWrap(True)
        self.encoding_combo = QComboBox()
        self.encoding_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.encoding_combo.setMinimumContentsLength(20)
        self.encoding_combo.setToolTip(
            translate(
                "CorpusPage", "Read the file in this encoding: choose the one whose preview reads right."
            )
        )
        mark_user_text(self.encoding_combo)  # encoding names and lines of the user's file
        self.encoding_combo.activated.connect(self._on_encoding_chosen)
        encoding_row = QHBoxLayout()
        encoding_row.setContentsMargins(0, 0, 0, 0)
        encoding_row.addWidget(QLabel(translate("CorpusPage", "Read as:")))
        encoding_row.addWidget(self.encoding_combo, 1)
        self.encoding_box = QWidget()
        encoding_layout = QVBoxLayout(self.encoding_box)
        encoding_layout.setContentsMargins(0, 0, 0, 0)
        encoding_layout.addWidget(self.encoding_note)
        encoding_layout.addLayout(encoding_row)
        self.encoding_box.hide()

        self.title_label = QLabel(translate("CorpusPage", "No corpus yet"))
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title_label.setFont(font)
        self.source_label = QLabel()
        self.source_label.setWordWrap(True)
        self.source_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mark_user_text(self.source_label)  # the corpus's path

        stats_box = QGroupBox(translate("CorpusPage", "Statistics"))
        self.stats_form = QFormLayout(stats_box)
        self.stat_labels: dict[str, QLabel] = {}
        for key, label, tip in (
            ("size", translate("CorpusPage", "Size"), translate("CorpusPage", "Bytes read from disk.")),
            (
                "characters",
                translate("CorpusPage", "Characters"),
                translate("CorpusPage", "Characters after normalising newlines."),
            ),
            ("lines", translate("CorpusPage", "Lines"), ""),
            (
                "words",
                translate("CorpusPage", "Words"),
                translate("CorpusPage", "Whitespace-separated words."),
            ),
            (
                "unique_characters",
                translate("CorpusPage", "Distinct characters"),
                translate("CorpusPage", "The vocabulary of a character tokenizer, before special tokens."),
            ),
            (
                "vocabulary_estimate",
                translate("CorpusPage", "Distinct words"),
                translate(
                    "CorpusPage", "Distinct lower-cased words: roughly what a word tokenizer would need."
                ),
            ),
            (
                "encoding",
                translate("CorpusPage", "Encoding"),
                translate(
                    "CorpusPage",
                    "How the file's bytes were read as letters. A guess with "
                    "low confidence may show wrong letters: then save the file as UTF-8.",
                ),
            ),
            (
                "sha256",
                translate("CorpusPage", "Fingerprint"),
                translate("CorpusPage", "SHA-256 of the text: runs on the same text share it."),
            ),
        ):
            value = QLabel("–")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setToolTip(tip)
            if key != "encoding":  # numbers, a size and a fingerprint of the user's text
                mark_user_text(value)
            self.stats_form.addRow(label, value)
            self.stat_labels[key] = value

        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setPlaceholderText(translate("CorpusPage", "The start of the corpus appears here."))
        mark_user_text(self.preview)  # the corpus text
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)

        self.continue_button = QPushButton(translate("CorpusPage", "Continue to Setup →"))
        self.continue_button.setEnabled(False)
        self.continue_button.clicked.connect(self.continue_requested)

        right = QVBoxLayout()
        right.addWidget(self.error_label)
        right.addWidget(self.warning_label)
        right.addWidget(self.progress_bar)
        right.addWidget(self.encoding_box)
        right.addWidget(self.title_label)
        right.addWidget(self.source_label)
        right.addWidget(stats_box)
        right.addWidget(_heading(translate("CorpusPage", "Preview")))
        right.addWidget(self.preview, 1)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.continue_button)
        right.addLayout(bottom)
        right_widget = QWidget()
        right_widget.setLayout(right)

        splitter = QSplitter()
        splitter.addWidget(left_widget)
        splitter.addWidget(right_widget)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(buttons)
        layout.addWidget(splitter, 1)

    # Choosing -------------------------------------------------------------
    @Slot()
    def open_file_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("CorpusPage", "Open a corpus file"), self._start_dir(), _file_filter()
        )
        if path:
            self.settings.set_last_directory(str(Path(path).parent))
            self.load(path)

    @Slot()
    def open_folder_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, translate("CorpusPage", "Open a folder of text files"), self._start_dir()
        )
        if path:
            self.settings.set_last_directory(path)
            self.load(path)

    def _start_dir(self) -> str:
        last = self.settings.last_directory()
        return last if last and os.path.isdir(last) else str(Path.home())

    @Slot(QListWidgetItem)
    def _on_list_item_activated(self, item: QListWidgetItem) -> None:
        source = item.data(Qt.ItemDataRole.UserRole)
        if source:
            self.load(source)

    @Slot()
    def reload(self) -> None:
        if self._last_source:
            self.load(self._last_source)

    def load_sample(self, name: str) -> None:
        self.load(SAMPLE_PREFIX + name)

    def chosen_encoding(self) -> str:
        """The encoding the user chose for the current corpus; empty when it was detected."""
        return self._encoding

    @Slot(int)
    def _on_encoding_chosen(self, index: int) -> None:
        name = self.encoding_combo.itemData(index)
        if name and self._last_source:
            self.load(self._last_source, encoding=name)

    def load(self, source: str, encoding: str = "") -> None:
        """Read ``source`` (a path or sample:NAME) in the background; ``corpus_loaded`` when done.

        ``encoding``: the codec to read it with (the user's choice); empty to detect.
        """
        if source != self._last_source or encoding:
            self._encoding = encoding  # a new source is detected again; Reload keeps the choice
        self._last_source = source
        self._generation += 1
        generation = self._generation
        field = self.field_edit.text().strip()
        suffix = Path(source).suffix.lower() if not source.startswith(SAMPLE_PREFIX) else ""
        kwargs = {}
        if field and suffix == ".jsonl":
            kwargs["text_field"] = field
        elif field and suffix in (".csv", ".tsv"):
            kwargs["csv_column"] = field
        if self._encoding and not source.startswith(SAMPLE_PREFIX):
            kwargs["encoding"] = self._encoding

        self._set_error("")
        self._set_loading(True)
        self.status_message.emit(translate("CorpusPage", "Reading {name}…").format(name=display_name(source)))
        # Reads that ended are dropped here, never inside their own signals.
        self._tasks = {t for t in self._tasks if not t.done}
        task = BackgroundCall(
            lambda progress: load_corpus(source, progress=progress, **kwargs),
            with_progress=True,
            name="corpus",
        )
        task.generation, task.source = generation, source
        task.succeeded.connect(self._on_loaded)
        task.failed.connect(self._on_failed)
        task.progress.connect(self._on_progress)
        task.finished.connect(self._on_task_finished)
        self._task = task
        self._tasks.add(task)
        task.start()

    def is_loading(self) -> bool:
        return any(not t.done for t in self._tasks)

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Block until the running reads end (window shutdown)."""
        return all(task.wait(msecs) for task in list(self._tasks))

    # Results --------------------------------------------------------------
    @Slot(object)
    def _on_loaded(self, corpus: Corpus) -> None:
        if not self._is_current(self.sender()):  # a newer request superseded this one
            return
        self.corpus = corpus
        self.settings.add_recent_corpus(corpus.source)
        self.settings.set_last_corpus(corpus.source)
        self._refresh_recent()
        self._show_corpus(corpus)
        self.status_message.emit(
            translate("CorpusPage", "Loaded {name}: {characters:,} characters.").format(
                name=corpus.name, characters=corpus.stats.characters
            )
        )
        self.corpus_loaded.emit(corpus)

    @Slot(object)
    def _on_failed(self, exc: BaseException) -> None:
        task = self.sender()
        if not self._is_current(task):
            return
        source = task.source
        if isinstance(exc, MLMStudioError):
            message = translated(str(exc))
        elif isinstance(exc, MemoryError):
            message = translate(
                "CorpusPage", "{name} is too large to load into memory. Use a smaller corpus."
            ).format(name=display_name(source))
        else:
            message = translate(
                "CorpusPage",
                "{name} could not be read ({error}: {reason}). Check the file, or choose another one.",
            ).format(name=display_name(source), error=type(exc).__name__, reason=translated(str(exc)))
        self._set_error(message)
        self.status_message.emit(translate("CorpusPage", "The corpus could not be loaded."))
        self.load_failed.emit(message)

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        if not self._is_current(self.sender()):
            return
        if total > 0:
            self.progress_bar.setRange(0, 1000)
            self.progress_bar.setValue(int(1000 * min(done, total) / total))

    @Slot()
    def _on_task_finished(self) -> None:
        if self.sender() is self._task:
            self._task = None
            self._set_loading(False)

    def _is_current(self, task) -> bool:
        return getattr(task, "generation", None) == self._generation

    def _set_loading(self, loading: bool) -> None:
        self.progress_bar.setRange(0, 0)  # busy until the first progress report
        self.progress_bar.setVisible(loading)
        self.loading_changed.emit(loading)

    def _set_error(self, message: str) -> None:
        self.error_label.show_message(message)

    def error_text(self) -> str:
        return self.error_label.message()

    def _show_corpus(self, corpus: Corpus) -> None:
        stats = corpus.stats
        self.title_label.setText(corpus.name)
        mark_user_text(self.title_label)  # from now on it names the user's corpus
        self.source_label.setText(corpus.source)
        values = {
            "size": localize_digits(human_bytes(stats.size_bytes)),
            "characters": number(stats.characters),
            "lines": number(stats.lines),
            "words": number(stats.words),
            "unique_characters": number(stats.unique_characters),
            "vocabulary_estimate": number(stats.vocabulary_estimate),
            "encoding": _encoding_text(stats),
            "sha256": stats.sha256[:16] + "…",
        }
        for key, text in values.items():
            self.stat_labels[key].setText(text)
        self.stat_labels["sha256"].setToolTip(stats.sha256)
        self.preview.setPlainText(corpus.preview(4000))
        warnings = list(corpus.warnings)
        self.warning_label.show_message("\n".join(translated(warning) for warning in warnings))
        self._show_encoding_choice(corpus)
        self.continue_button.setEnabled(True)

    def _show_encoding_choice(self, corpus: Corpus) -> None:
        """Offer the readings of an uncertain guess (or keep the user's choice on show)."""
        stats = corpus.stats
        uncertain = not self._encoding and stats.encoding_confidence < LOW_CONFIDENCE
        if not (uncertain or self._encoding):
            self.encoding_box.hide()
            return
        if self._encoding:
            self.encoding_note.setText(
                translate("CorpusPage", "Read as {encoding}, as you chose.").format(
                    encoding=stats.encoding_label
                )
            )
        else:
            self.encoding_note.setText(
                translate(
                    "CorpusPage",
                    "The encoding is an uncertain guess ({encoding}, {confidence:.0%} sure): the file is "
                    "short, or several encodings read it cleanly. Choose the reading whose preview is right.",
                ).format(encoding=stats.encoding_label, confidence=stats.encoding_confidence)
            )
        combo = self.encoding_combo
        combo.blockSignals(True)
        combo.clear()
        listed = set()
        for candidate in corpus.encoding_candidates:
            combo.addItem(f"{candidate.label}: {candidate.preview}", candidate.encoding)
            combo.setItemData(combo.count() - 1, candidate.preview, Qt.ItemDataRole.ToolTipRole)
            listed.add(candidate.encoding)
        if combo.count():
            combo.insertSeparator(combo.count())
        for name in COMMON_ENCODINGS:
            if name not in listed:
                combo.addItem(encoding_label(name), name)
        current = combo.findData(self._encoding or stats.encoding)
        if current < 0:
            combo.addItem(stats.encoding_label, stats.encoding)
            current = combo.count() - 1
        combo.setCurrentIndex(current)
        combo.blockSignals(False)
        self.encoding_box.show()

    def _refresh_recent(self) -> None:
        self.recent_list.clear()
        for source in self.settings.recent_corpora():
            missing = not source.startswith(SAMPLE_PREFIX) and not os.path.exists(source)
            name = display_name(source)
            if missing:
                name = translate("CorpusPage", "{name}  (missing)").format(name=name)
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, source)
            item.setToolTip(source)
            if missing:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.recent_list.addItem(item)

    # Drag and drop --------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _local_paths(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if _local_paths(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = _local_paths(event)
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        if len(paths) > 1:
            self.status_message.emit(
                translate(
                    "CorpusPage",
                    "Several items dropped: using the first. Put the files in one folder to use them all.",
                )
            )
        self.load(paths[0])


def _file_filter() -> str:
    """The file dialog's filter; the patterns inside the brackets stay as they are."""
    return translate("CorpusPage", "Text corpora (*.txt *.md *.jsonl *.csv *.tsv);;All files (*)")


def _local_paths(event) -> list[str]:
    mime = event.mimeData()
    if not mime or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def _encoding_text(stats) -> str:
    """ "UTF-8", or the guessed encoding with how sure the guess is."""
    if stats.encoding_confidence >= 1.0:
        return stats.encoding_label
    return translate("CorpusPage", "{encoding}, {confidence:.0%} sure").format(
        encoding=stats.encoding_label, confidence=stats.encoding_confidence
    )
