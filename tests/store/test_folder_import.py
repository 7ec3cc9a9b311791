"""runs import-folder: a run folder from elsewhere comes in whole, or not at all."""

from __future__ import annotations

import shutil

import pytest

from mlmstudio.store import service
from mlmstudio.store.folder_import import FolderImportError, import_run_folder

from store_helpers import add_run

HEADER = "step,split,name,value,wall_time\n"


@pytest.fixture
def folder(tmp_path, model_files):
    target = tmp_path / "elsewhere" / "run"
    shutil.copytree(model_files, target)
    rows = "".join(f"{s},train,loss,{5.0 / s!r},{s * 0.1!r}\n" for s in range(1, 21))
    (target / "curves.csv").write_text(HEADER + rows + "20,val,loss,2.5,2.0\n", encoding="utf-8")
    (target / "checkpoints" / "step-00000020").mkdir(parents=True)
    return target


def test_a_folder_comes_in_with_its_curves_and_checkpoints(db, folder):
    run_id = import_run_folder(db, folder, name="from the cluster")
    detail = service.get_run(db, run_id)
    assert detail.summary.name == "from the cluster" and detail.summary.status == "completed"
    assert detail.summary.last_step == 20 and [c.step for c in detail.checkpoints] == [20]
    assert detail.checkpoints[0].metrics == {"val_loss": 2.5}
    curve = service.load_curve(db, run_id, "train", "loss")
    assert list(curve.steps) == list(range(1, 21)) and curve.values[2] == 5.0 / 3
    assert (db.run_dir(run_id) / "model.safetensors").is_file()
    assert (folder / "model.safetensors").is_file(), "the user's folder is left as it was"


@pytest.mark.parametrize(
    "damage, message",
    [
        (
            lambda f: (f / "curves.csv").write_text(HEADER + "1,nan,loss,2.0,0.1\n"),
            "Line 2 of the folder's curves.csv names the split",
        ),
        (
            lambda f: (f / "curves.csv").write_text(
                HEADER + "7,train,loss,2,1\n7,train,loss,2,1\n1,val,x,1,1\n"
            ),
            "Line 3 of the folder's curves.csv repeats step 7",
        ),
        (
            lambda f: (f / "curves.csv").write_text(HEADER + "1,train,loss,inf,0.1\n2,train,loss,1,1\n"),
            "not a finite number",
        ),
        (lambda f: (f / "curves.csv").write_text("garbage\n1,2\n"), "curve file cannot be read"),
        # Numbers beyond SQLite's 64-bit INTEGER (an OverflowError traceback before), named by line.
        (
            lambda f: (f / "curves.csv").write_text(
                HEADER + "1,train,loss,2,1\n99999999999999999999,train,loss,2,1\n"
            ),
            "Line 3 of the folder's curves.csv has a step of 20 digits",
        ),
        (
            lambda f: (f / "metrics.json").write_text('{"steps": 99999999999999999999}'),
            "metrics.json gives 'steps'",
        ),
        (lambda f: (f / "metrics.json").write_text('{"steps": 1e400}'), "metrics.json"),
        (lambda f: (f / "metrics.json").write_text('{"steps": "many"}'), "not a whole number"),
        (lambda f: (f / "checkpoints" / "loop").symlink_to(f), r"holds a link \(checkpoints/loop\)"),
        (lambda f: (f / "model.safetensors").write_bytes(b"\x00" * 100), "cannot be loaded"),
        (lambda f: (f / "model.safetensors").unlink(), "has no finished model"),
        (lambda f: (f / "config.json").write_text("{"), "not a valid run configuration"),
        (lambda f: (f / "config.json").unlink(), "not a run folder"),
    ],
)
def test_a_damaged_folder_is_refused_and_nothing_changes(db, folder, damage, message):
    damage(folder)
    before = sorted(p.name for p in db.runs_dir.iterdir()) if db.runs_dir.exists() else []
    with pytest.raises(FolderImportError, match=message):
        import_run_folder(db, folder)
    assert service.list_runs(db) == []
    assert (sorted(p.name for p in db.runs_dir.iterdir()) if db.runs_dir.exists() else []) == before


def test_a_checkpoint_named_beyond_any_step_is_not_taken_for_one(db, folder):
    (folder / "checkpoints" / "step-99999999999999999999").mkdir(parents=True)
    run_id = import_run_folder(db, folder)
    assert all(c.step < 2**63 for c in service.get_run(db, run_id).checkpoints)


def test_the_history_refuses_any_number_beyond_its_integer_with_a_sentence(db):
    """The backstop behind every reader: no OverflowError traceback, nothing written."""
    from sqlalchemy import update

    from mlmstudio.store.int_range import NumberOutOfRangeError
    from mlmstudio.store.models import RunRow

    run_id = add_run(db, name="x", steps=5)
    with pytest.raises(NumberOutOfRangeError, match="larger than the history can store"):
        with db.session() as session:
            session.execute(update(RunRow).where(RunRow.id == run_id).values(last_step=10**20))
    assert service.get_run(db, run_id).summary.last_step == 5
