"""The history API without training: finding, listing, changing and deleting runs."""

from __future__ import annotations

import json
import shutil
import time

import numpy as np
import pytest

from mlmstudio.store import lifecycle, repository, service
from mlmstudio.store.errors import RunNotFoundError, StoreError
from mlmstudio.store.models import utcnow

from store_helpers import add_run, tiny_config


def test_prepare_run_records_corpus_run_and_config(db):
    from mlmstudio.engine.corpus import load_corpus

    corpus = load_corpus("sample:tutorial")
    config = tiny_config()
    first = lifecycle.prepare_run(db, config, corpus, name="  my   first run ")
    second = lifecycle.prepare_run(db, config, corpus)
    assert first.name == "my first run"
    assert "Tutorial" in second.name or corpus.name in second.name
    assert first.run_dir == db.runs_dir / first.run_id
    assert json.loads((first.run_dir / "config.json").read_text()) == {
        **config.to_dict(),
        "config_version": 2,
    }
    detail = service.get_run(db, first.run_id)
    assert detail.summary.status == "queued" and detail.summary.files_ok
    assert detail.corpus.sha256 == corpus.stats.sha256 and detail.corpus.source == "sample:tutorial"
    assert detail.corpus.stats["characters"] == corpus.stats.characters
    assert service.get_run(db, second.run_id).corpus.id == detail.corpus.id  # one corpus row


def test_find_run_by_id_prefix_and_name(db):
    a = add_run(db, name="alpha")
    b = add_run(db, name="beta")
    assert service.resolve_run_id(db, a) == a
    assert service.resolve_run_id(db, b[:6]) == b
    assert service.resolve_run_id(db, "beta") == b
    with pytest.raises(RunNotFoundError, match="No run matches 'gamma'"):
        service.resolve_run_id(db, "gamma")
    add_run(db, name="alpha")
    with pytest.raises(RunNotFoundError, match="Several runs match 'alpha'"):
        service.resolve_run_id(db, "alpha")
    with pytest.raises(RunNotFoundError):
        service.resolve_run_id(db, a[:2])  # too short to be a prefix


def test_list_filters_by_status_tag_and_text(db):
    a = add_run(db, name="wordpiece sweep 1", tags=["sweep", "wp"])
    b = add_run(db, name="char baseline", status="failed", tags=["baseline"])
    c = add_run(db, name="other", status="interrupted", notes="tried a higher learning rate")
    assert [r.id for r in service.list_runs(db)] == [c, b, a]
    assert [r.id for r in service.list_runs(db, statuses=["failed", "interrupted"])] == [c, b]
    assert [r.id for r in service.list_runs(db, tag="sweep")] == [a]
    assert [r.id for r in service.list_runs(db, text="BASELINE")] == [b]
    assert [r.id for r in service.list_runs(db, text="learning rate")] == [c]
    assert [r.id for r in service.list_runs(db, text="wp")] == [a]  # tags are searched too
    assert {r.id for r in service.list_runs(db, text="tutorial")} == {a, b, c}  # corpus name


def test_rename_notes_tags(db):
    run_id = add_run(db, name="old")
    assert service.rename_run(db, run_id, "  new   name ").name == "new name"
    with pytest.raises(StoreError, match="cannot be empty"):
        service.rename_run(db, run_id, "   ")
    service.set_notes(db, run_id, "first")
    assert service.set_notes(db, run_id, "second", append=True).notes == "first\nsecond"
    assert service.set_notes(db, run_id, "replaced").notes == "replaced"
    assert service.tag_run(db, run_id, add=["b", "a", "a", " spaced  tag "]).tags == ("a", "b", "spaced tag")
    assert service.tag_run(db, run_id, remove=["b"]).tags == ("a", "spaced tag")
    assert service.list_runs(db, tag="spaced tag")[0].id == run_id


def test_delete_removes_row_points_and_files(db, model_files):
    keep = add_run(db, model_files=model_files, steps=20)
    gone = add_run(db, model_files=model_files, steps=20, tags=["x"])
    assert (db.runs_dir / gone / "model.safetensors").is_file()
    assert service.delete_run(db, gone) == gone
    assert not (db.runs_dir / gone).exists()
    assert [r.id for r in service.list_runs(db)] == [keep]
    with db.session(write=False) as session:
        left = (
            session.connection()
            .exec_driver_sql("SELECT DISTINCT run_id FROM metric_points UNION SELECT run_id FROM run_tags")
            .fetchall()
        )
    assert left == [(keep,)]
    assert list(db.runs_dir.iterdir()) == [db.runs_dir / keep]


def test_a_running_run_cannot_be_deleted(db):
    import os

    run_id = add_run(db, status="running", pid=os.getpid(), heartbeat_at=utcnow())
    with pytest.raises(StoreError, match="stop it before deleting"):
        service.delete_run(db, run_id)
    assert (db.runs_dir / run_id).is_dir()


def test_missing_files_are_a_state_not_a_crash(db, model_files):
    run_id = add_run(db, model_files=model_files, steps=5)
    summary = service.get_run(db, run_id).summary
    assert summary.files_ok and summary.has_model and summary.display_status == "completed"

    (db.runs_dir / run_id / "model.safetensors").unlink()
    summary = service.get_run(db, run_id).summary
    assert summary.missing_files == ("model.safetensors",)
    assert summary.display_status == "files missing" and not summary.has_model
    with pytest.raises(StoreError, match="no trained model"):
        service.model_dir_of_run(db, run_id)

    shutil.rmtree(db.runs_dir / run_id)
    listed = service.list_runs(db)[0]
    assert not listed.files_ok and listed.display_status == "files missing"
    assert len(service.load_curves(db, run_id)["train_loss"]) == 5  # the history itself survives
    assert service.delete_run(db, run_id) == run_id  # and it can still be deleted


def test_model_dir_of_run(db, model_files):
    run_id = add_run(db, model_files=model_files)
    assert service.model_dir_of_run(db, run_id) == db.runs_dir / run_id
    assert service.model_dir_of_run(db, "no-such-run") is None


def test_a_100k_point_curve_loads_fast(db):
    run_id = add_run(db)
    n = 100_000
    points = [
        dict(run_id=run_id, step=s, split="train", name="loss", value=1.0 / s, wall_time=s * 0.01)
        for s in range(1, n + 1)
    ]
    noise = [dict(p, name="lr") for p in points[:20_000]]
    with db.session() as session:
        repository.add_metric_points(session, points + noise)
    start = time.perf_counter()
    curve = service.load_curve(db, run_id, "train", "loss")
    elapsed = time.perf_counter() - start
    assert len(curve) == n and curve.steps.dtype == np.int64
    assert np.all(np.diff(curve.steps) == 1) and curve.values[-1] == pytest.approx(1e-5)
    assert elapsed < 1.0, f"loading 100k points took {elapsed:.2f} s"
    with db.engine.connect() as conn:
        plan = " ".join(
            str(row[-1])
            for row in conn.exec_driver_sql(
                "EXPLAIN QUERY PLAN SELECT step, value FROM metric_points WHERE run_id = 'x' AND name = 'loss' "
                "AND split = 'train' ORDER BY step"
            )
        )
    assert "ix_metric_points_run_name_step" in plan and "TEMP B-TREE" not in plan


def test_load_curves_keys(db):
    run_id = add_run(db, steps=30, val_every=10)
    curves = service.load_curves(db, run_id)
    assert set(curves) == {"train_loss", "val_loss"}
    assert curves["val_loss"].steps.tolist() == [10, 20, 30]


def test_listing_runs_takes_a_constant_number_of_queries(db):
    """The History page lists 1,000 runs in well under a second: no query per run."""
    from sqlalchemy import event

    for i in range(30):
        add_run(db, name=f"run {i}", tags=["a", f"t{i}"])
    statements = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        runs = service.list_runs(db)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert len(runs) == 30 and runs[0].tags == ("a", "t29")
    assert len(statements) <= 4, statements


def test_a_summary_carries_its_status_as_a_run_status(db):
    """The stored text becomes a RunStatus where the row is read, so no face compares bare strings."""
    from mlmstudio.engine.run_status import RunStatus

    failed = add_run(db, name="broke", status="failed")
    summary = service.get_run(db, failed).summary
    assert type(summary.status) is RunStatus and summary.status is RunStatus.FAILED
    assert [type(r.status) for r in service.list_runs(db)] == [RunStatus]
    assert summary.as_dict()["status"] == "failed"  # the JSON the CLI prints is unchanged
