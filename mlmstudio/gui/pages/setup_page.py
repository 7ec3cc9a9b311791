"""The Setup page: tokenizer, masking, model and training settings for the next run.

The forms are generated from the config dataclasses (``config_form``), so the
defaults, limits, tooltips and validation messages are the config's own. As
the user types, the page recomputes the parameter count and memory estimate,
refreshes the masking preview, and marks invalid fields with the reason;
Start stays disabled until everything is valid.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QComboBox, QFileDialog, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QMessageBox, QPushButton, QScrollArea, QVBoxLayout, QWidget)

from mlmstudio.config import (ConfigError, CorpusConfig, MaskingConfig, ModelConfig, RunConfig,
                              TokenizerConfig, TrainingConfig, quick_start_config)
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.estimates import estimate_parameters, estimate_training_memory
from mlmstudio.gui.widgets.config_form import SectionForm, field_problems, group_problems
from mlmstudio.gui.widgets.masking_preview import PREVIEW_CORPUS_CHARS, MaskingPreview
from mlmstudio.gui.theme import MessageLabel

log = logging.getLogger(__name__)


# (label, how to change the current config); "model shape" presets keep everything else.
PRESETS: tuple[tuple[str, str], ...] = (
    ("Tiny model (fast)", "tiny"),
    ("Small model", "small"),
    ("Base-like model (slow on a CPU)", "base"),
    ("Quick start: 1 minute on a CPU", "quick"),
    ("Defaults", "defaults"),
)


class SetupPage(QWidget):
    """Edits a RunConfig; ``config()`` is what Start will train."""

    config_changed = Signal(object)      # RunConfig, after every edit
    validity_changed = Signal(bool)
    start_requested = Signal()
    status_message = Signal(str)

    def __init__(self, config: RunConfig | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._config = config or RunConfig()
        self._corpus_name = ""
        self._corpus_chars = 0
        self._has_corpus = False
        self._valid: bool | None = None
        self._preview_vocab: int | None = None
        self._problems: dict[tuple[str, str], str] = {}
        self._general: list[str] = []

        self._build()
        self._update_timer = QTimer(self)   # one recomputation per burst of edits
        self._update_timer.setSingleShot(True)
        self._update_timer.setInterval(0)
        self._update_timer.timeout.connect(self._recompute)
        self.set_config(self._config)

    # Layout ---------------------------------------------------------------
    def _build(self) -> None:
        self.preset_combo = QComboBox()
        self.preset_combo.addItem("Apply a preset…", "")
        for label, key in PRESETS:
            self.preset_combo.addItem(label, key)
        self.preset_combo.setToolTip("Presets set the model's shape (tiny/small/base), or a whole "
                                     "recipe measured to learn in one minute on a CPU.")
        self.preset_combo.activated.connect(self._on_preset_chosen)
        self.load_button = QPushButton("Load…")
        self.load_button.setToolTip("Load settings from a run's config.json.")
        self.load_button.clicked.connect(self.load_config_dialog)
        self.save_button = QPushButton("Save…")
        self.save_button.setToolTip("Save these settings as JSON, e.g. for `mlmstudio train --config`.")
        self.save_button.clicked.connect(self.save_config_dialog)
        top = QHBoxLayout()
        top.addWidget(QLabel("Preset:"))
        top.addWidget(self.preset_combo)
        top.addStretch(1)
        top.addWidget(self.load_button)
        top.addWidget(self.save_button)

        self.forms = {
            "tokenizer": SectionForm("tokenizer", TokenizerConfig),
            "masking": SectionForm("masking", MaskingConfig),
            "model": SectionForm("model", ModelConfig),
            "training": SectionForm("training", TrainingConfig),
            "corpus": SectionForm("corpus", CorpusConfig, include=("val_fraction",)),
        }
        for form in self.forms.values():
            form.changed.connect(self._schedule_update)

        self.preview = MaskingPreview()
        self.preview.tokenizer_ready.connect(self._on_preview_tokenizer)

        tokenizer_box = _group("Tokenizer", self.forms["tokenizer"])
        masking_box = _group("Masking", self.forms["masking"])
        preview_box = _group("Masking preview", self.preview)
        model_box = _group("Model", self.forms["model"])
        training_box = _group("Training", self.forms["training"], self.forms["corpus"])

        grid = QGridLayout()
        left = QVBoxLayout()
        left.addWidget(tokenizer_box)
        left.addWidget(masking_box)
        left.addWidget(preview_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(model_box)
        right.addWidget(training_box)
        right.addStretch(1)
        grid.addLayout(left, 0, 0)
        grid.addLayout(right, 0, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        content = QWidget()
        content.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)

        self.corpus_label = QLabel()
        self.estimate_label = QLabel()
        font = QFont(self.estimate_label.font())
        font.setBold(True)
        self.estimate_label.setFont(font)
        self.estimate_label.setToolTip(
            "Trainable parameters and a rough estimate of the memory one training step needs "
            "(weights, gradients, optimizer state and activations).")
        self.error_label = MessageLabel("error", banner=False)
        self.start_button = QPushButton("Start training")
        self.start_button.setToolTip("Train with these settings (Ctrl+Return).")
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_requested)

        bottom = QHBoxLayout()
        info = QVBoxLayout()
        info.addWidget(self.corpus_label)
        info.addWidget(self.estimate_label)
        bottom.addLayout(info, 1)
        bottom.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignBottom)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(bottom)

    # The config -----------------------------------------------------------
    def config(self) -> RunConfig:
        """The settings on the forms (possibly invalid: see ``is_valid``)."""
        cfg = self._config
        return replace(
            cfg,
            corpus=self.forms["corpus"].apply_to(cfg.corpus),
            tokenizer=self.forms["tokenizer"].apply_to(cfg.tokenizer),
            masking=self.forms["masking"].apply_to(cfg.masking),
            model=self.forms["model"].apply_to(cfg.model),
            training=self.forms["training"].apply_to(cfg.training),
        )

    def set_config(self, config: RunConfig) -> None:
        """Show ``config``; the corpus source stays the page's current corpus if one is loaded."""
        if self._has_corpus:
            config = replace(config, corpus=replace(
                config.corpus, source=self._config.corpus.source,
                text_field=self._config.corpus.text_field, csv_column=self._config.corpus.csv_column))
        self._config = config
        for section, form in self.forms.items():
            form.set_values(getattr(config, section))
        self._schedule_update()

    def set_corpus(self, corpus, text_field: str = "text", csv_column: str = "") -> None:
        """Train on ``corpus`` (the engine's Corpus) and preview its text."""
        self._has_corpus = True
        self._corpus_name = corpus.name
        self._corpus_chars = corpus.stats.characters
        self._config = replace(self.config(), corpus=replace(
            self.config().corpus, source=corpus.source, text_field=text_field, csv_column=csv_column))
        self._preview_vocab = None
        self.preview.set_corpus_text(corpus.text)
        self._schedule_update()

    def has_corpus(self) -> bool:
        return self._has_corpus

    def is_valid(self) -> bool:
        return bool(self._valid)

    def problems(self) -> list[str]:
        """Every reason Start is disabled, one sentence each."""
        messages = list(dict.fromkeys([*self._problems.values(), *self._general]))
        return messages

    def flush(self) -> None:
        """Apply pending edits now (tests; before Start)."""
        if self._update_timer.isActive():
            self._update_timer.stop()
        self._recompute()

    # Updating ---------------------------------------------------------------
    @Slot()
    def refresh_estimate(self) -> None:
        """Recompute the read-outs: the hardware's precision is known once the engine has loaded."""
        self._schedule_update()

    @Slot()
    def _schedule_update(self) -> None:
        self._update_timer.start()

    @Slot()
    def _recompute(self) -> None:
        cfg = self.config()
        problems, general = field_problems(cfg)
        device_problem = _device_problem(cfg)
        if device_problem:
            problems[("training", "device")] = device_problem
        if not self._has_corpus:
            general = [*general, "Choose a corpus on the Corpus page first."]
        self._problems, self._general = problems, general
        for section, form in self.forms.items():
            form.mark(group_problems(problems, section, form.field_names()))
            form.set_relevance(cfg)
        messages = self.problems()
        self.error_label.show_message("\n".join(f"• {m}" for m in messages))
        self.start_button.setEnabled(not messages)
        self.corpus_label.setText(
            f"Corpus: {self._corpus_name} ({self._corpus_chars:,} characters)" if self._has_corpus
            else "Corpus: none chosen yet")
        self._update_estimate(cfg, valid_model=not any(s == "model" for s, _ in problems))
        self.preview.set_config(cfg.tokenizer, cfg.masking)

        valid = not messages
        if valid != self._valid:
            self._valid = valid
            self.validity_changed.emit(valid)
        self.config_changed.emit(cfg)

    def _update_estimate(self, cfg: RunConfig, valid_model: bool) -> None:
        if not valid_model:
            self.estimate_label.setText("Parameters: fix the model settings to see the size.")
            return
        vocab, exact = self.estimated_vocab_size(cfg)
        params = estimate_parameters(cfg.model, vocab)
        precision = cfg.training.precision if cfg.training.precision != "auto" else _auto_precision()
        memory = estimate_training_memory(cfg.model, vocab, cfg.training.batch_size,
                                          min(cfg.training.seq_len, cfg.model.max_len), precision,
                                          labelled_fraction=cfg.masking.mlm_probability)
        approx = "" if exact else "up to "
        self.estimate_label.setText(
            f"{_human_count(params)} parameters · ≈ {_human_bytes(memory)} to train · "
            f"vocabulary {approx}{vocab:,}")

    def estimated_vocab_size(self, cfg: RunConfig) -> tuple[int, bool]:
        """The vocabulary the run will have, and whether that number is exact.

        The preview tokenizer saw the whole corpus when it is short enough; for
        longer corpora, a sub-word vocabulary fills up to the configured size.
        """
        preview = self._preview_vocab
        whole = self._corpus_chars and self._corpus_chars <= PREVIEW_CORPUS_CHARS
        if preview is not None and (whole or cfg.tokenizer.kind == "char"):
            return preview, bool(whole)
        if cfg.tokenizer.kind == "char":
            return 300, False
        return cfg.tokenizer.vocab_size, False

    @Slot(object)
    def _on_preview_tokenizer(self, tokenizer) -> None:
        self._preview_vocab = tokenizer.vocab_size
        self._schedule_update()

    # Presets, load, save ------------------------------------------------------
    @Slot(int)
    def _on_preset_chosen(self, index: int) -> None:
        key = self.preset_combo.itemData(index)
        self.preset_combo.setCurrentIndex(0)
        if key:
            self.apply_preset(key)

    def apply_preset(self, key: str) -> None:
        if key == "quick":
            self.set_config(quick_start_config())
        elif key == "defaults":
            self.set_config(RunConfig())
        else:
            self.set_config(self.config().with_preset(key))
        self.status_message.emit(f"Applied the preset: {dict((k, l) for l, k in PRESETS)[key]}.")

    @Slot()
    def load_config_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load settings", str(Path.home()),
                                              "Run configuration (*.json);;All files (*)")
        if path:
            self.load_config_file(path)

    def load_config_file(self, path: str | Path) -> bool:
        """Show the settings in a JSON file; a message box explains a bad file."""
        try:
            config = RunConfig.from_file(path)  # at most 1 MB, bounded nesting
        except (OSError, UnicodeDecodeError) as exc:
            QMessageBox.warning(self, "Cannot load settings",
                                f"{Path(path).name} could not be read ({exc}).")
            return False
        except ConfigError as exc:
            QMessageBox.warning(self, "Cannot load settings",
                                f"{Path(path).name} is not a valid MLM Studio configuration: {exc}")
            return False
        self.set_config(config)
        self.status_message.emit(f"Loaded settings from {Path(path).name}.")
        return True

    @Slot()
    def save_config_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save settings", str(Path.home() / "run.json"),
                                              "Run configuration (*.json)")
        if path:
            self.save_config_file(path)

    def save_config_file(self, path: str | Path) -> bool:
        try:
            Path(path).write_text(self.config().to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(self, "Cannot save settings", f"{path} could not be written ({exc}).")
            return False
        self.status_message.emit(f"Saved the settings to {Path(path).name}.")
        return True

    def wait_idle(self, msecs: int = 30_000) -> bool:
        return self.preview.wait_idle(msecs)


def _group(title: str, *widgets: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    for widget in widgets:
        layout.addWidget(widget)
    return box


def _device_problem(cfg: RunConfig) -> str:
    """Why the chosen device cannot be used here, or ''."""
    if cfg.training.device in ("auto", "cpu"):
        return ""
    from mlmstudio.engine.device import resolve_device

    try:
        resolve_device(cfg.training.device)
    except MLMStudioError as exc:
        return str(exc)
    return ""


def _auto_precision() -> str:
    if "torch" not in sys.modules:
        # The engine loads after the window shows (gui/engine_warmup.py); fp32 is the larger
        # estimate until it has, and the window recomputes once it is ready.
        return "fp32"
    from mlmstudio.engine.device import resolve_device, resolve_precision

    try:
        return resolve_precision("auto", resolve_device("auto"))
    except MLMStudioError:
        return "fp32"


def _human_count(n: int) -> str:
    if n >= 1e9:
        return f"{n / 1e9:.2f} billion"
    if n >= 1e6:
        return f"{n / 1e6:.2f} million"
    return f"{n:,}"


def _human_bytes(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    return f"{n:.0f} bytes"

