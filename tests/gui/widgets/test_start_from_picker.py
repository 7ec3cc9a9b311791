"""Setup → "Start from a model…" (issue 17, item 3): a transformers folder chosen in Setup is
opened into the history, the run continues it (the config's start_from, the continued defaults,
the model's own tokenizer and size with their controls off), and Start trains it to a finished
run in History whose held-out curve starts at step 0. "Train from scratch" clears it all."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from mlmstudio.config import TrainingConfig
from mlmstudio.engine.start_from import CONTINUED_LR, CONTINUED_WARMUP
from mlmstudio.gui.widgets.start_from_picker import WHY_SMALLER
from mlmstudio.store.service import get_run, load_curve

FINISH_MS = 120_000


@pytest.fixture(scope="module")
def bert_folder(tmp_path_factory):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from hf_family_models import build_family

    return build_family("bert", tmp_path_factory.mktemp("start-from") / "bert")


def _wait_idle(qtbot, window):
    qtbot.waitUntil(lambda: not window.corpus_page.is_loading(), timeout=30_000)
    qtbot.waitUntil(lambda: not window.setup_page.start_from.is_busy(), timeout=FINISH_MS)
    qtbot.waitUntil(lambda: not window.setup_page.preview.is_busy(), timeout=30_000)
    window.setup_page.flush()


@pytest.mark.slow  # opens a model and trains it
def test_start_from_a_folder_trains_a_continued_run_into_history(
    qtbot, window, db, make_tiny_config, bert_folder, monkeypatch
):
    page = window.setup_page
    with qtbot.waitSignal(window.corpus_page.corpus_loaded, timeout=30_000):
        window.corpus_page.load_sample("facts")
    page.set_config(make_tiny_config(steps=4, eval_every=2))
    _wait_idle(qtbot, window)

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(bert_folder)))
    with qtbot.waitSignal(page.start_from.config_ready, timeout=FINISH_MS):
        page.start_from.folder_button.click()
    _wait_idle(qtbot, window)
    cfg = page.config()
    assert cfg.training.start_from, page.start_from.error.text()

    def opened():  # the folder is opened into the history (listed in a worker) and continued from there
        return [
            run for run in window.runs.with_model() if str(run.run_dir.resolve()) == cfg.training.start_from
        ]

    qtbot.waitUntil(lambda: bool(opened()), timeout=30_000)
    saved = json.loads((opened()[0].run_dir / "config.json").read_text())
    assert cfg.model.d_model == saved["model"]["d_model"] and cfg.tokenizer.kind == saved["tokenizer"]["kind"]
    assert (cfg.training.lr, cfg.training.warmup) == (CONTINUED_LR, CONTINUED_WARMUP)
    assert not page.forms["tokenizer"].isEnabled() and not page.forms["model"].isEnabled()
    assert not page.simple.size_slider.isEnabled() and not page.preset_combo.isEnabled()
    assert (
        WHY_SMALLER in page.start_from.note.text() and "own tokenizer and size" in page.start_from.note.text()
    )
    assert page.start_from.combo.currentData() == cfg.training.start_from
    # "Also test on": a general text, so forgetting shows as its own curve.
    general = page.start_from.general_text
    assert general.isVisibleTo(page.start_from) and general.value() == ""
    index = general.combo.findData("sample:pydoc")
    general.combo.setCurrentIndex(index)
    general.combo.activated.emit(index)
    cfg = page.config()
    assert cfg.training.general_text == "sample:pydoc" and cfg.training.start_from
    assert page.is_valid(), page.problems()

    # The page's real Start path, to a finished run in History.
    with qtbot.waitSignal(window.train_page.run_finished, timeout=FINISH_MS) as finished:
        qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    run_id, outcome = finished.args
    assert outcome.status == "completed", outcome
    qtbot.waitUntil(lambda: not window.train_page.is_training(), timeout=10_000)
    run_config = json.loads((get_run(db, run_id).summary.run_dir / "config.json").read_text())
    assert run_config["training"]["start_from"] == cfg.training.start_from
    assert list(load_curve(db, run_id, "val", "loss").steps)[0] == 0
    assert run_config["training"]["general_text"] == "sample:pydoc"
    assert list(load_curve(db, run_id, "general", "loss").steps)[0] == 0  # the untouched model's, then on
    assert window.train_page.plots.curve_points("general_loss") >= 2
    window.runs.refresh()
    qtbot.waitUntil(lambda: window.history_page.model.row_of(run_id) is not None, timeout=30_000)

    # "Train from scratch" clears it: the defaults and the controls come back.
    page.start_from.combo.setCurrentIndex(0)
    page.start_from.combo.activated.emit(0)
    cfg = page.config()
    assert cfg.training.start_from == "" and cfg.training.general_text == ""
    assert not general.isVisibleTo(page.start_from)
    assert (cfg.training.lr, cfg.training.warmup) == (TrainingConfig().lr, TrainingConfig().warmup)
    assert page.forms["tokenizer"].isEnabled() and page.simple.size_slider.isEnabled()
