"""Which run Explore opens on when the user has not chosen one (issue 21: it preselected an imported run)."""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace

from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.pages.explore_page import default_run

T0 = datetime(2026, 12, 1, 12, 0)


def _run(run_id: str, minutes: int, status=RunStatus.COMPLETED, imported: bool = False):
    metrics = {"imported_from": "/models/bert"} if imported else {}
    at = T0 + timedelta(minutes=minutes)
    return SimpleNamespace(id=run_id, status=status, final_metrics=metrics, created_at=at, started_at=at)


def test_the_run_training_now_comes_first():
    runs = [_run("imported", 9, imported=True), _run("training", 5, RunStatus.RUNNING), _run("old", 1)]
    assert default_run(runs).id == "training"


def test_else_the_newest_run_the_user_trained_not_a_newer_imported_model():
    runs = [_run("imported", 9, imported=True), _run("mine", 5), _run("older", 1)]
    assert default_run(runs).id == "mine"


def test_only_imported_models_open_on_the_newest():
    runs = [_run("b", 9, imported=True), _run("a", 1, imported=True)]
    assert default_run(runs).id == "b"
