"""A damaged history database (issue 13, A7): say what is wrong, keep the file, rebuild from the run folders."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mlmstudio.cli import main
from mlmstudio.store import database, service
from mlmstudio.store.database import Database
from mlmstudio.store.db_errors import DamagedHistoryError, HistoryAccessError
from mlmstudio.store.errors import StoreError
from mlmstudio.store.history_repair import move_aside, rebuild_history

from store_helpers import add_run


@pytest.fixture
def history(tmp_path, model_files) -> tuple[Path, list[str]]:
    """A data directory with two finished runs (one tagged and with notes) and one interrupted, closed."""
    directory = tmp_path / "data"
    db = Database.open(directory)
    ids = [
        add_run(db, name="alpha", model_files=model_files, steps=30, tags=["keep"], notes="mine"),
        add_run(db, name="beta", model_files=model_files, steps=20),
        add_run(db, name="gamma", status="interrupted", steps=10),
    ]
    checkpoint = db.run_dir(ids[2]) / "checkpoints" / "step-00000010"
    checkpoint.mkdir(parents=True)
    (checkpoint / "state.json").write_text('{"step": 10}')
    with sqlite3.connect(db.path) as connection:  # fold the WAL in, so the file alone is the history
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    database.forget_engine(db.path)
    return directory, ids


def _damage(directory: Path, how: str) -> None:
    db_file = directory / "history.sqlite3"
    data = db_file.read_bytes()
    if how == "garbage":
        db_file.write_bytes(b"\x00\xffnot a database at all" * 200)
    elif how == "truncated":
        db_file.write_bytes(data[: len(data) // 3])
    elif how == "zero bytes":
        db_file.write_bytes(b"")
    elif how == "no version table":
        connection = sqlite3.connect(db_file)
        connection.execute("DROP TABLE alembic_version")
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{db_file}{suffix}").unlink(missing_ok=True)


DAMAGE = {
    "garbage": "not an SQLite database",
    "truncated": "cut short",
    "zero bytes": "empty (0 bytes)",
    "no version table": "alembic_version",
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_history_says_what_is_wrong_and_how_to_recover(history, how):
    directory, _ = history
    _damage(directory, how)
    with pytest.raises(DamagedHistoryError) as info:
        Database.open(directory)
    message = str(info.value)
    assert DAMAGE[how] in message and "rebuild-history" in message
    assert "locked" not in message and "disk" not in message.replace("folders", "")


def test_a_zero_byte_file_without_run_folders_is_a_new_history(tmp_path):
    directory = tmp_path / "fresh"
    directory.mkdir()
    (directory / "history.sqlite3").write_bytes(b"")
    db = Database.open(directory)
    assert service.list_runs(db) == []


@pytest.mark.parametrize("how", list(DAMAGE))
def test_rebuild_keeps_the_damaged_file_and_recovers_every_run_folder(history, how):
    directory, ids = history
    _damage(directory, how)
    damaged_bytes = (directory / "history.sqlite3").read_bytes()
    report = rebuild_history(directory)
    assert report.kept_as is not None and report.kept_as.read_bytes() == damaged_bytes
    assert "damaged" in report.kept_as.name
    assert sorted(report.runs) == sorted(ids) and not report.skipped
    db = Database.open(directory)
    runs = {r.id: r for r in service.list_runs(db)}
    assert set(runs) == set(ids)
    assert runs[ids[0]].status == "completed" and runs[ids[0]].has_model
    assert runs[ids[2]].status == "interrupted"
    assert [c.step for c in service.get_run(db, ids[2]).checkpoints] == [10]


def test_rebuild_salvages_names_tags_notes_and_curves_the_damaged_file_still_holds(history):
    directory, ids = history
    _damage(directory, "no version table")
    report = rebuild_history(directory)
    assert set(report.with_curves) == set(ids)
    db = Database.open(directory)
    alpha = service.get_run(db, ids[0]).summary
    assert alpha.name == "alpha" and alpha.tags == ("keep",) and alpha.notes == "mine"
    assert len(service.load_curve(db, ids[0], "train", "loss")) == 30


def test_a_lost_history_gets_its_curves_back_from_the_run_folders(history):
    from mlmstudio.engine.curve_log import CurveLog
    from mlmstudio.engine.events import EvalEvent, StartedEvent, StepEvent

    directory, ids = history
    log = CurveLog(directory / "runs" / ids[0] / "curves.csv")
    log(
        StartedEvent(
            step=0,
            total_steps=30,
            vocab_size=50,
            baseline_loss=3.9,
            param_count=1,
            device="cpu",
            precision="fp32",
        )
    )
    for step in range(1, 31):
        log(
            StepEvent(
                step=step,
                total_steps=30,
                loss=4.0 / step,
                lr=1e-3,
                tokens_per_second=10.0,
                tokens_seen=step,
                elapsed=step * 0.1,
                progress=step / 30,
            )
        )
    log(EvalEvent(step=30, val_loss=2.5, val_accuracy=0.3, perplexity=12.2, elapsed=3.0))
    _damage(directory, "garbage")  # nothing can be salvaged from the file itself
    report = rebuild_history(directory)
    assert report.with_curves == [ids[0]]
    db = Database.open(directory)
    curve = service.load_curve(db, ids[0], "train", "loss")
    assert list(curve.steps) == list(range(1, 31)) and curve.values[2] == 4.0 / 3
    assert list(service.load_curve(db, ids[0], "val", "loss").values) == [2.5]


def test_a_healthy_history_is_not_rebuilt_without_force(history):
    directory, ids = history
    with pytest.raises(StoreError, match="nothing to rebuild"):
        rebuild_history(directory)
    report = rebuild_history(directory, force=True)
    assert "replaced" in report.kept_as.name and sorted(report.runs) == sorted(ids)


def test_a_folder_without_a_readable_config_is_reported_not_fatal(history):
    directory, ids = history
    (directory / "runs" / ids[1] / "config.json").write_text("{broken")
    _damage(directory, "garbage")
    report = rebuild_history(directory)
    assert ids[1] not in report.runs and any(ids[1] in s for s in report.skipped)
    assert sorted(report.runs) == sorted([ids[0], ids[2]])


def test_move_aside_keeps_the_wal_with_its_file(tmp_path):
    db_file = tmp_path / "history.sqlite3"
    db_file.write_bytes(b"main")
    Path(f"{db_file}-wal").write_bytes(b"wal")
    kept = move_aside(db_file)
    assert not db_file.exists() and kept.read_bytes() == b"main"
    assert Path(f"{kept}-wal").read_bytes() == b"wal"


# --- one bad row -------------------------------------------------------------------------------


def _bad_date(directory: Path, run_id: str) -> None:
    with sqlite3.connect(directory / "history.sqlite3") as connection:
        connection.execute("UPDATE runs SET created_at = 'not a date' WHERE id = ?", (run_id,))


def test_a_row_with_an_unparsable_date_is_skipped_and_reported(history):
    directory, ids = history
    _bad_date(directory, ids[1])
    db = Database.open(directory)
    problems: list[str] = []
    runs = service.list_runs(db, problems=problems)
    assert sorted(r.id for r in runs) == sorted([ids[0], ids[2]])
    assert len(problems) == 1 and ids[1] in problems[0] and "not a date" in problems[0]
    assert service.get_run(db, ids[0]).summary.name == "alpha"
    with pytest.raises(StoreError, match="cannot be read"):
        service.get_run(db, ids[1])


@pytest.mark.parametrize(
    "argv",
    [
        ["runs", "list"],
        ["runs", "show", "ID0"],
        ["fill", "ID0", "a [MASK]"],
        ["runs", "export", "ID0", "OUT"],
        ["runs", "show", "ID1"],
        ["fill", "ID1", "a [MASK]"],
        ["runs", "list", "--search", "a"],
    ],
)
def test_the_cli_survives_a_bad_row(history, capsys, tmp_path, argv):
    directory, ids = history
    _bad_date(directory, ids[1])
    argv = [{"ID0": ids[0], "ID1": ids[1], "OUT": str(tmp_path / "x.mlmrun")}.get(a, a) for a in argv]
    code = main(["--data-dir", str(directory), *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if "ID1" in [a for a in argv] or ids[1] in argv:
        assert code != 0 and "cannot be read" in err
    else:
        assert code == 0, err
        if argv[:2] == ["runs", "list"]:
            assert ids[1] in err and ids[0] in out


# --- the CLI and a file damaged while the history is open --------------------------------------


@pytest.mark.parametrize("how", list(DAMAGE))
def test_the_cli_names_the_damage_and_rebuilds(history, capsys, how):
    directory, ids = history
    _damage(directory, how)
    for argv in (["runs", "list"], ["fill", ids[0], "a [MASK]"], ["runs", "show", ids[0]]):
        code = main(["--data-dir", str(directory), *argv])
        _, err = capsys.readouterr()
        assert code != 0 and "damaged" in err and "rebuild-history" in err and "Traceback" not in err
    code = main(["--data-dir", str(directory), "runs", "rebuild-history"])
    out, err = capsys.readouterr()
    assert code == 0 and "Rebuilt the history with 3 runs" in out, err
    code = main(["--data-dir", str(directory), "runs", "list"])
    out, _ = capsys.readouterr()
    assert code == 0 and all(i in out for i in ids)


def test_damage_while_open_is_a_sentence_not_a_traceback(history):
    directory, ids = history
    db = Database.open(directory)
    assert len(service.list_runs(db)) == 3
    db.close()
    (directory / "history.sqlite3").write_bytes(b"garbage" * 1000)
    for call in (
        lambda: service.list_runs(db),
        lambda: service.get_run(db, ids[0]),
        lambda: service.rename_run(db, ids[0], "new"),
    ):
        with pytest.raises(HistoryAccessError, match="damaged"):
            call()


def test_a_row_with_absurdly_nested_metrics_still_lists(history):
    directory, ids = history
    with sqlite3.connect(directory / "history.sqlite3") as connection:
        connection.execute(
            "UPDATE runs SET final_metrics_json = ? WHERE id = ?", ("[" * 100_000 + "]" * 100_000, ids[0])
        )
    db = Database.open(directory)
    runs = {r.id: r for r in service.list_runs(db)}
    assert runs[ids[0]].final_metrics == {} and len(runs) == 3


def test_no_rebuild_while_a_run_is_training(history):
    from mlmstudio.store.run_lock import RunLock

    directory, ids = history
    _damage(directory, "garbage")
    lock = RunLock(directory / "runs" / ids[2])
    assert lock.acquire()  # as a training process holds it
    try:
        with pytest.raises(StoreError, match="is training right now"):
            rebuild_history(directory)
    finally:
        lock.release()
    assert (directory / "history.sqlite3").read_bytes().startswith(b"\x00\xffnot a database")
    assert rebuild_history(directory).runs
