"""The app at start with a damaged history: a question and a rebuild, not a dead app (issue 13, A7)."""

from __future__ import annotations

import sys
from pathlib import Path

from mlmstudio.gui.history_repair_dialog import open_history_or_ask
from mlmstudio.store import database, service
from mlmstudio.store.database import Database

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from store_helpers import add_run  # noqa: E402


def _damaged_history(tmp_path) -> tuple[Path, str]:
    directory = tmp_path / "data"
    db = Database.open(directory)
    run_id = add_run(db, name="kept")
    db.close()
    database.forget_engine(db.path)
    (directory / "history.sqlite3").write_bytes(b"garbage" * 100)
    return directory, run_id


def test_the_user_is_asked_and_the_history_is_rebuilt(qtbot, tmp_path):
    directory, run_id = _damaged_history(tmp_path)
    asked, told = [], []
    db = open_history_or_ask(
        directory,
        ask=lambda message: asked.append(message) or True,
        inform=lambda title, message, **kw: told.append((title, message)),
    )
    assert db is not None and [r.id for r in service.list_runs(db)] == [run_id]
    assert "damaged" in asked[0] and "not an SQLite database" in asked[0]
    assert told[0][0] == "History rebuilt" and "kept as" in told[0][1]
    assert list(directory.glob("history.damaged-*.sqlite3"))


def test_declining_quits_without_touching_the_file(qtbot, tmp_path):
    directory, _ = _damaged_history(tmp_path)
    db = open_history_or_ask(directory, ask=lambda message: False, inform=lambda *a, **k: None)
    assert db is None and (directory / "history.sqlite3").read_bytes() == b"garbage" * 100
    assert not list(directory.glob("history.damaged-*"))


def test_damage_while_the_app_is_open_is_a_message_not_an_exception(qtbot, tmp_path):
    from mlmstudio.gui.run_list import RunList

    directory = tmp_path / "data"
    db = Database.open(directory)
    add_run(db, name="kept")
    runs = RunList(db)
    assert runs.refresh_now() and len(runs.runs()) == 1
    db.close()
    (directory / "history.sqlite3").write_bytes(b"garbage" * 100)  # a sync tool, a bad disk...
    with qtbot.waitSignal(runs.failed) as failed:
        assert runs.refresh_now() is False
    assert "damaged" in failed.args[0] and "rebuild-history" in failed.args[0]
