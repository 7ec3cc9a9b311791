"""The statuses a run goes through, named once for the engine, the store and both faces.

``RunStatus`` is a ``StrEnum``, so a status compares equal to its text, ``f"{status}"``
gives that text, and it is stored in the database and written to JSON exactly as before
("completed", ...).

    queued -> running <-> paused -> completed | stopped | failed | interrupted
                                                        (resumable: the last three)
"""

from __future__ import annotations

from enum import StrEnum


class RunStatus(StrEnum):
    QUEUED = "queued"  # recorded, not started yet
    RUNNING = "running"  # a live process is training it
    PAUSED = "paused"  # a live process holds it, paused by the user
    COMPLETED = "completed"  # trained to its step limit or time budget
    STOPPED = "stopped"  # stopped by the user (or SIGTERM) after a final checkpoint
    FAILED = "failed"  # ended on an error; the message says why
    INTERRUPTED = "interrupted"  # its process died without ending it (a crash, a kill)

    @property
    def is_active(self) -> bool:
        return self in ACTIVE_STATUSES

    @property
    def is_resumable(self) -> bool:
        return self in RESUMABLE_STATUSES


ALL_STATUSES: tuple[RunStatus, ...] = tuple(RunStatus)
# A process owns the run: it must not be resumed, deleted or marked by anyone else.
ACTIVE_STATUSES: tuple[RunStatus, ...] = (RunStatus.RUNNING, RunStatus.PAUSED)
# How a training ends, as the trainer reports it.
END_STATUSES: tuple[RunStatus, ...] = (RunStatus.COMPLETED, RunStatus.STOPPED, RunStatus.FAILED)
# Ended without reaching its limit: "Resume" continues it in the same run.
RESUMABLE_STATUSES: tuple[RunStatus, ...] = (RunStatus.INTERRUPTED, RunStatus.STOPPED, RunStatus.FAILED)


def parse_status(text: str) -> RunStatus | None:
    """The status named ``text``, or None when it names none."""
    try:
        return RunStatus(text)
    except ValueError:
        return None
