"""``mlmstudio queue``: the same flags as train, plain refusals, and real processes sharing one queue.

- add/list/move/remove/start/pause from the command line, with train's flags;
- bad input (unknown item, bad position, malformed config JSON, nothing queued) exits 2 with a sentence;
- ``queue run`` in a subprocess and the runner in this process drain one queue together and
  never run an item twice;
- ``queue run`` killed with SIGKILL mid-run: the item and its run become interrupted, and the
  queue waits or resumes the same run, as chosen; SIGTERM stops it like train.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.engine.run_status import RunStatus
from mlmstudio.store import queue, queue_runner, service
from mlmstudio.store.database import Database
from mlmstudio.store.queue import ItemState

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tiny_configs import tiny_config  # noqa: E402

TINY = [
    "--tokenizer",
    "char",
    "--d-model",
    "32",
    "--layers",
    "1",
    "--heads",
    "2",
    "--ffn",
    "64",
    "--max-len",
    "32",
    "--seq-len",
    "32",
    "--batch-size",
    "4",
    "--eval-every",
    "10",
    "--eval-batches",
    "2",
    "--precision",
    "fp32",
    "--device",
    "cpu",
    "--val-fraction",
    "0.2",
]
WAIT_SECONDS = 180


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_list_move_remove_with_trains_flags(data_dir, capsys, tmp_path):
    d = str(data_dir)
    code, out, _ = cli(
        capsys, "--data-dir", d, "queue", "add", "sample:tutorial", *TINY, "--steps", "7", "--name", "seven"
    )
    assert code == 0 and "Queued as item 1 (position 1 of 1): seven." in out
    config_file = tmp_path / "run.json"
    assert (
        cli(capsys, "train", "sample:facts", *TINY, "--steps", "9", "--save-config", str(config_file))[0] == 0
    )
    code, out, _ = cli(
        capsys, "queue", "add", "--config", str(config_file), "--lr", "0.002", "--json", "--data-dir", d
    )
    assert code == 0 and json.loads(out)["item"] == 2
    corpus = tmp_path / "own.txt"
    corpus.write_text("A line of my own text to learn from.\n" * 50, encoding="utf-8")
    os.chdir(tmp_path)
    assert cli(capsys, "--data-dir", d, "queue", "add", "own.txt", *TINY)[0] == 0

    db = Database.open(data_dir)
    first, second, third = queue.list_items(db)
    assert first.config.training.steps == 7 and first.config.model.d_model == 32
    assert second.config.training.steps == 9 and second.config.training.lr == 0.002
    assert second.config.corpus.source == "sample:facts"
    assert third.corpus_source == str(corpus)  # absolute: 'queue run' may run elsewhere

    assert cli(capsys, "--data-dir", d, "queue", "move", "3", "1")[0] == 0
    assert cli(capsys, "--data-dir", d, "queue", "remove", "#2")[0] == 0
    code, out, _ = cli(capsys, "--data-dir", d, "queue", "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "The queue is started; after a crash it will wait."
    assert [line.split()[0] for line in lines[2:]] == ["3", "1"]
    assert cli(capsys, "--data-dir", d, "queue", "pause")[0] == 0
    assert queue.get_settings(db).paused
    code, out, _ = cli(capsys, "--data-dir", d, "queue", "start", "--after-crash", "resume")
    assert code == 0 and "2 waiting" in out
    settings = queue.get_settings(db)
    assert not settings.paused and settings.after_crash == queue.AfterCrash.RESUME


@pytest.mark.parametrize(
    "argv, sentence",
    [
        (["queue", "remove", "4"], "There is no item 4 in the queue. 'mlmstudio queue list' shows"),
        # every number is checked before any item is removed: item 1 stays
        (["queue", "remove", "1", "4"], "There is no item 4 in the queue."),
        (["queue", "remove", "one"], "Item 'one' is not a number."),
        (["queue", "move", "1", "5"], "Position 5 is outside the queue: give a number from 1 to 1."),
        (["queue", "move", "1", "first"], "Position 'first' is not a number"),
        (["queue", "move", "9", "1"], "There is no item 9 in the queue."),
        (["queue", "add", "sample:tutorial", "--steps", "0"], "steps"),
        (["queue", "add", "no-such-file.txt"], "does not exist"),
    ],
)
def test_bad_input_exits_2_with_a_sentence(data_dir, capsys, argv, sentence):
    """Guards every queue subcommand's refusal: exit 2, one sentence, and the queue left as it was
    (``remove 1 4`` checks both numbers before it removes either)."""
    queue.add_item(Database.open(data_dir), tiny_config(), name="only")
    code, out, err = cli(capsys, "--data-dir", str(data_dir), *argv)
    assert code == 2, err
    assert sentence in err and "Traceback" not in err
    assert [i.name for i in queue.list_items(Database.open(data_dir))] == ["only"]  # nothing changed


def test_malformed_config_json_and_an_empty_or_paused_queue_are_refused(data_dir, capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"training": {"steps": 10,', encoding="utf-8")
    code, _, err = cli(capsys, "--data-dir", str(data_dir), "queue", "add", "--config", str(broken))
    assert code == 2 and "broken.json" in err and "Traceback" not in err
    code, _, err = cli(capsys, "--data-dir", str(data_dir), "queue", "run")
    assert code == 2 and "Nothing is queued. Add runs with 'mlmstudio queue add" in err
    db = Database.open(data_dir)
    queue.add_item(db, tiny_config(), name="x")
    queue.set_paused(db, True)
    code, _, err = cli(capsys, "--data-dir", str(data_dir), "queue", "run")
    assert code == 2 and "The queue is paused" in err and "mlmstudio queue start" in err
    assert queue.list_items(db)[0].state == ItemState.WAITING


# --- real processes ------------------------------------------------------------------------------


class QueueRun:
    """``mlmstudio queue run`` in its own process, its output in files."""

    def __init__(self, data_dir: Path) -> None:
        self.out = data_dir.parent / f"queue-{time.monotonic_ns()}.out"
        self.err = self.out.with_suffix(".err")
        env = dict(os.environ, OMP_NUM_THREADS="1", MLMSTUDIO_HOME=str(data_dir))
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "mlmstudio", "queue", "run"], stdout=out, stderr=err, env=env
            )

    def wait_for(self, condition, what: str) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while not condition():
            if self.process.poll() is not None:
                raise AssertionError(f"queue run ended before {what}: {self.err.read_text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what} within {WAIT_SECONDS} s: {self.err.read_text()}")
            time.sleep(0.05)

    def finish(self) -> int:
        try:
            return self.process.wait(WAIT_SECONDS)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


def running_run(data_dir: Path, min_step: int = 1) -> str | None:
    """The id of the run a queue item is training, once it has recorded ``min_step``."""
    db = Database.open(data_dir, recover=False)
    for item in queue.list_items(db):
        if item.state == ItemState.RUNNING and item.run_id:
            summary = service.get_run(db, item.run_id).summary
            if summary.status == RunStatus.RUNNING and summary.last_step >= min_step:
                return item.run_id
    return None


@pytest.mark.slow
def test_two_processes_never_run_the_same_item_twice(data_dir):
    db = Database.open(data_dir)
    items = [queue.add_item(db, tiny_config(steps=8, eval_every=4), name=f"item {n}") for n in range(4)]
    other = QueueRun(data_dir)
    here = queue_runner.run_queue(db)  # this process drains the same queue meanwhile
    assert other.finish() == 0, other.err.read_text()
    finished = {i.id: i for i in queue.list_items(db)}
    assert all(finished[i.id].state == ItemState.DONE for i in items)
    run_ids = [finished[i.id].run_id for i in items]
    runs = service.list_runs(db)
    assert len(set(run_ids)) == len(runs) == len(items)  # one run per item: none ran twice
    assert all(r.status == RunStatus.COMPLETED for r in runs)
    mine = {i.id for i in here.finished}
    theirs = {
        int(line.split()[1])
        for line in other.err.read_text().splitlines()
        if line.startswith("Item ") and line.endswith(" done.")
    }
    assert mine.isdisjoint(theirs) and mine | theirs == {i.id for i in items}


@pytest.mark.slow
@pytest.mark.parametrize("after_crash", ["wait", "resume"])
def test_a_killed_queue_run_leaves_its_item_interrupted_and_follows_the_crash_setting(
    data_dir, capsys, after_crash
):
    db = Database.open(data_dir)
    queue.set_after_crash(db, after_crash)
    first = queue.add_item(db, tiny_config(steps=120, checkpoint_every=5, eval_every=50), name="killed")
    second = queue.add_item(db, tiny_config(steps=5), name="after")
    process = QueueRun(data_dir)
    process.wait_for(lambda: running_run(data_dir, min_step=12), "a run past its first checkpoints")
    run_id = running_run(data_dir)
    process.process.send_signal(signal.SIGKILL)
    process.finish()

    code, out, _ = cli(capsys, "--data-dir", str(data_dir), "queue", "list")  # opens: recovery runs
    assert code == 0
    db = Database.open(data_dir)
    item = queue.get_item(db, first.id)
    assert item.state == ItemState.INTERRUPTED and item.run_id == run_id
    assert service.get_run(db, run_id).summary.status == RunStatus.INTERRUPTED
    assert queue.get_item(db, second.id).state == ItemState.WAITING
    if after_crash == "wait":
        assert queue.get_settings(db).paused and f"item {first.id} was interrupted" in out
        assert queue_runner.take_next(db) is None  # it waits for the user
        assert cli(capsys, "--data-dir", str(data_dir), "queue", "start")[0] == 0
    summary = queue_runner.run_queue(db)
    assert [(i.id, i.state) for i in summary.finished] == [
        (first.id, ItemState.DONE),
        (second.id, ItemState.DONE),
    ]
    assert queue.get_item(db, first.id).run_id == run_id  # resumed, not started again
    detail = service.get_run(db, run_id)
    assert detail.summary.status == RunStatus.COMPLETED and detail.summary.last_step == 120
    assert len(service.list_runs(db)) == 2


@pytest.mark.slow
def test_sigterm_stops_queue_run_like_train_and_the_item_resumes_later(data_dir):
    db = Database.open(data_dir)
    item = queue.add_item(db, tiny_config(steps=400, checkpoint_every=20, eval_every=50), name="long")
    queue.add_item(db, tiny_config(steps=5), name="next")
    process = QueueRun(data_dir)
    process.wait_for(lambda: running_run(data_dir, min_step=3), "a training step")
    process.process.send_signal(signal.SIGTERM)
    assert process.finish() == 0, process.err.read_text()
    err = process.err.read_text()
    assert "stopping after this step" in err and "Traceback" not in err
    db = Database.open(data_dir)
    stopped = queue.get_item(db, item.id)
    assert stopped.state == ItemState.INTERRUPTED and "stopped before it finished" in stopped.message
    assert service.get_run(db, stopped.run_id).summary.status == RunStatus.STOPPED
    assert [i.state for i in queue.list_items(db)] == [ItemState.INTERRUPTED, ItemState.WAITING]
    assert not queue.get_settings(db).paused
    assert "1 interrupted" in process.out.read_text()


def test_removed_items_leave_no_trace_in_places_or_notes(data_dir, capsys, tmp_path):
    d = str(data_dir)
    probes = tmp_path / "probes.tsv"
    probes.write_text("The capital of France is [MASK].\tparis\n", encoding="utf-8")
    code, _, err = cli(
        capsys, "--data-dir", d, "queue", "add", "sample:facts", *TINY, "--probes", str(probes)
    )
    assert code == 0, err
    db = Database.open(data_dir)
    first = queue.list_items(db)[0]
    assert [p.sentence for p in first.config.probes.items] == ["The capital of France is [MASK]."]
    for _ in range(2):
        assert cli(capsys, "--data-dir", d, "queue", "add", "sample:facts", *TINY)[0] == 0
    code, out, err = cli(capsys, "--data-dir", d, "queue", "remove", "1", "1", "#1")
    assert code == 0 and out.count("Removed item 1") == 1, err
    code, out, _ = cli(capsys, "--data-dir", d, "queue", "add", "sample:facts", *TINY)
    assert "(position 3 of 3)" in out
    # A crash note names the interrupted item; removing that item takes the note away.
    with db.session() as session:
        from mlmstudio.store.models import QueueItemRow

        session.get(QueueItemRow, 2).state = ItemState.INTERRUPTED.value
    queue.set_paused(db, True, note="The queue paused: item 2 was interrupted.")
    cli(capsys, "--data-dir", d, "queue", "remove", "2")
    assert queue.get_settings(db).note == ""
    code, _, err = cli(capsys, "--data-dir", d, "queue", "add", "", *TINY)
    assert code == 2 and "No corpus given" in err
    assert len(queue.list_items(db)) == 2
