"""How a run ended, decided in one place for the store, the GUI and the CLI.

Whatever reports the end (the trainer's result, its finished or failed event,
or an exception that escaped it) goes through ``decide_run_end``; the faces
display its answer and never re-derive a status.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mlmstudio.engine.events import FailedEvent, FinishedEvent, TrainingSummary
from mlmstudio.engine.run_status import END_STATUSES, RunStatus, parse_status
from mlmstudio.errors import MLMStudioError

# Said of every interrupted run, whether its own process saw the interrupt (Ctrl+C) or
# recovery found its process gone (store/recovery.py, store/lifecycle.py).
INTERRUPTED_MESSAGE = (
    "The process training this run ended without finishing it (a crash, a kill, Ctrl+C "
    "or a power cut). Resume it to continue from its last checkpoint."
)
NO_RESULT_MESSAGE = "Training ended without a result."


@dataclass(frozen=True)
class RunEnd:
    status: RunStatus  # COMPLETED, STOPPED, FAILED or INTERRUPTED
    step: int = 0
    message: str = ""  # why, for a run that did not complete
    summary: TrainingSummary | None = None


def decide_run_end(outcome: Any = None, error: BaseException | None = None, step: int = 0) -> RunEnd:
    """The final status of a run from its result or terminal event, or from the error that ended it.

    ``outcome`` is a ``TrainResult``, a ``FinishedEvent`` or a ``FailedEvent``;
    an error wins over an outcome (it happened after it).
    """
    if error is not None:
        if isinstance(error, KeyboardInterrupt):
            return RunEnd(RunStatus.INTERRUPTED, step, INTERRUPTED_MESSAGE)
        if isinstance(error, MLMStudioError):
            return RunEnd(RunStatus.FAILED, step, str(error))
        return RunEnd(RunStatus.FAILED, step, f"Training stopped on an unexpected error: {error}")
    if outcome is None:
        return RunEnd(RunStatus.FAILED, step, NO_RESULT_MESSAGE)
    summary = getattr(outcome, "summary", None)
    step = int(getattr(outcome, "step", getattr(outcome, "steps", step)) or 0)
    if isinstance(outcome, FailedEvent):
        return RunEnd(RunStatus.FAILED, step, outcome.message, summary)
    status = parse_status(str(getattr(outcome, "status", "")))
    message = str(getattr(outcome, "message", "") or "")
    if status not in END_STATUSES:
        return RunEnd(
            RunStatus.FAILED,
            step,
            message or f"Training ended in an unknown state ({getattr(outcome, 'status', None)}).",
            summary,
        )
    if isinstance(outcome, FinishedEvent) and status is RunStatus.FAILED:
        message = message or NO_RESULT_MESSAGE
    return RunEnd(status, step, message if status is RunStatus.FAILED else "", summary)
