"""A time-budgeted run with no step count is described by its budget, never the step sentinel (issue 18)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from mlmstudio.config import NO_STEP_LIMIT, RunConfig, TrainingConfig, length_text


def _budgeted(steps: int = NO_STEP_LIMIT, seconds: float = 120.0) -> TrainingConfig:
    return replace(TrainingConfig(), steps=steps, time_budget=seconds)


def test_length_text_names_the_budget_not_the_sentinel():
    assert length_text(_budgeted()) == "until 2 min"
    assert length_text(_budgeted(seconds=90)) == "until 90 s"
    assert length_text(_budgeted(steps=500)) == "500 steps or 2 min"
    assert length_text(replace(TrainingConfig(), steps=1500)) == "1,500 steps"


def test_queue_list_and_queue_page_show_until_the_budget():
    from mlmstudio.cli.queue_command import _steps
    from mlmstudio.gui.queue_table_model import length_text as queue_length

    item = SimpleNamespace(config=replace(RunConfig(), training=_budgeted()))
    for text in (_steps(item), queue_length(item)):
        assert text == "until 2 min"
        assert "10,000,000" not in text and "10000000" not in text


def test_quick_start_description_has_no_sentinel():
    from mlmstudio.config import quick_start_config, training_limits

    training = quick_start_config().training
    assert str(NO_STEP_LIMIT) not in length_text(training).replace(",", "")
    assert length_text(training).startswith("until ")
    assert "no step limit" in training_limits(training)
