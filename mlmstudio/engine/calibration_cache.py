"""Step-time calibrations kept between runs, in one small JSON file of the user's cache folder.

A time-budgeted start expects a number of steps (the learned-too-little
advice), which needs seconds per step. Measuring costs a few seconds of a busy
CPU at every start of ``train``, the queue, a sweep trial or a capsule, so the
result is kept. A calibration belongs to the computer, not to one history, so
the file lives in the user's cache folder (``platformdirs``), or under
``$MLMSTUDIO_CACHE`` when that is set; ``--data-dir`` does not move it.

The key (``calibration.calibration_key`` plus the device) holds the torch
version, the CPU count, the threads and the model and batch shape, so an
upgrade, another computer, other threads or another shape measure again.

The file is a cache: whatever is wrong with it (cut short, garbage, a folder
in its way) costs one measurement, never a run. A damaged file is set aside
(``step_times.json.damaged-TIME``) and written afresh; a damaged entry reads as
absent. Writes are atomic (a temporary file, then ``os.replace``); two
processes writing at once lose one measurement, nothing else. No Qt here.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
from pathlib import Path

import platformdirs

from mlmstudio import bounded_json
from mlmstudio.config import ModelConfig
from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.calibration import calibration_key

log = logging.getLogger(__name__)

ENV_VAR = "MLMSTUDIO_CACHE"
FILENAME = "step_times.json"
MAX_ENTRIES = 256  # shapes tried on one computer; the oldest go first
MAX_BYTES = 256 * 1024


def cache_path() -> Path:
    folder = os.environ.get(ENV_VAR, "").strip()
    root = (
        Path(folder).expanduser()
        if folder
        else Path(platformdirs.user_cache_dir("mlmstudio", appauthor=False))
    )
    return root / FILENAME


def cache_key(
    model: ModelConfig,
    vocab_size: int,
    batch_size: int,
    seq_len: int,
    mlm_probability: float,
    precision: str,
    device: str,
) -> str:
    return calibration_key(model, vocab_size, batch_size, seq_len, mlm_probability, precision) + f"-{device}"


def file_problem(path: Path) -> str | None:
    """What is wrong with the cache file in words, or None when it is absent or sound."""
    return _load(path)[1]


def _load(path: Path) -> tuple[dict[str, dict], str | None]:
    """The file's sound entries and what is wrong with it, reading it once."""
    if not path.exists() and not path.is_symlink():
        return {}, None
    if not path.is_file():
        return {}, "something other than a file stands in its place"
    try:
        return _entries(bounded_json.loads(bounded_json.read_text(path, max_bytes=MAX_BYTES))), None
    except (OSError, ValueError) as exc:
        return {}, str(exc) or type(exc).__name__


def cached_seconds(key: str) -> float | None:
    """Seconds per step measured before under ``key``; None when absent, damaged or unreadable."""
    entry = _read().get(key)
    return entry["seconds"] if entry is not None else None


def remember(key: str, seconds: float, precision: str) -> None:
    """Keep one measurement; a cache that cannot be written is logged and left alone."""
    if not (math.isfinite(seconds) and seconds > 0):
        return
    entries = _read()
    entries.pop(key, None)
    entries[key] = {"seconds": float(seconds), "precision": str(precision), "measured": time.time()}
    newest = sorted(entries.items(), key=lambda item: item[1].get("measured", 0.0))[-MAX_ENTRIES:]
    path = cache_path()
    try:
        atomic_write_text(path, json.dumps(dict(newest), indent=1))
    except OSError:
        log.info(
            "The step-time cache %s could not be written; the next start measures again.", path, exc_info=True
        )


def _read() -> dict[str, dict]:
    path = cache_path()
    entries, problem = _load(path)
    if problem is not None:
        _set_aside(path, problem)
    return entries


def _entries(data: object) -> dict[str, dict]:
    """The sound entries of the file's JSON; a file that is not an object of entries is damaged."""
    if not isinstance(data, dict):
        raise ValueError("it does not hold a table of step times")
    sound = {}
    for key, entry in data.items():
        seconds = entry.get("seconds") if isinstance(entry, dict) else None
        if (
            isinstance(seconds, int | float)
            and not isinstance(seconds, bool)
            and math.isfinite(seconds)
            and seconds > 0
        ):
            measured = entry.get("measured")
            sound[str(key)] = {
                "seconds": float(seconds),
                "precision": str(entry.get("precision", "")),
                "measured": float(measured) if isinstance(measured, int | float) else 0.0,
            }
    return sound


def _set_aside(path: Path, problem: str) -> None:
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError:
        log.info("The damaged step-time cache %s could not be set aside.", path, exc_info=True)
        return
    log.warning("The step-time cache %s was damaged (%s); it was set aside as %s.", path, problem, aside.name)
