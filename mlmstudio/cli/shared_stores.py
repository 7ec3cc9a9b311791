"""Every file that many operations share, in one list, each with the check that finds its damage.

A file one operation writes and many read (or many write) must survive damage
to one part: the damaged part is isolated, the rest keeps working, the
sentence names the file and the fix. ``SHARED_FILES`` is that list; ``doctor``
checks each entry and ``tests/cli/test_shared_stores.py`` damages each one in
every way a kill, a full disk or a stray program can (the test fails for an
entry it has no case for). A new shared file belongs here.

Looking changes nothing: the checks only read (the old shared sweeps' journal
is not split, the settings file is not repaired; the commands that use them do
that).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mlmstudio import command_hint


@dataclass(frozen=True)
class Finding:
    """One damaged part of a shared file: what is wrong (naming the file) and what to do."""

    path: Path
    what: str
    fix: str


@dataclass(frozen=True)
class SharedFile:
    key: str
    where: str  # the path in words, under the data directory unless it says otherwise
    holds: str
    used_by: str  # the operations that read or write it
    isolation: str  # what happens to the rest when a part is damaged, and the repair
    check: Callable[[Path], list[Finding]]  # the data directory -> what is damaged


def _history(data_dir: Path) -> list[Finding]:
    """The history's own file is checked where it opens (doctor's History line); here its queue rows."""
    from mlmstudio.store import paths, queue
    from mlmstudio.store.database import Database

    if not paths.database_path(data_dir).is_file():
        return []
    try:
        db = Database.open(data_dir, recover=False)
    except Exception:  # noqa: BLE001 - a history that does not open is doctor's History problem
        return []
    try:
        return [
            Finding(
                paths.database_path(data_dir),
                f"Queue item {item.id}: {item.message}",
                command_hint.command(f"queue remove {item.id}"),
            )
            for item in queue.damaged_items(db)
        ]
    except Exception:  # noqa: BLE001 - the same: the file itself fails
        return []
    finally:
        db.close()


def _sweep_journals(legacy: bool) -> Callable[[Path], list[Finding]]:
    def check(data_dir: Path) -> list[Finding]:
        from mlmstudio.sweep.study import journal_entries

        found, seen = [], set()
        for entry in journal_entries(data_dir):
            if entry.problem is None or entry.legacy != legacy or entry.journal in seen:
                continue
            seen.add(entry.journal)
            fix = command_hint.command("sweep --repair" + ("" if legacy else f" {entry.name}"))
            found.append(Finding(entry.journal, entry.problem, fix))
        return found

    return check


def _locks(data_dir: Path) -> list[Finding]:
    """Lock paths of the queue's items and the sweeps where something of the wrong kind stands."""
    from mlmstudio.engine.run_files import LOCK_FILE
    from mlmstudio.store.queue import QUEUE_FOLDER
    from mlmstudio.sweep.journals import SWEEPS_DIRNAME

    found = []
    for root in (data_dir / QUEUE_FOLDER, data_dir / SWEEPS_DIRNAME):
        if root.exists() and not root.is_dir():  # a file where the folder of every lock belongs
            found.append(root)
            continue
        for child in sorted(root.iterdir()) if root.is_dir() else []:
            if child.name.startswith(".") or ".damaged-" in child.name:
                continue
            if child.is_dir() and (child / LOCK_FILE).is_dir():  # a folder where the lock file belongs
                found.append(child / LOCK_FILE)
            elif root.name == QUEUE_FOLDER and not child.is_dir():  # a file where an item's folder belongs
                found.append(child)
    return [
        Finding(
            path,
            f"{path} stands where a lock belongs ({'a folder' if path.is_dir() else 'a file'}).",
            "Nothing to do: the next 'queue run' or sweep sets it aside (it holds no data).",
        )
        for path in found
    ]


def _settings(_data_dir: Path) -> list[Finding]:
    from mlmstudio import settings_file

    path = settings_file.settings_path()
    problem = settings_file.file_problem(path) if path is not None else None
    if problem is None:
        return []
    assert path is not None
    return [
        Finding(path, f"The app's settings file {path} is damaged: {problem}.", settings_file.REPAIR_NOTE)
    ]


def _step_time_cache(_data_dir: Path) -> list[Finding]:
    from mlmstudio.engine import calibration_cache

    path = calibration_cache.cache_path()
    problem = calibration_cache.file_problem(path)
    if problem is None:
        return []
    return [
        Finding(
            path,
            f"The step-time cache {path} is damaged: {problem}.",
            "Nothing to do: the next time-budgeted run sets it aside and measures again (it holds no data).",
        )
    ]


SHARED_FILES: tuple[SharedFile, ...] = (
    SharedFile(
        "history",
        "history.sqlite3",
        "every run's record, curves and probes; the queue's items and settings",
        "every command and page that lists, trains, queues or sweeps",
        f"a damaged file is named with '{command_hint.command('runs rebuild-history')}' (rebuilt from the run folders); "
        "a damaged queue row is listed as failed and skipped while the others run ('queue remove N')",
        _history,
    ),
    SharedFile(
        "sweep journal",
        "sweeps/NAME/journal.log",
        "one sweep's trials (Optuna's journal)",
        "sweep, sweep --resume, sweep --list, the Sweep page",
        f"only its sweep stops; '{command_hint.command('sweep --repair NAME')}' keeps the records before the damage",
        _sweep_journals(legacy=False),
    ),
    SharedFile(
        "old shared sweep journal",
        "sweeps/optuna-journal.log",
        "every sweep's trials, as sweeps were kept before each had its own journal",
        "split once into per-sweep journals by the first sweep command",
        f"only its sweeps stop; '{command_hint.command('sweep --repair')}' keeps the records before the damage, then splits it",
        _sweep_journals(legacy=True),
    ),
    SharedFile(
        "locks",
        "queue/item-N/owner.lock, sweeps/NAME/owner.lock",
        "which process runs a queue item or a sweep (an OS lock; the file holds only a pid)",
        "queue run and the Queue page, sweep and the Sweep page",
        "its content never matters; a folder or file in its way is set aside when the lock is taken",
        _locks,
    ),
    SharedFile(
        "settings",
        "the app's QSettings file (MLM Studio.ini in the user's configuration folder)",
        "the window, recent corpora, the last recipe and the measured step times",
        "every page of the app",
        "a damaged key reads as its default; a file Qt cannot write back is set aside at the app's start "
        "and rewritten with the keys that still read, with one note",
        _settings,
    ),
    SharedFile(
        "step-time cache",
        "step_times.json in the user's cache folder ($MLMSTUDIO_CACHE when set), not the data directory",
        "the seconds per step measured for each model and batch shape on this computer",
        "every time-budgeted run: train, the queue, sweep trials, capsules, runs resume, the app",
        "a damaged entry is measured again; a damaged file is set aside at the next time-budgeted start "
        "and written afresh (it holds no data)",
        _step_time_cache,
    ),
)


def check_all(data_dir: Path) -> list[Finding]:
    """Every damaged part of every shared file of ``data_dir`` (and of this user's settings)."""
    return [finding for shared in SHARED_FILES for finding in shared.check(Path(data_dir))]
