"""History's details pane plots a run's grammar check-ups: accuracy per paradigm against step."""

from __future__ import annotations

import csv
import json

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
    # Saved as every view is: the picture, and the numbers behind it.
    assert plot.export.save_picture(tmp_path / "g.png") and (tmp_path / "g.png").stat().st_size > 1000
    assert plot.export.save_numbers(tmp_path / "g.csv") and plot.export.save_numbers(tmp_path / "g.json")
    saved = list(csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8")))
    assert len(saved) == sum(len(c.steps) for c in plot.curves)
    assert {float(r["accuracy"]) for r in saved if r["paradigm"] == "order"} == set(
        next(c for c in plot.curves if c.paradigm == "order").accuracies
    )
    assert len(json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))) == len(saved)

    page.select_runs([history.modern_id])  # never checked
    qtbot.waitUntil(lambda: not plot.curves, timeout=5000)
    assert plot.empty_label.isVisible() and plot.empty_label.text() == NO_CHECKUP
    assert not plot.export.isVisible() and not plot.export.numbers_button.isEnabled()
