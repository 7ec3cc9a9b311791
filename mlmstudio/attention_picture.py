"""Attention maps drawn into a PNG with QtGui alone: no window, no display, no matplotlib.

Both faces save the same picture: ``mlmstudio attention --png`` and the Explore
page's Attention tab ("Save picture"). It lives outside ``gui`` and ``cli``
because both use it and neither may import the other; it needs only QtGui
(QImage, QPainter), and when no Qt application runs yet (the CLI) it starts one
on the ``offscreen`` platform, which needs no display.

A picture is a grid: one row per layer, one column per head and a last one
with the average over heads. In each map the row is the token that looks (the
query) and the column the token it looks at (the key); the colour goes from 0
to the largest weight in the picture, on one scale for every map (viridis: dark
blue = nothing, yellow = the largest), so heads can be compared and faint ones
still show.
Token labels run down the left of the first column and under the last row
when the maps are big enough to read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QGuiApplication, QImage, QPainter

# matplotlib's viridis at nine even steps: readable in colour and in grey, light and dark themes alike.
VIRIDIS = ("#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725")
MAX_LABEL = 12  # characters of a token label before it is cut with an ellipsis
_app: QGuiApplication | None = None  # the one this module started, kept alive


def colour_table(steps: int = 256) -> np.ndarray:
    """[steps, 3] uint8: the colour of 0 .. 1, linearly between the VIRIDIS stops."""
    stops = np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in VIRIDIS], dtype=np.float64)
    x = np.linspace(0.0, 1.0, len(VIRIDIS))
    where = np.linspace(0.0, 1.0, steps)
    return np.stack([np.interp(where, x, stops[:, c]) for c in range(3)], axis=1).round().astype(np.uint8)


def label(token: str) -> str:
    """A token label cut to MAX_LABEL characters (callers make spaces visible: engine.inspect.attention.token_label)."""
    return token if len(token) <= MAX_LABEL else token[: MAX_LABEL - 1] + "\u2026"


def colour_top(maps: Sequence[Sequence[np.ndarray]]) -> float:
    """The weight drawn brightest: the largest in the picture (so faint heads still show), at most 1."""
    largest = max((float(np.max(grid)) for row in maps for grid in row), default=1.0)
    return min(1.0, largest) if largest > 0 else 1.0


def heat_image(weights: np.ndarray, top: float = 1.0) -> QImage:
    """A [T, T] map of values in 0..top as a T x T RGB image (one pixel per weight)."""
    table = colour_table()
    index = np.clip(np.nan_to_num(np.asarray(weights, dtype=np.float64)) / top, 0.0, 1.0)
    rgb = np.ascontiguousarray(table[(index * 255).round().astype(np.int64)])  # [T, T, 3]
    T_rows, T_cols = rgb.shape[:2]
    image = QImage(rgb.tobytes(), T_cols, T_rows, 3 * T_cols, QImage.Format.Format_RGB888)
    return image.copy()  # owns its pixels once the numpy buffer is gone


def render(
    maps: Sequence[Sequence[np.ndarray]],
    tokens: Sequence[str],
    *,
    row_titles: Sequence[str],
    column_titles: Sequence[str],
    title: str = "",
) -> QImage:
    """A grid of heatmaps, ``maps[row][column]`` each [T, T], with titles, token labels and a colour bar.

    Every map shares one colour scale, 0 to the largest weight in the picture (the bar says which).
    """
    _ensure_application()
    brightest = colour_top(maps)
    T = len(tokens)
    pixel = 14 if T <= 24 else 9 if T <= 64 else max(2, 576 // T)  # screen pixels per token
    cell = pixel * T
    with_labels = pixel >= 8
    font = QFont()
    font.setPixelSize(max(9, min(13, pixel)))
    metrics = QFontMetrics(font)
    labels = [label(t) for t in tokens]
    label_room = (max(metrics.horizontalAdvance(t) for t in labels) + 8) if with_labels else 0
    line = metrics.height()
    margin, gap = 16, 14
    row_title_w = max(metrics.horizontalAdvance(t) for t in row_titles) + 10
    rows, columns = len(maps), max(len(r) for r in maps)
    top = margin + (2 * line if title else 0) + line + 4
    left = margin + row_title_w + label_room
    width = left + columns * (cell + gap) - gap + margin
    grid_bottom = top + rows * (cell + gap + line) - gap
    height = grid_bottom + label_room + 3 * line + margin

    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setFont(font)
        painter.setPen(QColor("black"))
        if title:
            painter.drawText(
                QRect(margin, margin, width - 2 * margin, 2 * line),
                int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
                title,
            )
        for r, row in enumerate(maps):
            y = top + r * (cell + gap + line) + line
            painter.drawText(
                QRect(margin, y, row_title_w, cell), int(Qt.AlignmentFlag.AlignVCenter), row_titles[r]
            )
            for c, grid in enumerate(row):
                x = left + c * (cell + gap)
                painter.drawText(
                    QRect(x, y - line - 2, cell, line),
                    int(Qt.AlignmentFlag.AlignHCenter),
                    column_titles[c] if c < len(column_titles) else "",
                )
                painter.drawImage(QRect(x, y, cell, cell), heat_image(grid, brightest))
            if with_labels:  # the query tokens, down the left of the row
                for i, text in enumerate(labels):
                    painter.drawText(
                        QRect(left - label_room, y + i * pixel, label_room - 4, pixel),
                        int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                        text,
                    )
        if with_labels:  # the key tokens, under every column of the last row, written upwards
            y = grid_bottom + 4
            for c in range(columns):
                x = left + c * (cell + gap)
                for i, text in enumerate(labels):
                    painter.save()
                    painter.translate(x + i * pixel + pixel / 2 + line / 3, y)
                    painter.rotate(90)
                    painter.drawText(QRect(0, -line, label_room, line), int(Qt.AlignmentFlag.AlignLeft), text)
                    painter.restore()
        _colour_bar(
            painter, margin, height - margin - 2 * line, min(360, width - 2 * margin), line, brightest
        )
    finally:
        painter.end()
    return image


def render_attention(
    tokens: Sequence[str], weights: np.ndarray, *, title: str = "", layer_names: Sequence[str] | None = None
) -> QImage:
    """The whole layer x head grid of an attention map [L, H, T, T], an average column at the right."""
    weights = np.asarray(weights)
    names = list(layer_names) if layer_names else [f"layer {i + 1}" for i in range(weights.shape[0])]
    average = weights.mean(axis=1)
    maps = [[*weights[layer], average[layer]] for layer in range(weights.shape[0])]
    return render(
        maps,
        tokens,
        row_titles=names,
        column_titles=[f"head {h + 1}" for h in range(weights.shape[1])] + ["average"],
        title=title,
    )


def render_one(tokens: Sequence[str], grid: np.ndarray, *, name: str, title: str = "") -> QImage:
    """One map [T, T] on its own (the enlarged view), named e.g. 'layer 2, head 3'."""
    return render([[np.asarray(grid)]], tokens, row_titles=[""], column_titles=[name], title=title)


def save_png(image: QImage, path: str | Path) -> None:
    """Write the picture; OSError with the reason when it cannot be written."""
    path = Path(path)
    if not path.parent.is_dir():
        raise OSError(f"the folder {path.parent} does not exist")
    if not image.save(str(path), "PNG"):
        raise OSError(f"{path} could not be written (no permission, or the disk is full)")


def _colour_bar(painter: QPainter, x: int, y: int, width: int, line: int, top: float) -> None:
    metrics = QFontMetrics(painter.font())
    legend, end = "weight: 0", f"{top:.2f}"
    advance = metrics.horizontalAdvance(legend) + 6
    room = metrics.horizontalAdvance(end) + 6
    painter.drawText(QRect(x, y, advance, line), int(Qt.AlignmentFlag.AlignLeft), legend)
    bar = np.linspace(0.0, 1.0, 256)[None, :]
    painter.drawImage(QRect(x + advance, y + 2, width - advance - room, line - 4), heat_image(bar))
    painter.drawText(QRect(x + width - room + 4, y, room, line), int(Qt.AlignmentFlag.AlignLeft), end)


def _ensure_application() -> None:
    """Fonts need a Qt application: reuse the running one, else start one that needs no display.

    A QApplication, not a bare QGuiApplication: a process that later wants widgets (a test
    session, a script) cannot create its QApplication beside a QGuiApplication (Qt aborts).
    """
    global _app
    if QGuiApplication.instance() is None:
        from PySide6.QtWidgets import QApplication

        _app = QApplication(["mlmstudio", "-platform", "offscreen"])
