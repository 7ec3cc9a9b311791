"""The database file: where it lives, how connections are set up, and the migration path."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from mlmstudio.store import paths
from mlmstudio.store.database import Database, current_revision, head_revision, make_engine, migrate
from mlmstudio.store.errors import StoreError
from mlmstudio.store.models import Base
from mlmstudio.store.service import get_run, list_runs, load_curve


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.setattr(paths.platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "platform"))
    monkeypatch.delenv("MLMSTUDIO_HOME", raising=False)
    assert paths.data_dir() == (tmp_path / "platform").resolve()
    monkeypatch.setenv("MLMSTUDIO_HOME", str(tmp_path / "env"))
    assert paths.data_dir() == (tmp_path / "env").resolve()
    assert paths.data_dir(tmp_path / "flag") == (tmp_path / "flag").resolve()
    assert all((tmp_path / d).is_dir() for d in ("platform", "env", "flag"))


def test_open_uses_mlmstudio_home(monkeypatch, tmp_path):
    monkeypatch.setenv("MLMSTUDIO_HOME", str(tmp_path / "home"))
    db = Database.open()
    assert db.path == (tmp_path / "home" / "history.sqlite3").resolve()
    assert db.path.is_file() and db.runs_dir.is_dir()


def test_every_connection_has_wal_foreign_keys_and_busy_timeout(db):
    for _ in range(2):  # a fresh pooled connection and a reused one
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
        db.close()


def test_migrated_schema_matches_the_orm(db):
    assert current_revision(db.engine) == head_revision() == "0006"
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_upgrade_from_first_migration_keeps_data(tmp_path):
    """A database created at revision 0001 and filled by that version opens at head, data intact."""
    directory = tmp_path / "old"
    directory.mkdir()
    db_file = directory / "history.sqlite3"
    engine = make_engine(db_file)
    migrate(engine, db_file, "0001")
    assert current_revision(engine) == "0001"
    with engine.begin() as conn:
        columns = {row[1] for row in conn.exec_driver_sql("PRAGMA table_info(checkpoints)")}
        assert "metrics_json" not in columns
        conn.execute(
            text(
                "INSERT INTO corpora (id, name, source, sha256, size_bytes, stats_json, added_at) "
                "VALUES (1, 'Tutorial', 'sample:tutorial', :sha, 255, '{}', '2024-05-01 10:00:00')"
            ),
            {"sha": "a" * 64},
        )
        for i, status in enumerate(("completed", "interrupted", "running")):
            conn.execute(
                text(
                    "INSERT INTO runs (id, name, status, config_json, corpus_id, created_at, last_step, "
                    "final_metrics_json, message, notes, pid, hostname, heartbeat_at) VALUES "
                    "(:id, :name, :status, '{}', 1, :created, 100, :metrics, '', 'old notes', 999999999, "
                    "'elsewhere', '2024-05-01 10:00:00')"
                ),
                {
                    "id": f"old{i}",
                    "name": f"old run {i}",
                    "status": status,
                    "created": f"2024-05-0{i + 1} 10:00:00",
                    "metrics": '{"val_loss": 2.5}',
                },
            )
        conn.execute(text("INSERT INTO run_tags (run_id, tag) VALUES ('old0', 'baseline')"))
        conn.execute(
            text(
                "INSERT INTO checkpoints (run_id, step, path, created_at) "
                "VALUES ('old0', 100, 'checkpoints/step-00000100', '2024-05-01 10:00:00')"
            )
        )
        for step in range(1, 101):
            conn.execute(
                text(
                    "INSERT INTO metric_points (run_id, step, split, name, value, wall_time) "
                    "VALUES ('old0', :s, 'train', 'loss', :v, :t)"
                ),
                {"s": step, "v": 10.0 / step, "t": step * 0.5},
            )
    engine.dispose()

    db = Database.open(directory)
    assert current_revision(db.engine) == head_revision()
    runs = {r.id: r for r in list_runs(db)}
    assert set(runs) == {"old0", "old1", "old2"}
    assert [r.id for r in list_runs(db)] == ["old2", "old1", "old0"]  # newest first
    assert runs["old0"].name == "old run 0" and runs["old0"].notes == "old notes"
    assert runs["old0"].tags == ("baseline",) and runs["old0"].val_loss == 2.5
    assert runs["old2"].status == "interrupted"  # its stale 'running' was recovered on open
    detail = get_run(db, "old0")
    assert [(c.step, dict(c.metrics)) for c in detail.checkpoints] == [(100, {})]
    curve = load_curve(db, "old0", "train", "loss")
    assert curve.steps.tolist() == list(range(1, 101))
    assert curve.values[9] == pytest.approx(1.0)
    assert curve.wall_time[-1] == pytest.approx(50.0)
    with db.engine.connect() as conn:
        indexes = {row[1] for row in conn.exec_driver_sql("PRAGMA index_list(runs)")}
    assert "ix_runs_created_at" in indexes


def test_a_newer_database_is_refused_with_a_sentence(tmp_path):
    directory = tmp_path / "newer"
    Database.open(directory).close()
    with sqlite3.connect(directory / "history.sqlite3") as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    from mlmstudio.store import database

    database._engines.clear()  # a fresh process
    with pytest.raises(StoreError, match="newer version of MLM Studio"):
        Database.open(directory)


def test_reopening_after_the_file_was_deleted_creates_a_fresh_schema(tmp_path):
    directory = tmp_path / "gone"
    Database.open(directory).close()
    for file in directory.glob("history.sqlite3*"):
        file.unlink()
    db = Database.open(directory)
    assert list_runs(db) == []
    assert current_revision(db.engine) == head_revision()


def test_migrations_ship_with_the_package():
    """The migrations are found relative to the installed package, not the working directory."""
    from mlmstudio.store.database import MIGRATIONS_DIR

    assert (MIGRATIONS_DIR / "env.py").is_file()
    assert sorted(p.name for p in (MIGRATIONS_DIR / "versions").glob("*.py")) == [
        "0001_initial.py",
        "0002_checkpoint_metrics.py",
        "0003_run_queue.py",
        "0004_probe_points.py",
        "0005_run_kind.py",
        "0006_run_evaluations.py",
    ]
    assert Path(paths.__file__).parent == MIGRATIONS_DIR.parent


def test_an_unwritable_data_directory_is_a_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be created or written"):
        Database.open(blocker / "data")
