"""The mask spelling of a model folder's own model (``<mask>`` for a RoBERTa), read from its files.

An opened transformers model is stored with the engine's five special tokens (its tokenizer.json
says ``[MASK]`` whatever the model's own spelling), so the model's own spelling is in its
``origin.json`` (``mask_token``): the opened copy's, and a continued run's own, which the trainer
writes with its first files, before step 1. A continued run written before runs kept their
origin has none; its config.json's ``training.start_from`` leads back to the folder it started
from, and on through a chain of continued runs. The app asks this for every run it shows that
came from an opened model, so a run still training, or one finished before its final metrics
recorded ``mask_token``, shows ``<mask>`` too.

No torch and no Qt: the GUI calls it on its own thread. An origin.json holds the model's whole
vocabulary permutation (a few MB for a 250,000-token XLM-R), so each file's answer is kept,
keyed by its path, size and modification time, and a folder is parsed once per change.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from mlmstudio import bounded_json
from mlmstudio.engine.run_files import CONFIG_FILE, ORIGIN_FILE

log = logging.getLogger(__name__)

_MAX_CHAIN = 32  # continued runs of continued runs: more is a loop or not ours
_MAX_ORIGIN_BYTES = 100_000_000  # read_origin's bound
_cache: dict[tuple[str, int, int], object] = {}
_lock = threading.Lock()


def _cached(file: Path, read):
    """``read(file)``, kept while the file's size and modification time stay the same."""
    try:
        stat = file.stat()
    except OSError:  # not there (a model trained here), or unreadable
        return None
    key = (str(file), stat.st_size, stat.st_mtime_ns)
    with _lock:
        if key in _cache:
            return _cache[key]
    value = read(file)
    with _lock:
        if len(_cache) > 512:
            _cache.clear()
        _cache[key] = value
    return value


def _origin_mask(file: Path) -> str | None:
    try:
        data = bounded_json.loads(bounded_json.read_text(file, max_bytes=_MAX_ORIGIN_BYTES))
    except (OSError, ValueError) as exc:
        log.warning("Ignoring unreadable %s: %s", file, exc)
        return None
    token = data.get("mask_token") if isinstance(data, dict) else None
    return token if isinstance(token, str) and token.strip() else None


def _start_from(file: Path) -> str:
    try:
        data = bounded_json.loads(bounded_json.read_text(file))
    except (OSError, ValueError):
        return ""
    training = data.get("training") if isinstance(data, dict) else None
    start = training.get("start_from") if isinstance(training, dict) else None
    return start.strip() if isinstance(start, str) else ""


def own_mask_token(model_dir: str | os.PathLike, start_from: str = "") -> str | None:
    """The mask spelling of the model in ``model_dir`` as its files record it; None for a model
    trained here (or one whose origin cannot be found, which then reads ``[MASK]`` as every
    engine model does).

    ``start_from``: the folder the run starts from, where the caller knows it (a run whose
    folder holds no config.json yet), followed when ``model_dir`` leads nowhere.
    """
    seen: set[str] = set()
    folders = [Path(model_dir)]
    while folders and len(seen) < _MAX_CHAIN:
        folder = folders.pop(0)
        if str(folder) in seen:
            continue
        seen.add(str(folder))
        token = _cached(folder / ORIGIN_FILE, _origin_mask)
        if token is not None:
            return token
        start = _cached(folder / CONFIG_FILE, _start_from)
        if start:
            folders.insert(0, Path(start))
        if not folders and start_from.strip():
            folders.append(Path(start_from.strip()))
            start_from = ""
    return None
