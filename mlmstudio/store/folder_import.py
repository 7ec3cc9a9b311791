"""``runs import-folder``: bring a run trained elsewhere into the history from its folder alone.

A run folder written by MLM Studio anywhere (``train --no-record --out``,
rank 0 under torchrun from a run capsule, a folder copied from another
machine's history) holds its configuration, tokenizer, final model, final
metrics, checkpoints and its curve file (``curves.csv``, see
engine/curve_log.py). Importing checks all of it first (the config
validates, the weights load with safetensors on the CPU, every curve row is
a finite number), copies the folder into the history's run folders and
records the run with its curves and checkpoints in one transaction, then
renames the copy into place (store/run_landing.py); a refused folder leaves
the data directory as it was, a killed import the old state or the new one. The user's folder is
never changed.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mlmstudio import bounded_json, command_hint
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.atomic_folder import file_written
from mlmstudio.engine.curve_log import read_curve_points
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.inspect.probe_log import probe_rows, read_records
from mlmstudio.engine.metric_names import TRAIN, VAL, metric_key
from mlmstudio.engine.metric_points import MetricPoint
from mlmstudio.engine.run_files import CHECKPOINT_NAME, LOCK_FILE, RunFolder
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import repository, run_landing
from mlmstudio.store.database import Database
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import MetricPointRow, RunRow, table_of
from mlmstudio.store.run_lock import owner_alive
from mlmstudio.stored_ranges import INT64_MAX, int_fits

log = logging.getLogger(__name__)

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
IMPORTABLE_STATUSES = (RunStatus.COMPLETED, RunStatus.STOPPED)
MAX_CURVES_BYTES = 1 << 30  # as a bundle's metrics.csv
CAPSULE_MANIFEST = "capsule.json"  # a run folder written inside a capsule (engine/capsule.py)


class FolderImportError(StoreError):
    """The folder cannot be imported; nothing was changed."""


def import_run_folder(
    db: Database, folder: str | os.PathLike, *, name: str | None = None, notes: list[str] | None = None
) -> str:
    """Record the finished run in ``folder`` as a new history run; its id."""
    source = Path(folder).expanduser()
    files = RunFolder(source)
    _check_is_run_folder(db, source, files)
    config = _config(files)
    _check_model(files)
    points = _points(files)
    final_metrics = _final_metrics(files)
    checkpoints = sorted(
        int(m.group(1))
        for entry in _entries(files.checkpoints)
        if (m := CHECKPOINT_NAME.match(entry.name)) and entry.is_dir() and int_fits(int(m.group(1)))
    )  # a checkpoint named beyond any step a run can reach is no checkpoint of ours
    last_step = max([_final_steps(final_metrics), *(p.step for p in points), *checkpoints, 0])
    status = str(final_metrics.get("status", RunStatus.COMPLETED.value))
    if status not in IMPORTABLE_STATUSES:
        status = RunStatus.COMPLETED.value

    _check_disk_space(source, db.runs_dir)
    run_id = repository.new_run_id()
    target = db.run_dir(run_id)
    cleaned = run_landing.recover_landings(db)  # what a killed import left, finished or undone
    if notes is not None:
        notes.extend(cleaned)
    staging = run_landing.staging_folder(db.runs_dir)
    try:
        copy = staging / "run"
        try:
            shutil.copytree(
                source, copy, ignore=shutil.ignore_patterns(LOCK_FILE, "*.tmp"), copy_function=_copy_file
            )
        except (OSError, shutil.Error) as exc:
            raise FolderImportError(
                f"The run folder {source} could not be copied into the history "
                f"({_reason(exc)}). Nothing was imported."
            ) from exc
        started = _file_time(files.config)
        finished = _file_time(files.metrics if files.metrics.is_file() else files.model)
        corpus = _corpus_record(source, config)

        def insert(session) -> None:
            corpus_id = repository.get_or_create_corpus(session, **corpus).id if corpus else None
            from mlmstudio.store.run_names import default_run_name

            shown = " ".join((name or "").split())[:500] or default_run_name(
                config, corpus["name"] if corpus else source.name
            )
            session.add(
                RunRow(
                    id=run_id,
                    name=shown,
                    status=status,
                    config_json=config.to_json(),
                    corpus_id=corpus_id,
                    created_at=started,
                    started_at=started,
                    finished_at=finished,
                    last_step=last_step,
                    final_metrics_json=json.dumps(final_metrics, sort_keys=True),
                    message="",
                    notes=f"Imported from {source.resolve()}.",
                )
            )
            session.flush()
            rows = [point.as_row(run_id) for point in points]
            for start in range(0, len(rows), 10_000):
                session.execute(table_of(MetricPointRow).insert(), rows[start : start + 10_000])
            # The probes at every evaluation, from the folder's probes.jsonl (engine/inspect/probe_log.py).
            repository.add_probe_points(
                session,
                list(
                    probe_rows(
                        [r for r in read_records(files.probes) if r.step <= last_step or last_step <= 0],
                        run_id,
                    )
                ),
            )
            for step in checkpoints:
                metrics = _checkpoint_metrics(points, step)
                repository.record_checkpoint(
                    session, run_id, step, f"checkpoints/{RunFolder(target).checkpoint(step).name}", metrics
                )

        run_landing.land(db, copy, run_id, insert)  # the folder takes its place once its row is committed
    finally:
        run_landing.discard(staging)
    log.info("Imported run folder %s as run %s with %d curve points.", source, run_id, len(points))
    return run_id


def _copy_file(source, copy) -> None:
    shutil.copy2(source, copy)
    file_written(Path(copy))  # a file boundary: where the tests inject a kill


# --- checks ------------------------------------------------------------------------------------


def _check_is_run_folder(db: Database, source: Path, files: RunFolder) -> None:
    if not source.exists():
        raise FolderImportError(f"{source} does not exist. Give the run folder to import.")
    if not source.is_dir():
        raise FolderImportError(
            f"{source} is a file, not a run folder. Give the folder that holds "
            "config.json and model.safetensors (a .mlmrun file is imported with "
            f"`{command_hint.command('runs import')}`)."
        )
    try:
        resolved, runs = source.resolve(), db.runs_dir.resolve()
    except (OSError, RuntimeError) as exc:
        raise FolderImportError(f"{source} cannot be read ({_reason(exc)}).") from exc
    if resolved == runs or runs in resolved.parents:
        if resolved.parent != runs or _has_record(db, resolved.name):
            raise FolderImportError(f"{source} is already a run folder of this history; it needs no import.")
        # A run folder without a record (an import killed before writing it; doctor lists them):
        # recorded again as a copy, after which the folder itself can be deleted.
    if not files.config.is_file():
        raise FolderImportError(
            f"{source} is not a run folder: it has no config.json. A run folder "
            "holds config.json, tokenizer.json, model.safetensors and curves.csv, as "
            f"`{command_hint.command('train --out')}` or a run capsule writes them."
        )
    if (source / CAPSULE_MANIFEST).is_file():
        raise FolderImportError(
            f"{source} is a run capsule, not a run folder. Import the folder its "
            f"launch.sh wrote on the first node ({source / 'run'} by default)."
        )
    link = next((p for p in source.rglob("*") if p.is_symlink()), None)
    if link is not None:
        raise FolderImportError(
            f"{source} holds a link ({link.relative_to(source)}); a run folder holds "
            "plain files only. Copy the folder with the files the links point to "
            "(cp -rL), then import the copy."
        )
    if owner_alive(source):
        raise FolderImportError(
            f"The run in {source} is still training (its process holds the folder). "
            "Import it when it has finished."
        )
    missing = files.missing_model_files()
    if missing:
        raise FolderImportError(
            f"The run in {source} has no finished model ({', '.join(missing)} missing): "
            "it may still be training, or it failed. Import it once it has finished."
        )


def _has_record(db: Database, run_id: str) -> bool:
    with db.session(write=False) as session:
        return session.get(RunRow, run_id) is not None


def _config(files: RunFolder) -> RunConfig:
    try:
        return RunConfig.from_file(files.config).validate()
    except ConfigError as exc:
        raise FolderImportError(
            f"The folder's config.json is not a valid run configuration: {exc} Nothing was imported."
        ) from exc


def _check_model(files: RunFolder) -> None:
    from mlmstudio.engine.artifacts import load_model_dir

    try:
        load_model_dir(files.path, device="cpu")
    except MLMStudioError as exc:
        raise FolderImportError(
            f"The model in {files.path} cannot be loaded: {exc} Nothing was imported."
        ) from exc


def _points(files: RunFolder) -> list[MetricPoint]:
    try:
        if files.curves.is_file() and files.curves.stat().st_size > MAX_CURVES_BYTES:
            raise FolderImportError(
                f"The folder's curve file is larger than {MAX_CURVES_BYTES >> 30} GiB, "
                "far more than a run writes. Nothing was imported."
            )
        points = read_curve_points(files.curves)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise FolderImportError(
            f"The folder's curve file cannot be read: {_reason(exc)} Nothing was imported."
        ) from exc
    seen: set[tuple[int, str, str]] = set()
    for line, point in enumerate(points, start=2):
        problem = _point_problem(point, seen)
        if problem:
            raise FolderImportError(
                f"Line {line} of the folder's curves.csv {problem}. Nothing was imported."
            )
    return points


def _point_problem(point: MetricPoint, seen: set[tuple[int, str, str]]) -> str:
    """What is wrong with one curve point ('' when nothing): the curves a trainer writes only."""
    key = (point.step, point.split, point.name)
    if point.step < 0:
        return f"has a negative step ({point.step})"
    if not int_fits(point.step):  # beyond SQLite's INTEGER: OverflowError before
        return f"has a step of {len(str(point.step))} digits, more than a run can take"
    if point.split not in (TRAIN, VAL):
        return f"names the split {point.split[:20]!r}; curves are 'train' or 'val'"
    if not _NAME.match(point.name):
        return f"names the metric {point.name[:40]!r}, which is not a metric name"
    if not _finite(point.value) or not _finite(point.wall_time):
        return "holds a value that is not a finite number"
    if key in seen:
        return f"repeats step {point.step} of {point.split} {point.name}"
    seen.add(key)
    return ""


def _final_metrics(files: RunFolder) -> dict[str, Any]:
    if not files.metrics.is_file():
        return {}
    try:
        data = bounded_json.loads(bounded_json.read_text(files.metrics))
    except (OSError, bounded_json.JSONLimitError) as exc:
        raise FolderImportError(
            f"The folder's metrics.json cannot be read: it {exc}. Nothing was imported."
        ) from exc
    if not isinstance(data, dict):
        raise FolderImportError("The folder's metrics.json is not a JSON object. Nothing was imported.")
    return data


def _final_steps(final_metrics: dict[str, Any]) -> int:
    """metrics.json's step count, checked: a whole number from 0 to what the history can hold."""
    steps = final_metrics.get("steps") or 0
    if isinstance(steps, bool) or not isinstance(steps, (int, float)) or steps != steps:
        raise FolderImportError(
            f"The folder's metrics.json gives 'steps' as {str(steps)[:40]!r}, not a whole number. "
            "Nothing was imported."
        )
    if not (0 <= steps <= INT64_MAX) or steps != int(steps):
        raise FolderImportError(
            f"The folder's metrics.json gives 'steps' as {str(steps)[:40]}, which is not a whole number "
            f"from 0 to {INT64_MAX}. Nothing was imported."
        )
    return int(steps)


def _check_disk_space(source: Path, runs_dir: Path) -> None:
    needed = sum(p.stat().st_size for p in source.rglob("*") if p.is_file() and not p.is_symlink())
    try:
        free = shutil.disk_usage(runs_dir if runs_dir.exists() else runs_dir.parent).free
    except OSError:
        return
    if needed > free:
        raise FolderImportError(
            f"The run folder needs {needed / 1e6:.0f} MB and the history's disk has "
            f"{free / 1e6:.0f} MB free. Free space, then import again."
        )


# --- what is recorded --------------------------------------------------------------------------


def _corpus_record(source: Path, config: RunConfig) -> dict[str, Any] | None:
    """The corpus the run trained on, when it can be found here; None when it cannot.

    A run from a capsule has the capsule's manifest one folder up, which names
    the corpus and its fingerprint even when the text itself is elsewhere.
    """
    manifest = source.parent / CAPSULE_MANIFEST
    if manifest.is_file():
        try:
            data = bounded_json.loads(bounded_json.read_text(manifest))
            corpus = data["corpus"]
            return {
                "name": str(corpus["name"])[:500],
                "source": str(corpus["original_source"]),
                "sha256": str(corpus["sha256"]),
                "size_bytes": 0,
                "stats": {},
            }
        except (OSError, bounded_json.JSONLimitError, KeyError, TypeError):
            log.warning("The capsule manifest %s is unreadable; the corpus is not recorded.", manifest)
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.errors import CorpusError

    try:
        corpus = load_corpus(
            config.corpus.source, text_field=config.corpus.text_field, csv_column=config.corpus.csv_column
        )
    except (CorpusError, OSError):
        return None  # trained on a file this machine does not have: the run still imports
    import dataclasses

    return {
        "name": corpus.name,
        "source": corpus.source,
        "sha256": corpus.stats.sha256,
        "size_bytes": corpus.stats.size_bytes,
        "stats": dataclasses.asdict(corpus.stats),
    }


def _checkpoint_metrics(points: list[MetricPoint], step: int) -> dict[str, float]:
    """The newest validation numbers at or before a checkpoint's step ('val_loss', ...)."""
    latest: dict[str, MetricPoint] = {}
    for point in points:
        if point.split == VAL and point.step <= step:
            if point.name not in latest or point.step >= latest[point.name].step:
                latest[point.name] = point
    return {metric_key(VAL, name): point.value for name, point in latest.items()}


def _entries(path: Path) -> list[os.DirEntry]:
    try:
        return list(os.scandir(path))
    except OSError:
        return []


def _file_time(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(tzinfo=None)
    except OSError:
        return datetime.now(UTC).replace(tzinfo=None)


def _finite(value: float) -> bool:
    return value == value and value not in (float("inf"), float("-inf"))


def _reason(exc: BaseException) -> str:
    return str(getattr(exc, "strerror", None) or exc)
