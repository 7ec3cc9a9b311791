"""Run folders without a history row (issue 22, item 1): listed, adopted again, or removed.

A folder whose row is gone is what an import or a training killed before its
record left (older versions), or a row deleted by hand: invisible to ``runs
list``, a model's disk space. ``runs rebuild-history --adopt`` records it again
from its own files, ``--remove-orphans`` deletes it; both keep the history and
every other run as they are.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from mlmstudio.cli import main
from mlmstudio.store import history_repair, service
from mlmstudio.store.database import Database

from store_helpers import add_run, tree_digest


def orphan(db: Database, model_files, name: str = "lost") -> str:
    """A finished run whose history row was lost (its folder stays)."""
    run_id = add_run(db, name=name, model_files=model_files, steps=20)
    with sqlite3.connect(db.path) as connection:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("DELETE FROM runs WHERE id = ?", (run_id,))
    assert run_id not in {r.id for r in service.list_runs(db)}
    return run_id


def test_adopt_records_a_folder_without_a_row_from_its_own_files(db, model_files):
    kept = add_run(db, name="kept", model_files=model_files, steps=10, notes="mine")
    before = service.get_run(db, kept)
    lost = orphan(db, model_files)
    folder = tree_digest(db.run_dir(lost))
    assert [f.name for f in history_repair.orphan_folders(db)] == [lost]

    report = history_repair.adopt_orphans(db.data_dir)
    assert report.adopted == [lost] and report.skipped == [] and lost in report.sentence()
    adopted = service.get_run(db, lost).summary
    assert adopted.has_model and adopted.files_ok and adopted.status == "completed"
    assert "no record of" in adopted.message
    assert tree_digest(db.run_dir(lost)) == folder  # its files are not changed
    assert service.get_run(db, kept) == before  # nor is any other run
    assert history_repair.orphan_folders(db) == []
    again = history_repair.adopt_orphans(db.data_dir)  # nothing more to do, said so
    assert again.adopted == [] and "nothing to do" in again.sentence()


def test_remove_orphans_deletes_only_the_folders_without_a_row(db, model_files):
    kept = add_run(db, name="kept", model_files=model_files, steps=10)
    kept_files = tree_digest(db.run_dir(kept))
    lost = orphan(db, model_files)
    report = history_repair.remove_orphans(db.data_dir)
    assert report.removed == [lost] and not db.run_dir(lost).exists()
    assert tree_digest(db.run_dir(kept)) == kept_files
    assert [r.id for r in service.list_runs(db)] == [kept]
    assert [p.name for p in db.runs_dir.iterdir()] == [kept]  # no .deleting- leftover


def test_a_folder_being_trained_is_no_orphan(db, model_files):
    """A live process holds the folder's lock: it is not adopted, and never deleted."""
    from mlmstudio.store.run_lock import RunLock

    lost = orphan(db, model_files)
    lock = RunLock(db.run_dir(lost))
    assert lock.acquire()
    try:
        assert history_repair.orphan_folders(db) == []
        assert history_repair.remove_orphans(db.data_dir).removed == []
        assert db.run_dir(lost).is_dir()
    finally:
        lock.release()


def test_the_cli_adopts_or_removes_and_refuses_to_mix_with_force(db, model_files, capsys):
    lost = orphan(db, model_files)
    data = ["--data-dir", str(db.data_dir)]
    assert main([*data, "runs", "rebuild-history", "--adopt", "--force"]) == 2
    assert "Choose one" in capsys.readouterr().err
    with pytest.raises(SystemExit) as ended:  # argparse's own refusal, as the shell sees it
        main([*data, "runs", "rebuild-history", "--adopt", "--remove-orphans"])
    assert ended.value.code == 2 and "not allowed" in capsys.readouterr().err
    assert main([*data, "runs", "rebuild-history", "--adopt", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["adopted"] == [lost]
    assert main([*data, "runs", "list", "--json"]) == 0
    assert lost in {r["id"] for r in json.loads(capsys.readouterr().out)}
    second = orphan(db, model_files, "second")
    assert main([*data, "runs", "rebuild-history", "--remove-orphans"]) == 0
    assert f"Removed 1 run folder(s) without a record: {second}" in capsys.readouterr().out
    assert not db.run_dir(second).exists() and db.run_dir(lost).is_dir()


def test_a_new_run_killed_before_its_row_is_found_and_adopted_or_removed(db, monkeypatch):
    """prepare_run writes the run folder's config.json, then commits the row: a kill between the
    two leaves a folder the history does not list; it is an orphan, and either tool settles it."""
    from mlmstudio.engine import atomic_folder
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store import lifecycle

    from store_helpers import tiny_config

    class Killed(BaseException):
        pass

    def kill(path):
        raise Killed(path)

    for tool in (history_repair.adopt_orphans, history_repair.remove_orphans):
        with monkeypatch.context() as killed:
            killed.setattr(atomic_folder, "after_each_file", kill)
            killed.setattr(lifecycle.shutil, "rmtree", lambda *a, **k: None)  # a kill runs no cleanup
            with pytest.raises(Killed):
                lifecycle.prepare_run(db, tiny_config(), load_corpus("sample:tutorial"), name="killed")
        [orphan] = history_repair.orphan_folders(db)
        report = tool(db.data_dir)
        if tool is history_repair.adopt_orphans:
            summary = service.get_run(db, orphan.name).summary
            assert report.adopted == [orphan.name] and summary.status == "interrupted"
        else:
            assert report.removed == [orphan.name] and not orphan.exists()
        assert history_repair.orphan_folders(db) == []
