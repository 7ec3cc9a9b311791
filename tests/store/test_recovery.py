"""Crash recovery on open: runs whose training process is gone become 'interrupted'."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest

from mlmstudio.store.database import Database
from mlmstudio.store.models import utcnow
from mlmstudio.store.recovery import hostname, process_alive
from mlmstudio.store.service import get_run

from store_helpers import add_run


@pytest.fixture
def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_process_alive(dead_pid):
    assert process_alive(os.getpid()) is True
    assert process_alive(dead_pid) is False


def test_an_unreaped_killed_child_counts_as_gone():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        proc.kill()
        import time

        deadline = time.time() + 10
        while process_alive(proc.pid) and time.time() < deadline:
            time.sleep(0.05)  # a zombie until reaped: must already count as gone
        assert process_alive(proc.pid) is False
    finally:
        proc.wait()


def _status(db, run_id):
    return get_run(db, run_id).summary.status


def test_runs_of_dead_or_silent_processes_become_interrupted(db, dead_pid, tmp_path):
    now = utcnow()
    here = hostname()
    dead = add_run(db, status="running", pid=dead_pid, hostname=here, heartbeat_at=now)
    dead_paused = add_run(db, status="paused", pid=dead_pid, hostname=here, heartbeat_at=now)
    alive_here = add_run(db, status="running", pid=os.getpid(), hostname=here, heartbeat_at=now)
    elsewhere_fresh = add_run(
        db, status="running", pid=1234, hostname="other-host", heartbeat_at=now - timedelta(seconds=5)
    )
    elsewhere_stale = add_run(
        db, status="running", pid=1234, hostname="other-host", heartbeat_at=now - timedelta(seconds=120)
    )
    finished = add_run(db, status="completed", pid=dead_pid, hostname=here, heartbeat_at=now)

    reopened = Database.open(db.data_dir)
    assert _status(reopened, dead) == "interrupted"
    assert _status(reopened, dead_paused) == "interrupted"
    assert _status(reopened, elsewhere_stale) == "interrupted"
    assert _status(reopened, alive_here) == "running"
    assert _status(reopened, elsewhere_fresh) == "running"
    assert _status(reopened, finished) == "completed"
    summary = get_run(reopened, dead).summary
    assert "Resume" in summary.message and summary.finished_at is not None


def test_a_live_pid_with_a_stale_heartbeat_is_a_reused_pid(db):
    """Our own pid, alive, but silent for minutes: it is no longer training that run."""
    stale = add_run(
        db,
        status="running",
        pid=os.getppid(),
        hostname=hostname(),
        heartbeat_at=utcnow() - timedelta(minutes=5),
    )
    assert _status(Database.open(db.data_dir), stale) == "interrupted"


def test_recovery_can_be_skipped(db, dead_pid):
    run_id = add_run(db, status="running", pid=dead_pid, hostname=hostname(), heartbeat_at=utcnow())
    assert _status(Database.open(db.data_dir, recover=False), run_id) == "running"
