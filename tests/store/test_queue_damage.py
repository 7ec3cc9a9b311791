"""A damaged queue row is isolated: listed as failed with a sentence naming the history and the fix,
skipped by the runners while the other items run, and removable; the queue's settings row likewise."""

from __future__ import annotations

import sqlite3

import pytest

from mlmstudio.store import queue, queue_runner
from mlmstudio.store.paths import database_path

from tiny_configs import tiny_config

# Each damages one column of item 1 as a hand edit or a damaged page of the file can.
DAMAGES = {
    "settings not JSON": "UPDATE queue_items SET config_json = '{\"corpus\": [garb' WHERE id = 1",
    "settings not a config": "UPDATE queue_items SET config_json = '[1, 2]' WHERE id = 1",
    "time not a time": "UPDATE queue_items SET created_at = 'garbage' WHERE id = 1",
    "time not text": "UPDATE queue_items SET created_at = x'fffe00' WHERE id = 1",
    "state unknown": "UPDATE queue_items SET state = 'wat' WHERE id = 1",
    "position not a number": "UPDATE queue_items SET position = 'first' WHERE id = 1",
}


def damage(db, statement: str) -> None:
    connection = sqlite3.connect(database_path(db.data_dir))
    connection.execute("PRAGMA ignore_check_constraints = 1")  # what a damaged page does not ask
    connection.execute(statement)
    connection.commit()
    connection.close()


@pytest.fixture
def three(db):
    for number in range(3):
        queue.add_item(db, tiny_config(steps=4), name=f"item {number + 1}")
    return db


@pytest.mark.parametrize("what", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_item_is_marked_and_skipped_while_the_others_run(three, what):
    db = three
    damage(db, DAMAGES[what])
    items = {i.id: i for i in queue.list_items(db)}
    assert sorted(items) == [1, 2, 3] and items[2].state == items[3].state == queue.ItemState.WAITING
    problems = queue.damaged_items(db)
    assert [i.id for i in problems] == [1] and "queue remove 1" in problems[0].message
    if not what.startswith("settings"):  # the record itself: the listing marks it
        assert items[1].state == queue.ItemState.FAILED
        assert str(database_path(db.data_dir)) in items[1].message and "queue remove 1" in items[1].message
    # The runner skips it (a damaged config fails with its sentence when claimed) and takes item 2.
    skipped = []
    prepared = queue_runner.take_next(db, on_skipped=skipped.append)
    assert prepared is not None and prepared.item.id == 2
    prepared.claim.release()
    if what.startswith("settings"):
        assert [i.id for i in skipped] == [1] and "settings stored with queue item 1" in skipped[0].message
    # Moving a damaged item says what is wrong; removing it works, and the queue is whole again.
    if not what.startswith("settings"):
        with pytest.raises(queue.QueueError, match="is damaged"):
            queue.move_item(db, 1, 3)
    # The Queue page's drag sends every listed item: a damaged one does not stop the others moving.
    moved = [i.id for i in queue.reorder(db, [3, 1, 2])]
    assert moved == ([3, 1, 2] if what.startswith("settings") else [3, 2])
    queue.remove_item(db, 1)
    assert [i.id for i in queue.list_items(db)] == [3, 2] and queue.damaged_items(db) == []
    assert queue.add_item(db, tiny_config(steps=4)).position == 3


def test_a_damaged_after_crash_setting_waits_with_a_note(db):
    queue.add_item(db, tiny_config(steps=4))
    damage(db, "UPDATE queue_settings SET after_crash = 'maybe'")
    settings = queue.get_settings(db)
    assert settings.after_crash == queue.AfterCrash.WAIT and "damaged ('maybe')" in settings.note
    assert queue.set_after_crash(db, "resume").after_crash == queue.AfterCrash.RESUME
    assert queue.get_settings(db).note == ""


@pytest.mark.parametrize(
    "blocker",
    ["queue", "queue/item-1", "queue/item-1/owner.lock"],
    ids=["queue folder is a file", "item folder is a file", "lock file is a folder"],
)
def test_a_damaged_lock_path_is_set_aside_and_the_item_runs(three, blocker):
    db = three
    path = db.data_dir / blocker
    path.parent.mkdir(parents=True, exist_ok=True)
    if blocker.endswith(".lock"):
        path.mkdir()
    else:
        path.write_text("not a folder")
    prepared = queue_runner.take_next(db)
    assert prepared is not None and prepared.item.id == 1
    assert queue.get_item(db, 1).state == queue.ItemState.RUNNING
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.damaged-")]
    prepared.claim.release()


def test_a_sweep_lock_in_the_way_is_set_aside(tmp_path):
    from mlmstudio.store.run_lock import RunLock

    folder = tmp_path / "sweeps" / "s"
    (folder / "owner.lock").mkdir(parents=True)
    lock = RunLock(folder)
    with pytest.raises(OSError):
        lock.acquire()
    assert lock.acquire_setting_aside(tmp_path) and lock.held
    assert RunLock(folder).acquire() is False  # it is a real lock again
    lock.release()
