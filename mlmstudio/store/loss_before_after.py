"""Held-out loss before -> after for continued runs (issue 17, item 3), read from stored curves.

A run started from a model evaluates the untouched model at step 0 (engine/start_from.py), so
its 'val' 'loss' curve starts there: "before" is that point, "after" the newest one. A run
grown from scratch has no step-0 evaluation, so it has no "before". A query, not a column:
the curve already holds both numbers, and no schema change is needed. The 'general' curve
(a second text every evaluation also tests, engine/general_text.py) reads the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select

from mlmstudio.engine.metric_names import LOSS, VAL
from mlmstudio.store.database import Database
from mlmstudio.store.models import MetricPointRow


@dataclass(frozen=True)
class BeforeAfter:
    before: float | None  # held-out loss of the untouched model (step 0), None when never evaluated there
    after: float | None  # the newest held-out loss

    def as_dict(self) -> dict[str, float | None]:
        return {"held_out_loss_before": self.before, "held_out_loss_after": self.after}

    def text(self) -> str:
        """'5.21 → 3.02', or just the newest loss for a run without a 'before'."""
        after = _num(self.after)
        return f"{_num(self.before)} → {after}" if self.before is not None else after


def _num(value: float | None) -> str:
    return "-" if value is None or not math.isfinite(value) else f"{value:.2f}"


def loss_before_after(db: Database, run_ids: Sequence[str], split: str = VAL) -> dict[str, BeforeAfter]:
    """Each run's held-out loss before -> after (runs without a validation curve get None, None).

    ``split="general"``: the same for the second, general text (TrainingConfig.general_text).
    """
    ids = list(run_ids)
    found = {run_id: BeforeAfter(None, None) for run_id in ids}
    if not ids:
        return found
    val = (MetricPointRow.split == split) & (MetricPointRow.name == LOSS)
    with db.session(write=False) as session:
        # The first and last step of each run's curve, then their values: two small indexed queries.
        bounds = session.execute(
            select(MetricPointRow.run_id, func.min(MetricPointRow.step), func.max(MetricPointRow.step))
            .where(val, MetricPointRow.run_id.in_(ids))
            .group_by(MetricPointRow.run_id)
        ).all()
        wanted = {(run_id, step) for run_id, first, last in bounds for step in (first, last)}
        values: dict[tuple[str, int], float] = {}
        for run_id, step, value in session.execute(
            select(MetricPointRow.run_id, MetricPointRow.step, MetricPointRow.value)
            .where(val, MetricPointRow.run_id.in_(ids))
            .where(MetricPointRow.step.in_({s for _, s in wanted}))
            .order_by(MetricPointRow.id)
        ):
            if (run_id, step) in wanted:
                values[(run_id, step)] = float(value)  # a repeated step: the newest write wins
    for run_id, first, last in bounds:
        before = values.get((run_id, first)) if first == 0 else None
        found[run_id] = BeforeAfter(before, values.get((run_id, last)))
    return found
