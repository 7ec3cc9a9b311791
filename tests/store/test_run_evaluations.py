"""Run evaluations in the history (migration 0006): stored and read back, replaced, gone with their run."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from mlmstudio.store.database import Database, current_revision, head_revision, make_engine, migrate
from mlmstudio.store.errors import StoreError
from mlmstudio.store.run_evaluations import (
    Evaluation,
    list_evaluations,
    other_run_subject,
    record_evaluations,
)
from mlmstudio.store.service import delete_run

from store_helpers import add_run


def _transfer(
    subject: str, mean: float, *, step: int | None = None, name: str = "sample:kinds"
) -> Evaluation:
    return Evaluation(
        kind="transfer",
        name=name,
        subject=subject,
        metric="accuracy",
        mean=mean,
        spread=0.01,
        seeds=3,
        step=step,
        details={"spread": "std", "per_seed": [mean - 0.01, mean, mean + 0.01]},
    )


def test_evaluations_round_trip_in_order(db):
    run_id = add_run(db)
    other = add_run(db)
    written = record_evaluations(
        db,
        run_id,
        [
            _transfer("run", 0.9),
            _transfer("checkpoint", 0.7, step=20),
            _transfer("checkpoint", 0.6, step=10),
            _transfer("twin", 0.5),
            _transfer("majority", 0.34),
            _transfer(other_run_subject(other), 0.8),
        ],
    )
    assert written == 6
    found = list_evaluations(db, run_id)
    assert [(e.subject, e.step) for e in found] == [
        ("checkpoint", 10),
        ("checkpoint", 20),
        ("majority", None),
        (f"other-run:{other}", None),
        ("run", None),
        ("twin", None),
    ]
    run = found[-2]
    assert (run.kind, run.name, run.metric, run.mean, run.spread, run.seeds) == (
        "transfer", "sample:kinds", "accuracy", 0.9, 0.01, 3
    )  # fmt: skip
    assert run.details == {"spread": "std", "per_seed": [pytest.approx(0.89), 0.9, pytest.approx(0.91)]}
    assert run.run_id == run_id and run.created_at is not None and run.created_at.tzinfo is not None
    assert list_evaluations(db, other) == []
    assert list_evaluations(db, run_id, kind="grammar") == []


def test_evaluating_a_task_again_replaces_only_that_task(db):
    run_id = add_run(db)
    record_evaluations(db, run_id, [_transfer("run", 0.9), _transfer("run", 0.6, name="shuffled")])
    record_evaluations(db, run_id, [_transfer("run", 0.95), _transfer("twin", 0.5)])
    found = {(e.name, e.subject): e.mean for e in list_evaluations(db, run_id)}
    assert found == {("sample:kinds", "run"): 0.95, ("sample:kinds", "twin"): 0.5, ("shuffled", "run"): 0.6}
    assert [e.name for e in list_evaluations(db, run_id, name="shuffled")] == ["shuffled"]


def test_a_deleted_run_takes_its_evaluations_and_gets_no_new_ones(db):
    run_id = add_run(db)
    record_evaluations(db, run_id, [_transfer("run", 0.9), _transfer("twin", 0.5)])
    delete_run(db, run_id)
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM run_evaluations")).scalar() == 0
    with pytest.raises(StoreError, match="deleted while it was being evaluated; the results were not stored"):
        record_evaluations(db, run_id, [_transfer("run", 0.9)])
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM run_evaluations")).scalar() == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "speed"}, "not a kind of evaluation"),
        ({"subject": "someone"}, "not a subject"),
        ({"mean": float("nan")}, "not a number"),
        ({"seeds": 0}, "at least one seed"),
        ({"details": {"rows": list(range(100_000))}}, "at most 64,000 are stored"),
    ],
)
def test_an_unusable_evaluation_is_a_sentence_and_stores_nothing(db, change, message):
    run_id = add_run(db)
    good = _transfer("twin", 0.5)
    bad = Evaluation(**{**_transfer("run", 0.9).__dict__, **change})
    with pytest.raises(StoreError, match=message):
        record_evaluations(db, run_id, [good, bad])
    assert list_evaluations(db, run_id) == []


def test_upgrade_from_0005_keeps_runs_and_adds_evaluations(tmp_path):
    directory = tmp_path / "old"
    directory.mkdir()
    db_file = directory / "history.sqlite3"
    engine = make_engine(db_file)
    migrate(engine, db_file, "0005")
    with engine.begin() as conn:
        tables = {row[0] for row in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'")}
        assert "run_evaluations" not in tables
        conn.execute(
            text(
                "INSERT INTO runs (id, name, status, kind, config_json, created_at, last_step, message, notes) "
                "VALUES ('old0', 'old run', 'completed', 'trained', '{}', '2026-12-01 10:00:00', 100, '', '')"
            )
        )
    engine.dispose()

    db = Database.open(directory)
    assert current_revision(db.engine) == head_revision() == "0006"
    record_evaluations(db, "old0", [_transfer("run", 0.75)])
    assert [(e.run_id, e.mean) for e in list_evaluations(db, "old run")] == [("old0", 0.75)]
    with db.engine.begin() as conn:  # the cascade is the database's own, not only the ORM's
        conn.execute(text("DELETE FROM runs WHERE id = 'old0'"))
        assert conn.execute(text("SELECT COUNT(*) FROM run_evaluations")).scalar() == 0
    db.close()
