"""The run folder's own record of its curves: ``curves.csv``, written as the run trains.

The history database keeps every run's curves, but a run folder must also
stand on its own: a run trained elsewhere (``torchrun`` on another machine,
``train --no-record``) is brought into the history from its folder alone
(``runs import-folder``), and ``runs rebuild-history`` recovers curves from
it when the database is lost. The rows are exactly the recorder's points
(metric_points.py), with the columns of a bundle's metrics.csv.

Writes are batched about once a second and at every evaluation, checkpoint
and end, appended and flushed (not fsynced: a hard kill may lose the last
second, as the history does). A run resumed from a checkpoint first drops the
rows after that checkpoint's step, so the curve stays gap-free and has no
step twice.
"""

from __future__ import annotations

import csv
import io
import logging
import time
from collections.abc import Callable
from pathlib import Path

from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    FailedEvent,
    FinishedEvent,
    StartedEvent,
    StepEvent,
    TrainerCallback,
)
from mlmstudio.engine.metric_points import POINT_COLUMNS, MetricPoint, event_points

log = logging.getLogger(__name__)

FLUSH_INTERVAL_SECONDS = 1.0


class CurveLog(TrainerCallback):
    """Appends a run's curve points to ``path`` (a CSV with POINT_COLUMNS)."""

    def __init__(
        self,
        path: str | Path,
        *,
        flush_interval: float = FLUSH_INTERVAL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.path = Path(path)
        self.flush_interval = flush_interval
        self._clock = clock
        self._pending: list[MetricPoint] = []
        self._last_flush = clock()
        self._broken = False  # after a write error: log once, keep training

    def on_started(self, event: StartedEvent) -> None:
        kept = [p for p in read_curve_points(self.path) if p.step <= event.step] if event.step else []
        self._rewrite(kept)

    def on_step(self, event: StepEvent) -> None:
        self._pending.extend(event_points(event))
        if self._clock() - self._last_flush >= self.flush_interval:
            self.flush()

    def on_eval(self, event: EvalEvent) -> None:
        self._pending.extend(event_points(event))
        self.flush()

    def on_checkpoint(self, event: CheckpointEvent) -> None:
        self.flush()

    def on_finished(self, event: FinishedEvent) -> None:
        self.flush()

    def on_failed(self, event: FailedEvent) -> None:
        self.flush()

    def flush(self) -> None:
        points, self._pending = self._pending, []
        self._last_flush = self._clock()
        if not points or self._broken:
            return
        try:
            new_file = not self.path.exists()
            with self.path.open("a", encoding="utf-8", newline="") as handle:
                if new_file:
                    handle.write(_csv_text([], header=True))
                handle.write(_csv_text(points))
        except OSError:
            # The history still records the run; only the folder's own copy of the curve is lost.
            self._broken = True
            log.warning(
                "Could not write the curve file %s; the run goes on without it.", self.path, exc_info=True
            )

    def _rewrite(self, points: list[MetricPoint]) -> None:
        try:
            atomic_write_text(self.path, _csv_text(points, header=True))
        except OSError:
            self._broken = True
            log.warning(
                "Could not write the curve file %s; the run goes on without it.", self.path, exc_info=True
            )


def read_curve_points(path: str | Path) -> list[MetricPoint]:
    """The points of a curve file written by CurveLog; [] when there is none.

    A malformed row raises ``ValueError`` naming its line: callers that bring
    a folder into the history refuse it with that sentence. A last row cut
    short by a hard kill is dropped, as the history would not have it either.
    """
    path = Path(path)
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as handle:
        lines = handle.read().splitlines()
    rows = list(csv.reader(lines))
    if not rows:
        return []
    if tuple(rows[0]) != POINT_COLUMNS:
        raise ValueError(f"{path.name} must start with the header {','.join(POINT_COLUMNS)}.")
    points = []
    for number, row in enumerate(rows[1:], start=2):
        try:
            step, split, name, value, wall_time = row
            points.append(MetricPoint(int(step), split, name, float(value), float(wall_time)))
        except ValueError:
            if number == len(rows):  # the last line, half written when the process was killed
                break
            raise ValueError(f"Line {number} of {path.name} is not a valid curve point.") from None
    return points


def _csv_text(points: list[MetricPoint], *, header: bool = False) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if header:
        writer.writerow(POINT_COLUMNS)
    writer.writerows((p.step, p.split, p.name, repr(p.value), repr(p.wall_time)) for p in points)
    return buffer.getvalue()
