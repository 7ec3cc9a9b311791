"""Stable, colour-blind-friendly colours for runs.

A run keeps its colour wherever it is drawn (the compare plot, the legend, a
list): the colour comes from a hash of the run id, not from its position in a
selection. The palette is Paul Tol's "bright" scheme, chosen to stay
distinguishable for the common kinds of colour blindness and readable on both
light and dark backgrounds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

# Paul Tol, "bright" qualitative scheme (https://personal.sron.nl/~pault/).
PALETTE: tuple[str, ...] = (
    "#4477AA",  # blue
    "#EE6677",  # red
    "#228833",  # green
    "#CCBB44",  # yellow
    "#66CCEE",  # cyan
    "#AA3377",  # purple
    "#BBBBBB",  # grey
)

# When more runs than colours are compared, the line style tells them apart.
LINE_STYLES: tuple[Qt.PenStyle, ...] = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotLine,
)


def _slot(run_id: str) -> int:
    # hashlib, not hash(): Python salts str hashes per process, and colours must
    # stay the same from one launch of the app to the next.
    digest = hashlib.sha1(run_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


def run_color(run_id: str) -> QColor:
    """The run's own colour, the same in every view and every session."""
    return QColor(PALETTE[_slot(run_id) % len(PALETTE)])


def distinct_styles(run_ids: Iterable[str]) -> dict[str, tuple[QColor, Qt.PenStyle]]:
    """A colour and line style for each run, distinct within this selection.

    Each run starts from its own hashed colour. Runs whose colour is already
    taken in the selection move to the next free palette colour (in a fixed
    order, so the same selection always looks the same); once every colour is
    used, the line style changes instead.
    """
    styles: dict[str, tuple[QColor, Qt.PenStyle]] = {}
    taken: set[tuple[int, int]] = set()
    for run_id in sorted(set(run_ids)):
        start = _slot(run_id) % len(PALETTE)
        for attempt in range(len(PALETTE) * len(LINE_STYLES)):
            colour = (start + attempt) % len(PALETTE)
            style = (attempt // len(PALETTE)) % len(LINE_STYLES)
            if (colour, style) not in taken:
                break
        taken.add((colour, style))
        styles[run_id] = (QColor(PALETTE[colour]), LINE_STYLES[style])
    return styles
