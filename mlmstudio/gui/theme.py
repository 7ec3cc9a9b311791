"""Colours that stay readable in the system's light and dark palettes.

The app keeps the platform's palette; only messages need colours of their
own. ``MessageLabel`` picks them from the current palette and picks again when
the palette changes (the user switches the system to dark mode).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QWidget

# (text on a light window, text on a dark window, banner background rgb)
_KINDS = {
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
