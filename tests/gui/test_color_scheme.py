"""The app follows the system's light/dark scheme, and every text colour it defines reads at 4.5:1."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from mlmstudio.engine.inspect.token_loss_html import difference_colour, heat_colour
from mlmstudio.gui import theme
from mlmstudio.gui.pages import help_page
from mlmstudio.gui.pages.explore.answers import best_sequence_html
from mlmstudio.gui.theme import configure_plots
from mlmstudio.gui.widgets import masking_preview
from mlmstudio.gui.widgets.compare_view import CompareView
from mlmstudio.gui.widgets.live_plots import LivePlots

AA = 4.5  # WCAG 2.x, normal text


@pytest.fixture
def light_again():
    """Every test here leaves the app in the light palette it found."""
    app = QApplication.instance()
    before = QPalette(app.palette())
    yield app
    app.setPalette(before)
    configure_plots(before)


def _axis_text(plot_item) -> tuple[str, str]:
    axis = plot_item.getAxis("bottom")
    return axis.pen().color().name(), axis.textPen().color().name()


def test_scheme_change_turns_plots_and_messages_dark(qtbot, light_again):
    app = light_again
    assert not theme.is_dark(app.palette())
    theme.follow_color_scheme(app)
    plain = pg.PlotWidget()
    legend = plain.addLegend()
    plain.plot([0, 1], [0, 1], name="loss")
    live, compare = LivePlots(), CompareView()
    label = theme.MessageLabel("error")
    for widget in (plain, live, compare, label):
        qtbot.addWidget(widget)
    light_label_style = label.styleSheet()
    assert QApplication.instance().palette().color(QPalette.ColorRole.Base).lightness() > 128

    # What the platform sends when the user switches the system to dark mode.
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)

    assert theme.is_dark(app.palette())
    qtbot.wait(50)  # the widgets' palette events and the second restyle are posted
    for graphics in (plain, live.graphics, compare.plot):
        assert graphics.backgroundBrush().color().lightness() < 64, graphics
    for item in (plain.getPlotItem(), live.loss_plot, compare.plot.getPlotItem()):
        pen, text = _axis_text(item)
        assert pg.mkColor(pen).lightness() > 192 and pg.mkColor(text).lightness() > 192
    assert legend.items[0][1].opts["color"].lightness() > 192
    assert label.styleSheet() != light_label_style
    assert theme.message_color("error", app.palette()) in label.styleSheet()
    # New plots take the dark defaults too.
    assert pg.mkColor(pg.getConfigOption("background")).lightness() < 64

    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert not theme.is_dark(app.palette())
    qtbot.wait(50)
    assert plain.backgroundBrush().color().lightness() > 192
    assert label.styleSheet() == light_label_style


def _answer_colours(palette: QPalette) -> tuple[str, str]:
    """(text, background) of a filled-in answer as Explore draws it."""
    html = best_sequence_html("a [MASK] b", [[{"token_str": "x"}]], palette)
    style = html.split("style='")[1].split("'")[0]
    parts = dict(p.strip().split(":") for p in style.split(";"))
    return parts["color"], parts["background-color"]


def _schemes() -> list[QPalette]:
    app = QApplication.instance()
    return [app.style().standardPalette(), theme.dark_palette()]


def test_every_text_colour_reaches_aa_in_both_schemes(qapp):
    low: list[str] = []

    def check(what: str, text, background) -> None:
        ratio = theme.contrast_ratio(text, background)
        if ratio < AA:
            low.append(f"{what}: {ratio:.2f}")

    for palette in _schemes():
        scheme = "dark" if theme.is_dark(palette) else "light"
        window = palette.color(QPalette.ColorRole.Window)
        base = palette.color(QPalette.ColorRole.Base)
        for kind in theme._KINDS:
            check(f"{scheme} {kind} on window", theme.message_color(kind, palette), window)
            check(f"{scheme} {kind} on base", theme.message_color(kind, palette), base)
        # Plot axis and legend text: the palette's Text on its Base (configure_plots, restyle_plots).
        check(f"{scheme} plot text", palette.color(QPalette.ColorRole.Text), base)
        check(f"{scheme} window text", palette.color(QPalette.ColorRole.WindowText), window)
        check(
            f"{scheme} highlighted answer",
            *_answer_colours(palette),
        )
    # The heat ramps draw their own background under their own text colour.
    for step in range(201):
        check(f"heat {step}", *reversed(heat_colour(step / 200, 1.0)))
        check(f"difference {step}", *reversed(difference_colour(step / 100 - 1, 1.0)))
    # Masking chips and the Help page's chips: white text on each chip colour.
    for module in (masking_preview, help_page):
        for name in ("MASK_COLOR", "RANDOM_COLOR", "KEPT_COLOR"):
            check(f"{module.__name__}.{name}", "#ffffff", getattr(module, name))
    check("help plain chip", "#000000", help_page.PLAIN_BACKGROUND)
    assert not low, low


def test_contrast_ratio_matches_wcag_reference():
    assert theme.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert theme.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
