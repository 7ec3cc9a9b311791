"""Setup → "Start from a model…": continue pretraining a model instead of training a new one.

The choices are the history's runs that hold a model (opened ones and trained ones) and a
transformers folder picked with a file dialog, which is opened into the history first (as
File → Open a Model… does), so the continued run's origin is a run like any other. The config
is made a continuation by the engine's own ``continued_config`` (engine/start_from.py, what
``train --from`` uses), off the GUI thread since it reads the model: the model's shape and
tokenizer, the continued-pretraining rate and warm-up unless the user changed them. "Train from
scratch" clears it. The page disables the tokenizer and size controls while a model is chosen;
this widget says why, and why the defaults differ. Under it, "Add your words to its vocabulary"
(``added_words_picker.py``) lists the corpus' words the model splits, to check; choosing another
model or Train from scratch drops the words. Nothing here imports torch at import time.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from mlmstudio.config import ModelConfig, RunConfig, TrainingConfig
from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.i18n import mark_user_text, translate
from mlmstudio.gui.theme import MessageLabel
from mlmstudio.gui.widgets.added_words_picker import AddedWordsPicker
from mlmstudio.gui.widgets.general_text_picker import GeneralTextPicker

SCRATCH = ""  # the combo's data for "Train from scratch"
TOPIC = "start-from"
WHY_SMALLER = QT_TRANSLATE_NOOP(
    "StartFromPicker", "a pretrained model needs small corrections; large ones erase what it knows"
)


def _defaults() -> TrainingConfig:
    return TrainingConfig()


def continuation_of(config: RunConfig, model_dir: Path) -> RunConfig:
    """``config`` continuing ``model_dir``'s model (reads the model: call it off the GUI thread).

    The rate, warm-up and dropout count as changed by the user when they differ from the defaults.
    """
    from mlmstudio.engine.start_from import continued_config

    defaults = _defaults()
    return continued_config(  # words chosen for another model's tokenizer do not carry over
        replace(config, training=replace(config.training, start_from="", added_words="")),
        model_dir,
        lr_given=config.training.lr != defaults.lr,
        warmup_given=config.training.warmup != defaults.warmup,
        dropout_given=config.model.dropout != ModelConfig().dropout,
    )


def from_scratch(config: RunConfig, applied: tuple[float, float] | None) -> RunConfig:
    """``config`` training a new model: no start_from; the rate and warm-up a continuation
    ``applied`` back to training's defaults, unless the user changed them since."""
    defaults, training = _defaults(), config.training
    lr, warmup = applied or (None, None)
    return replace(
        config,
        training=replace(
            training,
            start_from="",
            added_words="",
            general_text="",  # chosen under the model, so it goes with it
            lr=defaults.lr if training.lr == lr else training.lr,
            warmup=defaults.warmup if training.warmup == warmup else training.warmup,
        ),
    )


class StartFromPicker(QWidget):
    """A model to continue, or none; ``config_ready`` carries the whole config once it is applied."""

    config_ready = Signal(object)  # RunConfig

    def __init__(self, current_config, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._current_config = current_config  # () -> the page's RunConfig
        self._runs: Any = None  # gui.run_list.RunList
        self._start_from = ""
        self._applied: tuple[float, float] | None = None  # the rate and warm-up a continuation set
        self.runner = TaskRunner(self)

        self.combo = QComboBox()
        mark_user_text(self.combo)  # the history's run names (its first choice is translated)
        # As wide as the row allows, not as its longest run name (or translation) asks.
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(24)
        self.combo.setToolTip(
            translate(
                "StartFromPicker",
                "Continue pretraining a model on your text (its weights and tokenizer are kept), "
                "or train a new one. On the command line: train CORPUS --from MODEL.",
            )
        )
        self.combo.activated.connect(self._on_activated)
        self.folder_button = QPushButton(translate("StartFromPicker", "Start from a model…"))
        self.folder_button.setToolTip(
            translate(
                "StartFromPicker", "Choose a transformers model folder (save_pretrained) or a run's folder."
            )
        )
        self.folder_button.clicked.connect(self.choose_folder)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("start_from.note")
        self.error = MessageLabel("error", banner=False)
        # "Add your words to its vocabulary": shown while a model is chosen.
        self.added_words = AddedWordsPicker(current_config)
        self.added_words.words_changed.connect(self._on_words_changed)
        # "Also test on": a general text, so forgetting shows as its own curve (issue 17, item 3).
        self.general_text = GeneralTextPicker()
        self.general_text.text_changed.connect(self._on_general_text_changed)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("StartFromPicker", "Start from:")))
        row.addWidget(self.combo, 1)
        row.addWidget(self.folder_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(self.added_words)
        layout.addWidget(self.general_text)
        layout.addWidget(self.error)
        self.refresh()

    # The choices ----------------------------------------------------------
    def set_runs(self, runs) -> None:
        """Offer the models of ``runs`` (the window's RunList, listed in a worker); open folders into its history."""
        self._runs = runs
        runs.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """List the history's runs that hold a model (newest first)."""
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem(translate("StartFromPicker", "Train from scratch (a new model)"), SCRATCH)
        for run in self._runs.with_model() if self._runs is not None else []:
            self.combo.addItem(f"{run.name} ({run.id})", str(run.run_dir.resolve()))
        self.combo.blockSignals(False)
        self.show_start(self._start_from)

    def show_start(self, start_from: str) -> None:
        """Show ``start_from`` (a config's) without changing anything."""
        self._start_from = start_from.strip()
        index = self.combo.findData(self._start_from) if self._start_from else 0
        if index < 0:  # a folder outside the history (a loaded config, a capsule)
            self.combo.addItem(self._start_from, self._start_from)
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(index)
        self.note.setVisible(bool(self._start_from))
        self.added_words.setVisible(bool(self._start_from))
        self.general_text.setVisible(bool(self._start_from))

    def describe(self, config: RunConfig) -> None:
        """The sentence under the choice: what is kept and why the defaults differ."""
        t = config.training
        self.note.setText(
            translate(
                "StartFromPicker",
                "This model keeps its own tokenizer and size, so those settings are off. "
                "Learning rate {lr:g} with {warmup:.0%} warm-up instead of training from scratch's "
                "{scratch_lr:g}: {why}.",
            ).format(
                lr=t.lr,
                warmup=t.warmup,
                scratch_lr=_defaults().lr,
                why=translate("StartFromPicker", WHY_SMALLER),
            )
        )
        self.added_words.show_config(config)
        self.general_text.show_text(config.training.general_text)

    # Choosing -------------------------------------------------------------
    def choose_folder(self) -> bool:
        folder = QFileDialog.getExistingDirectory(
            self, translate("StartFromPicker", "Start from a model folder")
        )
        return bool(folder) and self.use_folder(Path(folder))

    def use_folder(self, folder: Path) -> bool:
        """Continue the model in ``folder``: an engine folder as it is, a transformers one opened into
        the history first."""
        db, config = getattr(self._runs, "db", None), self._current_config()

        def work() -> RunConfig:
            from mlmstudio.engine.hf_import import is_transformers_folder

            model_dir = folder
            if is_transformers_folder(folder):
                if db is None:
                    raise ModelLoadError(
                        translate(
                            "StartFromPicker",
                            "This is a transformers folder, and there is no history to open it into here. "
                            "Open it with File → Open a Model… first, then choose its run.",
                        )
                    )
                from mlmstudio.store.imported_runs import record_imported_model

                run_id, _ = record_imported_model(db, folder)
                model_dir = db.run_dir(run_id)
            return continuation_of(config, model_dir)

        return self._run(work)

    def use_model(self, model_dir: Path) -> bool:
        config = self._current_config()
        return self._run(lambda: continuation_of(config, model_dir))

    def use_scratch(self) -> None:
        self.error.show_message("")
        self._emit(from_scratch(self._current_config(), self._applied))

    def is_busy(self) -> bool:
        return self.runner.is_busy(TOPIC)

    def wait_idle(self, msecs: int = 120_000) -> bool:
        return self.runner.wait_idle(msecs)

    @Slot(int)
    def _on_activated(self, index: int) -> None:
        data = self.combo.itemData(index) or SCRATCH
        if data == SCRATCH:
            self.use_scratch()
        elif data != self._start_from:
            self.use_model(Path(data))

    def _run(self, work) -> bool:
        self.error.show_message("")
        self.note.setText(translate("StartFromPicker", "Reading the model…"))
        self.note.show()
        self.runner.run(work, self._on_ready, self._on_failed, topic=TOPIC, name="start-from")
        return True

    def _on_ready(self, config: RunConfig) -> None:
        self._applied = (config.training.lr, config.training.warmup)
        if self._runs is not None:
            self._runs.refresh()  # a folder opened into the history is a run there now
        self._emit(config)

    def _on_failed(self, exc: BaseException) -> None:
        self.error.show_message(user_message(exc, translate("StartFromPicker", "Reading that model")))
        self.show_start(self._start_from)

    @Slot(str)
    def _on_words_changed(self, words: str) -> None:
        config = self._current_config()
        if config.training.start_from.strip():
            self.config_ready.emit(replace(config, training=replace(config.training, added_words=words)))

    @Slot(str)
    def _on_general_text_changed(self, general_text: str) -> None:
        config = self._current_config()
        if config.training.start_from.strip():
            self.config_ready.emit(
                replace(config, training=replace(config.training, general_text=general_text))
            )

    def _emit(self, config: RunConfig) -> None:
        self.show_start(config.training.start_from)
        if config.training.start_from:
            self.describe(config)
        self.config_ready.emit(config)
