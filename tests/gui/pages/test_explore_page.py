"""The Explore page itself: choosing the run, loading models off the GUI thread, busy state, messages.

The tabs' answers are tested in tests/gui/pages/explore/. Here a model load
is slowed on purpose (the loader waits for an event the test sets), so the
busy state can be seen while it is in flight; no test sleeps.
"""

from __future__ import annotations

import shutil
import threading

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from mlmstudio.engine.predict import Predictor
from mlmstudio.engine.predictor_cache import PredictorCache
from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.gui.run_list import RunList
from mlmstudio.gui.threads import running_threads
from mlmstudio.store import service
from mlmstudio.store.database import Database

SENTENCE = "The capital of France is [MASK]."
WAIT_MS = 30_000


class GatedLoader:
    """A model loader that waits until the test opens the gate, and counts its loads."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.loads: list[str] = []

    def __call__(self, path):
        self.started.set()
        if not self.gate.wait(WAIT_MS / 1000):
            raise TimeoutError("the test never opened the gate")
        self.loads.append(path.name)
        return Predictor.from_dir(path)


@pytest.fixture
def loader():
    loader = GatedLoader()
    yield loader
    loader.gate.set()  # never leave a worker waiting


def make_page(qtbot, db, loader=None, runs=None) -> ExplorePage:
    cache = PredictorCache(load=loader) if loader is not None else None
    page = ExplorePage(db, runs=runs, cache=cache)
    qtbot.addWidget(page)
    page.resize(1000, 700)
    return page


def test_the_busy_state_shows_while_a_model_loads_and_clears_after(qtbot, trained_db, history, loader):
    page = make_page(qtbot, trained_db, loader)
    page.select_run(history.modern_id)
    with qtbot.waitSignal(page.busy_changed, timeout=WAIT_MS) as busy:
        page.show()  # models load when the page is seen
    assert busy.args == [True]
    assert page.is_busy() and page.busy_bar.isVisible() and "Loading the model" in page.busy_label.text()
    assert page.cursor().shape() == Qt.CursorShape.BusyCursor
    assert not page.predict_button.isEnabled()
    assert not page.scores_tab.score_button.isEnabled() and not page.iterative_tab.iterate_button.isEnabled()
    assert page.run_combo.isEnabled()  # the user can still move on

    with qtbot.waitSignal(page.model_loaded, timeout=WAIT_MS) as loaded:
        loader.gate.set()
    assert loaded.args == [history.modern_id]
    assert not page.is_busy() and not page.busy_bar.isVisible()
    assert page.cursor().shape() != Qt.CursorShape.BusyCursor
    assert page.predict_button.isEnabled()

    # The prediction arrives through a signal, from the cached model: no second load.
    page.sentence.set_text(SENTENCE)
    with qtbot.waitSignal(page.answered, timeout=WAIT_MS):
        page.predict_button.click()
    assert len(page.prediction_views()) == 1
    assert loader.loads == [history.modern_id]
    page.wait_idle()


def test_the_window_keeps_answering_events_while_a_model_loads(qtbot, trained_db, history, loader):
    page = make_page(qtbot, trained_db, loader)
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(loader.started.is_set, timeout=WAIT_MS)
    # The load is blocked in its thread; the GUI thread still edits text and switches tabs.
    page.sentence.set_text("Still typing [MASK].")
    page.tabs.setCurrentIndex(2)
    QApplication.processEvents()
    assert page.sentence.text() == "Still typing [MASK]." and page.is_busy()
    loader.gate.set()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
    page.wait_idle()


def test_answers_for_a_run_the_user_left_are_dropped(qtbot, trained_db, history, loader):
    page = make_page(qtbot, trained_db, loader)
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(loader.started.is_set, timeout=WAIT_MS)
    loaded = []
    page.model_loaded.connect(loaded.append)
    page.select_run(history.seed_id)  # moved on while the first model was still loading
    loader.gate.set()
    qtbot.waitUntil(lambda: not page.is_busy() and history.seed_id in loaded, timeout=WAIT_MS)
    page.wait_idle()
    QApplication.processEvents()
    assert loaded == [history.seed_id]  # the first run's "ready" never arrived
    assert sorted(loader.loads) == sorted([history.modern_id, history.seed_id])


def test_a_job_that_ends_after_the_page_was_deleted_does_not_crash(qtbot, trained_db, history, loader):
    page = ExplorePage(trained_db, cache=PredictorCache(load=loader))
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(loader.started.is_set, timeout=WAIT_MS)
    page.close()
    shiboken6.delete(page)  # the page and its runner are gone; the load still runs
    loader.gate.set()
    for thread in running_threads():
        assert thread.wait(WAIT_MS)
    QApplication.processEvents()  # the result is delivered to nobody; pytest-qt fails on any exception


def test_a_deleted_run_folder_gives_a_sentence(qtbot, trained_db, history):
    page = make_page(qtbot, trained_db)
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
    shutil.rmtree(trained_db.run_dir(history.modern_id))
    page.sentence.set_text(SENTENCE)
    with qtbot.waitSignal(page.failed, timeout=WAIT_MS) as failed:
        page.predict_button.click()
    assert "no longer exists" in failed.args[0] and "Traceback" not in failed.args[0]
    assert "no longer exists" in page.message_text()
    assert page.prediction_views() == []
    assert page.predict_button.isEnabled()  # still usable: pick another run
    # After a reload the run is no longer offered.
    page.refresh()
    assert page.run_combo.findData(history.modern_id) == -1
    assert page.current_run_id() == history.seed_id
    page.wait_idle()


def test_missing_model_file_gives_a_message_not_a_crash(qtbot, trained_db, history):
    page = make_page(qtbot, trained_db)
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
    (trained_db.run_dir(history.modern_id) / "model.safetensors").unlink()  # cached, then removed
    page.sentence.set_text(SENTENCE)
    with qtbot.waitSignal(page.failed, timeout=WAIT_MS):
        page.predict_button.click()
    assert "missing" in page.message_text()
    page.wait_idle()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The capital of France is Paris.", "Add [MASK]"),
        ("   ", "Type a sentence"),
        ("The capital of France is [mask].", "is written [MASK]"),
        ("The capital of France is <mask>.", "'The capital of France is [MASK].'"),
    ],
)
def test_a_sentence_that_cannot_be_asked_gets_a_plain_message(qtbot, trained_db, history, text, expected):
    page = make_page(qtbot, trained_db)
    page.select_run(history.modern_id)
    page.sentence.set_text(text)
    page.predict_button.click()
    assert expected in page.message_text()
    assert not page.is_busy() and page.prediction_views() == []  # nothing was started


def test_no_runs_are_explained(qtbot, tmp_path):
    empty = make_page(qtbot, Database.open(tmp_path / "empty-history"))
    assert empty.current_run_id() is None
    assert not empty.predict_button.isEnabled()
    assert "No trained runs" in empty.run_combo.currentText()
    empty.predictions_tab.predict()
    assert "no trained run" in empty.message_text()


def test_loaded_models_are_cached_per_run(qtbot, trained_db, history):
    loads = []
    cache = PredictorCache(load=lambda path: loads.append(path.name) or Predictor.from_dir(path))
    page = ExplorePage(trained_db, cache=cache)
    qtbot.addWidget(page)
    page.select_run(history.modern_id)
    page.show()
    page.sentence.set_text(SENTENCE)
    for _ in range(3):
        qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
        with qtbot.waitSignal(page.answered, timeout=WAIT_MS):
            page.predict_button.click()
    assert loads == [history.modern_id]
    page.select_run(history.seed_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
    assert loads == [history.modern_id, history.seed_id]
    page.wait_idle()


def test_pages_sharing_one_run_list_follow_renames_and_deletes(qtbot, trained_db, history):
    runs = RunList(trained_db)
    runs.refresh()
    page = make_page(qtbot, trained_db, runs=runs)
    other = make_page(qtbot, trained_db, runs=runs)
    assert page.run_combo.count() == other.run_combo.count() == 2

    runs.update_run(service.rename_run(trained_db, history.seed_id, "renamed seed"))
    assert "renamed seed" in page.run_combo.itemText(page.run_combo.findData(history.seed_id))
    assert (
        "renamed seed"
        in other.compare_tab.compare_list.item(
            [
                other.compare_tab.compare_list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(other.compare_tab.compare_list.count())
            ].index(history.seed_id)
        ).text()
    )

    service.delete_run(trained_db, history.seed_id)
    runs.refresh()  # once, for every page
    assert page.run_combo.findData(history.seed_id) == -1
    assert other.run_combo.findData(history.seed_id) == -1


def test_a_new_tab_is_one_class_and_one_line_in_tabs(qtbot, trained_db, history, monkeypatch):
    """The extension point later views use: a tab builds a question; the page runs it off-thread."""
    from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout

    from mlmstudio.gui.pages import explore_page
    from mlmstudio.gui.pages.explore.tab import ExploreTab

    class TokenCountTab(ExploreTab):
        title = "Tokens"

        def __init__(self, host, parent=None):
            super().__init__(host, parent)
            self.button, self.result = QPushButton("Count"), QLabel()
            layout = QVBoxLayout(self)
            layout.addWidget(self.button)
            layout.addWidget(self.result)
            self.button.clicked.connect(
                lambda: self.host.ask(
                    lambda predictor, question: (
                        threading.current_thread().name,
                        len(predictor.tokenizer.encode(question.text)),
                    ),
                    self._on_answer,
                    what="Counting",
                )
            )

        def action_buttons(self):
            return [self.button]

        def _on_answer(self, answer, question):
            self.result.setText(f"{answer[1]} tokens ({answer[0]})")
            self.answered.emit()

    monkeypatch.setattr(explore_page, "TABS", (*explore_page.TABS, TokenCountTab))
    page = make_page(qtbot, trained_db)
    page.select_run(history.modern_id)
    page.show()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=WAIT_MS)
    tab = page.tab(TokenCountTab)
    assert page.tabs.tabText(page.tabs.indexOf(tab)) == "Tokens"
    page.sentence.set_text(SENTENCE)
    with qtbot.waitSignal(page.answered, timeout=WAIT_MS):
        tab.button.click()
        assert not tab.button.isEnabled()  # busy while the worker answers
    expected = len(Predictor.from_dir(trained_db.run_dir(history.modern_id)).tokenizer.encode(SENTENCE))
    assert tab.result.text().startswith(f"{expected} tokens")
    assert "MainThread" not in tab.result.text()
    assert page.tabs.currentWidget() is tab
    page.wait_idle()
