"""Loaded models kept in memory, so asking a model again does not load it again.

Loading a model folder (JSON, tokenizer, safetensors, building the network)
takes from milliseconds to seconds; answering one sentence takes milliseconds.
Every face that asks models questions (the Explore page, later inspection
views) shares one cache of ``Predictor`` objects:

- keyed by the model folder *and* the modification times and sizes of its
  files, so a folder retrained or replaced in place is loaded afresh, and a
  deleted one is reported instead of answered from memory;
- least recently used first out, bounded by a count and by the bytes of the
  loaded weights (a base model is ~100 MB, a tiny one ~1 MB);
- thread-safe: the GUI calls it from worker threads. Two threads asking for
  the same folder at once load it once; different folders load in parallel;
- one entry per kept checkpoint too (``get_at_step``: the slider over a run's
  training), keyed by its weights file and stamped with the run's config and
  tokenizer, and dropped with its run by ``keep_only``.

The module imports no torch (the start-up rule for the GUI): the default
loader imports ``engine.predict`` only when it first runs, off the GUI thread.
"""

from __future__ import annotations

import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.engine.run_files import REQUIRED_MODEL_FILES

if TYPE_CHECKING:
    from mlmstudio.engine.predict import Predictor

log = logging.getLogger(__name__)

MAX_MODELS = 6  # tiny to base presets: a handful fit comfortably
MAX_BYTES = 1536 * 1024**2  # 1.5 GiB of weights at most

PathLike = str | os.PathLike
Stamp = tuple[tuple[int, int], ...]  # (mtime_ns, size) of each model file


@dataclass
class _Entry:
    stamp: Stamp
    predictor: Predictor
    nbytes: int


def _load_predictor(model_dir: Path) -> Predictor:
    from mlmstudio.engine.predict import Predictor  # torch: on first use, in a worker thread

    return Predictor.from_dir(model_dir)


def _load_predictor_at(run_dir: Path, step: int) -> Predictor:
    from mlmstudio.engine.kept_checkpoints import load_predictor_at  # torch: in a worker thread

    return load_predictor_at(run_dir, step)


def predictor_bytes(predictor: Predictor) -> int:
    """Memory held by a loaded model's parameters and buffers (shared tensors counted once)."""
    model = getattr(predictor, "model", None)
    if model is None:
        return 0
    seen, total = set(), 0
    for tensor in (*model.parameters(), *model.buffers()):
        if tensor.data_ptr() in seen:
            continue
        seen.add(tensor.data_ptr())
        total += tensor.numel() * tensor.element_size()
    return total


def model_stamp(model_dir: Path) -> Stamp:
    """The modification time and size of each model file; ModelLoadError when one is missing."""
    stamp = []
    for name in REQUIRED_MODEL_FILES:
        try:
            info = (model_dir / name).stat()
        except OSError:
            if not model_dir.exists():
                raise ModelLoadError(
                    f"The model folder {model_dir} no longer exists (the run may have "
                    "been deleted). Choose another run, or train this one again."
                ) from None
            raise ModelLoadError(
                f"The model files of this run are missing ({model_dir / name}). "
                "Choose another run, or train this one again."
            ) from None
        stamp.append((info.st_mtime_ns, info.st_size))
    return tuple(stamp)


def kept_stamp(run_dir: Path, step: int) -> Stamp:
    """The stamp of a kept checkpoint: the run's config and tokenizer and the weights file."""
    from mlmstudio.engine.run_files import RunFolder

    folder = RunFolder(run_dir)
    stamp = []
    for path in (folder.config, folder.tokenizer, folder.kept_checkpoint(step)):
        try:
            info = path.stat()
        except OSError:
            if not run_dir.exists():
                raise ModelLoadError(
                    f"The folder of this run ({run_dir}) no longer exists (the run may have "
                    "been deleted). Choose another run."
                ) from None
            raise ModelLoadError(
                f"The checkpoint at step {step} is no longer there ({path.name} is "
                "missing). Choose another step."
            ) from None
        stamp.append((info.st_mtime_ns, info.st_size))
    return tuple(stamp)


class PredictorCache:
    """An LRU of loaded predictors by model folder, bounded by count and bytes, safe across threads."""

    def __init__(
        self,
        max_models: int = MAX_MODELS,
        max_bytes: int = MAX_BYTES,
        load: Callable[[Path], Predictor] = _load_predictor,
        size_of: Callable[[Predictor], int] = predictor_bytes,
        load_at: Callable[[Path, int], Predictor] = _load_predictor_at,
    ) -> None:
        if max_models < 1:
            raise ValueError("max_models must be at least 1")
        self.max_models = max_models
        self.max_bytes = max_bytes
        self._load = load
        self._load_at = load_at
        self._size_of = size_of
        self._entries: OrderedDict[Path, _Entry] = OrderedDict()
        self._lock = threading.Lock()  # guards _entries and _loading
        self._loading: dict[Path, threading.Lock] = {}  # one lock per folder being loaded
        self.loads = 0  # folders loaded so far (tests, benchmarks)

    def get(self, model_dir: PathLike) -> Predictor:
        """The predictor for ``model_dir``, loaded now unless an up-to-date one is cached.

        Raises ModelLoadError (a sentence) when the folder or one of its files is
        missing or damaged; the stale entry is dropped then.
        """
        key = _key(model_dir)
        return self._get(key, lambda: model_stamp(key), lambda: self._load(key))

    def get_at_step(self, run_dir: PathLike, step: int) -> Predictor:
        """The predictor with the weights the run kept at ``step`` (``kept_checkpoints.py``)."""
        from mlmstudio.engine.run_files import RunFolder

        run = _key(run_dir)
        key = RunFolder(run).kept_checkpoint(step)
        return self._get(key, lambda: kept_stamp(run, step), lambda: self._load_at(run, step))

    def _get(self, key: Path, stamp_of: Callable[[], Stamp], load: Callable[[], Predictor]) -> Predictor:
        with self._lock:
            folder_lock = self._loading.setdefault(key, threading.Lock())
        with folder_lock:  # a second caller for the same folder waits, then finds it cached
            try:
                stamp = stamp_of()
            except ModelLoadError:
                self.discard(key)
                raise
            with self._lock:
                entry = self._entries.get(key)
                if entry is not None and entry.stamp == stamp:
                    self._entries.move_to_end(key)
                    return entry.predictor
            log.info("Loading the model in %s", key)
            predictor = load()
            nbytes = self._size_of(predictor)
            with self._lock:
                self.loads += 1
                self._entries[key] = _Entry(stamp, predictor, nbytes)
                self._entries.move_to_end(key)
                self._evict()
            return predictor

    def cached(self, model_dir: PathLike) -> bool:
        """Whether a predictor for this folder is in memory (its files are not checked)."""
        with self._lock:
            return _key(model_dir) in self._entries

    def discard(self, model_dir: PathLike) -> None:
        with self._lock:
            self._entries.pop(_key(model_dir), None)

    def keep_only(self, model_dirs: Iterable[PathLike]) -> None:
        """Drop every predictor whose folder is not listed (runs that were deleted), kept checkpoints too."""
        keep = {_key(d) for d in model_dirs}
        with self._lock:
            # A kept checkpoint's key is RUN/kept-checkpoints/step-N.safetensors: it goes with its run.
            for key in [k for k in self._entries if k not in keep and k.parent.parent not in keep]:
                del self._entries[key]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def total_bytes(self) -> int:
        with self._lock:
            return sum(e.nbytes for e in self._entries.values())

    def _evict(self) -> None:
        """Oldest out until within bounds; the newest always stays, however large."""
        while len(self._entries) > 1 and (
            len(self._entries) > self.max_models
            or sum(e.nbytes for e in self._entries.values()) > self.max_bytes
        ):
            key, _ = self._entries.popitem(last=False)
            log.debug("Dropped the cached model of %s", key)


def _key(model_dir: PathLike) -> Path:
    return Path(os.path.abspath(model_dir))
