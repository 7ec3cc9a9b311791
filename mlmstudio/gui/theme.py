"""Colours that stay readable in the system's light and dark palettes.

The app keeps the platform's palette; only messages need colours of their
own. ``MessageLabel`` picks them from the current palette and picks again when
the palette changes (the user switches the system to dark mode).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QWidget

# (text on a light window, text on a dark window, banner background rgb); all >= 4.5:1 (WCAG AA)
_KINDS = {
    "muted": ("#595959", "#b0b0b0", "128, 128, 128"),
    "error": ("#b00020", "#ff8a80", "214, 39, 40"),
    "warning": ("#7a4f00", "#ffd180", "230, 160, 20"),
}


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def message_color(kind: str, palette: QPalette) -> str:
    light, dark, _ = _KINDS[kind]
    return dark if is_dark(palette) else light


def message_style(kind: str, palette: QPalette, banner: bool) -> str:
    rgb = _KINDS[kind][2]
    style = f"color: {message_color(kind, palette)};"
    if banner:
        style += (
            f" background: rgba({rgb}, 0.12); border: 1px solid rgba({rgb}, 0.55);"
            " border-radius: 4px; padding: 6px;"
        )
    return f"QLabel {{ {style} }}"


class MessageLabel(QLabel):
    """A word-wrapped error or warning, hidden while empty; a banner or plain coloured text."""

    def __init__(self, kind: str = "error", banner: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind, self.banner = kind, banner
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._restyle()
        self.hide()

    def show_message(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))

    def message(self) -> str:
        return self.text() if not self.isHidden() else ""

    def changeEvent(self, event: QEvent) -> None:
        # Only the application's palette: our own style sheet changes this label's palette.
        if event.type() == QEvent.Type.ApplicationPaletteChange:
            self._restyle()
        super().changeEvent(event)

    def _restyle(self) -> None:
        style = message_style(self.kind, QGuiApplication.palette(), self.banner)
        if style != self.styleSheet():
            self.setStyleSheet(style)


# -- Following the system's light/dark scheme ---------------------------------


def dark_palette() -> QPalette:
    """A dark palette for platforms that report a dark scheme but keep a light palette."""
    from PySide6.QtGui import QColor

    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2b2b",
        QPalette.ColorRole.WindowText: "#e8e8e8",
        QPalette.ColorRole.Base: "#1e1e1e",
        QPalette.ColorRole.AlternateBase: "#2b2b2b",
        QPalette.ColorRole.Text: "#e8e8e8",
        QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#e8e8e8",
        QPalette.ColorRole.ToolTipBase: "#353535",
        QPalette.ColorRole.ToolTipText: "#e8e8e8",
        QPalette.ColorRole.PlaceholderText: "#a0a0a0",
        QPalette.ColorRole.Highlight: "#2f65a0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#8ab4f8",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    return palette


def palette_for_scheme(scheme: Qt.ColorScheme) -> QPalette:
    app = QGuiApplication.instance()
    current = app.palette()
    if scheme == Qt.ColorScheme.Dark and not is_dark(current):
        return dark_palette()
    if scheme == Qt.ColorScheme.Light and is_dark(current):
        from PySide6.QtWidgets import QApplication

        return QApplication.style().standardPalette()
    return current


def configure_plots(palette: QPalette) -> None:
    """pyqtgraph's defaults from the palette, for every plot created from now on."""
    import pyqtgraph as pg  # here, not at import: theme is imported before the first frame

    pg.setConfigOptions(
        antialias=True,
        background=palette.color(QPalette.ColorRole.Base),
        foreground=palette.color(QPalette.ColorRole.Text),
    )
    from mlmstudio.gui.i18n import localize_plot_axes

    localize_plot_axes()  # tick numbers in the app's language (2,5 in German)
    app = QGuiApplication.instance()
    if app is not None:
        app.setProperty(_PLOTS_PENDING, False)


_PLOTS_PENDING = "mlm_plots_pending"


def configure_plots_later(app: QGuiApplication) -> None:
    """``configure_plots`` now if pyqtgraph is loaded, else at ``configure_plots_if_pending``.

    pyqtgraph (about 0.15 s) is not imported before the first frame: the pages that make
    plots call ``configure_plots_if_pending`` before they make the first one.
    """
    if "pyqtgraph" in sys.modules:
        configure_plots(app.palette())
    else:
        app.setProperty(_PLOTS_PENDING, True)


def configure_plots_if_pending() -> None:
    """The plot defaults ``configure_plots_later`` left for later, from the palette of now."""
    app = QGuiApplication.instance()
    if app is not None and app.property(_PLOTS_PENDING):
        configure_plots(app.palette())


def apply_color_scheme(scheme: Qt.ColorScheme) -> None:
    """Switch the app to ``scheme``: palette, then plot defaults; widgets recolour on the palette change."""
    app = QGuiApplication.instance()
    palette = palette_for_scheme(scheme)
    if palette is not app.palette():
        # Qt sends ApplicationPaletteChange to every widget: plots and MessageLabels restyle then.
        app.setPalette(palette)
    configure_plots(app.palette())
    restyle_plots(app.palette())
    # Widgets get their new palette from posted events: restyle again once those are delivered.
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, app, lambda: restyle_plots(app.palette()))


def restyle_plots(palette: QPalette) -> None:
    """Every pyqtgraph plot shown: background, axes and legend text from ``palette``.

    Plots that know their own theme (an ``apply_palette`` method) then apply it, so theirs wins.
    """
    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication

    for widget in QApplication.allWidgets():
        if isinstance(widget, MessageLabel):
            widget._restyle()  # now, not when a styled label gets its palette event (or never)
        if isinstance(widget, (pg.PlotWidget, pg.GraphicsLayoutWidget)):
            style_plot(widget, palette)
        for name in ("apply_palette", "_apply_palette"):
            method = getattr(widget, name, None)
            if callable(method):
                method(palette) if name == "apply_palette" else method()


def style_plot(widget, palette: QPalette) -> None:
    """One pyqtgraph ``PlotWidget`` or ``GraphicsLayoutWidget`` in ``palette``'s plot colours.

    Its background, every axis (colour bars' included) and every legend's text.
    """
    import pyqtgraph as pg

    background = palette.color(QPalette.ColorRole.Base)
    foreground = palette.color(QPalette.ColorRole.Text)
    widget.setBackground(background)
    for item in widget.scene().items():
        if isinstance(item, pg.AxisItem):
            item.setPen(pg.mkPen(foreground))
            item.setTextPen(pg.mkPen(foreground))
        elif isinstance(item, pg.LegendItem):
            item.setLabelTextColor(foreground)
            for _sample, label in item.items:
                label.setText(label.text, color=foreground)


def follow_color_scheme(app: QGuiApplication) -> None:
    """Restyle the app whenever the system switches between light and dark (Qt 6.5+)."""
    hints = app.styleHints()
    # create_application may run more than once per process: connect once.
    if hasattr(hints, "colorSchemeChanged") and not app.property("mlm_follows_scheme"):
        hints.colorSchemeChanged.connect(apply_color_scheme)
        app.setProperty("mlm_follows_scheme", True)


# -- Contrast (WCAG 2.x) ----------------------------------------------------------


def relative_luminance(colour) -> float:
    from PySide6.QtGui import QColor

    c = QColor(colour)

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast_ratio(a, b) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(background) -> str:
    """Black or white, whichever reads better on ``background`` (one always reaches 4.58:1)."""
    return max(("#000000", "#ffffff"), key=lambda text: contrast_ratio(text, background))
