"""The Setup page: the settings of the next run, in a Simple and an Advanced view.

The Simple view (``widgets/simple_setup.py``) asks the four questions a
newcomer can answer; the Advanced view has a form for every setting, generated
from the config dataclasses (``config_form``), so defaults, limits, tooltips
and validation messages are the config's own. Both edit one ``RunConfig``.

The numbers before Start are honest (DESIGN.md, "Reaching people"):

- the parameter count uses the vocabulary the run will really have: the
  run's own tokenizer is trained on the loaded corpus off the GUI thread
  (``engine.preflight``) and kept per corpus and tokenizer setting; until
  then the count reads "up to N";
- the time per 1,000 steps is measured on this computer (``step_times``);
- the memory estimate is held against the free memory, with a plain warning,
  or Start refused when the run cannot fit;
- a corpus too small for the sequence length is flagged here, by the
  trainer's own rule, with what to change, and Start stays disabled.

What those numbers are, and what they say, is decided without Qt in
``gui/setup_estimates.py`` (``SetupEstimates``); this page gathers the
inputs (the learned vocabulary, the free memory, the measured precision)
and shows the result. Nothing slow runs on the GUI thread, and this module
imports no torch.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from mlmstudio import command_hint
from mlmstudio.config import (
    ConfigError,
    CorpusConfig,
    MaskingConfig,
    ModelConfig,
    RunConfig,
    TokenizerConfig,
    TrainingConfig,
    quick_start_config,
)
from mlmstudio.engine import system_memory
from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.estimates import estimate_parameters
from mlmstudio.engine.hf_compat import can_export_hf, hf_architecture
from mlmstudio.gui.background import BackgroundCall
from mlmstudio.gui.engine_messages import translated
from mlmstudio.gui.i18n import translate
from mlmstudio.gui.settings import AppSettings
from mlmstudio.gui.setup_estimates import SetupEstimates, device_problem, not_exact_yet, passage_advice
from mlmstudio.gui.step_times import StepTimes, request_for
from mlmstudio.gui.theme import MessageLabel
from mlmstudio.gui.widgets.config_form import SectionForm, field_problems, group_problems
from mlmstudio.gui.widgets.masking_preview import MaskingPreview
from mlmstudio.gui.widgets.probe_editor import ProbeEditor, probe_problem
from mlmstudio.gui.widgets.simple_setup import SIZES, SimpleSetup, with_size
from mlmstudio.gui.widgets.start_from_picker import StartFromPicker

log = logging.getLogger(__name__)

SIMPLE, ADVANCED = "simple", "advanced"

# (label, how to change the current config); "model shape" presets keep everything else.
# The labels are translated where they are shown: translate("SetupPage", label).
PRESETS: tuple[tuple[str, str], ...] = (
    (QT_TRANSLATE_NOOP("SetupPage", "Tiny model (fast)"), "tiny"),
    (QT_TRANSLATE_NOOP("SetupPage", "Small model"), "small"),
    (QT_TRANSLATE_NOOP("SetupPage", "Base-like model (slow on a CPU)"), "base"),
    (QT_TRANSLATE_NOOP("SetupPage", "Quick start: 1 minute on a CPU"), "quick"),
    (QT_TRANSLATE_NOOP("SetupPage", "Defaults"), "defaults"),
)
FACTS_DEBOUNCE_MS = 300  # train the run's tokenizer once the user pauses
FACTS_CACHE_SIZE = 8  # corpus/tokenizer combinations remembered this session
SIMPLE_MAX_WIDTH = 1240


class SetupPage(QWidget):
    """Edits a RunConfig; ``config()`` is what Start will train."""

    config_changed = Signal(object)  # RunConfig, after every edit
    validity_changed = Signal(bool)
    start_requested = Signal()
    queue_requested = Signal()  # "Add to queue": the window queues config()
    status_message = Signal(str)

    def __init__(
        self,
        config: RunConfig | None = None,
        parent: QWidget | None = None,
        *,
        settings: AppSettings | None = None,
        step_times: StepTimes | None = None,
        available_memory: Callable[[], int | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._config = config or RunConfig()
        self._settings = settings or AppSettings()
        self._step_times = step_times or StepTimes(self._settings, parent=self)
        self._step_times.setParent(self)
        self._step_times.measured.connect(self._schedule_update)
        self._available_memory = available_memory or system_memory.available_memory_bytes
        self._corpus_name = ""
        self._corpus_chars = 0
        self._corpus_text = ""
        self._corpus_sha = ""
        self._has_corpus = False
        self._valid: bool | None = None
        self._problems: dict[tuple[str, str], str] = {}
        self._general: list[str] = []
        self._facts: dict[tuple, object] = {}  # key -> engine.preflight.CorpusFacts
        self._facts_failed: dict[tuple, str] = {}
        self._facts_wanted: tuple | None = None
        self._facts_config: RunConfig | None = None
        self._facts_calls: set[BackgroundCall] = set()
        self._fit_seq_len: int | None = None
        self._words_checked: dict[tuple, bool] = {}

        self._build()
        self._update_timer = QTimer(self)  # one recomputation per burst of edits
        self._update_timer.setSingleShot(True)
        self._update_timer.setInterval(0)
        self._update_timer.timeout.connect(self._recompute)
        self._facts_timer = QTimer(self)
        self._facts_timer.setSingleShot(True)
        self._facts_timer.setInterval(FACTS_DEBOUNCE_MS)
        self._facts_timer.timeout.connect(self._start_facts)
        self.set_view(self._settings.setup_view())
        self.set_config(self._config)

    # Layout ---------------------------------------------------------------
    def _build(self) -> None:
        self.simple_button = QPushButton(translate("SetupPage", "Simple"))
        self.simple_button.setToolTip(translate("SetupPage", "The four choices that matter, in plain words."))
        self.advanced_button = QPushButton(translate("SetupPage", "Advanced"))
        self.advanced_button.setToolTip(
            translate("SetupPage", "Every setting. Both views edit the same settings.")
        )
        self.view_group = QButtonGroup(self)
        self.view_group.setExclusive(True)
        for button in (self.simple_button, self.advanced_button):
            button.setCheckable(True)
            self.view_group.addButton(button)
        self.simple_button.clicked.connect(lambda: self.set_view(SIMPLE))
        self.advanced_button.clicked.connect(lambda: self.set_view(ADVANCED))

        self.preset_combo = QComboBox()
        self.preset_combo.addItem(translate("SetupPage", "Apply a preset…"), "")
        for label, key in PRESETS:
            self.preset_combo.addItem(translate("SetupPage", label), key)
        self.preset_combo.setToolTip(
            translate(
                "SetupPage",
                "Presets set the model's size (tiny/small/base), or a whole "
                "recipe measured to learn in one minute on a CPU.",
            )
        )
        self.preset_combo.activated.connect(self._on_preset_chosen)
        self.load_button = QPushButton(translate("SetupPage", "Load…"))
        self.load_button.setToolTip(translate("SetupPage", "Load settings from a run's config.json."))
        self.load_button.clicked.connect(self.load_config_dialog)
        self.save_button = QPushButton(translate("SetupPage", "Save…"))
        self.save_button.setToolTip(
            translate("SetupPage", "Save these settings as JSON, e.g. for `{command}`.").format(
                command=command_hint.command("train --config")
            )
        )
        self.save_button.clicked.connect(self.save_config_dialog)
        self.elsewhere_button = QPushButton(translate("SetupPage", "Run elsewhere…"))
        self.elsewhere_button.setToolTip(
            translate(
                "SetupPage",
                "Write a run capsule: these settings, the text and a launch "
                "script, to train on other machines (torchrun) and bring the "
                "run back with History → Import folder….",
            )
        )
        self.elsewhere_button.clicked.connect(self.open_capsule_dialog)
        top = QHBoxLayout()
        views = QHBoxLayout()
        views.setSpacing(0)
        views.addWidget(self.simple_button)
        views.addWidget(self.advanced_button)
        top.addLayout(views)
        top.addSpacing(16)
        top.addWidget(QLabel(translate("SetupPage", "Preset:")))
        top.addWidget(self.preset_combo)
        top.addStretch(1)
        top.addWidget(self.load_button)
        top.addWidget(self.save_button)
        top.addWidget(self.elsewhere_button)

        # "Start from a model…": above both views, which share its config (continued pretraining).
        self.start_from = StartFromPicker(self.config)
        self.start_from.config_ready.connect(self.set_config)

        # Simple view
        self.simple = SimpleSetup()
        self.simple.edited.connect(self._on_simple_edited)

        # Advanced view
        self.forms = {
            "tokenizer": SectionForm("tokenizer", TokenizerConfig),
            "masking": SectionForm("masking", MaskingConfig),
            "model": SectionForm("model", ModelConfig),
            "training": SectionForm("training", TrainingConfig),
            "corpus": SectionForm("corpus", CorpusConfig, include=("val_fraction",)),
        }
        for form in self.forms.values():
            form.changed.connect(self._schedule_update)
        self.probe_editor = ProbeEditor()  # the probes asked at every evaluation (engine/inspect/probes.py)
        self.probe_editor.changed.connect(self._schedule_update)

        self.preview = MaskingPreview()
        self.preview.tokenizer_ready.connect(self._schedule_update)  # quiet again: time steps
        self.preview.preview_failed.connect(self._schedule_update)
        self.preview_box = QGroupBox(translate("SetupPage", "Masking preview"))
        QVBoxLayout(self.preview_box)

        tokenizer_box = _group(
            translate("SetupPage", "How the text is read (tokenizer)"), self.forms["tokenizer"]
        )
        masking_box = _group(translate("SetupPage", "What is hidden (masking)"), self.forms["masking"])
        model_box = _group(translate("SetupPage", "The model"), self.forms["model"])
        training_box = _group(
            translate("SetupPage", "Training"), self.forms["training"], self.forms["corpus"]
        )

        grid = QGridLayout()
        left = QVBoxLayout()
        left.addWidget(tokenizer_box)
        left.addWidget(masking_box)
        left.addWidget(self.preview_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(model_box)
        right.addWidget(training_box)
        right.addWidget(
            _group(
                translate("SetupPage", "Probes: sentences the model is asked at every evaluation"),
                self.probe_editor,
            )
        )
        right.addStretch(1)
        grid.addLayout(left, 0, 0)
        grid.addLayout(right, 0, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        advanced = QWidget()
        advanced.setLayout(grid)

        # The Simple view reads like a form: at most SIMPLE_MAX_WIDTH wide, centred on big screens.
        self.simple.setMaximumWidth(SIMPLE_MAX_WIDTH)
        simple_holder = QWidget()
        holder_layout = QHBoxLayout(simple_holder)
        holder_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.addStretch(0)
        holder_layout.addWidget(self.simple, 1)
        holder_layout.addStretch(0)
        self.stack = QStackedWidget()
        self.stack.addWidget(_scrolled(simple_holder))
        self.stack.addWidget(_scrolled(advanced))

        self.corpus_label = QLabel()
        self.corpus_label.setWordWrap(True)
        self.estimate_label = QLabel()
        self.estimate_label.setWordWrap(True)
        font = QFont(self.estimate_label.font())
        font.setBold(True)
        self.estimate_label.setFont(font)
        self.estimate_label.setToolTip(
            translate(
                "SetupPage",
                "Trainable numbers in the model (parameters) and a rough estimate of the memory one "
                "training step needs (weights, corrections, the optimizer's state and the activations).",
            )
        )
        self.warning_label = MessageLabel("warning", banner=False)
        self.error_label = MessageLabel("error", banner=False)
        self.fit_button = QPushButton()
        self.fit_button.setToolTip(
            translate(
                "SetupPage",
                "Shorten the training passages (sequence length) so that this corpus can fill them.",
            )
        )
        self.fit_button.clicked.connect(self._on_fit_clicked)
        self.fit_button.hide()
        self.start_button = QPushButton(translate("SetupPage", "Start training"))
        self.start_button.setToolTip(translate("SetupPage", "Train with these settings (Ctrl+Return)."))
        self.start_button.setDefault(True)
        self.start_button.setMinimumHeight(36)
        self.start_button.clicked.connect(self.start_requested)
        self.queue_button = QPushButton(translate("SetupPage", "Add to queue"))
        self.queue_button.setToolTip(
            translate(
                "SetupPage",
                "Put a run with these settings at the end of the queue (Queue page); it trains when the queue runs.",
            )
        )
        self.queue_button.setMinimumHeight(36)
        self.queue_button.clicked.connect(self.queue_requested)

        bottom = QHBoxLayout()
        info = QVBoxLayout()
        info.addWidget(self.corpus_label)
        info.addWidget(self.estimate_label)
        bottom.addLayout(info, 1)
        bottom.addWidget(self.fit_button, 0, Qt.AlignmentFlag.AlignBottom)
        bottom.addWidget(self.queue_button, 0, Qt.AlignmentFlag.AlignBottom)
        bottom.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignBottom)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.start_from)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.warning_label)
        layout.addWidget(self.error_label)
        layout.addLayout(bottom)

    # Views ----------------------------------------------------------------
    def view(self) -> str:
        return SIMPLE if self.stack.currentIndex() == 0 else ADVANCED

    def set_view(self, view: str) -> None:
        """Show the Simple or the Advanced view (remembered); the settings stay exactly as they are."""
        view = view if view in (SIMPLE, ADVANCED) else SIMPLE
        self.stack.setCurrentIndex(0 if view == SIMPLE else 1)
        (self.simple_button if view == SIMPLE else self.advanced_button).setChecked(True)
        if view == SIMPLE:
            self.preview_box.hide()
            self.simple.preview_slot.addWidget(self.preview)
        else:
            self.preview_box.layout().addWidget(self.preview)
            self.preview_box.show()
        self._settings.set_setup_view(view)
        if hasattr(self, "_update_timer"):
            self._schedule_update()

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
            probes=self.probe_editor.apply_to(cfg.probes),
        )

    def set_config(self, config: RunConfig) -> None:
        """Show ``config``; the corpus source stays the page's current corpus if one is loaded."""
        if self._has_corpus:
            config = replace(
                config,
                corpus=replace(
                    config.corpus,
                    source=self._config.corpus.source,
                    text_field=self._config.corpus.text_field,
                    csv_column=self._config.corpus.csv_column,
                    encoding=self._config.corpus.encoding,  # the Corpus page's choice, recorded with the run
                ),
            )
        self._config = config
        for section, form in self.forms.items():
            form.set_values(getattr(config, section))
        self.probe_editor.set_values(config.probes, config.corpus.source, config.tokenizer.lowercase)
        self.simple.show_config(self.config())
        self._show_start_from(config)
        self._schedule_update()

    def _show_start_from(self, config: RunConfig) -> None:
        """A continued model keeps its own tokenizer and size: their controls are off (the picker says why)."""
        continued = bool(config.training.start_from.strip())
        self.start_from.show_start(config.training.start_from)
        if continued:
            self.start_from.describe(config)
        for widget in (  # presets set a model's size
            self.preset_combo,
            self.forms["tokenizer"],
            self.forms["model"],
            self.simple.size_slider,
            *self.simple.reads_buttons.values(),
        ):
            widget.setEnabled(not continued)

    def set_corpus(self, corpus, text_field: str = "text", csv_column: str = "", encoding: str = "") -> None:
        """Train on ``corpus`` (the engine's Corpus) and preview its text; ``encoding``: the user's choice."""
        self._has_corpus = True
        self._corpus_name = corpus.name
        self._corpus_chars = corpus.stats.characters
        self._corpus_text = corpus.text
        self._corpus_sha = corpus.stats.sha256
        self._config = replace(
            self.config(),
            corpus=replace(
                self.config().corpus,
                source=corpus.source,
                text_field=text_field,
                csv_column=csv_column,
                encoding=encoding,
            ),
        )
        self.probe_editor.set_values(self._config.probes, corpus.source)  # the automatic ones follow it
        self.preview.set_corpus_text(corpus.text)
        self._schedule_update()

    def has_corpus(self) -> bool:
        return self._has_corpus

    def is_valid(self) -> bool:
        return bool(self._valid)

    def problems(self) -> list[str]:
        """Every reason Start is disabled, one sentence each."""
        return list(dict.fromkeys([*self._problems.values(), *self._general]))

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

    @Slot(object)
    def _on_simple_edited(self, config: RunConfig) -> None:
        self.set_config(config)

    @Slot()
    def _recompute(self) -> None:
        cfg = self.config()
        problems, general = field_problems(cfg)
        # The config's and the device's English sentences, in the user's language.
        problems = {key: translated(reason) for key, reason in problems.items()}
        general = [translated(message) for message in general]
        unusable = device_problem(cfg)
        if unusable:
            problems[("training", "device")] = translated(unusable)
        if not self._has_corpus:
            general = [*general, translate("SetupPage", "Choose a corpus on the Corpus page first.")]
        for section, form in self.forms.items():
            form.mark(group_problems(problems, section, form.field_names()))
            form.set_relevance(cfg)
        self.probe_editor.set_lowercase(cfg.tokenizer.lowercase)
        self.probe_editor.mark(probe_problem(problems))

        valid_model = not any(s == "model" for s, _ in problems)
        valid_settings = not problems and not general
        facts = self._corpus_facts(cfg) if self._has_corpus else None
        self._fit_seq_len = None
        if facts is not None and valid_settings:
            too_small = facts.window_problem(cfg.training.seq_len)
            if too_small:
                general = [*general, self._too_small_advice(too_small, facts)]
        elif valid_settings and self._facts_wanted is not None and not self._words_suffice(cfg):
            # A short corpus: Start waits the second it takes to count its tokens.
            general = [
                *general,
                translate("SetupPage", "Checking that the corpus is long enough for these settings…"),
            ]
        warning = ""
        if valid_model and not any(s == "training" for s, _ in problems):
            fit = self.estimates(cfg).memory_fit()
            if not fit.fits:
                general = [*general, fit.message]
            elif fit.tight:
                warning = fit.message
        self._problems, self._general = problems, general

        messages = self.problems()
        self.error_label.show_message("\n".join(f"• {m}" for m in messages))
        self.warning_label.show_message(warning)
        self.start_button.setEnabled(not messages)
        self.queue_button.setEnabled(not messages)
        if self._fit_seq_len:
            self.fit_button.setText(
                translate("SetupPage", "Use {tokens}-token passages").format(tokens=self._fit_seq_len)
            )
        self.fit_button.setVisible(bool(self._fit_seq_len))
        self.corpus_label.setText(
            translate("SetupPage", "Corpus: {name} ({characters:,} characters)").format(
                name=self._corpus_name, characters=self._corpus_chars
            )
            if self._has_corpus
            else translate("SetupPage", "Corpus: none chosen yet")
        )
        self._update_estimate(cfg, valid_model, valid_training=not any(s == "training" for s, _ in problems))
        self.preview.set_config(cfg.tokenizer, cfg.masking)

        valid = not messages
        if valid != self._valid:
            self._valid = valid
            self.validity_changed.emit(valid)
        self.config_changed.emit(cfg)

    def _too_small_advice(self, problem: str, facts) -> str:
        advice, self._fit_seq_len = passage_advice(translated(problem), facts.longest_window())
        return advice

    def _update_estimate(self, cfg: RunConfig, valid_model: bool, valid_training: bool) -> None:
        if not valid_model:
            self.estimate_label.setText(
                translate("SetupPage", "Parameters: fix the model settings to see the size.")
            )
            self.simple.set_numbers(None, False, None, timing="invalid")
            return
        estimates = self.estimates(cfg)
        vocab, exact, params = estimates.vocab, estimates.exact, estimates.parameters
        self.forms["training"].set_note("keep_checkpoints", estimates.kept_checkpoints_note())
        text = estimates.summary(
            not_exact_yet(has_corpus=self._has_corpus, learning=self._facts_wanted is not None)
        )
        # Which runs leave the app (issue 11): said where the architecture is chosen, with the why.
        if hf_architecture(cfg) is not None:  # engine.hf_compat.export_note's words, translated
            text += " · " + translate("SetupPage", "exports to Hugging Face")
        else:
            text += " · " + translate("SetupPage", "no Hugging Face export (distance bias on)")
        self.estimate_label.setText(text)
        self.estimate_label.setToolTip(translated(can_export_hf(cfg)[1]))

        seconds, timing = None, "invalid"
        if valid_training:
            request = request_for(cfg, cfg.model, vocab)
            # Time steps only on a quiet page: a tokenizer training beside it would slow the
            # measurement, and the slower time would be remembered.
            quiet = self.isVisible() and not self.facts_pending() and not self.preview.is_busy()
            if not quiet:
                known = self._step_times.cached(request)
            elif self.view() == SIMPLE:
                # The shown size is asked first, so it is measured now (or next); then every size
                # of the slider, Base first: the last asked is measured first, so the cheap sizes
                # are not kept "measuring…" behind Base's long measurement.
                known = self._step_times.lookup(request)
                sizes = {}
                for key, _label in reversed(SIZES):
                    sized = with_size(cfg, key)
                    size_time = self._step_times.lookup(request_for(sized, sized.model, vocab))
                    sizes[key] = (
                        estimate_parameters(sized.model, vocab),
                        exact,
                        size_time.seconds if size_time else None,
                    )
                self.simple.set_sizes(sizes)
            else:
                known = self._step_times.lookup(request)
            seconds = known.seconds if known else None
            timing = "failed" if self._step_times.failed(request) else "measuring"
        self.simple.set_numbers(params, exact, seconds, timing)

    def estimates(self, cfg: RunConfig) -> SetupEstimates:
        """The size and cost of ``cfg`` with what this page knows now (vocabulary, memory free)."""
        facts = self._facts.get(self._facts_key(cfg)) if self._has_corpus else None
        return SetupEstimates.of(
            cfg,
            learned_vocab=facts.vocab_size if facts is not None else None,
            precision=self._step_times.precision(),
            available=self._available_memory(),
        )

    def estimated_vocab_size(self, cfg: RunConfig) -> tuple[int, bool]:
        """The vocabulary the run will have, and whether that number is exact (``vocab_estimate``)."""
        estimates = self.estimates(cfg)
        return estimates.vocab, estimates.exact

    def _words_suffice(self, cfg: RunConfig) -> bool:
        """Whether the corpus' words alone fill a window (fast; remembered per setting)."""
        key = (
            self._corpus_sha,
            len(self._corpus_text),
            cfg.corpus.val_fraction,
            cfg.training.seed,
            cfg.training.seq_len,
        )
        if key not in self._words_checked:
            from mlmstudio.engine.preflight import words_fill_a_window

            try:
                self._words_checked[key] = words_fill_a_window(cfg, self._corpus_text)
            except MLMStudioError:  # a corpus too small to split: the facts will say so
                self._words_checked[key] = False
        return self._words_checked[key]

    # The corpus facts, off the GUI thread ----------------------------------------
    def _facts_key(self, cfg: RunConfig) -> tuple:
        return (
            self._corpus_sha,
            len(self._corpus_text),
            cfg.tokenizer,
            cfg.corpus.val_fraction,
            cfg.training.seed,
        )

    def _corpus_facts(self, cfg: RunConfig):
        """The facts for ``cfg`` when known; otherwise None, and they are computed soon."""
        key = self._facts_key(cfg)
        if key in self._facts:
            self._facts_wanted = None
            return self._facts[key]
        if key in self._facts_failed:
            self._facts_wanted = None
            return None
        try:
            cfg.tokenizer.validate()
            cfg.corpus.validate()
            cfg.training.validate()
        except ConfigError:
            self._facts_wanted = None
            return None
        if key != self._facts_wanted:
            self._facts_wanted = key
            self._facts_config = cfg
            self._facts_timer.start()
        return None

    @Slot()
    def _start_facts(self) -> None:
        key, cfg, text = self._facts_wanted, self._facts_config, self._corpus_text
        if key is None or key in self._facts or cfg is None:
            return
        if any(not c.done for c in self._facts_calls):
            return  # one tokenizer at a time: the newest wish starts when this one ends

        def compute():
            from mlmstudio.engine.preflight import corpus_facts

            return corpus_facts(cfg, text)

        call = BackgroundCall(compute, name="setup-corpus-facts")
        call.key = key
        call.succeeded.connect(self._on_facts)
        call.failed.connect(self._on_facts_failed)
        call.finished.connect(self._on_facts_call_finished)
        self._facts_calls = {c for c in self._facts_calls if not c.done}
        self._facts_calls.add(call)
        call.start()

    @Slot(object)
    def _on_facts(self, facts) -> None:
        key = self.sender().key
        self._facts[key] = facts
        while len(self._facts) > FACTS_CACHE_SIZE:
            self._facts.pop(next(iter(self._facts)))
        if key == self._facts_wanted:
            self._facts_wanted = None
        self._schedule_update()

    @Slot(object)
    def _on_facts_failed(self, exc: BaseException) -> None:
        key = self.sender().key
        # The run would fail the same way; the trainer says why at Start, so only log it here.
        log.warning("Could not learn the vocabulary of the corpus ahead of the run: %s", exc)
        self._facts_failed[key] = str(exc)
        if key == self._facts_wanted:
            self._facts_wanted = None
        self._schedule_update()

    @Slot()
    def _on_facts_call_finished(self) -> None:
        if self._facts_wanted is not None and self._facts_wanted not in self._facts:
            self._facts_timer.start()

    def facts_pending(self) -> bool:
        """Whether the vocabulary and token count of the current settings are still being computed."""
        return self._facts_wanted is not None or any(not c.done for c in self._facts_calls)

    @Slot()
    def _on_fit_clicked(self) -> None:
        if self._fit_seq_len:
            cfg = self.config()
            self.set_config(replace(cfg, training=replace(cfg.training, seq_len=self._fit_seq_len)))
            self.status_message.emit(
                translate("SetupPage", "Training passages are now {tokens} tokens long.").format(
                    tokens=self._fit_seq_len
                )
            )

    @Slot(bool)
    def set_training_active(self, active: bool) -> None:
        """A run is training: hold the step-time measurements until it ends (they share the CPU)."""
        self._step_times.set_paused(active)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._schedule_update()  # the step times are measured only while the page is seen

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
        label = dict((k, label) for label, k in PRESETS)[key]
        self.status_message.emit(
            translate("SetupPage", "Applied the preset: {preset}.").format(
                preset=translate("SetupPage", label)
            )
        )

    @Slot()
    def load_config_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            translate("SetupPage", "Load settings"),
            str(Path.home()),
            translate("SetupPage", "Run configuration (*.json);;All files (*)"),
        )
        if path:
            self.load_config_file(path)

    def load_config_file(self, path: str | Path) -> bool:
        """Show the settings in a JSON file; a message box explains a bad file."""
        try:
            # At most 1 MB, bounded nesting; every value typed, finite and in its range.
            config = RunConfig.from_file(path).check_fields()
        except (OSError, UnicodeDecodeError) as exc:
            QMessageBox.warning(
                self,
                translate("SetupPage", "Cannot load settings"),
                translate("SetupPage", "{file} could not be read ({error}).").format(
                    file=Path(path).name, error=exc
                ),
            )
            return False
        except ConfigError as exc:
            QMessageBox.warning(
                self,
                translate("SetupPage", "Cannot load settings"),
                translate("SetupPage", "{file} is not a valid MLM Studio configuration: {error}").format(
                    file=Path(path).name, error=exc
                ),
            )
            return False
        self.set_config(config)
        self.status_message.emit(
            translate("SetupPage", "Loaded settings from {file}.").format(file=Path(path).name)
        )
        return True

    @Slot()
    def save_config_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("SetupPage", "Save settings"),
            str(Path.home() / "run.json"),
            translate("SetupPage", "Run configuration (*.json)"),
        )
        if path:
            self.save_config_file(path)

    @Slot()
    def open_capsule_dialog(self):
        """Setup's "Run elsewhere…": the capsule dialog for these settings (None if they are invalid)."""
        from mlmstudio.gui.capsule_dialog import CapsuleDialog

        try:
            config = self.config().validate()
        except ConfigError as exc:
            QMessageBox.warning(
                self,
                translate("SetupPage", "Cannot write a capsule"),
                translate("SetupPage", "These settings cannot train yet: {error}").format(
                    error=translated(str(exc))
                ),
            )
            return None
        # A child of the page, never deleted early: its timing or writing thread may outlive it on screen.
        dialog = CapsuleDialog(config, self)
        dialog.open()
        return dialog

    def save_config_file(self, path: str | Path) -> bool:
        try:
            atomic_write_text(path, self.config().to_json() + "\n")  # never half a file, even on a crash
        except OSError as exc:
            QMessageBox.warning(
                self,
                translate("SetupPage", "Cannot save settings"),
                translate("SetupPage", "{file} could not be written ({error}).").format(
                    file=path, error=translated(str(exc.strerror or exc))
                ),
            )
            return False
        self.status_message.emit(
            translate("SetupPage", "Saved the settings to {file}.").format(file=Path(path).name)
        )
        return True

    def wait_idle(self, msecs: int = 30_000) -> bool:
        """Block until the background work of this page has ended (shutdown, tests)."""
        self._facts_timer.stop()
        facts_done = all(call.wait(msecs) for call in list(self._facts_calls))
        picked = self.start_from.wait_idle(msecs)
        return self.preview.wait_idle(msecs) and facts_done and self._step_times.wait_idle(msecs) and picked


def _group(title: str, *widgets: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    for widget in widgets:
        layout.addWidget(widget)
    return box


def _scrolled(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setWidget(widget)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    return scroll
