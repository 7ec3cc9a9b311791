"""The run history's API, shared by the desktop app and the command line.

Functions here take a ``Database``, open their own short sessions, and return
plain records (``records.py``). Training runs on the calling thread: the GUI
calls ``run_recorded``/``resume_run`` from its worker thread, the CLI from the
main thread. The engine (and torch) is imported only when a run trains.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from sqlalchemy import update

from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.errors import MLMStudioError, ModelLoadError
from mlmstudio.engine.events import EventCallback, TrainingControl
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.errors import CorpusChangedError, StoreError
from mlmstudio.store.models import ACTIVE_STATUSES, RunRow, utcnow
from mlmstudio.store.recorder import RunRecorder
from mlmstudio.store.records import (CONFIG_FILE, MODEL_FILE, TOKENIZER_FILE, Curve, RunDetail,
                                     RunSummary, to_jsonable)
from mlmstudio.store.recovery import hostname

if TYPE_CHECKING:
    from mlmstudio.engine.corpus import Corpus
    from mlmstudio.engine.tokenization import MLMTokenizer
    from mlmstudio.engine.trainer import TrainResult

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0
RESUMABLE_STATUSES = ("interrupted", "stopped", "failed")


@dataclass(frozen=True)
class RunHandle:
    run_id: str
    run_dir: Path
    name: str


# --- creating and training runs ----------------------------------------------------------------

def prepare_run(db: Database, config: RunConfig, corpus: "Corpus", name: str | None = None,
                parent_run_id: str | None = None) -> RunHandle:
    """Record a new ``queued`` run (and its corpus, if new) and write its config.json."""
    from mlmstudio.engine.artifacts import atomic_write_text

    config.validate()
    run_id = repository.new_run_id()
    run_dir = db.run_dir(run_id)
    name = " ".join((name or "").split())[:500] or default_run_name(config, corpus.name)
    run_dir.mkdir(parents=True)
    try:
        atomic_write_text(run_dir / CONFIG_FILE, config.to_json())
        with db.session() as session:
            stats = dataclasses.asdict(corpus.stats)
            corpus_row = repository.get_or_create_corpus(
                session, name=corpus.name, source=corpus.source, sha256=corpus.stats.sha256,
                size_bytes=corpus.stats.size_bytes, stats=stats)
            repository.create_run(session, run_id=run_id, name=name, config_json=config.to_json(),
                                  corpus_id=corpus_row.id, parent_run_id=parent_run_id)
    except BaseException:
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    return RunHandle(run_id, run_dir, name)


def default_run_name(config: RunConfig, corpus_name: str) -> str:
    m = config.model
    return f"{corpus_name} · {m.arch} {m.num_layers}x{m.d_model} · {config.tokenizer.kind}"


def run_recorded(db: Database, handle_or_run_id: RunHandle | str, corpus_text: str, *,
                 callbacks: Iterable[EventCallback] = (), control: TrainingControl | None = None,
                 tokenizer: "MLMTokenizer | None" = None) -> "TrainResult":
    """Train a queued run on this thread, recording everything; the run never stays ``running``."""
    from mlmstudio.engine.trainer import Trainer

    run_id = handle_or_run_id.run_id if isinstance(handle_or_run_id, RunHandle) else handle_or_run_id
    with db.session() as session:
        row = repository.find_run(session, run_id)
        if row.status != "queued":
            raise StoreError(f"Run {row.id} has already been started (it is {row.status}). "
                             "Resume it instead, or start a new run.")
        config = RunConfig.from_json(row.config_json)
        _mark_running(row)
        run_id = row.id
    control = control or TrainingControl()
    recorder = RunRecorder(db, run_id)

    def train() -> "TrainResult":
        trainer = Trainer(config, corpus_text, db.run_dir(run_id), callbacks=[recorder, *callbacks],
                          control=control, tokenizer=tokenizer)
        return trainer.run()

    return _train_guarded(db, run_id, recorder, control, train)


def resume_run(db: Database, run_id: str, *, callbacks: Iterable[EventCallback] = (),
               control: TrainingControl | None = None) -> "TrainResult":
    """Continue an interrupted, stopped or failed run from its last checkpoint, in the same run.

    Metric points after the checkpoint's step are discarded first, so the curve
    continues as one clean line. The corpus is read again from its source and
    must still have the fingerprint it was trained on.
    """
    from mlmstudio.engine.checkpoint import list_checkpoints
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.trainer import Trainer

    with db.session(write=False) as session:
        row = repository.find_run(session, run_id)
        run_id, status = row.id, row.status
        _check_resumable(row)
        config = RunConfig.from_json(row.config_json)
        source = row.corpus.source if row.corpus else config.corpus.source
        expected_sha = row.corpus.sha256 if row.corpus else None
        recorded_step = repository.last_recorded_step(session, run_id)
    run_dir = db.run_dir(run_id)
    checkpoints = list_checkpoints(run_dir)
    if not checkpoints:
        raise StoreError(f"Run {run_id} has no checkpoint to resume from (it ended, {status}, before "
                         "its first checkpoint). Start a new run with the same settings instead.")
    corpus = load_corpus(source, text_field=config.corpus.text_field,
                         csv_column=config.corpus.csv_column)
    if expected_sha and corpus.stats.sha256 != expected_sha:
        raise CorpusChangedError(
            f"The corpus of run {run_id} ({source}) has changed since the run was trained, so it "
            "cannot be resumed exactly. Restore the original text, or start a new run.")

    control = control or TrainingControl()
    recorder = RunRecorder(db, run_id)
    trainer, step = _resumable_trainer(Trainer, run_dir, corpus.text, checkpoints, recorded_step,
                                       callbacks=[recorder, *callbacks], control=control)
    with db.session() as session:
        row = repository.find_run(session, run_id)
        if row.status in ACTIVE_STATUSES:
            raise StoreError(f"Run {run_id} was just resumed by another process.")
        removed = repository.delete_points_after(session, run_id, step)
        repository.delete_checkpoints_after(session, run_id, step)
        repository.ensure_checkpoint(session, run_id, step, repository.relative_checkpoint_path(
            run_dir, dict(checkpoints)[step]))
        row.last_step = step
        row.final_metrics_json = None
        row.finished_at = None
        _mark_running(row)
    log.info("Resuming run %s from step %d (%d later metric points discarded).", run_id, step, removed)
    return _train_guarded(db, run_id, recorder, control, trainer.run)


def _check_resumable(row: RunRow) -> None:
    if row.status in ACTIVE_STATUSES:
        raise StoreError(f"Run {row.id} is {row.status} in process {row.pid} on {row.hostname}. "
                         "Stop it there first, or wait until it ends.")
    if row.status == "completed":
        raise StoreError(f"Run {row.id} has already completed, so there is nothing to resume. "
                         "Start a new run to train longer.")
    if row.status == "queued":
        raise StoreError(f"Run {row.id} has not started yet, so there is nothing to resume.")


def _resumable_trainer(trainer_cls, run_dir: Path, corpus_text: str,
                       checkpoints: list[tuple[int, Path]], recorded_step: int, **kwargs):
    """A trainer resumed from the newest usable checkpoint, and that checkpoint's step.

    Checkpoints the recorded curve reaches come first: resuming from one the
    curve does not reach (the process was killed between writing it and
    recording the steps before it) would leave a gap in the curve. A damaged
    checkpoint is skipped for the one before it.
    """
    newest_first = sorted(checkpoints, reverse=True)
    ordered = ([c for c in newest_first if c[0] <= recorded_step]
               + [c for c in newest_first if c[0] > recorded_step])
    last_error: ModelLoadError | None = None
    for step, path in ordered:
        try:
            return trainer_cls.resume(run_dir, corpus_text, checkpoint=path, **kwargs), step
        except ModelLoadError as exc:
            log.warning("Skipping checkpoint %s: %s", path, exc)
            last_error = exc
    assert last_error is not None
    raise last_error


def _mark_running(row: RunRow) -> None:
    now = utcnow()
    row.status = "running"
    row.started_at = row.started_at or now
    row.heartbeat_at = now
    row.pid = os.getpid()
    row.hostname = hostname()
    row.message = ""


def _train_guarded(db: Database, run_id: str, recorder: RunRecorder, control: TrainingControl,
                   train: Callable[[], "TrainResult"]) -> "TrainResult":
    """Run ``train`` with a heartbeat; whatever happens, leave the run in a final status."""
    heartbeat = Heartbeat(db, run_id, control)
    heartbeat.start()
    result = None
    outcome = ("failed", "Training ended without a result.")
    try:
        result = train()
        return result
    except KeyboardInterrupt:
        outcome = ("interrupted", "Training was interrupted before it could save its state. "
                                  "Resume it to continue from its last checkpoint.")
        raise
    except MLMStudioError as exc:
        outcome = ("failed", str(exc))
        raise
    except BaseException as exc:
        outcome = ("failed", f"Training stopped on an unexpected error: {exc}")
        raise
    finally:
        heartbeat.stop()
        recorder.close()
        _settle(db, run_id, result, outcome)


def _settle(db: Database, run_id: str, result: "TrainResult | None", outcome: tuple[str, str]) -> None:
    """Give a run that is still marked active its final status (from the result if there is one)."""
    values: dict = {"finished_at": utcnow()}
    if result is not None:
        values.update(status=result.status if result.status in ("completed", "stopped", "failed")
                      else "failed", message=result.message or "")
        if result.summary:
            values["final_metrics_json"] = json.dumps(to_jsonable(result.summary), sort_keys=True)
    else:
        values.update(status=outcome[0], message=outcome[1])
    try:
        with db.session() as session:
            session.execute(update(RunRow).where(RunRow.id == run_id,
                                                 RunRow.status.in_(ACTIVE_STATUSES)).values(**values))
    except Exception:  # the database is gone or locked: recovery marks the run on next open
        log.exception("Could not record the final status of run %s.", run_id)


class Heartbeat:
    """A small thread that keeps a training run's heartbeat fresh and mirrors pause into its status.

    The recorder refreshes the heartbeat too, but only when events arrive; a
    paused run, or a very slow step, sends none for a long time.
    """

    def __init__(self, db: Database, run_id: str, control: TrainingControl,
                 interval: float = HEARTBEAT_SECONDS, poll: float = 0.5) -> None:
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
        try:
            with self.db.session() as session:
                session.execute(update(RunRow).where(RunRow.id == self.run_id,
                                                     RunRow.status.in_(ACTIVE_STATUSES))
                                .values(heartbeat_at=utcnow(), status="paused" if paused else "running"))
        except Exception:
            log.warning("Could not refresh the heartbeat of run %s.", self.run_id, exc_info=True)
            return False
        return True


# --- reading -----------------------------------------------------------------------------------

def list_runs(db: Database, *, statuses: Sequence[str] = (), tag: str | None = None,
              text: str | None = None) -> list[RunSummary]:
    """Runs newest first, optionally filtered by status, tag and text (name, notes, corpus, id)."""
    with db.session(write=False) as session:
        return [repository.summary_of(row, db.runs_dir)
                for row in repository.list_run_rows(session, statuses=statuses, tag=tag, text=text)]


def get_run(db: Database, ref: str) -> RunDetail:
    """A run by id, unique id prefix or unique name."""
    with db.session(write=False) as session:
        return repository.detail_of(session, repository.find_run(session, ref), db.runs_dir)


def resolve_run_id(db: Database, ref: str) -> str:
    with db.session(write=False) as session:
        return repository.find_run(session, ref).id


def run_config(db: Database, ref: str) -> RunConfig:
    with db.session(write=False) as session:
        row = repository.find_run(session, ref)
        try:
            return RunConfig.from_json(row.config_json)
        except ConfigError as exc:
            raise StoreError(f"The stored configuration of run {row.id} is no longer valid: {exc}") from exc


def load_curve(db: Database, ref: str, split: str, name: str) -> Curve:
    with db.session(write=False) as session:
        run_id = repository.find_run(session, ref).id
        return repository.load_curve(session, run_id, split, name)


def load_curves(db: Database, ref: str) -> dict[str, Curve]:
    """Every curve of a run, keyed 'train_loss', 'val_loss', 'val_accuracy', ..."""
    with db.session(write=False) as session:
        row = repository.find_run(session, ref)
        names = repository.detail_of(session, row, db.runs_dir).metric_names
        curves = [repository.load_curve(session, row.id, split, name) for split, name in names]
    return {curve.key: curve for curve in curves}


def model_dir_of_run(db: Database, ref: str) -> Path | None:
    """The folder holding a run's trained model; None if no run matches ``ref``.

    Raises ``StoreError`` when the run exists but has no model on disk.
    """
    from mlmstudio.store.errors import RunNotFoundError

    try:
        detail = get_run(db, ref)
    except RunNotFoundError:
        return None
    summary = detail.summary
    if not summary.has_model:
        missing = [n for n in (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE)
                   if not (summary.run_dir / n).is_file()]
        why = ("its files are missing" if summary.status in ("completed", "stopped")
               else f"it is {summary.status} and has not saved a model yet")
        raise StoreError(f"Run {summary.id} has no trained model ({why}: {', '.join(missing)}). "
                         "Resume it or choose another run.")
    return summary.run_dir


# --- changing ----------------------------------------------------------------------------------

def rename_run(db: Database, ref: str, name: str) -> RunSummary:
    name = " ".join(name.split())
    if not name:
        raise StoreError("A run name cannot be empty. Give a few words that describe the run.")
    return _update(db, ref, lambda row: setattr(row, "name", name[:500]))


def set_notes(db: Database, ref: str, notes: str, *, append: bool = False) -> RunSummary:
    def change(row: RunRow) -> None:
        row.notes = f"{row.notes.rstrip()}\n{notes}".strip() if append and row.notes else notes

    return _update(db, ref, change)


def tag_run(db: Database, ref: str, add: Iterable[str] = (), remove: Iterable[str] = ()) -> RunSummary:
    def change(row: RunRow) -> None:
        repository.remove_tags(row, remove)
        repository.add_tags(row, add)

    return _update(db, ref, change)


def _update(db: Database, ref: str, change: Callable[[RunRow], None]) -> RunSummary:
    with db.session() as session:
        row = repository.find_run(session, ref)
        change(row)
        session.flush()
        return repository.summary_of(row, db.runs_dir)


def delete_run(db: Database, ref: str) -> str:
    """Delete a run, its curves and its files; return its id. A run that is training is refused."""
    moved: tuple[Path, Path] | None = None
    try:
        with db.session() as session:
            row = repository.find_run(session, ref)
            if row.status in ACTIVE_STATUSES:
                raise StoreError(f"Run {row.id} is {row.status}; stop it before deleting it.")
            run_id = row.id
            run_dir = db.run_dir(run_id)
            # Move the files aside first, so that if the database change fails they can come back.
            if run_dir.exists():
                trash = run_dir.with_name(f".deleting-{run_id}")
                os.replace(run_dir, trash)
                moved = (trash, run_dir)
            session.execute(update(RunRow).where(RunRow.parent_run_id == run_id)
                            .values(parent_run_id=None))
            session.delete(row)
    except BaseException:
        if moved is not None and moved[0].exists():
            os.replace(*moved)
        raise
    if moved is not None:
        shutil.rmtree(moved[0], ignore_errors=True)
    return run_id


def export_hf_run(db: Database, ref: str, out_dir: str | Path) -> Path:
    """Write a Hugging Face BertForMaskedLM folder for a run (``seed`` architecture only)."""
    from mlmstudio.engine.export import can_export_hf, export_hf

    config = run_config(db, ref)
    ok, reason = can_export_hf(config)
    if not ok:
        raise StoreError(reason)
    model_dir = model_dir_of_run(db, ref)
    assert model_dir is not None  # run_config found the run
    return export_hf(model_dir, out_dir)

