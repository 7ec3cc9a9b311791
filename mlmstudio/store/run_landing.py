"""An imported run appears whole: its folder and its history row, both or neither.

``runs import`` and ``runs import-folder`` produce a run folder *and* a row in
the history, and no rename covers both. Before, the folder was renamed into
``runs/`` inside the transaction that inserts the row, so a kill between the
rename and the commit left a complete run folder that no row lists: invisible
to ``runs list``, a model's disk space per killed import.

Here the order is: the files are unpacked into a staging folder
(``.import-PID-XXXX``), renamed beside their place as ``runs/.RUN.landing-PID``,
the row is committed, and only then is the folder renamed to ``runs/RUN``. A
kill leaves names of our own, whose process (PID) is gone, and
``recover_landings`` finishes or undoes each:

- a staging folder: removed (nothing was recorded: the old state);
- a landing folder whose row was committed: moved into place (the new state);
- a landing folder without a row: removed (the old state).

Each step comes back as a note. The next import runs it first; ``mlmstudio
doctor`` lists what it would do and ``runs rebuild-history --adopt`` does it.
Folders of a process that is still alive are left alone: it is importing.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from mlmstudio.engine.atomic_folder import file_written, fsync_dir
from mlmstudio.engine.temp_files import temp_folder
from mlmstudio.store.database import Database
from mlmstudio.store.models import RunRow
from mlmstudio.store.recovery import process_alive

log = logging.getLogger(__name__)

STAGING_PREFIX = ".import-"
_STAGING = re.compile(r"^\.import-(\d+)-[0-9a-f]+$")
_LANDING = re.compile(r"^\.(?P<run>[^./]+)\.landing-(?P<pid>\d+)$")


def owner_pid() -> int:
    """The process id written into our temporary names (the tests give a killed write another)."""
    return os.getpid()


def discard(path: Path) -> None:
    """Remove one of our temporary folders or files (a kill skips this; recovery does it later)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def staging_folder(parent: Path) -> Path:
    """A new empty staging folder in ``parent`` whose name carries this process's id."""
    parent.mkdir(parents=True, exist_ok=True)
    return temp_folder(parent, prefix=f"{STAGING_PREFIX}{owner_pid()}-")


def land(db: Database, staging: Path, run_id: str, record: Callable[[Session], None]) -> Path:
    """Move the complete ``staging`` folder to ``runs/RUN`` with its row recorded by ``record``.

    The row is committed before the folder takes its place (see the module's docstring);
    an error before the commit removes the folder and records nothing.
    """
    target = db.run_dir(run_id)
    landing = db.runs_dir / f".{run_id}.landing-{owner_pid()}"
    os.replace(staging, landing)
    fsync_dir(db.runs_dir)
    file_written(landing)
    try:
        with db.session() as session:
            record(session)
    except BaseException:
        discard(landing)
        raise
    file_written(db.path)  # the commit: from here on the run is the outcome
    try:
        os.replace(landing, target)
    except OSError:
        _forget_row(db, run_id)  # no run without its folder
        discard(landing)
        raise
    fsync_dir(db.runs_dir)
    file_written(target)
    return target


@dataclass(frozen=True)
class Leftover:
    """One folder an interrupted import left, and what recovering it does."""

    path: Path
    action: str  # "adopt" (its row exists: moved into place) or "remove"
    run_id: str | None = None

    def note(self) -> str:
        if self.action == "adopt":
            return f"finished an interrupted import: run {self.run_id}'s folder was moved into place"
        return f"removed {self.path.name}, an unfinished copy an interrupted import left"


def find_leftovers(db: Database) -> list[Leftover]:
    """What interrupted imports of dead processes left in the data directory (nothing changed)."""
    found: list[Leftover] = []
    for parent in (db.data_dir, db.runs_dir):
        for entry in _entries(parent):
            match = _STAGING.match(entry.name)
            if match and not _alive(int(match.group(1))):
                found.append(Leftover(entry, "remove"))
    landings = [(e, m) for e in _entries(db.runs_dir) if (m := _LANDING.match(e.name))]
    landings = [(e, m) for e, m in landings if not _alive(int(m.group("pid")))]
    if landings:
        with db.session(write=False) as session:
            recorded = set(
                session.scalars(select(RunRow.id).where(RunRow.id.in_([m["run"] for _, m in landings])))
            )
        for entry, match in landings:
            run_id = match.group("run")
            if run_id in recorded and not db.run_dir(run_id).exists():
                found.append(Leftover(entry, "adopt", run_id))
            else:
                found.append(Leftover(entry, "remove", run_id))
    return found


def recover_landings(db: Database) -> list[str]:
    """Finish or undo what interrupted imports left (see the module's docstring); a note per step."""
    notes = []
    for leftover in find_leftovers(db):
        try:
            if leftover.action == "adopt":
                os.replace(leftover.path, db.run_dir(leftover.run_id or ""))
            else:
                shutil.rmtree(leftover.path)
        except OSError as exc:
            log.warning("Could not recover %s: %s", leftover.path, exc)
            continue
        notes.append(leftover.note())
    for note in notes:  # the callers show the notes (the CLI on stderr): logged once, quietly
        log.info("%s", note)
    return notes


def _entries(parent: Path) -> list[Path]:
    try:
        return sorted(p for p in parent.iterdir() if p.name.startswith(".") and p.is_dir())
    except OSError:
        return []


def _alive(pid: int) -> bool:
    if pid == owner_pid():
        return True  # another thread of this process may be importing right now
    return process_alive(pid) is not False


def _forget_row(db: Database, run_id: str) -> None:
    try:
        with db.session() as session:
            row = session.get(RunRow, run_id)
            if row is not None:
                session.delete(row)
    except Exception as exc:  # noqa: BLE001 - the rename's error is the one to report
        log.warning("Could not remove the row of run %s after its folder failed to move: %s", run_id, exc)
