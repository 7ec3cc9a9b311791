"""Queries and updates of the history. Each takes a Session; the caller owns the transaction."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import numpy as np
from sqlalchemy import delete, func, or_, select
from sqlalchemy.orm import Session

from mlmstudio.store.errors import RunNotFoundError
from mlmstudio.store.run_refs import latest_offset, latest_run
from mlmstudio.store.models import (CheckpointRow, CorpusRow, MetricPointRow, RunRow, RunTagRow,
                                    utcnow)
from mlmstudio.store.records import (CHECKPOINTS_DIR, CheckpointInfo, CorpusInfo, Curve, RunDetail,
                                     RunSummary, aware, expected_files, parse_config,
                                     parse_json_object)

MIN_PREFIX = 4   # shortest id prefix accepted for a run reference
MAX_TAG_LENGTH = 100


def new_run_id() -> str:
    return uuid.uuid4().hex[:12]


# --- corpora -----------------------------------------------------------------------------------

def get_or_create_corpus(session: Session, *, name: str, source: str, sha256: str, size_bytes: int,
                         stats: Mapping[str, Any]) -> CorpusRow:
    """The corpus row for this content and source, added if new."""
    row = session.scalar(select(CorpusRow).where(CorpusRow.sha256 == sha256, CorpusRow.source == source))
    if row is None:
        row = CorpusRow(name=name, source=source, sha256=sha256, size_bytes=size_bytes,
                        stats_json=json.dumps(dict(stats), sort_keys=True), added_at=utcnow())
        session.add(row)
        session.flush()
    return row


def corpus_info(row: CorpusRow) -> CorpusInfo:
    return CorpusInfo(id=row.id, name=row.name, source=row.source, sha256=row.sha256,
                      size_bytes=row.size_bytes, stats=parse_json_object(row.stats_json),
                      added_at=aware(row.added_at))


# --- runs --------------------------------------------------------------------------------------

def find_run(session: Session, ref: str) -> RunRow:
    """A run by id, by a unique id prefix (4+ characters), by its exact, unique name, or
    ``latest`` / ``latest~N`` (the newest run, the N-th before it)."""
    ref = ref.strip()
    if not ref:
        raise RunNotFoundError("No run given. Pass a run id or name (see 'mlmstudio runs list').")
    back = latest_offset(ref)
    if back is not None:          # "latest", "latest~1": no id needed
        return latest_run(session, back)
    row = session.get(RunRow, ref)
    if row is not None:
        return row
    candidates: list[RunRow] = []
    if len(ref) >= MIN_PREFIX:
        candidates = list(session.scalars(select(RunRow).where(RunRow.id.startswith(ref, autoescape=True))))
    if not candidates:
        candidates = list(session.scalars(select(RunRow).where(RunRow.name == ref)))
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise RunNotFoundError(f"No run matches '{ref}'. See 'mlmstudio runs list' for the ids.")
    ids = ", ".join(sorted(r.id for r in candidates)[:5])
    raise RunNotFoundError(f"Several runs match '{ref}' ({ids}). Use the full run id.")


def create_run(session: Session, *, name: str, config_json: str, corpus_id: int | None,
               parent_run_id: str | None = None, status: str = "queued",
               run_id: str | None = None) -> RunRow:
    row = RunRow(id=run_id or new_run_id(), name=name, status=status, config_json=config_json,
                 corpus_id=corpus_id, parent_run_id=parent_run_id, created_at=utcnow(),
                 last_step=0, message="", notes="")
    session.add(row)
    session.flush()
    return row


def list_run_rows(session: Session, *, statuses: Sequence[str] = (), tag: str | None = None,
                  text: str | None = None) -> list[RunRow]:
    """Runs newest first, filtered by status, tag and a case-insensitive text search."""
    query = select(RunRow).order_by(RunRow.created_at.desc(), RunRow.id)
    if statuses:
        query = query.where(RunRow.status.in_(list(statuses)))
    if tag:
        query = query.where(RunRow.id.in_(select(RunTagRow.run_id).where(RunTagRow.tag == normalise_tag(tag))))
    if text:
        pattern = f"%{text.lower()}%"
        corpus_names = select(CorpusRow.id).where(func.lower(CorpusRow.name).like(pattern))
        query = query.where(or_(func.lower(RunRow.name).like(pattern),
                                func.lower(RunRow.notes).like(pattern),
                                RunRow.id.like(pattern),
                                RunRow.corpus_id.in_(corpus_names),
                                RunRow.id.in_(select(RunTagRow.run_id).where(
                                    func.lower(RunTagRow.tag).like(pattern)))))
    return list(session.scalars(query).unique())


def normalise_tag(tag: str) -> str:
    return " ".join(tag.split())[:MAX_TAG_LENGTH]


def add_tags(run: RunRow, tags: Iterable[str]) -> None:
    present = {t.tag for t in run.tags}
    for tag in map(normalise_tag, tags):
        if tag and tag not in present:
            run.tags.append(RunTagRow(run_id=run.id, tag=tag))
            present.add(tag)


def remove_tags(run: RunRow, tags: Iterable[str]) -> None:
    gone = {normalise_tag(t) for t in tags}
    run.tags = [t for t in run.tags if t.tag not in gone]


def summary_of(row: RunRow, runs_dir: Path) -> RunSummary:
    run_dir = runs_dir / row.id
    checkpoint_paths = [Path(c.path) for c in row.checkpoints]
    missing = tuple(name for name in expected_files(row.status, checkpoint_paths)
                    if not (run_dir / name).exists())
    if not run_dir.is_dir():
        missing = (f"{row.id}/",)
    return RunSummary(
        id=row.id, name=row.name, status=row.status, config=parse_config(row.config_json),
        corpus_name=row.corpus.name if row.corpus else "", created_at=aware(row.created_at),
        started_at=aware(row.started_at), finished_at=aware(row.finished_at), last_step=row.last_step,
        final_metrics=parse_json_object(row.final_metrics_json), notes=row.notes, message=row.message,
        tags=tuple(sorted(t.tag for t in row.tags)), parent_run_id=row.parent_run_id, run_dir=run_dir,
        missing_files=missing)


def detail_of(session: Session, row: RunRow, runs_dir: Path) -> RunDetail:
    run_dir = runs_dir / row.id
    checkpoints = tuple(
        CheckpointInfo(step=c.step, path=run_dir / c.path, metrics=parse_json_object(c.metrics_json),
                       created_at=aware(c.created_at), exists=(run_dir / c.path).is_dir()
                       or (run_dir / c.path).is_file())
        for c in row.checkpoints)
    names = session.execute(select(MetricPointRow.split, MetricPointRow.name)
                            .where(MetricPointRow.run_id == row.id).distinct()
                            .order_by(MetricPointRow.split, MetricPointRow.name)).all()
    return RunDetail(summary=summary_of(row, runs_dir), config_json=row.config_json,
                     corpus=corpus_info(row.corpus) if row.corpus else None, checkpoints=checkpoints,
                     metric_names=tuple((s, n) for s, n in names), pid=row.pid, hostname=row.hostname,
                     heartbeat_at=aware(row.heartbeat_at))


# --- metric points and checkpoints -------------------------------------------------------------

def add_metric_points(session: Session, points: Sequence[Mapping[str, Any]]) -> None:
    """Insert many points in one statement (executemany): keys run_id, step, split, name, value, wall_time."""
    if points:
        session.execute(MetricPointRow.__table__.insert(), list(points))


def delete_points_after(session: Session, run_id: str, step: int) -> int:
    result = session.execute(delete(MetricPointRow).where(MetricPointRow.run_id == run_id,
                                                          MetricPointRow.step > step))
    return result.rowcount or 0


def last_recorded_step(session: Session, run_id: str, split: str = "train") -> int:
    value = session.scalar(select(func.max(MetricPointRow.step)).where(
        MetricPointRow.run_id == run_id, MetricPointRow.split == split))
    return int(value or 0)


def load_curve(session: Session, run_id: str, split: str, name: str) -> Curve:
    """One curve as numpy arrays; a single indexed range scan, fast for 100k+ points."""
    # The raw driver cursor gives plain tuples, which numpy converts ~50x faster than Row objects.
    cursor = session.connection().connection.dbapi_connection.cursor()
    try:
        rows = cursor.execute(
            "SELECT step, value, wall_time FROM metric_points "
            "WHERE run_id = ? AND name = ? AND split = ? ORDER BY step", (run_id, name, split)).fetchall()
    finally:
        cursor.close()
    table = np.array(rows, dtype=np.float64).reshape(-1, 3)
    return Curve(run_id=run_id, split=split, name=name, steps=table[:, 0].astype(np.int64),
                 values=table[:, 1].copy(), wall_time=table[:, 2].copy())


def record_checkpoint(session: Session, run_id: str, step: int, path: str,
                      metrics: Mapping[str, Any]) -> None:
    """Add (or refresh) the checkpoint of ``run_id`` at ``step``."""
    row = session.scalar(select(CheckpointRow).where(CheckpointRow.run_id == run_id,
                                                     CheckpointRow.step == step))
    if row is None:
        row = CheckpointRow(run_id=run_id, step=step)
        session.add(row)
    row.path = path
    row.metrics_json = json.dumps(dict(metrics), sort_keys=True, default=float)
    row.created_at = utcnow()


def ensure_checkpoint(session: Session, run_id: str, step: int, path: str) -> None:
    """Record a checkpoint found on disk that the database does not know yet."""
    exists = session.scalar(select(CheckpointRow.id).where(CheckpointRow.run_id == run_id,
                                                           CheckpointRow.step == step))
    if exists is None:
        session.add(CheckpointRow(run_id=run_id, step=step, path=path, metrics_json="{}",
                                  created_at=utcnow()))


def forget_missing_checkpoints(session: Session, run_id: str, run_dir: Path) -> None:
    rows = session.scalars(select(CheckpointRow).where(CheckpointRow.run_id == run_id))
    for row in rows:
        if not (run_dir / row.path).exists():
            session.delete(row)


def delete_checkpoints_after(session: Session, run_id: str, step: int) -> None:
    session.execute(delete(CheckpointRow).where(CheckpointRow.run_id == run_id, CheckpointRow.step > step))


def relative_checkpoint_path(run_dir: Path, path: str | Path) -> str:
    """The checkpoint path relative to the run directory when inside it, else absolute."""
    path = Path(path)
    try:
        return path.resolve().relative_to(run_dir.resolve()).as_posix()
    except ValueError:
        return str(path)


def checkpoint_dir_name(step: int) -> str:
    return f"{CHECKPOINTS_DIR}/step-{step:06d}"
