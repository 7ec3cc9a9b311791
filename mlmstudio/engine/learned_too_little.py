"""Say plainly when a run learned too little: far fewer steps than calibrated, or the facts unanswered.

A run with a time budget trains as many steps as the computer manages. On a
busy computer that can be a tenth of what Setup's calibration promised, and the
model then answers nothing; the numbers alone ("0/14 answered") do not tell the
user why, or what to do (issue 18). The trainer records the steps a calibration
expected (``expected_steps``) and, on the facts sample whose probes the quick
start promises to answer, how many it answered; ``advice`` turns those numbers
into the same sentence for the CLI's summary, the Train page and History.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

FAR_SHORT = 0.5  # fewer steps than this share of the expected ones: say so
MOSTLY_WRONG = 0.5  # the facts probes: fewer answered than this share: say so
PROBED_SAMPLE = "sample:facts"  # the corpus whose probes a first run is promised to answer

WHAT_TO_DO = (
    "To learn more: train longer, give a step count instead of minutes (steps do not depend "
    "on how busy the computer is), or close other programs while training."
)


def expected_steps(time_budget: float, step_seconds: float | None, start_step: int = 0) -> int | None:
    """Steps a run should reach in its budget at the calibrated ``step_seconds``; None when unknown."""
    if time_budget <= 0 or not step_seconds or step_seconds <= 0:
        return None
    return start_step + int(time_budget / step_seconds)


def advice(metrics: Mapping[str, Any]) -> str:
    """The plain sentence for a run's final metrics (``TrainingSummary.as_dict``); '' when it is fine."""
    steps, expected = metrics.get("steps"), metrics.get("expected_steps")
    answered, asked = metrics.get("probes_answered"), metrics.get("probes_asked")
    said = []
    if _number(steps) and _number(expected) and expected > 0 and steps < FAR_SHORT * expected:
        said.append(
            f"The computer was busy or slower than when it was measured: this run made {steps:,} "
            f"steps of the {expected:,} expected in its time ({steps / expected:.0%}), so it learned "
            "less than it could."
        )
    if _number(answered) and _number(asked) and asked > 0 and answered < MOSTLY_WRONG * asked:
        said.append(f"It answers only {answered} of its {asked} fact questions, so it learned too little.")
    if not said:
        return ""
    return " ".join([*said, WHAT_TO_DO])


def _number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)
