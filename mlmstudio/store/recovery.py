"""Crash recovery: a run whose training process is gone is marked ``interrupted``.

A run is owned by the process that trains it, which holds the OS lock in the
run's folder (``run_lock.py``) for as long as it lives. When the database is
opened, a running or paused run is abandoned exactly when that lock is free: a
suspended process (Ctrl+Z) still holds it, a killed one does not. Runs without
a lock file (recorded by an older version) fall back to the pid and heartbeat
the owner refreshes (``lifecycle.Heartbeat``): abandoned if the process no
longer exists on this host, or if the heartbeat is older than ``STALE_AFTER``.
"""

from __future__ import annotations

import logging
import os
import socket
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from mlmstudio.engine.run_end import INTERRUPTED_MESSAGE
from mlmstudio.engine.run_status import ACTIVE_STATUSES, RunStatus
from mlmstudio.store.models import RunRow, utcnow
from mlmstudio.store.run_lock import owner_alive

log = logging.getLogger(__name__)

STALE_AFTER = timedelta(seconds=60)
NEVER_STARTED_MESSAGE = (
    "The process that recorded this run ended before it began training. Resume it to train it from the start."
)


def hostname() -> str:
    return socket.gethostname()


def process_alive(pid: int) -> bool | None:
    """Whether process ``pid`` exists on this host; None where that cannot be checked safely."""
    if pid <= 0:
        return False
    if os.name == "nt":
        return None  # os.kill(pid, 0) would terminate the process on Windows
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists but belongs to someone else
    except OSError:
        return None
    # A killed child not yet reaped is a zombie: it exists, but trains nothing.
    stat = Path(f"/proc/{pid}/stat")
    try:
        state = stat.read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state not in ("Z", "X")


def owner_gone(run: RunRow, *, now: datetime, host: str, run_dir: Path | None = None) -> bool:
    if run_dir is not None:
        alive = owner_alive(run_dir)
        if alive is not None:
            return not alive
    last_sign = run.heartbeat_at or run.started_at or run.created_at
    stale = last_sign is None or now - last_sign > STALE_AFTER
    if run.pid is not None and run.hostname == host:
        alive = process_alive(run.pid)
        if alive is False:
            return True
        if alive is True and run.pid == os.getpid():
            return False  # this very process owns it
    return stale


def queued_owner_gone(run: RunRow, *, host: str) -> bool:
    """A queued run whose recording process is known to be dead on this host (it can never start)."""
    return run.pid is not None and run.hostname == host and process_alive(run.pid) is False


def _abandoned(session: Session, now: datetime, runs_dir: Path | None) -> list[RunRow]:
    host = hostname()
    found = []
    for run in session.scalars(select(RunRow).where(RunRow.status.in_([*ACTIVE_STATUSES, RunStatus.QUEUED]))):
        if run.status == RunStatus.QUEUED:
            gone = queued_owner_gone(run, host=host)
        else:
            gone = owner_gone(
                run, now=now, host=host, run_dir=runs_dir / run.id if runs_dir is not None else None
            )
        if gone:
            found.append(run)
    return found


def abandoned_run_ids(
    session: Session, *, now: datetime | None = None, runs_dir: Path | None = None
) -> list[str]:
    """The runs whose owner is gone (a read: nothing is changed)."""
    return [run.id for run in _abandoned(session, now or utcnow(), runs_dir)]


def recover_interrupted_runs(
    session: Session, *, now: datetime | None = None, runs_dir: Path | None = None
) -> list[str]:
    """Mark abandoned running, paused or never-started runs as interrupted; return their ids."""
    now = now or utcnow()
    recovered = []
    for run in _abandoned(session, now, runs_dir):
        run.message = NEVER_STARTED_MESSAGE if run.status == RunStatus.QUEUED else INTERRUPTED_MESSAGE
        run.status = RunStatus.INTERRUPTED
        run.finished_at = run.heartbeat_at or now
        recovered.append(run.id)
    return recovered
