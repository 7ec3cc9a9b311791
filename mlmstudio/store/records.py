"""Plain frozen records of the history: what crosses threads and reaches the GUI and CLI.

ORM rows stay inside their session; these are built from them while it is open.
Times are timezone-aware UTC datetimes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, overload

import numpy as np

from mlmstudio import bounded_json, command_hint
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.metric_names import metric_key
from mlmstudio.engine.run_files import CONFIG_FILE, REQUIRED_MODEL_FILES, RunFolder
from mlmstudio.engine.run_status import RunStatus, parse_status


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
    path: Path  # absolute
    metrics: Mapping[str, Any]
    created_at: datetime
    exists: bool


@dataclass(frozen=True)
class RunSummary:
    """One row of the history table."""

    id: str
    name: str
    status: RunStatus  # converted from the stored text where the row is read (repository.summary_of)
    config: RunConfig | None  # None when the stored JSON no longer validates
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
        return RunFolder(self.run_dir).has_model()

    def no_model_reason(self) -> str:
        """Why this run has no model on disk, and what can be done: one sentence for every face.

        Only advise "resume" where resuming can work: a run whose folder is gone
        cannot be resumed, whatever its status.
        """
        missing = ", ".join(RunFolder(self.run_dir).missing_model_files())
        status = parse_status(self.status)
        if not self.run_dir.is_dir():
            return (
                f"Run {self.id} has no trained model: its folder {self.run_dir} was deleted or moved. "
                "Put the folder back, or delete the run from the history."
            )
        if status in (RunStatus.RUNNING, RunStatus.PAUSED):
            return f"Run {self.id} is still training and has not saved its model yet. Wait until it ends."
        if status is RunStatus.QUEUED:
            return f"Run {self.id} has not started, so it has no model yet."
        if status is RunStatus.COMPLETED or status is None:
            return (
                f"Run {self.id} has no trained model: {missing} missing from {self.run_dir}. "
                "The files were deleted or moved; put them back, or choose another run."
            )
        if not self.checkpoints_on_disk():
            # Ended before its first checkpoint: nothing was deleted, there is just nothing yet.
            return (
                f"Run {self.id} is {self.status}: it ended at step {self.last_step}, before it saved a "
                f"model or a checkpoint. Resume it ('{command_hint.command(f'runs resume {self.id}')}') to train it "
                "again from the start, or choose another run."
            )
        return (
            f"Run {self.id} is {self.status} and has not saved a model yet. Resume it "
            f"('{command_hint.command(f'runs resume {self.id}')}') to train on and save one, or choose another run."
        )

    def checkpoints_on_disk(self) -> bool:
        return any(RunFolder(self.run_dir).checkpoints.glob("step-*"))

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

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, for ``--json`` output."""
        return {
            "id": self.id,
            "name": self.name,
            "status": self.status,
            "display_status": self.display_status,
            "corpus": self.corpus_name,
            "created_at": _iso(self.created_at),
            "started_at": _iso(self.started_at),
            "finished_at": _iso(self.finished_at),
            "steps": self.last_step,
            "final_metrics": to_jsonable(self.final_metrics),
            "notes": self.notes,
            "message": self.message,
            "tags": list(self.tags),
            "parent_run_id": self.parent_run_id,
            "run_dir": str(self.run_dir),
            "files_ok": self.files_ok,
            "missing_files": list(self.missing_files),
            "has_model": self.has_model,
        }


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

    def as_dict(self) -> dict[str, Any]:
        data = self.summary.as_dict()
        data.update(
            config=parse_json_object(self.config_json),
            corpus_record=None
            if self.corpus is None
            else {
                "name": self.corpus.name,
                "source": self.corpus.source,
                "sha256": self.corpus.sha256,
                "size_bytes": self.corpus.size_bytes,
                "stats": to_jsonable(self.corpus.stats),
            },
            checkpoints=[
                {
                    "step": c.step,
                    "path": str(c.path),
                    "exists": c.exists,
                    "metrics": to_jsonable(c.metrics),
                    "created_at": _iso(c.created_at),
                }
                for c in self.checkpoints
            ],
            metrics=[metric_key(split, name) for split, name in self.metric_names],
            pid=self.pid,
            hostname=self.hostname,
            heartbeat_at=_iso(self.heartbeat_at),
        )
        return data

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
    steps: np.ndarray = field(repr=False)  # int64[N]
    values: np.ndarray = field(repr=False)  # float64[N]
    wall_time: np.ndarray = field(repr=False)  # float64[N], seconds of training

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def key(self) -> str:
        return metric_key(self.split, self.name)


@dataclass(frozen=True)
class ProbeCurve:
    """One probe of one run in step order: how sure the model was of the answer, and its best guess."""

    run_id: str
    probe: int  # its place in the run's probe list
    sentence: str
    answer: str
    steps: np.ndarray = field(repr=False)  # int64[N]
    probabilities: np.ndarray = field(repr=False)  # float64[N], 0..1
    top1: tuple[str, ...] = field(repr=False)  # the best guess at each step
    hits: np.ndarray = field(repr=False)  # bool[N]: the best guess was the answer
    wall_time: np.ndarray = field(repr=False)  # float64[N], seconds of training

    def __len__(self) -> int:
        return len(self.steps)


def parse_config(config_json: str) -> RunConfig | None:
    try:
        return RunConfig.from_json(config_json)
    except ConfigError:
        return None


def parse_json_object(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = bounded_json.loads(text)  # a stored row is outside input too: no RecursionError
    except bounded_json.JSONLimitError:
        return {}
    return value if isinstance(value, dict) else {}


@overload
def aware(moment: datetime) -> datetime: ...
@overload
def aware(moment: None) -> None: ...
def aware(moment: datetime | None) -> datetime | None:
    """A stored naive-UTC time as an aware one."""
    return None if moment is None else moment.replace(tzinfo=UTC)


def expected_files(status: str, checkpoint_paths: list[Path]) -> list[str]:
    """Files (relative to the run directory) a run in ``status`` must have on disk."""
    if status == RunStatus.QUEUED:
        return [CONFIG_FILE]
    if status in (RunStatus.COMPLETED, RunStatus.STOPPED):
        return list(REQUIRED_MODEL_FILES)
    if status == RunStatus.INTERRUPTED and checkpoint_paths:
        # An interrupted run is only resumable from its checkpoints.
        return [CONFIG_FILE, str(checkpoint_paths[-1])]
    return [CONFIG_FILE]


def to_jsonable(value: Any) -> Any:
    """A summary as JSON values: paths and other objects to strings, non-finite floats to None."""
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (int, str, bool)) or value is None:
        return value
    return str(value)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)
