"""What the app remembers between sessions, through QSettings.

One small wrapper so the rest of the GUI never spells a settings key twice.
The store always uses the INI format in the user scope, so tests can point it
at a temporary folder with ``use_settings_dir(path)``.

Damage is isolated per key. Every value is checked as it is read (``VALID``);
a damaged one reads as its default. The first ``AppSettings`` of a process
checks the file once (``settings_file.file_problem``, and Qt's own status): a
file Qt cannot write back (cut short, garbage appended, not UTF-8, a folder in
its place) is set aside as ``MLM Studio.ini.damaged-DATE`` and rewritten with
the settings that still read, through a temporary file and one rename; a
damaged key in a sound file is removed. Either way one warning names the file
and the keys (``damage_note()``); a measured step time that is dropped is
measured again and rewritten when Setup next needs it.
"""

from __future__ import annotations

import logging
import math
import os
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QSettings

from mlmstudio import settings_file
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.calibration import PRECISIONS
from mlmstudio.gui.i18n import translate
from mlmstudio.settings_file import APPLICATION, ORGANIZATION

log = logging.getLogger(__name__)

MAX_RECENT = 10
MAX_STEP_SECONDS = 3600.0  # a step time beyond an hour is no measurement
_checked: dict[str, str | None] = {}  # settings file -> the note of its check, once per process


def use_settings_dir(path: str | Path) -> None:
    """Keep every AppSettings of this process under ``path`` (tests, portable installs)."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(path))


class AppSettings:
    """Typed accessors over one QSettings store."""

    def __init__(self) -> None:
        self._qs = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)
        path = self._qs.fileName()
        if path not in _checked:
            _checked[path] = check_settings_file(Path(path))
            self._qs = QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
            )

    def damage_note(self) -> str | None:
        """The one sentence about damaged settings found at this process's start; None when sound."""
        return _checked.get(self._qs.fileName())

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
        return self._valid("window/page", 0, _as_page)

    def set_last_page(self, index: int) -> None:
        self._qs.setValue("window/page", int(index))

    # First run ------------------------------------------------------------
    def welcome_done(self) -> bool:
        return self._valid("welcome/done", False, _as_bool)

    def set_welcome_done(self, done: bool = True) -> None:
        self._qs.setValue("welcome/done", bool(done))

    # Corpus ---------------------------------------------------------------
    def recent_corpora(self) -> list[str]:
        value = self._qs.value("corpus/recent", [])
        # QSettings returns a lone string for one-element lists, and anything for a damaged key.
        items = [value] if isinstance(value, str) else value if isinstance(value, (list, tuple)) else []
        return [str(v) for v in items if str(v).strip()][:MAX_RECENT]

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
        except ConfigError as exc:  # damaged, or written by another version: start from the defaults
            log.info("Ignoring the remembered configuration: %s", exc)
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
        return _step_time(self._qs.value(f"calibration/{_settings_key(key)}", ""))

    def set_step_time(self, key: str, seconds: float, precision: str) -> None:
        self._qs.setValue(f"calibration/{_settings_key(key)}", f"{seconds!r} {precision}")

    # Train page -----------------------------------------------------------
    def plot_options(self) -> dict:
        return {
            "smoothing": self._valid("plots/smoothing", 0.6, _as_fraction),
            "x_axis": self._valid("plots/x_axis", "step", _as_x_axis),
            "log_y": self._valid("plots/log_y", False, _as_bool),
        }

    def set_plot_options(self, smoothing: float, x_axis: str, log_y: bool) -> None:
        self._qs.setValue("plots/smoothing", float(smoothing))
        self._qs.setValue("plots/x_axis", x_axis)
        self._qs.setValue("plots/log_y", bool(log_y))

    # Typed reads: INI stores everything as text; a damaged value reads as its default -----
    def _valid(self, key: str, default: Any, parse: Callable[[Any], Any]) -> Any:
        value = self._qs.value(key)
        if value is None:
            return default
        try:
            return parse(value)
        except (TypeError, ValueError):
            return default


def _as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes"):
        return True
    if text in ("0", "false", "no", ""):
        return False
    raise ValueError(f"not a yes or no: {value!r}")


def _as_page(value: Any) -> int:
    page = int(value)
    if not 0 <= page < 100:
        raise ValueError(f"no page {page}")
    return page


def _as_fraction(value: Any) -> float:
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"not between 0 and 1: {number}")
    return number


def _as_x_axis(value: Any) -> str:
    if str(value) not in ("step", "time"):
        raise ValueError(f"not an axis: {value!r}")
    return str(value)


def _as_text(value: Any) -> str:
    if not isinstance(value, str) or "\ufffd" in value or "\x00" in value:
        raise ValueError("not text")
    return value


def _as_recent(value: Any) -> list[str]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list):
        raise ValueError("not a list")
    return [_as_text(v) for v in values]


def _as_geometry(value: Any) -> QByteArray:
    if not isinstance(value, QByteArray):
        raise ValueError("not saved bytes")
    return value


def _as_config(value: Any) -> str:
    RunConfig.from_json(str(value))  # its ConfigError counts as damage (caught with the others)
    return str(value)


def _step_time(value: Any) -> tuple[float, str] | None:
    """A measured step time, "SECONDS PRECISION"; None when absent or damaged (measured again)."""
    try:
        seconds_text, precision = str(value).split(" ", 1)
        seconds = float(seconds_text)
    except ValueError:
        return None
    if not (math.isfinite(seconds) and 0.0 < seconds <= MAX_STEP_SECONDS) or precision not in PRECISIONS:
        return None
    return seconds, precision


def _checked_step_time(value: Any) -> tuple[float, str]:
    parsed = _step_time(value)
    if parsed is None:
        raise ValueError(f"not a step time: {value!r}")
    return parsed


# Every key the app writes, with the check its value must pass (calibration/* by prefix).
VALID: dict[str, Callable[[Any], Any]] = {
    "window/geometry": _as_geometry,
    "window/state": _as_geometry,
    "window/page": _as_page,
    "welcome/done": _as_bool,
    "corpus/recent": _as_recent,
    "corpus/last": _as_text,
    "corpus/last_directory": _as_text,
    "setup/last_config": _as_config,
    "setup/view": lambda v: {"simple": "simple", "advanced": "advanced"}[str(v)],
    "plots/smoothing": _as_fraction,
    "plots/x_axis": _as_x_axis,
    "plots/log_y": _as_bool,
}
CALIBRATION_GROUP = "calibration/"


def _damaged_keys(qs: QSettings) -> list[str]:
    """The keys whose values fail their check (unknown keys are another version's: left alone)."""
    damaged = []
    for key in qs.allKeys():
        check = _checked_step_time if key.startswith(CALIBRATION_GROUP) else VALID.get(key)
        if check is None:
            if "\ufffd" in key or "\x00" in key:  # garbage read as a key
                damaged.append(key)
            continue
        try:
            check(qs.value(key))
        except (TypeError, ValueError, KeyError, ConfigError):
            damaged.append(key)
    return damaged


def check_settings_file(path: Path) -> str | None:
    """Check (and repair) the settings file once, at a process's start; the note, or None when sound.

    A damaged file is set aside and rewritten with the keys that still read; in a sound file a
    damaged key is removed. The note is logged once, as a warning.
    """
    problem = settings_file.file_problem(path)
    reader = QSettings(str(path), QSettings.Format.IniFormat) if path.is_file() else None
    damaged = _damaged_keys(reader) if reader is not None else []
    if problem is None and reader is not None and reader.status() != QSettings.Status.NoError:
        problem = QT_TRANSLATE_NOOP("AppSettings", "Qt cannot read it back as settings")
    if problem is None and not damaged:
        return None
    if problem is None:
        assert reader is not None
        for key in damaged:
            reader.remove(key)
        reader.sync()
        note = _Note(
            QT_TRANSLATE_NOOP(
                "AppSettings",
                "Some remembered settings in {path} were damaged ({keys}); they start "
                "from their defaults and are written again when changed.",
            ),
            path=path,
            keys=", ".join(damaged),
        )
    else:
        note = _rewrite(path, reader, damaged, problem)
    log.warning(note.english())
    return note.shown()


class _Note:
    """A sentence for the log (English) and the status bar (translated); ``problem`` is translated too."""

    def __init__(self, text: str, **fields: Any) -> None:
        self.text, self.fields = text, fields

    def english(self) -> str:
        return self.text.format(**self.fields)

    def shown(self) -> str:
        fields = dict(self.fields)
        if "problem" in fields:  # Qt's own refusal (context AppSettings) or settings_file's clause
            from mlmstudio.gui.engine_messages import translated

            shown = translate("AppSettings", fields["problem"])
            fields["problem"] = shown if shown != fields["problem"] else translated(shown)
        return translate("AppSettings", self.text).format(**fields)


def _rewrite(path: Path, reader: QSettings | None, damaged: list[str], problem: str) -> _Note:
    """Set the damaged file aside and put a new one with the keys that still read in its place."""
    aside = path.with_name(f"{path.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    kept = {key: reader.value(key) for key in reader.allKeys() if key not in damaged} if reader else {}
    temporary = path.with_name(f".{path.name}.repair-{os.getpid()}")
    try:
        writer = QSettings(str(temporary), QSettings.Format.IniFormat)
        for key, value in kept.items():
            writer.setValue(key, value)
        writer.sync()
        del writer
        if path.is_file():
            shutil.copyfile(path, aside)
            if temporary.exists():
                os.replace(temporary, path)
            else:  # nothing still read: no file is the defaults
                path.unlink()
        else:  # a folder or a broken link where the file belongs
            os.replace(path, aside)
            if temporary.exists():
                os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        return _Note(
            QT_TRANSLATE_NOOP(
                "AppSettings",
                "The app's settings file {path} is damaged ({problem}) and cannot be set aside "
                "({error}), so settings are not remembered; move it aside yourself.",
            ),
            path=path,
            problem=problem,
            error=exc.strerror or exc,
        )
    if damaged:
        return _Note(
            QT_TRANSLATE_NOOP(
                "AppSettings",
                "The app's settings file {path} was damaged ({problem}): it is kept as {aside} and "
                "written again with the {kept} settings that still read; the damaged keys ({keys}) "
                "start from their defaults.",
            ),
            path=path,
            problem=problem,
            aside=aside.name,
            kept=len(kept),
            keys=", ".join(damaged),
        )
    return _Note(
        QT_TRANSLATE_NOOP(
            "AppSettings",
            "The app's settings file {path} was damaged ({problem}): it is kept as {aside} and "
            "written again with the {kept} settings that still read.",
        ),
        path=path,
        problem=problem,
        aside=aside.name,
        kept=len(kept),
    )


def _settings_key(text: str) -> str:
    """A QSettings key from any text: '/' would open a group, other punctuation is kept."""
    return text.replace("/", "_").replace("\\", "_")
