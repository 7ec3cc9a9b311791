"""A damaged history database: keep the file, rebuild the history from the run folders.

``history.sqlite3`` can be damaged by a disk that filled up, a copy cut short,
a sync tool, or a user's experiment. SQLite then answers with "file is not a
database" or "database disk image is malformed", and before this module the
user read "another program may hold it locked; try again" or disk-full advice.
``db_errors.py`` tells what is wrong; this module repairs it.

What is recoverable lives in two places. Every run folder holds its
``config.json``, and a finished one its ``metrics.json`` and model; a damaged
database often still yields most of its rows (names, notes, tags, curves),
read here one table and one run at a time so one bad page costs only what it
holds. ``rebuild_history`` moves the damaged file aside (kept, with a
timestamp in its name), creates a fresh history and fills it from both.
``adopt_orphans`` records, the same way, the run folders a healthy history
has no row for (what a killed import or training left: ``mlmstudio doctor``
lists them); ``remove_orphans`` deletes them instead.

No torch, no Qt: the CLI (``mlmstudio runs rebuild-history``) and the app's
start-up dialog call the same functions.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mlmstudio import bounded_json
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.curve_log import read_curve_points
from mlmstudio.engine.inspect.probe_log import probe_rows, read_records
from mlmstudio.engine.run_files import CHECKPOINT_NAME, RunFolder
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import database, repository
from mlmstudio.store.db_errors import DamagedHistoryError, run_folders
from mlmstudio.store.errors import StoreError
from mlmstudio.store.paths import data_dir as resolve_data_dir
from mlmstudio.store.paths import database_path, runs_root
from mlmstudio.store.run_lock import owner_alive
from mlmstudio.store.run_names import default_run_name

log = logging.getLogger(__name__)

_WAL_SUFFIXES = ("-wal", "-shm", "-journal")


# --- moving aside and rebuilding ---------------------------------------------------------------


@dataclass
class RebuildReport:
    """What ``rebuild_history`` did, for the CLI and the app to show."""

    kept_as: Path | None = None
    runs: list[str] = field(default_factory=list)  # run ids in the new history
    with_curves: list[str] = field(default_factory=list)  # those whose curves were salvaged
    skipped: list[str] = field(default_factory=list)  # "folder: why" for folders left out

    def sentence(self) -> str:
        parts = [f"Rebuilt the history with {len(self.runs)} run{'s' if len(self.runs) != 1 else ''}"]
        if self.runs:
            parts.append(f"({len(self.with_curves)} with their curves)")
        text = " ".join(parts) + "."
        if self.kept_as:
            text += f" The old file is kept as {self.kept_as}."
        if self.skipped:
            text += f" Left out {len(self.skipped)} folder(s): " + "; ".join(self.skipped[:5]) + "."
        return text


def move_aside(db_file: Path, *, label: str = "damaged", now: datetime | None = None) -> Path | None:
    """Rename ``db_file`` (and its -wal/-shm files) to history.damaged-YYYYmmdd-HHMMSS.sqlite3."""
    if not db_file.exists():
        return None
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = db_file.with_name(f"{db_file.stem}.{label}-{stamp}{db_file.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = db_file.with_name(f"{db_file.stem}.{label}-{stamp}-{n}{db_file.suffix}")
    for suffix in _WAL_SUFFIXES:  # the WAL holds committed rows: it travels with its file
        side = Path(f"{db_file}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{target}{suffix}"))
    os.replace(db_file, target)
    return target


def rebuild_history(data_dir: str | Path | None = None, *, force: bool = False) -> RebuildReport:
    """Move a damaged history aside and rebuild it from the run folders (and the damaged file's rows).

    A healthy history is left alone unless ``force``.
    """
    directory = resolve_data_dir(data_dir)
    db_file, runs_dir = database_path(directory), runs_root(directory)
    damaged = True
    if db_file.exists():
        try:
            database.Database.open(directory, recover=False)
            damaged = False
        except DamagedHistoryError:
            pass
        if not damaged and not force:
            raise StoreError(
                f"The run history at {db_file} is readable; there is nothing to rebuild. "
                f"Add --force to rebuild it from the run folders anyway (its curves are "
                "kept where the file still holds them)."
            )
    training = [f.name for f in run_folders(runs_dir) if owner_alive(f)]
    if training:  # its process writes to the history: moving the file away would lose its points
        raise StoreError(
            f"Run {training[0]} is training right now; its process writes to the history. "
            "Stop it (or wait until it ends), then rebuild the history."
        )
    database.forget_engine(db_file)
    report = RebuildReport(kept_as=move_aside(db_file, label="damaged" if damaged else "replaced"))
    salvage = _salvage(report.kept_as) if report.kept_as else _Salvage()
    db = database.Database.open(directory, recover=False)
    for folder in run_folders(runs_dir):
        try:
            _insert_run(db, folder, salvage, report)
        except (ConfigError, ValueError, OSError, sqlite3.Error) as exc:
            report.skipped.append(f"{folder.name}: {exc}")
        except Exception as exc:  # noqa: BLE001 - one odd folder must not stop the rebuild
            report.skipped.append(f"{folder.name}: {exc.__class__.__name__}: {exc}")
    log.info("%s", report.sentence())
    return report


# --- run folders without a row ------------------------------------------------------------------


@dataclass
class OrphanReport:
    """What ``adopt_orphans`` or ``remove_orphans`` did to the run folders the history does not list."""

    notes: list[str] = field(default_factory=list)  # interrupted imports finished or undone
    adopted: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "folder: why"

    def sentence(self) -> str:
        parts = []
        if self.notes:
            parts.append("Interrupted imports: " + "; ".join(self.notes) + ".")
        if self.adopted:
            parts.append(f"Recorded {len(self.adopted)} run folder(s) again: {', '.join(self.adopted)}.")
        if self.removed:
            parts.append(
                f"Removed {len(self.removed)} run folder(s) without a record: {', '.join(self.removed)}."
            )
        if self.skipped:
            parts.append(
                f"Left {len(self.skipped)} folder(s) as they are: " + "; ".join(self.skipped[:5]) + "."
            )
        return " ".join(parts) or "Every run folder has its record in the history; nothing to do."


def orphan_folders(db: database.Database) -> list[Path]:
    """Run folders the history has no row for (a process training into one is not counted)."""
    from sqlalchemy import select

    from mlmstudio.store.models import RunRow

    with db.session(write=False) as session:
        recorded = set(session.scalars(select(RunRow.id)))
    return [f for f in run_folders(db.runs_dir) if f.name not in recorded and not owner_alive(f)]


def adopt_orphans(data_dir: str | Path | None = None) -> OrphanReport:
    """Record every run folder without a row again, from its own files (config, metrics, curves,
    checkpoints, probes), as ``rebuild_history`` would; a folder without a readable config is left."""
    from mlmstudio.store.run_landing import recover_landings

    db = database.Database.open(data_dir)
    report = OrphanReport(notes=recover_landings(db))
    rebuilt = RebuildReport()
    for folder in orphan_folders(db):
        try:
            _insert_run(db, folder, _Salvage(), rebuilt, note=ADOPTED_NOTE)
            report.adopted.append(folder.name)
        except (ConfigError, ValueError, OSError, sqlite3.Error) as exc:
            report.skipped.append(f"{folder.name}: {exc}")
        except Exception as exc:  # noqa: BLE001 - one odd folder must not stop the others
            report.skipped.append(f"{folder.name}: {exc.__class__.__name__}: {exc}")
    log.info("%s", report.sentence())
    return report


def remove_orphans(data_dir: str | Path | None = None) -> OrphanReport:
    """Delete every run folder without a row (and what interrupted imports left)."""
    import shutil

    from mlmstudio.store.run_landing import recover_landings

    db = database.Database.open(data_dir)
    report = OrphanReport(notes=recover_landings(db))
    for folder in orphan_folders(db):
        trash = folder.with_name(f".deleting-{folder.name}")  # gone at once from run_folders' view
        try:
            os.replace(folder, trash)
        except OSError as exc:
            report.skipped.append(f"{folder.name}: {exc.strerror or exc}")
            continue
        shutil.rmtree(trash, ignore_errors=True)
        report.removed.append(folder.name)
    log.info("%s", report.sentence())
    return report


# --- what the damaged file still holds ---------------------------------------------------------


@dataclass
class _Salvage:
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)
    corpora: dict[int, dict[str, Any]] = field(default_factory=dict)
    tags: dict[str, list[str]] = field(default_factory=dict)
    path: Path | None = None


def _salvage(path: Path) -> _Salvage:
    """Rows of the damaged file, table by table; what cannot be read is simply not salvaged."""
    found = _Salvage(path=path)
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return found
    try:
        found.runs = {str(row["id"]): row for row in _rows(connection, "runs")}
        found.corpora = {
            int(row["id"]): row for row in _rows(connection, "corpora") if row.get("id") is not None
        }
        for row in _rows(connection, "run_tags"):
            found.tags.setdefault(str(row.get("run_id")), []).append(str(row.get("tag")))
    finally:
        connection.close()
    return found


def _rows(connection: sqlite3.Connection, table: str) -> list[dict[str, Any]]:
    """Every readable row of ``table``, by rowid ranges, so one bad page costs only its rows."""
    try:
        top = connection.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.Error:
        top = 0
    rows: list[dict[str, Any]] = []
    step = 256
    for start in range(0, top + 1, step):
        try:
            cursor = connection.execute(
                f"SELECT * FROM {table} WHERE rowid >= ? AND rowid < ?", (start, start + step)
            )
            names = [d[0] for d in cursor.description]
            rows.extend(dict(zip(names, values, strict=True)) for values in cursor.fetchall())
        except sqlite3.Error:
            for rowid in range(start, start + step):  # the slow way, around the damage
                try:
                    cursor = connection.execute(f"SELECT * FROM {table} WHERE rowid = ?", (rowid,))
                    names = [d[0] for d in cursor.description]
                    rows.extend(dict(zip(names, values, strict=True)) for values in cursor.fetchall())
                except sqlite3.Error:
                    continue
    return rows


def _points(path: Path | None, run_id: str) -> list[dict[str, Any]]:
    if path is None:
        return []
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    try:
        cursor = connection.execute(
            "SELECT step, split, name, value, wall_time FROM metric_points WHERE run_id = ? ORDER BY step",
            (run_id,),
        )
        return [
            dict(
                run_id=run_id,
                step=int(s),
                split=str(sp),
                name=str(n),
                value=float(v),
                wall_time=float(w or 0.0),
            )
            for s, sp, n, v, w in cursor.fetchall()
        ]
    except (sqlite3.Error, TypeError, ValueError):
        return []
    finally:
        connection.close()


# --- one run folder back into the history ------------------------------------------------------


REBUILT_NOTE = "Rebuilt from its folder after the history was damaged"
ADOPTED_NOTE = "Recorded again from its folder, which the history had no record of"


def _insert_run(
    db, folder: Path, salvage: _Salvage, report: RebuildReport, *, note: str = REBUILT_NOTE
) -> None:
    files = RunFolder(folder)
    config = RunConfig.from_file(files.config)  # a folder without a readable config is left out
    metrics = _metrics(files.metrics)
    old = salvage.runs.get(folder.name, {})
    steps = sorted(
        int(m.group(1))
        for c in (files.checkpoints.iterdir() if files.checkpoints.is_dir() else [])
        if (m := CHECKPOINT_NAME.match(c.name))
    )
    status, message = _status(files, metrics, old, steps, note)
    created = _moment(old.get("created_at")) or _file_time(files.config)
    with db.session() as session:
        corpus_id = None
        old_corpus = old.get("corpus_id")
        corpus = salvage.corpora.get(old_corpus) if old_corpus is not None else None
        if corpus and corpus.get("sha256"):
            corpus_id = repository.get_or_create_corpus(
                session,
                name=str(corpus.get("name") or ""),
                source=str(corpus.get("source") or ""),
                sha256=str(corpus["sha256"]),
                size_bytes=int(corpus.get("size_bytes") or 0),
                stats=bounded_json.loads(corpus.get("stats_json") or "{}")
                if isinstance(corpus.get("stats_json"), str)
                else {},
            ).id
        name = str(old.get("name") or "") or default_run_name(config, config.corpus.source)
        row = repository.create_run(
            session,
            run_id=folder.name,
            name=name[:500],
            config_json=config.to_json(),
            corpus_id=corpus_id,
            status=status,
        )
        row.created_at = created
        row.started_at = _moment(old.get("started_at")) or created
        row.finished_at = _moment(old.get("finished_at")) or _file_time(
            files.metrics if files.metrics.exists() else files.config
        )
        row.last_step = int(metrics.get("steps") or (steps[-1] if steps else 0) or old.get("last_step") or 0)
        row.final_metrics_json = json.dumps(metrics, sort_keys=True) if metrics else None
        row.notes = str(old.get("notes") or "")
        row.message = message
        repository.add_tags(row, salvage.tags.get(folder.name, []))
        for step in steps:
            repository.ensure_checkpoint(
                session,
                folder.name,
                step,
                repository.relative_checkpoint_path(folder, files.checkpoint(step)),
            )
        # The old database's points, else the folder's own curve file (engine/curve_log.py).
        recorded = _points(salvage.path, folder.name) or _folder_points(files, folder.name)
        if row.last_step <= 0 and recorded:  # nothing else says how far it got: its curve does
            row.last_step = max(p["step"] for p in recorded)
        points = [p for p in recorded if p["step"] <= row.last_step]
        repository.add_metric_points(session, points)
        # The probes come back from the folder's own probes.jsonl (engine/inspect/probe_log.py).
        # (A folder that says nothing of its last step keeps all of them.)
        repository.add_probe_points(
            session,
            list(
                probe_rows(
                    [r for r in read_records(files.probes) if r.step <= row.last_step or row.last_step <= 0],
                    folder.name,
                )
            ),
        )
    report.runs.append(folder.name)
    if points:
        report.with_curves.append(folder.name)


def _folder_points(files: RunFolder, run_id: str) -> list[dict[str, Any]]:
    try:
        return [point.as_row(run_id) for point in read_curve_points(files.curves)]
    except (OSError, UnicodeDecodeError, ValueError):
        log.warning("The curve file of %s is unreadable; the run comes back without curves.", files.path)
        return []


def _status(
    files: RunFolder, metrics: dict[str, Any], old: dict[str, Any], steps: list[int], note: str
) -> tuple[str, str]:
    if files.has_model() and metrics.get("status") in (RunStatus.COMPLETED.value, RunStatus.STOPPED.value):
        return metrics["status"], f"{note}."
    if old.get("status") == RunStatus.QUEUED.value and not steps and not files.tokenizer.exists():
        return RunStatus.QUEUED.value, f"{note}."
    return RunStatus.INTERRUPTED.value, (
        f"{note}; it had not finished. Resume it to continue from its last checkpoint."
    )


def _metrics(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        data = bounded_json.loads(bounded_json.read_text(path))
    except (ValueError, OSError):
        return {}
    return data if isinstance(data, dict) else {}


def _moment(value: Any) -> datetime | None:
    """A stored time (naive UTC text) if it parses, else None."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return (
        moment.replace(tzinfo=None) if moment.tzinfo is None else moment.astimezone(UTC).replace(tzinfo=None)
    )


def _file_time(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(tzinfo=None)
    except OSError:
        return datetime.now(UTC).replace(tzinfo=None)
