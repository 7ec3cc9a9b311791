"""A recorded run's life: prepare it, train it, resume it, and always settle how it ended.

    prepare_run   records a ``queued`` run and writes its config.json
    run_recorded  trains a queued run on the calling thread, recording every event
    resume_run    continues an interrupted, stopped or failed run in the same run:
                  from its newest intact checkpoint, or from step 0 if it has none
Both training calls hold the run's owner lock (``run_lock.py``) while they run,
so no second process can resume, delete or recover the run meanwhile; a
heartbeat thread keeps the row fresh and mirrors pause; and whatever happens,
``_settle`` writes the end that ``run_end.decide_run_end`` decides. The GUI
calls these from its worker thread, the CLI from the main thread. The engine
(and torch) is imported only when a run trains.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select, update

from mlmstudio.config import RunConfig
from mlmstudio.engine.events import EventCallback, TrainingControl
from mlmstudio.engine.run_end import INTERRUPTED_MESSAGE, RunEnd, decide_run_end
from mlmstudio.engine.run_files import RunFolder
from mlmstudio.engine.run_status import ACTIVE_STATUSES, RunStatus
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.errors import CorpusChangedError, StoreError
from mlmstudio.store.models import RunRow, utcnow
from mlmstudio.store.recorder import RunRecorder
from mlmstudio.store.recovery import hostname
from mlmstudio.store.run_lock import RunLock, owner_alive
from mlmstudio.store.run_names import default_run_name, describe_run

if TYPE_CHECKING:
    from mlmstudio.engine.corpus import Corpus
    from mlmstudio.engine.trainer import Trainer, TrainResult

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0


@dataclass(frozen=True)
class RunHandle:
    run_id: str
    run_dir: Path
    name: str


# --- creating and training runs ----------------------------------------------------------------


def prepare_run(
    db: Database, config: RunConfig, corpus: Corpus, name: str | None = None, parent_run_id: str | None = None
) -> RunHandle:
    """Record a new ``queued`` run (and its corpus, if new) and write its config.json."""
    from mlmstudio.engine.atomic_file import atomic_write_text
    from mlmstudio.engine.errors import TrainingError
    from mlmstudio.engine.memory import training_memory_shortage

    config.validate()  # a refused configuration records nothing
    shortage = training_memory_shortage(config)
    if shortage:
        raise TrainingError(shortage)
    run_id = repository.new_run_id()
    run_dir = db.run_dir(run_id)
    name = " ".join((name or "").split())[:500]
    run_dir.mkdir(parents=True)
    try:
        atomic_write_text(RunFolder(run_dir).config, config.to_json())
        with db.session() as session:
            if not name:
                # Numbered among the runs of the same description, in the same transaction.
                like = describe_run(config, corpus.name)
                taken = session.scalars(
                    select(RunRow.name).where(RunRow.name.startswith(like, autoescape=True))
                ).all()
                name = default_run_name(config, corpus.name, taken)
            stats = dataclasses.asdict(corpus.stats)
            corpus_row = repository.get_or_create_corpus(
                session,
                name=corpus.name,
                source=corpus.source,
                sha256=corpus.stats.sha256,
                size_bytes=corpus.stats.size_bytes,
                stats=stats,
            )
            row = repository.create_run(
                session,
                run_id=run_id,
                name=name,
                config_json=config.to_json(),
                corpus_id=corpus_row.id,
                parent_run_id=parent_run_id,
            )
            # Who recorded it: if that process dies before the run starts, recovery can tell.
            row.pid, row.hostname = os.getpid(), hostname()
    except BaseException:
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    return RunHandle(run_id, run_dir, name)


def run_recorded(
    db: Database,
    handle_or_run_id: RunHandle | str,
    corpus_text: str,
    *,
    callbacks: Iterable[EventCallback] = (),
    control: TrainingControl | None = None,
    tokenizer=None,
) -> TrainResult:
    """Train a queued run on this thread, recording everything; the run never stays ``running``.

    ``tokenizer`` (an MLMTokenizer) is used instead of training one, as a run capsule asks.
    """
    from mlmstudio.engine.trainer import Trainer

    run_id = handle_or_run_id.run_id if isinstance(handle_or_run_id, RunHandle) else handle_or_run_id
    with db.session(write=False) as session:
        run_id = repository.find_run(session, run_id).id
    lock = _lock_run(db, run_id)
    try:
        with db.session() as session:
            row = repository.find_run(session, run_id)
            if row.status != RunStatus.QUEUED:
                raise StoreError(
                    f"Run {row.id} has already been started (it is {row.status}). "
                    "Resume it instead, or start a new run."
                )
            config = RunConfig.from_json(row.config_json)
            _mark_running(row)
    except BaseException:
        lock.release()
        raise
    control = control or TrainingControl()
    recorder = RunRecorder(db, run_id)

    def train() -> TrainResult:
        trainer = Trainer(
            config,
            corpus_text,
            db.run_dir(run_id),
            callbacks=[recorder, *callbacks],
            control=control,
            tokenizer=tokenizer,
        )
        return trainer.run()

    return _train_guarded(db, run_id, recorder, control, lock, train)


def resume_run(
    db: Database,
    run_id: str,
    *,
    callbacks: Iterable[EventCallback] = (),
    control: TrainingControl | None = None,
) -> TrainResult:
    """Continue an interrupted, stopped or failed run in the same run.

    It continues from the newest intact checkpoint the recorded curve reaches;
    a damaged checkpoint is skipped for an older one, with a note. A run with
    no usable checkpoint (killed before its first) trains again from step 0.
    Metric points after the step it continues from are dropped first, so the
    curve goes on as one clean line. The corpus is read again from its source
    and must still have the fingerprint it was trained on.
    """
    from mlmstudio.engine.corpus import load_corpus

    with db.session(write=False) as session:
        run_id = repository.find_run(session, run_id).id
    run_dir = db.run_dir(run_id)
    lock = _lock_run(db, run_id)
    try:
        with db.session() as session:
            row = repository.find_run(session, run_id)
            if row.status in ACTIVE_STATUSES:
                # We hold its lock, so its process is gone; the database was opened before it died.
                row.status, row.message = RunStatus.INTERRUPTED.value, INTERRUPTED_MESSAGE
            _check_resumable(row)
            config = RunConfig.from_json(row.config_json)
            source = row.corpus.source if row.corpus else config.corpus.source
            expected_sha = row.corpus.sha256 if row.corpus else None
            recorded_step = repository.last_recorded_step(session, run_id)
        if not RunFolder(run_dir).config.is_file():
            raise StoreError(
                f"The folder of run {run_id} ({run_dir}) is missing or has no config.json, "
                "so it cannot be resumed. Start a new run with the same settings instead."
            )
        corpus = load_corpus(
            source,
            text_field=config.corpus.text_field,
            csv_column=config.corpus.csv_column,
            encoding=config.corpus.encoding,
        )
        if expected_sha and corpus.stats.sha256 != expected_sha:
            raise CorpusChangedError(
                f"The corpus of run {run_id} ({source}) has changed since the run was trained, so it "
                "cannot be resumed exactly. Restore the original text, or start a new run."
            )
        control = control or TrainingControl()
        recorder = RunRecorder(db, run_id)
        trainer, step, checkpoint = _resumable_trainer(
            run_dir, corpus.text, recorded_step, callbacks=[recorder, *callbacks], control=control
        )
        _drop_checkpoints_after(run_dir, step)
        with db.session() as session:
            row = repository.find_run(session, run_id)
            removed = repository.delete_points_after(session, run_id, step)
            repository.delete_checkpoints_after(session, run_id, step)
            if checkpoint is not None:
                repository.ensure_checkpoint(
                    session, run_id, step, repository.relative_checkpoint_path(run_dir, checkpoint)
                )
            row.last_step = step
            row.final_metrics_json = None
            row.finished_at = None
            _mark_running(row)
    except BaseException:
        lock.release()
        raise
    log.info("Resuming run %s from step %d (%d later metric points dropped).", run_id, step, removed)
    return _train_guarded(db, run_id, recorder, control, lock, trainer.run)


def _lock_run(db: Database, run_id: str) -> RunLock:
    """The run's owner lock, taken; refused with a sentence when another process trains it."""
    lock = RunLock(db.run_dir(run_id))
    try:
        taken = lock.acquire()
    except OSError as exc:
        raise StoreError(
            f"The folder of run {run_id} cannot be written ({exc.strerror or exc}). "
            "Check the disk and the permissions."
        ) from exc
    if not taken:
        raise StoreError(
            f"Run {run_id} is being trained by another process right now. Stop it "
            "there first, or wait until it ends."
        )
    return lock


def _check_resumable(row: RunRow) -> None:
    if row.status in ACTIVE_STATUSES:
        raise StoreError(
            f"Run {row.id} is {row.status} in process {row.pid} on {row.hostname}. "
            "Stop it there first, or wait until it ends."
        )
    if row.status == RunStatus.COMPLETED:
        raise StoreError(
            f"Run {row.id} has already completed, so there is nothing to resume. "
            "Start a new run to train longer."
        )
    if row.status == RunStatus.QUEUED:
        raise StoreError(f"Run {row.id} has not started yet, so there is nothing to resume.")


def _resumable_trainer(
    run_dir: Path, corpus_text: str, recorded_step: int, **kwargs
) -> tuple[Trainer, int, Path | None]:
    """A trainer for the run, the step it continues from, and the checkpoint it loaded (or None).

    Checkpoints the recorded curve reaches come first: resuming from one the
    curve does not reach (the process was killed between writing it and
    recording the steps before it) would leave a gap in the curve. A damaged
    checkpoint is skipped for the one before it; with none left, the run
    trains again from step 0.
    """
    from mlmstudio.engine.checkpoint import list_checkpoints
    from mlmstudio.engine.errors import ModelLoadError
    from mlmstudio.engine.trainer import Trainer

    newest_first = sorted(list_checkpoints(run_dir), reverse=True)
    ordered = [c for c in newest_first if c[0] <= recorded_step] + [
        c for c in newest_first if c[0] > recorded_step
    ]
    damaged: list[int] = []
    for step, path in ordered:
        try:
            trainer = Trainer.resume(run_dir, corpus_text, checkpoint=path, **kwargs)
        except ModelLoadError as exc:
            log.warning("Skipping checkpoint %s: %s", path, exc)
            damaged.append(step)
            continue
        if damaged:
            trainer.start_note = (
                f"The checkpoint at step {_steps(damaged)} is damaged, so the run "
                f"continues from the one at step {step}."
            )
        return trainer, step, path
    trainer = Trainer.restart(run_dir, corpus_text, **kwargs)
    if damaged:
        trainer.start_note = (
            f"The checkpoint at step {_steps(damaged)} is damaged and there is no "
            "older one, so the run starts again from step 0; its earlier points "
            "were dropped."
        )
    elif recorded_step:
        trainer.start_note = (
            "The run ended before its first checkpoint, so it starts again from "
            "step 0; its earlier points were dropped."
        )
    return trainer, 0, None


def _steps(steps: list[int]) -> str:
    return ", ".join(str(s) for s in sorted(steps))


def _drop_checkpoints_after(run_dir: Path, step: int) -> None:
    """Checkpoints past the resume step belong to the dropped part of the run (and would outlive
    the new ones when old checkpoints are pruned by step): remove them."""
    from mlmstudio.engine.run_files import CHECKPOINT_NAME

    root = RunFolder(run_dir).checkpoints
    if not root.is_dir():
        return
    for child in root.iterdir():
        match = CHECKPOINT_NAME.match(child.name.split(".")[0])
        leftover = child.name.endswith((".tmp", ".deleting"))
        if leftover or (match is not None and int(match.group(1)) > step):
            shutil.rmtree(child, ignore_errors=True)


def _mark_running(row: RunRow) -> None:
    now = utcnow()
    row.status = RunStatus.RUNNING.value
    row.started_at = row.started_at or now
    row.heartbeat_at = now
    row.pid = os.getpid()
    row.hostname = hostname()
    row.message = ""


def _train_guarded(
    db: Database,
    run_id: str,
    recorder: RunRecorder,
    control: TrainingControl,
    lock: RunLock,
    train: Callable[[], TrainResult],
) -> TrainResult:
    """Run ``train`` with a heartbeat; whatever happens, settle the run, then release its lock."""
    heartbeat = Heartbeat(db, run_id, control)
    heartbeat.start()
    result, error = None, None
    try:
        result = train()
        return result
    except BaseException as exc:
        error = exc
        raise
    finally:
        heartbeat.stop()
        recorder.close()
        _settle(db, run_id, decide_run_end(result, error, step=recorder.last_step))
        lock.release()


def _settle(db: Database, run_id: str, end: RunEnd) -> None:
    """Give a run that is still marked active its final status."""
    try:
        with db.session() as session:
            repository.record_run_end(session, run_id, end, only_if_active=True)
    except Exception:  # the database is gone or locked: recovery marks the run on next open
        log.exception("Could not record the final status of run %s.", run_id)


class Heartbeat:
    """A small thread that keeps a training run's heartbeat fresh and mirrors pause into its status.

    The recorder refreshes the heartbeat too, but only when events arrive; a
    paused run, or a very slow step, sends none for a long time.
    """

    def __init__(
        self,
        db: Database,
        run_id: str,
        control: TrainingControl,
        interval: float = HEARTBEAT_SECONDS,
        poll: float = 0.5,
    ) -> None:
        self.db, self.run_id, self.control = db, run_id, control
        self.interval, self.poll = interval, poll
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{run_id}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        paused = False
        since_beat = 0.0
        while not self._stop.wait(self.poll):
            since_beat += self.poll
            now_paused = self.control.paused and not self.control.stop_requested
            if now_paused != paused or since_beat >= self.interval:
                paused = now_paused if self._beat(now_paused) else paused
                since_beat = 0.0

    def _beat(self, paused: bool) -> bool:
        status = RunStatus.PAUSED if paused else RunStatus.RUNNING
        try:
            with self.db.session() as session:
                session.execute(
                    update(RunRow)
                    .where(RunRow.id == self.run_id, RunRow.status.in_([s.value for s in ACTIVE_STATUSES]))
                    .values(heartbeat_at=utcnow(), status=status.value)
                )
        except Exception:
            log.warning("Could not refresh the heartbeat of run %s.", self.run_id, exc_info=True)
            return False
        return True


def run_is_live(db: Database, run_id: str) -> bool:
    """Whether a process (this one or another) holds the run right now."""
    return bool(owner_alive(db.run_dir(run_id)))
