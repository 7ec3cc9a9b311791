"""Setup's Advanced view shows what the kept checkpoints cost on disk, next to the setting."""

from __future__ import annotations

import pytest

from mlmstudio.engine.estimates import estimate_parameters
from mlmstudio.engine.system_memory import human_bytes
from mlmstudio.gui.pages.setup_page import SetupPage


@pytest.fixture
def page(qtbot):
    page = SetupPage()
    qtbot.addWidget(page)
    page.set_view("advanced")
    page.show()
    yield page
    page.wait_idle()


def set_training(page, **values):
    for name, value in values.items():
        page.forms["training"].editor(name).setValue(value)
    page.flush()


def test_the_disk_cost_follows_the_setting_and_the_model(page):
    set_training(page, steps=1000, keep_checkpoints=8, time_budget=0.0)
    cfg = page.config()
    vocab, _ = page.estimated_vocab_size(cfg)
    weights = estimate_parameters(cfg.model, vocab) * 4
    note = page.forms["training"].note("keep_checkpoints")
    assert human_bytes(8 * weights) in note and human_bytes(weights) in note and "8 ×" in note
    assert "8, 16, 32, …, 512, 1,000" in note

    set_training(page, keep_checkpoints=2)
    note = page.forms["training"].note("keep_checkpoints")
    assert human_bytes(2 * weights) in note and "512, 1,000." in note

    set_training(page, time_budget=120.0)
    assert "1, 2, 4, 8, … and the end" in page.forms["training"].note("keep_checkpoints")

    set_training(page, keep_checkpoints=0)
    assert "None kept" in page.forms["training"].note("keep_checkpoints")


def test_the_setting_has_bounds_and_help(page):
    editor = page.forms["training"].editor("keep_checkpoints")
    assert (editor.minimum(), editor.maximum(), editor.value()) == (0, 64, 8)
    assert "disk" in editor.toolTip() and "1, 2, 4, 8" in editor.toolTip()
