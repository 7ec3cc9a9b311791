"""The History page, driven as a user would, against really trained tiny runs.

Every change made through the page is checked in the database and on disk,
through the store's own service functions, not through the page.
"""

from __future__ import annotations

import csv
import math
from datetime import UTC

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox
from sqlalchemy import update

from mlmstudio.gui.pages.history_page import HistoryPage
from mlmstudio.gui.perplexity import format_perplexity
from mlmstudio.gui.runs_table_model import COLUMN_INDEX, SORT_ROLE, RunsFilterProxy, RunsTableModel
from mlmstudio.store import service
from mlmstudio.store.models import RunRow

JOB_MS = 60_000  # an export or import, in its worker thread


@pytest.fixture
def page(qtbot, trained_db):
    page = HistoryPage(trained_db)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    yield page
    page.wait_idle()


def cell(page: HistoryPage, run_id: str, column: str) -> str:
    row = page.model.row_of(run_id)
    return page.model.index(row, COLUMN_INDEX[column]).data()


def dialog_returns(monkeypatch, name: str, value) -> None:
    monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *args, **kwargs: value))


def test_lists_runs_with_key_config_and_final_metrics(page, trained_db, history):
    assert page.run_count() == 2
    assert set(page.shown_run_ids()) == {history.modern_id, history.seed_id}
    seed = service.get_run(trained_db, history.seed_id).summary
    assert cell(page, history.seed_id, "Arch") == "seed"
    assert cell(page, history.seed_id, "Masking") == "15%"
    assert cell(page, history.modern_id, "Masking") == "30%"
    assert cell(page, history.seed_id, "Tokenizer").startswith("char ")  # with the characters it learned
    assert cell(page, history.seed_id, "Status") == "completed"
    assert cell(page, history.seed_id, "Val loss") == f"{seed.val_loss:.3f}"
    assert cell(page, history.seed_id, "Val acc") == f"{seed.val_accuracy:.1%}"
    # Perplexity is e^(final validation loss) of each recorded run.
    for run_id in (history.seed_id, history.modern_id):
        loss = service.get_run(trained_db, run_id).summary.val_loss
        assert cell(page, run_id, "Perplexity") == format_perplexity(math.exp(loss))
        row, col = page.model.row_of(run_id), COLUMN_INDEX["Perplexity"]
        assert page.model.index(row, col).data(SORT_ROLE) == pytest.approx(math.exp(loss))
    assert page.count_label.text() == "2 runs"


def test_sorting_by_a_metric_column(page, trained_db):
    losses = {r.id: r.val_loss for r in service.list_runs(trained_db)}
    page.table.sortByColumn(COLUMN_INDEX["Val loss"], Qt.SortOrder.AscendingOrder)
    assert page.shown_run_ids() == sorted(losses, key=losses.get)
    page.table.sortByColumn(COLUMN_INDEX["Val loss"], Qt.SortOrder.DescendingOrder)
    assert page.shown_run_ids() == sorted(losses, key=losses.get, reverse=True)


def test_text_status_and_tag_filters(page, trained_db, history):
    page.set_text_filter("seed")
    assert page.shown_run_ids() == [history.seed_id]
    assert page.count_label.text() == "1 of 2 runs"
    page.set_text_filter("")
    page.set_status_filter("completed")
    assert page.run_count() == 2

    service.tag_run(trained_db, history.modern_id, add=["baseline"])
    page.refresh()
    page.set_tag_filter("baseline")
    assert page.shown_run_ids() == [history.modern_id]
    page.set_tag_filter("")
    assert page.run_count() == 2


def test_rename_through_the_dialog(page, trained_db, history, monkeypatch):
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("Best so far", True)))
    page.select_runs([history.seed_id])
    assert page.run_actions.rename_action.isEnabled()
    page.run_actions.rename_action.trigger()
    assert service.get_run(trained_db, history.seed_id).summary.name == "Best so far"
    assert cell(page, history.seed_id, "Name") == "Best so far"


def test_an_empty_name_is_refused_with_a_message(page, trained_db, history, qtbot):
    page.select_runs([history.seed_id])
    with qtbot.waitSignal(page.status_message) as blocker:
        assert not page.run_actions.rename_run(history.seed_id, "   ")
    assert "empty" in blocker.args[0]
    assert service.get_run(trained_db, history.seed_id).summary.name == "seed 15%"


def test_notes_and_tags_are_saved_from_the_details_pane(page, trained_db, history):
    page.select_runs([history.modern_id])
    page.details.notes_edit.setPlainText("Loss still falling at the end.")
    page.details.tags_edit.setText("baseline,  fast , baseline")
    page.details.save_button.click()

    summary = service.get_run(trained_db, history.modern_id).summary
    assert summary.notes == "Loss still falling at the end."
    assert sorted(summary.tags) == ["baseline", "fast"]
    assert cell(page, history.modern_id, "Tags") in ("baseline, fast", "fast, baseline")
    assert page.tag_combo.findData("fast") >= 0
    page.set_text_filter("still falling")  # notes are searchable
    assert page.shown_run_ids() == [history.modern_id]

    page.set_text_filter("")
    page.select_runs([history.modern_id])
    page.details.tags_edit.setText("fast")
    page.details.save_button.click()
    assert service.get_run(trained_db, history.modern_id).summary.tags == ("fast",)


def test_delete_asks_first_then_removes_the_run_and_its_files(page, trained_db, history, answer_dialogs):
    run_dir = trained_db.run_dir(history.seed_id)
    assert (run_dir / "model.safetensors").is_file()
    page.select_runs([history.seed_id])

    answer_dialogs.set(QMessageBox.StandardButton.No)
    page.run_actions.delete_action.trigger()
    assert len(answer_dialogs.questions) == 1 and "seed 15%" in answer_dialogs.questions[0]
    assert run_dir.exists() and page.run_count() == 2

    answer_dialogs.set(QMessageBox.StandardButton.Yes)
    page.run_actions.delete_action.trigger()
    assert not run_dir.exists()
    assert [r.id for r in service.list_runs(trained_db)] == [history.modern_id]
    assert page.shown_run_ids() == [history.modern_id]


def test_export_and_import_a_bundle_round_trip(
    page, trained_db, history, tmp_path, monkeypatch, answer_dialogs, qtbot
):
    before = service.load_curves(trained_db, history.seed_id)
    bundle = tmp_path / "seed-run.mlmrun"
    page.select_runs([history.seed_id])
    dialog_returns(monkeypatch, "getSaveFileName", (str(bundle), ""))
    with qtbot.waitSignal(page.exported, timeout=JOB_MS) as exported:
        page.run_actions.export_action.trigger()
        # Off the GUI thread, with a busy state: one file job at a time.
        assert (
            page.is_busy()
            and not page.run_actions.import_action.isEnabled()
            and page.run_actions.busy_bar.isVisible()
        )
        assert not page.run_actions.delete_action.isEnabled()  # not while its file is being written
    assert exported.args == [bundle]
    assert bundle.is_file() and bundle.stat().st_size > 0
    assert (
        not page.is_busy()
        and page.run_actions.import_action.isEnabled()
        and not page.run_actions.busy_bar.isVisible()
    )
    # Again onto the same file: the save dialog asked before returning it, so it is replaced;
    # the page's own call without that answer is refused and the file stays.
    first = bundle.read_bytes()
    with qtbot.waitSignal(page.job_failed, timeout=JOB_MS) as refused:
        page.run_actions.export_bundle(history.seed_id, bundle)
    assert "already exists" in refused.args[0] and bundle.read_bytes() == first
    with qtbot.waitSignal(page.exported, timeout=JOB_MS):
        page.run_actions.export_action.trigger()

    page.run_actions.delete_action.trigger()
    assert page.shown_run_ids() == [history.modern_id]

    dialog_returns(monkeypatch, "getOpenFileName", (str(bundle), ""))
    with qtbot.waitSignal(page.imported, timeout=JOB_MS):
        page.run_actions.import_action.trigger()
    assert page.run_count() == 2
    new_id = next(r for r in page.shown_run_ids() if r != history.modern_id)
    assert page.selected_run_ids() == [new_id]
    imported = service.get_run(trained_db, new_id).summary
    assert imported.has_model and imported.name == "seed 15%"
    after = service.load_curves(trained_db, new_id)
    assert set(after) == set(before)
    assert list(after["val_loss"].values) == pytest.approx(list(before["val_loss"].values))


def test_an_empty_history_says_how_to_get_a_run(qtbot, db):
    page = HistoryPage(db)
    qtbot.addWidget(page)
    assert page.run_count() == 0
    assert "No runs yet" in page.compare_view.hint()
    assert "No runs yet" in page.compare_view._empty_text.textItem.toPlainText()


def test_a_bad_bundle_is_refused_with_a_message(page, tmp_path, monkeypatch, qtbot):
    bad = tmp_path / "bad.mlmrun"
    bad.write_bytes(b"not a zip file")
    dialog_returns(monkeypatch, "getOpenFileName", (str(bad), ""))
    with qtbot.waitSignal(page.job_failed, timeout=JOB_MS) as blocker:
        page.run_actions.import_action.trigger()
    assert "not imported" in blocker.args[0] and "Traceback" not in blocker.args[0]
    assert page.run_count() == 2
    assert "not imported" in page.details.message.text()


def test_a_run_folder_from_elsewhere_is_imported_with_its_curves(
    page, trained_db, history, tmp_path, monkeypatch, qtbot
):
    import shutil

    elsewhere = tmp_path / "from-another-machine"
    shutil.copytree(trained_db.run_dir(history.seed_id), elsewhere)
    dialog_returns(monkeypatch, "getExistingDirectory", str(elsewhere))
    with qtbot.waitSignal(page.imported, timeout=JOB_MS) as blocker:
        page.run_actions.import_folder_action.trigger()
    new_id = blocker.args[0]
    assert new_id != history.seed_id and page.run_count() == 3 and page.selected_run_ids() == [new_id]
    imported = service.get_run(trained_db, new_id)
    assert imported.summary.has_model and imported.summary.status == "completed"
    original = service.load_curve(trained_db, history.seed_id, "val", "loss")
    copied = service.load_curve(trained_db, new_id, "val", "loss")
    assert list(copied.steps) == list(original.steps) and list(copied.values) == list(original.values)


def test_a_folder_that_is_not_a_run_is_refused_with_a_message(page, tmp_path, monkeypatch, qtbot):
    (tmp_path / "photos").mkdir()
    dialog_returns(monkeypatch, "getExistingDirectory", str(tmp_path / "photos"))
    with qtbot.waitSignal(page.job_failed, timeout=JOB_MS) as blocker:
        page.run_actions.import_folder_action.trigger()
    assert "not a run folder" in blocker.args[0] and "Traceback" not in blocker.args[0]
    assert page.run_count() == 2


def test_hugging_face_export_only_for_exportable_runs(
    page, trained_db, history, tmp_path, monkeypatch, qtbot
):
    import dataclasses
    import shutil

    from mlmstudio.engine.corpus import load_corpus
    from mlmstudio.store import lifecycle

    # A run with the distance bias (the quick start's) is the one kind that cannot be exported.
    modern = service.get_run(trained_db, history.modern_id).summary
    biased = dataclasses.replace(
        modern.config, model=dataclasses.replace(modern.config.model, distance_bias=True)
    )
    handle = lifecycle.prepare_run(trained_db, biased, load_corpus("sample:facts"), name="with the bias")
    for name in ("tokenizer.json", "model.safetensors"):
        shutil.copy2(modern.run_dir / name, handle.run_dir / name)
    page.refresh()
    qtbot.waitUntil(lambda: page.run_count() == 3, timeout=JOB_MS)
    page.select_runs([handle.run_id])
    assert not page.run_actions.hf_action.isEnabled()
    assert "distance bias" in page.run_actions.hf_action.toolTip()  # the reason, shown as the tooltip

    page.select_runs([history.modern_id])  # the default settings: exportable
    assert page.run_actions.hf_action.isEnabled()

    page.select_runs([history.seed_id])
    assert page.run_actions.hf_action.isEnabled()
    out = tmp_path / "hf"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(out)))
    with qtbot.waitSignal(page.hf_exported, timeout=JOB_MS) as written:
        page.run_actions.hf_action.trigger()
    assert written.args == [out]
    assert (out / "config.json").is_file()
    assert any(out.glob("*.safetensors"))


def test_hugging_face_export_into_a_folder_with_files_asks_first(
    page, history, tmp_path, monkeypatch, qtbot, answer_dialogs
):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "README.md").write_text("my own notes")
    page.select_runs([history.seed_id])
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(out)))
    answer_dialogs.set(QMessageBox.StandardButton.No)
    page.run_actions.hf_action.trigger()
    assert "README.md" in answer_dialogs.questions[-1]
    assert not page.is_busy() and (out / "README.md").read_text() == "my own notes"  # nothing touched

    answer_dialogs.set(QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(page.hf_exported, timeout=JOB_MS):
        page.run_actions.hf_action.trigger()
    assert (out / "config.json").is_file() and (out / "README.md").read_text() != "my own notes"


def test_resume_is_offered_for_interrupted_runs_and_asked_of_the_window(page, trained_db, history, qtbot):
    page.select_runs([history.seed_id])
    assert not page.run_actions.resume_action.isEnabled()  # completed
    with trained_db.session() as session:
        session.execute(update(RunRow).where(RunRow.id == history.seed_id).values(status="interrupted"))
    page.refresh()
    assert page.selected_run_ids() == [history.seed_id]  # the selection survives a reload
    assert cell(page, history.seed_id, "Status") == "interrupted"
    assert page.run_actions.resume_action.isEnabled()
    with qtbot.waitSignal(page.resume_requested) as blocker:
        page.run_actions.resume_action.trigger()
    assert blocker.args == [history.seed_id]


def test_explore_is_asked_of_the_window(page, history, qtbot):
    page.select_runs([history.modern_id])
    with qtbot.waitSignal(page.explore_requested) as blocker:
        page.run_actions.explore_action.trigger()
    assert blocker.args == [history.modern_id]


def test_compare_two_runs_curves_differences_and_exports(page, trained_db, history, tmp_path, monkeypatch):
    page.select_runs([history.modern_id, history.seed_id])
    page.run_actions.compare_action.trigger()
    view = page.compare_view

    items = view.curve_items()
    assert set(items) == {history.modern_id, history.seed_id}
    for run_id, item in items.items():
        stored = service.load_curve(trained_db, run_id, "val", "loss")
        x, y = item.xData, item.yData
        assert list(x) == list(stored.steps) and list(y) == pytest.approx(list(stored.values))
    assert items[history.modern_id].opts["pen"].color() != items[history.seed_id].opts["pen"].color()

    shown = view.visible_setting_rows()
    assert {"model.arch", "masking.mlm_probability"} <= set(shown)
    assert "training.steps" not in shown  # the same in both runs

    view.set_metric("train_loss")
    assert len(items := view.curve_items()) == 2
    assert len(items[history.seed_id].xData) == len(
        service.load_curve(trained_db, history.seed_id, "train", "loss")
    )

    png, table = tmp_path / "plot.png", tmp_path / "curves.csv"
    dialog_returns(monkeypatch, "getSaveFileName", (str(png), ""))
    view.export_png_button.click()
    assert QImage(str(png)).width() > 0
    dialog_returns(monkeypatch, "getSaveFileName", (str(table), ""))
    view.export_csv_button.click()
    with table.open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["step", "modern 30%", "seed 15%"] or rows[0] == ["step", "seed 15%", "modern 30%"]
    assert len(rows) - 1 == len(service.load_curve(trained_db, history.seed_id, "train", "loss"))


def test_selecting_one_run_shows_its_curves_at_once(page, trained_db, history, qtbot):
    assert page.compare_view.curve_items() == {}
    # Nothing selected: a sentence, not empty 0-1 axes.
    assert not page.compare_view.plot.getPlotItem().getAxis("left").isVisible()
    page.select_runs([history.seed_id])
    qtbot.waitUntil(lambda: set(page.compare_view.curve_items()) == {history.seed_id}, timeout=5_000)
    stored = service.load_curve(trained_db, history.seed_id, "val", "loss")
    assert list(page.compare_view.curve_items()[history.seed_id].yData) == pytest.approx(list(stored.values))
    assert page.compare_view.plot.getPlotItem().getAxis("left").isVisible()
    page.select_runs([history.modern_id, history.seed_id])
    qtbot.waitUntil(lambda: len(page.compare_view.curve_items()) == 2, timeout=5_000)


def test_columns_grow_to_what_they_show_so_nothing_is_clipped(page, trained_db, history):
    # The table was first sized while a run was "running" with few steps; then it completed.
    with trained_db.session() as session:
        session.execute(update(RunRow).where(RunRow.id == history.seed_id).values(status="running"))
    page.refresh()
    status = COLUMN_INDEX["Status"]
    page.table.setColumnWidth(status, 10)
    with trained_db.session() as session:
        session.execute(update(RunRow).where(RunRow.id == history.seed_id).values(status="completed"))
    page.refresh()
    metrics = page.table.fontMetrics()
    for title in ("Status", "Steps", "Val loss", "Val acc"):
        column = COLUMN_INDEX[title]
        widest = max(
            metrics.horizontalAdvance(cell(page, run_id, title))
            for run_id in (history.seed_id, history.modern_id)
        )
        assert page.table.columnWidth(column) >= widest, title
        assert page.table.columnWidth(column) >= page.table.horizontalHeader().sectionSizeHint(column)


def test_a_completed_run_shows_the_steps_it_trained(page, trained_db, history):
    seed = service.get_run(trained_db, history.seed_id).summary
    assert cell(page, history.seed_id, "Steps") == f"{seed.last_step:,}"


def test_deleting_a_compared_run_drops_it_from_the_comparison(page, history, answer_dialogs):
    page.select_runs([history.modern_id, history.seed_id])
    page.run_actions.compare_action.trigger()
    page.run_actions.delete_runs([history.seed_id])
    assert [r.id for r in page.compare_view.runs()] == [history.modern_id]


def test_a_run_with_missing_files_is_shown_as_such(page, trained_db, history):
    (trained_db.run_dir(history.seed_id) / "model.safetensors").unlink()
    page.refresh()
    assert "files missing" in cell(page, history.seed_id, "Status")
    page.select_runs([history.seed_id])
    assert not page.run_actions.explore_action.isEnabled()
    assert "model.safetensors" in page.details.title.text()


def test_a_thousand_runs_load_sort_and_filter_quickly(qapp):
    """Model/view with precomputed cells: no per-row widgets, no work per paint."""
    import dataclasses
    from datetime import datetime
    from pathlib import Path

    from mlmstudio.config import RunConfig
    from mlmstudio.store.records import RunSummary

    base = RunSummary(
        id="",
        name="",
        status="completed",
        config=RunConfig(),
        corpus_name="facts",
        created_at=datetime.now(UTC),
        started_at=None,
        finished_at=None,
        last_step=1000,
        final_metrics={},
        notes="",
        message="",
        tags=(),
        parent_run_id=None,
        run_dir=Path("."),
        missing_files=(),
    )
    runs = [
        dataclasses.replace(
            base,
            id=f"{i:012x}",
            name=f"run {i}",
            tags=("odd",) if i % 2 else (),
            notes="a milestone run" if i % 50 == 25 else "",
            final_metrics={"val_loss": 5.0 - i / 1000, "val_accuracy": i / 1000},
        )
        for i in range(1000)
    ]
    model, proxy = RunsTableModel(), RunsFilterProxy()
    proxy.setSourceModel(model)
    # How fast this is, is benchmarks/history_scale.py's question: a timing here would only
    # measure how busy the machine is.
    model.set_runs(runs)
    proxy.sort(COLUMN_INDEX["Val loss"], Qt.SortOrder.AscendingOrder)
    proxy.set_tag_filter("odd")
    proxy.set_text_filter("MILESTONE run")  # every word, any case, anywhere
    assert proxy.rowCount() == 20  # runs 25, 75, ..., 975: odd, with the note
    assert proxy.index(0, 0).data() == "run 975"  # the lowest loss first
    assert proxy.index(19, 0).data() == "run 25"
