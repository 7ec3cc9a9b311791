"""``mlmstudio doctor``: what this computer offers MLM Studio, and what to fix.

One command to answer "why does it not start / train / find my runs?": the
Python and PyTorch in use, the threads and bf16 support that set training
speed, the GPU, Qt's platform plugins and whether a window can open, the
data directory with its free disk, whether the run history opens, and the
damaged parts of the files many operations share (``shared_stores.py``).

Problems come with what to do. Those the command line needs (PyTorch, the
tokenizers, a writable data directory, a readable history) make the exit
code 1; a missing display is only a warning, since everything but the window
works without one. ``--json`` prints the same facts for scripts and bug
reports. Looking changes nothing: the data directory and the history are
not created, and stale runs are not marked interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mlmstudio import __version__, command_hint, display_check
from mlmstudio.cli import gpu_advice
from mlmstudio.engine.system_memory import human_bytes
from mlmstudio.thread_policy import THREADS_ENV

MIN_FREE_BYTES = 500 * 1000 * 1000  # a few checkpoints of a base-size model
ERROR, WARNING = "error", "warning"


@dataclass
class Problem:
    severity: str  # ERROR: the command line cannot work; WARNING: something is limited
    what: str
    fix: str


def add_doctor_command(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "doctor",
        help="Check this computer: Python, PyTorch, GPU, Qt and the display, the data "
        "directory and the history; say what to fix.",
        description="Report what MLM Studio finds on this computer and what to do about each "
        "problem. Exits 1 when something the command line needs is broken.",
    )
    parser.add_argument("--json", action="store_true", help="Print the report as JSON.")
    parser.add_argument(
        "--crash-report",
        action="store_true",
        help="Write a zip for a bug report: the last crash's trace, this report, the crashed run's settings "
        "and the last log lines (no corpus text; nothing is sent). Prints where it is.",
    )
    parser.set_defaults(func=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    if args.crash_report:
        return _write_crash_report(args.data_dir)
    report = collect(args.data_dir)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render(report))
    return 0 if report["ok"] else 1


def _write_crash_report(data_dir: str | None) -> int:
    from mlmstudio import crash_report
    from mlmstudio.store.paths import data_dir as resolve_data_dir

    directory = resolve_data_dir(data_dir)
    found = crash_report.has_pending(directory)
    path = crash_report.build_report(directory, versions=lambda d: collect(str(d)))
    if not found:
        print("No crash was recorded since the last report; the zip holds the versions and no trace.")
    print(
        f"Crash report written: {path}\nNothing was sent anywhere; attach the zip to a bug report if you wish."
    )
    return 0


# Collecting ---------------------------------------------------------------------------
def collect(data_dir: str | None = None, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Every fact, and the problems found, as plain JSON-ready data."""
    env = dict(os.environ) if env is None else env
    problems: list[Problem] = []
    report: dict[str, Any] = {
        "mlmstudio": __version__,
        "python": {
            "version": platform.python_version(),
            "executable": sys.executable,
            "platform": platform.platform(),
        },
    }
    report["torch"], report["bf16"], report["gpu"] = _torch_facts(problems)
    report["tokenizers"] = _tokenizers_facts(problems)
    report["qt"] = _qt_facts()
    report["display"] = _display_facts(env, problems)
    report["data_dir"] = _data_dir_facts(data_dir, env, problems)
    report["history"] = _history_facts(report["data_dir"], problems)
    report["shared_files"] = _shared_files_facts(report["data_dir"], problems)
    report["problems"] = [asdict(p) for p in problems]
    report["ok"] = not any(p.severity == ERROR for p in problems)
    return report


def _torch_facts(problems: list[Problem]) -> tuple[dict, dict, dict]:
    try:
        import torch

        from mlmstudio.engine.device import cpu_has_native_bf16, resolve_device, resolve_precision
    except Exception as exc:  # an ImportError, or a broken native library (OSError)
        problems.append(
            Problem(
                ERROR,
                f"PyTorch cannot be imported ({exc}).",
                command_hint.reinstall_advice("torch"),
            )
        )
        return {"version": None, "error": str(exc)}, {"supported": None}, {"cuda": None, "mps": None}
    from mlmstudio import thread_policy

    policy = thread_policy.decide("cli")  # what `mlmstudio train` starts with (the app: one core fewer)
    torch_facts = {
        "version": torch.__version__,
        "threads": torch.get_num_threads(),
        "interop_threads": torch.get_num_interop_threads(),
        "cpus": os.cpu_count(),
        "thread_policy": policy.as_dict(),
        "app_training_threads": thread_policy.decide("app").threads,
    }
    cuda = torch.cuda.is_available()
    mps = bool(getattr(torch.backends, "mps", None) and torch.backends.mps.is_available())
    devices = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())] if cuda else []
    try:
        auto_device = resolve_device("auto")
        auto_precision = resolve_precision("auto", auto_device)
    except Exception as exc:  # the device probe itself failed: report, never crash
        auto_device, auto_precision = "cpu", "fp32"
        problems.append(
            Problem(WARNING, f"The training device could not be chosen ({exc}).", "Train with --device cpu.")
        )
    bf16 = {
        "cpu_native": cpu_has_native_bf16(),
        "cuda": bool(cuda and torch.cuda.is_bf16_supported()),
        "auto_precision": auto_precision,
    }
    bf16["supported"] = auto_precision == "bf16"
    gpu = {
        "cuda": cuda,
        "cuda_devices": devices,
        "cuda_version": torch.version.cuda,
        "mps": mps,
        "training_device": str(auto_device),
        "nvidia_unused": None,  # what shows an NVIDIA GPU that this CPU-only torch cannot use
    }
    evidence = None if cuda or torch.version.cuda else gpu_advice.nvidia_gpu_evidence()
    if evidence:
        gpu["nvidia_unused"] = evidence
        problems.append(
            Problem(
                WARNING,
                f"{gpu_advice.cpu_only_message(evidence)}.",
                gpu_advice.cuda_recipe(torch.__version__),
            )
        )
    return torch_facts, bf16, gpu


def _tokenizers_facts(problems: list[Problem]) -> dict:
    try:
        import tokenizers
    except Exception as exc:
        problems.append(
            Problem(
                ERROR,
                f"The tokenizers library cannot be imported ({exc}).",
                command_hint.reinstall_advice("MLM Studio's dependencies"),
            )
        )
        return {"version": None, "error": str(exc)}
    return {"version": tokenizers.__version__}


def _qt_facts() -> dict:
    directory = display_check.plugins_dir()
    facts: dict[str, Any] = {
        "pyside6": None,
        "qt": None,
        "plugins_dir": str(directory) if directory else None,
        "platform_plugins": [],
    }
    try:
        from importlib.metadata import version

        facts["pyside6"] = version("PySide6-Essentials")
    except Exception:  # PySide6 installed some other way, or not at all
        pass
    if directory is None:
        return facts
    try:
        from PySide6.QtCore import qVersion  # no display needed for QtCore

        facts["qt"] = qVersion()
    except Exception as exc:
        facts["error"] = str(exc)
    for name in display_check.installed_plugins(directory):
        status = display_check.probe_plugin(directory / f"libq{name}.so")
        facts["platform_plugins"].append(
            {"name": name, "loads": status.loads, "missing_libraries": status.missing_libraries}
        )
    return facts


def _display_facts(env: dict[str, str], problems: list[Problem]) -> dict:
    problem = display_check.find_display_problem(env, retry_s=1.0)
    facts = {
        "DISPLAY": env.get("DISPLAY"),
        "WAYLAND_DISPLAY": env.get("WAYLAND_DISPLAY"),
        "QT_QPA_PLATFORM": env.get("QT_QPA_PLATFORM"),
        "platforms": display_check.requested_platforms(env),
        "window_can_open": problem is None,
        "problem": problem.what if problem else None,
        "packages": list(problem.packages) if problem else [],
    }
    if problem is not None:
        fix = "Use a virtual display: xvfb-run -a mlmstudio. The command line works without one."
        if problem.packages:
            fix = f"As root: {display_check.apt_line(problem.packages)}. " + fix
        problems.append(Problem(WARNING, f"The desktop app cannot open a window: {problem.what}", fix))
    return facts


def _data_dir_facts(override: str | None, env: dict[str, str], problems: list[Problem]) -> dict:
    from mlmstudio.store import paths

    if override is not None and str(override).strip():
        source, path = "--data-dir", Path(override).expanduser()
    elif env.get(paths.ENV_VAR, "").strip():
        source, path = paths.ENV_VAR, Path(env[paths.ENV_VAR]).expanduser()
    else:
        import platformdirs

        source, path = "default", Path(platformdirs.user_data_dir("mlmstudio", appauthor=False))
    path = path.absolute()
    existing = _nearest_existing(path)
    facts: dict[str, Any] = {
        "path": str(path),
        "source": source,
        "exists": path.is_dir(),
        "writable": existing is not None and existing.is_dir() and os.access(existing, os.W_OK | os.X_OK),
        "free_bytes": None,
    }
    if path.exists() and not path.is_dir():
        facts["writable"] = False
    if existing is not None:
        try:
            facts["free_bytes"] = shutil.disk_usage(existing).free
        except OSError:
            pass
    if not facts["writable"]:
        problems.append(
            Problem(
                ERROR,
                f"The data directory {path} (from {source}) cannot be created or written.",
                "Choose a writable folder with --data-dir or MLMSTUDIO_HOME, or fix "
                "the folder's permissions.",
            )
        )
    elif facts["free_bytes"] is not None and facts["free_bytes"] < MIN_FREE_BYTES:
        problems.append(
            Problem(
                WARNING,
                f"Only {human_bytes(facts['free_bytes'])} are free on the disk of {path}.",
                "Free some space: checkpoints of a run need tens to hundreds of MB.",
            )
        )
    return facts


def _history_facts(data_dir: dict, problems: list[Problem]) -> dict:
    from mlmstudio.store.paths import DATABASE_FILENAME

    db_file = Path(data_dir["path"]) / DATABASE_FILENAME
    facts: dict[str, Any] = {
        "path": str(db_file),
        "exists": db_file.is_file(),
        "opens": None,
        "runs": None,
        "error": None,
    }
    if not facts["exists"]:
        return facts  # created by the first run: nothing to check, and looking must not create it
    try:
        from sqlalchemy import select

        from mlmstudio.store import repository
        from mlmstudio.store.database import Database
        from mlmstudio.store.models import RunRow

        db = Database.open(data_dir["path"], recover=False)
        try:
            with db.session(write=False) as session:
                facts["runs"] = len(repository.list_run_rows(session))
                recorded = set(session.scalars(select(RunRow.id)))
            facts["folders_without_record"] = _folders_without_record(db.runs_dir, recorded, problems)
            facts["interrupted_imports"] = _interrupted_imports(db, problems)
        finally:
            db.close()
        facts["opens"] = True
    except Exception as exc:  # whatever a damaged file raises, the report must still be printed
        facts["opens"] = False
        facts["error"] = str(exc)
        problems.append(
            Problem(
                ERROR,
                f"The run history {db_file} does not open: {exc}",
                "Move the file aside (keep it) and start again, or point --data-dir at another folder.",
            )
        )
    return facts


def _shared_files_facts(data_dir: dict, problems: list[Problem]) -> list[dict]:
    """The damaged parts of the files many operations share (``cli/shared_stores.py``), with their fixes."""
    from mlmstudio.cli import shared_stores

    try:
        findings = shared_stores.check_all(Path(data_dir["path"]))
    except Exception as exc:  # whatever a check raises, the report must still be printed
        problems.append(
            Problem(WARNING, f"The shared files could not all be checked: {exc}", "Run doctor again.")
        )
        return []
    problems.extend(Problem(WARNING, finding.what, finding.fix) for finding in findings)
    return [{"path": str(f.path), "what": f.what, "fix": f.fix} for f in findings]


def _folders_without_record(runs_dir: Path, recorded: set[str], problems: list[Problem]) -> list[str]:
    """Run folders the history does not list (an import killed before its record was written):
    invisible to 'runs list', each holding a model's disk space."""
    try:
        folders = sorted(p.name for p in runs_dir.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return []
    orphans = [name for name in folders if name not in recorded]
    if orphans:
        size = sum(f.stat().st_size for name in orphans for f in (runs_dir / name).rglob("*") if f.is_file())
        shown = ", ".join(orphans[:4]) + (", ..." if len(orphans) > 4 else "")
        problems.append(
            Problem(
                WARNING,
                f"{len(orphans)} run folder(s) in {runs_dir} have no record in the history ({shown}; "
                f"{size / 1e6:.1f} MB), left by an interrupted import or training.",
                f"Record them again with '{command_hint.command('runs rebuild-history --adopt')}', or "
                f"delete them with '{command_hint.command('runs rebuild-history --remove-orphans')}'.",
            )
        )
    return orphans


def _interrupted_imports(db, problems: list[Problem]) -> list[dict[str, str]]:
    """What imports killed halfway left (store/run_landing.py); looking changes nothing."""
    from mlmstudio.store.run_landing import find_leftovers

    leftovers = find_leftovers(db)
    if leftovers:
        adopt = sum(1 for x in leftovers if x.action == "adopt")
        problems.append(
            Problem(
                WARNING,
                f"{len(leftovers)} folder(s) in {db.data_dir} were left by interrupted imports "
                f"({', '.join(x.path.name for x in leftovers[:4])}): {adopt} of a recorded run whose "
                "folder is not in place yet, the rest unfinished copies.",
                f"Run '{command_hint.command('runs rebuild-history --adopt')}' (or any import) "
                "to finish or remove them.",
            )
        )
    return [{"path": str(x.path), "action": x.action} for x in leftovers]


def _nearest_existing(path: Path) -> Path | None:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return None


# Rendering ---------------------------------------------------------------------------
def render(report: dict[str, Any]) -> str:
    torch, bf16, gpu, qt = report["torch"], report["bf16"], report["gpu"], report["qt"]
    display, data, history = report["display"], report["data_dir"], report["history"]
    rows = [("Python", f"{report['python']['version']} ({report['python']['executable']})")]
    if torch.get("version"):
        rows.append(("PyTorch", f"{torch['version']}, {torch['threads']} threads for {torch['cpus']} CPUs"))
        policy = torch.get("thread_policy") or {}
        if policy:
            rows.append(("Training threads", _policy_line(policy, torch.get("app_training_threads"))))
        native = "yes" if bf16["supported"] else "no"
        rows.append(("bf16", f"{native} (training precision 'auto' means {bf16['auto_precision']})"))
        if gpu["cuda"]:
            rows.append(("GPU", f"CUDA {gpu['cuda_version']}: {', '.join(gpu['cuda_devices'])}"))
        elif gpu["mps"]:
            rows.append(("GPU", "Apple MPS"))
        elif gpu.get("nvidia_unused"):
            rows.append(
                ("GPU", f"{gpu_advice.cpu_only_message(gpu['nvidia_unused'])}: training runs on the CPU")
            )
        else:
            rows.append(("GPU", "none found: training runs on the CPU"))
    else:
        rows.append(("PyTorch", f"cannot be imported ({torch.get('error')})"))
    rows.append(("tokenizers", report["tokenizers"].get("version") or "cannot be imported"))
    plugins = (
        ", ".join(p["name"] + ("" if p["loads"] else " (missing libraries)") for p in qt["platform_plugins"])
        or "none found"
    )
    rows.append(
        ("Qt", f"{qt.get('qt') or '?'} (PySide6 {qt.get('pyside6') or '?'}); platform plugins: {plugins}")
    )
    shown = display["DISPLAY"] or display["WAYLAND_DISPLAY"] or "none"
    platform_name = "/".join(display["platforms"])
    rows.append(
        (
            "Display",
            f"{shown}, Qt platform {platform_name}: "
            + ("a window can open" if display["window_can_open"] else "no window can open"),
        )
    )
    free = f", {human_bytes(data['free_bytes'])} free" if data["free_bytes"] is not None else ""
    where = "" if data["exists"] else " (not created yet)"
    rows.append(("Data folder", f"{data['path']}{where} (from {data['source']}){free}"))
    if not history["exists"]:
        rows.append(("History", f"{history['path']}: none yet (created by the first run)"))
    elif history["opens"]:
        rows.append(("History", f"{history['path']}: opens, {history['runs']} run(s)"))
    else:
        rows.append(("History", f"{history['path']}: does not open"))
    damaged = report.get("shared_files", [])
    rows.append(("Shared files", f"{len(damaged)} damaged part(s), below" if damaged else "no damage found"))
    width = max(len(k) for k, _ in rows)
    lines = [f"MLM Studio {report['mlmstudio']}"]
    lines += [f"  {k.ljust(width)}  {v}" for k, v in rows]
    lines.append("")
    if not report["problems"]:
        lines.append("Everything is fine.")
    for problem in report["problems"]:
        label = "Problem" if problem["severity"] == ERROR else "Note"
        lines.append(f"{label}: {problem['what']}")
        lines.append(f"  What to do: {problem['fix']}")
    if report["ok"] and report["problems"]:
        lines.append("Everything the command line needs is fine.")
    return "\n".join(lines)


def _policy_line(policy: dict, app_threads: object) -> str:
    """The thread policy in a line: 'adaptive: train starts with 2 threads, the app with 1 (...)'."""
    if policy.get("policy") == "fixed":
        return f"fixed at {policy.get('threads')} ({policy.get('reason')})"
    return (
        f"{policy.get('policy')}: train starts with {policy.get('threads')}, the app with {app_threads}; "
        f"{policy.get('reason')} (set {THREADS_ENV} to fix the count: a run whose count changes is "
        f"reproducible only up to rounding)"
    )
