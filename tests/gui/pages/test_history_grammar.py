"""History's details pane plots a run's grammar check-ups: accuracy per paradigm against step."""

from __future__ import annotations

import pytest

from mlmstudio.engine.inspect.grammar_suites import MinimalPair, Suite
from mlmstudio.engine.kept_checkpoints import list_kept
from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.widgets.grammar_plot import NO_CHECKUP
from mlmstudio.store import service
from mlmstudio.store.grammar_checkups import check_run

SUITE = Suite(
    "mine",
    (
        MinimalPair("order", "the cat sat.", "cat the sat."),
        MinimalPair("order", "the dog ran.", "dog the ran."),
        MinimalPair("letters", "is it", "si ti"),
    ),
)


@pytest.fixture
def page(qtbot, trained_db):
    page = HistoryPage(trained_db)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    yield page
    page.wait_idle()


def test_the_selected_runs_checkups_are_drawn_and_another_run_shows_how_to_make_them(
    page, qtbot, trained_db, history, tmp_path
):
    report = check_run(trained_db, history.seed_id, SUITE, twin=True)
    run = service.get_run(trained_db, history.seed_id).summary
    kept = [s for s, _ in list_kept(run.run_dir) if s != run.last_step]
    page.select_runs([history.seed_id])
    plot = page.details.grammar
    qtbot.waitUntil(lambda: bool(plot.curves), timeout=5000)
    assert [c.paradigm for c in plot.curves] == ["letters", "order"]  # by name, as stored
    final = {p.paradigm: p.accuracy for p in report.checks[-1].paradigms}
    twin = {p.paradigm: p.accuracy for p in report.twin.paradigms}
    for curve in plot.curves:
        assert curve.steps == (*kept, run.last_step)
        assert curve.accuracies[-1] == final[curve.paradigm]
        assert curve.twin == twin[curve.paradigm]
    assert plot.graphics.isVisible() and not plot.empty_label.isVisible()
    assert "mine" in plot.title.text()
    page.details.grab().save(str(tmp_path / "pane.png"))

    page.select_runs([history.modern_id])  # never checked
    qtbot.waitUntil(lambda: not plot.curves, timeout=5000)
    assert plot.empty_label.isVisible() and plot.empty_label.text() == NO_CHECKUP
