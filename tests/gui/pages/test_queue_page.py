"""The Queue page and the app's queue: listing, drag reorder, removal, Add to queue, running
through the Train page with a failure in the middle, and restarts (a closed app, a killed runner)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import QModelIndex, Qt

from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.gui.main_window import QUEUE, MainWindow
from mlmstudio.gui.pages.queue_page import QueuePage
from mlmstudio.gui.pages.train_page import TrainPage
from mlmstudio.gui.queue_controller import QueueController
from mlmstudio.gui.settings import AppSettings
from mlmstudio.store import queue, service
from mlmstudio.store.database import Database
from mlmstudio.store.queue import ItemState

FINISH_MS = 180_000


@pytest.fixture
def queue_page(qtbot, db):
    train = TrainPage(db, AppSettings())
    qtbot.addWidget(train)
    controller = QueueController(db, train, train)
    page = QueuePage(controller)
    qtbot.addWidget(page)
    page.resize(1000, 500)
    page.show()
    yield page
    controller.shutdown()
    train.stop_and_wait()


def listed_names(page) -> list[str]:
    return [item.name for item in page.model.items()]


def stored_names(db) -> list[str]:
    return [item.name for item in queue.list_items(db)]


def wait_listed(qtbot, page, names):
    page.controller.refresh()
    qtbot.waitUntil(lambda: listed_names(page) == names, timeout=10_000)


def test_the_view_lists_reorders_by_dragging_and_removes(qtbot, queue_page, db, make_tiny_config):
    page = queue_page
    for name in ("a", "b", "c", "d"):
        queue.add_item(db, make_tiny_config(steps=5), name=name)
    wait_listed(qtbot, page, ["a", "b", "c", "d"])
    assert page.model.rowCount() == 4 and page.model.index(0, 1).data() == "Waiting"
    assert page.model.index(0, 4).data() == "5 steps"

    # A drag of row 3 (d) to the top, as the view hands it to the model, is stored.
    model = page.model
    dragged = model.mimeData([model.index(3, c) for c in range(model.columnCount())])
    assert model.canDropMimeData(dragged, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert model.dropMimeData(dragged, Qt.DropAction.MoveAction, 0, 0, QModelIndex()) is False  # moved here
    assert listed_names(page) == ["d", "a", "b", "c"]
    qtbot.waitUntil(lambda: stored_names(db) == ["d", "a", "b", "c"], timeout=10_000)
    # moveRows itself: a (row 1) after c.
    assert model.moveRows(QModelIndex(), 1, 1, QModelIndex(), 4)
    qtbot.waitUntil(lambda: stored_names(db) == ["d", "b", "c", "a"], timeout=10_000)
    assert not model.moveRows(QModelIndex(), 1, 1, QModelIndex(), 1)  # onto itself: nothing
    assert not model.moveRows(QModelIndex(), 7, 1, QModelIndex(), 0)

    page.table.selectRow(model.row_of(next(i.id for i in model.items() if i.name == "b")))
    assert page.remove_button.isEnabled()
    qtbot.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: listed_names(page) == ["d", "c", "a"], timeout=10_000)
    assert stored_names(db) == ["d", "c", "a"]


def test_a_failed_item_shows_its_message_and_the_crash_choice_is_stored(
    qtbot, queue_page, db, make_tiny_config
):
    page = queue_page
    first = queue.add_item(db, make_tiny_config(), name="fails")
    queue.add_item(db, make_tiny_config(), name="waits")
    claim = queue.claim_next(db)
    assert claim.item.id == first.id
    queue.finish_item(db, claim, RunEnd(RunStatus.FAILED, 3, "The corpus file is gone."))
    wait_listed(qtbot, page, ["fails", "waits"])
    assert page.model.index(0, 1).data() == "Failed"
    assert page.model.index(0, 6).data() == "The corpus file is gone."
    assert page.model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole).startswith("Its run failed")
    page.table.selectRow(0)
    assert page.detail_label.message() == f"Item {first.id}: The corpus file is gone."
    assert page.clear_button.isEnabled()

    page.after_crash_combo.setCurrentIndex(1)
    page.after_crash_combo.activated.emit(1)
    qtbot.waitUntil(lambda: queue.get_settings(db).after_crash == queue.AfterCrash.RESUME, timeout=10_000)
    qtbot.mouseClick(page.clear_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: listed_names(page) == ["waits"], timeout=10_000)
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: queue.get_settings(db).paused, timeout=10_000)
    qtbot.waitUntil(lambda: "paused" in page.state_label.text(), timeout=10_000)


def load_facts(qtbot, window, config):
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.corpus_page.load_sample("facts")
    qtbot.waitUntil(lambda: not window.corpus_page.is_loading(), timeout=30_000)
    window.setup_page.set_config(config)
    qtbot.waitUntil(lambda: not window.setup_page.preview.is_busy(), timeout=30_000)
    window.setup_page.flush()


def test_add_to_queue_on_setup_queues_the_settings(qtbot, window, db, make_tiny_config):
    load_facts(qtbot, window, make_tiny_config(steps=17))
    assert window.setup_page.queue_button.isEnabled()
    qtbot.mouseClick(window.setup_page.queue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(queue.list_items(db)) == 1, timeout=10_000)
    item = queue.list_items(db)[0]
    assert item.config.training.steps == 17 and item.corpus_source == "sample:facts"
    assert item.state == ItemState.WAITING
    assert not window.train_page.is_training()  # queued, not started
    window.show_page(QUEUE)
    qtbot.waitUntil(lambda: window.queue_page.model.rowCount() == 1, timeout=10_000)


@pytest.mark.slow
def test_the_app_runs_the_queue_through_the_train_page_past_a_failure(
    qtbot, window, db, tmp_path, make_tiny_config
):
    gone = tmp_path / "gone.txt"
    gone.write_text("Words to learn from. " * 300, encoding="utf-8")
    queue.add_item(db, make_tiny_config(steps=6), name="first")
    queue.add_item(db, make_tiny_config(steps=6, source=str(gone)), name="corpus gone")
    queue.add_item(db, make_tiny_config(steps=6), name="last")
    gone.unlink()
    started = []
    window.train_page.run_started.connect(started.append)
    window.show_page(QUEUE)
    qtbot.waitUntil(lambda: window.queue_page.start_button.isEnabled(), timeout=10_000)
    qtbot.mouseClick(window.queue_page.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.queue.active, timeout=FINISH_MS)
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)

    items = {i.name: i for i in queue.list_items(db)}
    assert [items[n].state for n in ("first", "corpus gone", "last")] == [
        ItemState.DONE,
        ItemState.FAILED,
        ItemState.DONE,
    ]
    assert started == [items["first"].run_id, items["last"].run_id]  # each through the Train page
    assert window.train_page.run_id == items["last"].run_id
    window.train_page.plots.refresh()
    assert window.train_page.plots.curve_points("train_loss") == 6  # the live plot of the last run
    qtbot.waitUntil(
        lambda: (
            "does not exist" in window.queue_page.error_label.message()
            or any(i.state == ItemState.FAILED for i in window.queue_page.model.items())
        ),
        timeout=10_000,
    )
    assert {r.status for r in service.list_runs(db)} == {RunStatus.COMPLETED}


@pytest.mark.slow
def test_a_closed_app_resumes_the_queue_in_a_new_window(qtbot, db, make_tiny_config):
    queue.add_item(db, make_tiny_config(steps=100_000, checkpoint_every=5), name="long")
    queue.add_item(db, make_tiny_config(steps=5), name="short")
    first = MainWindow(db, AppSettings())
    qtbot.addWidget(first)
    first.show()
    first.queue.start()
    qtbot.waitUntil(
        lambda: first.train_page.last_step is not None and first.train_page.last_step.step >= 6,
        timeout=FINISH_MS,
    )
    run_id = first.train_page.run_id
    first.close_without_asking()  # stops the run (a checkpoint) and closes
    long_item = queue.list_items(db)[0]
    assert long_item.state == ItemState.INTERRUPTED and long_item.run_id == run_id
    assert service.get_run(db, run_id).summary.status == RunStatus.STOPPED

    # A new window on the same history shows it, and Start resumes the same run first.
    second = MainWindow(db, AppSettings())
    qtbot.addWidget(second)
    second.show()
    second.show_page(QUEUE)
    qtbot.waitUntil(
        lambda: (
            [i.state for i in second.queue_page.model.items()] == [ItemState.INTERRUPTED, ItemState.WAITING]
        ),
        timeout=10_000,
    )
    assert not second.queue.active  # a clean close: nothing runs until the user starts it
    with qtbot.waitSignal(second.train_page.run_started, timeout=FINISH_MS) as started:
        qtbot.mouseClick(second.queue_page.start_button, Qt.MouseButton.LeftButton)
    assert started.args == [run_id]
    qtbot.waitUntil(lambda: second.train_page.last_step is not None, timeout=FINISH_MS)
    assert second.train_page.last_step.step > 5  # it went on from its checkpoint
    second.queue.pause()
    second.train_page.stop_and_wait()
    qtbot.waitUntil(lambda: not second.queue.tasks.is_busy(), timeout=10_000)
    assert queue.list_items(db)[0].state == ItemState.INTERRUPTED
    assert len(service.list_runs(db)) == 1  # the same run, never a second one


KILLED_RUNNER = [sys.executable, "-m", "mlmstudio", "queue", "run"]


@pytest.mark.slow
@pytest.mark.parametrize("after_crash", ["wait", "resume"])
def test_after_a_crash_the_app_shows_the_interrupted_item_and_follows_the_setting(
    qtbot, db, make_tiny_config, after_crash
):
    queue.set_after_crash(db, after_crash)
    item = queue.add_item(db, make_tiny_config(steps=60, checkpoint_every=5, eval_every=30), name="crashed")
    env = dict(os.environ, OMP_NUM_THREADS="1", MLMSTUDIO_HOME=str(db.data_dir))
    runner = subprocess.Popen(KILLED_RUNNER, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + FINISH_MS / 1000
        while True:
            current = queue.get_item(db, item.id)
            if current.run_id and service.get_run(db, current.run_id).summary.last_step >= 8:
                break
            assert runner.poll() is None and time.monotonic() < deadline, "the runner never trained"
            time.sleep(0.05)
    finally:
        runner.send_signal(signal.SIGKILL)
        runner.wait()
    run_id = queue.get_item(db, item.id).run_id

    db = Database.open(db.data_dir)  # the app's start: the killed run is recovered on open
    window = MainWindow(db, AppSettings())
    qtbot.addWidget(window)
    window.show()
    window.show_page(QUEUE)
    if after_crash == "wait":
        qtbot.waitUntil(
            lambda: (
                window.queue_page.model.rowCount() == 1
                and window.queue_page.model.item(0).state == ItemState.INTERRUPTED
            ),
            timeout=10_000,
        )
        qtbot.waitUntil(lambda: "was interrupted" in window.queue_page.note_label.message(), timeout=10_000)
        assert queue.get_settings(db).paused and not window.queue.active
        assert not window.train_page.is_training()
        assert service.get_run(db, run_id).summary.status == RunStatus.INTERRUPTED
    else:
        qtbot.waitUntil(lambda: queue.get_item(db, item.id).state == ItemState.DONE, timeout=FINISH_MS)
        qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)
        assert window.train_page.run_id == run_id  # the same run resumed on the Train page
        assert service.get_run(db, run_id).summary.status == RunStatus.COMPLETED
        assert service.get_run(db, run_id).summary.last_step == 60
    window.close_without_asking()
