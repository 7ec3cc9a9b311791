"""What the app remembers between sessions, through QSettings.

One small wrapper so the rest of the GUI never spells a settings key twice.
The store always uses the INI format in the user scope, so tests can point it
at a temporary folder with ``use_settings_dir(path)``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from mlmstudio.config import ConfigError, RunConfig

log = logging.getLogger(__name__)

ORGANIZATION = "MLM Studio"
APPLICATION = "MLM Studio"
MAX_RECENT = 10


def use_settings_dir(path: str | Path) -> None:
    """Keep every AppSettings of this process under ``path`` (tests, portable installs)."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(path))


class AppSettings:
    """Typed accessors over one QSettings store."""

    def __init__(self) -> None:
        self._qs = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)

    def file_name(self) -> str:
        return self._qs.fileName()

    def sync(self) -> None:
        self._qs.sync()

    # Window ---------------------------------------------------------------
    def geometry(self) -> QByteArray | None:
        value = self._qs.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_geometry(self, geometry: QByteArray) -> None:
        self._qs.setValue("window/geometry", geometry)

    def window_state(self) -> QByteArray | None:
        value = self._qs.value("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_window_state(self, state: QByteArray) -> None:
        self._qs.setValue("window/state", state)

    def last_page(self) -> int:
        return self._int("window/page", 0)

    def set_last_page(self, index: int) -> None:
        self._qs.setValue("window/page", int(index))

    # First run ------------------------------------------------------------
    def welcome_done(self) -> bool:
        return self._bool("welcome/done", False)

    def set_welcome_done(self, done: bool = True) -> None:
        self._qs.setValue("welcome/done", bool(done))

    # Corpus ---------------------------------------------------------------
    def recent_corpora(self) -> list[str]:
        value = self._qs.value("corpus/recent", [])
        if isinstance(value, str):  # QSettings returns a lone string for one-element lists
            value = [value]
        return [str(v) for v in (value or []) if str(v).strip()][:MAX_RECENT]

    def add_recent_corpus(self, source: str) -> None:
        recent = [s for s in self.recent_corpora() if s != source]
        self._qs.setValue("corpus/recent", [source, *recent][:MAX_RECENT])

    def remove_recent_corpus(self, source: str) -> None:
        self._qs.setValue("corpus/recent", [s for s in self.recent_corpora() if s != source])

    def last_corpus(self) -> str:
        return str(self._qs.value("corpus/last", "") or "")

    def set_last_corpus(self, source: str) -> None:
        self._qs.setValue("corpus/last", source)

    def last_directory(self) -> str:
        return str(self._qs.value("corpus/last_directory", "") or "")

    def set_last_directory(self, path: str) -> None:
        self._qs.setValue("corpus/last_directory", path)

    # Setup ----------------------------------------------------------------
    def last_config(self) -> RunConfig | None:
        text = self._qs.value("setup/last_config", "")
        if not text:
            return None
        try:
            return RunConfig.from_json(str(text))
        except ConfigError as exc:  # written by another version: start from the defaults
            log.warning("Ignoring the remembered configuration: %s", exc)
            return None

    def set_last_config(self, config: RunConfig) -> None:
        self._qs.setValue("setup/last_config", config.to_json(indent=0))

    def setup_view(self) -> str:
        """'simple' (the default, for newcomers) or 'advanced'."""
        view = str(self._qs.value("setup/view", "simple") or "simple")
        return view if view in ("simple", "advanced") else "simple"

    def set_setup_view(self, view: str) -> None:
        self._qs.setValue("setup/view", view)

    # Measured step times (engine/calibration.py), keyed by what they depend on --------
    def step_time(self, key: str) -> tuple[float, str] | None:
        """Seconds per training step and the precision it ran in, or None when not measured."""
        value = self._qs.value(f"calibration/{_settings_key(key)}", "")
        try:
            seconds, precision = str(value).split(" ", 1)
            return float(seconds), precision
        except ValueError:
            return None

    def set_step_time(self, key: str, seconds: float, precision: str) -> None:
        self._qs.setValue(f"calibration/{_settings_key(key)}", f"{seconds!r} {precision}")

    # Train page -----------------------------------------------------------
    def plot_options(self) -> dict:
        return {
            "smoothing": self._float("plots/smoothing", 0.6),
            "x_axis": str(self._qs.value("plots/x_axis", "step") or "step"),
            "log_y": self._bool("plots/log_y", False),
        }

    def set_plot_options(self, smoothing: float, x_axis: str, log_y: bool) -> None:
        self._qs.setValue("plots/smoothing", float(smoothing))
        self._qs.setValue("plots/x_axis", x_axis)
        self._qs.setValue("plots/log_y", bool(log_y))

    # Typed reads: INI stores everything as text ---------------------------
    def _bool(self, key: str, default: bool) -> bool:
        value = self._qs.value(key, default)
        if isinstance(value, str):
            return value.lower() in ("1", "true", "yes")
        return bool(value)

    def _int(self, key: str, default: int) -> int:
        try:
            return int(self._qs.value(key, default))
        except (TypeError, ValueError):
            return default

    def _float(self, key: str, default: float) -> float:
        try:
            return float(self._qs.value(key, default))
        except (TypeError, ValueError):
            return default


def _settings_key(text: str) -> str:
    """A QSettings key from any text: '/' would open a group, other punctuation is kept."""
    return text.replace("/", "_").replace("\\", "_")
