"""Setup's summary says what ends a timed run: the budget alone, or the steps if they come first."""

from __future__ import annotations

from mlmstudio.config import NO_STEP_LIMIT
from mlmstudio.gui.setup_estimates import SetupEstimates

from tiny_configs import tiny_config


def test_setup_says_which_limit_ends_the_run():
    both = SetupEstimates.of(tiny_config(steps=1000, time_budget=120.0), learned_vocab=100).summary()
    assert "ends after 1,000 steps or 2 min, whichever is reached first" in both
    budget = SetupEstimates.of(
        tiny_config(steps=NO_STEP_LIMIT, time_budget=90.0), learned_vocab=100
    ).summary()
    assert "ends after 90 s, no step limit" in budget
    steps_only = SetupEstimates.of(tiny_config(steps=1000), learned_vocab=100).summary()
    assert "ends after" not in steps_only
