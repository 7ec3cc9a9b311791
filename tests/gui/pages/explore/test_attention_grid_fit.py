"""The attention grid shows every head of a layer side by side at 1280 px (it showed 6 of 8)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from mlmstudio.engine.inspect.attention import AttentionMap
from mlmstudio.gui.pages.explore.attention_tab import CELL, MIN_CELL, AttentionTab


def _map(layers: int, heads: int, tokens: int = 7) -> AttentionMap:
    rng = np.random.default_rng(0)
    weights = rng.random((layers, heads, tokens, tokens)).astype(np.float32)
    weights /= weights.sum(-1, keepdims=True)
    names = ["[CLS]", *(f"w{i}" for i in range(tokens - 2)), "[SEP]"]
    return AttentionMap("text", names, list(range(tokens)), weights, tokens - 2)


def test_eight_heads_fit_the_grid_of_an_explore_tab_at_1280_px(qtbot):
    tab = AttentionTab(SimpleNamespace(show_error=lambda _m: None))
    qtbot.addWidget(tab)
    tab.resize(1100, 560)  # the Explore tab's room in a 1280×800 window
    tab.show()
    qtbot.waitExposed(tab)
    tab.show_map(_map(layers=4, heads=8))
    qtbot.wait(50)
    assert MIN_CELL <= tab.cell_size() < CELL
    assert tab.grid_area.horizontalScrollBar().maximum() == 0
    # Few heads keep the full size.
    tab.show_map(_map(layers=2, heads=2))
    qtbot.wait(50)
    assert tab.cell_size() == CELL
