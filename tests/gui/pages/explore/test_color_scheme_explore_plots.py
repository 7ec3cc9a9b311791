"""Explore's attention, layer and embedding plots, Transfer's and the sweep's take the scheme's colours.

In a dark session they are dark from the moment they are made (they used to start white, or draw
black labels), and they follow a switch of the system scheme both ways (theme.apply_color_scheme).
The pixels of a grabbed plot are checked, not only the brush it was given.
"""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from mlmstudio.gui import theme
from mlmstudio.gui.pages.explore.attention_tab import AttentionTab
from mlmstudio.gui.pages.explore.embeddings_tab import EmbeddingsTab
from mlmstudio.gui.pages.explore.layers_tab import LayersTab
from mlmstudio.gui.pages.explore.transfer_tab import TransferTab
from mlmstudio.gui.pages.explore_page import ExplorePage
from mlmstudio.gui.widgets.sweep_plots import SweepPlots
from mlmstudio.sweep.space import SweepParam

from explore_helpers import ANSWER_MS, ask

TEXT = "The capital of France is Paris."


@pytest.fixture
def dark(qapp):
    """A session that starts dark, as create_application leaves it: a dark palette and plot defaults."""
    before = QPalette(qapp.palette())
    qapp.setPalette(theme.dark_palette())
    theme.configure_plots(qapp.palette())
    yield qapp
    qapp.setPalette(before)
    theme.configure_plots(before)


@pytest.fixture
def page(qtbot, trained_db, history):
    page = ExplorePage(trained_db)
    qtbot.addWidget(page)
    page.resize(1200, 760)
    page.show()
    page.select_run(history.modern_id)
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=ANSWER_MS)
    yield page
    page.wait_idle()


def _plots(page: ExplorePage) -> dict[str, pg.GraphicsView]:
    attention, layers = page.tab(AttentionTab), page.tab(LayersTab)
    return {
        "attention grid": attention.grid,
        "attention map": attention.zoom,
        "layer map": layers.map,
        "embedding map": page.tab(EmbeddingsTab).plot,
        "transfer plot": page.tab(TransferTab).plot,
    }


def _background_lightness(graphics: pg.GraphicsView) -> int:
    """Of the grabbed widget's top-left corner: background (no axis or map reaches it)."""
    return graphics.grab().toImage().pixelColor(QPoint(3, 3)).lightness()


def _axis_colours(plot: pg.PlotWidget) -> list[int]:
    lightness = []
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        lightness += [axis.pen().color().lightness(), axis.textPen().color().lightness()]
        label_colour = axis.labelStyle.get("color")
        if label_colour:
            lightness.append(pg.mkColor(label_colour).lightness())
    return lightness


def _show_everything(page: ExplorePage, qtbot) -> None:
    page.sentence.set_text(TEXT)
    attention = page.tab(AttentionTab)
    page.tabs.setCurrentWidget(attention)
    ask(qtbot, page, attention.show_button)
    embeddings = page.tab(EmbeddingsTab)
    page.tabs.setCurrentWidget(embeddings)
    embeddings.word.setText("a")
    ask(qtbot, page, embeddings.show_button)


def _dark_everywhere(page: ExplorePage) -> list[str]:
    wrong = []
    for name, graphics in _plots(page).items():
        if graphics.backgroundBrush().color().lightness() >= 64:
            wrong.append(f"{name}: background brush")
        if _background_lightness(graphics) >= 64:
            wrong.append(f"{name}: background pixels")
        if isinstance(graphics, pg.PlotWidget) and min(_axis_colours(graphics)) <= 192:
            wrong.append(f"{name}: axis colours {_axis_colours(graphics)}")
    attention = page.tab(AttentionTab)
    for label in attention._grid_labels:
        if pg.mkColor(label.opts["color"]).lightness() <= 192:
            wrong.append(f"attention grid label {label.text!r}")
    if attention.colour_bar.axis.textPen().color().lightness() <= 192:
        wrong.append("attention colour bar")
    embeddings = page.tab(EmbeddingsTab)
    if embeddings.labels and embeddings.labels[0].color.lightness() <= 192:
        wrong.append("the embedding map's word label")
    return wrong


def test_explore_plots_start_dark_in_a_dark_session(dark, page, qtbot):
    for name, graphics in _plots(page).items():  # before anything is asked
        assert graphics.backgroundBrush().color().lightness() < 64, name
    _show_everything(page, qtbot)
    for tab in (AttentionTab, EmbeddingsTab, LayersTab, TransferTab):
        page.tabs.setCurrentWidget(page.tab(tab))
        qtbot.wait(20)
    assert not _dark_everywhere(page), _dark_everywhere(page)
    page.tabs.setCurrentWidget(page.tab(AttentionTab))
    # The grid's own pixels: dark around the maps (their top row is only head names).
    image = page.tab(AttentionTab).grid.grab().toImage()
    assert image.pixelColor(QPoint(image.width() // 2, 3)).lightness() < 64


def test_explore_plots_follow_a_scheme_switch(qapp, page, qtbot):
    before = QPalette(qapp.palette())
    assert not theme.is_dark(before)
    theme.follow_color_scheme(qapp)
    try:
        _show_everything(page, qtbot)
        for name, graphics in _plots(page).items():
            assert graphics.backgroundBrush().color().lightness() > 192, name

        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        qtbot.wait(50)  # the palette events and the second restyle are posted
        assert not _dark_everywhere(page), _dark_everywhere(page)

        # A new answer drawn in the dark keeps the dark (its labels are drawn anew).
        page.tabs.setCurrentWidget(page.tab(AttentionTab))
        ask(qtbot, page, page.tab(AttentionTab).show_button)
        assert not _dark_everywhere(page), _dark_everywhere(page)

        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
        qtbot.wait(50)
        for name, graphics in _plots(page).items():
            assert graphics.backgroundBrush().color().lightness() > 192, name
        for label in page.tab(AttentionTab)._grid_labels:
            assert pg.mkColor(label.opts["color"]).lightness() < 64
    finally:
        qapp.setPalette(before)
        theme.configure_plots(before)


def test_a_palette_change_alone_restyles_them(qapp, page):
    """A platform that delivers its dark palette without a scheme signal: the palette event suffices."""
    before = QPalette(qapp.palette())
    try:
        qapp.setPalette(theme.dark_palette())
        QApplication.sendPostedEvents()
        for name, graphics in _plots(page).items():
            assert graphics.backgroundBrush().color().lightness() < 64, name
    finally:
        qapp.setPalette(before)
        QApplication.sendPostedEvents()
        theme.configure_plots(before)


PARAMS = [SweepParam(section="training", field="learning_rate", kind="float", low=1e-4, high=1e-2, log=True)]


def test_sweep_plots_start_dark_and_follow_the_palette(dark, qtbot):
    plots = SweepPlots()
    qtbot.addWidget(plots)
    plots.set_params(PARAMS)
    plots.set_live(0, 3.0)  # a trial training: the plots show
    plots.resize(700, 500)
    plots.show()
    qtbot.waitExposed(plots)
    assert plots.showing_plots()
    for graphics in (plots.scatter, plots.parallel):
        assert graphics.backgroundBrush().color().lightness() < 64
        assert _background_lightness(graphics) < 64
        assert min(_axis_colours(graphics)) > 192
    title = plots.parallel.getPlotItem().titleLabel
    assert pg.mkColor(title.opts["color"]).lightness() > 192

    dark_palette = QPalette(dark.palette())
    dark.setPalette(QApplication.style().standardPalette())
    QApplication.sendPostedEvents()
    try:
        for graphics in (plots.scatter, plots.parallel):
            assert graphics.backgroundBrush().color().lightness() > 192
        assert pg.mkColor(title.opts["color"]).lightness() < 64
    finally:
        dark.setPalette(dark_palette)
