"""``.mlmrun`` bundles: one run in one zip file, to move it between machines.

A bundle holds ``config.json``, ``tokenizer.json``, ``model.safetensors``,
``metrics.csv`` (every metric point), optionally ``metrics.json`` (the final
summary) and ``probes.jsonl`` (the probes at every evaluation, as the run folder
keeps them: engine/inspect/probe_log.py) and ``origin.json`` (an opened model's origin, or
a continued run's base's), and ``manifest.json``: the format version, the run's record (name,
status, notes, tags, times, corpus fingerprint) and every file's size and
sha256.

Importing checks everything before touching anything: the zip is readable,
every member has an expected, safe name, sizes and compression ratios are
bounded (declared before extraction, counted while extracting), hashes match
the manifest, the JSON validates and the weights load with safetensors on the
CPU. Nothing is ever unpickled or executed. Files are extracted into a
temporary folder inside the data directory; the run's row is committed and
only then is the folder renamed into place (store/run_landing.py), so a
refused bundle leaves the data directory exactly as it was, and a killed
import leaves the old state or the new one, never a folder without its row.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import math
import os
import re
import shutil
import zipfile
import zlib
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mlmstudio import __version__, bounded_json
from mlmstudio.config import ConfigError, RunConfig
from mlmstudio.engine.atomic_folder import file_written, fsync_dir
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.events import ProbeResult
from mlmstudio.engine.inspect.probe_log import ProbeRecord, probe_rows, read_records
from mlmstudio.engine.metric_names import TRAIN, VAL
from mlmstudio.engine.run_files import CONFIG_FILE, METRICS_FILE, MODEL_FILE, PROBES_FILE, TOKENIZER_FILE
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.engine.temp_files import temp_file
from mlmstudio.store import repository, run_landing
from mlmstudio.store.database import Database
from mlmstudio.store.errors import BundleError, StoreError
from mlmstudio.store.models import MetricPointRow, RunRow, table_of, utcnow
from mlmstudio.store.records import to_jsonable
from mlmstudio.stored_ranges import INT64_MAX, int_fits

log = logging.getLogger(__name__)

BUNDLE_SUFFIX = ".mlmrun"
BUNDLE_FORMAT = "mlmrun"
FORMAT_VERSION = 1
MANIFEST_FILE = "manifest.json"
METRICS_CSV = "metrics.csv"
METRICS_COLUMNS = ["step", "split", "name", "value", "wall_time"]
REQUIRED_MEMBERS = (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE, METRICS_CSV)
# origin.json: where an opened model came from (engine/hf_import/convert.py); a continued run
# carries its base's, so fill's mask spelling and export-hf's original class survive the move.
ORIGIN_FILE = "origin.json"
OPTIONAL_MEMBERS = (METRICS_FILE, PROBES_FILE, ORIGIN_FILE)
MiB = 1 << 20
# The largest size each member may have once extracted.
MEMBER_LIMITS = {
    MANIFEST_FILE: 4 * MiB,
    CONFIG_FILE: 1 * MiB,
    TOKENIZER_FILE: 256 * MiB,
    MODEL_FILE: 16 * 1024 * MiB,
    METRICS_CSV: 1024 * MiB,
    METRICS_FILE: 1 * MiB,
    PROBES_FILE: 256 * MiB,
    ORIGIN_FILE: 100 * MiB,  # the bound read_origin reads with
}
# Real members compress at most ~10:1 (JSON, CSV); weights barely at all. Zip bombs reach 1000:1.
MAX_COMPRESSION_RATIO = 100
RATIO_CHECK_ABOVE = 1 * MiB
IMPORTABLE_STATUSES = (RunStatus.COMPLETED, RunStatus.STOPPED)
_METRIC_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_CHUNK = 1 * MiB


# --- export ------------------------------------------------------------------------------------


def export_bundle(
    db: Database, ref: str, path: str | Path, *, overwrite: bool = False, notes: list[str] | None = None
) -> Path:
    """Write run ``ref`` as a .mlmrun bundle at ``path`` (atomically); return the path.

    An existing file is refused with ``OutputExistsError`` unless ``overwrite``; an empty
    path or a folder is refused always. The temporary file a killed export left beside
    ``path`` is removed first, with a note in ``notes``.
    """
    from mlmstudio.engine.output_paths import check_output_file, check_outside
    from mlmstudio.store.service import get_run

    path = check_output_file(path, overwrite=True, what="bundle file")  # not empty, not a folder
    if path.suffix != BUNDLE_SUFFIX:
        path = path.with_name(path.name + BUNDLE_SUFFIX)
    path = check_output_file(path, overwrite=overwrite, what="bundle file")
    check_outside(path, db.runs_dir, what="bundle file", owner="the history's run folders")
    path.parent.mkdir(parents=True, exist_ok=True)

    detail = get_run(db, ref)
    summary = detail.summary
    if not summary.has_model:
        raise StoreError(summary.no_model_reason())
    files = {name: summary.run_dir / name for name in (CONFIG_FILE, TOKENIZER_FILE, MODEL_FILE)}
    if (summary.run_dir / METRICS_FILE).is_file():
        files[METRICS_FILE] = summary.run_dir / METRICS_FILE
    metrics_csv = _metrics_csv(db, summary.id)

    entries = {name: _file_entry(file) for name, file in files.items()}
    origin = _origin_json(summary.run_dir)
    if origin:
        entries[ORIGIN_FILE] = {"sha256": hashlib.sha256(origin).hexdigest(), "size": len(origin)}
    entries[METRICS_CSV] = {"sha256": hashlib.sha256(metrics_csv).hexdigest(), "size": len(metrics_csv)}
    probes = _probes_jsonl(db, summary.id)
    if probes:
        entries[PROBES_FILE] = {"sha256": hashlib.sha256(probes).hexdigest(), "size": len(probes)}
    corpus = detail.corpus
    manifest = {
        "format": BUNDLE_FORMAT,
        "format_version": FORMAT_VERSION,
        "mlmstudio_version": __version__,
        "exported_at": datetime.now(UTC).isoformat(),
        "run": {
            "id": summary.id,
            "name": summary.name,
            "status": summary.status if summary.status in IMPORTABLE_STATUSES else RunStatus.STOPPED.value,
            "notes": summary.notes,
            "tags": list(summary.tags),
            "last_step": summary.last_step,
            "created_at": _iso(summary.created_at),
            "started_at": _iso(summary.started_at),
            "finished_at": _iso(summary.finished_at),
            "final_metrics": to_jsonable(summary.final_metrics),
            "corpus": None
            if corpus is None
            else {
                "name": corpus.name,
                "source": corpus.source,
                "sha256": corpus.sha256,
                "size_bytes": corpus.size_bytes,
                "stats": to_jsonable(corpus.stats),
            },
        },
        "files": entries,
    }
    if notes is not None:
        notes.extend(clean_export_leftovers(path))
    # Readable by others, unlike mkstemp's 0600; the process id tells a killed export's file.
    fd, tmp = temp_file(path.parent, prefix=f".{path.name}.{run_landing.owner_pid()}-")
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp, "w") as zf:
            zf.writestr(
                MANIFEST_FILE,
                json.dumps(manifest, indent=2, sort_keys=True),
                compress_type=zipfile.ZIP_DEFLATED,
            )
            zf.writestr(METRICS_CSV, metrics_csv, compress_type=zipfile.ZIP_DEFLATED)
            if probes:
                zf.writestr(PROBES_FILE, probes, compress_type=zipfile.ZIP_DEFLATED)
            if origin:
                zf.writestr(ORIGIN_FILE, origin, compress_type=zipfile.ZIP_DEFLATED)
            for name, file in files.items():
                # Weights hardly compress: store them, which also makes import faster.
                method = zipfile.ZIP_STORED if name == MODEL_FILE else zipfile.ZIP_DEFLATED
                zf.write(file, name, compress_type=method)
        file_written(tmp)  # the whole zip, not yet in place: where the tests inject a kill
        os.replace(tmp, path)
        fsync_dir(path.parent)
        file_written(path)
    except BaseException as exc:
        run_landing.discard(Path(tmp))
        if isinstance(exc, OSError) and exc.errno is not None:  # name the bundle, not our hidden temp file
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        raise
    return path


def clean_export_leftovers(path: Path) -> list[str]:
    """Remove the temporary files killed exports to ``path`` left (``.NAME.PID-XXXX.tmp`` of a
    process that is gone); a note for each."""
    from mlmstudio.store.recovery import process_alive

    pattern = re.compile(rf"^\.{re.escape(path.name)}\.(\d+)-[0-9a-f]+\.tmp$")
    notes = []
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return []
    for entry in entries:
        match = pattern.match(entry.name)
        if not match or not entry.is_file():
            continue
        pid = int(match.group(1))
        if pid == run_landing.owner_pid() or process_alive(pid) is not False:
            continue  # an export still writing
        try:
            entry.unlink()
        except OSError:
            continue
        notes.append(f"removed {entry.name}, an unfinished copy of {path.name} left by an interrupted export")
    return notes


def _origin_json(run_dir: Path) -> bytes:
    """The run's own origin.json (a continued run writes one), or for a continued run from before
    that, its base's (followed through start_from); b"" if none."""
    from mlmstudio.engine.hf_import.convert import read_origin_bytes
    from mlmstudio.engine.hf_import.export_back import origin_of

    own = run_dir / ORIGIN_FILE
    try:
        read = read_origin_bytes(run_dir)  # read once: the bytes the bundle carries are those parsed
    except OSError:
        read = None
    if read is not None and read[1] is not None:
        return read[0]
    try:
        origin = origin_of(run_dir, RunConfig.from_file(run_dir / CONFIG_FILE))
    except (OSError, ConfigError, ValueError):
        origin = None
    if origin is None and own.is_file():  # a bundle with it would not import (_check_origin)
        raise BundleError(
            f"The origin.json in {run_dir} (where its model came from) cannot be read, so the bundle "
            "would lose the model's own class, token ids and mask spelling. Nothing was exported; "
            "copy the run folder again, or remove its origin.json to export the run without it."
        )
    return origin.to_json().encode("utf-8") if origin is not None else b""


def _probes_jsonl(db: Database, run_id: str) -> bytes:
    """The run's probe points from the history, as the run folder's probes.jsonl lines."""
    from mlmstudio.store.service import load_probe_curves

    by_step: dict[int, list[ProbeResult]] = {}
    elapsed: dict[int, float] = {}
    for curve in load_probe_curves(db, run_id):
        for i, step in enumerate(curve.steps.tolist()):
            by_step.setdefault(step, []).append(
                ProbeResult(
                    curve.sentence,
                    curve.answer,
                    float(curve.probabilities[i]),
                    curve.top1[i],
                    bool(curve.hits[i]),
                )
            )
            elapsed[step] = float(curve.wall_time[i])
    lines = [ProbeRecord(step, elapsed[step], tuple(by_step[step])).to_line() for step in sorted(by_step)]
    return "".join(line + "\n" for line in lines).encode("utf-8")


def _metrics_csv(db: Database, run_id: str) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(METRICS_COLUMNS)
    with db.session(write=False) as session:
        cursor = repository.raw_cursor(session)
        try:
            rows = cursor.execute(
                "SELECT step, split, name, value, wall_time FROM metric_points "
                "WHERE run_id = ? ORDER BY split, name, step",
                (run_id,),
            )
            for step, split, name, value, wall_time in rows:
                writer.writerow([step, split, name, repr(float(value)), repr(float(wall_time))])
        finally:
            cursor.close()
    return out.getvalue().encode("utf-8")


def _file_entry(path: Path) -> dict[str, Any]:
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return {"sha256": digest.hexdigest(), "size": size}


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


# --- import ------------------------------------------------------------------------------------


def import_bundle(db: Database, path: str | Path, *, notes: list[str] | None = None) -> str:
    """Add the run in bundle ``path`` to the history; return its new run id.

    Raises ``BundleError`` (and changes nothing) for any unreadable, unsafe or
    inconsistent bundle.
    """
    path = Path(path)
    if not path.is_file():
        raise BundleError(f"{path} does not exist or is not a file. Choose a {BUNDLE_SUFFIX} file.")
    try:
        with zipfile.ZipFile(path) as zf:
            members = _checked_members(zf)
            manifest = _read_manifest(zf, members)
            _check_disk_space(db.data_dir, members)
            cleaned = run_landing.recover_landings(db)  # what a killed import left, finished or undone
            if notes is not None:
                notes.extend(cleaned)
            staging = run_landing.staging_folder(db.data_dir)  # 0755 with umask 022, unlike mkdtemp
            try:
                for name, info in members.items():
                    if name != MANIFEST_FILE:
                        _extract(zf, info, staging / name, manifest["files"][name]["sha256"])
                        file_written(staging / name)
                run_id = _validate_and_insert(db, staging, manifest)
            except BaseException:
                run_landing.discard(staging)
                raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as exc:
        raise BundleError(
            f"{path.name} is not a readable {BUNDLE_SUFFIX} bundle: it is damaged or "
            f"truncated ({exc}). Export the run again."
        ) from exc
    except OSError as exc:
        raise BundleError(
            f"{path.name} could not be read or unpacked ({exc.strerror or exc}). "
            "Check the file and the free disk space."
        ) from exc
    return run_id


def _checked_members(zf: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The members by name, after checking names, sizes and compression before extracting any."""
    members: dict[str, zipfile.ZipInfo] = {}
    allowed = {MANIFEST_FILE, *REQUIRED_MEMBERS, *OPTIONAL_MEMBERS}
    for info in zf.infolist():
        name = info.filename
        if _unsafe_name(name):
            raise BundleError(
                f"The bundle contains an unsafe file path ({name!r}) that could write "
                "outside its folder. It was refused; nothing was imported."
            )
        if name not in allowed:
            raise BundleError(
                f"The bundle contains an unexpected file ({name!r}). It was not written "
                "by MLM Studio; nothing was imported."
            )
        if name in members:
            raise BundleError(f"The bundle contains {name} twice. It is damaged; nothing was imported.")
        if info.flag_bits & 0x1:
            raise BundleError(f"{name} in the bundle is encrypted. MLM Studio bundles never are.")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise BundleError(
                f"{name} in the bundle uses an unsupported compression. Export it again with MLM Studio."
            )
        if info.file_size > MEMBER_LIMITS[name]:
            raise BundleError(
                f"{name} in the bundle is too large ({info.file_size / MiB:,.0f} MiB; at "
                f"most {MEMBER_LIMITS[name] / MiB:,.0f} MiB). Nothing was imported."
            )
        if info.file_size > RATIO_CHECK_ABOVE and info.file_size > MAX_COMPRESSION_RATIO * max(
            info.compress_size, 1
        ):
            raise BundleError(
                f"{name} in the bundle would expand {info.file_size // max(info.compress_size, 1):,} "
                "times when unpacked, like a zip bomb. It was refused; nothing was imported."
            )
        members[name] = info
    missing = [name for name in (MANIFEST_FILE, *REQUIRED_MEMBERS) if name not in members]
    if missing:
        raise BundleError(f"The bundle has no {', '.join(missing)}. It is incomplete; export the run again.")
    return members


def _unsafe_name(name: str) -> bool:
    parts = re.split(r"[\\/]", name)
    return (
        not name
        or name.startswith(("/", "\\"))
        or ".." in parts
        or ":" in name
        or "\\" in name
        or "\x00" in name
        or os.path.isabs(name)
    )


def _read_manifest(zf: zipfile.ZipFile, members: Mapping[str, zipfile.ZipInfo]) -> dict[str, Any]:
    raw = _read_limited(zf, members[MANIFEST_FILE])
    try:
        manifest = bounded_json.loads(raw)
    except bounded_json.JSONLimitError as exc:
        raise BundleError(f"The bundle's manifest.json {exc}. Nothing was imported.") from exc
    if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
        raise BundleError(
            "The bundle's manifest.json does not describe an MLM Studio run. Nothing was imported."
        )
    version = manifest.get("format_version")
    if not isinstance(version, int) or version < 1 or version > FORMAT_VERSION:
        raise BundleError(
            f"The bundle has format version {version!r}; this MLM Studio reads up to "
            f"{FORMAT_VERSION}. Update MLM Studio to import it."
        )
    files = manifest.get("files")
    if not isinstance(files, dict) or not isinstance(manifest.get("run"), dict):
        raise BundleError(
            "The bundle's manifest.json lacks its file list or run record. Nothing was imported."
        )
    for name, info in members.items():
        if name == MANIFEST_FILE:
            continue
        entry = files.get(name)
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("sha256"), str)
            or not _SHA256.match(entry["sha256"])
            or entry.get("size") != info.file_size
        ):
            raise BundleError(
                f"The bundle's manifest does not match its {name} (missing entry, hash or "
                "size). The bundle was altered or damaged; nothing was imported."
            )
    extra = set(files) - set(members)
    if extra:
        raise BundleError(
            f"The bundle's manifest lists {', '.join(sorted(extra))}, which the bundle "
            "does not contain. It is incomplete; nothing was imported."
        )
    return manifest


def _check_disk_space(directory: Path, members: Mapping[str, zipfile.ZipInfo]) -> None:
    needed = sum(info.file_size for info in members.values())
    free = shutil.disk_usage(directory).free
    if needed > free:
        raise BundleError(
            f"Importing needs {needed / MiB:,.0f} MiB but only {free / MiB:,.0f} MiB are "
            "free in the data directory. Free some space and try again."
        )


def _read_limited(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    buffer = bytearray()
    with zf.open(info) as stream:
        while chunk := stream.read(_CHUNK):
            buffer += chunk
            if len(buffer) > min(info.file_size, MEMBER_LIMITS[info.filename]):
                raise BundleError(
                    f"{info.filename} in the bundle is larger than it declares. "
                    "It was refused; nothing was imported."
                )
    return bytes(buffer)


def _extract(zf: zipfile.ZipFile, info: zipfile.ZipInfo, target: Path, expected_sha256: str) -> None:
    """Copy one member out, counting bytes against its declared size and hashing as it goes."""
    limit = min(info.file_size, MEMBER_LIMITS[info.filename])
    digest = hashlib.sha256()
    written = 0
    with zf.open(info) as stream, target.open("xb") as out:
        while chunk := stream.read(_CHUNK):
            written += len(chunk)
            if written > limit:
                raise BundleError(
                    f"{info.filename} in the bundle is larger than it declares. "
                    "It was refused; nothing was imported."
                )
            digest.update(chunk)
            out.write(chunk)
    if digest.hexdigest() != expected_sha256:
        raise BundleError(
            f"{info.filename} in the bundle does not match the hash in its manifest. "
            "The bundle was altered or damaged; nothing was imported."
        )


def _validate_and_insert(db: Database, staging: Path, manifest: Mapping[str, Any]) -> str:
    """Check the extracted files' contents, then move them into place and record the run at once."""
    config = _validated_config(staging / CONFIG_FILE)
    _check_model(staging)
    _check_origin(staging / ORIGIN_FILE)
    points = _read_metrics_csv(staging / METRICS_CSV)
    record = _run_record(manifest["run"])
    (staging / METRICS_CSV).unlink()  # the points live in the database

    # probes.jsonl stays in the run folder (rebuild-history reads it); its points go in the history.
    probes = [r for r in read_records(staging / PROBES_FILE) if r.step <= record["last_step"]]
    run_id = repository.new_run_id()

    def insert(session) -> None:
        corpus_id = None
        corpus = record["corpus"]
        if corpus is not None:
            corpus_id = repository.get_or_create_corpus(session, **corpus).id
        row = RunRow(
            id=run_id,
            name=record["name"],
            status=record["status"],
            config_json=config.to_json(),
            corpus_id=corpus_id,
            created_at=record["created_at"] or utcnow(),
            started_at=record["started_at"],
            finished_at=record["finished_at"],
            last_step=record["last_step"],
            final_metrics_json=json.dumps(record["final_metrics"], sort_keys=True),
            message="",
            notes=record["notes"],
        )
        session.add(row)
        session.flush()
        repository.add_tags(row, record["tags"])
        for start in range(0, len(points), 10_000):
            session.execute(
                table_of(MetricPointRow).insert(),
                [dict(p, run_id=run_id) for p in points[start : start + 10_000]],
            )
        repository.add_probe_points(session, list(probe_rows(probes, run_id)))

    run_landing.land(db, staging, run_id, insert)  # the folder takes its place once its row is committed
    log.info("Imported run %s (%s) with %d metric points.", run_id, record["name"], len(points))
    return run_id


def _check_origin(path: Path) -> None:
    """An origin.json, where the bundle has one, must read as an Origin (read_origin would ignore it)."""
    if not path.is_file():
        return
    from mlmstudio.engine.hf_import.convert import Origin

    try:
        Origin(**bounded_json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        raise BundleError(
            f"origin.json in the bundle (where its model came from) cannot be read ({str(exc)[:120]}). "
            "Nothing was imported."
        ) from None


def _validated_config(path: Path) -> RunConfig:
    try:
        return RunConfig.from_file(path).validate()
    except ConfigError as exc:
        reason = str(exc).removeprefix(f"{path}: ")  # the staging folder's path means nothing to the user
        raise BundleError(
            f"The bundle's config.json is not a valid run configuration: {reason} Nothing was imported."
        ) from exc


def _check_model(folder: Path) -> None:
    """Build the model from config.json and tokenizer.json and load the weights (safetensors, CPU)."""
    from mlmstudio.engine.artifacts import load_model_dir

    try:
        load_model_dir(folder, device="cpu")
    except MLMStudioError as exc:
        # Name the member, never the hidden staging folder it was unpacked into.
        reason = str(exc).replace(f"{folder}{os.sep}", "").replace(str(folder), "the bundle")
        raise BundleError(f"The model in the bundle cannot be loaded: {reason}") from exc


def _read_metrics_csv(path: Path) -> list[dict[str, Any]]:
    points = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        if next(reader, None) != METRICS_COLUMNS:
            raise BundleError(
                f"The bundle's metrics.csv must start with the header "
                f"{','.join(METRICS_COLUMNS)}. Nothing was imported."
            )
        for line, row in enumerate(reader, start=2):
            try:
                step, split, name, value, wall_time = row
                point: dict[str, Any] | None = dict(
                    step=int(step), split=split, name=name, value=float(value), wall_time=float(wall_time)
                )
            except ValueError:
                point = None
            if (
                point is None
                or point["step"] < 0
                or not int_fits(point["step"])  # beyond what the history stores
                or split not in (TRAIN, VAL)
                or not _METRIC_NAME.match(name)
                or not math.isfinite(point["value"])
                or not math.isfinite(point["wall_time"])
            ):
                raise BundleError(
                    f"Line {line} of the bundle's metrics.csv is not a valid metric point. "
                    "Nothing was imported."
                )
            points.append(point)
    return points


def _run_record(run: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest's run record, type-checked; bad values refuse the bundle."""

    def text(key: str, default: str = "", limit: int = 100_000) -> str:
        value = run.get(key, default)
        if value is None:
            value = default
        if not isinstance(value, str) or len(value) > limit:
            raise BundleError(f"The bundle's manifest has an invalid run {key}. Nothing was imported.")
        return value

    def moment(key: str) -> datetime | None:
        value = run.get(key)
        if value is None:
            return None
        try:
            parsed = datetime.fromisoformat(value)
            if parsed.tzinfo is not None:  # year 1 at +14:00 is before year 1 in UTC
                parsed = parsed.astimezone(UTC).replace(tzinfo=None)
        except (TypeError, ValueError, OverflowError) as exc:
            raise BundleError(
                f"The bundle's manifest has an invalid run {key}. Nothing was imported."
            ) from exc
        return parsed

    tags = run.get("tags") or []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise BundleError("The bundle's manifest has invalid run tags. Nothing was imported.")
    final_metrics = run.get("final_metrics") or {}
    last_step = run.get("last_step") or 0
    if (
        not isinstance(final_metrics, dict)
        or not isinstance(last_step, int)
        or not 0 <= last_step <= INT64_MAX
    ):
        raise BundleError("The bundle's manifest has an invalid run summary. Nothing was imported.")
    status = text("status", RunStatus.COMPLETED.value)
    return {
        "name": " ".join(text("name", "imported run", 500).split()) or "imported run",
        "status": status if status in IMPORTABLE_STATUSES else RunStatus.COMPLETED.value,
        "notes": text("notes"),
        "tags": tags[:100],
        "last_step": last_step,
        "final_metrics": to_jsonable(final_metrics),
        "created_at": moment("created_at"),
        "started_at": moment("started_at"),
        "finished_at": moment("finished_at"),
        "corpus": _corpus_record(run.get("corpus")),
    }


def _corpus_record(corpus: Any) -> dict[str, Any] | None:
    if corpus is None:
        return None
    if (
        not isinstance(corpus, dict)
        or not isinstance(corpus.get("sha256"), str)
        or not _SHA256.match(corpus["sha256"])
        or not isinstance(corpus.get("name", ""), str)
        or not isinstance(corpus.get("source", ""), str)
        or not isinstance(corpus.get("size_bytes", 0), int)
        or not 0 <= corpus.get("size_bytes", 0) <= INT64_MAX
        or not isinstance(corpus.get("stats", {}), dict)
    ):
        raise BundleError("The bundle's manifest has an invalid corpus record. Nothing was imported.")
    return {
        "name": corpus.get("name", "")[:500],
        "source": corpus.get("source", ""),
        "sha256": corpus["sha256"],
        "size_bytes": corpus.get("size_bytes", 0),
        "stats": to_jsonable(corpus.get("stats", {})),
    }
