"""The compare view on its own: curves, colours, the settings table, exports.

Runs and curves are built by hand here, so every number on screen is known;
test_history_page.py drives the same view with really trained runs.
"""

from __future__ import annotations

import csv
import dataclasses
import math

import numpy as np
import pytest
from PySide6.QtGui import QImage

from mlmstudio.config import RunConfig
from mlmstudio.gui.run_colors import PALETTE, distinct_styles, run_color
from mlmstudio.gui.widgets.compare_view import CompareRun, CompareView, config_rows
from mlmstudio.store.records import Curve


def _config(**masking) -> dict:
    base = RunConfig()
    return dataclasses.replace(base, masking=dataclasses.replace(base.masking, **masking)).to_dict()


RUNS = [
    CompareRun("aaaa1111", "thirty", _config(mlm_probability=0.30), {"val_loss": 2.5, "val_accuracy": 0.4}),
    CompareRun("bbbb2222", "fifteen", _config(mlm_probability=0.15), {"val_loss": 2.9, "val_accuracy": 0.3}),
]


def _curve(run_id: str, metric: str, steps, values, seconds_per_step=0.5) -> Curve:
    split, name = metric.split("_", 1)
    steps = np.asarray(steps, dtype=np.int64)
    return Curve(run_id, split, name, steps, np.asarray(values, dtype=float), steps * seconds_per_step)


CURVES = {
    ("aaaa1111", "val_loss"): _curve("aaaa1111", "val_loss", [10, 20, 30], [3.0, 2.7, 2.5]),
    ("bbbb2222", "val_loss"): _curve("bbbb2222", "val_loss", [10, 20], [3.2, 2.9], seconds_per_step=1.0),
    ("aaaa1111", "train_loss"): _curve("aaaa1111", "train_loss", range(1, 31), np.linspace(4, 2.4, 30)),
}


def load(run_id: str, metric: str) -> Curve | None:
    return CURVES.get((run_id, metric))


@pytest.fixture
def view(qtbot):
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    view.set_runs(RUNS, load)
    return view


def test_one_curve_per_run_in_its_own_colour_with_a_legend(view):
    items = view.curve_items()
    assert set(items) == {"aaaa1111", "bbbb2222"}
    x, y = items["aaaa1111"].xData, items["aaaa1111"].yData
    assert list(x) == [10, 20, 30] and list(y) == [3.0, 2.7, 2.5]
    styles = distinct_styles(["aaaa1111", "bbbb2222"])
    for run_id, item in items.items():
        assert item.opts["pen"].color().name() == styles[run_id][0].name()
    assert items["aaaa1111"].opts["pen"].color() != items["bbbb2222"].opts["pen"].color()
    assert sorted(label.text for _, label in view.legend.items) == ["fifteen", "thirty"]


def test_x_axis_by_time_uses_seconds_of_training(view):
    view.set_x_axis("time")
    x = view.curve_items()["bbbb2222"].xData
    assert list(x) == [10.0, 20.0]  # one second per step
    assert view.plot.getPlotItem().getAxis("bottom").labelText.startswith("Elapsed time")


def test_a_metric_only_some_runs_recorded_plots_those_and_says_so(view, qtbot):
    with qtbot.waitSignal(view.status_message) as blocker:
        view.set_metric("train_loss")
    assert set(view.curve_items()) == {"aaaa1111"}
    assert "fifteen" in blocker.args[0]


def test_perplexity_is_e_to_the_validation_loss(view):
    view.set_metric("val_perplexity")
    items = view.curve_items()
    assert set(items) == {"aaaa1111", "bbbb2222"}
    assert list(items["aaaa1111"].xData) == [10, 20, 30]
    assert list(items["aaaa1111"].yData) == pytest.approx([math.exp(v) for v in (3.0, 2.7, 2.5)])
    assert "choosing evenly among" in view.plot.getPlotItem().getAxis("left").toolTip()
    rows = {name: values for name, values, _ in view._result_rows()}
    assert rows["result: val perplexity"] == [f"{math.exp(2.5):.2f}", f"{math.exp(2.9):.2f}"]


def test_hovering_the_loss_axis_explains_nats_and_ln_v(view):
    view.set_metric("val_loss")
    tip = view.plot.getPlotItem().getAxis("left").toolTip()
    assert "nats" in tip and "ln V" in tip and "random guess" in tip.lower()


def test_no_data_shows_a_sentence_instead_of_an_empty_plot(view):
    view.set_metric("train_lr")
    assert view.curve_items() == {}
    assert "None of these runs recorded" in view._empty_text.textItem.toPlainText()


def test_settings_table_can_show_only_the_differences(view):
    assert view.diff_only.isChecked()
    shown = view.visible_setting_rows()
    assert "masking.mlm_probability" in shown
    assert "model.d_model" not in shown  # the same in both runs
    assert shown[:2] == ["result: val loss", "result: val accuracy"]
    view.diff_only.setChecked(False)
    everything = view.visible_setting_rows()
    assert "model.d_model" in everything and len(everything) > len(shown)
    row = everything.index("masking.mlm_probability")
    assert [view.table.item(row, c).text() for c in range(2)] == ["0.3", "0.15"]


def test_config_rows_flag_exactly_the_differing_settings():
    rows = config_rows(RUNS)
    differing = [name for name, _, differs in rows if differs]
    assert differing == ["masking.mlm_probability"]
    # A run whose stored config no longer loads (None) still gets a column.
    rows = config_rows([RUNS[0], CompareRun("cccc", "broken", None)])
    assert all(values[1] is None for _, values, _ in rows)


def test_export_csv_writes_the_shown_curves_aligned_by_step(view, tmp_path):
    path = view.export_csv(tmp_path / "curves.csv")
    with path.open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["step", "thirty", "fifteen"]
    assert rows[1:] == [["10", "3.0", "3.2"], ["20", "2.7", "2.9"], ["30", "2.5", ""]]


def test_export_png_writes_an_image_of_the_plot(view, tmp_path):
    path = view.export_png(tmp_path / "plot.png", width=800)
    image = QImage(str(path))
    assert not image.isNull() and image.width() == 800
    # Not blank: the two curves put several distinct colours on the image.
    colours = {image.pixel(x, y) for x in range(0, 800, 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 3


def test_export_buttons_use_the_file_dialog(view, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "from-dialog.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    view.export_csv_button.click()
    assert target.read_text().startswith("step,")
    target = tmp_path / "from-dialog.png"
    view.export_png_button.click()
    assert QImage(str(target)).width() > 0


def test_clearing_disables_exports(view):
    view.clear()
    assert view.curve_items() == {}
    assert not view.export_csv_button.isEnabled() and not view.export_png_button.isEnabled()


def test_run_colours_are_stable_and_from_the_palette():
    assert run_color("abc").name() == run_color("abc").name()
    assert run_color("abc").name().upper() in PALETTE
    # Within one comparison colours never repeat until the palette is used up.
    ids = [f"run{i}" for i in range(len(PALETTE))]
    styles = distinct_styles(ids)
    assert len({colour.name() for colour, _ in styles.values()}) == len(PALETTE)
    # A run keeps its own colour when nothing else claims it.
    alone = distinct_styles(["abc"])
    assert alone["abc"][0].name() == run_color("abc").name()


def test_the_shared_detection_metric_is_a_curve_and_a_result_row(qtbot):
    """An MLM and an ELECTRA run compared on the evaluation both report (engine/inspect/detection_metric.py)."""
    runs = [
        CompareRun("aaaa1111", "mlm", _config(), {"val_loss": 2.5, "detection_auc": 0.71}),
        CompareRun("bbbb2222", "electra", _config(), {"val_loss": 3.1, "detection_auc": 0.83}),
    ]
    curves = {
        (r.id, "val_detection_auc"): _curve(r.id, "val_detection_auc", [10, 20], values)
        for r, values in zip(runs, ([0.6, 0.71], [0.7, 0.83]), strict=True)
    }
    view = CompareView()
    qtbot.addWidget(view)
    view.set_runs(runs, lambda run_id, metric: curves.get((run_id, metric)))
    view.set_metric("val_detection_auc")
    items = view.curve_items()
    assert list(items["bbbb2222"].yData) == [0.7, 0.83]
    rows = {name: values for name, values, _ in view._result_rows()}
    assert rows["result: detection AUC"] == ["0.710", "0.830"]
