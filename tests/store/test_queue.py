"""The run queue in the history: order, removal, reordering, claims, crash recovery, and its runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mlmstudio.config import ConfigError
from mlmstudio.engine.events import TrainerCallback, TrainingControl
from mlmstudio.engine.run_end import RunEnd
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import queue, queue_runner, service
from mlmstudio.store.queue import AfterCrash, ItemState, QueueError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tiny_configs import tiny_config  # noqa: E402


def names(db) -> list[str]:
    return [item.name for item in queue.list_items(db)]


def add(db, name: str, **overrides):
    return queue.add_item(db, tiny_config(**overrides), name=name)


def test_items_keep_their_order_and_move_and_leave(db):
    a, b, c, d = (add(db, n) for n in "abcd")
    assert names(db) == ["a", "b", "c", "d"]
    assert [i.position for i in queue.list_items(db)] == [1, 2, 3, 4]
    assert all(i.state == ItemState.WAITING for i in queue.list_items(db))

    queue.move_item(db, d.id, 1)
    assert names(db) == ["d", "a", "b", "c"]
    queue.move_item(db, d.id, 4)
    assert names(db) == ["a", "b", "c", "d"]
    queue.remove_item(db, b.id)
    assert names(db) == ["a", "c", "d"]
    assert [i.position for i in queue.list_items(db)] == [1, 2, 3]
    assert [i.name for i in queue.list_items(db, include_removed=True)].count("b") == 1
    queue.reorder(db, [d.id, c.id, a.id])  # a drag in the app sends the whole order
    assert names(db) == ["d", "c", "a"]
    e = add(db, "e")
    assert queue.list_items(db)[-1].id == e.id and e.position == 4
    # The item keeps its configuration exactly.
    assert queue.get_item(db, a.id).config == tiny_config()


def test_bad_input_is_refused_with_a_sentence(db):
    a = add(db, "a")
    add(db, "b")
    with pytest.raises(QueueError, match=r"no item 99 in the queue.*queue list"):
        queue.move_item(db, 99, 1)
    with pytest.raises(QueueError, match=r"Position 3 is outside the queue: give a number from 1 to 2"):
        queue.move_item(db, a.id, 3)
    with pytest.raises(QueueError, match="Position 0"):
        queue.move_item(db, a.id, 0)
    with pytest.raises(QueueError, match="no item 99"):
        queue.remove_item(db, 99)
    queue.remove_item(db, a.id)
    with pytest.raises(QueueError, match=f"no item {a.id}"):  # removed is gone for the user
        queue.remove_item(db, a.id)
    with pytest.raises(QueueError, match="'wait' or 'resume'"):
        queue.set_after_crash(db, "later")
    with pytest.raises(QueueError, match="cannot be queued"):
        queue.add_item(db, tiny_config(steps=0))
    with pytest.raises(QueueError, match="changed meanwhile"):
        queue.reorder(db, [a.id])
    assert names(db) == ["b"]  # nothing else changed


def test_claims_are_exclusive_in_order_and_paused_claims_nothing(db):
    a, b, c = (add(db, n) for n in "abc")
    queue.set_paused(db, True)
    assert queue.claim_next(db) is None
    queue.set_paused(db, False)
    first, second = queue.claim_next(db), queue.claim_next(db)
    assert (first.item.id, second.item.id) == (a.id, b.id)
    assert queue.get_item(db, a.id).state == ItemState.RUNNING
    assert queue.get_item(db, a.id).pid == os.getpid()
    with pytest.raises(QueueError, match="running right now"):
        queue.remove_item(db, a.id)
    # A live claim (this process holds the lock) is never taken for abandoned.
    assert queue.recover_abandoned(db) == []
    queue.finish_item(db, first, RunEnd(RunStatus.COMPLETED))
    queue.finish_item(db, second, RunEnd(RunStatus.FAILED, 3, "It broke."))
    assert not queue.item_dir(db, a.id).exists()  # the lock folder goes with the claim
    third = queue.claim_next(db)
    assert third.item.id == c.id
    assert queue.claim_next(db) is None  # nothing left
    queue.finish_item(db, third, RunEnd(RunStatus.STOPPED, 5))
    states = {i.name: (i.state, i.message) for i in queue.list_items(db)}
    assert states["a"] == (ItemState.DONE, "")
    assert states["b"] == (ItemState.FAILED, "It broke.")
    assert states["c"][0] == ItemState.INTERRUPTED and "resumes" in states["c"][1]
    # An interrupted item is claimed again: it resumes when the queue runs.
    assert queue.claim_next(db).item.id == c.id


def set_state(db, item_id: int, state: ItemState) -> None:
    from mlmstudio.store.models import QueueItemRow

    with db.session() as session:
        session.get(QueueItemRow, item_id).state = state.value


def test_claims_follow_the_queues_order_not_the_order_items_were_added(db):
    """Guards ``claim_next``'s ordering: the item moved to the front is claimed first."""
    a, b, c = (add(db, n) for n in "abc")
    queue.move_item(db, c.id, 1)
    claims = [queue.claim_next(db) for _ in range(3)]
    assert [claim.item.id for claim in claims] == [c.id, a.id, b.id]
    for claim in claims:
        claim.release()


def test_an_item_whose_lock_another_owner_holds_is_left_alone(db):
    """Guards ``claim_next``'s lock check: a row that says waiting while its lock is held (a process
    that claimed it and has not written its mark yet) is skipped, never run twice."""
    from mlmstudio.store.run_lock import RunLock

    a, b = add(db, "a"), add(db, "b")
    with RunLock(queue.item_dir(db, a.id)) as held:  # another open file holds a's lock
        assert held.acquire()
        claim = queue.claim_next(db)
        assert claim.item.id == b.id
        assert queue.get_item(db, a.id).state == ItemState.WAITING
        claim.release()


def test_clearing_takes_only_done_and_failed_items(db):
    """Guards ``clear_finished``: interrupted and waiting items stay in line, renumbered."""
    a, b, c, d = (add(db, n) for n in "abcd")
    set_state(db, a.id, ItemState.DONE)
    set_state(db, b.id, ItemState.INTERRUPTED)
    set_state(db, c.id, ItemState.FAILED)
    assert queue.clear_finished(db) == 2
    assert [(i.name, i.position) for i in queue.list_items(db)] == [("b", 1), ("d", 2)]


def test_a_crash_note_stays_while_an_interrupted_item_it_names_is_left(db):
    """Guards ``remove_item``'s note rule: the note goes with the last interrupted item, not the first."""
    a, b, c = (add(db, n) for n in "abc")
    set_state(db, a.id, ItemState.INTERRUPTED)
    set_state(db, b.id, ItemState.INTERRUPTED)
    queue.set_paused(db, True, note=f"items {a.id}, {b.id} were interrupted")
    queue.remove_item(db, c.id)
    queue.remove_item(db, a.id)
    assert queue.get_settings(db).note == f"items {a.id}, {b.id} were interrupted"
    queue.remove_item(db, b.id)
    assert queue.get_settings(db).note == ""


def test_a_reorder_listing_an_item_twice_is_refused_and_changes_nothing(db):
    """Guards ``reorder``'s duplicate check (a stale drag could list an item twice)."""
    a, b = add(db, "a"), add(db, "b")
    with pytest.raises(QueueError, match="listed twice"):
        queue.reorder(db, [b.id, b.id, a.id])
    assert names(db) == ["a", "b"] and [i.position for i in queue.list_items(db)] == [1, 2]


def test_a_name_is_one_line_of_single_spaces(db):
    """Guards ``add_item``'s name clean-up: the list and the CLI table show one line per item."""
    assert add(db, "  two\n\twords  ").name == "two words"


CLAIM_AND_DIE = """
import os, sys
from mlmstudio.store.database import Database
from mlmstudio.store import queue
claim = queue.claim_next(Database.open(sys.argv[1]))
print(claim.item.id, flush=True)
os._exit(0)  # dies holding the claim, as a killed process would
"""


def claim_in_a_process_that_dies(db) -> int:
    out = subprocess.run(
        [sys.executable, "-c", CLAIM_AND_DIE, str(db.data_dir)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return int(out.stdout)


@pytest.mark.parametrize("after_crash", [AfterCrash.WAIT, AfterCrash.RESUME])
def test_a_claim_by_a_dead_process_is_recovered_and_the_crash_setting_is_followed(db, after_crash):
    queue.set_after_crash(db, after_crash)
    a, _waiting = add(db, "a"), add(db, "b")
    assert claim_in_a_process_that_dies(db) == a.id
    assert queue.get_item(db, a.id).state == ItemState.RUNNING  # nobody has looked yet
    assert queue.abandoned_items(db) == [a.id]
    assert queue.recover_abandoned(db) == [a.id]
    item = queue.get_item(db, a.id)
    assert item.state == ItemState.INTERRUPTED and "ended before it finished" in item.message
    settings = queue.get_settings(db)
    if after_crash == AfterCrash.WAIT:
        assert settings.paused and f"item {a.id} was interrupted" in settings.note
        assert queue.claim_next(db) is None
        queue.set_paused(db, False)  # the user starts the queue again
        assert queue.get_settings(db).note == ""
    else:
        assert not settings.paused
    claim = queue.claim_next(db)
    assert claim.item.id == a.id  # the interrupted item comes first, in its place
    assert not claim.resuming  # it had no run yet: it trains afresh
    claim.release()


class FailAtStep(TrainerCallback):
    """A trainer callback that breaks the run at one step (an injected failure)."""

    def __init__(self, step: int) -> None:
        self.step = step

    def on_step(self, event) -> None:
        if event.step == self.step:
            raise RuntimeError("injected failure")


@pytest.mark.slow
def test_a_failing_run_in_the_middle_does_not_stop_the_queue(db, tmp_path):
    gone = tmp_path / "gone.txt"
    gone.write_text("Some text to train on. " * 200, encoding="utf-8")
    add(db, "first", steps=6)
    add(db, "corpus gone", steps=6, source=str(gone))
    add(db, "breaks", steps=6)
    add(db, "last", steps=6)
    gone.unlink()  # it fails at start
    started, ended = [], []
    summary = queue_runner.run_queue(
        db,
        callbacks_for=lambda p: [FailAtStep(3)] if p.item.name == "breaks" else [],
        on_start=lambda p: started.append(p.item.name),
        on_end=lambda i: ended.append((i.name, i.state)),
    )
    assert started == ["first", "breaks", "last"]
    assert ended == [
        ("first", ItemState.DONE),
        ("corpus gone", ItemState.FAILED),
        ("breaks", ItemState.FAILED),
        ("last", ItemState.DONE),
    ]
    assert not summary.stopped and summary.count(ItemState.DONE) == 2
    items = {i.name: i for i in queue.list_items(db)}
    assert "does not exist" in items["corpus gone"].message and items["corpus gone"].run_id is None
    assert "injected failure" in items["breaks"].message
    runs = {r.id: r for r in service.list_runs(db)}
    assert len(runs) == 3  # the item that could not start recorded no run
    assert runs[items["breaks"].run_id].status == RunStatus.FAILED
    assert runs[items["first"].run_id].status == runs[items["last"].run_id].status == RunStatus.COMPLETED
    assert runs[items["last"].run_id].name == "last"


@pytest.mark.slow
def test_a_stopped_item_resumes_its_own_run_next_time(db):
    add(db, "long", steps=30, checkpoint_every=5)
    add(db, "next", steps=5)
    control = TrainingControl()

    class StopAt(TrainerCallback):
        def on_step(self, event) -> None:
            if event.step == 8:
                control.stop()

    summary = queue_runner.run_queue(db, control=control, callbacks_for=lambda p: [StopAt()])
    assert summary.stopped and [i.state for i in summary.finished] == [ItemState.INTERRUPTED]
    item = queue.list_items(db)[0]
    assert item.state == ItemState.INTERRUPTED and item.run_id
    assert service.get_run(db, item.run_id).summary.status == RunStatus.STOPPED
    summary = queue_runner.run_queue(db)
    assert [(i.name, i.state) for i in summary.finished] == [
        ("long", ItemState.DONE),
        ("next", ItemState.DONE),
    ]
    assert queue.list_items(db)[0].run_id == item.run_id  # the same run went on
    assert service.get_run(db, item.run_id).summary.status == RunStatus.COMPLETED
    assert len(service.list_runs(db)) == 2


def test_an_unreadable_config_fails_its_item_and_the_queue_goes_on(db):
    from mlmstudio.store.models import QueueItemRow

    bad = add(db, "bad")
    with db.session() as session:
        session.get(QueueItemRow, bad.id).config_json = '{"training": {"steps": "many"}'
    skipped = []
    assert queue_runner.take_next(db, on_skipped=skipped.append) is None
    assert [i.id for i in skipped] == [bad.id]
    assert skipped[0].state == ItemState.FAILED and skipped[0].message.startswith("The run could not start")
    with pytest.raises(ConfigError):
        _ = queue.get_item(db, bad.id).config
