"""TaskRunner: answers arrive in the GUI thread, forgotten calls are dropped, errors are never lost."""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from mlmstudio.engine.errors import ModelLoadError
from mlmstudio.gui.background import TaskRunner, user_message
from mlmstudio.gui.threads import running_threads

WAIT_MS = 10_000


def test_an_answer_arrives_in_the_gui_thread_and_the_busy_state_follows(qtbot):
    runner = TaskRunner()
    states, answers = [], []
    runner.busy_changed.connect(states.append)
    gate = threading.Event()
    gui_thread = threading.get_ident()

    def work():
        gate.wait(WAIT_MS / 1000)
        return threading.get_ident()

    runner.run(work, lambda worker: answers.append((worker, threading.get_ident())))
    assert runner.is_busy() and states == [True]
    gate.set()
    qtbot.waitUntil(lambda: bool(answers), timeout=WAIT_MS)
    worker, delivered = answers[0]
    assert worker != gui_thread and delivered == gui_thread
    assert not runner.is_busy() and states == [True, False]
    assert runner.wait_idle()


def test_a_newer_call_on_the_same_topic_wins_and_forget_drops_answers(qtbot):
    runner = TaskRunner()
    answers = []
    gate = threading.Event()
    runner.run(lambda: gate.wait(WAIT_MS / 1000) and "old", answers.append, topic="run")
    runner.run(lambda: "new", answers.append, topic="run")
    runner.run(lambda: gate.wait(WAIT_MS / 1000) and "forgotten", answers.append, topic="other")
    runner.forget("other")
    gate.set()
    assert runner.wait_idle(WAIT_MS)
    qtbot.waitUntil(lambda: not runner.is_busy(), timeout=WAIT_MS)
    QApplication.processEvents()
    assert answers == ["new"]


def test_a_failure_reaches_on_error_as_a_sentence(qtbot):
    runner = TaskRunner()
    errors = []

    def work():
        raise ModelLoadError("The model folder is gone. Choose another run.")

    runner.run(work, lambda _: None, errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=WAIT_MS)
    assert user_message(errors[0], "Loading") == "The model folder is gone. Choose another run."
    assert "internal error (KeyError)" in user_message(KeyError("x"), "Loading")
    assert "more memory" in user_message(MemoryError(), "Loading")
    runner.wait_idle()


def test_a_call_ending_after_its_owner_was_deleted_is_dropped_quietly(qtbot):
    owner = QObject()
    runner = TaskRunner(owner)
    answers = []
    gate = threading.Event()
    runner.run(lambda: gate.wait(WAIT_MS / 1000), answers.append)
    shiboken6.delete(owner)  # the owner and its runner are gone, the thread still runs
    assert not shiboken6.isValid(runner)
    gate.set()
    for thread in running_threads():
        assert thread.wait(WAIT_MS)
    QApplication.processEvents()
    assert answers == []
