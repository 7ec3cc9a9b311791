"""Queries and updates of the history. Each takes a Session; the caller owns the transaction."""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import CursorResult, Result, delete, func, or_, select, update
from sqlalchemy.orm import Session

from mlmstudio import command_hint
from mlmstudio.engine.metric_names import TRAIN
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import ACTIVE_STATUSES, RunStatus
from mlmstudio.store.errors import NoSuchRunError, RunNotFoundError, StoreError
from mlmstudio.store.models import (
    CheckpointRow,
    CorpusRow,
    MetricPointRow,
    ProbePointRow,
    RunRow,
    RunTagRow,
    table_of,
    utcnow,
)
from mlmstudio.store.records import (
    CheckpointInfo,
    CorpusInfo,
    Curve,
    ProbeCurve,
    RunDetail,
    RunSummary,
    aware,
    expected_files,
    parse_config,
    parse_json_object,
    to_jsonable,
)
from mlmstudio.store.run_refs import latest_offset, latest_run
from mlmstudio.unicode_text import is_text

log = logging.getLogger(__name__)

MIN_PREFIX = 4  # shortest id prefix accepted for a run reference
MAX_TAG_LENGTH = 100


def new_run_id() -> str:
    return uuid.uuid4().hex[:12]


# --- corpora -----------------------------------------------------------------------------------


def get_or_create_corpus(
    session: Session, *, name: str, source: str, sha256: str, size_bytes: int, stats: Mapping[str, Any]
) -> CorpusRow:
    """The corpus row for this content and source, added if new."""
    row = session.scalar(select(CorpusRow).where(CorpusRow.sha256 == sha256, CorpusRow.source == source))
    if row is None:
        row = CorpusRow(
            name=name,
            source=source,
            sha256=sha256,
            size_bytes=size_bytes,
            stats_json=json.dumps(dict(stats), sort_keys=True),
            added_at=utcnow(),
        )
        session.add(row)
        session.flush()
    return row


def corpus_info(row: CorpusRow) -> CorpusInfo:
    return CorpusInfo(
        id=row.id,
        name=row.name,
        source=row.source,
        sha256=row.sha256,
        size_bytes=row.size_bytes,
        stats=parse_json_object(row.stats_json),
        added_at=aware(row.added_at),
    )


# --- runs --------------------------------------------------------------------------------------


def find_run(session: Session, ref: str) -> RunRow:
    """A run by id, by a unique id prefix (4+ characters), by its exact, unique name, or
    ``latest`` / ``latest~N`` (the newest run, the N-th before it)."""
    ref = ref.strip()
    if not ref:
        raise RunNotFoundError(
            f"No run given. Pass a run id or name (see '{command_hint.command('runs list')}')."
        )
    if not is_text(ref):  # undecodable bytes from a command line: no run has such a name
        shown = ref.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise NoSuchRunError(
            f"No run matches '{shown}' (it holds bytes that are not UTF-8 text). "
            f"See '{command_hint.command('runs list')}' for the ids."
        )
    back = latest_offset(ref)
    if back is not None:  # "latest", "latest~1": no id needed
        try:
            return latest_run(session, back)
        except (ValueError, TypeError) as exc:
            session.expunge_all()
            raise StoreError(
                f"The record of the run '{ref}' names cannot be read ({exc}). "
                f"'{command_hint.command('runs rebuild-history --force')}' rebuilds the history from the run folders."
            ) from exc
    row = _get_run_row(session, ref)
    if row is not None:
        return row
    ids: list[str] = []
    if len(ref) >= MIN_PREFIX:
        ids = list(session.scalars(select(RunRow.id).where(RunRow.id.startswith(ref, autoescape=True))))
    if not ids:
        ids = list(session.scalars(select(RunRow.id).where(RunRow.name == ref)))
    # A run deleted since the ids were read is no candidate.
    candidates = [row for run_id in ids if (row := _get_run_row(session, run_id)) is not None]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise NoSuchRunError(
            f"No run matches '{ref}'. See '{command_hint.command('runs list')}' for the ids."
        )
    shown = ", ".join(sorted(r.id for r in candidates)[:5])
    raise RunNotFoundError(f"Several runs match '{ref}' ({shown}). Use the full run id.")


def create_run(
    session: Session,
    *,
    name: str,
    config_json: str,
    corpus_id: int | None,
    parent_run_id: str | None = None,
    status: str = RunStatus.QUEUED,
    run_id: str | None = None,
) -> RunRow:
    row = RunRow(
        id=run_id or new_run_id(),
        name=name,
        status=status,
        config_json=config_json,
        corpus_id=corpus_id,
        parent_run_id=parent_run_id,
        created_at=utcnow(),
        last_step=0,
        message="",
        notes="",
    )
    session.add(row)
    session.flush()
    return row


def list_run_rows(
    session: Session,
    *,
    statuses: Sequence[str] = (),
    tag: str | None = None,
    text: str | None = None,
    problems: list[str] | None = None,
) -> list[RunRow]:
    """Runs newest first, filtered by status, tag and a case-insensitive text search.

    A row that cannot be read (a date that does not parse) is skipped, never fatal: the
    others are returned, and a sentence about the skipped one goes to ``problems``.
    """
    query = select(RunRow).order_by(RunRow.created_at.desc(), RunRow.id)
    if statuses:
        query = query.where(RunRow.status.in_(list(statuses)))
    if tag:
        query = query.where(
            RunRow.id.in_(select(RunTagRow.run_id).where(RunTagRow.tag == normalise_tag(tag)))
        )
    if text:
        # The user's text is matched literally: '_' and '%' are not wildcards.
        pattern = "%" + like_escaped(text.lower()) + "%"

        def matches(column):
            return column.like(pattern, escape=LIKE_ESCAPE)

        corpus_names = select(CorpusRow.id).where(matches(func.lower(CorpusRow.name)))
        query = query.where(
            or_(
                matches(func.lower(RunRow.name)),
                matches(func.lower(RunRow.notes)),
                matches(RunRow.id),
                RunRow.corpus_id.in_(corpus_names),
                RunRow.id.in_(select(RunTagRow.run_id).where(matches(func.lower(RunTagRow.tag)))),
            )
        )
    try:
        return list(session.scalars(query).unique())
    except (ValueError, TypeError):
        session.expunge_all()  # one bad row spoilt the batch: read them one by one
    rows = []
    for run_id in session.scalars(query.with_only_columns(RunRow.id)).all():
        try:
            row = _get_run_row(session, run_id)
        except StoreError as exc:  # said once: to the caller who asked for the problems, else to the log
            if problems is not None:
                problems.append(str(exc))
            else:
                log.warning("%s", exc)
        else:
            if row is not None:  # None: deleted since the ids were read
                rows.append(row)
    return rows


def rows_affected(result: Result[Any]) -> int:
    """The rows an UPDATE or DELETE matched (``Session.execute`` is typed as returning any Result)."""
    assert isinstance(result, CursorResult)
    return result.rowcount or 0


def raw_cursor(session: Session) -> Any:
    """The driver's own cursor on the session's connection: plain tuples, far faster than Row objects."""
    connection = session.connection().connection.dbapi_connection
    assert connection is not None  # checked out for the session's transaction
    return connection.cursor()


def _get_run_row(session: Session, run_id: str) -> RunRow | None:
    """``session.get``, with an unreadable row (bad date, wrong type) as a StoreError naming the run."""
    try:
        return session.get(RunRow, run_id)
    except (ValueError, TypeError) as exc:
        session.expunge_all()
        raise StoreError(
            f"The record of run {run_id} in the history cannot be read ({exc}). "
            f"The other runs are fine; '{command_hint.command('runs rebuild-history --force')}' "
            "rebuilds the history from the run folders."
        ) from exc


LIKE_ESCAPE = "\\"


def like_escaped(text: str) -> str:
    """``text`` for a LIKE pattern with ``LIKE_ESCAPE``: its own '%', '_' and escapes match literally."""
    return (
        text.replace(LIKE_ESCAPE, LIKE_ESCAPE * 2)
        .replace("%", LIKE_ESCAPE + "%")
        .replace("_", LIKE_ESCAPE + "_")
    )


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
    missing = tuple(
        name for name in expected_files(row.status, checkpoint_paths) if not (run_dir / name).exists()
    )
    if not run_dir.is_dir():
        missing = (f"{row.id}/",)
    return RunSummary(
        id=row.id,
        name=row.name,
        status=RunStatus(row.status),  # the column's CHECK constraint admits only RunStatus values
        config=parse_config(row.config_json),
        corpus_name=row.corpus.name if row.corpus else "",
        created_at=aware(row.created_at),
        started_at=aware(row.started_at),
        finished_at=aware(row.finished_at),
        last_step=row.last_step,
        final_metrics=parse_json_object(row.final_metrics_json),
        notes=row.notes,
        message=row.message,
        tags=tuple(sorted(t.tag for t in row.tags)),
        parent_run_id=row.parent_run_id,
        run_dir=run_dir,
        missing_files=missing,
    )


def detail_of(session: Session, row: RunRow, runs_dir: Path) -> RunDetail:
    run_dir = runs_dir / row.id
    checkpoints = tuple(
        CheckpointInfo(
            step=c.step,
            path=run_dir / c.path,
            metrics=parse_json_object(c.metrics_json),
            created_at=aware(c.created_at),
            exists=(run_dir / c.path).is_dir() or (run_dir / c.path).is_file(),
        )
        for c in row.checkpoints
    )
    names = session.execute(
        select(MetricPointRow.split, MetricPointRow.name)
        .where(MetricPointRow.run_id == row.id)
        .distinct()
        .order_by(MetricPointRow.split, MetricPointRow.name)
    ).all()
    return RunDetail(
        summary=summary_of(row, runs_dir),
        config_json=row.config_json,
        corpus=corpus_info(row.corpus) if row.corpus else None,
        checkpoints=checkpoints,
        metric_names=tuple((s, n) for s, n in names),
        pid=row.pid,
        hostname=row.hostname,
        heartbeat_at=aware(row.heartbeat_at),
    )


# --- metric points and checkpoints -------------------------------------------------------------


def add_metric_points(session: Session, points: Sequence[Mapping[str, Any]]) -> None:
    """Insert many points in one statement (executemany): keys run_id, step, split, name, value, wall_time."""
    if points:
        session.execute(table_of(MetricPointRow).insert(), list(points))


def delete_points_after(session: Session, run_id: str, step: int) -> int:
    """Drop the metric points (and the probe points) after ``step``; the number of metric points."""
    session.execute(delete(ProbePointRow).where(ProbePointRow.run_id == run_id, ProbePointRow.step > step))
    result = session.execute(
        delete(MetricPointRow).where(MetricPointRow.run_id == run_id, MetricPointRow.step > step)
    )
    return rows_affected(result)


def add_probe_points(session: Session, points: Sequence[Mapping[str, Any]]) -> None:
    """Insert many probe points in one statement: keys run_id, step, probe, sentence, answer,
    probability, top1, hit, wall_time (``engine.inspect.probe_log.probe_rows`` makes them)."""
    if points:
        session.execute(table_of(ProbePointRow).insert(), list(points))


def load_probe_curves(session: Session, run_id: str) -> list[ProbeCurve]:
    """Every probe of a run as a curve, in the run's probe order; [] for a run without probes.

    A probe is known by its place in the list; its sentence and answer are the newest recorded.
    """
    rows = session.execute(
        select(
            ProbePointRow.probe,
            ProbePointRow.step,
            ProbePointRow.probability,
            ProbePointRow.top1,
            ProbePointRow.hit,
            ProbePointRow.wall_time,
            ProbePointRow.sentence,
            ProbePointRow.answer,
        )
        .where(ProbePointRow.run_id == run_id)
        .order_by(ProbePointRow.probe, ProbePointRow.step)
    ).all()
    by_probe: dict[int, list] = {}
    for row in rows:
        by_probe.setdefault(row[0], []).append(row)
    curves = []
    for probe, points in sorted(by_probe.items()):
        curves.append(
            ProbeCurve(
                run_id=run_id,
                probe=probe,
                sentence=points[-1][6],
                answer=points[-1][7],
                steps=np.array([p[1] for p in points], dtype=np.int64),
                probabilities=np.array([p[2] for p in points], dtype=np.float64),
                top1=tuple(p[3] for p in points),
                hits=np.array([bool(p[4]) for p in points], dtype=bool),
                wall_time=np.array([p[5] for p in points], dtype=np.float64),
            )
        )
    return curves


def last_recorded_step(session: Session, run_id: str, split: str = TRAIN) -> int:
    value = session.scalar(
        select(func.max(MetricPointRow.step)).where(
            MetricPointRow.run_id == run_id, MetricPointRow.split == split
        )
    )
    return int(value or 0)


def load_curve(session: Session, run_id: str, split: str, name: str) -> Curve:
    """One curve as numpy arrays; a single indexed range scan, fast for 100k+ points."""
    # The raw driver cursor gives plain tuples, which numpy converts ~50x faster than Row objects.
    cursor = raw_cursor(session)
    try:
        rows = cursor.execute(
            "SELECT step, value, wall_time FROM metric_points "
            "WHERE run_id = ? AND name = ? AND split = ? ORDER BY step",
            (run_id, name, split),
        ).fetchall()
    finally:
        cursor.close()
    table = np.array(rows, dtype=np.float64).reshape(-1, 3)
    return Curve(
        run_id=run_id,
        split=split,
        name=name,
        steps=table[:, 0].astype(np.int64),
        values=table[:, 1].copy(),
        wall_time=table[:, 2].copy(),
    )


def record_checkpoint(
    session: Session, run_id: str, step: int, path: str, metrics: Mapping[str, Any]
) -> None:
    """Add (or refresh) the checkpoint of ``run_id`` at ``step``."""
    row = session.scalar(
        select(CheckpointRow).where(CheckpointRow.run_id == run_id, CheckpointRow.step == step)
    )
    if row is None:
        row = CheckpointRow(run_id=run_id, step=step)
        session.add(row)
    row.path = path
    row.metrics_json = json.dumps(dict(metrics), sort_keys=True, default=float)
    row.created_at = utcnow()


def ensure_checkpoint(session: Session, run_id: str, step: int, path: str) -> None:
    """Record a checkpoint found on disk that the database does not know yet."""
    exists = session.scalar(
        select(CheckpointRow.id).where(CheckpointRow.run_id == run_id, CheckpointRow.step == step)
    )
    if exists is None:
        session.add(
            CheckpointRow(run_id=run_id, step=step, path=path, metrics_json="{}", created_at=utcnow())
        )


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


def record_run_end(session: Session, run_id: str, end: RunEnd, *, only_if_active: bool = False) -> int:
    """Write how a run ended (``run_end.decide_run_end``'s answer); the number of rows changed.

    ``only_if_active`` leaves a run alone that something else already ended.
    """
    values: dict[str, Any] = {"status": end.status.value, "finished_at": utcnow(), "message": end.message}
    if end.summary is not None:
        values["final_metrics_json"] = json.dumps(to_jsonable(end.summary.as_dict()), sort_keys=True)
    statement = update(RunRow).where(RunRow.id == run_id)
    if only_if_active:
        statement = statement.where(RunRow.status.in_([s.value for s in ACTIVE_STATUSES]))
    return rows_affected(session.execute(statement.values(**values)))
