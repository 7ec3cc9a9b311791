"""Plain frozen records of the history: what crosses threads and reaches the GUI and CLI.

ORM rows stay inside their session; these are built from them while it is open.
Times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from mlmstudio.config import ConfigError, RunConfig

CONFIG_FILE = "config.json"
TOKENIZER_FILE = "tokenizer.json"
MODEL_FILE = "model.safetensors"
METRICS_FILE = "metrics.json"
CHECKPOINTS_DIR = "checkpoints"


@dataclass(frozen=True)
class CorpusInfo:
    id: int
    name: str
    source: str
    sha256: str
    size_bytes: int
    stats: Mapping[str, Any]
    added_at: datetime


@dataclass(frozen=True)
class CheckpointInfo:
    step: int
    path: Path            # absolute
    metrics: Mapping[str, Any]
    created_at: datetime
    exists: bool


@dataclass(frozen=True)
class RunSummary:
    """One row of the history table."""

    id: str
    name: str
    status: str
    config: RunConfig | None       # None when the stored JSON no longer validates
    corpus_name: str
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    last_step: int
    final_metrics: Mapping[str, Any]
    notes: str
    message: str
    tags: tuple[str, ...]
    parent_run_id: str | None
    run_dir: Path
    missing_files: tuple[str, ...]  # expected files that are not on disk

    @property
    def files_ok(self) -> bool:
        return not self.missing_files

    @property
    def has_model(self) -> bool:
        """Whether a final model is on disk (for fill-mask, export)."""
        return all((self.run_dir / name).is_file() for name in (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE))

    @property
    def display_status(self) -> str:
        """The status as a user should see it: 'files missing' wins over everything else."""
        return "files missing" if self.missing_files else self.status

    @property
    def val_loss(self) -> float | None:
        return _number(self.final_metrics.get("val_loss"))

    @property
    def val_accuracy(self) -> float | None:
        return _number(self.final_metrics.get("val_accuracy"))

    @property
    def final_loss(self) -> float | None:
        return _number(self.final_metrics.get("final_loss"))


@dataclass(frozen=True)
class RunDetail:
    """Everything about one run except its curves."""

    summary: RunSummary
    config_json: str
    corpus: CorpusInfo | None
    checkpoints: tuple[CheckpointInfo, ...]
    metric_names: tuple[tuple[str, str], ...]  # (split, name) pairs with points
    pid: int | None
    hostname: str | None
    heartbeat_at: datetime | None

    @property
    def id(self) -> str:
        return self.summary.id

    @property
    def latest_checkpoint(self) -> CheckpointInfo | None:
        present = [c for c in self.checkpoints if c.exists]
        return present[-1] if present else None


@dataclass(frozen=True)
class Curve:
    """One metric of one run in step order."""

    run_id: str
    split: str
    name: str
    steps: np.ndarray = field(repr=False)       # int64[N]
    values: np.ndarray = field(repr=False)      # float64[N]
    wall_time: np.ndarray = field(repr=False)   # float64[N], seconds of training

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def key(self) -> str:
        return metric_key(self.split, self.name)


def metric_key(split: str, name: str) -> str:
    """'val_loss', 'train_loss', ...: how the CLI and the GUI name a curve."""
    return f"{split}_{name}"


def parse_config(config_json: str) -> RunConfig | None:
    try:
        return RunConfig.from_json(config_json)
    except ConfigError:
        return None


def parse_json_object(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def aware(moment: datetime | None) -> datetime | None:
    """A stored naive-UTC time as an aware one."""
    return None if moment is None else moment.replace(tzinfo=timezone.utc)


def expected_files(status: str, checkpoint_paths: list[Path]) -> list[str]:
    """Files (relative to the run directory) a run in ``status`` must have on disk."""
    if status == "queued":
        return [CONFIG_FILE]
    if status in ("completed", "stopped"):
        return [CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE]
    if status == "interrupted" and checkpoint_paths:
        # An interrupted run is only resumable from its checkpoints.
        return [CONFIG_FILE, str(checkpoint_paths[-1])]
    return [CONFIG_FILE]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)
