"""Crash recovery: a run whose training process is gone is marked ``interrupted``.

A run is owned by the process (pid on a host) that trains it, and that process
refreshes the run's heartbeat while it lives (see ``service.Heartbeat``). When
the database is opened, a running or paused run is taken as abandoned if its
process no longer exists on this host, or if its heartbeat is older than
``STALE_AFTER`` (the owner hung, lives on another host, or its pid was reused).
"""

from __future__ import annotations

import logging
import os
import socket
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from mlmstudio.store.models import ACTIVE_STATUSES, RunRow, utcnow

log = logging.getLogger(__name__)

STALE_AFTER = timedelta(seconds=60)
INTERRUPTED_MESSAGE = ("The process training this run ended without finishing it (a crash, a kill "
                       "or a power cut). Resume it to continue from its last checkpoint.")


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


def owner_gone(run: RunRow, *, now: datetime, host: str) -> bool:
    last_sign = run.heartbeat_at or run.started_at or run.created_at
    stale = last_sign is None or now - last_sign > STALE_AFTER
    if run.pid is not None and run.hostname == host:
        alive = process_alive(run.pid)
        if alive is False:
            return True
        if alive is True and run.pid == os.getpid():
            return False  # this very process owns it
    return stale


def recover_interrupted_runs(session: Session, *, now: datetime | None = None) -> list[str]:
    """Mark abandoned running/paused runs as interrupted; return their ids."""
    now = now or utcnow()
    host = hostname()
    recovered = []
    for run in session.scalars(select(RunRow).where(RunRow.status.in_(ACTIVE_STATUSES))):
        if owner_gone(run, now=now, host=host):
            run.status = "interrupted"
            run.message = INTERRUPTED_MESSAGE
            run.finished_at = run.heartbeat_at or now
            recovered.append(run.id)
    return recovered
