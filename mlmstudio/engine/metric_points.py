"""Which curve points a trainer event stands for, decided once.

The history recorder (store/recorder.py) and the run folder's own curve file
(curve_log.py) both turn events into ``MetricPoint`` rows; deciding it here
keeps the two records of a run the same point for point, which is what lets
``runs import-folder`` and ``runs rebuild-history`` bring back exactly the
curves the history would have held. A new metric is one more entry below.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mlmstudio.engine.events import EvalEvent, StepEvent, TrainerEvent
from mlmstudio.engine.metric_names import (
    ACCURACY,
    DETECTION_AUC,
    ELECTRA_STATS,
    GENERAL,
    LOSS,
    LR,
    PERPLEXITY,
    TOKENS_PER_SECOND,
    TRAIN,
    VAL,
)

# The columns of a curve file (and of a bundle's metrics.csv), in order.
POINT_COLUMNS = ("step", "split", "name", "value", "wall_time")


@dataclass(frozen=True)
class MetricPoint:
    step: int
    split: str
    name: str
    value: float
    wall_time: float  # seconds of training at this point (pauses excluded)

    def as_row(self, run_id: str) -> dict:
        """The keys the history's metric_points table takes."""
        return dict(
            run_id=run_id,
            step=self.step,
            split=self.split,
            name=self.name,
            value=self.value,
            wall_time=self.wall_time,
        )


def event_points(event: TrainerEvent) -> list[MetricPoint]:
    """The curve points of one event; none for events that carry no curve values.

    Non-finite values are left out: NaN/inf cannot be plotted or averaged, and
    the run's failure message already says why the loss went there.
    """
    if isinstance(event, StepEvent):
        values: dict[str, float | None] = {
            LOSS: event.loss,
            LR: event.lr,
            TOKENS_PER_SECOND: event.tokens_per_second,
        }
        split = TRAIN
        values.update({name: getattr(event, name) for name in ELECTRA_STATS})  # None for MLM runs
    elif isinstance(event, EvalEvent):
        split, values = (
            VAL,
            {
                LOSS: event.val_loss,
                ACCURACY: event.val_accuracy,
                PERPLEXITY: event.perplexity,
                DETECTION_AUC: event.detection_auc,
            },
        )
    else:
        return []
    points = _points(event, split, values)
    if isinstance(event, EvalEvent):  # the second, general text's curve (None without one)
        points += _points(event, GENERAL, {LOSS: event.general_loss, ACCURACY: event.general_accuracy})
    return points


def _points(event: StepEvent | EvalEvent, split: str, values: dict[str, float | None]) -> list[MetricPoint]:
    return [
        MetricPoint(int(event.step), split, name, float(value), float(event.elapsed))
        for name, value in values.items()
        if value is not None and math.isfinite(float(value))
    ]
