"""The shared list of runs: read in a worker thread for the window, changed in place after edits."""

from __future__ import annotations

from PySide6.QtCore import Qt

from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.run_list import RunList
from mlmstudio.store import service

WAIT_MS = 30_000


def test_a_background_listing_fills_every_page_that_shares_it(qtbot, trained_db, history):
    runs = RunList(trained_db, background=True)
    explore = ExplorePage(trained_db, runs=runs)
    history_page = HistoryPage(trained_db, runs=runs)
    for page in (explore, history_page):
        qtbot.addWidget(page)
    # One listing, started by the first page, read off the GUI thread.
    assert runs.is_loading() and explore.is_busy() and not explore.predict_button.isEnabled()
    assert "Reading the runs" in explore.run_combo.currentText()
    with qtbot.waitSignal(runs.changed, timeout=WAIT_MS):
        pass
    assert runs.loaded and not runs.is_loading()
    assert history_page.run_count() == 2
    assert {explore.run_combo.itemData(i) for i in range(explore.run_combo.count())} == {
        history.modern_id,
        history.seed_id,
    }
    runs.wait_idle()


def test_explore_waits_for_a_run_the_list_has_not_seen_yet(qtbot, trained_db, history):
    runs = RunList(trained_db, background=True)
    runs.refresh_now()
    page = ExplorePage(trained_db, runs=runs)
    qtbot.addWidget(page)
    # As after training: the run is asked for before a new listing has arrived.
    runs.remove([history.seed_id])
    assert page.run_combo.findData(history.seed_id) == -1
    with qtbot.waitSignal(runs.changed, timeout=WAIT_MS):
        assert page.select_run(history.seed_id)
    assert page.current_run_id() == history.seed_id and page.message_text() == ""
    runs.wait_idle()
    page.wait_idle()


def test_rename_delete_and_import_change_the_list_without_a_listing(qtbot, trained_db, history):
    runs = RunList(trained_db)
    runs.refresh_now()
    changes, updates = [], []
    runs.changed.connect(lambda: changes.append(True))
    runs.run_updated.connect(updates.append)

    runs.update_run(service.rename_run(trained_db, history.seed_id, "renamed"))
    assert updates == [history.seed_id] and runs.get(history.seed_id).name == "renamed"
    summary = runs.get(history.modern_id)
    runs.remove([history.modern_id])
    assert runs.get(history.modern_id) is None and len(runs.runs()) == 1
    runs.put(summary)
    assert [r.id for r in runs.runs()] == [history.modern_id, history.seed_id]
    assert len(changes) == 2
    runs.remove(["not-a-run"])  # nothing to remove: no signal
    assert len(changes) == 2


def test_a_history_that_cannot_be_read_is_a_sentence(qtbot, trained_db, monkeypatch):
    from mlmstudio.store.errors import StoreError

    def broken(_db):
        raise StoreError("The history database is damaged.")

    monkeypatch.setattr(service, "list_runs", broken)
    runs = RunList(trained_db, background=True)
    with qtbot.waitSignal(runs.failed, timeout=WAIT_MS) as failed:
        runs.refresh()
    assert failed.args[0] == "The history could not be read: The history database is damaged."
    assert not runs.loaded
    runs.wait_idle()


def test_pages_sharing_one_list_follow_a_rename_made_in_history(qtbot, trained_db, history):
    runs = RunList(trained_db)
    runs.refresh_now()
    history_page = HistoryPage(trained_db, runs=runs)
    explore = ExplorePage(trained_db, runs=runs)
    for page in (explore, history_page):
        qtbot.addWidget(page)
    assert history_page.run_actions.rename_run(history.seed_id, "seed, renamed")
    index = explore.run_combo.findData(history.seed_id)
    assert "seed, renamed" in explore.run_combo.itemText(index)
    items = explore.compare_tab.compare_list
    names = {items.item(i).data(Qt.ItemDataRole.UserRole): items.item(i).text() for i in range(items.count())}
    assert "seed, renamed" in names[history.seed_id]
