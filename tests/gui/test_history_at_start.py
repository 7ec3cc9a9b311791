"""No first-run work before the first frame: the history is created (its migrations run) after
the window is shown, the window is usable meanwhile, and a damaged history still gets its question.

``run_app`` runs here in the test's process; ``Database.open`` is wrapped so that it waits until
the test has looked at the window, which makes "before the history exists" a moment the test
holds rather than a race it might lose.
"""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel

from mlmstudio.gui import app as app_module
from mlmstudio.gui import history_repair_dialog
from mlmstudio.gui.main_window import CORPUS, HISTORY, OPENING_HISTORY, MainWindow
from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.store import database
from mlmstudio.store.database import Database


def _the_window() -> MainWindow | None:
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
    return windows[0] if windows else None


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_the_history_is_created_after_the_first_frame_and_the_window_works_meanwhile(
    qtbot, tmp_path, monkeypatch
):
    data_dir = tmp_path / "fresh-home"
    probe = tmp_path / "probe.json"
    monkeypatch.setenv(app_module.STARTUP_PROBE_ENV, str(probe))
    looked = threading.Event()
    calls: list[dict] = []
    real_open = Database.open.__func__

    def open_when_looked_at(cls, data_dir=None, **kwargs):
        calls.append(
            {"file_existed": (data_dir / "history.sqlite3").exists(), "probe_written": probe.exists()}
        )
        assert looked.wait(60), "the test never saw the window"
        return real_open(cls, data_dir, **kwargs)

    monkeypatch.setattr(Database, "open", classmethod(open_when_looked_at))
    seen: dict = {}

    def look():
        window = _the_window()
        if window is None or not calls:
            QTimer.singleShot(20, look)  # not shown yet, or the history not yet asked for
            return
        # Shown, and the history is being opened: no file yet, yet the window answers.
        seen["ready_before"] = window.history_ready()
        seen["file_before"] = (data_dir / "history.sqlite3").exists()
        window.show_page(HISTORY)
        placeholder = window.current_page()
        seen["placeholder"] = isinstance(placeholder, QLabel) and OPENING_HISTORY in placeholder.text()
        seen["status"] = window.history_label.isVisible() and window.history_label.text() == OPENING_HISTORY
        window.show_page(CORPUS)
        seen["corpus_usable"] = window.current_page() is window.corpus_page
        seen["start_waits"] = window.start_training() is False
        window.show_page(HISTORY)
        looked.set()
        window.history_attached.connect(lambda: QTimer.singleShot(0, lambda: close(window)))

    def close(window):
        seen["ready_after"] = window.history_ready()
        page = window.stack.widget(HISTORY)
        seen["history_page"] = isinstance(page, HistoryPage) and page is window.history_page  # in its place
        seen["status_after"] = window.history_label.isVisible()
        window.close()

    QTimer.singleShot(0, look)
    assert app_module.run_app(["mlmstudio"], data_dir=data_dir) == 0
    assert len(calls) == 1
    assert calls[0] == {"file_existed": False, "probe_written": True}  # asked for after the first frame
    assert seen == {
        "ready_before": False,
        "file_before": False,
        "placeholder": True,
        "status": True,
        "corpus_usable": True,
        "start_waits": True,
        "ready_after": True,
        "history_page": True,
        "status_after": False,
    }
    marks = json.loads(probe.read_text())["marks"]
    assert marks["window_built"] <= marks["shown"] <= marks["database"]  # migrated after the frame
    assert {"runs", "alembic_version"} <= _tables(data_dir / "history.sqlite3")
    database.forget_engine(data_dir / "history.sqlite3")


@pytest.mark.parametrize("rebuild", [False, True], ids=["declined", "rebuilt"])
def test_a_damaged_history_still_gets_its_question_with_the_window_shown(
    qtbot, tmp_path, monkeypatch, rebuild
):
    data_dir = tmp_path / "data"
    Database.open(data_dir).close()
    database.forget_engine(data_dir / "history.sqlite3")
    (data_dir / "history.sqlite3").write_bytes(b"garbage" * 100)
    asked, told, states = [], [], []

    def ask(message, parent=None):
        asked.append(message)
        states.append(isinstance(parent, MainWindow) and parent.isVisible() and not parent.history_ready())
        return rebuild

    monkeypatch.setattr(history_repair_dialog, "ask_rebuild", ask)
    monkeypatch.setattr(
        history_repair_dialog, "tell", lambda title, message, parent=None, **kw: told.append(title)
    )

    def close_when_ready():
        window = _the_window()
        if window is not None and window.history_ready():
            window.close()
        elif window is not None or not asked:
            QTimer.singleShot(20, close_when_ready)

    if rebuild:
        QTimer.singleShot(0, close_when_ready)
    code = app_module.run_app(["mlmstudio"], data_dir=data_dir)
    assert len(asked) == 1 and "The run history at" in asked[0] and "is damaged" in asked[0]
    assert states == [True]  # asked over the shown window, before any history was attached
    if rebuild:
        assert code == 0 and told == ["History rebuilt"]
        assert list(data_dir.glob("history.damaged-*.sqlite3"))
        database.forget_engine(data_dir / "history.sqlite3")
    else:
        assert code == 1 and told == []
        assert (data_dir / "history.sqlite3").read_bytes() == b"garbage" * 100  # untouched
