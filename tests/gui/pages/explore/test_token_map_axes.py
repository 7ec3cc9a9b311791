"""Before a map is drawn, the Attention and Layer-by-layer maps' axes show no numbers.

They showed pyqtgraph's own ticks, -500 … 500 with "(x0.001)" appended to the axis label, which
then no longer fitted beside the Layer-by-layer map ("the token that looks (x0.0…").
"""

from __future__ import annotations

from types import SimpleNamespace

from test_attention_grid_fit import _map

from mlmstudio.gui.pages.explore.attention_tab import AttentionTab
from mlmstudio.gui.pages.explore.layers_tab import LayersTab


def _shown_numbers(plot) -> list[str]:
    problems = []
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        if "x0" in axis.labelString() or "×" in axis.labelString():
            problems.append(f"{name} label {axis.labelString()!r}")
        levels = axis._tickLevels  # pyqtgraph: None means its own numeric ticks
        if levels is None or any(level for level in levels):
            problems.append(f"{name} ticks {levels!r}")
    return problems


def test_an_empty_attention_map_has_no_numbers_and_a_drawn_one_has_its_tokens(qtbot):
    tab = AttentionTab(SimpleNamespace(show_error=lambda _m: None))
    qtbot.addWidget(tab)
    tab.resize(1100, 560)
    tab.show()
    qtbot.waitExposed(tab)
    qtbot.wait(50)
    assert _shown_numbers(tab.zoom) == []
    tab.show_map(_map(layers=1, heads=2))
    labels = [text for _, text in tab.zoom.getAxis("bottom")._tickLevels[0]]
    assert labels[0] == "[CLS]"
    tab.clear()
    assert _shown_numbers(tab.zoom) == []


def test_an_empty_layer_by_layer_map_has_no_numbers(qtbot):
    tab = LayersTab(SimpleNamespace(show_error=lambda _m: None))
    qtbot.addWidget(tab)
    tab.resize(1100, 560)
    tab.show()
    qtbot.waitExposed(tab)
    qtbot.wait(50)
    assert _shown_numbers(tab.map) == []
    tab.clear()
    assert _shown_numbers(tab.map) == []
