"""What a crash leaves behind, and the zip a user can attach to a bug report. Nothing is sent anywhere.

Recording (``enable``, no Qt): each app process keeps, in ``crash/`` of the
data folder, its own ``faulthandler-PID.txt`` (Python's ``faulthandler``
writes the threads' stacks there on a segfault or an abort, when no Python
code can run any more; the file stays open for the process's life) and
``session-PID.log`` (its log lines). Unhandled exceptions, in the GUI thread
(``sys.excepthook``, which PySide6 also calls for an exception escaping a
slot, in any thread), in Python threads (``threading.excepthook``) and those
the workers catch and log with their traceback (``log.exception``), are
appended to ``exceptions.log``.

Files are per process because two windows may be open at once. The files of
a process that has ended are set aside at the next start (or by
``mlmstudio doctor --crash-report``): a non-empty trace becomes pending with
that session's log, and the run it held the lock of (``owner.lock`` holds
the pid) is remembered; clean sessions' files are deleted.

Reporting (``build_report``): one zip in ``crash-reports/`` with the trace,
the exceptions logged since the last report, the versions (the doctor's
report, handed in by the caller: this module sits below both faces), that
run's config.json with its probe sentences left out, and the session's last
log lines. Corpus files and run folders are never copied. Building the zip or
declining it (``dismiss``) marks everything pending as reported.
"""

from __future__ import annotations

import faulthandler
import json
import logging
import logging.handlers
import os
import sys
import threading
import time
import traceback
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from mlmstudio import __version__
from mlmstudio.crash_scrub import scrub_log

log = logging.getLogger(__name__)

CRASH_DIRNAME = "crash"
REPORTS_DIRNAME = "crash-reports"
EXCEPTIONS_FILE = "exceptions.log"
PENDING_TRACE = "pending-trace.txt"
PENDING_LOG = "pending-session.log"
PENDING_RUN = "pending-run.json"
REPORTED_FILE = "reported.json"  # how much of exceptions.log has been reported
LOG_LINES_KEPT = 200
SESSION_LOG_BYTES = 1_000_000  # per file, one older file kept: a long session's log stays small
PROBE_NOTE = "[probe sentences left out of the report: {n}]"

Versions = Callable[[Path], dict[str, Any]]


@dataclass(frozen=True)
class CrashFolder:
    """The recorder's files in a data folder."""

    data_dir: Path

    @property
    def path(self) -> Path:
        return self.data_dir / CRASH_DIRNAME

    @property
    def reports(self) -> Path:
        return self.data_dir / REPORTS_DIRNAME

    def trace(self, pid: int) -> Path:
        return self.path / f"faulthandler-{pid}.txt"

    def session_log(self, pid: int) -> Path:
        return self.path / f"session-{pid}.log"

    def file(self, name: str) -> Path:
        return self.path / name


# Recording ----------------------------------------------------------------------------
class Recorder:
    """This process's crash recording: faulthandler's file, the exception hooks, the session log."""

    def __init__(self, data_dir: Path, versions: Versions | None = None) -> None:
        self.folder = CrashFolder(Path(data_dir))
        self.versions = versions
        self._trace_file: IO[str] | None = None
        self._handlers: list[logging.Handler] = []
        self._previous_hooks: tuple[Any, Any] | None = None
        self._root_level = logging.NOTSET

    def enable(self) -> Recorder:
        self.folder.path.mkdir(parents=True, exist_ok=True)
        set_aside_ended_sessions(self.folder)
        pid = os.getpid()
        self._trace_file = open(self.folder.trace(pid), "w", encoding="utf-8")  # noqa: SIM115 - open for life
        faulthandler.enable(self._trace_file, all_threads=True)
        self._previous_hooks = (sys.excepthook, threading.excepthook)
        sys.excepthook = self._on_exception
        threading.excepthook = self._on_thread_exception
        session = logging.handlers.RotatingFileHandler(
            self.folder.session_log(pid), maxBytes=SESSION_LOG_BYTES, backupCount=1, encoding="utf-8"
        )
        session.setLevel(logging.INFO)
        session.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        caught = _LoggedTracebacks(self.folder)
        root = logging.getLogger()
        for handler in (session, caught):
            root.addHandler(handler)
            self._handlers.append(handler)
        self._root_level = root.level
        if root.getEffectiveLevel() > logging.INFO:
            root.setLevel(logging.INFO)
        return self

    def disable(self) -> None:
        """Undo ``enable`` at a clean exit: nothing of this session is left to report but its exceptions."""
        if self._previous_hooks is not None:
            sys.excepthook, threading.excepthook = self._previous_hooks
            self._previous_hooks = None
        if self._handlers:
            root = logging.getLogger()
            for handler in self._handlers:
                root.removeHandler(handler)
                handler.close()
            self._handlers.clear()
            root.setLevel(self._root_level)
        if self._trace_file is not None:
            faulthandler.disable()
            self._trace_file.close()
            self._trace_file = None
            pid = os.getpid()
            for path in (self.folder.trace(pid), *_session_logs(self.folder, pid)):
                _remove(path)

    def pending(self) -> bool:
        return has_pending(self.folder.data_dir)

    def build_report(self) -> Path:
        return build_report(self.folder.data_dir, self.versions)

    def dismiss(self) -> None:
        dismiss(self.folder.data_dir)

    def _on_exception(self, kind, value, tb) -> None:
        record_exception(self.folder, "an unhandled exception", kind, value, tb)
        assert self._previous_hooks is not None
        self._previous_hooks[0](kind, value, tb)

    def _on_thread_exception(self, args) -> None:
        if args.exc_type is not SystemExit:
            name = args.thread.name if args.thread is not None else "?"
            record_exception(
                self.folder,
                f"an unhandled exception in thread {name}",
                args.exc_type,
                args.exc_value,
                args.exc_traceback,
            )
        assert self._previous_hooks is not None
        self._previous_hooks[1](args)


class _LoggedTracebacks(logging.Handler):
    """Errors logged with their traceback (the workers' ``log.exception``): caught, but still bugs."""

    def __init__(self, folder: CrashFolder) -> None:
        super().__init__(logging.ERROR)
        self._folder = folder

    def emit(self, record: logging.LogRecord) -> None:
        if not record.exc_info or record.exc_info[0] is None:
            return
        try:
            kind, value, tb = record.exc_info
            record_exception(self._folder, f"{record.name}: {record.getMessage()}", kind, value, tb)
        except Exception:  # noqa: BLE001 - logging must never fail the code that logs
            self.handleError(record)


def enable(data_dir: Path, versions: Versions | None = None) -> Recorder:
    """Start recording for this process; ``versions(data_dir)`` gives the report's versions."""
    return Recorder(data_dir, versions).enable()


def record_exception(folder: CrashFolder, where: str, kind, value, tb) -> None:
    """Append one exception to exceptions.log; a failure to write only costs the entry."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    text = "".join(traceback.format_exception(kind, value, tb))
    entry = f"=== {stamp} pid {os.getpid()}: {where}\n{text}\n"
    try:
        folder.path.mkdir(parents=True, exist_ok=True)
        with open(folder.file(EXCEPTIONS_FILE), "a", encoding="utf-8") as out:
            out.write(entry)
    except OSError:
        pass


def set_aside_ended_sessions(folder: CrashFolder) -> None:
    """Make the traces of ended processes pending (with their logs and run); delete clean ones."""
    if not folder.path.is_dir():
        return
    for trace in sorted(folder.path.glob("faulthandler-*.txt")):
        pid = _pid_of(trace)
        if pid is None or pid == os.getpid() or _alive(pid):
            continue
        try:
            text = trace.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if text.strip():
            ended = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(trace.stat().st_mtime))
            with open(folder.file(PENDING_TRACE), "a", encoding="utf-8") as out:
                out.write(f"=== pid {pid}, ended {ended}\n{text}\n")
            _keep_log_lines(folder, pid)
            run = _run_locked_by(folder.data_dir, pid)
            if run is not None:
                folder.file(PENDING_RUN).write_text(json.dumps({"run_dir": str(run)}), encoding="utf-8")
        for path in (trace, *_session_logs(folder, pid)):
            _remove(path)


def _keep_log_lines(folder: CrashFolder, pid: int) -> None:
    lines: list[str] = []
    for path in reversed(_session_logs(folder, pid)):  # the older rotated file first
        try:
            lines += path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            pass
    if lines:
        kept = "\n".join(lines[-LOG_LINES_KEPT:]) + "\n"
        folder.file(PENDING_LOG).write_text(kept, encoding="utf-8")


def _session_logs(folder: CrashFolder, pid: int) -> list[Path]:
    """The session's log and its rotated older part, newest first."""
    current = folder.session_log(pid)
    return [p for p in (current, current.with_name(current.name + ".1")) if p.exists()]


def _run_locked_by(data_dir: Path, pid: int) -> Path | None:
    """The run folder whose lock that process took last (owner.lock holds the owner's pid)."""
    from mlmstudio.engine.run_files import RunFolder  # light: paths only
    from mlmstudio.store.paths import runs_root

    best: tuple[float, Path] | None = None
    root = runs_root(data_dir)
    if not root.is_dir():
        return None
    for run_dir in root.iterdir():
        lock = RunFolder(run_dir).lock
        try:
            if lock.read_text(encoding="utf-8").strip() != str(pid):
                continue
            mtime = lock.stat().st_mtime
        except (OSError, UnicodeDecodeError):
            continue
        if best is None or mtime > best[0]:
            best = (mtime, run_dir)
    return best[1] if best else None


def _pid_of(path: Path) -> int | None:
    try:
        return int(path.stem.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return None


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill(pid, 0) would stop it; an open file cannot be moved there anyway
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: someone else's process
        return True
    return True


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:  # Windows: still open in a live process
        pass


# Reporting ----------------------------------------------------------------------------
def has_pending(data_dir: Path) -> bool:
    """Did an ended session leave a trace, or an exception, not yet reported?"""
    folder = CrashFolder(Path(data_dir))
    set_aside_ended_sessions(folder)
    return _nonempty(folder.file(PENDING_TRACE)) or bool(_new_exceptions(folder)[0])


def build_report(data_dir: Path, versions: Versions | None = None) -> Path:
    """Write the zip and return its path; what it reports is then no longer pending."""
    data_dir = Path(data_dir)
    folder = CrashFolder(data_dir)
    set_aside_ended_sessions(folder)
    exceptions, reported_to = _new_exceptions(folder)
    parts: dict[str, str] = {
        "trace.txt": _read(folder.file(PENDING_TRACE)) or "No faulthandler trace was left.\n",
        "exceptions.txt": scrub_log(exceptions)
        or "No unhandled exception was logged since the last report.\n",
        "versions.json": json.dumps(_versions(data_dir, versions), indent=2, default=str) + "\n",
        "log-tail.txt": scrub_log(_read(folder.file(PENDING_LOG))) or "No log lines were kept.\n",
    }
    config = _run_config(folder)
    if config is not None:
        parts["run-config.json"] = config
    parts["README.txt"] = _readme(sorted(parts))
    folder.reports.mkdir(parents=True, exist_ok=True)
    target = _free_name(folder.reports, time.strftime("crash-%Y%m%d-%H%M%S"))
    partial = target.with_name(target.name + ".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    os.replace(partial, target)
    _mark_reported(folder, reported_to)
    return target


def dismiss(data_dir: Path) -> None:
    """Forget what is pending without a report (the user declined)."""
    folder = CrashFolder(Path(data_dir))
    _mark_reported(folder, _new_exceptions(folder)[1])


def _mark_reported(folder: CrashFolder, exceptions_bytes: int) -> None:
    for name in (PENDING_TRACE, PENDING_LOG, PENDING_RUN):
        _remove(folder.file(name))
    if folder.path.is_dir():
        folder.file(REPORTED_FILE).write_text(
            json.dumps({"exceptions_bytes": exceptions_bytes}), encoding="utf-8"
        )


def _new_exceptions(folder: CrashFolder) -> tuple[str, int]:
    """The part of exceptions.log after the last report, and the log's size."""
    path = folder.file(EXCEPTIONS_FILE)
    try:
        data = path.read_bytes()
    except OSError:
        return "", 0
    try:
        start = int(json.loads(folder.file(REPORTED_FILE).read_text(encoding="utf-8"))["exceptions_bytes"])
    except (OSError, ValueError, KeyError, TypeError):
        start = 0
    if not 0 <= start <= len(data):  # the log was replaced since: all of it is new
        start = 0
    return data[start:].decode("utf-8", errors="replace"), len(data)


def _versions(data_dir: Path, versions: Versions | None) -> dict[str, Any]:
    import platform

    if versions is not None:
        try:
            return versions(data_dir)
        except Exception as exc:  # noqa: BLE001 - the report still goes out without them
            log.warning("The doctor's report failed: %s", exc)
            fallback_note = f"the doctor's report failed: {exc}"
        else:
            fallback_note = ""
    else:
        fallback_note = "the doctor's report was not available here"
    return {
        "mlmstudio": __version__,
        "python": {"version": platform.python_version(), "platform": platform.platform()},
        "note": fallback_note,
    }


def _run_config(folder: CrashFolder) -> str | None:
    """The pending run's config.json with its probe sentences left out; None when none is known."""
    from mlmstudio.engine.run_files import RunFolder

    try:
        run_dir = Path(json.loads(folder.file(PENDING_RUN).read_text(encoding="utf-8"))["run_dir"])
        config = json.loads(RunFolder(run_dir).config.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return json.dumps(_without_probe_sentences(config), indent=2) + "\n"


def _without_probe_sentences(value: Any) -> Any:
    """Probe sentences may come from the corpus: only their number goes into a report."""
    if isinstance(value, dict):
        cleaned = {}
        for key, item in value.items():
            if key == "probes" and isinstance(item, dict) and isinstance(item.get("items"), list):
                item = {**item, "items": PROBE_NOTE.format(n=len(item["items"]))}
            elif key == "probes" and isinstance(item, list):
                item = PROBE_NOTE.format(n=len(item))
            cleaned[key] = _without_probe_sentences(item)
        return cleaned
    if isinstance(value, list):
        return [_without_probe_sentences(item) for item in value]
    return value


def _readme(names: list[str]) -> str:
    return (
        "MLM Studio crash report. Nothing was sent anywhere: attach this zip to a bug report if you wish.\n"
        "It holds no corpus text: no corpus file, no run folder, no probe sentence.\n\n"
        "Files:\n" + "".join(f"- {name}\n" for name in names if name != "README.txt")
    )


def _free_name(folder: Path, stem: str) -> Path:
    target = folder / f"{stem}.zip"
    n = 2
    while target.exists():
        target = folder / f"{stem}-{n}.zip"
        n += 1
    return target


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _nonempty(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False
