"""An opened transformers model as a run in the history: kind "imported", finished, with its origin.

The model folder is written by the engine (``engine/hf_import``) straight into the run's own
folder, so the run is an ordinary finished run: ``fill latest``, Explore and ``runs compare``
work with it. Its origin (source path, family, the SHA-256 of the weights and the parameter
count) is what the history shows for it, in its final metrics, its notes and an ``imported`` tag,
beside the trained runs. If the history cannot record it, the folder is removed again.

Opening the same folder again reuses the run that already holds it: the run's metrics keep the
folder's key (``folder_key``: its path and its files' names, sizes and times, the key of the
data directory's ``opened/`` cache too), so a second ``models open`` (or the app's Open a
Model, or a transformers folder chosen to continue) names that run instead of adding an
identical one. A folder whose files changed has another key and is opened as a new run; a
run whose folder is gone or has lost its origin.json is not reused.
"""

from __future__ import annotations

import json
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func

from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.hf_import import Origin, folder_key, open_transformers_folder, read_origin
from mlmstudio.engine.run_files import CONFIG_FILE, METRICS_FILE, MODEL_FILE, TOKENIZER_FILE
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.models import RUN_KIND_IMPORTED, RunRow, utcnow

log = logging.getLogger(__name__)
IMPORTED_TAG = "imported"
SOURCE_KEY = "source_key"  # the opened folder's folder_key, in the run's final metrics


@dataclass(frozen=True)
class ImportedRun:
    """The run that holds an opened folder: ``reused`` when it was already in the history."""

    run_id: str
    name: str
    origin: Origin
    reused: bool = False


def origin_metrics(origin: Origin) -> dict[str, object]:
    """What the history shows of an origin, as final metrics."""
    return {
        "status": RunStatus.COMPLETED.value,
        "steps": 0,
        "parameters": origin.parameters,
        "params": origin.parameters,  # the name trained runs' metrics use: runs compare's row
        "family": origin.family,
        "imported_from": origin.source,
        "weights_sha256": origin.weights_sha256,
        "mask_token": origin.mask_token,
    }


def record_imported_model(db: Database, source: str | Path, *, name: str | None = None) -> tuple[str, Origin]:
    """Open the transformers folder ``source`` as a finished run of kind "imported" (the run that
    already holds it, if its files are unchanged); (run id, origin)."""
    opened = open_imported_model(db, source, name=name)
    return opened.run_id, opened.origin


def _source_key(source: Path) -> str:
    try:
        return folder_key(source) if source.is_dir() else ""
    except OSError:  # an unreadable folder: opening it says why
        return ""


def run_holding(db: Database, key: str) -> ImportedRun | None:
    """The newest imported run opened from a folder with this key whose model is still whole."""
    if not key:
        return None
    # Narrowed in SQLite to the rows whose metrics text holds the key (a hex digest, stored as it
    # is, so the text test finds every run that has it), then checked on the parsed metrics: a
    # history of many opened models reads one or two rows' JSON, not all of them, on each open.
    with db.session(write=False) as session:
        rows = (
            session.query(RunRow.id, RunRow.name, RunRow.final_metrics_json)
            .filter(RunRow.kind == RUN_KIND_IMPORTED, func.instr(RunRow.final_metrics_json, key) > 0)
            .order_by(RunRow.created_at.desc())
            .all()
        )
    for run_id, shown, metrics_json in rows:
        try:
            metrics = json.loads(metrics_json or "{}")
        except ValueError:
            continue
        if not isinstance(metrics, dict) or metrics.get(SOURCE_KEY) != key:
            continue
        target = db.run_dir(run_id)
        origin = read_origin(target)
        if origin is not None and all(
            (target / f).is_file() for f in (CONFIG_FILE, MODEL_FILE, TOKENIZER_FILE)
        ):
            return ImportedRun(run_id, shown, origin, reused=True)
    return None


def open_imported_model(db: Database, source: str | Path, *, name: str | None = None) -> ImportedRun:
    """``record_imported_model``, saying whether the run was already there (``reused``)."""
    source = Path(source).expanduser()
    key = _source_key(source)
    held = run_holding(db, key)
    if held is not None:
        log.info("%s is already open as run %s", source, held.run_id)
        return held
    run_id = repository.new_run_id()
    target = db.run_dir(run_id)
    db.runs_dir.mkdir(parents=True, exist_ok=True)
    origin = open_transformers_folder(source, target)  # checks everything first; writes atomically
    try:
        metrics = origin_metrics(origin)
        if key:
            metrics[SOURCE_KEY] = key
        atomic_write_text(target / METRICS_FILE, json.dumps(metrics, indent=2, sort_keys=True))
        now = utcnow()
        shown = " ".join((name or "").split())[:500] or f"{origin.family} {source.resolve().name}"
        notes = (
            f"Opened from {origin.source}: {origin.family} ({origin.architecture}), "
            f"{origin.parameters:,} parameters, weights SHA-256 {origin.weights_sha256}."
        )
        if origin.note:
            notes += " " + origin.note
        with db.session() as session:
            row = RunRow(
                id=run_id,
                name=shown,
                status=RunStatus.COMPLETED.value,
                kind=RUN_KIND_IMPORTED,
                config_json=(target / CONFIG_FILE).read_text(encoding="utf-8"),
                corpus_id=None,
                created_at=now,
                started_at=now,
                finished_at=now,
                last_step=0,
                final_metrics_json=json.dumps(metrics, sort_keys=True),
                message="",
                notes=notes,
            )
            repository.add_tags(row, [IMPORTED_TAG])
            session.add(row)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    log.info("Recorded %s as imported run %s", source, run_id)
    return ImportedRun(run_id, shown, origin)
