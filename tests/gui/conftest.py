"""GUI test fixtures: isolated settings, a fresh history, and leak checks.

Every GUI test fails if it leaves a QThread running or a run marked running
(or paused) in the history: both are what a user would see as a hung app or a
run that never ends. The checks clean up after reporting, so one leaking test
does not take the rest of the session down with it.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication, QMessageBox

from mlmstudio.config import RunConfig
from mlmstudio.gui import settings as app_settings

THREAD_GRACE_MS = 2000  # a thread that was told to quit gets this long to finish
LIVE_STATUSES = ("running", "paused")


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path):
    """QSettings under the test's temporary folder, never the user's."""
    app_settings.use_settings_dir(tmp_path / "settings")
    yield tmp_path / "settings"


@pytest.fixture(autouse=True)
def _fake_step_times(monkeypatch):
    """No real step-time calibration in GUI tests: it trains models for seconds in a thread.

    Tests of the time read-out inject their own ``StepTimes(measure=...)``; the
    real measurement has its own engine test.
    """
    from mlmstudio.engine.calibration import StepTime
    from mlmstudio.gui import step_times

    monkeypatch.setattr(step_times, "measure_on_this_computer",
                        lambda request: StepTime(seconds=0.05, precision="fp32", threads=1))


@pytest.fixture(autouse=True)
def _no_leaked_threads(qapp):
    """Fail a test that leaves a QThread running."""
    yield
    QApplication.processEvents()
    leaked = [t for t in _running_qthreads() if not t.wait(THREAD_GRACE_MS)]
    for thread in leaked:  # clean up before failing, so later tests still run
        thread.quit()
        thread.wait(10_000)
    if leaked:
        names = ", ".join(t.objectName() or type(t).__name__ for t in leaked)
        pytest.fail(f"The test left {len(leaked)} QThread(s) running: {names}")


@pytest.fixture(autouse=True)
def _no_live_runs(_isolated_data_dir, _no_leaked_threads):
    """Fail a test that leaves a run marked running or paused in its history."""
    yield
    db_file = Path(_isolated_data_dir) / "history.sqlite3"
    if not db_file.exists():
        return
    from mlmstudio.store import repository
    from mlmstudio.store.database import Database

    db = Database.open(_isolated_data_dir, recover=False)
    with db.session(write=False) as session:
        live = [(row.id, row.status) for row in repository.list_run_rows(session, statuses=LIVE_STATUSES)]
    if live:
        pytest.fail(f"The test left run(s) marked live in the history: {live}")


def _running_qthreads() -> list[QThread]:
    main = QApplication.instance().thread() if QApplication.instance() else None
    found = []
    for obj in gc.get_objects():
        try:
            if issubclass(type(obj), QThread) and obj is not main and obj.isRunning():
                found.append(obj)
        except RuntimeError:  # the C++ object is already gone
            continue
    return found


@pytest.fixture
def db(_isolated_data_dir):
    from mlmstudio.store.database import Database

    return Database.open(_isolated_data_dir)


@pytest.fixture
def answer_dialogs(monkeypatch):
    """Answer every QMessageBox question with ``answer`` (Yes by default); record what was asked."""
    asked: list[str] = []
    state = {"answer": QMessageBox.StandardButton.Yes}

    def question(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return state["answer"]

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))

    class Answers:
        questions = asked

        @staticmethod
        def set(answer: QMessageBox.StandardButton) -> None:
            state["answer"] = answer

    return Answers


def tiny_config(steps: int = 40, **training) -> RunConfig:
    """A run that trains in a few seconds: characters, a very small model, short sequences."""
    base = RunConfig()
    return RunConfig.from_dict({
        **base.to_dict(),
        "corpus": {**base.to_dict()["corpus"], "source": "sample:facts"},
        "tokenizer": {"kind": "char", "vocab_size": 200, "min_frequency": 1, "lowercase": False},
        "model": {**base.to_dict()["model"], "d_model": 32, "num_layers": 1, "num_heads": 2,
                  "ffn_dim": 64, "max_len": 64},
        "training": {**base.to_dict()["training"], "steps": steps, "batch_size": 8, "seq_len": 32,
                     "eval_every": 10, "eval_batches": 2, "checkpoint_every": 0, "precision": "fp32",
                     "device": "cpu", **training},
    })


@pytest.fixture
def tiny_run_config() -> RunConfig:
    return tiny_config()


@pytest.fixture
def make_tiny_config():
    return tiny_config


@pytest.fixture
def history(make_tiny_config, _isolated_data_dir):
    """A history with two really trained tiny runs (trained once per session), copied for this test."""
    from trained_history import copy_history, trained_history

    template = trained_history(make_tiny_config)
    copy_history(template, _isolated_data_dir)
    return template


@pytest.fixture
def trained_db(history, _isolated_data_dir):
    from mlmstudio.store.database import Database

    return Database.open(_isolated_data_dir)
