"""Step-time calibrations kept between runs, in the settings file Setup already fills.

A time-budgeted start expects a number of steps (learned-too-little advice),
which needs seconds per step. Measuring costs a few seconds of a busy CPU at
every start, so the result is kept under ``calibration/KEY`` in the app's
settings file, the store Setup's step times use (shared_stores "settings").
The key holds the torch version, the CPU count, the threads and the model and
batch shape, so an upgrade, another computer, other threads or another shape
measure again. A damaged value reads as absent and is measured again; a
damaged file is set aside when ``AppSettings`` first opens it. Without Qt
nothing is kept: every start measures, as before.
"""

from __future__ import annotations

import logging

from mlmstudio.config import ModelConfig
from mlmstudio.engine.calibration import calibration_key

log = logging.getLogger(__name__)


def cache_key(
    model: ModelConfig,
    vocab_size: int,
    batch_size: int,
    seq_len: int,
    mlm_probability: float,
    precision: str,
    device: str,
) -> str:
    """The key Setup's StepTimes uses for the same shape (gui/step_times.py), so each reuses the other's."""
    return calibration_key(model, vocab_size, batch_size, seq_len, mlm_probability, precision) + f"-{device}"


def _settings():
    try:
        from mlmstudio.gui.settings import AppSettings
    except ImportError:  # no Qt here: nothing to keep
        return None
    return AppSettings()


def cached_seconds(key: str) -> float | None:
    """Seconds per step measured before under ``key``; None when absent, damaged or unreadable."""
    try:
        settings = _settings()
        stored = settings.step_time(key) if settings is not None else None
    except Exception:  # noqa: BLE001 - a cache that cannot be read is measured again
        log.info("The step-time cache could not be read; measuring again.", exc_info=True)
        return None
    return stored[0] if stored is not None else None


def remember(key: str, seconds: float, precision: str) -> None:
    try:
        settings = _settings()
        if settings is not None:
            settings.set_step_time(key, seconds, precision)
    except Exception:  # noqa: BLE001 - not kept: the next start measures again
        log.info("The step-time cache could not be written.", exc_info=True)
