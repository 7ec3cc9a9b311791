"""Compare runs: the run list is as wide as the runs' names, so runs alike but for the middle of
their names ("MLM" or "ELECTRA", "#1" or "#2") are told apart. It was 255 px wide and elided the
middle: "Simple facts ·…% acc, 9b86d3)" for each of three runs."""

from __future__ import annotations

from types import SimpleNamespace

from mlmstudio.gui.pages.explore.compare_tab import LIST_WIDTH, CompareTab

NAMES = [
    ("9b86d3aa", "Simple facts · MLM 1×128 · word 4k #2", 0.625),
    ("cba15b11", "Simple facts · ELECTRA 1×128 · word 4k #1", 0.267),
    ("033257cc", "Simple facts · MLM 1×128 · word 4k #1", 0.741),
]


def _runs(names=NAMES):
    return [SimpleNamespace(id=run_id, name=name, val_accuracy=acc) for run_id, name, acc in names]


def _tab(qtbot) -> CompareTab:
    host = SimpleNamespace(show_error=lambda _m: None)
    tab = CompareTab(host)
    qtbot.addWidget(tab)
    tab.resize(1100, 500)  # the Explore tab's room in a 1280×800 window
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def test_the_run_list_shows_whole_names(qtbot):
    tab = _tab(qtbot)
    tab.set_runs(_runs())
    qtbot.wait(20)
    full = [tab.compare_list.item(i).text() for i in range(tab.compare_list.count())]
    assert "ELECTRA" in full[1]
    assert tab.shown_names() == full
    assert tab.compare_list.width() <= LIST_WIDTH[1]


def test_a_very_long_name_loses_its_end_not_its_middle(qtbot):
    tab = _tab(qtbot)
    long = "Simple facts · MLM 1×128 · word 4k #1 " + "with a very long note " * 8
    tab.set_runs(_runs([("033257cc", long, 0.7)]))
    qtbot.wait(20)
    assert tab.compare_list.width() == LIST_WIDTH[1]
    shown = tab.shown_names()[0]
    assert shown.startswith("Simple facts · MLM 1×128 · word 4k #1") and shown.endswith("…")
    assert tab.compare_list.item(0).toolTip() == tab.compare_list.item(0).text()
