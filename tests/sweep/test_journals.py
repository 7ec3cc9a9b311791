"""One journal per sweep: damage to one stops only that sweep, is named with its line, and is repaired;
the old shared journal is split into per-sweep journals once, losing no trial."""

from __future__ import annotations

import json

import optuna
import pytest
from optuna.trial import TrialState

from mlmstudio.store.database import Database
from mlmstudio.sweep import journals, runner, study
from mlmstudio.sweep.space import parse_params
from mlmstudio.sweep.study import SweepJournalError, SweepSpec

from tiny_configs import tiny_config

BASE = tiny_config(steps=8)

# The damage a kill, a full disk or a stray program can do to a file; each returns the new bytes
# (or None after making something else of the path).
DAMAGES = {
    "tail cut by 7 bytes": lambda path: path.write_bytes(path.read_bytes()[:-7]),
    "garbage appended": lambda path: path.write_bytes(path.read_bytes() + b"\xff\xfe garbage \x00\n"),
    "not UTF-8 inside": lambda path: path.write_bytes(
        path.read_bytes()[:-20] + b"\xe9\xff" + path.read_bytes()[-18:]
    ),
    "replaced by non-UTF-8": lambda path: path.write_bytes(b"\xff\xfe\x00\x81 latin-1 caf\xe9\n" * 3),
    "empty": lambda path: path.write_bytes(b""),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
    "a record that does not fit": lambda path: path.write_bytes(
        path.read_bytes() + json.dumps({"op_code": 4, "worker_id": "w"}).encode() + b"\n"
    ),
}

FORGOTTEN = ("empty", "a folder", "replaced by non-UTF-8")  # nothing before the damage holds the sweep


@pytest.fixture
def db(tmp_path):
    database = Database.open(tmp_path / "data")
    yield database
    database.close()


def spec(name: str) -> SweepSpec:
    return SweepSpec(
        name=name,
        corpus="sample:facts",
        corpus_sha256="0" * 64,
        base_config_json=BASE.to_json(),
        params=tuple(parse_params(["lr=1e-4:1e-3:log"], BASE)),
        budget_seconds=60.0,
        trials=3,
        prune=False,
    )


def told(sweep, losses) -> None:
    """Trials as the runner leaves them: asked, their attributes set, told a loss."""
    for number, loss in enumerate(losses):
        trial = sweep.ask({"lr": optuna.distributions.FloatDistribution(1e-4, 1e-3, log=True)})
        trial.set_user_attr("outcome", "completed")
        trial.set_user_attr("run_id", f"run{number}")
        sweep.tell(trial, loss)


def make(db, name: str, losses=(3.0, 2.0)):
    sweep = runner.create_sweep(db, spec(name))
    told(sweep, losses)
    return sweep


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_damage_to_one_journal_stops_only_its_sweep(db, damage):
    make(db, "kept")
    make(db, "hurt", losses=(3.0, 2.5, 2.0))
    path = journals.journal_path(db.data_dir, "hurt")
    DAMAGES[damage](path)

    with pytest.raises(SweepJournalError) as caught:
        study.load_study(db, "hurt")
    message = str(caught.value)
    assert "Sweep 'hurt' cannot be read" in message and str(path) in message, message
    assert "mlmstudio sweep --repair hurt" in message and "other sweeps are not affected" in message
    if damage not in ("empty", "a folder"):  # a folder is no file, and an empty file has no line
        assert "is damaged at line" in message, message
    # The other sweep reads, a new one starts, and the listing shows both with the damaged one marked.
    assert len(study.load_study(db, "kept").trials) == 2
    make(db, "fresh", losses=(1.0,))
    entries = {e.name: e for e in study.list_sweeps(db)}
    assert sorted(entries) == ["fresh", "hurt", "kept"]
    assert entries["hurt"].problem == message and entries["kept"].problem is None
    assert study.sweep_names(db) == ["fresh", "kept"]

    messages = study.repair_sweeps(db, "hurt")
    assert len(messages) == 1 and "hurt" in messages[0] and ".damaged-" in messages[0], messages
    assert [p.name for p in path.parent.iterdir() if ".damaged-" in p.name]  # the damaged file is kept
    if damage in FORGOTTEN:  # nothing held the sweep: it is forgotten, the name is free
        assert study.sweep_names(db) == ["fresh", "kept"]
        make(db, "hurt", losses=(4.0,))
    else:  # every trial told before the damage is back
        trials = study.load_study(db, "hurt").trials
        expected = 3 if damage in ("garbage appended", "a record that does not fit") else 2
        assert [t.value for t in trials][:expected] == [3.0, 2.5, 2.0][:expected]
        assert all(t.state == TrialState.COMPLETE for t in trials[: expected - 1])
    assert study.damaged_sweeps(db) == []
    assert study.repair_sweeps(db) == ["Every sweep's journal is sound (3 sweeps); nothing to repair."]
    assert len(study.load_study(db, "kept").trials) == 2


def test_the_message_counts_the_trials_the_repair_keeps(db):
    make(db, "cut", losses=(3.0, 2.5, 2.0))
    path = journals.journal_path(db.data_dir, "cut")
    lines = path.read_bytes().split(b"\n")[:-1]
    path.write_bytes(b"\n".join(lines[:-1]) + b"\n" + lines[-1][:-7])  # the last record cut
    damage = journals.journal_damage(path, sweep="cut")
    assert damage is not None and damage.line == len(lines) == damage.lines
    assert damage.trials_kept == 3 and damage.records_kept == len(lines) - 1
    assert f"keeps the 3 trials recorded before it ({len(lines) - 1} records)" in str(
        pytest.raises(SweepJournalError, study.load_study, db, "cut").value
    )


def test_a_damaged_line_in_the_middle_is_found(db):
    make(db, "mid", losses=(3.0, 2.5, 2.0))
    path = journals.journal_path(db.data_dir, "mid")
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4][:-3]  # a record cut short with a later append glued on after it
    path.write_bytes(b"\n".join(lines))
    damage = journals.journal_damage(path, sweep="mid")
    assert damage is not None and damage.line == 5 and damage.keeps_sweep
    study.repair_sweeps(db)
    assert study.sweep_names(db) == ["mid"]


def _legacy(db, names=("alpha", "beta")):
    """An old shared journal, as sweeps were kept before each had its own."""
    journals.sweeps_dir(db.data_dir).mkdir(parents=True, exist_ok=True)
    storage = journals.open_journal(journals.legacy_journal_path(db.data_dir))
    for offset, name in enumerate(names):
        sweep = optuna.create_study(study_name=name, storage=storage, direction="minimize")
        sweep.set_user_attr("spec", spec(name).to_json())
        told(sweep, [3.0 - offset, 2.0 - offset])
        running = sweep.ask({"lr": optuna.distributions.FloatDistribution(1e-4, 1e-3, log=True)})
        running.set_user_attr("run_id", "killed")  # a trial whose process died
        sweep.enqueue_trial({"lr": 5e-4}, user_attrs={"retry_of": 0})  # settings waiting for a re-try
    return {
        name: [
            (t.number, t.state, t.params, t.value, t.user_attrs)
            for t in optuna.load_study(study_name=name, storage=storage).trials
        ]
        for name in names
    }


def test_the_old_shared_journal_is_split_once(db):
    before = _legacy(db)
    legacy = journals.legacy_journal_path(db.data_dir)
    note = study.split_old_journal(db)
    assert note and "split into one journal per sweep (alpha, beta)" in note, note
    assert not legacy.exists() and [p for p in legacy.parent.iterdir() if ".migrated-" in p.name]
    assert study.split_old_journal(db) is None  # once
    assert study.sweep_names(db) == ["alpha", "beta"]
    for name, trials in before.items():
        assert journals.journal_path(db.data_dir, name).is_file()
        loaded = study.load_study(db, name)
        assert [(t.number, t.state, t.params, t.value, t.user_attrs) for t in loaded.trials] == trials
        assert study.load_spec(loaded).to_json() == spec(name).to_json()


def test_a_split_cut_short_finishes_next_time_without_doubling_a_trial(db, monkeypatch):
    before = _legacy(db, names=("alpha", "beta", "gamma"))
    real = journals.write_new_journal
    written = []

    def dies_at_the_second(target, fill):
        if len(written) == 1:
            raise KeyboardInterrupt  # a kill between two sweeps' journals
        written.append(target)
        return real(target, fill)

    monkeypatch.setattr(journals, "write_new_journal", dies_at_the_second)
    with pytest.raises(KeyboardInterrupt):
        study.split_old_journal(db)
    monkeypatch.setattr(journals, "write_new_journal", real)
    assert journals.legacy_journal_path(db.data_dir).is_file()  # the old file stays until all are split
    assert not [p for p in journals.sweeps_dir(db.data_dir).rglob(".*.new-*")]  # no temporary left
    assert study.sweep_names(db) == ["alpha", "beta", "gamma"]
    for name, trials in before.items():
        assert [t.number for t in study.load_study(db, name).trials] == [n for n, *_ in trials]


def test_a_damaged_old_journal_stops_only_its_sweeps(db):
    _legacy(db)
    legacy = journals.legacy_journal_path(db.data_dir)
    legacy.write_bytes(legacy.read_bytes()[:-7])
    assert study.split_old_journal(db) is None  # not split while damaged
    make(db, "new")  # new sweeps work meanwhile
    entries = {e.name: e for e in study.list_sweeps(db)}
    assert sorted(entries) == ["alpha", "beta", "new"] and entries["new"].problem is None
    with pytest.raises(SweepJournalError, match="old shared sweeps' journal .* is damaged at line"):
        study.load_study(db, "beta")
    with pytest.raises(Exception, match="exists already"):
        runner.create_sweep(db, spec("alpha"))  # its name is still taken
    messages = study.repair_sweeps(db)
    assert "Repaired the old shared sweeps' journal" in messages[0] and "split" in messages[1], messages
    assert study.sweep_names(db) == ["alpha", "beta", "new"]
    assert len(study.load_study(db, "alpha").trials) == 4


def test_temporary_journals_a_killed_process_left_are_cleaned(db):
    import os
    import time

    make(db, "kept")
    folder = journals.sweep_dir(db.data_dir, "kept")
    old, fresh = folder / ".journal.log.new-1-2", folder / ".journal.log.repair-3"
    for leftover in (old, fresh):
        leftover.write_bytes(b"{}\n")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    assert study.sweep_names(db) == ["kept"]
    assert not old.exists() and fresh.exists()  # a fresh one may be another process's, being written
    assert (folder / journals.JOURNAL_FILENAME).is_file()


def test_a_journal_larger_than_any_is_not_read(db, monkeypatch):
    make(db, "big")
    monkeypatch.setattr(journals, "MAX_JOURNAL_BYTES", 100)
    with pytest.raises(SweepJournalError, match="larger than a journal can be"):
        study.load_study(db, "big")


def test_a_running_sweep_is_not_repaired_under_its_feet(db):
    from mlmstudio.store.run_lock import RunLock

    make(db, "busy")
    path = journals.journal_path(db.data_dir, "busy")
    path.write_bytes(path.read_bytes()[:-7])
    damaged = path.read_bytes()
    held = RunLock(journals.sweep_dir(db.data_dir, "busy"))
    assert held.acquire()  # as the process running it holds it
    assert "running in another process" in study.repair_sweeps(db, "busy")[0]
    assert path.read_bytes() == damaged
    held.release()
    assert "Repaired the journal of sweep 'busy'" in study.repair_sweeps(db, "busy")[0]


@pytest.mark.parametrize("hard_links", [True, False], ids=["hard links", "no hard links (FAT)"])
def test_a_new_journal_never_replaces_one_already_there(db, monkeypatch, hard_links):
    if not hard_links:

        def no_links(*_args):
            raise PermissionError("hard links are not supported here")

        monkeypatch.setattr(journals.os, "link", no_links)
    make(db, "first", losses=(3.0, 2.0))
    path = journals.journal_path(db.data_dir, "first")
    before = path.read_bytes()
    # Another process creating a sweep of the same name at the same moment: refused, nothing lost.
    assert journals.write_new_journal(path, lambda storage: None) is False
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".journal.log.new-")]
    make(db, "second", losses=(1.0,))
    assert study.sweep_names(db) == ["first", "second"]


def test_a_journal_found_sound_is_not_replayed_again_until_it_changes(db, monkeypatch):
    import os
    import time

    make(db, "steady")
    path = journals.journal_path(db.data_dir, "steady")
    old = time.time() - 60
    os.utime(path, (old, old))  # settled: older than a clock tick
    replays = []
    real = journals._damage_now
    monkeypatch.setattr(journals, "_damage_now", lambda *a: replays.append(a) or real(*a))
    assert journals.journal_damage(path, sweep="steady") is None
    assert journals.journal_damage(path, sweep="steady") is None
    assert len(replays) == 1
    path.write_bytes(path.read_bytes()[:-7])  # any change of size, time or file is checked again
    assert journals.journal_damage(path, sweep="steady") is not None and len(replays) == 2


@pytest.mark.parametrize(
    "blocker", ["sweeps", "sweeps/new"], ids=["sweeps is a file", "its folder is a file"]
)
def test_a_file_where_a_sweeps_folder_belongs_is_set_aside(db, blocker):
    path = db.data_dir / blocker
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a folder")
    make(db, "new")
    assert study.sweep_names(db) == ["new"]
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.damaged-")]
