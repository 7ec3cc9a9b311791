"""Every module imports, and the ones that use POSIX-only calls still work, when the names
Windows lacks are missing: simulated on Linux in a fresh interpreter that deletes the signals,
``os`` functions and ``fcntl`` that Windows has not, and stands in a ``msvcrt`` for the locks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# Before anything of the project is imported: what Windows' Python lacks is made to be missing.
SIMULATE_WINDOWS = textwrap.dedent(
    """
    import fcntl as _real_fcntl, os, signal, sys, types

    # The third parties choose their own Windows code by sys.platform (platformdirs, Qt, torch):
    # they are imported first, so that only the project's code meets the missing names.
    import alembic, charset_normalizer, numpy, optuna, platformdirs, pyqtgraph, safetensors  # noqa
    import sqlalchemy, tokenizers, torch, tqdm, PySide6.QtWidgets  # noqa
    platformdirs.user_data_dir("mlmstudio")

    WINDOWS_SIGNALS = {"SIGABRT", "SIGFPE", "SIGILL", "SIGINT", "SIGSEGV", "SIGTERM"}
    for name in [n for n in dir(signal) if n.startswith("SIG") and not n.startswith("SIG_")]:
        if name not in WINDOWS_SIGNALS:
            delattr(signal, name)
    for name in ("fork", "forkpty", "getuid", "geteuid", "getgid", "getpgid", "killpg", "setsid",
                 "statvfs", "sched_getaffinity", "getloadavg", "sync"):
        if hasattr(os, name):
            delattr(os, name)
    sys.modules["fcntl"] = None  # "import fcntl" raises ImportError, as on Windows

    # msvcrt.locking, emulated per open file as Windows locks are (per handle). The standard
    # modules that take msvcrt's presence for Windows itself are imported before it exists.
    import getpass, subprocess  # noqa: F401
    msvcrt = types.ModuleType("msvcrt")
    msvcrt.LK_NBLCK, msvcrt.LK_UNLCK = 2, 0
    def locking(fd, mode, nbytes):
        if mode == msvcrt.LK_NBLCK:
            _real_fcntl.flock(fd, _real_fcntl.LOCK_EX | _real_fcntl.LOCK_NB)
        else:
            _real_fcntl.flock(fd, _real_fcntl.LOCK_UN)
    msvcrt.locking = locking
    sys.modules["msvcrt"] = msvcrt
    """
)

CHECKS = textwrap.dedent(
    """
    import importlib, json, pkgutil, signal, sys, tempfile
    from pathlib import Path

    import mlmstudio
    failed = {}
    for info in pkgutil.walk_packages(mlmstudio.__path__, "mlmstudio."):
        if ".migrations" in info.name or info.name.endswith("__main__"):  # these run when imported
            continue
        try:
            importlib.import_module(info.name)
        except Exception as exc:
            failed[info.name] = f"{type(exc).__name__}: {exc}"

    from PySide6.QtWidgets import QApplication
    from mlmstudio.gui.termination import HANDLED_SIGNALS, TerminationSignals
    from mlmstudio.store.run_lock import RunLock, owner_alive
    from mlmstudio.thread_policy import available_cores

    app = QApplication([])
    handler = TerminationSignals(lambda signum: None)
    handler.uninstall()

    run_dir = Path(tempfile.mkdtemp())
    first, second = RunLock(run_dir), RunLock(run_dir)
    first_took = first.acquire()
    second_took = second.acquire()
    alive_while_held = owner_alive(run_dir)
    first.release()
    alive_after = owner_alive(run_dir)

    # Windows paths, with backslashes and drive letters, where the modules read paths as text.
    import os
    from mlmstudio import display_check
    from mlmstudio.engine.hf_import.hub_cache import looks_like_repo_id
    from mlmstudio.gui.settings import _settings_key
    from mlmstudio.store import recovery
    from mlmstudio.store.bundle import _unsafe_name

    windows_paths = [r"C:\\Users\\me\\bert", r"models\\bert", "D:bert"]
    paths = {
        "repo_ids": [looks_like_repo_id(p) for p in windows_paths + ["google/electra-small"]],
        "unsafe_members": [_unsafe_name(n) for n in (r"C:\\evil.txt", r"..\\evil.txt", "C:evil", "ok/model.json")],
        "settings_keys": [_settings_key(p) for p in (r"C:\\data\\notes.txt", "/home/me/notes.txt")],
        "wayland_without_uid": str(display_check.wayland_socket({"WAYLAND_DISPLAY": "wayland-0"})),
    }
    real_name = os.name
    os.name = "nt"  # only around this call: pathlib picks its flavour by os.name on every Path()
    try:
        paths["pid_check_on_nt"] = recovery.process_alive(os.getpid())
    finally:
        os.name = real_name

    print(json.dumps({
        "paths": paths,
        "failed": failed,
        "handled": sorted(signal.Signals(s).name for s in HANDLED_SIGNALS),
        "fcntl_gone": sys.modules.get("fcntl") is None,
        "locks": [first_took, second_took, alive_while_held, alive_after],
        "cores": available_cores(),
    }))
    """
)


@pytest.fixture(scope="module")
def windows_like(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO), MLMSTUDIO_HOME=str(home))
    run = subprocess.run(
        [sys.executable, "-c", SIMULATE_WINDOWS + CHECKS],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=110,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_every_module_imports_without_posix_only_names(windows_like):
    assert windows_like["fcntl_gone"]
    assert windows_like["failed"] == {}


def test_the_app_handles_only_the_signals_windows_has(windows_like):
    assert windows_like["handled"] == ["SIGINT", "SIGTERM"]


def test_run_locks_work_through_msvcrt(windows_like):
    # taken; refused to a second open file; seen alive while held; free once released
    assert windows_like["locks"] == [True, False, True, False]


def test_windows_paths_stay_paths_and_unsafe_names_stay_refused(windows_like):
    paths = windows_like["paths"]
    assert paths["repo_ids"] == [False, False, False, True]  # a missing Windows folder is not a hub id
    assert paths["unsafe_members"] == [True, True, True, False]  # a bundle cannot write outside its folder
    assert paths["settings_keys"][0] == "C:_data_notes.txt" and "\\" not in paths["settings_keys"][0]
    assert paths["wayland_without_uid"] == "None"  # no os.getuid: no Wayland socket to look for
    assert paths["pid_check_on_nt"] is None  # os.kill(pid, 0) would end the process on Windows


def test_cores_are_counted_without_cpu_affinity(windows_like):
    assert windows_like["cores"] == (os.cpu_count() or 1)
