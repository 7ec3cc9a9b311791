"""A run's evaluations in the history: results on a labelled task ("transfer") or a grammar suite.

An evaluation compares several subjects on one task: the run itself, its randomly initialised
twin, the majority class, each kept checkpoint and other runs. Each subject's result is one
``Evaluation``: the mean of a metric over a few seeds with its spread (the details say which
spread). Evaluating a task again replaces what the run had for it, so the history shows the
latest numbers. A run deleted while it was being evaluated gets nothing: a sentence says so.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import EVALUATION_KINDS, RunEvaluationRow, RunRow, utcnow
from mlmstudio.store.records import aware, parse_json_object

KIND_TRANSFER = "transfer"
KIND_GRAMMAR = "grammar"
SUBJECT_RUN = "run"
SUBJECT_TWIN = "twin"
SUBJECT_MAJORITY = "majority"
SUBJECT_CHECKPOINT = "checkpoint"
OTHER_RUN_PREFIX = "other-run:"
MAX_DETAILS_CHARS = 64_000  # a few hundred numbers; per-example outputs belong in an export, not here
_SUBJECT = re.compile(r"^(run|twin|majority|checkpoint|other-run:[A-Za-z0-9_-]{1,32})$")


def other_run_subject(run_id: str) -> str:
    """The subject naming another run compared on the same task."""
    return f"{OTHER_RUN_PREFIX}{run_id}"


@dataclass(frozen=True)
class Evaluation:
    """One subject's result on one task: ``mean`` and ``spread`` of ``metric`` over ``seeds`` seeds."""

    kind: str
    name: str
    subject: str
    metric: str
    mean: float
    spread: float
    seeds: int
    step: int | None = None  # the checkpoint's step; None for a final model
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StoredEvaluation(Evaluation):
    id: int = 0
    run_id: str = ""
    created_at: datetime | None = None  # timezone-aware UTC

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "subject": self.subject,
            "step": self.step,
            "metric": self.metric,
            "mean": self.mean,
            "spread": self.spread,
            "seeds": self.seeds,
            "details": dict(self.details),
            "created_at": self.created_at.isoformat() if self.created_at else None,
        }


def record_evaluations(db: Database, run_id: str, evaluations: Sequence[Evaluation]) -> int:
    """Store ``evaluations`` for ``run_id`` in one transaction; return how many rows were written.

    The rows the run already had for each (kind, name) given are replaced. Raises ``StoreError``
    with a sentence when the run is no longer in the history or an evaluation is unusable;
    then nothing is written.
    """
    rows = [_row_values(run_id, evaluation) for evaluation in evaluations]
    with db.session() as session:
        if session.get(RunRow, run_id) is None:
            raise StoreError(
                f"Run {run_id} was deleted while it was being evaluated; the results were not stored."
            )
        for kind, name in sorted({(r["kind"], r["name"]) for r in rows}):
            session.execute(
                delete(RunEvaluationRow).where(
                    RunEvaluationRow.run_id == run_id,
                    RunEvaluationRow.kind == kind,
                    RunEvaluationRow.name == name,
                )
            )
        session.add_all(RunEvaluationRow(**values) for values in rows)
    return len(rows)


def list_evaluations(
    db: Database, ref: str, *, kind: str | None = None, name: str | None = None
) -> list[StoredEvaluation]:
    """A run's stored evaluations (by id, prefix or name), by kind, task, step and subject."""
    with db.session(write=False) as session:
        run_id = repository.find_run(session, ref).id
        query = select(RunEvaluationRow).where(RunEvaluationRow.run_id == run_id)
        if kind is not None:
            query = query.where(RunEvaluationRow.kind == kind)
        if name is not None:
            query = query.where(RunEvaluationRow.name == name)
        rows = session.scalars(query.order_by(RunEvaluationRow.id)).all()
        found = [_stored(row) for row in rows]
    return sorted(found, key=lambda e: (e.kind, e.name, e.step is None, e.step or 0, e.subject))


def _row_values(run_id: str, evaluation: Evaluation) -> dict[str, Any]:
    if evaluation.kind not in EVALUATION_KINDS:
        raise StoreError(f"'{evaluation.kind}' is not a kind of evaluation; use one of {EVALUATION_KINDS}.")
    if not _SUBJECT.match(evaluation.subject):
        raise StoreError(
            f"'{evaluation.subject}' is not a subject of an evaluation "
            "(run, twin, majority, checkpoint or other-run:<id>)."
        )
    name = " ".join(evaluation.name.split())
    if not name or len(name) > 200:
        raise StoreError("An evaluation's task name must have 1 to 200 characters.")
    if not (math.isfinite(evaluation.mean) and math.isfinite(evaluation.spread)):
        raise StoreError(
            f"The result for {evaluation.subject} on {name} is not a number; nothing was stored."
        )
    if evaluation.seeds < 1:
        raise StoreError("An evaluation needs at least one seed.")
    details = json.dumps(dict(evaluation.details), sort_keys=True, allow_nan=False, default=str)
    if len(details) > MAX_DETAILS_CHARS:
        raise StoreError(
            f"The details of the result for {evaluation.subject} on {name} take {len(details):,} characters; "
            f"at most {MAX_DETAILS_CHARS:,} are stored. Nothing was stored."
        )
    return {
        "run_id": run_id,
        "kind": evaluation.kind,
        "name": name,
        "step": evaluation.step,
        "subject": evaluation.subject,
        "metric": evaluation.metric[:64],
        "mean": float(evaluation.mean),
        "spread": float(evaluation.spread),
        "seeds": int(evaluation.seeds),
        "details_json": details,
        "created_at": utcnow(),
    }


def _stored(row: RunEvaluationRow) -> StoredEvaluation:
    return StoredEvaluation(
        kind=row.kind,
        name=row.name,
        subject=row.subject,
        metric=row.metric,
        mean=row.mean,
        spread=row.spread,
        seeds=row.seeds,
        step=row.step,
        details=parse_json_object(row.details_json),
        id=row.id,
        run_id=row.run_id,
        created_at=aware(row.created_at),
    )


def final_evaluations(db: Database, run_ids: Sequence[str]) -> dict[str, list[StoredEvaluation]]:
    """Each run's evaluations of its final model (no checkpoint step), for ``runs compare``."""
    found: dict[str, list[StoredEvaluation]] = {run_id: [] for run_id in run_ids}
    with db.session(write=False) as session:
        rows = session.scalars(
            select(RunEvaluationRow)
            .where(RunEvaluationRow.run_id.in_(list(run_ids)), RunEvaluationRow.step.is_(None))
            .order_by(RunEvaluationRow.id)
        ).all()
        for row in rows:
            found[row.run_id].append(_stored(row))
    return found
