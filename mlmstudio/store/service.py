"""The run history's query and edit API, shared by the desktop app and the command line.

Functions here take a ``Database``, open their own short sessions, and return
plain records (``records.py``). Training a run (prepare, run, resume, settle)
is ``lifecycle.py``'s job.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import update

from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.run_status import ACTIVE_STATUSES
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import RunRow
from mlmstudio.store.records import Curve, ProbeCurve, RunDetail, RunSummary
from mlmstudio.store.run_lock import RunLock

if TYPE_CHECKING:
    from mlmstudio.engine.hf_import.export_back import CardFacts

log = logging.getLogger(__name__)

# --- reading -----------------------------------------------------------------------------------


def list_runs(
    db: Database,
    *,
    statuses: Sequence[str] = (),
    tag: str | None = None,
    text: str | None = None,
    problems: list[str] | None = None,
) -> list[RunSummary]:
    """Runs newest first, optionally filtered by status, tag and text (name, notes, corpus, id).

    A run whose row cannot be read is left out, with a sentence appended to ``problems``.
    """
    with db.session(write=False) as session:
        return [
            repository.summary_of(row, db.runs_dir)
            for row in repository.list_run_rows(
                session, statuses=statuses, tag=tag, text=text, problems=problems
            )
        ]


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


def load_probe_curves(db: Database, ref: str) -> list[ProbeCurve]:
    """A run's probes, one curve each in its probe order (answer probability and best guess per
    evaluation); [] for a run without probes."""
    with db.session(write=False) as session:
        return repository.load_probe_curves(session, repository.find_run(session, ref).id)


def model_dir_of_run(db: Database, ref: str) -> Path | None:
    """The folder holding a run's trained model; None if nothing in the history matches ``ref``.

    Raises ``StoreError`` when the run exists but has no model on disk.
    """
    from mlmstudio.store.errors import NoSuchRunError

    try:
        detail = get_run(db, ref)
    except NoSuchRunError:  # "several runs match" or "no latest run" is said as it is
        return None
    summary = detail.summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
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
    """Delete a run, its curves and its files; return its id. A run that is training is refused.

    The run's owner lock is held while it goes, so a live process (even one
    suspended, whose heartbeat has gone stale) keeps its run, and no resume
    can start on it halfway.
    """
    moved: tuple[Path, Path] | None = None
    with db.session(write=False) as session:
        run_id = repository.find_run(session, ref).id
    lock = RunLock(db.run_dir(run_id))
    locked_before = lock.path.is_file()  # runs recorded by older versions have no lock file
    try:
        if db.run_dir(run_id).is_dir() and not lock.acquire():
            raise StoreError(
                f"Run {run_id} is being trained by a process that is still alive "
                "(perhaps paused or suspended). Stop it before deleting it."
            )
        with db.session() as session:
            row = repository.find_run(session, run_id)
            if row.status in ACTIVE_STATUSES and not (lock.held and locked_before):
                raise StoreError(f"Run {row.id} is {row.status}; stop it before deleting it.")
            run_dir = db.run_dir(run_id)
            # Move the files aside first, so that if the database change fails they can come back.
            if run_dir.exists():
                trash = run_dir.with_name(f".deleting-{run_id}")
                os.replace(run_dir, trash)
                moved = (trash, run_dir)
            session.execute(update(RunRow).where(RunRow.parent_run_id == run_id).values(parent_run_id=None))
            session.delete(row)
    except BaseException:
        if moved is not None and moved[0].exists():
            os.replace(*moved)
        raise
    finally:
        lock.release()
    if moved is not None:
        shutil.rmtree(moved[0], ignore_errors=True)
    return run_id


def export_hf_run(db: Database, ref: str, out_dir: str | Path, *, overwrite: bool = False) -> Path:
    """Write a Hugging Face transformers folder for a run (``hf_compat.can_export_hf`` says which can).

    A non-empty ``out_dir`` is refused with ``OutputExistsError`` unless ``overwrite``.
    """
    from mlmstudio.engine.export import can_export_hf, export_hf
    from mlmstudio.engine.output_paths import check_output_folder, check_outside

    check_output_folder(out_dir, overwrite=overwrite, what="export folder")
    check_outside(out_dir, db.runs_dir, what="export folder", owner="the history's run folders")
    config = run_config(db, ref)
    ok, reason = can_export_hf(config)
    if not ok:
        raise StoreError(reason)
    model_dir = model_dir_of_run(db, ref)
    assert model_dir is not None  # run_config found the run
    return export_hf(model_dir, out_dir, overwrite=overwrite, card_facts=_card_facts(db, ref))


def _card_facts(db: Database, ref: str) -> CardFacts:
    """The corpus fingerprint and the held-out loss before -> after, for an exported model's card."""
    from mlmstudio.engine.hf_import.export_back import CardFacts  # noqa: F811 (at run time)

    detail = get_run(db, ref)
    curve = load_curve(db, ref, "val", "loss")
    before = float(curve.values[0]) if len(curve) and int(curve.steps[0]) == 0 else None
    after = float(curve.values[-1]) if len(curve) else None
    return CardFacts(detail.corpus.sha256 if detail.corpus else "", before, after)
