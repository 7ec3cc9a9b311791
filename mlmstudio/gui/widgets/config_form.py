"""Forms generated from the config dataclasses.

The dataclasses in ``mlmstudio.config`` are the one source of defaults, limits
and help text: each field becomes an editor (bool -> check box, ``choices`` ->
combo box, int -> spin box, float -> a spin box that reads and writes plain
numbers such as ``2e-3``), its ``help`` becomes the tooltip and its
``min``/``max`` the editor's range. Validation is the config's own:
``field_problems`` asks ``RunConfig.errors()`` and works out which fields each
message is about, so the form can mark them with the reason.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, replace
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette, QValidator
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel, QSpinBox, QWidget

from mlmstudio.config import FIELD_LABELS, RunConfig
from mlmstudio.gui.i18n import number, translate, ui_locale
from mlmstudio.gui.theme import MessageLabel

# Names a newcomer understands (shared with the config's messages); a field missing there gets
# its name with spaces. The config imports no Qt: its labels, help texts, choices and "zero
# means" rules are English there and translated here, where they are shown, in the context
# "RunConfig" (a field's name stays the key).
LABELS: dict[str, str] = FIELD_LABELS
CONFIG_CONTEXT = "RunConfig"

# Fields that matter only in some configurations are greyed out otherwise.
RELEVANT: dict[tuple[str, str], Callable[[RunConfig], bool]] = {
    ("masking", "span_p"): lambda c: c.masking.strategy == "span",
    ("masking", "span_max"): lambda c: c.masking.strategy == "span",
    ("model", "distance_bias"): lambda c: c.model.arch == "modern",
    ("model", "positions"): lambda c: c.model.arch == "modern",
    # ELECTRA's generator and its loss weight mean nothing to a masked language model.
    ("model", "generator_fraction"): lambda c: c.model.objective == "electra",
    ("model", "discriminator_weight"): lambda c: c.model.objective == "electra",
}

# Fields whose 0 means "follow another setting" (metadata ``zero_means``): what 0 resolves to,
# shown in the editor so that it changes with the setting it follows until the user sets a number.
AUTO_VALUES: dict[tuple[str, str], Callable[[RunConfig], int]] = {
    ("model", "ffn_dim"): lambda c: c.model.ffn_width,
}

EDITOR_MIN_WIDTH = 130
INVALID_STYLE = "border: 2px solid #d62728; border-radius: 3px;"


def label_for(name: str) -> str:
    """The field's name as the form shows it, translated."""
    return config_text(LABELS.get(name, name.replace("_", " ").capitalize()))


def config_text(text: str) -> str:
    """A label, help text or choice of the config (English there), in the user's language."""
    return translate(CONFIG_CONTEXT, text) if text else text


def _parse_number(text: str) -> float:
    """A number typed in the app's language (0,002 in German) or as Python writes it (0.002)."""
    decimal = ui_locale().decimalPoint()
    if decimal != "." and decimal in text:
        text = text.replace(ui_locale().groupSeparator(), "").replace(decimal, ".")
    return float(text)


class NumberSpinBox(QDoubleSpinBox):
    """A float spin box that shows plain numbers (0.002, 2e-05) rather than fixed decimals.

    Fields whose range spans many orders of magnitude (the learning rate) step
    by halving and doubling instead of by a fixed increment.
    """

    def __init__(self, minimum: float, maximum: float, default: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(12)  # precision of the stored value, not what is shown
        self.setRange(minimum, maximum)
        self._geometric = minimum > 0 and maximum / minimum >= 1e4
        self.setSingleStep(_step_for(default, maximum))

    def textFromValue(self, value: float) -> str:
        return number(value, ".6g")  # 0.002 in English, 0,002 in German

    def valueFromText(self, text: str) -> float:
        try:
            return _parse_number(text)
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int):
        try:
            value = _parse_number(text)
        except ValueError:
            return (QValidator.State.Intermediate, text, pos)
        if self.minimum() <= value <= self.maximum():
            return (QValidator.State.Acceptable, text, pos)
        return (QValidator.State.Intermediate, text, pos)

    def stepBy(self, steps: int) -> None:
        if self._geometric and self.value() > 0:
            self.setValue(self.value() * 2.0**steps)
        else:
            super().stepBy(steps)


class AutoSpinBox(QSpinBox):
    """An int spin box whose 0 reads "Auto: N (rule)"; stepping from Auto starts at N."""

    def __init__(self, rule: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rule = config_text(rule)
        self.auto_value = 0
        self.setSpecialValueText(translate("ConfigForm", "Auto ({rule})").format(rule=self.rule))

    def set_auto_value(self, value: int) -> None:
        self.auto_value = value
        text = translate("ConfigForm", "Auto: {value:,} ({rule})").format(value=value, rule=self.rule)
        self.setSpecialValueText(text)
        # Wide enough for the whole "Auto: …" text beside the arrows.
        self.setMinimumWidth(max(EDITOR_MIN_WIDTH, self.fontMetrics().horizontalAdvance(text) + 48))

    def stepBy(self, steps: int) -> None:
        if self.value() == 0 and self.auto_value:
            self.setValue(self.auto_value)  # from "Auto: 1,024" to an explicit 1,024
        else:
            super().stepBy(steps)


def _step_for(default: float, maximum: float) -> float:
    if default > 0:
        return 10.0 ** math.floor(math.log10(default)) if default < 1 else 0.1
    return 1.0 if maximum > 10 else 0.01


class SectionForm(QWidget):
    """Editors for the fields of one config section (a frozen dataclass)."""

    changed = Signal()

    def __init__(
        self,
        section: str,
        section_cls: type,
        *,
        include: Sequence[str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.section = section
        self.section_cls = section_cls
        self._defaults = section_cls()
        # form=False: a setting another control owns (start_from: "Start from a model…", not a text box).
        self._fields = [
            f
            for f in fields(section_cls)
            if f.metadata.get("form", True) and (include is None or f.name in include)
        ]
        self._editors: dict[str, QWidget] = {}
        self._error_labels: dict[str, MessageLabel] = {}
        self._tooltips: dict[str, str] = {}
        self._problems: dict[str, str] = {}
        self._notes: dict[str, QLabel] = {}

        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        # A longer translation of a label puts its editor below it rather than widening the page.
        layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for f in self._fields:
            editor = self._make_editor(f)
            editor.setObjectName(f"{section}.{f.name}")
            if not isinstance(editor, QCheckBox):
                editor.setMinimumWidth(EDITOR_MIN_WIDTH)
            tip = config_text(f.metadata.get("help", ""))
            default = config_text(f.default) if "choices" in f.metadata else _show(f.default)
            self._tooltips[f.name] = (
                translate("ConfigForm", "{help}\nDefault: {default}.").format(help=tip, default=default)
                if tip
                else ""
            )
            editor.setToolTip(self._tooltips[f.name])
            label = QLabel(label_for(f.name))
            label.setToolTip(self._tooltips[f.name])
            label.setBuddy(editor)
            error = MessageLabel("error", banner=False)
            layout.addRow(label, editor)
            layout.addRow("", error)
            self._editors[f.name] = editor
            self._error_labels[f.name] = error

    # Editors ---------------------------------------------------------------
    def _make_editor(self, f: dataclasses.Field) -> QWidget:
        meta, default = f.metadata, f.default
        if "choices" in meta:
            combo = QComboBox()
            for choice in meta["choices"]:  # the choice itself is the data; its display is translated
                combo.addItem(config_text(choice), choice)
            _select(combo, default)
            combo.currentIndexChanged.connect(self.changed)
            return combo
        if isinstance(default, bool):
            check = QCheckBox()
            check.setChecked(default)
            check.toggled.connect(self.changed)
            return check
        if isinstance(default, int):
            spin = AutoSpinBox(meta["zero_means"]) if "zero_means" in meta else QSpinBox()
            spin.setRange(int(meta.get("min", 0)), int(min(meta.get("max", 2**31 - 1), 2**31 - 1)))
            spin.setValue(default)
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(self.changed)
            return spin
        if isinstance(default, float):
            spin = NumberSpinBox(float(meta.get("min", 0.0)), float(meta.get("max", 1e9)), default)
            spin.setValue(default)
            spin.valueChanged.connect(self.changed)
            return spin
        raise TypeError(f"No editor for the field {f.name} of type {type(default).__name__}")

    def editor(self, name: str) -> QWidget:
        return self._editors[name]

    def field_names(self) -> list[str]:
        return [f.name for f in self._fields]

    # Values ----------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self._fields:
            editor = self._editors[f.name]
            if isinstance(editor, QComboBox):
                out[f.name] = editor.currentData()
            elif isinstance(editor, QCheckBox):
                out[f.name] = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                out[f.name] = int(editor.value())
            else:
                out[f.name] = float(editor.value())
        return out

    def apply_to(self, section_obj: Any) -> Any:
        """The section with this form's fields replaced by the edited values."""
        return replace(section_obj, **self.values())

    def set_values(self, section_obj: Any) -> None:
        """Show a section's values without emitting ``changed`` once per field."""
        self.blockSignals(True)
        try:
            for f in self._fields:
                value = getattr(section_obj, f.name)
                editor = self._editors[f.name]
                editor.blockSignals(True)
                try:
                    if isinstance(editor, QComboBox):
                        _select(editor, value)
                    elif isinstance(editor, QCheckBox):
                        editor.setChecked(bool(value))
                    else:
                        editor.setValue(value)
                finally:
                    editor.blockSignals(False)
        finally:
            self.blockSignals(False)
        self.changed.emit()

    # Notes -----------------------------------------------------------------
    def set_note(self, name: str, text: str) -> None:
        """A quiet line under a field (what its value costs, say); hidden while empty."""
        label = self._notes.get(name)
        if label is None:
            if not text:
                return
            label = QLabel()
            label.setWordWrap(True)
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            layout = self.layout()
            row, _ = layout.getWidgetPosition(self._error_labels[name])
            layout.insertRow(row + 1, "", label)
            self._notes[name] = label
        label.setText(text)
        label.setVisible(bool(text))

    def note(self, name: str) -> str:
        label = self._notes.get(name)
        return label.text() if label is not None and not label.isHidden() else ""

    # Marking ---------------------------------------------------------------
    def mark(self, problems: dict[str, str]) -> None:
        """Outline the fields named in ``problems`` and show each one's reason."""
        self._problems = dict(problems)
        for name, editor in self._editors.items():
            reason = problems.get(name, "")
            editor.setStyleSheet(INVALID_STYLE if reason else "")
            editor.setToolTip(f"{reason}\n\n{self._tooltips[name]}" if reason else self._tooltips[name])
            error = self._error_labels[name]
            error.show_message(reason)

    def problems(self) -> dict[str, str]:
        return dict(self._problems)

    def set_relevance(self, config: RunConfig) -> None:
        for name, editor in self._editors.items():
            rule = RELEVANT.get((self.section, name))
            editor.setEnabled(rule(config) if rule else True)
            auto = AUTO_VALUES.get((self.section, name))
            if auto is not None and isinstance(editor, AutoSpinBox):
                try:
                    editor.set_auto_value(auto(config))
                except (TypeError, ValueError):  # a setting it follows is not a number yet
                    pass


def field_problems(config: RunConfig) -> tuple[dict[tuple[str, str], str], list[str]]:
    """Each invalid field of ``config`` with the reason, and the messages tied to no field.

    The config's own validation names no field, so a field is held responsible
    for a message when putting that field back to its default changes the
    message or makes it go away (width 100 with 3 heads: both are marked).
    """
    messages = config.errors()
    if not messages:
        return {}, []
    defaults = RunConfig()
    problems: dict[tuple[str, str], str] = {}
    for section in fields(RunConfig):
        part, default_part = getattr(config, section.name), getattr(defaults, section.name)
        for f in fields(part):
            default_value = getattr(default_part, f.name)
            if getattr(part, f.name) == default_value:
                continue
            trial = replace(config, **{section.name: replace(part, **{f.name: default_value})})
            remaining = trial.errors()
            for message in messages:
                if message not in remaining:
                    problems[(section.name, f.name)] = message
                    break
    unattributed = [m for m in messages if m not in problems.values()]
    return problems, unattributed


def _select(combo: QComboBox, value: Any) -> None:
    """Show the choice ``value`` (a value that is no choice leaves the combo as it is)."""
    index = combo.findData(str(value))
    if index >= 0:
        combo.setCurrentIndex(index)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return translate("ConfigForm", "on") if value else translate("ConfigForm", "off")
    if isinstance(value, float):
        return number(value, "g")
    if isinstance(value, int):
        return number(value)
    return str(value) if value != "" else translate("ConfigForm", "(empty)")


def group_problems(
    problems: dict[tuple[str, str], str], section: str, names: Iterable[str]
) -> dict[str, str]:
    """The part of ``field_problems`` that belongs to one form."""
    wanted = set(names)
    return {name: reason for (sec, name), reason in problems.items() if sec == section and name in wanted}
