"""The files of a run folder, named once (the trainer writes them, the store and faces read them).

    config.json          the RunConfig (written first: a folder with it can be resumed)
    tokenizer.json       the tokenizer the run trained (written before the first step)
    model.safetensors    the final weights
    metrics.json         the final metrics
    curves.csv           the curve points as they were recorded (curve_log.py)
    probes.jsonl         the probes' answers at every evaluation (probe_log.py)
    checkpoints/step-NNNNNNNN/   resumable checkpoints (see checkpoint.py)
    kept-checkpoints/step-NNNNNNNN.safetensors   weights kept for the slider over training
                         (see kept_checkpoints.py)
    owner.lock           held (flock) by the process training the run: see run_lock.py
    origin.json          an opened transformers model's origin, or a continued run's (hf_import)

Nothing here imports torch, so the GUI can name files without the engine's weight.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

CONFIG_FILE = "config.json"
TOKENIZER_FILE = "tokenizer.json"
MODEL_FILE = "model.safetensors"
METRICS_FILE = "metrics.json"
CURVES_FILE = "curves.csv"
PROBES_FILE = "probes.jsonl"
CHECKPOINTS_DIR = "checkpoints"
KEPT_CHECKPOINTS_DIR = "kept-checkpoints"
LOCK_FILE = "owner.lock"
ORIGIN_FILE = "origin.json"

# A model folder (a finished run, or `train --out`) holds these; the first three are required.
MODEL_DIR_FILES = (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE, METRICS_FILE)
REQUIRED_MODEL_FILES = (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE)
CHECKPOINT_NAME = re.compile(r"^step-(\d{8})$")
KEPT_CHECKPOINT_NAME = re.compile(r"^step-(\d{8})\.safetensors$")


def checkpoint_name(step: int) -> str:
    """The folder name of the checkpoint at ``step``: step-00000500 (sorts by name and by step)."""
    return f"step-{step:08d}"


@dataclass(frozen=True)
class RunFolder:
    """Paths inside one run folder: ``RunFolder(run_dir).config`` and so on."""

    path: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", Path(self.path))

    @property
    def config(self) -> Path:
        return self.path / CONFIG_FILE

    @property
    def tokenizer(self) -> Path:
        return self.path / TOKENIZER_FILE

    @property
    def model(self) -> Path:
        return self.path / MODEL_FILE

    @property
    def metrics(self) -> Path:
        return self.path / METRICS_FILE

    @property
    def curves(self) -> Path:
        return self.path / CURVES_FILE

    @property
    def probes(self) -> Path:
        return self.path / PROBES_FILE

    @property
    def checkpoints(self) -> Path:
        return self.path / CHECKPOINTS_DIR

    def checkpoint(self, step: int) -> Path:
        return self.checkpoints / checkpoint_name(step)

    @property
    def kept_checkpoints(self) -> Path:
        return self.path / KEPT_CHECKPOINTS_DIR

    def kept_checkpoint(self, step: int) -> Path:
        return self.kept_checkpoints / f"{checkpoint_name(step)}.safetensors"

    @property
    def lock(self) -> Path:
        return self.path / LOCK_FILE

    def has_model(self) -> bool:
        """Whether a usable final model is on disk (for fill-mask and export)."""
        return all((self.path / name).is_file() for name in REQUIRED_MODEL_FILES)

    def missing_model_files(self) -> list[str]:
        return [name for name in REQUIRED_MODEL_FILES if not (self.path / name).is_file()]
