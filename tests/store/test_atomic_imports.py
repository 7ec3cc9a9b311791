"""Imports and bundle exports killed at each file boundary: the old state or the new one, never half.

The kill is injected, not timed: ``atomic_folder.after_each_file`` is called at
every file written, every rename and the history's commit, and raises there.
The killed call runs no cleanup (``run_landing.discard`` is switched off, as a
SIGKILL would skip it) and carries another process id, that of a process that
is gone; the next import (or ``rebuild-history --adopt``) then finishes or undoes
what it left, with a note. Afterwards the history lists the run with its whole
folder, or neither, and nothing of our temporary naming is left.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from mlmstudio.engine import atomic_folder
from mlmstudio.store import bundle, folder_import, run_landing, service

from store_helpers import add_run, tree_digest

DEAD_PID = 2**22 + 12345  # above Linux's pid_max: never a live process


class Killed(BaseException):
    """Where the injected kill stopped the process."""


def state(db) -> tuple[set[str], set[str]]:
    """The runs the history lists, and the entries of the data directory and its run folders."""
    runs = {r.id for r in service.list_runs(db)}
    entries = {p.name for p in db.data_dir.iterdir()} | {f"runs/{p.name}" for p in db.runs_dir.iterdir()}
    return runs, entries


def leftovers(db) -> list[str]:
    """Names of our temporary folders and files left in the data directory or its run folders."""
    return [
        p.name
        for parent in (db.data_dir, db.runs_dir)
        for p in parent.iterdir()
        if p.name.startswith(".") and (".import-" in p.name or ".landing-" in p.name)
    ]


def killed_at_each_boundary(db, monkeypatch, write, check_new) -> int:
    """Kill ``write()`` at each file boundary in turn; afterwards (and after the next import's
    recovery) the history holds the old runs, or those plus one whole new run. The count."""
    boundaries: list[Path] = []
    monkeypatch.setattr(atomic_folder, "after_each_file", boundaries.append)
    first = write()
    service.delete_run(db, first)
    monkeypatch.setattr(atomic_folder, "after_each_file", None)
    assert len(boundaries) >= 4
    for k in range(len(boundaries)):
        before_runs, before_entries = state(db)
        seen = iter(range(10**6))

        def kill_at_k(path, k=k, seen=seen):
            if next(seen) == k:
                raise Killed(path)

        with monkeypatch.context() as killed:
            killed.setattr(atomic_folder, "after_each_file", kill_at_k)
            killed.setattr(run_landing, "discard", lambda path: None)  # a kill runs no cleanup
            killed.setattr(run_landing, "owner_pid", lambda: DEAD_PID)
            with pytest.raises(Killed):
                write()
        notes = run_landing.recover_landings(db)
        runs, _ = state(db)
        new = runs - before_runs
        assert runs >= before_runs and len(new) <= 1, k
        for run_id in new:  # the new state: a whole run, its row and its folder
            check_new(service.get_run(db, run_id))
        if not new:  # the old state, exactly
            assert state(db) == (before_runs, before_entries), (k, notes)
        assert leftovers(db) == [], (k, notes)
        assert notes or k == len(boundaries) - 1, k  # what was cleaned is said
    return len(boundaries)


@pytest.fixture
def source_run(db, model_files):
    return add_run(
        db, name="source", model_files=model_files, steps=30, final_metrics={"val_loss": 2.5}, notes="n"
    )


def test_runs_import_killed_at_each_file_boundary_leaves_no_folder_without_its_row(
    db, source_run, tmp_path, monkeypatch
):
    path = bundle.export_bundle(db, source_run, tmp_path / "run.mlmrun")
    with zipfile.ZipFile(path) as zf:
        members = len(zf.namelist())
    weights = ("config.json", "tokenizer.json", "model.safetensors")
    model = {
        k: v for k, v in tree_digest(service.get_run(db, source_run).summary.run_dir).items() if k in weights
    }

    def check_new(detail):
        s = detail.summary
        assert s.name == "source" and s.notes == "n" and s.has_model and s.files_ok
        assert {k: v for k, v in tree_digest(s.run_dir).items() if k in weights} == model
        assert detail.metric_names  # the curves came with the row

    count = killed_at_each_boundary(db, monkeypatch, lambda: bundle.import_bundle(db, path), check_new)
    assert count == members - 1 + 3  # each unpacked file, the landing, the commit, the rename


def test_runs_import_folder_killed_at_each_file_boundary_leaves_no_folder_without_its_row(
    db, model_files, monkeypatch
):
    def check_new(detail):
        assert detail.summary.has_model and detail.summary.files_ok

    count = killed_at_each_boundary(
        db, monkeypatch, lambda: folder_import.import_run_folder(db, model_files), check_new
    )
    assert count >= 6


def test_an_import_killed_after_its_commit_is_finished_by_the_next_import_with_a_note(
    db, source_run, tmp_path, monkeypatch
):
    path = bundle.export_bundle(db, source_run, tmp_path / "run.mlmrun")

    def kill_at_commit(written):
        if written == db.path:
            raise Killed(written)

    with monkeypatch.context() as killed:
        killed.setattr(atomic_folder, "after_each_file", kill_at_commit)
        killed.setattr(run_landing, "discard", lambda path: None)
        killed.setattr(run_landing, "owner_pid", lambda: DEAD_PID)
        with pytest.raises(Killed):
            bundle.import_bundle(db, path)
    landed = [r for r in service.list_runs(db) if r.id != source_run]
    assert len(landed) == 1 and not landed[0].files_ok  # recorded, its folder not yet in place
    notes: list[str] = []
    second = bundle.import_bundle(db, path, notes=notes)
    assert any("finished an interrupted import" in n and landed[0].id in n for n in notes), notes
    for run_id in (landed[0].id, second):
        assert service.get_run(db, run_id).summary.has_model
    assert leftovers(db) == []


def test_a_live_importers_folders_are_left_alone(db, tmp_path):
    """Another process importing right now: its staging and landing folders are not ours to clean."""
    live = tmp_path / "data" / f".import-{1}-abcdef"  # pid 1 is always alive
    live.mkdir()
    landing = db.runs_dir / ".0123456789ab.landing-1"
    landing.mkdir()
    assert run_landing.recover_landings(db) == []
    assert live.is_dir() and landing.is_dir()


def test_runs_export_killed_at_each_boundary_leaves_the_old_bundle_or_the_new_one(
    db, source_run, tmp_path, monkeypatch
):
    target = tmp_path / "run.mlmrun"
    target.write_bytes(b"the old bundle")
    boundaries: list[Path] = []
    monkeypatch.setattr(atomic_folder, "after_each_file", boundaries.append)
    reference = bundle.export_bundle(db, source_run, tmp_path / "reference.mlmrun")
    monkeypatch.setattr(atomic_folder, "after_each_file", None)
    assert len(boundaries) == 2  # the whole zip under its temporary name, then the rename
    for k in range(len(boundaries)):
        target.write_bytes(b"the old bundle")
        seen = iter(range(10))

        def kill_at_k(path, k=k, seen=seen):
            if next(seen) == k:
                raise Killed(path)

        with monkeypatch.context() as killed:
            killed.setattr(atomic_folder, "after_each_file", kill_at_k)
            killed.setattr(run_landing, "discard", lambda path: None)
            killed.setattr(run_landing, "owner_pid", lambda: DEAD_PID)
            with pytest.raises(Killed):
                bundle.export_bundle(db, source_run, target, overwrite=True)
        content = target.read_bytes()
        assert content == b"the old bundle" or zipfile.ZipFile(target).testzip() is None, k
        notes: list[str] = []
        bundle.export_bundle(db, source_run, target, overwrite=True, notes=notes)
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".run.mlmrun.")] == [], k
        if k == 0:  # the temporary file was left: cleaned, with a note
            assert len(notes) == 1 and "interrupted export" in notes[0], notes
        with zipfile.ZipFile(target) as new, zipfile.ZipFile(reference) as ref:
            assert sorted(new.namelist()) == sorted(ref.namelist())
            assert new.read("model.safetensors") == ref.read("model.safetensors")
