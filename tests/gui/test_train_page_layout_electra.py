"""An ELECTRA run's Train page at 1280×800: every plot at its full height, keys beside no curve.

Before (issue 21), the ELECTRA plots were stacked between the live curves and the probes: the
page needed 1,000 px, the layout squeezed the live plots under their minimum (the learning-rate
and tokens/s plots lost their lower half), and the ELECTRA plots' legends sat inside the plots,
over the curves and over each other. Now the probes and the ELECTRA plots share a tabbed place
below the live curves, and each ELECTRA plot's key is a line of text above it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget
from test_window_fits import clipped_axes, fit_report

from mlmstudio.engine.events import ProbeResult
from mlmstudio.gui.main_window import PAGES

TOTAL_STEPS = 400
DONE = 200
PROBES = [(f"Probe sentence number {i} is about [MASK].", f"answer{i}") for i in range(14)]
VERDICT = (
    "Completed after 200 steps. Held-out loss 3.176, masked-token accuracy 13.1%.\n"
    "It answers only 0 of its 14 fact questions, so it learned too little. To learn more: train "
    "longer, give a step count instead of minutes (steps do not depend on how busy the computer "
    "is), or close other programs while training."
)


def _rect(window: QWidget, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _legends_over_curves(plots) -> list[str]:
    """Legends drawn inside an ELECTRA plot's view (over its curves), or over each other."""
    bad = []
    rects = []
    for name, plot in (("losses", plots.loss_plot), ("spotting", plots.spot_plot)):
        legend = plot.legend
        if legend is None or not legend.isVisible() or not legend.items:
            continue
        rect = legend.sceneBoundingRect()
        if rect.intersects(plot.vb.sceneBoundingRect()):
            bad.append(f"the {name} legend {rect.getRect()} lies over its plot")
        rects.append((name, rect))
    for i, (first, a) in enumerate(rects):
        for second, b in rects[i + 1 :]:
            if a.intersects(b):
                bad.append(f"the {first} and {second} legends overlap")
    return bad


@pytest.fixture
def electra_page(window, qtbot):
    """Half of a 400-step ELECTRA run as the page draws it (rows as the worker hands them over)."""
    import numpy as np

    window.show_page(PAGES.index("Train"))
    page = window.train_page
    steps = np.arange(1, DONE + 1, dtype=float)
    page.plots.append_steps(
        np.stack([steps, steps / 50, 3.0 + 0 * steps, 7e-4 + 0 * steps, 1.2e4 + 0 * steps], 1)
    )
    evals = np.arange(20, DONE + 1, 20, dtype=float)
    page.plots.append_evals(
        np.stack([evals, evals / 50, 3.2 + 0 * evals, 0.1 + 0 * evals, 24.5 + 0 * evals], 1)
    )
    page.plots.set_baseline(4.01)
    page.plots.set_run_end(TOTAL_STEPS, TOTAL_STEPS / 50)
    page.electra_plots.append_steps(
        np.stack([steps, steps / 50, 3.0 + 0 * steps, 0.6 + 0 * steps, 0.72 + 0 * steps, 0.28 + 0 * steps], 1)
    )
    page.electra_plots.append_detection(np.stack([evals, evals / 50, 0.7 + 0 * evals], 1))
    page.probe_plot.add_records(
        [(int(s), [ProbeResult(q, a, s / 1000, a, False) for q, a in PROBES]) for s in evals]
    )
    page._show_electra(True)
    page.info_label.setText(
        "Vocabulary 55 tokens · 14,776 parameters · random-guess loss ln V = 4.01.\nCPU threads: adaptive, 1 of 2 cores (the window keeps a core)."
    )
    for _ in range(5):
        QApplication.processEvents()
    page.plots.refresh()
    page.electra_plots.refresh()
    qtbot.wait(50)
    return page


@pytest.mark.parametrize("state", ["training", "with a long verdict"])
def test_an_electra_run_fits_the_laptop_with_every_plot_whole(window, electra_page, qtbot, state):
    page = electra_page
    if state == "with a long verdict":
        page.state_label.setText(VERDICT)  # three lines at 1280 px, as a finished run's
        qtbot.wait(50)
    assert window.screen().availableGeometry().size().toTuple() == (1280, 800)
    assert page.electra_plots.isVisible()
    assert fit_report(window)["Train"] == []  # the page needs no scrolling, nothing lies outside
    window.show_page(PAGES.index("Train"))
    qtbot.wait(50)
    for widget in (page.plots, page.electra_plots, page.plots.graphics, page.electra_plots.graphics):
        assert widget.height() >= widget.minimumSizeHint().height(), type(widget).__name__
    assert clipped_axes(page.plots.graphics) == []
    assert clipped_axes(page.electra_plots.graphics) == []
    # The ELECTRA plots sit below the live curves, not over them.
    assert _rect(window, page.electra_plots).top() >= _rect(window, page.plots).bottom()


def test_the_electra_keys_cover_no_curve_and_no_other_key(electra_page):
    page = electra_page
    plots = page.electra_plots
    assert _legends_over_curves(plots) == []
    keys = [getattr(plots, name) for name in ("loss_key", "spot_key") if hasattr(plots, name)]
    assert keys, "each ELECTRA plot has a key"
    window = page.window()
    graphics = _rect(window, plots.graphics)
    rects = [_rect(window, key) for key in keys]
    for key, rect in zip(keys, rects, strict=True):
        assert key.isVisible() and not rect.intersects(graphics)
        assert key.height() >= key.heightForWidth(key.width())  # all its lines shown
    assert not rects[0].intersects(rects[1])
    assert "generator" in keys[0].text() and "detection AUC" in keys[1].text()


def test_the_electra_plots_share_the_x_axis_to_the_runs_end(electra_page):
    page = electra_page
    for plot in (page.plots.loss_plot, page.electra_plots.loss_plot, page.electra_plots.spot_plot):
        low, high = plot.viewRange()[0]
        assert TOTAL_STEPS <= high <= 1.1 * TOTAL_STEPS
        assert low <= 0.0 and low >= -0.1 * TOTAL_STEPS


def test_an_mlm_run_has_no_tab_bar_and_the_probes_where_they_were(window, qtbot):
    window.show_page(PAGES.index("Train"))
    page = window.train_page
    assert page.probe_plot.isVisible() and not page.electra_plots.isVisible()
    assert not page.lower_tabs.tabBar().isVisible()
