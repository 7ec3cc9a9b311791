"""The Simple view of Setup: the four choices that matter, in plain words.

1. what the model reads (letters, words or word pieces: the tokenizer kind);
2. how big it is (a tiny / small / base slider, with the parameter count and
   the measured time per 1,000 steps on this computer);
3. how long to train, in minutes (the time budget; steps become a generous cap);
4. how much text to hide (the masking rate, as a percentage).

The view edits the same ``RunConfig`` as the Advanced forms. It never writes
a setting the user did not touch here: ``show_config`` only displays, and each
control changes only its own settings when the user moves it, so switching
between the views never loses a value.
"""

from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from mlmstudio.config import MODEL_PRESETS, ModelConfig, RunConfig, TrainingConfig
from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.setup_estimates import params_text

# (tokenizer kind, label, plain explanation); BPE appears only when chosen in Advanced.
# The English texts; shown as translate("SimpleSetup", text).
READS: tuple[tuple[str, str, str], ...] = (
    (
        "char",
        QT_TRANSLATE_NOOP("SimpleSetup", "Letters"),
        QT_TRANSLATE_NOOP(
            "SimpleSetup",
            "Reads one character at a time. Knows every word it can spell, "
            "but needs longer passages to see whole sentences.",
        ),
    ),
    (
        "word",
        QT_TRANSLATE_NOOP("SimpleSetup", "Words"),
        QT_TRANSLATE_NOOP(
            "SimpleSetup",
            "Reads whole words. Easy to follow; a word it never saw during training becomes “unknown”.",
        ),
    ),
    (
        "wordpiece",
        QT_TRANSLATE_NOOP("SimpleSetup", "Word pieces"),
        QT_TRANSLATE_NOOP(
            "SimpleSetup",
            "Splits rare words into common pieces learned from your text (WordPiece). A good default.",
        ),
    ),
    (
        "bpe",
        QT_TRANSLATE_NOOP("SimpleSetup", "Byte-pair pieces"),
        QT_TRANSLATE_NOOP(
            "SimpleSetup",
            "Pieces learned by merging frequent pairs of characters (BPE), chosen in Advanced.",
        ),
    ),
)
SIZES: tuple[tuple[str, str], ...] = (
    ("tiny", QT_TRANSLATE_NOOP("SimpleSetup", "Tiny")),
    ("small", QT_TRANSLATE_NOOP("SimpleSetup", "Small")),
    ("base", QT_TRANSLATE_NOOP("SimpleSetup", "Base")),
)
SIZE_NOTES = {
    "tiny": QT_TRANSLATE_NOOP("SimpleSetup", "fastest; learns simple patterns"),
    "small": QT_TRANSLATE_NOOP("SimpleSetup", "a good balance on a computer without a graphics card"),
    "base": QT_TRANSLATE_NOOP("SimpleSetup", "learns the most, but is slow without a graphics card"),
}
# With a time limit the steps are only a safety cap, far above what the time allows.
STEP_CAP_WITH_TIME = 1_000_000
MAX_MINUTES = next(f.metadata["max"] for f in fields(TrainingConfig) if f.name == "time_budget") / 60


def preset_of(model: ModelConfig) -> str | None:
    """The size preset ``model`` has (max length aside, which may grow with the sequences), or None."""
    for key, shape in MODEL_PRESETS.items():
        sized = replace(model, **shape)
        if (model.d_model, model.num_layers, model.num_heads, model.ffn_width) == (
            sized.d_model,
            sized.num_layers,
            sized.num_heads,
            sized.ffn_width,
        ):
            return key
    return None


def with_size(config: RunConfig, preset: str) -> RunConfig:
    """``config`` with a size preset's shape; the model still reads the configured sequences."""
    model = replace(config.model, **MODEL_PRESETS[preset])
    if config.training.seq_len > model.max_len:
        model = replace(model, max_len=config.training.seq_len)
    return replace(config, model=model)


def duration_text(seconds: float) -> str:
    """'45 s', '3 min 20 s', '2 h 5 min'."""
    seconds = max(0.0, seconds)
    if seconds < 60:
        shown = number(seconds, ".0f") if seconds >= 10 else number(seconds, ".1f")
        return translate("SimpleSetup", "{seconds} s").format(seconds=shown)
    if seconds < 3600:
        minutes, rest = divmod(round(seconds), 60)
        if rest and minutes < 10:
            return translate("SimpleSetup", "{minutes} min {seconds} s").format(minutes=minutes, seconds=rest)
        return translate("SimpleSetup", "{minutes} min").format(minutes=minutes)
    hours, rest = divmod(round(seconds / 60), 60)
    if rest:
        return translate("SimpleSetup", "{hours} h {minutes} min").format(hours=hours, minutes=rest)
    return translate("SimpleSetup", "{hours} h").format(hours=hours)


def plural(text: str, count: int) -> str:
    """A translated "%n thing(s)" message; in English (no translation) "(s)" becomes "" or "s"."""
    if "(s)" in text:
        text = text.replace("(s)", "" if count == 1 else "s")
    return text


class SimpleSetup(QWidget):
    """Four plain questions over one RunConfig; ``edited`` carries the config after a user's change."""

    edited = Signal(object)  # RunConfig

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._config = RunConfig()
        self._params: int | None = None
        self._params_exact = False
        self._step_seconds: float | None = None
        self._timing = "measuring"
        self._build()
        self.show_config(self._config)

    # Layout ---------------------------------------------------------------
    def _build(self) -> None:
        # 1. What the model reads
        self.reads_group = QButtonGroup(self)
        reads_box = QGroupBox(translate("SimpleSetup", "1. What the model reads"))
        reads_layout = QGridLayout(reads_box)
        self.reads_buttons: dict[str, QRadioButton] = {}
        for row, (kind, label, note) in enumerate(READS):
            button = QRadioButton(translate("SimpleSetup", label))
            button.setObjectName(f"simple.reads.{kind}")
            button.setToolTip(
                translate("SimpleSetup", "{explanation} (tokenizer: {kind})").format(
                    explanation=translate("SimpleSetup", note), kind=kind
                )
            )
            explanation = _note(translate("SimpleSetup", note))
            self.reads_group.addButton(button, row)
            reads_layout.addWidget(button, row, 0, Qt.AlignmentFlag.AlignTop)
            reads_layout.addWidget(explanation, row, 1)
            self.reads_buttons[kind] = button
            if kind == "bpe":
                self._bpe_widgets = (button, explanation)
        reads_layout.setColumnStretch(1, 1)
        self.reads_group.idClicked.connect(self._on_reads_chosen)

        # 2. How big it is
        size_box = QGroupBox(translate("SimpleSetup", "2. How big the model is"))
        size_layout = QVBoxLayout(size_box)
        self.size_slider = QSlider(Qt.Orientation.Horizontal)
        self.size_slider.setObjectName("simple.size")
        self.size_slider.setRange(0, len(SIZES) - 1)
        self.size_slider.setPageStep(1)
        self.size_slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.size_slider.setTickInterval(1)
        self.size_slider.setToolTip(
            translate(
                "SimpleSetup",
                "Bigger models can learn more, but each training step takes longer. "
                "(Presets of width, layers and attention heads.)",
            )
        )
        self.size_slider.valueChanged.connect(self._on_size_moved)
        # A custom size sits at the nearest preset: releasing the slider there picks that preset.
        self.size_slider.sliderReleased.connect(lambda: self._on_size_moved(self.size_slider.value()))
        ticks = QHBoxLayout()
        self.size_ticks: dict[str, QLabel] = {}
        for index, (key, label) in enumerate(SIZES):
            tick = QLabel(translate("SimpleSetup", label))
            tick.setObjectName(f"simple.size_tick.{key}")
            align = (Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignHCenter, Qt.AlignmentFlag.AlignRight)[
                min(index, 2)
            ]
            tick.setAlignment(align | Qt.AlignmentFlag.AlignTop)
            tick.setWordWrap(True)  # a longer translation takes another line, never the next mark's room
            ticks.addWidget(tick, 1)
            self.size_ticks[key] = tick
        self.size_label = QLabel()
        self.size_label.setObjectName("simple.size_label")
        bold = QFont(self.size_label.font())
        bold.setBold(True)
        self.size_label.setFont(bold)
        self.size_label.setWordWrap(True)
        self.size_detail = _note("")
        size_layout.addWidget(self.size_slider)
        size_layout.addLayout(ticks)
        size_layout.addWidget(self.size_label)
        size_layout.addWidget(self.size_detail)

        # 3. How long to train
        time_box = QGroupBox(translate("SimpleSetup", "3. How long to train"))
        time_layout = QVBoxLayout(time_box)
        row = QHBoxLayout()
        self.minutes_spin = QDoubleSpinBox()
        self.minutes_spin.setObjectName("simple.minutes")
        self.minutes_spin.setRange(0.0, MAX_MINUTES)
        self.minutes_spin.setDecimals(1)
        self.minutes_spin.setSingleStep(1.0)
        self.minutes_spin.setSuffix(translate("SimpleSetup", " min"))
        self.minutes_spin.setSpecialValueText(translate("SimpleSetup", "No time limit"))
        self.minutes_spin.setMinimumWidth(140)
        self.minutes_spin.setToolTip(
            translate(
                "SimpleSetup",
                "Training stops after this many minutes; the learning rate follows "
                "the time (time budget). 0: no time limit, the number of steps decides.",
            )
        )
        self.minutes_spin.valueChanged.connect(self._on_minutes_changed)
        row.addWidget(QLabel(translate("SimpleSetup", "Train for")))
        row.addWidget(self.minutes_spin)
        row.addStretch(1)
        self.time_label = _note("")
        self.time_label.setObjectName("simple.time_label")
        time_layout.addLayout(row)
        time_layout.addWidget(self.time_label)

        # 4. How much text to hide
        hide_box = QGroupBox(translate("SimpleSetup", "4. How much text to hide"))
        hide_layout = QVBoxLayout(hide_box)
        row = QHBoxLayout()
        self.hide_slider = QSlider(Qt.Orientation.Horizontal)
        self.hide_slider.setObjectName("simple.hide")
        self.hide_slider.setRange(1, 90)
        self.hide_slider.setPageStep(5)
        self.hide_slider.setToolTip(
            translate(
                "SimpleSetup",
                "The share of tokens the model must guess each time "
                "(masking rate, mlm_probability). BERT used 15%; 30% learns "
                "faster in short runs.",
            )
        )
        self.hide_slider.valueChanged.connect(self._on_hide_moved)
        self.hide_value = QLabel()
        self.hide_value.setMinimumWidth(48)
        self.hide_value.setFont(bold)
        row.addWidget(self.hide_slider, 1)
        row.addWidget(self.hide_value)
        self.hide_label = _note("")
        self.hide_label.setObjectName("simple.hide_label")
        hide_layout.addLayout(row)
        hide_layout.addWidget(self.hide_label)
        # The page puts the live masking preview here while this view is shown.
        self.preview_slot = QVBoxLayout()
        hide_layout.addLayout(self.preview_slot)

        left = QVBoxLayout()
        left.addWidget(reads_box)
        left.addWidget(size_box)
        left.addWidget(time_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(hide_box)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addLayout(right, 1)

    # Showing ----------------------------------------------------------------
    def config(self) -> RunConfig:
        return self._config

    def show_config(self, config: RunConfig) -> None:
        """Display ``config`` without changing it (no ``edited`` signal)."""
        self._config = config
        kind = config.tokenizer.kind
        for widget in self._bpe_widgets:
            widget.setVisible(kind == "bpe")
        button = self.reads_buttons.get(kind)
        if button is not None:
            button.setChecked(True)
        preset = preset_of(config.model)
        with _blocked(self.size_slider):
            index = [k for k, _ in SIZES].index(preset) if preset else self._nearest_size(config.model)
            self.size_slider.setValue(index)
        with _blocked(self.minutes_spin):
            self.minutes_spin.setValue(config.training.time_budget / 60.0)
        with _blocked(self.hide_slider):
            self.hide_slider.setValue(round(config.masking.mlm_probability * 100))
        self._refresh_texts()

    def set_numbers(
        self, params: int | None, exact: bool, step_seconds: float | None, timing: str = "measuring"
    ) -> None:
        """The page's estimates for the shown config.

        ``params`` None: the model settings are invalid. ``step_seconds`` None:
        no time yet, and ``timing`` says why: 'measuring', 'failed' or 'invalid'
        (the training settings must be fixed first).
        """
        self._params, self._params_exact = params, exact
        self._step_seconds, self._timing = step_seconds, timing
        self._refresh_texts()

    def set_sizes(self, sizes: dict[str, tuple[int, bool, float | None]]) -> None:
        """Under each mark of the slider: its parameters (exact or "up to") and time per 1,000 steps."""
        for key, label in SIZES:
            tick = self.size_ticks[key]
            if key not in sizes:
                tick.setText(translate("SimpleSetup", label))
                continue
            params, exact, seconds = sizes[key]
            bound = "" if exact else "≈ " if self._config.tokenizer.kind == "char" else "≤ "
            count = translate("SimpleSetup", "{count} parameters").format(
                count=f"{bound}{_short_count(params)}"
            )
            speed = (
                translate("SimpleSetup", "{duration} / 1,000 steps").format(
                    duration=duration_text(seconds * 1000)
                )
                if seconds
                else translate("SimpleSetup", "measuring…")
            )
            tick.setText(f"<b>{translate('SimpleSetup', label)}</b><br>{count}<br>{speed}")
        self._relayout()

    def _refresh_texts(self) -> None:
        cfg = self._config
        preset = preset_of(cfg.model)
        m = cfg.model
        layers = m.num_layers  # a plain name: lupdate skips a translate() whose count is an expression
        shape = plural(
            translate("SimpleSetup", "%n layer(s), {width} wide, {heads} attention heads", None, layers),
            layers,
        ).format(width=m.d_model, heads=m.num_heads)
        name = (
            translate("SimpleSetup", dict(SIZES)[preset])
            if preset
            else translate("SimpleSetup", "Custom size")
        )
        if self._params is None:
            params = translate("SimpleSetup", "fix the Advanced model settings to see its size")
        else:
            # Letters have no vocabulary cap to quote: "about"; the other kinds are capped: "up to".
            count = params_text(self._params)
            if self._params_exact:
                params = translate("SimpleSetup", "{count} parameters").format(count=count)
            elif cfg.tokenizer.kind == "char":
                params = translate("SimpleSetup", "about {count} parameters").format(count=count)
            else:
                params = translate("SimpleSetup", "up to {count} parameters").format(count=count)
        if self._step_seconds is not None:
            speed = translate("SimpleSetup", "about {duration} per 1,000 steps on this computer").format(
                duration=duration_text(self._step_seconds * 1000)
            )
        elif self._timing == "measuring":
            speed = translate("SimpleSetup", "time per 1,000 steps on this computer: measuring…")
        elif self._timing == "invalid":
            speed = translate("SimpleSetup", "fix the training settings to see the time per step")
        else:
            speed = translate("SimpleSetup", "the time per step could not be measured here")
        self.size_label.setText(
            translate("SimpleSetup", "{size}: {params} · {speed}").format(
                size=name, params=params, speed=speed
            )
        )
        note = translate(
            "SimpleSetup",
            SIZE_NOTES.get(
                preset or "",
                QT_TRANSLATE_NOOP("SimpleSetup", "set in Advanced; move the slider to pick a standard size"),
            ),
        )
        detail = translate("SimpleSetup", "{shape} — {note}.").format(shape=shape, note=note)
        if not self._params_exact and self._params is not None:
            detail += translate(
                "SimpleSetup",
                " The exact count follows once the vocabulary has been learned from your corpus.",
            )
        self.size_detail.setText(detail)

        minutes = cfg.training.time_budget / 60.0
        steps = cfg.training.steps
        per_step = self._step_seconds
        if minutes > 0:
            if per_step:
                expected = min(steps, int(cfg.training.time_budget / per_step))
                text = translate(
                    "SimpleSetup", "Training stops after {duration}: about {steps:,} steps on this computer."
                ).format(duration=_minutes_text(minutes), steps=expected)
            else:
                text = translate("SimpleSetup", "Training stops after {duration}.").format(
                    duration=_minutes_text(minutes)
                )
            if steps < STEP_CAP_WITH_TIME and per_step and steps * per_step < cfg.training.time_budget:
                text += translate(
                    "SimpleSetup", " It may end sooner: the steps are capped at {steps:,} (Advanced)."
                ).format(steps=steps)
        elif per_step:
            text = translate(
                "SimpleSetup",
                "No time limit: training stops after {steps:,} steps, about {duration} on this computer.",
            ).format(steps=steps, duration=duration_text(steps * per_step))
        else:
            text = translate("SimpleSetup", "No time limit: training stops after {steps:,} steps.").format(
                steps=steps
            )
        self.time_label.setText(text)

        p = cfg.masking.mlm_probability
        self.hide_value.setText(f"{p * 100:.3g}%")
        mask, rand = cfg.masking.mask_replace_prob, cfg.masking.random_replace_prob
        self.hide_label.setText(
            translate(
                "SimpleSetup",
                "The model must guess {rate}% of the tokens (about 1 in {one_in}) "
                "from the words around them. Of those, {mask}% are shown as [MASK], "
                "{random}% are swapped for a random token and the rest are left as they are, "
                "so the model cannot rely on seeing [MASK]. More hidden text gives more to learn from "
                "per step, but less context to guess from.",
            ).format(
                rate=f"{p * 100:.3g}",
                one_in=max(1, round(1 / p)),
                mask=f"{mask * 100:.3g}",
                random=f"{rand * 100:.3g}",
            )
        )
        self._relayout()

    def _relayout(self) -> None:
        """Lay the boxes out again now: a text that takes another line gets it before the next paint."""
        layout = self.layout()
        if layout is not None and self.isVisible():
            layout.invalidate()
            layout.activate()

    @staticmethod
    def _nearest_size(model: ModelConfig) -> int:
        widths = [MODEL_PRESETS[k]["d_model"] for k, _ in SIZES]
        return min(range(len(widths)), key=lambda i: abs(widths[i] - model.d_model))

    # The user's edits -------------------------------------------------------
    @Slot(int)
    def _on_reads_chosen(self, index: int) -> None:
        kind = READS[index][0]
        if kind != self._config.tokenizer.kind:
            self._emit(replace(self._config, tokenizer=replace(self._config.tokenizer, kind=kind)))

    @Slot(int)
    def _on_size_moved(self, index: int) -> None:
        key = SIZES[index][0]
        if preset_of(self._config.model) != key:
            self._emit(with_size(self._config, key))

    @Slot(float)
    def _on_minutes_changed(self, minutes: float) -> None:
        training = self._config.training
        if minutes > 0:
            training = replace(
                training, time_budget=round(minutes * 60.0, 3), steps=max(training.steps, STEP_CAP_WITH_TIME)
            )
        else:
            steps = TrainingConfig().steps if training.steps >= STEP_CAP_WITH_TIME else training.steps
            training = replace(training, time_budget=0.0, steps=steps)
        self._emit(replace(self._config, training=training))

    @Slot(int)
    def _on_hide_moved(self, percent: int) -> None:
        if round(self._config.masking.mlm_probability * 100) != percent:
            masking = replace(self._config.masking, mlm_probability=percent / 100.0)
            self._emit(replace(self._config, masking=masking))

    def _emit(self, config: RunConfig) -> None:
        self._config = config
        self._refresh_texts()
        self.edited.emit(config)


def _short_count(params: int) -> str:
    """1,803,264 -> '1.8 M', 950,000 -> '950 k'."""
    if params >= 1e6:
        return f"{params / 1e6:.1f} M"
    if params >= 1e3:
        return f"{params / 1e3:.0f} k"
    return str(params)


class _WrappedNote(QLabel):
    """A wrapping label that asks for the height its lines need at its width.

    A layout short of room shrinks a wrapped QLabel to its one-line minimum, cutting a
    sentence that a longer translation (or a narrow window) wraps onto more lines.
    """

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        needed = self.heightForWidth(self.width())
        if needed > 0 and needed != self.minimumHeight():
            self.setMinimumHeight(needed)


def _note(text: str) -> QLabel:
    label = _WrappedNote(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _minutes_text(minutes: float) -> str:
    """'5 minutes', '1 minute'; a budget that is not whole minutes reads as a duration ('20 s')."""
    if minutes >= 60 or not float(minutes).is_integer():
        return duration_text(minutes * 60)
    count = round(minutes)
    return plural(translate("SimpleSetup", "%n minute(s)", None, count), count)


class _blocked:
    """``with _blocked(widget):`` set a value without emitting its change signals."""

    def __init__(self, widget: QWidget) -> None:
        self._widget = widget

    def __enter__(self) -> None:
        self._old = self._widget.blockSignals(True)

    def __exit__(self, *_exc) -> None:
        self._widget.blockSignals(self._old)
