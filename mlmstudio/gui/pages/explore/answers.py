"""Small helpers the Explore tabs share to draw answers: best fillings, percentages, layouts.

Qt appears only where a helper returns a widget or reads a palette; the text
helpers are plain functions so their output can be tested directly.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QLayout, QScrollArea, QWidget

from mlmstudio.gui.i18n import number, translate
from mlmstudio.gui.theme import readable_on
from mlmstudio.gui.widgets.clickable_text import MASK
from mlmstudio.gui.widgets.prediction_view import readable_token
from mlmstudio.store.records import RunSummary


def run_label(run: RunSummary) -> str:
    """How a run is named in the run pickers: name, accuracy and a short id."""
    acc = run.val_accuracy
    if acc is None:
        return f"{run.name}  ({run.id[:6]})"
    return translate("ExploreAnswers", "{name}  ({accuracy:.0%} acc, {id})").format(
        name=run.name, accuracy=acc, id=run.id[:6]
    )


def percent(p: float) -> str:
    """A probability for people: 12.34%, or 3.1e-07 when too small for percent to show it."""
    return number(p, ".2%") if p >= 1e-4 or p == 0.0 else number(p, ".1e")


def best_sequence(text: str, masks: list[list[dict[str, Any]]]) -> str:
    """The text with every [MASK] replaced by its single most likely token."""
    parts = text.split(MASK)
    out = [parts[0]]
    for n, part in enumerate(parts[1:]):
        out.append(masks[n][0]["token_str"] if n < len(masks) and masks[n] else MASK)
        out.append(part)
    return "".join(out)


def best_sequence_html(text: str, masks: list[list[dict[str, Any]]], palette: QPalette) -> str:
    """The most likely filling as rich text, the filled-in tokens highlighted (spaces made visible)."""
    background = palette.color(QPalette.ColorRole.Highlight).name()
    # Not HighlightedText: some platform palettes pair them at under 4.5:1 (Fusion: 3.7).
    foreground = readable_on(background)
    parts = text.split(MASK)
    html = [escape(parts[0])]
    for n, part in enumerate(parts[1:]):
        if n < len(masks) and masks[n]:
            token = escape(readable_token(str(masks[n][0]["token_str"])))
            html.append(f"<span style='background-color:{background}; color:{foreground}'>{token}</span>")
        else:
            html.append(escape(MASK))
        html.append(escape(part))
    return "".join(html)


def mask_title(index: int, count: int) -> str:
    if count == 1:
        return MASK
    return translate("ExploreAnswers", "[MASK] {number} of {count}").format(number=index + 1, count=count)


def scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    # See-through, so the answers sit on the tab's own background.
    area.viewport().setAutoFillBackground(False)
    widget.setAutoFillBackground(False)
    return area


def clear_layout(layout: QLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)  # gone from findChildren() at once, not at the next event loop
            widget.deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def blank_token_map(plot: Any) -> None:
    """A token-by-token map's axes (a pyqtgraph plot) before it has a map: no numbers at all.

    Its ticks are the sentence's tokens once a map is drawn; before that pyqtgraph's own
    ticks would read -500 … 500 "(x0.001)", a unit prefix that also cut the axis label.
    """
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.enableAutoSIPrefix(False)
        axis.setTicks([[], []])
    plot.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
