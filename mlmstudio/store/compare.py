"""Comparing runs: curves on a shared axis, the settings that differ, a ranking.

Shared by the History page and ``mlmstudio runs compare``.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mlmstudio.config import RunConfig
from mlmstudio.engine.metric_names import TRAIN, VAL
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.records import Curve, RunSummary

# The x axes curves are compared on, with the label a plot gives each.
X_AXES: dict[str, str] = {"step": "Step", "time": "Elapsed time (s)"}
TIME_GRID_POINTS = 200


@dataclass(frozen=True)
class AlignedCurves:
    """Several runs' values of one metric on one x axis; NaN where a run has no value."""

    metric: str  # e.g. "val_loss"
    x_axis: str  # "step" or "time" (seconds of training)
    x: np.ndarray = field(repr=False)
    values: Mapping[str, np.ndarray] = field(repr=False)  # run id -> float64[len(x)]


def split_metric(metric: str) -> tuple[str, str]:
    """'val_loss' -> ('val', 'loss'); 'train_tokens_per_second' -> ('train', 'tokens_per_second')."""
    split, _, name = metric.partition("_")
    if split not in (TRAIN, VAL) or not name:
        raise ValueError(metric)
    return split, name


def load_curves(db: Database, run_ids: Sequence[str], metric: str) -> dict[str, Curve]:
    """One metric's curve for each run (empty curves for runs without it), in one read transaction."""
    split, name = split_metric(metric)
    with db.session(write=False) as session:
        return {run_id: repository.load_curve(session, run_id, split, name) for run_id in run_ids}


def align(
    curves: Mapping[str, Curve], metric: str, x_axis: str = "step", points: int = TIME_GRID_POINTS
) -> AlignedCurves:
    """Put curves on one axis.

    By step: the union of all steps, each run's exact values, NaN where it has
    none. By time: elapsed training seconds on an even grid of ``points``, each
    run interpolated linearly within its own time range and NaN outside it
    (runs never log at the same instants, so exact matching would be all NaN).
    """
    if x_axis not in X_AXES:
        raise ValueError(f"x_axis must be one of {tuple(X_AXES)}")
    if x_axis == "step":
        non_empty = [c.steps for c in curves.values() if len(c)]
        x = np.unique(np.concatenate(non_empty)) if non_empty else np.zeros(0, dtype=np.int64)
        values = {}
        for run_id, curve in curves.items():
            column = np.full(len(x), np.nan)
            column[np.searchsorted(x, curve.steps)] = curve.values
            values[run_id] = column
        return AlignedCurves(metric, x_axis, x, values)
    end = max((float(c.wall_time.max()) for c in curves.values() if len(c)), default=0.0)
    x = np.linspace(0.0, end, points) if end > 0 else np.zeros(0)
    values = {}
    for run_id, curve in curves.items():
        column = np.full(len(x), np.nan)
        if len(curve):
            order = np.argsort(curve.wall_time, kind="stable")
            times, ys = curve.wall_time[order], curve.values[order]
            inside = (x >= times[0]) & (x <= times[-1])
            column[inside] = np.interp(x[inside], times, ys)
        values[run_id] = column
    return AlignedCurves(metric, x_axis, x, values)


def write_csv(aligned: AlignedCurves, path: str | Path, labels: Mapping[str, str] | None = None) -> Path:
    """One column for x, one per run (headed by its label, or id); empty cells where no value."""
    path = Path(path)
    labels = labels or {}
    run_ids = list(aligned.values)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([aligned.x_axis] + [labels.get(r, r) for r in run_ids])
        for i, x in enumerate(aligned.x):
            cells = [
                "" if math.isnan(aligned.values[r][i]) else repr(float(aligned.values[r][i])) for r in run_ids
            ]
            writer.writerow([int(x) if aligned.x_axis == "step" else f"{x:.3f}"] + cells)
    return path


def flatten_config(config: RunConfig | Mapping[str, Any] | None) -> dict[str, Any]:
    """{'model.d_model': 128, 'training.lr': 0.002, ...} in the config's own field order.

    A ``RunConfig``'s ``model.ffn_dim`` is the width the model was built with: 0 ("4 x width")
    is resolved, so two runs with the same feed-forward layers never differ there. A mapping
    (a config's JSON) is flattened as it stands; None (a config that no longer loads) has no
    settings. The CLI's ``runs compare`` and the app's Compare view both list these.
    """
    if config is None:
        return {}
    if not isinstance(config, RunConfig):
        return _flatten(config)
    flat = _flatten(config.to_dict())
    flat["model.ffn_dim"] = config.model.ffn_width
    return flat


def _flatten(mapping: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in mapping.items():
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def config_differences(configs: Mapping[str, RunConfig]) -> list[tuple[str, dict[str, Any]]]:
    """The settings that differ between runs: [(field path, {run id: value})], in config order."""
    flat = {run_id: flatten_config(config) for run_id, config in configs.items()}
    if len(flat) < 2:
        return []
    paths = list(next(iter(flat.values())))
    differences = []
    for path in paths:
        values = {run_id: fields_.get(path) for run_id, fields_ in flat.items()}
        if len({repr(v) for v in values.values()}) > 1:
            differences.append((path, values))
    return differences


def rank_runs_by_val_loss(runs: Sequence[RunSummary]) -> list[RunSummary]:
    """Best (lowest final validation loss) first; runs without one last, newest first among them."""
    scored = sorted(
        (r for r in runs if r.val_loss is not None and math.isfinite(r.val_loss)),
        key=lambda r: (r.val_loss, r.created_at),
    )
    scored_ids = {r.id for r in scored}
    unscored = [r for r in runs if r.id not in scored_ids]
    return scored + unscored
