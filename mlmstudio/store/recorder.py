"""Turns trainer events into batched writes to the history, from the training thread.

The recorder is a trainer callback. Step metrics are buffered and written in
one transaction about every second (and at every evaluation, checkpoint and at
the end), never one transaction per step; so a hard kill loses at most the last
second of metric points. Each flush also refreshes the run's heartbeat.

A database error (the file locked for longer than the busy timeout, a full
disk) never kills the training: the buffer is kept, the error logged, and the
write retried at the next flush.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import SQLAlchemyError

from mlmstudio.engine.events import (
    CheckpointEvent,
    EvalEvent,
    FailedEvent,
    FinishedEvent,
    StepEvent,
    TrainerCallback,
)
from mlmstudio.engine.inspect.probe_log import ProbeRecord, probe_rows
from mlmstudio.engine.metric_points import event_points
from mlmstudio.engine.run_end import decide_run_end
from mlmstudio.engine.run_status import ACTIVE_STATUSES
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.db_errors import HistoryAccessError
from mlmstudio.store.models import RunRow, utcnow

log = logging.getLogger(__name__)

FLUSH_INTERVAL_SECONDS = 1.0


class RunRecorder(TrainerCallback):
    """Callback recording one run's events: ``trainer = Trainer(..., callbacks=[RunRecorder(db, id)])``."""

    def __init__(
        self,
        db: Database,
        run_id: str,
        *,
        flush_interval: float = FLUSH_INTERVAL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.run_id = run_id
        self.run_dir = db.run_dir(run_id)
        self.flush_interval = flush_interval
        self._clock = clock
        self._points: list[dict[str, Any]] = []
        self._probe_points: list[dict[str, Any]] = []  # written in the same transactions
        self._last_flush = clock()
        self._last_step = 0
        self.finished = False  # a FinishedEvent or FailedEvent was recorded

    @property
    def last_step(self) -> int:
        """The newest step it has seen."""
        return self._last_step

    # --- events ------------------------------------------------------------------------------

    def on_step(self, event: StepEvent) -> None:
        self._last_step = max(self._last_step, event.step)
        self._add(event)
        if self._clock() - self._last_flush >= self.flush_interval:
            self.flush()

    def on_eval(self, event: EvalEvent) -> None:
        self._add(event)
        self._probe_points.extend(
            probe_rows([ProbeRecord(event.step, event.elapsed, event.probes)], self.run_id)
        )
        self.flush()

    def on_checkpoint(self, event: CheckpointEvent) -> None:
        # Points and checkpoint in one transaction: a recorded checkpoint implies its curve is complete.
        path = repository.relative_checkpoint_path(self.run_dir, event.path)

        def record(session) -> None:
            repository.record_checkpoint(session, self.run_id, event.step, path, event.metrics)
            # The trainer keeps only the newest checkpoints; forget the ones it pruned.
            repository.forget_missing_checkpoints(session, self.run_id, self.run_dir)

        self.flush(record)

    def on_finished(self, event: FinishedEvent) -> None:
        self._record_end(event)

    def on_failed(self, event: FailedEvent) -> None:
        self._record_end(event)

    def _record_end(self, event: FinishedEvent | FailedEvent) -> None:
        """The final points and the run's end in one transaction (the lifecycle settles it too)."""
        self._last_step = max(self._last_step, event.step)
        end = decide_run_end(event)
        self.finished = self.flush(lambda session: repository.record_run_end(session, self.run_id, end))

    # --- writing -----------------------------------------------------------------------------

    def _add(self, event: StepEvent | EvalEvent) -> None:
        self._points.extend(point.as_row(self.run_id) for point in event_points(event))

    def flush(self, also: Callable[[Any], object] | None = None) -> bool:
        """Write buffered points (and ``also``'s changes) in one transaction; True on success."""
        points, self._points = self._points, []
        probe_points, self._probe_points = self._probe_points, []
        self._last_flush = self._clock()
        try:
            with self.db.session() as session:
                repository.add_metric_points(session, points)
                repository.add_probe_points(session, probe_points)
                session.execute(
                    update(RunRow)
                    .where(RunRow.id == self.run_id, RunRow.status.in_(ACTIVE_STATUSES))
                    .values(heartbeat_at=utcnow())
                )
                session.execute(
                    update(RunRow)
                    .where(RunRow.id == self.run_id, RunRow.last_step < self._last_step)
                    .values(last_step=self._last_step)
                )
                if also is not None:
                    also(session)
        except (SQLAlchemyError, HistoryAccessError):
            log.warning("Could not record metrics of run %s; will retry.", self.run_id, exc_info=True)
            self._points = points + self._points
            self._probe_points = probe_points + self._probe_points
            return False
        return True

    def close(self) -> None:
        """Write whatever is still buffered."""
        if self._points or self._probe_points:
            self.flush()
