"""History shows a continued run's held-out loss before -> after (issue 17, item 3).

A run started from a model evaluates the untouched model at step 0, so its validation curve
starts at the model's own loss; the table's Val loss cell and the details pane show that and
the newest loss. A run from scratch keeps its final loss alone. The runs are recorded through
the store, without training (the curves are what a continued run leaves).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.runs_table_model import COLUMN_INDEX, SORT_ROLE
from mlmstudio.store import repository
from mlmstudio.store.models import RunRow

from tiny_configs import tiny_config
from trained_history import window_on_history

BEFORE, AFTER = 3.9137, 2.4712  # the continued run's step-0 and final held-out loss
SCRATCH = 2.8051


@pytest.fixture(scope="module")
def model_files(tmp_path_factory) -> Path:
    """A real, untrained model folder of the tiny config, so the runs are complete on disk."""
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.engine.model_factory import build_model
    from mlmstudio.engine.tokenization import MLMTokenizer

    folder = tmp_path_factory.mktemp("model")
    config = tiny_config(steps=30)
    tokenizer = MLMTokenizer.train([load_corpus("sample:facts").text], config.tokenizer)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    save_model_dir(folder, model, tokenizer, config, {"val_loss": AFTER, "status": "completed"})
    return folder


def _record(db, model_files: Path, name: str, val_losses: dict[int, float]) -> str:
    """A completed run whose validation curve holds ``val_losses`` (step -> loss)."""
    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store import lifecycle

    handle = lifecycle.prepare_run(db, tiny_config(steps=30), load_corpus("sample:facts"), name=name)
    for file in model_files.iterdir():
        shutil.copy2(file, handle.run_dir / file.name)
    last = max(val_losses)
    points = [
        dict(run_id=handle.run_id, step=step, split="val", name="loss", value=value, wall_time=step * 0.1)
        for step, value in val_losses.items()
    ]
    with db.session() as session:
        repository.add_metric_points(session, points)
        row = session.get(RunRow, handle.run_id)
        row.status = "completed"
        row.last_step = last
        row.final_metrics_json = json.dumps({"val_loss": val_losses[last], "val_accuracy": 0.4})
    return handle.run_id


@pytest.fixture
def runs(db, model_files):
    continued = _record(
        db, model_files, "Simple facts · MLM from bert-tiny · wordpiece · #1", {0: BEFORE, 10: 3.1, 30: AFTER}
    )
    scratch = _record(db, model_files, "Simple facts · MLM 1×32 · char · #2", {10: 3.5, 20: 3.0, 30: SCRATCH})
    return continued, scratch


@pytest.fixture
def page(qtbot, db, runs):
    page = HistoryPage(db)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    yield page
    page.wait_idle()


def _index(page: HistoryPage, run_id: str, column: str):
    return page.model.index(page.model.row_of(run_id), COLUMN_INDEX[column])


def test_the_val_loss_cell_of_a_continued_run_reads_before_then_after(page, runs):
    continued, scratch = runs
    cell = _index(page, continued, "Val loss")
    assert cell.data() == "3.91 → 2.47"
    assert cell.data(SORT_ROLE) == pytest.approx(AFTER)  # sorted by where it ended
    tip = cell.data(Qt.ItemDataRole.ToolTipRole)
    assert "3.9137" in tip and "2.4712" in tip
    # A run grown from scratch has no step-0 evaluation: its final loss alone.
    assert _index(page, scratch, "Val loss").data() == f"{SCRATCH:.3f}"
    assert page.model.before_after(scratch) is None


def test_the_details_pane_shows_before_and_after_for_the_continued_run_only(page, runs):
    continued, scratch = runs
    page.select_runs([continued])
    assert "Held-out loss 3.91 → 2.47" in page.details.title.text()
    page.select_runs([scratch])
    assert "→" not in page.details.title.text()


def test_sorting_by_val_loss_puts_the_continued_run_by_its_final_loss(page, runs):
    continued, scratch = runs
    page.table.sortByColumn(COLUMN_INDEX["Val loss"], Qt.SortOrder.AscendingOrder)
    assert page.shown_run_ids() == [continued, scratch]  # 2.47 before 2.81


def test_a_listing_after_a_rename_keeps_the_before_after(page, runs, db):
    from mlmstudio.store import service

    continued, _ = runs
    service.rename_run(db, continued, "renamed")
    page.runs.update_run(service.get_run(db, continued).summary)
    assert _index(page, continued, "Val loss").data() == "3.91 → 2.47"
    page.runs.remove([runs[1]])  # a deletion redraws the model from what it holds
    assert _index(page, continued, "Val loss").data() == "3.91 → 2.47"


def test_the_window_with_a_continued_run_still_fits_1280_without_sideways_scrolling(qtbot, db, runs):
    from mlmstudio.gui.main_window import PAGES

    window = window_on_history(qtbot, db)
    continued, _ = runs
    assert _index(window.history_page, continued, "Val loss").data() == "3.91 → 2.47"
    window.show_page(PAGES.index("History"))
    qtbot.wait(50)
    table = window.history_page.table
    assert table.horizontalScrollBar().maximum() == 0, "the run table scrolls sideways at 1280 px"
    # The cell is shown whole, not elided.
    text = _index(window.history_page, continued, "Val loss").data()
    column = table.columnWidth(COLUMN_INDEX["Val loss"])
    assert column >= table.fontMetrics().horizontalAdvance(text)
    for page in (window.explore_page, window.history_page, window.corpus_page, window.setup_page):
        page.wait_idle()
    window.train_page.stop_and_wait()
