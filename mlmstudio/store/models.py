"""The ORM schema: corpora, runs, their tags, metric points, evaluations, checkpoints and the run queue.

These classes never leave a session; what crosses threads or reaches the GUI
and the CLI are the frozen dataclasses in ``records.py``. The schema itself is
created and changed only by the Alembic migrations in ``migrations/``; a test
checks that the migrated database matches these classes.

Times are stored as naive UTC datetimes (SQLite has no time zones).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from mlmstudio.engine.metric_names import TRAIN, VAL  # noqa: F401  (the splits of metric points)
from mlmstudio.engine.run_status import ALL_STATUSES, RunStatus
from mlmstudio.store import int_range, storable_text  # noqa: F401  (their listeners: see each module)

RUN_STATUSES = tuple(status.value for status in ALL_STATUSES)


def utcnow() -> datetime:
    """The current time as stored in the database: naive UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


def table_of(row_class: type[Base]) -> Table:
    """The Core table a row class maps, for bulk inserts (SQLAlchemy types ``__table__`` as any FromClause)."""
    table = row_class.__table__
    assert isinstance(table, Table)
    return table


class CorpusRow(Base):
    """A corpus a run was trained on, identified by its content fingerprint and source."""

    __tablename__ = "corpora"
    __table_args__ = (UniqueConstraint("sha256", "source", name="uq_corpora_sha256_source"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(500))
    source: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    size_bytes: Mapped[int] = mapped_column(Integer, default=0)
    stats_json: Mapped[str] = mapped_column(Text, default="{}")
    added_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


RUN_KIND_TRAINED = "trained"
RUN_KIND_IMPORTED = "imported"


class RunRow(Base):
    __tablename__ = "runs"
    __table_args__ = (
        CheckConstraint(
            "status IN ({})".format(", ".join(f"'{s}'" for s in RUN_STATUSES)), name="ck_runs_status"
        ),
        Index("ix_runs_created_at", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(500))
    status: Mapped[str] = mapped_column(String(16), default=RunStatus.QUEUED.value, index=True)
    config_json: Mapped[str] = mapped_column(Text)
    corpus_id: Mapped[int | None] = mapped_column(
        ForeignKey("corpora.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    last_step: Mapped[int] = mapped_column(Integer, default=0)
    final_metrics_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    message: Mapped[str] = mapped_column(Text, default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    # "trained" here, or "imported": a transformers model opened as it is (migration 0005).
    kind: Mapped[str] = mapped_column(String(16), default=RUN_KIND_TRAINED, server_default=RUN_KIND_TRAINED)
    # The run this one was resumed or forked from (imports and fresh runs have none).
    parent_run_id: Mapped[str | None] = mapped_column(
        ForeignKey("runs.id", ondelete="SET NULL"), nullable=True
    )
    # Who is training it: crash recovery checks these when the database is opened.
    pid: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hostname: Mapped[str | None] = mapped_column(String(255), nullable=True)
    heartbeat_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    corpus: Mapped[CorpusRow | None] = relationship(lazy="joined")
    tags: Mapped[list[RunTagRow]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, lazy="selectin", order_by="RunTagRow.tag"
    )
    checkpoints: Mapped[list[CheckpointRow]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, lazy="selectin", order_by="CheckpointRow.step"
    )


class RunTagRow(Base):
    __tablename__ = "run_tags"

    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    tag: Mapped[str] = mapped_column(String(100), primary_key=True, index=True)


class MetricPointRow(Base):
    """One value of one metric at one step: split 'train' (every step) or 'val' (evaluations)."""

    __tablename__ = "metric_points"
    # Curves are loaded by (run, name) in step order; this index makes a 100k-point curve one range scan.
    __table_args__ = (Index("ix_metric_points_run_name_step", "run_id", "name", "step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    split: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    value: Mapped[float] = mapped_column(Float)
    # Seconds of training since the run began (pauses excluded), for aligning runs by time.
    wall_time: Mapped[float] = mapped_column(Float, default=0.0)


class ProbePointRow(Base):
    """One probe at one evaluation (engine/inspect/probes.py): how sure the model is of the expected answer,
    and its own best guess. A run's probes are numbered by their place in its probe list."""

    __tablename__ = "probe_points"
    __table_args__ = (Index("ix_probe_points_run_step", "run_id", "step"),)  # added by migration 0004

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    probe: Mapped[int] = mapped_column(Integer)
    sentence: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(Text)
    probability: Mapped[float] = mapped_column(Float)
    top1: Mapped[str] = mapped_column(Text, default="")
    hit: Mapped[bool] = mapped_column(Boolean, default=False)
    wall_time: Mapped[float] = mapped_column(Float, default=0.0)


EVALUATION_KINDS = ("transfer", "grammar")


class RunEvaluationRow(Base):
    """One result of a run on a labelled task or a grammar suite (``run_evaluations.py``, migration 0006):
    the mean and spread of ``metric`` over ``seeds`` seeds, for one subject (the run, its twin, the majority
    class, a checkpoint at ``step``, or another run); ``step`` is None for the final model."""

    __tablename__ = "run_evaluations"
    __table_args__ = (
        CheckConstraint(
            "kind IN ({})".format(", ".join(f"'{k}'" for k in EVALUATION_KINDS)),
            name="ck_run_evaluations_kind",
        ),
        Index("ix_run_evaluations_run_kind", "run_id", "kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    subject: Mapped[str] = mapped_column(String(64))
    metric: Mapped[str] = mapped_column(String(64))
    mean: Mapped[float] = mapped_column(Float)
    spread: Mapped[float] = mapped_column(Float)
    seeds: Mapped[int] = mapped_column(Integer)
    details_json: Mapped[str] = mapped_column(Text, default="{}")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class CheckpointRow(Base):
    __tablename__ = "checkpoints"
    __table_args__ = (UniqueConstraint("run_id", "step", name="uq_checkpoints_run_step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[str] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    # Relative to the run directory when inside it, so a moved data directory keeps working.
    path: Mapped[str] = mapped_column(Text)
    metrics_json: Mapped[str] = mapped_column(Text, default="{}")  # added by migration 0002
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


QUEUE_STATES = ("waiting", "running", "done", "failed", "interrupted", "removed")
AFTER_CRASH_CHOICES = ("wait", "resume")


class QueueItemRow(Base):
    """One run configuration waiting in the queue, or what became of it (``store/queue.py``)."""

    __tablename__ = "queue_items"
    __table_args__ = (
        CheckConstraint(
            "state IN ({})".format(", ".join(f"'{s}'" for s in QUEUE_STATES)), name="ck_queue_items_state"
        ),
        Index("ix_queue_items_state_position", "state", "position"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(500), default="")
    config_json: Mapped[str] = mapped_column(Text)
    corpus_source: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(16), default="waiting")
    run_id: Mapped[str | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"), nullable=True)
    message: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # Who claimed it: liveness is the item's lock file; these are for people and a missing file.
    pid: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hostname: Mapped[str | None] = mapped_column(String(255), nullable=True)


class QueueSettingsRow(Base):
    """The queue's one row of settings: paused or not, and what to do after a crash."""

    __tablename__ = "queue_settings"
    __table_args__ = (
        CheckConstraint(
            "after_crash IN ({})".format(", ".join(f"'{s}'" for s in AFTER_CRASH_CHOICES)),
            name="ck_queue_settings_after_crash",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    after_crash: Mapped[str] = mapped_column(String(16), default="wait")
    note: Mapped[str] = mapped_column(Text, default="")
