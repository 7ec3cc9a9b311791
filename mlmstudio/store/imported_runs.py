"""An opened transformers model as a run in the history: kind "imported", finished, with its origin.

The model folder is written by the engine (``engine/hf_import``) straight into the run's own
folder, so the run is an ordinary finished run: ``fill latest``, Explore and ``runs compare``
work with it. Its origin (source path, family, the SHA-256 of the weights and the parameter
count) is what the history shows for it, in its final metrics, its notes and an ``imported`` tag,
beside the trained runs. If the history cannot record it, the folder is removed again.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

from mlmstudio.engine.atomic_file import atomic_write_text
from mlmstudio.engine.hf_import import Origin, open_transformers_folder
from mlmstudio.engine.run_files import CONFIG_FILE, METRICS_FILE
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import repository
from mlmstudio.store.database import Database
from mlmstudio.store.models import RUN_KIND_IMPORTED, RunRow, utcnow

log = logging.getLogger(__name__)
IMPORTED_TAG = "imported"


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
    """Open the transformers folder ``source`` as a new finished run of kind "imported"; (run id, origin)."""
    source = Path(source).expanduser()
    run_id = repository.new_run_id()
    target = db.run_dir(run_id)
    db.runs_dir.mkdir(parents=True, exist_ok=True)
    origin = open_transformers_folder(source, target)  # checks everything first; writes atomically
    try:
        metrics = origin_metrics(origin)
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
    return run_id, origin
